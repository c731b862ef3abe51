//! Legal moves. Candidates are generated cheaply (a superset), then each is
//! tried on a copy of the state: a move is listed exactly when `apply`
//! would accept it, so the REPL, the fuzzer and bots agree with the rules.
//! A title script failing while a move is tried is not a refusal of that
//! move: it is an error of the enumeration, shown with its file and line
//! (a move must never vanish because a script is broken).

use crate::game::rules::{Defined, as_list};
use crate::args;
use super::Engine;
use crate::game::action::{Action, DividendKind, LegalMove, ShareSource};
use crate::game::flow::{PendingKind, RoundData};
use crate::game::graph::city_stop;
use crate::game::ids::*;
use crate::game::ops::{Effects, GameError, GameResult};
use crate::game::trains::bank_offers;
use crate::game::var::Var;
use crate::title::schema::{Color, StepKind};
use std::collections::BTreeMap;

pub fn legal_moves(e: &mut Engine) -> GameResult<Vec<LegalMove>> {
    let cands = candidates(e)?;
    let mut out = Vec::new();
    for mv in cands {
        if accepts(e, &mv)? {
            out.push(mv);
        }
    }
    Ok(out)
}

/// Is passing the only move left: offered, and no other move accepted?
/// Stops at the first other move accepted, so it is much cheaper than
/// `legal_moves` when there is one. At a tile step the lays are tried as
/// they are found, after the other moves, instead of being listed first:
/// listing every lay was most of the cost (an existence check: the same
/// answer in any order). The pass itself is not tried: the caller passes
/// next, and applying it refuses it where it is not allowed (a trial
/// pass cost as much as the pass, a third of the importer's checks).
pub fn only_move_is_pass(e: &mut Engine) -> GameResult<bool> {
    let (cands, lays_left_out) = listing(e, Tiles::Left)?;
    let (passes, others): (Vec<LegalMove>, Vec<LegalMove>) = cands.into_iter().partition(|m| m.action == Action::Pass);
    if passes.is_empty() {
        return Ok(false);
    }
    for mv in &others {
        if accepts(e, mv)? {
            return Ok(false);
        }
    }
    if let Some(corp) = lays_left_out
        && each_tile_lay(e, corp, HexOrder::FreeFirst, |e, h, ti, plan| accepts(e, &lay_move(e, h, ti, plan)))?
    {
        return Ok(false);
    }
    Ok(true)
}

/// Would `apply` accept the move (at its lowest price, for ranges)? A
/// refusal is `Ok(false)`; a script fault is the error itself.
pub fn accepts(e: &mut Engine, mv: &LegalMove) -> GameResult<bool> {
    let mut st = e.st.clone();
    let mut fx = Effects::default();
    let mut probe = Engine::new(e.t, &mut st, &mut fx, e.rules);
    match probe.apply(&mv.action) {
        Ok(()) => Ok(true),
        Err(GameError::Script(message)) => Err(GameError::Script(format!("{message} (while trying `{}`)", mv.action))),
        Err(GameError::Refused(_) | GameError::Invalid(_)) => Ok(false),
    }
}

/// A superset of the legal moves.
pub fn candidates(e: &mut Engine) -> GameResult<Vec<LegalMove>> {
    Ok(listing(e, Tiles::Listed)?.0)
}

/// `candidates`, the tile lays of a tile step listed or left out; with
/// them the corporation whose lays were left out.
fn listing(e: &mut Engine, tiles: Tiles) -> GameResult<(Vec<LegalMove>, Option<CorpId>)> {
    if e.st.ended.is_some() {
        return Ok((Vec::new(), None));
    }
    if let Some(p) = e.st.flow.pending.last().cloned() {
        return Ok((pending_moves(e, &p.kind), None));
    }
    let round = e.st.flow.round.data.clone();
    let moves = match round {
        RoundData::Auction(a) => auction_moves(e, &a),
        RoundData::Stock(_) => stock_moves(e)?,
        RoundData::Operating(o) => match o.current {
            Some(c) => return operating_moves(e, c, tiles),
            None => Vec::new(),
        },
        RoundData::Script(_) => {
            let name = e.st.flow.round.name.clone();
            script_moves(e, Defined::Step, &name, Var::Bool(false))?
        }
        RoundData::None => Vec::new(),
    };
    Ok((moves, None))
}

fn pending_moves(e: &Engine, kind: &PendingKind) -> Vec<LegalMove> {
    match kind {
        PendingKind::DiscardTrain { corp } => e
            .st
            .trains_of(*corp)
            .into_iter()
            .map(|t| LegalMove::exact(Action::DiscardTrain { train: e.st.trains[t as usize].id.clone() }))
            .collect(),
        PendingKind::Par { corp, prices, .. } => prices
            .iter()
            .map(|p| LegalMove::exact(Action::Par { corp: e.st.corps[*corp].id.clone(), price: *p, extra: 0, home: None }))
            .collect(),
        PendingKind::Home { choices, .. } => choices
            .iter()
            .map(|(h, _)| LegalMove::exact(Action::Choose { choice: e.t.map.hexes[*h as usize].label.clone() }))
            .collect(),
        PendingKind::PresidentSwap { options, .. } => {
            (1..=options.len()).map(|i| LegalMove::exact(Action::Choose { choice: i.to_string() })).collect()
        }
        PendingKind::Choice { .. } | PendingKind::SaleConsent { .. } | PendingKind::TrainSaleConsent { .. } => {
            kind.choices().unwrap_or_default().into_iter().map(|choice| LegalMove::exact(Action::Choose { choice })).collect()
        }
        PendingKind::RaiseMoney { .. } => match e.st.flow.pending.last().map(|p| p.actor) {
            Some(Actor::Player(p)) => super::raise::raise_candidates(e, p).into_iter().map(LegalMove::exact).collect(),
            _ => Vec::new(),
        },
    }
}

fn auction_moves(e: &Engine, a: &crate::game::flow::AuctionRound) -> Vec<LegalMove> {
    let mut out = Vec::new();
    let p = a.current;
    if let Some(co) = a.resolving {
        let min = e.highest_bid(co).unwrap_or(0) + e.t.settings.min_raise;
        let own = a.bids.iter().find(|b| b.company == co && b.player == p).map_or(0, |b| b.price);
        let max = e.spendable(p) + own;
        if max >= min {
            out.push(LegalMove::ranged(Action::Bid { company: e.st.companies[co].id.clone(), price: min }, min, max));
        }
        out.push(LegalMove::exact(Action::Pass));
        return out;
    }
    let lots = e.unsold_lots();
    if let Some(&cheap) = lots.first() {
        out.push(LegalMove::exact(Action::BuyCompany { company: e.st.companies[cheap].id.clone(), price: None }));
    }
    for &co in lots.iter().skip(1) {
        let value = e.t.companies[e.st.companies[co].def].value;
        let min = value.max(e.highest_bid(co).unwrap_or(value)) + e.t.settings.min_raise;
        let max = e.spendable(p);
        if max >= min {
            out.push(LegalMove::ranged(Action::Bid { company: e.st.companies[co].id.clone(), price: min }, min, max));
        }
    }
    out.push(LegalMove::exact(Action::Pass));
    out
}

fn stock_moves(e: &mut Engine) -> GameResult<Vec<LegalMove>> {
    let mut out = Vec::new();
    let p = e.stock().current;
    for c in e.st.corp_ids() {
        let corp = &e.st.corps[c];
        if !corp.in_play {
            continue;
        }
        let id = corp.id.clone();
        if corp.started {
            out.extend(crate::game::shares::sale_candidates(e.st, c, p).into_iter().map(LegalMove::exact));
            let tags: Vec<Option<String>> = {
                let mut t: Vec<Option<String>> = corp.certs.iter().filter(|x| !x.president).map(|x| x.tag.clone()).collect();
                t.sort();
                t.dedup();
                t
            };
            // Investors holding some of it sell to players too (1865-R-049).
            let investors = e.t.investors.iter().enumerate().filter(|(i, _)| corp.certs.iter().any(|x| x.owner == CertOwner::Investor(InvestorId(*i as u8))));
            let sources: Vec<ShareSource> = [ShareSource::Treasury, ShareSource::Pool].into_iter().chain(investors.map(|(_, d)| ShareSource::Investor(d.id.clone()))).collect();
            for from in sources {
                for tag in &tags {
                    if buy_surely_refused(e, p, c, &from, tag.as_deref()) {
                        continue;
                    }
                    out.push(LegalMove::exact(Action::Buy { corp: id.clone(), from: from.clone(), tag: tag.clone(), cert: None }));
                }
            }
        } else if corp.certs.iter().any(|x| x.president && x.owner == CertOwner::Pool) {
            // A president's certificate waiting in the pool (1844 A-31).
            out.push(LegalMove::exact(Action::Buy { corp: id.clone(), from: ShareSource::Pool, tag: None, cert: None }));
        }
    }
    let startable = e.startable(p)?;
    let pname = e.st.players[p as usize].name.clone();
    let cash = e.st.players[p as usize].cash;
    for c in startable {
        let id = e.st.corps[c].id.clone();
        // Left out, being sure refusals (every candidate is tried on a copy
        // of the state, and a stock turn can list dozens of starts): the
        // corporations the title's `can_start` refuses whatever the price
        // (`par` asks it with the same question before anything else
        // changes), and the prices at which the president's certificate
        // alone costs more than the player has (`start_corp`).
        // tests/legal_moves.rs tries every start left out.
        // Without a `par_prices` hook the prices are the phase's, read
        // before the title's `can_start` (a script call per corporation):
        // a start the player cannot pay at any price is left out unasked.
        let early = if e.rules.has_hook("par_prices") { None } else { Some(affordable_pars(e, c, cash)?) };
        if early.as_ref().is_some_and(Vec::is_empty) || starting_refused(e, &pname, &id) {
            continue;
        }
        let prices = match early {
            Some(prices) => prices,
            None => affordable_pars(e, c, cash)?,
        };
        let mut homes: Vec<Option<String>> = vec![None];
        if e.t.corporations[e.st.corps[c].def].chooses_home() {
            homes.extend(e.ops().home_choices(c).iter().map(|(h, _)| Some(e.t.map.hexes[*h as usize].label.clone())));
        }
        for price in prices {
            for extra in 0..=e.t.settings.par_extra_certs {
                for home in &homes {
                    out.push(LegalMove::exact(Action::Par { corp: id.clone(), price, extra, home: home.clone() }));
                }
            }
        }
    }
    for co in e.st.companies.iter() {
        let def = &e.t.companies[co.def];
        // Left out, as above: the companies dearer than the player's cash.
        if co.owner == CompanyOwner::Bank && !def.auctioned && def.value <= cash {
            out.push(LegalMove::exact(Action::BuyCompany { company: co.id.clone(), price: None }));
        }
    }
    // Abilities a player may use in a stock turn.
    out.extend(e.ability_moves(Actor::Player(p))?);
    out.push(LegalMove::exact(Action::Pass));
    Ok(out)
}

/// Is buying a certificate of `c` from `from` (with `tag`) refused
/// whatever the title says: no such certificate there, or one dearer than
/// the player's cash (`buy_share` refuses both, after asking the title's
/// scripts for the reason they give). Left out of the moves without a
/// trial: a player short of money has dozens of them in a stock turn. An
/// investor's price is the title's (`investor_sale_price`), so those stay.
fn buy_surely_refused(e: &Engine, p: PlayerId, c: CorpId, from: &ShareSource, tag: Option<&str>) -> bool {
    let owner = match from {
        ShareSource::Treasury => CertOwner::Treasury,
        ShareSource::Pool => CertOwner::Pool,
        ShareSource::Investor(_) => return false,
    };
    match e.offered_cert(c, owner, tag, None) {
        None => true,
        Some(cert) => e.cert_price(c, owner, cert) > e.st.players[p as usize].cash,
    }
}

/// The par prices of `c` at which its president's certificate costs at
/// most `cash`.
fn affordable_pars(e: &mut Engine, c: CorpId, cash: i64) -> GameResult<Vec<i64>> {
    let pres_pct = e.st.corps[c].certs.iter().find(|x| x.president).map_or(0, |x| x.percent as i64);
    let mut prices = e.par_prices(c)?;
    prices.retain(|&price| crate::game::shares::worth(e.t, e.st, c, price, pres_pct) <= cash);
    Ok(prices)
}

/// Does the title's `can_start` hook refuse `player` starting `corp` now?
/// Asked on a copy, as `accepts` would.
fn starting_refused(e: &Engine, player: &str, corp: &str) -> bool {
    let mut st = e.st.clone();
    let mut fx = Effects::default();
    e.rules.check("can_start", &mut st, &mut fx, args![player.to_string(), corp.to_string()]).is_err()
}

/// Whether `operating_moves` lists the tile lays of a tile step.
#[derive(Clone, Copy, PartialEq)]
enum Tiles {
    Listed,
    /// Left out (`only_move_is_pass` tries them as they are found).
    Left,
}

/// The corporation's moves, and itself when its tile lays were left out.
fn operating_moves(e: &mut Engine, corp: CorpId, tiles: Tiles) -> GameResult<(Vec<LegalMove>, Option<CorpId>)> {
    let mut out = Vec::new();
    // Any time: buying companies from players, abilities.
    // Left out without asking the title's price range: what the data
    // alone bars (the phase, a kind that owns no companies, a company no
    // corporation may buy: 1844's tunnel and mountain railway companies,
    //
    if e.anytime_steps().iter().any(|s| e.step_kind(s) == StepKind::BuyCompany) {
        for co in e.st.company_ids() {
            if matches!(e.st.companies[co].owner, CompanyOwner::Player(_)) && e.company_purchase_barred(corp, co).is_none() {
                let (min, max) = e.company_price_range(corp, co)?;
                let max = max.min(e.st.corps[corp].cash);
                if max >= min {
                    out.push(LegalMove::ranged(Action::BuyCompany { company: e.st.companies[co].id.clone(), price: Some(min) }, min, max));
                }
            }
        }
    }
    out.extend(e.ability_moves(Actor::Corp(corp))?);
    let Some(step) = e.current_step() else {
        out.push(LegalMove::exact(Action::Pass));
        return Ok((out, None));
    };
    let kind = e.step_kind(step);
    let mut lays_left_out = None;
    match kind {
        StepKind::LayTile if tiles == Tiles::Listed => out.extend(tile_moves(e, corp)),
        StepKind::LayTile => lays_left_out = Some(corp),
        StepKind::PlaceToken => out.extend(token_moves(e, corp)),
        StepKind::RunRoutes => out.push(LegalMove::exact(Action::Run { routes: Vec::new() })),
        StepKind::Dividend => {
            let allowed = |k: &str| crate::game::corp_state::allows_dividend(e.t, e.st, corp, k);
            if allowed("payout") {
                out.push(LegalMove::exact(Action::Dividend { kind: DividendKind::Payout }));
            }
            if allowed("withhold") {
                out.push(LegalMove::exact(Action::Dividend { kind: DividendKind::Withhold }));
            }
            if e.t.settings.half_dividend && allowed("half") {
                out.push(LegalMove::exact(Action::Dividend { kind: DividendKind::Half }));
            }
        }
        StepKind::BuyTrain => {
            let mut seen = Vec::new();
            for o in bank_offers(e.t, e.st) {
                let v = e.t.trains[o.class as usize].variants[o.variant as usize].name.clone();
                let key = (v.clone(), o.pool_train.is_some());
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                let train = match o.pool_train {
                    Some(t) => e.st.trains[t as usize].id.clone(),
                    None => v.clone(),
                };
                let variant = if e.t.trains[o.class as usize].variants.len() > 1 { Some(v) } else { None };
                out.push(LegalMove::exact(Action::BuyTrain { train, variant, price: None }));
            }
            let cash = e.st.corps[corp].cash;
            if cash >= 1 {
                for t in &e.st.trains {
                    if let TrainOwner::Corp(o) = t.owner
                        && o != corp
                    {
                        // At the printed price where the title fixes it
                        // (1844-R-142: between different presidents).
                        let face = e.t.settings.train_trade_price.at_face(e.st.president(corp) == e.st.president(o));
                        let action = |price| Action::BuyTrain { train: t.id.clone(), variant: None, price: Some(price) };
                        if face {
                            out.push(LegalMove::exact(action(e.t.trains[t.class as usize].variants[t.variant as usize].price)));
                        } else {
                            out.push(LegalMove::ranged(action(1), 1, cash));
                        }
                    }
                }
            }
            if let Some(pres) = e.st.president(corp) {
                for c in e.st.corp_ids() {
                    let held = e.st.percent(c, CertOwner::Player(pres));
                    let unit = crate::game::shares::sell_unit(e.st, c);
                    let mut pct = unit;
                    while pct <= held {
                        out.push(LegalMove::exact(Action::Sell { corp: e.st.corps[c].id.clone(), percent: pct, certs: None, tag: None }));
                        pct += unit;
                    }
                }
            }
        }
        StepKind::IssueShares => {
            let n = e.st.corps[corp].certs.iter().filter(|c| c.owner == CertOwner::Treasury && !c.president).count() as u32;
            for k in 1..=n {
                out.push(LegalMove::exact(Action::Issue { count: k, certs: None }));
            }
            out.push(LegalMove::exact(Action::Redeem { cert: None }));
        }
        StepKind::Script => {
            let id = e.st.corps[corp].id.clone();
            out.extend(script_moves(e, Defined::Step, step, Var::Str(id))?);
        }
        _ => {}
    }
    out.push(LegalMove::exact(Action::Pass));
    Ok((out, lays_left_out))
}

/// Tile lays: hexes the network reaches (or with an own token), every
/// tile and rotation the board allows there.
pub(super) fn tile_moves(e: &mut Engine, corp: CorpId) -> Vec<LegalMove> {
    let mut out = Vec::new();
    let _ = each_tile_lay(e, corp, HexOrder::ById, |e, h, ti, plan| {
        out.push(lay_move(e, h, ti, plan));
        Ok(false)
    });
    out
}

fn lay_move(e: &Engine, h: HexId, ti: u16, plan: &crate::game::board::LayPlan) -> LegalMove {
    LegalMove::exact(Action::LayTile { hex: e.t.map.hexes[h as usize].label.clone(), tile: e.t.tiles[ti as usize].name.clone(), rotation: plan.fit.rotation })
}

/// The order `each_tile_lay` visits hexes in.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum HexOrder {
    /// By hex id: the order of the legal moves listed.
    ById,
    /// Hexes without a terrain cost first, each part by id: for a search
    /// that stops at the first lay it accepts and asks the title's
    /// `terrain_cost` hook only where a cost is printed (its guard), so
    /// the answer comes without a script call while a free hex will do.
    FreeFirst,
}

/// Calls `f` with each tile lay that extends the corporation's network
/// (hex, tile, plan), in `order` then tile order, until `f` returns true.
/// Whether it did.
pub(super) fn each_tile_lay(
    e: &mut Engine,
    corp: CorpId,
    order: HexOrder,
    mut f: impl FnMut(&mut Engine, HexId, u16, &crate::game::board::LayPlan) -> GameResult<bool>,
) -> GameResult<bool> {
    let net = crate::game::network::network(e.t, e.st, corp);
    let r = &net.reach;
    let gauge_rule = e.t.route_rules.gauge_changes_at_stops_only;
    let colours: Vec<Color> = e.t.phases[e.st.phase].tiles.clone();
    let mut hexes: Vec<HexId> = r.edge_hexes().collect();
    for (h, hs) in e.st.board.hexes.iter().enumerate() {
        if hs.tokens.iter().flatten().any(|s| *s == Some(corp)) {
            hexes.push(h as HexId);
        }
    }
    // Hexes where the title lifts the connection rule (1849 P4).
    let unconnected: Vec<HexId> = e.relaxed_hexes(corp).map(|r| r.lay).unwrap_or_default();
    hexes.extend(unconnected.iter().copied());
    hexes.sort();
    hexes.dedup();
    if order == HexOrder::FreeFirst {
        // Stable: each part keeps the id order.
        hexes.sort_by_key(|h| e.t.map.hexes[*h as usize].cost > 0);
    }
    for h in hexes {
        // What `lay_options` would refuse first, cheaply (this runs at
        // every operating turn, over the replacements of every hex): a
        // hex closed to every tile, then per tile its colour and supply.
        if e.ops().hex_closed(h) {
            continue;
        }
        // A yellow tile on a hex with one of its tokens needs no connection.
        let old = crate::game::graph::tile_on(e.t, e.st, h);
        let upgrade = old.color != Color::White;
        let own = unconnected.contains(&h) || (!upgrade && e.st.board.hexes[h as usize].tokens.iter().flatten().any(|s| *s == Some(corp)));
        for &ti in e.t.replacements.on(h as usize, e.st.board.hexes[h as usize].tile) {
            let (ti, tile) = (ti as usize, &e.t.tiles[ti as usize]);
            if tile.hidden || !colours.contains(&tile.color) || e.st.board.supply[ti] == 0 {
                continue;
            }
            let ops = crate::game::ops::Ops { t: e.t, st: e.st, fx: e.fx };
            let plans = ops.listed_lay_options(h, ti as u16);
            for plan in plans {
                // Connection against the reach computed once.
                if (own || crate::game::board::lay_connects(e.t, e.st, &net, h, tile, &plan.fit, gauge_rule)) && f(e, h, ti as u16, &plan)? {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

pub(super) fn token_moves(e: &mut Engine, corp: CorpId) -> Vec<LegalMove> {
    let mut out = Vec::new();
    let net = crate::game::network::network(e.t, e.st, corp);
    let (bg, r) = (net.graph(), &net.reach);
    let relaxed: Vec<HexId> = e.relaxed_hexes(corp).map(|r| r.token).unwrap_or_default();
    for (i, reached) in r.stops.iter().enumerate() {
        if !reached && !relaxed.contains(&bg.stop_at[i].0) {
            continue;
        }
        let (h, s) = bg.stop_at[i];
        let tile = crate::game::graph::tile_on(e.t, e.st, h);
        if !tile.stops[s as usize].station() {
            continue;
        }
        let city = tile.stops[..s as usize].iter().filter(|x| x.station()).count() as u8;
        if city_stop(e.t, e.st, h, city) == Some(s) {
            out.push(LegalMove::exact(Action::PlaceToken { hex: e.t.map.hexes[h as usize].label.clone(), city }));
        }
    }
    out
}

/// Actions a script step or ability offers: its `actions(game, entity)`
/// returns a list of `{ name = ..., args = { ... } }`, with `range = { lo,
/// hi }` when the `price` argument may be any amount from lo to hi.
pub(super) fn script_moves(e: &mut Engine, kind: Defined, name: &str, entity: Var) -> GameResult<Vec<LegalMove>> {
    let Some(answer) = e.rules.call(kind, name, "actions", e.st, e.fx, args![entity])? else { return Ok(Vec::new()) };
    let kind = kind.name();
    let wrong = |what: &str| GameError::Script(format!("script error in {}: each move must be a table {{ name = ..., args = {{...}}, max = n, range = {{lo, hi}} }}; {what}", answer.from()));
    let mut out = Vec::new();
    for item in answer.list(0)?.unwrap_or_default() {
        let Var::Map(t) = item else { return Err(wrong("one is not a table")) };
        let act = match t.get("name") {
            None => name.to_string(),
            Some(Var::Str(s)) => s.clone(),
            Some(_) => return Err(wrong("a `name` is not a string")),
        };
        let args: BTreeMap<String, Var> = match t.get("args") {
            None => BTreeMap::new(),
            Some(Var::Map(m)) => m.clone(),
            Some(v) if as_list(v).is_some_and(|l| l.is_empty()) => BTreeMap::new(),
            Some(_) => return Err(wrong("an `args` is not a table with named values")),
        };
        let max = match t.get("max") {
            None => None,
            Some(Var::Int(m)) => Some(*m),
            Some(_) => return Err(wrong("a `max` is not a whole number")),
        };
        // `range = { lo, hi }`: the `price` argument may be any amount in it.
        let range = match t.get("range") {
            None => None,
            Some(v) => match as_list(v).as_deref() {
                Some([Var::Int(lo), Var::Int(hi)]) => Some(vec![*lo, *hi]).filter(|r| r[0] <= r[1]),
                _ => return Err(wrong("a `range` is not two whole numbers")),
            },
        };
        if let Some(r) = &range
            && (r[0] < -crate::limits::MAX_AMOUNT || r[1] > crate::limits::MAX_AMOUNT)
        {
            return Err(crate::game::ops::GameError::Script(format!(
                "script error in {kind} '{name}' (actions): the range {} to {} of `{act}` goes beyond the {} an amount may be (limits::MAX_AMOUNT)",
                r[0],
                r[1],
                crate::limits::MAX_AMOUNT
            )));
        }
        let mut args = args;
        if let Some(r) = &range {
            args.insert("price".into(), Var::Int(r[0]));
        }
        // Script rounds may offer the native `pass` and `bid`.
        let action = match (act.as_str(), args.get("company"), args.get("price")) {
            ("pass", _, _) => Action::Pass,
            ("bid", Some(Var::Str(c)), Some(Var::Int(p))) => Action::Bid { company: c.clone(), price: *p },
            _ => Action::Script { name: act, args },
        };
        let min = match &action {
            Action::Bid { price, .. } => *price,
            _ => 0,
        };
        out.push(match (range, max) {
            (Some(r), _) => LegalMove::ranged(action, r[0], r[1]),
            (None, Some(m)) if m >= min => LegalMove::ranged(action, min, m),
            _ => LegalMove::exact(action),
        });
    }
    Ok(out)
}

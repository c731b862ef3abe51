//! Where the game stands: round, phase, bank, who acts, the step and
//! what it expects; the banner that starts a session.

use super::super::{Invocation, Reply, Session};
use super::names;
use super::prompt::{actor_label, current_step, doing, prompt, round_label};
use crate::game::Game;
use crate::game::flow::{PendingKind, RoundData};
use crate::game::ids::{Actor, CorpId};
use serde_json::{Value, json};
use crate::game::refusals::RuleKey;
use crate::args;
use crate::game::rules::{Defined, MaybeAnswer, TitleRules};

/// In words, what the game waits for.
fn expects(g: &Game) -> String {
    let st = &g.state;
    if let Some(p) = st.flow.pending.last() {
        let corp = |c: &CorpId| st.corps[*c].id.clone();
        return match &p.kind {
            PendingKind::DiscardTrain { corp: c } => format!("{} is over its train limit: `discard TRAIN`", corp(c)),
            PendingKind::Par { corp: c, prices, .. } => {
                let list: Vec<String> = prices.iter().map(|x| x.to_string()).collect();
                format!("choose the par price of {}: `par {} PRICE` ({})", corp(c), corp(c), list.join(", "))
            }
            PendingKind::Home { corp: c, choices } => {
                let list: Vec<String> = choices.iter().map(|(h, _)| g.title.map.hexes[*h as usize].title()).collect();
                format!("choose the home city of {}: `choose HEX` ({})", corp(c), list.join(", "))
            }
            PendingKind::PresidentSwap { options, .. } => format!("choose which certificates you receive: `choose 1`..`choose {}`", options.len()),
            PendingKind::Choice { prompt, choices, .. } => format!("{prompt}: `choose X` ({})", choices.join(", ")),
            PendingKind::RaiseMoney { amount, .. } => format!("raise {} by selling shares: `sell CORP N`", g.title.money(*amount)),
            PendingKind::SaleConsent { corp: c, company, price } => format!(
                "{} offers {} for {}{}: `choose accept` or `choose refuse`",
                corp(c),
                g.title.money(*price),
                st.companies[*company].id,
                g.title.rule_note(RuleKey::CompanyConsent)
            ),
            PendingKind::TrainSaleConsent { corp: c, seller, train, price } => format!(
                "{} offers {} for {}'s train {}{}: `choose accept` or `choose refuse`",
                corp(c),
                g.title.money(*price),
                corp(seller),
                st.trains[*train as usize].id,
                g.title.rule_note(RuleKey::TrainConsent)
            ),
        };
    }
    match &st.flow.round.data {
        RoundData::Auction(a) => match a.resolving {
            Some(co) => format!("bidders settle {}: raise (`bid {} PRICE`) or `pass`", st.companies[co].id, st.companies[co].id),
            None => "buy the cheapest company (`buy ID`), bid on another (`bid ID PRICE`), or `pass`".to_string(),
        },
        RoundData::Stock(_) => "buy a share (`buy CORP`), sell (`sell CORP N`), start a corporation (`par CORP PRICE`), or `pass`".to_string(),
        RoundData::Operating(_) if current_step(g).is_none() => "every step is done: buy a company from a player (`buy ID PRICE`), or `pass` to end the turn".to_string(),
        RoundData::Operating(o) => {
            let step = current_step(g).unwrap_or_default();
            use crate::title::schema::StepKind;
            match g.title.flow.step_kind(&step) {
                Some(StepKind::LayTile) => "lay a tile (`lay HEX TILE ROTATION`) or `pass`".to_string(),
                Some(StepKind::PlaceToken) => "place a station token (`token HEX`) or `pass`".to_string(),
                Some(StepKind::RunRoutes) => "run the trains (`run auto` takes the best routes; `routes` shows them)".to_string(),
                Some(StepKind::Dividend) => format!("revenue {}: `payout` or `withhold`", g.title.money(o.turn.revenue.unwrap_or(0))),
                Some(StepKind::BuyTrain) => "buy a train (`train NAME`, see `trains`) or `pass`".to_string(),
                Some(StepKind::IssueShares) => "issue (`issue N`) or redeem (`redeem`) shares, or `pass`".to_string(),
                _ => g.title.flow.step(&step).map(|s| s.description.clone()).filter(|d| !d.is_empty()).unwrap_or_else(|| format!("the {} step (see `moves`)", step.replace('_', " "))),
            }
        }
        RoundData::Script(_) => format!("the {} round (see `moves`)", st.flow.round.name.replace('_', " ")),
        RoundData::None => "nothing".to_string(),
    }
}

/// The status as JSON (also sent after every action).
pub fn status_json(g: &Game) -> Value {
    let st = &g.state;
    let (short, long) = round_label(g);
    let actor = g.current_actor().map(|a| match a {
        Actor::Player(p) => json!({ "player": st.players[p as usize].name }),
        Actor::Corp(c) => json!({
            "corporation": st.corps[c].id,
            "president": st.president(c).map(|p| st.players[p as usize].name.clone()),
        }),
    });
    let ended = st.ended.as_ref().map(|e| {
        let values: serde_json::Map<String, Value> = st.players.iter().zip(&e.values).map(|(p, v)| (p.name.clone(), json!(v))).collect();
        let winners: Vec<&str> = e.winners().into_iter().map(|i| st.players[i].name.as_str()).collect();
        json!({ "reason": e.reason, "values": values, "winners": winners })
    });
    json!({
        "round": { "name": st.flow.round.name, "label": short, "long": long },
        "phase": g.title.phases[st.phase].name,
        "bank": st.bank,
        "priority": st.players.get(st.priority as usize).map(|p| p.name.clone()),
        "actor": actor,
        "step": current_step(g),
        "expects": if g.is_over() { Value::Null } else { json!(expects(g)) },
        "prompt": prompt(g),
        "actions": g.actions.len(),
        "game_over": ended,
    })
}

pub fn run(s: &mut Session, _inv: &Invocation) -> Reply {
    let moves = s.legal_moves();
    let g = &s.game;
    let st = &g.state;
    // Once the game is over the round counters no longer say anything.
    let (_, long) = if g.is_over() { (String::new(), "game over".to_string()) } else { round_label(g) };
    // A broken bank keeps paying (1849-R-178): what it owes shows as a
    // negative balance, said in words so it does not read as a bug.
    let bank = if st.bank < 0 {
        format!("broken (paid {} more than it held)", g.title.money(-st.bank))
    } else {
        g.title.money(st.bank)
    };
    let mut text = format!("{} · phase {} · bank {bank}", long, g.title.phases[st.phase].name);
    if let Some(e) = &st.ended {
        text.push_str(&format!("\nthe game ended ({}); final values:", e.reason.replace('_', " ")));
        let mut ranked: Vec<(&String, i64)> = st.players.iter().map(|p| &p.name).zip(e.values.iter().copied()).collect();
        ranked.sort_by_key(|(_, v)| std::cmp::Reverse(*v));
        for (name, v) in ranked {
            text.push_str(&format!("\n  {name} {}", g.title.money(v)));
        }
        let winners: Vec<&str> = e.winners().into_iter().map(|i| st.players[i].name.as_str()).collect();
        match winners.as_slice() {
            [one] => text.push_str(&format!("\n{one} wins")),
            many => text.push_str(&format!("\n{} share the victory", many.join(", "))),
        }
    } else if let Some(a) = g.current_actor() {
        let who = match a {
            Actor::Player(p) => {
                let pl = &st.players[p as usize];
                let certs = g.cert_count(p).unwrap_or_else(|_| crate::game::shares::cert_count(&g.title, st, p));
                format!("{} to act (cash {}, {certs}/{} certificates)", pl.name, g.title.money(pl.cash), st.cert_limit)
            }
            Actor::Corp(c) => {
                let corp = &st.corps[c];
                format!("{} operates (treasury {}, trains: {})", actor_label(g, a), g.title.money(corp.cash), names::trains_of(g, c))
            }
        };
        text.push_str(&format!("\n{who}"));
        if let Some(step) = doing(g) {
            text.push_str(&format!(" — {step}"));
        }
        text.push_str(&format!("\n  {}", expects(g)));
        for line in script_step_status(g) {
            text.push_str(&format!("\n  {line}"));
        }
        if let RoundData::Auction(a) = &st.flow.round.data {
            text.push_str(&auction_lines(g, a));
        }
    }
    let mut data = status_json(g);
    match &moves {
        Ok(list) if !g.is_over() => {
            let mut words: Vec<String> = list.iter().map(|m| m.action.to_string().split(' ').next().unwrap_or("").to_string()).collect();
            words.dedup();
            let mut unique: Vec<String> = Vec::new();
            for w in words {
                if !unique.contains(&w) {
                    unique.push(w);
                }
            }
            text.push_str(&format!("\n  possible now: {}", unique.join(", ")));
            data["possible"] = json!(unique);
        }
        Ok(_) => {}
        Err(e) => text.push_str(&format!("\n  (the legal moves cannot be listed: {e})")),
    }
    if let Some(p) = st.players.get(st.priority as usize)
        && !g.is_over()
    {
        text.push_str(&format!("\npriority deal: {}", p.name));
    }
    Reply::ok("status", text, data)
}

/// The companies still for sale in the auction, with their bids.
fn auction_lines(g: &Game, a: &crate::game::flow::AuctionRound) -> String {
    let mut out = String::new();
    let unsold: Vec<_> = g.state.companies.iter_enumerated().filter(|(_, c)| c.owner == crate::game::ids::CompanyOwner::Bank && g.title.companies[c.def].auctioned).collect();
    // Only the first company of the sale gets cheaper (1849-R-057), and
    // only while it is unsold: once it is gone the others cost their face
    // value, as the engine charges (`Engine::lot_price`).
    let first_lot = g.state.companies.position(|c| g.title.companies[c.def].auctioned);
    for (ci, c) in unsold.iter() {
        let value = g.title.companies[c.def].value;
        let price = if Some(*ci) == first_lot && a.discount > 0 {
            format!("{} (face value {} less {})", g.title.money((value - a.discount).max(0)), g.title.money(value), g.title.money(a.discount))
        } else {
            g.title.money(value)
        };
        let bids: Vec<String> = a.bids.iter().filter(|b| b.company == *ci).map(|b| format!("{} {}", g.state.players[b.player as usize].name, g.title.money(b.price))).collect();
        out.push_str(&format!("\n  {} {}{}", c.id, price, if bids.is_empty() { String::new() } else { format!(" · bids: {}", bids.join(", ")) }));
    }
    out
}

pub fn banner(g: &Game) -> Reply {
    let players: Vec<&str> = g.state.players.iter().map(|p| p.name.as_str()).collect();
    let options: Vec<&String> = g.title.selected.iter().filter(|(_, on)| **on).map(|(k, _)| k).collect();
    let mut text = format!("railhead play — {}\nplayers: {} · seed {}", g.title.meta.name, players.join(", "), g.setup.seed);
    if !options.is_empty() {
        text.push_str(&format!(" · options: {}", options.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")));
    }
    if !g.actions.is_empty() {
        text.push_str(&format!("\nloaded after {} actions", g.actions.len()));
    }
    text.push_str("\n`help` lists the commands, `moves` what you can do now, `status` where the game stands; TAB completes.");
    let data = json!({
        "title": g.title.meta.id,
        "name": g.title.meta.name,
        "players": players,
        "seed": g.setup.seed,
        "options": options,
        "status": status_json(g),
    });
    Reply::ok("banner", text, data)
}

/// Lines a title's script step says about itself (`status` in its spec,
/// docs/lua-api.md): the 1844 auction's lot, high bid and bidder. Asked on
/// a copy of the state, within a query's budget; a failing script gives a
/// line saying so rather than no status.
pub fn script_step_status(g: &Game) -> Vec<String> {
    /// Lines shown at most, whatever a script returns.
    const MAX_LINES: usize = 20;
    let step = match &g.state.flow.round.data {
        RoundData::Script(_) => g.state.flow.round.name.clone(),
        RoundData::Operating(_) => match super::prompt::current_step(g) {
            Some(s) => s,
            None => return Vec::new(),
        },
        _ => return Vec::new(),
    };
    if !g.host.has_step(&step) {
        return Vec::new();
    }
    let who = g.current_actor().map(|a| g.actor_name(a)).unwrap_or_default();
    let mut st = g.state.clone();
    let mut fx = crate::game::ops::Effects::default();
    g.host.begin_query();
    match g.host.call(Defined::Step, &step, "status", &mut st, &mut fx, args![who]).and_then(|a| a.strings(0)) {
        Ok(Some(lines)) => lines.into_iter().take(MAX_LINES).collect(),
        Ok(_) => Vec::new(),
        Err(e) => vec![format!("(the step's status failed: {e})")],
    }
}

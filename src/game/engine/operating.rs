//! Operating rounds: each floated corporation takes a turn, in market-value
//! order, running through the round's steps (tile, token, run, dividend,
//! trains, finance, and any the title defines in Lua).

use super::{Engine, LuaVar};
use crate::game::action::{Action, DividendKind};
use crate::game::board::LayRules;
use crate::game::flow::{OperatingRound, Pending, PendingKind, RoundData};
use crate::game::graph::city_stop;
use crate::game::ids::*;
use crate::game::market::{Dir, price_of, value_order};
use crate::game::ops::{GameError, GameResult, Refusal};
use crate::game::state::EndTrigger;
use crate::game::trains::{bank_offers, train_limit};
use crate::game::var::Var;
use crate::title::schema::Capitalization;

/// Hexes where the network rule is lifted (see `relaxed_hexes`).
#[derive(Clone, Debug, Default)]
pub struct Relaxed {
    pub lay: Vec<HexId>,
    pub token: Vec<HexId>,
}

impl Engine<'_> {
    pub(super) fn or(&self) -> &OperatingRound {
        match &self.st.flow.round.data {
            RoundData::Operating(o) => o,
            _ => unreachable!("operating state outside an operating round"),
        }
    }

    pub(super) fn or_mut(&mut self) -> &mut OperatingRound {
        match &mut self.st.flow.round.data {
            RoundData::Operating(o) => o,
            _ => unreachable!("operating state outside an operating round"),
        }
    }

    /// The steps of the current round, in order.
    pub(super) fn steps(&self) -> Vec<String> {
        self.t.flow.round(&self.st.flow.round.name).map(|r| r.steps.clone()).unwrap_or_default()
    }

    pub(super) fn anytime_steps(&self) -> Vec<String> {
        self.t.flow.round(&self.st.flow.round.name).map(|r| r.anytime.clone()).unwrap_or_default()
    }

    pub(super) fn step_kind(&self, name: &str) -> String {
        self.t.flow.step_kind(name).unwrap_or(name).to_string()
    }

    pub(super) fn current_step(&self) -> Option<String> {
        let steps = self.steps();
        steps.get(self.or().step).cloned()
    }

    /// The next corporation to operate: not yet done, by market value
    /// (re-evaluated before each turn, or fixed when the round starts).
    fn next_operator(&mut self) -> GameResult<Option<CorpId>> {
        let done = self.or().done.clone();
        let eligible = |st: &crate::game::state::GameState, c: CorpId| {
            let x = &st.corps[c as usize];
            // Without a president nobody can run it (1844's SBB, A-31).
            x.in_play && x.floated && !x.closed && x.price.is_some() && st.president(c).is_some()
        };
        if self.t.settings.operating_order == "fixed" {
            if self.or().order.is_none() {
                let mut order: Vec<CorpId> = (0..self.st.corps.len() as CorpId).filter(|c| eligible(self.st, *c)).collect();
                order.sort_by(|a, b| value_order(self.t, self.st, *a, *b));
                self.or_mut().order = Some(order);
            }
            let order = self.or().order.clone().unwrap_or_default();
            return Ok(order.into_iter().find(|c| !done.contains(c) && eligible(self.st, *c)));
        }
        let mut order: Vec<CorpId> = (0..self.st.corps.len() as CorpId).filter(|c| eligible(self.st, *c) && !done.contains(c)).collect();
        order.sort_by(|a, b| value_order(self.t, self.st, *a, *b));
        let ids: Vec<String> = order.iter().map(|c| self.st.corps[*c as usize].id.clone()).collect();
        if let Some(list) = self.host.call_hook::<_, Vec<String>>("operating_order", self.st, self.fx, ids)? {
            return Ok(list.first().and_then(|id| self.st.corp_index(id)).filter(|c| !done.contains(c)));
        }
        Ok(order.first().copied())
    }

    pub(super) fn operating_progress(&mut self) -> GameResult<bool> {
        let Some(corp) = self.or().current else {
            // Start the next turn, or end the round.
            match self.next_operator()? {
                Some(c) => {
                    self.start_turn(c)?;
                    return Ok(true);
                }
                None => {
                    self.fx.event("round_ended", &[("round", Var::Str(self.st.flow.round.name.clone()))]);
                    self.dispatch()?;
                    self.next_round()?;
                    return Ok(true);
                }
            }
        };
        if self.st.corps[corp as usize].closed {
            self.end_turn(corp)?;
            return Ok(true);
        }
        let steps = self.steps();
        let i = self.or().step;
        if i >= steps.len() {
            // Any-time actions still possible: the president ends the turn.
            if self.or().turn.done_steps.contains("end_of_turn") || !self.anytime_possible(corp)? {
                self.end_turn(corp)?;
                return Ok(true);
            }
            return Ok(false);
        }
        let step = steps[i].clone();
        if self.or().turn.done_steps.contains(&step) || self.step_skips(corp, &step)? {
            self.or_mut().step += 1;
            return Ok(true);
        }
        Ok(false)
    }

    fn start_turn(&mut self, corp: CorpId) -> GameResult<()> {
        let or = self.or_mut();
        or.current = Some(corp);
        or.step = 0;
        or.turn = Default::default();
        let id = self.st.corps[corp as usize].id.clone();
        let pres = self.st.president(corp).map(|p| self.st.players[p as usize].name.clone()).unwrap_or_default();
        self.fx.log.push(format!("{id} operates (president {pres}, {} in treasury)", self.t.money(self.st.corps[corp as usize].cash)));
        if self.t.settings.home_token == "first_turn" && self.st.corps[corp as usize].operated == 0 {
            self.ops().place_home(corp)?;
        }
        self.fx.event("turn_started", &[("corp", Var::Str(id))]);
        Ok(())
    }

    fn end_turn(&mut self, corp: CorpId) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        if !self.st.corps[corp as usize].closed {
            self.st.corps[corp as usize].operated += 1;
        }
        let or = self.or_mut();
        or.done.push(corp);
        or.current = None;
        or.step = 0;
        or.turn = Default::default();
        self.fx.event("turn_ended", &[("corp", Var::Str(id))]);
        self.dispatch()?;
        let end = match &self.st.end_trigger {
            Some(EndTrigger::AfterTurnOf { corp: c, reason }) if *c == corp => Some(reason.clone()),
            Some(EndTrigger::AfterFirstFlaggedTurn { reason }) if self.st.corps[corp as usize].reached_end => Some(reason.clone()),
            _ => None,
        };
        if let Some(reason) = end {
            self.finish(&reason)?;
        }
        Ok(())
    }

    /// Steps with nothing to do are skipped without a pass.
    fn step_skips(&mut self, corp: CorpId, step: &str) -> GameResult<bool> {
        let kind = self.step_kind(step);
        let trains = self.st.trains_of(corp);
        Ok(match kind.as_str() {
            "run_routes" => {
                if trains.is_empty() || !super::run::has_route(self.t, self.st, corp) {
                    self.or_mut().turn.revenue = Some(0);
                    true
                } else {
                    false
                }
            }
            "dividend" => {
                if self.or().turn.revenue.unwrap_or(0) == 0 {
                    let id = self.st.corps[corp as usize].id.clone();
                    let why = if trains.is_empty() { "has no train" } else if self.or().turn.routes.is_empty() { "has no route" } else { "earns nothing" };
                    self.fx.log.push(format!("{id} {why} and pays no dividend"));
                    // No revenue: nothing to pay; the price moves as for a withhold.
                    self.apply_dividend(corp, DividendKind::Withhold, 0)?;
                    true
                } else {
                    false
                }
            }
            "place_token" => !self.can_place_any_token(corp)?,
            "lay_tile" => !self.can_lay_any_tile(corp)?,
            "buy_train" => !self.can_buy_any_train(corp)?,
            "issue_shares" => !self.can_issue_or_redeem(corp)?,
            "script" => {
                let skip: Option<bool> = self.host.call_defined("step", step, "skip", self.st, self.fx, self.st.corps[corp as usize].id.clone())?;
                skip.unwrap_or(false)
            }
            _ => false,
        })
    }

    /// Is any token placement legal now? (The step is skipped otherwise.)
    /// Checked directly rather than by trying moves: this runs at every
    /// operating turn.
    fn can_place_any_token(&mut self, corp: CorpId) -> GameResult<bool> {
        let c = &self.st.corps[corp as usize];
        let affordable = match c.tokens.iter().find(|t| t.placed.is_none() && !t.lost) {
            Some(t) => c.cash >= t.cost,
            None => false,
        };
        if !affordable {
            return Ok(false);
        }
        let id = c.id.clone();
        for mv in super::legal::token_moves(self, corp) {
            let Action::PlaceToken { hex, city } = &mv.action else { continue };
            let Some(h) = self.t.map.hex(hex) else { continue };
            let Some(stop) = city_stop(self.t, self.st, h, *city) else { continue };
            if self.ops().check_token(corp, h, stop, false).is_err() {
                continue;
            }
            if self.host.has_hook("can_place_token") && self.host.check_hook("can_place_token", self.st, self.fx, (id.clone(), hex.clone())).is_err() {
                continue;
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// Is any tile lay legal now (and affordable)? The step is skipped
    /// otherwise. Checked directly, like tokens.
    fn can_lay_any_tile(&mut self, corp: CorpId) -> GameResult<bool> {
        let cash = self.st.corps[corp as usize].cash;
        let id = self.st.corps[corp as usize].id.clone();
        // Stops at the first affordable lay the title allows.
        super::legal::each_tile_lay(self, corp, |e, h, ti, plan| {
            if e.host.has_hook("can_lay_tile") {
                let (hex, tile) = (e.t.map.hexes[h as usize].label.clone(), e.t.tiles[ti as usize].name.clone());
                if e.host.check_hook("can_lay_tile", e.st, e.fx, (id.clone(), hex, tile, plan.fit.rotation)).is_err() {
                    return Ok(false);
                }
            }
            Ok(e.terrain_cost(corp, h, &plan.new_track, plan.base_cost)? <= cash)
        })
    }

    pub(super) fn operating_action(&mut self, action: &Action) -> GameResult<()> {
        let Some(corp) = self.or().current else {
            return Err(GameError::Invalid("no corporation is operating".into()));
        };
        // Actions open at any point of the turn.
        if self.try_anytime(corp, action)? {
            return Ok(());
        }
        let Some(step) = self.current_step() else {
            if *action == Action::Pass {
                self.step_done("end_of_turn");
                return Ok(());
            }
            self.explain_out_of_step(corp, action)?;
            return self.refuse("flow.wrong_step", format!("{}'s steps are done: buy a company or `pass` to end the turn", self.st.corps[corp as usize].id));
        };
        let kind = self.step_kind(&step);
        match (kind.as_str(), action) {
            ("lay_tile", Action::LayTile { hex, tile, rotation }) => self.lay_tile(corp, hex, tile, *rotation)?,
            ("place_token", Action::PlaceToken { hex, city }) => self.place_token(corp, hex, *city)?,
            ("run_routes", Action::Run { routes }) => self.run_trains(corp, routes)?,
            ("dividend", Action::Dividend { kind: DividendKind::Half }) if !self.t.settings.half_dividend => {
                return self.refuse("dividend.choose", "the whole revenue is paid out or withheld: choose `payout` or `withhold`");
            }
            ("dividend", Action::Dividend { kind }) => {
                let revenue = self.or().turn.revenue.unwrap_or(0);
                self.apply_dividend(corp, *kind, revenue)?;
                self.step_done(&step);
            }
            ("buy_train", Action::BuyTrain { train, variant, price }) => self.buy_train(corp, train, variant.as_deref(), *price)?,
            ("buy_train", Action::Sell { corp: target, percent, certs, tag }) => {
                let Some(pres) = self.st.president(corp) else { return self.refuse("emr.no_president", "no president") };
                let c = self.find_corp(target)?;
                let (percent, certs) = self.sell_what(pres, c, *percent, certs.as_deref(), tag.as_deref())?;
                self.emergency_sell(corp, target, percent, certs.as_deref())?
            }
            ("issue_shares", Action::Issue { count, certs }) => self.issue(corp, *count, certs.as_deref())?,
            ("issue_shares", Action::Redeem { cert }) => self.redeem(corp, *cert)?,
            ("script", Action::Script { name, args }) => {
                let done: Option<bool> = self.host.call_defined(
                    "step",
                    &step,
                    "process",
                    self.st,
                    self.fx,
                    (self.st.corps[corp as usize].id.clone(), name.clone(), LuaVar(Var::Map(args.clone()))),
                )?;
                if done.unwrap_or(true) {
                    self.step_done(&step);
                }
            }
            (_, Action::Pass) => self.pass_step(corp, &step, &kind)?,
            _ => {
                self.explain_out_of_step(corp, action)?;
                return self.refuse(
                    "flow.wrong_step",
                    format!("{} is at the {} step; `{action}` is not possible now (see `moves`)", self.st.corps[corp as usize].id, step.replace('_', " ")),
                );
            }
        }
        Ok(())
    }

    /// An action that does not belong to the current step is refused; when
    /// a rule is the reason (the one tile of the turn is laid, the train
    /// limit is reached, the corporation issued or bought back shares
    /// already, an emergency train purchase is under way), that rule is
    /// named instead of the step order.
    fn explain_out_of_step(&mut self, corp: CorpId, action: &Action) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        let turn = &self.or().turn;
        let (tiles, tokens, issued, redeemed) = (turn.tiles, turn.tokens, turn.issued, turn.redeemed);
        match action {
            Action::LayTile { .. } if tiles >= self.tile_lay_limit(corp)? => {
                self.refuse("tile.one_per_turn", format!("only one tile may be laid per turn; {id} has laid its tile"))
            }
            Action::PlaceToken { .. } if tokens >= 1 => self.refuse("token.one_per_turn", format!("only one station token may be placed per turn; {id} has placed one")),
            Action::BuyTrain { .. } if self.st.trains_of(corp).len() as u32 >= train_limit(self.t, self.st, corp) => {
                let limit = train_limit(self.t, self.st, corp);
                self.refuse("train.limit", format!("{id} already has {limit} trains, the limit in this phase"))
            }
            Action::Issue { .. } if redeemed > 0 || issued > 0 => self.refuse("issue.either", format!("{id} may issue or buy back once per turn, not both")),
            Action::Redeem { .. } if redeemed > 0 || issued > 0 => self.refuse("redeem.either", format!("{id} may issue or buy back once per turn, not both")),
            Action::Issue { .. } if self.current_step().is_some_and(|s| self.step_kind(&s) == "buy_train") && self.must_buy_train(corp)? => {
                self.refuse("emr.no_issue", format!("{id} must buy a train first; it may not issue shares to pay for it"))
            }
            _ => Ok(()),
        }
    }

    fn step_done(&mut self, step: &str) {
        self.or_mut().turn.done_steps.insert(step.to_string());
    }

    fn pass_step(&mut self, corp: CorpId, step: &str, kind: &str) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        self.host.check_hook("can_pass", self.st, self.fx, (id.clone(), step.to_string()))?;
        match kind {
            "run_routes" => return self.refuse("run.must_run", format!("{id} must run its trains (`run auto` runs the best routes)")),
            "dividend" => return self.refuse("dividend.choose", "choose `payout` or `withhold`"),
            "buy_train" if self.must_buy_train(corp)? => {
                if self.emergency_hopeless(corp)? {
                    return self.emergency_failed(corp);
                }
                return self.refuse("train.must_buy", format!("{id} has no train and a route: it must buy a train"));
            }
            "script" => {
                let optional: Option<bool> = self.host.call_defined("step", step, "may_pass", self.st, self.fx, id.clone())?;
                if optional == Some(false) {
                    return self.refuse("step.must_act", format!("the {} step cannot be passed", step.replace('_', " ")));
                }
            }
            _ => {}
        }
        self.step_done(step);
        Ok(())
    }

    // ------------------------------------------------------------ tiles

    fn lay_tile(&mut self, corp: CorpId, hex: &str, tile: &str, rotation: u8) -> GameResult<()> {
        let limit = self.tile_lay_limit(corp)?;
        if self.or().turn.tiles >= limit {
            return self.refuse("tile.one_per_turn", "only one tile may be laid per turn");
        }
        let rules = self.lay_rules(corp, hex)?;
        self.lay_tile_free(corp, hex, tile, rotation, rules, false)?;
        self.or_mut().turn.tiles += 1;
        if self.or().turn.tiles >= limit {
            let step = self.current_step().unwrap_or_default();
            self.step_done(&step);
        }
        Ok(())
    }

    /// Hexes where the title lifts the network rule now (1849 P4): tiles
    /// may be laid there without a connection, tokens placed without a
    /// route. One hook call per question, not one per hex.
    pub fn relaxed_hexes(&mut self, corp: CorpId) -> GameResult<Relaxed> {
        if !self.host.has_hook("relaxed_hexes") {
            return Ok(Relaxed::default());
        }
        let id = self.st.corps[corp as usize].id.clone();
        let t: Option<Option<mlua::Table>> = self.host.call_hook("relaxed_hexes", self.st, self.fx, id)?;
        let mut out = Relaxed::default();
        if let Some(Some(t)) = t {
            for (key, list) in [("lay", &mut out.lay), ("token", &mut out.token)] {
                if let Ok(Some(hexes)) = t.get::<Option<Vec<String>>>(key) {
                    list.extend(hexes.iter().filter_map(|h| self.t.map.hex(h)));
                }
            }
        }
        Ok(out)
    }

    /// The tile rules for a lay on one hex.
    pub fn lay_rules(&mut self, corp: CorpId, hex: &str) -> GameResult<LayRules> {
        let h = self.ops().hex_index(hex)?;
        let connection = !self.relaxed_hexes(corp)?.lay.contains(&h);
        Ok(LayRules { connection, ..LayRules::default() })
    }

    /// Whether a token needs a route to its city.
    pub fn token_needs_route(&mut self, corp: CorpId, hex: &str) -> GameResult<bool> {
        let h = self.ops().hex_index(hex)?;
        Ok(!self.relaxed_hexes(corp)?.token.contains(&h))
    }

    /// Lays a tile with the given rules, paying terrain unless `free`.
    pub fn lay_tile_free(&mut self, corp: CorpId, hex: &str, tile: &str, rotation: u8, rules: LayRules, free: bool) -> GameResult<()> {
        let h = self.ops().hex_index(hex)?;
        let ti = self.ops().tile_index(tile)?;
        let plan = self.ops().check_lay(Some(corp), h, ti, rotation, rules)?;
        let id = self.st.corps[corp as usize].id.clone();
        self.host.check_hook("can_lay_tile", self.st, self.fx, (id.clone(), self.t.map.hexes[h as usize].label.clone(), tile.to_string(), rotation))?;
        let cost = if free { 0 } else { self.terrain_cost(corp, h, &plan.new_track, plan.base_cost)? };
        if self.st.corps[corp as usize].cash < cost {
            return self.refuse("money.insufficient", format!("laying on {} costs {}; {id} has {}", self.t.map.hexes[h as usize].title(), self.t.money(cost), self.t.money(self.st.corps[corp as usize].cash)));
        }
        self.ops().transfer(Purse::Corp(corp), Purse::Bank, cost)?;
        self.ops().execute_lay(&plan);
        let label = self.t.map.hexes[h as usize].title();
        self.fx.log.push(format!("{id} lays tile {tile} on {label} (rotation {}){}", plan.fit.rotation, if cost > 0 { format!(" for {}", self.t.money(cost)) } else { String::new() }));
        Ok(())
    }

    /// Terrain cost with company discounts and the title's hook.
    pub fn terrain_cost(&mut self, corp: CorpId, hex: HexId, new_track: &[crate::route::Gauge], base: i64) -> GameResult<i64> {
        use crate::title::schema::AbilityDef;
        let mut cost = base;
        let terrain = self.t.map.hexes[hex as usize].terrain.clone().unwrap_or_default();
        for co in self.st.companies.iter().filter(|c| c.owner == CompanyOwner::Corp(corp)) {
            for a in &self.t.companies[co.def].abilities {
                if let AbilityDef::TerrainDiscount { terrains, factor, gauges } = a {
                    let terrain_ok = terrains.is_empty() || terrains.contains(&terrain);
                    let gauge_ok = gauges.is_empty()
                        || new_track.iter().any(|g| gauges.iter().any(|n| gauge_name(*g) == n));
                    if terrain_ok && gauge_ok {
                        cost = (cost as f64 * factor).round() as i64;
                    }
                }
            }
        }
        let names: Vec<String> = new_track.iter().map(|g| gauge_name(*g).to_string()).collect();
        let id = self.st.corps[corp as usize].id.clone();
        let label = self.t.map.hexes[hex as usize].label.clone();
        let hooked: Option<i64> = self.host.call_hook("terrain_cost", self.st, self.fx, (id, label, names, cost))?;
        Ok(hooked.unwrap_or(cost))
    }

    /// Tile lays allowed this turn: the step's `count`, plus what the
    /// title's `extra_tile_lays` hook adds (1844's P2, 1844-R-173).
    fn tile_lay_limit(&mut self, corp: CorpId) -> GameResult<u32> {
        let base = self.step_param_int("lay_tile", "count").unwrap_or(1) as u32;
        if !self.host.has_hook("extra_tile_lays") {
            return Ok(base);
        }
        let id = self.st.corps[corp as usize].id.clone();
        let extra: Option<i64> = self.host.call_hook("extra_tile_lays", self.st, self.fx, id)?;
        Ok(base + extra.unwrap_or(0).max(0) as u32)
    }

    fn step_param_int(&self, step: &str, key: &str) -> Option<i64> {
        self.t.flow.step(step).and_then(|s| s.params.get(key)).and_then(|v| v.as_integer())
    }

    // ----------------------------------------------------------- tokens

    fn place_token(&mut self, corp: CorpId, hex: &str, city: u8) -> GameResult<()> {
        if self.or().turn.tokens >= 1 {
            return self.refuse("token.one_per_turn", "only one station token may be placed per turn");
        }
        let h = self.ops().hex_index(hex)?;
        let Some(stop) = city_stop(self.t, self.st, h, city) else {
            return self.refuse("token.no_city", format!("{} has no city {}", self.t.map.hexes[h as usize].title(), city));
        };
        let need_route = self.token_needs_route(corp, hex)?;
        self.ops().check_token(corp, h, stop, need_route)?;
        let cost = self.ops().next_token_cost(corp).unwrap_or(0);
        let id = self.st.corps[corp as usize].id.clone();
        let label = self.t.map.hexes[h as usize].label.clone();
        self.host.check_hook("can_place_token", self.st, self.fx, (id.clone(), label))?;
        if self.st.corps[corp as usize].cash < cost {
            return self.refuse("money.insufficient", format!("the token costs {}; {id} has {}", self.t.money(cost), self.t.money(self.st.corps[corp as usize].cash)));
        }
        self.ops().transfer(Purse::Corp(corp), Purse::Bank, cost)?;
        self.ops().execute_token(corp, h, stop);
        self.fx.log.push(format!("{id} places a station token on {}{}", self.t.map.hexes[h as usize].title(), if cost > 0 { format!(" for {}", self.t.money(cost)) } else { String::new() }));
        self.or_mut().turn.tokens += 1;
        let step = self.current_step().unwrap_or_default();
        self.step_done(&step);
        Ok(())
    }

    // -------------------------------------------------------- dividends

    pub fn apply_dividend(&mut self, corp: CorpId, kind: DividendKind, revenue: i64) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        let price = price_of(self.t, self.st, corp);
        match kind {
            DividendKind::Payout if revenue > 0 => self.pay_out(corp, revenue)?,
            DividendKind::Half if revenue > 0 => {
                let half = revenue / 2;
                self.ops().transfer(Purse::Bank, Purse::Corp(corp), revenue - half)?;
                self.pay_out(corp, half)?;
            }
            _ => {
                self.ops().transfer(Purse::Bank, Purse::Corp(corp), revenue)?;
                if revenue > 0 {
                    self.fx.log.push(format!("{id} withholds {}", self.t.money(revenue)));
                }
            }
        }
        let kind_name = match kind {
            DividendKind::Payout => "payout",
            DividendKind::Withhold => "withhold",
            DividendKind::Half => "half",
        };
        let default_move = match kind {
            DividendKind::Payout if revenue > 0 => {
                let threshold = self.t.settings.payout_move_threshold as i64 * price;
                if revenue >= threshold.max(1) { "right" } else { "none" }
            }
            DividendKind::Half if revenue > 0 => "none",
            _ => "left",
        };
        let hooked: Option<String> = self.host.call_hook("dividend_move", self.st, self.fx, (id.clone(), kind_name, revenue))?;
        let mv = hooked.unwrap_or_else(|| default_move.to_string());
        for part in mv.split(',') {
            let part = part.trim();
            if let Some(d) = Dir::parse(part) {
                self.ops().move_price(corp, d, 1)?;
            }
        }
        self.fx.event("dividend", &[("corp", Var::Str(id)), ("kind", Var::Str(kind_name.into())), ("revenue", Var::Int(revenue))]);
        Ok(())
    }

    fn pay_out(&mut self, corp: CorpId, revenue: i64) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        let up = self.t.settings.dividend_rounding == "up";
        let share = |pct: i64, round_up: bool| -> i64 {
            let x = revenue * pct;
            if round_up { (x + 99) / 100 } else { x / 100 }
        };
        let mut per_player = vec![0i64; self.st.players.len()];
        let (mut treasury, mut pool) = (0i64, 0i64);
        for c in &self.st.corps[corp as usize].certs {
            match c.owner {
                CertOwner::Player(p) => per_player[p as usize] += c.percent as i64,
                CertOwner::Treasury => treasury += c.percent as i64,
                CertOwner::Pool => pool += c.percent as i64,
                _ => {}
            }
        }
        for (p, pct) in per_player.iter().enumerate() {
            if *pct > 0 {
                let amount = share(*pct, up);
                self.ops().transfer(Purse::Bank, Purse::Player(p as PlayerId), amount)?;
            }
        }
        // The corporation's own part rounds on its own setting: 1844 pays
        // players rounded up, the company rounded down.
        let corp_up = self.t.settings.pool_dividend_rounding == "up";
        if treasury > 0 && self.t.settings.treasury_dividends == "corporation" {
            let amount = share(treasury, corp_up);
            self.ops().transfer(Purse::Bank, Purse::Corp(corp), amount)?;
        }
        if pool > 0 && self.t.settings.pool_dividends == "corporation" {
            let amount = share(pool, corp_up);
            self.ops().transfer(Purse::Bank, Purse::Corp(corp), amount)?;
        }
        self.fx.log.push(format!("{id} pays out {} ({} per share)", self.t.money(revenue), self.t.money(revenue / 10)));
        Ok(())
    }

    // ----------------------------------------------------------- trains

    /// Must the corporation buy a train now (no train, and a route)?
    pub fn must_buy_train(&mut self, corp: CorpId) -> GameResult<bool> {
        if !self.st.trains_of(corp).is_empty() {
            return Ok(false);
        }
        let kind = &self.t.corporation_kinds[self.st.corps[corp as usize].kind];
        // A train must be obtainable: from the bank, or from another
        // corporation for at least 1.
        let mut obtainable = self.cheapest_offer(corp)?.is_some();
        if !obtainable && self.st.corps[corp as usize].cash >= 1 {
            let others: Vec<(u16, u16)> =
                self.st.trains.iter().filter(|t| matches!(t.owner, TrainOwner::Corp(o) if o != corp)).map(|t| (t.class, t.variant)).collect();
            for (class, variant) in others {
                if self.may_own(corp, class, variant)? {
                    obtainable = true;
                    break;
                }
            }
        }
        let default = kind.must_own_train && obtainable && super::run::has_route(self.t, self.st, corp);
        let id = self.st.corps[corp as usize].id.clone();
        let r: Option<bool> = self.host.call_hook("must_buy_train", self.st, self.fx, (id, default))?;
        Ok(r.unwrap_or(default))
    }

    fn can_buy_any_train(&mut self, corp: CorpId) -> GameResult<bool> {
        if self.st.trains_of(corp).len() as u32 >= train_limit(self.t, self.st, corp) {
            return Ok(false);
        }
        if self.must_buy_train(corp)? {
            return Ok(true);
        }
        let cash = self.st.corps[corp as usize].cash;
        let bank = bank_offers(self.t, self.st).iter().any(|o| o.price <= cash);
        let others = cash >= 1 && self.st.trains.iter().any(|t| matches!(t.owner, TrainOwner::Corp(o) if o != corp));
        Ok(bank || others)
    }

    fn buy_train(&mut self, corp: CorpId, train: &str, variant: Option<&str>, price: Option<i64>) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        let limit = train_limit(self.t, self.st, corp);
        if self.st.trains_of(corp).len() as u32 >= limit {
            return self.refuse("train.limit", format!("{id} already has {limit} trains, the limit in this phase"));
        }
        // A specific train owned by another corporation?
        if let Some(ti) = self.st.train_index(train)
            && let TrainOwner::Corp(seller) = self.st.trains[ti as usize].owner
        {
            // A train changes hands on the side it shows (1844-R-144).
            let t = &self.st.trains[ti as usize];
            let shown = &self.t.trains[t.class as usize].variants[t.variant as usize].name;
            if let Some(v) = variant.filter(|v| !v.eq_ignore_ascii_case(shown)) {
                return self.refuse("train.flip", format!("{} is a {shown}; it cannot be bought as a {v}", t.id));
            }
            return self.buy_train_from_corp(corp, seller, ti, price);
        }
        // From the bank: a class or variant name (or a pool train id).
        let offers = bank_offers(self.t, self.st);
        let pick = offers.iter().find(|o| {
            let class = &self.t.trains[o.class as usize];
            let vname = &class.variants[o.variant as usize].name;
            let named = match o.pool_train {
                Some(ti) => self.st.trains[ti as usize].id.eq_ignore_ascii_case(train),
                None => false,
            };
            let by_name = class.name.eq_ignore_ascii_case(train) || vname.eq_ignore_ascii_case(train) || named;
            let want_variant = variant.is_none_or(|v| vname.eq_ignore_ascii_case(v));
            by_name && want_variant
        });
        let pick = match pick {
            Some(p) => p.clone(),
            None => {
                let names: Vec<String> = offers
                    .iter()
                    .map(|o| {
                        let v = &self.t.trains[o.class as usize].variants[o.variant as usize].name;
                        format!("{v} {}{}", self.t.money(o.price), if o.pool_train.is_some() { " (pool)" } else { "" })
                    })
                    .collect();
                return self.refuse("train.not_available", format!("no {train} train is for sale; the bank offers {}", names.join(", ")));
            }
        };
        let vname = self.t.trains[pick.class as usize].variants[pick.variant as usize].name.clone();
        self.check_train_kind(corp, pick.class, pick.variant)?;
        self.host.check_hook("can_buy_train", self.st, self.fx, (id.clone(), vname.clone(), None::<String>))?;
        if let Some(p) = price
            && p != pick.price
        {
            return self.refuse("train.price", format!("the bank sells the {vname} for {}", self.t.money(pick.price)));
        }
        let cash = self.st.corps[corp as usize].cash;
        if cash < pick.price {
            // Emergency: the president may top up for the cheapest train.
            if !self.must_buy_train(corp)? {
                return self.refuse("money.insufficient", format!("{id} has {} and the {vname} costs {}", self.t.money(cash), self.t.money(pick.price)));
            }
            if self.t.settings.emergency != "debt" {
                let cheapest = self.cheapest_offer(corp)?.unwrap_or(pick.price);
                if pick.price > cheapest {
                    return self.refuse("emr.cheapest", format!("with the president's money, {id} must buy the cheapest train ({})", self.t.money(cheapest)));
                }
            }
            self.president_helps(corp, pick.price - cash)?;
        }
        self.ops().transfer(Purse::Corp(corp), Purse::Bank, pick.price)?;
        let (ti, from_depot) = match pick.pool_train {
            Some(ti) => (ti, false),
            None => match self.ops().depot_train(pick.class) {
                Some(ti) => (ti, true),
                None => return Err(GameError::Invalid("the depot is out of that train".into())),
            },
        };
        let tid = self.st.trains[ti as usize].id.clone();
        self.fx.log.push(format!("{id} buys {tid} as {vname} from the {} for {}", if from_depot { "bank" } else { "pool" }, self.t.money(pick.price)));
        self.ops().deliver_train(ti, pick.variant, corp, from_depot)?;
        self.or_mut().turn.trains_bought += 1;
        self.after_train_bought(corp)
    }

    /// May the corporation own this train at all: its kind's train tags
    /// and the title's `can_buy_train` hook (1849: E trains need an E
    /// token). EMR's "cheapest train" counts only these (1849 A-24).
    fn may_own(&mut self, corp: CorpId, class: u16, variant: u16) -> GameResult<bool> {
        if !self.train_kind_ok(corp, class, variant) {
            return Ok(false);
        }
        let id = self.st.corps[corp as usize].id.clone();
        let vname = self.t.trains[class as usize].variants[variant as usize].name.clone();
        match self.host.check_hook("can_buy_train", self.st, self.fx, (id, vname)) {
            Ok(()) => Ok(true),
            Err(GameError::Refused(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The price of the cheapest train the bank offers that the corporation may own.
    fn cheapest_offer(&mut self, corp: CorpId) -> GameResult<Option<i64>> {
        let mut best: Option<i64> = None;
        for o in bank_offers(self.t, self.st) {
            if self.may_own(corp, o.class, o.variant)? {
                best = Some(best.map_or(o.price, |b| b.min(o.price)));
            }
        }
        Ok(best)
    }

    /// The president puts in `short` for a required train: from their
    /// cash; in "debt" titles what they lack is lent by the bank and owed
    /// with interest (1844-R-150). Only one train is bought this way.
    fn president_helps(&mut self, corp: CorpId, short: i64) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        if self.or().turn.helped {
            return self.refuse("emr.one_train", format!("with the president's help {id} may buy only one train"));
        }
        let Some(pres) = self.st.president(corp) else { return self.refuse("emr.no_president", "no president") };
        let name = self.st.players[pres as usize].name.clone();
        let has = self.st.players[pres as usize].cash;
        if has < short && self.t.settings.emergency != "debt" {
            return self.refuse(
                "emr.raise",
                format!("{id} needs {} more; {name} has {} and must sell shares first", self.t.money(short), self.t.money(has)),
            );
        }
        let own = has.min(short);
        self.ops().transfer(Purse::Player(pres), Purse::Corp(corp), own)?;
        let lent = short - own;
        if lent > 0 {
            let owed = (lent * (100 + self.t.settings.debt_interest_percent) + 99) / 100;
            self.ops().transfer(Purse::Bank, Purse::Corp(corp), lent)?;
            self.st.players[pres as usize].debt += owed;
            self.fx.log.push(format!("{name} borrows {} for {id} and owes {}", self.t.money(lent), self.t.money(owed)));
        }
        self.fx.log.push(format!("{name} contributes {} to {id}", self.t.money(short)));
        let turn = &mut self.or_mut().turn;
        turn.emergency = true;
        turn.helped = true;
        Ok(())
    }

    fn train_kind_ok(&self, corp: CorpId, class: u16, variant: u16) -> bool {
        let kind = &self.t.corporation_kinds[self.st.corps[corp as usize].kind];
        if kind.train_tags.is_empty() {
            return true;
        }
        let v = &self.t.trains[class as usize].variants[variant as usize];
        v.tags.iter().any(|t| kind.train_tags.contains(t))
    }

    fn check_train_kind(&self, corp: CorpId, class: u16, variant: u16) -> GameResult<()> {
        if self.train_kind_ok(corp, class, variant) {
            return Ok(());
        }
        let v = &self.t.trains[class as usize].variants[variant as usize].name;
        let id = &self.st.corps[corp as usize].id;
        self.refuse("train.kind", format!("{id} may not own a {v} train"))
    }

    fn buy_train_from_corp(&mut self, corp: CorpId, seller: CorpId, ti: TrainId, price: Option<i64>) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        let sid = self.st.corps[seller as usize].id.clone();
        if seller == corp {
            return self.refuse("train.own", format!("{id} already owns that train"));
        }
        let Some(price) = price else {
            return self.refuse("train.price_needed", format!("give a price for {}'s train (e.g. `train {} 100`)", sid, self.st.trains[ti as usize].id));
        };
        if price < 1 {
            return self.refuse("train.trade_price", "a train bought from another corporation costs at least 1");
        }
        let (class, variant) = (self.st.trains[ti as usize].class, self.st.trains[ti as usize].variant);
        self.check_train_kind(corp, class, variant)?;
        let debt_mode = self.t.settings.emergency == "debt";
        if self.or().turn.emergency && !debt_mode {
            return self.refuse("emr.no_trade", "with the president's money only a train from the bank may be bought");
        }
        let vname = self.t.trains[class as usize].variants[variant as usize].name.clone();
        self.host.check_hook("can_buy_train", self.st, self.fx, (id.clone(), vname.clone(), sid.clone()))?;
        let printed = self.t.trains[class as usize].variants[variant as usize].price;
        let face = match self.t.settings.train_trade_price.as_str() {
            "face" => true,
            // 1844-R-142: the printed price unless both have the same president.
            "face_unless_same_president" => self.st.president(corp) != self.st.president(seller),
            _ => false,
        };
        if face && price != printed {
            return self.refuse("train.trade_price", format!("between corporations with different presidents the {vname} changes hands at its printed price, {}", self.t.money(printed)));
        }
        let cash = self.st.corps[corp as usize].cash;
        if cash < price {
            if !(debt_mode && self.must_buy_train(corp)?) {
                return self.refuse("money.insufficient", format!("{id} has only {}", self.t.money(cash)));
            }
            if price > printed {
                return self.refuse("emr.printed_price", format!("with the president's help a train costs at most its printed price ({})", self.t.money(printed)));
            }
            self.president_helps(corp, price - cash)?;
        }
        self.ops().transfer(Purse::Corp(corp), Purse::Corp(seller), price)?;
        let tid = self.st.trains[ti as usize].id.clone();
        self.fx.log.push(format!("{id} buys {tid} from {sid} for {}", self.t.money(price)));
        self.ops().deliver_train(ti, variant, corp, false)?;
        self.or_mut().turn.trains_bought += 1;
        self.after_train_bought(corp)
    }

    fn after_train_bought(&mut self, corp: CorpId) -> GameResult<()> {
        self.ops().require_discards();
        // A train bought with the president's help ends the buying.
        if self.or().turn.helped || self.st.trains_of(corp).len() as u32 >= train_limit(self.t, self.st, corp) {
            let step = self.current_step().unwrap_or_default();
            self.step_done(&step);
        }
        Ok(())
    }

    /// The most the president could sell of each corporation now (one
    /// sale per corporation, the largest legal one), in id order.
    fn emergency_sales(&mut self, corp: CorpId) -> Vec<(CorpId, u32)> {
        match self.st.president(corp) {
            Some(pres) => self.largest_sales(pres),
            None => Vec::new(),
        }
    }

    /// No train can be had: the treasury, the president's cash and every
    /// legal share sale together fall short of the cheapest bank train
    /// (1849-R-156, R-160).
    fn emergency_hopeless(&mut self, corp: CorpId) -> GameResult<bool> {
        if self.t.settings.emergency == "debt" && !self.t.settings.debt_bankruptcy {
            // The bank lends what the president lacks (1844-R-153).
            return Ok(false);
        }
        let Some(pres) = self.st.president(corp) else { return Ok(true) };
        let Some(cheapest) = self.cheapest_offer(corp)? else { return Ok(false) };
        let mut power = self.st.corps[corp as usize].cash + self.st.players[pres as usize].cash;
        for (c, pct) in self.emergency_sales(corp) {
            power += crate::game::shares::worth(self.t, self.st, c, price_of(self.t, self.st, c), pct as i64);
        }
        Ok(power < cheapest)
    }

    /// The president sells every share they legally can; then the title
    /// decides (1849: cash to the treasury, the corporation closes, a loan
    /// or leaving the game); by default the corporation closes.
    fn emergency_failed(&mut self, corp: CorpId) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        let pres_id = self.st.president(corp);
        let pres = pres_id.map(|p| self.st.players[p as usize].name.clone()).unwrap_or_default();
        self.fx.log.push(format!("{pres} cannot raise the money for {id}'s train and sells every share they can"));
        if let Some(p) = pres_id {
            for (c, pct) in self.emergency_sales(corp) {
                self.sell_shares(p, c, pct, None, true)?;
            }
        }
        let handled: Option<()> = self.host.call_hook("emergency_failed", self.st, self.fx, (id, pres))?;
        if handled.is_none() {
            self.ops().close_corp(corp)?;
        }
        let step = self.current_step().unwrap_or_default();
        self.step_done(&step);
        Ok(())
    }

    /// During a forced train purchase the president may sell shares.
    fn emergency_sell(&mut self, corp: CorpId, target: &str, percent: u32, certs: Option<&[u16]>) -> GameResult<()> {
        let Some(pres) = self.st.president(corp) else { return self.refuse("emr.no_president", "no president") };
        if !self.must_buy_train(corp)? {
            return self.refuse("emr.not_needed", "shares may be sold in an operating round only to raise money for a required train");
        }
        let cash = self.st.corps[corp as usize].cash + self.st.players[pres as usize].cash;
        let cheapest = self.cheapest_offer(corp)?.unwrap_or(0);
        // With debt financing the president may sell toward any train
        // (1844-R-148, R-149); otherwise only when short of the cheapest.
        if cash >= cheapest && self.t.settings.emergency != "debt" {
            return self.refuse("emr.enough", "the president already has enough money for the cheapest train");
        }
        let c = self.find_corp(target)?;
        // Selling stops as soon as enough is raised: a sale is too big when
        // a smaller legal sale of the same shares would already raise it.
        let short = cheapest - cash;
        let price = price_of(self.t, self.st, c);
        let unit = crate::game::shares::sell_unit(self.st, c);
        let too_big = (unit..percent)
            .step_by(unit.max(1) as usize)
            .find(|&pct| crate::game::shares::worth(self.t, self.st, c, price, pct as i64) >= short && self.sale_possible(pres, c, pct));
        // With debt financing the president raises what they like (1844-R-149).
        if let Some(enough) = too_big.filter(|_| self.t.settings.emergency != "debt") {
            return self.refuse(
                "emr.enough",
                format!("selling {percent} % raises more than needed: {} more is enough ({enough} % of {target})", self.t.money(short)),
            );
        }
        self.sell_shares(pres, c, percent, certs, true)?;
        // From now on the money is for the cheapest train from the bank
        // (1849-R-159), not for a deal with another corporation.
        self.or_mut().turn.emergency = true;
        Ok(())
    }

    // ---------------------------------------------------------- finance

    fn can_issue_or_redeem(&mut self, corp: CorpId) -> GameResult<bool> {
        let c = &self.st.corps[corp as usize];
        if self.t.corporation_kinds[c.kind].capitalization != Capitalization::Incremental {
            return Ok(false);
        }
        let treasury = self.st.percent(corp, CertOwner::Treasury);
        let pool = self.st.percent(corp, CertOwner::Pool);
        // Some treasury certificate must still fit in the pool.
        let room = self.t.settings.pool_limit_percent.saturating_sub(pool);
        let fits = c.certs.iter().any(|x| x.owner == CertOwner::Treasury && !x.president && x.percent as u32 <= room);
        let may_issue = treasury > 0 && fits && c.operated > 0 && self.or().turn.redeemed == 0;
        let may_redeem = pool > 0 && self.or().turn.issued == 0 && self.or().turn.redeemed == 0 && c.cash >= price_of(self.t, self.st, corp);
        Ok(may_issue || may_redeem)
    }

    fn issue(&mut self, corp: CorpId, count: u32, chosen: Option<&[u16]>) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        if count == 0 {
            return self.refuse("issue.nothing", "issue at least one certificate");
        }
        if self.or().turn.redeemed > 0 || self.or().turn.issued > 0 {
            return self.refuse("issue.either", format!("{id} may issue or buy back once per turn, not both"));
        }
        if self.st.corps[corp as usize].operated == 0 {
            return self.refuse("issue.first_or", format!("{id} may not issue shares in its first operating round"));
        }
        let mut picked: Vec<u16> = self.st.corps[corp as usize]
            .certs
            .iter()
            .filter(|c| c.owner == CertOwner::Treasury && !c.president && c.tag.is_none())
            .map(|c| c.index)
            .collect();
        picked.truncate(count as usize);
        if (picked.len() as u32) < count {
            // Special certificates (the last one) go after the ordinary ones.
            let more: Vec<u16> = self.st.corps[corp as usize]
                .certs
                .iter()
                .filter(|c| c.owner == CertOwner::Treasury && !c.president && c.tag.is_some())
                .map(|c| c.index)
                .collect();
            picked.extend(more.into_iter().take(count as usize - picked.len()));
        }
        if (picked.len() as u32) < count {
            return self.refuse("issue.treasury", format!("{id} has only {} certificates in its treasury", picked.len()));
        }
        if let Some(list) = chosen {
            let ok = list.len() as u32 == count
                && list.iter().all(|i| self.st.corps[corp as usize].certs.iter().any(|c| c.index == *i && c.owner == CertOwner::Treasury && !c.president));
            if !ok {
                return self.refuse("issue.treasury", format!("those are not {count} certificates in {id}'s treasury"));
            }
            picked = list.to_vec();
        }
        // The title's rules see which certificates would go (1849-R-092).
        self.host.check_hook("can_issue", self.st, self.fx, (id.clone(), count, picked.clone()))?;
        let pct: u32 = picked.iter().map(|i| self.st.corps[corp as usize].certs.iter().find(|c| c.index == *i).map_or(0, |c| c.percent as u32)).sum();
        let pool = self.st.percent(corp, CertOwner::Pool);
        if pool + pct > self.t.settings.pool_limit_percent {
            return self.refuse("stock.pool_limit", format!("the pool may hold at most {} % of {id}", self.t.settings.pool_limit_percent));
        }
        let price = price_of(self.t, self.st, corp);
        let amount = crate::game::shares::worth(self.t, self.st, corp, price, pct as i64);
        for i in &picked {
            self.ops().move_cert(corp, *i, CertOwner::Pool);
        }
        self.ops().transfer(Purse::Bank, Purse::Corp(corp), amount)?;
        self.fx.log.push(format!("{id} issues {pct} % for {}", self.t.money(amount)));
        self.ops().move_price(corp, Dir::Down, pct / 10)?;
        self.or_mut().turn.issued += count;
        let step = self.current_step().unwrap_or_default();
        self.step_done(&step);
        Ok(())
    }

    fn redeem(&mut self, corp: CorpId, index: Option<u16>) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        if self.or().turn.issued > 0 || self.or().turn.redeemed > 0 {
            return self.refuse("redeem.either", format!("{id} may issue or buy back once per turn, not both"));
        }
        // An ordinary certificate first; a special one only when none is in the pool.
        let cert = {
            let certs = &self.st.corps[corp as usize].certs;
            match index {
                Some(i) => certs.iter().find(|c| c.index == i && c.owner == CertOwner::Pool).cloned(),
                None => certs
                    .iter()
                    .filter(|c| c.owner == CertOwner::Pool && c.tag.is_none())
                    .min_by_key(|c| c.index)
                    .or_else(|| certs.iter().filter(|c| c.owner == CertOwner::Pool).min_by_key(|c| c.index))
                    .cloned(),
            }
        };
        let Some(cert) = cert else { return self.refuse("redeem.none", format!("no certificate of {id} is in the pool")) };
        // A special certificate (1849's last certificate) only when no
        // ordinary one is in the pool.
        if cert.tag.is_some()
            && !cert.president
            && self.st.corps[corp as usize].certs.iter().any(|c| c.owner == CertOwner::Pool && c.tag.is_none() && !c.president)
        {
            return self.refuse(
                "redeem.special_last",
                format!("the {} certificate of {id} may be bought back only when no ordinary certificate is in the pool", cert.tag.as_deref().unwrap_or("special")),
            );
        }
        let price = crate::game::shares::worth(self.t, self.st, corp, price_of(self.t, self.st, corp), cert.percent as i64);
        if self.st.corps[corp as usize].cash < price {
            return self.refuse("money.insufficient", format!("buying back costs {}", self.t.money(price)));
        }
        self.ops().transfer(Purse::Corp(corp), Purse::Bank, price)?;
        self.ops().move_cert(corp, cert.index, CertOwner::Treasury);
        self.fx.log.push(format!("{id} buys back {} % from the pool for {}", cert.percent, self.t.money(price)));
        self.or_mut().turn.redeemed += 1;
        let step = self.current_step().unwrap_or_default();
        self.step_done(&step);
        Ok(())
    }

    // ------------------------------------------------------- any time

    /// Actions open at any step: buying companies, company abilities.
    fn try_anytime(&mut self, corp: CorpId, action: &Action) -> GameResult<bool> {
        match action {
            Action::BuyCompany { company, price: Some(price) } if self.anytime_steps().iter().any(|s| self.step_kind(s) == "buy_company") => {
                self.corp_buys_company(corp, company, *price)?;
                Ok(true)
            }
            Action::Script { name, args } if self.host.ability_names().contains(name) => {
                let id = self.st.corps[corp as usize].id.clone();
                let r: Option<Option<bool>> =
                    self.host.call_defined("ability", name, "process", self.st, self.fx, (id, LuaVar(Var::Map(args.clone()))))?;
                // An ability without `process` only answers questions.
                Ok(r.is_some())
            }
            _ => Ok(false),
        }
    }

    /// Could the corporation still buy a company or use an ability?
    fn anytime_possible(&mut self, corp: CorpId) -> GameResult<bool> {
        let c = &self.st.corps[corp as usize];
        let buy = self.anytime_steps().iter().any(|s| self.step_kind(s) == "buy_company")
            && self.t.phases[self.st.phase].buy_companies
            && self.t.corporation_kinds[c.kind].can_own_companies
            && c.cash >= 1
            && self.st.companies.iter().any(|co| matches!(co.owner, CompanyOwner::Player(_)) && self.t.companies[co.def].corporations_may_buy);
        if buy {
            return Ok(true);
        }
        let id = c.id.clone();
        for name in self.host.ability_names() {
            let list: Option<Vec<mlua::Table>> = self.host.call_defined("ability", &name, "actions", self.st, self.fx, LuaVar(Var::Str(id.clone())))?;
            if list.is_some_and(|l| !l.is_empty()) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    pub fn company_price_range(&mut self, corp: CorpId, co: CompanyId) -> GameResult<(i64, i64)> {
        let def = &self.t.companies[self.st.companies[co as usize].def];
        let min = def.min_price_multiple.map_or(1, |m| ((def.value as f64) * m).ceil() as i64).max(1);
        let max = def.max_price_multiple.map_or(def.value, |m| ((def.value as f64) * m).floor() as i64);
        let id = self.st.corps[corp as usize].id.clone();
        let cid = self.st.companies[co as usize].id.clone();
        let r: Option<(i64, i64)> = self.host.call_hook("company_price_range", self.st, self.fx, (id, cid, min, max))?;
        Ok(r.unwrap_or((min, max)))
    }

    pub fn corp_buys_company(&mut self, corp: CorpId, company: &str, price: i64) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        let Some(co) = self.st.company_index(company) else { return self.refuse("company.unknown", format!("there is no company \"{company}\"")) };
        let def = self.t.companies[self.st.companies[co as usize].def].clone();
        if !self.t.phases[self.st.phase].buy_companies {
            return self.refuse("company.phase", format!("corporations may not buy companies in phase {}", self.t.phases[self.st.phase].name));
        }
        if !def.corporations_may_buy {
            return self.refuse("company.not_for_corps", format!("{} can never be bought by a corporation", def.id));
        }
        if !self.t.corporation_kinds[self.st.corps[corp as usize].kind].can_own_companies {
            return self.refuse("company.kind", format!("{id} may not own companies"));
        }
        let CompanyOwner::Player(seller) = self.st.companies[co as usize].owner else {
            return self.refuse("company.not_player_owned", format!("{} is not owned by a player", def.id));
        };
        self.host.check_hook("can_buy_company", self.st, self.fx, (id.clone(), def.id.clone()))?;
        let (min, max) = self.company_price_range(corp, co)?;
        if price < min || price > max {
            return self.refuse("company.price", format!("{} may be bought for {} to {}", def.id, self.t.money(min), self.t.money(max)));
        }
        if self.st.corps[corp as usize].cash < price {
            return self.refuse("money.insufficient", format!("{id} has only {}", self.t.money(self.st.corps[corp as usize].cash)));
        }
        // The owner's consent, when the title asks for it: not from the
        // buyer's own president (who decides both sides), nor from a player
        // who has left the game.
        if self.t.settings.company_sale_consent && self.st.president(corp) != Some(seller) && !self.st.players[seller as usize].left {
            let name = self.st.players[seller as usize].name.clone();
            self.fx.log.push(format!("{id} offers {} for {} to {name}", self.t.money(price), def.id));
            self.st.flow.pending.push(Pending { actor: Actor::Player(seller), kind: PendingKind::SaleConsent { corp, company: co, price } });
            return Ok(());
        }
        self.sell_company_to_corp(corp, co, seller, price)
    }

    /// The sale itself: the price to the player, the company to the corporation.
    pub(super) fn sell_company_to_corp(&mut self, corp: CorpId, co: CompanyId, seller: PlayerId, price: i64) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        let company = self.st.companies[co as usize].id.clone();
        self.ops().transfer(Purse::Corp(corp), Purse::Player(seller), price)?;
        self.ops().give_company(co, CompanyOwner::Corp(corp))?;
        self.fx.log.push(format!("{id} buys {company} from {} for {}", self.st.players[seller as usize].name, self.t.money(price)));
        Ok(())
    }
}

fn gauge_name(g: crate::route::Gauge) -> &'static str {
    match g {
        crate::route::Gauge::Standard => "standard",
        crate::route::Gauge::Narrow => "narrow",
        crate::route::Gauge::Dual => "dual",
    }
}

#[allow(dead_code)]
fn refusal(message: String) -> GameError {
    GameError::Refused(Refusal { message, rule: None })
}

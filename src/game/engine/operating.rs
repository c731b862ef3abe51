//! Operating rounds: each floated corporation takes a turn, in market-value
//! order, running through the round's steps (tile, token, run, dividend,
//! trains, finance, and any the title defines in Lua).

use crate::game::rules::{Defined, MaybeAnswer};
use crate::args;
use super::Engine;
use crate::game::action::{Action, DividendKind};
use crate::game::flow::{OperatingRound, RoundData};
use crate::game::graph::city_stop;
use crate::game::ids::*;
use crate::game::market::value_order;
use crate::game::ops::{GameError, GameResult, Refusal};
use crate::game::state::EndTrigger;
use crate::game::trains::train_limit;
use crate::game::var::Var;
use crate::game::refusals::RuleKey;
use crate::title::schema::{EndCellTurn, StepKind};

impl<'a> Engine<'a> {
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

    /// The steps of the current round, in order, borrowed from the title.
    pub(super) fn steps(&self) -> &'a [String] {
        let t: &'a crate::title::Title = self.t;
        t.flow.round(&self.st.flow.round.name).map_or(&[], |r| &r.steps)
    }

    pub(super) fn anytime_steps(&self) -> &'a [String] {
        let t: &'a crate::title::Title = self.t;
        t.flow.round(&self.st.flow.round.name).map_or(&[], |r| &r.anytime)
    }

    /// The kind of a step of the flow (`check` makes sure every step named
    /// has one; a name that has none is treated as a script step).
    pub(super) fn step_kind(&self, name: &str) -> StepKind {
        self.t.flow.step_kind(name).unwrap_or(StepKind::Script)
    }

    pub(super) fn current_step(&self) -> Option<&'a str> {
        self.steps().get(self.or().step).map(String::as_str)
    }

    /// The next corporation to operate: not yet done, by market value
    /// (re-evaluated before each turn, or fixed when the round starts).
    fn next_operator(&mut self) -> GameResult<Option<CorpId>> {
        let done = self.or().done.clone();
        let eligible = |st: &crate::game::state::GameState, c: CorpId| {
            let x = &st.corps[c];
            // Without a president nobody can run it (1844's SBB, A-31).
            x.in_play && x.floated && !x.closed && x.price.is_some() && st.president(c).is_some()
        };
        if self.t.settings.operating_order == crate::title::schema::OperatingOrder::Fixed {
            if self.or().order.is_none() {
                let mut order: Vec<CorpId> = self.st.corp_ids().filter(|c| eligible(self.st, *c)).collect();
                order.sort_by(|a, b| value_order(self.t, self.st, *a, *b));
                self.or_mut().order = Some(order);
            }
            let order = self.or().order.clone().unwrap_or_default();
            return Ok(order.into_iter().find(|c| !done.contains(c) && eligible(self.st, *c)));
        }
        let mut order: Vec<CorpId> = self.st.corp_ids().filter(|c| eligible(self.st, *c) && !done.contains(c)).collect();
        order.sort_by(|a, b| value_order(self.t, self.st, *a, *b));
        let ids: Vec<String> = order.iter().map(|c| self.st.corps[*c].id.clone()).collect();
        if let Some(list) = self.rules.hook("operating_order", self.st, self.fx, args![ids])?.strings(0)? {
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
                    self.fx.event("round_ended", [("round", Var::Str(self.st.flow.round.name.clone()))]);
                    self.dispatch()?;
                    self.next_round()?;
                    return Ok(true);
                }
            }
        };
        // Closed, or merged into another (no longer floated): its turn ends.
        if self.st.corps[corp].closed || !self.st.corps[corp].floated {
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
        let step: &'a str = &steps[i];
        if !self.or().turn.step_started {
            self.or_mut().turn.step_started = true;
            if self.heard("step_started") {
                let id = self.st.corps[corp].id.clone();
                self.fx.event("step_started", [("corp", Var::Str(id)), ("step", Var::Str(step.to_string()))]);
            }
            self.dispatch()?;
            // A handler may have closed the corporation or ended the game.
            return Ok(true);
        }
        let done = self.or().turn.done_steps.contains(step);
        if done || self.step_skips(corp, step)? {
            if self.heard("step_ended") {
                let id = self.st.corps[corp].id.clone();
                self.fx.event("step_ended", [("corp", Var::Str(id)), ("step", Var::Str(step.to_string())), ("skipped", Var::Bool(!done))]);
            }
            let or = self.or_mut();
            or.step += 1;
            or.turn.step_started = false;
            self.dispatch()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn start_turn(&mut self, corp: CorpId) -> GameResult<()> {
        let or = self.or_mut();
        or.current = Some(corp);
        or.step = 0;
        or.turn = Default::default();
        let id = self.st.corps[corp].id.clone();
        let pres = self.st.president(corp).map(|p| self.st.players[p as usize].name.clone()).unwrap_or_default();
        self.fx.log.push(format!("{id} operates (president {pres}, {} in treasury)", self.t.money(self.st.corps[corp].cash)));
        if self.t.settings.home_token == crate::title::schema::HomeToken::FirstTurn && self.st.corps[corp].operated == 0 {
            self.ops().place_home(corp)?;
        }
        self.end_cell_turn_begins(corp)?;
        if self.heard("turn_started") {
            self.fx.event("turn_started", [("corp", Var::Str(id))]);
        }
        Ok(())
    }

    fn end_turn(&mut self, corp: CorpId) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        // A corporation merged away during its turn starts again unoperated.
        if !self.st.corps[corp].closed && self.st.corps[corp].floated {
            self.st.corps[corp].operated += 1;
        }
        let or = self.or_mut();
        or.done.push(corp);
        or.current = None;
        or.step = 0;
        or.turn = Default::default();
        if self.heard("turn_ended") {
            self.fx.event("turn_ended", [("corp", Var::Str(id))]);
        }
        self.dispatch()?;
        let end = match &self.st.end_trigger {
            Some(EndTrigger::AfterTurnOf { corp: c, reason }) if *c == corp => Some(reason.clone()),
            Some(EndTrigger::AfterFirstFlaggedTurn { reason }) if self.t.settings.end_cell_turn == EndCellTurn::Reached && self.st.corps[corp].reached_end => Some(reason.clone()),
            _ => None,
        };
        if let Some(reason) = end {
            self.finish(&reason)?;
        }
        Ok(())
    }

    /// With `end_cell_turn = "standing"` (the 1998 game kit of 1849,
    /// E-21), a game-end space reached outside a corporation's own turn
    /// ends the game after the turn of the first corporation that stands
    /// on one when its turn begins; with `"reached"` (1849-R-176, A-27)
    /// `end_turn` ends it after the first that has reached one.
    fn end_cell_turn_begins(&mut self, corp: CorpId) -> GameResult<()> {
        if self.t.settings.end_cell_turn != EndCellTurn::Standing {
            return Ok(());
        }
        // The trigger of a move that has just happened (the end of the
        // stock round) is set when its event is handled.
        self.dispatch()?;
        if !matches!(self.st.end_trigger, Some(EndTrigger::AfterFirstFlaggedTurn { .. })) {
            return Ok(());
        }
        let standing = self.st.corps[corp].price.is_some_and(|pos| {
            self.t.market.cell(pos.row as usize, pos.col as usize).is_some_and(|cell| cell.flags.iter().filter_map(|f| self.t.market.flag(*f)).any(|f| f.ends_game))
        });
        if standing && let Some(EndTrigger::AfterFirstFlaggedTurn { reason }) = self.st.end_trigger.take() {
            self.st.end_trigger = Some(EndTrigger::AfterTurnOf { corp, reason });
        }
        Ok(())
    }

    /// Steps with nothing to do are skipped without a pass.
    fn step_skips(&mut self, corp: CorpId, step: &str) -> GameResult<bool> {
        if crate::game::corp_state::skips_step(self.t, self.st, corp, step) {
            return Ok(true);
        }
        let kind = self.step_kind(step);
        let trains = self.st.trains_of(corp);
        Ok(match kind {
            StepKind::RunRoutes => {
                let searchable = !trains.is_empty() && super::run::has_route(self.t, self.st, corp);
                self.run_without_routes(corp, searchable)?
            }
            StepKind::Dividend if self.or().turn.revenue.unwrap_or(0) == 0 => {
                let id = self.st.corps[corp].id.clone();
                let why = if trains.is_empty() { "has no train" } else if self.or().turn.routes.is_empty() { "has no route" } else { "earns nothing" };
                self.fx.log.push(format!("{id} {why} and pays no dividend"));
                // No revenue: nothing to pay; the price moves as for a withhold.
                self.apply_dividend(corp, DividendKind::Withhold, 0)?;
                true
            }
            StepKind::PlaceToken => !self.can_place_any_token(corp)?,
            StepKind::LayTile => !self.can_lay_any_tile(corp)?,
            StepKind::BuyTrain => !self.can_buy_any_train(corp)?,
            StepKind::IssueShares => !self.can_issue_or_redeem(corp)?,
            StepKind::Script => {
                let skip = self.rules.call(Defined::Step, step, "skip", self.st, self.fx, args![self.st.corps[corp].id.clone()])?.bool(0)?;
                skip.unwrap_or(false)
            }
            _ => false,
        })
    }

    /// Is any token placement legal now? (The step is skipped otherwise.)
    /// Checked directly rather than by trying moves: this runs at every
    /// operating turn.
    fn can_place_any_token(&mut self, corp: CorpId) -> GameResult<bool> {
        let c = &self.st.corps[corp];
        let affordable = match c.tokens.iter().find(|t| t.placed.is_none() && !t.lost) {
            Some(t) => c.cash >= t.cost,
            None => false,
        };
        if !affordable {
            return Ok(false);
        }
        // The id is made only for a title that hooks the question.
        let id = self.rules.has_hook("can_place_token").then(|| c.id.clone());
        for mv in super::legal::token_moves(self, corp) {
            let Action::PlaceToken { hex, city } = &mv.action else { continue };
            let Some(h) = self.t.map.hex(hex) else { continue };
            let Some(stop) = city_stop(self.t, self.st, h, *city) else { continue };
            if self.ops().check_token(corp, h, stop, false).is_err() {
                continue;
            }
            if let Some(id) = &id && self.rules.check("can_place_token", self.st, self.fx, args![id.clone(), hex.clone()]).is_err() {
                continue;
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// Is any tile lay legal now (and affordable)? The step is skipped
    /// otherwise. Checked directly, like tokens.
    fn can_lay_any_tile(&mut self, corp: CorpId) -> GameResult<bool> {
        let cash = self.st.corps[corp].cash;
        // The id is made only for a title that hooks the question.
        let id = self.rules.has_hook("can_lay_tile").then(|| self.st.corps[corp].id.clone());
        // Stops at the first affordable lay the title allows (free hexes
        // first: an existence check, in any order the same answer).
        super::legal::each_tile_lay(self, corp, super::legal::HexOrder::FreeFirst, |e, h, ti, plan| {
            if let Some(id) = &id {
                let (hex, tile) = (e.t.map.hexes[h as usize].label.clone(), e.t.tiles[ti as usize].name.clone());
                if e.rules.check("can_lay_tile", e.st, e.fx, args![id.clone(), hex, tile, plan.fit.rotation]).is_err() {
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
            return self.refuse(RuleKey::FlowWrongStep, format!("{}'s steps are done: buy a company or `pass` to end the turn", self.st.corps[corp].id));
        };
        let kind = self.step_kind(step);
        match (kind, action) {
            (StepKind::LayTile, Action::LayTile { hex, tile, rotation }) => self.lay_tile(corp, hex, tile, *rotation)?,
            (StepKind::PlaceToken, Action::PlaceToken { hex, city }) => self.place_token(corp, hex, *city)?,
            (StepKind::RunRoutes, Action::Run { routes }) => self.run_trains(corp, routes)?,
            (StepKind::Dividend, Action::Dividend { kind: DividendKind::Half }) if !self.t.settings.half_dividend => {
                return self.refuse(RuleKey::DividendChoose, "the whole revenue is paid out or withheld: choose `payout` or `withhold`");
            }
            (StepKind::Dividend, Action::Dividend { kind }) if !crate::game::corp_state::allows_dividend(self.t, self.st, corp, super::super::payout::kind_name(*kind)) => {
                let allowed = crate::game::corp_state::state_of(self.t, self.st, corp).and_then(|s| s.dividends.clone()).unwrap_or_default();
                return Err(crate::game::corp_state::state_refusal(self.t, self.st, corp, &format!("it may choose only {}", allowed.join(" or "))));
            }
            (StepKind::Dividend, Action::Dividend { kind }) => {
                let revenue = self.or().turn.revenue.unwrap_or(0);
                self.apply_dividend(corp, *kind, revenue)?;
                self.step_done(step);
            }
            (StepKind::BuyTrain, Action::BuyTrain { train, variant, price }) => self.buy_train(corp, train, variant.as_deref(), *price)?,
            (StepKind::BuyTrain, Action::Sell { corp: target, percent, certs, tag }) => {
                let Some(pres) = self.st.president(corp) else { return self.refuse(RuleKey::EmrNoPresident, "no president") };
                let c = self.find_corp(target)?;
                let (percent, certs) = self.sell_what(pres, c, *percent, certs.as_deref(), tag.as_deref())?;
                self.emergency_sell(corp, target, percent, certs.as_deref())?
            }
            (StepKind::IssueShares, Action::Issue { count, certs }) => self.issue(corp, *count, certs.as_deref())?,
            (StepKind::IssueShares, Action::Redeem { cert }) => self.redeem(corp, *cert)?,
            (StepKind::Script, Action::Script { name, args }) => {
                let id = self.st.corps[corp].id.clone();
                let done = self.rules.call(Defined::Step, step, "process", self.st, self.fx, args![id, name.clone(), Var::Map(args.clone())])?.bool(0)?;
                if done.unwrap_or(true) {
                    self.step_done(step);
                }
            }
            (_, Action::Pass) => self.pass_step(corp, step, kind)?,
            _ => {
                self.explain_out_of_step(corp, action)?;
                return self.refuse(
                    RuleKey::FlowWrongStep,
                    format!("{} is at the {} step; `{action}` is not possible now (see `moves`)", self.st.corps[corp].id, step.replace('_', " ")),
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
        let id = self.st.corps[corp].id.clone();
        let turn = &self.or().turn;
        let (tiles, tokens, issued, redeemed) = (turn.tiles, turn.tokens, turn.issued, turn.redeemed);
        match action {
            Action::LayTile { .. } if tiles >= self.tile_lay_limit(corp)? => {
                self.refuse(RuleKey::TileOnePerTurn, format!("only one tile may be laid per turn; {id} has laid its tile"))
            }
            Action::PlaceToken { .. } if tokens >= 1 => self.refuse(RuleKey::TokenOnePerTurn, format!("only one station token may be placed per turn; {id} has placed one")),
            Action::BuyTrain { .. } if self.st.trains_of(corp).len() as u32 >= train_limit(self.t, self.st, corp) => {
                let limit = train_limit(self.t, self.st, corp);
                self.refuse(RuleKey::TrainLimit, format!("{id} already has {limit} trains, the limit in this phase"))
            }
            Action::Issue { .. } if redeemed > 0 || issued > 0 => self.refuse(RuleKey::IssueEither, format!("{id} may issue or buy back once per turn, not both")),
            Action::Redeem { .. } if redeemed > 0 || issued > 0 => self.refuse(RuleKey::RedeemEither, format!("{id} may issue or buy back once per turn, not both")),
            Action::Issue { .. } if self.current_step().is_some_and(|s| self.step_kind(s) == StepKind::BuyTrain) && self.must_buy_train(corp)? => {
                self.refuse(RuleKey::EmrNoIssue, format!("{id} must buy a train first; it may not issue shares to pay for it"))
            }
            _ => Ok(()),
        }
    }

    pub(super) fn step_done(&mut self, step: &str) {
        self.or_mut().turn.done_steps.insert(step.to_string());
    }

    fn pass_step(&mut self, corp: CorpId, step: &str, kind: StepKind) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        self.rules.check("can_pass", self.st, self.fx, args![id.clone(), step.to_string()])?;
        match kind {
            StepKind::RunRoutes => return self.refuse(RuleKey::RunMustRun, format!("{id} must run its trains (`run auto` runs the best routes)")),
            StepKind::Dividend => return self.refuse(RuleKey::DividendChoose, "choose `payout` or `withhold`"),
            StepKind::BuyTrain if self.must_buy_train(corp)? => {
                if self.emergency_hopeless(corp)? {
                    return self.emergency_failed(corp);
                }
                return self.refuse(RuleKey::TrainMustBuy, format!("{id} has no train and a route: it must buy a train"));
            }
            StepKind::Script => {
                let optional = self.rules.call(Defined::Step, step, "may_pass", self.st, self.fx, args![id.clone()])?.bool(0)?;
                if optional == Some(false) {
                    return self.refuse(RuleKey::StepMustAct, format!("the {} step cannot be passed", step.replace('_', " ")));
                }
            }
            _ => {}
        }
        self.step_done(step);
        Ok(())
    }

    // ------------------------------------------------------------ tiles

    /// Actions open at any step: buying companies, company abilities.
    fn try_anytime(&mut self, corp: CorpId, action: &Action) -> GameResult<bool> {
        match action {
            Action::BuyCompany { company, price: Some(price) } if self.anytime_steps().iter().any(|s| self.step_kind(s) == StepKind::BuyCompany) => {
                self.corp_buys_company(corp, company, *price)?;
                Ok(true)
            }
            // An ability without `process` only answers questions.
            Action::Script { name, args } if self.rules.is_ability(name) => Ok(self.apply_ability(Actor::Corp(corp), name, args)?.unwrap_or(false)),
            _ => Ok(false),
        }
    }

    /// Could the corporation still buy a company or use an ability?
    fn anytime_possible(&mut self, corp: CorpId) -> GameResult<bool> {
        let buy = self.anytime_steps().iter().any(|s| self.step_kind(s) == StepKind::BuyCompany)
            && self.st.corps[corp].cash >= 1
            && self.st.company_ids().any(|co| matches!(self.st.companies[co].owner, CompanyOwner::Player(_)) && self.company_purchase_barred(corp, co).is_none());
        if buy {
            return Ok(true);
        }
        self.any_ability_move(Actor::Corp(corp))
    }

}


#[allow(dead_code)]
fn refusal(message: String) -> GameError {
    GameError::Refused(Refusal { message, rule: None })
}

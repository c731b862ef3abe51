//! The engine: applies actions, moves the game through its rounds and
//! steps, asks title scripts at the hook points, and lists legal moves.
//!
//! `Engine` borrows the state for one action. The public entry points are
//! `apply` and `legal_moves`; `Game` (in `game/mod.rs`) wraps them with the
//! snapshot that makes every action atomic.

mod abilities;
mod auction;
mod raise;
mod legal;
mod operating;
mod track;
mod dividends;
mod train_buying;
mod treasury;
mod pending;
pub mod rounds;
pub mod run;
mod presidency;
mod stalemate;
mod stock;

use super::action::{Action, LegalMove};
use super::flow::RoundData;
use super::ids::*;
use super::ops::{Effects, GameError, GameResult, Ops};
use super::state::GameState;
use super::rules::{Defined, MaybeAnswer, TitleRules};
use crate::args;
use crate::title::Title;
use crate::game::refusals::RuleKey;

pub struct Engine<'a> {
    pub t: &'a Title,
    pub st: &'a mut GameState,
    pub fx: &'a mut Effects,
    /// The title's own rules (its scripts), the only way the engine
    /// reaches them.
    pub rules: &'a dyn TitleRules,
}

/// Who must act now: the pending decision's actor, else the round's.
pub fn current_actor(_t: &Title, st: &GameState) -> Option<Actor> {
    if st.ended.is_some() {
        return None;
    }
    if let Some(p) = st.flow.pending.last() {
        return Some(p.actor);
    }
    match &st.flow.round.data {
        RoundData::Auction(a) => Some(Actor::Player(a.current)),
        RoundData::Stock(s) => Some(Actor::Player(s.current)),
        RoundData::Operating(o) => o.current.map(Actor::Corp),
        RoundData::Script(s) => s.current,
        RoundData::None => None,
    }
}

impl<'a> Engine<'a> {
    /// An engine for one action (`apply` then starts the action's script
    /// budget) or one question about the moves (a query's budget).
    pub fn new(t: &'a Title, st: &'a mut GameState, fx: &'a mut Effects, rules: &'a dyn TitleRules) -> Self {
        rules.begin_query();
        Engine { t, st, fx, rules }
    }

    pub fn ops(&mut self) -> Ops<'_> {
        Ops::new(self.t, self.st, self.fx)
    }

    pub fn refuse<T>(&self, rule_key: RuleKey, message: impl Into<String>) -> GameResult<T> {
        Err(super::ops::refusal(self.t, rule_key, message))
    }

    /// Hands queued events to the title's handlers until none are left.
    /// Certificates counted toward a player's limit: the core's count
    /// (`shares::cert_count`), or what the title's `certificate_count`
    /// hook makes of it.
    pub fn cert_count(&mut self, p: PlayerId) -> GameResult<u32> {
        let base = crate::game::shares::cert_count(self.t, self.st, p);
        if !self.rules.has_hook("certificate_count") {
            return Ok(base);
        }
        let name = self.st.players[p as usize].name.clone();
        let n = self.rules.hook("certificate_count", self.st, self.fx, args![name, base])?.int(0)?;
        match n {
            None => Ok(base),
            Some(n) if (0..=crate::limits::MAX_COUNT).contains(&n) => Ok(n as u32),
            Some(n) => Err(GameError::Script(format!("script error in hook 'certificate_count': {n} is not a count of certificates (0 to {})", crate::limits::MAX_COUNT))),
        }
    }

    /// Whether an event would reach anyone: a handler of the title, or the
    /// events kept for an observer (`Effects::keep`). The events of every
    /// step and turn of an operating round (two per step, two per turn)
    /// are made only then: most titles handle none of them, and making
    /// each one and passing it along was 4 % of a random 1849 game.
    /// Not for the events the core reacts to itself (`core_reaction`).
    pub(super) fn heard(&self, event: &str) -> bool {
        self.fx.keep || self.rules.has_handlers(event)
    }

    pub fn dispatch(&mut self) -> GameResult<()> {
        let mut guard = 0;
        while !self.fx.events.is_empty() {
            guard += 1;
            if guard > 10_000 {
                return Err(GameError::Script("events kept triggering each other (more than 10000): a handler loop?".into()));
            }
            let ev = self.fx.events.remove(0);
            self.core_reaction(&ev)?;
            self.rules.emit(&ev, self.st, self.fx)?;
            if self.fx.keep {
                self.fx.kept.push(ev);
            }
        }
        Ok(())
    }

    /// Reactions of the core to events (game-end triggers, closures).
    fn core_reaction(&mut self, ev: &super::ops::Event) -> GameResult<()> {
        use super::state::EndTrigger;
        match ev.name.as_str() {
            "bank_broken" if self.st.end_trigger.is_none() => {
                let in_or = matches!(self.st.flow.round.data, RoundData::Operating(_));
                let reason = "bank".to_string();
                self.st.end_trigger = Some(if in_or {
                    EndTrigger::EndOfSet { reason }
                } else {
                    EndTrigger::AfterNextSet { reason }
                });
                self.fx.log.push("the bank is broken: the game will end".into());
            }
            "end_cell_reached" => {
                let corp = ev.args.get("corp").and_then(|v| v.as_str()).and_then(|id| self.st.corp_index(id));
                let operating = match &self.st.flow.round.data {
                    RoundData::Operating(o) => o.current,
                    _ => None,
                };
                let reason = "stock_market".to_string();
                let trigger = match (corp, operating) {
                    (Some(c), Some(o)) if c == o => EndTrigger::AfterTurnOf { corp: c, reason },
                    _ => EndTrigger::AfterFirstFlaggedTurn { reason },
                };
                let replace = matches!(self.st.end_trigger, None | Some(EndTrigger::EndOfSet { .. }) | Some(EndTrigger::AfterNextSet { .. }));
                if replace {
                    let before = self.st.end_trigger.replace(trigger);
                    // Standing on the end space when its turn begins may
                    // never happen (the game kit's E-21): the bank's end
                    // it replaced still holds then.
                    if self.t.settings.end_cell_turn == crate::title::schema::EndCellTurn::Standing
                        && matches!(self.st.end_trigger, Some(EndTrigger::AfterFirstFlaggedTurn { .. }))
                    {
                        self.st.end_fallback = before;
                    }
                }
            }
            "closing_cell_reached" => {
                if let Some(c) = ev.args.get("corp").and_then(|v| v.as_str()).and_then(|id| self.st.corp_index(id)) {
                    self.ops().close_corp(c)?;
                }
            }
            "end_game_requested" => {
                let reason = ev.args.get("reason").and_then(|v| v.as_str()).unwrap_or("script").to_string();
                self.finish(&reason)?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Applies one action by the current actor.
    pub fn apply(&mut self, action: &Action) -> GameResult<()> {
        if self.st.ended.is_some() {
            return Err(GameError::Invalid("the game is over".into()));
        }
        self.rules.begin_action();
        self.st.action_count += 1;
        if !self.st.flow.pending.is_empty() {
            self.pending_action(action)?;
        } else {
            match &self.st.flow.round.data {
                RoundData::Auction(_) => self.auction_action(action)?,
                RoundData::Stock(_) => self.stock_action(action)?,
                RoundData::Operating(_) => self.operating_action(action)?,
                RoundData::Script(_) => self.script_round_action(action)?,
                RoundData::None => return Err(GameError::Invalid("the game has not started".into())),
            }
        }
        self.settle()
    }

    /// After an action: run event handlers, skip steps with nothing to do,
    /// end turns and rounds, until a decision is needed or the game ends.
    pub fn settle(&mut self) -> GameResult<()> {
        for _ in 0..10_000 {
            self.dispatch()?;
            if self.st.ended.is_some() {
                return Ok(());
            }
            if let Some(reason) = self.rules.hook("game_end_check", self.st, self.fx, args![])?.string(0)? {
                self.finish(&reason)?;
                return Ok(());
            }
            if self.st.players.iter().filter(|p| !p.left).count() <= 1 && self.st.players.len() > 1 {
                self.finish("one_player")?;
                return Ok(());
            }
            if !self.st.flow.pending.is_empty() {
                // A payment to raise is made (or given up) by itself once it can be.
                if self.raise_progress()? {
                    continue;
                }
                return Ok(());
            }
            let progressed = match &self.st.flow.round.data {
                RoundData::Auction(_) => self.auction_progress()?,
                RoundData::Stock(_) => self.stock_progress()?,
                RoundData::Operating(_) => self.operating_progress()?,
                RoundData::Script(s) if s.finished => {
                    self.next_round()?;
                    true
                }
                RoundData::Script(_) => false,
                RoundData::None => {
                    self.next_round()?;
                    true
                }
            };
            if !progressed {
                self.dispatch()?;
                return Ok(());
            }
        }
        Err(GameError::Invalid("the game could not settle after 10000 automatic steps".into()))
    }

    pub fn legal_moves(&mut self) -> GameResult<Vec<LegalMove>> {
        legal::legal_moves(self)
    }

    fn script_round_action(&mut self, action: &Action) -> GameResult<()> {
        let name = self.st.flow.round.name.clone();
        let (act, args) = match action {
            Action::Script { name, args } => (name.clone(), args.clone()),
            Action::Pass => ("pass".to_string(), std::collections::BTreeMap::new()),
            Action::Bid { company, price } => {
                let mut m = std::collections::BTreeMap::new();
                m.insert("company".to_string(), crate::game::var::Var::Str(company.clone()));
                m.insert("price".to_string(), crate::game::var::Var::Int(*price));
                ("bid".to_string(), m)
            }
            // Its own key: a title names the rule that keeps this round to itself (1844-R-019).
            _ => return self.refuse(RuleKey::FlowScriptRound, format!("in the {name} round only its own actions are possible")),
        };
        let act = &act;
        let args = crate::game::var::Var::Map(args.clone());
        let actor = current_actor(self.t, self.st).map(|a| match a {
            Actor::Player(p) => self.st.players[p as usize].name.clone(),
            Actor::Corp(c) => self.st.corps[c].id.clone(),
        });
        let done = match self.rules.call(Defined::Step, &name, "process", self.st, self.fx, args![actor, act.clone(), args])? {
            None => None,
            Some(answer) => Some(answer.bool(0)?.unwrap_or(false)),
        };
        if done.is_none() {
            return self.refuse(RuleKey::FlowWrongRound, format!("the {name} round has no script step `{name}` to process `{act}`"));
        }
        if done == Some(true)
            && let RoundData::Script(s) = &mut self.st.flow.round.data
        {
            s.finished = true;
        }
        Ok(())
    }
}

/// Candidate moves (a superset of the legal ones), cheap to compute.
pub fn legal_candidates(e: &mut Engine) -> GameResult<Vec<LegalMove>> {
    legal::candidates(e)
}

/// Whether passing is the only legal move (stops at the first other one).
pub fn only_move_is_pass(e: &mut Engine) -> GameResult<bool> {
    legal::only_move_is_pass(e)
}

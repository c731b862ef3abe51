//! The sequence of rounds: opening rounds once, then the cycle (stock
//! round, set of operating rounds) until the game ends; final values.

use crate::args;
use crate::game::rules::MaybeAnswer;
use super::Engine;
use crate::game::flow::*;
use crate::game::ids::*;
use crate::game::market::{Dir, price_of, value_order};
use crate::game::ops::GameResult;
use crate::game::state::{EndTrigger, GameEnd};
use crate::game::var::Var;
use crate::title::schema::RoundKind;

impl Engine<'_> {
    /// Moves to the next round in the title's flow.
    pub fn next_round(&mut self) -> GameResult<()> {
        let flow = &self.t.flow;
        // Operating rounds of a set: keep going while the set lasts.
        if matches!(self.st.flow.round.data, RoundData::Operating(_)) && self.st.flow.set_index < self.st.flow.set_size {
            self.st.flow.set_index += 1;
            let name = self.st.flow.round.name.clone();
            return self.start_round(&name);
        }
        // A set of operating rounds just ended: scripts hear of it (1844
        // exports a train), then triggers waiting for it fire.
        if matches!(self.st.flow.round.data, RoundData::Operating(_)) {
            self.fx.event("set_ended", [("round", Var::Str(self.st.flow.round.name.clone()))]);
            self.dispatch()?;
            if self.st.ended.is_some() {
                return Ok(());
            }
            // The trigger, and a bank's end another trigger took the place
            // of while that one may come to nothing (`end_fallback`).
            for trigger in [self.st.end_trigger.clone(), self.st.end_fallback.clone()].into_iter().flatten() {
                match trigger {
                    EndTrigger::EndOfSet { reason } => return self.finish(&reason),
                    // The set after the stock round in which the bank broke.
                    EndTrigger::AfterNextSet { reason } if self.st.vars.get("railhead.after_next_set_armed").is_some() => return self.finish(&reason),
                    _ => {}
                }
            }
        }
        let next: String = match self.st.flow.opening {
            Some(i) if i + 1 < flow.opening.len() => {
                self.st.flow.opening = Some(i + 1);
                flow.opening[i + 1].clone()
            }
            Some(_) => {
                self.st.flow.opening = None;
                self.st.flow.cycle = 0;
                flow.cycle.first().cloned().unwrap_or_default()
            }
            None if matches!(self.st.flow.round.data, RoundData::None) && !flow.opening.is_empty() => {
                self.st.flow.opening = Some(0);
                flow.opening[0].clone()
            }
            None if matches!(self.st.flow.round.data, RoundData::None) => {
                self.st.flow.cycle = 0;
                flow.cycle.first().cloned().unwrap_or_default()
            }
            None => {
                self.st.flow.cycle = (self.st.flow.cycle + 1) % flow.cycle.len().max(1);
                flow.cycle.get(self.st.flow.cycle).cloned().unwrap_or_default()
            }
        };
        let (name, repeated) = match next.strip_suffix('*') {
            Some(n) => (n.to_string(), true),
            None => (next.clone(), false),
        };
        if repeated {
            self.st.flow.set_size = self.t.phases[self.st.phase].operating_rounds.max(1);
            self.st.flow.set_index = 1;
            if [&self.st.end_trigger, &self.st.end_fallback].iter().any(|t| matches!(t, Some(EndTrigger::AfterNextSet { .. }))) {
                self.st.vars.insert("railhead.after_next_set_armed".into(), Var::Bool(true));
            }
        } else {
            self.st.flow.set_size = 1;
            self.st.flow.set_index = 1;
        }
        self.start_round(&name)
    }

    pub fn start_round(&mut self, name: &str) -> GameResult<()> {
        let Some(def) = self.t.flow.round(name).cloned() else {
            return Err(crate::game::ops::GameError::Invalid(format!("unknown round '{name}'")));
        };
        // The title may leave a round out this time (1844: the auction of
        // the privates once they are all sold; the stock round after an
        // auction nobody bid in). It ends at once, unannounced.
        if self.rules.hook("skip_round", self.st, self.fx, args![name.to_string(), def.kind.name()])?.bool(0)?.unwrap_or(false) {
            self.st.flow.round = Round { name: name.to_string(), data: RoundData::Script(ScriptRound { current: None, finished: true, ..Default::default() }) };
            return Ok(());
        }
        let first = self.first_player();
        let data = match def.kind {
            RoundKind::Auction => RoundData::Auction(AuctionRound { current: first, ..Default::default() }),
            RoundKind::Stock => {
                if self.stalemate() {
                    return self.finish("stalemate");
                }
                self.st.flow.stock_rounds += 1;
                // Written only where set: a write copies a corporation
                // the state shares with its snapshots (`Shared`).
                for c in self.st.corps.iter_mut().filter(|c| c.closed) {
                    c.closed = false;
                }
                let order = self.player_order()?;
                let current = order.first().copied().unwrap_or(first);
                RoundData::Stock(StockRound { current, order, ..Default::default() })
            }
            RoundKind::Operating => RoundData::Operating(OperatingRound::default()),
            RoundKind::Script => RoundData::Script(ScriptRound { current: Some(Actor::Player(first)), ..Default::default() }),
        };
        self.st.flow.round = Round { name: name.to_string(), data };
        let label = self.round_label();
        self.fx.log.push(format!("-- {label} --"));
        self.fx.event("round_started", [("round", Var::Str(name.to_string())), ("kind", Var::Str(def.kind.name().to_string()))]);
        if def.kind == RoundKind::Operating {
            self.ops().pay_company_revenue()?;
        }
        Ok(())
    }

    /// The order of turns in a stock round: the title's `player_order`
    /// hook, or seating order starting with the priority holder.
    pub fn player_order(&mut self) -> GameResult<Vec<PlayerId>> {
        if let Some(names) = self.rules.hook("player_order", self.st, self.fx, args![])?.strings(0)? {
            let order: Vec<PlayerId> = names.iter().filter_map(|n| self.st.player_index(n)).filter(|p| !self.st.players[*p as usize].left).collect();
            if !order.is_empty() {
                return Ok(order);
            }
        }
        let first = self.first_player();
        let mut order = vec![first];
        let mut p = first;
        for _ in 1..self.st.players.len() {
            p = self.st.next_player(p);
            if !order.contains(&p) {
                order.push(p);
            }
        }
        Ok(order)
    }

    /// The player with priority (skipping players who left).
    pub fn first_player(&self) -> PlayerId {
        let p = self.st.priority;
        if self.st.players.get(p as usize).is_some_and(|x| !x.left) { p } else { self.st.next_player(p) }
    }

    /// "SR 3", "OR 2.1", "auction".
    pub fn round_label(&self) -> String {
        let kind = self.t.flow.round(&self.st.flow.round.name).map(|r| r.kind);
        match kind {
            Some(RoundKind::Stock) => format!("stock round {}", self.st.flow.stock_rounds),
            Some(RoundKind::Operating) => format!("operating round {}.{} of {}", self.st.flow.stock_rounds, self.st.flow.set_index, self.st.flow.set_size),
            _ => self.st.flow.round.name.replace('_', " "),
        }
    }

    /// End of a stock round: priority, then price moves in market-value order.
    pub fn end_stock_round(&mut self, last_trader: Option<PlayerId>) -> GameResult<()> {
        if let Some(p) = last_trader {
            self.st.priority = self.st.next_player(p);
        }
        let mut corps: Vec<CorpId> = self.st.corp_ids().filter(|c| self.st.corps[*c].started && self.st.corps[*c].price.is_some()).collect();
        corps.sort_by(|a, b| value_order(self.t, self.st, *a, *b));
        let pool_move = self.t.settings.sr_pool_move.dir();
        for c in corps {
            let pool = self.st.percent(c, CertOwner::Pool);
            let treasury = self.st.percent(c, CertOwner::Treasury);
            if pool > 0 {
                if let Some(d) = pool_move {
                    self.ops().move_price(c, d, 1)?;
                }
            } else if treasury == 0 && self.may_rise_at_sr_end(c) && crate::game::corp_state::state_of(self.t, self.st, c).is_none_or(|s| s.sold_out_rise) {
                self.ops().move_price(c, Dir::Up, 1)?;
            }
        }
        self.fx.event("stock_round_ended", []);
        // Handlers see the round's end before the next round starts (1844
        // sets the next turn order by the cash held now, before any
        // operating-round income, R-064).
        self.dispatch()
    }

    fn may_rise_at_sr_end(&self, c: CorpId) -> bool {
        let Some(pos) = self.st.corps[c].price else { return false };
        let Some(cell) = self.t.market.cell(pos.row as usize, pos.col as usize) else { return false };
        cell.flags.iter().filter_map(|f| self.t.market.flag(*f)).all(|f| {
            f.no_sr_rise_before_phase.as_ref().is_none_or(|p| self.t.phase_index(p).is_some_and(|i| self.st.phase >= i))
        })
    }

    /// Ends the game now: final values and the reason.
    pub fn finish(&mut self, reason: &str) -> GameResult<()> {
        if self.st.ended.is_some() {
            return Ok(());
        }
        let values = self.player_values()?;
        self.st.flow.pending.clear();
        let end = GameEnd { reason: reason.to_string(), values: values.clone() };
        let winners: Vec<&str> = end.winners().into_iter().map(|i| self.st.players[i].name.as_str()).collect();
        let verdict = match winners.as_slice() {
            [one] => format!("{one} wins"),
            many => format!("{} share the victory", many.join(", ")),
        };
        let parts: Vec<String> =
            self.st.players.iter().zip(&values).map(|(p, v)| format!("{} {}", p.name, self.t.money(*v))).collect();
        self.fx.log.push(format!("game over ({reason}): {}; {verdict}", parts.join(", ")));
        self.st.ended = Some(end);
        self.fx.event("game_end", [("reason", Var::Str(reason.to_string()))]);
        Ok(())
    }

    /// Each player's value as the title scores it: the `player_value` hook
    /// on cash plus shares (1849: loans off, privates count nothing; 1844:
    /// debts off, activated mountain railways and tunnels on).
    pub fn player_values(&mut self) -> GameResult<Vec<i64>> {
        let mut values = Vec::new();
        for p in 0..self.st.players.len() as PlayerId {
            let base = self.base_value(p);
            let v = self.rules.hook("player_value", self.st, self.fx, args![self.st.players[p as usize].name.clone(), base])?.int(0)?;
            let default = if self.st.players[p as usize].left { 0 } else { base };
            // A final value may be negative: a player's debts can outweigh what they hold.
            values.push(match v {
                Some(v) => crate::game::money::from_hook("player_value", v, -crate::limits::MAX_AMOUNT)?,
                None => default,
            });
        }
        Ok(values)
    }

    /// Cash plus shares at market value. Bounded far inside `i64`: cash
    /// and every share price are within `limits::MAX_AMOUNT`, and a player
    /// holds at most 100 % of each corporation, so each term is at most
    /// 100 times the bound (10^14), and a title has no 90,000 corporations.
    pub fn base_value(&self, p: PlayerId) -> i64 {
        let mut v = self.st.players[p as usize].cash;
        for c in self.st.corp_ids() {
            let pct = self.st.percent(c, CertOwner::Player(p)) as i64;
            if pct > 0 {
                v += crate::game::shares::worth(self.t, self.st, c, price_of(self.t, self.st, c), pct);
            }
        }
        v
    }
}

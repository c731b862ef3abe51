//! Payments a player cannot make from cash (`PendingKind::RaiseMoney`,
//! asked by a title script with `game:raise_money`): emergency money
//! raising outside the train purchase. The player sells shares under the
//! emergency rules (the normal selling rules, and no sale may move a
//! presidency) until their cash covers the payment, which is then made at
//! once; surplus cash stays with them. When even selling everything they legally can would
//! not cover it, the core sells that, pays all their cash and lets the
//! script's handler decide the rest (`failed`).

use crate::game::rules::{Defined, Arg};
use super::Engine;
use crate::args;
use crate::game::action::Action;
use crate::game::flow::{Pending, PendingKind};
use crate::game::ids::*;
use crate::game::market::price_of;
use crate::game::ops::{Effects, GameError, GameResult};
use crate::game::refusals::RuleKey;

impl Engine<'_> {
    /// A sale toward the payment on top of the pending stack.
    pub(super) fn raise_action(&mut self, pending: &Pending, action: &Action) -> GameResult<()> {
        let Actor::Player(p) = pending.actor else { return Err(GameError::Invalid("only a player raises money".into())) };
        let Action::Sell { corp, percent, certs, tag } = action else {
            return self.raise_refusal(pending);
        };
        let c = self.find_corp(corp)?;
        let (percent, certs) = self.sell_what(p, c, *percent, certs.as_deref(), tag.as_deref())?;
        self.sell_shares(p, c, percent, certs.as_deref(), true)
    }

    pub(super) fn raise_refusal<T>(&self, pending: &Pending) -> GameResult<T> {
        let PendingKind::RaiseMoney { amount, .. } = &pending.kind else { unreachable!("not a payment to raise") };
        let who = match pending.actor {
            Actor::Player(p) => self.st.players[p as usize].name.clone(),
            Actor::Corp(c) => self.st.corps[c].id.clone(),
        };
        self.refuse(RuleKey::EmrRaise, format!("first: {who} must raise {} by selling shares (`sell CORP N`)", self.t.money(*amount)))
    }

    /// Settles the payment on top of the pending stack when it can be: paid
    /// once the player's cash covers it, or given up when no sales could
    /// cover it. Returns whether anything changed.
    pub(super) fn raise_progress(&mut self) -> GameResult<bool> {
        let Some(Pending { actor: Actor::Player(p), kind: PendingKind::RaiseMoney { to, amount, handler, data } }) = self.st.flow.pending.last().cloned() else {
            return Ok(false);
        };
        let name = self.st.players[p as usize].name.clone();
        if self.st.players[p as usize].cash >= amount {
            self.st.flow.pending.pop();
            self.ops().transfer(Purse::Player(p), to, amount)?;
            let to_name = self.ops().purse_name(to);
            self.fx.log.push(format!("{name} pays {} to {to_name}", self.t.money(amount)));
            self.call_raise_handler(&handler, "paid", args![name, amount, data])?;
            return Ok(true);
        }
        let sales = self.largest_sales(p);
        // Bounded like `base_value`: cash and a few sales at market prices.
        let power: i64 = self.st.players[p as usize].cash + sales.iter().map(|(c, pct)| crate::game::shares::worth(self.t, self.st, *c, price_of(self.t, self.st, *c), *pct as i64)).sum::<i64>();
        if power >= amount {
            return Ok(false);
        }
        // Hopeless: every legal sale, all the cash, and the script decides.
        self.st.flow.pending.pop();
        self.fx.log.push(format!("{name} cannot raise {} and sells every share they can", self.t.money(amount)));
        self.sell_everything(p, sales)?;
        let cash = self.st.players[p as usize].cash.min(amount);
        self.ops().transfer(Purse::Player(p), to, cash)?;
        let to_name = self.ops().purse_name(to);
        self.fx.log.push(format!("{name} pays {} of {} to {to_name}", self.t.money(cash), self.t.money(amount)));
        self.call_raise_handler(&handler, "failed", args![name, amount - cash, data])?;
        Ok(true)
    }

    fn call_raise_handler(&mut self, handler: &str, func: &str, args: Vec<Arg>) -> GameResult<()> {
        self.rules.call(Defined::Ability, handler, func, self.st, self.fx, args)?;
        Ok(())
    }

    /// Sales made for a player who must sell every share they legally can
    /// (1849-R-160): one after the other, each complete before the next and
    /// before the payment they are for. A sale that moves a presidency and
    /// leaves the outgoing president a choice of exchange certificates
    /// (1849-R-087) takes the first exchange that lets the sale be made:
    /// the money is due now, and the choice changes only which
    /// certificates end up where, not what the player is paid.
    pub(super) fn sell_everything(&mut self, p: PlayerId, sales: Vec<(CorpId, u32)>) -> GameResult<()> {
        for (c, pct) in sales {
            let waiting = self.st.flow.pending.len();
            self.sell_shares(p, c, pct, None, true)?;
            let exchange = match self.st.flow.pending.last() {
                Some(Pending { kind: PendingKind::PresidentSwap { corp, from, options, then_sell }, .. }) if self.st.flow.pending.len() > waiting => {
                    Some((*corp, *from, options.first().cloned().unwrap_or_default(), *then_sell))
                }
                _ => None,
            };
            if let Some((corp, from, given, then_sell)) = exchange {
                self.st.flow.pending.pop();
                self.complete_exchange(corp, p, from, &given, then_sell)?;
            }
        }
        Ok(())
    }

    /// Would an emergency sale of `pct` % of `c` by `p` be legal? Tried on a copy.
    pub(super) fn sale_possible(&mut self, p: PlayerId, c: CorpId, pct: u32) -> bool {
        let mut st = self.st.clone();
        let mut fx = Effects::default();
        let mut probe = Engine::new(self.t, &mut st, &mut fx, self.rules);
        probe.sell_shares(p, c, pct, None, true).is_ok()
    }

    /// The largest legal emergency sale (no presidency may change) of each
    /// corporation the player holds, in id order, tried on a copy.
    pub(super) fn largest_sales(&mut self, p: PlayerId) -> Vec<(CorpId, u32)> {
        let mut out = Vec::new();
        for c in self.st.corp_ids() {
            let held = self.st.percent(c, CertOwner::Player(p));
            let unit = crate::game::shares::sell_unit(self.st, c);
            let mut pct = held - held % unit;
            while pct >= unit {
                if self.sale_possible(p, c, pct) {
                    out.push((c, pct));
                    break;
                }
                pct -= unit;
            }
        }
        out
    }
}

/// The sales a player raising money may try (the legal ones are those `apply` accepts).
pub(super) fn raise_candidates(e: &Engine, p: PlayerId) -> Vec<Action> {
    e.st.corp_ids().flat_map(|c| crate::game::shares::sale_candidates(e.st, c, p)).collect()
}

//! The game's primitive operations, on plain state: money, certificates,
//! market moves, trains, tiles and tokens, starting and closing.
//!
//! `Ops` never calls Lua. It records what happened as events in
//! `Effects`; the engine hands them to title scripts afterwards. Title
//! scripts call the same operations through the Lua API, so both sides
//! obey the same checks.

use super::ids::*;
use super::state::GameState;
use super::var::Var;
use crate::limits::MAX_AMOUNT;
use crate::title::Title;
use std::collections::BTreeMap;
use std::fmt;
use crate::game::refusals::RuleKey;

/// Why an action was refused, in a player's words, with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    /// Title rule id ("1849-R-071") or None.
    pub rule: Option<String>,
}

impl std::error::Error for Refusal {}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)?;
        if let Some(r) = &self.rule {
            write!(f, " [{r}]")?;
        }
        Ok(())
    }
}

/// Everything that can stop an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("{0}")]
    Refused(Refusal),
    /// A title script failed (error with file:line and hook).
    #[error("{0}")]
    Script(String),
    /// The game is over or not in a state to accept the action.
    #[error("{0}")]
    Invalid(String),
}

pub type GameResult<T> = Result<T, GameError>;

/// Something that happened, for title scripts' `on(event, fn)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub name: String,
    pub args: BTreeMap<String, Var>,
}

#[derive(Clone, Debug, Default)]
pub struct Effects {
    pub events: Vec<Event>,
    /// Lines for the game log.
    pub log: Vec<String>,
    /// Bytes title scripts have added to `log` with `game:log` in this
    /// action, for their bound (`limits::MAX_LOG_BYTES`).
    pub script_log_bytes: usize,
    /// Keep each event once dispatched, in `kept` (`Game::observed`).
    pub keep: bool,
    pub kept: Vec<Event>,
}

impl Effects {
    /// Records an event; its values are moved in, not copied.
    pub fn event<'k>(&mut self, name: &str, args: impl IntoIterator<Item = (&'k str, Var)>) {
        self.events.push(Event { name: name.to_string(), args: args.into_iter().map(|(k, v)| (k.to_string(), v)).collect() });
    }
}

pub struct Ops<'a> {
    pub t: &'a Title,
    pub st: &'a mut GameState,
    pub fx: &'a mut Effects,
}

impl<'a> Ops<'a> {
    pub fn new(t: &'a Title, st: &'a mut GameState, fx: &'a mut Effects) -> Self {
        Ops { t, st, fx }
    }

    /// A refusal citing the title's id for a generic rule key.
    pub fn refuse<T>(&self, rule_key: RuleKey, message: impl Into<String>) -> GameResult<T> {
        Err(refusal(self.t, rule_key, message))
    }

    pub fn log(&mut self, line: impl Into<String>) {
        self.fx.log.push(line.into());
    }

    pub fn money(&self, amount: i64) -> String {
        self.t.money(amount)
    }

    pub fn corp_name(&self, c: CorpId) -> &str {
        &self.st.corps[c].id
    }

    pub fn player_name(&self, p: PlayerId) -> &str {
        &self.st.players[p as usize].name
    }

    pub fn purse_name(&self, p: Purse) -> String {
        match p {
            Purse::Bank => "the bank".to_string(),
            Purse::Player(i) => self.player_name(i).to_string(),
            Purse::Corp(i) => self.corp_name(i).to_string(),
        }
    }

    pub fn actor_name(&self, a: Actor) -> String {
        match a {
            Actor::Player(p) => self.player_name(p).to_string(),
            Actor::Corp(c) => self.corp_name(c).to_string(),
        }
    }

    // ------------------------------------------------------------ money

    /// Moves money; refuses when the payer cannot pay. The bank alone may
    /// go below zero once broken: what it cannot pay is still paid and
    /// recorded as its debt (1849-R-178 keeps such payments for the end).
    ///
    /// Every amount is within `limits::MAX_AMOUNT`, and so is every purse
    /// afterwards (the bank's debt included), or nothing moves: the new
    /// balances are worked out, checked, and only then written.
    pub fn transfer(&mut self, from: Purse, to: Purse, amount: i64) -> GameResult<()> {
        if amount < 0 {
            return Err(GameError::Invalid(format!("negative payment of {amount}")));
        }
        if amount > MAX_AMOUNT {
            return Err(GameError::Invalid(format!("a payment of {amount} is more than the {MAX_AMOUNT} any payment may be (limits::MAX_AMOUNT)")));
        }
        if amount == 0 || from == to {
            return Ok(());
        }
        if from != Purse::Bank && self.st.cash(from) < amount {
            let who = self.purse_name(from);
            let has = self.money(self.st.cash(from));
            return self.refuse(RuleKey::MoneyInsufficient, format!("{who} has {has}, not the {} needed", self.money(amount)));
        }
        // Money a player in debt receives pays the debt off first.
        let repay = match to {
            Purse::Player(p) if self.t.settings.debt_repayment != crate::title::schema::DebtRepayment::Voluntary => self.st.players[p as usize].debt.clamp(0, amount),
            _ => 0,
        };
        // The three purses the payment touches (some may be the same one),
        // each with its balance after it.
        let mut after: Vec<(Purse, i64)> = Vec::with_capacity(3);
        for (purse, change) in [(from, -amount), (to, amount - repay), (Purse::Bank, repay)] {
            match after.iter_mut().find(|(p, _)| *p == purse) {
                Some((_, cash)) => *cash = self.balance(purse, *cash, change)?,
                None => after.push((purse, self.balance(purse, self.st.cash(purse), change)?)),
            }
        }
        let bank_before = self.st.bank;
        for (purse, cash) in after {
            *self.st.cash_mut(purse) = cash;
        }
        if repay > 0
            && let Purse::Player(p) = to
        {
            self.st.players[p as usize].debt -= repay;
            let name = self.player_name(p).to_string();
            self.log(format!("{name} pays {} of debt", self.money(repay)));
        }
        if from == Purse::Bank && bank_before > 0 && self.st.bank <= 0 {
            self.fx.event("bank_broken", []);
        }
        Ok(())
    }

    /// A purse's balance `cash` changed by `change`, within the bound on
    /// amounts either way.
    fn balance(&self, purse: Purse, cash: i64, change: i64) -> GameResult<i64> {
        match cash.checked_add(change) {
            Some(c) if (-MAX_AMOUNT..=MAX_AMOUNT).contains(&c) => Ok(c),
            _ => Err(GameError::Invalid(format!(
                "{} would hold {cash} {} {}, beyond the {MAX_AMOUNT} any purse may hold (limits::MAX_AMOUNT)",
                self.purse_name(purse),
                if change < 0 { "-" } else { "+" },
                change.unsigned_abs()
            ))),
        }
    }
}

pub fn refusal(t: &Title, rule_key: RuleKey, message: impl Into<String>) -> GameError {
    GameError::Refused(Refusal { message: message.into(), rule: t.rule_id(rule_key).map(str::to_string) })
}

/// A refusal by the route module, which names its rules by key strings
/// (it imports nothing from the game); every one is in the table
/// (`refusals::tests::every_route_error_key_is_in_the_table`).
pub fn route_refusal(t: &Title, rule_key: &str, message: impl Into<String>) -> GameError {
    let rule = RuleKey::from_key(rule_key).and_then(|k| t.rule_id(k)).map(str::to_string);
    GameError::Refused(Refusal { message: message.into(), rule })
}

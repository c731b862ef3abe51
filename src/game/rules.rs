//! The title's own rules, as the engine sees them: hooks that answer or
//! refuse, events, and the steps and abilities a title defines.
//!
//! The engine calls a title only through [`TitleRules`], in the game's
//! own terms (script values, the state, the effects). The Lua host
//! (`script::ScriptHost`) implements it; nothing in `game::engine` knows
//! that the rules are written in Lua, so another implementation (a test
//! double, a compiled title) fits the same place.

use super::ops::{Effects, Event, GameError, GameResult, Refusal};
use super::state::GameState;
use super::var::Var;

/// A value passed to a title rule: a script value, or nothing (nil).
pub type Arg = Option<Var>;

/// Which kind of title-defined thing a call goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defined {
    /// A script step or a script round (`step(name, spec)`).
    Step,
    /// An ability a company gives, or an unbound one (`ability(name, spec)`).
    Ability,
}

impl Defined {
    pub fn name(self) -> &'static str {
        match self {
            Defined::Step => "step",
            Defined::Ability => "ability",
        }
    }
}

/// How the answers of several definitions of one hook combine: rules of
/// a title (or of a house rule added to it) may each add their part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compose {
    /// One definition: its answer cannot be combined with another's (a
    /// second definition is an error at load).
    One,
    /// Every definition is called in the order the scripts registered them.
    Each,
    /// A yes/no rule: every definition must allow; the first refusal
    /// (`false, message, rule`) is the answer.
    AllAllow,
    /// Amounts added up (bonuses); no answer counts as 0.
    Sum,
    /// Each definition gets the answer so far in place of the argument
    /// at this index (after `game`; the core's default to begin with)
    /// and may change it; no answer keeps it.
    Chain(usize),
    /// The first definition with an answer (neither nil nor false) decides.
    First,
}

/// A hook the core asks a title.
#[derive(Clone, Copy, Debug)]
pub struct Hook {
    pub name: &'static str,
    /// The names of its arguments after `game`, in order (docs/lua-api.md):
    /// a `when` guard names the arguments it reads by these.
    pub args: &'static [&'static str],
    pub compose: Compose,
    /// It acts on the game (`setup`); every other hook only answers a
    /// question and sees a read-only game.
    pub acts: bool,
    pub doc: &'static str,
}

/// Hooks the core calls.
pub const HOOKS: &[Hook] = &[
    Hook { name: "setup", args: &[], compose: Compose::Each, acts: true, doc: "after the game is set up: remove corporations, set the starting order" },
    Hook { name: "can_buy_certificate", args: &["player", "corp", "cert", "source", "tag"], compose: Compose::AllAllow, acts: false, doc: "extra rules for buying a certificate: return false, message[, rule]" },
    Hook { name: "can_sell", args: &["player", "corp", "percent"], compose: Compose::AllAllow, acts: false, doc: "extra rules for selling: return false, message[, rule]" },
    Hook { name: "can_issue", args: &["corp", "count", "indices"], compose: Compose::AllAllow, acts: false, doc: "extra rules for issuing: return false, message[, rule]" },
    Hook { name: "can_start", args: &["player", "corp"], compose: Compose::AllAllow, acts: false, doc: "may this corporation be started now? return false, message[, rule]" },
    Hook { name: "startable", args: &["player"], compose: Compose::One, acts: false, doc: "corporations a player may start now, in order -> list of ids" },
    Hook { name: "par_prices", args: &["corp", "prices"], compose: Compose::Chain(1), acts: false, doc: "starting values allowed for a corporation -> list" },
    Hook { name: "dividend_move", args: &["corp", "kind", "revenue"], compose: Compose::One, acts: false, doc: "share price move after a dividend: 'right', 'left', 'none'..." },
    Hook { name: "terrain_cost", args: &["corp", "hex", "gauges", "cost"], compose: Compose::Chain(3), acts: false, doc: "cost of a tile lay -> cost" },
    Hook { name: "can_lay_tile", args: &["corp", "hex", "tile", "rotation"], compose: Compose::AllAllow, acts: false, doc: "extra rules for a tile lay: return false, message[, rule]" },
    Hook { name: "extra_tile_lays", args: &["corp"], compose: Compose::Sum, acts: false, doc: "tile lays this turn beyond the step's count -> number" },
    Hook { name: "route_bonus", args: &["corp", "train", "stops"], compose: Compose::Sum, acts: false, doc: "extra revenue of one route -> amount" },
    Hook { name: "run_bonus", args: &["corp", "routes"], compose: Compose::Sum, acts: false, doc: "extra revenue of a whole run -> amount" },
    Hook { name: "revenue", args: &["corp"], compose: Compose::One, acts: false, doc: "the turn's revenue of a title that pays without route search -> amount, or nil to search routes" },
    Hook { name: "player_value", args: &["player", "value"], compose: Compose::Chain(1), acts: false, doc: "a player's final value -> value" },
    Hook { name: "must_buy_train", args: &["corp", "default"], compose: Compose::Chain(1), acts: false, doc: "must the corporation own a train now? -> bool" },
    Hook { name: "can_buy_train", args: &["corp", "variant", "seller", "price"], compose: Compose::AllAllow, acts: false, doc: "extra rules for buying a train: return false, message[, rule]" },
    Hook { name: "operating_order", args: &["order"], compose: Compose::Chain(0), acts: false, doc: "corporations that operate this round, in order -> list" },
    Hook { name: "company_price_range", args: &["corp", "company", "min", "max"], compose: Compose::Chain(2), acts: false, doc: "price range for a corporation buying a company -> min, max" },
    Hook { name: "can_buy_company", args: &["corp", "company"], compose: Compose::AllAllow, acts: false, doc: "extra rules for a corporation buying a company: return false, message[, rule]" },
    Hook { name: "relaxed_hexes", args: &["corp"], compose: Compose::One, acts: false, doc: "hexes where the network rule is lifted now: return { lay = {hexes}, token = {hexes} }" },
    Hook { name: "can_place_token", args: &["corp", "hex"], compose: Compose::AllAllow, acts: false, doc: "extra rules for a station token: return false, message[, rule]" },
    Hook { name: "emergency_failed", args: &["corp", "president"], compose: Compose::One, acts: true, doc: "the president cannot raise the money for a required train; default closes the corporation" },
    Hook { name: "player_order", args: &[], compose: Compose::One, acts: false, doc: "the order of turns in a stock round -> list of player names" },
    Hook { name: "sell_after_drop", args: &["player", "corp"], compose: Compose::One, acts: false, doc: "pay a sale at the price after its drop? -> bool" },
    Hook { name: "started_above_sales", args: &["player", "corp"], compose: Compose::One, acts: false, doc: "does a corporation started in a stock turn go above the tokens that turn's sales brought into its cell? -> bool" },
    Hook { name: "game_end_check", args: &[], compose: Compose::First, acts: false, doc: "after each action: return a reason to end the game now, or nil" },
    Hook { name: "skip_round", args: &["round", "kind"], compose: Compose::First, acts: false, doc: "leave a round out this time: return true" },
    Hook { name: "can_pass", args: &["who", "step"], compose: Compose::AllAllow, acts: false, doc: "extra rules for passing: return false, message[, rule]" },
    Hook { name: "certificate_count", args: &["player", "count"], compose: Compose::Chain(1), acts: false, doc: "certificates counted toward a player's limit -> count" },
    Hook { name: "president", args: &["corp", "president", "candidate"], compose: Compose::Chain(2), acts: false, doc: "who takes the presidency when the core's rule hands it on -> a player who can exchange for the president's certificate, or false to keep the president" },
    Hook { name: "investor_turn", args: &["investor"], compose: Compose::One, acts: true, doc: "an investor's turn before a player's stock turn: it may act (move certificates, money, prices; log why) and returns true if it did -> bool" },
    Hook { name: "investor_sale_price", args: &["investor", "corp", "price"], compose: Compose::Chain(2), acts: false, doc: "what a player pays an investor for a certificate -> price" },
    Hook { name: "corporation_facts", args: &["corp", "facts"], compose: Compose::Chain(1), acts: false, doc: "what players should see of a corporation beyond the core's fields, as 'label: value' lines (1865's traffic and coverage) -> list" },
    Hook { name: "can_discard_train", args: &["corp", "train"], compose: Compose::AllAllow, acts: false, doc: "extra rules for discarding a train over the limit: return false, message[, rule]" },
];

/// What the engine asks of a title's rules. Each call borrows the state
/// for its length; what a rule changes goes through the same operations
/// as the core's (so events fire), and a question (a hook that only
/// answers, a step's `actions`) sees the game read-only.
pub trait TitleRules {
    /// A new action: its calls share one action's budget.
    fn begin_action(&self);
    /// A question about many moves (legal moves, views): a larger budget.
    fn begin_query(&self);
    fn has_hook(&self, hook: &str) -> bool;
    /// Whether the title handles the event (registered a handler for it).
    fn has_handlers(&self, event: &str) -> bool;
    fn has_step(&self, step: &str) -> bool;
    /// Asks a hook, every definition combined as the hook declares;
    /// `None` when the title does not define it or no definition answers.
    fn hook(&self, hook: &str, st: &mut GameState, fx: &mut Effects, args: Vec<Arg>) -> GameResult<Option<Answer>>;
    /// Calls every handler of an event, in registration order.
    fn emit(&self, event: &Event, st: &mut GameState, fx: &mut Effects) -> GameResult<()>;
    /// Calls function `func` of the step or ability `name`; `None` when
    /// the title defines no such function.
    fn call(&self, kind: Defined, name: &str, func: &str, st: &mut GameState, fx: &mut Effects, args: Vec<Arg>) -> GameResult<Option<Answer>>;
    /// Whether the title defines an ability of this name.
    fn is_ability(&self, name: &str) -> bool;
    /// Abilities every player and corporation has, given by no company.
    fn unbound_abilities(&self) -> &[String];
    /// Abilities registered `once = true`: their moves are the same
    /// whichever of the actor's companies gives them, so only the first
    /// company's are asked for.
    fn once_abilities(&self) -> &[String];
    /// Whether the title's shortcuts (guards, `once`) are verified: the
    /// core then also asks what they let it skip, and a different answer
    /// is a script error (`railhead test`, `fuzz --check-guards`).
    fn verifies_shortcuts(&self) -> bool;

    /// A yes/no hook: an answer `false, message[, rule]` refuses the
    /// action with the title's message and rule id.
    fn check(&self, hook: &str, st: &mut GameState, fx: &mut Effects, args: Vec<Arg>) -> GameResult<()> {
        let Some(answer) = self.hook(hook, st, fx, args)? else { return Ok(()) };
        if answer.get(0) != Some(&Var::Bool(false)) {
            return Ok(());
        }
        Err(GameError::Refused(Refusal {
            message: answer.string(1)?.unwrap_or_else(|| format!("refused by the title's rule ({hook})")),
            rule: answer.string(2)?,
        }))
    }
}

/// The values a title rule returned, nil as `None`, with the name of the
/// rule for messages. The readers refuse a value of the wrong type as a
/// script error naming the rule: a wrong answer is never read as a
/// default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    values: Vec<Arg>,
    from: String,
}

impl Answer {
    pub fn new(from: impl Into<String>, values: Vec<Arg>) -> Answer {
        Answer { values, from: from.into() }
    }

    /// The `i`-th value (from 0), `None` when nil or absent.
    pub fn get(&self, i: usize) -> Option<&Var> {
        self.values.get(i).and_then(Option::as_ref)
    }

    /// The script's error for a value of the wrong type at `i`.
    pub fn wrong_type(&self, i: usize, expected: &str) -> GameError {
        let got = match self.get(i) {
            Some(Var::Bool(_)) => "a boolean",
            Some(Var::Int(_)) => "a number",
            Some(Var::Str(_)) => "a string",
            Some(Var::List(_)) => "a list",
            Some(Var::Map(_)) => "a table",
            None => "nil",
        };
        let place = if i == 0 { String::new() } else { format!(" (value {})", i + 1) };
        GameError::Script(format!("script error in {}: it returned {got}{place} where {expected} was expected", self.from))
    }

    pub fn int(&self, i: usize) -> GameResult<Option<i64>> {
        match self.get(i) {
            None => Ok(None),
            Some(Var::Int(v)) => Ok(Some(*v)),
            Some(_) => Err(self.wrong_type(i, "a whole number")),
        }
    }

    pub fn bool(&self, i: usize) -> GameResult<Option<bool>> {
        match self.get(i) {
            None => Ok(None),
            Some(Var::Bool(v)) => Ok(Some(*v)),
            Some(_) => Err(self.wrong_type(i, "true or false")),
        }
    }

    pub fn string(&self, i: usize) -> GameResult<Option<String>> {
        match self.get(i) {
            None => Ok(None),
            Some(Var::Str(v)) => Ok(Some(v.clone())),
            Some(_) => Err(self.wrong_type(i, "a string")),
        }
    }

    /// A list (an empty table counts as an empty list).
    pub fn list(&self, i: usize) -> GameResult<Option<Vec<Var>>> {
        match self.get(i) {
            None => Ok(None),
            Some(v) => as_list(v).map(Some).ok_or_else(|| self.wrong_type(i, "a list")),
        }
    }

    pub fn strings(&self, i: usize) -> GameResult<Option<Vec<String>>> {
        let Some(items) = self.list(i)? else { return Ok(None) };
        items.into_iter().map(|v| if let Var::Str(s) = v { Some(s) } else { None }).collect::<Option<Vec<_>>>().map(Some).ok_or_else(|| self.wrong_type(i, "a list of strings"))
    }

    pub fn ints(&self, i: usize) -> GameResult<Option<Vec<i64>>> {
        let Some(items) = self.list(i)? else { return Ok(None) };
        items.iter().map(Var::as_int).collect::<Option<Vec<_>>>().map(Some).ok_or_else(|| self.wrong_type(i, "a list of whole numbers"))
    }

    /// A table with string keys (an empty list counts as an empty table).
    pub fn table(&self, i: usize) -> GameResult<Option<std::collections::BTreeMap<String, Var>>> {
        match self.get(i) {
            None => Ok(None),
            Some(Var::Map(m)) => Ok(Some(m.clone())),
            Some(Var::List(l)) if l.is_empty() => Ok(Some(Default::default())),
            Some(_) => Err(self.wrong_type(i, "a table")),
        }
    }

    /// Where the answer came from ("hook 'terrain_cost'"), for messages.
    pub fn from(&self) -> &str {
        &self.from
    }
}

/// The readers of [`Answer`] on a call that may have had no answer:
/// `rules.hook(...)?.int(0)?` is `None` when nothing answered.
pub trait MaybeAnswer {
    fn int(&self, i: usize) -> GameResult<Option<i64>>;
    fn bool(&self, i: usize) -> GameResult<Option<bool>>;
    fn string(&self, i: usize) -> GameResult<Option<String>>;
    fn list(&self, i: usize) -> GameResult<Option<Vec<Var>>>;
    fn strings(&self, i: usize) -> GameResult<Option<Vec<String>>>;
    fn ints(&self, i: usize) -> GameResult<Option<Vec<i64>>>;
    fn table(&self, i: usize) -> GameResult<Option<std::collections::BTreeMap<String, Var>>>;
}

macro_rules! maybe {
    ($($f:ident -> $t:ty),*) => {
        impl MaybeAnswer for Option<Answer> {
            $(fn $f(&self, i: usize) -> GameResult<Option<$t>> {
                match self {
                    None => Ok(None),
                    Some(a) => a.$f(i),
                }
            })*
        }
    };
}
maybe!(int -> i64, bool -> bool, string -> String, list -> Vec<Var>, strings -> Vec<String>, ints -> Vec<i64>, table -> std::collections::BTreeMap<String, Var>);

/// A script value read as a list: a list, or an empty table.
pub fn as_list(v: &Var) -> Option<Vec<Var>> {
    match v {
        Var::List(items) => Some(items.clone()),
        Var::Map(m) if m.is_empty() => Some(Vec::new()),
        _ => None,
    }
}

/// Turns a value into a title rule's argument (see [`args!`]).
pub trait IntoArg {
    fn into_arg(self) -> Arg;
}

impl IntoArg for Var {
    fn into_arg(self) -> Arg {
        Some(self)
    }
}
impl IntoArg for String {
    fn into_arg(self) -> Arg {
        Some(Var::Str(self))
    }
}
impl IntoArg for &String {
    fn into_arg(self) -> Arg {
        Some(Var::Str(self.clone()))
    }
}
impl IntoArg for &str {
    fn into_arg(self) -> Arg {
        Some(Var::Str(self.to_string()))
    }
}
impl IntoArg for bool {
    fn into_arg(self) -> Arg {
        Some(Var::Bool(self))
    }
}
macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl IntoArg for $t {
            fn into_arg(self) -> Arg {
                Some(Var::Int(self as i64))
            }
        }
    )*};
}
int_arg!(i64, i32, u8, u16, u32);
/// A list; a nil item is left out (Lua lists cannot hold nil).
impl<T: IntoArg> IntoArg for Vec<T> {
    fn into_arg(self) -> Arg {
        Some(Var::List(self.into_iter().filter_map(IntoArg::into_arg).collect()))
    }
}
impl<T: IntoArg> IntoArg for Option<T> {
    fn into_arg(self) -> Arg {
        self.and_then(IntoArg::into_arg)
    }
}

/// The arguments of a title rule: `args![id, hex, 3, None::<String>]`.
#[macro_export]
macro_rules! args {
    ($($e:expr),* $(,)?) => { vec![$($crate::game::rules::IntoArg::into_arg($e)),*] };
}

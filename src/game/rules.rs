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
    fn has_step(&self, step: &str) -> bool;
    /// Asks a hook, every definition combined as the hook declares;
    /// `None` when the title does not define it or no definition answers.
    fn hook(&self, hook: &str, st: &mut GameState, fx: &mut Effects, args: Vec<Arg>) -> GameResult<Option<Answer>>;
    /// Calls every handler of an event, in registration order.
    fn emit(&self, event: &Event, st: &mut GameState, fx: &mut Effects) -> GameResult<()>;
    /// Calls function `func` of the step or ability `name`; `None` when
    /// the title defines no such function.
    fn call(&self, kind: Defined, name: &str, func: &str, st: &mut GameState, fx: &mut Effects, args: Vec<Arg>) -> GameResult<Option<Answer>>;
    /// Names of the abilities the title defines, sorted.
    fn ability_names(&self) -> Vec<String>;
    /// Abilities every player and corporation has, given by no company.
    fn unbound_abilities(&self) -> &[String];

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

    fn wrong(&self, i: usize, expected: &str) -> GameError {
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
            Some(_) => Err(self.wrong(i, "a whole number")),
        }
    }

    pub fn bool(&self, i: usize) -> GameResult<Option<bool>> {
        match self.get(i) {
            None => Ok(None),
            Some(Var::Bool(v)) => Ok(Some(*v)),
            Some(_) => Err(self.wrong(i, "true or false")),
        }
    }

    pub fn string(&self, i: usize) -> GameResult<Option<String>> {
        match self.get(i) {
            None => Ok(None),
            Some(Var::Str(v)) => Ok(Some(v.clone())),
            Some(_) => Err(self.wrong(i, "a string")),
        }
    }

    /// A list (an empty table counts as an empty list).
    pub fn list(&self, i: usize) -> GameResult<Option<Vec<Var>>> {
        match self.get(i) {
            None => Ok(None),
            Some(v) => as_list(v).map(Some).ok_or_else(|| self.wrong(i, "a list")),
        }
    }

    pub fn strings(&self, i: usize) -> GameResult<Option<Vec<String>>> {
        let Some(items) = self.list(i)? else { return Ok(None) };
        items.into_iter().map(|v| if let Var::Str(s) = v { Some(s) } else { None }).collect::<Option<Vec<_>>>().map(Some).ok_or_else(|| self.wrong(i, "a list of strings"))
    }

    pub fn ints(&self, i: usize) -> GameResult<Option<Vec<i64>>> {
        let Some(items) = self.list(i)? else { return Ok(None) };
        items.iter().map(Var::as_int).collect::<Option<Vec<_>>>().map(Some).ok_or_else(|| self.wrong(i, "a list of whole numbers"))
    }

    /// A table with string keys (an empty list counts as an empty table).
    pub fn table(&self, i: usize) -> GameResult<Option<std::collections::BTreeMap<String, Var>>> {
        match self.get(i) {
            None => Ok(None),
            Some(Var::Map(m)) => Ok(Some(m.clone())),
            Some(Var::List(l)) if l.is_empty() => Ok(Some(Default::default())),
            Some(_) => Err(self.wrong(i, "a table")),
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

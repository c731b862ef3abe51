//! What title scripts can call: the registration globals (`on`, `hook`,
//! `step`, `ability`, `fail`) and the `game` object's methods.
//!
//! Reads return plain tables built from the state; the tables of a
//! corporation, a player and a company are filled field by field
//! (`corp_field`, `player_field`, `company_field`), and the single-field
//! reads (`game:corporation_field(id, f)`...) and `game:corporations(filter)`
//! use the same functions, so they always agree with the whole tables and
//! cost a fraction of them (hooks that look at every corporation use them).
//! Writes go through the same operations the engine uses
//! (`game::ops::Ops`), so the core's checks apply to scripts too. The full
//! list is in docs/lua-api.md and docs/railhead.d.lua.

mod args;
mod bounds;
mod fast;
/// The methods made as plain C functions, in place of their mlua versions.
pub(crate) use fast::install as install_fast_methods;
mod fields;
mod hex_fields;
mod questions;
mod read;
mod read_routes;
mod write_board;
mod write_finance;
mod write_flow;
mod write_trains;

use super::convert::{from_lua, to_lua};
use crate::game::flow::{Pending, PendingKind};
use crate::game::graph::tile_on;
use crate::game::ids::*;
use crate::game::market::{Dir, price_of, value_order};
use crate::game::ops::{Effects, GameError, Ops, Refusal};
use crate::game::shares::{cert_count, holdings};
use crate::game::state::{GameState, StopBonus};
use crate::game::var::Var;
use crate::limits::{MAX_DONE_STEPS, MAX_MARKERS, MAX_REVENUE_BANDS, MAX_STOP_BONUSES, MAX_TOKENS, MAX_TRAINS};
use crate::title::Title;
use questions::{answers, handler_data, has_ability, has_ability_function, par_choices};
use mlua::{FromLuaMulti, Function, IntoLua, IntoLuaMulti, Lua, LuaString, Table, UserData, UserDataMethods, Value};
use std::sync::Arc;
use fields::*;
use hex_fields::{hex_field, hex_table};
pub use fields::{COMPANY_FIELDS, CORP_FIELDS, PLAYER_FIELDS, TURN_FIELDS};
pub(crate) use fields::operating_turn;
pub use hex_fields::HEX_FIELDS;

pub const HANDLERS_KEY: &str = "railhead.handlers";
pub const HOOKS_KEY: &str = "railhead.hooks";
pub const STEPS_KEY: &str = "railhead.steps";
pub const ABILITIES_KEY: &str = "railhead.abilities";

/// The event names `on` accepts: the core's and the title's phase events
/// (set when the title's scripts are loaded; without it, as in scenario
/// files, any name is taken).
pub struct KnownEvents(pub Vec<String>);

/// Per hook or event name, the guard of each definition in registration
/// order (`None`: that definition has none).
pub type GuardSlots = std::cell::RefCell<rustc_hash::FxHashMap<String, Vec<Option<super::guard::Guard>>>>;

/// The `when` guards of hook definitions (`guard.rs`), by hook name, in
/// the order of the registry's lists: `None` for a definition without one.
/// Set when the title's scripts are loaded, with the title the guards are
/// read against.
pub struct HookGuards {
    pub title: Arc<Title>,
    pub by_hook: GuardSlots,
    /// The guards of script steps' (false) and abilities' (true) `actions`.
    pub actions: std::cell::RefCell<rustc_hash::FxHashMap<(bool, String), super::guard::Guard>>,
    /// The guards of event handlers, in each event's registration order.
    pub by_event: GuardSlots,
}

/// Reads a definition's options: `when`, its guard, is the only one.
fn hook_guard(lua: &Lua, spec: Table, name: &str, hook: &super::Hook) -> mlua::Result<Option<super::guard::Guard>> {
    let Some(when) = when_option(spec, &format!("hook '{name}'"), "a hook definition")? else { return Ok(None) };
    if hook.acts {
        return Err(rt(format!("hook '{name}' acts on the game: a `when` guard is for hooks that only answer a question")));
    }
    let Some(guards) = lua.app_data_ref::<HookGuards>() else { return Ok(None) };
    super::guard::Guard::parse(&guards.title, super::guard::Target::Hook(hook), &when).map_err(|e| rt(format!("hook '{name}': {e}")))
}

/// Keeps the guard of the definition just pushed as the `listed`-th of
/// `name`'s registration list, in the list's order (earlier definitions
/// without one keep none).
fn keep_guard(by_name: &GuardSlots, name: &str, listed: usize, guard: Option<super::guard::Guard>) {
    let mut by_name = by_name.borrow_mut();
    let slots = by_name.entry(name.to_string()).or_default();
    slots.resize(listed - 1, None);
    slots.push(guard);
}

/// The `when` table of a definition's options, the only option there is
/// (`who` names the definition in errors, `of` says what it is).
fn when_option(spec: Table, who: &str, of: &str) -> mlua::Result<Option<Table>> {
    let mut when = None;
    for pair in spec.pairs::<Value, Value>() {
        match pair? {
            (Value::String(k), Value::Table(t)) if k.as_bytes() == b"when" => when = Some(t),
            (Value::String(k), _) if k.as_bytes() == b"when" => return Err(rt(format!("{who}: `when` is a table of conditions"))),
            (k, _) => return Err(rt(format!("{who}: unknown option {} (the options of {of}: when)", super::convert::show(&k)))),
        }
    }
    Ok(when)
}

/// Reads an event handler's options: `when`, its guard, is the only one.
/// A handler whose guard does not hold is not called: it must do nothing
/// then (`verify_guards` checks it does not change the game).
fn handler_guard(lua: &Lua, spec: Table, event: &str) -> mlua::Result<Option<super::guard::Guard>> {
    let Some(when) = when_option(spec, &format!("on('{event}')"), "a handler")? else { return Ok(None) };
    let Some(guards) = lua.app_data_ref::<HookGuards>() else { return Ok(None) };
    super::guard::Guard::parse(&guards.title, super::guard::Target::Event, &when).map_err(|e| rt(format!("on('{event}'): {e}")))
}

/// Refuses, with a hint, an event name nothing emits: a handler for it
/// would never run (`on("tile_layed", ...)`).
fn check_event_name(lua: &Lua, event: &str) -> mlua::Result<()> {
    let Some(known) = lua.app_data_ref::<KnownEvents>() else { return Ok(()) };
    if known.0.iter().any(|e| e == event) {
        return Ok(());
    }
    let hint = crate::title::compile::did_you_mean(event, known.0.iter().map(String::as_str));
    Err(rt(format!(
        "no event '{event}': a handler for it would never run{} (the core's events are in docs/lua-api.md; a phase's `events` in phases.toml are events too)",
        hint.map(|h| format!(" ({h})")).unwrap_or_default()
    )))
}

/// The game as scripts see it during one call. One object serves every
/// call (`ScriptHost::with_game` lends it the state); between calls it is
/// not `live` and refuses every method. Nothing a script makes outlives a
/// call (`freeze`), so it cannot keep `game` anyway: this is a second line.
pub struct LuaGame {
    pub title: Arc<Title>,
    pub st: GameState,
    pub fx: Effects,
    /// Set while a hook or function that only answers a question runs
    /// (its name): the game is read-only then, so asking (listing moves,
    /// a view) never changes it.
    pub asking: Option<String>,
    /// Lent a game for a call.
    pub live: bool,
}

fn rt(msg: impl Into<String>) -> mlua::Error {
    mlua::Error::RuntimeError(msg.into())
}

fn game_err(e: GameError) -> mlua::Error {
    match e {
        GameError::Refused(r) => mlua::Error::external(r),
        other => rt(other.to_string()),
    }
}

/// Registration belongs to loading: a function registered during a call
/// (or typed in the REPL) would be state outside the game.
fn registering(lua: &Lua, what: &str) -> mlua::Result<()> {
    if super::freeze::loading_done(lua) {
        return Err(rt(format!("{what}(): behaviour is registered while the title's scripts load, not during a call")));
    }
    Ok(())
}

pub fn register_globals(lua: &Lua) -> mlua::Result<()> {
    for key in [HANDLERS_KEY, HOOKS_KEY, STEPS_KEY, ABILITIES_KEY] {
        lua.set_named_registry_value(key, lua.create_table()?)?;
    }
    let g = lua.globals();
    g.set(
        "on",
        // on(event, function) or on(event, { when = guard }, function).
        lua.create_function(|lua, (event, spec, f): (String, Value, Option<Function>)| {
            registering(lua, "on")?;
            check_event_name(lua, &event)?;
            let (when, f) = match (spec, f) {
                (Value::Function(f), None) => (None, f),
                (Value::Table(spec), Some(f)) => (Some(spec), f),
                _ => return Err(rt(format!("on('{event}', ...) takes a function, or a table of options and then a function"))),
            };
            let guard = match when {
                Some(options) => handler_guard(lua, options, &event)?,
                None => None,
            };
            let handlers: Table = lua.named_registry_value(HANDLERS_KEY)?;
            let list: Table = match handlers.get::<Option<Table>>(event.as_str())? {
                Some(t) => t,
                None => {
                    let t = lua.create_table()?;
                    handlers.set(event.as_str(), &t)?;
                    t
                }
            };
            list.push(f)?;
            if let Some(guards) = lua.app_data_ref::<HookGuards>() {
                keep_guard(&guards.by_event, &event, list.raw_len(), guard);
            }
            Ok(())
        })?,
    )?;
    g.set(
        "hook",
        // hook(name, function) or hook(name, { when = guard }, function).
        lua.create_function(|lua, (name, spec, f): (String, Value, Option<Function>)| {
            registering(lua, "hook")?;
            let (when, f) = match (spec, f) {
                (Value::Function(f), None) => (None, f),
                (Value::Table(spec), Some(f)) => (Some(spec), f),
                _ => return Err(rt(format!("hook('{name}', ...) takes a function, or a table of options and then a function"))),
            };
            let Some(spec) = super::HOOKS.iter().find(|h| h.name == name) else {
                let hint = crate::title::compile::did_you_mean(&name, super::HOOKS.iter().map(|h| h.name));
                return Err(rt(format!("unknown hook '{name}'{}", hint.map(|h| format!(" ({h})")).unwrap_or_default())));
            };
            let hooks: Table = lua.named_registry_value(HOOKS_KEY)?;
            let list: Table = match hooks.get::<Option<Table>>(name.as_str())? {
                Some(t) => t,
                None => {
                    let t = lua.create_table()?;
                    hooks.set(name.as_str(), &t)?;
                    t
                }
            };
            // Several rules may each add a definition; the core combines
            // their answers as the hook says (`Compose`). A hook whose
            // answer cannot be combined takes one definition: a second
            // would silently replace the first.
            if spec.compose == super::Compose::One
                && let Some(first) = list.get::<Option<Function>>(1)?
            {
                let at = |f: &Function| {
                    let info = f.info();
                    format!("{}:{}", info.short_src.unwrap_or_default(), info.line_defined.unwrap_or(0))
                };
                return Err(rt(format!(
                    "hook '{name}' is defined twice, at {} and first at {}: its answer cannot be combined with another's, so merge the two into one function",
                    at(&f),
                    at(&first)
                )));
            }
            let guard = match when {
                Some(options) => hook_guard(lua, options, &name, spec)?,
                None => None,
            };
            list.push(f)?;
            if let Some(guards) = lua.app_data_ref::<HookGuards>() {
                keep_guard(&guards.by_hook, &name, list.raw_len(), guard);
            }
            Ok(())
        })?,
    )?;
    for (global, key) in [("step", STEPS_KEY), ("ability", ABILITIES_KEY)] {
        g.set(
            global,
            lua.create_function(move |lua, (name, spec): (String, Table)| {
                registering(lua, global)?;
                // `when`: a guard on its `actions`, the question every
                // listing of moves asks (`guard.rs`).
                let when = match spec.raw_get::<Value>("when")? {
                    Value::Nil => None,
                    Value::Table(t) => Some(t),
                    _ => return Err(rt(format!("{global} '{name}': `when` is a table of conditions"))),
                };
                // A definition again (a later script's, an extending
                // title's) keeps no guard of the one it replaces.
                if let Some(guards) = lua.app_data_ref::<HookGuards>() {
                    let target = if global == "ability" { super::guard::Target::AbilityActions } else { super::guard::Target::StepActions };
                    let guard = match &when {
                        Some(when) => super::guard::Guard::parse(&guards.title, target, when).map_err(|e| rt(format!("{global} '{name}': {e}")))?,
                        None => None,
                    };
                    let mut actions = guards.actions.borrow_mut();
                    match guard {
                        Some(g) => actions.insert((global == "ability", name.clone()), g),
                        None => actions.remove(&(global == "ability", name.clone())),
                    };
                }
                if global == "ability" {
                    let flag = |key: &str| -> mlua::Result<bool> {
                        match spec.raw_get::<Value>(key)? {
                            Value::Nil => Ok(false),
                            Value::Boolean(b) => Ok(b),
                            _ => Err(rt(format!("ability '{name}': `{key}` is true or false"))),
                        }
                    };
                    let (once, unbound) = (flag("once")?, flag("unbound")?);
                    if once && unbound {
                        return Err(rt(format!("ability '{name}': `once` is for an ability companies give (an `unbound` one is asked once per actor anyway)")));
                    }
                }
                let reg: Table = lua.named_registry_value(key)?;
                reg.set(name, spec)?;
                Ok(())
            })?,
        )?;
    }
    g.set(
        "fail",
        lua.create_function(|_, (message, rule): (String, Option<String>)| -> mlua::Result<()> {
            Err(mlua::Error::external(Refusal { message, rule }))
        })?,
    )?;
    Ok(())
}

impl LuaGame {
    fn ops(&mut self) -> Ops<'_> {
        Ops::new(&self.title, &mut self.st, &mut self.fx)
    }
}

/// `game` outside the call it was given to holds no game.
fn idle_refused(this: &LuaGame) -> mlua::Result<()> {
    if this.live {
        return Ok(());
    }
    Err(rt("`game` is used outside the call it was given to: it is valid only while the hook, handler or step that received it runs"))
}

/// Registers `game` methods that run with the memory cap lifted
/// (`script::Cap::lifted`): a method and the conversion of its result are
/// Rust code building values for the script. A method that changes the
/// game is refused first when the action's events or log lines are at
/// their bound (`bounds::room_for_effects`).
///
/// Methods whose arguments are all [`Scalars`] (strings, numbers,
/// booleans) take them straight from the Lua stack: a frozen table cannot
/// be among them, so nothing needs thawing, and gathering them in a
/// `MultiValue` first was a third of the cost of a typical call
/// (`corporation_field`, `var`). Methods that take a table or any value
/// (`*_any`) read their arguments through `freeze::thaw_multi`. The
/// bound is checked by the compiler: a method taking a `Value` or `Table`
/// does not build as `add_method`.
struct Methods<'m, M>(&'m mut M);

impl<M: UserDataMethods<GameRef>> Methods<'_, M> {
    fn add_method<A: FromLuaMulti + Scalars, R: IntoLuaMulti>(
        &mut self,
        name: &'static str,
        f: impl Fn(&Lua, &LuaGame, A) -> mlua::Result<R> + mlua::MaybeSend + 'static,
    ) {
        self.0.add_method(name, move |lua, this, args: A| {
            let _timer = super::profile::api_timer(name);
            let this = &*this.0.try_borrow().map_err(|_| mlua::Error::UserDataBorrowError)?;
            idle_refused(this)?;
            let _cap = super::Cap::lifted(lua);
            f(lua, this, args)?.into_lua_multi(lua)
        });
    }

    fn add_method_any<A: FromLuaMulti, R: IntoLuaMulti>(
        &mut self,
        name: &'static str,
        f: impl Fn(&Lua, &LuaGame, A) -> mlua::Result<R> + mlua::MaybeSend + 'static,
    ) {
        self.0.add_method(name, move |lua, this, args: mlua::MultiValue| {
            let _timer = super::profile::api_timer(name);
            let this = &*this.0.try_borrow().map_err(|_| mlua::Error::UserDataBorrowError)?;
            idle_refused(this)?;
            let _cap = super::Cap::lifted(lua);
            let args = A::from_lua_multi(super::freeze::thaw_multi(lua, args)?, lua)?;
            f(lua, this, args)?.into_lua_multi(lua)
        });
    }

    fn add_method_mut<A: FromLuaMulti + Scalars, R: IntoLuaMulti>(
        &mut self,
        name: &'static str,
        mut f: impl FnMut(&Lua, &mut LuaGame, A) -> mlua::Result<R> + mlua::MaybeSend + 'static,
    ) {
        self.0.add_method_mut(name, move |lua, this, args: A| {
            let _timer = super::profile::api_timer(name);
            let this = &mut *this.0.try_borrow_mut().map_err(|_| mlua::Error::UserDataBorrowMutError)?;
            writable(name, this)?;
            let _cap = super::Cap::lifted(lua);
            f(lua, this, args)?.into_lua_multi(lua)
        });
    }

    fn add_method_mut_any<A: FromLuaMulti, R: IntoLuaMulti>(
        &mut self,
        name: &'static str,
        mut f: impl FnMut(&Lua, &mut LuaGame, A) -> mlua::Result<R> + mlua::MaybeSend + 'static,
    ) {
        self.0.add_method_mut(name, move |lua, this, args: mlua::MultiValue| {
            let _timer = super::profile::api_timer(name);
            let this = &mut *this.0.try_borrow_mut().map_err(|_| mlua::Error::UserDataBorrowMutError)?;
            writable(name, this)?;
            let _cap = super::Cap::lifted(lua);
            let args = A::from_lua_multi(super::freeze::thaw_multi(lua, args)?, lua)?;
            f(lua, this, args)?.into_lua_multi(lua)
        });
    }
}

/// Whether a method that changes the game may run now: not on an idle
/// `game`, not in a question, not past the action's bounds on effects.
fn writable(method: &str, this: &LuaGame) -> mlua::Result<()> {
    // A scenario's read holds the game borrowed: writes fail before this.
    idle_refused(this)?;
    if let Some(asking) = &this.asking {
        return Err(rt(format!(
            "game:{method} changes the game, but {asking} only answers a question and sees the game read-only (change the game in an event handler, a step or an ability's process)"
        )));
    }
    bounds::room_for_effects(method, &this.fx)
}

/// Argument types with no table in them: what a method registered with
/// `Methods::add_method` may take (see there).
trait Scalars {}
impl Scalars for () {}
impl Scalars for String {}
impl Scalars for mlua::LuaString {}
impl Scalars for bool {}
impl Scalars for i64 {}
impl Scalars for u8 {}
impl Scalars for u32 {}
impl Scalars for usize {}
impl<T: Scalars> Scalars for Option<T> {}
impl<T: Scalars> Scalars for mlua::Variadic<T> {}
macro_rules! scalar_tuples {
    ($($name:ident)+) => {
        impl<$($name: Scalars),+> Scalars for ($($name,)+) {}
    };
}
scalar_tuples!(A);
scalar_tuples!(A B);
scalar_tuples!(A B C);
scalar_tuples!(A B C D);
scalar_tuples!(A B C D E);
scalar_tuples!(A B C D E F);

/// The `game` object: a handle on the state lent for a call, so that
/// lending it is a swap in Rust, not a Lua userdata made or borrowed
/// through the Lua stack (each was a tenth of a call that does nothing).
pub struct GameRef(pub std::rc::Rc<std::cell::RefCell<LuaGame>>);

impl UserData for GameRef {
    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        let m = &mut Methods(m);
        read::add(m);
        read_routes::add(m);
        write_flow::add(m);
        write_finance::add(m);
        write_board::add(m);
        write_trains::add(m);
    }
}

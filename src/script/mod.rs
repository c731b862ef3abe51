//! The Lua host: title scripts in a sandbox.
//!
//! A title script is untrusted code (title folders travel between
//! designers). The host keeps three promises about it:
//!
//! - **Every call ends within a bound.** Instructions per call and per
//!   action (`budget.rs`), memory (the state's cap, [`Cap`]), and the work
//!   of library functions that loop in C (`bounded/`). Finalizers and
//!   close handlers, which Lua runs with the instruction hook off, cannot
//!   be set (`sandbox.rs`). A passed bound is an error naming the hook and
//!   the script's `file:line` (`errors.rs`), and `pcall` cannot catch it.
//! - **A game equals its replay.** Scripts register behaviour while
//!   loading (`on`, `hook`, `step`, `ability`); then everything they can
//!   reach is frozen, and a function that assigns a variable living on
//!   between calls is refused (`freeze.rs`, `bytecode.rs`). So everything
//!   that changes lives in the game state (`game:set_var`), which undo,
//!   save files and the atomicity of actions cover. Nothing a script sees
//!   depends on the process either: `pairs` has a fixed order and no value
//!   shows a memory address.
//! - **Nothing reaches outside.** Lua's base (without loading functions),
//!   table, string, math (without random) and utf8 libraries only; chunks
//!   are named after their file, so errors read
//!   `titles/1849/scripts/x.lua:12`.
//!
//! The memory cap binds only while script code runs ([`Cap::scripts`]).
//! Rust code building values for scripts (arguments, and what the `game`
//! methods return) runs without it ([`Cap::lifted`]): under a cap, mlua
//! guards every string and table store against an allocation failure with
//! a protected call, which was a fifth of a whole 1844 replay. What Rust
//! built still counts, so a script piling up results is stopped at its
//! next allocation past the cap.

pub mod api;
pub mod bounded;
pub mod budget;
pub mod bytecode;
pub mod convert;
pub mod errors;
pub mod freeze;
pub mod guard;
pub mod profile;
pub mod sandbox;
mod title_rules;

use crate::game::ops::{Effects, GameError};
use crate::game::rules::Defined;
use crate::game::state::GameState;
use crate::title::Title;
use budget::Budget;
use errors::script_error;
use mlua::{Function, Lua, Table, Value};
use std::rc::Rc;
use std::sync::Arc;

pub use api::{GameRef, LuaGame};

/// Instructions one call into a script may run.
pub const INSTRUCTION_BUDGET: u64 = crate::limits::SCRIPT_INSTRUCTIONS_PER_CALL;
/// Memory the Lua state may use.
pub const MEMORY_LIMIT: usize = crate::limits::SCRIPT_MEMORY;

/// The Lua state's memory cap, set for a section of code until dropped;
/// then the cap found before is put back, so sections nest and one left by
/// an error or a panic still restores it.
pub struct Cap<'a> {
    lua: &'a Lua,
    before: usize,
}

impl<'a> Cap<'a> {
    /// Script code runs under [`MEMORY_LIMIT`].
    pub fn scripts(lua: &'a Lua) -> Cap<'a> {
        Cap::set(lua, MEMORY_LIMIT)
    }

    /// Rust code building values for scripts runs without a cap.
    pub fn lifted(lua: &'a Lua) -> Cap<'a> {
        Cap::set(lua, 0)
    }

    fn set(lua: &'a Lua, cap: usize) -> Cap<'a> {
        // Every state made here has allocator control, so this cannot fail.
        let before = lua.set_memory_limit(cap).unwrap_or(0);
        Cap { lua, before }
    }
}

impl Drop for Cap<'_> {
    fn drop(&mut self) {
        let _ = self.lua.set_memory_limit(self.before);
    }
}

/// Events of the core that `on(event, fn)` may subscribe to. A title's
/// phase events (`events` in phases.toml) are events too, named by
/// themselves; `on` refuses any other name at load, with a hint
/// (tests/docs.rs keeps docs/lua-api.md in step; `src_emits_only_listed_events`
/// keeps this list in step with the core).
pub const EVENTS: &[&str] = &[
    "round_started",
    "round_ended",
    "stock_round_ended",
    "turn_started",
    "turn_ended",
    "step_started",
    "step_ended",
    "phase_changed",
    "company_sold",
    "company_bought",
    "company_closed",
    "corporation_started",
    "corporation_floated",
    "corporation_closed",
    "corporation_converted",
    "corporation_merged",
    "president_changed",
    "share_bought",
    "shares_sold",
    "price_moved",
    "tile_laid",
    "token_placed",
    "trains_run",
    "dividend",
    "train_bought",
    "train_rusted",
    "train_discarded",
    "bank_broken",
    "set_ended",
    "train_exported",
    "end_cell_reached",
    "closing_cell_reached",
    "end_game_requested",
    "game_end",
];

/// The events of a title: the core's and its phase events, also those an
/// option adds (a script may subscribe to an event of an option that is
/// off: it then never fires).
pub fn known_events(title: &Title) -> Vec<String> {
    let mut names: Vec<String> = EVENTS.iter().map(|e| e.to_string()).collect();
    names.extend(title.phases.iter().flat_map(|p| p.events.iter().cloned()));
    for option in &title.options {
        let phases = option.patch.get("phases").and_then(|p| p.get("phase")).and_then(|p| p.as_array());
        for phase in phases.into_iter().flatten() {
            let events = phase.get("events").and_then(|e| e.as_array());
            names.extend(events.into_iter().flatten().filter_map(|e| e.as_str()).map(str::to_string));
        }
    }
    names.sort();
    names.dedup();
    names
}

pub use crate::game::rules::{Compose, HOOKS, Hook};

pub struct ScriptHost {
    /// The registration tables (handlers, hooks, steps, abilities), kept
    /// at hand: looking them up in the Lua registry at every call cost a
    /// string and a protected call. (Declared before `lua`: dropped first.)
    registries: [Table; 4],
    lua: Lua,
    budget: Rc<Budget>,
    /// The `game` object every call is given: made once, lent the
    /// caller's state for the call and holding an empty state between
    /// calls (`with_game`). A scoped object made and sealed per call was
    /// 40 % of the cost of a call that does nothing.
    game: mlua::AnyUserData,
    /// What `game` holds.
    lent: Rc<std::cell::RefCell<api::LuaGame>>,
    /// The script calls made while tracing (`start_trace`): which hook or
    /// handler, and where its function is.
    trace: std::cell::RefCell<Option<Vec<String>>>,
    /// Time per script function while profiling (`start_profile`).
    profile: std::cell::RefCell<Option<profile::ScriptProfile>>,
    /// `unbound_abilities`, read once registration is over.
    unbound: std::cell::OnceCell<Vec<String>>,
    /// `once_abilities`, read once registration is over.
    once: std::cell::OnceCell<Vec<String>>,
    /// The hooks' and handlers' functions by name, read once registration
    /// is over (`new`): the engine asks for hooks thousands of times per
    /// game, most of them undefined, and a Lua table lookup per ask (a
    /// string interned, a list read) was a tenth of a random game.
    dispatch: std::cell::OnceCell<Dispatch>,
    /// Calls guarded-out hook definitions anyway and refuses an answer
    /// other than the default (`guard.rs`): how tests catch a wrong guard.
    verify_guards: std::cell::Cell<bool>,
    pub title: Arc<Title>,
}

/// One call's time, recorded in its host's profile when dropped.
struct ProfileTimer<'h> {
    host: &'h ScriptHost,
    what: String,
    start: std::time::Instant,
}

impl Drop for ProfileTimer<'_> {
    fn drop(&mut self) {
        if let Some(p) = self.host.profile.borrow_mut().as_mut() {
            p.record(std::mem::take(&mut self.what), self.start.elapsed());
        }
    }
}

/// Registered functions by hook or event name (only names with some).
#[derive(Default)]
struct Dispatch {
    handlers: rustc_hash::FxHashMap<String, Vec<Function>>,
    hooks: rustc_hash::FxHashMap<String, Vec<Function>>,
    /// The core's description of each registered hook (`HOOKS`).
    hook_specs: rustc_hash::FxHashMap<String, &'static crate::game::rules::Hook>,
    /// The `when` guards of the hooks' definitions, in the same order
    /// (only hooks with at least one guard).
    guards: rustc_hash::FxHashMap<String, Vec<Option<guard::Guard>>>,
    /// The guards of script steps' `actions` and of abilities', by name.
    step_guards: rustc_hash::FxHashMap<String, guard::Guard>,
    ability_guards: rustc_hash::FxHashMap<String, guard::Guard>,
    /// The guards of event handlers, in the same order as `handlers`
    /// (only events with at least one guard).
    event_guards: rustc_hash::FxHashMap<String, Vec<Option<guard::Guard>>>,
    /// Handlers declared without the event's table (`function(game)`, no
    /// `...`), by address: they cannot reach it, so it is not built for them.
    payload_free: rustc_hash::FxHashSet<usize>,
    /// The abilities' names: every move a script step or ability may make
    /// is asked whether it is an ability's (`is_ability`).
    abilities: rustc_hash::FxHashSet<String>,
}

/// `file:line` where a script function is defined (its chunk's full name).
fn defined_at(f: &Function) -> String {
    let info = f.info();
    let file = info.source.as_deref().map(|s| s.strip_prefix('@').unwrap_or(s).to_string()).unwrap_or_default();
    format!("{file}:{}", info.line_defined.unwrap_or(0))
}

/// The functions of a registration list, in order.
fn functions_in(list: &Table) -> Vec<Function> {
    list.sequence_values::<Function>().filter_map(Result::ok).collect()
}

impl ScriptHost {
    /// A sandboxed state with the registration functions, scripts not loaded.
    pub fn sandbox(title: Arc<Title>) -> Result<ScriptHost, String> {
        let budget = Rc::new(Budget::new());
        let lua = sandbox::new_state(&budget).map_err(|e| format!("cannot create the Lua state: {e}"))?;
        api::register_globals(&lua).map_err(|e| e.to_string())?;
        lua.set_app_data(api::KnownEvents(known_events(&title)));
        lua.set_app_data(api::HookGuards { title: title.clone(), by_hook: Default::default(), actions: Default::default(), by_event: Default::default() });
        let table = |key: &str| lua.named_registry_value::<Table>(key).map_err(|e| e.to_string());
        let registries = [table(api::HANDLERS_KEY)?, table(api::HOOKS_KEY)?, table(api::STEPS_KEY)?, table(api::ABILITIES_KEY)?];
        let idle = api::LuaGame { title: title.clone(), st: GameState::default(), fx: Effects::default(), asking: None, live: false };
        let lent = Rc::new(std::cell::RefCell::new(idle));
        let game = lua.create_userdata(api::GameRef(lent.clone())).map_err(|e| format!("cannot create the game object: {e}"))?;
        api::install_fast_methods(&lua, &game).map_err(|e| format!("cannot create the game object: {e}"))?;
        Ok(ScriptHost { registries, lua, budget, game, lent, trace: Default::default(), profile: Default::default(), unbound: Default::default(), once: Default::default(), dispatch: Default::default(), verify_guards: Default::default(), title })
    }

    /// Loads every script of the title, then freezes what they built.
    pub fn new(title: Arc<Title>) -> Result<ScriptHost, GameError> {
        let host = ScriptHost::sandbox(title.clone()).map_err(GameError::Script)?;
        host.budget.begin_query();
        for s in &title.scripts {
            host.load_chunk(&s.display, &s.source)?;
        }
        host.cross_check()?;
        host.freeze()?;
        let _ = host.dispatch.set(host.read_dispatch()?);
        Ok(host)
    }

    /// The loaded host of this title kept by the thread, or a new one
    /// (kept for the next game). Loading the scripts is a tenth of
    /// replaying a recorded game; a host holds no game state (the scripts
    /// are frozen, and each call is lent its game), so games may share it,
    /// as a thread's fuzz and simulate games do. Titles are told apart by
    /// identity: `title::load::cached` gives one `Arc` per embedded title
    /// and options, and a title loaded from disk is a new one each time.
    pub fn shared(title: &Arc<Title>) -> Result<Rc<ScriptHost>, GameError> {
        thread_local! {
            static KEPT_HOSTS: std::cell::RefCell<Vec<Rc<ScriptHost>>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        /// Hosts kept per thread (a title under a few option sets).
        const KEPT: usize = 4;
        if let Some(hit) = KEPT_HOSTS.with_borrow(|kept| kept.iter().find(|h| Arc::ptr_eq(&h.title, title)).cloned()) {
            return Ok(hit);
        }
        let host = Rc::new(ScriptHost::new(title.clone())?);
        KEPT_HOSTS.with_borrow_mut(|kept| {
            if kept.len() >= KEPT {
                kept.remove(0);
            }
            kept.push(host.clone());
        });
        Ok(host)
    }

    /// Names the title's TOML gives to its scripts that no script
    /// defines: a phase event no handler takes, a script step or round, a
    /// company's script ability. Each would silently do nothing.
    fn cross_check(&self) -> Result<(), GameError> {
        let t = &self.title;
        let has = |registry: &str, name: &str| self.registry(registry).is_some_and(|t| t.contains_key(name).unwrap_or(false));
        let at = |file: &str, name: &str| {
            let line = t.source.read(file).ok().and_then(|text| crate::title::error::line_of(&text, name));
            match line {
                Some(l) => format!("{}:{l}", t.source.display(file)),
                None => t.source.display(file),
            }
        };
        let mut problems = Vec::new();
        for phase in &t.phases {
            for e in phase.events.iter().filter(|e| !has(api::HANDLERS_KEY, e)) {
                problems.push(format!("{}: phase {}'s event \"{e}\" is taken by no script (`on(\"{e}\", ...)`): it would do nothing", at("phases.toml", e), phase.name));
            }
        }
        for s in t.flow.steps.iter().filter(|s| s.kind == crate::title::schema::StepKind::Script && !has(api::STEPS_KEY, &s.name)) {
            problems.push(format!("{}: step \"{}\" is of kind script, but no script defines it (`step(\"{}\", {{...}})`)", at("flow.toml", &s.name), s.name, s.name));
        }
        for r in t.flow.rounds.iter().filter(|r| r.kind == crate::title::schema::RoundKind::Script && !has(api::STEPS_KEY, &r.name)) {
            problems.push(format!("{}: round \"{}\" is of kind script, but no script defines it (`step(\"{}\", {{...}})`)", at("flow.toml", &r.name), r.name, r.name));
        }
        for c in &t.companies {
            for a in &c.abilities {
                if let crate::title::schema::AbilityDef::Script { name, .. } = a
                    && !has(api::ABILITIES_KEY, name)
                {
                    problems.push(format!("{}: company {}'s ability \"{name}\" is defined by no script (`ability(\"{name}\", {{...}})`)", at("companies.toml", name), c.id));
                }
            }
        }
        // The other way: an ability a player or corporation uses (it has
        // `actions`, `process` or `can_buy`) that no company declares and
        // that is not registered `unbound = true` would never be offered.
        let declared = declared_abilities(t);
        for (name, spec) in self.ability_specs() {
            let acts = ["actions", "process", "can_buy"].iter().find(|f| matches!(spec.raw_get::<Value>(**f), Ok(Value::Function(_))));
            let unbound = matches!(spec.raw_get::<Value>("unbound"), Ok(Value::Boolean(true)));
            let Some(f) = acts else { continue };
            let defined = match spec.raw_get::<Function>(*f) {
                Ok(func) => {
                    let info = func.info();
                    let file = info.source.as_deref().map(|s| s.strip_prefix('@').unwrap_or(s).to_string()).unwrap_or_default();
                    format!("{file}:{}", info.line_defined.unwrap_or(0))
                }
                Err(_) => "a script".to_string(),
            };
            match (unbound, declared.contains(&name)) {
                (false, false) => problems.push(format!(
                    "{defined}: ability \"{name}\" is bound to no company: declare it in companies.toml (`abilities = [{{ type = \"script\", name = \"{name}\" }}]`) or register it `unbound = true` if every player or corporation has it"
                )),
                (true, true) => problems.push(format!(
                    "{}: ability \"{name}\" is registered `unbound = true` ({defined}) but a company declares it: drop one of the two",
                    at("companies.toml", &name)
                )),
                _ => {}
            }
        }
        problems.extend(unread_props(t));
        if problems.is_empty() { Ok(()) } else { Err(GameError::Script(problems.join("\n"))) }
    }

    /// Runs a chunk at load time (registration), within the bounds.
    pub fn load_chunk(&self, display: &str, source: &str) -> Result<(), GameError> {
        let context = format!("loading {display}");
        self.budget.begin_call(&self.lua, None).map_err(|e| GameError::Script(format!("script error in {context}: {}", self.budget.describe(&e))))?;
        let result = {
            let _cap = Cap::scripts(&self.lua);
            self.lua.load(source).set_name(format!("@{display}")).exec()
        };
        self.budget.end_call();
        result.map_err(|e| self.error(&context, &e))
    }

    /// Ends loading: what the scripts built can no longer change, and
    /// registering is closed (`freeze.rs`).
    fn freeze(&self) -> Result<(), GameError> {
        let mut owned: Vec<Table> = self.registries.to_vec();
        // The lists of event handlers and of hook definitions.
        for registry in &self.registries[..2] {
            for pair in registry.pairs::<Value, Table>() {
                let (_, list) = pair.map_err(|e| GameError::Script(format!("script error in loading: {e}")))?;
                owned.push(list);
            }
        }
        let mut roots = vec![self.lua.globals()];
        roots.extend(owned.iter().cloned());
        freeze::freeze(&self.lua, &roots, &owned).map_err(|problems| GameError::Script(format!("script error in loading: {}", problems.join("\n"))))
    }

    /// Every registered handler and hook, by name.
    fn read_dispatch(&self) -> Result<Dispatch, GameError> {
        let mut d = Dispatch::default();
        for (registry, into) in [(&self.registries[0], &mut d.handlers), (&self.registries[1], &mut d.hooks)] {
            for pair in registry.pairs::<String, Table>() {
                let (name, list) = pair.map_err(|e| GameError::Script(format!("script error in loading: {e}")))?;
                let funcs = functions_in(&list);
                if !funcs.is_empty() {
                    into.insert(name, funcs);
                }
            }
        }
        for f in d.handlers.values().flatten() {
            let info = f.info();
            if info.what == "Lua" && info.num_params < 2 && !info.is_vararg {
                d.payload_free.insert(f.to_pointer() as usize);
            }
        }
        d.hook_specs = d.hooks.keys().filter_map(|name| Some((name.clone(), HOOKS.iter().find(|h| h.name == name)?))).collect();
        if let Some(guards) = self.lua.app_data_ref::<api::HookGuards>() {
            // Only the names with some guard: the others are never looked up.
            let guarded = |by_name: &api::GuardSlots| {
                by_name.borrow().iter().filter(|(_, g)| g.iter().any(Option::is_some)).map(|(k, g)| (k.clone(), g.clone())).collect()
            };
            d.guards = guarded(&guards.by_hook);
            d.event_guards = guarded(&guards.by_event);
            for ((ability, name), g) in guards.actions.borrow().iter() {
                let into = if *ability { &mut d.ability_guards } else { &mut d.step_guards };
                into.insert(name.clone(), g.clone());
            }
        }
        d.abilities = self.registry(api::ABILITIES_KEY).map(|reg| reg.pairs::<String, Value>().filter_map(Result::ok).map(|(k, _)| k).collect()).unwrap_or_default();
        Ok(d)
    }

    /// The functions registered for a hook (`hooks`) or an event, in
    /// registration order; empty when none. Read from the cache once
    /// registration is over, from the registry before (a sandbox being
    /// loaded by a test).
    /// Borrowed from the cache: a hook is asked thousands of times a game.
    fn registered(&self, hooks: bool, name: &str) -> std::borrow::Cow<'_, [Function]> {
        if let Some(d) = self.dispatch.get() {
            let map = if hooks { &d.hooks } else { &d.handlers };
            return std::borrow::Cow::Borrowed(map.get(name).map_or(&[][..], Vec::as_slice));
        }
        let registry = &self.registries[if hooks { 1 } else { 0 }];
        std::borrow::Cow::Owned(match registry.get::<Option<Table>>(name) {
            Ok(Some(list)) => functions_in(&list),
            _ => Vec::new(),
        })
    }

    /// Whether any function is registered for a hook (`hooks`) or an event.
    pub(crate) fn is_registered(&self, hooks: bool, name: &str) -> bool {
        match self.dispatch.get() {
            Some(d) => (if hooks { &d.hooks } else { &d.handlers }).contains_key(name),
            None => !self.registered(hooks, name).is_empty(),
        }
    }

    /// Checks every `when` guard from now on (`guard.rs`): a guarded-out
    /// definition is called anyway, and an answer other than the default
    /// is a script error naming it.
    pub fn verify_guards(&self, on: bool) {
        self.verify_guards.set(on);
    }

    /// The definitions of a hook whose guard does not hold now, as a mask
    /// (bit i: the i-th definition keeps the default; definitions past the
    /// 64th are always called).
    fn guarded_out(&self, hook: &str, st: &GameState, args: &[crate::game::rules::Arg]) -> u64 {
        let mask = |guards: &[Option<guard::Guard>]| {
            guards.iter().take(64).enumerate().filter(|(_, g)| g.as_ref().is_some_and(|g| !g.holds(st, args))).fold(0u64, |m, (i, _)| m | 1 << i)
        };
        match self.dispatch.get() {
            Some(d) => d.guards.get(hook).map_or(0, |g| mask(g)),
            None => self.lua.app_data_ref::<api::HookGuards>().and_then(|g| g.by_hook.borrow().get(hook).map(|g| mask(g))).unwrap_or(0),
        }
    }

    /// Whether the `when` guard of a step's or ability's `actions` leaves
    /// the call out now (its answer then is no moves).
    fn actions_guarded_out(&self, kind: Defined, name: &str, st: &GameState, args: &[crate::game::rules::Arg]) -> bool {
        let holds = |g: &guard::Guard| g.holds(st, args);
        let ability = kind == Defined::Ability;
        match self.dispatch.get() {
            Some(d) => (if ability { &d.ability_guards } else { &d.step_guards }).get(name).is_some_and(|g| !holds(g)),
            None => self.lua.app_data_ref::<api::HookGuards>().is_some_and(|g| g.actions.borrow().get(&(ability, name.to_string())).is_some_and(|g| !holds(g))),
        }
    }

    /// Times the calls into the scripts from now on, by function
    /// (`take_profile` returns the times), and the `game` methods they
    /// call (kept per thread: `profile::ApiProfiling`).
    pub fn start_profile(&self) {
        *self.profile.borrow_mut() = Some(profile::ScriptProfile::default());
        profile::start_api_times();
    }

    /// The times since `start_profile` (empty when not profiling), which
    /// stops it.
    pub fn take_profile(&self) -> profile::ScriptProfile {
        let Some(mut p) = self.profile.borrow_mut().take() else { return profile::ScriptProfile::default() };
        p.api = profile::take_api_times();
        p
    }

    fn profiling(&self) -> bool {
        self.profile.borrow().is_some()
    }

    /// A timer for one call, recorded as `what()` when it ends; `None`
    /// (and `what` never called) when not profiling.
    fn profiled(&self, what: impl FnOnce() -> String) -> Option<ProfileTimer<'_>> {
        self.profiling().then(|| ProfileTimer { host: self, what: what(), start: std::time::Instant::now() })
    }

    /// Records the script calls from now on (`take_trace` returns them).
    pub fn start_trace(&self) {
        *self.trace.borrow_mut() = Some(Vec::new());
    }

    pub fn stop_trace(&self) {
        *self.trace.borrow_mut() = None;
    }

    /// The calls recorded since `start_trace`, which goes on recording.
    pub fn take_trace(&self) -> Vec<String> {
        self.trace.borrow_mut().as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// A script error of a call, with full script names (`errors.rs`).
    fn error(&self, context: &str, e: &mlua::Error) -> GameError {
        let chunks: Vec<String> = self.title.scripts.iter().map(|s| s.display.clone()).collect();
        script_error(context, e, &self.budget, &chunks)
    }

    /// One of the registration tables (`api::HOOKS_KEY`...).
    fn registry(&self, table: &str) -> Option<&Table> {
        let i = [api::HANDLERS_KEY, api::HOOKS_KEY, api::STEPS_KEY, api::ABILITIES_KEY].iter().position(|k| *k == table)?;
        Some(&self.registries[i])
    }

    pub fn has_handlers(&self, event: &str) -> bool {
        self.is_registered(false, event)
    }

    /// Calls `f(game, args...)` with the game state lent to Lua for the
    /// call, within the call's bounds; the state comes back whatever
    /// happens. What the script returned comes back as it is, frozen
    /// tables in it included: Rust reads an answer through them
    /// (`convert::from_lua_through`), since thawing a listing's many
    /// tables into copies walked each one a second time.
    fn with_game(
        &self,
        context: &dyn Fn() -> String,
        entered: Option<&Function>,
        asking: Option<&str>,
        st: &mut GameState,
        fx: &mut Effects,
        f: impl FnOnce(&Lua, mlua::AnyUserData) -> mlua::Result<mlua::MultiValue>,
    ) -> Result<mlua::MultiValue, GameError> {
        if let Some(calls) = self.trace.borrow_mut().as_mut() {
            let at = entered.map(|f| format!(" ({})", defined_at(f)));
            calls.push(format!("{}{}", context(), at.unwrap_or_default()));
        }
        if let Err(e) = self.budget.begin_call(&self.lua, entered) {
            self.budget.end_call();
            return Err(GameError::Script(format!("script error in {}: {}", context(), self.budget.describe(&e))));
        }
        // The caller's `st` holds the object's empty state meanwhile.
        if let Err(e) = self.lend(st, fx, asking) {
            self.budget.end_call();
            return Err(GameError::Script(format!("script error in {}: {e}", context())));
        }
        let result = {
            let _cap = Cap::scripts(&self.lua);
            let _api = profile::ApiProfiling::set(self.profiling());
            f(&self.lua, self.game.clone())
        };
        self.budget.end_call();
        self.take_back(st, fx);
        result.map_err(|e| self.error(&context(), &e))
    }

    /// Gives the game object the caller's state for a call. A call never
    /// starts inside another (scripts reach the engine only through `Ops`,
    /// which asks no script), so the object is idle here.
    fn lend(&self, st: &mut GameState, fx: &mut Effects, asking: Option<&str>) -> mlua::Result<()> {
        let mut game = match self.lent.try_borrow_mut() {
            Ok(game) if !game.live => game,
            _ => return Err(mlua::Error::RuntimeError("a script call began inside another".into())),
        };
        std::mem::swap(&mut game.st, st);
        std::mem::swap(&mut game.fx, fx);
        game.asking = asking.map(str::to_string);
        game.live = true;
        Ok(())
    }

    /// Takes the state back from the game object after a call, whatever
    /// the call did; the object keeps the empty state it lent.
    fn take_back(&self, st: &mut GameState, fx: &mut Effects) {
        // Nothing borrows the object once the call has returned.
        let Ok(mut game) = self.lent.try_borrow_mut() else { return };
        std::mem::swap(&mut game.st, st);
        *fx = std::mem::take(&mut game.fx);
        game.asking = None;
        game.live = false;
    }

    /// Calls a hook: every definition, combined as the hook says
    /// ([`Compose`]); `None` when the title does not override it or no
    /// definition answers. A hook that only answers a question sees a
    /// read-only game.
    /// `skip`: the definitions `guarded_out` leaves out (called anyway,
    /// and their answer checked, with `verify_guards`).
    fn hook_values(&self, name: &str, st: &mut GameState, fx: &mut Effects, mut args: mlua::MultiValue, skip: u64) -> Result<Option<mlua::MultiValue>, GameError> {
        let funcs = self.registered(true, name);
        if funcs.is_empty() {
            return Ok(None);
        }
        let spec = match self.dispatch.get() {
            Some(d) => d.hook_specs.get(name).copied(),
            None => HOOKS.iter().find(|h| h.name == name),
        };
        let Some(hook) = spec else { return Ok(None) };
        let context = || format!("hook '{name}'");
        let asking = (!hook.acts).then_some(name);
        let mut answer: Option<mlua::MultiValue> = None;
        let mut sum: Option<i64> = None;
        let verify = self.verify_guards.get();
        for (i, func) in funcs.iter().enumerate() {
            let out = i < 64 && skip & (1 << i) != 0;
            if out && !verify {
                continue;
            }
            let values = self.with_game(&context, Some(func), asking, st, fx, |_, ud| {
                let mut all = mlua::MultiValue::new();
                all.push_back(Value::UserData(ud));
                all.extend(args.iter().cloned());
                func.call::<mlua::MultiValue>(all)
            })?;
            if out {
                self.check_guarded_answer(hook, func, &values, &args)?;
                continue;
            }
            // An answer of nothing (or nil) keeps the core's default,
            // whatever its type (docs/lua-api.md, "Hooks").
            let none = values.front().is_none_or(Value::is_nil);
            match hook.compose {
                Compose::One => answer = (!none).then_some(values),
                Compose::Each => {}
                Compose::AllAllow => {
                    if matches!(values.front(), Some(Value::Boolean(false))) {
                        return Ok(Some(values));
                    }
                }
                Compose::Sum if none => {}
                Compose::Sum => {
                    let v = <i64 as mlua::FromLua>::from_lua(values.front().cloned().unwrap_or(Value::Nil), &self.lua).map_err(|e| self.error(&context(), &e))?;
                    let total = sum.unwrap_or(0).checked_add(v).ok_or_else(|| GameError::Script(format!("script error in {}: the answers add up past any amount", context())))?;
                    sum = Some(total);
                }
                Compose::Chain(_) if none => {}
                Compose::Chain(at) => {
                    for (k, v) in values.iter().enumerate() {
                        if let Some(slot) = args.get_mut(at + k) {
                            *slot = v.clone();
                        }
                    }
                    answer = Some(values);
                }
                Compose::First if none || matches!(values.front(), Some(Value::Boolean(false))) => {}
                Compose::First => {
                    answer = Some(values);
                    break;
                }
            }
        }
        if let Some(total) = sum {
            answer = Some(mlua::MultiValue::from_iter([Value::Integer(total)]));
        }
        Ok(answer)
    }

    /// A guarded-out definition called by `verify_guards` must have kept
    /// the default: otherwise its guard would have changed the game.
    fn check_guarded_answer(&self, hook: &Hook, func: &Function, values: &mlua::MultiValue, args: &mlua::MultiValue) -> Result<(), GameError> {
        let read = |v: &Value| convert::from_lua_through(&self.lua, v).ok().flatten();
        let answer: Vec<Option<crate::game::var::Var>> = values.iter().map(read).collect();
        let chained: Vec<Option<crate::game::var::Var>> = match hook.compose {
            Compose::Chain(at) => args.iter().skip(at).map(read).collect(),
            _ => Vec::new(),
        };
        if guard::is_default(hook.compose, &answer, &chained) {
            return Ok(());
        }
        let shown: Vec<String> = values.iter().map(convert::show).collect();
        Err(GameError::Script(format!(
            "script error in hook '{}': the definition at {} answered {} where its `when` guard does not hold, so the game would have gone on with the default: its guard is wrong (docs/lua-api.md, \"Guards\")",
            hook.name,
            defined_at(func),
            shown.join(", ")
        )))
    }

    /// Calls every handler of an event in registration order.
    fn emit_event(&self, event: &crate::game::ops::Event, st: &mut GameState, fx: &mut Effects) -> Result<(), GameError> {
        let funcs = self.registered(false, &event.name);
        let guards = self.dispatch.get().and_then(|d| d.event_guards.get(&event.name));
        let verify = self.verify_guards.get();
        for (i, func) in funcs.iter().enumerate() {
            // A handler whose `when` guard does not hold is not called
            // (with `verify_guards` it is, and must change nothing).
            let out = match guards.and_then(|g| g.get(i)).and_then(Option::as_ref) {
                Some(g) => !g.holds_for_event(st, &event.args).map_err(|field| {
                    // (A map's keys: already in order.)
                    let have: Vec<&str> = event.args.keys().map(String::as_str).collect();
                    GameError::Script(format!(
                        "script error in the handler of '{}' at {}: its `when` guard reads the field '{field}', which this event does not have (its fields: {}), so the handler would never run (docs/lua-api.md, \"Guards\")",
                        event.name,
                        defined_at(func),
                        if have.is_empty() { "none".to_string() } else { have.join(", ") }
                    ))
                })?,
                None => false,
            };
            if out && !verify {
                continue;
            }
            let before = out.then(|| (st.clone(), fx.log.len(), fx.events.len()));
            // Each handler gets a table of its own (what one handler does to
            // it, the next cannot see); none for a handler that takes none.
            let takes_payload = !self.dispatch.get().is_some_and(|d| d.payload_free.contains(&(func.to_pointer() as usize)));
            let payload = if takes_payload { Some(convert::args_table(&self.lua, &event.args).map_err(|e| self.error("event", &e))?) } else { None };
            // What a handler returns is not read.
            self.with_game(&|| format!("handler of '{}'", event.name), Some(func), None, st, fx, |_, ud| match payload {
                Some(p) => func.call::<mlua::MultiValue>((ud, p)),
                None => func.call::<mlua::MultiValue>(ud),
            })?;
            if let Some((was, logged, emitted)) = before
                && (*st != was || fx.log.len() != logged || fx.events.len() != emitted)
            {
                return Err(GameError::Script(format!(
                    "script error in the handler of '{}' at {}: it changed the game where its `when` guard does not hold, so the game would have gone on without that change: its guard is wrong (docs/lua-api.md, \"Guards\")",
                    event.name,
                    defined_at(func)
                )));
            }
        }
        Ok(())
    }

    /// Calls a function of a script-defined step or ability:
    /// `registry[kind][name][func](game, args...)`.
    fn defined_values(&self, kind: Defined, name: &str, func: &str, st: &mut GameState, fx: &mut Effects, args: mlua::MultiValue) -> Result<Option<mlua::MultiValue>, GameError> {
        let key = match kind {
            Defined::Step => api::STEPS_KEY,
            Defined::Ability => api::ABILITIES_KEY,
        };
        let kind = kind.name();
        let Some(reg) = self.registry(key) else { return Ok(None) };
        let Ok(Some(spec)) = reg.get::<Option<Table>>(name) else { return Ok(None) };
        let Ok(Some(f)) = spec.get::<Option<Function>>(func) else { return Ok(None) };
        let context = || format!("{kind} '{name}' ({func})");
        // What a step or ability is asked (its moves, whether it may be
        // passed or bought) is a question: it sees a read-only game. A
        // step's `skip` may act (1849's bond interest is paid as its step
        // is skipped), so it is not one.
        let asking = matches!(func, "actions" | "can_buy" | "may_pass").then(|| format!("{kind} '{name}' ({func})"));
        self.with_game(&context, Some(&f), asking.as_deref(), st, fx, |_, ud| {
            let mut all = mlua::MultiValue::new();
            all.push_back(Value::UserData(ud));
            all.extend(args);
            f.call::<mlua::MultiValue>(all)
        })
        .map(Some)
    }

    /// The registered abilities with their specs, by name.
    fn ability_specs(&self) -> Vec<(String, Table)> {
        let Some(reg) = self.registry(api::ABILITIES_KEY) else { return Vec::new() };
        let mut out: Vec<(String, Table)> = reg.pairs::<String, Table>().filter_map(Result::ok).collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// Abilities whose spec sets the flag `key` to true, sorted.
    fn abilities_flagged(&self, key: &str) -> Vec<String> {
        self.ability_specs().into_iter().filter(|(_, spec)| matches!(spec.get::<Value>(key), Ok(Value::Boolean(true)))).map(|(n, _)| n).collect()
    }

    /// Evaluates an expression or statements for the REPL's `lua` command.
    /// The code runs in an environment of its own over the frozen globals,
    /// with `game`: whatever it defines is gone after the call, and the
    /// caller discards the state it was given.
    pub fn eval(&self, expr: &str, st: &mut GameState, fx: &mut Effects) -> Result<String, GameError> {
        let env = self.lua.create_table().map_err(|e| self.error("lua", &e))?;
        let env_mt = self.lua.create_table().map_err(|e| self.error("lua", &e))?;
        env_mt.raw_set("__index", self.lua.globals()).map_err(|e| self.error("lua", &e))?;
        env.set_metatable(Some(env_mt)).map_err(|e| self.error("lua", &e))?;
        let code = format!("return {expr}");
        let func = match self.lua.load(code).set_name("=repl").set_environment(env.clone()).into_function() {
            Ok(f) => f,
            Err(_) => self.lua.load(expr).set_name("=repl").set_environment(env.clone()).into_function().map_err(|e| self.error("lua", &e))?,
        };
        self.budget.begin_query();
        let mut shown = String::new();
        self.with_game(&|| "lua".to_string(), Some(&func), None, st, fx, |lua, ud| {
            env.raw_set("game", ud)?;
            let vals = freeze::thaw_multi(lua, func.call::<mlua::MultiValue>(())?)?;
            shown = vals.iter().map(convert::show).collect::<Vec<_>>().join("\t");
            Ok(mlua::MultiValue::new())
        })?;
        Ok(shown)
    }

    pub fn lua(&self) -> &Lua {
        &self.lua
    }
}

/// `props` keys the core reads itself (title.toml `[props]`): the
/// importer's wording of 18xx.games records.
pub const CORE_PROPS: &[&str] = &["import_18xx"];

/// Does `word` occur in `text` as a whole identifier (not inside a longer
/// one: `units` is not read by `launch_units`)?
fn mentions(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

/// The line of `key = ` as a TOML key in `text`, the first at or after
/// the first line holding `anchor` (the entry's `id = "X"`), outside
/// comments; else the anchor's line.
fn key_line(text: &str, anchor: &str, key: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let code = |l: &str| l.split('#').next().unwrap_or("").to_string();
    let start = lines.iter().position(|l| code(l).contains(anchor)).unwrap_or(0);
    let is_key = |l: &str| {
        let l = code(l);
        l.match_indices(key).any(|(at, _)| {
            let before = l[..at].chars().next_back();
            let rest = l[at + key.len()..].trim_start();
            !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') && rest.starts_with('=')
        })
    };
    lines.iter().enumerate().skip(start).find(|(_, l)| is_key(l)).map(|(i, _)| i + 1).or(Some(start + 1))
}

/// Every `props` key of the title's data that nothing reads: neither the
/// core ([`CORE_PROPS`]) nor any script, where "read" means the key
/// appears in some script's text as a whole identifier or string (a
/// static scan: `props.bonus`, `props["bonus"]`; a key built at run time
/// from pieces is not seen). Only the top-level keys of each `props`
/// table are checked. Each is an error at the key's file and line.
fn unread_props(t: &Title) -> Vec<String> {
    let sources: Vec<&str> = t.scripts.iter().map(|s| s.source.as_str()).collect();
    let read = |key: &str| CORE_PROPS.contains(&key) || sources.iter().any(|s| mentions(s, key));
    // (file, anchor, what, key)
    let mut keys: Vec<(&str, String, String, String)> = Vec::new();
    let mut add = |file: &'static str, anchor: String, what: String, props: &crate::title::schema::Props| {
        keys.extend(props.keys().map(|k| (file, anchor.clone(), what.clone(), k.clone())));
    };
    add("title.toml", "[props".into(), "[props]".into(), &t.props);
    for pc in &t.player_counts {
        add("title.toml", format!("players = {}", pc.players), format!("the {}-player count's props", pc.players), &pc.props);
    }
    for kind in &t.corporation_kinds {
        add("companies.toml", format!("id = \"{}\"", kind.id), format!("corporation kind {}'s props", kind.id), &kind.props);
    }
    for c in &t.corporations {
        add("companies.toml", format!("id = \"{}\"", c.id), format!("corporation {}'s props", c.id), &c.props);
    }
    for c in &t.companies {
        add("companies.toml", format!("id = \"{}\"", c.id), format!("company {}'s props", c.id), &c.props);
        for a in &c.abilities {
            if let crate::title::schema::AbilityDef::Script { name, props, .. } = a {
                add("companies.toml", format!("id = \"{}\"", c.id), format!("company {}'s ability \"{name}\"'s props", c.id), props);
            }
        }
    }
    // Each file read once, for the lines of its keys.
    let texts: std::collections::BTreeMap<&str, Option<String>> = ["title.toml", "companies.toml"].into_iter().map(|f| (f, t.source.read(f).ok())).collect();
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for (file, anchor, what, key) in keys {
        if read(&key) || !seen.insert((what.clone(), key.clone())) {
            continue;
        }
        let at = match texts[file].as_deref().and_then(|text| key_line(text, &anchor, &key)) {
            Some(l) => format!("{}:{l}", t.source.display(file)),
            None => t.source.display(file),
        };
        out.push(format!(
            "{at}: {what}: \"{key}\" is read by nothing (no script names it, and the core reads only {}): read it in a script (`props.{key}`) or remove it",
            CORE_PROPS.join(", ")
        ));
    }
    out
}

/// The script abilities companies declare, also those of companies an
/// option adds or changes (an ability of an option that is off is still
/// bound).
fn declared_abilities(t: &Title) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for c in &t.companies {
        for a in &c.abilities {
            if let crate::title::schema::AbilityDef::Script { name, .. } = a {
                names.push(name.clone());
            }
        }
    }
    for option in &t.options {
        let companies = option.patch.get("companies").and_then(|p| p.get("company")).and_then(|p| p.as_array());
        for c in companies.into_iter().flatten() {
            let abilities = c.get("abilities").and_then(|a| a.as_array());
            for a in abilities.into_iter().flatten() {
                if a.get("type").and_then(|x| x.as_str()) == Some("script")
                    && let Some(n) = a.get("name").and_then(|x| x.as_str())
                {
                    names.push(n.to_string());
                }
            }
        }
    }
    names.sort();
    names.dedup();
    names
}

/// Compiles a script without running it; the error names file and line.
pub fn syntax_check(display: &str, source: &str) -> Result<(), String> {
    let lua = Lua::new_with(mlua::StdLib::NONE, mlua::LuaOptions::default()).map_err(|e| e.to_string())?;
    lua.load(source).set_name(format!("@{display}")).into_function().map(|_| ()).map_err(|e| errors::first_cause(&e, &Budget::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlua::ObjectLike;

    /// The one `game` object serves every call; between calls it holds no
    /// game and every method refuses, rather than answering from an empty
    /// state.
    /// A host of 1849's scripts and a new 4-player game beside it.
    fn host_and_game() -> (ScriptHost, crate::game::Game) {
        let title = Arc::new(crate::title::load::embedded("1849").expect("1849 loads"));
        let host = ScriptHost::new(title.clone()).expect("scripts load");
        let setup = crate::fuzz::game_setup(&title, 4, 1);
        (host, crate::game::Game::new(title, setup).expect("a new game"))
    }

    #[test]
    fn game_refuses_outside_a_call() {
        let (host, mut game) = host_and_game();
        let mut fx = Effects::default();
        let during = host.eval("game:corporation_field('AFG', 'started')", &mut game.state, &mut fx).expect("a read during a call");
        assert_eq!(during, "false");
        let after = host.game.call_method::<mlua::Value>("corporation_field", ("AFG", "started")).expect_err("refused between calls");
        assert!(after.to_string().contains("outside the call it was given to"), "{after}");
        // The state lent for the call came back whole.
        assert_eq!(game.state.corps.len(), game.title.corporations.len());
    }

    /// A definition whose `when` guard fails is not called: the hook keeps
    /// its default without Lua. Verifying guards calls it anyway.
    #[test]
    fn a_guarded_out_definition_is_not_called_unless_guards_are_verified() {
        use crate::game::rules::TitleRules;
        let (host, mut game) = host_and_game();
        let mut fx = Effects::default();
        // In the first stock round no turn has used P4.
        let args = || crate::args!["AFG", "E8", "1", 0];
        host.start_trace();
        let answer = host.hook("can_lay_tile", &mut game.state, &mut fx, args()).expect("an answer");
        assert!(answer.is_none());
        assert_eq!(host.take_trace(), Vec::<String>::new());
        host.verify_guards(true);
        let answer = host.hook("can_lay_tile", &mut game.state, &mut fx, args()).expect("an answer");
        assert!(answer.is_none(), "the definition's answer is not used where its guard fails");
        let trace = host.take_trace();
        assert_eq!(trace.len(), 1, "{trace:?}");
        assert!(trace[0].contains("hook 'can_lay_tile'") && trace[0].contains("privates.lua"), "{trace:?}");
    }

    /// `corporations(filter)` reads the boolean fields it filters on from
    /// the state (`api::fields::corp_flag`); its answer is the one a
    /// script gets by reading each corporation's fields, for every flag
    /// and value, with flags set in different combinations.
    #[test]
    fn corp_flags_read_as_corp_field() {
        let (host, mut game) = host_and_game();
        for (i, c) in game.state.corps.iter_mut().enumerate() {
            c.started = i % 2 == 0;
            c.floated = i % 3 == 0;
            c.closed = i % 4 == 1;
            c.reached_end = i % 5 == 2;
        }
        game.state.corps.iter_mut().last().expect("corporations").in_play = false;
        let mut fx = Effects::default();
        for field in ["in_play", "started", "floated", "closed", "reached_end"] {
            for want in ["true", "false"] {
                let filtered = format!("table.concat(game:corporations({{ {field} = {want} }}), ',')");
                let by_field = format!(
                    "local out = {{}} for _, c in ipairs(game:corporations()) do if game:corporation_field(c, '{field}') == {want} then out[#out + 1] = c end end return table.concat(out, ',')"
                );
                let a = host.eval(&filtered, &mut game.state, &mut fx).expect("the filter answers");
                let b = host.eval(&by_field, &mut game.state, &mut fx).expect("the fields answer");
                assert_eq!(a, b, "{field} = {want}");
            }
        }
    }
}

//! The Lua host: title scripts in a sandbox.
//!
//! Scripts get Lua's base (without loading functions), table, string, math
//! (without random) and utf8 libraries, nothing else; those of their
//! functions that loop inside C, running no VM instruction, are
//! [`bounded`]'s versions, which charge that work instead. Each call into a
//! script has an instruction budget and the state a memory cap. Chunks are
//! named after their file, so errors read `titles/1849/scripts/x.lua:12`.
//!
//! The memory cap binds only while script code runs ([`Cap::scripts`]).
//! Rust code building values for scripts (arguments, and what the `game`
//! methods return) runs without it ([`Cap::lifted`]): under a cap, mlua
//! guards every string and table store against an allocation failure with
//! a protected call, which was a fifth of a whole 1844 replay. What Rust
//! built still counts, so a script piling up results is stopped at its
//! next allocation past the cap.
//!
//! Scripts register behaviour while loading (`on`, `hook`, `step`,
//! `ability`) and keep no state of their own: everything that changes
//! lives in the game state (`game:set_var`), so undo, save files and the
//! atomicity of actions cover script state too. After loading, globals are
//! frozen: creating one is an error.

pub mod api;
pub mod bounded;
pub mod convert;

use crate::game::ops::{Effects, GameError, Refusal};
use crate::game::state::GameState;
use crate::title::Title;
use mlua::{Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, VmState};
use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

pub use api::LuaGame;

/// Instructions one call into a script may run.
pub const INSTRUCTION_BUDGET: u64 = 20_000_000;
/// Memory the Lua state may use.
pub const MEMORY_LIMIT: usize = 64 * 1024 * 1024;

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

/// Hook points a title may override, with what they are for.
pub const HOOKS: &[(&str, &str)] = &[
    ("setup", "after the game is set up: remove corporations, set the starting order (game)"),
    ("can_buy_certificate", "extra rules for buying a certificate: return false, message[, rule] (game, player, corp, cert, source)"),
    ("can_sell", "extra rules for selling: return false, message[, rule] (game, player, corp, percent)"),
    ("can_issue", "extra rules for issuing: return false, message[, rule] (game, corp, count, certificate indices)"),
    ("can_start", "may this corporation be started now? return false, message[, rule] (game, player, corp)"),
    ("startable", "corporations a player may start now, in order (game, player) -> list of ids"),
    ("par_prices", "starting values allowed for a corporation (game, corp, prices) -> list"),
    ("dividend_move", "share price move after a dividend: 'right', 'left', 'none'... (game, corp, kind, revenue)"),
    ("terrain_cost", "cost of a tile lay (game, corp, hex, new_track_gauges, cost) -> cost"),
    ("can_lay_tile", "extra rules for a tile lay: return false, message[, rule] (game, corp, hex, tile, rotation)"),
    ("extra_tile_lays", "tile lays this turn beyond the step's count (game, corp) -> number"),
    ("route_bonus", "extra revenue of one route (game, corp, route) -> amount"),
    ("run_bonus", "extra revenue of a whole run (game, corp, routes) -> amount"),
    ("player_value", "a player's final value (game, player, value) -> value"),
    ("must_buy_train", "must the corporation own a train now? (game, corp, default) -> bool"),
    ("can_buy_train", "extra rules for buying a train: return false, message[, rule] (game, corp, train)"),
    ("operating_order", "corporations that operate this round, in order (game, order) -> list"),
    ("company_price_range", "price range for a corporation buying a company (game, corp, company, min, max) -> min, max"),
    ("can_buy_company", "extra rules for a corporation buying a company: return false, message[, rule] (game, corp, company)"),
    ("relaxed_hexes", "hexes where the network rule is lifted now: return { lay = {hexes}, token = {hexes} } (game, corp)"),
    ("can_place_token", "extra rules for a station token: return false, message[, rule] (game, corp, hex)"),
    ("emergency_failed", "the president cannot raise the money for a required train (game, corp, player); default closes the corporation"),
    ("player_order", "the order of turns in a stock round (game) -> list of player names"),
    ("sell_after_drop", "pay a sale at the price after its drop? (game, player, corp) -> bool"),
    ("game_end_check", "after each action: return a reason to end the game now, or nil (game)"),
    ("skip_round", "leave a round out this time: return true (game, round name, round kind)"),
    ("can_pass", "extra rules for passing: return false, message[, rule] (game, player or corp, step name or 'stock')"),
    ("can_discard_train", "extra rules for discarding a train over the limit: return false, message[, rule] (game, corp, train)"),
];

pub struct ScriptHost {
    /// The registration tables (handlers, hooks, steps, abilities), kept
    /// at hand: looking them up in the Lua registry at every call cost a
    /// string and a protected call. (Declared before `lua`: dropped first.)
    registries: [Table; 4],
    lua: Lua,
    budget: Rc<Cell<u64>>,
    /// An empty state, standing in for the game's while a script has it.
    spare: Cell<Option<GameState>>,
    pub title: Arc<Title>,
}

/// Where script errors are reported.
fn script_error(context: &str, e: &mlua::Error) -> GameError {
    if let Some(r) = find_refusal(e) {
        return GameError::Refused(r);
    }
    let text = first_cause(e);
    GameError::Script(format!("script error in {context}: {text}"))
}

fn find_refusal(e: &mlua::Error) -> Option<Refusal> {
    if let Some(r) = e.downcast_ref::<Refusal>() {
        return Some(r.clone());
    }
    match e {
        mlua::Error::CallbackError { cause, .. } => find_refusal(cause),
        mlua::Error::WithContext { cause, .. } => find_refusal(cause),
        _ => None,
    }
}

fn first_cause(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { cause, .. } => first_cause(cause),
        mlua::Error::WithContext { cause, context } => format!("{context}: {}", first_cause(cause)),
        mlua::Error::RuntimeError(m) => m.lines().next().unwrap_or(m).to_string(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::MemoryError(_) => format!("the script used more than {} MiB of memory", MEMORY_LIMIT >> 20),
        other => other.to_string().lines().next().unwrap_or("").to_string(),
    }
}

impl ScriptHost {
    /// A sandboxed state with the registration functions, scripts not loaded.
    pub fn sandbox(title: Arc<Title>) -> Result<ScriptHost, String> {
        let lua = Lua::new_with(StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8, LuaOptions::default())
            .map_err(|e| format!("cannot create the Lua state: {e}"))?;
        let budget = Rc::new(Cell::new(INSTRUCTION_BUDGET));
        let b = budget.clone();
        lua.set_global_hook(HookTriggers::new().every_nth_instruction(10_000), move |_lua, _debug| {
            let left = b.get().saturating_sub(10_000);
            b.set(left);
            if left == 0 {
                Err(mlua::Error::RuntimeError(format!(
                    "the script ran more than {INSTRUCTION_BUDGET} instructions (an endless loop?) and was stopped"
                )))
            } else {
                Ok(VmState::Continue)
            }
        })
        .map_err(|e| e.to_string())?;
        // The cap is set around script code only (`Cap`); this checks that
        // the state allows one.
        lua.set_memory_limit(0).map_err(|e| e.to_string())?;
        // Library functions whose C loops run no VM instructions charge
        // their work instead. (No budget yet: the charge is free for now.)
        bounded::install(&lua, Rc::new(|_| Ok(()))).map_err(|e| e.to_string())?;
        api::register_globals(&lua).map_err(|e| e.to_string())?;
        let table = |key: &str| lua.named_registry_value::<Table>(key).map_err(|e| e.to_string());
        let registries = [table(api::HANDLERS_KEY)?, table(api::HOOKS_KEY)?, table(api::STEPS_KEY)?, table(api::ABILITIES_KEY)?];
        let host = ScriptHost { registries, lua, budget, spare: Cell::new(None), title };
        host.strip_globals().map_err(|e| e.to_string())?;
        Ok(host)
    }

    /// Loads every script of the title.
    pub fn new(title: Arc<Title>) -> Result<ScriptHost, GameError> {
        let host = ScriptHost::sandbox(title.clone()).map_err(GameError::Script)?;
        for s in &title.scripts {
            host.load_chunk(&s.display, &s.source)?;
        }
        host.freeze().map_err(|e| script_error("loading", &e))?;
        Ok(host)
    }

    /// Runs a chunk at load time (registration), with the budget.
    pub fn load_chunk(&self, display: &str, source: &str) -> Result<(), GameError> {
        self.budget.set(INSTRUCTION_BUDGET);
        let _cap = Cap::scripts(&self.lua);
        self.lua
            .load(source)
            .set_name(format!("@{display}"))
            .exec()
            .map_err(|e| script_error(&format!("loading {display}"), &e))
    }

    /// Removes everything that reaches outside the sandbox or is not
    /// deterministic.
    fn strip_globals(&self) -> mlua::Result<()> {
        let g = self.lua.globals();
        for name in ["dofile", "loadfile", "load", "require", "collectgarbage", "io", "os", "package", "debug"] {
            g.set(name, Value::Nil)?;
        }
        let math: Table = g.get("math")?;
        math.set("random", Value::Nil)?;
        math.set("randomseed", Value::Nil)?;
        let string: Table = g.get("string")?;
        string.set("dump", Value::Nil)?;
        Ok(())
    }

    /// After loading: new globals are refused and unknown ones reported,
    /// at the script line that touched them.
    fn freeze(&self) -> mlua::Result<()> {
        let _cap = Cap::scripts(&self.lua);
        self.lua
            .load(
                r#"
local sandboxed = { io = true, os = true, require = true, package = true, debug = true,
                    load = true, dofile = true, loadfile = true, collectgarbage = true }
setmetatable(_G, {
  __newindex = function(_, k)
    error("scripts may not set global '" .. tostring(k) .. "' after loading: keep game state with game:set_var", 2)
  end,
  __index = function(_, k)
    if sandboxed[k] then
      error("'" .. tostring(k) .. "' is not available to title scripts (sandbox: no io, os, package, debug or loading)", 2)
    end
    error("unknown global '" .. tostring(k) .. "'", 2)
  end,
})
"#,
            )
            .set_name("=sandbox")
            .exec()
    }

    /// One of the registration tables (`api::HOOKS_KEY`...).
    fn registry(&self, table: &str) -> Option<&Table> {
        let i = [api::HANDLERS_KEY, api::HOOKS_KEY, api::STEPS_KEY, api::ABILITIES_KEY].iter().position(|k| *k == table)?;
        Some(&self.registries[i])
    }

    pub fn has_hook(&self, name: &str) -> bool {
        self.registry(api::HOOKS_KEY).and_then(|t| t.get::<Option<Function>>(name).ok().flatten()).is_some()
    }

    pub fn has_step(&self, name: &str) -> bool {
        self.registry(api::STEPS_KEY).and_then(|t| t.get::<Option<Table>>(name).ok().flatten()).is_some()
    }

    pub fn has_handlers(&self, event: &str) -> bool {
        self.registry(api::HANDLERS_KEY)
            .and_then(|t| t.get::<Option<Table>>(event).ok().flatten())
            .is_some_and(|t| t.raw_len() > 0)
    }

    /// Calls `f(game, args...)` with the game state lent to Lua for the
    /// call; the state comes back whatever happens.
    fn with_game<R>(
        &self,
        context: &dyn Fn() -> String,
        st: &mut GameState,
        fx: &mut Effects,
        f: impl FnOnce(&Lua, mlua::AnyUserData) -> mlua::Result<R>,
    ) -> Result<R, GameError> {
        // The caller's `st` holds an empty state meanwhile, kept from call
        // to call (a new default state would allocate its shared parts).
        let empty = self.spare.take().unwrap_or_default();
        let mut lg = LuaGame { title: self.title.clone(), st: std::mem::replace(st, empty), fx: std::mem::take(fx), track: Default::default() };
        self.budget.set(INSTRUCTION_BUDGET);
        let result = self.lua.scope(|scope| {
            let ud = scope.create_userdata_ref_mut(&mut lg)?;
            let _cap = Cap::scripts(&self.lua);
            f(&self.lua, ud)
        });
        self.spare.set(Some(std::mem::replace(st, lg.st)));
        *fx = lg.fx;
        result.map_err(|e| script_error(&context(), &e))
    }

    /// Calls a hook; `None` when the title does not override it.
    pub fn call_hook<A: mlua::IntoLuaMulti, R: mlua::FromLuaMulti>(
        &self,
        name: &str,
        st: &mut GameState,
        fx: &mut Effects,
        args: A,
    ) -> Result<Option<R>, GameError> {
        let Some(hooks) = self.registry(api::HOOKS_KEY) else { return Ok(None) };
        let Ok(Some(func)) = hooks.get::<Option<Function>>(name) else { return Ok(None) };
        let args = args.into_lua_multi(&self.lua).map_err(|e| script_error(&format!("hook '{name}'"), &e))?;
        self.with_game(&|| format!("hook '{name}'"), st, fx, |_, ud| {
            let mut all = mlua::MultiValue::new();
            all.push_back(Value::UserData(ud));
            all.extend(args);
            func.call::<R>(all)
        })
        .map(Some)
    }

    /// A yes/no hook: `false, message[, rule]` refuses.
    pub fn check_hook<A: mlua::IntoLuaMulti>(&self, name: &str, st: &mut GameState, fx: &mut Effects, args: A) -> Result<(), GameError> {
        let r: Option<(Value, Option<String>, Option<String>)> = self.call_hook(name, st, fx, args)?;
        match r {
            Some((Value::Boolean(false), msg, rule)) => Err(GameError::Refused(Refusal {
                message: msg.unwrap_or_else(|| format!("refused by the title's rule ({name})")),
                rule,
            })),
            _ => Ok(()),
        }
    }

    /// Calls every handler of an event in registration order.
    pub fn emit(&self, event: &crate::game::ops::Event, st: &mut GameState, fx: &mut Effects) -> Result<(), GameError> {
        let Some(handlers) = self.registry(api::HANDLERS_KEY) else { return Ok(()) };
        let Ok(Some(list)) = handlers.get::<Option<Table>>(event.name.as_str()) else { return Ok(()) };
        let funcs: Vec<Function> = list.sequence_values::<Function>().filter_map(Result::ok).collect();
        for func in funcs {
            let payload = convert::args_table(&self.lua, &event.args).map_err(|e| script_error("event", &e))?;
            self.with_game(&|| format!("handler of '{}'", event.name), st, fx, |_, ud| func.call::<()>((ud, payload)))?;
        }
        Ok(())
    }

    /// Calls a function of a script-defined step or ability:
    /// `registry[kind][name][func](game, args...)`.
    pub fn call_defined<A: mlua::IntoLuaMulti, R: mlua::FromLuaMulti>(
        &self,
        kind: &str,
        name: &str,
        func: &str,
        st: &mut GameState,
        fx: &mut Effects,
        args: A,
    ) -> Result<Option<R>, GameError> {
        let key = if kind == "step" { api::STEPS_KEY } else { api::ABILITIES_KEY };
        let Some(reg) = self.registry(key) else { return Ok(None) };
        let Ok(Some(spec)) = reg.get::<Option<Table>>(name) else { return Ok(None) };
        let Ok(Some(f)) = spec.get::<Option<Function>>(func) else { return Ok(None) };
        let context = || format!("{kind} '{name}' ({func})");
        let args = args.into_lua_multi(&self.lua).map_err(|e| script_error(&context(), &e))?;
        self.with_game(&context, st, fx, |_, ud| {
            let mut all = mlua::MultiValue::new();
            all.push_back(Value::UserData(ud));
            all.extend(args);
            f.call::<R>(all)
        })
        .map(Some)
    }

    /// Names of script-defined abilities.
    pub fn ability_names(&self) -> Vec<String> {
        let Some(reg) = self.registry(api::ABILITIES_KEY) else { return Vec::new() };
        let mut out: Vec<String> = reg.pairs::<String, Value>().filter_map(Result::ok).map(|(k, _)| k).collect();
        out.sort();
        out
    }

    /// Evaluates an expression for the REPL's `lua EXPR` (read-only view:
    /// changes are discarded by the caller).
    pub fn eval(&self, expr: &str, st: &mut GameState, fx: &mut Effects) -> Result<String, GameError> {
        let code = format!("return {expr}");
        let chunk = self.lua.load(code).set_name("=repl").into_function();
        let func = match chunk {
            Ok(f) => f,
            Err(_) => self.lua.load(expr).set_name("=repl").into_function().map_err(|e| script_error("lua", &e))?,
        };
        // `game` is a parameter of the chunk: expose it as a global for the call.
        self.with_game(&|| "lua".to_string(), st, fx, |lua, ud| {
            let g = lua.globals();
            let mt = g.metatable();
            g.set_metatable(None)?;
            g.raw_set("game", ud)?;
            let r = func.call::<mlua::MultiValue>(());
            g.raw_set("game", Value::Nil)?;
            g.set_metatable(mt)?;
            let vals = r?;
            let parts: Vec<String> = vals.iter().map(convert::show).collect();
            Ok(parts.join("\t"))
        })
    }

    pub fn lua(&self) -> &Lua {
        &self.lua
    }
}

/// Compiles a script without running it; the error names file and line.
pub fn syntax_check(display: &str, source: &str) -> Result<(), String> {
    let lua = Lua::new_with(StdLib::NONE, LuaOptions::default()).map_err(|e| e.to_string())?;
    lua.load(source).set_name(format!("@{display}")).into_function().map(|_| ()).map_err(|e| first_cause(&e))
}

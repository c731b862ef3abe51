//! The Lua host as the engine's title rules: arguments go to Lua as
//! script values, answers come back as script values (`convert`), and the
//! engine never sees a Lua type.

use super::{ScriptHost, api, convert};
use crate::game::ops::{Effects, Event, GameError, GameResult};
use crate::game::rules::{Answer, Arg, Defined, TitleRules};
use crate::game::state::GameState;
use mlua::{MultiValue, Table, Value};

impl ScriptHost {
    fn lua_args(&self, context: &str, args: &[Arg]) -> GameResult<MultiValue> {
        let mut out = MultiValue::with_capacity(args.len());
        for a in args {
            out.push_back(match a {
                None => Value::Nil,
                Some(v) => convert::to_lua(&self.lua, v).map_err(|e| self.error(context, &e))?,
            });
        }
        Ok(out)
    }

    /// A rule's return values as script values, read as they came back
    /// (frozen tables through their contents). A value no script value
    /// holds (a function, a fractional number) is the script's error.
    fn answer(&self, context: String, values: MultiValue) -> GameResult<Answer> {
        let mut out = Vec::with_capacity(values.len());
        for v in values.iter() {
            out.push(convert::from_lua_through(&self.lua, v).map_err(|e| GameError::Script(format!("script error in {context}: it returned a value the core cannot read: {e}")))?);
        }
        Ok(Answer::new(context, out))
    }
}

/// The pieces joined: a call's name for its answer, made on every call,
/// where `format!` cost a tenth of a call that does nothing.
fn concat(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    parts.iter().for_each(|p| out.push_str(p));
    out
}

impl TitleRules for ScriptHost {
    fn begin_action(&self) {
        self.budget.begin_action();
    }

    fn begin_query(&self) {
        self.budget.begin_query();
    }

    fn has_hook(&self, hook: &str) -> bool {
        self.is_registered(true, hook)
    }

    fn has_handlers(&self, event: &str) -> bool {
        self.is_registered(false, event)
    }

    fn has_step(&self, step: &str) -> bool {
        self.registry(api::STEPS_KEY).and_then(|t| t.get::<Option<Table>>(step).ok().flatten()).is_some()
    }

    fn hook(&self, hook: &str, st: &mut GameState, fx: &mut Effects, args: Vec<Arg>) -> GameResult<Option<Answer>> {
        // Most asks are of hooks the title leaves alone: answer those
        // before turning the arguments into Lua values.
        if !self.is_registered(true, hook) {
            return Ok(None);
        }
        // Guards read arguments by the names `HOOKS` gives them: where
        // guards are verified (tests), a call that passes others is the
        // core's mistake.
        if self.verify_guards.get()
            && let Some(spec) = super::HOOKS.iter().find(|h| h.name == hook)
            && spec.args.len() != args.len()
        {
            return Err(GameError::Invalid(format!("internal error: hook '{hook}' asked with {} arguments where HOOKS names {}", args.len(), spec.args.len())));
        }
        // Definitions whose `when` guard does not hold keep the default:
        // when that is all of them, nothing goes to Lua.
        let skip = self.guarded_out(hook, st, &args);
        if skip != 0 && !self.verify_guards.get() && skip.count_ones() as usize == self.registered(true, hook).len() {
            return Ok(None);
        }
        let _timer = self.profiled(|| concat(&["hook ", hook]));
        let context = concat(&["hook '", hook, "'"]);
        let args = self.lua_args(&context, &args)?;
        match self.hook_values(hook, st, fx, args, skip)? {
            None => Ok(None),
            Some(values) => self.answer(context, values).map(Some),
        }
    }

    fn emit(&self, event: &Event, st: &mut GameState, fx: &mut Effects) -> GameResult<()> {
        // (Events no script handles are left out of a profile.)
        let _timer = if self.profiling() && self.is_registered(false, &event.name) { self.profiled(|| concat(&["event ", &event.name])) } else { None };
        self.emit_event(event, st, fx)
    }

    fn call(&self, kind: Defined, name: &str, func: &str, st: &mut GameState, fx: &mut Effects, args: Vec<Arg>) -> GameResult<Option<Answer>> {
        // A guarded `actions` whose guard fails offers no moves.
        let out = func == "actions" && self.actions_guarded_out(kind, name, st, &args);
        if out && !self.verify_guards.get() {
            return Ok(None);
        }
        let _timer = self.profiled(|| concat(&[kind.name(), " ", name, ".", func]));
        let context = concat(&[kind.name(), " '", name, "' (", func, ")"]);
        let args = self.lua_args(&context, &args)?;
        let answer = match self.defined_values(kind, name, func, st, fx, args)? {
            None => None,
            Some(values) => Some(self.answer(context, values)?),
        };
        if out && let Some(a) = &answer {
            let moves = a.list(0)?;
            if moves.is_some_and(|m| !m.is_empty()) {
                return Err(GameError::Script(format!(
                    "script error in {}: it offered moves where its `when` guard does not hold, so the game would have offered none: its guard is wrong (docs/lua-api.md, \"Guards\")",
                    a.from()
                )));
            }
        }
        Ok(answer)
    }

    fn is_ability(&self, name: &str) -> bool {
        // (Before registration is over, as a test's sandbox is loaded, the
        // registry itself.)
        match self.dispatch.get() {
            Some(d) => d.abilities.contains(name),
            None => self.registry(api::ABILITIES_KEY).is_some_and(|reg| reg.contains_key(name).unwrap_or(false)),
        }
    }

    /// Abilities registered `unbound = true` (1844's `pay_debt`).
    fn unbound_abilities(&self) -> &[String] {
        self.unbound.get_or_init(|| self.abilities_flagged("unbound"))
    }

    /// Abilities registered `once = true` (1844's `build_tunnel`).
    fn once_abilities(&self) -> &[String] {
        self.once.get_or_init(|| self.abilities_flagged("once"))
    }

    fn verifies_shortcuts(&self) -> bool {
        self.verify_guards.get()
    }
}

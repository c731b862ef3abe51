//! How much work a script may do: instructions per call and per action,
//! counted so that the same calls stop at the same instruction in a live
//! game and in its replay.
//!
//! The count hook fires every [`HOOK_EVERY`] VM instructions. Lua keeps
//! the instructions left until the next firing between calls, so a call
//! would otherwise inherit a count that depends on every call before it
//! (trial moves, the REPL's views...): each outermost call starts the
//! count afresh ([`reset_hook_count`]). What a call runs between its last
//! firing and its end is not seen by the hook, so each call also costs
//! the action a flat [`HOOK_EVERY`]: the action's total is then an upper
//! bound of the instructions its scripts ran. Library functions whose
//! work runs in C charge it explicitly ([`Budget::charge`], through
//! `script::bounded`).
//!
//! Once a bound is passed the call is doomed: `pcall` cannot catch the
//! error (see `sandbox.rs`), so a script cannot loop on it.

use crate::limits::{SCRIPT_INSTRUCTIONS_PER_ACTION, SCRIPT_INSTRUCTIONS_PER_CALL, SCRIPT_INSTRUCTIONS_PER_QUERY};
use mlua::Lua;
use mlua::debug::Debug;
use std::cell::{Cell, RefCell};

/// Instructions between two firings of the count hook. Small enough that
/// the flat per-call charge stays far below the budgets, large enough that
/// the hook costs little.
pub const HOOK_EVERY: u64 = 1_000;

/// Why the running call was stopped; kept until the outermost call ends,
/// so that every `pcall` on the way out passes the error on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// One call ran more than [`SCRIPT_INSTRUCTIONS_PER_CALL`].
    Call,
    /// The calls of one action ran more than [`SCRIPT_INSTRUCTIONS_PER_ACTION`],
    /// or those of one question about the game (its legal moves, loading)
    /// more than [`SCRIPT_INSTRUCTIONS_PER_QUERY`].
    Action,
    /// The Lua state's memory cap was hit.
    Memory,
    /// One call ran longer than [`crate::limits::SCRIPT_SECONDS_PER_CALL`].
    Time,
}

#[derive(Default)]
pub struct Budget {
    call_left: Cell<u64>,
    action_left: Cell<u64>,
    /// The running call started with less than a call's budget: what its
    /// action had left.
    call_capped: Cell<bool>,
    /// What the running action (or query) started with.
    action_limit: Cell<u64>,
    /// Outermost call first: nested calls share the outer call's budget.
    depth: Cell<u32>,
    exhausted: Cell<Option<Exhausted>>,
    /// `file:line` of the script code the hook last saw running: where a
    /// memory error (which Lua raises without a position) happened, or
    /// shortly before.
    last_seen: RefCell<String>,
    /// Lines the running call printed.
    prints: Cell<u32>,
    /// The script function the outermost call entered: where a memory
    /// error is placed when the hook has not fired yet.
    entered: RefCell<Option<mlua::Function>>,
    /// When the outermost call started.
    started: Cell<Option<std::time::Instant>>,
}

impl Budget {
    pub fn new() -> Budget {
        let b = Budget::default();
        b.begin_query();
        b
    }

    /// A new action: its scripts get a fresh action budget.
    pub fn begin_action(&self) {
        self.action_limit.set(SCRIPT_INSTRUCTIONS_PER_ACTION);
        self.action_left.set(SCRIPT_INSTRUCTIONS_PER_ACTION);
    }

    /// A question about the game that asks the scripts about many moves
    /// (the legal moves, the REPL's views), or loading the scripts: a
    /// larger budget than one action's.
    pub fn begin_query(&self) {
        self.action_limit.set(SCRIPT_INSTRUCTIONS_PER_QUERY);
        self.action_left.set(SCRIPT_INSTRUCTIONS_PER_QUERY);
    }

    /// Starts a call into a script. The outermost call gets a fresh call
    /// budget (no more than what the action has left) and a fresh hook
    /// count; an action that already spent its budget is refused here.
    pub fn begin_call(&self, lua: &Lua, entered: Option<&mlua::Function>) -> Result<(), Exhausted> {
        let depth = self.depth.get();
        self.depth.set(depth + 1);
        if depth > 0 {
            return Ok(());
        }
        self.exhausted.set(None);
        self.last_seen.borrow_mut().clear();
        self.prints.set(0);
        // Kept for error messages; most calls enter the function the
        // last one did, and a function handle is not free to copy.
        if self.entered.borrow().as_ref() != entered {
            *self.entered.borrow_mut() = entered.cloned();
        }
        self.started.set(Some(std::time::Instant::now()));
        if self.action_left.get() == 0 {
            self.exhausted.set(Some(Exhausted::Action));
            return Err(Exhausted::Action);
        }
        self.call_left.set(SCRIPT_INSTRUCTIONS_PER_CALL.min(self.action_left.get()));
        self.call_capped.set(self.action_left.get() < SCRIPT_INSTRUCTIONS_PER_CALL);
        reset_hook_count(lua);
        Ok(())
    }

    /// Ends a call started by [`Budget::begin_call`]. The flat charge of
    /// the outermost call covers what it ran after the hook's last firing.
    pub fn end_call(&self) {
        let depth = self.depth.get().saturating_sub(1);
        self.depth.set(depth);
        if depth == 0 {
            self.action_left.set(self.action_left.get().saturating_sub(HOOK_EVERY));
        }
    }

    /// Charges `units` of work done in C or Rust on the script's behalf.
    pub fn charge(&self, units: u64) -> Result<(), Exhausted> {
        if let Some(e) = self.exhausted() {
            return Err(e);
        }
        let call = self.call_left.get().saturating_sub(units);
        let action = self.action_left.get().saturating_sub(units);
        self.call_left.set(call);
        self.action_left.set(action);
        // A call's budget never exceeds what its action has left, so the
        // call always runs out first: it was the action's limit when the
        // action's remainder was what the call started with.
        if call > 0 {
            return Ok(());
        }
        let why = if self.call_capped.get() { Exhausted::Action } else { Exhausted::Call };
        self.exhausted.set(Some(why.clone()));
        Err(why)
    }

    /// The count hook: charges [`HOOK_EVERY`], notes where the script is,
    /// and stops a call that has run too long by the clock.
    ///
    /// The clock is the last resort, for work no count sees: a VM
    /// instruction joining two strings of megabytes copies them all. It is
    /// the one bound that depends on the machine, so it is set far above
    /// what any counted call takes (a whole per-call budget runs in tens of
    /// milliseconds).
    pub fn on_hook(&self, debug: &Debug) -> Result<(), String> {
        let here = location(debug);
        if *self.last_seen.borrow() != here {
            *self.last_seen.borrow_mut() = here;
        }
        if self.started.get().is_some_and(|t| t.elapsed().as_secs_f64() > crate::limits::SCRIPT_SECONDS_PER_CALL) {
            self.exhausted.set(Some(Exhausted::Time));
            return Err(self.describe(&Exhausted::Time));
        }
        self.charge(HOOK_EVERY).map_err(|e| self.describe(&e))
    }

    pub fn exhausted(&self) -> Option<Exhausted> {
        let e = self.exhausted.take();
        self.exhausted.set(e.clone());
        e
    }

    /// Notes where the script is from inside a function it called: the
    /// nearest Lua frame with a line.
    pub fn note_script_position(&self, lua: &Lua) {
        for level in 1..8 {
            let here = lua.inspect_stack(level, |d| d.current_line().map(|_| location(d))).flatten();
            if let Some(here) = here {
                *self.last_seen.borrow_mut() = here;
                return;
            }
        }
    }

    /// Marks the running call as out of memory (Lua's own error has no
    /// position; `pcall` must not swallow it either).
    pub fn out_of_memory(&self) {
        self.exhausted.set(Some(Exhausted::Memory));
    }

    /// Counts a line printed by the running call: the number printed
    /// before it, or `None` once past the limit (one line more is allowed,
    /// to say that the rest is dropped).
    pub fn count_print(&self) -> Option<u32> {
        let n = self.prints.get();
        if n > crate::limits::SCRIPT_PRINTS_PER_CALL {
            return None;
        }
        self.prints.set(n + 1);
        Some(n)
    }

    /// Where the script was last seen running: the hook's last firing,
    /// else the start of the function the call entered.
    pub fn last_seen(&self) -> String {
        let seen = self.last_seen.borrow().clone();
        if !seen.is_empty() {
            return seen;
        }
        match &*self.entered.borrow() {
            Some(f) => {
                let info = f.info();
                let file = info.source.as_deref().map(|s| s.strip_prefix('@').unwrap_or(s).to_string()).unwrap_or_default();
                format!("{file}:{}", info.line_defined.unwrap_or(0))
            }
            None => String::new(),
        }
    }

    /// The message for a bound that was passed, with the place the hook
    /// last saw the script at.
    pub fn describe(&self, e: &Exhausted) -> String {
        let at = self.last_seen();
        let at = if at.is_empty() { String::new() } else { format!("{at}: ") };
        match e {
            Exhausted::Call => format!(
                "{at}the script ran more than {SCRIPT_INSTRUCTIONS_PER_CALL} instructions in one call (an endless loop?) and was stopped"
            ),
            Exhausted::Action if self.action_limit.get() == SCRIPT_INSTRUCTIONS_PER_ACTION => format!(
                "{at}the title's scripts ran more than {SCRIPT_INSTRUCTIONS_PER_ACTION} instructions for one action and were stopped"
            ),
            Exhausted::Action => format!(
                "{at}the title's scripts ran more than {} instructions to answer one question (legal moves, a view, loading) and were stopped",
                self.action_limit.get()
            ),
            Exhausted::Time => format!(
                "{at}the script ran for more than {} s in one call (work on long strings that the instruction count does not see?) and was stopped",
                crate::limits::SCRIPT_SECONDS_PER_CALL
            ),
            Exhausted::Memory => {
                // Lua raises it without a position: say what is known.
                let near = if self.last_seen.borrow().is_empty() { "in the function starting here" } else { "it was running here, or shortly after" };
                format!("{at}the script used more than {} MiB of memory ({near})", crate::limits::SCRIPT_MEMORY >> 20)
            }
        }
    }
}

/// `file:line` of the Lua function the hook interrupted.
fn location(debug: &Debug) -> String {
    let source = debug.source();
    let file = source.source.as_deref().map(|s| s.strip_prefix('@').unwrap_or(s).to_string()).unwrap_or_default();
    match debug.current_line() {
        Some(line) => format!("{file}:{line}"),
        None => file,
    }
}

/// Restarts the count hook's countdown: setting a hook again resets the
/// instructions left until it fires (`lua_sethook`), with the same
/// function, mask and count.
fn reset_hook_count(lua: &Lua) {
    // Asked before every outermost call: `exec_raw`'s protected call cost
    // a tenth of a call that does nothing, and these four functions cannot
    // raise a Lua error, so they run on the state directly.
    lua.exec_raw_lua(|raw| {
        let state = raw.state();
        // SAFETY: `state` is this Lua's current (main: no call is running)
        // state; the functions only read and install its hook, touching
        // no stack values, and never raise.
        unsafe {
            let hook = mlua::ffi::lua_gethook(state);
            let mask = mlua::ffi::lua_gethookmask(state);
            let count = mlua::ffi::lua_gethookcount(state);
            mlua::ffi::lua_sethook(state, hook, mask, count);
        }
    });
}

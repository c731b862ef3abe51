//! The bounds on what a script keeps or grows through the `game` API
//! (`crate::limits`): all of it lives in Rust, out of sight of the Lua
//! memory cap, and in every snapshot of the state.
//!
//! Each bound is checked before the change it guards, so a refused call
//! changes nothing, and a script that catches the error (`pcall`) and
//! tries again is refused again instead of growing past the bound.

use super::args::rt;
use crate::game::flow::Pending;
use crate::game::ops::Effects;
use crate::game::state::GameState;
use crate::game::var::{Var, Vars};
use mlua::Value;
use crate::limits::{MAX_EVENTS, MAX_LOG_BYTES, MAX_LOG_LINES, MAX_PENDING, MAX_TEXT_BYTES, MAX_VAR_BYTES, MAX_VARS_BYTES};

/// Before any call that changes the game: refused once the action has
/// queued `MAX_EVENTS` events or logged `MAX_LOG_LINES` lines, the most
/// that one call of the API adds to either being a handful.
pub(super) fn room_for_effects(method: &str, fx: &Effects) -> mlua::Result<()> {
    if fx.events.len() >= MAX_EVENTS {
        return Err(rt(format!("{method}: {} events are waiting for their handlers, the most there may be (limits::MAX_EVENTS)", fx.events.len())));
    }
    if fx.log.len() >= MAX_LOG_LINES {
        return Err(rt(format!("{method}: this action has logged {} lines, the most it may (limits::MAX_LOG_LINES)", fx.log.len())));
    }
    Ok(())
}

/// A line a script adds to the log: at most `MAX_TEXT_BYTES`, and
/// `MAX_LOG_BYTES` in one action.
pub(super) fn log_line(fx: &mut Effects, line: String) -> mlua::Result<()> {
    if line.len() > MAX_TEXT_BYTES {
        return Err(rt(format!("log: the line is {} bytes long, more than the {MAX_TEXT_BYTES} allowed (limits::MAX_TEXT_BYTES)", line.len())));
    }
    if fx.script_log_bytes + line.len() > MAX_LOG_BYTES {
        return Err(rt(format!("log: scripts have logged {} bytes in this action; {} more would pass the {MAX_LOG_BYTES} allowed (limits::MAX_LOG_BYTES)", fx.script_log_bytes, line.len())));
    }
    fx.script_log_bytes += line.len();
    fx.log.push(line);
    Ok(())
}

/// `key` may hold `value` in `vars`: the value within `MAX_VAR_BYTES`,
/// all of them then within `MAX_VARS_BYTES`.
pub(super) fn var_fits(method: &str, vars: &Vars, key: &str, value: &Var) -> mlua::Result<()> {
    value_fits(method, &format!("the value of '{key}'"), value)?;
    let total = vars.weight_with(key, Some(value));
    if total > MAX_VARS_BYTES {
        return Err(rt(format!(
            "{method}: the vars would take {total} bytes with '{key}', more than the {MAX_VARS_BYTES} all of them may (limits::MAX_VARS_BYTES)"
        )));
    }
    Ok(())
}

/// One value kept in the state (a var, a question's data): within
/// `MAX_VAR_BYTES` by `Var::weight`.
pub(super) fn value_fits(method: &str, what: &str, value: &Var) -> mlua::Result<()> {
    let weight = value.weight();
    if weight > MAX_VAR_BYTES {
        return Err(rt(format!("{method}: {what} takes {weight} bytes, more than the {MAX_VAR_BYTES} a value may (limits::MAX_VAR_BYTES)")));
    }
    Ok(())
}

/// A Lua string about to become a value: refused by its length before it
/// is copied out of Lua (a 10 MB string is not copied to be refused).
pub(super) fn lua_value_fits(method: &str, what: &str, value: &Value) -> mlua::Result<()> {
    if let Value::String(s) = value {
        let len = s.as_bytes().len();
        if len + 16 > MAX_VAR_BYTES {
            return Err(rt(format!("{method}: {what} takes {} bytes, more than the {MAX_VAR_BYTES} a value may (limits::MAX_VAR_BYTES)", len + 16)));
        }
    }
    Ok(())
}

/// A question or payment may be put on the pending stack: fewer than
/// `MAX_PENDING` are waiting.
pub(super) fn push_pending(method: &str, st: &mut GameState, pending: Pending) -> mlua::Result<()> {
    if st.flow.pending.len() >= MAX_PENDING {
        return Err(rt(format!("{method}: {} questions are waiting for an answer, the most there may be (limits::MAX_PENDING)", st.flow.pending.len())));
    }
    st.flow.pending.push(pending);
    Ok(())
}

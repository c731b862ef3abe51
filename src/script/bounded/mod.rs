//! Library functions whose work is bounded by a charge, not by the VM.
//!
//! The sandbox stops a script call after so many VM instructions, but C
//! library functions run none: `string.find(("a"):rep(30), ("a*"):rep(12)
//! .. "b")` backtracks for hours inside one instruction, and
//! `string.rep("", math.maxinteger)` or `table.move({1}, 1, 1e9, 2)` loop
//! as long. [`install`] replaces those functions with versions that charge
//! their work to the running call, about one unit per VM instruction's
//! worth, so that the call's budget covers them too:
//!
//! - `string.find`, `match`, `gmatch`, `gsub`: a Lua 5.4 pattern matcher
//!   of our own (pattern.rs) charging every step;
//! - `string.rep`: the result's length, before it is built;
//! - `table.insert`, `remove`, `move`, `concat`, `unpack`, `sort`: Lua's
//!   functions, after the elements they will touch are counted and
//!   charged (tables.rs);
//! - `string.upper`, `sub`, `byte`..., `utf8.*`: the bytes of their string
//!   arguments and results (sizes.rs); `string.format` and `table.concat`
//!   the bytes of their results;
//! - `tostring` and `string.format`: no memory addresses, which differ
//!   between processes and would make a replay differ (display.rs).
//!
//! Results and error messages are Lua's, with one known difference: an
//! error raised here reaches a script's `pcall` as an error object (as
//! every error from the host's functions does), not as a string.

mod args;
mod display;
mod gsub;
mod meter;
mod pattern;
mod sizes;
mod strings;
mod tables;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod proptests;

use mlua::{Lua, Table, Value};

/// Charges `n` units of work (about one Lua VM instruction each) to the running script call;
/// returns an error once the call's budget is exhausted (the host builds that error).
pub type Charge = std::rc::Rc<dyn Fn(u64) -> mlua::Result<()>>;

/// Replaces, in `lua`'s globals, the library functions whose work is not bounded by
/// VM instructions with versions that charge their work to `charge`.
pub fn install(lua: &mlua::Lua, charge: Charge) -> mlua::Result<()> {
    let globals = lua.globals();
    let string = library(lua, "string")?;
    if let Some(string) = &string {
        strings::install(lua, string, &charge)?;
    }
    if let Some(table) = library(lua, "table")? {
        tables::install(lua, &table, &charge)?;
    }
    sizes::install(lua, &charge)?;
    display::install(lua, &globals, string.as_ref(), &charge)
}

/// A standard library's table, if the state has it (read raw: the
/// sandbox's globals may refuse unknown names).
fn library(lua: &Lua, name: &str) -> mlua::Result<Option<Table>> {
    match lua.globals().raw_get::<Value>(name)? {
        Value::Table(t) => Ok(Some(t)),
        _ => Ok(None),
    }
}

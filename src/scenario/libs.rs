//! Shared setup for a title's scenario tests: `test_lib("positions")`
//! loads `titles/<id>/tests/lib/positions.lua` once per test file and
//! returns what it returns (usually a table of functions), so that files
//! stop copying the same opening positions. Lib files run in the test
//! file's own sandbox; they register no tests and the runner does not run
//! them on their own (it lists only `tests/*.lua`).
//!
//! A title that extends another (`extends` in title.toml) sees the libs of
//! the titles it extends too, its own first: a lib is read from the first
//! layer that has `tests/lib/<name>.lua`, as scripts are. So a house rule's
//! tests reuse its parent's positions instead of copying them, however the
//! file is run (`railhead test`, `railhead run`, `--title`).

use super::Context;
use super::assert::fail;
use mlua::{Lua, Table, Value};

const LOADED: &str = "railhead.test_libs";

pub fn test_lib(lua: &Lua, name: String) -> mlua::Result<Value> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
        return Err(fail(lua, format!("test_lib({name:?}): a lib name is the file name without .lua, in a-z, 0-9 and _")));
    }
    let loaded: Table = match lua.named_registry_value::<Option<Table>>(LOADED)? {
        Some(t) => t,
        None => {
            let t = lua.create_table()?;
            lua.set_named_registry_value(LOADED, &t)?;
            t
        }
    };
    if let Some(v) = loaded.raw_get::<Option<Value>>(name.as_str())? {
        return Ok(v);
    }
    let source = lua.app_data_ref::<Context>().and_then(|c| c.default_title.clone());
    let Some(source) = source else {
        return Err(fail(lua, format!("test_lib({name:?}) works only in a title's test file (titles/<id>/tests/)")));
    };
    // The title's layers (`railhead run` hands over the bare folder); a
    // title.toml that does not read leaves the folder alone, and new_game
    // reports the error.
    let source = crate::title::inherit::resolve(&source).unwrap_or(source);
    let rel = format!("tests/lib/{name}.lua");
    let display = source.display(&rel);
    let text = source.read(&rel).map_err(|e| match e {
        crate::title::ReadError::NotFound => fail(lua, format!("test_lib({name:?}): {display} does not exist")),
        e => fail(lua, format!("test_lib({name:?}): {display} {e}")),
    })?;
    let value: Value = lua.load(text).set_name(format!("@{display}")).eval()?;
    // A lib that returns nothing still loads once.
    let value = if value.is_nil() { Value::Boolean(true) } else { value };
    loaded.raw_set(name.as_str(), &value)?;
    Ok(value)
}

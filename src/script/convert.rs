//! Conversions between Lua values and the game's script values.

use crate::game::var::Var;
use mlua::{Lua, Table, Value, ffi};
use std::ffi::c_int;
use std::collections::BTreeMap;

pub fn to_lua(lua: &Lua, v: &Var) -> mlua::Result<Value> {
    Ok(match v {
        Var::Bool(b) => Value::Boolean(*b),
        Var::Int(i) => Value::Integer(*i),
        Var::Str(s) => Value::String(lua.create_string(s)?),
        // SAFETY: `push_raw` pushes exactly one value and owns nothing
        // with a destructor (see there).
        Var::List(_) | Var::Map(_) => unsafe { lua.exec_raw((), |state| push_raw(state, v))? },
    })
}

/// Pushes `v` onto the Lua stack, tables built through the C API in one
/// protected call (`Lua::exec_raw`). Made field by field through mlua,
/// each field cost a stack check, a reference to the table and a string
/// kept in mlua's reference thread: the events' and hooks' arguments
/// (1844's route lists) were a tenth of a random game. Nothing on the
/// Rust frames here has a destructor, so an error raised inside (memory)
/// may leave them as Lua's protected call does.
pub(crate) unsafe fn push_raw(state: *mut ffi::lua_State, v: &Var) {
    unsafe {
        // A table, a key and a value at each level of nesting.
        ffi::luaL_checkstack(state, 3, std::ptr::null());
        match v {
            Var::Bool(b) => ffi::lua_pushboolean(state, c_int::from(*b)),
            Var::Int(i) => ffi::lua_pushinteger(state, *i),
            Var::Str(s) => {
                ffi::lua_pushlstring(state, s.as_ptr().cast(), s.len());
            }
            Var::List(items) => {
                ffi::lua_createtable(state, table_size(items.len()), 0);
                for (i, x) in items.iter().enumerate() {
                    push_raw(state, x);
                    ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
                }
            }
            Var::Map(m) => push_map(state, m),
        }
    }
}

/// A table's size hint for `lua_createtable` (a hint only: past
/// `c_int::MAX` the table grows as it is filled).
pub(crate) fn table_size(n: usize) -> c_int {
    c_int::try_from(n).unwrap_or(c_int::MAX)
}

/// Pushes a table with the map's entries (see [`push_raw`]).
unsafe fn push_map(state: *mut ffi::lua_State, m: &BTreeMap<String, Var>) {
    unsafe { push_counted(state, m.len(), m.iter().map(|(k, x)| (k.as_str(), x))) }
}

/// Pushes a table of the `len` entries, made at that size (see
/// [`push_raw`]).
unsafe fn push_counted<'a>(state: *mut ffi::lua_State, len: usize, entries: impl Iterator<Item = (&'a str, &'a Var)>) {
    unsafe {
        ffi::luaL_checkstack(state, 3, std::ptr::null());
        ffi::lua_createtable(state, 0, table_size(len));
        for (k, x) in entries {
            ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
            push_raw(state, x);
            ffi::lua_rawset(state, -3);
        }
    }
}

/// One value of a record's field (see [`records_to_lua`]).
#[derive(Clone, Copy)]
pub enum Scalar<'a> {
    Int(i64),
    Bool(bool),
    Str(&'a str),
}

/// A list of records of `width` fields each, `fields` one record after
/// another (a field of `None` is left out, as a nil is), as a table of
/// tables built through the C API in one protected call (see
/// [`push_raw`]). A corporation's certificates, trains and tokens are
/// asked for often (18FB's financial step and bankruptcy checks): made
/// through mlua, each field cost a protected call of its own, and the
/// fields of the certificate lists were a tenth of a random 18FB game.
pub fn records_to_lua(lua: &Lua, width: usize, fields: &[(&str, Option<Scalar<'_>>)]) -> mlua::Result<Value> {
    if width == 0 || !fields.len().is_multiple_of(width) {
        return Err(mlua::Error::RuntimeError(format!("records_to_lua: {} fields do not make records of {width}", fields.len())));
    }
    // SAFETY: `push_records` pushes exactly one value and owns nothing
    // with a destructor (as `push_raw`).
    unsafe { lua.exec_raw((), |state| push_records(state, width, fields)) }
}

/// One record (see [`records_to_lua`]): `game:round()`, asked by 18FB's
/// stock-round moves at every listing.
pub fn record_to_lua(lua: &Lua, fields: &[(&str, Option<Scalar<'_>>)]) -> mlua::Result<Value> {
    // SAFETY: as `records_to_lua`.
    unsafe { lua.exec_raw((), |state| push_record(state, fields)) }
}

unsafe fn push_records(state: *mut ffi::lua_State, width: usize, fields: &[(&str, Option<Scalar<'_>>)]) {
    unsafe {
        // The list, then a record's own (`push_record`).
        ffi::luaL_checkstack(state, 1, std::ptr::null());
        ffi::lua_createtable(state, table_size(fields.len() / width), 0);
        for (i, record) in fields.chunks(width).enumerate() {
            push_record(state, record);
            ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
        }
    }
}

pub(crate) unsafe fn push_record(state: *mut ffi::lua_State, fields: &[(&str, Option<Scalar<'_>>)]) {
    unsafe {
        // The record, a key and a value.
        ffi::luaL_checkstack(state, 3, std::ptr::null());
        ffi::lua_createtable(state, 0, table_size(fields.len()));
        for (key, value) in fields {
            let Some(value) = value else { continue };
            ffi::lua_pushlstring(state, key.as_ptr().cast(), key.len());
            push_scalar(state, Some(*value));
            ffi::lua_rawset(state, -3);
        }
    }
}

/// Pushes a scalar, nil for `None` (the caller has room on the stack).
pub(crate) unsafe fn push_scalar(state: *mut ffi::lua_State, v: Option<Scalar<'_>>) {
    unsafe {
        match v {
            None => ffi::lua_pushnil(state),
            Some(Scalar::Int(n)) => ffi::lua_pushinteger(state, n),
            Some(Scalar::Bool(b)) => ffi::lua_pushboolean(state, c_int::from(b)),
            Some(Scalar::Str(s)) => {
                ffi::lua_pushlstring(state, s.as_ptr().cast(), s.len());
            }
        }
    }
}

/// Reads a Lua value into a script value. Tables with keys 1..n are
/// lists; other tables maps with string keys. Floats must be whole.
pub fn from_lua(v: &Value) -> mlua::Result<Option<Var>> {
    from_lua_depth(None, v, 0)
}

/// [`from_lua`] for a value straight from a script: a frozen table in it
/// (`script::freeze`) is read through its contents, as a thawed copy
/// would be, without making the copy.
pub fn from_lua_through(lua: &Lua, v: &Value) -> mlua::Result<Option<Var>> {
    from_lua_depth(Some(lua), v, 0)
}

fn from_lua_depth(lua: Option<&Lua>, v: &Value, depth: u32) -> mlua::Result<Option<Var>> {
    if depth > 32 {
        return Err(mlua::Error::RuntimeError("value nested too deeply to keep in the game state".into()));
    }
    Ok(Some(match v {
        Value::Nil => return Ok(None),
        Value::Boolean(b) => Var::Bool(*b),
        Value::Integer(i) => Var::Int(*i),
        Value::Number(n) => {
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                Var::Int(*n as i64)
            } else {
                return Err(mlua::Error::RuntimeError(format!(
                    "{n} is not a whole number: the game state keeps only whole numbers (determinism)"
                )));
            }
        }
        Value::String(s) => Var::Str(s.to_string_lossy()),
        Value::Table(t) => table_to_var(lua, t, depth)?,
        other => {
            return Err(mlua::Error::RuntimeError(format!("a {} cannot be kept in the game state", other.type_name())));
        }
    }))
}

/// A table as a list when it holds exactly the keys 1..n (n = its raw
/// length), else as a map. Its entries are read once, in one walk.
fn table_to_var(lua: Option<&Lua>, t: &Table, depth: u32) -> mlua::Result<Var> {
    let contents = lua.and_then(|lua| super::freeze::shadow(lua, t));
    let t = contents.as_ref().unwrap_or(t);
    let len = t.raw_len();
    let mut entries: Vec<(Value, Value)> = Vec::with_capacity(len);
    // One protected walk (`for_each`), not a protected call per entry
    // (`pairs`): the answers of `actions` are lists of small tables.
    t.for_each(|k: Value, v: Value| {
        entries.push((k, v));
        Ok(())
    })?;
    if entries.len() == len && len > 0 {
        // The values at 1..=len in order (Lua keeps whole-number keys as
        // integers); other keys are not read.
        let mut slots: Vec<Option<Value>> = vec![None; len];
        for (k, v) in entries {
            if let Value::Integer(i) = k
                && i >= 1
                && i as usize <= len
            {
                slots[i as usize - 1] = Some(v);
            }
        }
        let mut items = Vec::with_capacity(len);
        for v in slots.into_iter().flatten() {
            if let Some(x) = from_lua_depth(lua, &v, depth + 1)? {
                items.push(x);
            }
        }
        return Ok(Var::List(items));
    }
    let mut m = BTreeMap::new();
    for (k, v) in entries {
        let key = match k {
            Value::String(s) => s.to_string_lossy(),
            Value::Integer(i) => i.to_string(),
            other => return Err(mlua::Error::RuntimeError(format!("table keys must be strings or integers, not {}", other.type_name()))),
        };
        if let Some(x) = from_lua_depth(lua, &v, depth + 1)? {
            m.insert(key, x);
        }
    }
    Ok(Var::Map(m))
}

/// A table of the entries of `vars` whose keys start with `prefix`, keyed
/// by the rest of the key (`game:vars(prefix)`), built as `push_map`
/// builds one: the entry by entry mlua sets cost about 1,000
/// instructions each, and 1844 reads a dozen after every tile lay.
pub fn prefixed_table(lua: &Lua, vars: &BTreeMap<String, Var>, prefix: &str) -> mlua::Result<Table> {
    // SAFETY: as in `to_lua`.
    unsafe { lua.exec_raw((), |state| push_prefixed(state, vars, prefix)) }
}

/// Pushes [`prefixed_table`]'s table. Counted first so that the table is
/// made at its size (growing it rehashes every entry at each doubling);
/// nothing is allocated on this frame (see [`push_raw`]).
pub(crate) unsafe fn push_prefixed(state: *mut ffi::lua_State, vars: &BTreeMap<String, Var>, prefix: &str) {
    let entries = || vars.range::<str, _>((std::ops::Bound::Included(prefix), std::ops::Bound::Unbounded)).map_while(|(k, v)| Some((k.strip_prefix(prefix)?, v)));
    unsafe { push_counted(state, entries().count(), entries()) }
}

pub fn args_table(lua: &Lua, args: &BTreeMap<String, Var>) -> mlua::Result<Table> {
    // SAFETY: as in `to_lua`.
    unsafe { lua.exec_raw((), |state| push_map(state, args)) }
}

/// A short readable rendering of a Lua value (for the REPL).
pub fn show(v: &Value) -> String {
    match from_lua(v) {
        Ok(Some(var)) => serde_json::to_string(&var).unwrap_or_default(),
        Ok(None) => "nil".to_string(),
        Err(_) => match v {
            Value::Number(n) => n.to_string(),
            other => format!("<{}>", other.type_name()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{budget::Budget, freeze, sandbox};
    use std::rc::Rc;

    /// Records come out as the tables the fields describe (alone or in a
    /// list): in order, a field of `None` absent, an empty list an empty
    /// table; a list of fields that is not whole records is refused.
    #[test]
    fn records_become_a_list_of_tables() {
        let lua = sandbox::new_state(&Rc::new(Budget::new())).unwrap();
        let fields = [
            ("id", Some(Scalar::Str("2-1"))),
            ("n", Some(Scalar::Int(-3))),
            ("up", Some(Scalar::Bool(true))),
            ("id", Some(Scalar::Str("3-1"))),
            ("n", None),
            ("up", Some(Scalar::Bool(false))),
        ];
        let list = records_to_lua(&lua, 3, &fields).unwrap();
        let as_var = from_lua(&list).unwrap().unwrap();
        let record = |id: &str, n: Option<i64>, up: bool| {
            let mut m = BTreeMap::from([("id".to_string(), Var::Str(id.into())), ("up".to_string(), Var::Bool(up))]);
            if let Some(n) = n {
                m.insert("n".into(), Var::Int(n));
            }
            Var::Map(m)
        };
        assert_eq!(as_var, Var::List(vec![record("2-1", Some(-3), true), record("3-1", None, false)]));
        let one = record_to_lua(&lua, &fields[3..]).unwrap();
        assert_eq!(from_lua(&one).unwrap().unwrap(), record("3-1", None, false));
        let empty = records_to_lua(&lua, 3, &[]).unwrap();
        assert!(matches!(&empty, Value::Table(t) if t.raw_len() == 0 && t.pairs::<Value, Value>().next().is_none()));
        assert!(records_to_lua(&lua, 2, &fields[..3]).is_err());
        assert!(records_to_lua(&lua, 0, &[]).is_err());
    }

    /// Reading a script's answer through its frozen tables gives what
    /// reading its thawed copy gave (`ScriptHost::answer` no longer thaws).
    #[test]
    fn frozen_tables_read_through_as_their_thawed_copies() {
        let lua = sandbox::new_state(&Rc::new(Budget::new())).unwrap();
        let kept: Table = lua
            .load(r#"return { list = { "a", "b", 3 }, map = { x = 1, [7] = true }, mixed = { "a", y = 2 }, nested = { { 1 }, { k = "v" } } }"#)
            .eval()
            .unwrap();
        let sealed: Table = lua.load(r#"return { 10, 20, { deep = { "z" } } }"#).eval().unwrap();
        freeze::freeze(&lua, std::slice::from_ref(&kept), &[]).unwrap();
        freeze::seal(&lua, &sealed).unwrap();
        // An answer of new tables holding frozen ones, and frozen ones alone.
        let answer: Table = lua.create_table().unwrap();
        answer.raw_set("kept", kept.clone()).unwrap();
        answer.raw_set("sealed", sealed.clone()).unwrap();
        answer.raw_set("own", lua.create_sequence_from([1, 2]).unwrap()).unwrap();
        for v in [Value::Table(answer), Value::Table(kept.clone()), Value::Table(sealed), Value::Table(freeze::contents(&lua, &kept).raw_get::<Table>("nested").unwrap())] {
            let thawed = from_lua(&freeze::thaw(&lua, v.clone()).unwrap()).unwrap();
            let through = from_lua_through(&lua, &v).unwrap();
            assert!(thawed.is_some());
            assert_eq!(through, thawed);
            // Read raw, without seeing through, a frozen table is empty.
            assert_ne!(from_lua(&v).unwrap(), thawed);
        }
    }
}

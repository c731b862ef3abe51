//! Conversions between Lua values and the game's script values.

use crate::game::var::Var;
use mlua::{Lua, Table, Value};
use std::collections::BTreeMap;

pub fn to_lua(lua: &Lua, v: &Var) -> mlua::Result<Value> {
    Ok(match v {
        Var::Bool(b) => Value::Boolean(*b),
        Var::Int(i) => Value::Integer(*i),
        Var::Str(s) => Value::String(lua.create_string(s)?),
        // Sized at once: growing a table rehashes it at every power of two.
        Var::List(items) => {
            let t = lua.create_table_with_capacity(items.len(), 0)?;
            for (i, x) in items.iter().enumerate() {
                t.raw_set(i + 1, to_lua(lua, x)?)?;
            }
            Value::Table(t)
        }
        Var::Map(m) => {
            let t = lua.create_table_with_capacity(0, m.len())?;
            for (k, x) in m {
                t.raw_set(k.as_str(), to_lua(lua, x)?)?;
            }
            Value::Table(t)
        }
    })
}

/// Reads a Lua value into a script value. Tables with keys 1..n are
/// lists; other tables maps with string keys. Floats must be whole.
pub fn from_lua(v: &Value) -> mlua::Result<Option<Var>> {
    from_lua_depth(v, 0)
}

fn from_lua_depth(v: &Value, depth: u32) -> mlua::Result<Option<Var>> {
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
        Value::Table(t) => table_to_var(t, depth)?,
        other => {
            return Err(mlua::Error::RuntimeError(format!("a {} cannot be kept in the game state", other.type_name())));
        }
    }))
}

fn table_to_var(t: &Table, depth: u32) -> mlua::Result<Var> {
    let len = t.raw_len();
    let mut count = 0usize;
    for pair in t.pairs::<Value, Value>() {
        pair?;
        count += 1;
    }
    if count == len && len > 0 {
        let mut items = Vec::with_capacity(len);
        for i in 1..=len {
            let v: Value = t.raw_get(i)?;
            if let Some(x) = from_lua_depth(&v, depth + 1)? {
                items.push(x);
            }
        }
        return Ok(Var::List(items));
    }
    let mut m = BTreeMap::new();
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair?;
        let key = match k {
            Value::String(s) => s.to_string_lossy(),
            Value::Integer(i) => i.to_string(),
            other => return Err(mlua::Error::RuntimeError(format!("table keys must be strings or integers, not {}", other.type_name()))),
        };
        if let Some(x) = from_lua_depth(&v, depth + 1)? {
            m.insert(key, x);
        }
    }
    Ok(Var::Map(m))
}

pub fn args_table(lua: &Lua, args: &BTreeMap<String, Var>) -> mlua::Result<Table> {
    let t = lua.create_table_with_capacity(0, args.len())?;
    for (k, v) in args {
        t.raw_set(k.as_str(), to_lua(lua, v)?)?;
    }
    Ok(t)
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

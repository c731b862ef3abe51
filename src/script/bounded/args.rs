//! Arguments of a replaced library function, read and refused as Lua's C
//! library does (lauxlib's `luaL_check*` family): the same conversions and
//! the same messages, "bad argument #2 to 'find' (number expected, got
//! table)", prefixed with the calling script line as `luaL_error` does.

use mlua::{Integer, Lua, LuaString, MultiValue, Table, Value};

/// One call of a replaced function: its arguments and what its errors need.
pub struct Call<'l> {
    pub lua: &'l Lua,
    args: Vec<Value>,
    /// The name Lua's `pushglobalfuncname` would find when the call site
    /// gives none ("string.find").
    global_name: &'static str,
}

impl<'l> Call<'l> {
    pub fn new(lua: &'l Lua, args: MultiValue, global_name: &'static str) -> Call<'l> {
        Call { lua, args: args.into_vec(), global_name }
    }

    /// How many arguments were passed (`lua_gettop`).
    pub fn count(&self) -> usize {
        self.args.len()
    }

    /// Argument `i` (1-based); `None` when absent ("no value").
    pub fn get(&self, i: usize) -> Option<&Value> {
        self.args.get(i.checked_sub(1)?)
    }

    /// Argument `i`, nil when absent.
    pub fn value(&self, i: usize) -> Value {
        self.get(i).cloned().unwrap_or(Value::Nil)
    }

    pub fn args(&self) -> &[Value] {
        &self.args
    }

    /// Absent or nil (`lua_isnoneornil`).
    pub fn is_none_or_nil(&self, i: usize) -> bool {
        matches!(self.get(i), None | Some(Value::Nil))
    }

    /// `luaL_checklstring`: a string, or a number converted as Lua does.
    pub fn check_string(&self, i: usize) -> mlua::Result<LuaString> {
        match self.get(i) {
            Some(Value::String(s)) => Ok(s.clone()),
            Some(v @ (Value::Integer(_) | Value::Number(_))) => {
                self.lua.coerce_string(v.clone())?.ok_or_else(|| self.type_error(i, "string"))
            }
            _ => Err(self.type_error(i, "string")),
        }
    }

    /// `luaL_optlstring`.
    pub fn opt_string(&self, i: usize, default: &str) -> mlua::Result<LuaString> {
        if self.is_none_or_nil(i) { self.lua.create_string(default) } else { self.check_string(i) }
    }

    /// `luaL_checkinteger`: integers, floats with an exact integer value,
    /// and strings that convert to one.
    pub fn check_integer(&self, i: usize) -> mlua::Result<Integer> {
        let v = self.value(i);
        if let Some(n) = self.lua.coerce_integer(v.clone())? {
            return Ok(n);
        }
        let is_number = !matches!(v, Value::Nil) && self.lua.coerce_number(v)?.is_some();
        Err(if is_number { self.arg_error(i, "number has no integer representation") } else { self.type_error(i, "number") })
    }

    /// `luaL_optinteger`.
    pub fn opt_integer(&self, i: usize, default: Integer) -> mlua::Result<Integer> {
        if self.is_none_or_nil(i) { Ok(default) } else { self.check_integer(i) }
    }

    /// `luaL_checktype(i, LUA_TTABLE)`'s refusal.
    pub fn table_expected(&self, i: usize) -> mlua::Error {
        self.type_error(i, "table")
    }

    /// `luaL_typeerror`: "X expected, got Y", Y being the value's `__name`
    /// when its metatable has a string one.
    pub fn type_error(&self, i: usize, expected: &str) -> mlua::Error {
        let got = match self.get(i) {
            None => "no value".to_string(),
            Some(Value::LightUserData(_)) => "light userdata".to_string(),
            Some(v) => match metafield(self.lua, v, "__name") {
                Value::String(name) => name.to_string_lossy(),
                _ => type_name(v).to_string(),
            },
        };
        self.arg_error(i, &format!("{expected} expected, got {got}"))
    }

    /// `luaL_argerror`: names the function as the calling code does, and
    /// does not count `self` in a method call.
    pub fn arg_error(&self, i: usize, message: &str) -> mlua::Error {
        let (name, is_method) = self
            .lua
            .inspect_stack(0, |d| {
                let names = d.names();
                (names.name.map(|n| n.into_owned()), names.name_what == Some("method"))
            })
            .unwrap_or((None, false));
        let mut i = i;
        if is_method {
            i = i.saturating_sub(1);
            if i == 0 {
                let name = name.unwrap_or_else(|| "?".to_string());
                return self.error(&format!("calling '{name}' on bad self ({message})"));
            }
        }
        let name = name.unwrap_or_else(|| self.global_name.to_string());
        self.error(&format!("bad argument #{i} to '{name}' ({message})"))
    }

    /// `luaL_error`: the message after the calling line, "file:12: ".
    pub fn error(&self, message: &str) -> mlua::Error {
        mlua::Error::RuntimeError(format!("{}{message}", caller_position(self.lua)))
    }

    /// An error the original C function raised while called from here: it
    /// names the function '?' and has no position (its caller is this Rust
    /// function, not the script); give it what it has when a script calls
    /// the C function itself. `own_messages` are the texts the C function
    /// raises with `luaL_error`, which get the position.
    pub fn relocate(&self, error: mlua::Error, own_messages: &[&str]) -> mlua::Error {
        let mlua::Error::RuntimeError(message) = &error else { return error };
        // mlua appends a traceback to an error Lua code raises for Rust.
        let message = message.split_once("\nstack traceback:").map_or(message.as_str(), |(head, _)| head);
        if let Some((i, text)) = parse_nameless_bad_argument(message) {
            return self.arg_error(i, text);
        }
        if own_messages.iter().any(|m| message.starts_with(m)) {
            return self.error(message);
        }
        error
    }
}

/// "bad argument #2 to '?' (text)" -> (2, "text").
fn parse_nameless_bad_argument(message: &str) -> Option<(usize, &str)> {
    let rest = message.strip_prefix("bad argument #")?;
    let (number, rest) = rest.split_once(" to '?' (")?;
    let text = rest.strip_suffix(')')?;
    Some((number.parse().ok()?, text))
}

/// `luaL_where(L, 1)`: "file:line: " of the function calling the running
/// one, or nothing when that is not Lua code with line information.
fn caller_position(lua: &Lua) -> String {
    lua.inspect_stack(1, |d| {
        let line = d.current_line()?;
        let source = d.source().short_src?.into_owned();
        (line > 0).then(|| format!("{source}:{line}: "))
    })
    .flatten()
    .unwrap_or_default()
}

/// `luaL_typename`: the basic type as Lua names it.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Nil => "nil",
        Value::Boolean(_) => "boolean",
        Value::Integer(_) | Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Table(_) => "table",
        Value::Function(_) => "function",
        Value::Thread(_) => "thread",
        _ => "userdata",
    }
}

/// The metatable of `v` as Lua's C API sees it (`lua_getmetatable`,
/// ignoring `__metatable`). The metatables of whole types (strings,
/// functions...) count; a userdata mlua cannot read has none here.
fn metatable(lua: &Lua, v: &Value) -> Option<Table> {
    match v {
        Value::Table(t) => t.metatable(),
        Value::String(_) => lua.type_metatable::<LuaString>(),
        Value::Boolean(_) => lua.type_metatable::<bool>(),
        Value::Integer(_) | Value::Number(_) => lua.type_metatable::<mlua::Number>(),
        Value::Function(_) => lua.type_metatable::<mlua::Function>(),
        Value::Thread(_) => lua.type_metatable::<mlua::Thread>(),
        Value::LightUserData(_) => lua.type_metatable::<mlua::LightUserData>(),
        _ => None,
    }
}

/// `luaL_getmetafield` without pushing: the raw field `key` of the
/// metatable of `v`, nil when there is none.
pub fn metafield(lua: &Lua, v: &Value, key: &str) -> Value {
    if let Value::UserData(ud) = v {
        return ud.metatable().and_then(|mt| mt.get::<Value>(key)).unwrap_or(Value::Nil);
    }
    metatable(lua, v).and_then(|mt| mt.raw_get::<Value>(key).ok()).unwrap_or(Value::Nil)
}

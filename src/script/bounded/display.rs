//! `tostring` and `string.format` without memory addresses: Lua prints a
//! table, function, userdata or thread that has no `__tostring` as
//! "table: 0x55d0c8a2b6f0", which differs from one process to the next,
//! so a game would not equal its replay. Here such a value prints as its
//! type name (or its metatable's `__name`), `%s` in a format likewise, and
//! `%p` is refused. Everything else is Lua's own function.

use super::Charge;
use super::args::{Call, metafield};
use mlua::{Function, Lua, LuaString, MultiValue, Table, Value};

/// The refusal of `%p`.
pub(super) const POINTER_REFUSED: &str = "string.format: '%p' shows a memory address, which is not available to title scripts";

/// Messages Lua's `string.format` raises with `luaL_error` (the bad
/// arguments are recognised by their shape).
const FORMAT_MESSAGES: &[&str] = &[
    "invalid conversion",
    "invalid format",
    "specifier '%q' cannot have modifiers",
    "'__tostring' must return a string",
];

pub fn install(lua: &Lua, globals: &Table, string: Option<&Table>, charge: &Charge) -> mlua::Result<()> {
    if let Value::Function(original) = globals.raw_get::<Value>("tostring")? {
        globals.raw_set("tostring", lua.create_function(move |lua, args| tostring(&Call::new(lua, args, "tostring"), &original))?)?;
    }
    if let Some(string) = string
        && let Value::Function(original) = string.raw_get::<Value>("format")?
    {
        let charge = charge.clone();
        string.raw_set("format", lua.create_function(move |lua, args| format(&Call::new(lua, args, "string.format"), &original, Some(&charge)))?)?;
    }
    Ok(())
}

/// What `tostring` gives a value that Lua would print with its address:
/// the `__name` of its metatable or its type. `None` for the values Lua
/// prints without one (and for those with a `__tostring`).
pub fn address_free_text(lua: &Lua, v: &Value) -> Option<String> {
    let type_name = match v {
        Value::Table(_) => "table",
        Value::Function(_) => "function",
        Value::Thread(_) => "thread",
        Value::UserData(_) | Value::LightUserData(_) | Value::Other(_) => "userdata",
        // Numbers, strings, booleans, nil; and mlua's error values, whose
        // `__tostring` gives their message.
        _ => return None,
    };
    if !matches!(metafield(lua, v, "__tostring"), Value::Nil) {
        return None;
    }
    match metafield(lua, v, "__name") {
        Value::String(name) => Some(name.to_string_lossy()),
        _ => Some(type_name.to_string()),
    }
}

fn tostring(call: &Call, original: &Function) -> mlua::Result<Value> {
    let Some(v) = call.get(1) else { return Err(call.arg_error(1, "value expected")) };
    if let Some(text) = address_free_text(call.lua, v) {
        return call.lua.create_string(text).map(Value::String);
    }
    original.call::<Value>(v.clone()).map_err(|e| call.relocate(e, &["'__tostring' must return a string"]))
}

/// A conversion of a format string: its specifier and the argument it
/// takes.
struct Conversion {
    /// Where its `%` is.
    at: usize,
    specifier: u8,
    argument: usize,
}

/// The conversions of a format as Lua reads them: `%%` is a literal; any
/// other `%` takes the next argument, its specifier following the flags,
/// width and precision. A malformed one is left for Lua to refuse.
fn conversions(format: &[u8]) -> Vec<Conversion> {
    const SPEC_PREFIX: &[u8] = b"-+#0 123456789.";
    let mut found = Vec::new();
    let mut argument = 1;
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            i += 1;
            continue;
        }
        if format.get(i + 1) == Some(&b'%') {
            i += 2;
            continue;
        }
        argument += 1;
        let prefix = format.get(i + 1..).unwrap_or_default().iter().take_while(|b| SPEC_PREFIX.contains(b)).count();
        let Some(&specifier) = format.get(i + 1 + prefix) else { break };
        found.push(Conversion { at: i, specifier, argument });
        i += prefix + 2;
    }
    found
}

fn format(call: &Call, original: &Function, charge: Option<&Charge>) -> mlua::Result<Value> {
    let format = call.check_string(1)?;
    let mut args = call.args().to_vec();
    for c in conversions(&format.as_bytes()) {
        match c.specifier {
            b'p' => return Err(refuse_pointer(call, original, &format, c.at)),
            b's' => {
                if let Some(slot) = args.get_mut(c.argument - 1)
                    && let Some(text) = address_free_text(call.lua, slot)
                {
                    *slot = Value::String(call.lua.create_string(text)?);
                }
            }
            _ => {}
        }
    }
    let out = original.call::<Value>(MultiValue::from_vec(args)).map_err(|e| call.relocate(e, FORMAT_MESSAGES))?;
    // The work grows with the text made (`%s` of a long string copies it).
    if let (Some(charge), Value::String(text)) = (charge, &out) {
        charge(text.as_bytes().len() as u64 + 1)?;
    }
    Ok(out)
}

/// The refusal of a `%p` at byte `at`, unless Lua refuses the format
/// before it (formatting it up to there) for another reason.
fn refuse_pointer(call: &Call, original: &Function, format: &LuaString, at: usize) -> mlua::Error {
    let before = format.as_bytes().get(..at).map(|b| b.to_vec()).unwrap_or_default();
    let mut args = call.args().to_vec();
    let earlier = call.lua.create_string(&before).and_then(|text| {
        if let Some(first) = args.first_mut() {
            *first = Value::String(text);
        }
        original.call::<Value>(MultiValue::from_vec(args))
    });
    match earlier {
        Err(e) => call.relocate(e, FORMAT_MESSAGES),
        Ok(_) => call.error(POINTER_REFUSED),
    }
}

//! String functions whose work grows with the strings they read and make
//! (`string.upper` of a 10 MB string copies 10 MB in one VM instruction):
//! Lua's own, with the bytes of their string results charged after the
//! call, and for `utf8.len` and `utf8.offset`, which scan their subject,
//! its bytes before; so a loop of them spends its budget as fast as it
//! spends time.

use super::Charge;
use super::args::Call;
use mlua::{Function, Lua, MultiValue, Table, Value};

/// The functions wrapped here: library, name, and the name errors give
/// (as Lua's: the bare name).
const WRAPPED: [(&str, &str, &str); 13] = [
    ("string", "upper", "upper"),
    ("string", "lower", "lower"),
    ("string", "reverse", "reverse"),
    ("string", "sub", "sub"),
    ("string", "byte", "byte"),
    ("string", "char", "char"),
    ("string", "pack", "pack"),
    ("string", "unpack", "unpack"),
    ("string", "packsize", "packsize"),
    ("utf8", "char", "char"),
    ("utf8", "codepoint", "codepoint"),
    ("utf8", "len", "len"),
    ("utf8", "offset", "offset"),
];

/// The beginnings of the messages these functions raise with
/// `luaL_error` (which carry the caller's position when Lua raises them).
const OWN_MESSAGES: [&str; 14] = [
    "invalid conversion",
    "invalid capture",
    "string slice too long",
    "resulting string too large",
    "data string too short",
    "format asks for alignment",
    "integral size",
    "invalid format option",
    "invalid next option",
    "missing size",
    "too many results",
    "initial position is a continuation byte",
    "invalid UTF-8 code",
    "invalid value (",
];

pub fn install(lua: &Lua, charge: &Charge) -> mlua::Result<()> {
    for (library, name, display) in WRAPPED {
        let Value::Table(table) = lua.globals().raw_get::<Value>(library)? else { continue };
        wrap(lua, &table, name, display, library == "utf8" && SCANS.contains(&name), charge)?;
    }
    Ok(())
}

fn wrap(lua: &Lua, table: &Table, name: &str, display: &'static str, scans: bool, charge: &Charge) -> mlua::Result<()> {
    let Value::Function(original) = table.raw_get::<Value>(name)? else { return Ok(()) };
    let charge = charge.clone();
    let f = lua.create_function(move |lua, args: MultiValue| charged_call(&Call::new(lua, args, display), &original, &charge, scans))?;
    table.raw_set(name, f)
}

/// Functions that scan their subject (not only what they return).
const SCANS: [&str; 2] = ["len", "offset"];

fn charged_call(call: &Call, original: &Function, charge: &Charge, scans: bool) -> mlua::Result<MultiValue> {
    let args = MultiValue::from_vec(call.args().to_vec());
    charge(if scans { string_bytes(&args) } else { 0 } + 1)?;
    let results: MultiValue = original.call(args).map_err(|e| call.relocate(e, &OWN_MESSAGES))?;
    charge(string_bytes(&results) + results.len() as u64)?;
    Ok(results)
}

fn string_bytes(values: &MultiValue) -> u64 {
    values.iter().map(|v| if let Value::String(s) = v { s.as_bytes().len() as u64 } else { 0 }).sum()
}

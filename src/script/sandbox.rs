//! The Lua state title scripts run in, and the base functions it replaces.
//!
//! Scripts get Lua's base library (without loading functions), table,
//! string, math (without random) and utf8, nothing else. Besides removing
//! what reaches outside, the sandbox replaces the base functions that
//! would let a script escape its bounds or keep state outside the game:
//!
//! - `pcall`/`xpcall` cannot catch a passed budget or the memory cap, so a
//!   script cannot loop on them (`budget.rs`);
//! - `setmetatable` refuses `__gc` (finalizers run with the instruction
//!   hook off, so one can hang the host), `__close` (close handlers run
//!   with the hook off while an error unwinds) and `__mode` (weak tables
//!   would show when the garbage collector ran). The object gets a private
//!   copy of the metatable's metamethods, so a field added to the
//!   metatable later cannot bring them in; `getmetatable` still answers
//!   the metatable given;
//! - `pairs` and `next` visit keys in a fixed order (numbers, then
//!   strings, then booleans): Lua's own order depends on a hash seed that
//!   differs from one process to the next, so a script iterating a table
//!   would play differently in a replay;
//! - `rawget`, `rawset`, `rawlen`, `next` and `pairs` see through frozen
//!   tables, and cannot change them (`freeze.rs`);
//! - `print` writes to stderr, with the script's `file:line`, never to
//!   stdout (which carries the REPL's JSON).

use super::budget::Budget;
use super::freeze;
use crate::limits::SCRIPT_PRINTS_PER_CALL;
use mlua::{Function, HookTriggers, Lua, LuaOptions, MultiValue, StdLib, Table, Value, VmState};
use std::cmp::Ordering;
use std::rc::Rc;

/// A new sandboxed state whose calls are bounded by `budget`.
pub fn new_state(budget: &Rc<Budget>) -> mlua::Result<Lua> {
    let lua = Lua::new_with(StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8, LuaOptions::default())?;
    let b = budget.clone();
    lua.set_global_hook(
        HookTriggers::new().every_nth_instruction(super::budget::HOOK_EVERY as u32),
        move |_lua, debug| b.on_hook(debug).map(|()| VmState::Continue).map_err(mlua::Error::RuntimeError),
    )?;
    // The cap is set around script code only (`script::Cap`); this checks
    // that the state allows one.
    lua.set_memory_limit(0)?;
    lua.gc_set_mode(mlua::state::GcMode::Generational(mlua::state::GcGenParams::default()));
    let frozen = freeze::Frozen::new(&lua)?;
    lua.set_app_data(frozen);
    strip(&lua)?;
    let b = budget.clone();
    let lua_weak = lua.weak();
    let charge: super::bounded::Charge = Rc::new(move |units| {
        b.charge(units).map_err(|e| {
            // The library function's caller is where the script was.
            if let Some(lua) = lua_weak.try_upgrade() {
                b.note_script_position(&lua);
            }
            mlua::Error::RuntimeError(b.describe(&e))
        })
    });
    super::bounded::install(&lua, charge)?;
    // After `bounded`: `print` uses its `tostring`.
    replace_base_functions(&lua, budget)?;
    Ok(lua)
}

/// Globals Lua has and title scripts do not.
pub const REMOVED: [&str; 10] = ["dofile", "loadfile", "load", "require", "collectgarbage", "io", "os", "package", "debug", "coroutine"];

/// Removes everything that reaches outside the sandbox or is not
/// deterministic.
fn strip(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    for name in REMOVED {
        g.raw_set(name, Value::Nil)?;
    }
    let math: Table = g.get("math")?;
    math.raw_set("random", Value::Nil)?;
    math.raw_set("randomseed", Value::Nil)?;
    let string: Table = g.get("string")?;
    string.raw_set("dump", Value::Nil)?;
    Ok(())
}

fn rt(msg: impl Into<String>) -> mlua::Error {
    mlua::Error::RuntimeError(msg.into())
}

fn replace_base_functions(lua: &Lua, budget: &Rc<Budget>) -> mlua::Result<()> {
    let g = lua.globals();
    g.raw_set("setmetatable", lua.create_function(set_metatable)?)?;
    g.raw_set("getmetatable", lua.create_function(get_metatable)?)?;
    g.raw_set("rawget", lua.create_function(raw_get)?)?;
    g.raw_set("rawset", lua.create_function(raw_set)?)?;
    g.raw_set("rawlen", lua.create_function(raw_len)?)?;
    let b = budget.clone();
    g.raw_set("next", lua.create_function(move |lua, (t, k): (Value, Value)| ordered_next(lua, &b, t, k))?)?;
    let b = budget.clone();
    g.raw_set("pairs", lua.create_function(move |lua, t: Value| ordered_pairs(lua, &b, t))?)?;
    let b = budget.clone();
    g.raw_set("print", lua.create_function(move |lua, args: MultiValue| print(lua, &b, args))?)?;
    // pcall and xpcall stay Lua's own, with their results passed through
    // `rethrow`: a protected call that ended by a passed bound ends the
    // whole script call.
    let b = budget.clone();
    let rethrow = lua.create_function(move |_, results: MultiValue| {
        if let Some(e) = b.exhausted() {
            return Err(rt(b.describe(&e)));
        }
        let failed = matches!(results.front(), Some(Value::Boolean(false)));
        if failed && results.get(1).is_some_and(is_memory_error) {
            b.out_of_memory();
            return Err(mlua::Error::MemoryError(b.describe(&super::budget::Exhausted::Memory)));
        }
        Ok(results)
    })?;
    let wrap: MultiValue = lua
        .load(
            "local raw_pcall, raw_xpcall, rethrow = ...\n\
             return function(f, ...) return rethrow(raw_pcall(f, ...)) end,\n\
                    function(f, h, ...) return rethrow(raw_xpcall(f, h, ...)) end",
        )
        .set_name("=sandbox")
        .call((g.raw_get::<Function>("pcall")?, g.raw_get::<Function>("xpcall")?, rethrow))?;
    let mut wrap = wrap.into_iter();
    g.raw_set("pcall", wrap.next().unwrap_or(Value::Nil))?;
    g.raw_set("xpcall", wrap.next().unwrap_or(Value::Nil))?;
    Ok(())
}

/// Lua's out-of-memory error, as a protected call returns it: Lua's own
/// message, or mlua's error from Rust code that could not allocate.
fn is_memory_error(v: &Value) -> bool {
    match v {
        Value::String(s) => s.as_bytes().as_ref() == b"not enough memory",
        Value::Error(e) => is_memory(e),
        _ => false,
    }
}

fn is_memory(e: &mlua::Error) -> bool {
    match e {
        mlua::Error::MemoryError(_) => true,
        mlua::Error::CallbackError { cause, .. } | mlua::Error::WithContext { cause, .. } => is_memory(cause),
        _ => false,
    }
}

/// Metamethods no script may set (see the module's comment).
const FORBIDDEN_METAMETHODS: [(&str, &str); 3] = [
    ("__gc", "finalizers run outside every bound"),
    ("__close", "close handlers can run outside every bound"),
    ("__mode", "weak tables show when the garbage collector ran, which a replay does not repeat"),
];

fn set_metatable(lua: &Lua, (t, mt): (Value, Value)) -> mlua::Result<Table> {
    let Value::Table(t) = t else {
        return Err(rt(format!("bad argument #1 to 'setmetatable' (table expected, got {})", t.type_name())));
    };
    let mt = match mt {
        Value::Nil => None,
        Value::Table(m) => Some(m),
        other => return Err(rt(format!("bad argument #2 to 'setmetatable' (nil or table expected, got {})", other.type_name()))),
    };
    if freeze::is_frozen(lua, &t) {
        return Err(rt("setmetatable: this table was made while the scripts loaded and cannot change after"));
    }
    let marker = freeze::marker(lua).ok_or_else(|| rt("the sandbox is not set up"))?;
    if let Some(current) = t.metatable()
        && let Some(public) = current.raw_get::<Option<Table>>(&marker)?
        && !read_through(lua, &public).raw_get::<Value>("__metatable")?.is_nil()
    {
        return Err(rt("cannot change a protected metatable"));
    }
    let private = match mt {
        None => None,
        Some(m) => Some(compile(lua, &m, &marker)?),
    };
    t.set_metatable(private)?;
    Ok(t)
}

/// The table itself, or a frozen table's contents.
fn read_through(lua: &Lua, t: &Table) -> Table {
    freeze::shadow(lua, t).unwrap_or_else(|| t.clone())
}

/// The private metatable an object gets for the metatable `mt`: its
/// metamethods as they are now (frozen metatables cannot change, so
/// theirs is made once), and `__metatable` for `getmetatable`.
fn compile(lua: &Lua, mt: &Table, marker: &Table) -> mlua::Result<Table> {
    if let Some(done) = freeze::compiled_for(lua, mt) {
        return Ok(done);
    }
    let source = read_through(lua, mt);
    let private = lua.create_table()?;
    for pair in source.pairs::<Value, Value>() {
        let (k, v) = pair?;
        let Value::String(name) = &k else { continue };
        let name = name.to_str()?;
        if !name.starts_with("__") {
            continue;
        }
        if let Some((_, why)) = FORBIDDEN_METAMETHODS.iter().find(|(n, _)| *n == name.as_ref() as &str) {
            return Err(rt(format!("setmetatable: '{name}' is not available to title scripts ({why})")));
        }
        private.raw_set(k.clone(), v)?;
    }
    let shown: Value = source.raw_get("__metatable")?;
    private.raw_set("__metatable", if shown.is_nil() { Value::Table(mt.clone()) } else { shown })?;
    private.raw_set(marker.clone(), mt.clone())?;
    if freeze::is_frozen(lua, mt) {
        freeze::remember_compiled(lua, mt, &private);
    }
    Ok(private)
}

/// Tables answer the metatable they were given (or their `__metatable`);
/// other values answer nil: the string and userdata metatables belong to
/// the host.
fn get_metatable(lua: &Lua, v: Value) -> mlua::Result<Value> {
    let Value::Table(t) = v else { return Ok(Value::Nil) };
    if let Some(public) = freeze::public_metatable(lua, &t) {
        return Ok(public.map(Value::Table).unwrap_or(Value::Nil));
    }
    let Some(mt) = t.metatable() else { return Ok(Value::Nil) };
    let marker = freeze::marker(lua).ok_or_else(|| rt("the sandbox is not set up"))?;
    if mt.raw_get::<Value>(&marker)?.is_nil() {
        return Ok(Value::Nil);
    }
    mt.raw_get("__metatable")
}

fn table_arg(v: Value, n: u32, func: &str) -> mlua::Result<Table> {
    match v {
        Value::Table(t) => Ok(t),
        other => Err(rt(format!("bad argument #{n} to '{func}' (table expected, got {})", type_name(&other)))),
    }
}

fn type_name(v: &Value) -> &'static str {
    if v.is_nil() { "no value" } else { v.type_name() }
}

fn raw_get(lua: &Lua, (t, k): (Value, Value)) -> mlua::Result<Value> {
    read_through(lua, &table_arg(t, 1, "rawget")?).raw_get(k)
}

fn raw_set(lua: &Lua, (t, k, v): (Value, Value, Value)) -> mlua::Result<Table> {
    let t = table_arg(t, 1, "rawset")?;
    if freeze::is_frozen(lua, &t) {
        return Err(rt("rawset: this table was made while the scripts loaded and cannot change after (keep game state with game:set_var)"));
    }
    t.raw_set(k, v)?;
    Ok(t)
}

fn raw_len(lua: &Lua, v: Value) -> mlua::Result<usize> {
    match v {
        Value::Table(t) => Ok(read_through(lua, &t).raw_len()),
        Value::String(s) => Ok(s.as_bytes().len()),
        other => Err(rt(format!("table or string expected, got {}", type_name(&other)))),
    }
}

/// Keys in the fixed order of `pairs` and `next`: numbers, strings,
/// booleans. Other keys have no order that a replay would repeat.
fn key_order(a: &Value, b: &Value) -> Ordering {
    fn rank(v: &Value) -> u8 {
        match v {
            Value::Integer(_) | Value::Number(_) => 0,
            Value::String(_) => 1,
            _ => 2,
        }
    }
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => x.total_cmp(y),
        (Value::Integer(x), Value::Number(y)) => (*x as f64).total_cmp(y).then(Ordering::Less),
        (Value::Number(x), Value::Integer(y)) => x.total_cmp(&(*y as f64)).then(Ordering::Greater),
        (Value::String(x), Value::String(y)) => x.as_bytes().as_ref().cmp(y.as_bytes().as_ref()),
        (Value::Boolean(x), Value::Boolean(y)) => x.cmp(y),
        _ => rank(a).cmp(&rank(b)),
    }
}

fn sorted_keys(lua: &Lua, budget: &Budget, t: &Table, func: &str) -> mlua::Result<(Table, Vec<Value>)> {
    let source = read_through(lua, t);
    let mut keys = Vec::new();
    for pair in source.pairs::<Value, Value>() {
        let (k, _) = pair?;
        if !matches!(k, Value::Integer(_) | Value::Number(_) | Value::String(_) | Value::Boolean(_)) {
            return Err(rt(format!(
                "{func}: the table has a {} as a key, and such keys have no order that a replay would repeat (use numbers, strings or booleans as keys)",
                k.type_name()
            )));
        }
        keys.push(k);
    }
    let n = keys.len() as u64;
    budget.charge(n + n * (64 - n.leading_zeros() as u64)).map_err(|e| rt(budget.describe(&e)))?;
    keys.sort_by(key_order);
    Ok((source, keys))
}

fn ordered_pairs(lua: &Lua, budget: &Rc<Budget>, t: Value) -> mlua::Result<MultiValue> {
    let t = table_arg(t, 1, "pairs")?;
    // A `__pairs` metamethod (of a metatable a script gave) decides.
    if !freeze::is_frozen(lua, &t)
        && let Some(mt) = t.metatable()
        && let Some(f) = mt.raw_get::<Option<Function>>("__pairs")?
    {
        let r: MultiValue = f.call(t)?;
        return Ok(r.into_iter().take(3).collect());
    }
    let (source, keys) = sorted_keys(lua, budget, &t, "pairs")?;
    let at = std::cell::Cell::new(0usize);
    let iter = lua.create_function(move |_, ()| {
        while let Some(k) = keys.get(at.get()) {
            at.set(at.get() + 1);
            let v: Value = source.raw_get(k)?;
            if !v.is_nil() {
                return Ok((k.clone(), v));
            }
        }
        Ok((Value::Nil, Value::Nil))
    })?;
    Ok(MultiValue::from_iter([Value::Function(iter), Value::Table(t), Value::Nil]))
}

fn ordered_next(lua: &Lua, budget: &Budget, t: Value, k: Value) -> mlua::Result<(Value, Value)> {
    let t = table_arg(t, 1, "next")?;
    let (source, keys) = sorted_keys(lua, budget, &t, "next")?;
    let start = if k.is_nil() {
        0
    } else {
        match keys.binary_search_by(|x| key_order(x, &k)) {
            Ok(i) => i + 1,
            Err(_) => return Err(rt("invalid key to 'next'")),
        }
    };
    for key in &keys[start..] {
        let v: Value = source.raw_get(key)?;
        if !v.is_nil() {
            return Ok((key.clone(), v));
        }
    }
    Ok((Value::Nil, Value::Nil))
}

/// Script output goes to stderr with where it was printed from: stdout
/// belongs to the REPL (its `--json` lines). A call prints at most
/// [`SCRIPT_PRINTS_PER_CALL`] lines.
fn print(lua: &Lua, budget: &Budget, args: MultiValue) -> mlua::Result<()> {
    let Some(n) = budget.count_print() else { return Ok(()) };
    if n == SCRIPT_PRINTS_PER_CALL {
        eprintln!("[script] (further output of this call is dropped: at most {SCRIPT_PRINTS_PER_CALL} lines a call)");
        return Ok(());
    }
    let tostring: Function = lua.globals().get("tostring")?;
    let mut parts = Vec::new();
    for v in args {
        parts.push(tostring.call::<String>(v)?);
    }
    let mut line = parts.join("\t");
    if line.len() > 4096 {
        let mut cut = 4096;
        while !line.is_char_boundary(cut) {
            cut -= 1;
        }
        line.truncate(cut);
        line.push_str("...");
    }
    let at = lua
        .inspect_stack(1, |d| {
            let src = d.source().source.map(|s| s.strip_prefix('@').unwrap_or(&s).to_string()).unwrap_or_default();
            format!("{src}:{}", d.current_line().unwrap_or(0))
        })
        .unwrap_or_default();
    eprintln!("[{at}] {line}");
    Ok(())
}

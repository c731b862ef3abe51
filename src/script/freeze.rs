//! After loading, nothing a title's scripts can reach may change: that is
//! what makes a game exactly its title, options, seed and action log.
//!
//! What outlives a call is what the scripts built while loading: the
//! globals, the library tables, the functions they registered and every
//! table and variable those reach. At the end of loading, [`freeze`]
//!
//! - refuses functions that assign a variable that lives on between calls
//!   (`bytecode::upvalue_writes`: `local n = 0` ... `n = n + 1`);
//! - empties every reachable table into a private copy (its *shadow*) and
//!   gives it a metatable that reads from the shadow and refuses writes.
//!   Tables keep their identity, so references between them, upvalues and
//!   comparisons still work; the length operator, `ipairs`, `pairs`,
//!   `next` and the `raw*` functions of the sandbox see through
//!   (`sandbox.rs`), and values handed to Rust are read through [`thaw`].
//!
//! Tables made during a call are the call's own and vanish with it: the
//! only places that outlive a call are frozen. Metatables can no longer
//! hold finalizers, close handlers or weak modes (see `sandbox.rs`), so
//! the garbage collector cannot show through either.

use super::bytecode;
use mlua::{Function, Lua, Table, Value};
// Fx-hashed: the keys are table addresses, looked up on every script call.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::BTreeSet;

/// What the sandbox needs to know of frozen tables, kept as the Lua
/// state's app data so that the sandbox's functions reach it.
pub struct Frozen {
    /// Frozen table (by address) -> its contents.
    shadows: HashMap<usize, Table>,
    /// Frozen table -> the metatable scripts saw it with, if any.
    public_metatables: HashMap<usize, Option<Table>>,
    /// A frozen table used as a metatable -> the private metatable that
    /// `setmetatable` gives objects in its place (see `sandbox::compile`).
    compiled: HashMap<usize, Table>,
    /// The key that marks a private metatable made by `setmetatable`; its
    /// value is the metatable the script gave.
    pub marker: Table,
    /// Loading is over: registration is closed.
    pub done: bool,
    /// Tables sealed after loading and kept for every call (`kept_sealed`).
    sealed: HashMap<(usize, usize), Table>,
}

impl Frozen {
    pub fn new(lua: &Lua) -> mlua::Result<Frozen> {
        Ok(Frozen {
            shadows: HashMap::default(),
            public_metatables: HashMap::default(),
            compiled: HashMap::default(),
            marker: lua.create_table()?,
            done: false,
            sealed: HashMap::default(),
        })
    }
}

fn key(t: &Table) -> usize {
    t.to_pointer() as usize
}

/// The contents of a frozen table; `None` for any other table.
pub fn shadow(lua: &Lua, t: &Table) -> Option<Table> {
    lua.app_data_ref::<Frozen>()?.shadows.get(&key(t)).cloned()
}

/// Where a table's own entries are: its shadow when frozen, else the
/// table itself. Raw reads through it run no script code.
pub fn contents(lua: &Lua, t: &Table) -> Table {
    shadow(lua, t).unwrap_or_else(|| t.clone())
}

pub fn is_frozen(lua: &Lua, t: &Table) -> bool {
    lua.app_data_ref::<Frozen>().is_some_and(|f| f.shadows.contains_key(&key(t)))
}

/// The metatable a frozen table had when it was frozen (`Some(None)`: it
/// had none); `None` when the table is not frozen.
pub fn public_metatable(lua: &Lua, t: &Table) -> Option<Option<Table>> {
    lua.app_data_ref::<Frozen>()?.public_metatables.get(&key(t)).cloned()
}

pub fn marker(lua: &Lua) -> Option<Table> {
    lua.app_data_ref::<Frozen>().map(|f| f.marker.clone())
}

pub fn loading_done(lua: &Lua) -> bool {
    lua.app_data_ref::<Frozen>().is_some_and(|f| f.done)
}

pub fn compiled_for(lua: &Lua, public: &Table) -> Option<Table> {
    lua.app_data_ref::<Frozen>()?.compiled.get(&key(public)).cloned()
}

pub fn remember_compiled(lua: &Lua, public: &Table, private: &Table) {
    if let Some(mut f) = lua.app_data_mut::<Frozen>() {
        f.compiled.insert(key(public), private.clone());
    }
}

/// Everything reachable from the roots, in discovery order.
struct Reached {
    tables: Vec<Table>,
    functions: Vec<Function>,
}

/// Freezes what the roots reach. `owned` are the host's own tables (the
/// registration tables and handler lists): walked, never emptied, since
/// scripts cannot reach them and the host reads them directly.
pub fn freeze(lua: &Lua, roots: &[Table], owned: &[Table]) -> Result<(), Vec<String>> {
    let fail = |e: mlua::Error| vec![format!("cannot freeze the scripts' state: {e}")];
    let marker = marker(lua).ok_or_else(|| vec!["the sandbox has no freeze registry".to_string()])?;
    let reached = reach(lua, roots, &marker).map_err(fail)?;
    let problems = kept_variable_writes(&reached.functions);
    if !problems.is_empty() {
        return Err(problems);
    }
    let owned: HashSet<usize> = owned.iter().map(key).collect();
    let globals = lua.globals();
    for t in &reached.tables {
        if owned.contains(&key(t)) || t.raw_get::<Value>(&marker).map(|v| !v.is_nil()).unwrap_or(false) {
            continue;
        }
        let made = if key(t) == key(&globals) { Made::Globals } else { Made::Loading };
        hollow(lua, t, &marker, made).map_err(fail)?;
    }
    if let Some(mut f) = lua.app_data_mut::<Frozen>() {
        f.done = true;
    }
    Ok(())
}

/// Where a frozen table came from, for the refusal of a write.
#[derive(Clone, Copy)]
enum Made {
    /// The globals table.
    Globals,
    /// A table the scripts made while loading.
    Loading,
    /// Title data the host built after loading ([`seal`]).
    TitleData,
}

/// Makes `t` and every table inside it read-only, as frozen tables are:
/// title data (props) the host builds once and hands to every call that
/// asks, so that no call can change what the next one reads. `t` must be
/// a tree of plain tables (no metatables, no cycles), as built from TOML.
pub fn seal(lua: &Lua, t: &Table) -> mlua::Result<()> {
    let marker = marker(lua).ok_or_else(|| mlua::Error::RuntimeError("the sandbox has no freeze registry".into()))?;
    let mut stack = vec![t.clone()];
    while let Some(t) = stack.pop() {
        for pair in t.pairs::<Value, Value>() {
            if let (_, Value::Table(inner)) = pair? {
                stack.push(inner);
            }
        }
        hollow(lua, &t, &marker, Made::TitleData)?;
    }
    Ok(())
}

/// The sealed table kept under `key`, or the one `build` makes, sealed
/// ([`seal`]) and kept for the state's life. The caller's key must name
/// the same data for as long as the state lives. A state without the
/// freeze registry (the title tests' harness) cannot seal: it gets
/// `build`'s table as it is, each time.
pub fn kept_sealed(lua: &Lua, key: (usize, usize), build: impl FnOnce(&Lua) -> mlua::Result<Table>) -> mlua::Result<Table> {
    match lua.app_data_ref::<Frozen>() {
        None => return build(lua),
        Some(f) => {
            if let Some(hit) = f.sealed.get(&key) {
                return Ok(hit.clone());
            }
        }
    }
    let tb = build(lua)?;
    seal(lua, &tb)?;
    if let Some(mut f) = lua.app_data_mut::<Frozen>() {
        f.sealed.insert(key, tb.clone());
    }
    Ok(tb)
}

fn reach(lua: &Lua, roots: &[Table], marker: &Table) -> mlua::Result<Reached> {
    let mut seen: HashSet<usize> = HashSet::default();
    let mut out = Reached { tables: Vec::new(), functions: Vec::new() };
    let mut stack: Vec<Value> = roots.iter().cloned().map(Value::Table).collect();
    while let Some(v) = stack.pop() {
        match v {
            Value::Table(t) => {
                if !seen.insert(key(&t)) || key(&t) == key(marker) {
                    continue;
                }
                for pair in t.pairs::<Value, Value>() {
                    let (k, v) = pair?;
                    stack.push(k);
                    stack.push(v);
                }
                if let Some(mt) = t.metatable() {
                    stack.push(Value::Table(mt));
                }
                out.tables.push(t);
            }
            Value::Function(f) => {
                if !seen.insert(f.to_pointer() as usize) || f.info().what == "C" {
                    continue;
                }
                stack.extend(upvalues(lua, &f)?);
                out.functions.push(f);
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The values of a Lua function's upvalues (mlua has no safe way to read
/// them).
fn upvalues(lua: &Lua, f: &Function) -> mlua::Result<Vec<Value>> {
    // SAFETY: `exec_raw` pushes `f` as the only argument (index 1) and
    // takes whatever the closure leaves on the stack as results. The
    // closure makes room first, pushes each upvalue's value, then removes
    // `f`, so exactly the upvalues are left.
    let values: mlua::MultiValue = unsafe {
        lua.exec_raw(f.clone(), |state| {
            mlua::ffi::luaL_checkstack(state, 260, std::ptr::null());
            let mut n = 1;
            while n <= 255 && !mlua::ffi::lua_getupvalue(state, 1, n).is_null() {
                n += 1;
            }
            mlua::ffi::lua_remove(state, 1);
        })?
    };
    Ok(values.into_iter().collect())
}

/// Every place a kept function assigns a variable that lives on between
/// calls, as load errors naming file and line.
fn kept_variable_writes(functions: &[Function]) -> Vec<String> {
    let mut out = BTreeSet::new();
    for f in functions {
        let writes = match bytecode::upvalue_writes(&f.dump(false)) {
            Ok(w) => w,
            Err(e) => {
                out.insert(format!("{}: {e}", f.info().short_src.unwrap_or_default()));
                continue;
            }
        };
        for w in writes {
            let file = w.source.strip_prefix('@').unwrap_or(&w.source);
            out.insert(format!(
                "{file}:{}: '{}' is assigned here but lives on between calls (a variable outside the function): state kept outside the game would make a game differ from its replay; keep it with game:set_var, or make it a local of the function",
                w.line, w.name
            ));
        }
    }
    out.into_iter().collect()
}

/// Moves a table's contents into its shadow and gives it the frozen
/// metatable.
fn hollow(lua: &Lua, t: &Table, marker: &Table, made: Made) -> mlua::Result<()> {
    let entries: Vec<(Value, Value)> = t.pairs::<Value, Value>().collect::<mlua::Result<_>>()?;
    let shadow = lua.create_table_with_capacity(0, entries.len())?;
    for (k, v) in &entries {
        shadow.raw_set(k, v)?;
    }
    for (k, _) in &entries {
        t.raw_set(k, Value::Nil)?;
    }
    let old = t.metatable();
    let public: Option<Table> = match &old {
        Some(m) => m.raw_get::<Option<Table>>(marker)?,
        None => None,
    };
    let frozen_mt = lua.create_table()?;
    let mut index = Value::Table(shadow.clone());
    let mut len: Option<Value> = None;
    if let Some(m) = &old {
        for pair in m.pairs::<Value, Value>() {
            let (k, v) = pair?;
            let Value::String(name) = &k else { continue };
            match name.to_str()?.as_ref() {
                "__index" => {
                    index = match v {
                        Value::Table(fallback) => {
                            let mt = lua.create_table()?;
                            mt.raw_set("__index", fallback)?;
                            shadow.set_metatable(Some(mt))?;
                            Value::Table(shadow.clone())
                        }
                        Value::Function(fallback) => Value::Function(index_through(lua, &shadow, fallback)?),
                        _ => Value::Table(shadow.clone()),
                    }
                }
                "__len" => len = Some(v),
                "__newindex" | "__metatable" => {}
                n if n.starts_with("__") => frozen_mt.raw_set(k, v)?,
                _ => {}
            }
        }
    }
    if matches!(made, Made::Globals) {
        let unknown = lua.create_table()?;
        unknown.raw_set("__index", lua.create_function(|_, (_, k): (Value, Value)| -> mlua::Result<()> {
            let name = k.to_string().unwrap_or_default();
            Err(mlua::Error::RuntimeError(if super::sandbox::REMOVED.contains(&name.as_str()) {
                format!("'{name}' is not available to title scripts (sandbox: no io, os, package, debug, coroutines or loading)")
            } else {
                format!("unknown global '{name}'")
            }))
        })?)?;
        shadow.set_metatable(Some(unknown))?;
    }
    frozen_mt.raw_set("__index", index)?;
    frozen_mt.raw_set("__newindex", refuse_write(lua, made)?)?;
    frozen_mt.raw_set("__len", match len {
        Some(l) => l,
        None => Value::Function(lua.create_function(|lua, t: Table| Ok(self::shadow(lua, &t).map(|s| s.raw_len()).unwrap_or(0)))?),
    })?;
    frozen_mt.raw_set("__metatable", false)?;
    t.set_metatable(Some(frozen_mt))?;
    if let Some(mut f) = lua.app_data_mut::<Frozen>() {
        f.shadows.insert(key(t), shadow);
        f.public_metatables.insert(key(t), public);
    }
    Ok(())
}

/// `__index` of a frozen table whose metatable had an `__index`
/// function: its own fields first, then the function, called with the
/// frozen table as before.
fn index_through(lua: &Lua, shadow: &Table, fallback: Function) -> mlua::Result<Function> {
    let shadow = shadow.clone();
    lua.create_function(move |_, (t, k): (Value, Value)| {
        let v: Value = shadow.raw_get(&k)?;
        if !v.is_nil() {
            return Ok(v);
        }
        fallback.call::<Value>((t, k))
    })
}

fn refuse_write(lua: &Lua, made: Made) -> mlua::Result<Function> {
    lua.create_function(move |_, (_, k, _): (Value, Value, Value)| -> mlua::Result<()> {
        let name = k.to_string().unwrap_or_else(|_| k.type_name().to_string());
        Err(mlua::Error::RuntimeError(match made {
            Made::Globals => format!("scripts may not set global '{name}' after loading: keep game state with game:set_var"),
            Made::Loading => format!(
                "cannot set field '{name}': this table was made while the scripts loaded and cannot change after (keep game state with game:set_var)"
            ),
            Made::TitleData => format!("cannot set field '{name}': the title's props are read-only (copy what you change into a table of your own)"),
        }))
    })
}

/// A value handed from a script to Rust, with every frozen table in it
/// replaced by a plain copy of its contents: Rust reads tables raw (mlua's
/// conversions do), and a frozen table is empty to a raw read. Values
/// without frozen tables come back as they are.
pub fn thaw(lua: &Lua, v: Value) -> mlua::Result<Value> {
    match &v {
        Value::Table(t) => Ok(thaw_table(lua, t, 0, &mut HashMap::default())?.map(Value::Table).unwrap_or(v)),
        _ => Ok(v),
    }
}

pub fn thaw_multi(lua: &Lua, values: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    if !values.iter().any(|v| matches!(v, Value::Table(_))) {
        return Ok(values);
    }
    values.into_iter().map(|v| thaw(lua, v)).collect()
}

/// A copy of `t` if it or a table inside it is frozen (`memo` keeps
/// shared and cyclic tables shared in the copy).
fn thaw_table(lua: &Lua, t: &Table, depth: u32, memo: &mut HashMap<usize, Table>) -> mlua::Result<Option<Table>> {
    if let Some(done) = memo.get(&key(t)) {
        return Ok(Some(done.clone()));
    }
    // Deeper than any value Rust accepts from scripts (`convert` stops at
    // 32): left as it is, and refused there.
    if depth > 40 {
        return Ok(None);
    }
    let frozen = shadow(lua, t);
    let source = frozen.clone().unwrap_or_else(|| t.clone());
    let mut entries = Vec::new();
    let mut changed = frozen.is_some();
    for pair in source.pairs::<Value, Value>() {
        let (k, v) = pair?;
        let v = match &v {
            Value::Table(inner) => match thaw_table(lua, inner, depth + 1, memo)? {
                Some(copy) => {
                    changed = true;
                    Value::Table(copy)
                }
                None => v,
            },
            _ => v,
        };
        entries.push((k, v));
    }
    if !changed {
        return Ok(None);
    }
    let copy = lua.create_table_with_capacity(0, entries.len())?;
    memo.insert(key(t), copy.clone());
    for (k, v) in entries {
        copy.raw_set(k, v)?;
    }
    Ok(Some(copy))
}

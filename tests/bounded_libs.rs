//! Issue 15, "hostile scripts": library calls that ran unbounded inside C
//! (each probe here hung the host) are stopped by the call's budget once
//! `script::bounded::install` has replaced them; the calls title scripts
//! make give Lua's results. Assertions are on errors and results, never
//! on time.

use mlua::{HookTriggers, Lua, LuaOptions, MultiValue, StdLib, Value, VmState};
use railhead::script::bounded::{Charge, install};
use std::cell::Cell;
use std::rc::Rc;

/// Units one call may spend, VM instructions and charged work together.
const BUDGET: u64 = 20_000_000;
const BUDGET_SPENT: &str = "the call's budget is spent";

/// A state with the title sandbox's libraries whose instruction hook and
/// charge draw from one budget, as the host's will.
struct Sandbox {
    lua: Lua,
    left: Rc<Cell<u64>>,
}

fn spend(left: &Cell<u64>, units: u64) -> mlua::Result<()> {
    let rest = left.get().saturating_sub(units);
    left.set(rest);
    if rest == 0 { Err(mlua::Error::RuntimeError(BUDGET_SPENT.to_string())) } else { Ok(()) }
}

impl Sandbox {
    fn new() -> Sandbox {
        let lua = Lua::new_with(StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8, LuaOptions::default()).expect("state");
        let left = Rc::new(Cell::new(BUDGET));
        let hook_left = left.clone();
        lua.set_global_hook(HookTriggers::new().every_nth_instruction(1_000), move |_, _| spend(&hook_left, 1_000).map(|()| VmState::Continue))
            .expect("hook");
        let charge_left = left.clone();
        let charge: Charge = Rc::new(move |units| spend(&charge_left, units));
        install(&lua, charge).expect("install");
        Sandbox { lua, left }
    }

    /// Runs a chunk with a full budget: its values, or its error's first line.
    fn run(&self, code: &str) -> Result<Vec<Value>, String> {
        self.left.set(BUDGET);
        self.lua.load(code).set_name("=probe").call::<MultiValue>(()).map(|v| v.into_vec()).map_err(|e| first_line(&e))
    }
}

fn first_line(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { cause, .. } => first_line(cause),
        mlua::Error::RuntimeError(m) => m.lines().next().unwrap_or_default().to_string(),
        other => other.to_string(),
    }
}

/// A chunk's results as text, for comparing two states.
fn shown(lua: &Lua, code: &str) -> Result<Vec<String>, String> {
    let values = lua.load(code).set_name("=probe").call::<MultiValue>(()).map_err(|e| first_line(&e))?;
    Ok(values.iter().map(|v| format!("{v:?}")).collect())
}

#[track_caller]
fn assert_stopped(code: &str) {
    let sandbox = Sandbox::new();
    assert_eq!(sandbox.run(code).map(|_| ()), Err(BUDGET_SPENT.to_string()), "{code}");
}

#[test]
fn backtracking_patterns_are_stopped() {
    assert_stopped(r#"return string.find(string.rep("a", 30), ("a*"):rep(12) .. "b")"#);
    // Method syntax reaches the same functions (the string metatable's __index).
    assert_stopped(r#"return (string.rep("a", 30)):find(("a*"):rep(12) .. "b")"#);
    assert_stopped(r#"return string.match(string.rep("a", 40), ("a-"):rep(10) .. "b")"#);
    assert_stopped(r#"for _ in string.gmatch(string.rep("a", 30), ("a*"):rep(12) .. "b") do end"#);
    assert_stopped(r#"return string.gsub(string.rep("a", 30), ("a*"):rep(12) .. "b", "")"#);
    // Each start scans the rest of the subject for a balance: quadratic.
    assert_stopped(r#"local s = string.rep("(", 60000) return s:find("%b()x")"#);
}

#[test]
fn repetition_is_charged_by_its_result() {
    let sandbox = Sandbox::new();
    // Nothing to copy: Lua's answer at once, where its loop ran 2^63 times.
    let empty = sandbox.run(r#"return string.rep("", math.maxinteger), (""):rep(math.maxinteger, "")"#).expect("empty results");
    assert!(empty.iter().all(|v| matches!(v, Value::String(s) if s.as_bytes().is_empty())));
    assert!(sandbox.left.get() > BUDGET - 1_000);
    assert_eq!(sandbox.run(r#"return string.rep("x", math.maxinteger)"#), Err("probe:1: resulting string too large".to_string()));
    assert_stopped(r#"return string.rep("ab", 50000000)"#);
    assert_stopped(r#"return string.rep("", 50000000, ",")"#);
}

#[test]
fn table_loops_are_stopped() {
    assert_stopped("return table.move({1}, 1, 1e9, 2)");
    assert_stopped("table.insert(setmetatable({}, {__len = function() return 1e15 end}), 1, 'x')");
    assert_stopped("table.remove(setmetatable({}, {__len = function() return math.maxinteger end}), 1)");
    assert_stopped("return table.concat(setmetatable({}, {__len = function() return 1e12 end, __index = function() return 'x' end}))");
    assert_stopped("return table.concat(setmetatable({}, {__index = function() return 'x' end}), '', 1, 1e12)");
    // Lua's stack bounds one unpack; many of them are charged.
    assert_stopped("local t = {} for _ = 1, 200 do table.unpack(t, 1, 200000) end");
    assert_stopped(
        "table.sort(setmetatable({}, {__len = function() return (1 << 31) - 2 end, __index = function(_, k) return -k end, __newindex = function() end}))",
    );
}

#[test]
fn a_length_that_changes_is_asked_once() {
    let sandbox = Sandbox::new();
    // 1 when we ask, 10^15 if the C function asked again.
    let code = r#"local asked = 0
        local t = setmetatable({}, {__len = function() asked = asked + 1 return asked == 1 and 1 or 1e15 end})
        table.insert(t, 1, "x")
        return asked, rawget(t, 1), rawget(t, 2)"#;
    let got = sandbox.run(code).expect("insert");
    assert!(matches!(got.as_slice(), [Value::Integer(1), Value::String(x), Value::Nil] if x.as_bytes() == b"x".as_slice()), "{got:?}");
}

#[test]
fn title_script_calls_give_luas_results() {
    let code = r#"
        local a, b = ("CTL:B4"):match("^(%w+):(%w+)$")
        local pair, n = ("C5-D6"):gsub("-", "")
        local i, j = ("12..34"):find("%.%.")
        local list = { "SBB", "NOB", "VZ", "JS", "GB" }
        table.insert(list, 4, "BLS")
        local removed = table.remove(list, 2)
        table.sort(list, function(x, y) return x > y end)
        local joined = table.concat(list, ", ", 1, 3)
        local words = {}
        for w in ("1844 Switzerland 3-7 players"):gmatch("%a+") do words[#words + 1] = w end
        return a, b, pair, n, i, j, removed, joined, table.concat(list, " "), table.concat(words, "/"),
               string.format("%s has %d: %5.1f%%", "CTL", 3, 12.25), tostring(12), tostring(1.5)
    "#;
    let sandbox = Sandbox::new();
    let ours = shown(&sandbox.lua, code);
    assert_eq!(ours, shown(&Lua::new(), code));
    assert!(ours.is_ok(), "{ours:?}");
}

#[test]
fn scripts_never_see_addresses() {
    let sandbox = Sandbox::new();
    let got = sandbox.run(r#"return tostring({}), tostring(print), string.format("%s/%s", {}, setmetatable({}, {__name = "Corp"}))"#);
    let texts: Vec<String> = got.expect("tostring").iter().map(|v| v.to_string().unwrap_or_default()).collect();
    assert_eq!(texts, ["table", "function", "table/Corp"]);
    let refused = sandbox.run(r#"return string.format("%p", {})"#).expect_err("%p refused");
    assert!(refused.contains("'%p' shows a memory address"), "{refused}");
}

#[test]
fn title_scripts_get_the_bounded_functions() {
    use railhead::game::{ops::Effects, state::GameState};
    let title = std::sync::Arc::new(railhead::title::load::embedded("1849").expect("1849"));
    let host = railhead::script::ScriptHost::new(title).expect("scripts load");
    let (mut st, mut fx) = (GameState::default(), Effects::default());
    let shown = host.eval("tostring({}) .. '|' .. string.rep('', math.maxinteger) .. '|' .. ('a-b'):gsub('-', '')", &mut st, &mut fx);
    assert_eq!(shown.map_err(|e| e.to_string()), Ok("\"table||ab\"".to_string()));
}

//! The replaced functions against Lua's own (a plain `Lua::new()` state),
//! on the manual's examples, the corner cases and the errors; the charge.

use super::meter::Meter;
use super::pattern::{Captured, Matcher, Stop};
use super::{Charge, install};
use mlua::{Lua, MultiValue, Value};
use std::cell::Cell;
use std::rc::Rc;

/// A Lua value as the tests compare it.
#[derive(Debug, Clone, PartialEq)]
pub enum Repr {
    Nil,
    Bool(bool),
    Int(i64),
    Float(u64),
    Bytes(Vec<u8>),
    Other(&'static str),
}

pub fn repr(v: &Value) -> Repr {
    match v {
        Value::Nil => Repr::Nil,
        Value::Boolean(b) => Repr::Bool(*b),
        Value::Integer(i) => Repr::Int(*i),
        Value::Number(n) => Repr::Float(n.to_bits()),
        Value::String(s) => Repr::Bytes(s.as_bytes().to_vec()),
        other => Repr::Other(other.type_name()),
    }
}

/// The message of an error as a script's host shows it: its first line
/// (mlua adds a traceback to errors Lua raises).
pub fn message(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { cause, .. } => message(cause),
        mlua::Error::RuntimeError(m) => m.lines().next().unwrap_or_default().to_string(),
        other => other.to_string(),
    }
}

pub fn free() -> Charge {
    Rc::new(|_| Ok(()))
}

/// A charge refusing past `budget` units, and the units charged.
pub fn budget(budget: u64) -> (Charge, Rc<Cell<u64>>) {
    let used = Rc::new(Cell::new(0u64));
    let u = used.clone();
    let charge: Charge = Rc::new(move |n| {
        u.set(u.get().saturating_add(n));
        if u.get() > budget { Err(mlua::Error::RuntimeError("budget spent".into())) } else { Ok(()) }
    });
    (charge, used)
}

pub fn bounded(charge: Charge) -> Lua {
    let lua = Lua::new();
    install(&lua, charge).expect("install");
    lua
}

pub fn eval(lua: &Lua, code: &str) -> Result<Vec<Repr>, String> {
    lua.load(code).set_name("=t").call::<MultiValue>(()).map(|vs| vs.iter().map(repr).collect()).map_err(|e| message(&e))
}

/// Runs `code` with Lua's functions and with ours: both must give the
/// same values, or the same error message; returns ours.
#[track_caller]
fn same(code: &str) -> Result<Vec<Repr>, String> {
    let theirs = eval(&Lua::new(), code);
    let ours = eval(&bounded(free()), code);
    assert_eq!(ours, theirs, "{code}");
    ours
}

fn s(text: &str) -> Repr {
    Repr::Bytes(text.as_bytes().to_vec())
}

#[test]
fn the_manuals_examples() {
    assert_eq!(same(r#"return string.find("hello world", "o w")"#), Ok(vec![Repr::Int(5), Repr::Int(7)]));
    assert_eq!(same(r#"return string.gsub("hello world", "(%w+)", "%1 %1")"#), Ok(vec![s("hello hello world world"), Repr::Int(2)]));
    assert_eq!(same(r#"return string.gsub("hello world", "%w+", "%0 %0", 1)"#), Ok(vec![s("hello hello world"), Repr::Int(1)]));
    assert_eq!(same(r#"return string.gsub("hello world from Lua", "(%w+)%s*(%w+)", "%2 %1")"#), Ok(vec![s("world hello Lua from"), Repr::Int(2)]));
    assert_eq!(
        same(r#"return string.gsub("$name-$version.tar.gz", "%$(%w+)", {name="lua", version="5.4"})"#),
        Ok(vec![s("lua-5.4.tar.gz"), Repr::Int(2)])
    );
    assert_eq!(same(r#"return string.find("THE (quick) fox", "%((%a+)%)")"#), Ok(vec![Repr::Int(5), Repr::Int(11), s("quick")]));
    assert_eq!(same(r#"return string.gsub("THE (quick) fox", "%f[%a]%a+", "X")"#), Ok(vec![s("X (X) X"), Repr::Int(3)]));
    assert_eq!(same(r#"return string.find("x(a(b)c)y", "%b()")"#), Ok(vec![Repr::Int(2), Repr::Int(8)]));
    assert_eq!(same(r#"return string.match("hello", "()ll()")"#), Ok(vec![Repr::Int(3), Repr::Int(5)]));
    assert_eq!(same(r#"return string.match("key = value", "(%w+)%s*=%s*(%w+)")"#), Ok(vec![s("key"), s("value")]));
    assert_eq!(
        same(r#"local t = {} for k, v in string.gmatch("from=world, to=Lua", "(%w+)=(%w+)") do t[#t+1] = k .. ":" .. v end return table.concat(t, " ")"#),
        Ok(vec![s("from:world to:Lua")])
    );
    // 5.4: gmatch's init; a leading '^' is an ordinary character there.
    assert_eq!(same(r#"local t = {} for w in ("one two three"):gmatch("%a+", 5) do t[#t+1] = w end return table.concat(t, ",")"#), Ok(vec![s("two,three")]));
    assert_eq!(same(r#"local n = 0 for w in ("^a^a"):gmatch("^a") do n = n + 1 end return n"#), Ok(vec![Repr::Int(2)]));
    assert_eq!(same(r#"return string.gsub("abc", "%w", "%%%0")"#), Ok(vec![s("%a%b%c"), Repr::Int(3)]));
}

#[test]
fn what_title_scripts_use() {
    assert_eq!(same(r#"return ("CTL:B4"):match("^(%w+):(%w+)$")"#), Ok(vec![s("CTL"), s("B4")]));
    assert_eq!(same(r#"return ("C5-D6"):gsub("-", "")"#), Ok(vec![s("C5D6"), Repr::Int(1)]));
    assert_eq!(same(r#"return ("a..b"):find("%.%.")"#), Ok(vec![Repr::Int(2), Repr::Int(3)]));
    assert_eq!(same(r#"return ("a.b"):find(".", 1, true)"#), Ok(vec![Repr::Int(2), Repr::Int(2)]));
}

#[test]
fn empty_matches_and_positions() {
    for code in [
        r#"return string.gsub("hello world", "", "-")"#,
        r#"return string.gsub("abc", "%w*", "-")"#,
        r#"return string.gsub("abc", "b*", "-")"#,
        r#"return string.gsub("", "", "x")"#,
        r#"return string.gsub("abc", "^", "x")"#,
        r#"return string.gsub("abc", "$", "x")"#,
        r#"return string.gsub("abc", "^a*", "x")"#,
        r#"return string.gsub("abc", ".", "x", -1)"#,
        r#"return string.gsub("abc", ".", "x", 2.0)"#,
        r#"local t = {} for a, b in ("aab"):gmatch("()a*()") do t[#t+1] = a .. "-" .. b end return table.concat(t, ",")"#,
        r#"return string.find("abc", "", 10)"#,
        r#"return string.find("abc", "", 4)"#,
        r#"return string.find("abc", "c", -1)"#,
        r#"return string.find("abc", "a", -100)"#,
        r#"return string.find("abc", "b", math.mininteger)"#,
        r#"return string.find("abc", "b", math.maxinteger)"#,
        r#"return string.find("a+b", "+", 1, true)"#,
        r#"return string.find("abc", "", 2, true)"#,
        r#"return string.match("abc", "()", 4)"#,
        r#"return string.match("  x", "^%s*()")"#,
        r#"return string.find("a\0b", "%z")"#,
        r#"return string.find("a\0b", "[\0]")"#,
        r#"return string.find("a\0b", "\0", 1, true)"#,
        r#"return string.match("\xe9t\xe9", "%a+")"#,
        r#"return string.match("x\vy", "%s")"#,
        r#"return string.match("[]", "[]]")"#,
        r#"return string.match("a-", "[a-]+")"#,
        r#"return string.match("^x", "[%^x]+")"#,
        r#"return string.match("abc", "[^]b]+")"#,
        r#"return string.match("THE END", "%f[%w]%w+$")"#,
        r#"return string.find("abc", "%f[%z]")"#,
        r#"return string.match("abab", "(ab)%1")"#,
        r#"return string.match("aXa", "(.)X%1")"#,
        r#"return string.match("hello", "(h)(e)(l)(l)(o)")"#,
        r#"return string.match("||x|", "%b||")"#,
        r#"return string.gsub("hello", "(l)", "%1%1")"#,
        r#"return string.gsub("hello", "()l", "%1")"#,
        r#"return string.gsub("abc", "(a)(b)", function(a, b) return b .. a end)"#,
        r#"return string.gsub("abc", "%w", function() return nil end)"#,
        r#"return string.gsub("abc", "%w", function() return false end)"#,
        r#"return string.gsub("abc", "%w", function(c) return c == "b" and 1.5 or nil end)"#,
        r#"return string.gsub("abc", "%w", {a = 1, b = true and "B"})"#,
        r#"return string.gsub("abc", "()", {[1] = "one", [4] = "four"})"#,
        r#"return string.gsub(12345, 3, 0)"#,
        r#"return string.gsub("abc", "x", "%9")"#,
        r#"return string.gsub("abc", "(a", "x")"#,
        r#"return string.rep("ab", 3, ",")"#,
        r#"return string.rep("ab", 0)"#,
        r#"return string.rep("", 5, "")"#,
        r#"return string.rep("x", 1, "--")"#,
        r#"return string.rep(7, 2.0)"#,
    ] {
        let _ = same(code);
    }
}

#[test]
fn errors_have_lua_messages() {
    for (code, wanted) in [
        (r#"return string.find("a", "%")"#, "t:1: malformed pattern (ends with '%')"),
        (r#"return string.find("a", "[a")"#, "t:1: malformed pattern (missing ']')"),
        (r#"return string.find("a", "[]")"#, "t:1: malformed pattern (missing ']')"),
        (r#"return string.find("a", "%f")"#, "t:1: missing '[' after '%f' in pattern"),
        (r#"return string.find("a", "%ba")"#, "t:1: malformed pattern (missing arguments to '%b')"),
        (r#"return string.find("a", "(a")"#, "t:1: unfinished capture"),
        (r#"return string.match("a", "a)")"#, "t:1: invalid pattern capture"),
        (r#"return string.find("a", "%1")"#, "t:1: invalid capture index %1"),
        (r#"return string.find("a", "(a%1)")"#, "t:1: invalid capture index %1"),
        (r#"return string.find("a", "%0")"#, "t:1: invalid capture index %0"),
        (r#"return string.find("a", ("()"):rep(33))"#, "t:1: too many captures"),
        (r#"return string.match(("a"):rep(300), ("a?"):rep(300))"#, "t:1: pattern too complex"),
        (r#"return string.gsub("a", "a", "%2")"#, "t:1: invalid capture index %2"),
        (r#"return string.gsub("a", "a", "%x")"#, "t:1: invalid use of '%' in replacement string"),
        (r#"return string.gsub("a", "a", "x%")"#, "t:1: invalid use of '%' in replacement string"),
        (r#"return string.gsub("a", "a", function() return {} end)"#, "t:1: invalid replacement value (a table)"),
        (r#"return string.gsub("a", "a", true)"#, "t:1: bad argument #3 to 'gsub' (string/function/table expected, got boolean)"),
        (r#"return string.gsub("a", "a", nil, "x")"#, "t:1: bad argument #4 to 'gsub' (number expected, got string)"),
        (r#"return string.find()"#, "t:1: bad argument #1 to 'find' (string expected, got no value)"),
        (r#"return string.find("a", {})"#, "t:1: bad argument #2 to 'find' (string expected, got table)"),
        (r#"return string.find("a", "a", 1.5)"#, "t:1: bad argument #3 to 'find' (number has no integer representation)"),
        (r#"return ("a"):rep(1.5)"#, "t:1: bad argument #1 to 'rep' (number has no integer representation)"),
        (r#"return ("a"):rep()"#, "t:1: bad argument #1 to 'rep' (number expected, got no value)"),
        (r#"return string.rep("x", 1 << 31)"#, "t:1: resulting string too large"),
        (r#"return string.gmatch(nil)"#, "t:1: bad argument #1 to 'gmatch' (string expected, got nil)"),
        (r#"for x in string.gmatch("a", "%") do end"#, "t:1: malformed pattern (ends with '%')"),
        (r#"return string.find("a", "a", 1, true, 5) and string.find("a", setmetatable({}, {__name = "Thing"}))"#, "t:1: bad argument #2 to 'find' (string expected, got Thing)"),
    ] {
        assert_eq!(same(code), Err(wanted.to_string()), "{code}");
    }
}

#[test]
fn lazy_errors_as_in_lua() {
    // A malformed item the matcher never reaches is no error.
    assert_eq!(same(r#"return string.find("b", "a[")"#), Ok(vec![Repr::Nil]));
    assert_eq!(same(r#"return string.gsub("abc", "x", "%")"#), Ok(vec![s("abc"), Repr::Int(0)]));
    assert_eq!(same(r#"return string.find("ab", "a|%1")"#), Ok(vec![Repr::Nil]));
}

#[test]
fn table_functions_as_in_lua() {
    for code in [
        r#"local t = {1, 2, 3} table.insert(t, 4) table.insert(t, 1, 0) table.insert(t, 4, "v") return table.concat(t, ",")"#,
        r#"local t = {1, 2, 3} local r = table.remove(t) local q = table.remove(t, 1) return r, q, #t, t[1]"#,
        r#"local t = {} return table.remove(t), table.remove(t, 0), table.remove(t, 1), #t"#,
        r#"local t = {1, 2, 3} return table.remove(t, 4), #t"#,
        r#"return table.concat({1, 2, "x", 3.5}, "-")"#,
        r#"return table.concat({1, 2, 3}, ", ", 2, 3)"#,
        r#"return table.concat({}, "x", 3, 2)"#,
        r#"return table.unpack({1, 2, 3})"#,
        r#"return table.unpack({1, 2, 3}, 2)"#,
        r#"return table.unpack({1, 2, 3}, -1, 1)"#,
        r#"return table.unpack({1, 2, 3}, 3, 1)"#,
        r#"return table.unpack("abc")"#,
        r#"local t = table.move({1, 2, 3}, 1, 3, 2) return table.unpack(t)"#,
        r#"local t = table.move({1, 2, 3}, 2, 3, 1) return table.unpack(t)"#,
        r#"local a, b = {1, 2}, {} local r = table.move(a, 1, 2, 3, b) return r == b, b[3], b[4]"#,
        r#"return #table.move({}, 5, 1, 1)"#,
        r#"local t = {5, 2, 8, 1} table.sort(t) return table.unpack(t)"#,
        r#"local t = {5, 2, 8, 1} table.sort(t, function(a, b) return a > b end) return table.unpack(t)"#,
        r#"local t = {"b", "a"} table.sort(t, nil) return table.unpack(t)"#,
        r#"local t = {1} table.sort(t, 5) return t[1]"#,
        r#"local log = {} local p = setmetatable({}, {__len = function() log[#log+1] = "len" return 3 end,
             __index = function(_, k) return k * 10 end, __newindex = function(_, k, v) log[#log+1] = k .. "=" .. tostring(v) end})
           table.insert(p, 2, "x") local r = table.remove(p, 1)
           return table.concat(log, " "), r, table.concat(p, ","), table.unpack(p)"#,
    ] {
        let _ = same(code);
    }
    for (code, wanted) in [
        ("table.insert(nil, 1)", "t:1: bad argument #1 to 'insert' (table expected, got nil)"),
        ("table.insert({}, 1, 2, 3)", "t:1: wrong number of arguments to 'insert'"),
        ("table.insert({}, 5, 2)", "t:1: bad argument #2 to 'insert' (position out of bounds)"),
        ("table.insert({}, 'x', 2)", "t:1: bad argument #2 to 'insert' (number expected, got string)"),
        ("table.remove({}, 5)", "t:1: bad argument #2 to 'remove' (position out of bounds)"),
        ("table.move({}, 1, math.maxinteger, 2)", "t:1: bad argument #4 to 'move' (destination wrap around)"),
        ("table.move({}, -1, math.maxinteger, 2)", "t:1: bad argument #3 to 'move' (too many elements to move)"),
        ("table.move({}, 1, 2, 1, 5)", "t:1: bad argument #5 to 'move' (table expected, got number)"),
        ("table.concat({{}})", "t:1: invalid value (table) at index 1 in table for 'concat'"),
        ("table.concat({}, {})", "t:1: bad argument #2 to 'concat' (string expected, got table)"),
        ("table.concat(setmetatable({}, {__len = function() return 1.5 end}))", "t:1: object length is not an integer"),
        ("table.unpack({}, 1, 1e7)", "t:1: too many results to unpack"),
        ("table.unpack(nil)", "attempt to get length of a nil value"),
        ("table.sort({3, 2, 1}, 5)", "t:1: bad argument #2 to 'sort' (function expected, got number)"),
        
        ("table.sort(setmetatable({}, {__len = function() return math.maxinteger end}))", "t:1: bad argument #1 to 'sort' (array too big)"),
        ("local t = {} t:insert(1)", "t:1: attempt to call a nil value (method 'insert')"),
    ] {
        assert_eq!(same(code), Err(wanted.to_string()), "{code}");
    }
}

#[test]
fn no_addresses() {
    let lua = bounded(free());
    let got = eval(
        &lua,
        r#"local named = setmetatable({}, {__name = "Train"})
           local shown = setmetatable({}, {__tostring = function() return "shown" end})
           return tostring({}), tostring(print), tostring(named), tostring(shown), tostring(1.5), tostring(nil),
                  string.format("%s|%5s|%-6s|%s|%d", {}, print, named, shown, 3), ("%s"):format(coroutine.create(print))"#,
    );
    let want = ["table", "function", "Train", "shown", "1.5", "nil", "table|function|Train |shown|3", "thread"];
    assert_eq!(got, Ok(want.iter().map(|w| s(w)).collect()));
    let refused = eval(&lua, r#"return string.format("%p", {})"#);
    assert_eq!(refused, Err(format!("t:1: {}", super::display::POINTER_REFUSED)));
    // An error Lua finds before the %p comes first, as it would.
    assert_eq!(eval(&lua, r#"return string.format("%d %p", "x", {})"#), Err("t:1: bad argument #2 to 'format' (number expected, got string)".into()));
    assert_eq!(eval(&lua, "return tostring()"), Err("t:1: bad argument #1 to 'tostring' (value expected)".into()));
    assert_eq!(same(r#"return string.format("%5.1f|%q|%%|%x", 3.14159, "a\nb", 255)"#).map(|v| v.len()), Ok(1));
    assert_eq!(same(r#"return string.format("%y", 1)"#), Err("t:1: invalid conversion '%y' to 'format'".into()));
    assert_eq!(same(r#"return ("%d"):format()"#), Err("t:1: bad argument #1 to 'format' (no value)".into()));
    assert_eq!(same(r#"return tostring(setmetatable({}, {__tostring = function() return {} end}))"#), Err("t:1: '__tostring' must return a string".into()));
}

#[test]
fn work_is_charged_and_refused_past_the_budget() {
    let (charge, used) = budget(u64::MAX);
    let lua = bounded(charge);
    eval(&lua, r#"return string.find(("a"):rep(100), "a-b")"#).unwrap();
    assert!(used.get() >= 5_000, "quadratic matching charged only {}", used.get());
    let (charge, used) = budget(1_000_000);
    let lua = bounded(charge);
    let err = eval(&lua, r#"return string.find(string.rep("a", 30), ("a*"):rep(12) .. "b")"#).unwrap_err();
    assert_eq!(err, "budget spent");
    assert!(used.get() < 1_002_000, "stopped late: {}", used.get());
}

/// The matcher alone, without Lua.
#[test]
fn matcher_steps() {
    let mut meter = Meter::new(free());
    let mut m = Matcher::new(b"xx(a(b)c)yy", b"(%b())y", &mut meter);
    assert_eq!(m.match_at(0).ok().flatten(), None);
    assert_eq!(m.match_at(2).ok().flatten(), Some(10));
    assert_eq!(m.captures(Some((2, 10))).ok(), Some(vec![Captured::Text { start: 2, end: 9 }]));
    let mut meter = Meter::new(free());
    let mut m = Matcher::new(b"abc", b"a()", &mut meter);
    assert_eq!(m.match_at(0).ok().flatten(), Some(1));
    assert_eq!(m.captures(None).ok(), Some(vec![Captured::Position(2)]));
    let mut meter = Meter::new(free());
    let mut m = Matcher::new(b"abc", b"[a", &mut meter);
    assert!(matches!(m.match_at(0), Err(Stop::Pattern(msg)) if msg == "malformed pattern (missing ']')"));
}

//! Assertions for test scripts (`expect_eq`, `expect_true`,
//! `expect_error`, `expect_contains`, `expect_not_contains`) and the
//! failure they raise: a message that starts with the `file:line` of the
//! test line that failed.

use mlua::{Function, Lua, MultiValue, Table, Value};
use std::fmt;

/// A failed expectation or a refused step of a test, where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// `titles/1849/tests/x.lua:12`, when known.
    pub location: Option<String>,
    pub message: String,
}

impl std::error::Error for Failure {}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(l) => write!(f, "{l}: {}", self.message),
            None => write!(f, "{}", self.message),
        }
    }
}

/// The `file:line` of the innermost Lua function of a test file on the
/// call stack (the line that called into Rust).
pub fn caller_location(lua: &Lua) -> Option<String> {
    for level in 0..64 {
        let frame = lua.inspect_stack(level, |d| {
            let src = d.source().source.map(|s| s.into_owned());
            (src, d.current_line())
        });
        match frame {
            None => break,
            Some((Some(src), Some(line))) if src.starts_with('@') => return Some(format!("{}:{line}", &src[1..])),
            Some(_) => continue,
        }
    }
    None
}

/// A failure at the calling test line, as a Lua error.
pub fn fail(lua: &Lua, message: impl Into<String>) -> mlua::Error {
    mlua::Error::external(Failure { location: caller_location(lua), message: message.into() })
}

/// The message handler tests run under (`xpcall`): at the point of the
/// error, it gives errors without a position the test line, and turns
/// non-string error values into readable, deterministic text.
pub fn message_handler(lua: &Lua, e: Value) -> mlua::Result<Value> {
    let at = || caller_location(lua).map(|l| format!("{l}: ")).unwrap_or_default();
    Ok(match e {
        Value::String(s) => {
            let text = s.to_string_lossy();
            if starts_with_location(&text) { Value::String(s) } else { Value::String(lua.create_string(format!("{}{text}", at()))?) }
        }
        Value::Error(_) | Value::UserData(_) => e,
        other => Value::String(lua.create_string(format!("{}error raised with a {} value: {}", at(), other.type_name(), show(&other)))?),
    })
}

/// The text of what `xpcall` returned for a failed test.
pub fn error_value_text(v: &Value) -> String {
    match v {
        Value::Error(e) => error_text(e),
        Value::String(s) => {
            let text = s.to_string_lossy();
            if text == "not enough memory" {
                return format!("the test used more than {} MiB of Lua memory", crate::script::MEMORY_LIMIT >> 20);
            }
            text.split("\nstack traceback:").next().unwrap_or(&text).to_string()
        }
        other => show(other),
    }
}

/// The failure inside an error, if any.
pub fn find_failure(e: &mlua::Error) -> Option<Failure> {
    if let Some(f) = e.downcast_ref::<Failure>() {
        return Some(f.clone());
    }
    match e {
        mlua::Error::CallbackError { cause, .. } => find_failure(cause),
        mlua::Error::WithContext { cause, .. } => find_failure(cause),
        _ => None,
    }
}

/// The readable text of an error: a failure as `file:line: message`, a
/// Lua error as Lua words it (with its position), anything else by its
/// first cause, located from the traceback when possible.
pub fn error_text(e: &mlua::Error) -> String {
    if let Some(f) = find_failure(e) {
        return f.to_string();
    }
    let cause = innermost(e);
    let text = match cause {
        // Lua adds a traceback to errors; the first part says it all.
        mlua::Error::RuntimeError(m) => m.split("\nstack traceback:").next().unwrap_or(m).to_string(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::MemoryError(_) => format!("the test used more than {} MiB of Lua memory", crate::script::MEMORY_LIMIT >> 20),
        other => other.to_string(),
    };
    if starts_with_location(&text) {
        return text;
    }
    match traceback_location(e) {
        Some(loc) => format!("{loc}: {text}"),
        None => text,
    }
}

fn innermost(e: &mlua::Error) -> &mlua::Error {
    match e {
        mlua::Error::CallbackError { cause, .. } => innermost(cause),
        mlua::Error::WithContext { cause, .. } => innermost(cause),
        other => other,
    }
}

/// "path.lua:12: ..." (a Lua error that already says where).
fn starts_with_location(text: &str) -> bool {
    let Some((head, _)) = text.split_once(": ") else { return false };
    match head.rsplit_once(':') {
        Some((file, line)) => file.ends_with(".lua") && line.chars().all(|c| c.is_ascii_digit()) && !line.is_empty(),
        None => false,
    }
}

/// The first `file.lua:N` of a test file in a callback error's traceback.
fn traceback_location(e: &mlua::Error) -> Option<String> {
    let mlua::Error::CallbackError { traceback, cause } = e else { return None };
    if let Some(inner) = traceback_location(cause) {
        return Some(inner);
    }
    for line in traceback.lines() {
        let line = line.trim();
        if let Some((loc, _)) = line.split_once(": ") {
            if loc.starts_with('[') {
                continue;
            }
            if let Some((file, n)) = loc.rsplit_once(':')
                && file.ends_with(".lua")
                && n.chars().all(|c| c.is_ascii_digit())
            {
                return Some(loc.to_string());
            }
        }
    }
    None
}

// ------------------------------------------------------------ values

/// A value written as Lua source (tables with sorted keys), for messages.
pub fn show(v: &Value) -> String {
    let mut out = String::new();
    show_into(v, 0, &mut out);
    out
}

fn show_into(v: &Value, depth: u32, out: &mut String) {
    match v {
        Value::Nil => out.push_str("nil"),
        Value::Boolean(b) => out.push_str(&b.to_string()),
        Value::Integer(i) => out.push_str(&i.to_string()),
        Value::Number(n) => {
            if n.fract() == 0.0 && n.abs() < 1e15 {
                out.push_str(&format!("{n:.1}"))
            } else {
                out.push_str(&n.to_string())
            }
        }
        Value::String(s) => out.push_str(&format!("{:?}", s.to_string_lossy())),
        Value::Table(t) => {
            if depth >= 6 {
                out.push_str("{...}");
                return;
            }
            let entries = sorted_entries(t);
            let len = t.raw_len();
            let is_list = entries.len() == len;
            out.push('{');
            for (i, (k, x)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if i >= 40 {
                    out.push_str("...");
                    break;
                }
                if !is_list {
                    match k {
                        Value::String(s) if is_identifier(&s.to_string_lossy()) => out.push_str(&s.to_string_lossy()),
                        other => {
                            out.push('[');
                            show_into(other, depth + 1, out);
                            out.push(']');
                        }
                    }
                    out.push_str(" = ");
                }
                show_into(x, depth + 1, out);
            }
            out.push('}');
        }
        other => out.push_str(&format!("<{}>", other.type_name())),
    }
}

fn is_identifier(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(x) if x.is_ascii_alphabetic() || x == '_') && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

/// A table's entries, integer keys first in order, then the others by
/// their rendering: the same text on every run.
fn sorted_entries(t: &Table) -> Vec<(Value, Value)> {
    let mut entries: Vec<(Value, Value)> = t.pairs::<Value, Value>().filter_map(Result::ok).collect();
    entries.sort_by_key(|(k, _)| match k {
        Value::Integer(i) => (0, *i, String::new()),
        other => (1, 0, show(other)),
    });
    entries
}

/// Deep equality: numbers by value (1 == 1.0), strings by bytes, tables
/// by their keys and values; anything else by identity.
pub fn deep_eq(a: &Value, b: &Value) -> bool {
    difference(a, b).is_none()
}

/// Where two values first differ: (path, expected side, actual side).
pub fn difference(actual: &Value, expected: &Value) -> Option<(String, String, String)> {
    diff_at(actual, expected, String::new(), &mut Vec::new())
}

/// Table pairs under comparison are assumed equal when met again, so
/// cyclic tables compare without end.
fn diff_at(actual: &Value, expected: &Value, path: String, seen: &mut Vec<(usize, usize)>) -> Option<(String, String, String)> {
    let differ = || Some((path.clone(), show(expected), show(actual)));
    match (actual, expected) {
        (Value::Nil, Value::Nil) => None,
        (Value::Boolean(x), Value::Boolean(y)) if x == y => None,
        (Value::Integer(x), Value::Integer(y)) if x == y => None,
        (Value::Integer(x), Value::Number(y)) | (Value::Number(y), Value::Integer(x)) if (*x as f64) == *y => None,
        (Value::Number(x), Value::Number(y)) if x == y => None,
        (Value::String(x), Value::String(y)) if x.as_bytes() == y.as_bytes() => None,
        (Value::Table(x), Value::Table(y)) => {
            let pair = (x.to_pointer() as usize, y.to_pointer() as usize);
            if x == y || seen.contains(&pair) {
                return None;
            }
            seen.push(pair);
            let xe = sorted_entries(x);
            let ye = sorted_entries(y);
            for (k, ev) in &ye {
                let av: Value = x.raw_get(k.clone()).unwrap_or(Value::Nil);
                if let Some(d) = diff_at(&av, ev, format!("{path}{}", key_path(k)), seen) {
                    return Some(d);
                }
            }
            for (k, av) in &xe {
                let ev: Value = y.raw_get(k.clone()).unwrap_or(Value::Nil);
                if ev.is_nil() {
                    return Some((format!("{path}{}", key_path(k)), "nil".into(), show(av)));
                }
            }
            None
        }
        (Value::Function(x), Value::Function(y)) if x == y => None,
        (Value::UserData(x), Value::UserData(y)) if x == y => None,
        _ => differ(),
    }
}

fn key_path(k: &Value) -> String {
    match k {
        Value::String(s) if is_identifier(&s.to_string_lossy()) => format!(".{}", s.to_string_lossy()),
        other => format!("[{}]", show(other)),
    }
}

/// Does `text` match: contain `pattern` literally, or match it as a Lua
/// pattern? (Rule ids such as 1849-R-051 are not valid Lua patterns as
/// meant, hence the plain test first.)
pub fn text_matches(lua: &Lua, text: &str, pattern: &str) -> bool {
    if text.contains(pattern) {
        return true;
    }
    let find = lua.globals().raw_get::<Table>("string").and_then(|s| s.raw_get::<Function>("find"));
    match find {
        Ok(f) => matches!(f.call::<Value>((text, pattern)), Ok(v) if !v.is_nil()),
        Err(_) => false,
    }
}

fn with_msg(msg: &Option<String>, text: String) -> String {
    match msg {
        Some(m) => format!("{m}: {text}"),
        None => text,
    }
}

/// Registers the `expect_*` globals.
pub fn register(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    g.set(
        "expect_eq",
        lua.create_function(|lua, (actual, expected, msg): (Value, Value, Option<String>)| {
            if let Some((path, exp, act)) = difference(&actual, &expected) {
                let text = if path.is_empty() {
                    format!("expected {exp}, got {act}")
                } else {
                    format!("expected {}, got {} (at {path}: expected {exp}, got {act})", show(&expected), show(&actual))
                };
                return Err(fail(lua, with_msg(&msg, text)));
            }
            Ok(())
        })?,
    )?;
    g.set(
        "expect_true",
        lua.create_function(|lua, (v, msg): (Value, Option<String>)| {
            if matches!(v, Value::Nil | Value::Boolean(false)) {
                return Err(fail(lua, with_msg(&msg, format!("expected a true value, got {}", show(&v)))));
            }
            Ok(())
        })?,
    )?;
    g.set(
        "expect_error",
        lua.create_function(|lua, (f, pattern): (Function, Option<String>)| {
            match f.call::<MultiValue>(()) {
                Ok(_) => Err(fail(
                    lua,
                    match &pattern {
                        Some(p) => format!("expected an error matching {p:?}, but none was raised"),
                        None => "expected an error, but none was raised".to_string(),
                    },
                )),
                Err(e) => {
                    let text = error_text(&e);
                    if let Some(p) = &pattern
                        && !text_matches(lua, &text, p)
                    {
                        return Err(fail(lua, format!("expected an error matching {p:?}, got: {text}")));
                    }
                    Ok(text)
                }
            }
        })?,
    )?;
    for (name, want) in [("expect_contains", true), ("expect_not_contains", false)] {
        g.set(
            name,
            lua.create_function(move |lua, (container, item, msg): (Value, Value, Option<String>)| {
                let found = match (&container, &item) {
                    (Value::String(s), Value::String(i)) => s.to_string_lossy().contains(&*i.to_string_lossy()),
                    (Value::Table(t), _) => t.sequence_values::<Value>().filter_map(Result::ok).any(|v| deep_eq(&v, &item)),
                    _ => {
                        return Err(fail(lua, format!("{name} needs a list or a string, not {}", container.type_name())));
                    }
                };
                if found != want {
                    let verb = if want { "to contain" } else { "not to contain" };
                    return Err(fail(lua, with_msg(&msg, format!("expected {} {verb} {}", show(&container), show(&item)))));
                }
                Ok(())
            })?,
        )?;
    }
    Ok(())
}

//! `string.find`, `string.match`, `string.gmatch` and `string.rep`, with
//! their work charged; `string.gsub` is in gsub.rs.

use super::Charge;
use super::args::Call;
use super::meter::Meter;
use super::pattern::{self, Captured, Matcher, Stop};
use mlua::{Function, Integer, Lua, MultiValue, Table, Value};
use std::cell::Cell;

/// Replaces the functions in the `string` table (which is also the
/// `__index` of strings, so `s:find(...)` gets them too).
pub fn install(lua: &Lua, string: &Table, charge: &Charge) -> mlua::Result<()> {
    let c = charge.clone();
    string.raw_set("find", lua.create_function(move |lua, args| find(&Call::new(lua, args, "string.find"), &c, Want::Positions))?)?;
    let c = charge.clone();
    string.raw_set("match", lua.create_function(move |lua, args| find(&Call::new(lua, args, "string.match"), &c, Want::Captures))?)?;
    let c = charge.clone();
    string.raw_set("gmatch", lua.create_function(move |lua, args| gmatch(&Call::new(lua, args, "string.gmatch"), &c))?)?;
    let c = charge.clone();
    string.raw_set("gsub", lua.create_function(move |lua, args| super::gsub::gsub(&Call::new(lua, args, "string.gsub"), &c))?)?;
    let c = charge.clone();
    let original: Function = string.raw_get("rep")?;
    string.raw_set("rep", lua.create_function(move |lua, args| rep(&Call::new(lua, args, "string.rep"), &c, &original))?)?;
    Ok(())
}

/// The error a stopped match raises in the calling script.
pub fn stop_error(call: &Call, stop: Stop) -> mlua::Error {
    match stop {
        Stop::Pattern(message) => call.error(&message),
        Stop::Raised(e) => e,
    }
}

/// A capture as the Lua value the functions return.
pub fn capture_value(lua: &Lua, subject: &[u8], captured: Captured) -> mlua::Result<Value> {
    match captured {
        Captured::Position(at) => Ok(Value::Integer(Integer::try_from(at).unwrap_or(Integer::MAX))),
        Captured::Text { start, end } => {
            let bytes = subject.get(start..end).unwrap_or_default();
            lua.create_string(bytes).map(Value::String)
        }
    }
}

/// Lua's start position (`posrelatI`, made 0-based): negative counts from
/// the end, too far back is the start. May lie past the end.
pub fn start_offset(init: Integer, len: usize) -> usize {
    let len_i = Integer::try_from(len).unwrap_or(Integer::MAX);
    if init > 0 {
        usize::try_from(init - 1).unwrap_or(usize::MAX)
    } else if init == 0 || init < -len_i {
        0
    } else {
        // -len <= init < 0: a position within the subject.
        usize::try_from(len_i + init).unwrap_or(0)
    }
}

fn position(at: usize) -> Value {
    Value::Integer(Integer::try_from(at).unwrap_or(Integer::MAX))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    /// `find`: start, end, then the captures.
    Positions,
    /// `match`: the captures, or the whole match.
    Captures,
}

fn find(call: &Call, charge: &Charge, want: Want) -> mlua::Result<MultiValue> {
    let subject = call.check_string(1)?;
    let pattern = call.check_string(2)?;
    let init = call.opt_integer(3, 1)?;
    let (s, p) = (subject.as_bytes(), pattern.as_bytes());
    let start = start_offset(init, s.len());
    if start > s.len() {
        return Ok(MultiValue::from_vec(vec![Value::Nil]));
    }
    let mut meter = Meter::new(charge.clone());
    let plain = want == Want::Positions && (call.get(4).is_some_and(truthy) || pattern::is_plain(&p));
    let found = if plain {
        plain_find(&s, &p, start, &mut meter)?
    } else {
        pattern_find(call, &s, &p, start, &mut meter, want).map_err(|stop| stop_error(call, stop))?
    };
    meter.settle()?;
    Ok(MultiValue::from_vec(found.unwrap_or_else(|| vec![Value::Nil])))
}

fn truthy(v: &Value) -> bool {
    !matches!(v, Value::Nil | Value::Boolean(false))
}

fn plain_find(s: &[u8], p: &[u8], start: usize, meter: &mut Meter) -> mlua::Result<Option<Vec<Value>>> {
    let rest = s.get(start..).unwrap_or_default();
    Ok(pattern::find_plain(rest, p, meter)?.map(|at| vec![position(start + at + 1), position(start + at + p.len())]))
}

fn pattern_find(call: &Call, s: &[u8], p: &[u8], start: usize, meter: &mut Meter, want: Want) -> Result<Option<Vec<Value>>, Stop> {
    let (anchored, p) = pattern::split_anchor(p);
    let mut m = Matcher::new(s, p, meter);
    let mut from = start;
    loop {
        if let Some(end) = m.match_at(from)? {
            let mut out = Vec::new();
            let whole = match want {
                Want::Positions => {
                    out.push(position(from + 1));
                    out.push(position(end));
                    None
                }
                Want::Captures => Some((from, end)),
            };
            for c in m.captures(whole)? {
                out.push(capture_value(call.lua, s, c)?);
            }
            return Ok(Some(out));
        }
        if anchored || from >= s.len() {
            return Ok(None);
        }
        from += 1;
    }
}

/// `string.gmatch(s, pattern [, init])`: an iterator over the matches; a
/// leading `^` is an ordinary character here, as in Lua 5.4.
fn gmatch(call: &Call, charge: &Charge) -> mlua::Result<mlua::Function> {
    let subject = call.check_string(1)?;
    let pattern = call.check_string(2)?;
    let init = call.opt_integer(3, 1)?;
    let len = subject.as_bytes().len();
    // Past the end: no match, and no position to overflow.
    let next_from = Cell::new(start_offset(init, len).min(len + 1));
    let last_end: Cell<Option<usize>> = Cell::new(None);
    let charge = charge.clone();
    call.lua.create_function(move |lua, args: MultiValue| {
        let call = Call::new(lua, args, "string.gmatch");
        let (s, p) = (subject.as_bytes(), pattern.as_bytes());
        let mut meter = Meter::new(charge.clone());
        let found = gmatch_next(&call, &s, &p, &mut meter, &next_from, &last_end).map_err(|stop| stop_error(&call, stop))?;
        meter.settle()?;
        Ok(MultiValue::from_vec(found))
    })
}

fn gmatch_next(
    call: &Call,
    s: &[u8],
    p: &[u8],
    meter: &mut Meter,
    next_from: &Cell<usize>,
    last_end: &Cell<Option<usize>>,
) -> Result<Vec<Value>, Stop> {
    let mut m = Matcher::new(s, p, meter);
    for from in next_from.get()..=s.len() {
        // An empty match where the last one ended is skipped, so that
        // "a*" over "aab" gives "aa" then "" at the end, not "" twice.
        if let Some(end) = m.match_at(from)?.filter(|&end| Some(end) != last_end.get()) {
            next_from.set(end);
            last_end.set(Some(end));
            let mut out = Vec::new();
            for c in m.captures(Some((from, end)))? {
                out.push(capture_value(call.lua, s, c)?);
            }
            return Ok(out);
        }
    }
    Ok(Vec::new())
}

/// `string.rep(s, n [, sep])`: checked as Lua does, the copies and the
/// result's bytes charged, then built by Lua's own function (inside Lua's allocator, so
/// under its memory cap); an empty result is returned at once, where Lua
/// would copy nothing `n` times.
fn rep(call: &Call, charge: &Charge, original: &Function) -> mlua::Result<Value> {
    /// Lua's limit on the result (MAXSIZE: `INT_MAX` where `int` is the
    /// smaller type).
    const MAX_SIZE: u64 = i32::MAX as u64;
    let s = call.check_string(1)?;
    let n = call.check_integer(2)?;
    let sep = call.opt_string(3, "")?;
    let Ok(n @ 1..) = u64::try_from(n) else { return call.lua.create_string("").map(Value::String) };
    let (l, lsep) = (s.as_bytes().len() as u64, sep.as_bytes().len() as u64);
    if l + lsep > MAX_SIZE / n {
        return Err(call.error("resulting string too large"));
    }
    // n * (l + lsep) <= MAX_SIZE: no overflow below.
    let total = n * l + (n - 1) * lsep;
    if total == 0 {
        return call.lua.create_string("").map(Value::String);
    }
    // Lua's loop makes n copies of l + lsep >= 1 bytes: each copy costs
    // about a VM instruction, its bytes are copied at memcpy speed.
    charge(n + total / super::meter::BYTES_PER_UNIT)?;
    original.call::<Value>((s, n, sep)).map_err(|e| call.relocate(e, &[]))
}

//! What a script passes to a `game` method, read and checked before it is
//! used: whole numbers in their range, amounts of money, counts, names and
//! texts of bounded length, the city or stop of a hex. A bad argument is an
//! error naming the method, the argument and what it may be.
//!
//! Numbers arrive as Lua values and are read here, not by mlua's
//! conversion to `u8` or `u16`: that one wraps nothing, but its message
//! counts the `game` object among the arguments and names Rust's types
//! ("bad argument #5 to `LuaGame.lay_tile`: error converting Lua integer
//! to u8").

use crate::game::graph::tile_on;
use crate::game::ids::HexId;
use crate::game::state::GameState;
use crate::limits::{MAX_AMOUNT, MAX_COUNT, MAX_NAME_BYTES, MAX_TEXT_BYTES};
use crate::title::Title;
use mlua::{LuaString, Table, Value};

pub(super) fn rt(msg: impl Into<String>) -> mlua::Error {
    mlua::Error::RuntimeError(msg.into())
}

/// A value as a message shows it: numbers as they are, strings quoted and
/// cut short, anything else by its type.
fn show(v: &Value) -> String {
    match v {
        Value::Integer(i) => i.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => {
            let text = s.to_string_lossy();
            let cut: String = text.chars().take(40).collect();
            if cut.len() < text.len() { format!("\"{cut}...\"") } else { format!("\"{cut}\"") }
        }
        other => other.type_name().to_string(),
    }
}

/// The argument, unless the script left it out (nil).
pub(super) fn given(v: &Value) -> Option<&Value> {
    (!v.is_nil()).then_some(v)
}

/// A whole number: an integer, a float without a fraction, or a string
/// holding one (Lua's arithmetic reads such strings as numbers too).
pub(super) fn whole(method: &str, arg: &str, v: &Value) -> mlua::Result<i64> {
    // 2^63 is the first float beyond i64: a float is converted exactly below it.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    let n = match v {
        Value::Integer(i) => Some(*i),
        Value::Number(f) if f.fract() == 0.0 && *f >= -LIMIT && *f < LIMIT => Some(*f as i64),
        Value::String(s) => s.to_str().ok().and_then(|s| s.trim().parse::<i64>().ok()),
        _ => None,
    };
    n.ok_or_else(|| rt(format!("{method}: {arg} must be a whole number, not {}", show(v))))
}

/// A whole number from `lo` to `hi`.
pub(super) fn int_in(method: &str, arg: &str, v: &Value, lo: i64, hi: i64) -> mlua::Result<i64> {
    let n = whole(method, arg, v)?;
    if n < lo || n > hi {
        return Err(rt(format!("{method}: {arg} must be {lo} to {hi}, not {n}")));
    }
    Ok(n)
}

/// A whole number from `lo` to `hi`, the range a bound of src/limits.rs
/// (`limit`) sets: the error names it.
fn within_limit(method: &str, arg: &str, v: &Value, lo: i64, hi: i64, limit: &str) -> mlua::Result<i64> {
    let n = whole(method, arg, v)?;
    if !(lo..=hi).contains(&n) {
        return Err(rt(format!("{method}: {arg} must be {lo} to {hi} (limits::{limit}), not {n}")));
    }
    Ok(n)
}

/// A count of things: 0 to `limits::MAX_COUNT`.
pub(super) fn count(method: &str, arg: &str, v: &Value) -> mlua::Result<i64> {
    within_limit(method, arg, v, 0, MAX_COUNT, "MAX_COUNT")
}

/// An amount of money, which may be negative (a bonus that is a penalty,
/// a debt paid off): at most `limits::MAX_AMOUNT` either way.
pub(super) fn amount(method: &str, arg: &str, v: &Value) -> mlua::Result<i64> {
    within_limit(method, arg, v, -MAX_AMOUNT, MAX_AMOUNT, "MAX_AMOUNT")
}

/// An amount that cannot be negative (a payment, a price, a cost): 0 to
/// `limits::MAX_AMOUNT`.
pub(super) fn price(method: &str, arg: &str, v: &Value) -> mlua::Result<i64> {
    within_limit(method, arg, v, 0, MAX_AMOUNT, "MAX_AMOUNT")
}

/// A string of at most `max` bytes, measured before it is copied out of
/// Lua; `limit` names the bound in the message.
fn bounded(method: &str, arg: &str, s: &LuaString, max: usize, limit: &str) -> mlua::Result<String> {
    let bytes = s.as_bytes();
    if bytes.len() > max {
        return Err(rt(format!("{method}: the {arg} is {} bytes long, more than the {max} allowed (limits::{limit})", bytes.len())));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A name: a var key, a tag, a handler, an answer (`limits::MAX_NAME_BYTES`).
pub(super) fn name(method: &str, arg: &str, s: &LuaString) -> mlua::Result<String> {
    bounded(method, arg, s, MAX_NAME_BYTES, "MAX_NAME_BYTES")
}

/// A text: a log line, a prompt, a reason (`limits::MAX_TEXT_BYTES`).
pub(super) fn text(method: &str, arg: &str, s: &LuaString) -> mlua::Result<String> {
    bounded(method, arg, s, MAX_TEXT_BYTES, "MAX_TEXT_BYTES")
}

/// The values of a list a script passes (keys 1 to n), at most `max` of
/// them, counted before any is read (mlua's own conversion of a list of a
/// million fails with "out of Lua stack"). `limit` names the bound.
pub(super) fn list(method: &str, what: &str, t: &Table, max: usize, limit: &str) -> mlua::Result<Vec<Value>> {
    let n = t.raw_len();
    if n > max {
        return Err(rt(format!("{method}: {n} {what}, more than the {max} allowed ({limit})")));
    }
    (1..=n).map(|i| t.raw_get::<Value>(i)).collect()
}

/// City `v` (0 when left out) of the hex's current tile, counted among
/// its cities: the city's number and its stop index on the tile.
pub(super) fn city(method: &str, t: &Title, st: &GameState, h: HexId, v: &Value) -> mlua::Result<(u8, u8)> {
    let cities: Vec<u8> = tile_on(t, st, h).stops.iter().enumerate().filter(|(_, s)| s.station()).map(|(i, _)| i as u8).collect();
    let label = &t.map.hexes[h as usize].label;
    let n = match given(v) {
        Some(v) => whole(method, "city", v)?,
        None => 0,
    };
    match usize::try_from(n).ok().and_then(|i| cities.get(i)) {
        Some(&stop) => Ok((n as u8, stop)),
        None if cities.is_empty() => Err(rt(format!("{method}: {label} has no city (city {n} asked for)"))),
        None => Err(rt(format!("{method}: {label} has {}, no city {n}", numbered(cities.len(), "city", "cities")))),
    }
}

/// "1 city (city 0)", "3 cities (0 to 2)": how many there are, numbered from 0.
fn numbered(n: usize, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one} ({one} 0)") } else { format!("{n} {many} (0 to {})", n - 1) }
}

/// Stop `v` (0 when left out) of the hex's current tile.
pub(super) fn stop(method: &str, t: &Title, st: &GameState, h: HexId, v: &Value) -> mlua::Result<u8> {
    let stops = tile_on(t, st, h).stops.len();
    let label = &t.map.hexes[h as usize].label;
    let n = match given(v) {
        Some(v) => whole(method, "stop", v)?,
        None => 0,
    };
    match usize::try_from(n) {
        Ok(i) if i < stops => Ok(i as u8),
        _ if stops == 0 => Err(rt(format!("{method}: {label} has no stop (stop {n} asked for)"))),
        _ => Err(rt(format!("{method}: {label} has {}, no stop {n}", numbered(stops, "stop", "stops")))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_whole_and_in_range() {
        let lua = mlua::Lua::new();
        let s = |x: &str| Value::String(lua.create_string(x).unwrap());
        assert_eq!(whole("m", "n", &Value::Integer(7)).unwrap(), 7);
        assert_eq!(whole("m", "n", &Value::Number(7.0)).unwrap(), 7);
        assert_eq!(whole("m", "n", &s(" 12 ")).unwrap(), 12);
        for bad in [Value::Number(1.5), Value::Number(1e300), Value::Number(f64::NAN), Value::Boolean(true), s("x")] {
            let e = whole("lay_tile", "rotation", &bad).unwrap_err().to_string();
            assert!(e.contains("lay_tile: rotation must be a whole number"), "{e}");
        }
        assert!(int_in("lay_tile", "rotation", &Value::Integer(300), 0, 5).unwrap_err().to_string().contains("must be 0 to 5, not 300"));
        assert!(amount("m", "amount", &Value::Integer(i64::MIN)).unwrap_err().to_string().contains("MAX_AMOUNT"));
        assert_eq!(amount("m", "amount", &Value::Integer(-MAX_AMOUNT)).unwrap(), -MAX_AMOUNT);
        assert!(price("m", "amount", &Value::Integer(-1)).is_err());
        assert!(count("m", "n", &Value::Integer(MAX_COUNT + 1)).unwrap_err().to_string().contains("MAX_COUNT"));
    }
}

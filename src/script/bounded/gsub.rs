//! `string.gsub(s, pattern, repl [, n])` with its matching and its output
//! charged. A replacement function runs Lua code, which the instruction
//! hook counts already.

use super::Charge;
use super::args::{Call, type_name};
use super::meter::Meter;
use super::pattern::{self, Captured, Matcher, Stop};
use super::strings::{capture_value, stop_error};
use mlua::{Function, Integer, LuaString, MultiValue, Table, Value};

/// What replaces each match.
enum Replacement {
    /// A string (or number) with `%0`-`%9` and `%%`, parsed once.
    Text(Vec<Piece>),
    Table(Table),
    Function(Function),
}

/// A part of a replacement string.
enum Piece {
    Literal { start: usize, end: usize },
    WholeMatch,
    /// `%1`..`%9`, 0-based.
    Capture(usize),
    /// `%` followed by anything else: an error, raised only when a match
    /// uses the replacement (as in Lua).
    Invalid,
}

fn parse_replacement(text: &[u8]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut literal_start = 0;
    let mut i = 0;
    while i < text.len() {
        if text[i] != b'%' {
            i += 1;
            continue;
        }
        if literal_start < i {
            pieces.push(Piece::Literal { start: literal_start, end: i });
        }
        let escaped = text.get(i + 1).copied();
        pieces.push(match escaped {
            // "%%" is a literal '%': the second byte starts the next literal.
            Some(b'%') => {
                literal_start = i + 1;
                i += 2;
                continue;
            }
            Some(b'0') => Piece::WholeMatch,
            Some(d @ b'1'..=b'9') => Piece::Capture(usize::from(d - b'1')),
            _ => Piece::Invalid,
        });
        i += 2;
        literal_start = i;
    }
    if literal_start < text.len() {
        pieces.push(Piece::Literal { start: literal_start, end: text.len() });
    }
    pieces
}

pub fn gsub(call: &Call, charge: &Charge) -> mlua::Result<MultiValue> {
    let subject = call.check_string(1)?;
    let pattern = call.check_string(2)?;
    let s_len = subject.as_bytes().len();
    let max_replacements = call.opt_integer(4, Integer::try_from(s_len).unwrap_or(Integer::MAX).saturating_add(1))?;
    // A number replaces as its text, as Lua converts it.
    let text = match call.value(3) {
        v @ (Value::String(_) | Value::Integer(_) | Value::Number(_)) => call.lua.coerce_string(v)?,
        _ => None,
    };
    let text_bytes = text.as_ref().map(LuaString::as_bytes);
    let text: &[u8] = text_bytes.as_deref().unwrap_or_default();
    let replacement = match call.value(3) {
        Value::String(_) | Value::Integer(_) | Value::Number(_) => Replacement::Text(parse_replacement(text)),
        Value::Table(t) => Replacement::Table(t),
        Value::Function(f) => Replacement::Function(f),
        _ => return Err(call.type_error(3, "string/function/table")),
    };
    let mut meter = Meter::new(charge.clone());
    let (s, p) = (subject.as_bytes(), pattern.as_bytes());
    let (out, count, changed) =
        substitute(call, &s, &p, (&replacement, text), max_replacements, &mut meter).map_err(|stop| stop_error(call, stop))?;
    meter.settle()?;
    let result = if changed { Value::String(call.lua.create_string(&out)?) } else { Value::String(subject.clone()) };
    Ok(MultiValue::from_vec(vec![result, Value::Integer(count)]))
}

/// The new text, the number of matches replaced, and whether anything
/// changed (a function or table answering nil or false keeps the match).
fn substitute(
    call: &Call,
    s: &[u8],
    p: &[u8],
    replacement: (&Replacement, &[u8]),
    max_replacements: Integer,
    meter: &mut Meter,
) -> Result<(Vec<u8>, Integer, bool), Stop> {
    let (anchored, p) = pattern::split_anchor(p);
    let mut m = Matcher::new(s, p, meter);
    let mut out = Vec::new();
    let (mut count, mut changed) = (0, false);
    let mut at = 0;
    let mut last_end = None;
    while count < max_replacements {
        match m.match_at(at)?.filter(|&end| Some(end) != last_end) {
            Some(end) => {
                count += 1;
                let before = out.len();
                changed |= replace(call, s, (at, end), replacement, &m, &mut out)?;
                m.meter().add(u64::try_from(out.len() - before).unwrap_or(u64::MAX))?;
                at = end;
                last_end = Some(end);
            }
            None if at < s.len() => {
                out.push(s[at]);
                m.meter().add(1)?;
                at += 1;
            }
            None => break,
        }
        if anchored {
            break;
        }
    }
    let rest = s.get(at..).unwrap_or_default();
    out.extend_from_slice(rest);
    m.meter().add(u64::try_from(rest.len()).unwrap_or(u64::MAX))?;
    Ok((out, count, changed))
}

/// Appends what replaces the match `whole`; true when that is not the
/// matched text kept as it was.
fn replace(
    call: &Call,
    s: &[u8],
    whole: (usize, usize),
    replacement: (&Replacement, &[u8]),
    m: &Matcher,
    out: &mut Vec<u8>,
) -> Result<bool, Stop> {
    let matched = s.get(whole.0..whole.1).unwrap_or_default();
    let value = match replacement.0 {
        Replacement::Text(pieces) => {
            append_text(s, whole, pieces, replacement.1, m, out)?;
            return Ok(true);
        }
        Replacement::Table(t) => {
            let key = capture_value(call.lua, s, m.capture(0, whole)?)?;
            t.get::<Value>(key)?
        }
        Replacement::Function(f) => {
            let mut args = Vec::new();
            for c in m.captures(Some(whole))? {
                args.push(capture_value(call.lua, s, c)?);
            }
            f.call::<Value>(MultiValue::from_vec(args))?
        }
    };
    match value {
        Value::Nil | Value::Boolean(false) => {
            out.extend_from_slice(matched);
            Ok(false)
        }
        v @ (Value::String(_) | Value::Integer(_) | Value::Number(_)) => {
            let text: Option<LuaString> = call.lua.coerce_string(v)?;
            out.extend_from_slice(&text.map(|t| t.as_bytes().to_vec()).unwrap_or_default());
            Ok(true)
        }
        other => Err(Stop::Pattern(format!("invalid replacement value (a {})", type_name(&other)))),
    }
}

/// A replacement string for one match.
fn append_text(s: &[u8], whole: (usize, usize), pieces: &[Piece], text: &[u8], m: &Matcher, out: &mut Vec<u8>) -> Result<(), Stop> {
    for piece in pieces {
        match *piece {
            Piece::Literal { start, end } => out.extend_from_slice(text.get(start..end).unwrap_or_default()),
            Piece::WholeMatch => out.extend_from_slice(s.get(whole.0..whole.1).unwrap_or_default()),
            Piece::Capture(i) => match m.capture(i, whole)? {
                Captured::Text { start, end } => out.extend_from_slice(s.get(start..end).unwrap_or_default()),
                Captured::Position(at) => out.extend_from_slice(at.to_string().as_bytes()),
            },
            Piece::Invalid => return Err(Stop::Pattern("invalid use of '%' in replacement string".to_string())),
        }
    }
    Ok(())
}

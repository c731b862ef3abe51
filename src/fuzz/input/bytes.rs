//! Mutations that know nothing of the format: bytes and lines. They make
//! the damage a disk, a transfer or a careless edit does (a flipped bit,
//! a cut-off file, a pasted line twice), and they reach the parsers'
//! own error paths, which structure-aware mutations never touch.

use rand::{Rng, RngExt};

/// Bytes that mean something to JSON, TOML, Lua or the loaders' own
/// notations ("C5.1", "ATA_3", "57-0", "100,3,5").
const INTERESTING_BYTES: &[u8] = b"\0\xff\x80\xc3\"'{}[],:=.-_#\n\r\t\\ 0123456789eE+";

/// Text that breaks numbers, strings and nesting when inserted anywhere.
const INTERESTING_TEXT: &[&str] = &[
    "-1",
    "0",
    "-9223372036854775808",
    "9223372036854775807",
    "18446744073709551616",
    "1e300",
    "-1e300",
    "NaN",
    "inf",
    "\u{e9}\u{20ac}\u{1f682}",
    "[[",
    "]]",
    "{",
    "}",
    "\"",
    "\\u0000",
    "--[[",
    "end",
    "while true do end",
    "null",
];

/// One random byte- or line-level change of `text`, described for the
/// report. `other` is another input of the same kind, for splicing.
pub fn mutate(rng: &mut impl Rng, text: &str, other: &str) -> (String, String) {
    let mut bytes = text.as_bytes().to_vec();
    let len = bytes.len();
    let mut pick = |n: usize| rng.random_range(0..n.max(1));
    let what = match pick(11) {
        0 if len > 0 => {
            let i = pick(len);
            let bit = pick(8);
            bytes[i] ^= 1 << bit;
            format!("flip bit {bit} of byte {i}")
        }
        1 if len > 0 => {
            let i = pick(len);
            let b = INTERESTING_BYTES[pick(INTERESTING_BYTES.len())];
            bytes[i] = b;
            format!("set byte {i} to {b:#04x}")
        }
        2 => {
            let i = pick(len + 1);
            let t = INTERESTING_TEXT[pick(INTERESTING_TEXT.len())];
            bytes.splice(i..i, t.bytes());
            format!("insert {t:?} at byte {i}")
        }
        3 if len > 0 => {
            let i = pick(len);
            let n = 1 + pick((len - i).min(64));
            bytes.drain(i..i + n);
            format!("delete {n} bytes at {i}")
        }
        4 => {
            let i = pick(len + 1);
            bytes.truncate(i);
            format!("truncate at byte {i}")
        }
        5 if len > 0 => {
            let i = pick(len);
            let n = 1 + pick((len - i).min(256));
            let chunk = bytes[i..i + n].to_vec();
            let j = pick(len + 1);
            bytes.splice(j..j, chunk);
            format!("copy {n} bytes from {i} to {j}")
        }
        6 => {
            let i = pick(len + 1);
            let o = other.as_bytes();
            let j = pick(o.len() + 1);
            bytes.truncate(i);
            bytes.extend_from_slice(&o[j..]);
            format!("splice another input from its byte {j} at byte {i}")
        }
        7 => return lines(rng, text),
        8 => return lines(rng, text),
        9 => return number(rng, text),
        _ => {
            let i = pick(len + 1);
            let n = 1 + pick(8);
            let junk: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            bytes.splice(i..i, junk);
            format!("insert {n} random bytes at {i}")
        }
    };
    // The loaders read text: bytes that are not UTF-8 reach them as the
    // replacement character (a file on disk that is not UTF-8 is refused
    // before any parser sees it).
    (String::from_utf8_lossy(&bytes).into_owned(), what)
}

/// Deletes, doubles (a key given twice) or swaps whole lines.
fn lines(rng: &mut impl Rng, text: &str) -> (String, String) {
    let mut lines: Vec<&str> = text.split('\n').collect();
    let n = lines.len();
    let i = rng.random_range(0..n);
    let what = match rng.random_range(0..3) {
        0 => {
            lines.remove(i);
            format!("delete line {}", i + 1)
        }
        1 => {
            let times = if rng.random_bool(0.9) { 1 } else { rng.random_range(2..2000) };
            for _ in 0..times {
                lines.insert(i, lines[i]);
            }
            format!("repeat line {} {times} more times", i + 1)
        }
        _ => {
            let j = rng.random_range(0..n);
            lines.swap(i, j);
            format!("swap lines {} and {}", i + 1, j + 1)
        }
    };
    (lines.join("\n"), what)
}

/// Replaces one number written in the text by an extreme one.
fn number(rng: &mut impl Rng, text: &str) -> (String, String) {
    let b = text.as_bytes();
    let starts: Vec<usize> = (0..b.len()).filter(|&i| b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric())).collect();
    if starts.is_empty() {
        return (text.to_string(), "no number to change".into());
    }
    let i = starts[rng.random_range(0..starts.len())];
    let end = (i..b.len()).find(|&k| !b[k].is_ascii_digit()).unwrap_or(b.len());
    let new = INTERESTING_TEXT[rng.random_range(0..9)];
    (format!("{}{new}{}", &text[..i], &text[end..]), format!("number {} at byte {i} -> {new}", &text[i..end]))
}

/// Statements a hostile title script might hold: endless loops, memory
/// hogs, errors, the sandbox's missing libraries, finalizers that never
/// return. Put at the start of a line, most of them parse.
const HOSTILE_LUA: &[&str] = &[
    "while true do end",
    "local t = {} for i = 1, 1e9 do t[i] = i end",
    "local s = string.rep('x', 2^31)",
    "local s = ('x'):rep(1e8):rep(1e8)",
    "error('boom')",
    "error(setmetatable({}, {__tostring = function() while true do end end}))",
    "setmetatable({}, {__gc = function() while true do end end}) collectgarbage()",
    "coroutine.wrap(function() while true do end end)()",
    "local f f = function() return f() + 1 end f()",
    "string.format('%99999999d', 1)",
    "os.exit(1)",
    "io.open('/tmp/railhead-fuzz', 'w')",
    "require('os')",
    "load('while true do end')()",
    "game = nil",
    "hook = nil",
    "return",
    "do return end",
    "table.sort({3, 2, 1}, function() return true end)",
    "string.find(string.rep('a', 1e6), string.rep('a?', 1e4) .. string.rep('a', 1e4))",
];

/// Inserts a hostile statement at the start of a random line of a script.
pub fn hostile_lua(rng: &mut impl Rng, text: &str) -> (String, String) {
    let mut lines: Vec<&str> = text.split('\n').collect();
    let i = rng.random_range(0..=lines.len());
    let statement = HOSTILE_LUA[rng.random_range(0..HOSTILE_LUA.len())];
    lines.insert(i, statement);
    (lines.join("\n"), format!("line {} = {statement:?}", i + 1))
}

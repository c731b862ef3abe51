//! Lua 5.4 patterns (reference manual §6.4.1), matched on bytes, with
//! every step charged to the running script call.
//!
//! The matcher walks the pattern as Lua's does, so that it fails in the
//! same places: a malformed item is only an error once the matcher reaches
//! it, and "pattern too complex" comes at the same recursion depth (200).
//! The pattern is read as if followed by a NUL byte, as C strings are: an
//! item may look one byte past its end ("%" alone, "[a", "%f").

use super::meter::Meter;

/// Captures one pattern may open.
pub const MAX_CAPTURES: usize = 32;

/// Nested matcher calls allowed before "pattern too complex" (Lua's
/// MAXCCALLS): the matcher recurses for each capture, each repetition
/// tried and each optional item.
const MAX_DEPTH: u32 = 200;

/// Why a match stopped before an answer.
#[derive(Debug)]
pub enum Stop {
    /// The pattern (or a capture it asks for) is wrong: the message Lua
    /// gives, without position.
    Pattern(String),
    /// An error raised on the way: the call's budget spent (the host's
    /// error), or one from Lua code the match called.
    Raised(mlua::Error),
}

impl From<mlua::Error> for Stop {
    fn from(e: mlua::Error) -> Stop {
        Stop::Raised(e)
    }
}

fn malformed<T>(message: &str) -> Result<T, Stop> {
    Err(Stop::Pattern(message.to_string()))
}

/// A capture of the match: subject bytes, or a position `()` (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Captured {
    Text { start: usize, end: usize },
    Position(usize),
}

#[derive(Debug, Clone, Copy)]
enum CaptureState {
    Open,
    Position,
    Closed { len: usize },
}

#[derive(Debug, Clone, Copy)]
struct Capture {
    start: usize,
    state: CaptureState,
}

/// Matches one pattern (its anchor `^` already taken off by the caller)
/// against one subject, at the positions the caller asks for.
pub struct Matcher<'a> {
    subject: &'a [u8],
    pattern: &'a [u8],
    meter: &'a mut Meter,
    depth_left: u32,
    captures: Vec<Capture>,
}

impl<'a> Matcher<'a> {
    pub fn new(subject: &'a [u8], pattern: &'a [u8], meter: &'a mut Meter) -> Matcher<'a> {
        Matcher { subject, pattern, meter, depth_left: MAX_DEPTH, captures: Vec::new() }
    }

    pub fn meter(&mut self) -> &mut Meter {
        self.meter
    }

    /// The end of a match starting at byte `start`, if the pattern matches
    /// there; the captures are kept for [`Matcher::capture`].
    pub fn match_at(&mut self, start: usize) -> Result<Option<usize>, Stop> {
        self.depth_left = MAX_DEPTH;
        self.captures.clear();
        self.match_from(start, 0)
    }

    /// Capture `i` (0-based) of the last match, whose whole is
    /// `whole`; a pattern without captures has the whole match as its
    /// capture 0.
    pub fn capture(&self, i: usize, whole: (usize, usize)) -> Result<Captured, Stop> {
        let Some(c) = self.captures.get(i) else {
            if i != 0 {
                return malformed(&format!("invalid capture index %{}", i + 1));
            }
            return Ok(Captured::Text { start: whole.0, end: whole.1 });
        };
        match c.state {
            CaptureState::Open => malformed("unfinished capture"),
            CaptureState::Position => Ok(Captured::Position(c.start + 1)),
            CaptureState::Closed { len } => Ok(Captured::Text { start: c.start, end: c.start + len }),
        }
    }

    /// The values a match gives: its captures, or the whole match when
    /// there are none and `whole` is given (`find` gives none).
    pub fn captures(&self, whole: Option<(usize, usize)>) -> Result<Vec<Captured>, Stop> {
        let count = if self.captures.is_empty() && whole.is_some() { 1 } else { self.captures.len() };
        let whole = whole.unwrap_or((0, 0));
        (0..count).map(|i| self.capture(i, whole)).collect()
    }

    /// The pattern byte at `i`, NUL past the end (as C reads it).
    fn pat(&self, i: usize) -> u8 {
        self.pattern.get(i).copied().unwrap_or(0)
    }

    /// Matches the pattern from byte `p` against the subject from byte `s`:
    /// the end of the match, if any. One call is one level of recursion;
    /// items that need no backtracking continue in the loop.
    fn match_from(&mut self, mut s: usize, mut p: usize) -> Result<Option<usize>, Stop> {
        if self.depth_left == 0 {
            return malformed("pattern too complex");
        }
        self.depth_left -= 1;
        self.meter.add(1)?;
        let end = loop {
            if p >= self.pattern.len() {
                break Some(s);
            }
            let next = self.pat(p + 1);
            match self.pat(p) {
                b'(' if next == b')' => break self.open_capture(s, p + 2, CaptureState::Position)?,
                b'(' => break self.open_capture(s, p + 1, CaptureState::Open)?,
                b')' => break self.close_capture(s, p + 1)?,
                b'$' if p + 1 == self.pattern.len() => break (s == self.subject.len()).then_some(s),
                b'%' if next == b'b' => match self.balanced(s, p + 2)? {
                    Some(after) => (s, p) = (after, p + 4),
                    None => break None,
                },
                b'%' if next == b'f' => match self.frontier(s, p + 2)? {
                    Some(after) => p = after,
                    None => break None,
                },
                b'%' if next.is_ascii_digit() => match self.back_reference(s, next)? {
                    Some(after) => (s, p) = (after, p + 2),
                    None => break None,
                },
                _ => {
                    let item_end = self.class_end(p)?;
                    let quantifier = self.pat(item_end);
                    if !self.single(s, p, item_end)? {
                        if matches!(quantifier, b'*' | b'?' | b'-') {
                            p = item_end + 1;
                            continue;
                        }
                        break None;
                    }
                    match quantifier {
                        b'?' => match self.match_from(s + 1, item_end + 1)? {
                            Some(end) => break Some(end),
                            None => p = item_end + 1,
                        },
                        b'+' => break self.longest(s + 1, p, item_end)?,
                        b'*' => break self.longest(s, p, item_end)?,
                        b'-' => break self.shortest(s, p, item_end)?,
                        _ => (s, p) = (s + 1, item_end),
                    }
                }
            }
        };
        self.depth_left += 1;
        Ok(end)
    }

    /// Where the single-character class at `p` ends (`%x`, `[set]`, or
    /// one byte).
    fn class_end(&mut self, p: usize) -> Result<usize, Stop> {
        match self.pat(p) {
            b'%' => {
                if p + 1 >= self.pattern.len() {
                    return malformed("malformed pattern (ends with '%')");
                }
                Ok(p + 2)
            }
            b'[' => {
                let mut q = p + 1;
                if self.pat(q) == b'^' {
                    q += 1;
                }
                // The first byte is part of the set even when it is ']'.
                loop {
                    if q >= self.pattern.len() {
                        return malformed("malformed pattern (missing ']')");
                    }
                    let escaped = self.pat(q) == b'%';
                    q += 1;
                    if escaped && q < self.pattern.len() {
                        q += 1;
                    }
                    if self.pat(q) == b']' {
                        break;
                    }
                }
                self.meter.add_bytes(q - p)?;
                Ok(q + 1)
            }
            _ => Ok(p + 1),
        }
    }

    /// Does the class at `p..item_end` match the subject byte at `s`?
    fn single(&mut self, s: usize, p: usize, item_end: usize) -> Result<bool, Stop> {
        self.meter.add(1)?;
        let Some(&c) = self.subject.get(s) else { return Ok(false) };
        Ok(match self.pat(p) {
            b'.' => true,
            b'%' => class_matches(c, self.pat(p + 1)),
            b'[' => self.in_set(c, p, item_end - 1)?,
            literal => literal == c,
        })
    }

    /// Is byte `c` in the set `[...]` from `open` to its `]` at `close`?
    fn in_set(&mut self, c: u8, open: usize, close: usize) -> Result<bool, Stop> {
        self.meter.add_bytes(close - open)?;
        let mut q = open + 1;
        let negated = self.pat(q) == b'^';
        if negated {
            q += 1;
        }
        let mut found = false;
        while q < close {
            let b = self.pat(q);
            if b == b'%' {
                q += 1;
                found = class_matches(c, self.pat(q));
            } else if self.pat(q + 1) == b'-' && q + 2 < close {
                found = b <= c && c <= self.pat(q + 2);
                q += 2;
            } else {
                found = b == c;
            }
            if found {
                break;
            }
            q += 1;
        }
        Ok(found != negated)
    }

    /// `item*` (or the rest of `item+`): as many repetitions as match,
    /// then fewer until the rest of the pattern matches.
    fn longest(&mut self, s: usize, p: usize, item_end: usize) -> Result<Option<usize>, Stop> {
        let mut count = 0;
        while self.single(s + count, p, item_end)? {
            count += 1;
        }
        loop {
            if let Some(end) = self.match_from(s + count, item_end + 1)? {
                return Ok(Some(end));
            }
            if count == 0 {
                return Ok(None);
            }
            count -= 1;
        }
    }

    /// `item-`: as few repetitions as let the rest of the pattern match.
    fn shortest(&mut self, mut s: usize, p: usize, item_end: usize) -> Result<Option<usize>, Stop> {
        loop {
            if let Some(end) = self.match_from(s, item_end + 1)? {
                return Ok(Some(end));
            }
            if !self.single(s, p, item_end)? {
                return Ok(None);
            }
            s += 1;
        }
    }

    fn open_capture(&mut self, s: usize, p: usize, state: CaptureState) -> Result<Option<usize>, Stop> {
        if self.captures.len() >= MAX_CAPTURES {
            return malformed("too many captures");
        }
        self.captures.push(Capture { start: s, state });
        let end = self.match_from(s, p)?;
        if end.is_none() {
            self.captures.pop();
        }
        Ok(end)
    }

    fn close_capture(&mut self, s: usize, p: usize) -> Result<Option<usize>, Stop> {
        let Some(i) = self.captures.iter().rposition(|c| matches!(c.state, CaptureState::Open)) else {
            return malformed("invalid pattern capture");
        };
        let start = self.captures[i].start;
        self.captures[i].state = CaptureState::Closed { len: s - start };
        let end = self.match_from(s, p)?;
        if end.is_none() {
            self.captures[i].state = CaptureState::Open;
        }
        Ok(end)
    }

    /// `%bxy` with `x` at `p`: a run from `x` to its balancing `y`.
    fn balanced(&mut self, s: usize, p: usize) -> Result<Option<usize>, Stop> {
        if p + 1 >= self.pattern.len() {
            return malformed("malformed pattern (missing arguments to '%b')");
        }
        self.meter.add(1)?;
        let (open, close) = (self.pat(p), self.pat(p + 1));
        if self.subject.get(s) != Some(&open) {
            return Ok(None);
        }
        let mut depth = 1usize;
        for (i, &c) in self.subject.iter().enumerate().skip(s + 1) {
            if c == close {
                depth -= 1;
                if depth == 0 {
                    self.meter.add_bytes(i - s)?;
                    return Ok(Some(i + 1));
                }
            } else if c == open {
                depth += 1;
            }
        }
        self.meter.add_bytes(self.subject.len() - s)?;
        Ok(None)
    }

    /// `%f[set]` with `[` expected at `p`: the pattern position after the
    /// set when byte `s` is in the set and the byte before it is not (the
    /// subject's start and end read as NUL).
    fn frontier(&mut self, s: usize, p: usize) -> Result<Option<usize>, Stop> {
        if self.pat(p) != b'[' {
            return malformed("missing '[' after '%f' in pattern");
        }
        let item_end = self.class_end(p)?;
        let before = if s == 0 { 0 } else { self.subject.get(s - 1).copied().unwrap_or(0) };
        let here = self.subject.get(s).copied().unwrap_or(0);
        let at_frontier = !self.in_set(before, p, item_end - 1)? && self.in_set(here, p, item_end - 1)?;
        Ok(at_frontier.then_some(item_end))
    }

    /// `%1`..`%9` (`digit` is the byte after `%`): the text of that
    /// capture again.
    fn back_reference(&mut self, s: usize, digit: u8) -> Result<Option<usize>, Stop> {
        let index = usize::from(digit).wrapping_sub(usize::from(b'1'));
        let capture = self.captures.get(index).copied();
        let (start, len) = match capture.map(|c| c.state) {
            Some(CaptureState::Closed { len }) => (capture.map_or(0, |c| c.start), len),
            // A position has no text: it never matches.
            Some(CaptureState::Position) => return Ok(None),
            _ => return malformed(&format!("invalid capture index %{}", char::from(digit))),
        };
        self.meter.add(1)?;
        self.meter.add_bytes(len)?;
        let wanted = self.subject.get(start..start + len);
        let here = self.subject.get(s..s.saturating_add(len));
        Ok(match (wanted, here) {
            (Some(a), Some(b)) if a == b => Some(s + len),
            _ => None,
        })
    }
}

/// Does byte `c` belong to the class `%cl`? Letters name classes (upper
/// case: the complement); any other byte stands for itself. C locale:
/// bytes from 128 are in no class.
fn class_matches(c: u8, cl: u8) -> bool {
    let in_class = match cl.to_ascii_lowercase() {
        b'a' => c.is_ascii_alphabetic(),
        b'c' => c.is_ascii_control(),
        b'd' => c.is_ascii_digit(),
        b'g' => c.is_ascii_graphic(),
        b'l' => c.is_ascii_lowercase(),
        b'p' => c.is_ascii_punctuation(),
        // C's isspace also counts the vertical tab, which Rust's
        // is_ascii_whitespace leaves out.
        b's' => matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'),
        b'u' => c.is_ascii_uppercase(),
        b'w' => c.is_ascii_alphanumeric(),
        b'x' => c.is_ascii_hexdigit(),
        // Deprecated in 5.2 but still understood: the NUL byte.
        b'z' => c == 0,
        _ => return cl == c,
    };
    if cl.is_ascii_lowercase() { in_class } else { !in_class }
}

/// Does the pattern use no special character, so that a plain search
/// gives the same answer?
pub fn is_plain(pattern: &[u8]) -> bool {
    !pattern.iter().any(|b| b"^$*+?.([%-".contains(b))
}

/// Splits off a leading `^` (anchor).
pub fn split_anchor(pattern: &[u8]) -> (bool, &[u8]) {
    match pattern.split_first() {
        Some((b'^', rest)) => (true, rest),
        _ => (false, pattern),
    }
}

/// The first occurrence of `needle` in `haystack` (empty: at 0), charging
/// the bytes scanned and compared.
pub fn find_plain(haystack: &[u8], needle: &[u8], meter: &mut Meter) -> mlua::Result<Option<usize>> {
    let Some((&first, _)) = needle.split_first() else { return Ok(Some(0)) };
    if needle.len() > haystack.len() {
        return Ok(None);
    }
    let last_start = haystack.len() - needle.len();
    let mut scanned_from = 0;
    for start in 0..=last_start {
        if haystack.get(start) != Some(&first) {
            continue;
        }
        meter.add(1)?;
        meter.add_bytes(start - scanned_from + needle.len())?;
        scanned_from = start;
        if haystack.get(start..start + needle.len()) == Some(needle) {
            return Ok(Some(start));
        }
    }
    meter.add_bytes(haystack.len() - scanned_from)?;
    Ok(None)
}

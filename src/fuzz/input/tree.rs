//! Structure-aware mutations: the input is parsed, one value in it is
//! changed, and the result is written back. The files stay well formed,
//! so the damage reaches past the parsers into what the loaders do with
//! the values: extreme numbers, empty or huge strings and lists, wrong
//! types, missing or unknown keys, ids that name nothing or the wrong
//! thing, deep nesting.
//!
//! JSON (saves, records) and TOML (title data) share one mutator over
//! `serde_json::Value`; TOML is converted both ways (`toml_text`).

use rand::{Rng, RngExt};
use serde_json::{Map, Value, json};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Json,
    /// No null, and integers only as i64 (larger ones become floats).
    Toml,
}

/// Stands in the tree for a deep nesting, replaced in the written text
/// (writing a deeply nested tree would itself recurse that deep).
pub const NEST_MARKER: &str = "__railhead_fuzz_deep_nesting__";

/// A deep nesting to put in place of [`NEST_MARKER`].
#[derive(Clone, Copy, Debug)]
pub struct Nest {
    pub depth: usize,
    /// Arrays (`[[[...]]]`) or tables (`{"a":{"a":...}}`).
    pub tables: bool,
}

impl Nest {
    pub fn text(&self, dialect: Dialect) -> String {
        if !self.tables {
            return format!("{}{}", "[".repeat(self.depth), "]".repeat(self.depth));
        }
        let open = match dialect {
            Dialect::Json => "{\"a\":",
            Dialect::Toml => "{a=",
        };
        format!("{}1{}", open.repeat(self.depth), "}".repeat(self.depth))
    }

    /// Puts the nesting in place of the marker in written text.
    pub fn apply(&self, text: &str, dialect: Dialect) -> String {
        text.replacen(&format!("\"{NEST_MARKER}\""), &self.text(dialect), 1)
    }
}

/// What a mutation did, for the report, and a nesting to put in the text.
pub struct Change {
    pub what: String,
    pub nest: Option<Nest>,
}

fn change(what: String) -> Change {
    Change { what, nest: None }
}

const EXTREME_INTS: &[i64] = &[0, -1, 1, 2, 6, 7, 255, 256, 65_535, 65_536, i32::MAX as i64, 1 << 31, 1 << 32, 1 << 53, i64::MIN, i64::MAX, i64::MIN + 1, i64::MAX - 1];
const EXTREME_FLOATS: &[f64] = &[1e300, -1e300, 0.5, -0.0, 1e-300, 1.5e19];

/// Strings that name nothing, or name something in a notation the
/// loaders split ("C5.1", "ATA_3", "57-0", "100,3,5").
const ODD_STRINGS: &[&str] = &[
    "", " ", "-", "_", ".", ",", "*", "{}", "\u{e9}\u{20ac}\u{1f682}", "A0", "a1", "Z9999", "C5.99", "C5.-1", "ATA_-1", "ATA_99999", "9-9-9", "-1-", "100,-1,99999",
    "100,3", "-1", "1e300", "99999999999999999999", "nan", "4H-99", "{hex}", "{swap:", "{swap:10+", "no-", "title.toml", "../../etc/passwd",
];

/// Applies one random structure-aware change to `doc`.
pub fn mutate(rng: &mut impl Rng, doc: &mut Value, dialect: Dialect) -> Change {
    let total = count(doc);
    let k = rng.random_range(0..total);
    let mut path = String::new();
    let pick = rng.random_range(0..100);
    // Swapping two values of the same kind keeps every id a real one, in
    // the wrong place: the mix-up a hand edit makes.
    if pick < 10 {
        return swap_strings(rng, doc);
    }
    let donor = if pick < 18 { Some(nth(doc, &mut rng.random_range(0..total), &mut String::new()).cloned().unwrap_or(Value::Null)) } else { None };
    let Some(node) = nth(doc, &mut k.clone(), &mut path) else { return change("no node".into()) };
    let at = if path.is_empty() { "the top".to_string() } else { path };
    if let Some(d) = donor {
        let shown = short(&d);
        *node = d;
        return change(format!("{at} = a copy of another value ({shown})"));
    }
    if pick < 21 {
        let nest = Nest { depth: [64, 200, 1_000, 100_000][rng.random_range(0..4)], tables: rng.random_bool(0.5) };
        *node = Value::String(NEST_MARKER.into());
        return Change { what: format!("{at} = nested {} deep", nest.depth), nest: Some(nest) };
    }
    if pick < 33 {
        let new = wrong_type(rng, node, dialect);
        let shown = short(&new);
        *node = new;
        return change(format!("{at} = {shown} (another type)"));
    }
    let what = match node {
        Value::Number(_) => {
            let new = if rng.random_bool(0.8) {
                Value::from(EXTREME_INTS[rng.random_range(0..EXTREME_INTS.len())])
            } else if dialect == Dialect::Json && rng.random_bool(0.3) {
                Value::from(u64::MAX)
            } else {
                json!(EXTREME_FLOATS[rng.random_range(0..EXTREME_FLOATS.len())])
            };
            let what = format!("{at} = {new}");
            *node = new;
            what
        }
        Value::String(s) => {
            let new = odd_string(rng, s);
            let what = format!("{at} = {}", short(&Value::String(new.clone())));
            *s = new;
            what
        }
        Value::Bool(b) => {
            *b = !*b;
            format!("{at} flipped")
        }
        Value::Array(a) => array(rng, a, &at),
        Value::Object(m) => object(rng, m, &at, dialect),
        Value::Null => {
            *node = Value::from(-1);
            format!("{at} = -1")
        }
    };
    change(what)
}

fn odd_string(rng: &mut impl Rng, s: &str) -> String {
    match rng.random_range(0..9) {
        0 => String::new(),
        // Long text of wide characters: cut at a byte count, it splits one.
        8 => ["\u{e9}", "\u{20ac}", "\u{1f682}"][rng.random_range(0..3)].repeat(rng.random_range(1..400)),
        1 => "x".repeat([1_000, 100_000, 1_000_000][rng.random_range(0..3)]),
        2 => format!("{s}X"),
        3 => s.chars().rev().skip(1).collect::<Vec<_>>().into_iter().rev().collect(),
        4 => s.repeat(rng.random_range(2..50)),
        5 => format!("{s}\u{1f682}"),
        _ => ODD_STRINGS[rng.random_range(0..ODD_STRINGS.len())].to_string(),
    }
}

fn wrong_type(rng: &mut impl Rng, node: &Value, dialect: Dialect) -> Value {
    loop {
        let v = match rng.random_range(0..9) {
            0 if dialect == Dialect::Json => Value::Null,
            1 => Value::Bool(true),
            2 => Value::from(0),
            3 => Value::from(-1),
            4 => Value::String(String::new()),
            5 => Value::Array(Vec::new()),
            6 => Value::Object(Map::new()),
            7 => json!([1, "a", [], {}]),
            _ => json!({"a": 1}),
        };
        let same = std::mem::discriminant(&v) == std::mem::discriminant(node);
        if !same {
            return v;
        }
    }
}

fn array(rng: &mut impl Rng, a: &mut Vec<Value>, at: &str) -> String {
    if a.is_empty() {
        a.push(Value::from(-1));
        return format!("{at}: added -1 to the empty list");
    }
    let i = rng.random_range(0..a.len());
    match rng.random_range(0..7) {
        0 | 1 => {
            a.remove(i);
            format!("{at}[{i}] removed")
        }
        2 | 3 => {
            // Mostly one more copy; sometimes thousands (huge counts), or
            // 256: a count cut to a byte is the same again.
            let times = if rng.random_bool(0.85) { 1 } else { [100, 256, 3_000, 50_000][rng.random_range(0..4)] };
            let copy = a[i].clone();
            for _ in 0..times {
                a.insert(i, copy.clone());
            }
            format!("{at}[{i}] repeated {times} more times")
        }
        4 => {
            let j = rng.random_range(0..a.len());
            a.swap(i, j);
            format!("{at}[{i}] and [{j}] swapped")
        }
        5 => {
            a.clear();
            format!("{at} emptied")
        }
        _ => {
            a.truncate(i);
            format!("{at} cut to {i} items")
        }
    }
}

fn object(rng: &mut impl Rng, m: &mut Map<String, Value>, at: &str, dialect: Dialect) -> String {
    let keys: Vec<String> = m.keys().cloned().collect();
    if keys.is_empty() || rng.random_bool(0.3) {
        // An unknown key: a near miss of a real one, or a stranger.
        let key = if !keys.is_empty() && rng.random_bool(0.6) {
            let k = &keys[rng.random_range(0..keys.len())];
            if rng.random_bool(0.5) { format!("{k}s") } else { k.chars().skip(1).collect() }
        } else {
            ["x", "", "type", "id", "railhead", "\u{1f682}"][rng.random_range(0..6)].to_string()
        };
        let value = if dialect == Dialect::Json && rng.random_bool(0.3) { Value::Null } else { Value::from(1) };
        m.insert(key.clone(), value);
        return format!("{at}: key {key:?} added");
    }
    let key = &keys[rng.random_range(0..keys.len())];
    if rng.random_bool(0.7) {
        m.remove(key);
        format!("{at}.{key} removed")
    } else {
        m.clear();
        format!("{at} emptied")
    }
}

/// Swaps two strings anywhere in the document.
fn swap_strings(rng: &mut impl Rng, doc: &mut Value) -> Change {
    let n = count_strings(doc);
    if n < 2 {
        return change("fewer than two strings to swap".into());
    }
    let (i, j) = (rng.random_range(0..n), rng.random_range(0..n));
    let a = nth_string(doc, &mut i.clone()).cloned().unwrap_or_default();
    let b = nth_string(doc, &mut j.clone()).cloned().unwrap_or_default();
    if let Some(s) = nth_string(doc, &mut i.clone()) {
        *s = b.clone();
    }
    if let Some(s) = nth_string(doc, &mut j.clone()) {
        *s = a.clone();
    }
    change(format!("strings {} and {} swapped", short(&Value::String(a)), short(&Value::String(b))))
}

/// Values in the tree, this one included.
pub fn count(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count).sum(),
        Value::Object(m) => m.values().map(count).sum(),
        _ => 0,
    }
}

/// The `k`-th value in pre-order; `path` gets its key path.
fn nth<'a>(v: &'a mut Value, k: &mut usize, path: &mut String) -> Option<&'a mut Value> {
    if *k == 0 {
        return Some(v);
    }
    *k -= 1;
    match v {
        Value::Array(a) => {
            for (i, x) in a.iter_mut().enumerate() {
                let n = count(x);
                if *k < n {
                    path.push_str(&format!("[{i}]"));
                    return nth(x, k, path);
                }
                *k -= n;
            }
            None
        }
        Value::Object(m) => {
            for (key, x) in m.iter_mut() {
                let n = count(x);
                if *k < n {
                    path.push_str(&format!(".{key}"));
                    return nth(x, k, path);
                }
                *k -= n;
            }
            None
        }
        _ => None,
    }
}

fn count_strings(v: &Value) -> usize {
    match v {
        Value::String(_) => 1,
        Value::Array(a) => a.iter().map(count_strings).sum(),
        Value::Object(m) => m.values().map(count_strings).sum(),
        _ => 0,
    }
}

fn nth_string<'a>(v: &'a mut Value, k: &mut usize) -> Option<&'a mut String> {
    match v {
        Value::String(s) => {
            if *k == 0 {
                return Some(s);
            }
            *k -= 1;
            None
        }
        Value::Array(a) => a.iter_mut().find_map(|x| nth_string(x, k)),
        Value::Object(m) => m.values_mut().find_map(|x| nth_string(x, k)),
        _ => None,
    }
}

/// A value shown in a report line: at most 60 characters.
fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 { format!("{}... ({} bytes)", s.chars().take(50).collect::<String>(), s.len()) } else { s }
}

/// TOML text <-> the tree. Datetimes become strings; NaN and infinities,
/// which JSON cannot hold, strings too.
pub mod toml_text {
    use serde_json::{Map, Number, Value};

    pub fn parse(text: &str) -> Option<Value> {
        text.parse::<toml::Table>().ok().map(|t| from_toml(toml::Value::Table(t)))
    }

    fn from_toml(v: toml::Value) -> Value {
        match v {
            toml::Value::String(s) => Value::String(s),
            toml::Value::Integer(i) => Value::from(i),
            toml::Value::Float(f) => Number::from_f64(f).map_or_else(|| Value::String(f.to_string()), Value::Number),
            toml::Value::Boolean(b) => Value::Bool(b),
            toml::Value::Datetime(d) => Value::String(d.to_string()),
            toml::Value::Array(a) => Value::Array(a.into_iter().map(from_toml).collect()),
            toml::Value::Table(t) => Value::Object(t.into_iter().map(|(k, v)| (k, from_toml(v))).collect::<Map<_, _>>()),
        }
    }

    fn to_toml(v: &Value) -> toml::Value {
        match v {
            Value::Null => toml::Value::String(String::new()),
            Value::Bool(b) => toml::Value::Boolean(*b),
            Value::Number(n) => match n.as_i64() {
                Some(i) => toml::Value::Integer(i),
                None => toml::Value::Float(n.as_f64().unwrap_or(0.0)),
            },
            Value::String(s) => toml::Value::String(s.clone()),
            Value::Array(a) => toml::Value::Array(a.iter().map(to_toml).collect()),
            Value::Object(m) => toml::Value::Table(m.iter().map(|(k, v)| (k.clone(), to_toml(v))).collect()),
        }
    }

    /// The tree as TOML text; `None` when the top is not a table or the
    /// writer refuses it.
    pub fn write(v: &Value) -> Option<String> {
        match to_toml(v) {
            toml::Value::Table(t) => toml::to_string(&t).ok(),
            _ => None,
        }
    }
}

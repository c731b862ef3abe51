//! Random subjects and patterns (drawn from a grammar with every pattern
//! feature, and some malformed endings): our find, match, gmatch and gsub
//! give what Lua's C functions give, values or error message. Subjects
//! and patterns stay small so that Lua's own matcher ends quickly.

use super::tests::{bounded, free, message, repr, Repr};
use mlua::{Function, Lua, MultiValue, Table, Value};
use proptest::prelude::*;

/// Subject bytes: letters, the pattern specials, a space, a digit, NUL
/// and a byte past ASCII.
const SUBJECT_BYTES: &[u8] = b"aab()[]%.-^$ 1\0\xe9";

fn subject() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(SUBJECT_BYTES.to_vec()), 0..10)
}

fn pieces(list: &[&'static str]) -> impl Strategy<Value = Vec<u8>> + use<> {
    prop::sample::select(list.to_vec()).prop_map(|p| p.as_bytes().to_vec())
}

/// One byte class: a literal, an escape, `.`, a `%x` class or a set.
fn class() -> impl Strategy<Value = Vec<u8>> {
    let set_element = prop_oneof![pieces(&["a", "b", "(", "-", "^", " ", "%a", "%d", "%]", "%%", "a-b", "0-9", "]"]), Just(vec![0xe9u8])];
    let set = (any::<bool>(), prop::collection::vec(set_element, 1..4)).prop_map(|(negated, elements)| {
        let mut out = vec![b'['];
        if negated {
            out.push(b'^');
        }
        out.extend(elements.concat());
        out.push(b']');
        out
    });
    prop_oneof![
        4 => pieces(&["a", "b", " ", "1", "\0"]),
        1 => Just(vec![0xe9u8]),
        2 => pieces(&["%(", "%)", "%.", "%%", "%[", "%]", "%-", "%^", "%$", "."]),
        3 => pieces(&["%a", "%A", "%c", "%d", "%D", "%g", "%l", "%p", "%P", "%s", "%S", "%u", "%w", "%W", "%x", "%X", "%z", "%Z"]),
        3 => set,
    ]
}

/// One pattern item: a class with an optional quantifier, a balance, a
/// frontier, a back-reference, or a capture of items.
fn item() -> impl Strategy<Value = Vec<u8>> {
    let quantified = (class(), pieces(&["", "", "*", "+", "-", "?"])).prop_map(|(c, q)| [c, q].concat());
    let leaf = prop_oneof![
        8 => quantified,
        1 => pieces(&["%b()", "%bab", "%b[]"]),
        1 => pieces(&["%f[%a]", "%f[^a]", "%f[%z]", "%f[%w(]"]),
        1 => pieces(&["%1", "%2", "()"]),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        prop::collection::vec(inner, 0..3).prop_map(|items| [vec![b'('], items.concat(), vec![b')']].concat())
    })
}

fn pattern() -> impl Strategy<Value = Vec<u8>> {
    let ending = prop_oneof![
        12 => Just(Vec::new()),
        1 => pieces(&["%", "[a", "(", ")", "%f", "%fa", "%b", "%b(", "%9", "[^", "[]", "[%", "%0"]),
    ];
    (any::<bool>(), prop::collection::vec(item(), 0..5), any::<bool>(), ending).prop_map(|(anchored, items, end_anchor, ending)| {
        let mut out = if anchored { vec![b'^'] } else { Vec::new() };
        out.extend(items.concat());
        if end_anchor {
            out.push(b'$');
        }
        out.extend(ending);
        out
    })
}

fn init() -> impl Strategy<Value = Option<i64>> {
    prop_oneof![3 => Just(None), 4 => (-12i64..14).prop_map(Some), 1 => prop::sample::select(vec![i64::MIN, i64::MAX]).prop_map(Some)]
}

/// Values or the first line of an error message.
type Outcome<T> = Result<T, String>;

/// The values of each match an iterator gave.
type Matches = Outcome<Vec<Vec<Repr>>>;

/// The two states compared: Lua's functions, and ours.
struct Pair {
    theirs: Lua,
    ours: Lua,
}

impl Pair {
    fn new() -> Pair {
        let pair = Pair { theirs: Lua::new(), ours: bounded(free()) };
        for lua in [&pair.theirs, &pair.ours] {
            let replacements = lua
                .load(
                    r##"return function(a, ...) if a == "a" then return nil elseif a == "b" then return false
                       elseif a == "(" then return 2.5 else return "<" .. tostring(a) .. select("#", ...) .. ">" end end,
                       { a = "A", b = false, [1] = "one", [2] = 22, ["()"] = "parens" }"##,
                )
                .call::<(Function, Table)>(())
                .expect("replacement values");
            lua.set_named_registry_value("function", replacements.0).expect("store");
            lua.set_named_registry_value("table", replacements.1).expect("store");
        }
        pair
    }

    /// `string[name](args)` in both states, as values or error message.
    fn both(&self, name: &str, args: impl Fn(&Lua) -> MultiValue) -> (Outcome<Vec<Repr>>, Outcome<Vec<Repr>>) {
        let run = |lua: &Lua| {
            let string: Table = lua.globals().get("string").expect("string library");
            let f: Function = string.get(name).expect("function");
            f.call::<MultiValue>(args(lua)).map(|vs| vs.iter().map(repr).collect::<Vec<_>>()).map_err(|e| message(&e))
        };
        (run(&self.theirs), run(&self.ours))
    }

    /// Every match `gmatch` gives, at most 40.
    fn gmatch_both(&self, s: &[u8], p: &[u8], init: Option<i64>) -> (Matches, Matches) {
        let run = |lua: &Lua| -> Matches {
            let string: Table = lua.globals().get("string").map_err(|e| message(&e))?;
            let gmatch: Function = string.get("gmatch").map_err(|e| message(&e))?;
            let iter: Function = gmatch.call((bytes(lua, s), bytes(lua, p), init)).map_err(|e| message(&e))?;
            let mut all = Vec::new();
            for _ in 0..40 {
                let values: MultiValue = iter.call(()).map_err(|e| message(&e))?;
                if values.front().is_none_or(Value::is_nil) {
                    break;
                }
                all.push(values.iter().map(repr).collect());
            }
            Ok(all)
        };
        (run(&self.theirs), run(&self.ours))
    }
}

fn bytes(lua: &Lua, b: &[u8]) -> Value {
    Value::String(lua.create_string(b).expect("string"))
}

fn args(lua: &Lua, s: &[u8], p: &[u8], rest: &[Value]) -> MultiValue {
    let mut all = vec![bytes(lua, s), bytes(lua, p)];
    all.extend(rest.iter().cloned());
    MultiValue::from_vec(all)
}

fn opt(n: Option<i64>) -> Value {
    n.map_or(Value::Nil, Value::Integer)
}

/// A gsub replacement: text with `%` escapes (some invalid), a number, the
/// table or the function.
#[derive(Debug, Clone)]
enum Replacement {
    Text(Vec<u8>),
    Number,
    Table,
    Function,
}

fn replacement() -> impl Strategy<Value = Replacement> {
    let text = prop::collection::vec(pieces(&["x", "-", "%0", "%1", "%2", "%%", "%", "%a", "%9"]), 0..4).prop_map(|p| Replacement::Text(p.concat()));
    prop_oneof![6 => text, 1 => Just(Replacement::Number), 2 => Just(Replacement::Table), 2 => Just(Replacement::Function)]
}

fn replacement_value(lua: &Lua, r: &Replacement) -> Value {
    match r {
        Replacement::Text(t) => bytes(lua, t),
        Replacement::Number => Value::Integer(7),
        Replacement::Table => Value::Table(lua.named_registry_value("table").expect("stored")),
        Replacement::Function => Value::Function(lua.named_registry_value("function").expect("stored")),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn find_and_match_agree_with_lua(s in subject(), p in pattern(), init in init(), plain in prop::option::of(any::<bool>())) {
        let pair = Pair::new();
        let plain = plain.map_or(Value::Nil, Value::Boolean);
        let (theirs, ours) = pair.both("find", |lua| args(lua, &s, &p, &[opt(init), plain.clone()]));
        prop_assert_eq!(ours, theirs, "find");
        let (theirs, ours) = pair.both("match", |lua| args(lua, &s, &p, &[opt(init)]));
        prop_assert_eq!(ours, theirs, "match");
    }

    #[test]
    fn gmatch_agrees_with_lua(s in subject(), p in pattern(), init in init()) {
        let pair = Pair::new();
        let (theirs, ours) = pair.gmatch_both(&s, &p, init);
        prop_assert_eq!(ours, theirs);
    }

    #[test]
    fn gsub_agrees_with_lua(s in subject(), p in pattern(), r in replacement(), n in prop::option::of(-1i64..4)) {
        let pair = Pair::new();
        let (theirs, ours) = pair.both("gsub", |lua| args(lua, &s, &p, &[replacement_value(lua, &r), opt(n)]));
        prop_assert_eq!(ours, theirs);
    }
}


//! `table.insert`, `remove`, `move`, `concat`, `unpack` and `sort`: Lua's
//! own functions, called once the number of elements they will touch is
//! known and charged. The arguments are checked first, in Lua's order and
//! with its messages, so that a refused call does nothing.
//!
//! A length that a `__len` metamethod gives is asked for once: the C
//! function then gets a stand-in whose length is that answer and whose
//! elements are the argument's, so a metamethod answering 1 to us and 2^60
//! to the C function cannot make it loop unbounded (and is not called
//! twice). Element reads and writes through the stand-in run Lua code,
//! which the instruction hook counts.

use super::Charge;
use super::args::{Call, metafield};
use mlua::{Function, Integer, Lua, MultiValue, Table, Value};
use std::rc::Rc;

/// Lua code the checks need: the length operator (with `__len`) and the
/// stand-in described above.
const HELPERS: &str = r#"
local setmetatable = setmetatable
local function length(v) return #v end
local function get(t, i) return t[i] end
local function set(t, i, v) t[i] = v end
local function less(a, b) return a < b end
local function stand_in(target, n)
  return setmetatable({}, {
    __len = function() return n end,
    __index = function(_, k) return target[k] end,
    __newindex = function(_, k, v) target[k] = v end,
  })
end
return length, stand_in, get, set, less
"#;

/// What a table-like argument must support (ltablib's `checktab`).
#[derive(Clone, Copy)]
struct Needs {
    read: bool,
    write: bool,
    length: bool,
}

const READ_LENGTH: Needs = Needs { read: true, write: false, length: true };
const READ_WRITE_LENGTH: Needs = Needs { read: true, write: true, length: true };

struct Context {
    charge: Charge,
    length: Function,
    stand_in: Function,
    /// `t[i]`, `t[i] = v` and `a < b`, with Lua's metamethods and errors.
    get: Function,
    set: Function,
    less: Function,
}

/// A length and whether a metamethod gave it.
struct Length {
    n: Integer,
    from_metamethod: bool,
}

impl Length {
    /// The length a stand-in must answer, when one is needed.
    fn stand_in(&self) -> Option<Integer> {
        self.from_metamethod.then_some(self.n)
    }
}

type Body = fn(&Call, &Context, &Function) -> mlua::Result<MultiValue>;

pub fn install(lua: &Lua, table: &Table, charge: &Charge) -> mlua::Result<()> {
    let (length, stand_in, get, set, less): (Function, Function, Function, Function, Function) =
        lua.load(HELPERS).set_name("=bounded tables").call(())?;
    let context = Rc::new(Context { charge: charge.clone(), length, stand_in, get, set, less });
    let bodies: [(&str, &'static str, Body); 6] = [
        ("insert", "table.insert", insert),
        ("remove", "table.remove", remove),
        ("move", "table.move", move_),
        ("concat", "table.concat", concat),
        ("unpack", "table.unpack", unpack),
        ("sort", "table.sort", sort),
    ];
    for (key, global_name, body) in bodies {
        let Value::Function(original) = table.raw_get::<Value>(key)? else { continue };
        let context = context.clone();
        let f = lua.create_function(move |lua, args: MultiValue| body(&Call::new(lua, args, global_name), &context, &original))?;
        table.raw_set(key, f)?;
    }
    Ok(())
}

/// `checktab`: a table, or a value whose metatable has the needed
/// metamethods (looked up raw).
fn check_table_like(call: &Call, i: usize, needs: Needs) -> mlua::Result<()> {
    let v = call.value(i);
    if matches!(v, Value::Table(_)) {
        return Ok(());
    }
    let has = |key: &str| !matches!(metafield(call.lua, &v, key), Value::Nil);
    let ok = (!needs.read || has("__index")) && (!needs.write || has("__newindex")) && (!needs.length || has("__len"));
    if ok { Ok(()) } else { Err(call.table_expected(i)) }
}

/// `luaL_len` of argument `i`: the length operator, which must give an
/// integer.
fn length_of(call: &Call, context: &Context, i: usize) -> mlua::Result<Length> {
    let v = call.value(i);
    if !matches!(metafield(call.lua, &v, "__len"), Value::Nil) {
        let answer: Value = context.length.call(v)?;
        let n = call.lua.coerce_integer(answer)?.ok_or_else(|| call.error("object length is not an integer"))?;
        return Ok(Length { n, from_metamethod: true });
    }
    let n = match &v {
        Value::Table(t) => t.raw_len(),
        Value::String(s) => s.as_bytes().len(),
        // As Lua says it from inside a C function: no position.
        other => return Err(mlua::Error::RuntimeError(format!("attempt to get length of a {} value", object_type_name(call.lua, other)))),
    };
    Ok(Length { n: Integer::try_from(n).unwrap_or(Integer::MAX), from_metamethod: false })
}

/// The type name Lua's runtime errors use: a userdata's `__name` if any.
fn object_type_name(lua: &Lua, v: &Value) -> String {
    if let (Value::UserData(_), Value::String(name)) = (v, metafield(lua, v, "__name")) {
        return name.to_string_lossy();
    }
    super::args::type_name(v).to_string()
}

/// `a - b + 1` elements, none when negative, as a charge.
fn span(a: Integer, b: Integer) -> u64 {
    u64::try_from((i128::from(a) - i128::from(b) + 1).max(0)).unwrap_or(u64::MAX)
}

/// Calls Lua's function with the call's arguments, the first one behind a
/// stand-in when its length came from a metamethod.
fn call_original(
    call: &Call,
    context: &Context,
    original: &Function,
    stand_in_length: Option<Integer>,
    own_messages: &[&str],
) -> mlua::Result<MultiValue> {
    let mut args = call.args().to_vec();
    if let (Some(n), Some(first)) = (stand_in_length, args.first_mut()) {
        *first = context.stand_in.call::<Value>((first.clone(), n))?;
    }
    original.call::<MultiValue>(MultiValue::from_vec(args)).map_err(|e| call.relocate(e, own_messages))
}

fn insert(call: &Call, context: &Context, original: &Function) -> mlua::Result<MultiValue> {
    check_table_like(call, 1, READ_WRITE_LENGTH)?;
    let length = length_of(call, context, 1)?;
    let first_empty = length.n.wrapping_add(1);
    let moves = match call.count() {
        2 => 0,
        3 => {
            let pos = call.check_integer(2)?;
            // pos in [1, first_empty], compared unsigned as Lua does.
            if (pos as u64).wrapping_sub(1) >= first_empty as u64 {
                return Err(call.arg_error(2, "position out of bounds"));
            }
            span(first_empty, pos).saturating_sub(1)
        }
        _ => return Err(call.error("wrong number of arguments to 'insert'")),
    };
    (context.charge)(moves + 1)?;
    call_original(call, context, original, length.stand_in(), &[])
}

fn remove(call: &Call, context: &Context, original: &Function) -> mlua::Result<MultiValue> {
    check_table_like(call, 1, READ_WRITE_LENGTH)?;
    let length = length_of(call, context, 1)?;
    let size = length.n;
    let pos = call.opt_integer(2, size)?;
    // A given position must be in [1, size + 1], compared unsigned.
    if pos != size && (pos as u64).wrapping_sub(1) > size as u64 {
        return Err(call.arg_error(2, "position out of bounds"));
    }
    (context.charge)(span(size, pos).max(1))?;
    call_original(call, context, original, length.stand_in(), &[])
}

fn move_(call: &Call, context: &Context, original: &Function) -> mlua::Result<MultiValue> {
    let first = call.check_integer(2)?;
    let last = call.check_integer(3)?;
    let to = call.check_integer(4)?;
    let destination = if call.is_none_or_nil(5) { 1 } else { 5 };
    check_table_like(call, 1, Needs { read: true, write: false, length: false })?;
    check_table_like(call, destination, Needs { read: false, write: true, length: false })?;
    let mut count = 0;
    if last >= first {
        // first <= 0 here, so Integer::MAX + first cannot overflow.
        if !(first > 0 || last < Integer::MAX + first) {
            return Err(call.arg_error(3, "too many elements to move"));
        }
        let n = last - first + 1;
        if to > Integer::MAX - n + 1 {
            return Err(call.arg_error(4, "destination wrap around"));
        }
        count = span(last, first);
    }
    (context.charge)(count + 1)?;
    call_original(call, context, original, None, &[])
}

fn concat(call: &Call, context: &Context, original: &Function) -> mlua::Result<MultiValue> {
    check_table_like(call, 1, READ_LENGTH)?;
    let length = length_of(call, context, 1)?;
    call.opt_string(2, "")?;
    let first = call.opt_integer(3, 1)?;
    let last = call.opt_integer(4, length.n)?;
    (context.charge)(span(last, first) + 1)?;
    let out = call_original(call, context, original, length.stand_in(), &["invalid value ("])?;
    // And the bytes joined.
    let bytes: u64 = out.iter().map(|v| if let Value::String(s) = v { s.as_bytes().len() as u64 } else { 0 }).sum();
    (context.charge)(bytes)?;
    Ok(out)
}

fn unpack(call: &Call, context: &Context, original: &Function) -> mlua::Result<MultiValue> {
    /// Values a C function may push: Lua's stack limit (LUAI_MAXSTACK).
    const MAX_RESULTS: u64 = 1_000_000;
    let first = call.opt_integer(2, 1)?;
    let last = if call.is_none_or_nil(3) { length_of(call, context, 1)?.n } else { call.check_integer(3)? };
    if first > last {
        return Ok(MultiValue::new());
    }
    let count = span(last, first);
    if count >= MAX_RESULTS {
        return Err(call.error("too many results to unpack"));
    }
    (context.charge)(count)?;
    // Both bounds given: Lua's function does not ask for the length again.
    let args = MultiValue::from_vec(vec![call.value(1), Value::Integer(first), Value::Integer(last)]);
    original.call::<MultiValue>(args).map_err(|e| call.relocate(e, &["too many results to unpack"]))
}

/// A stable merge sort instead of Lua's quicksort, whose pivot for long
/// arrays comes from the clock (`l_randomizePivot` in ltablib.c): equal
/// elements would end in an order a replay does not repeat. Elements are
/// read and written with Lua's metamethods, compared with the order
/// function or Lua's `<`.
fn sort(call: &Call, context: &Context, _original: &Function) -> mlua::Result<MultiValue> {
    check_table_like(call, 1, READ_WRITE_LENGTH)?;
    let length = length_of(call, context, 1)?;
    let n = length.n;
    if n <= 1 {
        return Ok(MultiValue::new());
    }
    if n >= Integer::from(i32::MAX) {
        return Err(call.arg_error(1, "array too big"));
    }
    let order = match call.value(2) {
        Value::Nil => None,
        Value::Function(f) => Some(f),
        _ => return Err(call.type_error(2, "function")),
    };
    // Comparisons of a merge sort: n·log2(n), plus n reads and writes.
    let count = u64::try_from(n).unwrap_or(0);
    let log2 = u64::from(u64::BITS - count.leading_zeros());
    (context.charge)(count.saturating_mul(log2).saturating_add(count))?;
    let t = call.value(1);
    let mut items = Vec::with_capacity(count as usize);
    for i in 1..=n {
        items.push(context.get.call::<Value>((t.clone(), i))?);
    }
    let mut less = |a: &Value, b: &Value| -> mlua::Result<bool> {
        match &order {
            Some(f) => Ok(!matches!(f.call::<Value>((a.clone(), b.clone()))?, Value::Nil | Value::Boolean(false))),
            None => match (a, b) {
                (Value::Integer(x), Value::Integer(y)) => Ok(x < y),
                (Value::String(x), Value::String(y)) => Ok(x.as_bytes().as_ref() < y.as_bytes().as_ref()),
                _ => context.less.call::<bool>((a.clone(), b.clone())),
            },
        }
    };
    let items = merge_sort(items, &mut less)?;
    for (i, v) in items.into_iter().enumerate() {
        context.set.call::<()>((t.clone(), i as Integer + 1, v))?;
    }
    Ok(MultiValue::new())
}

/// Bottom-up merge sort; an element moves before an earlier one only when
/// strictly less, so equal elements keep their order.
fn merge_sort(items: Vec<Value>, less: &mut impl FnMut(&Value, &Value) -> mlua::Result<bool>) -> mlua::Result<Vec<Value>> {
    let n = items.len();
    let mut src = items;
    let mut dst = src.clone();
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut a, mut b) = (start, mid);
            for slot in dst.iter_mut().take(end).skip(start) {
                let take_right = a >= mid || (b < end && less(&src[b], &src[a])?);
                if take_right {
                    *slot = src[b].clone();
                    b += 1;
                } else {
                    *slot = src[a].clone();
                    a += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut src, &mut dst);
        width *= 2;
    }
    Ok(src)
}

//! The reads scripts make most, as plain Lua C functions in place of
//! their mlua methods: `var` and `vars` (a dozen times an action in
//! 1844) and the
//! single and several scalar fields of corporations, companies and
//! players (and a corporation's `tokens`), `operating`, `is_player` and
//! `corporations` with a filter of flags.
//!
//! A method made through mlua costs about 1,000 instructions besides its
//! work: the userdata's type check and borrow, its arguments turned into
//! Rust strings, its results into mlua values kept by reference. These
//! read the lent game through a pointer kept as an upvalue and push their
//! answer on Lua's stack.
//!
//! Each answers only the usual case: called on the game object while it
//! is lent, with string arguments naming what exists, for fields that are
//! scalars. Every other call (a number for a name, an unknown company, a
//! list field, the game used outside its call) goes to the mlua method,
//! kept as an upvalue, with the same arguments: its answers and errors
//! are the method's own. The scalar fields are read by the same functions
//! as the method's (`corp_scalar`, ...), so both give the same values.
//! One difference: the answer is pushed under the scripts' memory cap, so
//! a script past it fails at the read rather than at its next allocation.
//!
//! Safety: Lua raises its errors (memory, or the method's) with a long
//! jump out of these functions, so nothing with a destructor is alive on
//! their frames: the game is read through `try_borrow_unguarded` (no
//! guard to drop), and the state it lends outlives the call (the host
//! lends it before calling a script and takes it back after).

use super::fields::{CorpFlag, company_scalar, corp_flag, corp_scalar, player_scalar, token_record};
use super::{GameRef, LuaGame};
use crate::script::convert::{Scalar, push_prefixed, push_raw, push_record, push_scalar, table_size};
use crate::script::profile;
use mlua::{AnyUserData, Function, Lua, Table, ffi};
use std::cell::RefCell;
use std::ffi::{c_int, c_void};

type Fast = unsafe extern "C-unwind" fn(*mut ffi::lua_State) -> c_int;

/// The fast methods, by name.
const FAST: &[(&str, Fast)] = &[
    ("var", var),
    ("vars", vars),
    ("operating", operating),
    ("corporations", corporations),
    ("is_player", is_player),
    ("corporation_field", corporation_field),
    ("company_field", company_field),
    ("player_field", player_field),
    ("corporation_fields", corporation_fields),
    ("company_fields", company_fields),
    ("player_fields", player_fields),
];

/// Puts the fast methods in place of their mlua versions on `game`'s
/// methods table, each reading the cell the game object holds.
pub(crate) fn install(lua: &Lua, game: &AnyUserData) -> mlua::Result<()> {
    let methods: Table = game.metatable()?.get("__index")?;
    let cell = std::rc::Rc::as_ptr(&game.borrow::<GameRef>()?.0);
    for &(name, f) in FAST {
        let method: Function = methods.raw_get(name)?;
        methods.raw_set(name, closure(lua, game, cell, method, f)?)?;
    }
    Ok(())
}

/// `f` with three upvalues: the lent game's cell, the game object and
/// the mlua method.
fn closure(lua: &Lua, game: &AnyUserData, cell: *const RefCell<LuaGame>, method: Function, f: Fast) -> mlua::Result<Function> {
    // SAFETY: the closure's stack holds the game object and the method
    // (arguments 1 and 2); they are left as the new function's upvalues,
    // the one result.
    unsafe {
        lua.exec_raw::<Function>((game.clone(), method), |state| {
            ffi::lua_pushlightuserdata(state, cell as *mut c_void);
            ffi::lua_insert(state, 1);
            ffi::lua_pushcclosure(state, f, 3);
        })
    }
}

/// The mlua method's answer to the same call.
unsafe fn method(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        let n = ffi::lua_gettop(state);
        ffi::lua_pushvalue(state, ffi::lua_upvalueindex(3));
        ffi::lua_insert(state, 1);
        ffi::lua_call(state, n, ffi::LUA_MULTRET);
        ffi::lua_gettop(state)
    }
}

/// The lent game when the call is on the game object, with `args`
/// arguments (`None`: any number), while the game is lent.
unsafe fn lent_game<'a>(state: *mut ffi::lua_State, args: Option<c_int>) -> Option<&'a LuaGame> {
    unsafe {
        if args.is_some_and(|n| ffi::lua_gettop(state) != n + 1) || ffi::lua_rawequal(state, 1, ffi::lua_upvalueindex(2)) == 0 {
            return None;
        }
        let cell = &*(ffi::lua_touserdata(state, ffi::lua_upvalueindex(1)) as *const RefCell<LuaGame>);
        cell.try_borrow_unguarded().ok().filter(|g| g.live)
    }
}

/// Argument `i` if it is a string (not a number, which the method turns
/// into one).
unsafe fn string_arg<'a>(state: *mut ffi::lua_State, i: c_int) -> Option<&'a str> {
    unsafe {
        if ffi::lua_type(state, i) != ffi::LUA_TSTRING {
            return None;
        }
        let mut len = 0;
        let p = ffi::lua_tolstring(state, i, &mut len);
        std::str::from_utf8(std::slice::from_raw_parts(p.cast::<u8>(), len)).ok()
    }
}

/// A field the fast methods answer: a scalar, or a corporation's station
/// tokens (1849's token rights reads every company's at each turn).
#[derive(Clone, Copy)]
enum Field<'a> {
    Scalar(Option<Scalar<'a>>),
    Tokens(&'a crate::title::Title, &'a [crate::game::state::Token]),
}

type Read = for<'a> fn(&'a crate::title::Title, &'a crate::game::state::GameState, usize, &str) -> Option<Field<'a>>;

fn corp_read<'a>(t: &'a crate::title::Title, st: &'a crate::game::state::GameState, i: usize, key: &str) -> Option<Field<'a>> {
    let c = crate::game::ids::CorpId::from(i);
    match key {
        "tokens" => Some(Field::Tokens(t, &st.corps[c].tokens)),
        _ => corp_scalar(t, st, c, key).map(Field::Scalar),
    }
}

fn company_read<'a>(t: &'a crate::title::Title, st: &'a crate::game::state::GameState, i: usize, key: &str) -> Option<Field<'a>> {
    company_scalar(t, st, crate::game::ids::CompanyId::from(i), key).map(Field::Scalar)
}

fn player_read<'a>(t: &'a crate::title::Title, st: &'a crate::game::state::GameState, i: usize, key: &str) -> Option<Field<'a>> {
    player_scalar(t, st, i as crate::game::ids::PlayerId, key).map(Field::Scalar)
}

unsafe fn push_field(state: *mut ffi::lua_State, field: Field<'_>) {
    unsafe {
        match field {
            Field::Scalar(v) => push_scalar(state, v),
            Field::Tokens(t, tokens) => {
                ffi::luaL_checkstack(state, 1, std::ptr::null());
                ffi::lua_createtable(state, table_size(tokens.len()), 0);
                for (i, tk) in tokens.iter().enumerate() {
                    push_record(state, &token_record(t, tk));
                    ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
                }
            }
        }
    }
}

/// Runs `fast` (which pushes its answers and returns their count, or
/// `None` to leave the call to the method), timed as method `name`.
unsafe fn answer(state: *mut ffi::lua_State, name: &'static str, fast: impl FnOnce() -> Option<c_int>) -> c_int {
    unsafe {
        let start = profile::api_start();
        match fast() {
            Some(n) => {
                profile::api_done(name, start);
                n
            }
            None => method(state),
        }
    }
}

/// A method of one string argument and one answer, which `push` pushes.
unsafe fn of_one_string(state: *mut ffi::lua_State, name: &'static str, push: impl FnOnce(&LuaGame, &str)) -> c_int {
    unsafe {
        answer(state, name, || {
            let game = lent_game(state, Some(1))?;
            push(game, string_arg(state, 2)?);
            Some(1)
        })
    }
}

/// `game:var(name)`.
unsafe extern "C-unwind" fn var(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        of_one_string(state, "var", |game, name| match game.st.vars.get(name) {
            Some(v) => push_raw(state, v),
            None => ffi::lua_pushnil(state),
        })
    }
}

/// `game:vars(prefix)`.
unsafe extern "C-unwind" fn vars(state: *mut ffi::lua_State) -> c_int {
    unsafe { of_one_string(state, "vars", |game, prefix| push_prefixed(state, &game.st.vars, prefix)) }
}

/// `game:operating()`.
unsafe extern "C-unwind" fn operating(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        answer(state, "operating", || {
            let game = lent_game(state, Some(0))?;
            let current = match &game.st.flow.round.data {
                crate::game::flow::RoundData::Operating(or) => or.current.map(|c| Scalar::Str(&game.st.corps[c].id)),
                _ => None,
            };
            push_scalar(state, current);
            Some(1)
        })
    }
}

/// `game:corporations(filter)` for a filter of flags (`{ floated = true,
/// closed = false }`, 1844's question after every lay): the ids in play
/// whose flags have the filter's values, in play order.
unsafe extern "C-unwind" fn corporations(state: *mut ffi::lua_State) -> c_int {
    /// Flags a fast filter may name (`corp_flag` knows five).
    const MOST: usize = 8;
    unsafe {
        answer(state, "corporations", || {
            let game = lent_game(state, Some(1))?;
            // A plain table: a sealed one (kept props) reads through its
            // metatable, which only the method follows.
            if ffi::lua_type(state, 2) != ffi::LUA_TTABLE {
                return None;
            }
            if ffi::lua_getmetatable(state, 2) != 0 {
                ffi::lua_pop(state, 1);
                return None;
            }
            let mut conds: [(CorpFlag, bool); MOST] = [(|_| true, true); MOST];
            let mut n = 0;
            let mut fast = true;
            ffi::lua_pushnil(state);
            while ffi::lua_next(state, 2) != 0 {
                // Key at -2, value at -1 (a key that is not a string stays
                // one: `lua_tolstring` is not called on other types).
                let flag = (ffi::lua_type(state, -2) == ffi::LUA_TSTRING).then(|| string_arg(state, -2)).flatten().and_then(corp_flag);
                match flag {
                    Some(read) if n < MOST && ffi::lua_type(state, -1) == ffi::LUA_TBOOLEAN => {
                        conds[n] = (read, ffi::lua_toboolean(state, -1) != 0);
                        n += 1;
                        ffi::lua_pop(state, 1);
                    }
                    _ => {
                        ffi::lua_pop(state, 2);
                        fast = false;
                        break;
                    }
                }
            }
            if !fast {
                return None;
            }
            let holds = |c: &crate::game::state::Corp| c.in_play && conds[..n].iter().all(|(read, want)| read(c) == *want);
            let count = game.st.corps.iter().filter(|c| holds(c)).count();
            ffi::lua_createtable(state, count as c_int, 0);
            for (i, c) in game.st.corps.iter().filter(|c| holds(c)).enumerate() {
                ffi::lua_pushlstring(state, c.id.as_ptr().cast(), c.id.len());
                ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
            }
            Some(1)
        })
    }
}

/// `game:is_player(name)`.
unsafe extern "C-unwind" fn is_player(state: *mut ffi::lua_State) -> c_int {
    unsafe { of_one_string(state, "is_player", |game, name| ffi::lua_pushboolean(state, c_int::from(game.st.players.iter().any(|p| p.name == name)))) }
}

/// `game:X_fields(id, f1, ...)` (`single`: `game:X_field(id, f)`) for an
/// entity `find` finds by id (its index), whose fields `read` reads:
/// pushed when `read` answers every field asked.
unsafe fn fields(state: *mut ffi::lua_State, single: bool, find: impl Fn(&LuaGame, &str) -> Option<usize>, read: Read) -> Option<c_int> {
    unsafe {
        let n = ffi::lua_gettop(state) - 2;
        if n < 1 || n as usize > crate::limits::MAX_FIELDS_PER_READ || (single && n != 1) {
            return None;
        }
        let game = lent_game(state, None)?;
        let id = find(game, string_arg(state, 2)?)?;
        // Every field is read before any is pushed: a field left to the
        // method sends it the whole call. (An array: nothing to drop.)
        let mut got = [Field::Scalar(None); crate::limits::MAX_FIELDS_PER_READ];
        for (i, slot) in got.iter_mut().take(n as usize).enumerate() {
            *slot = read(&game.title, &game.st, id, string_arg(state, 3 + i as c_int)?)?;
        }
        ffi::luaL_checkstack(state, n, std::ptr::null());
        for field in &got[..n as usize] {
            push_field(state, *field);
        }
        Some(n)
    }
}

fn find_corp(g: &LuaGame, id: &str) -> Option<usize> {
    g.st.corp_index(id).map(|c| c.index())
}

fn find_company(g: &LuaGame, id: &str) -> Option<usize> {
    g.st.company_index(id).map(|c| c.index())
}

fn find_player(g: &LuaGame, name: &str) -> Option<usize> {
    g.st.player_index(name).map(|p| p as usize)
}

unsafe extern "C-unwind" fn corporation_field(state: *mut ffi::lua_State) -> c_int {
    unsafe { answer(state, "corporation_field", || fields(state, true, find_corp, corp_read)) }
}

unsafe extern "C-unwind" fn corporation_fields(state: *mut ffi::lua_State) -> c_int {
    unsafe { answer(state, "corporation_fields", || fields(state, false, find_corp, corp_read)) }
}

unsafe extern "C-unwind" fn company_field(state: *mut ffi::lua_State) -> c_int {
    unsafe { answer(state, "company_field", || fields(state, true, find_company, company_read)) }
}

unsafe extern "C-unwind" fn company_fields(state: *mut ffi::lua_State) -> c_int {
    unsafe { answer(state, "company_fields", || fields(state, false, find_company, company_read)) }
}

unsafe extern "C-unwind" fn player_field(state: *mut ffi::lua_State) -> c_int {
    unsafe { answer(state, "player_field", || fields(state, true, find_player, player_read)) }
}

unsafe extern "C-unwind" fn player_fields(state: *mut ffi::lua_State) -> c_int {
    unsafe { answer(state, "player_fields", || fields(state, false, find_player, player_read)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::ops::Effects;
    use crate::script::api::{COMPANY_FIELDS, CORP_FIELDS, PLAYER_FIELDS};
    use mlua::{IntoLua, MultiValue, Value};
    use std::sync::Arc;

    /// The mlua method a fast one stands for (its third upvalue).
    fn method_of(lua: &Lua, fast: &Function) -> Function {
        // SAFETY: the one argument is replaced by its upvalue.
        unsafe {
            lua.exec_raw::<Function>(fast.clone(), |state| {
                ffi::lua_getupvalue(state, 1, 3);
                ffi::lua_replace(state, 1);
            })
        }
        .expect("the method is the third upvalue")
    }

    /// An answer as text: the values deeply, or the error's innermost cause.
    fn shown(r: mlua::Result<MultiValue>) -> String {
        match r {
            Ok(values) => values.iter().map(crate::script::convert::show).collect::<Vec<_>>().join(", "),
            Err(mut e) => loop {
                match e {
                    mlua::Error::CallbackError { cause, .. } => e = (*cause).clone(),
                    other => break format!("error: {other}"),
                }
            },
        }
    }

    /// Every fast method answers as its mlua method, values and errors, for
    /// every entity and field (scalars and the lists left to the method),
    /// and for calls it leaves to the method: unknown names, numbers and
    /// nil for names, too few or too many fields, another object than the
    /// game, the game not lent. At positions of random games of two titles.
    #[test]
    fn fast_methods_answer_as_their_methods() {
        let mut compared = 0;
        for id in ["1844", "1849"] {
            let t = Arc::new(crate::title::load::embedded(id).expect("the title loads"));
            let mut g = Game::new(t.clone(), crate::fuzz::game_setup(&t, 4, 5)).expect("a new game");
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
            for step in 0..400 {
                if step % 80 == 0 {
                    compared += compare_at(&g);
                }
                if g.is_over() {
                    break;
                }
                crate::fuzz::random_move(&mut g, &mut rng).expect("a random move");
            }
        }
        assert!(compared > 5000, "{compared} calls compared");
    }

    fn compare_at(g: &Game) -> usize {
        let host = &g.host;
        let lua = &host.lua;
        let methods: Table = host.game.metatable().unwrap().get("__index").unwrap();
        let st = &g.state;
        let s = |x: &str| x.into_lua(lua).unwrap();
        let mut calls: Vec<(&str, Vec<Value>)> = Vec::new();
        let names = |ids: Vec<String>| ids.into_iter().chain(["NOPE".to_string(), String::new()]).collect::<Vec<_>>();
        let entities = [
            ("corporation", names(st.corps.iter().map(|c| c.id.clone()).collect()), CORP_FIELDS),
            ("company", names(st.companies.iter().map(|c| c.id.clone()).collect()), COMPANY_FIELDS),
            ("player", names(st.players.iter().map(|p| p.name.clone()).collect()), PLAYER_FIELDS),
        ];
        let (single, many): (&[&str], &[&str]) = (&["corporation_field", "company_field", "player_field"], &["corporation_fields", "company_fields", "player_fields"]);
        for (i, (_, ids, fields)) in entities.iter().enumerate() {
            for id in ids {
                for f in fields.iter().copied().chain(["nope"]) {
                    calls.push((single[i], vec![s(id), s(f)]));
                }
                calls.push((many[i], vec![s(id), s(fields[0]), s(fields[fields.len() - 1])]));
                calls.push((many[i], vec![s(id), s(fields[0]), s(fields[1])]));
                calls.push((many[i], vec![s(id)]));
                calls.push((single[i], vec![s(id), s(fields[0]), s(fields[1])]));
                calls.push((single[i], vec![s(id), Value::Integer(1)]));
            }
            calls.push((single[i], vec![Value::Integer(1), s(fields[0])]));
            calls.push((single[i], vec![Value::Nil, s(fields[0])]));
            calls.push((many[i], (0..40).map(|_| s(fields[0])).collect()));
        }
        for k in st.vars.keys().cloned().chain(["no such var".to_string()]) {
            calls.push(("var", vec![s(&k)]));
            calls.push(("vars", vec![s(&k.chars().take(k.chars().count() / 2).collect::<String>())]));
        }
        calls.push(("vars", vec![s("")]));
        calls.push(("vars", vec![Value::Integer(5)]));
        calls.push(("var", vec![Value::Integer(5)]));
        calls.push(("var", vec![Value::Nil]));
        calls.push(("var", vec![]));
        calls.push(("operating", vec![]));
        calls.push(("operating", vec![Value::Integer(1)]));
        for p in st.players.iter().map(|p| p.name.clone()).chain(["nobody".to_string(), st.corps[crate::game::ids::CorpId(0)].id.clone()]) {
            calls.push(("is_player", vec![s(&p)]));
        }
        calls.push(("is_player", vec![Value::Integer(3)]));
        let filter = |pairs: &[(&str, Value)]| {
            let t = lua.create_table().unwrap();
            for (k, v) in pairs {
                t.raw_set(*k, v.clone()).unwrap();
            }
            Value::Table(t)
        };
        let (yes, no) = (Value::Boolean(true), Value::Boolean(false));
        for pairs in [
            vec![],
            vec![("floated", yes.clone()), ("closed", no.clone())],
            vec![("started", no.clone())],
            vec![("in_play", yes.clone()), ("reached_end", no.clone()), ("closed", no.clone())],
            vec![("floated", Value::Integer(1))],
            vec![("cash", Value::Integer(0))],
            vec![("kind", s("historical")), ("floated", yes.clone())],
            vec![("flaoted", yes.clone())],
        ] {
            calls.push(("corporations", vec![filter(&pairs)]));
            calls.push(("corporations", vec![filter(&pairs), s("cash")]));
        }
        // A filter read through its metatable (as a sealed table is).
        let behind = filter(&[("floated", yes.clone())]);
        let front = lua.create_table().unwrap();
        let mt = lua.create_table().unwrap();
        mt.raw_set("__index", behind).unwrap();
        front.set_metatable(Some(mt)).unwrap();
        calls.push(("corporations", vec![Value::Table(front)]));
        let numbered = lua.create_table().unwrap();
        numbered.raw_set(1, true).unwrap();
        calls.push(("corporations", vec![Value::Table(numbered)]));
        calls.push(("corporations", vec![]));
        calls.push(("corporations", vec![Value::Nil]));
        calls.push(("corporations", vec![s("floated")]));
        let (mut state, mut fx) = (st.clone(), Effects::default());
        let mut n = 0;
        for lent in [true, false] {
            if lent {
                host.lend(&mut state, &mut fx, None).unwrap();
            }
            for (name, args) in &calls {
                let fast: Function = methods.raw_get(*name).unwrap();
                let method = method_of(lua, &fast);
                for this in [Value::UserData(host.game.clone()), s("not the game")] {
                    let args = MultiValue::from_iter(std::iter::once(this).chain(args.iter().cloned()));
                    let (a, b) = (shown(fast.call(args.clone())), shown(method.call(args.clone())));
                    assert_eq!(a, b, "{name}{args:?}, lent {lent}");
                    n += 1;
                }
            }
            if lent {
                host.take_back(&mut state, &mut fx);
            }
        }
        n
    }
}

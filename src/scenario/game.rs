//! The game object of test scripts (`g`): actions by REPL command, checks
//! of refusals, inspection, and every read of the title-script `game`
//! API, forwarded to `script::LuaGame` so both always agree.

use super::assert::{caller_location, fail, text_matches};
use super::{Context, TitleKey};
use crate::game::action::LegalMove;
use crate::game::engine::Engine;
use crate::game::engine::run::stop_label;
use crate::game::ops::{Effects, GameError};
use crate::game::save::SaveFile;
use crate::game::var::Var;
use crate::game::{Game, Setup};
use crate::script::{GameRef, LuaGame};
use crate::script::convert::from_lua;
use crate::title::TitleSource;
use mlua::{AnyUserData, Lua, MetaMethod, MultiValue, ObjectLike, Table, UserData, UserDataMethods, Value};
use std::collections::BTreeMap;

/// A game under test.
pub struct TestGame {
    pub game: Game,
    /// All money in the game at the start: checked after every change.
    money: i64,
    /// The first test setter used (`give_cash at x.lua:12`): the state is
    /// then no longer the replay of the action log.
    set_by: Option<String>,
}

impl TestGame {
    pub fn new(game: Game) -> TestGame {
        let money = game.total_money();
        TestGame { game, money, set_by: None }
    }

    /// Money and certificates still add up.
    pub(super) fn check(&self, lua: &Lua, after: &str) -> mlua::Result<()> {
        self.game.check_invariants(self.money).map_err(|e| fail(lua, format!("after {after}: {e}")))
    }

    /// Notes that a setter changed the state outside the action log.
    pub(super) fn mark_set(&mut self, lua: &Lua, what: &str) {
        if self.set_by.is_none() {
            let at = caller_location(lua).map(|l| format!(" at {l}")).unwrap_or_default();
            self.set_by = Some(format!("{what}{at}"));
        }
    }

    fn replayable(&self, lua: &Lua, what: &str) -> mlua::Result<()> {
        match &self.set_by {
            Some(s) => Err(fail(
                lua,
                format!("g:{what}() replays the action log, but this game was changed by a test setter ({s}), which is not an action"),
            )),
            None => Ok(()),
        }
    }

    fn act(&mut self, lua: &Lua, cmd: &str) -> mlua::Result<()> {
        let action = self.game.parse_command(cmd).map_err(|e| fail(lua, format!("`{cmd}` is not a valid command: {e}")))?;
        let actor = self.actor_name();
        if let Err(e) = self.game.apply(action) {
            let who = actor.map(|a| format!(" by {a}")).unwrap_or_default();
            return Err(fail(lua, format!("`{cmd}`{who} was refused: {e}")));
        }
        self.check(lua, &format!("`{cmd}`"))
    }

    fn actor_name(&self) -> Option<String> {
        self.game.current_actor().map(|a| self.game.actor_name(a))
    }

    /// The command must be refused (citing `rule`, with a message matching
    /// `pattern`) and leave the game exactly as it was.
    fn refuse(&mut self, lua: &Lua, cmd: &str, rule: Option<String>, pattern: Option<String>) -> mlua::Result<String> {
        let action = self.game.parse_command(cmd).map_err(|e| fail(lua, format!("`{cmd}` is not a valid command: {e}")))?;
        let (digest, actions, log) = (self.game.digest(), self.game.actions.len(), self.game.log.len());
        let result = self.game.apply(action);
        let unchanged = self.game.digest() == digest && self.game.actions.len() == actions && self.game.log.len() == log;
        let (message, cited) = match result {
            Ok(()) => return Err(fail(lua, format!("`{cmd}` should be refused, but it was accepted"))),
            Err(GameError::Refused(r)) => (r.message.clone(), r.rule.clone()),
            Err(GameError::Invalid(m)) => (m, None),
            Err(e @ GameError::Script(_)) => return Err(fail(lua, format!("`{cmd}` should be refused, but a title script failed: {e}"))),
        };
        if !unchanged {
            return Err(fail(lua, format!("`{cmd}` was refused ({message}) but the game changed: refused actions must leave the state as it was")));
        }
        if let Some(want) = &rule
            && cited.as_deref() != Some(want.as_str())
        {
            let got = cited.map(|r| format!("cites {r}")).unwrap_or_else(|| "cites no rule".into());
            return Err(fail(lua, format!("`{cmd}` was refused as expected, but the refusal {got}, not {want}: {message}")));
        }
        if let Some(p) = &pattern
            && !text_matches(lua, &message, p)
        {
            return Err(fail(lua, format!("`{cmd}` was refused as expected, but the message does not match {p:?}: {message}")));
        }
        Ok(message)
    }

    fn moves(&mut self, lua: &Lua) -> mlua::Result<Vec<String>> {
        let moves = self.game.legal_moves().map_err(|e| fail(lua, format!("listing the legal moves failed: {e}")))?;
        Ok(moves.iter().map(move_text).collect())
    }

    fn result(&self, lua: &Lua) -> mlua::Result<Value> {
        let Some(end) = &self.game.state.ended else { return Ok(Value::Nil) };
        let t = lua.create_table()?;
        t.set("reason", end.reason.as_str())?;
        let values = lua.create_table()?;
        for (p, v) in self.game.state.players.iter().zip(&end.values) {
            values.set(p.name.as_str(), *v)?;
        }
        t.set("values", values)?;
        let names = self.game.state.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
        t.set("winners", lua.create_sequence_from(end.winners().into_iter().map(|i| names[i].clone()))?)?;
        Ok(Value::Table(t))
    }

    /// The engine's best run for a corporation now, without running it.
    fn best_run(&self, lua: &Lua, corp: &str) -> mlua::Result<Table> {
        let g = &self.game;
        let c = g.state.corp_index(corp).ok_or_else(|| fail(lua, format!("no corporation '{corp}'")))?;
        let mut st = g.state.clone();
        let mut fx = Effects::default();
        let mut e = Engine::new(&g.title, &mut st, &mut fx, &*g.host);
        let (pos, run, ran_out) = e.best_run(c).map_err(|e| fail(lua, format!("the route search for {corp} failed: {e}")))?;
        let t = lua.create_table()?;
        t.set("revenue", run.revenue)?;
        t.set("proven_best", !ran_out)?;
        let routes = lua.create_table()?;
        for r in &run.routes {
            let one = lua.create_table()?;
            one.set("train", pos.problem.trains[r.train].id.as_str())?;
            let stops: Vec<String> = r.stops.iter().map(|s| stop_label(&g.title, &pos.board, *s)).collect();
            one.set("stops", lua.create_sequence_from(stops)?)?;
            let counted: Vec<String> = r.counted.iter().map(|s| stop_label(&g.title, &pos.board, *s)).collect();
            one.set("counted", lua.create_sequence_from(counted)?)?;
            one.set("revenue", r.revenue)?;
            routes.push(one)?;
        }
        t.set("routes", routes)?;
        Ok(t)
    }
}

/// A legal move as a command; a price range is written `lo..hi`.
pub fn move_text(m: &LegalMove) -> String {
    let text = m.action.to_string();
    match m.range {
        None => text,
        Some((lo, hi)) => match text.strip_suffix(&format!(" {lo}")) {
            Some(head) => format!("{head} {lo}..{hi}"),
            None => format!("{text} ({lo}..{hi})"),
        },
    }
}

/// Calls a read of `LuaGame` with the game's state lent for the call. The
/// game is held borrowed meanwhile: a method that would change the state
/// (a write of the title-script API) fails to borrow it mutably.
fn forward_read(lua: &Lua, tg: &mut TestGame, key: &str, args: MultiValue) -> mlua::Result<MultiValue> {
    let game = &mut tg.game;
    let lg = LuaGame { title: game.title.clone(), st: std::mem::take(&mut game.state), fx: Effects::default(), asking: None, live: true };
    let cell = std::rc::Rc::new(std::cell::RefCell::new(lg));
    let result = (|| {
        let held = cell.borrow();
        let ud = lua.create_userdata(GameRef(cell.clone()))?;
        let method: Value = ud.get(key)?;
        if method.is_nil() {
            return Ok(Some(Err(read_names(&ud))));
        }
        let mut all = MultiValue::new();
        all.push_back(Value::UserData(ud));
        all.extend(args);
        let out = match method {
            Value::Function(f) => f.call::<MultiValue>(all).map(|v| Some(Ok(v))),
            _ => Ok(None),
        };
        drop(held);
        out
    })();
    // Whatever the read did, `g` holds a state no more: a kept `g` refuses.
    let mut lent = cell.borrow_mut();
    lent.live = false;
    game.state = std::mem::take(&mut lent.st);
    drop(lent);
    match result {
        Ok(Some(Ok(v))) => Ok(v),
        Ok(Some(Err(reads))) => Err(fail(lua, format!("g has no method '{key}'{}", hint(key, &reads)))),
        Ok(None) => Err(fail(lua, format!("g.{key} is not a method"))),
        Err(e) if is_borrow_mut(&e) => Err(fail(
            lua,
            format!("g:{key} changes the game: tests change it by actions (g:act) or the test setters (give_cash, lay, ...), not through the title-script API"),
        )),
        Err(e) => Err(fail(lua, format!("g:{key}: {}", super::assert::error_text(&e)))),
    }
}

fn is_borrow_mut(e: &mlua::Error) -> bool {
    match e {
        mlua::Error::UserDataBorrowMutError => true,
        mlua::Error::CallbackError { cause, .. } | mlua::Error::WithContext { cause, .. } | mlua::Error::BadArgument { cause, .. } => {
            is_borrow_mut(cause)
        }
        _ => false,
    }
}

/// Methods of `g` itself (the reads of the title-script API come on top).
pub const METHODS: &[&str] = &[
    "act", "acts", "refuse", "actor", "moves", "log", "digest", "undo", "save", "over", "result", "best_run", "facts", "give_cash", "lay",
    "place_token", "give_train", "set_phase", "set_price", "start", "give_share", "give_company", "set_var", "set_tokens",
];

/// Method names of the title-script API, read from its metatable.
fn read_names(ud: &AnyUserData) -> Vec<String> {
    let Ok(mt) = ud.metatable() else { return Vec::new() };
    match mt.get::<Value>("__index") {
        Ok(Value::Table(t)) => {
            let mut names: Vec<String> = t.pairs::<String, Value>().filter_map(Result::ok).map(|(k, _)| k).collect();
            names.sort();
            names
        }
        _ => Vec::new(),
    }
}

fn hint(key: &str, reads: &[String]) -> String {
    let names = METHODS.iter().copied().chain(reads.iter().map(String::as_str));
    crate::title::compile::did_you_mean(key, names).map(|h| format!(" ({h})")).unwrap_or_default()
}

impl UserData for TestGame {
    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        m.add_method_mut("act", |lua, this, cmd: String| this.act(lua, &cmd));
        m.add_method_mut("acts", |lua, this, cmds: Vec<String>| {
            for cmd in &cmds {
                this.act(lua, cmd)?;
            }
            Ok(())
        });
        m.add_method_mut("refuse", |lua, this, (cmd, rule, pattern): (String, Option<String>, Option<String>)| {
            this.refuse(lua, &cmd, rule, pattern)
        });
        m.add_method("actor", |_, this, ()| Ok(this.actor_name()));
        m.add_method_mut("moves", |lua, this, ()| this.moves(lua));
        m.add_method("log", |lua, this, ()| lua.create_sequence_from(this.game.log.iter().cloned()));
        m.add_method("digest", |_, this, ()| Ok(format!("{:016x}", this.game.digest())));
        m.add_method_mut("undo", |lua, this, ()| {
            this.replayable(lua, "undo")?;
            let undone = this.game.undo().map_err(|e| fail(lua, format!("undo failed: {e}")))?;
            Ok(undone.map(|a| a.to_string()))
        });
        m.add_method("save", |lua, this, ()| {
            this.replayable(lua, "save")?;
            Ok(SaveFile::of(&this.game).to_json())
        });
        m.add_method("over", |_, this, ()| Ok(this.game.is_over()));
        m.add_method("result", |lua, this, ()| this.result(lua));
        m.add_method("best_run", |lua, this, corp: String| this.best_run(lua, &corp));
        // What the title's corporation_facts hook shows players of a
        // corporation (the REPL's `corp X`), as { { label, value } ... }.
        m.add_method("facts", |lua, this, corp: String| {
            let Some(c) = this.game.state.corp_index(&corp) else { return Err(super::assert::fail(lua, format!("g:facts: no corporation '{corp}'"))) };
            let out = lua.create_table()?;
            for (k, v) in crate::repl::view::corps::title_facts(&this.game, c) {
                out.raw_push(lua.create_sequence_from([k, v])?)?;
            }
            Ok(out)
        });
        super::setters::add_methods(m);
        m.add_meta_method(MetaMethod::ToString, |_, this, ()| {
            Ok(format!("game of {} ({} actions)", this.game.title.meta.id, this.game.actions.len()))
        });
        // Everything else: a read of the title-script API.
        m.add_meta_function(MetaMethod::Index, |lua, (_ud, key): (AnyUserData, String)| {
            let f = lua.create_function(move |lua, (ud, args): (Value, MultiValue)| {
                let Value::UserData(ud) = ud else {
                    return Err(fail(lua, format!("call g:{key}(...) with a colon")));
                };
                let mut tg = ud.borrow_mut::<TestGame>()?;
                forward_read(lua, &mut tg, &key, args)
            })?;
            Ok(f)
        });
    }
}

// ------------------------------------------------------------ creating

fn get_opt<T: mlua::FromLua>(lua: &Lua, t: &Table, key: &str) -> mlua::Result<Option<T>> {
    t.get::<Option<T>>(key).map_err(|e| fail(lua, format!("new_game: `{key}` has the wrong type: {}", super::assert::error_text(&e))))
}

/// `new_game{ title?, players, seed?, options?, setup? }`.
pub fn new_game(lua: &Lua, spec: Table) -> mlua::Result<TestGame> {
    const KEYS: &[&str] = &["title", "players", "seed", "options", "setup", "shuffle_seats"];
    for pair in spec.pairs::<Value, Value>() {
        let (k, _) = pair?;
        let name = match &k {
            Value::String(s) => s.to_string_lossy(),
            other => return Err(fail(lua, format!("new_game takes named fields ({}), not {}", KEYS.join(", "), super::assert::show(other)))),
        };
        if !KEYS.contains(&name.as_str()) {
            let h = crate::title::compile::did_you_mean(&name, KEYS.iter().copied()).map(|h| format!(" ({h})")).unwrap_or_default();
            return Err(fail(lua, format!("new_game has no field '{name}'{h}")));
        }
    }
    let mut players: Vec<String> = get_opt(lua, &spec, "players")?.ok_or_else(|| fail(lua, "new_game needs players = {\"A\", \"B\", ...}"))?;
    let seed: u64 = get_opt::<i64>(lua, &spec, "seed")?.unwrap_or(1) as u64;
    // As `railhead play --shuffle-seats`: the seating drawn from the seed.
    if get_opt::<bool>(lua, &spec, "shuffle_seats")?.unwrap_or(false) {
        crate::game::Game::shuffle_seats(&mut players, seed);
    }
    let title_id: Option<String> = get_opt(lua, &spec, "title")?;
    let mut options = BTreeMap::new();
    if let Some(t) = get_opt::<Table>(lua, &spec, "options")? {
        for pair in t.pairs::<Value, Value>() {
            let (k, v) = pair?;
            match (k, v) {
                (Value::String(k), Value::Boolean(b)) => options.insert(k.to_string_lossy(), b),
                (Value::Integer(_), Value::String(name)) => options.insert(name.to_string_lossy(), true),
                (k, v) => {
                    return Err(fail(lua, format!("options are written {{ name = true }}, not [{}] = {}", super::assert::show(&k), super::assert::show(&v))));
                }
            };
        }
    }
    let mut values = BTreeMap::new();
    if let Some(t) = get_opt::<Table>(lua, &spec, "setup")? {
        for pair in t.pairs::<String, Value>() {
            let (k, v) = pair.map_err(|e| fail(lua, format!("setup: {}", super::assert::error_text(&e))))?;
            match from_lua(&v).map_err(|e| fail(lua, format!("setup.{k}: {e}")))? {
                Some(var) => values.insert(k, var),
                None => None,
            };
        }
    }
    let ctx = lua.app_data_ref::<Context>().ok_or_else(|| fail(lua, "no test context"))?;
    let source = resolve_title(lua, &ctx, title_id.as_deref())?;
    let key = TitleKey { source: source.display(""), options: options.clone(), players: players.len() };
    let (title, host) = ctx.titles.get(&source, &key).map_err(|e| fail(lua, e))?;
    drop(ctx);
    let setup = Setup { players, seed, options, values: values.into_iter().collect::<BTreeMap<String, Var>>() };
    let game = Game::with_host(title, host, setup).map_err(|e| fail(lua, format!("new_game: the game cannot start: {e}")))?;
    Ok(TestGame::new(game))
}

/// The title a game is of: the file's own unless another id is named.
fn resolve_title(lua: &Lua, ctx: &Context, id: Option<&str>) -> mlua::Result<TitleSource> {
    let embedded = || -> mlua::Result<TitleSource> {
        let id = id.unwrap_or_default();
        TitleSource::embedded(id).ok_or_else(|| fail(lua, format!("no title \"{id}\" (titles: {})", TitleSource::embedded_ids().join(", "))))
    };
    match (&ctx.default_title, id) {
        (Some(src), None) => Ok(src.clone()),
        (None, None) => Err(fail(lua, "new_game needs title = \"...\": this script is not in a title's tests folder (or use --title)")),
        (Some(src), Some(id)) => {
            let own = match src.top() {
                TitleSource::Embedded(own) => own == id,
                TitleSource::Disk(_) | TitleSource::Memory(_) | TitleSource::Layered(_) => ctx.titles.id_of(src).as_deref() == Some(id),
            };
            if own { Ok(src.clone()) } else { embedded() }
        }
        (None, Some(_)) => embedded(),
    }
}

/// `load_game(json)`: a game from a save file, its actions replayed.
pub fn load_game(lua: &Lua, json: String) -> mlua::Result<TestGame> {
    let file = SaveFile::parse("save", &json).map_err(|e| fail(lua, format!("load_game: {e}")))?;
    let source = match &file.title_dir {
        Some(d) => TitleSource::Disk(d.into()),
        None => TitleSource::embedded(&file.title).ok_or_else(|| fail(lua, format!("load_game: no title \"{}\"", file.title)))?,
    };
    let ctx = lua.app_data_ref::<Context>().ok_or_else(|| fail(lua, "no test context"))?;
    let key = TitleKey { source: source.display(""), options: file.setup.options.clone(), players: file.setup.players.len() };
    let (title, host) = ctx.titles.get(&source, &key).map_err(|e| fail(lua, e))?;
    drop(ctx);
    let mut game = Game::with_host(title, host, file.setup.clone()).map_err(|e| fail(lua, format!("load_game: {e}")))?;
    for (i, a) in file.actions.iter().enumerate() {
        game.apply(a.clone()).map_err(|e| fail(lua, format!("load_game: action {i} (`{a}`) is refused: {e}")))?;
    }
    Ok(TestGame::new(game))
}

//! What title scripts can call: the registration globals (`on`, `hook`,
//! `step`, `ability`, `fail`) and the `game` object's methods.
//!
//! Reads return plain tables built from the state; the tables of a
//! corporation, a player and a company are filled field by field
//! (`corp_field`, `player_field`, `company_field`), and the single-field
//! reads (`game:corporation_field(id, f)`...) and `game:corporations(filter)`
//! use the same functions, so they always agree with the whole tables and
//! cost a fraction of them (hooks that look at every corporation use them).
//! Writes go through the same operations the engine uses
//! (`game::ops::Ops`), so the core's checks apply to scripts too. The full
//! list is in docs/lua-api.md and docs/railhead.d.lua.

mod args;
mod bounds;
mod questions;

use super::convert::{from_lua, to_lua};
use crate::game::flow::{Pending, PendingKind};
use crate::game::graph::tile_on;
use crate::game::ids::*;
use crate::game::market::{Dir, price_of, value_order};
use crate::game::ops::{Effects, GameError, Ops, Refusal};
use crate::game::shares::{cert_count, holdings};
use crate::game::state::{GameState, StopBonus};
use crate::game::var::Var;
use crate::limits::{MAX_DONE_STEPS, MAX_MARKERS, MAX_REVENUE_BANDS, MAX_STOP_BONUSES, MAX_TOKENS, MAX_TRAINS};
use crate::title::Title;
use questions::{answers, handler_data, has_ability, has_ability_function, par_choices};
use mlua::{FromLuaMulti, Function, IntoLua, IntoLuaMulti, Lua, LuaString, Table, UserData, UserDataMethods, Value};
use std::sync::Arc;

pub const HANDLERS_KEY: &str = "railhead.handlers";
pub const HOOKS_KEY: &str = "railhead.hooks";
pub const STEPS_KEY: &str = "railhead.steps";
pub const ABILITIES_KEY: &str = "railhead.abilities";

/// The event names `on` accepts: the core's and the title's phase events
/// (set when the title's scripts are loaded; without it, as in scenario
/// files, any name is taken).
pub struct KnownEvents(pub Vec<String>);

/// Refuses, with a hint, an event name nothing emits: a handler for it
/// would never run (`on("tile_layed", ...)`).
fn check_event_name(lua: &Lua, event: &str) -> mlua::Result<()> {
    let Some(known) = lua.app_data_ref::<KnownEvents>() else { return Ok(()) };
    if known.0.iter().any(|e| e == event) {
        return Ok(());
    }
    let hint = crate::title::compile::did_you_mean(event, known.0.iter().map(String::as_str));
    Err(rt(format!(
        "no event '{event}': a handler for it would never run{} (the core's events are in docs/lua-api.md; a phase's `events` in phases.toml are events too)",
        hint.map(|h| format!(" ({h})")).unwrap_or_default()
    )))
}

/// The game as scripts see it during one call.
pub struct LuaGame {
    pub title: Arc<Title>,
    pub st: GameState,
    pub fx: Effects,
    /// The board's track graph for `game:connected`, kept for the call's
    /// next questions while the board is unchanged (see `track_graph`).
    pub track: std::cell::RefCell<Option<TrackCache>>,
    /// Set while a hook or function that only answers a question runs
    /// (its name): the game is read-only then, so asking (listing moves,
    /// a view) never changes it.
    pub asking: Option<String>,
}

/// A track graph with the parts of the state it was built from: the hexes
/// (a kept clone of a `Shared` cannot change in place, so `same` tells they
/// did not change) and the markers (its stop tags).
pub struct TrackCache {
    hexes: crate::game::state::Shared<Vec<crate::game::state::HexState>>,
    markers: std::collections::BTreeMap<HexId, Vec<String>>,
    graph: crate::game::graph::BoardGraph,
}

impl LuaGame {
    /// The board's graph without a corporation
    /// (`BoardGraph::build_track(t, st, None)`), built again only when the board's hexes or markers
    /// changed since the last question of this call. 1844 asks whether
    /// each launched company reaches its destination after every lay and
    /// station.
    fn track_graph(&self) -> std::cell::Ref<'_, crate::game::graph::BoardGraph> {
        let fresh = self.track.borrow().as_ref().is_some_and(|c| c.hexes.same(&self.st.board.hexes) && c.markers == self.st.board.markers);
        if !fresh {
            let graph = crate::game::graph::BoardGraph::build_track(&self.title, &self.st, None);
            *self.track.borrow_mut() = Some(TrackCache { hexes: self.st.board.hexes.clone(), markers: self.st.board.markers.clone(), graph });
        }
        std::cell::Ref::map(self.track.borrow(), |c| &c.as_ref().expect("just built").graph)
    }
}

fn rt(msg: impl Into<String>) -> mlua::Error {
    mlua::Error::RuntimeError(msg.into())
}

fn game_err(e: GameError) -> mlua::Error {
    match e {
        GameError::Refused(r) => mlua::Error::external(r),
        other => rt(other.to_string()),
    }
}

/// Registration belongs to loading: a function registered during a call
/// (or typed in the REPL) would be state outside the game.
fn registering(lua: &Lua, what: &str) -> mlua::Result<()> {
    if super::freeze::loading_done(lua) {
        return Err(rt(format!("{what}(): behaviour is registered while the title's scripts load, not during a call")));
    }
    Ok(())
}

pub fn register_globals(lua: &Lua) -> mlua::Result<()> {
    for key in [HANDLERS_KEY, HOOKS_KEY, STEPS_KEY, ABILITIES_KEY] {
        lua.set_named_registry_value(key, lua.create_table()?)?;
    }
    let g = lua.globals();
    g.set(
        "on",
        lua.create_function(|lua, (event, f): (String, Function)| {
            registering(lua, "on")?;
            check_event_name(lua, &event)?;
            let handlers: Table = lua.named_registry_value(HANDLERS_KEY)?;
            let list: Table = match handlers.get::<Option<Table>>(event.as_str())? {
                Some(t) => t,
                None => {
                    let t = lua.create_table()?;
                    handlers.set(event.as_str(), &t)?;
                    t
                }
            };
            list.push(f)?;
            Ok(())
        })?,
    )?;
    g.set(
        "hook",
        lua.create_function(|lua, (name, f): (String, Function)| {
            registering(lua, "hook")?;
            let Some(spec) = super::HOOKS.iter().find(|h| h.name == name) else {
                let hint = crate::title::compile::did_you_mean(&name, super::HOOKS.iter().map(|h| h.name));
                return Err(rt(format!("unknown hook '{name}'{}", hint.map(|h| format!(" ({h})")).unwrap_or_default())));
            };
            let hooks: Table = lua.named_registry_value(HOOKS_KEY)?;
            let list: Table = match hooks.get::<Option<Table>>(name.as_str())? {
                Some(t) => t,
                None => {
                    let t = lua.create_table()?;
                    hooks.set(name.as_str(), &t)?;
                    t
                }
            };
            // Several rules may each add a definition; the core combines
            // their answers as the hook says (`Compose`). A hook whose
            // answer cannot be combined takes one definition: a second
            // would silently replace the first.
            if spec.compose == super::Compose::One
                && let Some(first) = list.get::<Option<Function>>(1)?
            {
                let at = |f: &Function| {
                    let info = f.info();
                    format!("{}:{}", info.short_src.unwrap_or_default(), info.line_defined.unwrap_or(0))
                };
                return Err(rt(format!(
                    "hook '{name}' is defined twice, at {} and first at {}: its answer cannot be combined with another's, so merge the two into one function",
                    at(&f),
                    at(&first)
                )));
            }
            list.push(f)?;
            Ok(())
        })?,
    )?;
    for (global, key) in [("step", STEPS_KEY), ("ability", ABILITIES_KEY)] {
        g.set(
            global,
            lua.create_function(move |lua, (name, spec): (String, Table)| {
                registering(lua, global)?;
                let reg: Table = lua.named_registry_value(key)?;
                reg.set(name, spec)?;
                Ok(())
            })?,
        )?;
    }
    g.set(
        "fail",
        lua.create_function(|_, (message, rule): (String, Option<String>)| -> mlua::Result<()> {
            Err(mlua::Error::external(Refusal { message, rule }))
        })?,
    )?;
    Ok(())
}

fn purse(st: &GameState, name: &str) -> mlua::Result<Purse> {
    if name.eq_ignore_ascii_case("bank") {
        return Ok(Purse::Bank);
    }
    if let Some(c) = st.corp_index(name) {
        return Ok(Purse::Corp(c));
    }
    if let Some(p) = st.player_index(name) {
        return Ok(Purse::Player(p));
    }
    Err(rt(format!("'{name}' is neither the bank, a corporation nor a player")))
}

fn corp(st: &GameState, id: &str) -> mlua::Result<CorpId> {
    st.corp_index(id).ok_or_else(|| rt(format!("no corporation '{id}'")))
}

fn player(st: &GameState, name: &str) -> mlua::Result<PlayerId> {
    st.player_index(name).ok_or_else(|| rt(format!("no player '{name}'")))
}

fn company(st: &GameState, id: &str) -> mlua::Result<CompanyId> {
    st.company_index(id).ok_or_else(|| rt(format!("no company '{id}'")))
}

fn hex(t: &Title, label: &str) -> mlua::Result<HexId> {
    t.map.hex(label).ok_or_else(|| rt(format!("no hex '{label}'")))
}


fn actor_name(st: &GameState, a: Actor) -> String {
    match a {
        Actor::Player(p) => st.players[p as usize].name.clone(),
        Actor::Corp(c) => st.corps[c as usize].id.clone(),
    }
}

/// The fields of `game:corporation(id)`, in the order the table is filled
/// (`game:corporation_field(id, field)` reads one of them alone).
pub const CORP_FIELDS: &[&str] = &[
    "id",
    "name",
    "kind",
    "in_play",
    "started",
    "floated",
    "operated",
    "closed",
    "cash",
    "price",
    "market_row",
    "market_col",
    "par",
    "reached_end",
    "president",
    "start_order",
    "destination",
    "trains",
    "tokens",
    "home",
    "home_city",
    "homes",
    "shares",
    "treasury_percent",
    "pool_percent",
    "certificates",
    "companies",
    "train_limit",
    "unit_percent",
    "props",
];

fn corp_table(lua: &Lua, t: &Title, st: &GameState, c: CorpId) -> mlua::Result<Table> {
    let tb = lua.create_table()?;
    for key in CORP_FIELDS {
        // Absent fields (nil) are left out, as `raw_set(key, nil)` would.
        let v = corp_field(lua, t, st, c, key)?.unwrap_or(Value::Nil);
        if !v.is_nil() {
            tb.raw_set(*key, v)?;
        }
    }
    Ok(tb)
}

/// One field of a corporation's table, built alone: `None` when there is
/// no such field. The table and the single reads agree by construction.
fn corp_field(lua: &Lua, t: &Title, st: &GameState, c: CorpId, key: &str) -> mlua::Result<Option<Value>> {
    let corp = &st.corps[c as usize];
    let def = &t.corporations[corp.def];
    let v = match key {
        "id" => corp.id.as_str().into_lua(lua)?,
        "name" => def.name.as_str().into_lua(lua)?,
        "kind" => t.corporation_kinds[corp.kind].id.as_str().into_lua(lua)?,
        "in_play" => corp.in_play.into_lua(lua)?,
        "started" => corp.started.into_lua(lua)?,
        "floated" => corp.floated.into_lua(lua)?,
        "operated" => corp.operated.into_lua(lua)?,
        "closed" => corp.closed.into_lua(lua)?,
        "cash" => corp.cash.into_lua(lua)?,
        "price" => (if corp.price.is_some() { Some(price_of(t, st, c)) } else { None }).into_lua(lua)?,
        "market_row" => corp.price.map(|p| p.row).into_lua(lua)?,
        "market_col" => corp.price.map(|p| p.col).into_lua(lua)?,
        "par" => corp.par.into_lua(lua)?,
        "reached_end" => corp.reached_end.into_lua(lua)?,
        "president" => st.president(c).map(|p| st.players[p as usize].name.as_str()).into_lua(lua)?,
        "start_order" => corp.start_order.into_lua(lua)?,
        "destination" => def.destination.as_deref().into_lua(lua)?,
        "trains" => {
            let trains = lua.create_table()?;
            for tr in st.trains.iter().filter(|x| x.owner == TrainOwner::Corp(c)) {
                let one = lua.create_table()?;
                one.raw_set("id", tr.id.as_str())?;
                one.raw_set("class", t.trains[tr.class as usize].name.as_str())?;
                one.raw_set("variant", t.trains[tr.class as usize].variants[tr.variant as usize].name.as_str())?;
                trains.raw_push(one)?;
            }
            Value::Table(trains)
        }
        "tokens" => {
            let tokens = lua.create_table()?;
            for tk in &corp.tokens {
                let one = lua.create_table()?;
                one.raw_set("cost", tk.cost)?;
                one.raw_set("lost", tk.lost)?;
                if let Some((h, s)) = tk.placed {
                    one.raw_set("hex", t.map.hexes[h as usize].label.as_str())?;
                    one.raw_set("stop", s)?;
                }
                tokens.raw_push(one)?;
            }
            Value::Table(tokens)
        }
        "home" => corp.home.map(|(h, _)| t.map.hexes[h as usize].label.as_str()).into_lua(lua)?,
        "home_city" => corp.home.map(|(_, city)| city).into_lua(lua)?,
        // The home choices companies.toml gives (AFG's five in 1849).
        "homes" => Value::Table(lua.create_sequence_from(def.home.iter().map(String::as_str))?),
        "shares" => {
            let shares = lua.create_table()?;
            for (p, pct) in holdings(st, c).iter().enumerate() {
                if *pct > 0 {
                    shares.raw_set(st.players[p].name.as_str(), *pct)?;
                }
            }
            Value::Table(shares)
        }
        "treasury_percent" => st.percent(c, CertOwner::Treasury).into_lua(lua)?,
        "pool_percent" => st.percent(c, CertOwner::Pool).into_lua(lua)?,
        "certificates" => {
            let certs = lua.create_table()?;
            for cert in &corp.certs {
                let one = lua.create_table()?;
                one.raw_set("index", cert.index)?;
                one.raw_set("percent", cert.percent)?;
                one.raw_set("president", cert.president)?;
                one.raw_set("tag", cert.tag.as_deref())?;
                one.raw_set(
                    "owner",
                    match cert.owner {
                        CertOwner::Treasury => "treasury",
                        CertOwner::Pool => "pool",
                        CertOwner::Player(p) => st.players[p as usize].name.as_str(),
                        CertOwner::Corp(o) => st.corps[o as usize].id.as_str(),
                        CertOwner::Removed => "removed",
                    },
                )?;
                certs.raw_push(one)?;
            }
            Value::Table(certs)
        }
        "companies" => {
            let companies = lua.create_table()?;
            for co in st.companies.iter().filter(|x| x.owner == CompanyOwner::Corp(c)) {
                companies.raw_push(co.id.as_str())?;
            }
            Value::Table(companies)
        }
        // The core's limit now: the kind's for this phase, else the phase's.
        "train_limit" => crate::game::trains::train_limit(t, st, c).into_lua(lua)?,
        // The kind's: its share price is per this many percent.
        "unit_percent" => t.corporation_kinds[corp.kind].unit_percent.into_lua(lua)?,
        "props" => Value::Table(props_to_lua(lua, &def.props)?),
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// `game:corporation_kind(id)`: a kind of companies.toml as data.
fn kind_table(lua: &Lua, k: &crate::title::schema::CorporationKindDef) -> mlua::Result<Table> {
    let tb = lua.create_table()?;
    tb.raw_set("id", k.id.as_str())?;
    tb.raw_set("name", k.name.as_str())?;
    tb.raw_set("unit_percent", k.unit_percent)?;
    tb.raw_set("capital_multiple", k.capital_multiple)?;
    tb.raw_set("float_shares", k.float_shares)?;
    tb.raw_set("token_costs", lua.create_sequence_from(k.token_costs.iter().copied())?)?;
    let limits = lua.create_table()?;
    for (phase, n) in &k.train_limit {
        limits.raw_set(phase.as_str(), *n)?;
    }
    tb.raw_set("train_limit", limits)?;
    tb.raw_set("props", props_to_lua(lua, &k.props)?)?;
    Ok(tb)
}

/// The conditions of a `corporations(filter)` call: corporation fields
/// with the scalar each must equal.
fn corp_filter(filter: &Table) -> mlua::Result<Vec<(String, Value)>> {
    let mut conds = Vec::new();
    for pair in filter.pairs::<Value, Value>() {
        let (k, v) = pair?;
        let Value::String(k) = k else { return Err(rt("corporations(filter): the filter's keys are field names")) };
        let field = k.to_str()?.to_string();
        if !CORP_FIELDS.contains(&field.as_str()) {
            let hint = crate::title::compile::did_you_mean(&field, CORP_FIELDS.iter().copied());
            return Err(rt(format!("corporations(filter): a corporation has no field '{field}'{}", hint.map(|h| format!(" ({h})")).unwrap_or_default())));
        }
        if !matches!(v, Value::Boolean(_) | Value::Integer(_) | Value::Number(_) | Value::String(_)) {
            return Err(rt(format!("corporations(filter): '{field}' must be compared with a boolean, number or string, not a {}", v.type_name())));
        }
        conds.push((field, v));
    }
    conds.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(conds)
}

/// Lua's `==` on the values a filter compares (booleans, numbers, strings, nil).
fn scalar_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Nil, Value::Nil) => true,
        (Value::Boolean(x), Value::Boolean(y)) => x == y,
        (Value::Integer(x), Value::Integer(y)) => x == y,
        (Value::Integer(x), Value::Number(y)) | (Value::Number(y), Value::Integer(x)) => (*x as f64) == *y,
        (Value::Number(x), Value::Number(y)) => x == y,
        (Value::String(x), Value::String(y)) => x.as_bytes() == y.as_bytes(),
        _ => false,
    }
}

/// The fields of `game:player(name)`, in the order the table is filled.
pub const PLAYER_FIELDS: &[&str] = &["name", "cash", "loans", "debt", "left", "certificates", "shares", "companies"];

fn player_table(lua: &Lua, t: &Title, st: &GameState, p: PlayerId) -> mlua::Result<Table> {
    let tb = lua.create_table()?;
    for key in PLAYER_FIELDS {
        let v = player_field(lua, t, st, p, key)?.unwrap_or(Value::Nil);
        if !v.is_nil() {
            tb.raw_set(*key, v)?;
        }
    }
    Ok(tb)
}

/// One field of a player's table, built alone: `None` when there is no
/// such field.
fn player_field(lua: &Lua, t: &Title, st: &GameState, p: PlayerId, key: &str) -> mlua::Result<Option<Value>> {
    let pl = &st.players[p as usize];
    let v = match key {
        "name" => pl.name.as_str().into_lua(lua)?,
        "cash" => pl.cash.into_lua(lua)?,
        "loans" => pl.loans.into_lua(lua)?,
        "debt" => pl.debt.into_lua(lua)?,
        "left" => pl.left.into_lua(lua)?,
        "certificates" => cert_count(t, st, p).into_lua(lua)?,
        "shares" => {
            let shares = lua.create_table()?;
            for (c, corp) in st.corps.iter().enumerate() {
                let pct = st.percent(c as CorpId, CertOwner::Player(p));
                if pct > 0 {
                    shares.raw_set(corp.id.as_str(), pct)?;
                }
            }
            Value::Table(shares)
        }
        "companies" => {
            let cos = lua.create_table()?;
            for co in st.companies.iter().filter(|x| x.owner == CompanyOwner::Player(p)) {
                cos.raw_push(co.id.as_str())?;
            }
            Value::Table(cos)
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// The fields of `game:company(id)`, in the order the table is filled.
pub const COMPANY_FIELDS: &[&str] = &["id", "name", "abbr", "kind", "value", "revenue", "used", "owner", "owner_kind", "props"];

fn company_table(lua: &Lua, t: &Title, st: &GameState, i: CompanyId) -> mlua::Result<Table> {
    let tb = lua.create_table()?;
    for key in COMPANY_FIELDS {
        let v = company_field(lua, t, st, i, key)?.unwrap_or(Value::Nil);
        if !v.is_nil() {
            tb.raw_set(*key, v)?;
        }
    }
    Ok(tb)
}

/// One field of a company's table, built alone: `None` when there is no
/// such field.
fn company_field(lua: &Lua, t: &Title, st: &GameState, i: CompanyId, key: &str) -> mlua::Result<Option<Value>> {
    let co = &st.companies[i as usize];
    let def = &t.companies[co.def];
    let v = match key {
        "id" => co.id.as_str().into_lua(lua)?,
        "name" => def.name.as_str().into_lua(lua)?,
        "abbr" => def.abbr.as_deref().into_lua(lua)?,
        "kind" => def.kind.as_str().into_lua(lua)?,
        "value" => def.value.into_lua(lua)?,
        "revenue" => def.revenue.into_lua(lua)?,
        "used" => co.used.into_lua(lua)?,
        "owner" => match co.owner {
            CompanyOwner::Player(p) => st.players[p as usize].name.as_str().into_lua(lua)?,
            CompanyOwner::Corp(c) => st.corps[c as usize].id.as_str().into_lua(lua)?,
            CompanyOwner::Bank | CompanyOwner::Closed => Value::Nil,
        },
        "owner_kind" => match co.owner {
            CompanyOwner::Bank => "bank",
            CompanyOwner::Player(_) => "player",
            CompanyOwner::Corp(_) => "corporation",
            CompanyOwner::Closed => "closed",
        }
        .into_lua(lua)?,
        "props" => Value::Table(props_to_lua(lua, &def.props)?),
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// A title's props as a fresh Lua table, converted straight from the TOML
/// (scripts read a corporation's props on every `game:corporation` call:
/// going through a cloned TOML table and a `Var` tripled the cost).
fn props_to_lua(lua: &Lua, props: &toml::Table) -> mlua::Result<Table> {
    let tb = lua.create_table_with_capacity(0, props.len())?;
    for (k, v) in props {
        tb.raw_set(k.as_str(), toml_to_lua(lua, v)?)?;
    }
    Ok(tb)
}

fn toml_to_lua(lua: &Lua, v: &toml::Value) -> mlua::Result<Value> {
    Ok(match v {
        toml::Value::String(s) => Value::String(lua.create_string(s)?),
        toml::Value::Integer(i) => Value::Integer(*i),
        toml::Value::Float(f) => Value::Integer(*f as i64),
        toml::Value::Boolean(b) => Value::Boolean(*b),
        toml::Value::Datetime(d) => Value::String(lua.create_string(d.to_string())?),
        toml::Value::Array(a) => {
            let t = lua.create_table_with_capacity(a.len(), 0)?;
            for x in a {
                t.raw_push(toml_to_lua(lua, x)?)?;
            }
            Value::Table(t)
        }
        toml::Value::Table(m) => Value::Table(props_to_lua(lua, m)?),
    })
}

pub fn toml_to_var(v: &toml::Value) -> Var {
    match v {
        toml::Value::String(s) => Var::Str(s.clone()),
        toml::Value::Integer(i) => Var::Int(*i),
        toml::Value::Float(f) => Var::Int(*f as i64),
        toml::Value::Boolean(b) => Var::Bool(*b),
        toml::Value::Array(a) => Var::List(a.iter().map(toml_to_var).collect()),
        toml::Value::Table(t) => Var::Map(t.iter().map(|(k, v)| (k.clone(), toml_to_var(v))).collect()),
        toml::Value::Datetime(d) => Var::Str(d.to_string()),
    }
}

impl LuaGame {
    fn ops(&mut self) -> Ops<'_> {
        Ops::new(&self.title, &mut self.st, &mut self.fx)
    }
}

/// Registers `game` methods that run with the memory cap lifted
/// (`script::Cap::lifted`): a method and the conversion of its result are
/// Rust code building values for the script. A method that changes the
/// game is refused first when the action's events or log lines are at
/// their bound (`bounds::room_for_effects`).
struct Methods<'m, M>(&'m mut M);

impl<M: UserDataMethods<LuaGame>> Methods<'_, M> {
    fn add_method<A: FromLuaMulti, R: IntoLuaMulti>(
        &mut self,
        name: &str,
        f: impl Fn(&Lua, &LuaGame, A) -> mlua::Result<R> + mlua::MaybeSend + 'static,
    ) {
        self.0.add_method(name, move |lua, this, args: mlua::MultiValue| {
            let _cap = super::Cap::lifted(lua);
            let args = A::from_lua_multi(super::freeze::thaw_multi(lua, args)?, lua)?;
            f(lua, this, args)?.into_lua_multi(lua)
        });
    }

    fn add_method_mut<A: FromLuaMulti, R: IntoLuaMulti>(
        &mut self,
        name: &str,
        mut f: impl FnMut(&Lua, &mut LuaGame, A) -> mlua::Result<R> + mlua::MaybeSend + 'static,
    ) {
        let method = name.to_string();
        self.0.add_method_mut(name, move |lua, this, args: mlua::MultiValue| {
            let _cap = super::Cap::lifted(lua);
            if let Some(asking) = &this.asking {
                return Err(rt(format!(
                    "game:{method} changes the game, but {asking} only answers a question and sees the game read-only (change the game in an event handler, a step or an ability's process)"
                )));
            }
            bounds::room_for_effects(&method, &this.fx)?;
            let args = A::from_lua_multi(super::freeze::thaw_multi(lua, args)?, lua)?;
            f(lua, this, args)?.into_lua_multi(lua)
        });
    }
}

impl UserData for LuaGame {
    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        let m = &mut Methods(m);
        // ---------------------------------------------------------- reads
        m.add_method("title", |_, this, ()| Ok(this.title.meta.id.clone()));
        m.add_method("option", |_, this, id: String| Ok(this.title.option_on(&id)));
        m.add_method("seed", |_, this, ()| Ok(this.st.seed as i64));
        // The title's [props], overlaid with the props of the game's
        // [[player_count]] (1849's number of corporations).
        m.add_method("props", |lua, this, ()| {
            let tb = props_to_lua(lua, &this.title.props)?;
            if let Some(pc) = this.title.player_count(this.st.players.len()) {
                for (k, v) in &pc.props {
                    tb.raw_set(k.as_str(), toml_to_lua(lua, v)?)?;
                }
            }
            Ok(tb)
        });
        m.add_method("player_count", |_, this, ()| Ok(this.st.players.len()));
        m.add_method("players", |lua, this, ()| lua.create_sequence_from(this.st.players.iter().map(|p| p.name.clone())));
        m.add_method("player", |lua, this, name: String| {
            let p = player(&this.st, &name)?;
            player_table(lua, &this.title, &this.st, p)
        });
        // One field of `player(name)` without building the whole table.
        m.add_method("player_field", |lua, this, (name, field): (String, String)| {
            let p = player(&this.st, &name)?;
            player_field(lua, &this.title, &this.st, p, &field)?.ok_or_else(|| {
                let hint = crate::title::compile::did_you_mean(&field, PLAYER_FIELDS.iter().copied());
                rt(format!("a player has no field '{field}'{}", hint.map(|h| format!(" ({h})")).unwrap_or_default()))
            })
        });
        // Ids in play, those whose fields equal the filter's values with one.
        m.add_method("corporations", |lua, this, filter: Option<Table>| {
            let Some(filter) = filter else {
                return lua.create_sequence_from(this.st.corps.iter().filter(|c| c.in_play).map(|c| c.id.clone()));
            };
            let conds = corp_filter(&filter)?;
            let mut out = Vec::new();
            for (c, corp) in this.st.corps.iter().enumerate() {
                if !corp.in_play {
                    continue;
                }
                let mut all = true;
                for (field, want) in &conds {
                    let have = corp_field(lua, &this.title, &this.st, c as CorpId, field)?.unwrap_or(Value::Nil);
                    if !scalar_eq(&have, want) {
                        all = false;
                        break;
                    }
                }
                if all {
                    out.push(corp.id.as_str());
                }
            }
            lua.create_sequence_from(out)
        });
        m.add_method("corporation_kind", |lua, this, id: String| {
            let k = this.title.corporation_kind(&id).ok_or_else(|| rt(format!("no corporation kind '{id}'")))?;
            kind_table(lua, k)
        });
        m.add_method("all_corporations", |lua, this, ()| lua.create_sequence_from(this.st.corps.iter().map(|c| c.id.clone())));
        m.add_method("corporation", |lua, this, id: String| {
            let c = corp(&this.st, &id)?;
            corp_table(lua, &this.title, &this.st, c)
        });
        // One field of `corporation(id)` without building the whole table.
        m.add_method("corporation_field", |lua, this, (id, field): (String, String)| {
            let c = corp(&this.st, &id)?;
            corp_field(lua, &this.title, &this.st, c, &field)?.ok_or_else(|| {
                let hint = crate::title::compile::did_you_mean(&field, CORP_FIELDS.iter().copied());
                rt(format!("a corporation has no field '{field}'{}", hint.map(|h| format!(" ({h})")).unwrap_or_default()))
            })
        });
        m.add_method("companies", |lua, this, ()| lua.create_sequence_from(this.st.companies.iter().map(|c| c.id.clone())));
        m.add_method("company", |lua, this, id: String| {
            let i = company(&this.st, &id)?;
            company_table(lua, &this.title, &this.st, i)
        });
        // One field of `company(id)` without building the whole table.
        m.add_method("company_field", |lua, this, (id, field): (String, String)| {
            let i = company(&this.st, &id)?;
            company_field(lua, &this.title, &this.st, i, &field)?.ok_or_else(|| {
                let hint = crate::title::compile::did_you_mean(&field, COMPANY_FIELDS.iter().copied());
                rt(format!("a company has no field '{field}'{}", hint.map(|h| format!(" ({h})")).unwrap_or_default()))
            })
        });
        m.add_method("phase", |_, this, ()| Ok(this.title.phases[this.st.phase].name.clone()));
        m.add_method("phase_index", |_, this, ()| Ok(this.st.phase + 1));
        m.add_method("phase_before", |_, this, name: String| {
            let i = this.title.phase_index(&name).ok_or_else(|| rt(format!("no phase '{name}'")))?;
            Ok(this.st.phase < i)
        });
        m.add_method("round", |lua, this, ()| {
            let tb = lua.create_table()?;
            let f = &this.st.flow;
            tb.raw_set("name", f.round.name.as_str())?;
            let kind = this.title.flow.round(&f.round.name).map_or("", |r| r.kind.name());
            tb.raw_set("kind", kind)?;
            tb.raw_set("stock_rounds", f.stock_rounds)?;
            tb.raw_set("set_index", f.set_index)?;
            tb.raw_set("set_size", f.set_size)?;
            Ok(tb)
        });
        m.add_method("current", |_, this, ()| Ok(crate::game::engine::current_actor(&this.title, &this.st).map(|a| actor_name(&this.st, a))));
        m.add_method("operating", |_, this, ()| {
            Ok(match &this.st.flow.round.data {
                crate::game::flow::RoundData::Operating(or) => or.current.map(|c| this.st.corps[c as usize].id.clone()),
                _ => None,
            })
        });
        m.add_method("bank", |_, this, ()| Ok(this.st.bank));
        m.add_method("step", |_, this, ()| {
            use crate::game::flow::RoundData;
            Ok(match &this.st.flow.round.data {
                RoundData::Operating(o) if o.current.is_some() => {
                    this.title.flow.round(&this.st.flow.round.name).and_then(|r| r.steps.get(o.step).cloned())
                }
                _ => None,
            })
        });
        m.add_method("turn", |lua, this, ()| {
            use crate::game::flow::RoundData;
            let RoundData::Operating(o) = &this.st.flow.round.data else { return Ok(Value::Nil) };
            let tb = lua.create_table()?;
            tb.raw_set("tiles", o.turn.tiles)?;
            tb.raw_set("tokens", o.turn.tokens)?;
            tb.raw_set("revenue", o.turn.revenue)?;
            tb.raw_set("trains_bought", o.turn.trains_bought)?;
            tb.raw_set("issued", o.turn.issued)?;
            tb.raw_set("emergency", o.turn.emergency)?;
            let vars = lua.create_table()?;
            for (k, v) in &o.turn.vars {
                vars.set(k.as_str(), to_lua(lua, v)?)?;
            }
            tb.raw_set("vars", vars)?;
            let done = lua.create_sequence_from(o.turn.done_steps.iter().cloned())?;
            tb.raw_set("done", done)?;
            Ok(Value::Table(tb))
        });
        m.add_method("stops_of_kind", |lua, this, kind: String| {
            let mut out = Vec::new();
            for (h, hd) in this.title.map.hexes.iter().enumerate() {
                let tile = tile_on(&this.title, &this.st, h as HexId);
                if tile.stops.iter().any(|s| s.kind.name() == kind) {
                    out.push(hd.label.clone());
                }
            }
            lua.create_sequence_from(out)
        });
        m.add_method("priority", |_, this, ()| Ok(this.st.players[this.st.priority as usize].name.clone()));
        m.add_method("cert_limit", |_, this, ()| Ok(this.st.cert_limit));
        m.add_method("var", |lua, this, key: String| match this.st.vars.get(&key) {
            Some(v) => to_lua(lua, v),
            None => Ok(Value::Nil),
        });
        m.add_method("share_price", |_, this, id: String| {
            let c = corp(&this.st, &id)?;
            Ok(price_of(&this.title, &this.st, c))
        });
        m.add_method("value_order", |lua, this, ()| {
            let mut ids: Vec<CorpId> = (0..this.st.corps.len() as CorpId).filter(|c| this.st.corps[*c as usize].price.is_some()).collect();
            ids.sort_by(|a, b| value_order(&this.title, &this.st, *a, *b));
            lua.create_sequence_from(ids.into_iter().map(|c| this.st.corps[c as usize].id.clone()))
        });
        m.add_method("hex", |lua, this, label: String| {
            let h = hex(&this.title, &label)?;
            let hd = &this.title.map.hexes[h as usize];
            let tile = tile_on(&this.title, &this.st, h);
            let tb = lua.create_table()?;
            tb.raw_set("label", hd.label.as_str())?;
            tb.raw_set("name", hd.name.clone())?;
            tb.raw_set("tile", tile.name.as_str())?;
            tb.raw_set("color", tile.color.name())?;
            tb.raw_set("laid", this.st.board.hexes[h as usize].tile.is_some())?;
            tb.raw_set("rotation", this.st.board.hexes[h as usize].rotation)?;
            tb.raw_set("terrain", hd.terrain.clone())?;
            tb.raw_set("cost", hd.cost)?;
            tb.raw_set("tags", lua.create_sequence_from(hd.tags.iter().cloned())?)?;
            let tokens = lua.create_table()?;
            for slots in &this.st.board.hexes[h as usize].tokens {
                for c in slots.iter().flatten() {
                    tokens.raw_push(this.st.corps[*c as usize].id.as_str())?;
                }
            }
            tb.raw_set("tokens", tokens)?;
            tb.raw_set("locked", this.st.board.locked.contains_key(&h))?;
            let free: u32 = (0..tile.stops.len() as u8).map(|s| crate::game::graph::free_slots(&this.title, &this.st, h, s, None)).sum();
            tb.raw_set("free_slots", free)?;
            tb.raw_set("props", props_to_lua(lua, &hd.props)?)?;
            Ok(tb)
        });
        m.add_method("hexes_tagged", |lua, this, tag: String| {
            lua.create_sequence_from(this.title.map.hexes.iter().filter(|h| h.has_tag(&tag)).map(|h| h.label.clone()))
        });
        m.add_method("trains_on_sale", |lua, this, ()| {
            let offers = crate::game::trains::bank_offers(&this.title, &this.st);
            let out = lua.create_table()?;
            for o in offers {
                let tb = lua.create_table()?;
                let class = &this.title.trains[o.class as usize];
                tb.raw_set("class", class.name.as_str())?;
                tb.raw_set("variant", class.variants[o.variant as usize].name.as_str())?;
                tb.raw_set("price", o.price)?;
                tb.raw_set("pool", o.pool_train.is_some())?;
                out.push(tb)?;
            }
            Ok(out)
        });
        m.add_method("trains_left", |_, this, class: String| {
            Ok(this.st.trains.iter().filter(|t| t.owner == TrainOwner::Depot && this.title.trains[t.class as usize].name == class).count())
        });

        // --------------------------------------------------------- writes

        m.add_method_mut("set_var", |_, this, (key, value): (LuaString, Value)| {
            let key = args::name("set_var", "key", &key)?;
            bounds::lua_value_fits("set_var", &format!("the value of '{key}'"), &value)?;
            match from_lua(&value)? {
                Some(v) => {
                    bounds::var_fits("set_var", &this.st.vars, &key, &v)?;
                    this.st.vars.insert(key, v);
                }
                None => {
                    this.st.vars.remove(&key);
                }
            }
            Ok(())
        });

        m.add_method_mut("set_turn_var", |_, this, (key, value): (LuaString, Value)| {
            use crate::game::flow::RoundData;
            let key = args::name("set_turn_var", "key", &key)?;
            bounds::lua_value_fits("set_turn_var", &format!("the value of '{key}'"), &value)?;
            let v = from_lua(&value)?;
            let RoundData::Operating(o) = &mut this.st.flow.round.data else { return Err(rt("no operating turn is under way")) };
            match v {
                Some(v) => {
                    bounds::var_fits("set_turn_var", &o.turn.vars, &key, &v)?;
                    o.turn.vars.insert(key, v);
                }
                None => {
                    o.turn.vars.remove(&key);
                }
            }
            Ok(())
        });

        m.add_method_mut("finish_step", |_, this, name: LuaString| {
            use crate::game::flow::RoundData;
            let name = args::name("finish_step", "step name", &name)?;
            let RoundData::Operating(o) = &mut this.st.flow.round.data else { return Err(rt("no operating turn is under way")) };
            if o.turn.done_steps.len() >= MAX_DONE_STEPS && !o.turn.done_steps.contains(&name) {
                return Err(rt(format!("finish_step: {MAX_DONE_STEPS} steps are already done this turn, the most there may be (limits::MAX_DONE_STEPS)")));
            }
            o.turn.done_steps.insert(name);
            Ok(())
        });

        m.add_method_mut("log", |_, this, line: LuaString| {
            let line = args::text("log", "line", &line)?;
            bounds::log_line(&mut this.fx, line)
        });

        m.add_method_mut("transfer", |_, this, (from, to, amount): (String, String, Value)| {
            let amount = args::price("transfer", "amount", &amount)?;
            let (f, t) = (purse(&this.st, &from)?, purse(&this.st, &to)?);
            this.ops().transfer(f, t, amount).map_err(game_err)
        });
        m.add_method_mut("close_corporation", |_, this, id: String| {
            let c = corp(&this.st, &id)?;
            this.ops().close_corp(c).map_err(game_err)
        });
        m.add_method_mut("remove_corporation", |_, this, id: String| {
            let c = corp(&this.st, &id)?;
            this.st.corps[c as usize].in_play = false;
            Ok(())
        });
        m.add_method_mut("set_start_order", |_, this, ids: Table| {
            let ids = args::list("set_start_order", "corporations", &ids, this.st.corps.len(), "one entry per corporation")?;
            // Every id is found before any order changes.
            let mut order = Vec::with_capacity(ids.len());
            for id in &ids {
                let Value::String(id) = id else { return Err(rt(format!("set_start_order: a corporation id must be a string, not a {}", id.type_name()))) };
                order.push(corp(&this.st, &id.to_string_lossy())?);
            }
            for (i, c) in order.into_iter().enumerate() {
                this.st.corps[c as usize].start_order = i as u32;
            }
            Ok(())
        });

        m.add_method_mut("set_cert_limit", |_, this, n: Value| {
            this.st.cert_limit = args::count("set_cert_limit", "n", &n)? as u32;
            Ok(())
        });

        m.add_method_mut("remove_trains", |_, this, (class, n): (String, Value)| {
            let n = args::count("remove_trains", "n", &n)? as usize;
            let left = this.st.trains.iter().filter(|tr| tr.owner == TrainOwner::Depot && this.title.trains[tr.class as usize].name == class).count();
            if left < n {
                return Err(rt(format!("fewer than {n} {class} trains left in the depot")));
            }
            let mut left = n;
            for tr in this.st.trains.iter_mut().rev() {
                if left > 0 && tr.owner == TrainOwner::Depot && this.title.trains[tr.class as usize].name == class {
                    tr.owner = TrainOwner::Removed;
                    left -= 1;
                }
            }
            Ok(())
        });
        m.add_method_mut("close_company", |_, this, id: String| {
            let i = company(&this.st, &id)?;
            this.ops().close_company(i);
            Ok(())
        });
        m.add_method_mut("use_company", |_, this, id: String| {
            let i = company(&this.st, &id)?;
            this.st.companies[i as usize].used = true;
            Ok(())
        });
        m.add_method_mut("give_company", |_, this, (id, owner): (String, String)| {
            let i = company(&this.st, &id)?;
            let to = match purse(&this.st, &owner)? {
                Purse::Player(p) => CompanyOwner::Player(p),
                Purse::Corp(c) => CompanyOwner::Corp(c),
                Purse::Bank => CompanyOwner::Bank,
            };
            this.ops().give_company(i, to).map_err(game_err)
        });

        m.add_method_mut("move_price", |_, this, (id, dir, n): (String, String, Value)| {
            let c = corp(&this.st, &id)?;
            let d = Dir::parse(&dir).ok_or_else(|| rt(format!("direction '{dir}' is not up, down, left or right")))?;
            let n = match args::given(&n) {
                Some(n) => args::count("move_price", "n", n)?,
                None => 1,
            };
            this.ops().move_price(c, d, n as u32).map_err(game_err)
        });

        m.add_method_mut("start_corporation", |_, this, (id, price, name, free): (String, Value, String, Option<bool>)| {
            let price = args::price("start_corporation", "price", &price)?;
            let c = corp(&this.st, &id)?;
            let p = player(&this.st, &name)?;
            this.ops().start_corp(c, price, p, 0, free.unwrap_or(false)).map_err(game_err)
        });

        m.add_method_mut("ask_par", |_, this, (id, name, prices, capital, cause): (String, String, Table, Value, Option<LuaString>)| {
            let c = corp(&this.st, &id)?;
            let p = player(&this.st, &name)?;
            let capital = match args::given(&capital) {
                Some(v) => args::count("ask_par", "capital", v)?,
                None => 0,
            };
            let prices = par_choices(this, &prices, capital)?;
            let cause = match &cause {
                Some(text) => Some(args::text("ask_par", "cause", text)?),
                None => None,
            };
            let ask = Pending { actor: Actor::Player(p), kind: PendingKind::Par { corp: c, prices, capital: capital as u32, cause } };
            bounds::push_pending("ask_par", &mut this.st, ask)
        });
        m.add_method_mut("place_home", |_, this, id: String| {
            let c = corp(&this.st, &id)?;
            this.ops().place_home(c).map_err(game_err)
        });

        m.add_method_mut("set_home", |_, this, (id, label, city): (String, String, Value)| {
            let c = corp(&this.st, &id)?;
            let h = hex(&this.title, &label)?;
            let (city, _) = args::city("set_home", &this.title, &this.st, h, &city)?;
            this.ops().set_home(c, h, city).map_err(game_err)
        });
        m.add_method_mut("remove_tokens", |lua, this, (label, lose): (String, Option<bool>)| {
            let h = hex(&this.title, &label)?;
            let mut removed = Vec::new();
            for c in 0..this.st.corps.len() as CorpId {
                if this.st.corps[c as usize].tokens.iter().any(|t| t.placed.is_some_and(|(x, _)| x == h)) {
                    removed.push(this.st.corps[c as usize].id.clone());
                    this.ops().remove_token(c, h, lose.unwrap_or(false));
                }
            }
            lua.create_sequence_from(removed)
        });
        m.add_method_mut("revert_tile", |_, this, label: String| {
            let h = hex(&this.title, &label)?;
            let mut ops = this.ops();
            ops.check_revert(h).map_err(game_err)?;
            ops.revert_tile(h);
            Ok(())
        });

        m.add_method_mut("lock_hex", |_, this, (label, reason): (String, LuaString)| {
            let h = hex(&this.title, &label)?;
            let reason = args::text("lock_hex", "reason", &reason)?;
            this.st.board.locked.insert(h, reason);
            Ok(())
        });
        m.add_method_mut("unlock_hex", |_, this, label: String| {
            let h = hex(&this.title, &label)?;
            this.st.board.locked.remove(&h);
            Ok(())
        });

        m.add_method_mut("add_marker", |_, this, (label, tag): (String, LuaString)| {
            let h = hex(&this.title, &label)?;
            let tag = args::name("add_marker", "tag", &tag)?;
            let markers: usize = this.st.board.markers.values().map(Vec::len).sum();
            let list = this.st.board.markers.entry(h).or_default();
            if !list.contains(&tag) {
                if markers >= MAX_MARKERS {
                    return Err(rt(format!("add_marker: the board has {markers} markers, the most it may (limits::MAX_MARKERS)")));
                }
                list.push(tag);
            }
            Ok(())
        });

        m.add_method_mut("remove_marker", |_, this, (label, tag): (String, LuaString)| {
            let h = hex(&this.title, &label)?;
            let tag = args::name("remove_marker", "tag", &tag)?;
            if let Some(list) = this.st.board.markers.get_mut(&h) {
                list.retain(|t| *t != tag);
                if list.is_empty() {
                    this.st.board.markers.remove(&h);
                }
            }
            Ok(())
        });

        m.add_method_mut("add_stop_bonus", |_, this, (label, id, amount, stop): (String, String, Value, Value)| {
            let h = hex(&this.title, &label)?;
            let c = corp(&this.st, &id)?;
            let amount = args::amount("add_stop_bonus", "amount", &amount)?;
            let stop = args::stop("add_stop_bonus", &this.title, &this.st, h, &stop)?;
            // A stop's value adds up its bonuses: at most MAX_STOP_BONUSES
            // of MAX_AMOUNT each, far inside i64 (and the route search
            // clamps every value).
            if this.st.board.stop_bonuses.len() >= MAX_STOP_BONUSES {
                return Err(rt(format!("add_stop_bonus: the board has {} stop bonuses, the most it may (limits::MAX_STOP_BONUSES)", this.st.board.stop_bonuses.len())));
            }
            this.st.board.stop_bonuses.push(StopBonus { hex: h, stop, corp: c, amount });
            Ok(())
        });

        m.add_method_mut("place_token", |_, this, (id, label, city, check_route): (String, String, Value, Option<bool>)| {
            let c = corp(&this.st, &id)?;
            let h = hex(&this.title, &label)?;
            let (_, stop) = args::city("place_token", &this.title, &this.st, h, &city)?;
            let mut ops = this.ops();
            ops.check_token(c, h, stop, check_route.unwrap_or(false)).map_err(game_err)?;
            ops.execute_token(c, h, stop);
            Ok(())
        });

        m.add_method_mut("ask", |lua, this, (who, prompt, choices, handler, data): (String, LuaString, Table, LuaString, Option<Value>)| {
            let actor = match purse(&this.st, &who)? {
                Purse::Player(p) => Actor::Player(p),
                Purse::Corp(c) => Actor::Corp(c),
                Purse::Bank => return Err(rt("the bank cannot be asked")),
            };
            let prompt = args::text("ask", "prompt", &prompt)?;
            let choices = answers(&choices)?;
            let handler = args::name("ask", "handler", &handler)?;
            if !has_ability_function(lua, &handler, "choose")? {
                return Err(rt(format!(
                    "ask: no handler answers the question: define ability(\"{handler}\", {{ choose = function(game, who, choice, data) ... end }})"
                )));
            }
            let data = handler_data("ask", data)?;
            let question = Pending { actor, kind: PendingKind::Choice { handler, prompt, choices, data } };
            bounds::push_pending("ask", &mut this.st, question)
        });

        m.add_method_mut("raise_money", |lua, this, (name, to, amount, handler, data): (String, String, Value, LuaString, Option<Value>)| {
            let p = player(&this.st, &name)?;
            let to = purse(&this.st, &to)?;
            let amount = args::price("raise_money", "amount", &amount)?;
            let handler = args::name("raise_money", "handler", &handler)?;
            if this.st.players[p as usize].cash >= amount {
                this.ops().transfer(Purse::Player(p), to, amount).map_err(game_err)?;
                return Ok(true);
            }
            if !has_ability(lua, &handler)? {
                return Err(rt(format!("raise_money: no ability \"{handler}\" is defined to hear how the payment ends (`paid`, `failed`)")));
            }
            let data = handler_data("raise_money", data)?;
            let payment = Pending { actor: Actor::Player(p), kind: PendingKind::RaiseMoney { to, amount, handler, data } };
            bounds::push_pending("raise_money", &mut this.st, payment)?;
            Ok(false)
        });

        m.add_method_mut("take_loan", |_, this, (name, amount): (String, Value)| {
            let p = player(&this.st, &name)?;
            let amount = args::price("take_loan", "amount", &amount)?;
            let loans = this.st.players[p as usize].loans.checked_add(1).ok_or_else(|| rt(format!("take_loan: {name} has taken too many loans")))?;
            this.ops().transfer(Purse::Bank, Purse::Player(p), amount).map_err(game_err)?;
            this.st.players[p as usize].loans = loans;
            Ok(())
        });
        m.add_method_mut("leave_game", |_, this, name: String| {
            let p = player(&this.st, &name)?;
            this.st.players[p as usize].left = true;
            Ok(())
        });

        m.add_method_mut("end_game", |_, this, reason: LuaString| {
            let reason = args::text("end_game", "reason", &reason)?;
            this.fx.event("end_game_requested", &[("reason", Var::Str(reason))]);
            Ok(())
        });

        m.add_method_mut("set_end_trigger", |_, this, (kind, reason, id): (String, LuaString, Option<String>)| {
            use crate::game::state::EndTrigger;
            let reason = args::text("set_end_trigger", "reason", &reason)?;
            let trigger = match kind.as_str() {
                "end_of_set" => EndTrigger::EndOfSet { reason },
                "after_next_set" => EndTrigger::AfterNextSet { reason },
                "after_turn_of" => EndTrigger::AfterTurnOf { corp: corp(&this.st, id.as_deref().unwrap_or(""))?, reason },
                "after_first_flagged_turn" => EndTrigger::AfterFirstFlaggedTurn { reason },
                other => return Err(rt(format!("unknown end trigger '{other}'"))),
            };
            if this.st.end_trigger.is_none() {
                this.st.end_trigger = Some(trigger);
            }
            Ok(())
        });

        m.add_method_mut("set_tokens", |_, this, (id, costs): (String, Table)| {
            let c = corp(&this.st, &id)?;
            let costs = args::list("set_tokens", "tokens", &costs, MAX_TOKENS, "limits::MAX_TOKENS")?;
            let costs = costs.iter().map(|v| args::price("set_tokens", "a token's cost", v)).collect::<mlua::Result<Vec<i64>>>()?;
            let tokens = &mut this.st.corps[c as usize].tokens;
            let placed: Vec<crate::game::state::Token> = tokens.iter().filter(|t| t.placed.is_some()).cloned().collect();
            if placed.len() > costs.len() {
                return Err(rt(format!("{id} has {} tokens on the board, more than {}", placed.len(), costs.len())));
            }
            let mut out = placed.clone();
            for cost in costs.iter().skip(placed.len()) {
                out.push(crate::game::state::Token { cost: *cost, placed: None, lost: false });
            }
            *tokens = out;
            Ok(())
        });

        m.add_method_mut("lay_tile", |_, this, (id, label, tile, rotation, opts): (Option<String>, String, String, Value, Option<Table>)| {
            let c = match id {
                Some(id) => Some(corp(&this.st, &id)?),
                None => None,
            };
            let h = hex(&this.title, &label)?;
            let ti = this.title.tile_index.get(&tile).copied().ok_or_else(|| rt(format!("no tile '{tile}'")))? as u16;
            let rotation = args::int_in("lay_tile", "rotation", &rotation, 0, 5)? as u8;
            let get = |k: &str, d: bool| opts.as_ref().and_then(|o| o.get::<Option<bool>>(k).ok().flatten()).unwrap_or(d);
            let rules = crate::game::board::LayRules { connection: get("connection", true), phase_colours: get("phase_colours", true), hidden: get("hidden", false), replace: get("replace", false) };
            let mut ops = this.ops();
            let plan = ops.check_lay(c, h, ti, rotation, rules).map_err(game_err)?;
            ops.execute_lay(&plan);
            Ok(plan.new_track.iter().map(|g| format!("{g:?}").to_lowercase()).collect::<Vec<String>>())
        });

        m.add_method("connected", |_, this, (id, target, from, city): (String, String, Option<String>, Value)| {
            let c = corp(&this.st, &id)?;
            let goal = hex(&this.title, &target)?;
            let start = match from {
                Some(f) => {
                    let h = hex(&this.title, &f)?;
                    let city = match args::given(&city) {
                        Some(v) => Some(args::city("connected", &this.title, &this.st, h, v)?.0),
                        None => None,
                    };
                    Some((h, city))
                }
                None => None,
            };
            let template = this.track_graph();
            Ok(crate::game::graph::connects_on(&this.title, &this.st, &template, c, goal, start))
        });
        m.add_method_mut("export_train", |_, this, ()| this.ops().export_train().map_err(game_err));
        // Corporations over their train limit hand trains in, their presidents choosing.
        m.add_method_mut("require_discards", |_, this, ()| {
            this.ops().require_discards();
            Ok(())
        });

        m.add_method_mut("give_train", |_, this, (what, owner): (String, String)| {
            let to = if owner.eq_ignore_ascii_case("pool") {
                TrainOwner::Pool
            } else {
                match purse(&this.st, &owner)? {
                    Purse::Player(p) => TrainOwner::Player(p),
                    Purse::Corp(c) => TrainOwner::Corp(c),
                    Purse::Bank => TrainOwner::Depot,
                }
            };
            // A class of unlimited trains makes a new one each time.
            if this.st.train_index(&what).is_none() && this.st.trains.len() >= MAX_TRAINS {
                return Err(rt(format!("give_train: the game has {} trains, the most it may (limits::MAX_TRAINS)", this.st.trains.len())));
            }
            let id = this.ops().give_train(&what, to).map_err(game_err)?;
            // A company over its limit hands trains in (1844's SBB, A-29).
            if matches!(to, TrainOwner::Corp(_)) {
                this.ops().require_discards();
            }
            Ok(id)
        });
        m.add_method_mut("remove_train", |_, this, id: String| {
            let t = this.st.train_index(&id).ok_or_else(|| rt(format!("no train '{id}'")))?;
            this.st.trains[t as usize].owner = TrainOwner::Removed;
            Ok(())
        });

        m.add_method_mut("move_certificate", |_, this, (id, index, owner): (String, Value, String)| {
            let c = corp(&this.st, &id)?;
            let index = args::whole("move_certificate", "index", &index)?;
            let certs = &this.st.corps[c as usize].certs;
            let Some(index) = certs.iter().map(|x| x.index).find(|&i| i64::from(i) == index) else {
                let last = certs.iter().map(|x| x.index).max().unwrap_or(0);
                return Err(rt(format!("move_certificate: {id} has certificates 0 to {last}, no certificate {index}")));
            };
            let to = match owner.as_str() {
                "pool" => CertOwner::Pool,
                "treasury" | "ipo" => CertOwner::Treasury,
                "removed" => CertOwner::Removed,
                other => match purse(&this.st, other)? {
                    Purse::Player(p) => CertOwner::Player(p),
                    Purse::Corp(o) => CertOwner::Corp(o),
                    Purse::Bank => CertOwner::Treasury,
                },
            };
            this.ops().move_cert(c, index, to);
            Ok(())
        });

        m.add_method_mut("set_stop_revenue", |_, this, (label, values, stop): (String, Table, Value)| {
            let h = hex(&this.title, &label)?;
            let stop = args::stop("set_stop_revenue", &this.title, &this.st, h, &stop)?;
            let values = args::list("set_stop_revenue", "values", &values, MAX_REVENUE_BANDS, "limits::MAX_REVENUE_BANDS")?;
            if values.is_empty() {
                return Err(rt(format!("set_stop_revenue: give 1 to {MAX_REVENUE_BANDS} values (limits::MAX_REVENUE_BANDS), not {}", values.len())));
            }
            let values = values.iter().map(|v| args::amount("set_stop_revenue", "a value", v)).collect::<mlua::Result<Vec<i64>>>()?;
            this.st.board.revenues.insert((h, stop), values);
            Ok(())
        });

        m.add_method_mut("add_debt", |_, this, (name, amount): (String, Value)| {
            let p = player(&this.st, &name)?;
            let amount = args::amount("add_debt", "amount", &amount)?;
            // Both within MAX_AMOUNT: the sum cannot overflow.
            let debt = this.st.players[p as usize].debt + amount;
            if !(0..=crate::limits::MAX_AMOUNT).contains(&debt) {
                return Err(rt(format!(
                    "add_debt: {name} owes {}; adding {amount} would make it {debt}, outside 0 to {} (limits::MAX_AMOUNT)",
                    this.st.players[p as usize].debt,
                    crate::limits::MAX_AMOUNT
                )));
            }
            this.st.players[p as usize].debt = debt;
            Ok(())
        });

        m.add_method_mut("set_price", |_, this, (id, row, col): (String, Value, Value)| {
            let c = corp(&this.st, &id)?;
            let (row, col) = (args::whole("set_price", "row", &row)?, args::whole("set_price", "column", &col)?);
            let cell = |x: i64| u8::try_from(x).ok();
            let Some(pos) = cell(row).zip(cell(col)).map(|(row, col)| crate::game::state::MarketPos { row, col }) else {
                return Err(rt(format!("set_price: the market has no cell at row {row}, column {col}")));
            };
            if this.title.market.cell(pos.row as usize, pos.col as usize).is_none() {
                return Err(rt(format!("set_price: the market has no cell at row {row}, column {col}")));
            }
            this.ops().set_price(c, pos);
            Ok(())
        });

        m.add_method_mut("set_floated", |_, this, (id, par): (String, Value)| {
            let c = corp(&this.st, &id)?;
            let par = match args::given(&par) {
                Some(v) => Some(args::price("set_floated", "par", v)?),
                None => None,
            };
            this.ops().set_floated(c, par).map_err(game_err)
        });
        m.add_method_mut("set_revenue", |_, this, amount: Value| {
            use crate::game::flow::RoundData;
            let amount = args::price("set_revenue", "amount", &amount)?;
            let RoundData::Operating(o) = &mut this.st.flow.round.data else { return Err(rt("set_revenue: only in an operating round")) };
            if o.current.is_none() {
                return Err(rt("set_revenue: no corporation is operating"));
            }
            o.turn.revenue = Some(amount);
            Ok(())
        });
        m.add_method_mut("pay_dividend", |_, this, (id, kind, revenue, moves): (String, String, Value, Option<String>)| {
            use crate::game::action::DividendKind;
            let c = corp(&this.st, &id)?;
            let kind = match kind.as_str() {
                "payout" => DividendKind::Payout,
                "half" => DividendKind::Half,
                "withhold" => DividendKind::Withhold,
                other => return Err(rt(format!("pay_dividend: the kind is payout, half or withhold, not '{other}'"))),
            };
            let revenue = args::price("pay_dividend", "revenue", &revenue)?;
            if let Some(m) = &moves
                && let Some(bad) = m.split(',').map(str::trim).find(|d| !d.is_empty() && *d != "none" && Dir::parse(d).is_none())
            {
                return Err(rt(format!("pay_dividend: the move '{bad}' is not left, right, up, down or none")));
            }
            this.ops().pay_dividend(c, kind, revenue, moves.as_deref()).map_err(game_err)
        });
        m.add_method_mut("replace_token", |_, this, (label, from, to): (String, String, String)| {
            let h = hex(&this.title, &label)?;
            let (f, t) = (corp(&this.st, &from)?, corp(&this.st, &to)?);
            this.ops().replace_token(h, f, t).map_err(game_err)
        });
        m.add_method_mut("set_actor", |_, this, who: Option<String>| {
            use crate::game::flow::RoundData;
            let actor = match who {
                None => None,
                Some(w) => Some(match purse(&this.st, &w)? {
                    Purse::Player(p) => Actor::Player(p),
                    Purse::Corp(c) => Actor::Corp(c),
                    Purse::Bank => return Err(rt("the bank cannot act")),
                }),
            };
            let RoundData::Script(s) = &mut this.st.flow.round.data else { return Err(rt("set_actor is for script rounds")) };
            s.current = actor;
            Ok(())
        });
        m.add_method_mut("end_round", |_, this, ()| {
            use crate::game::flow::RoundData;
            let RoundData::Script(s) = &mut this.st.flow.round.data else { return Err(rt("end_round is for script rounds")) };
            s.finished = true;
            Ok(())
        });

        m.add_method_mut("random", |_, this, n: Value| {
            let n = args::int_in("random", "n", &n, 1, i64::MAX)? as u64;
            // Deterministic: a function of the seed, the actions so far and
            // the draws made in this action (the first draw of an action
            // is what it was before draws were counted).
            let count = this.st.action_count;
            let draw = if this.st.random_draws.0 == count { this.st.random_draws.1 } else { 0 };
            this.st.random_draws = (count, draw + 1);
            let x = this.st.seed ^ count.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ draw.wrapping_mul(0xD6E8_FEB8_6659_FD93);
            let x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            let x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            Ok(((x ^ (x >> 31)) % n + 1) as i64)
        });

        m.add_method("money", |_, this, amount: Value| Ok(this.title.money(args::whole("money", "amount", &amount)?)));
    }
}

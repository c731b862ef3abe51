//! The tables scripts read (a corporation, a player, a company, props)
//! and the lookups of names in the state, shared by the `game` methods.

use super::*;
use crate::script::convert::{Scalar, records_to_lua};

pub(super) fn purse(st: &GameState, name: &str) -> mlua::Result<Purse> {
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

pub(super) fn corp(st: &GameState, id: &str) -> mlua::Result<CorpId> {
    st.corp_index(id).ok_or_else(|| rt(format!("no corporation '{id}'")))
}

pub(super) fn investor(t: &Title, id: &str) -> mlua::Result<InvestorId> {
    t.investor_index(id).ok_or_else(|| {
        let ids: Vec<&str> = t.investors.iter().map(|i| i.id.as_str()).collect();
        rt(format!("no investor '{id}' (investors: {})", if ids.is_empty() { "none".to_string() } else { ids.join(", ") }))
    })
}

pub(super) fn player(st: &GameState, name: &str) -> mlua::Result<PlayerId> {
    st.player_index(name).ok_or_else(|| rt(format!("no player '{name}'")))
}

pub(super) fn company(st: &GameState, id: &str) -> mlua::Result<CompanyId> {
    st.company_index(id).ok_or_else(|| rt(format!("no company '{id}'")))
}

pub(super) fn hex(t: &Title, label: &str) -> mlua::Result<HexId> {
    t.map.hex(label).ok_or_else(|| rt(format!("no hex '{label}'")))
}


pub(super) fn actor_name(st: &GameState, a: Actor) -> String {
    match a {
        Actor::Player(p) => st.players[p as usize].name.clone(),
        Actor::Corp(c) => st.corps[c].id.clone(),
    }
}

/// The fields of `game:turn()`, each also read alone by `game:turn_field`.
pub const TURN_FIELDS: &[&str] = &["tiles", "tokens", "revenue", "trains_bought", "issued", "emergency", "vars", "done"];

/// The error for a field `what` does not have, with the nearest of its
/// `known` fields as a hint.
pub(super) fn no_field(what: &str, field: &str, known: &[&str]) -> mlua::Error {
    let hint = crate::title::compile::did_you_mean(field, known.iter().copied());
    rt(format!("{what} has no field '{field}'{}", hint.map(|h| format!(" ({h})")).unwrap_or_default()))
}

/// The operating corporation's turn, if an operating round is on.
pub(crate) fn operating_turn(st: &GameState) -> Option<&crate::game::flow::OrTurn> {
    match &st.flow.round.data {
        crate::game::flow::RoundData::Operating(o) => Some(&o.turn),
        _ => None,
    }
}

/// One field of the turn (`TURN_FIELDS`).
pub(super) fn turn_field(lua: &Lua, turn: &crate::game::flow::OrTurn, key: &str) -> mlua::Result<Value> {
    Ok(match key {
        "tiles" => turn.tiles.into_lua(lua)?,
        "tokens" => turn.tokens.into_lua(lua)?,
        "revenue" => turn.revenue.into_lua(lua)?,
        "trains_bought" => turn.trains_bought.into_lua(lua)?,
        "issued" => turn.issued.into_lua(lua)?,
        "emergency" => turn.emergency.into_lua(lua)?,
        "vars" => {
            let vars = lua.create_table()?;
            for (k, v) in &turn.vars {
                vars.set(k.as_str(), super::to_lua(lua, v)?)?;
            }
            Value::Table(vars)
        }
        "done" => Value::Table(lua.create_sequence_from(turn.done_steps.iter().cloned())?),
        _ => Value::Nil,
    })
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
    "investor_percent",
    "corporate_percent",
    "certificates",
    "companies",
    "train_limit",
    "unit_percent",
    "state",
    "props",
];

/// A table of every field in `keys` read one by one with `read`, so that
/// a table and its single-field reads agree by construction. Absent
/// fields (nil) are left out, as `raw_set(key, nil)` would.
pub(super) fn table_of_fields(lua: &Lua, keys: &[&str], mut read: impl FnMut(&str) -> mlua::Result<Option<Value>>) -> mlua::Result<Table> {
    let tb = lua.create_table_with_capacity(0, keys.len())?;
    for key in keys {
        if let Some(v) = read(key)?
            && !v.is_nil()
        {
            tb.raw_set(*key, v)?;
        }
    }
    Ok(tb)
}

pub(super) fn corp_table(lua: &Lua, t: &Title, st: &GameState, c: CorpId) -> mlua::Result<Table> {
    table_of_fields(lua, CORP_FIELDS, |key| corp_field(lua, t, st, c, key))
}

/// A field that is a scalar (or nil): `Some(value)`, `None` for the
/// other fields. `corp_field` reads these through it, and so does the
/// fast `corporation_field` (`fast.rs`): both give the same values.
pub(crate) fn corp_scalar<'a>(t: &'a Title, st: &'a GameState, c: CorpId, key: &str) -> Option<Option<Scalar<'a>>> {
    let corp = &st.corps[c];
    // The boolean flags: one reading, shared with `corporations(filter)`.
    if let Some(read) = corp_flag(key) {
        return Some(Some(Scalar::Bool(read(corp))));
    }
    let def = &t.corporations[corp.def];
    Some(match key {
        "id" => Some(Scalar::Str(&corp.id)),
        "name" => Some(Scalar::Str(&def.name)),
        "kind" => Some(Scalar::Str(&t.corporation_kinds[corp.kind].id)),
        "operated" => Some(Scalar::Int(i64::from(corp.operated))),
        "cash" => Some(Scalar::Int(corp.cash)),
        "price" => corp.price.is_some().then(|| Scalar::Int(price_of(t, st, c))),
        "market_row" => corp.price.map(|p| Scalar::Int(i64::from(p.row))),
        "market_col" => corp.price.map(|p| Scalar::Int(i64::from(p.col))),
        "par" => corp.par.map(Scalar::Int),
        "president" => st.president(c).map(|p| Scalar::Str(&st.players[p as usize].name)),
        "start_order" => Some(Scalar::Int(i64::from(corp.start_order))),
        "destination" => def.destination.as_deref().map(Scalar::Str),
        "home" => corp.home.map(|(h, _)| Scalar::Str(&t.map.hexes[h as usize].label)),
        "home_city" => corp.home.map(|(_, city)| Scalar::Int(i64::from(city))),
        _ => return None,
    })
}

/// A station token's record in a corporation's `tokens` (the fast
/// `corporation_field` pushes the same).
pub(crate) fn token_record<'a>(t: &'a Title, tk: &crate::game::state::Token) -> [(&'static str, Option<Scalar<'a>>); 4] {
    let placed = tk.placed.map(|(h, s)| (Scalar::Str(&t.map.hexes[h as usize].label), Scalar::Int(i64::from(s))));
    [("cost", Some(Scalar::Int(tk.cost))), ("lost", Some(Scalar::Bool(tk.lost))), ("hex", placed.map(|p| p.0)), ("stop", placed.map(|p| p.1))]
}

/// A scalar field's Lua value.
pub(crate) fn scalar_value(lua: &Lua, v: Option<Scalar<'_>>) -> mlua::Result<Value> {
    Ok(match v {
        None => Value::Nil,
        Some(Scalar::Int(n)) => Value::Integer(n),
        Some(Scalar::Bool(b)) => Value::Boolean(b),
        Some(Scalar::Str(s)) => s.into_lua(lua)?,
    })
}

/// One field of a corporation's table, built alone: `None` when there is
/// no such field. The table and the single reads agree by construction.
pub(super) fn corp_field(lua: &Lua, t: &Title, st: &GameState, c: CorpId, key: &str) -> mlua::Result<Option<Value>> {
    if let Some(v) = corp_scalar(t, st, c, key) {
        return scalar_value(lua, v).map(Some);
    }
    let corp = &st.corps[c];
    let def = &t.corporations[corp.def];
    let v = match key {
        // Lists of records, each built in one crossing (`records_to_lua`).
        "trains" => {
            let mut fields = Vec::new();
            for tr in st.trains.iter().filter(|x| x.owner == TrainOwner::Corp(c)) {
                let class = &t.trains[tr.class as usize];
                fields.extend([
                    ("id", Some(Scalar::Str(&tr.id))),
                    ("class", Some(Scalar::Str(&class.name))),
                    ("variant", Some(Scalar::Str(&class.variants[tr.variant as usize].name))),
                ]);
            }
            records_to_lua(lua, 3, &fields)?
        }
        "tokens" => {
            let fields: Vec<_> = corp.tokens.iter().flat_map(|tk| token_record(t, tk)).collect();
            records_to_lua(lua, 4, &fields)?
        }
        "state" => crate::game::corp_state::state_of(t, st, c).map(|s| s.name.as_str()).into_lua(lua)?,
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
        // What each investor holds, by investor id (only those holding some).
        "investor_percent" => {
            let held = lua.create_table()?;
            for i in 0..t.investors.len() {
                let pct = st.percent(c, CertOwner::Investor(InvestorId(i as u8)));
                if pct > 0 {
                    held.raw_set(t.investors[i].id.as_str(), pct)?;
                }
            }
            Value::Table(held)
        }
        // What each corporation holds, by corporation id (only those
        // holding some): whether one holds shares of another without
        // reading the certificate list (18FB's financial step asks it of
        // every company at every turn).
        "corporate_percent" => {
            // Summed in Rust, then made a table in one pass.
            let mut held = std::collections::BTreeMap::<&str, u32>::new();
            for cert in &corp.certs {
                if let CertOwner::Corp(o) = cert.owner {
                    *held.entry(st.corps[o].id.as_str()).or_default() += u32::from(cert.percent);
                }
            }
            Value::Table(lua.create_table_from(held)?)
        }
        "certificates" => {
            let mut fields = Vec::with_capacity(corp.certs.len() * 5);
            for cert in &corp.certs {
                let owner = match cert.owner {
                    CertOwner::Treasury => "treasury",
                    CertOwner::Pool => "pool",
                    CertOwner::Player(p) => st.players[p as usize].name.as_str(),
                    CertOwner::Corp(o) => st.corps[o].id.as_str(),
                    CertOwner::Removed => "removed",
                    CertOwner::Investor(i) => t.investor_id(i),
                };
                fields.extend([
                    ("index", Some(Scalar::Int(i64::from(cert.index)))),
                    ("percent", Some(Scalar::Int(i64::from(cert.percent)))),
                    ("president", Some(Scalar::Bool(cert.president))),
                    ("tag", cert.tag.as_deref().map(Scalar::Str)),
                    ("owner", Some(Scalar::Str(owner))),
                ]);
            }
            records_to_lua(lua, 5, &fields)?
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
pub(super) fn kind_table(lua: &Lua, k: &crate::title::schema::CorporationKindDef) -> mlua::Result<Table> {
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
pub(super) fn corp_filter(filter: &Table) -> mlua::Result<Vec<(String, Value)>> {
    let mut conds = Vec::new();
    for pair in filter.pairs::<Value, Value>() {
        let (k, v) = pair?;
        let Value::String(k) = k else { return Err(rt("corporations(filter): the filter's keys are field names")) };
        let field = k.to_str()?.to_string();
        if !CORP_FIELDS.contains(&field.as_str()) {
            return Err(no_field("corporations(filter): a corporation", &field, CORP_FIELDS));
        }
        if !matches!(v, Value::Boolean(_) | Value::Integer(_) | Value::Number(_) | Value::String(_)) {
            return Err(rt(format!("corporations(filter): '{field}' must be compared with a boolean, number or string, not a {}", v.type_name())));
        }
        conds.push((field, v));
    }
    conds.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(conds)
}

/// `corporations(filter, order)`: the corporations sorted by the field
/// `order` (numbers or strings, smallest first; those where it is nil
/// last), ties in play order.
pub(super) fn corp_order(lua: &Lua, t: &Title, st: &GameState, corps: Vec<CorpId>, order: &str) -> mlua::Result<Vec<CorpId>> {
    if !CORP_FIELDS.contains(&order) {
        return Err(no_field("corporations(filter, order): a corporation", order, CORP_FIELDS));
    }
    enum Key {
        Num(f64),
        Text(Vec<u8>),
        Nil,
    }
    let mut keyed = Vec::with_capacity(corps.len());
    for c in corps {
        let key = match corp_field(lua, t, st, c, order)?.unwrap_or(Value::Nil) {
            Value::Integer(i) => Key::Num(i as f64),
            Value::Number(n) => Key::Num(n),
            Value::String(s) => Key::Text(s.as_bytes().to_vec()),
            Value::Nil => Key::Nil,
            v => return Err(rt(format!("corporations(filter, order): '{order}' is a {}; the order is by a number or a string field", v.type_name()))),
        };
        keyed.push((key, c));
    }
    let mut kinds = keyed.iter().filter_map(|(k, _)| match k {
        Key::Num(_) => Some(true),
        Key::Text(_) => Some(false),
        Key::Nil => None,
    });
    if let Some(first) = kinds.next()
        && kinds.any(|k| k != first)
    {
        return Err(rt(format!("corporations(filter, order): '{order}' holds numbers and strings; they cannot be put in one order")));
    }
    // Stable: ties stay in play order.
    keyed.sort_by(|(a, _), (b, _)| match (a, b) {
        (Key::Num(x), Key::Num(y)) => x.total_cmp(y),
        (Key::Text(x), Key::Text(y)) => x.cmp(y),
        (Key::Nil, Key::Nil) => std::cmp::Ordering::Equal,
        (Key::Nil, _) => std::cmp::Ordering::Greater,
        (_, Key::Nil) => std::cmp::Ordering::Less,
        _ => std::cmp::Ordering::Equal,
    });
    Ok(keyed.into_iter().map(|(_, c)| c).collect())
}

/// Reads one boolean field of a corporation from its state.
pub(super) type CorpFlag = fn(&crate::game::state::Corp) -> bool;

/// A boolean field of a corporation, read from its state: what
/// `corp_field` answers for it, and what `corporations(filter)` compares
/// without building a Lua value per corporation.
pub(super) fn corp_flag(field: &str) -> Option<CorpFlag> {
    Some(match field {
        "in_play" => |c| c.in_play,
        "started" => |c| c.started,
        "floated" => |c| c.floated,
        "closed" => |c| c.closed,
        "reached_end" => |c| c.reached_end,
        _ => return None,
    })
}

/// Lua's `==` on the values a filter compares (booleans, numbers, strings, nil).
pub(super) fn scalar_eq(a: &Value, b: &Value) -> bool {
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

pub(super) fn player_table(lua: &Lua, t: &Title, st: &GameState, p: PlayerId) -> mlua::Result<Table> {
    table_of_fields(lua, PLAYER_FIELDS, |key| player_field(lua, t, st, p, key))
}

/// One field of a player's table, built alone: `None` when there is no
/// such field.
pub(super) fn player_field(lua: &Lua, t: &Title, st: &GameState, p: PlayerId, key: &str) -> mlua::Result<Option<Value>> {
    if let Some(v) = player_scalar(t, st, p, key) {
        return scalar_value(lua, v).map(Some);
    }
    let v = match key {
        "shares" => {
            let shares = lua.create_table()?;
            for (c, corp) in st.corps.iter().enumerate() {
                let pct = st.percent(CorpId::from(c), CertOwner::Player(p));
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

/// A player's scalar field (as `corp_scalar`).
pub(crate) fn player_scalar<'a>(t: &'a Title, st: &'a GameState, p: PlayerId, key: &str) -> Option<Option<Scalar<'a>>> {
    let pl = &st.players[p as usize];
    Some(Some(match key {
        "name" => Scalar::Str(&pl.name),
        "cash" => Scalar::Int(pl.cash),
        "loans" => Scalar::Int(i64::from(pl.loans)),
        "debt" => Scalar::Int(pl.debt),
        "left" => Scalar::Bool(pl.left),
        "certificates" => Scalar::Int(cert_count(t, st, p) as i64),
        _ => return None,
    }))
}

/// `game:investor(id)`: `{ id, name, certificates, shares = { CORP =
/// percent }, certs = { CORP = count } }`; `certificates` counts all it
/// holds.
pub(super) fn investor_table(lua: &Lua, t: &Title, st: &GameState, i: InvestorId) -> mlua::Result<Table> {
    let def = &t.investors[i.index()];
    let tb = lua.create_table()?;
    tb.raw_set("id", def.id.as_str())?;
    tb.raw_set("name", def.name.as_str())?;
    let (shares, certs) = (lua.create_table()?, lua.create_table()?);
    let mut total = 0usize;
    for corp in st.corps.iter() {
        let held: Vec<&crate::game::state::Cert> = corp.certs.iter().filter(|x| x.owner == CertOwner::Investor(i)).collect();
        if !held.is_empty() {
            shares.raw_set(corp.id.as_str(), held.iter().map(|x| x.percent as u32).sum::<u32>())?;
            certs.raw_set(corp.id.as_str(), held.len())?;
            total += held.len();
        }
    }
    tb.raw_set("certificates", total)?;
    tb.raw_set("shares", shares)?;
    tb.raw_set("certs", certs)?;
    Ok(tb)
}

/// The fields of `game:company(id)`, in the order the table is filled.
pub const COMPANY_FIELDS: &[&str] = &["id", "name", "abbr", "kind", "value", "revenue", "used", "owner", "owner_kind", "props"];

pub(super) fn company_table(lua: &Lua, t: &Title, st: &GameState, i: CompanyId) -> mlua::Result<Table> {
    table_of_fields(lua, COMPANY_FIELDS, |key| company_field(lua, t, st, i, key))
}

/// One field of a company's table, built alone: `None` when there is no
/// such field.
pub(super) fn company_field(lua: &Lua, t: &Title, st: &GameState, i: CompanyId, key: &str) -> mlua::Result<Option<Value>> {
    if let Some(v) = company_scalar(t, st, i, key) {
        return scalar_value(lua, v).map(Some);
    }
    let def = &t.companies[st.companies[i].def];
    let v = match key {
        "props" => Value::Table(props_to_lua(lua, &def.props)?),
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// A company's scalar field (as `corp_scalar`).
pub(crate) fn company_scalar<'a>(t: &'a Title, st: &'a GameState, i: CompanyId, key: &str) -> Option<Option<Scalar<'a>>> {
    let co = &st.companies[i];
    let def = &t.companies[co.def];
    Some(match key {
        "id" => Some(Scalar::Str(&co.id)),
        "name" => Some(Scalar::Str(&def.name)),
        "abbr" => def.abbr.as_deref().map(Scalar::Str),
        "kind" => Some(Scalar::Str(&def.kind)),
        "value" => Some(Scalar::Int(def.value)),
        "revenue" => Some(Scalar::Int(co.income(t))),
        "used" => Some(Scalar::Bool(co.used)),
        "owner" => match co.owner {
            CompanyOwner::Player(p) => Some(Scalar::Str(&st.players[p as usize].name)),
            CompanyOwner::Corp(c) => Some(Scalar::Str(&st.corps[c].id)),
            CompanyOwner::Bank | CompanyOwner::Closed => None,
        },
        "owner_kind" => Some(Scalar::Str(match co.owner {
            CompanyOwner::Bank => "bank",
            CompanyOwner::Player(_) => "player",
            CompanyOwner::Corp(_) => "corporation",
            CompanyOwner::Closed => "closed",
        })),
        _ => return None,
    })
}

/// A props table of the title, built once per title scripts' state and
/// sealed read-only (`freeze::kept_sealed`): scripts read props at nearly
/// every call (a company's kind, the title's `game:props()`), and
/// building them anew each time was a twentieth of replaying a recorded
/// game. Kept by the TOML table's address: `props` must belong to the
/// state's title, which the host holds for the state's whole life, so an
/// address names the same props all that time.
pub(super) fn props_to_lua(lua: &Lua, props: &toml::Table) -> mlua::Result<Table> {
    crate::script::freeze::kept_sealed(lua, (std::ptr::from_ref(props) as usize, 0), |lua| fresh_props(lua, props))
}

/// A title's props as a new, writable Lua table, converted straight from
/// the TOML (going through a cloned TOML table and a `Var` tripled the
/// cost); what [`props_to_lua`] keeps.
pub(super) fn fresh_props(lua: &Lua, props: &toml::Table) -> mlua::Result<Table> {
    let tb = lua.create_table_with_capacity(0, props.len())?;
    for (k, v) in props {
        tb.raw_set(k.as_str(), toml_to_lua(lua, v)?)?;
    }
    Ok(tb)
}

pub(super) fn toml_to_lua(lua: &Lua, v: &toml::Value) -> mlua::Result<Value> {
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
        toml::Value::Table(m) => Value::Table(fresh_props(lua, m)?),
    })
}


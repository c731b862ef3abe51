//! `game` methods that ask about direct routes over the track
//! (`game::direct_routes`): `direct_routes` lists them from one stop,
//! `cheapest_connection` gives the cheapest cost between two hexes. Reads:
//! they may be asked in question hooks too.

use super::*;
use crate::game::direct_routes::{DirectRouteOpts, cheapest_connection, direct_routes};
use crate::title::schema::StopKind;
use std::collections::BTreeMap;

const KINDS: &[StopKind] = &[StopKind::City, StopKind::Town, StopKind::Offboard, StopKind::Port, StopKind::Mine, StopKind::Mountain];
const OPTS: &[&str] = &["costs", "through", "to", "corp"];

pub(super) fn add<M: UserDataMethods<GameRef>>(m: &mut Methods<'_, M>) {
    m.add_method_any("direct_routes", |lua, this, (label, stop, opts): (Value, Value, Value)| {
        const M: &str = "direct_routes";
        let h = hex_arg(&this.title, M, "hex", &label)?;
        let stop = args::stop(M, &this.title, &this.st, h, &stop)?;
        let opts = read_opts(&this.st, M, &opts)?;
        let found = direct_routes(&this.title, &this.st, (h, stop), &opts).map_err(|e| rt(format!("{M}: {e}")))?;
        let label = |h: HexId| this.title.map.hexes[h as usize].label.as_str();
        let out = lua.create_table()?;
        for r in &found.routes {
            let tb = lua.create_table()?;
            tb.raw_set("to", label(r.to.0))?;
            tb.raw_set("stop", r.to.1)?;
            tb.raw_set("cost", r.cost)?;
            let towns = lua.create_table()?;
            for &(h, s) in &r.towns {
                let town = lua.create_table()?;
                town.raw_set("hex", label(h))?;
                town.raw_set("stop", s)?;
                towns.raw_push(town)?;
            }
            tb.raw_set("towns", towns)?;
            tb.raw_set("hexes", lua.create_sequence_from(r.hexes.iter().map(|h| label(*h)))?)?;
            let borders = lua.create_table()?;
            for c in &r.crossings {
                let b = lua.create_table()?;
                b.raw_set("from", label(c.from))?;
                b.raw_set("to", label(c.to))?;
                b.raw_set("terrain", c.terrain.as_deref().unwrap_or(crate::game::direct_routes::PLAIN))?;
                borders.raw_push(b)?;
            }
            tb.raw_set("borders", borders)?;
            out.raw_push(tb)?;
        }
        Ok((out, !found.complete))
    });
    m.add_method_any("cheapest_connection", |_, this, (from, to, opts): (Value, Value, Value)| {
        const M: &str = "cheapest_connection";
        let f = hex_arg(&this.title, M, "from", &from)?;
        let t = hex_arg(&this.title, M, "to", &to)?;
        let opts = read_opts(&this.st, M, &opts)?;
        cheapest_connection(&this.title, &this.st, f, t, &opts).map_err(|e| rt(format!("{M}: {e}")))
    });
}

/// A hex label argument, named in the error.
fn hex_arg(t: &Title, method: &str, arg: &str, v: &Value) -> mlua::Result<HexId> {
    let Value::String(s) = v else {
        return Err(rt(format!("{method}: {arg} must be a hex label, not a {}", v.type_name())));
    };
    let label = s.to_string_lossy();
    t.map.hex(&label).ok_or_else(|| rt(format!("{method}: {arg}: no hex '{label}'")))
}

/// `{ costs = { plain = 10, river = 40 }, through = { "town" }, to = { "city" }, corp = "FMS" }`:
/// `costs` is required, every other key optional; an unknown key, kind or
/// corporation is an error.
fn read_opts(st: &GameState, method: &str, v: &Value) -> mlua::Result<DirectRouteOpts> {
    let Value::Table(t) = v else {
        return Err(rt(format!("{method}: opts must be a table with `costs`, not {}", if v.is_nil() { "nil".to_string() } else { format!("a {}", v.type_name()) })));
    };
    for pair in t.clone().pairs::<Value, Value>() {
        let (k, _) = pair?;
        let known = matches!(&k, Value::String(s) if OPTS.contains(&&*s.to_string_lossy()));
        if !known {
            let shown = match &k {
                Value::String(s) => format!("'{}'", s.to_string_lossy()),
                other => format!("a {} key", other.type_name()),
            };
            return Err(rt(format!("{method}: opts has {shown}; it takes {}", OPTS.join(", "))));
        }
    }
    let Value::Table(costs_t) = t.raw_get::<Value>("costs")? else {
        return Err(rt(format!("{method}: opts.costs must be a table of terrain = cost ({{ plain = 10, river = 40 }})")));
    };
    let mut costs = BTreeMap::new();
    for pair in costs_t.pairs::<Value, Value>() {
        let (k, v) = pair?;
        let Value::String(name) = k else {
            return Err(rt(format!("{method}: opts.costs is keyed by terrain names, not a {}", k.type_name())));
        };
        let name = name.to_string_lossy();
        let cost = args::price(method, &format!("opts.costs.{name}"), &v)?;
        costs.insert(name, cost);
    }
    let through = kinds(method, "through", &t.raw_get::<Value>("through")?, &[StopKind::Town])?;
    let to = kinds(method, "to", &t.raw_get::<Value>("to")?, &[StopKind::City])?;
    let corp = match t.raw_get::<Value>("corp")? {
        Value::Nil => None,
        Value::String(s) => {
            let id = s.to_string_lossy();
            Some(st.corp_index(&id).ok_or_else(|| rt(format!("{method}: opts.corp: no corporation '{id}'")))?)
        }
        other => return Err(rt(format!("{method}: opts.corp must be a corporation id, not a {}", other.type_name()))),
    };
    Ok(DirectRouteOpts { costs, through, to, corp })
}

/// A list of stop kind names ("city", "town", "mine"...), `default` when nil.
fn kinds(method: &str, key: &str, v: &Value, default: &[StopKind]) -> mlua::Result<Vec<StopKind>> {
    let list = match v {
        Value::Nil => return Ok(default.to_vec()),
        Value::Table(t) => args::list(method, &format!("opts.{key} kinds"), t, KINDS.len(), "one of each kind")?,
        other => return Err(rt(format!("{method}: opts.{key} must be a list of stop kinds, not a {}", other.type_name()))),
    };
    let names: Vec<&str> = KINDS.iter().map(|k| k.name()).collect();
    list.iter()
        .map(|v| {
            let name = match v {
                Value::String(s) => s.to_string_lossy(),
                other => other.type_name().to_string(),
            };
            KINDS.iter().copied().find(|k| k.name() == name).ok_or_else(|| rt(format!("{method}: opts.{key}: '{name}' is not a stop kind ({})", names.join(", "))))
        })
        .collect()
}

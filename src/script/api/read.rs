//! `game` methods that read: the title, players, corporations, companies, the board, the round and turn.
//! Each is registered through `Methods`, with the memory cap lifted
//! while it builds its answer.

use super::*;

pub(super) fn add<M: UserDataMethods<GameRef>>(m: &mut Methods<'_, M>) {
    m.add_method("title", |_, this, ()| Ok(this.title.meta.id.clone()));
    m.add_method("option", |_, this, id: String| Ok(this.title.option_on(&id)));
    m.add_method("seed", |_, this, ()| Ok(this.st.seed as i64));
    // The title's [props], overlaid with the props of the game's
    // [[player_count]] (1849's number of corporations).
    m.add_method("props", |lua, this, ()| {
        let players = this.st.players.len();
        // Kept per player count: the overlay differs between them.
        crate::script::freeze::kept_sealed(lua, (std::ptr::from_ref(&this.title.props) as usize, players + 1), |lua| {
            let tb = fresh_props(lua, &this.title.props)?;
            if let Some(pc) = this.title.player_count(players) {
                for (k, v) in &pc.props {
                    tb.raw_set(k.as_str(), toml_to_lua(lua, v)?)?;
                }
            }
            Ok(tb)
        })
    });
    m.add_method("player_count", |_, this, ()| Ok(this.st.players.len()));
    // Whether `name` is one of `players()`: what a hook asked by a player
    // or a corporation tells them apart by, in one crossing instead of
    // the whole list (1844's was 2 % of a replay).
    // (The seating orders every player, so a name is in `players()` when
    // it is any player's. Exactly: `player_index` also takes other cases.)
    m.add_method("is_player", |_, this, name: mlua::LuaString| Ok(this.st.players.iter().any(|p| p.name.as_bytes() == &name.as_bytes()[..])));
    m.add_method("players", |lua, this, ()| lua.create_sequence_from(this.st.seats().into_iter().map(|p| this.st.players[p as usize].name.clone())));
    m.add_method("player", |lua, this, name: String| {
        let p = player(&this.st, &name)?;
        player_table(lua, &this.title, &this.st, p)
    });
    // One field of `player(name)` without building the whole table.
    m.add_method("player_field", |lua, this, (name, field): (String, String)| {
        let p = player(&this.st, &name)?;
        player_value(lua, this, p, &field)
    });
    // Several fields of one player in one call, as several values.
    m.add_method("player_fields", |lua, this, (name, fields): (String, mlua::Variadic<String>)| {
        let p = player(&this.st, &name)?;
        read_fields("player_fields", &fields, |f| player_value(lua, this, p, f))
    });
    // Ids in play, those whose fields equal the filter's values with one.
    m.add_method_any("corporations", |lua, this, (filter, order): (Option<Table>, Option<String>)| {
        if filter.is_none() && order.is_none() {
            return lua.create_sequence_from(this.st.corps.iter().filter(|c| c.in_play).map(|c| c.id.clone()));
        }
        let conds = match &filter {
            Some(f) => corp_filter(f)?,
            None => Vec::new(),
        };
        // The flags scripts filter on most (`{ floated = true, closed =
        // false }`, asked after every lay) are read from the state
        // directly; other fields as `corporation_field` gives them.
        let conds: Vec<(Option<CorpFlag>, String, Value)> =
            conds.into_iter().map(|(field, want)| (corp_flag(&field), field, want)).collect();
        let mut out: Vec<CorpId> = Vec::new();
        for (c, corp) in this.st.corps.iter().enumerate() {
            if !corp.in_play {
                continue;
            }
            let mut all = true;
            for (flag, field, want) in &conds {
                let holds = match flag {
                    Some(read) => scalar_eq(&Value::Boolean(read(corp)), want),
                    None => scalar_eq(&corp_field(lua, &this.title, &this.st, CorpId::from(c), field)?.unwrap_or(Value::Nil), want),
                };
                if !holds {
                    all = false;
                    break;
                }
            }
            if all {
                out.push(CorpId::from(c));
            }
        }
        if let Some(order) = order {
            out = corp_order(lua, &this.title, &this.st, out, &order)?;
        }
        lua.create_sequence_from(out.into_iter().map(|c| this.st.corps[c].id.as_str()))
    });
    m.add_method("investors", |lua, this, ()| lua.create_sequence_from(this.title.investors.iter().map(|i| i.id.clone())));
    m.add_method("investor", |lua, this, id: String| {
        let i = investor(&this.title, &id)?;
        investor_table(lua, &this.title, &this.st, i)
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
        corp_value(lua, this, c, &field)
    });
    m.add_method("corporation_fields", |lua, this, (id, fields): (String, mlua::Variadic<String>)| {
        let c = corp(&this.st, &id)?;
        read_fields("corporation_fields", &fields, |f| corp_value(lua, this, c, f))
    });
    m.add_method("companies", |lua, this, ()| lua.create_sequence_from(this.st.companies.iter().map(|c| c.id.clone())));
    m.add_method("company", |lua, this, id: String| {
        let i = company(&this.st, &id)?;
        company_table(lua, &this.title, &this.st, i)
    });
    // One field of `company(id)` without building the whole table.
    m.add_method("company_field", |lua, this, (id, field): (String, String)| {
        let i = company(&this.st, &id)?;
        company_value(lua, this, i, &field)
    });
    m.add_method("company_fields", |lua, this, (id, fields): (String, mlua::Variadic<String>)| {
        let i = company(&this.st, &id)?;
        read_fields("company_fields", &fields, |f| company_value(lua, this, i, f))
    });
    m.add_method("phase", |_, this, ()| Ok(this.title.phases[this.st.phase].name.clone()));
    m.add_method("phase_index", |_, this, ()| Ok(this.st.phase + 1));
    // The props of phases.toml's phase (the current one if not named).
    m.add_method("phase_props", |lua, this, name: Option<String>| {
        let i = match name {
            None => this.st.phase,
            Some(n) => this.title.phase_index(&n).ok_or_else(|| rt(format!("phase_props: no phase '{n}'")))?,
        };
        props_to_lua(lua, &this.title.phases[i].props)
    });
    m.add_method("phase_before", |_, this, name: String| {
        let i = this.title.phase_index(&name).ok_or_else(|| rt(format!("no phase '{name}'")))?;
        Ok(this.st.phase < i)
    });
    m.add_method("round", |lua, this, ()| {
        use crate::script::convert::{Scalar, record_to_lua};
        let f = &this.st.flow;
        let kind = this.title.flow.round(&f.round.name).map_or("", |r| r.kind.name());
        record_to_lua(
            lua,
            &[
                ("name", Some(Scalar::Str(&f.round.name))),
                ("kind", Some(Scalar::Str(kind))),
                ("stock_rounds", Some(Scalar::Int(i64::from(f.stock_rounds)))),
                ("set_index", Some(Scalar::Int(i64::from(f.set_index)))),
                ("set_size", Some(Scalar::Int(i64::from(f.set_size)))),
            ],
        )
    });
    m.add_method("current", |_, this, ()| Ok(crate::game::engine::current_actor(&this.title, &this.st).map(|a| actor_name(&this.st, a))));
    m.add_method("operating", |_, this, ()| {
        Ok(match &this.st.flow.round.data {
            crate::game::flow::RoundData::Operating(or) => or.current.map(|c| this.st.corps[c].id.clone()),
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
        let Some(turn) = operating_turn(&this.st) else { return Ok(Value::Nil) };
        let tb = lua.create_table()?;
        for field in TURN_FIELDS {
            tb.raw_set(*field, turn_field(lua, turn, field)?)?;
        }
        Ok(Value::Table(tb))
    });
    m.add_method("turn_field", |lua, this, field: String| {
        if !TURN_FIELDS.contains(&field.as_str()) {
            return Err(no_field("a turn", &field, TURN_FIELDS));
        }
        let Some(turn) = operating_turn(&this.st) else { return Ok(Value::Nil) };
        turn_field(lua, turn, &field)
    });
    m.add_method("turn_var", |lua, this, name: String| {
        let Some(turn) = operating_turn(&this.st) else { return Ok(Value::Nil) };
        turn.vars.get(&name).map_or(Ok(Value::Nil), |v| to_lua(lua, v))
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
    // Every var whose key starts with `prefix`, keyed by the rest of its
    // key: per-entity vars ("dest.<corp>") in one crossing instead of one
    // `var` call per entity.
    m.add_method("vars", |lua, this, prefix: String| crate::script::convert::prefixed_table(lua, &this.st.vars, &prefix));
    m.add_method("share_price", |_, this, id: String| {
        let c = corp(&this.st, &id)?;
        Ok(price_of(&this.title, &this.st, c))
    });
    // A price grid of market.toml's `[prices]` at the corporation's cell
    // (1865's premium prices). Strict: an unknown grid or a corporation
    // without a market token is an error, never a price of 0.
    m.add_method("market_price", |_, this, (id, table): (String, String)| {
        let c = corp(&this.st, &id)?;
        let prices = &this.title.market.prices;
        if !prices.contains_key(&table) {
            let known: Vec<&str> = prices.keys().map(String::as_str).collect();
            return Err(rt(format!("market_price: market.toml has no price table '{table}' (it has: {})", if known.is_empty() { "none".to_string() } else { known.join(", ") })));
        }
        let pos = this.st.corps[c].price.ok_or_else(|| rt(format!("market_price: {id} has no market token")))?;
        this.title.market.extra_price(&table, pos.row as usize, pos.col as usize).ok_or_else(|| rt(format!("market_price: {id} stands on no cell of the market")))
    });
    m.add_method("value_order", |lua, this, ()| {
        let mut ids: Vec<CorpId> = this.st.corp_ids().filter(|c| this.st.corps[*c].price.is_some()).collect();
        ids.sort_by(|a, b| value_order(&this.title, &this.st, *a, *b));
        lua.create_sequence_from(ids.into_iter().map(|c| this.st.corps[c].id.clone()))
    });
    // One scalar field of `hex(label)` without building the whole table
    // (terrain hooks run for every tile a lay could be).
    // One field of `hex(label)` without building the rest of the table.
    m.add_method("hex_field", |lua, this, (label, field): (String, String)| {
        let h = hex(&this.title, &label)?;
        hex_value(lua, this, h, &field, "hex_field")
    });
    m.add_method("hex_fields", |lua, this, (label, fields): (String, mlua::Variadic<String>)| {
        let h = hex(&this.title, &label)?;
        read_fields("hex_fields", &fields, |f| hex_value(lua, this, h, f, "hex_fields"))
    });
    m.add_method("hex", |lua, this, label: String| {
        let h = hex(&this.title, &label)?;
        hex_table(lua, &this.title, &this.st, h)
    });
    // A tile of tiles.toml (or a hex's printed tile): `{ name, color,
    // label, left, stops = { { kind, slots } }, tags }`, `left` the copies
    // still in the supply (-1 unlimited). Lets `can_lay_tile` judge the tile
    // it is asked about (18FB-R-082: no yellow tile on pre-printed yellow).
    m.add_method("tile", |lua, this, name: String| {
        let Some(i) = this.title.tiles.iter().position(|t| t.name == name) else {
            return Err(mlua::Error::external(format!("tile: no tile \"{name}\"")));
        };
        let tile = &this.title.tiles[i];
        let tb = lua.create_table()?;
        tb.raw_set("name", tile.name.as_str())?;
        tb.raw_set("color", tile.color.name())?;
        tb.raw_set("label", tile.label.clone())?;
        tb.raw_set("left", this.st.board.supply.get(i).copied())?;
        let stops = lua.create_table()?;
        for s in &tile.stops {
            let one = lua.create_table()?;
            one.raw_set("kind", s.kind.name())?;
            one.raw_set("slots", s.slots)?;
            stops.raw_push(one)?;
        }
        tb.raw_set("stops", stops)?;
        tb.raw_set("tags", lua.create_sequence_from(tile.tags.iter().cloned())?)?;
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
            // A used train is that train: its id, for `give_train`.
            if let Some(t) = o.pool_train {
                tb.raw_set("id", this.st.trains[t as usize].id.as_str())?;
            }
            out.push(tb)?;
        }
        Ok(out)
    });
    // A train class of trains.toml: `{ name, count, tags, props,
    // variants = { { name, price } } }` (1865 keeps each class's coverage
    // and rank value in its props).
    m.add_method("train_class", |lua, this, name: String| {
        let Some(class) = this.title.trains.iter().find(|c| c.name == name) else {
            return Err(mlua::Error::external(format!("train_class: no train class \"{name}\"")));
        };
        let tb = lua.create_table()?;
        tb.raw_set("name", class.name.as_str())?;
        tb.raw_set("count", class.count)?;
        tb.raw_set("tags", lua.create_sequence_from(class.tags.iter().cloned())?)?;
        tb.raw_set("props", props_to_lua(lua, &class.props)?)?;
        let variants = lua.create_table()?;
        for v in &class.variants {
            let one = lua.create_table()?;
            one.raw_set("name", v.name.as_str())?;
            one.raw_set("price", v.price)?;
            variants.raw_push(one)?;
        }
        tb.raw_set("variants", variants)?;
        Ok(tb)
    });
    m.add_method("trains_left", |_, this, class: String| {
        Ok(this.st.trains.iter().filter(|t| t.owner == TrainOwner::Depot && this.title.trains[t.class as usize].name == class).count())
    });


    m.add_method_any("connected", |_, this, (id, target, from, city): (String, String, Option<String>, Value)| {
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
        if start.is_none() {
            // From its tokens: what the corporation's network reaches, kept
            // per board (`network`), so that a script asking about many hexes
            // (1849's token rights, at every turn from phase 6) walks the
            // board once, not once a hex (the same answer: `connects_on`
            // walks as `reach_on` does and stops at the goal).
            let net = crate::game::network::network(&this.title, &this.st, c);
            return Ok(net.reaches_stop_on(goal));
        }
        let template = crate::game::network::track(&this.title, &this.st);
        Ok(crate::game::graph::connects_on(&this.title, &this.st, &template.graph, &template.adj, c, goal, start))
    });
    // The sides of a hex where a new tile's track would join the
    // corporation's network: its listing of tunnels (1844) offers only
    // those the company's track reaches, as laying them requires.
    m.add_method("reached_edges", |lua, this, (id, label): (String, String)| {
        let c = corp(&this.st, &id)?;
        let h = hex(&this.title, &label)?;
        let net = crate::game::network::network(&this.title, &this.st, c);
        let edges = lua.create_table()?;
        for e in (0..6u8).filter(|e| net.reach.reaches_edge(h, *e)) {
            edges.raw_push(i64::from(e))?;
        }
        Ok(edges)
    });
    m.add_method_any("money", |_, this, amount: Value| Ok(this.title.money(args::whole("money", "amount", &amount)?)));
}

/// The values of `fields`, in their order, read by `one`: what a script
/// would get from one `*_field` call per field, in one crossing of the
/// boundary (each crossing costs more than most reads). At most
/// `limits::MAX_FIELDS_PER_READ` fields, at least one.
fn read_fields(method: &str, fields: &[String], mut one: impl FnMut(&str) -> mlua::Result<Value>) -> mlua::Result<mlua::MultiValue> {
    if fields.is_empty() || fields.len() > crate::limits::MAX_FIELDS_PER_READ {
        return Err(rt(format!("{method} reads 1 to {} fields in one call, not {}", crate::limits::MAX_FIELDS_PER_READ, fields.len())));
    }
    let mut out = mlua::MultiValue::with_capacity(fields.len());
    for f in fields {
        out.push_back(one(f)?);
    }
    Ok(out)
}

// One field each, or an error naming an unknown one: what `*_field` and
// `*_fields` (each field) answer.
fn player_value(lua: &Lua, this: &LuaGame, p: PlayerId, field: &str) -> mlua::Result<Value> {
    player_field(lua, &this.title, &this.st, p, field)?.ok_or_else(|| no_field("a player", field, PLAYER_FIELDS))
}

fn corp_value(lua: &Lua, this: &LuaGame, c: CorpId, field: &str) -> mlua::Result<Value> {
    corp_field(lua, &this.title, &this.st, c, field)?.ok_or_else(|| no_field("a corporation", field, CORP_FIELDS))
}

fn company_value(lua: &Lua, this: &LuaGame, i: CompanyId, field: &str) -> mlua::Result<Value> {
    company_field(lua, &this.title, &this.st, i, field)?.ok_or_else(|| no_field("a company", field, COMPANY_FIELDS))
}

fn hex_value(lua: &Lua, this: &LuaGame, h: HexId, field: &str, method: &str) -> mlua::Result<Value> {
    hex_field(lua, &this.title, &this.st, h, field)?.ok_or_else(|| {
        let hint = crate::title::compile::did_you_mean(field, HEX_FIELDS.iter().copied());
        rt(format!("{method} reads {}, not '{field}'{}", HEX_FIELDS.join(", "), hint.map(|h| format!(" ({h})")).unwrap_or_default()))
    })
}

//! `game` methods that write the board: homes and station tokens, tiles, locks and markers on hexes, the value of stops.
//! Each is registered through `Methods`, so a write is refused while a
//! question is asked (`LuaGame::asking`) and when the action's effects
//! are at their bound.

use super::*;

pub(super) fn add<M: UserDataMethods<GameRef>>(m: &mut Methods<'_, M>) {
    m.add_method_mut("place_home", |_, this, id: String| {
        let c = corp(&this.st, &id)?;
        // A home token left waiting at the start is put down now.
        let waited = std::mem::replace(&mut this.st.corps[c].home_waits, false);
        let done = this.ops().place_home(c).map_err(game_err);
        if done.is_err() {
            this.st.corps[c].home_waits = waited;
        }
        done
    });

    m.add_method_mut_any("set_home", |_, this, (id, label, city): (String, String, Value)| {
        let c = corp(&this.st, &id)?;
        let h = hex(&this.title, &label)?;
        let (city, _) = args::city("set_home", &this.title, &this.st, h, &city)?;
        this.ops().set_home(c, h, city).map_err(game_err)
    });
    // Every token on the hex, or with `corp` only that corporation's (a
    // merged target's token where the acquirer has one already).
    m.add_method_mut("remove_tokens", |lua, this, (label, lose, only): (String, Option<bool>, Option<String>)| {
        let h = hex(&this.title, &label)?;
        let only = match only {
            Some(id) => Some(corp(&this.st, &id).map_err(|e| rt(format!("remove_tokens: corp: {e}")))?),
            None => None,
        };
        let mut removed = Vec::new();
        for c in this.st.corp_ids() {
            if only.is_none_or(|o| o == c) && this.st.corps[c].tokens.iter().any(|t| t.placed.is_some_and(|(x, _)| x == h)) {
                removed.push(this.st.corps[c].id.clone());
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

    m.add_method_mut_any("add_stop_bonus", |_, this, (label, id, amount, stop): (String, String, Value, Value)| {
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

    m.add_method_mut_any("place_token", |_, this, (id, label, city, check_route): (String, String, Value, Option<bool>)| {
        let c = corp(&this.st, &id)?;
        let h = hex(&this.title, &label)?;
        let (_, stop) = args::city("place_token", &this.title, &this.st, h, &city)?;
        let mut ops = this.ops();
        ops.check_token(c, h, stop, check_route.unwrap_or(false)).map_err(game_err)?;
        ops.execute_token(c, h, stop);
        Ok(())
    });

    m.add_method_mut_any("set_tokens", |_, this, (id, costs): (String, Table)| {
        let c = corp(&this.st, &id)?;
        let costs = args::list("set_tokens", "tokens", &costs, MAX_TOKENS, "limits::MAX_TOKENS")?;
        let costs = costs.iter().map(|v| args::price("set_tokens", "a token's cost", v)).collect::<mlua::Result<Vec<i64>>>()?;
        let tokens = &mut this.st.corps[c].tokens;
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

    m.add_method_mut_any("lay_tile", |_, this, (id, label, tile, rotation, opts): (Option<String>, String, String, Value, Option<Table>)| {
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

    m.add_method_mut_any("set_stop_revenue", |_, this, (label, values, stop): (String, Table, Value)| {
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

    // Reserved slots and neutral tokens (`game::stations`).
    m.add_method_mut_any("reserve", |_, this, (label, id, city): (String, String, Value)| {
        let c = corp(&this.st, &id)?;
        let h = hex(&this.title, &label)?;
        let (_, stop) = args::city("reserve", &this.title, &this.st, h, &city)?;
        this.ops().reserve_slot(h, stop, c).map_err(game_err)
    });
    m.add_method_mut("remove_reservation", |_, this, (label, id): (String, String)| {
        let c = corp(&this.st, &id)?;
        let h = hex(&this.title, &label)?;
        Ok(this.ops().remove_reservation(h, c))
    });
    m.add_method_mut("replace_neutral_token", |_, this, (label, token, id): (String, String, String)| {
        let c = corp(&this.st, &id)?;
        let h = hex(&this.title, &label)?;
        this.ops().replace_neutral(h, &token, c).map_err(game_err)
    });

    m.add_method_mut("replace_token", |_, this, (label, from, to): (String, String, String)| {
        let h = hex(&this.title, &label)?;
        let (f, t) = (corp(&this.st, &from)?, corp(&this.st, &to)?);
        this.ops().replace_token(h, f, t).map_err(game_err)
    });
}

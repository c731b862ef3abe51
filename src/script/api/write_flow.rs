//! `game` methods that write the flow of play: variables, steps and rounds, the log, questions and payments asked of players, the end of the game, random draws.
//! Each is registered through `Methods`, so a write is refused while a
//! question is asked (`LuaGame::asking`) and when the action's effects
//! are at their bound.

use super::*;

pub(super) fn add<M: UserDataMethods<GameRef>>(m: &mut Methods<'_, M>) {
    m.add_method_mut_any("set_var", |_, this, (key, value): (LuaString, Value)| {
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

    m.add_method_mut_any("set_turn_var", |_, this, (key, value): (LuaString, Value)| {
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

    m.add_method_mut_any("ask", |lua, this, (who, prompt, choices, handler, data): (String, LuaString, Table, LuaString, Option<Value>)| {
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

    m.add_method_mut_any("raise_money", |lua, this, (name, to, amount, handler, data): (String, String, Value, LuaString, Option<Value>)| {
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

    m.add_method_mut("end_game", |_, this, reason: LuaString| {
        let reason = args::text("end_game", "reason", &reason)?;
        this.fx.event("end_game_requested", [("reason", Var::Str(reason))]);
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

    // A new seating order (18FB re-seats the players by cash after the
    // political round, R-017): every player once.
    m.add_method_mut_any("set_seating", |_, this, names: Vec<String>| {
        let mut order = Vec::new();
        for n in &names {
            let p = player(&this.st, n)?;
            if order.contains(&p) {
                return Err(rt(format!("set_seating: {n} is named twice")));
            }
            order.push(p);
        }
        if order.len() != this.st.players.len() {
            return Err(rt(format!("set_seating: name every player once ({} of {})", order.len(), this.st.players.len())));
        }
        this.st.seating = order;
        Ok(())
    });
    m.add_method_mut("set_priority", |_, this, name: String| {
        this.st.priority = player(&this.st, &name)?;
        Ok(())
    });

    // The ability being applied is the stock turn's purchase (18FB's
    // political card bought from the pool, R-034): one per turn, as a
    // certificate.
    m.add_method_mut("count_as_purchase", |_, this, ()| {
        use crate::game::flow::RoundData;
        let RoundData::Stock(s) = &mut this.st.flow.round.data else { return Err(rt("count_as_purchase: only in a stock round")) };
        s.turn.ability_purchase = true;
        Ok(())
    });

    // A phase a title starts by an event of its own rather than a train
    // (1865: the end of the maritime draft starts phase 2, R-011).
    m.add_method_mut("advance_phase", |_, this, ()| {
        let next = this.st.phase + 1;
        if next >= this.title.phases.len() {
            return Err(rt(format!("advance_phase: phase {} is the last", this.title.phases[this.st.phase].name)));
        }
        let mut ops = this.ops();
        ops.st.phase = next;
        ops.start_phase().map_err(game_err)?;
        Ok(this.title.phases[next].name.clone())
    });

    m.add_method_mut_any("random", |_, this, n: Value| {
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
}

//! `game` methods that write money, corporations, companies and shares: transfers, starts and closures, prices, certificates, loans and debts, revenue and dividends.
//! Each is registered through `Methods`, so a write is refused while a
//! question is asked (`LuaGame::asking`) and when the action's effects
//! are at their bound.

use super::*;

pub(super) fn add<M: UserDataMethods<GameRef>>(m: &mut Methods<'_, M>) {
    m.add_method_mut_any("transfer", |_, this, (from, to, amount): (String, String, Value)| {
        let amount = args::price("transfer", "amount", &amount)?;
        let (f, t) = (purse(&this.st, &from)?, purse(&this.st, &to)?);
        this.ops().transfer(f, t, amount).map_err(game_err)
    });
    m.add_method_mut("close_corporation", |_, this, id: String| {
        let c = corp(&this.st, &id)?;
        this.ops().close_corp(c).map_err(game_err)
    });
    m.add_method_mut_any("merge", |_, this, (target, into, opts): (String, String, Option<Table>)| {
        let t = corp(&this.st, &target).map_err(|e| rt(format!("merge: target: {e}")))?;
        let i = corp(&this.st, &into).map_err(|e| rt(format!("merge: into: {e}")))?;
        let mut keep_tokens = false;
        if let Some(opts) = opts {
            for pair in opts.pairs::<Value, Value>() {
                match pair? {
                    (Value::String(k), Value::Boolean(b)) if k.to_string_lossy() == "keep_tokens" => keep_tokens = b,
                    (Value::String(k), v) if k.to_string_lossy() == "keep_tokens" => return Err(rt(format!("merge: opts.keep_tokens must be a boolean, not a {}", v.type_name()))),
                    (k, _) => return Err(rt(format!("merge: opts takes keep_tokens only, not {}", match k { Value::String(s) => format!("'{}'", s.to_string_lossy()), other => format!("a {} key", other.type_name()) }))),
                }
            }
        }
        this.ops().merge_corp(t, i, keep_tokens).map_err(|e| rt(format!("merge: {e}")))
    });
    m.add_method_mut("remove_corporation", |_, this, id: String| {
        let c = corp(&this.st, &id)?;
        this.st.corps[c].in_play = false;
        Ok(())
    });
    m.add_method_mut_any("set_start_order", |_, this, ids: Table| {
        let ids = args::list("set_start_order", "corporations", &ids, this.st.corps.len(), "one entry per corporation")?;
        // Every id is found before any order changes.
        let mut order = Vec::with_capacity(ids.len());
        for id in &ids {
            let Value::String(id) = id else { return Err(rt(format!("set_start_order: a corporation id must be a string, not a {}", id.type_name()))) };
            order.push(corp(&this.st, &id.to_string_lossy())?);
        }
        for (i, c) in order.into_iter().enumerate() {
            this.st.corps[c].start_order = i as u32;
        }
        Ok(())
    });

    m.add_method_mut_any("set_cert_limit", |_, this, n: Value| {
        this.st.cert_limit = args::count("set_cert_limit", "n", &n)? as u32;
        Ok(())
    });

    m.add_method_mut("close_company", |_, this, id: String| {
        let i = company(&this.st, &id)?;
        this.ops().close_company(i);
        Ok(())
    });
    m.add_method_mut("use_company", |_, this, id: String| {
        let i = company(&this.st, &id)?;
        this.st.companies[i].used = true;
        Ok(())
    });
    // A company's income from now on (18FB's railroad cards drop to D10
    // once their railroad places its first non-home token, R-146).
    m.add_method_mut_any("set_company_revenue", |_, this, (id, amount): (String, Value)| {
        let i = company(&this.st, &id)?;
        let amount = args::amount("set_company_revenue", "amount", &amount)?;
        this.st.companies[i].revenue = Some(amount);
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

    m.add_method_mut_any("move_price", |_, this, (id, dir, n): (String, String, Value)| {
        let c = corp(&this.st, &id)?;
        let d = Dir::parse(&dir).ok_or_else(|| rt(format!("direction '{dir}' is not up, down, left or right")))?;
        let n = match args::given(&n) {
            Some(n) => args::count("move_price", "n", n)?,
            None => 1,
        };
        this.ops().move_price(c, d, n as u32).map_err(game_err)
    });

    // `opts.home = false`: the home token stays off the map (a city with
    // no slot for it, 18FB-R-163); the script puts it down later.
    m.add_method_mut_any("start_corporation", |_, this, (id, price, name, free, opts): (String, Value, String, Option<bool>, Option<Table>)| {
        let price = args::price("start_corporation", "price", &price)?;
        let c = corp(&this.st, &id)?;
        let p = player(&this.st, &name)?;
        let waits = match &opts {
            Some(t) => t.get::<Option<bool>>("home")? == Some(false),
            None => false,
        };
        this.st.corps[c].home_waits = waits;
        let done = this.ops().start_corp(c, price, p, 0, free.unwrap_or(false)).map_err(game_err);
        if done.is_err() {
            this.st.corps[c].home_waits = false;
        }
        done
    });

    m.add_method_mut_any("ask_par", |_, this, (id, name, prices, capital, cause): (String, String, Table, Value, Option<LuaString>)| {
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
    m.add_method_mut_any("take_loan", |_, this, (name, amount): (String, Value)| {
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

    // Hands the presidency of a corporation to a player, who gives the
    // outgoing president certificates worth the president's certificate
    // (the usual swap; with several ways, the outgoing president chooses).
    // Returns whether it changed hands: false when the player already
    // presides or cannot hand over the exact amount (18FB's Garibaldi,
    // R-150; a bankrupt's successor, R-189).
    m.add_method_mut("set_president", |_, this, (id, name): (String, String)| {
        let c = corp(&this.st, &id)?;
        let p = player(&this.st, &name)?;
        if this.st.president(c).is_none() {
            return Err(rt(format!("set_president: {id} has no president to hand over from")));
        }
        this.ops().hand_presidency(c, p, 0).map_err(game_err)
    });
    m.add_method_mut_any("move_certificate", |_, this, (id, index, owner): (String, Value, String)| {
        let c = corp(&this.st, &id)?;
        let index = args::whole("move_certificate", "index", &index)?;
        let certs = &this.st.corps[c].certs;
        let Some(index) = certs.iter().map(|x| x.index).find(|&i| i64::from(i) == index) else {
            let last = certs.iter().map(|x| x.index).max().unwrap_or(0);
            return Err(rt(format!("move_certificate: {id} has certificates 0 to {last}, no certificate {index}")));
        };
        let to = match owner.as_str() {
            "pool" => CertOwner::Pool,
            "treasury" | "ipo" => CertOwner::Treasury,
            "removed" => CertOwner::Removed,
            other if this.title.investor_index(other).is_some() => {
                let i = investor(&this.title, other)?;
                // An investor is never president (1865-R-035).
                if this.st.corps[c].certs.iter().any(|x| x.index == index && x.president) {
                    return Err(rt(format!("move_certificate: the president's certificate of {id} cannot go to the investor {other}: an investor is never president")));
                }
                CertOwner::Investor(i)
            }
            other => match purse(&this.st, other)? {
                Purse::Player(p) => CertOwner::Player(p),
                Purse::Corp(o) => CertOwner::Corp(o),
                Purse::Bank => CertOwner::Treasury,
            },
        };
        this.ops().move_cert(c, index, to);
        Ok(())
    });

    // A corporation takes another kind of companies.toml (1865's minor
    // becoming a major): its certificates are re-faced where they are.
    m.add_method_mut("convert_corporation", |_, this, (id, kind): (String, String)| {
        let c = corp(&this.st, &id)?;
        let Some(to) = this.title.corporation_kinds.iter().position(|k| k.id == kind) else {
            let hint = crate::title::compile::did_you_mean(&kind, this.title.corporation_kinds.iter().map(|k| k.id.as_str()));
            return Err(rt(format!("convert_corporation: no corporation kind '{kind}'{}", hint.map(|h| format!(" ({h})")).unwrap_or_default())));
        };
        this.ops().convert_corp(c, to).map_err(|e| rt(format!("convert_corporation: {e}")))
    });

    // A corporation enters another of the title's states (18FB's building
    // becoming provisional); the state's `next` list limits where to.
    m.add_method_mut("set_corporation_state", |_, this, (id, state): (String, String)| {
        let c = corp(&this.st, &id)?;
        this.ops().set_corporation_state(c, &state).map_err(|e| rt(format!("set_corporation_state: {e}")))
    });

    m.add_method_mut_any("add_debt", |_, this, (name, amount): (String, Value)| {
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

    m.add_method_mut_any("set_price", |_, this, (id, row, col): (String, Value, Value)| {
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

    m.add_method_mut_any("set_floated", |_, this, (id, par): (String, Value)| {
        let c = corp(&this.st, &id)?;
        let par = match args::given(&par) {
            Some(v) => Some(args::price("set_floated", "par", v)?),
            None => None,
        };
        this.ops().set_floated(c, par).map_err(game_err)
    });
    m.add_method_mut_any("set_revenue", |_, this, amount: Value| {
        use crate::game::flow::RoundData;
        let amount = args::price("set_revenue", "amount", &amount)?;
        let RoundData::Operating(o) = &mut this.st.flow.round.data else { return Err(rt("set_revenue: only in an operating round")) };
        if o.current.is_none() {
            return Err(rt("set_revenue: no corporation is operating"));
        }
        o.turn.revenue = Some(amount);
        Ok(())
    });
    m.add_method_mut_any("pay_dividend", |_, this, (id, kind, revenue, moves): (String, String, Value, Option<String>)| {
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
}

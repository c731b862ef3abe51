//! Test-only position setters on `g`: build a position in a few lines
//! instead of replaying a game. Each goes through the same `Ops`
//! operations as the engine, hands the events it causes to the title's
//! scripts, is atomic (a refused setter changes nothing), and keeps money
//! conserved: money only moves from or to the bank.
//!
//! A game changed by a setter is no longer the replay of its action log,
//! so `save` and `undo` refuse it.

use super::assert::fail;
use super::game::TestGame;
use crate::game::board::LayRules;
use crate::game::engine::Engine;
use crate::game::graph::city_stop;
use crate::game::ids::*;
use crate::game::ops::{Effects, GameError, GameResult, Ops};
use crate::game::var::Var;
use mlua::{Lua, UserDataMethods};

/// Runs `f` on the game's state through `Ops`, then hands the events to
/// the title's scripts; on any error the state is restored.
fn with_ops<R>(lua: &Lua, tg: &mut TestGame, what: &str, f: impl FnOnce(&mut Ops) -> GameResult<R>) -> mlua::Result<R> {
    with_engine(lua, tg, what, |e| f(&mut e.ops()))
}

/// `with_ops` for a setter that needs the engine: one whose result the
/// title's rules decide (who is president after `give_share`).
fn with_engine<R>(lua: &Lua, tg: &mut TestGame, what: &str, f: impl FnOnce(&mut Engine) -> GameResult<R>) -> mlua::Result<R> {
    let game = &mut tg.game;
    let before = game.state.clone();
    let mut fx = Effects::default();
    let mut engine = Engine::new(&game.title, &mut game.state, &mut fx, &*game.host);
    let result = f(&mut engine).and_then(|v| engine.dispatch().map(|_| v));
    match result {
        Ok(v) => {
            game.log.append(&mut fx.log);
            tg.mark_set(lua, what);
            tg.check(lua, &format!("g:{what}"))?;
            Ok(v)
        }
        Err(e) => {
            game.state = before;
            Err(fail(lua, format!("g:{what}: {e}")))
        }
    }
}

fn invalid<T>(msg: impl Into<String>) -> GameResult<T> {
    Err(GameError::Invalid(msg.into()))
}

fn purse(ops: &Ops, name: &str) -> GameResult<Purse> {
    if name.eq_ignore_ascii_case("bank") {
        return Ok(Purse::Bank);
    }
    if let Some(c) = ops.st.corp_index(name) {
        return Ok(Purse::Corp(c));
    }
    match ops.st.player_index(name) {
        Some(p) => Ok(Purse::Player(p)),
        None => invalid(format!("'{name}' is neither the bank, a corporation nor a player")),
    }
}

fn corp(ops: &Ops, id: &str) -> GameResult<CorpId> {
    ops.st.corp_index(id).map_or_else(|| invalid(format!("no corporation '{id}'")), Ok)
}

fn player(ops: &Ops, name: &str) -> GameResult<PlayerId> {
    ops.st.player_index(name).map_or_else(|| invalid(format!("no player '{name}'")), Ok)
}

pub fn add_methods<M: UserDataMethods<TestGame>>(m: &mut M) {
    // The corporation's station tokens: `count` of them in all, its tokens
    // on the map kept (1865's companies hold 3, 5 or 7). New ones cost
    // nothing by themselves.
    m.add_method_mut("set_tokens", |lua, this, (id, count): (String, usize)| {
        with_ops(lua, this, "set_tokens", |ops| {
            let c = corp(ops, &id)?;
            if count > crate::limits::MAX_TOKENS {
                return invalid(format!("{count} tokens: at most {}", crate::limits::MAX_TOKENS));
            }
            let tokens = &mut ops.st.corps[c].tokens;
            let mut kept: Vec<crate::game::state::Token> = tokens.iter().filter(|t| t.placed.is_some()).cloned().collect();
            if kept.len() > count {
                return invalid(format!("{id} has {} tokens on the map, more than {count}", kept.len()));
            }
            while kept.len() < count {
                kept.push(crate::game::state::Token { cost: 0, placed: None, lost: false });
            }
            *tokens = kept;
            Ok(())
        })
    });

    // A value the title's scripts keep (`game:set_var`): a position whose
    // script state would take many actions to reach (1865's traffic
    // units). nil removes it.
    m.add_method_mut("set_var", |lua, this, (key, value): (String, mlua::Value)| {
        let value = crate::script::convert::from_lua(&value).map_err(|e| fail(lua, format!("g:set_var: {e}")))?;
        with_ops(lua, this, "set_var", |ops| {
            match value {
                Some(v) => ops.st.vars.insert(key, v),
                None => ops.st.vars.remove(&key),
            };
            Ok(())
        })
    });
    // Money from the bank (a negative amount goes back to it).
    m.add_method_mut("give_cash", |lua, this, (who, amount): (String, i64)| {
        with_ops(lua, this, "give_cash", |ops| {
            let to = purse(ops, &who)?;
            if amount >= 0 { ops.transfer(Purse::Bank, to, amount) } else { ops.transfer(to, Purse::Bank, -amount) }
        })
    });

    // A tile, free and with no connection or phase-colour check; it must
    // still fit (upgrade, geometry, label, supply, exits).
    m.add_method_mut("lay", |lua, this, (hex, tile, rotation): (String, String, u8)| {
        with_ops(lua, this, "lay", |ops| {
            let h = ops.hex_index(&hex)?;
            let ti = ops.tile_index(&tile)?;
            let plan = ops.check_lay(None, h, ti, rotation, LayRules { connection: false, phase_colours: false, hidden: false, replace: false })?;
            ops.execute_lay(&plan);
            Ok(())
        })
    });

    // The corporation's next station token, free and with no route check.
    m.add_method_mut("place_token", |lua, this, (id, hex, city): (String, String, Option<u8>)| {
        with_ops(lua, this, "place_token", |ops| {
            let c = corp(ops, &id)?;
            let h = ops.hex_index(&hex)?;
            let Some(stop) = city_stop(ops.t, ops.st, h, city.unwrap_or(0)) else {
                return invalid(format!("{hex} has no city {}", city.unwrap_or(0)));
            };
            ops.check_token(c, h, stop, false)?;
            ops.execute_token(c, h, stop);
            Ok(())
        })
    });

    // A new train from the depot, unpaid. It counts as bought for the
    // title's scripts (`train_bought`); the phase changes only when asked.
    m.add_method_mut("give_train", |lua, this, (id, name, phase): (String, String, Option<bool>)| {
        with_ops(lua, this, "give_train", |ops| {
            let c = corp(ops, &id)?;
            let found = ops.t.trains.iter().enumerate().find_map(|(ci, class)| {
                if class.name.eq_ignore_ascii_case(&name) {
                    return Some((ci as u16, 0u16));
                }
                class.variants.iter().position(|v| v.name.eq_ignore_ascii_case(&name)).map(|v| (ci as u16, v as u16))
            });
            let Some((class, variant)) = found else { return invalid(format!("no train class or variant '{name}'")) };
            let Some(train) = ops.depot_train(class) else { return invalid(format!("no {name} train is left in the depot")) };
            if phase.unwrap_or(false) {
                ops.deliver_train(train, variant, c, true)?;
            } else {
                let tr = &mut ops.st.trains[train as usize];
                tr.owner = TrainOwner::Corp(c);
                tr.variant = variant;
                let cname = ops.t.trains[class as usize].name.clone();
                let vname = ops.t.trains[class as usize].variants[variant as usize].name.clone();
                let (cid, tid) = (ops.corp_name(c).to_string(), ops.st.trains[train as usize].id.clone());
                ops.fx.event(
                    "train_bought",
                    [("corp", Var::Str(cid)), ("train", Var::Str(tid)), ("class", Var::Str(cname)), ("variant", Var::Str(vname)), ("new", Var::Bool(true))],
                );
            }
            ops.require_discards();
            Ok(ops.st.trains[train as usize].id.clone())
        })
    });

    // Every phase up to the named one starts in order, with its effects
    // (rusting, closing companies, the title's phase events).
    m.add_method_mut("set_phase", |lua, this, name: String| {
        with_ops(lua, this, "set_phase", |ops| {
            let Some(target) = ops.t.phase_index(&name) else {
                let names: Vec<&str> = ops.t.phases.iter().map(|p| p.name.as_str()).collect();
                return invalid(format!("no phase '{name}' (phases: {})", names.join(", ")));
            };
            if target < ops.st.phase {
                return invalid(format!("phases only advance: the game is already in phase {}", ops.t.phases[ops.st.phase].name));
            }
            while ops.st.phase < target {
                ops.st.phase += 1;
                ops.start_phase()?;
            }
            Ok(())
        })
    });

    // The corporation's market token on a cell with this price (a par cell
    // first); an optional row picks among cells of equal price.
    m.add_method_mut("set_price", |lua, this, (id, price, row): (String, i64, Option<u8>)| {
        with_ops(lua, this, "set_price", |ops| {
            let c = corp(ops, &id)?;
            let pos = match row {
                None => ops.par_cell(price),
                Some(r) => ops
                    .t
                    .market
                    .rows
                    .get(r as usize)
                    .and_then(|cells| (0..cells.len()).find(|&col| ops.t.market.cell(r as usize, col).is_some_and(|x| x.price == price)))
                    .map(|col| crate::game::state::MarketPos { row: r, col: col as u8 }),
            };
            let Some(pos) = pos else { return invalid(format!("no market cell has the price {price}")) };
            ops.set_price(c, pos);
            Ok(())
        })
    });

    // Starts a corporation for a player, who pays as the rules say (and
    // receives `extra` ordinary certificates more).
    m.add_method_mut("start", |lua, this, (id, name, price, extra): (String, String, i64, Option<u32>)| {
        with_ops(lua, this, "start", |ops| {
            let c = corp(ops, &id)?;
            let p = player(ops, &name)?;
            ops.start_corp(c, price, p, extra.unwrap_or(0), false)
        })
    });

    // One certificate (ordinary, or the one with the tag) from the
    // treasury, else the pool, to a player or another corporation, unpaid;
    // presidency follows.
    // To "pool" or an investor (1865's "dragons"): one certificate from the
    // treasury into the bank pool or the investor's holding.
    m.add_method_mut("give_share", |lua, this, (id, name, tag): (String, String, Option<String>)| {
        with_engine(lua, this, "give_share", |e| {
            let ops = &mut e.ops();
            let c = corp(ops, &id)?;
            let investor = ops.t.investor_index(&name);
            let to_pool = name.eq_ignore_ascii_case("pool") || investor.is_some();
            // A corporation holds another's shares in some titles (18FB's
            // financial step): its id names it.
            let holder = ops.st.corps.iter().position(|x| x.id == name).filter(|&h| h != usize::from(c));
            let to = match (investor, holder) {
                (Some(i), _) => CertOwner::Investor(i),
                _ if to_pool => CertOwner::Pool,
                (None, Some(h)) => CertOwner::Corp(CorpId::from(h)),
                (None, None) => CertOwner::Player(player(ops, &name)?),
            };
            let pick = |owner: CertOwner| {
                ops.st.corps[c]
                    .certs
                    .iter()
                    .find(|x| x.owner == owner && !x.president && x.tag.as_deref() == tag.as_deref())
                    .map(|x| x.index)
            };
            let found = if to_pool { pick(CertOwner::Treasury) } else { pick(CertOwner::Treasury).or_else(|| pick(CertOwner::Pool)) };
            let Some(index) = found else {
                let what = tag.as_deref().map_or("ordinary".to_string(), |t| format!("\"{t}\""));
                let place = if to_pool { "its treasury" } else { "its treasury or the pool" };
                return invalid(format!("{id} has no {what} certificate left in {place}"));
            };
            if !ops.st.corps[c].started {
                return invalid(format!("{id} is not started: start it first (g:start)"));
            }
            ops.move_cert(c, index, to);
            if to_pool {
                return Ok(());
            }
            e.settle_presidency(c)?;
            e.ops().check_float(c)
        })
    });

    // A company to a player, a corporation or back to the bank, unpaid.
    m.add_method_mut("give_company", |lua, this, (id, owner): (String, String)| {
        with_ops(lua, this, "give_company", |ops| {
            let Some(co) = ops.st.company_index(&id) else { return invalid(format!("no company '{id}'")) };
            let to = match purse(ops, &owner)? {
                Purse::Player(p) => CompanyOwner::Player(p),
                Purse::Corp(c) => CompanyOwner::Corp(c),
                Purse::Bank => CompanyOwner::Bank,
            };
            ops.give_company(co, to)
        })
    });
}

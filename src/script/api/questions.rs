//! What a question a script asks must hold before it is put to a player
//! (`game:ask`, `game:ask_par`, `game:raise_money`): a question that no
//! answer can settle, or whose answer no handler hears, would leave the
//! game with no legal move.

use super::args::{self, rt};
use super::bounds;
use super::{ABILITIES_KEY, LuaGame};
use crate::game::var::Var;
use crate::limits::{MAX_AMOUNT, MAX_CHOICES};
use mlua::{Lua, Table, Value};

/// The answers of `game:ask`: 1 to `MAX_CHOICES`, each a name a player can
/// type after `choose` (not empty, no leading, trailing or doubled spaces:
/// the command joins its words with one space).
pub(super) fn answers(choices: &Table) -> mlua::Result<Vec<String>> {
    let choices = args::list("ask", "answers", choices, MAX_CHOICES, "limits::MAX_CHOICES")?;
    if choices.is_empty() {
        return Err(rt("ask: a question needs at least one answer to choose"));
    }
    let mut out = Vec::with_capacity(choices.len());
    for c in &choices {
        let Value::String(c) = c else { return Err(rt(format!("ask: an answer must be a string, not a {}", c.type_name()))) };
        let c = args::name("ask", "answer", c)?;
        if c.is_empty() || c.split_whitespace().collect::<Vec<_>>().join(" ") != c {
            return Err(rt(format!("ask: the answer {c:?} cannot be typed as `choose ANSWER` (no empty answers, no leading, trailing or doubled spaces)")));
        }
        out.push(c);
    }
    Ok(out)
}

/// The prices of `game:ask_par`: 1 to `MAX_CHOICES`, each a starting
/// value on the market whose grant (`capital` times the price, paid by the
/// bank) is an amount.
pub(super) fn par_choices(game: &mut LuaGame, prices: &Table, capital: i64) -> mlua::Result<Vec<i64>> {
    let prices = args::list("ask_par", "prices", prices, MAX_CHOICES, "limits::MAX_CHOICES")?;
    if prices.is_empty() {
        return Err(rt("ask_par: give at least one starting price to choose from"));
    }
    let mut out = Vec::with_capacity(prices.len());
    for v in &prices {
        let price = args::price("ask_par", "a price", v)?;
        if game.ops().par_cell(price).is_none() {
            return Err(rt(format!("ask_par: {} is not a starting value on the market", game.title.money(price))));
        }
        // capital ≤ MAX_COUNT and price ≤ MAX_AMOUNT: the product fits in i64.
        if price * capital > MAX_AMOUNT {
            return Err(rt(format!("ask_par: a capital of {capital} times {price} is more than {MAX_AMOUNT} (limits::MAX_AMOUNT)")));
        }
        out.push(price);
    }
    Ok(out)
}

/// The data a script hands a handler with a question or a payment to
/// raise (false if none), within the bound on one kept value.
pub(super) fn handler_data(method: &str, data: Option<Value>) -> mlua::Result<Var> {
    let Some(data) = data else { return Ok(Var::Bool(false)) };
    bounds::lua_value_fits(method, "the handler's data", &data)?;
    let data = crate::script::convert::from_lua(&data)?.unwrap_or(Var::Bool(false));
    bounds::value_fits(method, "the handler's data", &data)?;
    Ok(data)
}

/// The ability a script registered as `name`, if any.
fn ability(lua: &Lua, name: &str) -> mlua::Result<Option<Table>> {
    let abilities: Table = lua.named_registry_value(ABILITIES_KEY)?;
    crate::script::freeze::contents(lua, &abilities).raw_get::<Option<Table>>(name)
}

pub(super) fn has_ability(lua: &Lua, name: &str) -> mlua::Result<bool> {
    Ok(ability(lua, name)?.is_some())
}

/// Has the ability `name` a function `func` (an answer's `choose`)?
pub(super) fn has_ability_function(lua: &Lua, name: &str, func: &str) -> mlua::Result<bool> {
    Ok(match ability(lua, name)? {
        Some(spec) => matches!(crate::script::freeze::contents(lua, &spec).raw_get::<Value>(func)?, Value::Function(_)),
        None => false,
    })
}

//! Amounts of money and their bound, `limits::MAX_AMOUNT`: every purse,
//! price, payment and revenue stays within it, so that the sums and the
//! products by a percentage the engine makes stay far inside `i64`.
//!
//! Amounts come from title data (checked when a title loads), from
//! players' actions (checked against ranges the rules give: a player's
//! cash, a price list) and from title scripts: what they pass to the
//! `game` API is checked there (`script::api`), what their hooks return
//! is checked here as the engine reads it.

use super::ops::{GameError, GameResult};
use crate::limits::MAX_AMOUNT;

/// What a hook returned as an amount of money: from `lo` (0, or
/// `-MAX_AMOUNT` where a negative amount means something: a penalty, a
/// debt) to `MAX_AMOUNT`, else a script error naming the hook.
pub fn from_hook(hook: &str, amount: i64, lo: i64) -> GameResult<i64> {
    if amount < lo || amount > MAX_AMOUNT {
        return Err(GameError::Script(format!(
            "script error in hook '{hook}': it returned {amount}, and an amount there is {lo} to {MAX_AMOUNT} (limits::MAX_AMOUNT)"
        )));
    }
    Ok(amount)
}

/// `a + b` for two amounts whose sum must be an amount too (`what` names
/// it in the error).
pub fn sum(what: &str, a: i64, b: i64) -> GameResult<i64> {
    match a.checked_add(b) {
        Some(s) if (-MAX_AMOUNT..=MAX_AMOUNT).contains(&s) => Ok(s),
        _ => Err(GameError::Invalid(format!("{what} would be {a} + {b}, beyond the {MAX_AMOUNT} an amount may be (limits::MAX_AMOUNT)"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_beyond_the_bound_are_errors_not_overflows() {
        assert_eq!(from_hook("run_bonus", -5, -MAX_AMOUNT).unwrap(), -5);
        let e = from_hook("run_bonus", i64::MIN, -MAX_AMOUNT).unwrap_err().to_string();
        assert!(e.contains("run_bonus") && e.contains("MAX_AMOUNT"), "{e}");
        assert!(from_hook("terrain_cost", -1, 0).is_err());
        assert_eq!(sum("revenue", MAX_AMOUNT, -MAX_AMOUNT).unwrap(), 0);
        assert!(sum("revenue", i64::MAX, 1).is_err());
        assert!(sum("revenue", MAX_AMOUNT, 1).is_err());
    }
}

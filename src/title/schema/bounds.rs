//! The range of every number and the length of every list in title data,
//! checked while the TOML is read (`#[serde(deserialize_with = ...)]`), so
//! that a value no game can use, or one that would exhaust memory or time,
//! is an error at its own line and key path that says what is allowed.
//!
//! The bounds come from `crate::limits`; docs/title-format.md lists them.
//! What a range check cannot see (a total over several entries, a value
//! against another file) is checked in `compile.rs` and `validate.rs`.

use super::{RevenueDef, StopDef};
use crate::limits::*;
use serde::de::{Deserialize, Deserializer, Error};
use std::collections::BTreeMap;

/// The values a number may take, and what it is, for the message.
struct Range {
    min: i64,
    max: i64,
    what: &'static str,
}

impl Range {
    fn check(&self, v: i64) -> Result<i64, String> {
        let Range { min, max, what } = self;
        if v < *min && *min == 0 {
            Err(format!("{v}: {what} cannot be negative (0 to {max})"))
        } else if v < *min {
            Err(format!("{v}: {what} must be at least {min}"))
        } else if v > *max {
            Err(format!("{v}: {what} may be at most {max}"))
        } else {
            Ok(v)
        }
    }
}

const PERCENT_MAX: i64 = 100;
const AMOUNT: Range = Range { min: 0, max: MAX_AMOUNT, what: "an amount" };
const RAISE: Range = Range { min: 1, max: MAX_AMOUNT, what: "the smallest raise" };
const PLAYERS: Range = Range { min: 1, max: MAX_PLAYERS as i64, what: "the number of players" };
const PERCENT: Range = Range { min: 0, max: PERCENT_MAX, what: "a percentage" };
const SHARE_PERCENT: Range = Range { min: 1, max: PERCENT_MAX, what: "a certificate's or share unit's percent" };
const INTEREST: Range = Range { min: 0, max: MAX_INTEREST_PERCENT, what: "the interest percentage" };
const AT_LEAST_ONE: Range = Range { min: 1, max: u32::MAX as i64, what: "this count" };
const CERTIFICATES: Range = Range { min: 0, max: MAX_CERTIFICATES, what: "a number of certificates" };
const CERTIFICATE_COUNT: Range = Range { min: 1, max: MAX_CERTIFICATES, what: "the count of a certificate" };
const MULTIPLE: Range = Range { min: 0, max: MAX_MULTIPLIER, what: "a multiple" };
const SLOTS: Range = Range { min: 1, max: MAX_CITY_SLOTS, what: "a stop's token slots" };
const TILE_COUNT: Range = Range { min: -1, max: MAX_TILES_PER_KIND, what: "the copies of a tile (-1 = unlimited)" };
const TRAIN_COUNT: Range = Range { min: -1, max: MAX_TRAINS_PER_CLASS, what: "the cards of a train class (-1 = unlimited)" };
const DISTANCE: Range = Range { min: 1, max: MAX_TRAIN_DISTANCE, what: "a train's distance" };
const HEX_COST: Range = Range { min: 0, max: MAX_TRAIN_DISTANCE, what: "the cost of a hex" };
const ROUTE_MINIMUM: Range = Range { min: 0, max: MAX_TRAIN_DISTANCE, what: "a route's fewest stops" };
const OPERATING_ROUNDS: Range = Range { min: 1, max: MAX_OPERATING_ROUNDS, what: "the operating rounds of a set" };
const TRAIN_LIMIT: Range = Range { min: 0, max: MAX_TRAIN_LIMIT, what: "a train limit" };
const REVENUE_BAND: Range = Range { min: 0, max: MAX_REVENUE_BANDS as i64 - 1, what: "a revenue band" };

// Every bound fits the type its value is read into (a failed `try_from`
// would be a bug, not bad data); market positions and player ids are
// stored in a byte.
const _: () = {
    assert!(MAX_CITY_SLOTS <= u8::MAX as i64);
    assert!(MAX_TILES_PER_KIND <= i32::MAX as i64);
    assert!(MAX_TRAINS_PER_CLASS <= i32::MAX as i64);
    assert!(MAX_CERTIFICATES <= u32::MAX as i64);
    assert!(MAX_MULTIPLIER <= u32::MAX as i64);
    assert!(MAX_TRAIN_DISTANCE <= u32::MAX as i64);
    assert!(MAX_OPERATING_ROUNDS <= u32::MAX as i64);
    assert!(MAX_TRAIN_LIMIT <= u32::MAX as i64);
    assert!(MAX_MARKET_ROWS <= 256);
    assert!(MAX_MARKET_COLUMNS <= 256);
    assert!(MAX_PLAYERS <= 256);
};

/// Reads an integer of type `T` within `range`.
fn int<'de, D: Deserializer<'de>, T: TryFrom<i64>>(d: D, range: &Range) -> Result<T, D::Error> {
    let v = range.check(i64::deserialize(d)?).map_err(D::Error::custom)?;
    T::try_from(v).map_err(|_| D::Error::custom(format!("{v} does not fit")))
}

fn ints<'de, D: Deserializer<'de>, T: TryFrom<i64>>(d: D, range: &Range, max_len: usize, things: &str) -> Result<Vec<T>, D::Error> {
    let list = Vec::<i64>::deserialize(d)?;
    if list.len() > max_len {
        return Err(D::Error::custom(format!("{} {things}: at most {max_len} are allowed", list.len())));
    }
    list.into_iter()
        .enumerate()
        .map(|(i, v)| {
            let v = range.check(v).map_err(|e| D::Error::custom(format!("[{i}] {e}")))?;
            T::try_from(v).map_err(|_| D::Error::custom(format!("[{i}] {v} does not fit")))
        })
        .collect()
}

/// Reads a number within `min..=max` (NaN and the infinities are refused).
fn float<'de, D: Deserializer<'de>>(d: D, min: f64, max: f64, what: &str) -> Result<f64, D::Error> {
    let v = f64::deserialize(d)?;
    if v.is_finite() && (min..=max).contains(&v) { Ok(v) } else { Err(D::Error::custom(format!("{v}: {what} must be a number from {min} to {max}"))) }
}

/// Reads a list of at most `max` entries (a count the engine multiplies
/// into memory or time).
fn list<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D, max: usize, things: &str) -> Result<Vec<T>, D::Error> {
    let list = Vec::<T>::deserialize(d)?;
    if list.len() > max {
        return Err(D::Error::custom(format!("{} {things}: a title may have at most {max}", list.len())));
    }
    Ok(list)
}

/// One deserializer per kind of bounded integer, named for the schema.
macro_rules! bounded {
    ($($name:ident: $ty:ty = $range:expr;)*) => {
        $(pub fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
            int(d, &$range)
        })*
    };
}

bounded! {
    amount: i64 = AMOUNT;
    smallest_raise: i64 = RAISE;
    players: usize = PLAYERS;
    percent: u32 = PERCENT;
    share_percent: u32 = SHARE_PERCENT;
    interest_percent: i64 = INTEREST;
    at_least_one: u32 = AT_LEAST_ONE;
    certificates: u32 = CERTIFICATES;
    certificate_count: u32 = CERTIFICATE_COUNT;
    multiple: u32 = MULTIPLE;
    slots: u8 = SLOTS;
    tile_count: i32 = TILE_COUNT;
    train_count: i32 = TRAIN_COUNT;
    hex_cost: u32 = HEX_COST;
    route_minimum: u32 = ROUTE_MINIMUM;
    operating_rounds: u32 = OPERATING_ROUNDS;
    train_limit: u32 = TRAIN_LIMIT;
    revenue_band: usize = REVENUE_BAND;
}

pub fn some_amount<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Option::<i64>::deserialize(d)?.map(|v| AMOUNT.check(v).map_err(D::Error::custom)).transpose()
}

pub fn amounts<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
    ints(d, &AMOUNT, usize::MAX, "amounts")
}

pub fn token_costs<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
    ints(d, &AMOUNT, MAX_TOKENS, "station tokens")
}

pub fn some_token_costs<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<i64>>, D::Error> {
    // `Option` reads `None` only for a missing key, which serde's default
    // gives without calling this.
    token_costs(d).map(Some)
}

pub fn player_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<usize>, D::Error> {
    ints(d, &PLAYERS, MAX_PLAYERS, "player counts")
}

pub fn distance<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    int(d, &DISTANCE).map(Some)
}

pub fn train_limits<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, u32>, D::Error> {
    let map = BTreeMap::<String, i64>::deserialize(d)?;
    map.into_iter().map(|(k, v)| Ok((k.clone(), TRAIN_LIMIT.check(v).map_err(|e| D::Error::custom(format!("{k}: {e}")))? as u32))).collect()
}

pub fn multipliers<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, i64>, D::Error> {
    let map = BTreeMap::<String, i64>::deserialize(d)?;
    let range = Range { min: 0, max: MAX_MULTIPLIER, what: "a multiplier" };
    map.into_iter().map(|(k, v)| Ok((k.clone(), range.check(v).map_err(|e| D::Error::custom(format!("{k}: {e}")))?))).collect()
}

pub fn fraction<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    float(d, 0.0, 1.0, "a discount factor")
}

pub fn certificate_weight<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    float(d, 0.0, MAX_CERTIFICATES as f64, "what a certificate counts toward the limit")
}

pub fn some_price_multiple<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    float(d, 0.0, MAX_MULTIPLIER as f64, "a price multiple").map(Some)
}

/// A stop's value: one amount, or one per revenue band (at least one).
pub fn revenue<'de, D: Deserializer<'de>>(d: D) -> Result<RevenueDef, D::Error> {
    match RevenueDef::deserialize(d)? {
        RevenueDef::Flat(v) => AMOUNT.check(v).map(RevenueDef::Flat).map_err(D::Error::custom),
        RevenueDef::Banded(list) if list.is_empty() => Err(D::Error::custom("an empty list: a revenue needs at least one value (one per band)")),
        RevenueDef::Banded(list) if list.len() > MAX_REVENUE_BANDS => {
            Err(D::Error::custom(format!("{} revenue bands: at most {MAX_REVENUE_BANDS} are allowed", list.len())))
        }
        RevenueDef::Banded(list) => {
            let checked: Result<Vec<i64>, String> = list.iter().enumerate().map(|(i, &v)| AMOUNT.check(v).map_err(|e| format!("[{i}] {e}"))).collect();
            checked.map(RevenueDef::Banded).map_err(D::Error::custom)
        }
    }
}

pub fn stops<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<StopDef>, D::Error> {
    let list = Vec::<StopDef>::deserialize(d)?;
    if list.len() > MAX_STOPS_PER_HEX {
        return Err(D::Error::custom(format!("{} stops: a hex or tile has at most {MAX_STOPS_PER_HEX} (paths name them s0 to s9)", list.len())));
    }
    Ok(list)
}

pub fn some_stops<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<StopDef>>, D::Error> {
    stops(d).map(Some)
}

/// Lists whose length the engine multiplies into memory or time.
macro_rules! bounded_lists {
    ($($name:ident: $ty:ty, $max:expr, $things:literal;)*) => {
        $(pub fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<$ty>, D::Error> {
            list(d, $max, $things)
        })*
    };
}

bounded_lists! {
    scripts: String, MAX_SCRIPTS, "scripts";
    options: super::OptionDef, MAX_OPTIONS, "options";
    tiles: super::TileEntry, MAX_TILE_KINDS, "tile kinds";
    catalogue_tiles: super::CatalogueTile, MAX_TILE_KINDS, "tile kinds";
    corporations: super::CorporationDef, MAX_CORPORATIONS, "corporations";
    companies: super::CompanyDef, MAX_COMPANIES, "companies";
    train_classes: super::TrainDef, MAX_TRAIN_CLASSES, "train classes";
    phases: super::PhaseDef, MAX_PHASES, "phases";
}

/// The market grid: at most `MAX_MARKET_ROWS` rows of at most
/// `MAX_MARKET_COLUMNS` cells (positions are stored in a byte each).
pub fn market_rows<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<String>>, D::Error> {
    let rows = Vec::<Vec<String>>::deserialize(d)?;
    if rows.len() > MAX_MARKET_ROWS {
        return Err(D::Error::custom(format!("{} rows: the market may have at most {MAX_MARKET_ROWS}", rows.len())));
    }
    if let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.len() > MAX_MARKET_COLUMNS) {
        return Err(D::Error::custom(format!("row {r} has {} cells: a market row may have at most {MAX_MARKET_COLUMNS}", row.len())));
    }
    Ok(rows)
}

/// A corporation's `token_text`: 1 to 4 characters, so it fits a token.
pub fn token_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let s = String::deserialize(d)?;
    let n = s.trim().chars().count();
    if !(1..=4).contains(&n) {
        return Err(D::Error::custom(format!("\"{s}\" has {n} characters: a token shows 1 to 4")));
    }
    Ok(Some(s.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_say_what_is_allowed() {
        assert_eq!(AMOUNT.check(0), Ok(0));
        assert!(AMOUNT.check(-1).unwrap_err().contains("cannot be negative"));
        assert!(AMOUNT.check(MAX_AMOUNT + 1).unwrap_err().contains(&format!("at most {MAX_AMOUNT}")));
        assert!(SLOTS.check(0).unwrap_err().contains("at least 1"));
        assert_eq!(TRAIN_COUNT.check(-1), Ok(-1));
        assert!(TRAIN_COUNT.check(-2).unwrap_err().contains("-1 = unlimited"));
    }
}

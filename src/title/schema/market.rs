//! `market.toml`: the stock market grid and its moves.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MarketFile {
    /// Rows top to bottom; each cell "price" plus flag letters ("306B",
    /// "0X"), "-" for no cell.
    #[serde(deserialize_with = "super::bounds::market_rows")]
    pub rows: Vec<Vec<String>>,
    /// Meaning of each flag letter.
    #[serde(default)]
    pub flags: BTreeMap<String, CellFlagDef>,
    #[serde(default)]
    pub moves: MarketMoves,
    /// Extra price grids by name, each of the shape of `rows` (1865's
    /// premium prices printed in every cell); scripts read them with
    /// `game:market_price(corp, name)`.
    #[serde(default)]
    pub prices: BTreeMap<String, Vec<Vec<i64>>>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CellFlagDef {
    pub name: String,
    /// Tokens may enter only from this phase on; before, the cell acts as
    /// the end of its row (1849 blue zone).
    #[serde(default)]
    pub open_from_phase: Option<String>,
    /// Reaching the cell ends the game (1849 L. 377).
    #[serde(default)]
    pub ends_game: bool,
    /// Entering the cell closes the corporation.
    #[serde(default)]
    pub closes: bool,
    /// A par (starting) value.
    #[serde(default)]
    pub par: bool,
    /// Corporation kinds that may never enter (1844 red line for regionals).
    #[serde(default)]
    pub forbidden_kinds: Vec<String>,
    /// Corporations of these kinds start here (1844 SBB).
    #[serde(default)]
    pub start_for: Vec<String>,
    /// Tokens here do not move up at the end of a stock round before this
    /// phase (1849 L. 230).
    #[serde(default)]
    pub no_sr_rise_before_phase: Option<String>,
}

/// What a blocked move turns into.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct MarketMoves {
    /// Right move at the end of a row: "up" or "none".
    pub right_at_end: String,
    /// Left move at the start of a row: "down" or "none".
    pub left_at_start: String,
    /// A token whose move is blocked (the end of a one-row market): it
    /// keeps its place in its cell's stack, or goes to the bottom as a
    /// token entering the cell does (1865 A-17).
    pub blocked: BlockedMove,
}

impl Default for MarketMoves {
    fn default() -> Self {
        MarketMoves { right_at_end: "up".into(), left_at_start: "down".into(), blocked: BlockedMove::Keep }
    }
}

/// Where a token whose move is blocked stands in its cell's stack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockedMove {
    /// Where it was.
    #[default]
    Keep,
    /// At the bottom, as if it had entered the cell.
    Bottom,
}

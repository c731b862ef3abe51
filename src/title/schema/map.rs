//! `map.toml`: the hex layout, hexes, their stops, paths and terrain.

use super::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum LayoutKind {
    /// Flat-topped hexes: edges 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE.
    Flat,
    /// Pointy-topped hexes: edges 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE.
    Pointy,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Axes {
    /// "C5": letter C is the row, 5 the column (1849, 1844).
    #[default]
    LetterRow,
    /// "C5": letter C is the column, 5 the row.
    LetterColumn,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub layout: LayoutKind,
    #[serde(default)]
    pub axes: Axes,
    pub hex: Vec<HexDef>,
    /// Hexsides joined across the board (`[[link]]`): track leaving one
    /// side continues at the other, as if the two hexes were neighbours
    /// there (18FB's Napoli inset).
    #[serde(default)]
    pub link: Vec<LinkDef>,
}

/// Two hexsides joined though the hexes are not neighbours on the grid:
/// `{ from = "F27", from_edge = 5, to = "b26", to_edge = 5, label = "D",
/// terrain = "river" }`. Neither side may face a hex of the map, and a side
/// is linked once. The label is drawn on both sides; the terrain is a
/// border terrain on both (as `borders = [{ edge, terrain }]`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LinkDef {
    pub from: String,
    pub from_edge: u8,
    pub to: String,
    pub to_edge: u8,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub terrain: Option<String>,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    /// Empty buildable land.
    #[default]
    White,
    Yellow,
    Green,
    Brown,
    Gray,
    /// Off-board areas.
    Red,
    /// Sea, ports.
    Blue,
    /// Special hexes (1844 tunnels).
    Purple,
}

impl Color {
    /// Upgrade rank of tile colours; `None` for colours that are never upgraded into.
    pub fn rank(self) -> Option<u8> {
        match self {
            Color::White => Some(0),
            Color::Yellow => Some(1),
            Color::Green => Some(2),
            Color::Brown => Some(3),
            Color::Gray => Some(4),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Yellow => "yellow",
            Color::Green => "green",
            Color::Brown => "brown",
            Color::Gray => "gray",
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Purple => "purple",
        }
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HexDef {
    /// Board labels of every hex this entry describes ("C5", "a12").
    pub at: Vec<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub color: Color,
    /// Terrain name ("rough", "hills", "mountain", "river") and its build cost.
    #[serde(default)]
    pub terrain: Option<String>,
    #[serde(default, deserialize_with = "bounds::amount")]
    pub cost: i64,
    /// A pre-printed tile from the tile catalogue instead of inline parts.
    #[serde(default)]
    pub tile: Option<String>,
    #[serde(default)]
    pub rotation: u8,
    #[serde(default)]
    pub label: Option<String>,
    /// Label the hex takes from the given colour on (1844 Zürich "Z").
    #[serde(default)]
    pub future_label: Option<FutureLabel>,
    #[serde(default, deserialize_with = "bounds::stops")]
    pub stops: Vec<StopDef>,
    #[serde(default)]
    pub paths: Vec<String>,
    #[serde(default)]
    pub borders: Vec<BorderDef>,
    /// Explicit upgrade list for the pre-printed tile (else by colour and track).
    #[serde(default)]
    pub upgrades: Option<Vec<String>>,
    /// Free tags read by rules and scripts ("coastal", "tunnel", "mountain_railway").
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub props: Props,
    /// One city printed over two hexes (18FB's Napoli North and South):
    /// see `OneCityWith`.
    #[serde(default)]
    pub one_city_with: Option<OneCityWith>,
    /// While the hex keeps its printed tile, its city does not let a
    /// route pass another corporation's home token, free slots or not
    /// (18FB-R-073: Napoli's pre-printed track).
    #[serde(default)]
    pub printed_track_home_blocks: bool,
}

/// `one_city_with = { hex = "d28", kinds = ["major", "national"] }`: for
/// the corporations of these kinds (every kind when empty), and while
/// track joins the two hexes' cities across their shared side, the city
/// here and the one on `hex` are one city for passing through: a token of
/// the corporation or a free slot in either lets a route through either
/// (18FB-R-072). Other kinds see two cities (18FB-R-168).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OneCityWith {
    pub hex: String,
    #[serde(default)]
    pub kinds: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FutureLabel {
    pub label: String,
    pub color: Color,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum StopKind {
    City,
    Town,
    Offboard,
    /// 1849 ports: reached through an arrow; route ends only.
    Port,
    /// 1865 mines.
    Mine,
    /// 1844 mountain railways.
    Mountain,
}

impl StopKind {
    pub fn name(self) -> &'static str {
        match self {
            StopKind::City => "city",
            StopKind::Town => "town",
            StopKind::Offboard => "offboard",
            StopKind::Port => "port",
            StopKind::Mine => "mine",
            StopKind::Mountain => "mountain",
        }
    }
    /// Kinds a route may only start or end at, unless a stop says otherwise.
    pub fn terminal_by_default(self) -> bool {
        matches!(self, StopKind::Offboard | StopKind::Port | StopKind::Mountain)
    }
}

/// A value printed on the board: one number, or one per revenue band
/// (phases name their band, e.g. 1849's grey cities 20/30/40).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(untagged)]
pub enum RevenueDef {
    Flat(i64),
    Banded(Vec<i64>),
}

impl Default for RevenueDef {
    fn default() -> Self {
        RevenueDef::Flat(0)
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct StopDef {
    pub kind: StopKind,
    #[serde(default, deserialize_with = "bounds::revenue")]
    pub revenue: RevenueDef,
    #[serde(default = "one", deserialize_with = "bounds::slots")]
    pub slots: u8,
    #[serde(default)]
    pub name: Option<String>,
    /// Stops sharing a location (one off-board drawn over several hexes)
    /// count as one stop: a route visits a location at most once.
    #[serde(default)]
    pub location: Option<String>,
    /// Bonus groups ("E", "W", "N", "S" transit areas).
    #[serde(default)]
    pub groups: Vec<String>,
    /// Free tags ("major", "coastal", "red").
    #[serde(default)]
    pub tags: Vec<String>,
    /// Extra value a route earns at this stop when it joins two paired
    /// groups (1844 transit bonus; see `[routes] pair_bonuses`).
    #[serde(default, deserialize_with = "bounds::amount")]
    pub bonus: i64,
    /// Override whether routes may only end here.
    #[serde(default)]
    pub terminal: Option<bool>,
    /// An off-board area that takes station tokens in its `slots` (18FB's
    /// Rome, Vesuvio, Tronto); cities always do.
    #[serde(default)]
    pub stations: bool,
    /// Slots only the named corporation may fill, one slot each (a
    /// historical destination); they never block routes.
    #[serde(default)]
    pub reserved: Vec<String>,
    /// Pre-printed tokens of no corporation, by id (18FB's Bourbon tokens
    /// "4" .. "8"): each fills a slot and blocks like a foreign token.
    #[serde(default)]
    pub neutral: Vec<String>,
    /// The stop's empty slots take no token before this phase.
    #[serde(default)]
    pub opens_in_phase: Option<String>,
}

pub(super) fn one() -> u8 {
    1
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum BorderKind {
    Impassable,
    /// Drawn only (inside a multi-hex off-board); no effect.
    Plain,
}

/// A border of the hex: `{ edge = 4, kind = "impassable" }`, or a
/// crossable border with a terrain of its own, `{ edge = 2, terrain =
/// "river" }` (1865's rivers and mountains lie on hexsides; scripts read
/// them, e.g. for token costs, and pictures draw them). Exactly one of
/// `kind` and `terrain`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BorderDef {
    pub edge: u8,
    #[serde(default)]
    pub kind: Option<BorderKind>,
    #[serde(default)]
    pub terrain: Option<String>,
}

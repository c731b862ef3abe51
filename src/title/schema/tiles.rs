//! `tiles.toml`: the tile manifest (counts, upgrades).

use super::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TilesFile {
    #[serde(deserialize_with = "bounds::tiles")]
    pub tile: Vec<TileDef>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TileDef {
    pub name: String,
    pub color: Color,
    /// Copies in the supply; `"unlimited"` is written as -1.
    #[serde(deserialize_with = "bounds::tile_count")]
    pub count: i32,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default, deserialize_with = "bounds::stops")]
    pub stops: Vec<StopDef>,
    /// Track: "A-B" with A, B an edge 0-5 or a stop "s0".."s9" ("s" = "s0"),
    /// optionally prefixed by a gauge "s:" standard (default), "n:" narrow,
    /// "d:" dual, and suffixed by tags "#tunnel".
    #[serde(default)]
    pub paths: Vec<String>,
    /// Tiles this one may be replaced by; absent = next colour, same label,
    /// existing track kept.
    #[serde(default)]
    pub upgrades: Option<Vec<String>>,
    /// Not in the public supply; only abilities place it.
    #[serde(default)]
    pub hidden: bool,
    #[serde(default)]
    pub tags: Vec<String>,
}

//! `tiles.toml`: the tile manifest (counts, upgrades), and the shared tile
//! catalogue (`catalogue/tiles.toml`) its entries may take their track from.

use super::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TilesFile {
    #[serde(deserialize_with = "bounds::tiles")]
    pub tile: Vec<TileEntry>,
}

/// One `[[tile]]` of a title. Without `color` it names a tile of the
/// catalogue, whose colour, label, stops and paths it takes; `count`,
/// `upgrades`, `hidden` and `tags` are the title's own. With `color` it is
/// the title's own tile, written whole; a catalogue number may be defined
/// so only with `replaces_catalogue = true` (`title::catalogue::resolve`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TileEntry {
    pub name: String,
    #[serde(default)]
    pub color: Option<Color>,
    /// Copies in the supply; `"unlimited"` is written as -1.
    #[serde(deserialize_with = "bounds::tile_count")]
    pub count: i32,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default, deserialize_with = "bounds::some_stops")]
    pub stops: Option<Vec<StopDef>>,
    #[serde(default)]
    pub paths: Option<Vec<String>>,
    #[serde(default)]
    pub upgrades: Option<Vec<String>>,
    #[serde(default)]
    pub hidden: bool,
    #[serde(default)]
    pub tags: Vec<String>,
    /// This entry defines, whole, a tile whose number the catalogue also
    /// defines; the catalogue's is not used.
    #[serde(default)]
    pub replaces_catalogue: bool,
}

/// A tile in full, as the engine compiles it: a title's own tile, or a
/// catalogue tile with the title's count and upgrades.
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

/// `catalogue/tiles.toml`: the standard tiles by number, shipped in the
/// binary. Track only: counts and upgrade lists belong to titles.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogueFile {
    #[serde(deserialize_with = "bounds::catalogue_tiles")]
    pub tile: Vec<CatalogueTile>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogueTile {
    pub name: String,
    pub color: Color,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default, deserialize_with = "bounds::stops")]
    pub stops: Vec<StopDef>,
    #[serde(default)]
    pub paths: Vec<String>,
}

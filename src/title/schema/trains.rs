//! `trains.toml`: trains, their variants, and how they run.

use super::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TrainsFile {
    #[serde(deserialize_with = "bounds::train_classes")]
    pub train: Vec<TrainDef>,
    #[serde(default)]
    pub routes: RouteRulesDef,
}

/// Rules every route of the title obeys, whatever the train.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RouteRulesDef {
    /// Fewest stops on a route, not counting the kinds in `ignore_for_minimum`.
    #[serde(deserialize_with = "bounds::route_minimum")]
    pub min_stops: u32,
    /// Of which at least this many cities (1849: a city plus a city or town).
    #[serde(deserialize_with = "bounds::route_minimum")]
    pub min_cities: u32,
    pub ignore_for_minimum: Vec<StopKind>,
    /// Between two consecutive stops track may not mix standard and narrow
    /// gauge; dual track takes the gauge of its neighbours (1849).
    pub gauge_changes_at_stops_only: bool,
    /// Group pairs whose joining by one route adds both end stops' `bonus`.
    pub pair_bonuses: Vec<[String; 2]>,
    /// Per-stop bonus when a route uses a path with the tag.
    pub path_tag_bonuses: Vec<PathTagBonusDef>,
}

impl Default for RouteRulesDef {
    fn default() -> Self {
        RouteRulesDef {
            min_stops: 2,
            min_cities: 0,
            ignore_for_minimum: Vec::new(),
            gauge_changes_at_stops_only: false,
            pair_bonuses: Vec::new(),
            path_tag_bonuses: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PathTagBonusDef {
    pub tag: String,
    /// Added once per counted stop of a route using such a path.
    #[serde(deserialize_with = "bounds::amount")]
    pub per_stop: i64,
}

/// One class of train cards. A card may have several variants (1844's
/// normal and H sides); the buyer chooses the variant.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TrainDef {
    pub name: String,
    /// Cards of this class; -1 = unlimited.
    #[serde(deserialize_with = "bounds::train_count")]
    pub count: i32,
    /// Variants; when empty the class has one variant named like the class
    /// with `price` and `run`.
    #[serde(default)]
    pub variants: Vec<TrainVariantDef>,
    #[serde(default, deserialize_with = "bounds::some_amount")]
    pub price: Option<i64>,
    #[serde(default)]
    pub run: Option<RunDef>,
    /// When the class goes on sale: by default once the previous class is
    /// sold out. `after_first = "16H"`: once the first card of that class
    /// is bought.
    #[serde(default)]
    pub available: Option<AvailabilityDef>,
    /// Not sold by the bank (given by abilities, pre-printed on charters).
    #[serde(default)]
    pub not_for_sale: bool,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub props: Props,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TrainVariantDef {
    pub name: String,
    #[serde(deserialize_with = "bounds::amount")]
    pub price: i64,
    pub run: RunDef,
    #[serde(default)]
    pub tags: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AvailabilityDef {
    #[serde(default)]
    pub after_first: Option<String>,
    #[serde(default)]
    pub after_sold_out: Option<String>,
}

/// How far a train runs and what it counts.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct RunDef {
    /// Counts stops: visits at most this many.
    #[serde(deserialize_with = "bounds::distance")]
    pub stops: Option<u32>,
    /// May skip stops; `stops` is then the most it counts (8E).
    pub express: bool,
    /// Counts hexes: at most this many hex costs.
    #[serde(deserialize_with = "bounds::distance")]
    pub hexes: Option<u32>,
    /// The start hex counts as a hex (1844 H trains).
    pub count_start_hex: bool,
    /// Cost of entering a hex along each gauge (1849: standard 1, narrow 2).
    pub hex_cost: Option<GaugeCosts>,
    /// No distance limit.
    pub unlimited: bool,
    /// Gauges the train may use (empty = all).
    pub gauges: Vec<String>,
    /// Stop tags this train may not visit ("red" off-boards for 1844 H trains).
    pub forbidden_stop_tags: Vec<String>,
    /// Stop tags whose value is multiplied ("major" = 2 for 1849 E trains).
    #[serde(deserialize_with = "bounds::multipliers")]
    pub multipliers: BTreeMap<String, i64>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GaugeCosts {
    #[serde(deserialize_with = "bounds::hex_cost")]
    pub standard: u32,
    #[serde(deserialize_with = "bounds::hex_cost")]
    pub narrow: u32,
    #[serde(deserialize_with = "bounds::hex_cost")]
    pub dual: u32,
}

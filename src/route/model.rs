//! The route search's input and output.
//!
//! The game builds a [`RouteProblem`] for one corporation at one moment
//! (its track graph with every value already resolved for the phase and the
//! corporation, its trains, the title's route rules); the search knows
//! nothing else about the game. This keeps the hot loop free of game state
//! and of Lua, and lets tests build problems by hand.
//!
//! Track graph: every tile path is a [`TrackPath`] between two [`End`]s. A
//! path ends at a stop or at a hex edge. Two hexes meet at a [`Junction`]
//! with two sides; a route arriving at a junction from side `s` must leave
//! on a path of side `1 - s` (it may not reverse at a junction or switch
//! track at a crossover), and crossing a junction enters a new hex.

use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub type StopId = u32;
pub type PathId = u32;
pub type JunctionId = u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Gauge {
    Standard,
    Narrow,
    Dual,
}

impl Gauge {
    /// As players read it: "standard", "narrow", "dual".
    pub fn name(self) -> &'static str {
        match self {
            Gauge::Standard => "standard",
            Gauge::Narrow => "narrow",
            Gauge::Dual => "dual",
        }
    }

    pub fn index(self) -> usize {
        match self {
            Gauge::Standard => 0,
            Gauge::Narrow => 1,
            Gauge::Dual => 2,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StopKind {
    City,
    Town,
    Offboard,
    Port,
    Mine,
    Mountain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    Stop(StopId),
    /// A hex edge shared with another hex: the junction and this path's side.
    Junction(JunctionId, u8),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stop {
    /// Index of the stop's hex (for hex counting and display).
    pub hex: u32,
    pub kind: StopKind,
    /// Value for this corporation now (phase band and corporation bonuses
    /// such as 1849's port token already applied).
    pub value: i64,
    /// Stops with the same location count once per route (multi-hex
    /// off-boards). `None` = its own location.
    pub location: Option<u32>,
    /// Bit set of bonus groups (see `RouteRules::pair_bonuses`).
    pub groups: u32,
    /// Added for each end of a route that joins a bonus pair.
    pub bonus: i64,
    /// Bit set of tags (see `TrainSpec::forbidden_tags` and `multipliers`).
    pub tags: u32,
    /// Routes may only start or end here.
    pub terminal: bool,
    /// Every slot holds another corporation's token: a route may end here
    /// but not pass through.
    pub blocked: bool,
    /// Holds a station token of the running corporation.
    pub own_token: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TrackPath {
    pub hex: u32,
    pub gauge: Gauge,
    pub a: End,
    pub b: End,
    /// Bit set of path tags (see `RouteRules::path_tag_bonuses`).
    pub tags: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Junction {
    /// The hex on side 0 and the hex on side 1.
    pub hexes: [u32; 2],
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackGraph {
    pub stops: Vec<Stop>,
    pub paths: Vec<TrackPath>,
    pub junctions: Vec<Junction>,
    /// Board labels of the hexes, indexed by `hex` ("C5"); for display.
    /// Shared: every problem built from one title holds the title's list.
    pub hex_labels: Arc<Vec<String>>,
}

/// Hashes what the search reads. The labels (display only, and the same
/// list for every problem of a title) count by length; equality still
/// compares them.
impl std::hash::Hash for TrackGraph {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.stops.hash(h);
        self.paths.hash(h);
        self.junctions.hash(h);
        self.hex_labels.len().hash(h);
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Distance {
    /// Visits at most `max` stops. `express`: may pass stops without
    /// counting them and counts at most `max` (1844 8E).
    Stops { max: u32, express: bool },
    /// At most `max` hex costs; entering a hex costs `cost[gauge.index()]`
    /// of the stretch's gauge; `count_start`: the start hex costs 1 (1844 H).
    Hexes { max: u32, count_start: bool, cost: [u32; 3] },
    Unlimited,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TrainSpec {
    /// Train id as the game knows it ("4H-0").
    pub id: String,
    pub distance: Distance,
    /// Gauges it may use, indexed by `Gauge::index` (1849 E: no narrow).
    pub gauges: [bool; 3],
    /// Stops with any of these tags may not be visited (1844 H: red).
    pub forbidden_tags: u32,
    /// Stops with the tag count `factor` times (1849 E: majors double).
    pub multipliers: Vec<(u32, i64)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PairBonus {
    pub a: u32,
    pub b: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PathTagBonus {
    pub tag: u32,
    pub per_stop: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RouteRules {
    /// Fewest stops, not counting kinds in `ignore_for_minimum`.
    pub min_stops: u32,
    /// Of which at least this many cities.
    pub min_cities: u32,
    pub ignore_for_minimum: Vec<StopKind>,
    /// Standard and narrow track may not meet between two stops; dual
    /// takes its neighbours' gauge; a stretch of only dual is dual.
    pub gauge_changes_at_stops_only: bool,
    /// A route whose two end stops are one in group `a` and one in group
    /// `b` (bit numbers) earns both ends' `bonus`.
    pub pair_bonuses: Vec<PairBonus>,
    /// A route using a path with the tag earns `per_stop` per counted stop
    /// (once per route).
    pub path_tag_bonuses: Vec<PathTagBonus>,
}

impl Default for RouteRules {
    fn default() -> Self {
        RouteRules {
            min_stops: 2,
            min_cities: 0,
            ignore_for_minimum: Vec::new(),
            gauge_changes_at_stops_only: false,
            pair_bonuses: Vec::new(),
            path_tag_bonuses: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RouteProblem {
    pub graph: TrackGraph,
    pub trains: Vec<TrainSpec>,
    pub rules: RouteRules,
}

/// One train's route.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Route {
    /// Index into `RouteProblem::trains`.
    pub train: usize,
    /// Stops in travel order, first to last.
    pub stops: Vec<StopId>,
    /// Paths in travel order.
    pub paths: Vec<PathId>,
    /// The stops that earn (all of `stops` except for express trains).
    pub counted: Vec<StopId>,
    pub revenue: i64,
}

/// The best run: one route per train that runs (idle trains absent).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    pub routes: Vec<Route>,
    pub revenue: i64,
}

/// What the search did, for benchmarks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Distinct candidate routes over all trains.
    pub candidates: u64,
    /// Nodes visited by the combination search.
    pub nodes: u64,
    /// The node budget ran out (`route::budget`): the run is the best
    /// found, not proven the best.
    #[serde(default)]
    pub ran_out: bool,
}

//! Hand-built track graphs for unit tests.

use super::model::*;
use std::sync::Arc;

pub(crate) struct B {
    pub p: RouteProblem,
}

pub(crate) fn hexes(max: u32, cost: [u32; 3]) -> TrainSpec {
    TrainSpec {
        id: format!("{max}H"),
        distance: Distance::Hexes { max, count_start: false, cost },
        gauges: [true; 3],
        forbidden_tags: 0,
        multipliers: Vec::new(),
    }
}

pub(crate) fn stops(max: u32) -> TrainSpec {
    TrainSpec {
        id: format!("{max}"),
        distance: Distance::Stops { max, express: false },
        gauges: [true; 3],
        forbidden_tags: 0,
        multipliers: Vec::new(),
    }
}

pub(crate) fn express(max: u32) -> TrainSpec {
    TrainSpec {
        id: format!("{max}E"),
        distance: Distance::Stops { max, express: true },
        gauges: [true; 3],
        forbidden_tags: 0,
        multipliers: Vec::new(),
    }
}

pub(crate) const STD: Gauge = Gauge::Standard;
pub(crate) const NAR: Gauge = Gauge::Narrow;
pub(crate) const DUAL: Gauge = Gauge::Dual;

impl B {
    pub fn new() -> B {
        B { p: RouteProblem { graph: TrackGraph::default(), trains: Vec::new(), rules: RouteRules::default() } }
    }

    pub fn hex(&mut self, label: &str) -> u32 {
        Arc::make_mut(&mut self.p.graph.hex_labels).push(label.to_string());
        self.p.graph.hex_labels.len() as u32 - 1
    }

    /// A stop in a new hex of its own.
    pub fn stop(&mut self, label: &str, kind: StopKind, value: i64) -> StopId {
        let hex = self.hex(label);
        self.stop_in(hex, kind, value)
    }

    pub fn stop_in(&mut self, hex: u32, kind: StopKind, value: i64) -> StopId {
        self.p.graph.stops.push(Stop {
            hex,
            kind,
            value,
            location: None,
            groups: 0,
            bonus: 0,
            tags: 0,
            terminal: false,
            blocked: false,
            own_token: false,
        });
        self.p.graph.stops.len() as StopId - 1
    }

    pub fn city(&mut self, label: &str, value: i64) -> StopId {
        self.stop(label, StopKind::City, value)
    }

    pub fn town(&mut self, label: &str, value: i64) -> StopId {
        self.stop(label, StopKind::Town, value)
    }

    pub fn s(&mut self, id: StopId) -> &mut Stop {
        &mut self.p.graph.stops[id as usize]
    }

    pub fn token(&mut self, id: StopId) {
        self.s(id).own_token = true;
    }

    pub fn junction(&mut self, h0: u32, h1: u32) -> JunctionId {
        self.p.graph.junctions.push(Junction { hexes: [h0, h1] });
        self.p.graph.junctions.len() as JunctionId - 1
    }

    pub fn path(&mut self, hex: u32, gauge: Gauge, a: End, b: End) -> PathId {
        self.p.graph.paths.push(TrackPath { hex, gauge, a, b, tags: 0 });
        self.p.graph.paths.len() as PathId - 1
    }

    /// Track from stop `a` to stop `b` crossing `gauges.len() - 1` hex
    /// edges, one path per gauge (through new plain hexes). Returns the
    /// paths in order from `a`.
    pub fn line(&mut self, a: StopId, b: StopId, gauges: &[Gauge]) -> Vec<PathId> {
        let n = gauges.len();
        let ha = self.p.graph.stops[a as usize].hex;
        let hb = self.p.graph.stops[b as usize].hex;
        let mut hexes = vec![ha];
        for k in 1..n.saturating_sub(1) {
            let label = format!("{}-{}#{k}", a, b);
            let h = self.hex(&label);
            hexes.push(h);
        }
        if n > 1 {
            hexes.push(hb);
        }
        let mut out = Vec::new();
        let mut from = End::Stop(a);
        for (k, &g) in gauges.iter().enumerate() {
            let to = if k + 1 == n {
                End::Stop(b)
            } else {
                let j = self.junction(hexes[k], hexes[k + 1]);
                End::Junction(j, 0)
            };
            let id = self.path(hexes[k], g, from, to);
            out.push(id);
            if let End::Junction(j, _) = to {
                from = End::Junction(j, 1);
            }
        }
        out
    }

    pub fn train(&mut self, t: TrainSpec) -> usize {
        self.p.trains.push(t);
        self.p.trains.len() - 1
    }
}

/// Asserts that the search finds the checker's revenue, that its run
/// re-validates to the same revenue, and that it is deterministic.
pub(crate) fn assert_search_exact(p: &RouteProblem) -> Run {
    let (run, _) = super::search::best_run(p);
    let exhaustive = super::checker::best_run_exhaustive(p);
    assert_eq!(run.revenue, exhaustive.revenue, "search {run:?}\nchecker {exhaustive:?}");
    let spec: Vec<(usize, Vec<PathId>)> = run.routes.iter().map(|r| (r.train, r.paths.clone())).collect();
    let again = super::validate::validate_run(p, &spec).expect("search run must validate");
    assert_eq!(again.revenue, run.revenue);
    assert_eq!(again.routes, run.routes);
    assert_eq!(super::search::best_run(p).0, run);
    run
}

//! Checking a route or a run against every route rule, and valuing it.
//!
//! The validator is deliberately plain: it walks the given paths once and
//! checks each rule in turn. The search never calls it in its hot loop; the
//! exhaustive checker and the game (for routes a player enters) do.

use thiserror::Error;

use super::model::*;
use super::value::{self, CountFail};

/// A broken route rule. `rule()` gives a stable key that the game maps to a
/// title rule id; the message names hexes by their board label.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RouteError {
    #[error("there is no train number {train}")]
    UnknownTrain { train: usize },
    #[error("a route needs at least one piece of track")]
    Empty,
    #[error("there is no track piece number {path}")]
    UnknownPath { path: PathId },
    #[error("track piece {path} in {hex} is malformed (it names a missing stop or hex edge)")]
    MalformedPath { path: PathId, hex: String },
    #[error("the track in {hex} does not continue the route")]
    Disconnected { hex: String },
    #[error("the route reverses at the edge of {hex}")]
    Reverses { hex: String },
    #[error("a route must start and end at a station; it stops on plain track in {hex}")]
    NotAtStop { hex: String },
    #[error("the route uses the same track in {hex} twice")]
    RepeatedPath { hex: String },
    #[error("the route visits the stop in {hex} twice")]
    RepeatedStop { hex: String },
    #[error("the route passes through {hex}, which may only start or end a route")]
    PassesTerminal { hex: String },
    #[error("the route passes through {hex}, whose every slot holds another company's token")]
    PassesBlocked { hex: String },
    #[error("train {train} may not visit {hex}")]
    ForbiddenStop { hex: String, train: String },
    #[error("train {train} may not run on the {gauge} track in {hex}")]
    WrongGauge { hex: String, train: String, gauge: &'static str },
    #[error("the route changes gauge in {hex}; gauge may only change at a station")]
    GaugeChange { hex: String },
    #[error("the route is {cost} long but the train reaches only {max}")]
    TooLong { cost: u32, max: u32 },
    #[error("the route visits {stops} stops but the train may visit only {max}")]
    TooManyStops { stops: u32, max: u32 },
    #[error("the route counts {stops} stops; it needs at least {min}")]
    TooFewStops { stops: u32, min: u32 },
    #[error("the route counts {cities} cities; it needs at least {min}")]
    TooFewCities { cities: u32, min: u32 },
    #[error("the route must include one of the company's own stations")]
    NoOwnToken,
    #[error("train {train} is given two routes")]
    TrainRunsTwice { train: String },
    #[error("trains {name_a} and {name_b} share track in {hex}")]
    SharedTrack { train_a: usize, train_b: usize, name_a: String, name_b: String, hex: String },
}

impl RouteError {
    /// A stable key naming the broken rule.
    pub fn rule(&self) -> &'static str {
        use RouteError::*;
        match self {
            UnknownTrain { .. } => "route.unknown_train",
            Empty => "route.empty",
            UnknownPath { .. } => "route.unknown_path",
            MalformedPath { .. } => "route.malformed_path",
            Disconnected { .. } => "route.disconnected",
            Reverses { .. } => "route.reverses",
            NotAtStop { .. } => "route.ends_at_stop",
            RepeatedPath { .. } => "route.repeated_track",
            RepeatedStop { .. } => "route.repeated_stop",
            PassesTerminal { .. } => "route.passes_terminal",
            PassesBlocked { .. } => "route.passes_blocked",
            ForbiddenStop { .. } => "route.forbidden_stop",
            WrongGauge { .. } => "route.wrong_gauge",
            GaugeChange { .. } => "route.gauge_change",
            TooLong { .. } => "route.too_long",
            TooManyStops { .. } => "route.too_many_stops",
            TooFewStops { .. } => "route.too_few_stops",
            TooFewCities { .. } => "route.too_few_cities",
            NoOwnToken => "route.no_own_token",
            TrainRunsTwice { .. } => "run.train_runs_twice",
            SharedTrack { .. } => "run.shared_track",
        }
    }
}

impl From<CountFail> for RouteError {
    fn from(f: CountFail) -> Self {
        match f {
            CountFail::TooFewStops { stops, min } => RouteError::TooFewStops { stops, min },
            CountFail::TooFewCities { cities, min } => RouteError::TooFewCities { cities, min },
            CountFail::NoOwnToken => RouteError::NoOwnToken,
        }
    }
}

/// The board label of a hex, for messages.
pub(crate) fn hex_label(g: &TrackGraph, hex: u32) -> String {
    g.hex_labels.get(hex as usize).cloned().unwrap_or_else(|| format!("hex #{hex}"))
}

/// Is this end well formed in this graph?
fn end_ok(g: &TrackGraph, e: End) -> bool {
    match e {
        End::Stop(s) => (s as usize) < g.stops.len(),
        End::Junction(j, side) => (j as usize) < g.junctions.len() && side <= 1,
    }
}

/// Where a path continues after arriving at `e`: the end the next path must
/// enter by. At a stop it is the same stop; at a junction the other side.
fn continues(prev_exit: End, next: &TrackPath) -> Option<(End, End)> {
    let want = match prev_exit {
        End::Stop(s) => End::Stop(s),
        End::Junction(j, side) => End::Junction(j, 1 - side),
    };
    if next.a == want {
        Some((next.a, next.b))
    } else if next.b == want {
        Some((next.b, next.a))
    } else {
        None
    }
}

/// Validates one route given by its paths in travel order. The start is the
/// end of the first path that does not meet the second (for a one-path
/// route, the path's `a` end).
pub fn validate_route(p: &RouteProblem, train: usize, paths: &[PathId]) -> Result<Route, RouteError> {
    validate_route_from(p, train, None, paths)
}

/// Like [`validate_route`], with the first stop given explicitly.
pub fn validate_route_from(
    p: &RouteProblem,
    train: usize,
    start: Option<StopId>,
    paths: &[PathId],
) -> Result<Route, RouteError> {
    let g = &p.graph;
    let spec = p.trains.get(train).ok_or(RouteError::UnknownTrain { train })?;
    if paths.is_empty() {
        return Err(RouteError::Empty);
    }
    let mut tps: Vec<&TrackPath> = Vec::with_capacity(paths.len());
    for &id in paths {
        let tp = g.paths.get(id as usize).ok_or(RouteError::UnknownPath { path: id })?;
        if !end_ok(g, tp.a) || !end_ok(g, tp.b) {
            return Err(RouteError::MalformedPath { path: id, hex: hex_label(g, tp.hex) });
        }
        tps.push(tp);
    }
    let walk = walk(g, &tps, start)?;
    check_rules(p, spec, paths, &tps, &walk)?;

    let tags = tps.iter().fold(0u32, |a, t| a | t.tags);
    let (revenue, counted) = match spec.distance {
        Distance::Stops { max, express: true } => value::value_express(p, spec, max, &walk.stops, tags)?,
        _ => (value::value_all(p, spec, &walk.stops, tags)?, walk.stops.clone()),
    };
    Ok(Route { train, stops: walk.stops, paths: paths.to_vec(), counted, revenue })
}

/// The route traced through the graph.
struct Walk {
    stops: Vec<StopId>,
    /// For each path, the stretch (between two stops) it belongs to.
    stretch_of: Vec<usize>,
    /// For each path, whether it was entered across a junction (a new hex).
    crossed: Vec<bool>,
}

fn walk(g: &TrackGraph, tps: &[&TrackPath], start: Option<StopId>) -> Result<Walk, RouteError> {
    let first = tps[0];
    // Orientation of the first path: (entry, exit).
    let (entry, mut exit) = match start {
        Some(s) if first.a == End::Stop(s) => (first.a, first.b),
        Some(s) if first.b == End::Stop(s) => (first.b, first.a),
        Some(_) => return Err(RouteError::Disconnected { hex: hex_label(g, first.hex) }),
        None => match tps.get(1) {
            Some(second) if continues(first.b, second).is_some() => (first.a, first.b),
            Some(second) if continues(first.a, second).is_some() => (first.b, first.a),
            Some(second) => {
                let e = link_error(g, first.b, second);
                return Err(if e.rule() == "route.reverses" { e } else { link_error(g, first.a, second) });
            }
            None => (first.a, first.b),
        },
    };
    let mut stops = Vec::new();
    match entry {
        End::Stop(s) => stops.push(s),
        End::Junction(..) => return Err(RouteError::NotAtStop { hex: hex_label(g, first.hex) }),
    }
    let mut stretch = 0usize;
    let mut stretch_of = vec![0usize];
    let mut crossed = vec![false];
    for &next in &tps[1..] {
        let (_, out) = match continues(exit, next) {
            Some(x) => x,
            None => return Err(link_error(g, exit, next)),
        };
        match exit {
            End::Stop(s) => {
                stops.push(s);
                stretch += 1;
                crossed.push(false);
            }
            End::Junction(..) => crossed.push(true),
        }
        stretch_of.push(stretch);
        exit = out;
    }
    match exit {
        End::Stop(s) => stops.push(s),
        End::Junction(..) => {
            let last = tps[tps.len() - 1];
            return Err(RouteError::NotAtStop { hex: hex_label(g, last.hex) });
        }
    }
    Ok(Walk { stops, stretch_of, crossed })
}

/// Why `next` cannot follow a path left by `exit`: arriving on side s and
/// leaving on side s is a reversal; anything else is a gap.
fn link_error(g: &TrackGraph, exit: End, next: &TrackPath) -> RouteError {
    if let End::Junction(j, side) = exit
        && (next.a == End::Junction(j, side) || next.b == End::Junction(j, side))
    {
        return RouteError::Reverses { hex: hex_label(g, next.hex) };
    }
    RouteError::Disconnected { hex: hex_label(g, next.hex) }
}

fn check_rules(
    p: &RouteProblem,
    spec: &TrainSpec,
    ids: &[PathId],
    tps: &[&TrackPath],
    w: &Walk,
) -> Result<(), RouteError> {
    let g = &p.graph;
    // Track used twice.
    let mut seen = std::collections::BTreeSet::new();
    for (k, &id) in ids.iter().enumerate() {
        if !seen.insert(id) {
            return Err(RouteError::RepeatedPath { hex: hex_label(g, tps[k].hex) });
        }
    }
    // Stops: repeats (a shared location is the same stop), forbidden stops,
    // termini and blocked cities in the middle.
    let mut locs = std::collections::BTreeSet::new();
    for (k, &s) in w.stops.iter().enumerate() {
        let stop = &g.stops[s as usize];
        let here = hex_label(g, stop.hex);
        let key = match stop.location {
            Some(l) => (0u8, l),
            None => (1u8, s),
        };
        if !locs.insert(key) {
            return Err(RouteError::RepeatedStop { hex: here });
        }
        if stop.tags & spec.forbidden_tags != 0 {
            return Err(RouteError::ForbiddenStop { hex: here, train: spec.id.clone() });
        }
        let interior = k > 0 && k + 1 < w.stops.len();
        if interior && stop.terminal {
            return Err(RouteError::PassesTerminal { hex: here });
        }
        if interior && stop.blocked {
            return Err(RouteError::PassesBlocked { hex: here });
        }
    }
    // Gauges the train may use.
    for tp in tps {
        if !spec.gauges[tp.gauge.index()] {
            return Err(RouteError::WrongGauge {
                hex: hex_label(g, tp.hex),
                train: spec.id.clone(),
                gauge: tp.gauge.name(),
            });
        }
    }
    // Gauge of each stretch between consecutive stops.
    let n_stretch = w.stops.len() - 1;
    let mut stretch_gauge = vec![Gauge::Dual; n_stretch];
    if p.rules.gauge_changes_at_stops_only {
        for (k, tp) in tps.iter().enumerate() {
            let sg = &mut stretch_gauge[w.stretch_of[k]];
            match (*sg, tp.gauge) {
                (_, Gauge::Dual) => {}
                (Gauge::Dual, x) => *sg = x,
                (a, b) if a == b => {}
                _ => return Err(RouteError::GaugeChange { hex: hex_label(g, tp.hex) }),
            }
        }
    }
    // Distance.
    let stops = w.stops.len() as u32;
    match &spec.distance {
        Distance::Stops { max, express: false } if stops > *max => {
            return Err(RouteError::TooManyStops { stops, max: *max });
        }
        Distance::Hexes { max, count_start, cost } => {
            let mut total: u32 = u32::from(*count_start);
            for (k, tp) in tps.iter().enumerate() {
                if w.crossed[k] {
                    let gauge = if p.rules.gauge_changes_at_stops_only {
                        stretch_gauge[w.stretch_of[k]]
                    } else {
                        tp.gauge
                    };
                    total = total.saturating_add(cost[gauge.index()]);
                }
            }
            if total > *max {
                return Err(RouteError::TooLong { cost: total, max: *max });
            }
        }
        _ => {}
    }
    Ok(())
}

/// Validates a run: every route, at most one route per train, and no two
/// trains on the same track (they may share stops).
pub fn validate_run(p: &RouteProblem, routes: &[(usize, Vec<PathId>)]) -> Result<Run, RouteError> {
    let mut out = Vec::with_capacity(routes.len());
    let mut owner: std::collections::BTreeMap<PathId, usize> = Default::default();
    let mut trains = std::collections::BTreeSet::new();
    for (train, paths) in routes {
        let route = validate_route(p, *train, paths)?;
        if !trains.insert(*train) {
            return Err(RouteError::TrainRunsTwice { train: p.trains[*train].id.clone() });
        }
        for &id in paths {
            if let Some(&other) = owner.get(&id) {
                let hex = hex_label(&p.graph, p.graph.paths[id as usize].hex);
                return Err(RouteError::SharedTrack {
                    train_a: other,
                    train_b: *train,
                    name_a: p.trains[other].id.clone(),
                    name_b: p.trains[*train].id.clone(),
                    hex,
                });
            }
            owner.insert(id, *train);
        }
        out.push(route);
    }
    let revenue = out.iter().map(|r| r.revenue).fold(0i64, |a, b| a.saturating_add(b));
    Ok(Run { routes: out, revenue })
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::*;

    /// Two cities joined by `gauges` (one path per gauge, hex edges between).
    fn pair(gauges: &[Gauge]) -> (B, Vec<PathId>) {
        let mut b = B::new();
        let x = b.city("A1", 20);
        let y = b.city("A9", 30);
        b.token(x);
        let ps = b.line(x, y, gauges);
        (b, ps)
    }

    fn cost_of(b: &mut B, paths: &[PathId], cost: [u32; 3]) -> u32 {
        // A zero-length train reports the cost in its error.
        let t = b.train(hexes(0, cost));
        match validate_route(&b.p, t, paths) {
            Err(RouteError::TooLong { cost, .. }) => cost,
            other => panic!("expected TooLong, got {other:?}"),
        }
    }

    #[test]
    fn simple_route_values_both_stops() {
        let (mut b, ps) = pair(&[STD, STD]);
        let t = b.train(hexes(4, [1, 2, 1]));
        let r = validate_route(&b.p, t, &ps).unwrap();
        assert_eq!(r.stops, vec![0, 1]);
        assert_eq!(r.revenue, 50);
        assert_eq!(r.counted, vec![0, 1]);
        // Reversed order is the same route the other way.
        let rev: Vec<_> = ps.iter().rev().copied().collect();
        assert_eq!(validate_route(&b.p, t, &rev).unwrap().stops, vec![1, 0]);
    }

    #[test]
    fn gauge_changes_only_at_stops() {
        let (mut b, ps) = pair(&[STD, NAR]);
        b.p.rules.gauge_changes_at_stops_only = true;
        let t = b.train(hexes(8, [1, 2, 1]));
        let e = validate_route(&b.p, t, &ps).unwrap_err();
        assert_eq!(e.rule(), "route.gauge_change");
        // Through a town the gauge may change.
        let mut b = B::new();
        let x = b.city("A1", 20);
        let m = b.town("A3", 10);
        let y = b.city("A5", 30);
        b.token(x);
        b.p.rules.gauge_changes_at_stops_only = true;
        let mut ps = b.line(x, m, &[STD, STD]);
        ps.extend(b.line(m, y, &[NAR, NAR]));
        let t = b.train(hexes(8, [1, 2, 1]));
        assert_eq!(validate_route(&b.p, t, &ps).unwrap().revenue, 60);
        assert_eq!(cost_of(&mut b, &ps, [1, 2, 1]), 3);
    }

    #[test]
    fn without_gauge_rule_each_path_costs_its_own_gauge() {
        let (mut b, ps) = pair(&[STD, NAR, DUAL]);
        // Crossings enter the narrow path (2) then the dual path (1).
        assert_eq!(cost_of(&mut b, &ps, [1, 2, 1]), 3);
    }

    #[test]
    fn dual_takes_the_gauge_of_its_stretch() {
        for (gauges, normal, reversed) in [
            (vec![STD, DUAL, DUAL], 2, 4),
            (vec![NAR, DUAL, DUAL], 4, 2),
            (vec![DUAL, DUAL, DUAL], 2, 2),
            (vec![DUAL, NAR, DUAL], 4, 2),
        ] {
            let (mut b, ps) = pair(&gauges);
            b.p.rules.gauge_changes_at_stops_only = true;
            assert_eq!(cost_of(&mut b, &ps, [1, 2, 1]), normal, "{gauges:?}");
            assert_eq!(cost_of(&mut b, &ps, [2, 1, 1]), reversed, "{gauges:?}");
        }
    }

    #[test]
    fn narrow_costs_two_and_r6h_is_reversed() {
        let (mut b, ps) = pair(&[NAR, NAR, NAR]);
        b.p.rules.gauge_changes_at_stops_only = true;
        let h4 = b.train(hexes(4, [1, 2, 1]));
        assert!(validate_route(&b.p, h4, &ps).is_ok());
        let h3 = b.train(hexes(3, [1, 2, 1]));
        assert_eq!(validate_route(&b.p, h3, &ps).unwrap_err(), RouteError::TooLong { cost: 4, max: 3 });
        let r6 = b.train(hexes(6, [2, 1, 1]));
        assert!(validate_route(&b.p, r6, &ps).is_ok());
        assert_eq!(cost_of(&mut b, &ps, [2, 1, 1]), 2);
    }

    #[test]
    fn count_start_adds_the_first_hex() {
        let (mut b, ps) = pair(&[STD, STD]);
        let mut t = hexes(1, [1, 1, 1]);
        t.distance = Distance::Hexes { max: 1, count_start: true, cost: [1, 1, 1] };
        let t = b.train(t);
        assert_eq!(validate_route(&b.p, t, &ps).unwrap_err(), RouteError::TooLong { cost: 2, max: 1 });
    }

    #[test]
    fn e_train_may_not_use_narrow() {
        let (mut b, ps) = pair(&[STD, NAR]);
        let mut e = hexes(99, [1, 1, 1]);
        e.id = "E".into();
        e.gauges = [true, false, true];
        let t = b.train(e);
        let err = validate_route(&b.p, t, &ps).unwrap_err();
        assert_eq!(err.rule(), "route.wrong_gauge");
        assert!(err.to_string().contains("narrow"), "{err}");
    }

    /// A - M - C in a row; returns (builder, paths A..M, paths M..C, ids).
    fn row() -> (B, Vec<PathId>, Vec<PathId>, [StopId; 3]) {
        let mut b = B::new();
        let a = b.city("B1", 20);
        let m = b.city("B3", 30);
        let c = b.city("B5", 40);
        b.token(a);
        let p1 = b.line(a, m, &[STD, STD]);
        let p2 = b.line(m, c, &[STD, STD]);
        (b, p1, p2, [a, m, c])
    }

    #[test]
    fn blocked_city_ends_but_never_passes() {
        let (mut b, p1, p2, [_, m, _]) = row();
        b.s(m).blocked = true;
        let t = b.train(stops(3));
        assert_eq!(validate_route(&b.p, t, &p1).unwrap().revenue, 50);
        let all: Vec<_> = p1.iter().chain(&p2).copied().collect();
        let e = validate_route(&b.p, t, &all).unwrap_err();
        assert_eq!(e.rule(), "route.passes_blocked");
        assert!(e.to_string().contains("B3"), "{e}");
    }

    #[test]
    fn terminal_ports_only_at_the_ends_and_ignored_for_minimum() {
        let (mut b, p1, p2, [_, m, c]) = row();
        b.s(m).kind = StopKind::Port;
        b.s(m).terminal = true;
        b.p.rules.ignore_for_minimum = vec![StopKind::Port];
        let t = b.train(stops(3));
        let all: Vec<_> = p1.iter().chain(&p2).copied().collect();
        assert_eq!(validate_route(&b.p, t, &all).unwrap_err().rule(), "route.passes_terminal");
        // City + port alone does not meet the two-stop minimum (WE-07 g).
        assert_eq!(
            validate_route(&b.p, t, &p1).unwrap_err(),
            RouteError::TooFewStops { stops: 1, min: 2 }
        );
        let _ = c;
    }

    #[test]
    fn shared_location_is_one_stop() {
        let mut b = B::new();
        let a = b.city("C1", 20);
        let x = b.stop("C3", StopKind::Offboard, 30);
        let y = b.stop("C4", StopKind::Offboard, 30);
        let m = b.city("C2", 10);
        b.token(a);
        b.s(x).location = Some(7);
        b.s(y).location = Some(7);
        let mut ps = b.line(x, m, &[STD, STD]);
        ps.extend(b.line(m, y, &[STD, STD]));
        let t = b.train(stops(4));
        assert_eq!(validate_route(&b.p, t, &ps).unwrap_err().rule(), "route.repeated_stop");
    }

    #[test]
    fn structural_errors() {
        let (mut b, p1, p2, _) = row();
        let t = b.train(stops(4));
        assert_eq!(validate_route(&b.p, t, &[]).unwrap_err(), RouteError::Empty);
        assert_eq!(validate_route(&b.p, t, &[999]).unwrap_err(), RouteError::UnknownPath { path: 999 });
        assert_eq!(validate_route(&b.p, 9, &p1).unwrap_err(), RouteError::UnknownTrain { train: 9 });
        // Ending on a hex edge.
        assert_eq!(validate_route(&b.p, t, &p1[..1]).unwrap_err().rule(), "route.ends_at_stop");
        // Skipping a piece of track.
        assert_eq!(validate_route(&b.p, t, &[p1[0], p2[1]]).unwrap_err().rule(), "route.disconnected");
        // Reversing at a junction: out along p1[0] and back along it again
        // is a repeated path; a second path on the same side is a reversal.
        let a = b.p.graph.paths[p1[0] as usize].clone();
        let spur = b.path(a.hex, STD, a.b, End::Stop(2));
        assert_eq!(validate_route(&b.p, t, &[p1[0], spur]).unwrap_err().rule(), "route.reverses");
        // Using a path twice: A-M-A via the same track.
        let back = [p1[0], p1[1], p1[1]];
        assert!(validate_route(&b.p, t, &back).is_err());
        // Malformed path.
        let bad = b.path(0, STD, End::Stop(0), End::Junction(77, 0));
        assert_eq!(validate_route(&b.p, t, &[bad]).unwrap_err().rule(), "route.malformed_path");
    }

    #[test]
    fn repeated_path_and_stop() {
        // A loop: A - M by two parallel lines.
        let mut b = B::new();
        let a = b.city("D1", 20);
        let m = b.city("D3", 10);
        b.token(a);
        let p1 = b.line(a, m, &[STD, STD]);
        let p2 = b.line(m, a, &[STD, STD]);
        let t = b.train(stops(5));
        let all: Vec<_> = p1.iter().chain(&p2).copied().collect();
        assert_eq!(validate_route(&b.p, t, &all).unwrap_err().rule(), "route.repeated_stop");
        let twice: Vec<_> = p1.iter().chain(&p1).copied().collect();
        assert!(validate_route(&b.p, t, &twice).is_err());
        let mut ids = p1.clone();
        ids.push(p1[0]);
        assert_ne!(validate_route(&b.p, t, &ids).map(|r| r.revenue), Ok(30));
    }

    #[test]
    fn stop_limits_and_minimums() {
        let (mut b, p1, p2, [a, m, _]) = row();
        let all: Vec<_> = p1.iter().chain(&p2).copied().collect();
        let two = b.train(stops(2));
        assert_eq!(validate_route(&b.p, two, &all).unwrap_err(), RouteError::TooManyStops { stops: 3, max: 2 });
        b.p.rules.min_cities = 3;
        let three = b.train(stops(3));
        assert_eq!(validate_route(&b.p, three, &p1).unwrap_err(), RouteError::TooFewCities { cities: 2, min: 3 });
        b.p.rules.min_cities = 0;
        b.s(a).own_token = false;
        b.s(m).own_token = false;
        assert_eq!(validate_route(&b.p, three, &all).unwrap_err(), RouteError::NoOwnToken);
    }

    #[test]
    fn forbidden_stops_may_not_be_visited() {
        let (mut b, p1, _, [_, m, _]) = row();
        b.s(m).tags = 0b10;
        let mut h = hexes(4, [1, 1, 1]);
        h.forbidden_tags = 0b10;
        let t = b.train(h);
        assert_eq!(validate_route(&b.p, t, &p1).unwrap_err().rule(), "route.forbidden_stop");
    }

    #[test]
    fn pair_bonus_once_for_opposite_ends() {
        let (mut b, p1, p2, [a, m, c]) = row();
        b.p.rules.pair_bonuses = vec![PairBonus { a: 0, b: 1 }, PairBonus { a: 1, b: 0 }];
        b.s(a).groups = 1;
        b.s(a).bonus = 30;
        b.s(c).groups = 2;
        b.s(c).bonus = 40;
        b.s(m).groups = 2;
        b.s(m).bonus = 5;
        let t = b.train(stops(3));
        let all: Vec<_> = p1.iter().chain(&p2).copied().collect();
        assert_eq!(validate_route(&b.p, t, &all).unwrap().revenue, 90 + 70);
        assert_eq!(validate_route(&b.p, t, &p1).unwrap().revenue, 50 + 35);
        // Same group at both ends: no bonus.
        b.s(a).groups = 2;
        assert_eq!(validate_route(&b.p, t, &all).unwrap().revenue, 90);
    }

    #[test]
    fn tunnel_bonus_per_counted_stop() {
        let (mut b, p1, p2, _) = row();
        b.p.graph.paths[p2[1] as usize].tags = 0b100;
        b.p.rules.path_tag_bonuses = vec![PathTagBonus { tag: 0b100, per_stop: 10 }];
        let t = b.train(stops(3));
        let all: Vec<_> = p1.iter().chain(&p2).copied().collect();
        assert_eq!(validate_route(&b.p, t, &all).unwrap().revenue, 90 + 30);
        assert_eq!(validate_route(&b.p, t, &p1).unwrap().revenue, 50);
    }

    #[test]
    fn multipliers_take_the_largest_factor() {
        let (mut b, p1, _, [a, _, _]) = row();
        b.s(a).tags = 0b11;
        let mut e = stops(9);
        e.multipliers = vec![(0b01, 2), (0b10, 3)];
        let t = b.train(e);
        assert_eq!(validate_route(&b.p, t, &p1).unwrap().revenue, 60 + 30);
    }

    #[test]
    fn express_counts_the_best_stops_including_a_token() {
        // A line of 12 stops; the token is on the cheapest one.
        let mut b = B::new();
        let vals = [10, 90, 80, 70, 60, 50, 40, 30, 20, 15, 100, 5];
        let ids: Vec<StopId> = vals.iter().enumerate().map(|(k, &v)| b.city(&format!("E{k}"), v)).collect();
        b.token(ids[11]);
        let mut ps = Vec::new();
        for w in ids.windows(2) {
            ps.extend(b.line(w[0], w[1], &[STD, STD]));
        }
        let t = b.train(express(8));
        let r = validate_route(&b.p, t, &ps).unwrap();
        // Best seven others plus the token stop (5).
        assert_eq!(r.revenue, 100 + 90 + 80 + 70 + 60 + 50 + 40 + 5);
        assert_eq!(r.counted.len(), 8);
        assert!(r.counted.contains(&ids[11]));
        assert_eq!(r.stops.len(), 12);
    }

    #[test]
    fn express_pair_bonus_needs_both_ends_counted() {
        let mut b = B::new();
        let vals = [0, 50, 50, 0];
        let ids: Vec<StopId> = vals.iter().enumerate().map(|(k, &v)| b.city(&format!("F{k}"), v)).collect();
        b.token(ids[0]);
        b.p.rules.pair_bonuses = vec![PairBonus { a: 0, b: 1 }];
        b.s(ids[0]).groups = 1;
        b.s(ids[0]).bonus = 20;
        b.s(ids[3]).groups = 2;
        b.s(ids[3]).bonus = 20;
        let mut ps = Vec::new();
        for w in ids.windows(2) {
            ps.extend(b.line(w[0], w[1], &[STD, STD]));
        }
        let two = b.train(express(2));
        // Counting the ends (0 + 0 + 40 bonus) loses to the token and a 50.
        assert_eq!(validate_route(&b.p, two, &ps).unwrap().revenue, 50);
        b.s(ids[0]).bonus = 60;
        b.s(ids[3]).bonus = 60;
        let r = validate_route(&b.p, two, &ps).unwrap();
        assert_eq!(r.revenue, 120);
        assert_eq!(r.counted, vec![ids[0], ids[3]]);
        // The token must be counted: with the bonus ends forced, a 3E wins.
        b.s(ids[0]).own_token = false;
        b.s(ids[1]).own_token = true;
        assert_eq!(validate_route(&b.p, two, &ps).unwrap().revenue, 100);
        let three = b.train(express(3));
        assert_eq!(validate_route(&b.p, three, &ps).unwrap().revenue, 50 + 120);
    }

    #[test]
    fn runs_share_stops_but_not_track() {
        let (mut b, p1, p2, [_, m, _]) = row();
        b.token(m);
        let t0 = b.train(stops(2));
        let t1 = b.train(stops(2));
        let run = validate_run(&b.p, &[(t0, p1.clone()), (t1, p2.clone())]).unwrap();
        assert_eq!(run.revenue, 50 + 70);
        let e = validate_run(&b.p, &[(t0, p1.clone()), (t1, p1.clone())]).unwrap_err();
        assert!(matches!(e, RouteError::SharedTrack { train_a: 0, train_b: 1, .. }), "{e:?}");
        assert_eq!(e.rule(), "run.shared_track");
        assert!(e.to_string().contains("B1"), "{e}");
        let e = validate_run(&b.p, &[(t0, p1.clone()), (t0, p2)]).unwrap_err();
        assert_eq!(e.rule(), "run.train_runs_twice");
    }
}

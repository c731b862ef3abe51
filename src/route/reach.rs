//! The part of a problem's track a route can use, as a problem of its own.
//!
//! Every route counts a station of the running company, so only track
//! connected to a stop holding one of its tokens, through junctions and
//! stops a route may pass, can be part of a route. A company seldom reaches
//! much of the map: in the recorded 1844 game the median position reaches
//! a tenth of the map's paths (1849: under half). The search prepares and
//! walks only that part; the rest is read once, here.
//!
//! Ids are renumbered in their original order, so every tie the search
//! breaks by id breaks the same way on the part as on the whole problem,
//! and the search's answer is the same run.

use super::ends::EndLists;
use super::model::*;

pub(crate) struct Reachable {
    /// The reachable stops, junctions and paths, renumbered.
    pub problem: RouteProblem,
    /// Original id of each kept stop.
    stops: Vec<StopId>,
    /// Original id of each kept path.
    paths: Vec<PathId>,
}

impl Reachable {
    pub fn of(p: &RouteProblem) -> Reachable {
        let g = &p.graph;
        let ns = g.stops.len();
        let nj = g.junctions.len();
        let ends = EndLists::new(g, |tp| well_formed(g, tp));
        // A route goes on from a junction, a stop it may pass, or a stop
        // with an own token (where routes start). Walk from the own
        // tokens: only what a route can reach is touched.
        let goes_on = |s: u32| {
            let st = &g.stops[s as usize];
            st.own_token || !(st.terminal || st.blocked)
        };
        let mut path_seen = vec![false; g.paths.len()];
        let mut stop_seen = vec![false; ns];
        let mut junction_seen = vec![false; nj];
        let mut stack: Vec<End> = Vec::new();
        for (s, st) in g.stops.iter().enumerate() {
            if st.own_token {
                stop_seen[s] = true;
                stack.push(End::Stop(s as u32));
            }
        }
        while let Some(at) = stack.pop() {
            let lists: [&[u32]; 2] = match at {
                End::Stop(s) => [ends.at_stop(s as usize), &[]],
                // A route crossing a junction goes on from either side.
                End::Junction(j, _) => [ends.at_junction(j as usize, 0), ends.at_junction(j as usize, 1)],
            };
            for &q in lists.into_iter().flatten() {
                if std::mem::replace(&mut path_seen[q as usize], true) {
                    continue;
                }
                let tp = &g.paths[q as usize];
                for end in [tp.a, tp.b] {
                    let (seen, go) = match end {
                        End::Stop(s) => (&mut stop_seen[s as usize], goes_on(s)),
                        End::Junction(j, _) => (&mut junction_seen[j as usize], true),
                    };
                    if go && !std::mem::replace(seen, true) {
                        stack.push(end);
                    }
                }
            }
        }
        // The part: the paths reached and every stop and junction they touch.
        let mut new_node = vec![NONE; ns + nj];
        let mut kept: Vec<PathId> = Vec::new();
        for (q, tp) in g.paths.iter().enumerate() {
            if path_seen[q] {
                kept.push(q as PathId);
                for end in [tp.a, tp.b] {
                    match end {
                        End::Stop(s) => new_node[s as usize] = 0,
                        End::Junction(j, _) => new_node[ns + j as usize] = 0,
                    }
                }
            }
        }
        let (new_stop, new_junction) = new_node.split_at_mut(ns);
        let stops = renumber(new_stop);
        let junctions = renumber(new_junction);
        let end = |e: End| match e {
            End::Stop(s) => End::Stop(new_stop[s as usize]),
            End::Junction(j, side) => End::Junction(new_junction[j as usize], side),
        };
        let graph = TrackGraph {
            stops: stops.iter().map(|&s| g.stops[s as usize].clone()).collect(),
            paths: kept
                .iter()
                .map(|&q| {
                    let tp = &g.paths[q as usize];
                    TrackPath { a: end(tp.a), b: end(tp.b), ..tp.clone() }
                })
                .collect(),
            junctions: junctions.iter().map(|&j| g.junctions[j as usize].clone()).collect(),
            hex_labels: g.hex_labels.clone(),
        };
        Reachable {
            problem: RouteProblem { graph, trains: p.trains.clone(), rules: p.rules.clone() },
            stops,
            paths: kept,
        }
    }

    /// The route in the original problem's ids.
    pub fn original(&self, r: &Route) -> Route {
        let stops = |list: &[StopId]| list.iter().map(|&s| self.stops[s as usize]).collect();
        Route {
            train: r.train,
            stops: stops(&r.stops),
            paths: r.paths.iter().map(|&q| self.paths[q as usize]).collect(),
            counted: stops(&r.counted),
            revenue: r.revenue,
        }
    }

    /// The run in the original problem's ids.
    pub fn original_run(&self, run: Run) -> Run {
        Run { routes: run.routes.iter().map(|r| self.original(r)).collect(), revenue: run.revenue }
    }
}

/// No node (a path the search may not use).
const NONE: u32 = u32::MAX;

/// A path the search may use: malformed paths (ends out of range) are
/// never used, and a loop at one stop would visit that stop twice.
pub(super) fn well_formed(g: &TrackGraph, tp: &TrackPath) -> bool {
    let ok = |e: End| match e {
        End::Stop(s) => (s as usize) < g.stops.len(),
        End::Junction(j, side) => (j as usize) < g.junctions.len() && side <= 1,
    };
    ok(tp.a) && ok(tp.b) && !(tp.a == tp.b && matches!(tp.a, End::Stop(_)))
}

/// Gives the marked entries (any value but `u32::MAX`) new ids in
/// increasing order; returns the original id of each new one.
fn renumber(new: &mut [u32]) -> Vec<u32> {
    let mut old = Vec::new();
    for (i, x) in new.iter_mut().enumerate() {
        if *x != u32::MAX {
            *x = old.len() as u32;
            old.push(i as u32);
        }
    }
    old
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stop(own_token: bool, blocked: bool) -> Stop {
        Stop {
            hex: 0,
            kind: StopKind::City,
            value: 10,
            location: None,
            groups: 0,
            bonus: 0,
            tags: 0,
            terminal: false,
            blocked,
            own_token,
        }
    }

    fn path(a: End, b: End) -> TrackPath {
        TrackPath { hex: 0, gauge: Gauge::Standard, a, b, tags: 0 }
    }

    /// Stops 0 (own token) - 1 - junction 0 - 2 (blocked) - 3, and an
    /// island 4 - 5: the part is 0, 1, the junction and 2, and the ids map
    /// back.
    #[test]
    fn keeps_what_a_route_from_a_token_can_reach() {
        use End::*;
        let graph = TrackGraph {
            stops: vec![stop(true, false), stop(false, false), stop(false, true), stop(false, false), stop(false, false), stop(false, false)],
            paths: vec![
                path(Stop(4), Stop(5)),
                path(Stop(0), Stop(1)),
                path(Stop(1), Junction(0, 0)),
                path(Junction(0, 1), Stop(2)),
                path(Stop(2), Stop(3)),
                path(Stop(9), Stop(0)),
            ],
            junctions: vec![super::Junction { hexes: [0, 1] }],
            hex_labels: Default::default(),
        };
        let p = RouteProblem { graph, trains: vec![], rules: RouteRules::default() };
        let r = Reachable::of(&p);
        assert_eq!(r.stops, vec![0, 1, 2]);
        assert_eq!(r.paths, vec![1, 2, 3]);
        assert_eq!(r.problem.graph.paths[2].a, Junction(0, 1));
        assert_eq!(r.problem.graph.paths[2].b, Stop(2));
        let route = Route { train: 0, stops: vec![0, 2], paths: vec![0, 1, 2], counted: vec![2], revenue: 5 };
        let back = r.original(&route);
        assert_eq!((back.stops, back.paths, back.counted), (vec![0, 2], vec![1, 2, 3], vec![2]));
    }
}

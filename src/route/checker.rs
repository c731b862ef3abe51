//! A slow, obviously correct route search, for tests only.
//!
//! It shares nothing with `search.rs`: it walks every trail of paths from
//! every stop (junction side to opposite side, any path at a stop), asks
//! the validator whether each one is a legal route and what it earns, then
//! tries every combination of routes over the trains. Exponential: use it
//! on small maps.

use std::collections::BTreeMap;

use super::model::*;
use super::validate::validate_route_from;

/// Every legal route of `train` with positive revenue, one per set of
/// paths (the two directions of a trail earn the same).
pub fn all_routes(p: &RouteProblem, train: usize) -> Vec<Route> {
    all_routes_any(p, train).into_iter().filter(|r| r.revenue > 0).collect()
}

/// Every legal route of `train`, whatever it earns, one per set of paths.
pub fn all_routes_any(p: &RouteProblem, train: usize) -> Vec<Route> {
    let mut found: BTreeMap<Vec<PathId>, Route> = BTreeMap::new();
    if train >= p.trains.len() {
        return Vec::new();
    }
    for s in 0..p.graph.stops.len() as StopId {
        let mut trail = Vec::new();
        walk(p, train, s, End::Stop(s), &mut trail, &mut vec![s], &mut found);
    }
    found.into_values().collect()
}

fn walk(
    p: &RouteProblem,
    train: usize,
    start: StopId,
    at: End,
    trail: &mut Vec<PathId>,
    stops: &mut Vec<StopId>,
    found: &mut BTreeMap<Vec<PathId>, Route>,
) {
    if let (End::Stop(_), false) = (at, trail.is_empty())
        && let Ok(route) = validate_route_from(p, train, Some(start), trail)
    {
        let mut key = trail.clone();
        key.sort_unstable();
        let keep = found.get(&key).is_none_or(|old| old.revenue < route.revenue);
        if keep {
            found.insert(key, route);
        }
    }
    // The end the next path must have.
    let want = match at {
        End::Stop(s) => End::Stop(s),
        End::Junction(j, side) => End::Junction(j, 1 - side.min(1)),
    };
    for (id, tp) in p.graph.paths.iter().enumerate() {
        let id = id as PathId;
        if trail.contains(&id) {
            continue;
        }
        let next = if tp.a == want {
            tp.b
        } else if tp.b == want {
            tp.a
        } else {
            continue;
        };
        // A repeated stop never becomes legal again: stop walking.
        if let End::Stop(s) = next
            && stops.contains(&s)
        {
            continue;
        }
        trail.push(id);
        if let End::Stop(s) = next {
            stops.push(s);
        }
        walk(p, train, start, next, trail, stops, found);
        if let End::Stop(_) = next {
            stops.pop();
        }
        trail.pop();
    }
}

/// The best run by trying every combination of every train's routes.
pub fn best_run_exhaustive(p: &RouteProblem) -> Run {
    let routes: Vec<Vec<Route>> = (0..p.trains.len()).map(|t| all_routes(p, t)).collect();
    let mut best = Run::default();
    let mut chosen = Vec::new();
    combine(&routes, 0, &mut chosen, &mut best);
    best
}

fn combine(routes: &[Vec<Route>], t: usize, chosen: &mut Vec<Route>, best: &mut Run) {
    if t == routes.len() {
        let revenue: i64 = chosen.iter().map(|r| r.revenue).sum();
        if revenue > best.revenue {
            *best = Run { routes: chosen.clone(), revenue };
        }
        return;
    }
    combine(routes, t + 1, chosen, best);
    for r in &routes[t] {
        let shares = chosen.iter().any(|c| c.paths.iter().any(|q| r.paths.contains(q)));
        if !shares {
            chosen.push(r.clone());
            combine(routes, t + 1, chosen, best);
            chosen.pop();
        }
    }
}

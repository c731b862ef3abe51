//! Direct routes: unbroken track from one stop to a target stop that
//! passes only through stops of the kinds allowed in between, with a cost
//! summed over the hexsides it crosses by their terrain (1865 Sardinia's
//! station tokens, conversions and absorptions: from a city or mine to a
//! city or mine through towns only, L.10 a plain border, L.40 a river,
//! L.60 a mountain). Titles pass the kinds and the costs; the core only
//! walks the track.
//!
//! Every distinct simple route is listed, because the player picks one
//! and its cost and the towns it passes both come from that choice. A
//! route follows the track as a train does: along laid and pre-printed
//! track, on through each hexside to the track across it (never back into
//! the hex it came from), using each track piece, hexside and stop at
//! most once. Gauges are not told apart.

use super::graph::BoardGraph;
use super::ids::*;
use super::state::GameState;
use crate::limits::{MAX_DIRECT_ROUTE_STEPS, MAX_DIRECT_ROUTES};
use crate::route::{End, EndLists, StopKind as RStopKind};
use crate::title::Title;
use crate::title::schema::StopKind;
use std::collections::{BTreeMap, BTreeSet};

/// The terrain of a hexside without one (`HexData::border_terrain`).
pub const PLAIN: &str = "plain";

/// What a direct route may pass and end at, and what its borders cost.
#[derive(Clone, Debug)]
pub struct DirectRouteOpts {
    /// Cost of crossing a hexside, by its terrain; `PLAIN` for hexsides
    /// without one. Every terrain on the map's borders must be priced
    /// (`missing_costs`).
    pub costs: BTreeMap<String, i64>,
    /// Stop kinds a route may pass through (1865: towns).
    pub through: Vec<StopKind>,
    /// Stop kinds a route ends at (1865: cities and mines).
    pub to: Vec<StopKind>,
    /// With a corporation, a city all of whose slots hold other
    /// corporations' tokens cannot be passed through (it can still be a
    /// target). Matters only when cities are among `through`.
    pub corp: Option<CorpId>,
}

/// A hexside a route crosses, leaving `from` for `to`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Crossing {
    pub from: HexId,
    pub to: HexId,
    /// The border's terrain, `None` for a plain one.
    pub terrain: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectRoute {
    /// The target stop (hex, stop index on its tile).
    pub to: (HexId, u8),
    /// The stops passed on the way, in order.
    pub towns: Vec<(HexId, u8)>,
    /// The hexes whose track the route uses, in order, the start's first.
    pub hexes: Vec<HexId>,
    pub crossings: Vec<Crossing>,
    /// The crossings' costs added up.
    pub cost: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DirectRoutes {
    /// By target (hex, then stop), then cost, then the order found.
    pub routes: Vec<DirectRoute>,
    /// False when the walk stopped at `MAX_DIRECT_ROUTES` routes or
    /// `MAX_DIRECT_ROUTE_STEPS` steps: routes may be missing.
    pub complete: bool,
}

/// The terrains of the map's borders that `costs` does not price
/// (`PLAIN` included when it is missing), sorted.
pub fn missing_costs(t: &Title, costs: &BTreeMap<String, i64>) -> Vec<String> {
    let mut terrains: BTreeSet<&str> = BTreeSet::from([PLAIN]);
    for h in &t.map.hexes {
        terrains.extend(h.border_terrain.iter().flatten().map(String::as_str));
    }
    terrains.into_iter().filter(|x| !costs.contains_key(*x)).map(str::to_string).collect()
}

/// Every direct route from stop `from` (hex, stop index) on the board as
/// it stands. `Err` names the terrains `opts.costs` leaves unpriced.
pub fn direct_routes(t: &Title, st: &GameState, from: (HexId, u8), opts: &DirectRouteOpts) -> Result<DirectRoutes, String> {
    let missing = missing_costs(t, &opts.costs);
    if !missing.is_empty() {
        return Err(format!("no cost for the border terrain {} (give it in `costs`)", missing.join(", ")));
    }
    // The board's graph kept for this board (`network::track`: scripts ask
    // from many stops between two board changes, and a build per ask was
    // 5 % of a random 1865 game), with the corporation's flags and values
    // where it has one. Its adjacency reads only the paths.
    let track = super::network::track(t, st);
    let for_corp;
    let bg: &BoardGraph = match opts.corp {
        None => &track.graph,
        Some(corp) => {
            for_corp = track.graph.for_corp(t, st, corp);
            &for_corp
        }
    };
    let Some(start) = bg.stop_id(from.0, from.1) else {
        return Ok(DirectRoutes { routes: Vec::new(), complete: true });
    };
    let adj = &track.adj;
    let kinds = |list: &[StopKind]| list.iter().map(|k| super::graph::route_kind(*k)).collect::<Vec<RStopKind>>();
    let mut walk = Walk {
        t,
        bg,
        adj,
        opts,
        through: kinds(&opts.through),
        to: kinds(&opts.to),
        closed: bg.tags.get(crate::game::engine::run::CLOSED_TAG),
        used_path: vec![false; bg.graph.paths.len()],
        used_junction: vec![false; bg.graph.junctions.len()],
        used_stop: vec![false; bg.graph.stops.len()],
        trail: Vec::new(),
        passed: Vec::new(),
        crossings: Vec::new(),
        cost: 0,
        steps: 0,
        found: Vec::new(),
        seen: BTreeSet::new(),
        cut: false,
    };
    walk.used_stop[start as usize] = true;
    for &p in adj.at_stop(start as usize) {
        let from_a = bg.graph.paths[p as usize].a == End::Stop(start);
        walk.step(p, from_a);
    }
    let mut routes = walk.found;
    // Stable: equal targets and costs keep the order found.
    routes.sort_by_key(|a| (a.to, a.cost));
    Ok(DirectRoutes { routes, complete: !walk.cut })
}

/// The cheapest direct route from any stop of `from` to any stop of `to`:
/// its cost, `None` without one (the minimum over `direct_routes`, so the
/// two always agree).
pub fn cheapest_connection(t: &Title, st: &GameState, from: HexId, to: HexId, opts: &DirectRouteOpts) -> Result<Option<i64>, String> {
    let stops = super::graph::tile_on(t, st, from).stops.len() as u8;
    let mut best: Option<i64> = None;
    for s in 0..stops {
        let found = direct_routes(t, st, (from, s), opts)?;
        for r in found.routes.iter().filter(|r| r.to.0 == to) {
            best = Some(best.map_or(r.cost, |b| b.min(r.cost)));
        }
    }
    Ok(best)
}

/// The depth-first walk over simple routes, with what the route so far
/// holds.
/// A route as the player tells it apart: its end (hex, stop), the stops
/// it passes, its hexes and the borders it crosses.
type Choice = ((HexId, u8), Vec<(HexId, u8)>, Vec<HexId>, Vec<Crossing>);

struct Walk<'a> {
    t: &'a Title,
    bg: &'a BoardGraph,
    adj: &'a EndLists,
    opts: &'a DirectRouteOpts,
    through: Vec<RStopKind>,
    to: Vec<RStopKind>,
    closed: u32,
    used_path: Vec<bool>,
    used_junction: Vec<bool>,
    used_stop: Vec<bool>,
    /// The paths taken, in order.
    trail: Vec<u32>,
    /// The stops passed through.
    passed: Vec<u32>,
    crossings: Vec<Crossing>,
    cost: i64,
    steps: usize,
    found: Vec<DirectRoute>,
    /// What tells two routes apart for the player: routes over parallel
    /// track of the same hexes, stops and borders are one choice.
    seen: BTreeSet<Choice>,
    cut: bool,
}

impl Walk<'_> {
    fn step(&mut self, p: u32, from_a: bool) {
        if self.cut || self.used_path[p as usize] {
            return;
        }
        self.steps += 1;
        if self.steps > MAX_DIRECT_ROUTE_STEPS {
            self.cut = true;
            return;
        }
        let path = &self.bg.graph.paths[p as usize];
        let far = if from_a { path.b } else { path.a };
        self.used_path[p as usize] = true;
        self.trail.push(p);
        match far {
            End::Stop(s) => self.at_stop(p, s),
            End::Junction(j, side) => self.at_junction(j, side),
        }
        self.trail.pop();
        self.used_path[p as usize] = false;
    }

    fn at_stop(&mut self, came: u32, s: u32) {
        let (bg, adj) = (self.bg, self.adj);
        let g = &bg.graph;
        let stop = &g.stops[s as usize];
        if self.used_stop[s as usize] || stop.tags & self.closed != 0 {
            return;
        }
        if self.to.contains(&stop.kind) {
            self.record(s);
        }
        let blocked = self.opts.corp.is_some() && stop.blocked;
        if !self.through.contains(&stop.kind) || stop.terminal || blocked {
            return;
        }
        self.used_stop[s as usize] = true;
        self.passed.push(s);
        for &q in adj.at_stop(s as usize) {
            if q != came {
                let fa = g.paths[q as usize].a == End::Stop(s);
                self.step(q, fa);
            }
        }
        self.passed.pop();
        self.used_stop[s as usize] = false;
    }

    fn at_junction(&mut self, j: u32, side: u8) {
        let (bg, adj) = (self.bg, self.adj);
        let g = &bg.graph;
        let hexes = g.junctions[j as usize].hexes;
        let other = hexes[1 - side as usize];
        // Off the map, or an impassable border: the track ends here.
        if other == u32::MAX || self.used_junction[j as usize] {
            return;
        }
        let (h0, e0) = bg.junction_at[j as usize];
        let terrain = self.t.map.hexes[h0 as usize].border_terrain[e0 as usize].clone();
        let price = self.opts.costs.get(terrain.as_deref().unwrap_or(PLAIN)).copied().unwrap_or(0);
        self.used_junction[j as usize] = true;
        self.cost += price;
        self.crossings.push(Crossing { from: hexes[side as usize], to: other, terrain });
        for &q in adj.at_junction(j as usize, 1 - side as usize) {
            let fa = g.paths[q as usize].a == End::Junction(j, 1 - side);
            self.step(q, fa);
        }
        self.crossings.pop();
        self.cost -= price;
        self.used_junction[j as usize] = false;
    }

    fn record(&mut self, s: u32) {
        let g = &self.bg.graph;
        let at = |s: u32| self.bg.stop_at[s as usize];
        let mut hexes: Vec<HexId> = Vec::with_capacity(self.trail.len());
        for &p in &self.trail {
            let h = g.paths[p as usize].hex;
            if hexes.last() != Some(&h) {
                hexes.push(h);
            }
        }
        let route = DirectRoute { to: at(s), towns: self.passed.iter().map(|&x| at(x)).collect(), hexes, crossings: self.crossings.clone(), cost: self.cost };
        let key = (route.to, route.towns.clone(), route.hexes.clone(), route.crossings.clone());
        if self.seen.insert(key) {
            self.found.push(route);
            if self.found.len() >= MAX_DIRECT_ROUTES {
                self.cut = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Setup};
    use crate::title::TitleSource;
    use std::sync::Arc;

    /// A new game of the boundary title (tests/titles/boundary): its second
    /// network A7 Hythe -mountain- C7 Ivel (town) - E7 Jarrow -river- G7
    /// Kelso, with B8 Lune's track joining Hythe to Ivel the other way.
    fn boundary() -> Game {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/titles/boundary");
        let title = crate::title::load::load(&TitleSource::Disk(dir), &BTreeMap::new(), Some(2)).expect("the boundary title loads");
        let setup = Setup { players: vec!["A".into(), "B".into()], seed: 1, options: BTreeMap::new(), values: BTreeMap::new() };
        Game::new(Arc::new(title), setup).expect("a new game")
    }

    fn opts(through: &[StopKind]) -> DirectRouteOpts {
        let costs = [("plain", 10), ("river", 40), ("mountain", 60)].into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        DirectRouteOpts { costs, through: through.to_vec(), to: vec![StopKind::City], corp: None }
    }

    #[test]
    fn routes_are_every_simple_way_through_towns_priced_by_border() {
        let g = boundary();
        let (t, st) = (&*g.title, &g.state);
        let hex = |l: &str| t.map.hex(l).unwrap();
        let found = direct_routes(t, st, (hex("A7"), 0), &opts(&[StopKind::Town])).unwrap();
        assert!(found.complete);
        let got: Vec<(HexId, i64, usize)> = found.routes.iter().map(|r| (r.to.0, r.cost, r.hexes.len())).collect();
        assert_eq!(got, vec![(hex("E7"), 30, 4), (hex("E7"), 70, 3)]);
        let over_mountain = &found.routes[1];
        assert_eq!(over_mountain.towns, vec![(hex("C7"), 0)]);
        assert_eq!(over_mountain.crossings[0], Crossing { from: hex("A7"), to: hex("C7"), terrain: Some("mountain".into()) });
        // Passing cities, Kelso is reached behind Jarrow, across the river.
        let far = direct_routes(t, st, (hex("A7"), 0), &opts(&[StopKind::Town, StopKind::City])).unwrap();
        assert_eq!(far.routes.iter().filter(|r| r.to.0 == hex("G7")).map(|r| r.cost).collect::<Vec<_>>(), vec![70, 110]);
        assert_eq!(cheapest_connection(t, st, hex("G7"), hex("A7"), &opts(&[StopKind::Town, StopKind::City])).unwrap(), Some(70));
        assert_eq!(cheapest_connection(t, st, hex("G7"), hex("A7"), &opts(&[StopKind::Town])).unwrap(), None);
    }

    #[test]
    fn every_border_terrain_needs_a_cost() {
        let g = boundary();
        let mut o = opts(&[StopKind::Town]);
        o.costs.remove("river");
        assert_eq!(missing_costs(&g.title, &o.costs), vec!["river".to_string()]);
        let e = direct_routes(&g.title, &g.state, (0, 0), &o).unwrap_err();
        assert!(e.contains("river"), "{e}");
    }
}

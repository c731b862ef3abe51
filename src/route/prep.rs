//! Precomputation for the search: the graph of stretches between stops for
//! one kind of train.
//!
//! A route is a sequence of stretches: runs of track from one stop to the
//! next through junctions only. Gauge rules and hex costs are properties of
//! a stretch, so once the stretches are known the search walks a small graph
//! of stops and never looks at junctions again.

use super::bitset::Bits;
use super::ends::EndLists;
use super::model::*;
use super::value;

/// A run of track between two consecutive stops.
#[derive(Clone, Debug)]
pub(crate) struct Stretch {
    pub to: u32,
    /// Paths in travel order from the stretch's first stop.
    pub paths: Vec<u32>,
    /// Hex cost (0 for trains that do not count hexes).
    pub cost: u32,
    /// Hex cost of the same track run the other way. Without the gauge
    /// rule a crossing costs the gauge of the path it enters, so the two
    /// directions can differ.
    pub cost_rev: u32,
    /// OR of the paths' tags.
    pub tags: u32,
}

/// The stretch graph and bounds data for one train spec.
pub(crate) struct SpecGraph {
    pub spec: TrainSpec,
    /// Stretches leaving each stop.
    pub out: Vec<Vec<Stretch>>,
    /// Value of each stop to this train (value × multiplier).
    pub weight: Vec<i64>,
    /// May the train visit the stop at all?
    pub usable: Vec<bool>,
    /// May a route pass through the stop (not terminal, not blocked)?
    pub passable: Vec<bool>,
    /// Budget of the train: hex budget, stop count, or unbounded.
    pub limit: Limit,
    /// Cheapest stretch cost (hex trains), to bound stops per budget.
    pub min_cost: u32,
    /// Each stop's index in `by_weight` (`u32::MAX`: no stretch joins it).
    pub rank: Vec<u32>,
    /// For bounded trains (hex and stop trains), the usable stops each
    /// stop reaches by static distance (hex cost, or stretches for stop
    /// trains, ignoring used track; for hex trains within the budget), in
    /// `by_weight` order, as the bound reads them: stop `a`'s are
    /// `near[near_at[rank[a]]..near_at[rank[a] + 1]]`. (A whole matrix of
    /// distances, scanned row by row, mostly held stops out of reach.)
    pub near: Vec<Near>,
    pub near_at: Vec<u32>,
    /// Static distance to the nearest own-token stop.
    pub tok_dist: Vec<u32>,
    /// The own-token stops of `by_weight`, in its order.
    pub token_stops: Vec<u32>,
    /// The stops some stretch joins, in order of decreasing weight (ties
    /// by id), for bounds and start order.
    pub by_weight: Vec<u32>,
    /// Largest pair bonus a route starting at each stop could earn.
    pub pair_max: Vec<i64>,
    /// Sum of the positive per-stop path bonuses.
    pub per_stop_max: i64,
    /// For each path, its index among the paths that belong to more than
    /// one stretch (switches, shared plain track), or `u32::MAX`. A path of
    /// a single stretch cannot matter to a trail's future once used: that
    /// stretch joins two visited stops.
    pub contested: Vec<u32>,
    pub n_contested: usize,
    /// For each contested path, the end stops of the stretches holding it.
    pub holders: Vec<Vec<(u32, u32)>>,
}

/// A stop in reach of another (`SpecGraph::near`): its weight, its
/// location key (`Incidence::loc`) and its static distance.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Near {
    pub weight: i64,
    pub loc: u32,
    pub dist: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Limit {
    /// Hex budget after the start hex.
    Hexes(u32),
    /// Stops visited, all counted.
    Stops(u32),
    /// Express: any number visited, at most this many counted.
    Express(u32),
    Unlimited,
}

impl Limit {
    /// Trains whose routes can be enumerated exhaustively within a budget.
    pub fn bounded(self) -> bool {
        matches!(self, Limit::Hexes(_) | Limit::Stops(_))
    }
}

/// Incidence of the track graph, shared by all specs (the search builds it
/// on the reachable part only, `reach`).
pub(crate) struct Incidence {
    /// Usable paths (well-formed ends) touching each stop and junction side.
    pub ends: EndLists,
    /// Location key of each stop (shared `location` → same key).
    pub loc: Vec<u32>,
    pub n_locs: usize,
}

impl Incidence {
    pub fn new(g: &TrackGraph) -> Incidence {
        let ends = EndLists::new(g, |tp| super::reach::well_formed(g, tp));
        // Location keys: named locations first (sorted), then one per stop.
        let mut named: Vec<u32> = g.stops.iter().filter_map(|s| s.location).collect();
        named.sort_unstable();
        named.dedup();
        let mut next = named.len() as u32;
        let loc = g
            .stops
            .iter()
            .map(|s| match s.location {
                Some(l) => named.binary_search(&l).map(|i| i as u32).unwrap_or(0),
                None => {
                    next += 1;
                    next - 1
                }
            })
            .collect();
        Incidence { ends, loc, n_locs: next as usize }
    }
}

impl SpecGraph {
    pub fn new(p: &RouteProblem, inc: &Incidence, spec: &TrainSpec) -> SpecGraph {
        let g = &p.graph;
        let n = g.stops.len();
        let usable: Vec<bool> = g.stops.iter().map(|s| s.tags & spec.forbidden_tags == 0).collect();
        let passable: Vec<bool> = g.stops.iter().map(passable).collect();
        let weight: Vec<i64> = g.stops.iter().map(|s| value::stop_weight(s, spec)).collect();
        let limit = match spec.distance {
            Distance::Hexes { max, count_start, .. } => {
                Limit::Hexes(max.saturating_sub(u32::from(count_start)))
            }
            Distance::Stops { max, express: false } => Limit::Stops(max),
            Distance::Stops { max, express: true } => Limit::Express(max),
            Distance::Unlimited => Limit::Unlimited,
        };
        // With count_start the start hex alone may exceed the budget.
        let start_fits = match spec.distance {
            Distance::Hexes { max, count_start, .. } => max >= u32::from(count_start),
            _ => true,
        };
        let mut out = vec![Vec::new(); n];
        if start_fits {
            let mut walk = StretchWalk::new(p, inc, spec, limit, &usable);
            for s in 0..n {
                if usable[s] {
                    out[s] = walk.stretches_from(s as u32);
                }
            }
        }
        // Explore valuable stops first: good routes early prune more.
        for list in out.iter_mut() {
            list.sort_by(|a: &Stretch, b: &Stretch| {
                weight[b.to as usize].cmp(&weight[a.to as usize]).then(a.to.cmp(&b.to)).then(a.paths.cmp(&b.paths))
            });
        }
        let min_cost = out.iter().flatten().map(|st| st.cost).min().unwrap_or(0);
        // Stops no stretch joins are never visited: leaving them out keeps
        // the bounds' scans short early in a game, when most of the map
        // has no track the company can use.
        let mut joined = vec![false; n];
        for (a, list) in out.iter().enumerate() {
            for st in list {
                joined[a] = true;
                joined[st.to as usize] = true;
            }
        }
        let mut by_weight: Vec<u32> = (0..n as u32).filter(|&s| joined[s as usize]).collect();
        by_weight.sort_by_key(|&s| (std::cmp::Reverse(weight[s as usize]), s));
        let mut rank = vec![u32::MAX; n];
        for (i, &s) in by_weight.iter().enumerate() {
            rank[s as usize] = i as u32;
        }
        let tokens: Vec<u32> = by_weight.iter().copied().filter(|&s| g.stops[s as usize].own_token && usable[s as usize]).collect();
        let near_of = limit.bounded().then_some(NearOf { weight: &weight, loc: &inc.loc, usable: &usable });
        let Distances { tok_dist, near, near_at } = all_distances(&out, limit, &by_weight, &tokens, near_of);
        let token_stops = tokens;
        let pair_max = pair_maxima(p, &usable);
        let per_stop_max =
            value::clamp(p.rules.path_tag_bonuses.iter().map(|b| value::clamp(b.per_stop.max(0))).sum());
        let (contested, n_contested) = contested_paths(&out, g.paths.len());
        let mut holders = vec![Vec::new(); n_contested];
        for (a, list) in out.iter().enumerate() {
            for st in list {
                for &q in &st.paths {
                    let c = contested[q as usize];
                    if c != u32::MAX {
                        let pair = (a as u32).min(st.to)..=(a as u32).max(st.to);
                        let pair = (*pair.start(), *pair.end());
                        if !holders[c as usize].contains(&pair) {
                            holders[c as usize].push(pair);
                        }
                    }
                }
            }
        }
        SpecGraph {
            holders,
            contested,
            n_contested,
            spec: spec.clone(),
            out,
            weight,
            usable,
            passable,
            limit,
            min_cost,
            rank,
            near,
            near_at,
            tok_dist,
            token_stops,
            by_weight,
            pair_max,
            per_stop_max,
        }
    }

    pub fn n_stops(&self) -> usize {
        self.weight.len()
    }
}

struct StretchWalk<'a> {
    p: &'a RouteProblem,
    inc: &'a Incidence,
    spec: &'a TrainSpec,
    budget: Option<u32>,
    usable: &'a [bool],
    /// Hex cost of a crossing by the gauge of the path entered (0 for
    /// trains that do not count hexes).
    costs: [u32; 3],
    /// The cheapest of `costs` among the gauges the train may use: a
    /// stretch still all dual may yet turn any of them.
    dual_per: u32,
    start: u32,
    paths: Vec<u32>,
    used: Bits,
    found: Vec<Stretch>,
}

/// The stretch walked before its last path (`StretchWalk::step`): what
/// its cost needs, kept as the walk goes rather than read again from all
/// its paths at every step.
#[derive(Clone, Copy)]
struct SoFar {
    /// The gauge its paths agree on (dual while all are dual; only kept
    /// with the gauge rule).
    gauge: Gauge,
    /// Hex cost of its crossings, each by the gauge of the path entered.
    crossed: u32,
    /// Hex cost of its paths each by its own gauge: the cost, travelled
    /// backwards, of the stretch one path longer.
    paths: u32,
}

impl<'a> StretchWalk<'a> {
    /// One walker for all of a train spec's start stops (its scratch
    /// lists and bit set are reused).
    fn new(p: &'a RouteProblem, inc: &'a Incidence, spec: &'a TrainSpec, limit: Limit, usable: &'a [bool]) -> Self {
        let costs = match spec.distance {
            Distance::Hexes { cost, .. } => cost,
            _ => [0; 3],
        };
        StretchWalk {
            p,
            inc,
            spec,
            budget: match limit {
                Limit::Hexes(b) => Some(b),
                _ => None,
            },
            usable,
            costs,
            dual_per: (0..3).filter(|&i| spec.gauges[i]).map(|i| costs[i]).min().unwrap_or(0),
            start: 0,
            paths: Vec::new(),
            used: Bits::new(p.graph.paths.len()),
            found: Vec::new(),
        }
    }

    /// Every stretch from stop `s`: depth-first through junctions until a stop.
    fn stretches_from(&mut self, s: u32) -> Vec<Stretch> {
        let g = &self.p.graph;
        self.start = s;
        for &pid in self.inc.ends.at_stop(s as usize) {
            let tp = &g.paths[pid as usize];
            let exit = if tp.a == End::Stop(s) { tp.b } else { tp.a };
            self.step(pid, exit, SoFar { gauge: Gauge::Dual, crossed: 0, paths: 0 });
        }
        // Moved into a list of the right size: `found` keeps its room.
        let mut list = Vec::with_capacity(self.found.len());
        list.append(&mut self.found);
        list
    }

    /// Takes path `pid`, leaving by `exit`, after the stretch `before`
    /// (its crossings counting the one into `pid`).
    fn step(&mut self, pid: u32, exit: End, before: SoFar) {
        let g = &self.p.graph;
        let tp = &g.paths[pid as usize];
        if !self.spec.gauges[tp.gauge.index()] || self.used.get(pid as usize) {
            return;
        }
        self.paths.push(pid);
        self.used.set(pid as usize);
        let gauge_rule = self.p.rules.gauge_changes_at_stops_only;
        let gauge = if gauge_rule { agree(before.gauge, tp.gauge) } else { Some(Gauge::Dual) };
        if let Some(gauge) = gauge
            && let Some(cost) = self.cost(gauge, before.crossed)
        {
            let now = SoFar { gauge, crossed: before.crossed, paths: before.paths.saturating_add(self.costs[tp.gauge.index()]) };
            match exit {
                End::Stop(d) => {
                    if d != self.start && self.usable[d as usize] {
                        let tags = self.paths.iter().fold(0, |a, &q| a | g.paths[q as usize].tags);
                        // Travelled backwards each crossing enters the
                        // path before it: all the paths but the last.
                        // With the gauge rule, one gauge throughout, the
                        // cost is the same both ways.
                        let cost_rev = if gauge_rule { cost } else { before.paths };
                        self.found.push(Stretch { to: d, paths: self.paths.clone(), cost, cost_rev, tags });
                    }
                }
                End::Junction(j, side) => {
                    for &q in self.inc.ends.at_junction(j as usize, 1 - side as usize) {
                        let qp = &g.paths[q as usize];
                        let entry = End::Junction(j, 1 - side);
                        let next_exit = if qp.a == entry { qp.b } else { qp.a };
                        let crossed = now.crossed.saturating_add(self.costs[qp.gauge.index()]);
                        self.step(q, next_exit, SoFar { crossed, ..now });
                    }
                }
            }
        }
        self.used.clear(pid as usize);
        self.paths.pop();
    }

    /// The exact hex cost of the stretch as it stands (with the gauge rule
    /// at its `gauge` as of now; `crossed` is its crossings' cost without
    /// the rule), or None if it cannot fit the budget whatever gauge it
    /// ends with.
    fn cost(&self, gauge: Gauge, crossed: u32) -> Option<u32> {
        let (least, exact) = if self.p.rules.gauge_changes_at_stops_only {
            // One crossing fewer than paths, each at the stretch's gauge;
            // a dual-only stretch so far may still turn standard or
            // narrow: bound it by the cheapest gauge the train can use.
            let n = self.paths.len() as u32 - 1;
            let per = if gauge == Gauge::Dual { self.dual_per } else { self.costs[gauge.index()] };
            (n.saturating_mul(per), n.saturating_mul(self.costs[gauge.index()]))
        } else {
            (crossed, crossed)
        };
        match self.budget {
            Some(b) if least > b => None,
            _ => Some(exact),
        }
    }
}

/// The gauge of a stretch of gauge `so_far` continued by a path of gauge
/// `next` under the gauge rule, or None if the two mix narrow and standard.
fn agree(so_far: Gauge, next: Gauge) -> Option<Gauge> {
    match (so_far, next) {
        (_, Gauge::Dual) => Some(so_far),
        (Gauge::Dual, x) => Some(x),
        (a, b) if a == b => Some(a),
        _ => None,
    }
}

/// Paths shared by two or more distinct stretches (a stretch and its
/// reverse are the same track). Each path remembers the first stretch
/// holding it; any other stretch holding it that is not that one's exact
/// reverse makes it contested (a stretch that only looks different, the
/// same paths in another order, would be counted distinct: the key holds
/// a path too many, which is safe).
fn contested_paths(out: &[Vec<Stretch>], n_paths: usize) -> (Vec<u32>, usize) {
    let mut first: Vec<Option<(u32, &Stretch)>> = vec![None; n_paths];
    let mut shared = vec![false; n_paths];
    for (a, list) in out.iter().enumerate() {
        for st in list {
            for &q in &st.paths {
                match first[q as usize] {
                    None => first[q as usize] = Some((a as u32, st)),
                    Some((b, other)) => {
                        let reverse = other.to == a as u32
                            && st.to == b
                            && other.paths.len() == st.paths.len()
                            && other.paths.iter().rev().eq(st.paths.iter());
                        if !reverse {
                            shared[q as usize] = true;
                        }
                    }
                }
            }
        }
    }
    let mut next = 0u32;
    let index = shared
        .iter()
        .map(|&c| {
            if c {
                next += 1;
                next - 1
            } else {
                u32::MAX
            }
        })
        .collect();
    (index, next as usize)
}

/// A route may pass through the stop (not only start or end there).
fn passable(s: &Stop) -> bool {
    !s.terminal && !s.blocked
}

/// For each stop, the most a pair bonus can add to a route ending there
/// (`value::pair_bonus` with its best usable partner, at least 0). Only
/// stops in a bonus group can pair, so the partners are found per group
/// rather than by trying every pair of stops.
fn pair_maxima(p: &RouteProblem, usable: &[bool]) -> Vec<i64> {
    let stops = &p.graph.stops;
    let in_group = |s: usize, bit: u32| bit < 32 && stops[s].groups & (1 << bit) != 0;
    // Usable stops of each group bit a rule names, best bonus first (two
    // suffice: the best partner other than the stop itself).
    let mut best: std::collections::BTreeMap<u32, Vec<usize>> = Default::default();
    for pb in &p.rules.pair_bonuses {
        for bit in [pb.a, pb.b] {
            best.entry(bit).or_insert_with(|| {
                let mut members: Vec<usize> = (0..stops.len()).filter(|&s| usable[s] && in_group(s, bit)).collect();
                members.sort_by_key(|&s| (std::cmp::Reverse(value::clamp(stops[s].bonus)), s));
                members.truncate(2);
                members
            });
        }
    }
    (0..stops.len())
        .map(|a| {
            let mut top = 0i64;
            for pb in &p.rules.pair_bonuses {
                for (mine, theirs) in [(pb.a, pb.b), (pb.b, pb.a)] {
                    if !in_group(a, mine) {
                        continue;
                    }
                    if let Some(&b) = best.get(&theirs).and_then(|m| m.iter().find(|&&b| b != a)) {
                        top = top.max(value::pair_bonus(&p.rules, &stops[a], &stops[b]));
                    }
                }
            }
            top
        })
        .collect()
}

/// What `SpecGraph::near` lists of a stop.
struct NearOf<'a> {
    weight: &'a [i64],
    loc: &'a [u32],
    usable: &'a [bool],
}

/// `SpecGraph`'s distances: `tok_dist`, and `near` with `near_at` when
/// asked for.
struct Distances {
    tok_dist: Vec<u32>,
    near: Vec<Near>,
    near_at: Vec<u32>,
}

/// Static shortest distances between the stops some stretch joins (hex
/// cost for hex trains, number of stretches otherwise), ignoring the rule
/// that stops may not repeat: a lower bound for the search. For hex
/// trains a distance over the budget counts as unreachable (`u32::MAX`).
/// Read as each stop's distance to the nearest of `tokens`, and with
/// `near_of` as the stops each one reaches (`SpecGraph::near`), rows in
/// `by_weight` order.
fn all_distances(out: &[Vec<Stretch>], limit: Limit, by_weight: &[u32], tokens: &[u32], near_of: Option<NearOf>) -> Distances {
    let mut tok_dist = vec![u32::MAX; out.len()];
    let (mut near, mut near_at) = (Vec::new(), Vec::new());
    if near_of.is_some() {
        near_at.reserve(by_weight.len() + 1);
        near_at.push(0);
    }
    let mut row = vec![u32::MAX; out.len()];
    let mut from = DistanceWalk { queue: Vec::new(), buckets: Vec::new(), heap: Default::default() };
    for &a in by_weight {
        row.iter_mut().for_each(|x| *x = u32::MAX);
        from.walk(out, limit, a, &mut row);
        tok_dist[a as usize] = tokens.iter().map(|&t| row[t as usize]).min().unwrap_or(u32::MAX);
        if let Some(of) = &near_of {
            for &b in by_weight {
                let (d, b) = (row[b as usize], b as usize);
                if d != u32::MAX && of.usable[b] {
                    near.push(Near { weight: of.weight[b], loc: of.loc[b], dist: d });
                }
            }
            near_at.push(near.len() as u32);
        }
    }
    Distances { tok_dist, near, near_at }
}

/// Scratch for the distances from one stop.
struct DistanceWalk {
    queue: Vec<u32>,
    buckets: Vec<Vec<u32>>,
    heap: std::collections::BinaryHeap<std::cmp::Reverse<(u32, u32)>>,
}

impl DistanceWalk {
    /// Fills `row` (all `u32::MAX`) with the distances from `a`.
    fn walk(&mut self, out: &[Vec<Stretch>], limit: Limit, a: u32, row: &mut [u32]) {
        row[a as usize] = 0;
        match limit {
            // Hex costs: only distances within the budget matter (a stop
            // farther away is out of reach, like an unreachable one). Real
            // budgets are a few dozen hexes at most: Dijkstra then runs on
            // one bucket per cost; larger ones use a heap.
            Limit::Hexes(budget) if budget <= MAX_BUCKETS => self.buckets(out, budget, a, row),
            Limit::Hexes(budget) => self.heap(out, budget, a, row),
            // Every stretch costs one: breadth first.
            _ => self.breadth_first(out, a, row),
        }
    }

    fn breadth_first(&mut self, out: &[Vec<Stretch>], a: u32, row: &mut [u32]) {
        let queue = &mut self.queue;
        queue.clear();
        queue.push(a);
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head] as usize;
            head += 1;
            for st in &out[u] {
                if row[st.to as usize] == u32::MAX {
                    row[st.to as usize] = row[u] + 1;
                    queue.push(st.to);
                }
            }
        }
    }

    /// Dial's algorithm. Stretches inside one hex cost nothing, so a
    /// bucket may grow while it is read.
    fn buckets(&mut self, out: &[Vec<Stretch>], budget: u32, a: u32, row: &mut [u32]) {
        let buckets = &mut self.buckets;
        buckets.resize(budget as usize + 1, Vec::new());
        buckets[0].push(a);
        for d in 0..=budget {
            let mut i = 0;
            while i < buckets[d as usize].len() {
                let u = buckets[d as usize][i] as usize;
                i += 1;
                if row[u] != d {
                    continue;
                }
                for st in &out[u] {
                    let nd = d.saturating_add(st.cost);
                    if nd <= budget && nd < row[st.to as usize] {
                        row[st.to as usize] = nd;
                        buckets[nd as usize].push(st.to);
                    }
                }
            }
            buckets[d as usize].clear();
        }
    }

    fn heap(&mut self, out: &[Vec<Stretch>], budget: u32, a: u32, row: &mut [u32]) {
        let heap = &mut self.heap;
        heap.clear();
        heap.push(std::cmp::Reverse((0u32, a)));
        while let Some(std::cmp::Reverse((d, u))) = heap.pop() {
            if d > row[u as usize] {
                continue;
            }
            for st in &out[u as usize] {
                let nd = d.saturating_add(st.cost);
                if nd <= budget && nd < row[st.to as usize] {
                    row[st.to as usize] = nd;
                    heap.push(std::cmp::Reverse((nd, st.to)));
                }
            }
        }
    }
}

/// Budgets up to this many hexes get one bucket per cost.
const MAX_BUCKETS: u32 = 256;

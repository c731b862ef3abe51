//! The exact route search: the maximum-revenue run of a company's trains.
//!
//! Plan:
//! 1. Build the stretch graph once per distinct kind of train (`prep`).
//! 2. Find each kind's best single route (branch and bound in `enumerate`)
//!    and a greedy run (each train's best route on the track the others
//!    left). The greedy run is the first incumbent; the single bests are
//!    upper bounds.
//! 3. A route can only belong to a better run if it earns at least
//!    `incumbent + 1 - (sum of the other trains' bounds)`. Trains with a
//!    budget (hex or stop trains) get every such route as a sorted
//!    candidate list.
//! 4. Branch and bound over the trains: candidate lists in revenue order
//!    with path bit sets for disjointness, identical trains taking
//!    candidates in increasing order. Trains without a budget (express,
//!    unlimited) come last and are searched lazily on the track left, since
//!    their routes are too many to list.
//!
//! With a title bonus callback route values are unknown until the callback
//! has seen the route, so no value bound is sound: every legal route of
//! every train becomes a candidate (exact, but slower on dense maps).

use super::bitset::Bits;
use super::enumerate::{Enum, Sink};
use super::model::*;
use super::prep::{Incidence, SpecGraph};

/// The best run of the problem's trains.
pub fn best_run(p: &RouteProblem) -> (Run, SearchStats) {
    best_run_with(p, None)
}

/// The best run, with a title bonus added to each candidate route's
/// revenue. The callback is called once per distinct candidate route (the
/// route's `train` is the first train of its kind, `revenue` the rules'
/// value), never per edge.
pub fn best_run_with(
    p: &RouteProblem,
    route_bonus: Option<&mut dyn FnMut(&Route) -> i64>,
) -> (Run, SearchStats) {
    let prep = Prepared::new(p);
    let mut stats = SearchStats::default();
    let n = p.trains.len();
    if n == 0 {
        return (Run::default(), stats);
    }
    let exhaustive = route_bonus.is_some();
    // Per kind: best single route (upper bound), and the greedy run.
    let mut incumbent: Vec<Route> = Vec::new();
    let mut ub = vec![0i64; prep.specs.len()];
    let mut lists: Vec<Option<Vec<Cand>>> = vec![None; prep.specs.len()];
    if let Some(cb) = route_bonus {
        for (k, sg) in prep.specs.iter().enumerate() {
            let mut sink = Collect { min: i64::MIN, out: Vec::new() };
            Enum::new(p, &prep.inc, sg, prep.first_train[k], Bits::new(p.graph.paths.len()), false)
                .run(&mut sink);
            let mut list: Vec<Cand> = Vec::new();
            for mut c in sink.out {
                c.route.revenue = c.route.revenue.saturating_add(cb(&c.route));
                if c.route.revenue > 0 {
                    list.push(c);
                }
            }
            sort_cands(&mut list);
            stats.candidates += list.len() as u64;
            ub[k] = list.first().map_or(0, |c| c.route.revenue);
            lists[k] = Some(list);
        }
    } else {
        for (k, sg) in prep.specs.iter().enumerate() {
            let used = Bits::new(p.graph.paths.len());
            if let Some(r) = best_single(&prep, sg, prep.first_train[k], used, &mut stats) {
                ub[k] = r.revenue;
            }
        }
        incumbent = greedy(&prep, &ub, &mut stats);
    }
    let lb: i64 = incumbent.iter().map(|r| r.revenue).sum();
    let total_ub: i64 = (0..n).map(|t| ub[prep.spec_of[t]]).sum();
    if !exhaustive {
        for (k, sg) in prep.specs.iter().enumerate() {
            if !sg.limit.bounded() || !prep.spec_of.contains(&k) {
                continue;
            }
            let min = (lb + 1 - (total_ub - ub[k])).max(1);
            let mut sink = Collect { min, out: Vec::new() };
            Enum::new(p, &prep.inc, sg, prep.first_train[k], Bits::new(p.graph.paths.len()), true)
                .run(&mut sink);
            let mut list = sink.out;
            sort_cands(&mut list);
            stats.candidates += list.len() as u64;
            lists[k] = Some(list);
        }
    }
    // Order: listed kinds first, identical trains adjacent.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&t| (lists[prep.spec_of[t]].is_none(), prep.spec_of[t], t));
    let mut suffix_ub = vec![0i64; n + 1];
    for i in (0..n).rev() {
        suffix_ub[i] = suffix_ub[i + 1] + ub[prep.spec_of[order[i]]];
    }
    let mut comb = Comb {
        prep: &prep,
        lists: &lists,
        order,
        suffix_ub,
        used: Bits::new(p.graph.paths.len()),
        stack: Vec::new(),
        choice: vec![None; n],
        best: lb,
        best_routes: incumbent,
        nodes: 0,
        lazy_routes: 0,
    };
    comb.rec(0, 0);
    stats.nodes += comb.nodes;
    stats.candidates += comb.lazy_routes;
    let mut routes = comb.best_routes;
    routes.sort_by_key(|r| r.train);
    let revenue = routes.iter().map(|r| r.revenue).sum();
    (Run { routes, revenue }, stats)
}

/// Shared precomputation: incidence, one stretch graph per distinct kind.
pub(crate) struct Prepared<'p> {
    p: &'p RouteProblem,
    inc: Incidence,
    specs: Vec<SpecGraph>,
    /// Kind of each train.
    spec_of: Vec<usize>,
    /// First train of each kind (the `train` of its candidate routes).
    first_train: Vec<usize>,
}

impl<'p> Prepared<'p> {
    fn new(p: &'p RouteProblem) -> Prepared<'p> {
        let inc = Incidence::new(&p.graph);
        let mut specs: Vec<SpecGraph> = Vec::new();
        let mut spec_of = Vec::new();
        let mut first_train = Vec::new();
        for (t, tr) in p.trains.iter().enumerate() {
            let same = |s: &SpecGraph| {
                s.spec.distance == tr.distance
                    && s.spec.gauges == tr.gauges
                    && s.spec.forbidden_tags == tr.forbidden_tags
                    && s.spec.multipliers == tr.multipliers
            };
            match specs.iter().position(same) {
                Some(k) => spec_of.push(k),
                None => {
                    spec_of.push(specs.len());
                    first_train.push(t);
                    specs.push(SpecGraph::new(p, &inc, tr));
                }
            }
        }
        Prepared { p, inc, specs, spec_of, first_train }
    }
}

/// A candidate route with its paths sorted for disjointness tests.
#[derive(Clone)]
struct Cand {
    route: Route,
}

fn sort_cands(list: &mut [Cand]) {
    list.sort_by(|a, b| {
        b.route
            .revenue
            .cmp(&a.route.revenue)
            .then_with(|| a.route.stops.cmp(&b.route.stops))
            .then_with(|| a.route.paths.cmp(&b.route.paths))
    });
}

struct Collect {
    min: i64,
    out: Vec<Cand>,
}

impl Sink for Collect {
    fn min_rev(&self) -> i64 {
        self.min
    }
    fn emit(&mut self, route: Route, _: &Bits) {
        self.out.push(Cand { route });
    }
}

/// Keeps the first route earning strictly more than any before it.
struct Best<'s> {
    best: Option<Route>,
    stats: &'s mut SearchStats,
}

impl Sink for Best<'_> {
    fn min_rev(&self) -> i64 {
        self.best.as_ref().map_or(1, |r| r.revenue.saturating_add(1))
    }
    fn emit(&mut self, route: Route, _: &Bits) {
        self.stats.candidates += 1;
        self.best = Some(route);
    }
    fn node(&mut self) {
        self.stats.nodes += 1;
    }
}

fn best_single(prep: &Prepared, sg: &SpecGraph, train: usize, used: Bits, stats: &mut SearchStats) -> Option<Route> {
    let mut sink = Best { best: None, stats };
    Enum::new(prep.p, &prep.inc, sg, train, used, true).run(&mut sink);
    sink.best
}

/// Each train in turn (best bound first) takes its best route on the track
/// the others left.
fn greedy(prep: &Prepared, ub: &[i64], stats: &mut SearchStats) -> Vec<Route> {
    let p = prep.p;
    let mut order: Vec<usize> = (0..p.trains.len()).collect();
    order.sort_by_key(|&t| (std::cmp::Reverse(ub[prep.spec_of[t]]), t));
    let mut used = Bits::new(p.graph.paths.len());
    let mut out = Vec::new();
    for t in order {
        let sg = &prep.specs[prep.spec_of[t]];
        if let Some(r) = best_single(prep, sg, t, used.clone(), stats) {
            for &q in &r.paths {
                used.set(q as usize);
            }
            out.push(r);
        }
    }
    out
}

/// Branch and bound over the trains.
struct Comb<'a, 'p> {
    prep: &'a Prepared<'p>,
    lists: &'a [Option<Vec<Cand>>],
    order: Vec<usize>,
    suffix_ub: Vec<i64>,
    used: Bits,
    stack: Vec<Route>,
    /// Candidate index chosen at each level (None = idle), for symmetry.
    choice: Vec<Option<usize>>,
    best: i64,
    best_routes: Vec<Route>,
    nodes: u64,
    lazy_routes: u64,
}

impl Comb<'_, '_> {
    fn rec(&mut self, i: usize, acc: i64) {
        self.nodes += 1;
        if acc > self.best {
            self.best = acc;
            self.best_routes = self.stack.clone();
        }
        if i == self.order.len() || acc + self.suffix_ub[i] <= self.best {
            return;
        }
        let t = self.order[i];
        let kind = self.prep.spec_of[t];
        // Identical trains: a train after an idle twin stays idle, and
        // takes a later candidate than its twin.
        let twin = (i > 0 && self.prep.spec_of[self.order[i - 1]] == kind).then(|| self.choice[i - 1]);
        if twin == Some(None) {
            self.choice[i] = None;
            self.rec(i + 1, acc);
            return;
        }
        let lists = self.lists;
        if let Some(list) = &lists[kind] {
            let from = twin.flatten().map_or(0, |k| k + 1);
            for (k, c) in list.iter().enumerate().skip(from) {
                if acc + c.route.revenue + self.suffix_ub[i + 1] <= self.best {
                    break;
                }
                if self.used.any_of(&c.route.paths) {
                    continue;
                }
                let mut route = c.route.clone();
                route.train = t;
                self.choice[i] = Some(k);
                self.descend(i, acc, route);
            }
        } else {
            let prep = self.prep;
            let sg = &prep.specs[kind];
            self.choice[i] = Some(0);
            let used = self.used.clone();
            let mut sink = Lazy { comb: self, level: i, acc };
            Enum::new(prep.p, &prep.inc, sg, t, used, true).run(&mut sink);
        }
        self.choice[i] = None;
        self.rec(i + 1, acc);
    }

    fn descend(&mut self, i: usize, acc: i64, route: Route) {
        let rev = route.revenue;
        for &q in &route.paths {
            self.used.set(q as usize);
        }
        self.stack.push(route);
        self.rec(i + 1, acc + rev);
        if let Some(route) = self.stack.pop() {
            for &q in &route.paths {
                self.used.clear(q as usize);
            }
        }
    }
}

/// A lazily searched train: each route it finds continues the run.
struct Lazy<'c, 'a, 'p> {
    comb: &'c mut Comb<'a, 'p>,
    level: usize,
    acc: i64,
}

impl Sink for Lazy<'_, '_, '_> {
    fn min_rev(&self) -> i64 {
        let c = &self.comb;
        (c.best + 1 - self.acc - c.suffix_ub[self.level + 1]).max(1)
    }
    fn emit(&mut self, route: Route, _: &Bits) {
        self.comb.lazy_routes += 1;
        self.comb.descend(self.level, self.acc, route);
    }
    fn node(&mut self) {
        self.comb.nodes += 1;
    }
}

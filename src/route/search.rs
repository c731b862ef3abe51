//! The exact route search: the maximum-revenue run of a company's trains.
//!
//! Plan:
//! 0. Keep only the track a route can reach from the company's tokens
//!    (`reach`); the steps below see that part, renumbered, and the run
//!    is read back in the problem's ids.
//! 1. Build the stretch graph once per distinct kind of train (`prep`).
//! 2. Find each kind's best single route (branch and bound in `enumerate`)
//!    and a greedy run (each train's best route on the track the others
//!    left). The greedy run is the first incumbent; the single bests are
//!    upper bounds.
//!    If the greedy run falls short of the sum of the single bests, each
//!    train in turn retakes its best route on the track the others leave
//!    (`improve`); a run reaching that sum is optimal and returned at once.
//! 3. A route can only belong to a better run if it earns at least
//!    `incumbent + 1 - (sum of the other trains' bounds)`. Trains with a
//!    budget (hex or stop trains) get every such route as a sorted
//!    candidate list. So do express trains beside other trains, with
//!    only the routes no sub-trail dominates, when those are not too many
//!    (`EXPRESS_LIST_CAP` routes; `EXPRESS_LIST_NODES` nodes to list
//!    identical ones, `EXPRESS_ALONE_LIST_NODES` one beside others):
//!    searched lazily, the train would be walked again for every choice
//!    of the trains before it.
//! 4. Branch and bound over the trains: candidate lists in revenue order
//!    with path bit sets (packed, `path_bits`) for disjointness, identical
//!    trains taking candidates in increasing order. Trains not listed
//!    (express, unlimited) come last and are searched lazily on the track
//!    left. Identical trains take routes in non-increasing revenue (by list
//!    index, or capped by the twin's revenue when searched lazily, ties
//!    ordered by their lowest path), so `m` identical trains still to run
//!    earn at most `m` times the first one's route. Listed identical
//!    trains tighten that: each level keeps the candidates its twins may
//!    still take (disjoint from every chosen route, later in the list,
//!    earning enough to matter), as bit sets over the list when it is
//!    small enough (`twins::TwinBits`: the list's track in classes of
//!    paths the same candidates use, each candidate's conflicts with those
//!    after it), and bounds the twins by the best of those.
//!
//! The DFS (`enumerate.rs`) prunes with admissible bounds: for budgeted
//! trains the best stops within static reach of the budget; for express
//! and unlimited trains the stops still reachable over unused track (one
//! more terminus at most, a counted own token, pair and path bonuses only
//! if a partner or tagged track is in reach; for express trains the best
//! over the connected parts the rest of the route could run in). Where only values matter
//! (single best routes, the greedy run, the last train of the combination)
//! it also remembers explored states, so trails visiting the same stops in
//! another order are walked once; this is what makes 8E tractable.
//!
//! With a title bonus callback route values are unknown until the callback
//! has seen the route, so no value bound is sound: every legal route of
//! every train becomes a candidate (exact, but slower on dense maps).
//!
//! Determinism: stretches, starts, candidates and trains are visited in a
//! fixed order (hash sets are only probed, never iterated) and an incumbent
//! is replaced only by a strictly better run, so equal input gives equal
//! output.

use super::bitset::Bits;
use super::budget::NodeBudget;
use super::enumerate::{Enum, Sink};
use super::memo::SharedMemo;
use super::model::*;
use super::prep::{Incidence, SpecGraph};
use super::reach::Reachable;
use super::twins::{Conflicts, TwinBits, first_bit, first_disjoint, narrow};
use super::value;
use rayon::prelude::*;
use std::sync::atomic::{AtomicI64, Ordering};

/// The best run of the problem's trains (an unlimited search).
pub fn best_run(p: &RouteProblem) -> (Run, SearchStats) {
    best_run_with(p, None, &NodeBudget::unlimited())
}

/// The best run, with a title bonus added to each candidate route's
/// revenue, searched within `budget` (`stats.ran_out` tells whether it
/// ran out: the run is then the best found). The callback is called once
/// per distinct candidate route (the route's `train` is the first train
/// of its kind, `revenue` the rules' value), never per edge.
pub fn best_run_with(
    p: &RouteProblem,
    route_bonus: Option<&mut dyn FnMut(&Route) -> i64>,
    budget: &NodeBudget,
) -> (Run, SearchStats) {
    let (run, mut stats) = search(p, route_bonus, None, budget);
    stats.ran_out = budget.ran_out();
    (run, stats)
}

/// The best run, searched by the threads of `pool`: the same run as
/// [`best_run`] (revenue and routes), only sooner on hard positions.
///
/// Work is split at the first level of each walk (one task per start stop
/// or per first-train candidate); tasks share the best revenue found only
/// to prune, never pruning a tie, and their results are merged in the
/// sequential order, so the first best run in that order wins as it does
/// on one thread. Never limited (a `NodeBudget` is for one thread): for
/// benchmarks and checks, not for the game.
pub fn best_run_parallel(p: &RouteProblem, pool: &rayon::ThreadPool) -> (Run, SearchStats) {
    best_run_parallel_lazy(p, || Some(pool))
}

/// [`best_run_parallel`] asking for its pool only when the search needs
/// one (most never do): `pool` may build it, or return `None` to finish
/// on this thread (the same run, later).
pub fn best_run_parallel_lazy<'a>(p: &RouteProblem, pool: impl FnOnce() -> Option<&'a rayon::ThreadPool>) -> (Run, SearchStats) {
    // Most positions are solved before tasks could even be handed out:
    // search on this thread first, and split only a search that outgrows
    // a small budget (both find the same run).
    let first = NodeBudget::nodes(SEQUENTIAL_FIRST_NODES);
    let (run, stats) = best_run_with(p, None, &first);
    if !first.ran_out() {
        return (run, stats);
    }
    let (run, mut more) = match pool() {
        Some(pool) => best_run_split(p, pool),
        None => best_run_with(p, None, &NodeBudget::unlimited()),
    };
    more.nodes += stats.nodes;
    more.candidates += stats.candidates;
    (run, more)
}

/// [`best_run_parallel`] without the single-thread start: the search is
/// always split into tasks (so tests exercise the split on small problems).
pub fn best_run_split(p: &RouteProblem, pool: &rayon::ThreadPool) -> (Run, SearchStats) {
    pool.install(|| search(p, None, Some(Par), &NodeBudget::unlimited()))
}

/// Budget ticks `best_run_parallel` spends on one thread before it splits
/// the search. The route listing's walks tick the budget too: 20,000 ran
/// out on the densest real board (1844 STB with four 8E, 17,139 search
/// nodes), whose split search then took 486 ms against 70 ms on one
/// thread; with 200,000 every real full board finishes on one thread. The
/// split restarts rather than resumes, so the synthetic worst cases that
/// outgrow this pay for both (8E+6 365 ms against 264 ms, 8E+6+6 1.19 s
/// against 0.92 s, measured 2026-11-29).
const SEQUENTIAL_FIRST_NODES: u64 = 200_000;

/// Marks a search that splits its walks into parallel tasks (run inside a
/// rayon pool).
#[derive(Clone, Copy)]
struct Par;

/// Runs tasks `0..n` on the current rayon pool's threads, each thread
/// taking the next task in order (so that tasks sharing a memo run close
/// to the sequential order), and returns their results in task order.
fn in_order<T: Send>(n: usize, task: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, T)> = (0..rayon::current_num_threads().min(n))
        .into_par_iter()
        .flat_map_iter(|_| {
            let mut mine = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break mine;
                }
                mine.push((i, task(i)));
            }
        })
        .collect();
    done.sort_by_key(|x| x.0);
    done.into_iter().map(|x| x.1).collect()
}

/// The best revenue any task found so far, for pruning only.
struct SharedBest(AtomicI64);

impl SharedBest {
    fn new(v: i64) -> SharedBest {
        SharedBest(AtomicI64::new(v))
    }
    fn get(&self) -> i64 {
        self.0.load(Ordering::Relaxed)
    }
    fn raise(&self, v: i64) {
        self.0.fetch_max(v, Ordering::Relaxed);
    }
}

/// The search on the part of the track a route can reach (`reach`), its
/// run read back in the problem's ids.
fn search(
    p: &RouteProblem,
    route_bonus: Option<&mut dyn FnMut(&Route) -> i64>,
    par: Option<Par>,
    budget: &NodeBudget,
) -> (Run, SearchStats) {
    let part = Reachable::of(p);
    let (run, stats) = match route_bonus {
        // The title's callback sees routes as the game knows them.
        Some(cb) => {
            let mut bonus = |r: &Route| cb(&part.original(r));
            search_part(&part.problem, Some(&mut bonus), par, budget)
        }
        None => search_part(&part.problem, None, par, budget),
    };
    (part.original_run(run), stats)
}

fn search_part(
    p: &RouteProblem,
    route_bonus: Option<&mut dyn FnMut(&Route) -> i64>,
    par: Option<Par>,
    budget: &NodeBudget,
) -> (Run, SearchStats) {
    let prep = Prepared::new(p, budget);
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
    let mut singles: Vec<Option<Route>> = Vec::new();
    if let Some(cb) = route_bonus {
        for (k, sg) in prep.specs.iter().enumerate() {
            let mut sink = Collect::new(i64::MIN, usize::MAX, u64::MAX);
            Enum::new(p, &prep.inc, sg, prep.first_train[k], Bits::new(p.graph.paths.len()), false, prep.budget)
                .run(&mut sink);
            let mut list: Vec<Cand> = Vec::new();
            for mut c in sink.out {
                c.route.revenue += value::clamp(cb(&c.route));
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
            let best = best_single(&prep, sg, prep.first_train[k], used, &mut stats, par);
            ub[k] = best.as_ref().map_or(0, |r| r.revenue);
            singles.push(best);
        }
        incumbent = greedy(&prep, &ub, &singles, &mut stats, par);
    }
    let total_ub: i64 = (0..n).map(|t| ub[prep.spec_of[t]]).sum();
    if !exhaustive {
        // No run earns more than every train's single best together: a
        // greedy run that does is the answer.
        if incumbent.iter().map(|r| r.revenue).sum::<i64>() < total_ub {
            improve(&prep, &mut incumbent, &mut stats, par);
        }
        let lb: i64 = incumbent.iter().map(|r| r.revenue).sum();
        if lb >= total_ub {
            return (finish(p, incumbent, true), stats);
        }
    }
    let lb: i64 = incumbent.iter().map(|r| r.revenue).sum();
    if !exhaustive {
        for (k, sg) in prep.specs.iter().enumerate() {
            let twins = prep.spec_of.iter().filter(|&&x| x == k).count();
            // An express train beside other trains is listed too: searched
            // lazily, it would walk its routes again for every choice of
            // the trains before it (and each identical express train but
            // the last beside every choice of its twins).
            let express_listed = matches!(sg.limit, super::prep::Limit::Express(_)) && n >= 2;
            if !(sg.limit.bounded() || express_listed) || twins == 0 {
                continue;
            }
            // Any route of a better run earns this much.
            let min = (lb + 1 - (total_ub - ub[k])).max(1);
            // Express trains are listed when their routes are not too
            // many. Routes using more track than a sub-trail earning as much are
            // left out (`minimal_only`): a run with one has a run as good
            // with the sub-trail. Too many, and they are searched lazily.
            let list = if express_listed {
                // One express train is walked again once per choice of the
                // others, twins once per choice of a twin: a long listing
                // pays for twins far sooner.
                let nodes = if twins >= 2 { EXPRESS_LIST_NODES } else { EXPRESS_ALONE_LIST_NODES };
                list_routes(&prep, k, min, Some((EXPRESS_LIST_CAP, nodes)), par)
            } else {
                list_routes(&prep, k, min, None, par)
            };
            let Some(list) = list else { continue };
            stats.candidates += list.len() as u64;
            lists[k] = Some(list);
        }
    }
    let bits: Vec<Vec<u64>> = lists.iter().map(|l| l.as_deref().map_or_else(Vec::new, |l| path_bits(l, p.graph.paths.len()))).collect();
    // Identical listed trains only: a greedy run from the list (each of
    // the best few routes with the best routes disjoint from it) is often
    // far better than the greedy run over single bests, and every bound of
    // the combination search below is measured against it.
    if !exhaustive
        && prep.specs.len() == 1
        && n >= 2
        && let Some(list) = &lists[0]
        && let Some(run) = list_greedy(list, &bits[0], p.graph.paths.len().div_ceil(64), n, lb)
    {
        incumbent = run;
    }
    let lb: i64 = incumbent.iter().map(|r| r.revenue).sum();
    // Order: listed kinds first, identical trains adjacent.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&t| (lists[prep.spec_of[t]].is_none(), prep.spec_of[t], t));
    let mut group_end = vec![n; n];
    for i in (0..n.saturating_sub(1)).rev() {
        if prep.spec_of[order[i]] == prep.spec_of[order[i + 1]] {
            group_end[i] = group_end[i + 1];
        } else {
            group_end[i] = i + 1;
        }
    }
    let mut suffix_ub = vec![0i64; n + 1];
    for i in (0..n).rev() {
        suffix_ub[i] = suffix_ub[i + 1] + ub[prep.spec_of[order[i]]];
    }
    let twin_bits: Vec<Option<TwinBits>> = lists
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let twins = prep.spec_of.iter().filter(|&&x| x == k).count();
            l.as_deref()
                .filter(|_| twins >= 2)
                .and_then(|l| TwinBits::new(l.iter().map(|c| c.route.paths.as_slice()), p.graph.paths.len()))
        })
        .collect();
    let conf: Vec<Conflicts> = twin_bits.iter().map(|_| Conflicts::default()).collect();
    let mut comb = Comb {
        prep: &prep,
        lists: &lists,
        bits: &bits,
        words: p.graph.paths.len().div_ceil(64),
        order,
        suffix_ub,
        used: Bits::new(p.graph.paths.len()),
        stack: Vec::new(),
        choice: vec![None; n],
        chosen_rev: vec![0; n],
        group_end,
        avail: vec![Vec::new(); n + 1],
        twin_bits: &twin_bits,
        conf,
        sets: vec![Vec::new(); n + 1],
        best: lb,
        best_routes: incumbent,
        nodes: 0,
        lazy_routes: 0,
        shared: None,
    };
    match par {
        None => comb.rec(0, 0),
        Some(Par) => comb.rec_parallel(),
    }
    stats.nodes += comb.nodes;
    stats.candidates += comb.lazy_routes;
    (finish(p, comb.best_routes, !exhaustive), stats)
}

/// Seeds `list_greedy` tries: each of the best few routes of the list.
const LIST_GREEDY_SEEDS: usize = 64;

/// The best of the greedy runs of `n` identical trains from their sorted
/// candidate `list` (path bit sets `bits`, `w` words each): each of the
/// first `LIST_GREEDY_SEEDS` routes, then in list order every route
/// disjoint from those taken. `None` unless one earns more than `floor`.
fn list_greedy(list: &[Cand], bits: &[u64], w: usize, n: usize, floor: i64) -> Option<Vec<Route>> {
    let mut best = floor;
    let mut best_run: Option<Vec<usize>> = None;
    let mut used = vec![0u64; w];
    let mut taken: Vec<usize> = Vec::with_capacity(n);
    for seed in 0..list.len().min(LIST_GREEDY_SEEDS) {
        let r0 = list[seed].route.revenue;
        if r0.saturating_mul(n as i64) <= best {
            break;
        }
        used.copy_from_slice(&bits[seed * w..(seed + 1) * w]);
        taken.clear();
        taken.push(seed);
        let mut sum = r0;
        for (j, c) in list.iter().enumerate() {
            if taken.len() == n {
                break;
            }
            // Routes from here on earn no more than this one.
            let left = (n - taken.len()) as i64;
            if sum + c.route.revenue.saturating_mul(left) <= best {
                break;
            }
            let jb = &bits[j * w..(j + 1) * w];
            if j == seed || used.iter().zip(jb).any(|(a, b)| a & b != 0) {
                continue;
            }
            used.iter_mut().zip(jb).for_each(|(a, b)| *a |= b);
            taken.push(j);
            sum += c.route.revenue;
        }
        if sum > best {
            best = sum;
            best_run = Some(taken.clone());
        }
    }
    best_run.map(|ks| {
        ks.into_iter()
            .enumerate()
            .map(|(t, k)| Route { train: t, ..list[k].route.clone() })
            .collect()
    })
}

/// The routes of kind `k` earning at least `min`, sorted (`sort_cands`).
/// With `limits` (routes, nodes), only express routes no sub-trail
/// dominates (`Enum::minimal_only`), and `None` once there are that many
/// routes or the walk takes more than that many nodes. The parallel walk
/// (one task per start) lists and gives up exactly as the single one.
fn list_routes(prep: &Prepared, k: usize, min: i64, limits: Option<(usize, u64)>, par: Option<Par>) -> Option<Vec<Cand>> {
    let p = prep.p;
    let minimal = limits.is_some();
    let (cap, node_cap) = limits.unwrap_or((usize::MAX, u64::MAX));
    let walk = || {
        let e = Enum::new(p, &prep.inc, &prep.specs[k], prep.first_train[k], Bits::new(p.graph.paths.len()), true, prep.budget);
        if minimal { e.minimal_only() } else { e }
    };
    let (mut list, walked) = match par {
        None => {
            let mut sink = Collect::new(min, cap, node_cap);
            walk().run(&mut sink);
            (sink.out, sink.nodes)
        }
        // Each start's routes, concatenated in the sequential order.
        Some(Par) => {
            let parts: Vec<Collect> = walk()
                .starts()
                .par_iter()
                .map(|&s| {
                    let mut sink = Collect::new(min, cap, node_cap);
                    walk().run_from(&[s], &mut sink);
                    sink
                })
                .collect();
            let walked = parts.iter().map(|c| c.nodes).sum();
            (parts.into_iter().flat_map(|c| c.out).collect(), walked)
        }
    };
    if list.len() >= cap || walked > node_cap {
        return None;
    }
    sort_cands(&mut list);
    Some(list)
}

/// The run of the chosen routes in train order, each express route
/// counting the stops `value::value_express` counts (a route listed by
/// `Enum::minimal_only` may count another choice earning as much). With
/// `orient`, every
/// route reads from its more valuable end stop (the lower id on a tie),
/// whichever end the search happened to walk from: it is turned round
/// when it is as legal and earns the same that way (not with a title
/// bonus, which saw the route in its own order). A one-path route keeps
/// the orientation of its path, the one `validate_route` reads from its
/// paths alone.
fn finish(p: &RouteProblem, mut routes: Vec<Route>, orient: bool) -> Run {
    routes.sort_by_key(|r| r.train);
    for r in &mut routes {
        if let Distance::Stops { max, express: true } = p.trains[r.train].distance {
            let tags = r.paths.iter().fold(0, |a, &q| a | p.graph.paths[q as usize].tags);
            if let Ok((_, counted)) = value::value_express(p, &p.trains[r.train], max, &r.stops, tags) {
                r.counted = counted;
            }
        }
    }
    if orient {
        for r in &mut routes {
            let (Some(&first), Some(&last)) = (r.stops.first(), r.stops.last()) else { continue };
            if r.paths.len() < 2 {
                continue;
            }
            let spec = &p.trains[r.train];
            let rank = |s: StopId| (std::cmp::Reverse(value::stop_weight(&p.graph.stops[s as usize], spec)), s);
            if rank(first) <= rank(last) {
                continue;
            }
            let paths: Vec<PathId> = r.paths.iter().rev().copied().collect();
            if let Ok(turned) = super::validate::validate_route_from(p, r.train, r.stops.last().copied(), &paths)
                && turned.revenue == r.revenue
            {
                *r = turned;
            }
        }
    }
    let revenue = routes.iter().map(|r| r.revenue).sum();
    Run { routes, revenue }
}

/// Shared precomputation: incidence, one stretch graph per distinct kind.
pub(crate) struct Prepared<'p> {
    p: &'p RouteProblem,
    budget: &'p NodeBudget,
    inc: Incidence,
    specs: Vec<SpecGraph>,
    /// Kind of each train.
    spec_of: Vec<usize>,
    /// First train of each kind (the `train` of its candidate routes).
    first_train: Vec<usize>,
}

impl<'p> Prepared<'p> {
    fn new(p: &'p RouteProblem, budget: &'p NodeBudget) -> Prepared<'p> {
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
        Prepared { p, budget, inc, specs, spec_of, first_train }
    }
}

/// A candidate route.
#[derive(Clone)]
struct Cand {
    route: Route,
}

/// The paths of each candidate of a list as bit sets, one after the
/// other in one block (`words` words each), for the disjointness test
/// that the combination search makes over and over.
fn path_bits(list: &[Cand], n_paths: usize) -> Vec<u64> {
    let words = n_paths.div_ceil(64);
    let mut bits = vec![0u64; list.len() * words];
    for (i, c) in list.iter().enumerate() {
        for &q in &c.route.paths {
            bits[i * words + q as usize / 64] |= 1 << (q % 64);
        }
    }
    bits
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

/// Collects the routes earning at least `min`, until it has `cap` of them
/// or has walked `node_cap` nodes (then it is `full`, and the walk winds
/// up at once).
struct Collect {
    min: i64,
    out: Vec<Cand>,
    cap: usize,
    nodes: u64,
    node_cap: u64,
}

impl Collect {
    fn new(min: i64, cap: usize, node_cap: u64) -> Collect {
        Collect { min, out: Vec::new(), cap, nodes: 0, node_cap }
    }
    fn full(&self) -> bool {
        self.out.len() >= self.cap || self.nodes > self.node_cap
    }
}

impl Sink for Collect {
    fn min_rev(&self) -> i64 {
        if self.full() { i64::MAX } else { self.min }
    }
    fn emit(&mut self, route: Route, _: &Bits) {
        if !self.full() {
            self.out.push(Cand { route });
        }
    }
    fn node(&mut self) {
        self.nodes += 1;
    }
}

/// Routes listed for identical express trains at most (see `search_part`);
/// a dense map with more is searched lazily instead. About 50 MB of
/// routes on the synthetic 1844 grid; real boards fully upgraded list
/// under 15,000.
const EXPRESS_LIST_CAP: usize = 50_000;

/// Nodes the listing of identical express trains may walk (real boards
/// fully upgraded need under 45,000); past them the trains are searched
/// lazily, so that the game's node budget is not spent on a list.
const EXPRESS_LIST_NODES: u64 = 100_000;

/// Nodes the listing of an express train beside other (not identical)
/// trains may walk: it replaces one lazy walk per choice of the others,
/// each far shorter than a listing, so a listing that does not end soon
/// is given up (the synthetic 1844 grid's 8E+6+6 would walk the full
/// `EXPRESS_LIST_NODES` in vain). Chosen by instruction counts: random
/// 1844 games (fuzz, 5 players, 2 games, seed 3) spend least at 10,000
/// (3,000: +9 %, 30,000: +3 %), the synthetic 8E+6+6 1 % more than
/// without single listings.
const EXPRESS_ALONE_LIST_NODES: u64 = 10_000;

/// Keeps the first route earning strictly more than any before it.
struct Best<'s> {
    best: Option<Route>,
    stats: &'s mut SearchStats,
    /// In a parallel task: the best revenue of all tasks. Routes below it
    /// are not wanted; ties are (an earlier task's tie wins the merge).
    shared: Option<&'s SharedBest>,
}

impl Sink for Best<'_> {
    fn min_rev(&self) -> i64 {
        let own = self
            .best
            .as_ref()
            .map_or(1, |r| r.revenue.saturating_add(1));
        self.shared.map_or(own, |s| own.max(s.get()))
    }
    fn emit(&mut self, route: Route, _: &Bits) {
        self.stats.candidates += 1;
        if let Some(s) = self.shared {
            s.raise(route.revenue);
        }
        self.best = Some(route);
    }
    fn node(&mut self) {
        self.stats.nodes += 1;
    }
}

fn best_single(
    prep: &Prepared,
    sg: &SpecGraph,
    train: usize,
    used: Bits,
    stats: &mut SearchStats,
    par: Option<Par>,
) -> Option<Route> {
    let walk = || Enum::new(prep.p, &prep.inc, sg, train, used.clone(), true, prep.budget);
    let Some(Par) = par else {
        let mut sink = Best {
            best: None,
            stats,
            shared: None,
        };
        walk().with_memo().run(&mut sink);
        return sink.best;
    };
    // One task per start; the first of the best in start order wins, as
    // on one thread.
    let shared = SharedBest::new(i64::MIN);
    let memo = SharedMemo::new();
    let starts = walk().starts();
    let found: Vec<(Option<Route>, SearchStats)> = in_order(starts.len(), |task| {
        let mut task_stats = SearchStats::default();
        let mut sink = Best {
            best: None,
            stats: &mut task_stats,
            shared: Some(&shared),
        };
        walk()
            .with_shared_memo(&memo, task as u32)
            .run_from(&[starts[task]], &mut sink);
        (sink.best, task_stats)
    });
    let mut best: Option<Route> = None;
    for (route, task_stats) in found {
        stats.candidates += task_stats.candidates;
        stats.nodes += task_stats.nodes;
        if let Some(r) = route
            && best.as_ref().is_none_or(|b| r.revenue > b.revenue)
        {
            best = Some(r);
        }
    }
    best
}

/// Each train in turn (best bound first) takes its best route on the track
/// the others left.
fn greedy(
    prep: &Prepared,
    ub: &[i64],
    singles: &[Option<Route>],
    stats: &mut SearchStats,
    par: Option<Par>,
) -> Vec<Route> {
    let p = prep.p;
    let mut order: Vec<usize> = (0..p.trains.len()).collect();
    order.sort_by_key(|&t| (std::cmp::Reverse(ub[prep.spec_of[t]]), t));
    let mut used = Bits::new(p.graph.paths.len());
    let mut out = Vec::new();
    for (i, t) in order.into_iter().enumerate() {
        let sg = &prep.specs[prep.spec_of[t]];
        // The first train runs on the whole map: its best route is known.
        let best = if i == 0 {
            singles[prep.spec_of[t]].clone().map(|mut r| {
                r.train = t;
                r
            })
        } else {
            best_single(prep, sg, t, used.clone(), stats, par)
        };
        if let Some(r) = best {
            for &q in &r.paths {
                used.set(q as usize);
            }
            out.push(r);
        }
    }
    out
}

/// Improves a run one train at a time: each train's best route on the
/// track the other trains' routes leave, until no train gains (a better
/// first incumbent tightens every threshold of the exact search).
fn improve(prep: &Prepared, run: &mut Vec<Route>, stats: &mut SearchStats, par: Option<Par>) {
    let p = prep.p;
    for _round in 0..4 {
        let mut gained = false;
        for t in 0..p.trains.len() {
            let mut used = Bits::new(p.graph.paths.len());
            for r in run.iter().filter(|r| r.train != t) {
                for &q in &r.paths {
                    used.set(q as usize);
                }
            }
            let now = run.iter().find(|r| r.train == t).map_or(0, |r| r.revenue);
            let sg = &prep.specs[prep.spec_of[t]];
            if let Some(r) = best_single(prep, sg, t, used, stats, par)
                && r.revenue > now
            {
                run.retain(|x| x.train != t);
                run.push(r);
                gained = true;
            }
        }
        if !gained {
            break;
        }
    }
}

/// Branch and bound over the trains.
#[derive(Clone)]
struct Comb<'a, 'p> {
    prep: &'a Prepared<'p>,
    lists: &'a [Option<Vec<Cand>>],
    /// Each list's path bit sets (`path_bits`), `words` words a route.
    bits: &'a [Vec<u64>],
    words: usize,
    order: Vec<usize>,
    suffix_ub: Vec<i64>,
    used: Bits,
    stack: Vec<Route>,
    /// Candidate index chosen at each level (None = idle), for symmetry.
    choice: Vec<Option<usize>>,
    /// Revenue of the route chosen at each level.
    chosen_rev: Vec<i64>,
    /// For each level, the first level after its group of identical trains.
    group_end: Vec<usize>,
    /// For each level of a listed kind, the candidates (indices into its
    /// list, in list order) it may still take: disjoint from every route
    /// chosen before it, after its twin's, and earning enough to matter
    /// (`Comb::take`).
    avail: Vec<Vec<u32>>,
    /// Per kind: the list's track in classes, for kinds whose identical
    /// trains pick their routes by bit set operations (`TwinBits`).
    twin_bits: &'a [Option<TwinBits>],
    /// Per kind with `twin_bits`: each candidate's conflicts, once asked.
    conf: Vec<Conflicts>,
    /// For each level of a kind with `twin_bits`: `avail` as a bit set
    /// over the list.
    sets: Vec<Vec<u64>>,
    best: i64,
    best_routes: Vec<Route>,
    nodes: u64,
    lazy_routes: u64,
    /// In a parallel task: the best revenue of all tasks (see `floor`).
    shared: Option<std::sync::Arc<SharedBest>>,
}

impl<'a> Comb<'a, '_> {
    /// Runs earning no more than this are not wanted: the task's own best
    /// (a tie never replaces it), and just under the best of all tasks (a
    /// tie there may still win the merge, being earlier in order).
    fn floor(&self) -> i64 {
        self.shared
            .as_ref()
            .map_or(self.best, |s| self.best.max(s.get().saturating_sub(1)))
    }

    fn rec(&mut self, i: usize, acc: i64) {
        self.nodes += 1;
        if !self.prep.budget.tick() {
            return;
        }
        if acc > self.best {
            self.best = acc;
            self.best_routes = self.stack.clone();
            if let Some(s) = &self.shared {
                s.raise(acc);
            }
        }
        if i == self.order.len() || acc + self.suffix_ub[i] <= self.floor() {
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
        // Identical trains take routes in non-increasing revenue, so the
        // `m` of them from this level on earn at most `m` times this one's.
        let end = self.group_end[i];
        let m = (end - i) as i64;
        let rest = self.suffix_ub[end];
        if let (Some(list), Some(tb)) = (&lists[kind], &self.twin_bits[kind]) {
            let mut set = std::mem::take(&mut self.sets[i]);
            if twin.is_none() {
                self.group_start_bits(i, acc, list, tb, &mut set);
            }
            let rev = |k: usize| list[k].route.revenue;
            let n_next = (m - 1) as usize;
            // A twin's set holds only candidates after the twin's route.
            let from = match twin {
                Some(Some(prev)) => prev + 1,
                _ => 0,
            };
            let mut at = first_bit(&set, from);
            while let Some(k) = at {
                // This route and the best `m - 1` after it (ignoring their
                // conflicts): falls as `k` grows.
                let mut next = 0i64;
                let mut j = first_bit(&set, k + 1);
                for _ in 0..n_next {
                    let Some(jj) = j else { break };
                    next += rev(jj);
                    j = first_bit(&set, jj + 1);
                }
                if acc + rev(k) + next + rest <= self.floor() {
                    break;
                }
                self.take_bits(i, acc, &set, k);
                at = first_bit(&set, k + 1);
            }
            self.sets[i] = set;
        } else if let Some(list) = &lists[kind] {
            let mut avail = std::mem::take(&mut self.avail[i]);
            if twin.is_none() {
                // First of its group: every candidate disjoint from the
                // track used that some train of the group could take.
                self.group_start(i, acc, list, &mut avail);
            }
            let rev = |k: u32| list[k as usize].route.revenue;
            let n_next = (m - 1) as usize;
            for pos in 0..avail.len() {
                // This route and the best `m - 1` after it (ignoring their
                // conflicts): falls as `pos` grows.
                let next: i64 = avail[pos + 1..].iter().take(n_next).map(|&k| rev(k)).sum();
                if acc + rev(avail[pos]) + next + rest <= self.floor() {
                    break;
                }
                self.take(i, acc, &avail, pos);
            }
            self.avail[i] = avail;
        } else {
            let prep = self.prep;
            let sg = &prep.specs[kind];
            self.choice[i] = Some(0);
            let used = self.used.clone();
            // The last train's routes matter only by value: remember states.
            let last = i + 1 == self.order.len();
            let cap = if twin.is_some() { self.chosen_rev[i - 1] } else { i64::MAX };
            // Among routes earning as much as the twin's, a train that is
            // not the last takes only those whose first path comes after
            // the twin's (see `Lazy::tie_after`).
            let tie_after = match (twin, last) {
                (Some(_), false) => self.stack.last().and_then(|r| r.paths.iter().min().copied()),
                _ => None,
            };
            let mut sink = Lazy { comb: self, level: i, acc, m, cap, tie_after };
            let e = Enum::new(prep.p, &prep.inc, sg, t, used, true, prep.budget);
            if last { e.with_memo() } else { e.minimal_only() }.run(&mut sink);
        }
        self.choice[i] = None;
        self.rec(i + 1, acc);
    }

    /// The candidates of a listed kind the first train of its group (level
    /// `i`) and its twins may take: those disjoint from the track used,
    /// down to the least revenue that could still matter beside the group's
    /// best candidate for each twin.
    fn group_start(&self, i: usize, acc: i64, list: &[Cand], avail: &mut Vec<u32>) {
        let kind = self.prep.spec_of[self.order[i]];
        let end = self.group_end[i];
        let m = (end - i) as i64;
        let (bits, w) = (&self.bits[kind], self.words);
        let top = list.first().map_or(0, |c| c.route.revenue);
        let low = self.floor() - acc - self.suffix_ub[end] - top.saturating_mul(m - 1);
        avail.clear();
        for (k, c) in list.iter().enumerate() {
            if c.route.revenue <= low {
                break;
            }
            if !self.used.intersects(&bits[k * w..(k + 1) * w]) {
                avail.push(k as u32);
            }
        }
    }

    /// Level `i` (a listed kind) takes candidate `avail[pos]`. With twins
    /// after it, their candidates are first narrowed to the later ones
    /// disjoint from it (`self.avail[i + 1]`); the subtree is cut when the
    /// route and the best of those cannot beat the best run. The twins
    /// take routes in list order, so each of them earns at most this one.
    fn take(&mut self, i: usize, acc: i64, avail: &[u32], pos: usize) {
        let t = self.order[i];
        let kind = self.prep.spec_of[t];
        let lists = self.lists;
        let Some(list) = &lists[kind] else { return };
        let end = self.group_end[i];
        let m = (end - i) as i64;
        let rest = self.suffix_ub[end];
        let k = avail[pos] as usize;
        let r = list[k].route.revenue;
        if m > 1 {
            let rev = |j: u32| list[j as usize].route.revenue;
            let (bits, w) = (&self.bits[kind], self.words);
            let mine = &bits[k * w..(k + 1) * w];
            let disjoint = |j: u32| {
                let j = j as usize;
                mine.iter().zip(&bits[j * w..(j + 1) * w]).all(|(a, b)| a & b == 0)
            };
            // A twin's route earning no more than this cannot be in a
            // better run: the others of the group earn at most `r` each.
            let low = self.floor() - acc - rest - r.saturating_mul(m - 1);
            // The last twin with nothing after it takes the first route
            // left: the rest are never wanted.
            let only_first = m == 2 && rest == 0;
            let mut next = std::mem::take(&mut self.avail[i + 1]);
            next.clear();
            for &j in &avail[pos + 1..] {
                if rev(j) <= low {
                    break;
                }
                if disjoint(j) {
                    next.push(j);
                    if only_first {
                        break;
                    }
                }
            }
            // The twins' best: the `m - 1` best routes left ignoring their
            // conflicts, or the first of them with `m - 2` routes disjoint
            // from it (no better than the first such).
            let n1 = (m - 1) as usize;
            let plain: i64 = next.iter().take(n1).map(|&j| rev(j)).sum();
            let without_first: i64 = next.iter().skip(1).take(n1).map(|&j| rev(j)).sum();
            let bound = match next.first() {
                Some(&f) if n1 >= 2 && without_first < plain => {
                    let fm = &bits[f as usize * w..(f as usize + 1) * w];
                    let beside = next[1..]
                        .iter()
                        .copied()
                        .take_while(|&j| rev(f) + rev(j).saturating_mul(m - 2) > without_first)
                        .find(|&j| {
                            let j = j as usize;
                            fm.iter().zip(&bits[j * w..(j + 1) * w]).all(|(a, b)| a & b == 0)
                        });
                    let with_first = beside.map_or(rev(f), |j| rev(f) + rev(j).saturating_mul(m - 2));
                    with_first.max(without_first)
                }
                _ => plain,
            };
            self.avail[i + 1] = next;
            if acc + r + bound + rest <= self.floor() {
                return;
            }
        }
        let mut route = list[k].route.clone();
        route.train = t;
        self.choice[i] = Some(k);
        self.chosen_rev[i] = r;
        self.descend(i, acc, route);
    }

    /// `group_start` for a kind with `TwinBits`, as a bit set.
    fn group_start_bits(&self, i: usize, acc: i64, list: &[Cand], tb: &TwinBits, set: &mut Vec<u64>) {
        let end = self.group_end[i];
        let m = (end - i) as i64;
        let top = list.first().map_or(0, |c| c.route.revenue);
        let low = self.floor() - acc - self.suffix_ub[end] - top.saturating_mul(m - 1);
        let cut = list.partition_point(|c| c.route.revenue > low);
        tb.start(set, cut, &tb.classes_used(&self.used));
    }

    /// `take` for a kind with `TwinBits`: candidate `k` of `set`, the
    /// next twin's candidates (`self.sets[i + 1]`) narrowed by bit set
    /// operations, and with them a tighter bound on the twins: besides the
    /// best `m - 1` left, the best left `f` with `m - 2` routes no better
    /// than the best left disjoint from `f`.
    fn take_bits(&mut self, i: usize, acc: i64, set: &[u64], k: usize) {
        let t = self.order[i];
        let kind = self.prep.spec_of[t];
        let lists = self.lists;
        let (Some(list), Some(tb)) = (&lists[kind], &self.twin_bits[kind]) else { return };
        let end = self.group_end[i];
        let m = (end - i) as i64;
        let rest = self.suffix_ub[end];
        let r = list[k].route.revenue;
        if m > 1 {
            let rev = |j: usize| list[j].route.revenue;
            let low = self.floor() - acc - rest - r.saturating_mul(m - 1);
            let cut = list.partition_point(|c| c.route.revenue > low);
            let mut cache = std::mem::take(&mut self.conf[kind]);
            let mut next = std::mem::take(&mut self.sets[i + 1]);
            if m == 2 && rest == 0 {
                // The last twin with nothing after it takes the first
                // route left: only that one is wanted.
                next.clear();
                let j = first_disjoint(tb, &mut cache, set, k, cut);
                self.conf[kind] = cache;
                let Some(j) = j else {
                    self.sets[i + 1] = next;
                    if acc + r + rest <= self.floor() {
                        return;
                    }
                    return self.take_only(i, acc, list, k);
                };
                next.resize(j / 64 + 1, 0);
                next[j / 64] |= 1 << (j % 64);
                self.sets[i + 1] = next;
                if acc + r + rev(j) <= self.floor() {
                    return;
                }
                return self.take_only(i, acc, list, k);
            }
            narrow(tb, &mut cache, set, k, cut, &mut next);
            let n1 = (m - 1) as usize;
            let mut first = None;
            let mut plain = 0i64;
            let mut without_first = 0i64;
            let mut at = first_bit(&next, k + 1);
            let mut seen = 0usize;
            while let Some(j) = at {
                if seen > n1 {
                    break;
                }
                if seen < n1 {
                    plain += rev(j);
                }
                if seen >= 1 {
                    without_first += rev(j);
                }
                first = first.or(Some(j));
                seen += 1;
                at = first_bit(&next, j + 1);
            }
            let mut bound = plain;
            if let Some(f) = first
                && n1 >= 2
                && without_first < plain
            {
                let beside = first_disjoint(tb, &mut cache, &next, f, cut);
                let with_first = beside.map_or(rev(f), |j| rev(f) + rev(j).saturating_mul(m - 2));
                bound = with_first.max(without_first);
            }
            self.conf[kind] = cache;
            self.sets[i + 1] = next;
            if acc + r + bound + rest <= self.floor() {
                return;
            }
        }
        self.take_only(i, acc, list, k);
    }

    /// Level `i` runs candidate `k` of `list` (the next levels prepared).
    fn take_only(&mut self, i: usize, acc: i64, list: &[Cand], k: usize) {
        let mut route = list[k].route.clone();
        route.train = self.order[i];
        self.choice[i] = Some(k);
        self.chosen_rev[i] = route.revenue;
        self.descend(i, acc, route);
    }

    /// `rec(0, 0)` with the first level's choices as parallel tasks: each
    /// candidate (or each start of a lazily searched first train), then
    /// the first train idle. Tasks start from the incumbent, and the
    /// merge keeps the first strictly better run in this order, which is
    /// the run `rec` finds.
    fn rec_parallel(&mut self) {
        self.nodes += 1;
        if self.order.is_empty() || self.suffix_ub[0] <= self.best {
            return;
        }
        #[derive(Clone, Copy)]
        enum Task {
            Cand(usize),
            Start(u32),
            Idle,
        }
        let t = self.order[0];
        let kind = self.prep.spec_of[t];
        let prep = self.prep;
        let sg = &prep.specs[kind];
        let m = (self.group_end[0]) as i64;
        let rest = self.suffix_ub[self.group_end[0]];
        let mut avail0 = Vec::new();
        let mut set0 = Vec::new();
        let bits_kind = self.twin_bits[kind].is_some();
        if let Some(list) = &self.lists[kind] {
            match &self.twin_bits[kind] {
                Some(tb) => self.group_start_bits(0, 0, list, tb, &mut set0),
                None => self.group_start(0, 0, list, &mut avail0),
            }
        }
        let mut tasks: Vec<Task> = match &self.lists[kind] {
            // Candidate indices, in list order.
            Some(list) if bits_kind => {
                let rev = |k: usize| list[k].route.revenue;
                let mut out = Vec::new();
                let mut at = first_bit(&set0, 0);
                while let Some(k) = at {
                    let mut next = 0i64;
                    let mut j = first_bit(&set0, k + 1);
                    for _ in 0..(m - 1) {
                        let Some(jj) = j else { break };
                        next += rev(jj);
                        j = first_bit(&set0, jj + 1);
                    }
                    if rev(k) + next + rest <= self.best {
                        break;
                    }
                    out.push(Task::Cand(k));
                    at = first_bit(&set0, k + 1);
                }
                out
            }
            // Positions in `avail0`.
            Some(list) => {
                let rev = |k: u32| list[k as usize].route.revenue;
                (0..avail0.len())
                    .take_while(|&pos| {
                        let next: i64 = avail0[pos + 1..].iter().take((m - 1) as usize).map(|&k| rev(k)).sum();
                        rev(avail0[pos]) + next + rest > self.best
                    })
                    .map(Task::Cand)
                    .collect()
            }
            None => Enum::new(prep.p, &prep.inc, sg, t, self.used.clone(), true, prep.budget)
                .starts()
                .into_iter()
                .map(Task::Start)
                .collect(),
        };
        tasks.push(Task::Idle);
        let base = Comb {
            shared: Some(std::sync::Arc::new(SharedBest::new(self.best))),
            ..self.clone()
        };
        let found: Vec<Comb> = in_order(tasks.len(), |i| {
            let task = tasks[i];
            let mut c = base.clone();
            match task {
                Task::Cand(k) if bits_kind => c.take_bits(0, 0, &set0, k),
                Task::Cand(pos) => c.take(0, 0, &avail0, pos),
                Task::Start(s) => {
                    c.choice[0] = Some(0);
                    let last = c.order.len() == 1;
                    let used = c.used.clone();
                    let mut sink = Lazy {
                        comb: &mut c,
                        level: 0,
                        acc: 0,
                        m,
                        cap: i64::MAX,
                        tie_after: None,
                    };
                    let e = Enum::new(prep.p, &prep.inc, sg, t, used, true, prep.budget);
                    if last {
                        e.with_memo()
                    } else {
                        e.minimal_only()
                    }
                    .run_from(&[s], &mut sink);
                }
                Task::Idle => {
                    c.choice[0] = None;
                    c.rec(1, 0);
                }
            }
            c
        });
        for c in found {
            self.nodes += c.nodes;
            self.lazy_routes += c.lazy_routes;
            if c.best > self.best {
                self.best = c.best;
                self.best_routes = c.best_routes;
            }
        }
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
    /// Identical trains from this level on (see `Comb::rec`).
    m: i64,
    /// Its identical predecessor's revenue: routes earning more are the
    /// same runs with the two routes swapped, searched already.
    cap: i64,
    /// A route earning exactly `cap` is taken only if its lowest path id
    /// is above this one (its twin's), so that a set of routes of equal
    /// revenue is tried in one order, not in every order. Routes of one
    /// run are disjoint, so their lowest paths differ. `None` for the last
    /// train, whose walk remembers states by value only and may emit just
    /// one of several routes of equal revenue.
    tie_after: Option<PathId>,
}

impl Sink for Lazy<'_, '_, '_> {
    fn min_rev(&self) -> i64 {
        let c = &self.comb;
        let rest = c.suffix_ub[c.group_end[self.level]];
        let floor = c.floor();
        // m * rev + rest > floor - acc.
        let need = (floor - self.acc - rest).div_euclid(self.m) + 1;
        need.max(floor + 1 - self.acc - c.suffix_ub[self.level + 1])
            .max(1)
    }
    fn emit(&mut self, route: Route, _: &Bits) {
        if route.revenue > self.cap {
            return;
        }
        if let Some(twin_first) = self.tie_after
            && route.revenue == self.cap
            && route.paths.iter().min().is_some_and(|&q| q < twin_first)
        {
            return;
        }
        self.comb.lazy_routes += 1;
        self.comb.chosen_rev[self.level] = route.revenue;
        self.comb.descend(self.level, self.acc, route);
    }
    fn node(&mut self) {
        self.comb.nodes += 1;
    }
}

#[cfg(test)]
mod tests {
    static UNLIMITED: NodeBudget = NodeBudget::unlimited();
    use super::super::testkit::*;
    use super::super::validate::{RouteError, validate_route, validate_run};
    use super::*;

    /// The 1849 rulebook's route examples (V6 §10.5.1/§10.5.2, checklist
    /// WE-07) as a fixture. The figure is lost, so values are chosen to
    /// reproduce the book's totals: Palermo 70, Partinico 20, Alcamo,
    /// Castelvetrano and Mazzara 10, Marsala 40 (CTL home), Trapani 30.
    struct We07 {
        b: B,
        std_line: Vec<PathId>,
        narrow_pp: Vec<PathId>,
        narrow_pm: Vec<PathId>,
        dual_mt: Vec<PathId>,
    }

    fn we07() -> We07 {
        let mut b = B::new();
        b.p.rules.gauge_changes_at_stops_only = true;
        b.p.rules.min_cities = 1;
        b.p.rules.ignore_for_minimum = vec![StopKind::Port];
        let palermo = b.city("C5", 70);
        let partinico = b.town("D4", 20);
        let alcamo = b.town("D2", 10);
        let castelvetrano = b.town("E3", 10);
        let mazzara = b.town("F2", 10);
        let marsala = b.city("E1", 40);
        let trapani = b.city("C1", 30);
        b.token(marsala);
        // a) the standard line: 2 + 1 + 2 + 2 + 1 hexes.
        let mut std_line = b.line(palermo, partinico, &[STD, STD, STD]);
        std_line.extend(b.line(partinico, alcamo, &[STD, STD]));
        std_line.extend(b.line(alcamo, castelvetrano, &[STD, STD, STD]));
        std_line.extend(b.line(castelvetrano, mazzara, &[STD, STD, STD]));
        std_line.extend(b.line(mazzara, marsala, &[STD, STD]));
        // b) the narrow line: one hex to Partinico, then three hexes to
        // Marsala, the last of them dual track entered from narrow.
        let narrow_pp = b.line(palermo, partinico, &[NAR, NAR]);
        let narrow_pm = b.line(partinico, marsala, &[NAR, NAR, NAR, DUAL]);
        // c) one dual-only hex from Marsala to Trapani.
        let dual_mt = b.line(marsala, trapani, &[DUAL, DUAL]);
        We07 { b, std_line, narrow_pp, narrow_pm, dual_mt }
    }

    fn h(max: u32) -> TrainSpec {
        hexes(max, [1, 2, 1])
    }

    fn r6h() -> TrainSpec {
        let mut t = hexes(6, [2, 1, 1]);
        t.id = "R6H".into();
        t
    }

    fn cost(p: &RouteProblem, paths: &[PathId], costs: [u32; 3]) -> u32 {
        let mut p = p.clone();
        p.trains = vec![hexes(0, costs)];
        match validate_route(&p, 0, paths) {
            Err(RouteError::TooLong { cost, .. }) => cost,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn we07_a_standard_8h() {
        let mut f = we07();
        let t = f.b.train(h(8));
        let r = validate_route(&f.b.p, t, &f.std_line).unwrap();
        assert_eq!(r.revenue, 160);
        assert_eq!(cost(&f.b.p, &f.std_line, [1, 2, 1]), 8);
    }

    #[test]
    fn we07_b_narrow_8h_and_both_8h_together() {
        let mut f = we07();
        let t0 = f.b.train(h(8));
        let t1 = f.b.train(h(8));
        let narrow: Vec<_> = f.narrow_pp.iter().chain(&f.narrow_pm).copied().collect();
        let r = validate_route(&f.b.p, t1, &narrow).unwrap();
        assert_eq!(r.revenue, 130);
        assert_eq!(cost(&f.b.p, &narrow, [1, 2, 1]), 8);
        let run = validate_run(&f.b.p, &[(t0, f.std_line.clone()), (t1, narrow)]).unwrap();
        assert_eq!(run.revenue, 290);
        let best = assert_search_exact(&f.b.p);
        assert_eq!(best.revenue, 290);
    }

    #[test]
    fn we07_c_r6h() {
        let mut f = we07();
        let t = f.b.train(r6h());
        let route: Vec<_> = f.narrow_pp.iter().chain(&f.narrow_pm).chain(&f.dual_mt).copied().collect();
        let r = validate_route(&f.b.p, t, &route).unwrap();
        assert_eq!(r.revenue, 160);
        assert_eq!(cost(&f.b.p, &route, [2, 1, 1]), 5);
        assert!(assert_search_exact(&f.b.p).revenue >= 160);
    }

    #[test]
    fn we07_d_line_costs_by_train() {
        let f = we07();
        let std2: Vec<_> = f.std_line[..3].to_vec();
        assert_eq!(cost(&f.b.p, &std2, [1, 2, 1]), 2);
        assert_eq!(cost(&f.b.p, &std2, [2, 1, 1]), 4);
        assert_eq!(cost(&f.b.p, &f.narrow_pp, [1, 2, 1]), 2);
        assert_eq!(cost(&f.b.p, &f.narrow_pp, [2, 1, 1]), 1);
    }

    #[test]
    fn we07_e_messina_to_calabria_costs_three() {
        // Messina's double hex modelled as two dual hexes.
        let mut b = B::new();
        b.p.rules.gauge_changes_at_stops_only = true;
        let messina = b.city("B14", 30);
        let calabria = b.stop("C15", StopKind::Offboard, 90);
        b.s(calabria).terminal = true;
        b.token(messina);
        let ps = b.line(messina, calabria, &[DUAL, DUAL, DUAL, DUAL]);
        assert_eq!(cost(&b.p, &ps, [1, 2, 1]), 3);
        b.train(h(4));
        assert_eq!(assert_search_exact(&b.p).revenue, 120);
        b.p.trains = vec![h(2)];
        assert_eq!(best_run(&b.p).0.revenue, 0);
    }

    #[test]
    fn we07_f_cities_sum() {
        let mut b = B::new();
        let x = b.city("A", 30);
        let y = b.city("B", 20);
        let z = b.city("C", 20);
        b.token(x);
        let mut ps = b.line(x, y, &[STD, STD]);
        ps.extend(b.line(y, z, &[STD, STD]));
        let t = b.train(h(4));
        assert_eq!(validate_route(&b.p, t, &ps).unwrap().revenue, 70);
        assert_eq!(assert_search_exact(&b.p).revenue, 70);
    }

    #[test]
    fn we07_g_city_and_its_port_only_is_illegal() {
        let mut f = we07();
        let palermo = 0;
        let port = f.b.stop("A5", StopKind::Port, 10);
        f.b.s(port).terminal = true;
        f.b.token(palermo);
        let ps = f.b.line(palermo, port, &[STD, STD]);
        let t = f.b.train(h(4));
        let e = validate_route(&f.b.p, t, &ps).unwrap_err();
        assert_eq!(e.rule(), "route.too_few_stops");
    }

    #[test]
    fn we07_h_standard_to_narrow_at_a_plain_edge() {
        let mut b = B::new();
        b.p.rules.gauge_changes_at_stops_only = true;
        let x = b.city("A", 30);
        let y = b.city("B", 20);
        b.token(x);
        let ps = b.line(x, y, &[STD, NAR]);
        let t = b.train(h(4));
        assert_eq!(validate_route(&b.p, t, &ps).unwrap_err().rule(), "route.gauge_change");
        assert_eq!(assert_search_exact(&b.p).revenue, 0);
    }

    #[test]
    fn two_trains_share_a_city_but_not_track() {
        // A star around the token city: each train takes its own arm pair.
        let mut b = B::new();
        let c = b.city("X0", 50);
        b.token(c);
        let arms: Vec<StopId> = (0..4).map(|k| b.city(&format!("X{}", k + 1), 10 * (k + 1))).collect();
        for &a in &arms {
            b.line(c, a, &[STD, STD]);
        }
        b.train(stops(3));
        b.train(stops(3));
        let run = assert_search_exact(&b.p);
        assert_eq!(run.revenue, (40 + 50 + 30) + (20 + 50 + 10));
        assert_eq!(run.routes.len(), 2);
    }

    #[test]
    fn express_skips_for_its_best_eight() {
        let mut b = B::new();
        let vals = [10, 90, 80, 70, 60, 50, 40, 30, 20, 15, 100, 5];
        let ids: Vec<StopId> = vals.iter().enumerate().map(|(k, &v)| b.city(&format!("E{k}"), v)).collect();
        b.token(ids[11]);
        for w in ids.windows(2) {
            b.line(w[0], w[1], &[STD, STD]);
        }
        b.train(express(8));
        let run = best_run(&b.p).0;
        assert_eq!(run.revenue, 100 + 90 + 80 + 70 + 60 + 50 + 40 + 5);
        assert_eq!(run.routes[0].counted.len(), 8);
    }

    #[test]
    fn identical_trains_and_idle_trains() {
        let mut b = B::new();
        let c = b.city("Y0", 50);
        let d = b.city("Y1", 40);
        b.token(c);
        b.line(c, d, &[STD, STD]);
        for _ in 0..4 {
            b.train(stops(2));
        }
        let run = assert_search_exact(&b.p);
        assert_eq!(run.revenue, 90);
        assert_eq!(run.routes.len(), 1);
        assert_eq!(run.routes[0].train, 0);
    }

    #[test]
    fn routes_and_callbacks_speak_the_problems_ids() {
        // An island no token reaches comes first, so the searched part
        // renumbers every stop and path; the title's callback and the run
        // must still see the problem's own ids.
        let mut b = B::new();
        let x = b.city("Y0", 90);
        let y = b.city("Y1", 90);
        b.line(x, y, &[STD]);
        let c = b.city("Z0", 10);
        let d = b.city("Z1", 20);
        b.token(c);
        let track = b.line(c, d, &[STD, STD]);
        b.train(stops(2));
        let mut seen = Vec::new();
        let mut bonus = |r: &Route| {
            seen.push((r.stops.clone(), r.paths.clone()));
            0
        };
        let (run, _) = best_run_with(&b.p, Some(&mut bonus), &NodeBudget::unlimited());
        assert_eq!(run.revenue, 30);
        assert_eq!(seen.len(), 1);
        let mut stops_seen = seen[0].0.clone();
        stops_seen.sort();
        assert_eq!(stops_seen, vec![c, d]);
        let mut paths_seen = seen[0].1.clone();
        paths_seen.sort();
        assert_eq!(paths_seen, track);
        let (plain, _) = best_run(&b.p);
        assert_eq!(plain.routes[0].stops, vec![d, c], "read from the more valuable end");
        assert_eq!(plain.routes[0].counted, vec![d, c]);
        assert!(plain.routes[0].paths.iter().all(|q| track.contains(q)));
        validate_run(&b.p, &[(0, plain.routes[0].paths.clone())]).expect("the run round-trips");
    }

    #[test]
    fn callback_bonus_is_added_once_per_candidate() {
        let mut b = B::new();
        let c = b.city("Z0", 10);
        let d = b.city("Z1", 10);
        let e = b.city("Z2", 10);
        b.token(c);
        b.line(c, d, &[STD, STD]);
        b.line(c, e, &[STD, STD]);
        b.train(stops(2));
        let mut calls = 0;
        let mut bonus = |r: &Route| {
            calls += 1;
            if r.stops.contains(&e) { 100 } else { 0 }
        };
        let (run, stats) = best_run_with(&b.p, Some(&mut bonus), &NodeBudget::unlimited());
        assert_eq!(run.revenue, 120);
        assert_eq!(calls, 2);
        assert_eq!(stats.candidates, 2);
    }

    #[test]
    fn malformed_input_does_not_panic() {
        let mut b = B::new();
        let c = b.city("Q", 10);
        b.token(c);
        b.path(0, STD, End::Stop(c), End::Stop(42));
        b.path(0, STD, End::Junction(9, 5), End::Stop(c));
        b.path(0, STD, End::Stop(c), End::Stop(c));
        b.train(stops(2));
        let mut t = hexes(0, [1, 1, 1]);
        t.distance = Distance::Hexes { max: 0, count_start: true, cost: [1, 1, 1] };
        b.train(t);
        b.train(express(0));
        assert_eq!(best_run(&b.p).0.revenue, 0);
        b.p.trains.clear();
        assert_eq!(best_run(&b.p).0, Run::default());
    }

    #[test]
    fn hex_cost_can_depend_on_direction_without_the_gauge_rule() {
        // Each crossing costs the gauge of the path it enters: A to B enters
        // standard (1), B to A enters narrow (2). A 1H may only run A to B.
        let mut b = B::new();
        let a = b.city("A", 30);
        let c = b.city("B", 20);
        b.token(c);
        let ps = b.line(a, c, &[NAR, STD]);
        let t = b.train(h(1));
        assert!(validate_route(&b.p, t, &ps).is_ok());
        let back: Vec<_> = ps.iter().rev().copied().collect();
        assert_eq!(validate_route(&b.p, t, &back).unwrap_err(), RouteError::TooLong { cost: 2, max: 1 });
        let run = assert_search_exact(&b.p);
        assert_eq!(run.revenue, 50);
        assert_eq!(run.routes[0].stops, vec![a, c]);
    }

    #[test]
    fn absurd_amounts_and_rules_do_not_panic() {
        let mut b = B::new();
        let c = b.city("M", i64::MAX);
        let d = b.city("N", i64::MIN);
        let e = b.city("O", i64::MAX);
        b.token(c);
        b.s(c).bonus = i64::MAX;
        b.s(e).bonus = i64::MAX;
        b.s(c).groups = 1;
        b.s(e).groups = 2;
        b.s(c).tags = 1;
        b.p.rules.pair_bonuses = vec![PairBonus { a: 0, b: 1 }, PairBonus { a: 99, b: 1 }];
        b.p.rules.path_tag_bonuses = vec![PathTagBonus { tag: 1, per_stop: i64::MAX }];
        let ps = b.line(c, d, &[STD, STD]);
        b.p.graph.paths[ps[0] as usize].tags = 1;
        b.line(c, e, &[STD, STD]);
        let mut t = express(3);
        t.multipliers = vec![(1, i64::MAX), (1, i64::MIN)];
        b.train(t);
        b.train(stops(u32::MAX));
        b.train(hexes(u32::MAX, [u32::MAX; 3]));
        b.train(TrainSpec { distance: Distance::Unlimited, ..stops(2) });
        // Direction-dependent costs near the limit (no gauge rule).
        let f = b.city("P", 10);
        b.line(e, f, &[NAR, STD, STD]);
        let mut big = hexes(u32::MAX, [1, u32::MAX, 1]);
        big.id = "big".into();
        b.train(big);
        let (run, _) = best_run(&b.p);
        assert!(run.revenue > 0);
        let spec: Vec<_> = run.routes.iter().map(|r| (r.train, r.paths.clone())).collect();
        assert_eq!(validate_run(&b.p, &spec).unwrap().revenue, run.revenue);
        b.p.rules.min_stops = u32::MAX;
        b.p.rules.min_cities = u32::MAX;
        assert_eq!(best_run(&b.p).0.revenue, 0);
    }

    /// Regression (property seed 11192430051210682148): an express train
    /// whose only own token is at a terminus that is worth less than another
    /// terminus in reach. The express bound kept only the most valuable
    /// end, concluded that no route from the start could hold a token and
    /// pruned the start; the route's one-path canonical orientation is
    /// walked only from there, so the best route was never seen.
    #[test]
    fn express_bound_keeps_a_token_end() {
        let mut b = B::new();
        // The start: a terminus worth 40, tripled by the train.
        let x = b.stop("X", StopKind::Offboard, 40);
        b.s(x).terminal = true;
        b.s(x).tags = 2;
        // The only token: a terminus worth 10 (doubled).
        let t = b.stop_in(0, StopKind::Offboard, 10);
        b.s(t).terminal = true;
        b.s(t).tags = 1;
        b.token(t);
        // A richer terminus without a token, in reach of the start.
        let y = b.stop("Y", StopKind::Offboard, 50);
        b.s(y).terminal = true;
        let direct = b.line(x, t, &[STD]);
        b.line(x, y, &[STD, STD]);
        let mut e = express(2);
        e.multipliers = vec![(1, 2), (2, 3)];
        b.train(e);
        let run = assert_search_exact(&b.p);
        assert_eq!(run.revenue, 120 + 20);
        assert_eq!(run.routes[0].paths, direct);
        // Two express trains: the second runs the untokened terminus only
        // if it can reach the token too.
        let mut e = express(2);
        e.multipliers = vec![(1, 2), (2, 3)];
        b.train(e);
        assert_eq!(assert_search_exact(&b.p).revenue, 140);
    }

    /// Regression (property seed 34334): two stops sharing a location. The
    /// search remembered explored states by visited locations, so the
    /// trail through the town (worth more, but no city: illegal) stood in
    /// for the trail through the city of the same location, and the best
    /// route was cut off. States are now keyed by visited stops.
    #[test]
    fn memo_tells_stops_of_one_location_apart() {
        let mut b = B::new();
        b.p.rules.min_cities = 1;
        let s = b.stop("S", StopKind::Offboard, 30);
        b.s(s).terminal = true;
        let town = b.town("L", 50);
        let city = b.stop_in(1, StopKind::City, 40);
        for x in [town, city] {
            b.s(x).location = Some(0);
            b.token(x);
        }
        let e = b.stop("E", StopKind::Offboard, 20);
        b.s(e).terminal = true;
        for x in [town, city] {
            b.line(s, x, &[STD, STD]);
            b.line(x, e, &[STD, STD]);
        }
        b.train(TrainSpec { distance: Distance::Unlimited, ..stops(2) });
        let run = assert_search_exact(&b.p);
        assert_eq!(run.revenue, 30 + 40 + 20);
        assert_eq!(run.routes[0].counted.len(), 3);
        // The same with an express train counting all three.
        b.p.trains = vec![express(3)];
        assert_eq!(assert_search_exact(&b.p).revenue, 90);
    }

    /// Three identical express trains, searched lazily: the later twins
    /// are capped by the earlier one's revenue and the group's threshold is
    /// split between them. Each route must count the hub (the only token);
    /// two trains can both count the best arm, one directly and one by way
    /// of the second arm.
    #[test]
    fn identical_express_trains_split_by_revenue() {
        let mut b = B::new();
        let hub = b.city("H", 10);
        b.token(hub);
        let vals = [60, 50, 40, 30, 20, 10];
        let arms: Vec<StopId> = vals.iter().enumerate().map(|(k, &v)| b.city(&format!("A{k}"), v)).collect();
        for &a in &arms {
            b.line(hub, a, &[STD, STD]);
        }
        b.line(arms[0], arms[1], &[STD, STD]);
        for _ in 0..3 {
            b.train(express(2));
        }
        let run = assert_search_exact(&b.p);
        assert_eq!(run.revenue, 70 + 70 + 50);
    }

    /// Two identical express trains: the first (searched lazily, not last)
    /// skips a route whose uncounted end stop adds nothing (trimmed to its
    /// counted ends it earns as much on less track) but keeps one whose
    /// uncounted tail carries a per-stop bonus path.
    #[test]
    fn express_twins_skip_routes_with_idle_tails() {
        let mut b = B::new();
        b.p.rules.path_tag_bonuses = vec![PathTagBonus { tag: 1, per_stop: 10 }];
        let hub = b.city("H", 10);
        b.token(hub);
        let x1 = b.city("X1", 60);
        let x2 = b.city("X2", 50);
        let x3 = b.city("X3", 40);
        let tunnel_tail = b.town("T", 1);
        let idle_tail = b.town("U", 1);
        for &x in &[x1, x2, x3] {
            b.line(hub, x, &[STD, STD]);
        }
        let tail = b.line(x1, tunnel_tail, &[STD, STD]);
        b.p.graph.paths[tail[1] as usize].tags = 1;
        b.line(x2, idle_tail, &[STD, STD]);
        b.train(express(2));
        b.train(express(2));
        // H-X1-T with the tunnel: (10 + 10) + (60 + 10); then H-X2.
        let run = assert_search_exact(&b.p);
        assert_eq!(run.revenue, 90 + 60);
        // What the first twin's enumeration emits.
        let prep = Prepared::new(&b.p, &UNLIMITED);
        let sg = &prep.specs[0];
        let all = |minimal: bool| {
            let mut sink = Collect::new(1, usize::MAX, u64::MAX);
            let e = Enum::new(&b.p, &prep.inc, sg, 0, Bits::new(b.p.graph.paths.len()), true, prep.budget);
            if minimal { e.minimal_only() } else { e }.run(&mut sink);
            sink.out.into_iter().map(|c| c.route.stops).collect::<Vec<_>>()
        };
        let has = |list: &[Vec<StopId>], a: &[StopId]| {
            let rev: Vec<StopId> = a.iter().rev().copied().collect();
            list.iter().any(|r| *r == a || *r == rev)
        };
        let (full, minimal) = (all(false), all(true));
        assert!(has(&full, &[hub, x2, idle_tail]) && has(&full, &[hub, x1, tunnel_tail]));
        assert!(!has(&minimal, &[hub, x2, idle_tail]));
        assert!(has(&minimal, &[hub, x1, tunnel_tail]) && has(&minimal, &[hub, x2]));
    }

    /// Identical express trains take their routes from one list when it
    /// is short enough (the same run either way), and are searched on the
    /// track left when it is not.
    #[test]
    fn express_twins_are_listed_up_to_the_cap() {
        let mut b = B::new();
        let hub = b.city("H", 10);
        b.token(hub);
        let a = b.city("A", 50);
        let c = b.city("C", 40);
        let d = b.city("D", 30);
        b.line(hub, a, &[STD, STD]);
        b.line(a, c, &[STD, STD]);
        b.line(hub, d, &[STD, STD]);
        b.line(hub, c, &[STD, STD]);
        b.line(d, a, &[STD, STD]);
        b.train(express(2));
        b.train(express(2));
        let prep = Prepared::new(&b.p, &UNLIMITED);
        let all = list_routes(&prep, 0, 1, Some((usize::MAX, EXPRESS_LIST_NODES)), None).expect("no cap");
        assert!(all.len() >= 3, "{}", all.len());
        assert!(all.windows(2).all(|w| w[0].route.revenue >= w[1].route.revenue), "sorted by revenue");
        assert!(list_routes(&prep, 0, 1, Some((all.len(), EXPRESS_LIST_NODES)), None).is_none(), "a list reaching the cap is refused");
        assert_eq!(list_routes(&prep, 0, 1, Some((all.len() + 1, EXPRESS_LIST_NODES)), None).map(|l| l.len()), Some(all.len()));
        // Split into tasks, the listing gives up exactly as it does on one thread.
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        pool.install(|| {
            assert!(list_routes(&prep, 0, 1, Some((all.len(), EXPRESS_LIST_NODES)), Some(Par)).is_none());
            let par = list_routes(&prep, 0, 1, Some((all.len() + 1, EXPRESS_LIST_NODES)), Some(Par)).unwrap();
            assert_eq!(par.iter().map(|c| &c.route).collect::<Vec<_>>(), all.iter().map(|c| &c.route).collect::<Vec<_>>());
        });
        assert_eq!(assert_search_exact(&b.p).revenue, 60 + 60);
    }

    /// An express train beside another train is listed (within its own
    /// node cap) and the combination over the lists finds the run the
    /// exhaustive checker finds, also where the express train's best route
    /// takes the track the other train needs.
    #[test]
    fn express_beside_another_train_is_listed() {
        let mut b = B::new();
        let hub = b.city("H", 10);
        b.token(hub);
        let a = b.city("A", 50);
        let c = b.city("C", 40);
        let d = b.city("D", 30);
        let e = b.city("E", 20);
        b.line(hub, a, &[STD]);
        b.line(a, c, &[STD]);
        b.line(hub, d, &[STD]);
        b.line(d, e, &[STD]);
        b.line(c, e, &[STD]);
        b.train(express(3));
        b.train(stops(2));
        let prep = Prepared::new(&b.p, &UNLIMITED);
        let express_kind = prep.spec_of[0];
        let list = list_routes(&prep, express_kind, 1, Some((EXPRESS_LIST_CAP, EXPRESS_ALONE_LIST_NODES)), None);
        assert!(list.is_some_and(|l| !l.is_empty()), "a short express listing is kept");
        let run = assert_search_exact(&b.p);
        assert_eq!(run.routes.len(), 2, "both trains run: {run:?}");
    }

    /// A route whose prefix already earns as much is skipped by a twin
    /// that is not last (the prefix uses less track), whichever end stop
    /// the valuation counts.
    #[test]
    fn express_twins_skip_routes_no_better_than_a_prefix() {
        let mut b = B::new();
        let hub = b.city("H", 10);
        b.token(hub);
        let a = b.city("A", 50);
        let c = b.city("C", 50);
        let d = b.city("D", 30);
        b.line(hub, a, &[STD, STD]);
        b.line(a, c, &[STD, STD]);
        b.line(hub, d, &[STD, STD]);
        b.line(hub, c, &[STD, STD]);
        b.train(express(2));
        b.train(express(2));
        assert_eq!(assert_search_exact(&b.p).revenue, 60 + 60);
        let prep = Prepared::new(&b.p, &UNLIMITED);
        let mut sink = Collect::new(1, usize::MAX, u64::MAX);
        Enum::new(&b.p, &prep.inc, &prep.specs[0], 0, Bits::new(b.p.graph.paths.len()), true, prep.budget)
            .minimal_only()
            .run(&mut sink);
        let emitted: Vec<Vec<StopId>> = sink.out.into_iter().map(|c| c.route.stops).collect();
        assert!(emitted.contains(&vec![hub, a]) && emitted.contains(&vec![hub, c]));
        assert!(!emitted.iter().any(|r| r.len() > 2), "{emitted:?}");
    }

    #[test]
    fn ties_are_deterministic() {
        // Two equal routes; the result must not depend on anything but input.
        let mut b = B::new();
        let c = b.city("T0", 10);
        let d = b.city("T1", 20);
        let e = b.city("T2", 20);
        b.token(c);
        b.line(c, d, &[STD, STD]);
        b.line(c, e, &[STD, STD]);
        b.train(stops(2));
        let first = best_run(&b.p).0;
        for _ in 0..5 {
            assert_eq!(best_run(&b.p).0, first);
        }
        assert_eq!(first.revenue, 30);
    }
}

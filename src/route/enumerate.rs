//! Depth-first enumeration of one train's routes over the stretch graph.
//!
//! Routes are walked from their first stop; each trail is reached from both
//! of its ends, and only the canonical orientation is emitted, so every
//! route is emitted exactly once. A [`Sink`] receives the routes and says
//! how much a route must earn to be wanted; the walk prunes every partial
//! route whose optimistic value falls short of that, which is what keeps
//! long and express trains tractable.

use super::bitset::Bits;
use super::budget::NodeBudget;
use super::memo::SharedMemo;
use super::model::*;
use super::prep::{Incidence, Limit, SpecGraph};
use super::value;

/// Receives emitted routes.
pub(crate) trait Sink {
    /// Routes earning less are not wanted (and may be pruned).
    fn min_rev(&self) -> i64;
    fn emit(&mut self, route: Route, paths: &Bits);
    fn node(&mut self) {}
}

pub(crate) struct Enum<'a> {
    /// The search's node budget, shared by all its walks.
    budget: &'a NodeBudget,
    p: &'a RouteProblem,
    inc: &'a Incidence,
    sg: &'a SpecGraph,
    /// Prune by value bounds (off when a title bonus makes bounds unknown).
    prune: bool,
    train: usize,
    used: Bits,
    /// Visited locations (a route visits each location at most once).
    vis: Bits,
    /// Visited stops. Finer than `vis` when stops share a location: two
    /// trails through different stops of one location earn differently.
    vis_stops: Bits,
    stops: Vec<u32>,
    paths: Vec<u32>,
    /// Paths per stretch taken, to undo a step.
    seg: Vec<usize>,
    cost: u32,
    /// Cost of the trail travelled the other way.
    cost_rev: u32,
    wsum: i64,
    n_min: u32,
    n_city: u32,
    tokens: u32,
    tags_stack: Vec<u32>,
    /// Scratch for bounds.
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    frontier: Vec<u32>,
    /// Explored states (see `with_memo`).
    memo: Option<Memo<'a>>,
    /// Emit only express routes not dominated by their own trimmed trail
    /// (see `minimal_only`).
    minimal: bool,
    /// With `minimal`: the most any route that is a prefix of the current
    /// trail (same start, fewer stretches) earns; `i64::MIN` if none.
    prefix_best: i64,
    key: Vec<u64>,
    /// Scratch for the express bound: the part being bounded (marked in
    /// `pmark` with `pstamp`), its ends.
    part: Vec<u32>,
    ends: Vec<u32>,
    /// Express trains (`keep_sorted`): the trail's stops in `by_weight`
    /// order (by `SpecGraph::rank`), kept as stops are pushed and popped,
    /// for the valuation and bounds that read them in weight order.
    trail_sorted: Vec<u32>,
    keep_sorted: bool,
    pmark: Vec<u32>,
    pstamp: u32,
}

/// A route may start at the stop: its train may count it, and an own
/// station is within reach.
fn can_start(sg: &SpecGraph, s: u32) -> bool {
    sg.usable[s as usize] && sg.tok_dist[s as usize] != u32::MAX
}

/// Where explored states are remembered.
enum Memo<'a> {
    /// This walk's own.
    Own(OwnMemo),
    /// Shared with the other tasks of a parallel walk, as this task.
    Shared(&'a SharedMemo, u32),
}

/// A walk's own explored states. A walk's keys all have one length, so
/// keys of up to `SMALL_KEY` words are kept inline, padded with zeros
/// (no allocation per state); longer ones boxed.
#[derive(Default)]
struct OwnMemo {
    small: rustc_hash::FxHashSet<[u64; SMALL_KEY]>,
    big: rustc_hash::FxHashSet<Box<[u64]>>,
}

/// Words of a key kept inline: the three of the trail's end, cost and
/// bonus tags, and five of visited stops and contested paths (say up to
/// 192 stops and 128 contested paths).
const SMALL_KEY: usize = 8;

impl OwnMemo {
    /// True if the state was seen before; records it otherwise (up to
    /// `MEMO_CAP` states).
    fn seen_before(&mut self, key: &[u64]) -> bool {
        let room = self.small.len() + self.big.len() < MEMO_CAP;
        if key.len() <= SMALL_KEY {
            let mut k = [0u64; SMALL_KEY];
            k[..key.len()].copy_from_slice(key);
            if room && self.small.capacity() == 0 {
                // Grown from empty, the set rehashed its keys at every
                // doubling of a typical walk's first few hundred states.
                self.small.reserve(MEMO_FIRST);
            }
            return if room { !self.small.insert(k) } else { self.small.contains(&k) };
        }
        if self.big.contains(key) {
            return true;
        }
        if room {
            self.big.insert(key.into());
        }
        false
    }
}

/// States a walk's memo first makes room for (most walks remember fewer;
/// about 32 KB of small keys).
const MEMO_FIRST: usize = 256;

/// Stops a walk's trail lists are first made room for.
const TRAIL_ROOM: usize = 16;

/// Explored states are remembered up to this many (about 80 MB on dense
/// maps); past it the search goes on without remembering (still exact,
/// only slower).
const MEMO_CAP: usize = 1 << 20;

/// States are remembered from this many stops on. Shorter trails have
/// few orders to collapse (two stops, one order each way) and are most of
/// a small search, where keying and hashing every state cost more than
/// the memo saves.
const MEMO_MIN_STOPS: usize = 4;

impl<'a> Enum<'a> {
    pub fn new(
        p: &'a RouteProblem,
        inc: &'a Incidence,
        sg: &'a SpecGraph,
        train: usize,
        used: Bits,
        prune: bool,
        budget: &'a NodeBudget,
    ) -> Enum<'a> {
        let n = sg.n_stops();
        // Room for a long trail from the start (growing them a step at a
        // time was a good part of a short walk's allocations).
        let mut tags_stack = Vec::with_capacity(TRAIL_ROOM + 1);
        tags_stack.push(0);
        Enum {
            budget,
            p,
            inc,
            sg,
            prune,
            train,
            used,
            vis: Bits::new(inc.n_locs),
            vis_stops: Bits::new(n),
            stops: Vec::with_capacity(TRAIL_ROOM),
            paths: Vec::with_capacity(4 * TRAIL_ROOM),
            seg: Vec::with_capacity(TRAIL_ROOM),
            cost: 0,
            cost_rev: 0,
            wsum: 0,
            n_min: 0,
            n_city: 0,
            tokens: 0,
            tags_stack,
            seen: vec![0; n],
            stamp: 0,
            queue: Vec::with_capacity(n),
            frontier: Vec::with_capacity(n),
            memo: None,
            minimal: false,
            prefix_best: i64::MIN,
            key: Vec::new(),
            part: Vec::new(),
            ends: Vec::new(),
            trail_sorted: Vec::new(),
            keep_sorted: matches!(sg.limit, Limit::Express(_)),
            // Sized by the express bound, the only user.
            pmark: Vec::new(),
            pstamp: 0,
        }
    }

    /// Skip states already explored. Sound only when
    /// the sink cares about route values and not about which track a route
    /// uses (a single best route, or the last train of a run): the future of
    /// a trail depends only on its current stop, its visited stops, its
    /// cost, its path tags and which shared paths it used, and the value of
    /// any completion only on those too. Trails visiting the same stops in
    /// different orders then collapse into one state.
    pub fn with_memo(mut self) -> Self {
        self.memo = Some(Memo::Own(Default::default()));
        self
    }

    /// `with_memo` for task `task` of a walk split into parallel tasks
    /// (see `memo.rs`).
    pub fn with_shared_memo(mut self, memo: &'a SharedMemo, task: u32) -> Self {
        self.memo = Some(Memo::Shared(memo, task));
        self
    }

    /// For an express train whose routes matter by their track (an express
    /// train that is not the last of a run): skip a route that passes
    /// uncounted stops before its first or after its last counted stop
    /// when the trail trimmed to its counted ends earns as much. The
    /// trimmed trail uses a subset of the track and is a legal route
    /// itself (its new ends were passable interior stops), so every run
    /// with the long route is matched by one with the trimmed route; the
    /// trimmed route is emitted itself (or dominated in turn by a shorter
    /// one), since it earns at least as much.
    ///
    /// Likewise a route is skipped, and a trail's subtree cut, when a
    /// prefix of the trail is a route earning at least as much (the bound
    /// of the subtree): the prefix uses a subset of the track.
    ///
    /// Such routes matter by their track and revenue only, so their
    /// counted stops are any best choice (read off in weight order, ties
    /// as they come), not necessarily `value::value_express`'s; the search
    /// counts the stops of the run it returns again (`search::finish`).
    pub fn minimal_only(mut self) -> Self {
        self.minimal = matches!(self.sg.limit, Limit::Express(_));
        self
    }

    /// Is the express route (`stops`, `counted`, `revenue`) dominated by the
    /// current trail trimmed to its first and last counted stops?
    fn trimmed_dominates(&self, counted: &[StopId], revenue: i64) -> bool {
        let (Some(&c0), Some(&c1)) = (counted.first(), counted.last()) else { return false };
        let n = self.stops.len();
        if self.stops[0] == c0 && self.stops[n - 1] == c1 {
            return false;
        }
        let Some(i0) = self.stops.iter().position(|&s| s == c0) else { return false };
        let Some(i1) = self.stops.iter().position(|&s| s == c1) else { return false };
        if i1 <= i0 {
            return false;
        }
        let off = |j: usize| self.seg[..j].iter().sum::<usize>();
        let g = &self.p.graph;
        let tags = self.paths[off(i0)..off(i1)].iter().fold(0, |a, &q| a | g.paths[q as usize].tags);
        // With the same per-stop bonus the trimmed trail can count the very
        // stops the route counts, for the same revenue (the route earns no
        // pair bonus: its ends are not both counted).
        let rules = &self.p.rules;
        if value::per_stop_bonus(rules, tags) == value::per_stop_bonus(rules, self.tags()) {
            return true;
        }
        let Limit::Express(max) = self.sg.limit else { return false };
        match value::value_express(self.p, &self.sg.spec, max, &self.stops[i0..=i1], tags) {
            Ok((v, _)) => v >= revenue,
            Err(_) => false,
        }
    }

    /// True if this state was seen before (and records it otherwise).
    fn seen_before(&mut self, cur: u32) -> bool {
        let Some(memo) = self.memo.as_mut() else { return false };
        let sg = self.sg;
        let key = &mut self.key;
        key.clear();
        // The start matters only through a pair bonus it could earn.
        let start = self.stops[0];
        let start_key = if sg.pair_max[start as usize] > 0 { u64::from(start) } else { u64::from(u32::MAX) };
        key.push(start_key);
        // Only the tags that earn bonuses matter.
        let bonus_tags = self.p.rules.path_tag_bonuses.iter().fold(0, |a, b| a | b.tag);
        let tags = self.tags_stack.last().copied().unwrap_or(0);
        key.push(u64::from(cur) << 32 | u64::from(tags & bonus_tags));
        key.push(u64::from(self.cost) << 32 | u64::from(self.cost_rev));
        // The visited stops, not locations: the trail's value depends on
        // which stop of a shared location it took.
        key.extend_from_slice(self.vis_stops.words());
        let base = key.len();
        key.resize(base + sg.n_contested.div_ceil(64), 0);
        // A used shared path matters only while a stretch holding it could
        // still be taken: one joining the current stop or unvisited stops.
        let open = |s: u32| s == cur || !self.vis.get(self.inc.loc[s as usize] as usize);
        for &q in &self.paths {
            let c = sg.contested[q as usize];
            if c != u32::MAX && sg.holders[c as usize].iter().any(|&(a, b)| open(a) && open(b)) {
                key[base + c as usize / 64] |= 1 << (c % 64);
            }
        }
        match memo {
            Memo::Own(memo) => memo.seen_before(key),
            Memo::Shared(shared, task) => shared.seen_before(key, *task, MEMO_CAP),
        }
    }

    /// Walks every route from every start stop (those of [`Enum::starts`],
    /// in that order, without collecting them).
    pub fn run(&mut self, sink: &mut dyn Sink) {
        let sg = self.sg;
        // Most walks a run's last train makes find nothing worth having;
        // one bound over the whole track left says so at once, where each
        // start's own bound would flood the track again.
        if self.prune
            && let Limit::Express(k) = sg.limit
            && self.whole_express_bound(k as usize) < sink.min_rev()
        {
            return;
        }
        for &s in sg.by_weight.iter().filter(|&&s| can_start(sg, s)) {
            self.walk_from(s, sink);
        }
    }

    /// The stops `run` walks from, in its order: valuable stops first, so
    /// that a good route found early prunes the rest.
    pub fn starts(&self) -> Vec<u32> {
        let sg = self.sg;
        sg.by_weight.iter().copied().filter(|&s| can_start(sg, s)).collect()
    }

    /// Walks every route from the given stops (taken from [`Enum::starts`]),
    /// in order. The parallel search (`search::Par`) gives each start its
    /// own walk.
    pub fn run_from(&mut self, starts: &[u32], sink: &mut dyn Sink) {
        for &s in starts {
            self.walk_from(s, sink);
        }
    }

    fn walk_from(&mut self, s: u32, sink: &mut dyn Sink) {
        self.push_stop(s);
        self.extend(s, sink);
        self.pop_stop(s);
    }

    fn push_stop(&mut self, s: u32) {
        let st = &self.p.graph.stops[s as usize];
        if self.keep_sorted {
            let rank = &self.sg.rank;
            let at = self.trail_sorted.partition_point(|&x| rank[x as usize] < rank[s as usize]);
            self.trail_sorted.insert(at, s);
        }
        self.stops.push(s);
        self.vis.set(self.inc.loc[s as usize] as usize);
        self.vis_stops.set(s as usize);
        self.wsum += self.sg.weight[s as usize];
        self.n_min += value::counts_for_minimum(&self.p.rules, st) as u32;
        self.n_city += (st.kind == StopKind::City) as u32;
        self.tokens += st.own_token as u32;
    }

    fn pop_stop(&mut self, s: u32) {
        let st = &self.p.graph.stops[s as usize];
        if self.keep_sorted {
            let rank = &self.sg.rank;
            let at = self.trail_sorted.partition_point(|&x| rank[x as usize] < rank[s as usize]);
            self.trail_sorted.remove(at);
        }
        self.stops.pop();
        self.vis.clear(self.inc.loc[s as usize] as usize);
        self.vis_stops.clear(s as usize);
        self.wsum -= self.sg.weight[s as usize];
        self.n_min -= value::counts_for_minimum(&self.p.rules, st) as u32;
        self.n_city -= (st.kind == StopKind::City) as u32;
        self.tokens -= st.own_token as u32;
    }

    fn tags(&self) -> u32 {
        self.tags_stack.last().copied().unwrap_or(0)
    }

    fn extend(&mut self, cur: u32, sink: &mut dyn Sink) {
        let sg = self.sg;
        let len = self.stops.len();
        if len >= MEMO_MIN_STOPS && self.seen_before(cur) {
            return;
        }
        if !self.budget.tick() {
            return;
        }
        sink.node();
        let saved_prefix = self.prefix_best;
        if len >= 2 {
            if let Some(v) = self.try_emit(cur, sink) {
                self.prefix_best = self.prefix_best.max(v);
            }
            if !sg.passable[cur as usize] {
                self.prefix_best = saved_prefix;
                return;
            }
        }
        self.extend_on(cur, len, sink);
        self.prefix_best = saved_prefix;
    }

    fn extend_on(&mut self, cur: u32, len: usize, sink: &mut dyn Sink) {
        let sg = self.sg;
        if let Limit::Stops(max) = sg.limit
            && len as u32 >= max
        {
            return;
        }
        if self.prune {
            let b = self.bound(cur);
            if b < sink.min_rev() || (self.minimal && b <= self.prefix_best) {
                return;
            }
        }
        let rem = match sg.limit {
            Limit::Hexes(b) => b - self.cost,
            Limit::Stops(max) => max - len as u32 - 1,
            _ => u32::MAX,
        };
        for st in &sg.out[cur as usize] {
            let to = st.to as usize;
            if self.vis.get(self.inc.loc[to] as usize) || self.used.any_of(&st.paths) {
                continue;
            }
            if matches!(sg.limit, Limit::Hexes(_)) && st.cost > rem {
                continue;
            }
            // Without an own token yet, one must still be within reach.
            if self.tokens == 0 {
                let left = if matches!(sg.limit, Limit::Hexes(_)) { rem - st.cost } else { rem };
                if sg.tok_dist[to] > left {
                    continue;
                }
            }
            for &q in &st.paths {
                self.used.set(q as usize);
                self.paths.push(q);
            }
            self.seg.push(st.paths.len());
            self.cost += st.cost;
            let saved_rev = self.cost_rev;
            self.cost_rev = self.cost_rev.saturating_add(st.cost_rev);
            self.tags_stack.push(self.tags() | st.tags);
            self.push_stop(st.to);
            self.extend(st.to, sink);
            self.pop_stop(st.to);
            self.tags_stack.pop();
            self.cost -= st.cost;
            self.cost_rev = saved_rev;
            self.seg.pop();
            for &q in &st.paths {
                self.used.clear(q as usize);
                self.paths.pop();
            }
        }
    }

    /// Emits the current trail if it is a legal route in canonical
    /// orientation and earns enough.
    /// Returns the trail's value as a route when it was computed (with
    /// `minimal`, in both orientations).
    fn try_emit(&mut self, cur: u32, sink: &mut dyn Sink) -> Option<i64> {
        let first = self.stops[0];
        let canonical = if self.paths.len() == 1 {
            self.p.graph.paths[self.paths[0] as usize].a == End::Stop(first)
        } else {
            first < cur
        };
        // The other orientation is emitted from the other end, unless it is
        // too long (hex costs can depend on the direction).
        let reverse_legal = match self.sg.limit {
            Limit::Hexes(b) => self.cost_rev <= b,
            _ => true,
        };
        // With the memo, a state is explored once whatever its start, so
        // both orientations must be emitted (the sink only wants values);
        // a one-path route keeps its canonical orientation.
        // Only trails of `MEMO_MIN_STOPS` or more stops can be cut by the
        // memo, so a shorter one still trusts the walk from its other end.
        let memo_mode = self.memo.is_some() && self.paths.len() > 1 && self.stops.len() >= MEMO_MIN_STOPS;
        let skip_orientation = !canonical && reverse_legal && !memo_mode;
        if skip_orientation && !self.minimal {
            return None;
        }
        let rules = &self.p.rules;
        let spec = &self.sg.spec;
        let tags = self.tags();
        // The counted stops are chosen (express routes) or copied (the
        // whole trail) only for a route that is emitted; the revenue alone
        // decides the rest (most trails earn too little to be emitted).
        let mut counted: Option<Vec<StopId>> = None;
        let revenue = match self.sg.limit {
            Limit::Express(max) => match self.express_revenue_in_weight_order(max, cur, tags) {
                Some(v) => {
                    #[cfg(test)]
                    tests::cross_check(v, value::value_express(self.p, spec, max, &self.stops, tags).map(|x| x.0).ok());
                    v
                }
                None => {
                    if self.express_quick_bound(max, cur) < sink.min_rev() {
                        return None;
                    }
                    let (v, c) = value::value_express(self.p, spec, max, &self.stops, tags).ok()?;
                    counted = Some(c);
                    v
                }
            },
            _ => {
                if self.n_min < rules.min_stops || self.n_city < rules.min_cities || self.tokens == 0 {
                    return None;
                }
                let g = &self.p.graph;
                let per = value::per_stop_bonus(rules, tags);
                let pair = value::pair_bonus(rules, &g.stops[first as usize], &g.stops[cur as usize]);
                self.wsum + per * self.stops.len() as i64 + pair
            }
        };
        if skip_orientation || revenue < sink.min_rev() {
            return Some(revenue);
        }
        if self.minimal && revenue <= self.prefix_best {
            return Some(revenue);
        }
        let counted = match counted {
            Some(c) => c,
            None => match self.sg.limit {
                Limit::Express(max) => match self.express_counted_in_weight_order(max, cur, tags) {
                    Some(c) => {
                        #[cfg(test)]
                        if !self.minimal {
                            tests::cross_check_counted(&c, value::value_express(self.p, spec, max, &self.stops, tags).map(|x| x.1).ok());
                        }
                        c
                    }
                    None => value::value_express(self.p, spec, max, &self.stops, tags).ok()?.1,
                },
                _ => self.stops.clone(),
            },
        };
        // Dominated by the trail trimmed to its counted ends.
        if self.minimal && self.trimmed_dominates(&counted, revenue) {
            return Some(revenue);
        }
        let route = Route {
            train: self.train,
            stops: self.stops.clone(),
            paths: self.paths.clone(),
            counted,
            revenue,
        };
        sink.emit(route, &self.used);
        Some(revenue)
    }

    /// The revenue of the current trail as an express route when it can be
    /// read off the visited stops in weight order: the best `max` of them
    /// (those worth something), and with a pair bonus the two ends and the
    /// best `max - 2` others, each choice already meeting the own-token and
    /// minimum rules. Then no other choice earns more, so this is what
    /// `value::value_express` finds, without its table. `None` when a rule
    /// needs a worse stop counted (the table decides).
    fn express_revenue_in_weight_order(&self, max: u32, cur: u32, tags: u32) -> Option<i64> {
        let (g, rules) = (&self.p.graph, &self.p.rules);
        let per = value::per_stop_bonus(rules, tags);
        let n = self.stops.len();
        let first = self.stops[0];
        let kmax = (max as usize).min(n);
        let plain = self.pick_in_weight_order(Pick::default(), per, kmax, [u32::MAX; 2], None);
        if !plain.meets(rules) {
            return None;
        }
        let pair = if n >= 2 { value::pair_bonus(rules, &g.stops[first as usize], &g.stops[cur as usize]) } else { 0 };
        if pair == 0 || max < 2 {
            return Some(plain.sum);
        }
        let ends = self.pick_in_weight_order(self.ends_pick(cur, per), per, kmax - 2, [first, cur], None);
        if !ends.meets(rules) {
            return None;
        }
        Some(plain.sum.max(ends.sum.saturating_add(pair)))
    }

    /// The stops `value::value_express` counts on the current trail (in
    /// travel order), read off in weight order as its revenue is
    /// (`express_revenue_in_weight_order`) when that choice is the only one
    /// earning as much: then the table finds it too. `None` when a rule
    /// needs a worse stop counted, or a stop left out is worth as much as
    /// one counted, or nothing (the table decides between equals), except
    /// with `minimal`, which takes any best choice.
    fn express_counted_in_weight_order(&self, max: u32, cur: u32, tags: u32) -> Option<Vec<StopId>> {
        let (g, rules) = (&self.p.graph, &self.p.rules);
        let per = value::per_stop_bonus(rules, tags);
        let n = self.stops.len();
        let first = self.stops[0];
        let kmax = (max as usize).min(n);
        let mut chosen: Vec<u32> = Vec::with_capacity(kmax);
        let plain = self.pick_in_weight_order(Pick::default(), per, kmax, [u32::MAX; 2], Some(&mut chosen));
        if !plain.meets(rules) {
            return None;
        }
        let pair = if n >= 2 { value::pair_bonus(rules, &g.stops[first as usize], &g.stops[cur as usize]) } else { 0 };
        // The table keeps the choice without the pair bonus unless the one
        // with it earns strictly more.
        let mut unique = plain.unique;
        if pair != 0 && max >= 2 {
            let mut with_ends = vec![first, cur];
            let ends = self.pick_in_weight_order(self.ends_pick(cur, per), per, kmax - 2, [first, cur], Some(&mut with_ends));
            if !ends.meets(rules) {
                return None;
            }
            if ends.sum.saturating_add(pair) > plain.sum {
                chosen = with_ends;
                unique = ends.unique;
            }
        }
        if !unique && !self.minimal {
            return None;
        }
        Some(self.stops.iter().copied().filter(|s| chosen.contains(s)).collect())
    }

    /// A pick holding both end stops of the current trail (ending at `cur`).
    fn ends_pick(&self, cur: u32, per: i64) -> Pick {
        let mut p = Pick::default();
        for s in [self.stops[0], cur] {
            p.add(&self.p.graph.stops[s as usize], self.sg.weight[s as usize].saturating_add(per), &self.p.rules);
        }
        p
    }

    /// Adds to `pick` the best `take` visited stops but `skip` in weight
    /// order, each worth more than nothing. With `chosen` (where they are
    /// listed) it also tells whether no other such choice earns as much:
    /// the first stop left out is worth less than the last taken, and
    /// nothing when fewer are taken. Without, the scan ends at the last
    /// stop taken (a revenue is read at every node of a walk).
    fn pick_in_weight_order(&self, mut pick: Pick, per: i64, take: usize, skip: [u32; 2], mut chosen: Option<&mut Vec<u32>>) -> Pick {
        let (g, rules, sg) = (&self.p.graph, &self.p.rules, self.sg);
        let mut taken = 0;
        let mut last = i64::MAX;
        pick.unique = true;
        // The visited stops in weight order.
        for &s in &self.trail_sorted {
            if taken >= take && chosen.is_none() {
                break;
            }
            if skip.contains(&s) {
                continue;
            }
            let w = sg.weight[s as usize].saturating_add(per);
            if taken >= take || w <= 0 {
                pick.unique = if taken >= take { w < last } else { w < 0 };
                break;
            }
            pick.add(&g.stops[s as usize], w, rules);
            if let Some(c) = chosen.as_deref_mut() {
                c.push(s);
            }
            last = w;
            taken += 1;
        }
        pick
    }

    /// An upper bound on the value of the current trail as an express
    /// route (the best `max` stops, bonuses as if earned), far cheaper than
    /// choosing the counted stops exactly.
    fn express_quick_bound(&mut self, max: u32, cur: u32) -> i64 {
        let g = &self.p.graph;
        let per = value::per_stop_bonus(&self.p.rules, self.tags()).max(0);
        // By decreasing weight without sorting: the trail in weight order.
        let top: i64 = self.trail_sorted.iter().take(max as usize).map(|&s| self.sg.weight[s as usize] + per).filter(|&x| x > 0).sum();
        let first = self.stops[0] as usize;
        top + value::pair_bonus(&self.p.rules, &g.stops[first], &g.stops[cur as usize]).max(0)
    }

    /// An upper bound on the revenue of any route extending the current
    /// trail (the trail itself included). `i64::MIN` when none can be legal.
    fn bound(&mut self, cur: u32) -> i64 {
        let sg = self.sg;
        let start = self.stops[0] as usize;
        let per = sg.per_stop_max;
        let pair = sg.pair_max[start];
        let len = self.stops.len() as i64;
        match sg.limit {
            Limit::Hexes(_) | Limit::Stops(_) => {
                let (reach, slots) = match sg.limit {
                    Limit::Hexes(b) => {
                        let rem = b - self.cost;
                        let slots = rem.checked_div(sg.min_cost).unwrap_or(u32::MAX);
                        (rem, slots)
                    }
                    Limit::Stops(max) => {
                        let s = max.saturating_sub(len as u32);
                        (s, s)
                    }
                    _ => (0, 0),
                };
                let r = sg.rank[cur as usize] as usize;
                let mut extra = 0i64;
                let mut taken = 0u32;
                if reach != u32::MAX {
                    // The stops in static reach, in weight order (those
                    // out of reach or unusable add nothing; gains only
                    // fall, so the first gain of nothing ends it as before).
                    let near = &sg.near[sg.near_at[r] as usize..sg.near_at[r + 1] as usize];
                    for n in near {
                        if taken >= slots {
                            break;
                        }
                        let gain = n.weight + per;
                        if gain <= 0 {
                            break;
                        }
                        if n.dist <= reach && !self.vis.get(n.loc as usize) {
                            extra += gain;
                            taken += 1;
                        }
                    }
                    return self.wsum + per * len + extra + pair;
                }
                // An unlimited reach counts stops out of reach too.
                for &d in &sg.by_weight {
                    if taken >= slots {
                        break;
                    }
                    let gain = sg.weight[d as usize] + per;
                    if gain <= 0 {
                        break;
                    }
                    if sg.usable[d as usize] && !self.vis.get(self.inc.loc[d as usize] as usize) {
                        extra += gain;
                        taken += 1;
                    }
                }
                self.wsum + per * len + extra + pair
            }
            Limit::Express(k) => self.express_bound(cur, k as usize),
            Limit::Unlimited => {
                let reach_tags = self.reachable(cur);
                let per = self.per_stop_possible(reach_tags);
                let pair = if self.queue.iter().any(|&s| self.pair_partner(s)) || self.pair_partner(cur) {
                    pair
                } else {
                    0
                };
                let mut extra = 0i64;
                let mut best_end = 0i64;
                let mut tok = self.tokens > 0;
                for &s in &self.queue {
                    let gain = sg.weight[s as usize] + per;
                    tok |= self.p.graph.stops[s as usize].own_token;
                    if sg.passable[s as usize] {
                        extra += gain.max(0);
                    } else {
                        best_end = best_end.max(gain);
                    }
                }
                if !tok {
                    return i64::MIN;
                }
                self.wsum + per * len + extra + best_end + pair
            }
        }
    }

    /// The express bound. The rest of the route leaves `cur` and never
    /// comes back, so it runs inside one connected part of the unvisited
    /// stops (passable ones; an impassable stop only as its last stop):
    /// the bound is the best over those parts (and over ending now) of the
    /// best `k` counted stops of the trail and the part together.
    ///
    /// A route earning a pair bonus counts both its end stops, so that case
    /// is bounded apart: the start, the best partner end with its bonus,
    /// and the best `k - 2` other stops.
    fn express_bound(&mut self, cur: u32, k: usize) -> i64 {
        let sg = self.sg;
        let g = &self.p.graph;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|x| *x = 0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.seen[cur as usize] = stamp;
        let mut frontier = std::mem::take(&mut self.frontier);
        let mut part = std::mem::take(&mut self.part);
        let mut ends = std::mem::take(&mut self.ends);
        // Items come by decreasing value without sorting: the trail's
        // stops in weight order (`trail_sorted`), or a part's stops merged
        // in by a scan of all stops in weight order, read only as far as
        // the sums below need (a few stops, where listing them all took
        // most of a node); ties between equal values may come in any
        // order, which changes none of the sums below.
        let trail = std::mem::take(&mut self.trail_sorted);
        let trail_items = |per: i64| trail.iter().map(move |&s| (sg.weight[s as usize] + per, g.stops[s as usize].own_token));
        // The trail's best own token (its first in weight order).
        let trail_token = if self.tokens > 0 { trail.iter().copied().find(|&s| g.stops[s as usize].own_token) } else { None };
        let token_value = |s: Option<u32>, per: i64| s.map(|s| sg.weight[s as usize] + per);
        // Pair bonuses: only a start that has a partner at all.
        let pairs = sg.pair_max[self.stops[0] as usize] > 0;
        let mut best = i64::MIN;
        // Ending now.
        {
            let per = self.per_stop_possible(0);
            let top = top_k_with_token(trail_items(per), None, k, token_value(trail_token, per));
            if top != i64::MIN {
                best = best.max(top);
                let partner = self.partner_gain(cur, per, None);
                best = best.max(self.pair_case(trail_items(per), per, partner, k));
            }
        }
        for i in 0..sg.out[cur as usize].len() {
            let st = &sg.out[cur as usize][i];
            let to = st.to as usize;
            if self.vis.get(self.inc.loc[to] as usize) || self.used.any_of(&st.paths) {
                continue;
            }
            if !sg.passable[to] {
                // Straight to an end.
                let per = self.per_stop_possible(st.tags);
                let end = Some((sg.weight[to] + per, g.stops[to].own_token));
                let top = top_k_with_token(trail_items(per), end, k, token_value(trail_token, per));
                if top != i64::MIN {
                    best = best.max(top);
                    let partner = self.partner_gain(to as u32, per, None);
                    best = best.max(self.pair_case(trail_items(per), per, partner, k));
                }
                continue;
            }
            if self.seen[to] == stamp {
                continue;
            }
            // A new part: everything reachable from `to` without `cur`.
            self.seen[to] = stamp;
            if self.pmark.len() != self.seen.len() {
                self.pmark = vec![0; self.seen.len()];
            }
            self.pstamp = self.pstamp.wrapping_add(1);
            if self.pstamp == 0 {
                self.pmark.iter_mut().for_each(|x| *x = 0);
                self.pstamp = 1;
            }
            let pstamp = self.pstamp;
            self.pmark[to] = pstamp;
            let mut tags = 0u32;
            part.clear();
            part.push(to as u32);
            ends.clear();
            frontier.clear();
            frontier.push(to as u32);
            while let Some(u) = frontier.pop() {
                for st2 in &sg.out[u as usize] {
                    let t2 = st2.to as usize;
                    if self.vis.get(self.inc.loc[t2] as usize) || self.used.any_of(&st2.paths) {
                        continue;
                    }
                    tags |= st2.tags;
                    if sg.passable[t2] {
                        if self.seen[t2] != stamp {
                            self.seen[t2] = stamp;
                            self.pmark[t2] = pstamp;
                            part.push(t2 as u32);
                            frontier.push(t2 as u32);
                        }
                    } else if !ends.contains(&(t2 as u32)) {
                        ends.push(t2 as u32);
                    }
                }
            }
            // Any stretch from `cur` into the part may be the first one.
            for st2 in &sg.out[cur as usize] {
                if self.pmark[st2.to as usize] == pstamp && !self.used.any_of(&st2.paths) {
                    tags |= st2.tags;
                }
            }
            let per = self.per_stop_possible(tags);
            let (vis, pmark) = (&self.vis_stops, &self.pmark);
            // The trail and the part in weight order: a small part sorted
            // and merged with the trail (a scan of all stops would read on
            // to the end for the best `k`), a large one by the scan.
            let merge = small_part(part.len(), sg.by_weight.len());
            if merge {
                part.sort_unstable_by_key(|&s| sg.rank[s as usize]);
            }
            let (trail_s, part_s) = (&trail[..], &part[..]);
            let items = move || {
                let stops = if merge {
                    OneOf::A(Merged { a: trail_s, b: part_s, rank: &sg.rank })
                } else {
                    OneOf::B(sg.by_weight.iter().copied().filter(move |&s| vis.get(s as usize) || pmark[s as usize] == pstamp))
                };
                stops.map(move |s| (sg.weight[s as usize] + per, g.stops[s as usize].own_token))
            };
            // The route ends in the part or at one of its ends, not at `cur`.
            let mut partner = None;
            if pairs {
                for &s in &part {
                    partner = self.partner_gain(s, per, partner);
                }
            }
            let mut best_end: Option<(i64, bool)> = None;
            let mut best_token_end: Option<(i64, bool)> = None;
            for &s in &ends {
                let item = (sg.weight[s as usize] + per, g.stops[s as usize].own_token);
                if pairs {
                    partner = self.partner_gain(s, per, partner);
                }
                if best_end.is_none_or(|b| item > b) {
                    best_end = Some(item);
                }
                if item.1 && best_token_end.is_none_or(|b| item > b) {
                    best_token_end = Some(item);
                }
            }
            // The best own token of the trail and the part.
            let token = sg.token_stops.iter().copied().find(|&s| vis.get(s as usize) || pmark[s as usize] == pstamp);
            let token = token_value(token, per);
            let mut top = top_k_with_token(items(), best_end, k, token);
            if best_token_end != best_end {
                top = top.max(top_k_with_token(items(), best_token_end, k, token));
            }
            if top != i64::MIN {
                best = best.max(top);
                best = best.max(self.pair_case(items(), per, partner, k));
            }
        }
        self.frontier = frontier;
        self.part = part;
        self.ends = ends;
        self.trail_sorted = trail;
        best
    }

    /// An upper bound on every express route on the unused track (before
    /// any trail is walked): the best over its connected parts of the best
    /// `k` stops of the part and of the stops ending it (with an own
    /// token), the per-stop bonus if the part has tagged track, and the
    /// best pair bonus of a stop in it. Stops joined only to stops that
    /// cannot be passed form parts of their own.
    fn whole_express_bound(&mut self, k: usize) -> i64 {
        let sg = self.sg;
        let g = &self.p.graph;
        let n = sg.n_stops();
        const NO: u32 = u32::MAX;
        // The part each passable stop belongs to, by its first stop.
        let mut part_of = vec![NO; n];
        let mut frontier = std::mem::take(&mut self.frontier);
        let mut members = std::mem::take(&mut self.part);
        let mut ends = std::mem::take(&mut self.ends);
        let mut best = i64::MIN;
        for &s0 in &sg.by_weight {
            let s0 = s0 as usize;
            if part_of[s0] != NO || !sg.usable[s0] {
                continue;
            }
            members.clear();
            ends.clear();
            frontier.clear();
            let mut tags = 0u32;
            if sg.passable[s0] {
                part_of[s0] = s0 as u32;
                members.push(s0 as u32);
                frontier.push(s0 as u32);
            } else {
                // A stop that cannot be passed, with the stops it joins that
                // cannot be passed either (a route of two such ends).
                ends.push(s0 as u32);
                for st in &sg.out[s0] {
                    if !sg.passable[st.to as usize] && !self.used.any_of(&st.paths) && !ends.contains(&st.to) {
                        tags |= st.tags;
                        ends.push(st.to);
                    }
                }
            }
            while let Some(u) = frontier.pop() {
                for st in &sg.out[u as usize] {
                    if self.used.any_of(&st.paths) {
                        continue;
                    }
                    tags |= st.tags;
                    let to = st.to as usize;
                    if sg.passable[to] {
                        if part_of[to] == NO {
                            part_of[to] = s0 as u32;
                            members.push(to as u32);
                            frontier.push(to as u32);
                        }
                    } else if !ends.contains(&st.to) {
                        ends.push(st.to);
                    }
                }
            }
            if members.len() + ends.len() < 2 {
                continue;
            }
            let per = self.per_stop_possible(tags);
            // Read in weight order only as far as the sum needs: a small
            // part sorted, a large one by a scan of all stops.
            let merge = small_part(members.len() + ends.len(), sg.by_weight.len());
            if merge {
                members.sort_unstable_by_key(|&s| sg.rank[s as usize]);
                ends.sort_unstable_by_key(|&s| sg.rank[s as usize]);
            }
            let member = |s: u32| part_of[s as usize] == s0 as u32 && sg.passable[s as usize] || ends.contains(&s);
            let stops = if merge {
                OneOf::A(Merged { a: &members, b: &ends, rank: &sg.rank })
            } else {
                OneOf::B(sg.by_weight.iter().copied().filter(|&s| member(s)))
            };
            let items = stops.map(|s| (sg.weight[s as usize] + per, g.stops[s as usize].own_token));
            let token = sg.token_stops.iter().copied().find(|&s| member(s)).map(|s| sg.weight[s as usize] + per);
            let top = top_k_with_token(items, None, k, token);
            if top == i64::MIN {
                continue;
            }
            let pair = members.iter().chain(ends.iter()).map(|&s| sg.pair_max[s as usize]).max().unwrap_or(0);
            best = best.max(top.saturating_add(pair.max(0)));
        }
        self.frontier = frontier;
        self.part = members;
        self.ends = ends;
        best
    }

    /// Fills `queue` with the unvisited stops reachable from `cur` over
    /// unused track, passing only through passable stops.
    fn reachable(&mut self, cur: u32) -> u32 {
        let mut tags = 0u32;
        let sg = self.sg;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|x| *x = 0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.queue.clear();
        self.seen[cur as usize] = stamp;
        // The current stop is expanded even if it is the (impassable) start.
        let mut frontier = std::mem::take(&mut self.frontier);
        frontier.clear();
        frontier.push(cur);
        while let Some(u) = frontier.pop() {
            for st in &sg.out[u as usize] {
                let to = st.to as usize;
                if self.vis.get(self.inc.loc[to] as usize) || self.used.any_of(&st.paths) {
                    continue;
                }
                tags |= st.tags;
                if self.seen[to] == stamp {
                    continue;
                }
                self.seen[to] = stamp;
                self.queue.push(to as u32);
                if sg.passable[to] {
                    frontier.push(to as u32);
                }
            }
        }
        self.frontier = frontier;
        tags
    }

    /// The per-stop bonus a completion could still earn: entries already
    /// earned or whose tag is on track still in reach.
    fn per_stop_possible(&self, reach_tags: u32) -> i64 {
        let tags = self.tags() | reach_tags;
        self.p
            .rules
            .path_tag_bonuses
            .iter()
            .filter(|b| tags & b.tag != 0)
            .map(|b| value::clamp(b.per_stop.max(0)))
            .sum::<i64>()
            .min(value::AMOUNT_LIMIT)
    }

    /// The most a pair-bonus end could bring (its gain and the bonus), with
    /// `s` as a candidate end, given the best so far.
    fn partner_gain(&self, s: u32, per: i64, so_far: Option<i64>) -> Option<i64> {
        if !self.pair_partner(s) {
            return so_far;
        }
        let g = &self.p.graph;
        let start = self.stops[0] as usize;
        let gain = self.sg.weight[s as usize] + per + value::pair_bonus(&self.p.rules, &g.stops[start], &g.stops[s as usize]);
        Some(so_far.map_or(gain, |b| b.max(gain)))
    }

    /// Bound on routes earning a pair bonus: the start and the partner end
    /// counted, plus the best `k - 2` of the other items (`sorted`
    /// decreasing, the start among them; the token rule is ignored).
    fn pair_case(&self, sorted: impl Iterator<Item = (i64, bool)>, per: i64, partner: Option<i64>, k: usize) -> i64 {
        let Some(partner) = partner else { return i64::MIN };
        if k < 2 {
            return i64::MIN;
        }
        let start = self.stops[0];
        let own = (self.sg.weight[start as usize] + per, self.p.graph.stops[start as usize].own_token);
        let mut skipped = false;
        let rest: i64 = sorted
            .filter(|&x| {
                if !skipped && x == own {
                    skipped = true;
                    false
                } else {
                    true
                }
            })
            .map(|x| x.0)
            .filter(|&v| v > 0)
            .take(k - 2)
            .sum();
        own.0 + partner + rest
    }

    /// Could a route from the current start earn a pair bonus ending at `s`?
    fn pair_partner(&self, s: u32) -> bool {
        let g = &self.p.graph;
        let start = self.stops[0] as usize;
        self.sg.pair_max[start] > 0 && value::pair_bonus(&self.p.rules, &g.stops[start], &g.stops[s as usize]) > 0
    }
}

/// Is a part of `n` stops (out of `all`) better sorted than found by a
/// scan of all stops in weight order?
fn small_part(n: usize, all: usize) -> bool {
    n <= 16 || n * 8 <= all
}

/// Two disjoint lists of stops, each sorted by `rank`, merged in that
/// order.
#[derive(Clone)]
struct Merged<'a> {
    a: &'a [u32],
    b: &'a [u32],
    rank: &'a [u32],
}

impl Iterator for Merged<'_> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        let take_a = match (self.a.first(), self.b.first()) {
            (Some(&x), Some(&y)) => self.rank[x as usize] < self.rank[y as usize],
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => return None,
        };
        let list = if take_a { &mut self.a } else { &mut self.b };
        let (&first, rest) = list.split_first()?;
        *list = rest;
        Some(first)
    }
}

/// One of two iterators of the same items.
#[derive(Clone)]
enum OneOf<A, B> {
    A(A),
    B(B),
}

impl<T, A: Iterator<Item = T>, B: Iterator<Item = T>> Iterator for OneOf<A, B> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        match self {
            OneOf::A(a) => a.next(),
            OneOf::B(b) => b.next(),
        }
    }
}

/// Counted stops chosen for an express route: their sum, whether one is an
/// own token, how many count for the minimum and how many are cities, and
/// (`Enum::pick_in_weight_order`) whether no other choice earns as much.
#[derive(Default)]
struct Pick {
    sum: i64,
    token: bool,
    n_min: u32,
    n_city: u32,
    unique: bool,
}

impl Pick {
    fn add(&mut self, st: &Stop, w: i64, rules: &RouteRules) {
        self.sum = self.sum.saturating_add(w);
        self.token |= st.own_token;
        self.n_min += value::counts_for_minimum(rules, st) as u32;
        self.n_city += (st.kind == StopKind::City) as u32;
    }

    fn meets(&self, rules: &RouteRules) -> bool {
        self.token && self.n_min >= rules.min_stops && self.n_city >= rules.min_cities
    }
}

/// An upper bound on the best choice of at most `k` counted items with at
/// least one own token among `sorted` (decreasing) and the optional extra
/// item `end`: the best items, the last swapped for the best token if none
/// is among them (items worth nothing are left out, which only raises the
/// bound). `i64::MIN` when there is no token at all. `token`: the value of
/// the best own-token item of `sorted` (its first), if it has one; so the
/// items are read only as far as the best `k` (reading on to the first
/// token, often a cheap stop far down the order, was most of a node of an
/// express walk).
fn top_k_with_token(sorted: impl Iterator<Item = (i64, bool)> + Clone, end: Option<(i64, bool)>, k: usize, token: Option<i64>) -> i64 {
    // The first token in the merged order is the one worth most.
    let best_token = match (token, end) {
        (Some(t), Some((e, true))) => Some(t.max(e)),
        (None, Some((e, true))) => Some(e),
        (t, _) => t,
    };
    #[cfg(test)]
    let reference = top_k_with_token_scan(sorted.clone(), end, k);
    let Some(t) = best_token else {
        #[cfg(test)]
        assert_eq!(reference, i64::MIN);
        return i64::MIN;
    };
    let mut sum = 0i64;
    let mut n = 0usize;
    let mut has_token = false;
    let mut last = 0i64;
    let mut end = end;
    let mut it = sorted.peekable();
    // The best `k` items worth something (values only fall).
    while n < k {
        // Merge `end` into the sorted stream.
        let next = match (it.peek().copied(), end) {
            (Some(a), Some(e)) if e > a => end.take(),
            (Some(_), _) => it.next(),
            (None, Some(_)) => end.take(),
            (None, None) => None,
        };
        let Some((v, tok)) = next else { break };
        if v <= 0 {
            break;
        }
        sum += v;
        n += 1;
        has_token |= tok;
        last = v;
    }
    let top = if has_token || n < k { sum } else { sum - last + t };
    #[cfg(test)]
    assert_eq!(top, reference, "top_k_with_token differs from the full scan");
    top
}

/// `top_k_with_token` reading the items on to the first token (the
/// reference the tests check it against).
#[cfg(test)]
fn top_k_with_token_scan(sorted: impl Iterator<Item = (i64, bool)>, end: Option<(i64, bool)>, k: usize) -> i64 {
    let mut sum = 0i64;
    let mut n = 0usize;
    let mut has_token = false;
    let mut best_token: Option<i64> = None;
    let mut last = 0i64;
    let mut end = end;
    let mut it = sorted.peekable();
    loop {
        let next = match (it.peek().copied(), end) {
            (Some(a), Some(e)) if e > a => end.take(),
            (Some(_), _) => it.next(),
            (None, Some(_)) => end.take(),
            (None, None) => None,
        };
        let Some((v, tok)) = next else { break };
        if tok && best_token.is_none() {
            best_token = Some(v);
        }
        if n < k && v > 0 {
            sum += v;
            n += 1;
            has_token |= tok;
            last = v;
        } else if best_token.is_some() {
            break;
        }
    }
    match best_token {
        None => i64::MIN,
        Some(_) if has_token || n < k => sum,
        Some(t) => sum - last + t,
    }
}

#[cfg(test)]
mod tests {
    use super::super::synthetic::{SyntheticKind, synthetic_dense_problem};
    use super::super::testkit::express;
    use super::super::search::best_run_with;
    use super::*;
    use std::cell::Cell;

    thread_local! {
        static CHECKED: Cell<u64> = const { Cell::new(0) };
    }

    /// The walk's revenue read in weight order must be the table's.
    pub(super) fn cross_check(in_weight_order: i64, table: Option<i64>) {
        assert_eq!(Some(in_weight_order), table, "express revenue read in weight order differs from value_express");
        CHECKED.with(|c| c.set(c.get() + 1));
    }

    thread_local! {
        static COUNTED_CHECKED: Cell<u64> = const { Cell::new(0) };
    }

    /// The counted stops read in weight order must be the table's.
    pub(super) fn cross_check_counted(in_weight_order: &[StopId], table: Option<Vec<StopId>>) {
        assert_eq!(Some(in_weight_order), table.as_deref(), "counted stops read in weight order differ from value_express");
        COUNTED_CHECKED.with(|c| c.set(c.get() + 1));
    }

    /// Takes every route earning something.
    struct All(u64);

    impl Sink for All {
        fn min_rev(&self) -> i64 {
            1
        }
        fn emit(&mut self, _: Route, _: &Bits) {
            self.0 += 1;
        }
    }

    /// Every express route listed under rules that make the token,
    /// minimum and pair choices bite, with stops of equal values: its
    /// counted stops, when read off in weight order, are the table's.
    #[test]
    fn express_counted_in_weight_order_is_the_tables() {
        let base = synthetic_dense_problem(SyntheticKind::Pointy1844);
        let before = COUNTED_CHECKED.with(|c| c.get());
        let mut emitted = 0;
        for max in [2, 3, 5, 8] {
            for variant in 0..3 {
                let mut p = RouteProblem { trains: vec![express(max)], ..base.clone() };
                if variant >= 1 {
                    p.rules.min_cities = 2;
                    p.rules.min_stops = 3;
                    p.rules.ignore_for_minimum = vec![StopKind::Town];
                }
                if variant == 2 {
                    for (i, s) in p.graph.stops.iter_mut().enumerate() {
                        s.own_token = i == 1;
                        s.value = [0, 10, 10, 20, -10, 30][i % 6];
                    }
                }
                let budget = NodeBudget::nodes(20_000);
                let inc = Incidence::new(&p.graph);
                let sg = SpecGraph::new(&p, &inc, &p.trains[0]);
                let mut sink = All(0);
                Enum::new(&p, &inc, &sg, 0, Bits::new(p.graph.paths.len()), true, &budget).run(&mut sink);
                emitted += sink.0;
            }
        }
        let checked = COUNTED_CHECKED.with(|c| c.get()) - before;
        assert!(checked > 1_000 && checked <= emitted, "{checked} of {emitted}");
    }

    /// Express trains of several lengths under rules that make the token,
    /// minimum and pair choices bite: every revenue read in weight order
    /// during the walks equals `value::value_express`.
    #[test]
    fn express_revenue_in_weight_order_is_the_tables() {
        let base = synthetic_dense_problem(SyntheticKind::Pointy1844);
        let mut cases: Vec<RouteProblem> = Vec::new();
        for max in [2, 3, 5, 8] {
            let mut p = RouteProblem { trains: vec![express(max)], ..base.clone() };
            cases.push(p.clone());
            p.rules.min_cities = 2;
            p.rules.min_stops = 3;
            p.rules.ignore_for_minimum = vec![StopKind::Town];
            cases.push(p.clone());
            // One own token, on a cheap town; some stops worth nothing or less.
            for (i, s) in p.graph.stops.iter_mut().enumerate() {
                s.own_token = i == 1;
                if i % 7 == 3 {
                    s.value = -10;
                } else if i % 5 == 0 {
                    s.value = 0;
                }
            }
            cases.push(p);
        }
        let before = CHECKED.with(|c| c.get());
        for p in &cases {
            let _ = best_run_with(p, None, &NodeBudget::nodes(20_000));
        }
        assert!(CHECKED.with(|c| c.get()) - before > 10_000);
    }
}

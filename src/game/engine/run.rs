//! Running trains: the route problem of a corporation, the best run, and
//! checking routes a player declares.

use crate::args;
use crate::game::rules::MaybeAnswer;
use super::Engine;
use crate::game::action::RouteSpec;
use crate::game::flow::RouteRecord;
use crate::game::graph::BoardGraph;
use crate::game::ids::*;
use crate::game::money;
use crate::game::ops::{GameError, GameResult, route_refusal};
use crate::game::state::GameState;
use crate::game::var::Var;
use crate::limits::MAX_AMOUNT;
use crate::route::{self, Distance, End, PairBonus, PathTagBonus, RouteProblem, RouteRules, Run, TrainSpec};
use crate::title::Title;
use crate::title::schema::{RunDef, StopKind};
use std::collections::BTreeMap;
use crate::game::refusals::RuleKey;

/// The tag that takes a stop out of play (see `train_spec`).
pub const CLOSED_TAG: &str = "closed";

/// The problem the search solves for `corp` now, with the board graph it
/// was built from and the game's train ids in problem order.
pub struct Position {
    pub problem: RouteProblem,
    /// The board graph the problem was built from, without its track
    /// graph: that moved into `problem.graph` (the same ids).
    pub board: BoardGraph,
    pub trains: Vec<TrainId>,
}

fn train_spec(bg: &mut BoardGraph, id: &str, run: &RunDef) -> TrainSpec {
    let distance = if run.unlimited {
        Distance::Unlimited
    } else if let Some(h) = run.hexes {
        let c = run.hex_cost.as_ref();
        Distance::Hexes {
            max: h,
            count_start: run.count_start_hex,
            cost: [c.map_or(1, |c| c.standard), c.map_or(1, |c| c.narrow), c.map_or(1, |c| c.dual)],
        }
    } else {
        Distance::Stops { max: run.stops.unwrap_or(0), express: run.express }
    };
    let gauges = if run.gauges.is_empty() {
        [true; 3]
    } else {
        ["standard", "narrow", "dual"].map(|g| run.gauges.iter().any(|x| x == g))
    };
    // A stop tagged "closed" is no stop at all (1844: a mountain hex
    // without a mountain railway): no train may visit it.
    let mut forbidden = bg.tags.bit(CLOSED_TAG);
    for t in &run.forbidden_stop_tags {
        forbidden |= bg.tags.bit(t);
    }
    let multipliers = run.multipliers.iter().map(|(tag, f)| (bg.tags.bit(tag), *f)).collect();
    TrainSpec { id: id.to_string(), distance, gauges, forbidden_tags: forbidden, multipliers }
}

fn kind(k: StopKind) -> route::StopKind {
    crate::game::graph::route_kind(k)
}

pub fn rules(t: &Title, bg: &mut BoardGraph) -> RouteRules {
    let r = &t.route_rules;
    RouteRules {
        min_stops: r.min_stops,
        min_cities: r.min_cities,
        ignore_for_minimum: r.ignore_for_minimum.iter().map(|k| kind(*k)).collect(),
        gauge_changes_at_stops_only: r.gauge_changes_at_stops_only,
        pair_bonuses: r
            .pair_bonuses
            .iter()
            .map(|[a, b]| PairBonus { a: bg.groups.bit(a).trailing_zeros(), b: bg.groups.bit(b).trailing_zeros() })
            .collect(),
        path_tag_bonuses: r.path_tag_bonuses.iter().map(|b| PathTagBonus { tag: bg.tags.bit(&b.tag), per_stop: b.per_stop }).collect(),
    }
}

/// The route problem of a corporation's trains now.
pub fn position(t: &Title, st: &GameState, corp: CorpId) -> Position {
    // `BoardGraph::build(t, st, Some(corp))`, from the board's kept graph.
    let mut bg = crate::game::network::track(t, st).graph.for_corp(t, st, corp);
    bg.graph.hex_labels = t.map.labels.clone();
    let mut trains = Vec::new();
    let mut specs = Vec::new();
    for tid in st.trains_of(corp) {
        let tr = &st.trains[tid as usize];
        let v = &t.trains[tr.class as usize].variants[tr.variant as usize];
        specs.push(train_spec(&mut bg, &tr.id, &v.run));
        trains.push(tid);
    }
    assemble(t, bg, specs, trains)
}

/// The route problem `corp` would have now with the trains of the named
/// variants ("8E", "16H") in place of its own, for benchmarks and what-if
/// questions. Errs naming a variant the title does not have.
pub fn position_with_trains(t: &Title, st: &GameState, corp: CorpId, variants: &[&str]) -> Result<Position, String> {
    let mut bg = BoardGraph::build(t, st, Some(corp));
    let mut specs = Vec::new();
    for (i, name) in variants.iter().enumerate() {
        let run = t.trains.iter().flat_map(|c| &c.variants).find(|v| v.name == *name).map(|v| &v.run);
        let Some(run) = run else { return Err(format!("{} has no train {name}", t.id())) };
        specs.push(train_spec(&mut bg, &format!("{name}-{i}"), run));
    }
    Ok(assemble(t, bg, specs, Vec::new()))
}

fn assemble(t: &Title, mut bg: BoardGraph, specs: Vec<TrainSpec>, trains: Vec<TrainId>) -> Position {
    let rules = rules(t, &mut bg);
    let problem = RouteProblem { graph: std::mem::take(&mut bg.graph), trains: specs, rules };
    Position { problem, board: bg, trains }
}

/// Whether the corporation has a route for a train at all (train length
/// ignored): enough stops connected to one of its tokens.
pub fn has_route(t: &Title, st: &GameState, corp: CorpId) -> bool {
    let net = crate::game::network::network(t, st, corp);
    let (bg, r) = (net.graph(), &net.reach);
    let rules = &t.route_rules;
    let ignore: Vec<route::StopKind> = rules.ignore_for_minimum.iter().map(|k| kind(*k)).collect();
    // Stops no train the corporation may own can visit do not count (1844:
    // red off-boards for regionals, which own only H trains; R-136).
    let kind_def = &t.corporation_kinds[st.corps[corp].kind];
    let mut forbidden: Option<u32> = None;
    for class in &t.trains {
        for v in &class.variants {
            if !kind_def.train_tags.is_empty() && !v.tags.iter().any(|x| kind_def.train_tags.contains(x)) {
                continue;
            }
            let mut mask = 0u32;
            for tag in &v.run.forbidden_stop_tags {
                // A tag no stop has forbids nothing.
                mask |= bg.tags.get(tag);
            }
            forbidden = Some(forbidden.map_or(mask, |f| f & mask));
        }
    }
    let forbidden = forbidden.unwrap_or(0);
    let mut stops = 0u32;
    let mut cities = 0u32;
    let mut own = false;
    for (i, s) in bg.graph.stops.iter().enumerate() {
        if !r.stops[i] || ignore.contains(&s.kind) || s.tags & forbidden != 0 {
            continue;
        }
        stops += 1;
        if s.kind == route::StopKind::City {
            cities += 1;
        }
        own |= net.flags[i].own_token;
    }
    own && stops >= rules.min_stops.max(2) && cities >= rules.min_cities
}

/// "C5" or "C20.1" for a stop.
pub fn stop_label(t: &Title, bg: &BoardGraph, stop: u32) -> String {
    let (h, s) = bg.stop_at[stop as usize];
    let label = &t.map.hexes[h as usize].label;
    if bg.stops_of(h).len() > 1 { format!("{label}.{s}") } else { label.clone() }
}

impl Engine<'_> {
    /// The best run for the corporation now, with title bonuses.
    /// The best run of `corp`'s trains, and whether the search ran out of
    /// its node budget (`route::budget`: then it is the best run found).
    pub fn best_run(&mut self, corp: CorpId) -> GameResult<(Position, Run, bool)> {
        self.best_run_limited(corp, Some(route::budget::GAME_NODES))
    }

    /// The best run without the game's node budget, for a player who asks
    /// (the REPL's `routes full`): on all cores when no title hook values
    /// routes. It may take long on a dense map with two express trains;
    /// the game itself never calls it (determinism needs the budget).
    pub fn best_run_unlimited(&mut self, corp: CorpId) -> GameResult<(Position, Run, bool)> {
        self.best_run_limited(corp, None)
    }

    fn best_run_limited(&mut self, corp: CorpId, nodes: Option<u64>) -> GameResult<(Position, Run, bool)> {
        let pos = position(self.t, self.st, corp);
        let id = self.st.corps[corp].id.clone();
        let has_route_hook = self.rules.has_hook("route_bonus");
        let run = if has_route_hook {
            let mut err = None;
            let rules = self.rules;
            let (t, st, fx) = (self.t, &mut *self.st, &mut *self.fx);
            let bg = &pos.board;
            let mut cb = |r: &route::Route| -> i64 {
                let stops: Vec<String> = r.stops.iter().map(|s| stop_label(t, bg, *s)).collect();
                match rules.hook("route_bonus", st, fx, args![id.clone(), pos.problem.trains[r.train].id.clone(), stops]).and_then(|a| a.int(0)).and_then(|v| money::from_hook("route_bonus", v.unwrap_or(0), -MAX_AMOUNT)) {
                    Ok(v) => v,
                    Err(e) => {
                        err.get_or_insert(e);
                        0
                    }
                }
            };
            let budget = route::budget::NodeBudget::of(nodes);
            let (run, stats) = route::search::best_run_with(&pos.problem, Some(&mut cb), &budget);
            if let Some(e) = err {
                return Err(e);
            }
            (run, stats)
        } else {
            match nodes {
                None => route::best_run_parallel_lazy(&pos.problem, route::pool::shared),
                // A run already found for this very problem (a replay, a bot
                // that weighed it) is recalled, not searched again.
                Some(_) => route::recall::best_run(&pos.problem, nodes, |p, budget| route::search::best_run_with(p, None, budget)),
            }
        };
        let (run, stats) = run;
        Ok((pos, run, stats.ran_out))
    }

    /// The run of declared routes, checked against the rules (not against
    /// the best run), with the title's route bonuses.
    pub fn declared_run(&mut self, corp: CorpId, specs: &[RouteSpec]) -> GameResult<(Position, Run)> {
        let id = self.st.corps[corp].id.clone();
        let pos = position(self.t, self.st, corp);
        let mut run = match self.parse_routes(&pos, specs)? {
            Declared::Valid(run) => run,
            // The validator names the rule the routes break.
            Declared::Invalid(declared) => route::validate::validate_run(&pos.problem, &declared).map_err(|e| route_refusal(self.t, e.rule(), e.to_string()))?,
        };
        if self.rules.has_hook("route_bonus") {
            for r in run.routes.iter_mut() {
                let stops: Vec<String> = r.stops.iter().map(|s| stop_label(self.t, &pos.board, *s)).collect();
                let extra = self.rules.hook("route_bonus", self.st, self.fx, args![id.clone(), pos.problem.trains[r.train].id.clone(), stops])?.int(0)?.unwrap_or(0);
                r.revenue = money::sum("a route's revenue", r.revenue, money::from_hook("route_bonus", extra, -MAX_AMOUNT)?)?;
            }
            run.revenue = run.routes.iter().try_fold(0, |total, r| money::sum("the run's revenue", total, r.revenue))?;
        }
        Ok((pos, run))
    }

    pub(super) fn run_trains(&mut self, corp: CorpId, specs: &[RouteSpec]) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        // Set up by an import (`setup.manual_routes`): the recorded runs stand.
        let manual = self.st.vars.get("setup.manual_routes").and_then(Var::as_bool).unwrap_or(false);
        let (pos, run) = if specs.is_empty() {
            let (pos, run, ran_out) = self.best_run(corp)?;
            if ran_out {
                self.fx.log.push(format!(
                    "{id}: the route search stopped after {} nodes; this run earns {}, a better one may exist (declare routes to run it)",
                    route::budget::GAME_NODES,
                    self.t.money(run.revenue)
                ));
            }
            (pos, run)
        } else {
            let (pos, run) = self.declared_run(corp, specs)?;
            if !manual {
                let (_, best, _) = self.best_run(corp)?;
                if run.revenue < best.revenue {
                    return self.refuse(
                        RuleKey::RunNotBest,
                        format!("these routes earn {}, but {} can earn {}: the highest revenue must be taken (`run auto`)", self.t.money(run.revenue), id, self.t.money(best.revenue)),
                    );
                }
            }
            (pos, run)
        };
        let mut records = Vec::new();
        for r in &run.routes {
            let stops: Vec<String> = r.stops.iter().map(|s| stop_label(self.t, &pos.board, *s)).collect();
            let g = &pos.problem.graph;
            let mut hexes: Vec<String> = Vec::new();
            let mut path_tags: BTreeMap<String, Vec<String>> = BTreeMap::new();
            for &p in &r.paths {
                let path = &g.paths[p as usize];
                let label = &self.t.map.hexes[path.hex as usize].label;
                if hexes.last() != Some(label) {
                    hexes.push(label.clone());
                }
                if path.tags == 0 {
                    continue;
                }
                for (bit, name) in pos.board.tags.names.iter().enumerate() {
                    if bit < 32 && path.tags & (1 << bit) != 0 {
                        let list = path_tags.entry(name.clone()).or_default();
                        if !list.contains(label) {
                            list.push(label.clone());
                        }
                    }
                }
            }
            let counted: Vec<String> = r.counted.iter().map(|s| stop_label(self.t, &pos.board, *s)).collect();
            records.push(RouteRecord { train: pos.problem.trains[r.train].id.clone(), stops, counted, revenue: r.revenue, hexes, path_tags });
        }
        // The routes as script values, made only when a script reads them
        // (the `run_bonus` hook, a `trains_run` handler) or events are kept.
        let scripts_read = self.rules.has_hook("run_bonus") || self.heard("trains_run");
        let routes_var: Vec<Var> = records
            .iter()
            .filter(|_| scripts_read)
            .map(|r| {
                let mut m = BTreeMap::new();
                m.insert("train".to_string(), Var::Str(r.train.clone()));
                m.insert("stops".to_string(), Var::List(r.stops.iter().cloned().map(Var::Str).collect()));
                m.insert("counted".to_string(), Var::List(r.counted.iter().cloned().map(Var::Str).collect()));
                m.insert("revenue".to_string(), Var::Int(r.revenue));
                m.insert("hexes".to_string(), Var::List(r.hexes.iter().cloned().map(Var::Str).collect()));
                m.insert(
                    "path_tags".to_string(),
                    Var::Map(r.path_tags.iter().map(|(k, v)| (k.clone(), Var::List(v.iter().cloned().map(Var::Str).collect()))).collect()),
                );
                Var::Map(m)
            })
            .collect();
        let revenue = self.with_run_bonus(corp, run.revenue, &routes_var)?;
        for r in &records {
            self.fx.log.push(format!("{id} runs {} on {} for {}", r.train, r.stops.join("-"), self.t.money(r.revenue)));
        }
        self.fx.log.push(format!("{id} earns {}", self.t.money(revenue)));
        let turn = &mut self.or_mut().turn;
        turn.revenue = Some(revenue);
        turn.routes = records.into();
        let step = self.current_step().unwrap_or_default();
        self.or_mut().turn.done_steps.insert(step.to_string());
        if scripts_read {
            self.fx.event("trains_run", [("corp", Var::Str(id)), ("revenue", Var::Int(revenue)), ("routes", Var::List(routes_var))]);
        }
        Ok(())
    }

    /// A run's revenue with the title's `run_bonus` added; never negative.
    fn with_run_bonus(&mut self, corp: CorpId, base: i64, routes: &[Var]) -> GameResult<i64> {
        let id = self.st.corps[corp].id.clone();
        let bonus = match self.rules.has_hook("run_bonus") {
            true => self.rules.hook("run_bonus", self.st, self.fx, args![id.clone(), Var::List(routes.to_vec())])?.int(0)?,
            false => None,
        };
        let revenue = money::sum("the run's revenue", base, money::from_hook("run_bonus", bonus.unwrap_or(0), -MAX_AMOUNT)?)?;
        // Paid out or withheld as it is: a revenue is never negative.
        if revenue < 0 {
            return Err(GameError::Invalid(format!("{id}'s run would earn {}: a revenue cannot be negative (a hook or a stop value set by a script made it so)", self.t.money(revenue))));
        }
        Ok(revenue)
    }

    /// The run step of a corporation that runs no route: with nothing
    /// to search (no train, no route) its revenue is the title's
    /// `run_bonus` alone, 0 without one; where the title's `revenue` hook
    /// gives the turn's revenue (a title that pays without routes:
    /// 1865's traffic, 18FB's X+Y), that plus `run_bonus`, and
    /// `trains_run` fires with no routes. Returns whether the step is done.
    pub(super) fn run_without_routes(&mut self, corp: CorpId, searchable: bool) -> GameResult<bool> {
        let id = self.st.corps[corp].id.clone();
        let hooked = self.rules.hook("revenue", self.st, self.fx, args![id.clone()])?.int(0)?;
        let base = match hooked {
            Some(amount) => money::from_hook("revenue", amount, 0)?,
            None if searchable => return Ok(false),
            None => 0,
        };
        let revenue = self.with_run_bonus(corp, base, &[])?;
        if hooked.is_some() || revenue > 0 {
            self.fx.log.push(format!("{id} earns {}", self.t.money(revenue)));
        }
        let turn = &mut self.or_mut().turn;
        turn.revenue = Some(revenue);
        turn.routes = Default::default();
        if hooked.is_some() {
            self.fx.event("trains_run", [("corp", Var::Str(id)), ("revenue", Var::Int(revenue)), ("routes", Var::List(Vec::new()))]);
        }
        Ok(true)
    }

    /// Turns declared routes (stops, optional hexes between them) into
    /// the problem's path lists. Where several tracks join two consecutive
    /// stops (a standard and a narrow line, two tracks of one tile), the
    /// combination that makes a legal run is taken; when none does, the
    /// first one, so that the validator names the rule it breaks.
    fn parse_routes(&self, pos: &Position, specs: &[RouteSpec]) -> GameResult<Declared> {
        let mut trains = Vec::new();
        // Per leg (consecutive stops of one route): its route and its candidate trails.
        let mut legs: Vec<(usize, Vec<Vec<u32>>)> = Vec::new();
        // The paths at each end, for every leg's walk (a run has a few dozen
        // legs): the board's, kept with its track graph. The problem's graph
        // is that graph with the corporation's stop flags and values
        // (`position`), the same paths at the same ends.
        let track = crate::game::network::track(self.t, self.st);
        debug_assert_eq!(track.graph.graph.paths, pos.problem.graph.paths);
        let adj = &track.adj;
        for (r, spec) in specs.iter().enumerate() {
            let Some(ti) = pos.problem.trains.iter().position(|t| t.id.eq_ignore_ascii_case(&spec.train)) else {
                let have: Vec<&str> = pos.problem.trains.iter().map(|t| t.id.as_str()).collect();
                return self.refuse(RuleKey::RouteUnknownTrain, format!("the corporation has no train {} (trains: {})", spec.train, have.join(", ")));
            };
            // Checked here as well as by the validator, with the number of
            // legs below: they bound the depth of `pick_trails` (a record's
            // run of 50,000 routes overflowed the stack). A stop named twice
            // is left to the validator, which names the rule it breaks.
            if trains.contains(&ti) {
                return self.refuse(RuleKey::RunTrainRunsTwice, format!("train {} is given two routes", pos.problem.trains[ti].id));
            }
            let mut stops = Vec::new();
            for s in &spec.stops {
                stops.push(self.stop_by_label(pos, s)?);
            }
            if stops.len() < 2 {
                return self.refuse(RuleKey::RouteTooFewStops, "a route names at least two stops");
            }
            if legs.len() + stops.len() - 1 > MAX_DECLARED_LEGS {
                return self.refuse(RuleKey::RouteTooManyStops, format!("the routes declared name more than {MAX_DECLARED_LEGS} stops to stops together"));
            }
            for (k, pair) in stops.windows(2).enumerate() {
                let want: Option<Vec<u32>> = spec.via.get(k).map(|hexes| hexes.iter().filter_map(|l| self.t.map.hex(l)).collect());
                let found = trails(pos, adj, pair[0], pair[1], want.as_deref());
                if found.is_empty() {
                    let (la, lb) = (stop_label(self.t, &pos.board, pair[0]), stop_label(self.t, &pos.board, pair[1]));
                    return self.refuse(RuleKey::RouteDisconnected, format!("no track joins {la} and {lb}{}", if want.is_some() { " through the given hexes" } else { "" }));
                }
                legs.push((r, found));
            }
            trains.push(ti);
        }
        let assemble = |choice: &[usize]| -> Vec<(usize, Vec<u32>)> {
            let mut out: Vec<(usize, Vec<u32>)> = trains.iter().map(|t| (*t, Vec::new())).collect();
            for (i, (r, cands)) in legs.iter().enumerate() {
                out[*r].1.extend(cands[choice[i]].iter().copied());
            }
            out
        };
        let mut first: Option<Vec<usize>> = None;
        // The run of the choice accepted: validated once, here.
        let mut valid: Option<Run> = None;
        // Track used twice is never legal: try disjoint trails first; only
        // when no disjoint choice exists, take one that reuses track.
        for disjoint in [true, false] {
            let mut budget = Budget { nodes: 100_000, checks: 2_000 };
            let mut check = |choice: &[usize]| {
                first.get_or_insert_with(|| choice.to_vec());
                valid = route::validate::validate_run(&pos.problem, &assemble(choice)).ok();
                valid.is_some()
            };
            if pick_trails(&legs, &mut Vec::new(), &mut Vec::new(), disjoint, &mut budget, &mut check).is_some()
                && let Some(run) = valid
            {
                return Ok(Declared::Valid(run));
            }
            if first.is_some() {
                break;
            }
        }
        Ok(Declared::Invalid(assemble(&first.unwrap_or_else(|| vec![0; legs.len()]))))
    }

    fn stop_by_label(&self, pos: &Position, label: &str) -> GameResult<u32> {
        let (hex, idx) = match label.split_once('.') {
            Some((h, i)) => (h, i.parse::<u8>().ok()),
            None => (label, None),
        };
        let Some(h) = self.t.map.hex(hex).or_else(|| self.t.map.hex(&hex.to_uppercase())) else {
            return self.refuse(RuleKey::MapUnknownHex, format!("there is no hex {hex}"));
        };
        let here = pos.board.stops_of(h);
        match (idx, here.len()) {
            (_, 0) => self.refuse(RuleKey::RouteNoStop, format!("{} has no station", self.t.map.hexes[h as usize].title())),
            (None, 1) => Ok(here.start),
            (None, _) => self.refuse(RuleKey::RouteWhichStop, format!("{hex} has {} stations: write {hex}.0, {hex}.1 ...", here.len())),
            (Some(i), _) => match pos.board.stop_id(h, i) {
                Some(s) => Ok(s),
                None => self.refuse(RuleKey::RouteNoStop, format!("{hex} has no station {i}")),
            },
        }
    }

}

/// The trails of track joining stop `a` to stop `b` through junctions
/// only (no stop between them), through exactly the hexes `via` when
/// given; the shortest first, at most 16.
fn trails(pos: &Position, adj: &route::EndLists, a: u32, b: u32, via: Option<&[u32]>) -> Vec<Vec<u32>> {
    let g = &pos.problem.graph;
    let want = via.map(|hexes| {
        let mut want = hexes.to_vec();
        want.sort();
        want.dedup();
        want
    });
    let mut walk = TrailWalk { g, adj, goal: b, want, out: Vec::new(), trail: Vec::with_capacity(MAX_TRAIL), visits: 0 };
    for &p in adj.at_stop(a as usize) {
        if !walk.visit(p, g.paths[p as usize].a == End::Stop(a)) {
            break;
        }
    }
    let mut out = walk.out;
    // Fewest hexes first (stable: equal trails keep the search order);
    // each trail's count made once, not at every comparison.
    out.sort_by_cached_key(|t| {
        let mut hexes: Vec<u32> = t.iter().map(|q| g.paths[*q as usize].hex).collect();
        hexes.dedup();
        hexes.len()
    });
    out.truncate(16);
    out
}

/// Paths in one trail at most, trails found at most, and paths entered
/// at most, per leg of a declared route.
const MAX_TRAIL: usize = 64;
const MAX_TRAILS: usize = 64;
const MAX_VISITS: u32 = 200_000;

/// The depth-first walk of [`trails`]: one trail, grown and shrunk in
/// place (copied only when it reaches the goal), with the junction's
/// paths taken in their order.
struct TrailWalk<'a> {
    g: &'a route::TrackGraph,
    adj: &'a route::EndLists,
    goal: u32,
    /// The hexes the trail must pass, sorted, each once.
    want: Option<Vec<u32>>,
    out: Vec<Vec<u32>>,
    trail: Vec<u32>,
    visits: u32,
}

impl TrailWalk<'_> {
    /// Enters path `p` (from its end a when `from_a`) and walks on from
    /// its far end; false when the walk is over (its limits reached).
    fn visit(&mut self, p: u32, from_a: bool) -> bool {
        self.visits += 1;
        if self.visits > MAX_VISITS || self.out.len() >= MAX_TRAILS {
            return false;
        }
        self.trail.push(p);
        let path = &self.g.paths[p as usize];
        let far = if from_a { path.b } else { path.a };
        let mut go_on = true;
        match far {
            End::Stop(s) if s == self.goal => {
                if self.passes_wanted_hexes() {
                    self.out.push(self.trail.clone());
                }
            }
            End::Stop(_) => {}
            End::Junction(j, side) if self.trail.len() < MAX_TRAIL => {
                let beyond = 1 - side;
                for &q in self.adj.at_junction(j as usize, beyond as usize) {
                    if self.trail.contains(&q) {
                        continue;
                    }
                    if !self.visit(q, self.g.paths[q as usize].a == End::Junction(j, beyond)) {
                        go_on = false;
                        break;
                    }
                }
            }
            End::Junction(..) => {}
        }
        self.trail.pop();
        go_on
    }

    fn passes_wanted_hexes(&self) -> bool {
        let Some(want) = &self.want else { return true };
        let mut used: Vec<u32> = self.trail.iter().map(|q| self.g.paths[*q as usize].hex).collect();
        used.sort();
        used.dedup();
        used == *want
    }
}

/// Declared routes read against the board: the run they make, or, when
/// no choice of trails made a legal one, the paths of the first choice
/// tried (for the validator to name the rule it breaks).
enum Declared {
    Valid(Run),
    Invalid(Vec<(usize, Vec<u32>)>),
}

/// Legs (stop to stop) of a declared run, all routes together: the depth
/// of `pick_trails`. No train runs near so many stops.
const MAX_DECLARED_LEGS: usize = 1_000;

/// Limits of the search for a legal choice of declared trails.
struct Budget {
    nodes: u32,
    checks: u32,
}

/// Depth-first over the legs' candidate trails (with `disjoint`, no track
/// twice); `check` judges each complete choice. The first choice it
/// accepts, if any within the budget.
fn pick_trails(
    legs: &[(usize, Vec<Vec<u32>>)],
    choice: &mut Vec<usize>,
    used: &mut Vec<u32>,
    disjoint: bool,
    budget: &mut Budget,
    check: &mut dyn FnMut(&[usize]) -> bool,
) -> Option<Vec<usize>> {
    if budget.nodes == 0 || budget.checks == 0 {
        return None;
    }
    budget.nodes -= 1;
    let i = choice.len();
    if i == legs.len() {
        budget.checks -= 1;
        return check(choice).then(|| choice.clone());
    }
    for (k, trail) in legs[i].1.iter().enumerate() {
        if disjoint && trail.iter().any(|p| used.contains(p)) {
            continue;
        }
        choice.push(k);
        let n = used.len();
        used.extend(trail.iter().copied());
        let found = pick_trails(legs, choice, used, disjoint, budget, check);
        used.truncate(n);
        choice.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

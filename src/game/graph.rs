//! The track graph of the board as it stands, seen by one corporation:
//! what its tokens reach (for tiles and tokens) and the route problem its
//! trains run on.

use super::ids::*;
use super::state::GameState;
use crate::hex::rotate;
use crate::route::{End, EndLists, Gauge, Junction, Stop, StopKind as RStopKind, TrackGraph, TrackPath};
use crate::tile::{PathEnd, Tile};
use crate::title::Title;
use crate::title::schema::StopKind;
use std::collections::VecDeque;

mod build;
use build::Builder;

pub fn route_kind(k: StopKind) -> RStopKind {
    match k {
        StopKind::City => RStopKind::City,
        StopKind::Town => RStopKind::Town,
        StopKind::Offboard => RStopKind::Offboard,
        StopKind::Port => RStopKind::Port,
        StopKind::Mine => RStopKind::Mine,
        StopKind::Mountain => RStopKind::Mountain,
    }
}

/// The tile currently on a hex.
pub fn tile_on<'t>(t: &'t Title, st: &GameState, hex: HexId) -> &'t Tile {
    tile_of(t, hex, &st.board.hexes[hex as usize])
}

/// The tile on a hex that stands as `state`.
pub fn tile_of<'t>(t: &'t Title, hex: HexId, state: &super::state::HexState) -> &'t Tile {
    match state.tile {
        Some(i) => &t.tiles[i as usize],
        None => &t.map.hexes[hex as usize].tile,
    }
}

/// A stop's value in a revenue band: the value set during play (1844's
/// mountain railway panel, `game:set_stop_revenue`), else the printed one.
pub fn stop_value(st: &GameState, hex: HexId, stop: u8, printed: &crate::tile::Revenue, band: usize) -> i64 {
    match st.board.revenues.get(&(hex, stop)) {
        Some(vs) => vs.get(band).or_else(|| vs.last()).copied().unwrap_or(0),
        None => printed.value(band),
    }
}

pub fn rotation_on(t: &Title, st: &GameState, hex: HexId) -> u8 {
    match st.board.hexes[hex as usize].tile {
        Some(_) => st.board.hexes[hex as usize].rotation,
        None => t.map.hexes[hex as usize].rotation,
    }
}

/// Interns tag strings as bits.
#[derive(Default, Debug, Clone)]
pub struct Bits {
    pub names: Vec<String>,
    /// The hex whose stop or path named each first in the build
    /// (`u32::MAX`: named afterwards, by a train). The names keep their
    /// order in a graph made again for a change on one hex only where
    /// that hex names none first (`BoardGraph::after_change_at`).
    origin: Vec<u32>,
}

impl Bits {
    pub fn bit(&mut self, name: &str) -> u32 {
        self.bit_from(name, u32::MAX)
    }

    fn bit_from(&mut self, name: &str, hex: HexId) -> u32 {
        let i = match self.names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                self.names.push(name.to_string());
                self.origin.push(hex);
                self.names.len() - 1
            }
        };
        if i < 32 { 1 << i } else { 0 }
    }

    /// Whether a hex before `hex` named it first.
    fn named_before(&self, name: &str, hex: HexId) -> bool {
        self.names.iter().position(|n| n == name).is_some_and(|i| self.origin[i] < hex)
    }
    pub fn get(&self, name: &str) -> u32 {
        self.names.iter().position(|n| n == name).filter(|i| *i < 32).map_or(0, |i| 1 << i)
    }
}

/// A stop's token flags for `corp`: one of its tokens stands there; a city
/// whose slots are all taken by others' tokens and `neutral` tokens of no
/// corporation (not passable; a reserved slot is an empty one here).
fn token_flags(city: bool, slots: &[Option<CorpId>], neutral: usize, corp: Option<CorpId>) -> (bool, bool) {
    let own_token = corp.is_some_and(|c| slots.contains(&Some(c)));
    let blocked = city && !slots.is_empty() && !own_token && slots.iter().filter(|x| x.is_none()).count() <= neutral;
    (own_token, blocked)
}

/// A stop's token flags for `corp` on the board as it stands: those of
/// `token_flags`, then map.toml's two city rules. A city printed with
/// `printed_track_home_blocks` that still has its printed tile does not
/// let `corp` pass another corporation's home token (18FB-R-073). A city
/// that is `one_city_with` a joined partner is one city with it for the
/// kinds named: `corp`'s token or a free slot in the partner lets it
/// through (18FB-R-072).
fn stop_flags(t: &Title, st: &GameState, h: HexId, si: u8, city: bool, corp: Option<CorpId>) -> (bool, bool) {
    let slots_of = |hex: HexId, stop: u8| -> &[Option<CorpId>] { st.board.hexes[hex as usize].tokens.get(stop as usize).map_or(&[], |x| x.as_slice()) };
    let flags = |hex: HexId, stop: u8| token_flags(city, slots_of(hex, stop), super::stations::neutral_count(st, hex, stop), corp);
    let (own, mut blocked) = flags(h, si);
    let (Some(c), true) = (corp, city) else { return (own, blocked) };
    let hd = &t.map.hexes[h as usize];
    if let Some((partner, kinds)) = &hd.one_city_with
        && blocked
        && (kinds.is_empty() || kinds.iter().any(|k| *k == t.corporation_kinds[st.corps[c].kind].id))
        && cities_joined(t, st, h, *partner)
        && let Some(ps) = city_stop(t, st, *partner, 0)
    {
        let (partner_own, partner_blocked) = flags(*partner, ps);
        blocked = !partner_own && partner_blocked;
    }
    if !own && hd.printed_track_home_blocks && st.board.hexes[h as usize].tile.is_none() {
        let home_here = |o: CorpId| {
            t.corporations[st.corps[o].def].home.iter().any(|spec| crate::title::validate::home_city(t, spec).is_ok_and(|(hh, _)| hh == h))
        };
        if slots_of(h, si).iter().flatten().any(|o| *o != c && home_here(*o)) {
            blocked = true;
        }
    }
    (own, blocked)
}

/// Whether track joins the cities of two neighbouring hexes directly: each
/// tile has a path from a city to the side they share.
fn cities_joined(t: &Title, st: &GameState, a: HexId, b: HexId) -> bool {
    let ha = &t.map.hexes[a as usize];
    let Some(edge) = (0..6u8).find(|e| ha.neighbours[*e as usize] == Some(b)) else { return false };
    let back = ha.neighbour_edges[edge as usize];
    let city_to = |hex: HexId, side: u8| {
        let tile = tile_on(t, st, hex);
        let rot = rotation_on(t, st, hex);
        tile.paths.iter().any(|p| {
            let ends = [p.a, p.b];
            let at_side = ends.iter().any(|e| matches!(e, PathEnd::Edge(x) if rotate(*x, rot) == side));
            let at_city = ends.iter().any(|e| matches!(e, PathEnd::Stop(s) if tile.stops.get(*s as usize).is_some_and(|x| x.station())));
            at_side && at_city
        })
    };
    city_to(a, edge) && city_to(b, back)
}

/// The board's track as a graph, with the maps back to hexes and stops.
#[derive(Clone)]
pub struct BoardGraph {
    pub graph: TrackGraph,
    /// Stop id -> (hex, stop index on the hex's tile).
    pub stop_at: Vec<(HexId, u8)>,
    /// Hex -> id of its first stop; the stops of hex h are
    /// `first_stop[h]..first_stop[h + 1]` (`stops_of`, `stop_id`).
    pub first_stop: Vec<u32>,
    /// Path id -> (hex, path index on the tile).
    pub path_at: Vec<(HexId, u16)>,
    /// Junction id -> (hex on side 0, its edge).
    pub junction_at: Vec<(HexId, u8)>,
    pub tags: Bits,
    pub groups: Bits,
}

/// Free slots of a city for `corp`, not counting slots reserved for other
/// corporations (homes, map.toml's `reserved`) or holding neutral tokens;
/// none before the phase the stop opens in (`game::stations`).
pub fn free_slots(t: &Title, st: &GameState, hex: HexId, stop: u8, corp: Option<CorpId>) -> u32 {
    let Some(slots) = st.board.hexes[hex as usize].tokens.get(stop as usize) else { return 0 };
    if super::stations::closed_until(t, st, hex, stop).is_some() {
        return 0;
    }
    let empty = (slots.iter().filter(|s| s.is_none()).count() as u32).saturating_sub(super::stations::neutral_count(st, hex, stop) as u32);
    let reserved = reservations(t, st, hex, stop).iter().filter(|c| Some(**c) != corp).count() as u32;
    empty.saturating_sub(reserved)
}

/// Corporations holding a reservation on this city: not yet started (or
/// started but home token not yet down) with `reserve_home`, in play; then
/// the board's reservations (`game::stations`), each corporation once.
pub fn reservations(t: &Title, st: &GameState, hex: HexId, stop: u8) -> Vec<CorpId> {
    let mut out = reservations_of_homes(t, st, hex, stop);
    for c in super::stations::held_reservations(st, hex, stop) {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

fn reservations_of_homes(t: &Title, st: &GameState, hex: HexId, stop: u8) -> Vec<CorpId> {
    let mut out = Vec::new();
    let city_index = city_index_of(t, st, hex, stop);
    for (i, c) in st.corps.iter().enumerate() {
        let def = &t.corporations[c.def];
        if !c.in_play || !def.reserve_home || def.home.len() != 1 {
            continue;
        }
        let has_home_token = c.tokens.iter().any(|tk| tk.placed.is_some_and(|(h, _)| h == hex));
        if has_home_token {
            continue;
        }
        if c.started && c.operated > 0 {
            continue;
        }
        if let Ok((h, ci)) = crate::title::validate::home_city(t, &def.home[0])
            && h == hex
            && Some(ci as u8) == city_index
        {
            out.push(CorpId::from(i));
        }
    }
    out
}

/// Which city (0-based among the tile's cities) a stop index is.
pub fn city_index_of(t: &Title, st: &GameState, hex: HexId, stop: u8) -> Option<u8> {
    let tile = tile_on(t, st, hex);
    if !tile.stops.get(stop as usize)?.station() {
        return None;
    }
    Some(tile.stops[..stop as usize].iter().filter(|s| s.station()).count() as u8)
}

/// Stop index of the n-th city of a hex's current tile.
pub fn city_stop(t: &Title, st: &GameState, hex: HexId, city: u8) -> Option<u8> {
    tile_on(t, st, hex).stops.iter().enumerate().filter(|(_, s)| s.station()).nth(city as usize).map(|(i, _)| i as u8)
}

impl BoardGraph {
    /// Builds the graph; stop values and flags are for `corp`.
    pub fn build(t: &Title, st: &GameState, corp: Option<CorpId>) -> BoardGraph {
        BoardGraph::build_with(t, st, corp, true)
    }

    /// The graph for walking only (`reach_on`, `connects`): without the hex
    /// labels route problems carry for their messages (`graph.hex_labels`
    /// is empty).
    pub fn build_track(t: &Title, st: &GameState, corp: Option<CorpId>) -> BoardGraph {
        BoardGraph::build_with(t, st, corp, false)
    }

    fn build_with(t: &Title, st: &GameState, corp: Option<CorpId>, labels: bool) -> BoardGraph {
        let mut b = Builder::new(t, st, None, BoardGraph {
            graph: TrackGraph::default(),
            stop_at: Vec::new(),
            first_stop: Vec::with_capacity(t.map.hexes.len() + 1),
            path_at: Vec::new(),
            junction_at: Vec::new(),
            tags: Bits::default(),
            groups: Bits::default(),
        });
        if labels {
            b.g.hex_labels = t.map.labels.clone();
        }
        for h in 0..t.map.hexes.len() {
            b.add_hex(t, st, h as HexId, corp);
        }
        b.finish(t)
    }

    /// The graph `build_with(t, st, Some(corp), ..)` gives, made from
    /// this one, built without a corporation on the same board: a
    /// corporation changes only its stops' token flags and values (its
    /// stop bonuses). Copying is much cheaper than building again, and a
    /// board change is asked about for several corporations.
    pub fn for_corp(&self, t: &Title, st: &GameState, corp: CorpId) -> BoardGraph {
        let mut bg = self.clone();
        for (stop, f) in bg.graph.stops.iter_mut().zip(self.corp_flags(t, st, corp)) {
            (stop.own_token, stop.blocked) = (f.own_token, f.blocked);
        }
        for b in st.board.stop_bonuses.iter().filter(|b| b.corp == corp) {
            if let Some(id) = self.stop_id(b.hex, b.stop) {
                bg.graph.stops[id as usize].value += b.amount;
            }
        }
        bg
    }

    /// Per stop, the flags `for_corp` gives the corporation, read from
    /// this graph built without one: what walking its network needs,
    /// without a copy of the graph.
    pub fn corp_flags(&self, t: &Title, st: &GameState, corp: CorpId) -> Vec<StopFlags> {
        let mut out = self.flags();
        for (i, &(h, si)) in self.stop_at.iter().enumerate() {
            // Without one of its tokens there, and without the two city
            // rules that ask who passes, a stop's flags for the
            // corporation are the corporation-less ones (`stop_flags`).
            let hd = &t.map.hexes[h as usize];
            let mine = st.board.hexes[h as usize].tokens.get(si as usize).is_some_and(|slots| slots.contains(&Some(corp)));
            if !mine && hd.one_city_with.is_none() && !hd.printed_track_home_blocks {
                continue;
            }
            let city = self.graph.stops[i].kind == RStopKind::City;
            let (own_token, blocked) = stop_flags(t, st, h, si, city, Some(corp));
            out[i] = StopFlags { own_token, blocked };
        }
        out
    }

    /// Per stop, its flags as this graph has them.
    pub fn flags(&self) -> Vec<StopFlags> {
        self.graph.stops.iter().map(|s| StopFlags { own_token: s.own_token, blocked: s.blocked }).collect()
    }

    /// The graph ids of the hex's stops (numbered together, in tile order).
    pub fn stops_of(&self, hex: HexId) -> std::ops::Range<u32> {
        self.first_stop[hex as usize]..self.first_stop[hex as usize + 1]
    }

    /// The graph id of stop `stop` of the hex's current tile, if it has one.
    pub fn stop_id(&self, hex: HexId, stop: u8) -> Option<u32> {
        let (lo, hi) = (*self.first_stop.get(hex as usize)?, *self.first_stop.get(hex as usize + 1)?);
        let id = lo + stop as u32;
        (id < hi).then_some(id)
    }

    /// Paths touching each end, for walking.
    pub fn adjacency(&self) -> EndLists {
        EndLists::of(&self.graph)
    }
}

/// A stop's flags for one corporation (the graph's `own_token` and
/// `blocked`), kept apart from the graph they belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StopFlags {
    pub own_token: bool,
    pub blocked: bool,
}

/// What a corporation's tokens reach.
#[derive(Debug, Default)]
pub struct Reach {
    /// Stops reached (may end a route there).
    pub stops: Vec<bool>,
    /// Per (hex, edge), at `hex * 6 + edge`: the gauges arriving there
    /// from the neighbour's side (bit per `Gauge::index`), 0 where the
    /// network does not arrive. A flat table: `reach_on` marks it at
    /// every junction it walks, where a map's hashing was a fifth of it.
    edges: Vec<u8>,
    /// Hexes whose track the network uses.
    pub hexes: Vec<bool>,
}

impl Reach {
    /// The gauges arriving at the hex's edge from the neighbour's side,
    /// if the network arrives there.
    pub fn arriving(&self, hex: HexId, edge: u8) -> Option<u8> {
        self.edges.get(hex as usize * 6 + edge as usize).copied().filter(|g| *g != 0)
    }

    /// Whether the network arrives at the hex's edge.
    pub fn reaches_edge(&self, hex: HexId, edge: u8) -> bool {
        self.arriving(hex, edge).is_some()
    }

    /// The hexes the network arrives at across an edge, in id order.
    pub fn edge_hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        self.edges.chunks(6).enumerate().filter(|(_, e)| e.iter().any(|g| *g != 0)).map(|(h, _)| h as HexId)
    }
}

/// Can the corporation's network reach a stop on `goal`? With `from`, the
/// walk starts at that hex's stops instead (only its city `n` with
/// `Some(n)`), whether or not a token stands there yet (1844: a home
/// reserved but not yet placed counts, A-18). Unlimited length; not
/// through full cities or terminal stops (1844 destinations).
///
/// Built as the answer was first defined: the corporation's flags on a
/// fresh graph and its whole reach. [`connects_on`] answers the same
/// without either, and is checked against this (tests/script_api.rs).
pub fn connects(t: &Title, st: &GameState, corp: CorpId, goal: HexId, from: Option<(HexId, Option<u8>)>) -> bool {
    let bg = BoardGraph::build_track(t, st, None);
    let adj = bg.adjacency();
    let mut flags = bg.corp_flags(t, st, corp);
    if let Some((f, city)) = from {
        let start = city.and_then(|c| city_stop(t, st, f, c));
        for (i, (h, s)) in bg.stop_at.iter().enumerate() {
            let here = *h == f && start.is_none_or(|x| x == *s);
            flags[i].own_token = here;
            if here {
                flags[i].blocked = false;
            }
        }
    }
    let r = reach_on(t, &bg, &flags, &adj, t.route_rules.gauge_changes_at_stops_only);
    bg.stop_at.iter().enumerate().any(|(i, (h, _))| *h == goal && r.stops[i])
}

/// [`connects`] on a graph built without a corporation (`build_track(t,
/// st, None)` of the same board; `adj` its adjacency). 1844 asks it for
/// every launched company after each lay, so it walks the board's graph
/// as it is: the corporation's flags are read where they can differ from
/// the graph's (`for_corp`), and the walk stops at the goal.
pub fn connects_on(t: &Title, st: &GameState, template: &BoardGraph, adj: &EndLists, corp: CorpId, goal: HexId, from: Option<(HexId, Option<u8>)>) -> bool {
    let g = &template.graph;
    let gauge_rule = t.route_rules.gauge_changes_at_stops_only;
    // (own token, blocked) of stop s for the corporation, as `for_corp`.
    let flags = |s: usize| -> (bool, bool) {
        let stop = &g.stops[s];
        let (h, si) = template.stop_at[s];
        let hd = &t.map.hexes[h as usize];
        let mine = st.board.hexes[h as usize].tokens.get(si as usize).is_some_and(|slots| slots.contains(&Some(corp)));
        if !mine && hd.one_city_with.is_none() && !hd.printed_track_home_blocks {
            return (stop.own_token, stop.blocked);
        }
        stop_flags(t, st, h, si, stop.kind == RStopKind::City, Some(corp))
    };
    let start_city = from.and_then(|(f, city)| city.and_then(|c| city_stop(t, st, f, c)));
    let is_start = |s: usize| match from {
        Some((f, _)) => {
            let (h, si) = template.stop_at[s];
            h == f && start_city.is_none_or(|x| x == si)
        }
        None => flags(s).0,
    };
    let at_goal = |s: usize| template.stop_at[s].0 == goal;
    let all = ALL_MODES;
    // As `reach_on`: (path, entered from end a?, gauge modes still open).
    let mut seen: Vec<u8> = vec![0; g.paths.len() * 2];
    let mut queue: VecDeque<(u32, bool, u8)> = VecDeque::new();
    for s in 0..g.stops.len() {
        if is_start(s) {
            if at_goal(s) {
                return true;
            }
            for &p in adj.at_stop(s) {
                queue.push_back((p, g.paths[p as usize].a == End::Stop(s as u32), all));
            }
        }
    }
    let closed = template.tags.get(crate::game::engine::run::CLOSED_TAG);
    while let Some((p, from_a, mode)) = queue.pop_front() {
        let path = &g.paths[p as usize];
        let Some(mode) = first_visit(&mut seen, p, from_a, mode, path.gauge, gauge_rule) else { continue };
        match if from_a { path.b } else { path.a } {
            End::Stop(s) => {
                let stop = &g.stops[s as usize];
                if stop.tags & closed != 0 {
                    continue;
                }
                if at_goal(s as usize) {
                    return true;
                }
                // A start is never blocked for the walk (`connects`).
                let blocked = if from.is_some() && is_start(s as usize) { false } else { flags(s as usize).1 };
                if blocked || stop.terminal {
                    continue;
                }
                for &q in adj.at_stop(s as usize) {
                    if q != p {
                        queue.push_back((q, g.paths[q as usize].a == End::Stop(s), all));
                    }
                }
            }
            End::Junction(j, side) => {
                for &q in adj.at_junction(j as usize, 1 - side as usize) {
                    queue.push_back((q, g.paths[q as usize].a == End::Junction(j, 1 - side), mode));
                }
            }
        }
    }
    false
}

/// Every gauge mode a stretch may count as (see `reach_on`).
const ALL_MODES: u8 = 0b111;

/// A walk entering path `p` (from its end a?) with the gauge modes still
/// open: the modes open after it, or `None` when the walk stops there
/// (no mode left, or this path, direction and modes walked before).
fn first_visit(seen: &mut [u8], p: u32, from_a: bool, mode: u8, gauge: Gauge, gauge_rule: bool) -> Option<u8> {
    let mode = match (gauge_rule, gauge) {
        (false, _) => ALL_MODES,
        (true, Gauge::Dual) => mode,
        (true, Gauge::Standard) => mode & 0b001,
        (true, Gauge::Narrow) => mode & 0b010,
    };
    if mode == 0 {
        return None;
    }
    let at = &mut seen[p as usize * 2 + from_a as usize];
    if *at & (1 << mode) != 0 {
        return None;
    }
    *at |= 1 << mode;
    Some(mode)
}

/// Walks from the corporation's tokens over track it could run on: not
/// through cities full of other corporations' tokens, not through terminal
/// stops, and (with the gauge rule) not changing gauge between stops.
/// `adj` is the graph's `adjacency()`, built once for a board and walked
/// with several corporations' flags (`network::track`); `flags` are the
/// corporation's, per stop (`corp_flags`), read in place of the graph's.
pub fn reach_on(t: &Title, bg: &BoardGraph, flags: &[StopFlags], adj: &EndLists, gauge_rule: bool) -> Reach {
    let g = &bg.graph;
    let mut r = Reach { stops: vec![false; g.stops.len()], edges: vec![0; t.map.hexes.len() * 6], hexes: vec![false; t.map.hexes.len()] };
    // State: (path, direction: entered from end a?, gauge mode bits). The
    // mode is what the stretch since the last stop may still count as:
    // bit 0 standard, bit 1 narrow, bit 2 dual only. Standard or narrow
    // track fixes it; a stretch that has been both is not a route.
    // Seen states: per (path, direction), one bit per mode (0..8).
    let mut seen: Vec<u8> = vec![0; g.paths.len() * 2];
    // The states still to walk, in any order: the walk marks every state
    // it can get to, whichever it takes first.
    let mut queue: Vec<(u32, bool, u8)> = Vec::with_capacity(g.paths.len());
    let all = ALL_MODES;
    for (s, stop) in g.stops.iter().enumerate() {
        if flags[s].own_token {
            r.stops[s] = true;
            r.hexes[stop.hex as usize] = true;
            for &p in adj.at_stop(s) {
                let from_a = g.paths[p as usize].a == End::Stop(s as u32);
                queue.push((p, from_a, all));
            }
        }
    }
    let closed = bg.tags.get(crate::game::engine::run::CLOSED_TAG);
    while let Some((p, from_a, mode)) = queue.pop() {
        let path = &g.paths[p as usize];
        let Some(mode) = first_visit(&mut seen, p, from_a, mode, path.gauge, gauge_rule) else { continue };
        r.hexes[path.hex as usize] = true;
        let far = if from_a { path.b } else { path.a };
        match far {
            End::Stop(s) => {
                let stop = &g.stops[s as usize];
                if stop.tags & closed != 0 {
                    continue;
                }
                r.stops[s as usize] = true;
                if flags[s as usize].blocked || stop.terminal {
                    continue;
                }
                for &q in adj.at_stop(s as usize) {
                    if q != p {
                        let fa = g.paths[q as usize].a == End::Stop(s);
                        queue.push((q, fa, all));
                    }
                }
            }
            End::Junction(j, side) => {
                let other_hex = g.junctions[j as usize].hexes[1 - side as usize];
                if other_hex != u32::MAX {
                    let (h0, e0) = bg.junction_at[j as usize];
                    let (hex_in, edge_in) = if side == 0 {
                        (other_hex, t.map.hexes[h0 as usize].neighbour_edges[e0 as usize])
                    } else {
                        (h0, e0)
                    };
                    // The gauges that can continue into the neighbour.
                    let arriving = match path.gauge {
                        Gauge::Dual => mode,
                        Gauge::Standard => 0b001,
                        Gauge::Narrow => 0b010,
                    };
                    r.edges[hex_in as usize * 6 + edge_in as usize] |= arriving;
                }
                for &q in adj.at_junction(j as usize, 1 - side as usize) {
                    let fa = g.paths[q as usize].a == End::Junction(j, 1 - side);
                    queue.push((q, fa, mode));
                }
            }
        }
    }
    r
}

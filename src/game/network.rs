//! A corporation's track graph and what its tokens reach, built once per
//! board and reused.
//!
//! Every operating step asks it: whether the company can lay a tile, place
//! a token, run a route or must buy a train (each step's skip check), then
//! the legal moves and the checks of the move made. The board rarely
//! changes between these questions, and building the graph and walking it
//! was a fifth of a random game's time.
//!
//! The memo is per thread and holds the last few answers, each with the
//! parts of the state the graph is built from. The board's hexes are
//! compared by identity: a kept clone of a `Shared` cannot change in place,
//! so the same hexes mean the same tiles and tokens. Everything else the
//! build reads is compared by value. It is a memo of a pure function: a
//! game reads the same answers with or without it.
//!
//! Most board changes are a tile or a token on one hex: the board's graph
//! is then made from the kept graph of the board before it
//! (`BoardGraph::after_change_at`), the same graph id for id.

use super::graph::{BoardGraph, Reach, StopFlags, reach_on};
use crate::route::EndLists;
use super::ids::{CorpId, HexId};
use super::state::{GameState, HexState, Shared, SlotMarks, StopBonus};
use crate::title::Title;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// What `BoardGraph::build_track(t, st, Some(corp))` and its `reach_on`
/// give: the board's graph (shared by every corporation's network on the
/// board), the corporation's flags of its stops, and its reach.
pub struct Network {
    track: Rc<Track>,
    /// Per stop, the corporation's flags (`BoardGraph::corp_flags`).
    pub flags: Vec<StopFlags>,
    pub reach: Reach,
}

impl Network {
    /// The board's graph: the corporation's graph but for its stops'
    /// flags (`flags`) and values.
    pub fn graph(&self) -> &BoardGraph {
        &self.track.graph
    }

    /// Whether the corporation's tokens reach a stop on the hex: the
    /// answer of `connects_on` without a start, which walks as
    /// `reach_on` does and stops at the goal.
    pub fn reaches_stop_on(&self, hex: HexId) -> bool {
        self.graph().stop_at.iter().zip(&self.reach.stops).any(|(&(h, _), &reached)| reached && h == hex)
    }
}

/// Answers kept per thread (the company operating, the ones the bots and
/// a title's scripts ask about).
const KEPT: usize = 4;

struct Key {
    /// The title's address: a title outlives its games, and the kept hexes
    /// (below) belong to a game of this title.
    title: usize,
    hexes: Shared<Vec<HexState>>,
    /// The company whose graph it is (`None`: the board's track alone).
    corp: Option<CorpId>,
    kind: Option<usize>,
    phase: usize,
    stop_bonuses: Vec<StopBonus>,
    /// (Shared: compared by identity first, the board's usual case.)
    markers: Shared<BTreeMap<HexId, Vec<String>>>,
    revenues: Shared<BTreeMap<(HexId, u8), Vec<i64>>>,
    marks: Shared<BTreeMap<(HexId, u8), SlotMarks>>,
}

impl Key {
    fn matches(&self, t: &Title, st: &GameState, corp: Option<CorpId>) -> bool {
        self.hexes.same(&st.board.hexes) && self.matches_but_hexes(t, st, corp)
    }

    /// Everything but the hexes is as in `st`.
    fn matches_but_hexes(&self, t: &Title, st: &GameState, corp: Option<CorpId>) -> bool {
        let b = &st.board;
        self.title == std::ptr::from_ref(t) as usize
            && self.corp == corp
            && self.kind == corp.map(|c| st.corps[c].kind)
            && self.phase == st.phase
            && self.stop_bonuses == b.stop_bonuses
            && self.markers == b.markers
            && self.revenues == b.revenues
            && self.marks == b.marks
    }

    fn of(t: &Title, st: &GameState, corp: Option<CorpId>) -> Key {
        let b = &st.board;
        Key {
            title: std::ptr::from_ref(t) as usize,
            hexes: b.hexes.clone(),
            corp,
            kind: corp.map(|c| st.corps[c].kind),
            phase: st.phase,
            stop_bonuses: b.stop_bonuses.clone(),
            markers: b.markers.clone(),
            revenues: b.revenues.clone(),
            marks: b.marks.clone(),
        }
    }
}

/// Answers kept per thread, each with the state it answers for.
type Kept<V> = RefCell<Vec<(Key, Rc<V>)>>;

thread_local! {
    static KEPT_NETWORKS: Kept<Network> = const { RefCell::new(Vec::new()) };
    static KEPT_TRACK: Kept<Track> = const { RefCell::new(Vec::new()) };
}

/// The kept answer for this state, or a new one built and kept (dropping
/// the oldest beyond `KEPT`).
fn kept<V>(
    list: &'static std::thread::LocalKey<Kept<V>>,
    t: &Title,
    st: &GameState,
    corp: Option<CorpId>,
    build: impl FnOnce() -> V,
) -> Rc<V> {
    if let Some(hit) = list.with_borrow(|kept| kept.iter().find(|(k, _)| k.matches(t, st, corp)).map(|(_, v)| v.clone())) {
        return hit;
    }
    let built = Rc::new(build());
    list.with_borrow_mut(|kept| {
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((Key::of(t, st, corp), built.clone()));
    });
    built
}

/// The corporation's track graph and reach on the board as it stands.
pub fn network(t: &Title, st: &GameState, corp: CorpId) -> Rc<Network> {
    kept(&KEPT_NETWORKS, t, st, Some(corp), || {
        // On the board's graph, built once for every corporation asked.
        let board = track(t, st);
        let flags = board.graph.corp_flags(t, st, corp);
        let reach = reach_on(t, &board.graph, &flags, &board.adj, t.route_rules.gauge_changes_at_stops_only);
        Network { track: board, flags, reach }
    })
}

/// The board's track graph without a corporation
/// (`BoardGraph::build_track(t, st, None)`) and its adjacency: what
/// scripts' `game:connected` walks (1844 asks it for every launched
/// company after each lay), and what each corporation's graph is made
/// from (`BoardGraph::for_corp`).
pub struct Track {
    pub graph: BoardGraph,
    pub adj: EndLists,
}

pub fn track(t: &Title, st: &GameState) -> Rc<Track> {
    kept(&KEPT_TRACK, t, st, None, || {
        let graph = after_one_change(t, st).unwrap_or_else(|| BoardGraph::build_track(t, st, None));
        let adj = graph.adjacency();
        Track { graph, adj }
    })
}

/// The board's graph made from a kept one of a board that differs from
/// this one on one hex alone (a tile laid, a token placed: most board
/// changes), where that gives the graph a build would
/// (`BoardGraph::after_change_at`).
fn after_one_change(t: &Title, st: &GameState) -> Option<BoardGraph> {
    let made = KEPT_TRACK.with_borrow(|kept| {
        kept.iter().rev().filter(|(k, _)| k.matches_but_hexes(t, st, None)).find_map(|(k, v)| {
            let (before, now) = (&*k.hexes, &*st.board.hexes);
            let mut changed = (0..now.len()).filter(|&h| before[h] != now[h]);
            let (Some(h), None) = (changed.next(), changed.next()) else { return None };
            v.graph.after_change_at(t, st, h as HexId, &before[h])
        })
    });
    #[cfg(test)]
    if made.is_some() {
        MADE_FROM_CHANGE.with(|n| n.set(n.get() + 1));
    }
    made
}

#[cfg(test)]
thread_local! {
    /// Graphs `after_one_change` made (the tests check it is used).
    static MADE_FROM_CHANGE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use std::sync::Arc;

    fn game() -> Game {
        let t = Arc::new(crate::title::load::embedded("1849").expect("1849 loads"));
        let setup = crate::fuzz::game_setup(&t, 4, 1);
        Game::new(t, setup).expect("a new game")
    }

    /// The graphs made from the board's graph (`for_corp`) are the ones a
    /// build for the corporation gives, at positions of random games:
    /// token flags, values with stop bonuses, and everything else; and a
    /// network's reach answers `connects_on` from the tokens for every hex.
    #[test]
    fn graphs_for_a_corporation_equal_their_builds() {
        // 18FB has both city rules `for_corp` recomputes flags for.
        for id in ["1849", "1844", "1865", "18fb"] {
            let t = Arc::new(crate::title::load::embedded(id).expect("the title loads"));
            let setup = crate::fuzz::game_setup(&t, 4, 1);
            graphs_equal_builds_in(Game::new(t, setup).expect("a new game"));
        }
    }

    fn graphs_equal_builds_in(mut g: Game) {
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
        let (mut compared, mut reach_compared) = (0, 0);
        for step in 0..600 {
            if g.is_over() {
                break;
            }
            if step % 20 == 0 {
                let (t, st) = (&g.title, &mut g.state);
                // A stop bonus for the first corporation, on its home if placed.
                if let Some((h, _)) = st.corps[CorpId(0)].home {
                    st.board.stop_bonuses = vec![StopBonus { hex: h, stop: 0, corp: CorpId(0), amount: 30 }];
                }
                let board = BoardGraph::build_track(t, st, None);
                for c in st.corp_ids() {
                    let fresh = BoardGraph::build_track(t, st, Some(c));
                    let made = board.for_corp(t, st, c);
                    assert_eq!(board.corp_flags(t, st, c), fresh.flags(), "{}: step {step}, corporation {c}'s flags", t.meta.id);
                    assert_eq!(made.graph, fresh.graph, "{}: step {step}, corporation {c}", t.meta.id);
                    assert_eq!((&made.stop_at, &made.first_stop, &made.path_at, &made.junction_at), (&fresh.stop_at, &fresh.first_stop, &fresh.path_at, &fresh.junction_at));
                    assert_eq!((&made.tags.names, &made.groups.names), (&fresh.tags.names, &fresh.groups.names));
                    let (kept, net) = (track(t, st), network(t, st, c));
                    for h in 0..t.map.hexes.len() as HexId {
                        let walked = crate::game::graph::connects_on(t, st, &kept.graph, &kept.adj, c, h, None);
                        assert_eq!(net.reaches_stop_on(h), walked, "{}: step {step}, corporation {c} to hex {h}", t.meta.id);
                        reach_compared += usize::from(walked);
                    }
                    let mut labelled = track(t, st).graph.for_corp(t, st, c);
                    labelled.graph.hex_labels = t.map.labels.clone();
                    assert_eq!(labelled.graph, BoardGraph::build(t, st, Some(c)).graph, "the route problem's graph at step {step}");
                    compared += 1;
                }
                st.board.stop_bonuses.clear();
            }
            crate::fuzz::random_move(&mut g, &mut rng).expect("a random move");
        }
        assert!(compared > 100, "{}: compared {compared} graphs", g.title.meta.id);
        assert!(reach_compared > 100, "{}: {reach_compared} hexes reached", g.title.meta.id);
        assert!(g.state.board.hexes.iter().filter(|h| h.tile.is_some()).count() > 5, "tiles were laid");
    }

    /// The board's graph made from the one before a change on one hex is
    /// the graph a build gives, id for id, after every move of random
    /// games of each title (tiles laid and upgraded, tokens placed and
    /// removed), and most board changes are made so.
    #[test]
    fn graphs_made_after_a_change_equal_builds() {
        for id in ["1849", "1844", "1865", "18fb"] {
            let t = Arc::new(crate::title::load::embedded(id).expect("the title loads"));
            for seed in [1, 2] {
                let setup = crate::fuzz::game_setup(&t, 4, seed);
                let mut g = Game::new(t.clone(), setup).expect("a new game");
                let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
                let made_before = MADE_FROM_CHANGE.with(|n| n.get());
                let mut boards = 0;
                let mut last: Option<Shared<Vec<HexState>>> = None;
                for step in 0..1500 {
                    if g.is_over() {
                        break;
                    }
                    crate::fuzz::random_move(&mut g, &mut rng).expect("a random move");
                    let (t, st) = (&g.title, &g.state);
                    if last.as_ref().is_some_and(|l| l.same(&st.board.hexes)) {
                        continue;
                    }
                    last = Some(st.board.hexes.clone());
                    boards += 1;
                    let kept = track(t, st);
                    let fresh = BoardGraph::build_track(t, st, None);
                    let at = format!("{id} seed {seed} step {step}");
                    assert_eq!(kept.graph.graph, fresh.graph, "{at}");
                    assert_eq!((&kept.graph.stop_at, &kept.graph.first_stop, &kept.graph.path_at, &kept.graph.junction_at), (&fresh.stop_at, &fresh.first_stop, &fresh.path_at, &fresh.junction_at), "{at}");
                    assert_eq!((&kept.graph.tags.names, &kept.graph.groups.names), (&fresh.tags.names, &fresh.groups.names), "{at}");
                }
                let made = MADE_FROM_CHANGE.with(|n| n.get()) - made_before;
                assert!(boards > 20 && made * 2 > boards, "{id} seed {seed}: {made} of {boards} boards made from a change");
            }
        }
    }

    /// A kept answer is the same graph as a fresh build, and a change of
    /// the board (a tile laid by hand) is seen.
    #[test]
    fn kept_networks_follow_the_board() {
        let g = game();
        let (t, mut st) = (g.title.clone(), g.state.clone());
        let corp = CorpId(0);
        let first = network(&t, &st, corp);
        assert!(Rc::ptr_eq(&first, &network(&t, &st, corp)), "asked again on the same board, the kept answer");
        let fresh = BoardGraph::build_track(&t, &st, Some(corp));
        assert_eq!(first.graph().graph.paths.len(), fresh.graph.paths.len());
        assert_eq!(first.flags, fresh.flags(), "the corporation's flags are its build's");
        // Lay the first yellow tile of the manifest on the first blank hex.
        let h = (0..t.map.hexes.len()).find(|&h| st.board.hexes[h].tile.is_none() && t.map.hexes[h].tile.paths.is_empty() && t.map.hexes[h].tile.stops.is_empty()).expect("a blank hex");
        let yellow = t.tiles.iter().position(|x| x.color == crate::title::schema::Color::Yellow && !x.paths.is_empty()).expect("a yellow tile");
        st.board.hexes[h].tile = Some(yellow as u16);
        let after = network(&t, &st, corp);
        assert!(!Rc::ptr_eq(&first, &after), "a new board, a new answer");
        assert_eq!(after.graph().graph.paths.len(), BoardGraph::build_track(&t, &st, Some(corp)).graph.paths.len());
        assert!(after.graph().graph.paths.len() > first.graph().graph.paths.len());
        // Another corporation, another answer.
        assert!(!Rc::ptr_eq(&network(&t, &st, CorpId(1)), &after));
        // The corporation-less graph is kept too, and follows the board.
        let board = track(&t, &st);
        assert!(Rc::ptr_eq(&board, &track(&t, &st)));
        st.board.markers.insert(h as crate::game::ids::HexId, vec!["test".into()]);
        assert!(!Rc::ptr_eq(&board, &track(&t, &st)), "a marker changes the stop tags: a new answer");
    }
}

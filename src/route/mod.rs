//! Route search: the maximum-revenue runs of a corporation's trains.
//!
//! - `model`: the input and output types (the contract with the game).
//! - `validate`: checks a route or a run against every rule and values it
//!   ([`validate_route`], [`validate_run`], [`RouteError`] with stable
//!   `rule()` keys).
//! - `search`: the exact, fast search ([`best_run`], [`best_run_with`]),
//!   and the same search on several threads ([`best_run_parallel`], with
//!   `memo` for the explored states its tasks share); `pool`, the game's one
//!   lazily built pool for it.
//! - `checker`: a slow, obviously correct search for tests.
//! - `synthetic`: dense late-game problems for benchmarks.
//! - `ends`: the paths at each stop and junction side ([`EndLists`]), for
//!   the search and the game's board walks.
//! - internals: `value` (route valuation shared by validator and search),
//!   `reach` (the track a company's routes can reach, as a problem of its
//!   own), `prep` (stretch graph per kind of train), `enumerate` (bounded DFS
//!   over routes), `twins` (the candidate sets of identical listed trains
//!   as bit sets), `bitset`.
//!
//! Conventions the model leaves open, decided here:
//! - `PathTagBonus::tag`, like `forbidden_tags` and multiplier tags, is a
//!   mask (a path earns the bonus if it has any of its bits); pair bonus
//!   groups are bit numbers, as documented in the model.
//! - Without the gauge rule a hex crossing costs the gauge of the path it
//!   enters, so a route's length can depend on its direction; a route is
//!   legal if it fits its budget in the direction given (the search returns
//!   a legal direction).
//! - A route needs at least one path; stops sharing a `location` are one
//!   stop; an express route earns a pair bonus only if both end stops are
//!   counted.
//!
//! Performance notes: see `search.rs`. On real boards every train set a
//! title allows is solved exactly well inside the game's node budget. The
//! `bench routes` "end board" class runs each fixture's final board with
//! every corporation holding its train limit of the final train (1844:
//! 2×8E in at most 0.4 ms, the SBB's 4×8E in 5–9 ms, 3,700 nodes); the
//! "full board" class runs a new game's map with every hex upgraded as far
//! as the tile supply allows and every station token placed
//! (`bench::full_board`): 1844 2×8E at most 30 ms, 4×8E (as the SBB)
//! at most 0.11 s and 17,000 nodes (the STB; every other 1844 position
//! under 15 ms), 1849 under 2 ms (figures from a shared 2-core machine
//! under load, 2026-11-27).
//! Two or more identical express trains are listed once (routes no
//! sub-trail dominates) rather than searched again beside every route of
//! the train before; that took the full-board STB 4×8E from 8.7 M nodes
//! (3.2 s) to 0.3 M, and its 8E+8E+6 from 6.5 M (2.4 s) to 0.14 M.
//! The listed twins then choose with narrowed candidate sets (`search.rs`
//! step 4, 2026-11-27), measured on the full-board STB 4×8E (revenue
//! 1060, 13,191 candidates; one thread, medians of 3-5, the machine
//! shared, so ±30 %):
//! - before: 303,786 nodes, 1.5-1.7 s, three quarters of it in
//!   `Comb::rec` scanning the list with a disjointness test per candidate
//!   at every node, the twins bounded only by `m` times the route taken.
//! - each level keeps the candidates its twins may still take (disjoint
//!   from the chosen routes, after the chosen one, above the least revenue
//!   that could matter) and cuts a subtree when the route and the best
//!   `m - 1` of those (or the best of them with `m - 2` no better than the
//!   best disjoint from it) cannot beat the best run: 17,142 nodes,
//!   0.31-0.39 s, now nearly all in building those lists.
//! - the same sets as bit sets over the list (`TwinBits`), narrowed with
//!   each candidate's conflict set (the candidates sharing a path with
//!   it, cached): 0.13-0.20 s, about half of it listing the 13,191 routes
//!   (a quarter in `value::value_express` choosing each route's counted
//!   stops), half the combination search (computing and zeroing conflict
//!   sets of 207 words over 28 paths a candidate).
//! - then (2026-11-27, `twins.rs`): the list's track in classes (paths
//!   the same candidates use: 153 paths, 59 classes, 13 a candidate), the
//!   conflicts of a candidate kept for the candidates after it only, each
//!   row allocated on its own (no growing table copied); and routes listed
//!   for their track alone (`Enum::minimal_only`) count any best choice
//!   of stops, read off in weight order (`value_express`'s table only for
//!   the run returned, in `search::finish`), which also lets more routes
//!   be dominated by their trimmed trail (12,815 listed): STB 4×8E
//!   75-110 ms (17,139 nodes), 2×8E 28 ms (was 50-83 ms), BLS 4×8E 14 ms
//!   (was 25-37 ms). Callgrind, one search in a bench worker (problem
//!   parsing included): STB 4×8E 1,026 M to 660 M instructions, 2×8E
//!   460 M to 251 M, BLS 4×8E 192 M to 118 M. Slightly more elsewhere:
//!   the full-board 1849 IFT 2×16H (a short twin list, 208 routes) 3.8 %
//!   more a search (building the classes costs more than it saves there),
//!   the synthetic 8E+6 0.4 %.
//! - tried, slower: each level's set computed word by word as the search
//!   reads it (from the classes, or from cached rows) instead of narrowed
//!   whole: the reads cross most of the list anyway (two candidates share
//!   track 95 % of the time there, so the sets are sparse), and a call per
//!   word cost three times the plain loop (0.25-0.4 s).
//! - tried, no gain on the STB: a greedy run from the list (each of the 64
//!   best routes, then every route disjoint from those taken) as a better
//!   incumbent: it finds no more than the 960 of the greedy run, against
//!   1060; kept, as it is cheap and saves a few nodes elsewhere (BLS 4×8E
//!   3,809 to 3,779 nodes).
//! - what is left on the STB 4×8E: the combination search's narrowing
//!   (`Comb::take_bits`, `twins::narrow`: 114,000 candidates taken by the
//!   second twin, each narrowing a 207-word set), its conflict rows (and
//!   the fresh pages they are written to, a tenth of the time), and the
//!   listing's walk (40,000 nodes, each bounding its track left).
//! - then (2026-11-28): the twins' candidate sets end at their cut, and
//!   scans for the next candidate start after the twin's route (they had
//!   walked the empty words before and after the candidates: a quarter of
//!   the search). STB 4×8E: 628.6 M to 494.1 M instructions a search.
//! - and an express train beside other trains (not twins) is listed too,
//!   giving up after `EXPRESS_ALONE_LIST_NODES` nodes: searched lazily,
//!   it was walked again for every choice of the trains before it (4,518
//!   walks in 325 searches of two random 1844 games, 30 % of their
//!   instructions). Those games: 3,636 M to 2,722 M instructions; the
//!   synthetic 8E+6+6, whose listing is given up, 1 % more.
//! - not tried (for whoever goes on): a stronger incumbent before the
//!   listing (its threshold is 1 here, so every minimal route is listed),
//!   a tighter bound for the second twin (most of its 114,000 candidates
//!   are cut only after narrowing), routes dominated by another route on
//!   less track (not only by their own sub-trails).
//!
//! The target (every full-board position under 100 ms on one
//! thread) is met by all, the STB 4×8E with the least margin.
//!
//! Known weak spot, only on the synthetic fully meshed grid: a company
//! with two or more express/unlimited trains (8E + 8E there takes
//! minutes). Its routes are too many to list (over `EXPRESS_LIST_CAP`),
//! so only the last twin is searched by value alone; the earlier ones
//! skip routes dominated by a sub-trail (trimmed to their counted ends,
//! or a prefix route earning as much), which is not enough: each
//! remaining route of the first still triggers a search for the last.
//!
//! Measurements on the synthetic 1844 map (for whoever takes this up):
//! - 8E + 6 is the single best 8E route alone (153,400 nodes; the greedy
//!   run reaches the sum of the single bests, so nothing else is searched).
//!   The express bound (best `k` stops over the flood of unused track) is
//!   about 640 at the root against 550 found; a node costs a flood of the
//!   whole map, which is most of the time.
//! - 8E + 8E: the greedy run earns 900 (550 + 350) against 1100 for the
//!   single bests. Tried and dropped: a ceiling for the last train (its
//!   best route on the track the first twin's trail leaves, kept with its
//!   route and searched again only when the trail takes that route's
//!   track). Exact, but the first twin's trails run 20 stops deep before
//!   any passes its threshold, and the ceiling falls slowly along a branch
//!   (550 at the root, 540 after 6 stops, 430 after 17), so few subtrees
//!   are cut: 11,800 ceiling searches and 23 M nodes in 100 s, best run
//!   910 so far. Searching the ceiling only for emitted routes (and
//!   reusing its route while it stays free) saved nothing on 3E + 3E:
//!   every one of the 159,958 emitted routes needed its own search, 20 M
//!   nodes either way (about 100 s on the shared machine). Even two 3E
//!   trains are that slow: the first twin's trails are unbounded detours
//!   through uncounted stops, each a distinct use of track.
//!   What would help: a far tighter express bound, or an exact way to
//!   share work between first-twin trails with the same stops and
//!   different track.
//! - 8E + 8E, measured to the end (2026-11-22): the best run earns 1000
//!   (510 + 490, both routes counting D14, D8, H5 and E1/F2). The exact
//!   search proves it in 122 M nodes (130 s) when seeded with an
//!   incumbent of 939, and still needs 88 M nodes (96 s) when told the
//!   answer (incumbent 999): the proof, not the finding, is the cost. The
//!   greedy run and `improve` stop at 910; inside the game's budget
//!   (`budget::GAME_NODES`, 600,000 nodes) the search keeps 910, with
//!   3 M nodes 930, with 10 M 940. The parallel search (`best_run_parallel`)
//!   splits the same work, so it gains at most the number of cores.
//! - Also tried and dropped (2026-11-25), seeded with the answer: a
//!   ceiling checked at every node of the first twin's walk, as "is there
//!   a last-twin route earning what the run still needs beside this
//!   trail" (about 1,200 nodes a check, a quarter of them cutting their
//!   subtree: slower than without); and branching on the paths the two
//!   twins' single best routes share (each branch forbids the path to one
//!   twin; bound = the two single bests): after 5,000 branches the bound
//!   was still 1010, the best routes having too many near equals.
//!   Listing the twins' routes (above) gives up here: over 50,000 of
//!   them earn enough.

mod bitset;
pub mod budget;
pub mod checker;
mod ends;
mod enumerate;
mod memo;
pub mod model;
mod prep;
mod reach;
pub mod recall;
pub mod pool;
pub mod search;
pub mod synthetic;
pub mod validate;
#[cfg(test)]
mod testkit;
mod twins;
mod value;

pub use ends::EndLists;
pub use model::*;
pub use budget::NodeBudget;
pub use search::{best_run, best_run_parallel, best_run_parallel_lazy, best_run_split, best_run_with};
pub use validate::{RouteError, validate_route, validate_route_from, validate_run};

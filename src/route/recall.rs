//! Runs already found, kept per thread, so that a position searched again
//! costs a lookup: a replayed game searches every run of the live game
//! again (the fuzzer's save/load round trip replays each game once), and a
//! bot that weighs a run before making it searches it twice.
//!
//! Exact: the search is a pure function of its problem and its node
//! budget, and a kept run is given back only for a problem equal to the
//! one it was found for (the hash finds candidates, full equality accepts
//! one). Nothing here can change a game: a miss searches as before.
//!
//! Bounded: at most [`KEPT_ELEMENTS`] stops, paths and junctions are kept
//! per thread; the oldest runs go first.

use super::budget::NodeBudget;
use super::model::{RouteProblem, Run, SearchStats};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::hash::BuildHasher;

/// Stops, paths and junctions kept per thread (about 40 bytes each, so
/// about 10 MB): the runs of a complete 1849 game fit twice over.
pub const KEPT_ELEMENTS: usize = 1 << 18;

struct Kept {
    problem: RouteProblem,
    nodes: Option<u64>,
    found: (Run, SearchStats),
}

#[derive(Default)]
struct Recall {
    by_hash: FxHashMap<u64, Vec<Kept>>,
    /// Hashes in the order their runs were kept (one per run).
    order: VecDeque<u64>,
    elements: usize,
    hits: u64,
    misses: u64,
}

thread_local! {
    static RECALL: RefCell<Recall> = RefCell::new(Recall::default());
}

fn size(p: &RouteProblem) -> usize {
    p.graph.stops.len() + p.graph.paths.len() + p.graph.junctions.len() + 1
}

fn hash_of(p: &RouteProblem, nodes: Option<u64>) -> u64 {
    rustc_hash::FxBuildHasher.hash_one((p, nodes))
}

impl Recall {
    fn find(&self, hash: u64, p: &RouteProblem, nodes: Option<u64>) -> Option<&(Run, SearchStats)> {
        self.by_hash.get(&hash)?.iter().find(|k| k.nodes == nodes && k.problem == *p).map(|k| &k.found)
    }

    fn keep(&mut self, hash: u64, problem: RouteProblem, nodes: Option<u64>, found: (Run, SearchStats)) {
        self.elements += size(&problem);
        self.by_hash.entry(hash).or_default().push(Kept { problem, nodes, found });
        self.order.push_back(hash);
        while self.elements > KEPT_ELEMENTS {
            let Some(oldest) = self.order.pop_front() else { break };
            let Some(list) = self.by_hash.get_mut(&oldest) else { continue };
            // Runs under one hash were kept in order: the first is the oldest.
            let gone = list.remove(0);
            self.elements -= size(&gone.problem);
            if list.is_empty() {
                self.by_hash.remove(&oldest);
            }
        }
    }
}

/// The best run of `p` within `nodes` nodes (`None`: unlimited), from this
/// thread's kept runs when `p` was searched before with the same budget,
/// else searched by `search` and kept. `search` must be the pure search
/// of `p` (no title hook: a route bonus from a script is not kept).
pub fn best_run(p: &RouteProblem, nodes: Option<u64>, search: impl FnOnce(&RouteProblem, &NodeBudget) -> (Run, SearchStats)) -> (Run, SearchStats) {
    let hash = hash_of(p, nodes);
    let kept = RECALL.with(|r| {
        let mut r = r.borrow_mut();
        let found = r.find(hash, p, nodes).cloned();
        if found.is_some() {
            r.hits += 1;
        } else {
            r.misses += 1;
        }
        found
    });
    if let Some(found) = kept {
        return found;
    }
    let found = search(p, &NodeBudget::of(nodes));
    RECALL.with(|r| r.borrow_mut().keep(hash, p.clone(), nodes, found.clone()));
    found
}

/// Forgets this thread's kept runs (a benchmark that replays one game
/// again and again clears them before each replay, so that every replay
/// searches as the first did).
pub fn clear() {
    RECALL.with(|r| *r.borrow_mut() = Recall::default());
}

/// This thread's (hits, misses) since it started or was cleared.
pub fn counts() -> (u64, u64) {
    RECALL.with(|r| {
        let r = r.borrow();
        (r.hits, r.misses)
    })
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::*;

    /// Three cities on a line, a token at one end, a 3-stop train.
    fn small() -> RouteProblem {
        let mut b = B::new();
        let x = b.city("A", 30);
        let y = b.city("B", 20);
        let z = b.city("C", 40);
        b.token(x);
        b.line(x, y, &[STD, STD]);
        b.line(y, z, &[STD, STD]);
        b.train(stops(3));
        b.p
    }

    fn search_counting(calls: &std::cell::Cell<u32>) -> impl Fn(&RouteProblem, &NodeBudget) -> (Run, SearchStats) + '_ {
        move |p, b| {
            calls.set(calls.get() + 1);
            crate::route::search::best_run_with(p, None, b)
        }
    }

    #[test]
    fn an_equal_problem_is_answered_from_the_kept_run() {
        clear();
        let p = small();
        let calls = std::cell::Cell::new(0);
        let first = best_run(&p, Some(100_000), search_counting(&calls));
        let again = best_run(&p.clone(), Some(100_000), search_counting(&calls));
        assert_eq!(calls.get(), 1);
        assert_eq!(first, again);
        assert_eq!(counts(), (1, 1));
    }

    #[test]
    fn a_different_problem_or_budget_is_searched() {
        clear();
        let p = small();
        let calls = std::cell::Cell::new(0);
        best_run(&p, Some(100_000), search_counting(&calls));
        best_run(&p, Some(50), search_counting(&calls));
        let mut q = p.clone();
        q.graph.stops[0].value += 10;
        let changed = best_run(&q, Some(100_000), search_counting(&calls));
        assert_eq!(calls.get(), 3);
        assert_eq!(changed, crate::route::search::best_run_with(&q, None, &NodeBudget::nodes(100_000)));
    }

    #[test]
    fn the_oldest_runs_go_when_the_bound_is_passed() {
        let mut r = Recall::default();
        let p = small();
        let each = size(&p);
        let n = KEPT_ELEMENTS / each + 3;
        for i in 0..n {
            let mut q = p.clone();
            q.graph.stops[0].bonus = i as i64;
            r.keep(hash_of(&q, None), q, None, Default::default());
        }
        assert!(r.elements <= KEPT_ELEMENTS);
        assert_eq!(r.order.len(), KEPT_ELEMENTS / each);
        let mut first = p.clone();
        first.graph.stops[0].bonus = 0;
        assert!(r.find(hash_of(&first, None), &first, None).is_none(), "the first kept run is gone");
        let mut last = p.clone();
        last.graph.stops[0].bonus = (n - 1) as i64;
        assert!(r.find(hash_of(&last, None), &last, None).is_some(), "the last kept run stays");
    }
}

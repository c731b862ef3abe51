//! A node budget for the route search, so that no position can stall a
//! game. A search is exact whenever it finishes inside its budget; one
//! that runs out keeps the best run found so far (a real run: every route
//! in it came out of the walk) and says so (`SearchStats::ran_out`). Two
//! express trains on a dense map (1844's 8E + 8E) are the known case that
//! runs past it: on the synthetic 1844 map the budgeted run earns 910
//! where 1000 is possible (see `route/mod.rs`, issue 3).
//!
//! A search is given its budget ([`NodeBudget`]); the game engine always
//! gives [`GAME_NODES`], a constant, so that `run auto` resolves the same
//! way in every replay of an action log (determinism).

use std::sync::atomic::{AtomicU64, Ordering};

/// Nodes a search started by the game may visit (one to three seconds).
/// Every real position measured so far needs under 10,000 and the
/// synthetic 1844 8E + 6 + 6 needs 417,000, so all of them stay exact.
pub const GAME_NODES: u64 = 600_000;

/// The nodes one search may still visit, passed to it explicitly (no
/// hidden per-thread state): the walks of the search take one node each
/// step and unwind once none is left.
#[derive(Debug)]
pub struct NodeBudget {
    limited: bool,
    left: AtomicU64,
}

impl NodeBudget {
    /// A search that never runs out (benchmarks, checks, `routes full`).
    pub const fn unlimited() -> NodeBudget {
        NodeBudget { limited: false, left: AtomicU64::new(u64::MAX) }
    }

    /// A search of at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> NodeBudget {
        NodeBudget { limited: true, left: AtomicU64::new(nodes) }
    }

    /// `nodes` nodes, or unlimited for `None`.
    pub fn of(nodes: Option<u64>) -> NodeBudget {
        nodes.map_or_else(NodeBudget::unlimited, NodeBudget::nodes)
    }

    /// Takes one node; false once the budget is spent. A limited budget
    /// is used by one thread (the parallel search is never limited), so a
    /// plain load and store suffice.
    #[inline]
    pub(crate) fn tick(&self) -> bool {
        if !self.limited {
            return true;
        }
        let n = self.left.load(Ordering::Relaxed);
        if n == 0 {
            return false;
        }
        self.left.store(n - 1, Ordering::Relaxed);
        true
    }

    /// Whether the search used the whole budget (its run is then the best
    /// found, maybe not the best).
    pub fn ran_out(&self) -> bool {
        self.limited && self.left.load(Ordering::Relaxed) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_runs_out_and_unlimited_never_does() {
        let b = NodeBudget::nodes(3);
        assert!((0..3).all(|_| b.tick()) && !b.tick());
        assert!(b.ran_out());
        let b = NodeBudget::nodes(3);
        assert!(b.tick() && !b.ran_out());
        let u = NodeBudget::unlimited();
        assert!((0..10).all(|_| u.tick()) && !u.ran_out());
    }
}

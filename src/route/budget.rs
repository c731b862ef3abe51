//! A node budget for the route search, so that no position can stall a
//! game. A search is exact whenever it finishes inside its budget; one
//! that runs out keeps the best run found so far (a real run: every route
//! in it came out of the walk) and says so (`SearchStats::ran_out`). Two
//! express trains on a dense map (1844's 8E + 8E) are the known case that
//! runs past it: on the synthetic 1844 map the budgeted run earns 910
//! where 1000 is possible (see `route/mod.rs`, issue 3).
//!
//! Searches are unlimited unless the caller sets a budget with
//! [`with_limit`]. The game engine always uses [`GAME_NODES`], a constant,
//! so that `run auto` resolves the same way in every replay of an action
//! log (determinism).

use std::cell::Cell;

/// Nodes a search started by the game may visit (one to three seconds).
/// Every real position measured so far needs under 10,000 and the
/// synthetic 1844 8E + 6 + 6 needs 417,000, so all of them stay exact.
pub const GAME_NODES: u64 = 600_000;

thread_local! {
    static LEFT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Runs `f` with searches limited to `nodes` nodes in all; returns its
/// result and whether the budget ran out.
pub fn with_limit<R>(nodes: u64, f: impl FnOnce() -> R) -> (R, bool) {
    let outer = LEFT.with(|l| l.replace(Some(nodes)));
    let r = f();
    let left = LEFT.with(|l| l.replace(outer));
    (r, left == Some(0))
}

/// Takes one node; false once the budget is spent (the walk then unwinds).
#[inline]
pub(crate) fn tick() -> bool {
    LEFT.with(|l| match l.get() {
        None => true,
        Some(0) => false,
        Some(n) => {
            l.set(Some(n - 1));
            true
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_runs_out_and_unlimited_never_does() {
        let ((), out) = with_limit(3, || assert!((0..3).all(|_| tick()) && !tick()));
        assert!(out);
        let ((), out) = with_limit(3, || assert!(tick()));
        assert!(!out);
        assert!((0..10).all(|_| tick()), "outside with_limit a search is unlimited");
    }
}

//! Random complete games of every shipped title and player count, with the
//! invariants checked after every action (conservation of money, shares
//! adding up to 100 %, refused actions changing nothing, save/load round
//! trips). Kept small here; `railhead fuzz` runs as many as you like.

use railhead::fuzz::{FuzzConfig, run};
use railhead::title::load;
use std::sync::Arc;

fn fuzz(title: &str, players: u8, games: u32) {
    let t = Arc::new(load::embedded(title).unwrap());
    let cfg = FuzzConfig { games, seed: 20261121, players, max_actions: 6_000, deep_check_every: 1_500 };
    let report = run(t, &cfg);
    assert!(report.violations.is_empty(), "{title} {players} players:\n{}", report.violations.join("\n"));
    assert_eq!(report.games, games);
}

#[test]
fn fuzz_1849_three_players() {
    fuzz("1849", 3, 4);
}

#[test]
fn fuzz_1849_four_players() {
    fuzz("1849", 4, 4);
}

#[test]
fn fuzz_1849_five_players() {
    fuzz("1849", 5, 4);
}

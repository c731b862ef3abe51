//! Random complete games of every shipped title and player count, with the
//! invariants checked after every action (conservation of money, shares
//! adding up to 100 %, refused actions changing nothing, save/load round
//! trips), and every hook's `when` guard verified (a definition it leaves
//! out must have kept the default). Kept small here; `railhead fuzz` runs
//! as many as you like.

use railhead::fuzz::{FuzzConfig, FuzzReport, run, run_parallel};
use railhead::title::{TitleSource, load};
use std::collections::BTreeMap;
use std::sync::Arc;

fn fuzz(title: &str, players: u8, games: u32) {
    fuzz_with(title, players, games, &[]);
}

/// With options on (the fuzzer's games record them, so save files reload them).
fn fuzz_with(title: &str, players: u8, games: u32, options: &[&str]) {
    let source = TitleSource::embedded(title).unwrap();
    let options: BTreeMap<String, bool> = options.iter().map(|o| (o.to_string(), true)).collect();
    let t = Arc::new(load::load(&source, &options, Some(players.into())).unwrap());
    let cfg = FuzzConfig { games, seed: 20261121, players, max_actions: 6_000, deep_check_every: 1_500, check_guards: true, ..Default::default() };
    let report = run(t, &cfg);
    assert!(report.violations.is_empty(), "{title} {players} players {options:?}:\n{}", report.violations.join("\n"));
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

/// The three variants of V6 §14 (bonds, E tokens and trains, bought
/// station tokens) in random play.
const VARIANTS: &[&str] = &["bonds", "acquiring_station_tokens", "electric_dreams"];

#[test]
fn fuzz_1849_variants_three_players() {
    fuzz_with("1849", 3, 4, VARIANTS);
}

#[test]
fn fuzz_1849_variants_four_players() {
    fuzz_with("1849", 4, 4, VARIANTS);
}

#[test]
fn fuzz_1849_variants_five_players() {
    fuzz_with("1849", 5, 4, VARIANTS);
}

/// Electric Dreams as the older website allowed it, with Bonds only.
#[test]
fn fuzz_1849_bonds_and_electric_dreams_only() {
    fuzz_with("1849", 4, 3, &["bonds", "electric_dreams_without_token_rights"]);
}

/// 1844 Switzerland: the auction of the privates, the SBB formation and
/// the debts of emergency financing in random play (about 1,400 actions a
/// game).
#[test]
fn fuzz_1844_four_players() {
    fuzz("1844", 4, 2);
}

#[test]
fn fuzz_1844_seven_players() {
    fuzz("1844", 7, 1);
}

/// `fuzz --digests`, `--profile-scripts` and `--shard`: each game's final digest is
/// the same on one thread and on two (so equal digests before and after a
/// script change mean the same games), and the profile counts the calls
/// of the scripts' functions, the same calls for the same games.
#[test]
fn digests_and_script_profiles_do_not_depend_on_threads() {
    let t = Arc::new(load::load(&TitleSource::embedded("1865").unwrap(), &BTreeMap::new(), Some(3)).unwrap());
    let cfg = FuzzConfig { games: 2, seed: 5, players: 3, max_actions: 4_000, digests: true, profile_scripts: true, ..Default::default() };
    let one = run_parallel(t.clone(), &cfg, 1);
    let two = run_parallel(t.clone(), &cfg, 2);
    assert!(one.violations.is_empty(), "{:?}", one.violations);
    assert_eq!(one.digests.len(), 2);
    assert_eq!(one.digests, two.digests);
    assert_ne!(one.digests[0].1, one.digests[1].1, "two games, two digests");
    let calls = |r: &FuzzReport, what: &str| r.script_profile.entries.get(what).map_or(0, |e| e.calls);
    for what in ["hook investor_turn", "step absorb.skip", "event tile_laid"] {
        assert!(calls(&one, what) > 0, "{what} not profiled:\n{}", one.script_profile.table(40));
        assert_eq!(calls(&one, what), calls(&two, what), "{what}");
    }
    // The game methods those functions called, counted the same on any
    // thread count; and the save/load checks' replays are left out, as
    // their functions are: checking more often calls no more methods.
    assert!(one.script_profile.api.get("corporation_field").is_some_and(|e| e.calls > 0), "{}", one.script_profile.table(40));
    let api_calls = |r: &FuzzReport| r.script_profile.api.iter().map(|(k, e)| (k.clone(), e.calls)).collect::<Vec<_>>();
    assert_eq!(api_calls(&one), api_calls(&two));
    let checked_often = run_parallel(t.clone(), &FuzzConfig { deep_check_every: 100, ..cfg.clone() }, 1);
    assert_eq!(checked_often.digests, one.digests);
    assert_eq!(api_calls(&checked_often), api_calls(&one));
    // A shard (`fuzz --shard 2/2`: the second game alone) plays the very
    // game the whole batch played second.
    let second = run_parallel(t.clone(), &FuzzConfig { games: 1, first_game: 1, ..cfg.clone() }, 1);
    assert_eq!(second.digests, one.digests[1..]);
    let plain = run_parallel(t, &FuzzConfig { games: 1, seed: 5, players: 3, max_actions: 4_000, ..Default::default() }, 1);
    assert!(plain.digests.is_empty() && plain.script_profile.is_empty());
}

//! `railhead simulate`'s playouts: a game is its study seed and index,
//! whatever the threads or shards; greedy bots finish games by the
//! rulebook's endings.

use railhead::simulate::bots::{BotKind, seat_bots};
use railhead::simulate::record::GameRecord;
use railhead::simulate::runner::{self, Batch};
use railhead::title::{TitleSource, load::load};
use std::sync::Arc;

fn title(id: &str, players: usize) -> Arc<railhead::title::Title> {
    Arc::new(load(&TitleSource::embedded(id).unwrap(), &Default::default(), Some(players)).unwrap())
}

fn play(id: &str, bots: &str, games: std::ops::Range<u64>, threads: usize) -> Vec<GameRecord> {
    let bots = seat_bots(bots, 4).unwrap();
    let t = title(id, bots.len());
    let batch = Batch { bots, seed: 11, games, max_actions: 20_000, threads, save_to: None, save_all: false };
    runner::run(&t, &batch, &|_| {}).unwrap()
}

#[test]
fn the_same_games_on_one_thread_or_two() {
    let one = play("1849", "greedy,random,greedy,random", 0..4, 1);
    let two = play("1849", "greedy,random,greedy,random", 0..4, 2);
    assert_eq!(one, two);
    assert_eq!(one.iter().map(|r| r.index).collect::<Vec<_>>(), vec![0, 1, 2, 3]);
}

#[test]
fn shards_are_the_games_of_the_whole_study() {
    let whole = play("1849", "greedy", 0..4, 2);
    let mut parts = play("1849", "greedy", 0..2, 1);
    parts.extend(play("1849", "greedy", 2..4, 1));
    assert_eq!(whole, parts);
}

#[test]
fn greedy_games_end_by_the_rulebooks_endings() {
    for id in ["1849", "1844"] {
        for r in play(id, "greedy", 0..3, 2) {
            assert!(r.error.is_none(), "{id} game {}: {:?}", r.index, r.error);
            let end = r.end.as_deref().unwrap_or("unfinished");
            assert!(matches!(end, "bank" | "stock_market" | "bankrupt"), "{id} game {} ended {end}", r.index);
            assert_eq!(r.values.len(), 4);
            assert!(!r.winners.is_empty());
            // The record is consistent with itself: a phase per change,
            // a bank figure per round and one at the end.
            assert_eq!(r.bank.len(), r.rounds as usize + 1, "{id} game {}", r.index);
            assert!(r.phases.windows(2).all(|w| w[0].1 <= w[1].1));
            assert!(r.corps.iter().any(|c| c.floated && c.runs > 0));
        }
    }
}

#[test]
fn the_bots_differ_and_a_seat_plays_its_own_bot() {
    let greedy = play("1849", "greedy", 0..2, 2);
    let random = play("1849", "random", 0..2, 2);
    assert_ne!(greedy, random);
    assert_eq!(greedy[0].bots, vec!["greedy"; 4]);
    assert_eq!(seat_bots("random", 2).unwrap(), vec![BotKind::Random; 2]);
}

fn railhead(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_railhead")).args(args).output().unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn wrong_simulate_commands_are_refused_with_the_reason() {
    for (args, expect) in [
        (vec!["simulate", "1849", "--bots", "clever"], "unknown bot 'clever'"),
        (vec!["simulate", "1849", "--players", "4", "--bots", "greedy,random"], "2 bots for 4 players"),
        (vec!["simulate", "1849", "--shard", "0/2"], "--shard 0/2"),
        (vec!["simulate", "1849", "--shard", "three"], "I/N"),
        (vec!["simulate", "nosuch"], "no title \"nosuch\""),
        // Refused before any game is set up, as `play` and `fuzz` refuse it.
        (vec!["simulate", "1849", "--players", "9"], "is for 3, 4, 5 players, not 9"),
        (vec!["fuzz", "1849", "--players", "2"], "is for 3, 4, 5 players, not 2"),
        (vec!["fuzz", "1849", "--shard", "3/2"], "--shard 3/2"),
        (vec!["simulate", "merge", "/nonexistent/shard.json"], "cannot read"),
    ] {
        let out = railhead(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(err.contains(expect), "{args:?}: {err}");
    }
}

/// Two shards merged give the statistics of the same games played at once.
#[test]
fn merged_shards_are_the_whole_study() {
    let dir = scratch("simulate-shards");
    let common = ["simulate", "1849", "--games", "4", "--players", "4", "--bots", "greedy,random,random,greedy", "--seed", "5", "--quiet"];
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    for (shard, file) in [("1/2", "a.json"), ("2/2", "b.json")] {
        let mut args = common.to_vec();
        let out_file = path(file);
        args.extend(["--shard", shard, "--json", &out_file]);
        let out = railhead(&args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let whole_file = path("whole.json");
    let mut args = common.to_vec();
    args.extend(["--json", &whole_file, "--csv"]);
    let csv_file = path("games.csv");
    args.push(&csv_file);
    let plots = path("plots");
    args.extend(["--plot", &plots]);
    let out = railhead(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("games                 4 of 4 planned"), "{text}");
    assert_eq!(std::fs::read_to_string(&csv_file).unwrap().lines().count(), 5);
    for chart in ["length", "values", "wins", "bank", "endings"] {
        assert!(dir.join("plots").join(format!("{chart}.svg")).is_file(), "{chart}.svg");
        assert!(dir.join("plots").join(format!("{chart}.png")).is_file(), "{chart}.png");
    }
    let merged_file = path("merged.json");
    let out = railhead(&["simulate", "merge", &path("a.json"), &path("b.json"), "--json", &merged_file]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let study = |f: &str| serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(f).unwrap()).unwrap()["study"].clone();
    assert_eq!(study(&merged_file), study(&whole_file));
    // The same shard twice overlaps: refused, naming the games.
    let out = railhead(&["simulate", "merge", &path("a.json"), &path("a.json")]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("both have games"), "{}", String::from_utf8_lossy(&out.stderr));
}

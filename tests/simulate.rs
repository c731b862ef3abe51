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

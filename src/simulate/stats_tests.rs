use super::*;
use crate::simulate::testkit::{Lean, game, meta, study};

#[test]
fn shards_merged_equal_one_run() {
    let whole = study(0..300, 300, Lean::default());
    // Three shards, merged out of order, one of them added backwards.
    let mut merged = study(200..300, 300, Lean::default());
    let mut backwards = Study::new(meta(300));
    for i in (0..120).rev() {
        backwards.add(&game(i, Lean::default()));
    }
    merged.merge(study(120..200, 300, Lean::default())).unwrap();
    merged.merge(backwards).unwrap();
    assert_eq!(merged, whole);
    assert_eq!(whole.shards, vec![(0, 300)]);
    assert!(whole.missing().is_empty());
}

#[test]
fn games_are_sorted_by_outcome() {
    let s = study(0..300, 300, Lean::default());
    assert_eq!(s.games, 300);
    assert_eq!(s.errors, 6);
    assert_eq!(s.unfinished, 8);
    assert_eq!(s.finished, 286);
    assert_eq!(s.endings.values().sum::<u64>(), 286);
    assert_eq!(s.rounds.moments.n, 286);
    assert_eq!(s.error_samples.len(), ERROR_SAMPLES);
    assert_eq!(s.error_samples[0].index, 49);
    assert_eq!(s.corps.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["PRR", "NYC", "B&O"]);
}

#[test]
fn ties_share_the_win() {
    let mut s = Study::new(meta(1));
    let mut g = game(0, Lean::default());
    g.values = vec![5000, 5000, 4000];
    g.winners = vec![0, 1];
    s.add(&g);
    assert_eq!(s.seats[0].wins.total(), 0.5);
    assert_eq!(s.seats[2].wins.total(), 0.0);
    assert_eq!(s.bots["greedy"].wins.total(), 0.5);
    assert_eq!(s.bots["random"].seats, 2);
    assert_eq!(s.winner_value.moments.sum, 5000);
}

#[test]
fn merge_refuses_overlap_and_other_experiments() {
    let mut a = study(0..100, 200, Lean::default());
    let err = a.clone().merge(study(50..150, 200, Lean::default())).unwrap_err();
    assert!(err.contains("50..100"), "{err}");
    let mut other = study(100..200, 200, Lean::default());
    other.meta.options = vec!["no_privates".into()];
    other.meta.seed = 7;
    let err = a.merge(other).unwrap_err();
    assert!(err.contains("options") && err.contains("seed 42 ≠ 7") && !err.contains("title"), "{err}");
    assert_eq!(a, study(0..100, 200, Lean::default()), "a refused merge leaves the study as it was");
    assert_eq!(a.missing(), vec![(100, 200)]);
}

#[test]
fn merge_refuses_other_bins() {
    let mut a = Study::with_value_bin_width(meta(20), 250);
    a.add(&game(0, Lean::default()));
    let err = a.merge(study(10..20, 20, Lean::default())).unwrap_err();
    assert!(err.contains("final values") && err.contains("250"), "{err}");
}

#[test]
fn json_round_trip() {
    let s = study(0..60, 60, Lean::default());
    let text = serde_json::to_string(&s).unwrap();
    assert_eq!(Study::from_json(&text).unwrap(), s);
    let wrapped = serde_json::json!({ "study": s, "summary": {} }).to_string();
    assert_eq!(Study::from_json(&wrapped).unwrap(), s);
    let err = Study::from_json(r#"{"meta": {"title": 3}}"#).unwrap_err();
    assert!(err.contains("meta.title"), "{err}");
    assert!(Study::from_json("nope").is_err());
}

#[test]
fn odd_records_do_not_panic() {
    let mut s = Study::new(meta(3));
    // Winners out of range, no values, no bots, an empty bank.
    s.add(&GameRecord { index: 0, end: Some("bank".into()), winners: vec![9], ..GameRecord::default() });
    s.add(&GameRecord { index: 0, end: Some("bank".into()), values: vec![1, 2], winners: vec![1], bank: vec![5; 3], ..GameRecord::default() });
    s.add(&GameRecord { index: u64::MAX, actions: u64::MAX, end: Some("x".into()), ..GameRecord::default() });
    assert_eq!(s.games, 3);
    assert_eq!(s.seats.len(), 2);
}

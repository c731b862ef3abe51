//! Synthetic game records for the statistics' tests: deterministic,
//! varied enough to fill every figure, with knobs for the differences a
//! comparison should (or should not) find.

use super::record::{CorpRecord, GameRecord};
use super::stats::{Study, StudyMeta};

/// How the synthetic games lean.
#[derive(Clone, Copy, Default)]
pub struct Lean {
    /// Extra rounds every finished game lasts.
    pub extra_rounds: u32,
    /// Value added to seat 1's final value.
    pub seat1_bonus: i64,
    /// Salt for the pseudo-random numbers: another sample of the same games.
    pub salt: u64,
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

pub fn meta(games: u64) -> StudyMeta {
    StudyMeta {
        title: "1830".into(),
        options: vec![],
        players: 3,
        bots: vec!["greedy".into(), "random".into(), "random".into()],
        seed: 42,
        games_planned: games,
    }
}

/// Game `index`: every 50th errors, every 37th runs out of actions.
pub fn game(index: u64, lean: Lean) -> GameRecord {
    let r = |k: u64| splitmix(index.wrapping_mul(31).wrapping_add(k).wrapping_add(lean.salt.wrapping_mul(1_000_003)));
    let bots = meta(0).bots;
    let mut g = GameRecord { index, seed: splitmix(index ^ 42), bots, ..GameRecord::default() };
    if index % 50 == 49 {
        g.error = Some(format!("bot \"random\" offered no action (game {index})"));
        g.actions = 100;
        return g;
    }
    g.rounds = 12 + (r(1) % 8) as u32 + lean.extra_rounds;
    g.operating_rounds = g.rounds * 2 / 3;
    g.actions = g.rounds as u64 * 40 + r(2) % 100;
    if index % 37 != 36 {
        g.end = Some(if r(3) % 10 < 7 { "bank" } else { "bankrupt" }.into());
    }
    g.values = (0..3).map(|seat| 3000 + (r(10 + seat) % 2000) as i64 + if seat == 0 { lean.seat1_bonus } else { 0 }).collect();
    let best = *g.values.iter().max().unwrap();
    g.winners = (0..3).filter(|s| g.values[*s] == best).collect();
    g.corps = ["PRR", "NYC", "B&O"]
        .iter()
        .enumerate()
        .map(|(i, id)| {
            let floated = r(20 + i as u64) % 10 < 9 - 2 * i as u64;
            let runs = if floated { 3 + (r(30 + i as u64) % 10) as u32 } else { 0 };
            CorpRecord { id: id.to_string(), floated, closed: floated && r(40 + i as u64) % 10 == 0, runs, revenue: runs as i64 * (100 + (r(50 + i as u64) % 200) as i64) }
        })
        .collect();
    g.phases = vec![("2".into(), 1), ("3".into(), 3 + (r(60) % 2) as u32), ("4".into(), 6 + (r(61) % 3) as u32)];
    if r(62) % 2 == 0 {
        g.phases.push(("D".into(), g.rounds - 2));
    }
    g.bank = (0..=g.rounds as i64).map(|round| 12_000 - round * (500 + (r(70) % 300) as i64)).collect();
    g
}

/// A study of games `range` leaning as told.
pub fn study(range: std::ops::Range<u64>, games_planned: u64, lean: Lean) -> Study {
    let mut s = Study::new(meta(games_planned));
    for i in range {
        s.add(&game(i, lean));
    }
    s
}

//! The 18xx.games website engine's own figures, to compare with.
//!
//! Source: measured with the website's engine (tobymao/18xx, commit
//! 111f7f698 of 2026-08-02) run headless on this machine class (2 cores,
//! shared, load about 5-6), by the project's oracle tools outside this
//! repository (`tobymao-tools`: `autoroute.rb --all` and `run.js autoroute
//! --all` for the auto-router, `time_replay.rb` and `run.js time` for
//! replays; their README, "Timings"). "MRI" is plain Ruby 3.1.2; "Opal"
//! is the code the website runs in the browser, compiled with Opal 1.8.2
//! and run on Node 20. Auto-router times are wall time per position,
//! including its path walk, over every recorded run of the fixture with an
//! empty starting route set.

/// The auto-router over the recorded runs of one fixture.
pub struct RouterReference {
    /// Fixture file name.
    pub fixture: &'static str,
    pub runtime: &'static str,
    pub positions: usize,
    pub median_seconds: f64,
    pub max_seconds: f64,
}

pub const ROUTER: &[RouterReference] = &[
    RouterReference { fixture: "1849_game_end_bank.json", runtime: "MRI", positions: 54, median_seconds: 0.031, max_seconds: 1.24 },
    RouterReference { fixture: "1849_game_end_bank.json", runtime: "Opal/JS", positions: 54, median_seconds: 0.20, max_seconds: 10.2 },
    RouterReference { fixture: "1844_game_end_bankrupt.json", runtime: "MRI", positions: 70, median_seconds: 0.0017, max_seconds: 0.60 },
    RouterReference { fixture: "1844_game_end_bankrupt.json", runtime: "Opal/JS", positions: 70, median_seconds: 0.017, max_seconds: 4.7 },
];

/// A whole replay of one fixture (`Engine::Game.load` on the parsed JSON,
/// median of 5-7; engine boot and JSON parsing not included).
pub struct ReplayReference {
    pub fixture: &'static str,
    pub runtime: &'static str,
    pub wall_seconds: f64,
    pub cpu_seconds: Option<f64>,
}

pub const REPLAY: &[ReplayReference] = &[
    ReplayReference { fixture: "1849_game_end_bank.json", runtime: "MRI", wall_seconds: 0.15, cpu_seconds: Some(0.19) },
    ReplayReference { fixture: "1844_game_end_bankrupt.json", runtime: "MRI", wall_seconds: 0.36, cpu_seconds: Some(0.36) },
    ReplayReference { fixture: "variants_test.json", runtime: "MRI", wall_seconds: 0.14, cpu_seconds: None },
];

/// The targets of shared/DESIGN.md ("Route search").
pub const TARGET_REAL_MEDIAN_SECONDS: f64 = 0.001;
pub const TARGET_SYNTHETIC_MAX_SECONDS: f64 = 1.0;
pub const TARGET_SPEEDUP: f64 = 100.0;

//! `bench playouts`: complete random games per second, per title.
//!
//! Two ways of playing, each on one thread and on every core:
//! - **checked**: `railhead fuzz`'s games, with every invariant it checks
//!   (money, certificates, cash after every action; refusals and save/load
//!   round trips), the figure issue 21's targets are set on;
//! - **bare**: `railhead simulate`'s random bots, no checks.
//!
//! Each figure is the median of a few batches of games; the same seeds
//! every time, so two builds compare on the same games.

use super::measure::median;
use crate::fuzz::{FuzzConfig, run_parallel};
use crate::simulate::bots::BotKind;
use crate::simulate::runner::{self, Batch};
use crate::title::Title;
use std::sync::Arc;
use std::time::Instant;

/// How the games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Checked,
    Bare,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Checked => "checked",
            Mode::Bare => "bare",
        }
    }
}

/// One measured configuration.
#[derive(Clone, Debug)]
pub struct PlayoutTiming {
    pub title: String,
    pub players: u8,
    pub mode: Mode,
    pub threads: usize,
    pub games: u32,
    /// Games per second of each batch, sorted.
    pub games_per_second: Vec<f64>,
    /// Actions per second of each batch, sorted.
    pub actions_per_second: Vec<f64>,
    /// Games that broke an invariant or failed (should be 0).
    pub failures: usize,
}

impl PlayoutTiming {
    pub fn median_games(&self) -> f64 {
        median(&self.games_per_second)
    }
    pub fn median_actions(&self) -> f64 {
        median(&self.actions_per_second)
    }
}

/// Plays `batches` batches of `games` games and times each.
pub fn time_playouts(title: &Arc<Title>, players: u8, mode: Mode, threads: usize, games: u32, batches: usize) -> PlayoutTiming {
    let mut out = PlayoutTiming { title: title.meta.id.clone(), players, mode, threads, games, games_per_second: Vec::new(), actions_per_second: Vec::new(), failures: 0 };
    for b in 0..batches.max(1) {
        let seed = 1 + b as u64;
        let start = Instant::now();
        let actions = match mode {
            Mode::Checked => {
                let cfg = FuzzConfig { games, seed, players, ..FuzzConfig::default() };
                let report = run_parallel(title.clone(), &cfg, threads);
                out.failures += report.violations.len();
                report.actions
            }
            Mode::Bare => {
                let batch = Batch { bots: vec![BotKind::Random; players as usize], seed, games: 0..u64::from(games), max_actions: 20_000, threads, save_to: None, save_all: false };
                match runner::run(title, &batch, &|_| {}) {
                    Ok(records) => {
                        out.failures += records.iter().filter(|r| r.error.is_some()).count();
                        records.iter().map(|r| r.actions).sum()
                    }
                    Err(_) => {
                        out.failures += games as usize;
                        0
                    }
                }
            }
        };
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        out.games_per_second.push(f64::from(games) / secs);
        out.actions_per_second.push(actions as f64 / secs);
    }
    out.games_per_second.sort_by(f64::total_cmp);
    out.actions_per_second.sort_by(f64::total_cmp);
    out
}

/// The target for this title and player count (checked play on one
/// thread), if issue 21 set one.
pub fn target(title: &str, players: u8) -> Option<f64> {
    super::reference::TARGET_PLAYOUTS.iter().find(|(t, p, _)| *t == title && *p == players).map(|x| x.2)
}

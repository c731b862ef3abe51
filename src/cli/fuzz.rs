//! `railhead fuzz TITLE`: random complete games with invariant checks.

use super::TitleArgs;
use railhead::fuzz::{FuzzConfig, run_parallel};
use std::process::ExitCode;
use std::sync::Arc;

/// The rows of each `--profile-scripts` table (the costliest functions,
/// then methods), here and in `bench replay`.
pub(super) const SCRIPT_PROFILE_ROWS: usize = 25;

/// `cfg` as the command line gave it; its `players` is set here, from
/// `players` or the title's default.
pub fn run(title: &str, mut cfg: FuzzConfig, players: Option<u8>, threads: usize, args: &TitleArgs) -> anyhow::Result<ExitCode> {
    let t = super::load_title(Some(title), args, players.map(usize::from))?;
    // A title's player counts are at most limits::MAX_PLAYERS, far below 256.
    cfg.players = players.unwrap_or(u8::try_from(t.meta.default_players).unwrap_or(u8::MAX));
    railhead::game::seat_count(&t, usize::from(cfg.players)).map_err(anyhow::Error::msg)?;
    let max_actions = cfg.max_actions;
    let threads = if threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { threads };
    let t = Arc::new(t);
    let report = run_parallel(t.clone(), &cfg, threads);
    for v in report.violations.iter().take(20) {
        println!("violation: {v}");
    }
    for seed in report.unfinished.iter().take(20) {
        println!("unfinished: game seed {seed} (still running after {max_actions} actions)");
    }
    let reasons: Vec<String> = report.reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("endings: {}; {:.1} s", reasons.join(", "), report.seconds);
    // In the title's phase order, not by name.
    let phases: Vec<String> = t.phases.iter().filter_map(|p| report.final_phases.get(&p.name).map(|n| format!("{} {n}", p.name))).collect();
    println!("final phase: {}", phases.join(", "));
    for (seed, digest) in &report.digests {
        println!("digest: game seed {seed}: {digest:016x}");
    }
    if cfg.profile_scripts {
        print!("{}", report.script_profile.table(SCRIPT_PROFILE_ROWS));
    }
    println!("{}", report.summary());
    Ok(if report.violations.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

//! `railhead fuzz-input`: damaged titles, saves and records fed to the
//! loaders; exits non-zero on any panic or case over the time limit.

use railhead::fuzz::input::{Budget, InputFuzzConfig, Target, run};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args, Clone, Debug)]
pub struct FuzzInputArgs {
    /// What to fuzz: title, save, import or all.
    #[arg(long, default_value = "all", value_parser = ["title", "save", "import", "all"])]
    pub target: String,
    /// Run for this many minutes (cases started before then finish).
    #[arg(long, conflicts_with = "cases")]
    pub minutes: Option<f64>,
    /// Run this many cases per target [default: 100].
    #[arg(long)]
    pub cases: Option<u64>,
    /// The same seed makes the same cases.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start at this case number (with --cases 1: rerun one case).
    #[arg(long, default_value_t = 0)]
    pub first_case: u64,
    /// Write each failing input here, with a note on how to reproduce it.
    #[arg(long, value_name = "DIR")]
    pub save_failures: Option<PathBuf>,
    /// A case slower than this is a failure.
    #[arg(long, default_value_t = 10.0)]
    pub case_seconds: f64,
    /// Random moves played at most once an input loads.
    #[arg(long, default_value_t = 200)]
    pub max_moves: u32,
    /// Recorded games to start import cases from [default: ../shared/fixtures/18xx.games when present].
    #[arg(long, value_name = "DIR")]
    pub fixtures: Option<PathBuf>,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run_cli(a: &FuzzInputArgs) -> anyhow::Result<ExitCode> {
    let targets = Target::parse_list(&a.target).ok_or_else(|| anyhow::anyhow!("unknown target \"{}\" (title, save, import, all)", a.target))?;
    let budget = match a.minutes {
        Some(m) if m.is_finite() && m >= 0.0 => Budget::Time(Duration::from_secs_f64(m * 60.0)),
        Some(m) => anyhow::bail!("--minutes {m}: give a number of minutes"),
        None => Budget::Cases(a.cases.unwrap_or(100)),
    };
    if !(a.case_seconds.is_finite() && a.case_seconds > 0.0) {
        anyhow::bail!("--case-seconds {}: give a positive number of seconds", a.case_seconds);
    }
    let fixtures = match &a.fixtures {
        Some(d) if !d.is_dir() => anyhow::bail!("--fixtures {}: no such folder", d.display()),
        Some(d) => Some(d.clone()),
        None => super::bench::fixtures_dir(&None),
    };
    if fixtures.is_none() && !a.json {
        eprintln!("no recorded games at ../shared/fixtures/18xx.games: import cases start from the hand-written records only");
    }
    let cfg = InputFuzzConfig {
        targets,
        seed: a.seed,
        budget,
        first_case: a.first_case,
        case_limit: Duration::from_secs_f64(a.case_seconds.min(86_400.0)),
        save_failures: a.save_failures.clone(),
        fixtures,
        max_moves: a.max_moves,
        progress_every: (!a.json).then(|| Duration::from_secs(60)),
    };
    let report = run(&cfg, &mut |r| {
        let per: Vec<String> = r.targets.iter().map(|(t, s)| format!("{} {}", t.name(), s.cases)).collect();
        eprintln!("{:.0} s: {} cases ({}), failures {}", r.seconds, r.cases(), per.join(", "), r.failures.len());
    });
    if a.json {
        println!("{}", report.to_json());
    } else {
        print!("{}", report.text());
    }
    Ok(if report.ok() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

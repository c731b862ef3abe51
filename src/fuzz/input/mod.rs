//! Input fuzzing: every file railhead reads is hostile input. Real inputs
//! (the embedded titles' TOML and Lua, save files of random games,
//! recorded games) are damaged by mutations, byte-level (`bytes.rs`) and
//! structure-aware (`tree.rs`), and handed to the loader a user's command
//! would run: the title loader, then a game of the title; the save
//! loader, which replays the game; the record parser and its replay. Each
//! accepted input then plays a few random legal moves. A panic, or a case
//! over the time limit, is a failure, and its input is saved to a folder
//! with the command that reproduces it.
//!
//! `railhead fuzz-input` runs it (src/cli/fuzz_input.rs); tests/fuzz_input.rs
//! runs a short fixed-seed run inside `cargo test`.

pub mod bytes;
pub mod cases;
pub mod exec;
pub mod failures;
pub mod report;
pub mod seeds;
pub mod tree;
pub mod worker;

pub use report::{Failure, FailureKind, InputFuzzReport, TargetStats};

use std::path::PathBuf;
use std::time::{Duration, Instant};
use worker::{Outcome, Watched, Worker};

/// What a case feeds its input to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// `title::load::load`, then `Game::new` and random moves.
    Title = 0,
    /// `SaveFile::parse` and `restore` (replaying every action).
    Save = 1,
    /// `import::parse` and `import::replay`.
    Import = 2,
}

impl Target {
    pub const ALL: [Target; 3] = [Target::Title, Target::Save, Target::Import];

    pub fn name(self) -> &'static str {
        match self {
            Target::Title => "title",
            Target::Save => "save",
            Target::Import => "import",
        }
    }

    /// "title", "save", "import", or "all".
    pub fn parse_list(s: &str) -> Option<Vec<Target>> {
        match s {
            "all" => Some(Target::ALL.to_vec()),
            _ => Target::ALL.iter().find(|t| t.name() == s).map(|t| vec![*t]),
        }
    }
}

/// When a run stops.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// This many cases per target.
    Cases(u64),
    /// Cases until this much time has passed (the cases started before
    /// then finish).
    Time(Duration),
}

#[derive(Clone, Debug)]
pub struct InputFuzzConfig {
    pub targets: Vec<Target>,
    pub seed: u64,
    pub budget: Budget,
    /// The number of the first case (cases are numbered per target):
    /// `first_case N` with `Budget::Cases(1)` reruns case N alone.
    pub first_case: u64,
    /// A case taking longer is a failure.
    pub case_limit: Duration,
    /// Where failing inputs are written.
    pub save_failures: Option<PathBuf>,
    /// Recorded games to start import cases from (besides the hand-written ones).
    pub fixtures: Option<PathBuf>,
    /// Random moves played at most after an input loads.
    pub max_moves: u32,
    /// Called now and then with the report so far (a long run's progress).
    pub progress_every: Option<Duration>,
}

impl Default for InputFuzzConfig {
    fn default() -> Self {
        InputFuzzConfig {
            targets: Target::ALL.to_vec(),
            seed: 1,
            budget: Budget::Cases(100),
            first_case: 0,
            case_limit: Duration::from_secs(10),
            save_failures: None,
            fixtures: None,
            max_moves: 200,
            progress_every: None,
        }
    }
}

/// Runs the cases on one worker thread; `progress` sees the report so far
/// every `progress_every`.
pub fn run(cfg: &InputFuzzConfig, progress: &mut dyn FnMut(&InputFuzzReport)) -> InputFuzzReport {
    let start = Instant::now();
    let corpus = seeds::corpus(cfg.seed, cfg.fixtures.as_deref(), &cfg.targets);
    let mut report = InputFuzzReport { seed: cfg.seed, ..Default::default() };
    for t in &cfg.targets {
        let seeds = match t {
            Target::Title => corpus.titles.len(),
            Target::Save => corpus.saves.len(),
            Target::Import => corpus.records.len(),
        };
        report.seeds.insert(*t, seeds);
        report.targets.insert(*t, TargetStats::default());
    }
    report.seed_seconds = start.elapsed().as_secs_f64();
    let mut worker = match Worker::spawn() {
        Ok(w) => w,
        Err(e) => {
            report.error = Some(format!("cannot start the worker thread: {e}"));
            return report;
        }
    };
    let mut last_progress = Instant::now();
    let mut index = cfg.first_case;
    'cases: loop {
        if let Budget::Cases(n) = cfg.budget
            && index >= cfg.first_case.saturating_add(n)
        {
            break;
        }
        for &target in &cfg.targets {
            if let Budget::Time(d) = cfg.budget
                && start.elapsed() >= d
            {
                break 'cases;
            }
            let made = Instant::now();
            let Some(case) = cases::generate(&corpus, target, cfg.seed, index, cfg.max_moves) else { continue };
            report.targets.entry(target).or_default().making_seconds += made.elapsed().as_secs_f64();
            let kept = case.clone();
            // A case that kills the process (out of memory, a stack
            // overflow) cannot be caught: this note says which it was.
            if let Some(dir) = &cfg.save_failures {
                let _ = std::fs::create_dir_all(dir).and_then(|_| std::fs::write(dir.join(IN_PROGRESS), in_progress_note(cfg, &kept)));
            }
            let watched = worker.run(case, cfg.case_limit);
            let hung = matches!(watched, Watched::Hung { .. });
            record(&mut report, cfg, &kept, watched);
            if hung {
                report.error = Some(format!("{} case {} never ended: the run stops", target.name(), kept.index));
                break 'cases;
            }
            if let Some(every) = cfg.progress_every
                && last_progress.elapsed() >= every
            {
                report.seconds = start.elapsed().as_secs_f64();
                progress(&report);
                last_progress = Instant::now();
            }
        }
        index += 1;
    }
    if let Some(dir) = &cfg.save_failures {
        let _ = std::fs::remove_file(dir.join(IN_PROGRESS));
    }
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// The file naming the case under way, in the failures folder.
pub const IN_PROGRESS: &str = "in-progress.txt";

fn in_progress_note(cfg: &InputFuzzConfig, case: &cases::Case) -> String {
    format!(
        "{} case {} of seed {} was running when this run ended without a report (the process was killed or aborted).\nmade from {} by:\n{}rerun it: railhead fuzz-input --target {} --seed {} --first-case {} --cases 1 --save-failures DIR\n",
        case.target.name(),
        case.index,
        cfg.seed,
        case.seed_label,
        case.changes.iter().map(|c| format!("  {c}\n")).collect::<String>(),
        case.target.name(),
        cfg.seed,
        case.index
    )
}

/// Adds a watched case to the report, saving its input if it failed.
fn record(report: &mut InputFuzzReport, cfg: &InputFuzzConfig, case: &cases::Case, watched: Watched) {
    let (finished, late) = match watched {
        Watched::InTime(f) => (Some(f), false),
        Watched::Late(f) => (Some(f), true),
        Watched::Hung { seconds } => {
            report.fail(cfg, case, FailureKind::Hung { seconds });
            return;
        }
    };
    let Some(f) = finished else { return };
    report.targets.entry(case.target).or_default().add(case, &f);
    match f.outcome {
        Outcome::Panicked { message, location } => report.fail(cfg, case, FailureKind::Panic { message, location }),
        Outcome::Done(_) if late => report.fail(cfg, case, FailureKind::Slow { seconds: f.seconds }),
        Outcome::Done(_) => {}
    }
}

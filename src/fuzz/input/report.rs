//! What a run found: cases per target, how many inputs were accepted,
//! the slowest case, and every failure with where its input was saved.

use super::cases::Case;
use super::exec::Verdict;
use super::worker::{Finished, Outcome};
use super::{InputFuzzConfig, Target};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(Clone, Debug, Default)]
pub struct TargetStats {
    pub cases: u64,
    /// Inputs the loader accepted (the rest were refused with a message).
    pub accepted: u64,
    /// Random moves played on accepted inputs.
    pub moves: u64,
    /// Time spent in the cases.
    pub seconds: f64,
    /// Time spent making them (mutating and writing the inputs).
    pub making_seconds: f64,
    pub slowest: Option<Slowest>,
}

#[derive(Clone, Debug)]
pub struct Slowest {
    pub seconds: f64,
    pub index: u64,
    pub seed_label: String,
    pub changes: Vec<String>,
}

impl TargetStats {
    pub fn add(&mut self, case: &Case, f: &Finished) {
        self.cases += 1;
        self.seconds += f.seconds;
        if let Outcome::Done(Verdict::Accepted { moves }) = f.outcome {
            self.accepted += 1;
            self.moves += moves as u64;
        }
        if self.slowest.as_ref().is_none_or(|s| f.seconds > s.seconds) {
            self.slowest = Some(Slowest { seconds: f.seconds, index: case.index, seed_label: case.seed_label.clone(), changes: case.changes.clone() });
        }
    }
}

#[derive(Clone, Debug)]
pub enum FailureKind {
    Panic { message: String, location: String },
    /// Finished, but over the time limit.
    Slow { seconds: f64 },
    /// Never finished.
    Hung { seconds: f64 },
}

impl std::fmt::Display for FailureKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FailureKind::Panic { message, location } => {
                // Messages may quote the whole input: the saved case has it.
                let shown: String = message.chars().take(300).collect();
                let cut = if shown.len() < message.len() { " [...]" } else { "" };
                write!(f, "panic at {location}: {shown}{cut}")
            }
            FailureKind::Slow { seconds } => write!(f, "took {seconds:.1} s, over the time limit"),
            FailureKind::Hung { seconds } => write!(f, "still running after {seconds:.0} s"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Failure {
    pub target: Target,
    pub index: u64,
    pub kind: FailureKind,
    pub seed_label: String,
    pub changes: Vec<String>,
    /// Where the input was written, or why it could not be.
    pub saved: Option<Result<PathBuf, String>>,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} case {}: {} (from {}: {})", self.target.name(), self.index, self.kind, self.seed_label, self.changes.join("; "))?;
        match &self.saved {
            Some(Ok(p)) => write!(f, "; input saved to {}", p.display()),
            Some(Err(e)) => write!(f, "; the input could not be saved: {e}"),
            None => Ok(()),
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct InputFuzzReport {
    pub seed: u64,
    pub targets: BTreeMap<Target, TargetStats>,
    /// Seed inputs per target.
    pub seeds: BTreeMap<Target, usize>,
    pub failures: Vec<Failure>,
    /// Making the seed inputs (random games for the saves).
    pub seed_seconds: f64,
    pub seconds: f64,
    /// Why the run stopped early, if it did.
    pub error: Option<String>,
}

impl InputFuzzReport {
    pub fn fail(&mut self, cfg: &InputFuzzConfig, case: &Case, kind: FailureKind) {
        let saved = cfg.save_failures.as_ref().map(|dir| super::failures::save(dir, cfg.seed, case, &kind.to_string()).map_err(|e| e.to_string()));
        self.failures.push(Failure { target: case.target, index: case.index, kind, seed_label: case.seed_label.clone(), changes: case.changes.clone(), saved });
    }

    pub fn panics(&self) -> usize {
        self.failures.iter().filter(|f| matches!(f.kind, FailureKind::Panic { .. })).count()
    }

    pub fn ok(&self) -> bool {
        self.failures.is_empty() && self.error.is_none()
    }

    pub fn cases(&self) -> u64 {
        self.targets.values().map(|t| t.cases).sum()
    }

    /// One line per target, then the failures.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (t, s) in &self.targets {
            let slowest = s.slowest.as_ref().map_or("-".into(), |x| format!("{:.3} s (case {}, {})", x.seconds, x.index, x.seed_label));
            out.push_str(&format!(
                "{:<7} {:>7} cases ({} seeds), {:>6} accepted, {:>7} moves, {:>7.1} s (+{:.1} s making them); slowest {slowest}\n",
                t.name(),
                s.cases,
                self.seeds.get(t).copied().unwrap_or(0),
                s.accepted,
                s.moves,
                s.seconds,
                s.making_seconds
            ));
        }
        for f in &self.failures {
            out.push_str(&format!("FAILURE {f}\n"));
        }
        if let Some(e) = &self.error {
            out.push_str(&format!("stopped: {e}\n"));
        }
        out.push_str(&format!(
            "fuzz-input: seed {}, {} cases in {:.1} s (seeds made in {:.1} s), panics {}, failures {}\n",
            self.seed,
            self.cases(),
            self.seconds,
            self.seed_seconds,
            self.panics(),
            self.failures.len()
        ));
        out
    }

    pub fn to_json(&self) -> Value {
        let targets: serde_json::Map<String, Value> = self
            .targets
            .iter()
            .map(|(t, s)| {
                let slowest = s.slowest.as_ref().map(|x| json!({"seconds": x.seconds, "case": x.index, "seed": x.seed_label, "changes": x.changes}));
                (t.name().to_string(), json!({"cases": s.cases, "seeds": self.seeds.get(t), "accepted": s.accepted, "moves": s.moves, "seconds": s.seconds, "making_seconds": s.making_seconds, "slowest": slowest}))
            })
            .collect();
        let failures: Vec<Value> = self
            .failures
            .iter()
            .map(|f| {
                json!({
                    "target": f.target.name(), "case": f.index, "failure": f.kind.to_string(), "seed": f.seed_label, "changes": f.changes,
                    "saved": f.saved.as_ref().map(|s| s.as_ref().map(|p| p.display().to_string()).unwrap_or_else(|e| format!("not saved: {e}"))),
                })
            })
            .collect();
        json!({
            "seed": self.seed, "cases": self.cases(), "seconds": self.seconds, "seed_seconds": self.seed_seconds,
            "panics": self.panics(), "failures": failures, "targets": targets, "error": self.error, "ok": self.ok(),
        })
    }
}

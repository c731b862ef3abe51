//! Timing each position: repeated searches in worker processes, each
//! search capped.

use super::positions::BenchPosition;
use super::worker::{Request, Sample, Worker, WorkerCommand, WorkerError};
use std::sync::Mutex;
use std::sync::mpsc::channel;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct Settings {
    /// Repeats per position; `None`: the position's default.
    pub repeat: Option<usize>,
    /// Cap on one search, and on the repeats of a position together
    /// (at least one search always completes within the cap, or the
    /// position is reported as over it).
    pub max_seconds: f64,
    /// Positions measured at once, one worker process each.
    pub workers: usize,
    /// The single-thread search.
    pub worker: WorkerCommand,
    /// The parallel search, measured after the single-thread one (its
    /// threads, its worker); `None`: single thread only.
    pub parallel: Option<(usize, WorkerCommand)>,
}

#[derive(Clone, Debug)]
pub enum Outcome {
    Done(Measured),
    /// The first search did not finish within the cap.
    Exceeded,
    Failed(String),
}

#[derive(Clone, Debug)]
pub struct Measured {
    pub revenue: i64,
    pub candidates: u64,
    pub nodes: u64,
    /// Search times, sorted.
    pub times: Vec<f64>,
    /// The validator disagrees with the search (a bug).
    pub invalid: Option<String>,
    /// Repeats not made because the position's time reached the cap.
    pub cut_short: bool,
    /// The same position searched in parallel (`Settings::parallel`).
    pub parallel: Option<Box<Outcome>>,
}

impl Measured {
    pub fn median(&self) -> f64 {
        median(&self.times)
    }
    pub fn min(&self) -> f64 {
        self.times.first().copied().unwrap_or(0.0)
    }
    pub fn max(&self) -> f64 {
        self.times.last().copied().unwrap_or(0.0)
    }
}

/// Median of sorted values (the upper one of an even count).
pub fn median(sorted: &[f64]) -> f64 {
    if sorted.is_empty() { 0.0 } else { sorted[sorted.len() / 2] }
}

/// Measures every position; `done(index, outcome)` is called in order of
/// the positions, as soon as each one and all before it are measured.
///
/// With a parallel search to time as well, every position is first timed
/// on one thread and then every one in parallel, each pass in a worker of
/// its own, and `done` is called during the second pass: timed in turns
/// with the parallel worker, the single-thread one measured searches of
/// a few microseconds half again as slow (real 1844 positions: 11 µs
/// against 7 µs alone).
pub fn measure_all(positions: &[BenchPosition], s: &Settings, done: &mut dyn FnMut(usize, &Outcome)) {
    let Some((_, par_cmd)) = &s.parallel else {
        pass(positions, &s.worker, s, &|_| true, done);
        return;
    };
    let mut single: Vec<Option<Outcome>> = vec![None; positions.len()];
    pass(positions, &s.worker, s, &|_| true, &mut |i, o| {
        eprint!("\rtimed on one thread: {}/{}", i + 1, positions.len());
        single[i] = Some(o.clone());
    });
    eprintln!();
    let finished: Vec<bool> = single.iter().map(|o| matches!(o, Some(Outcome::Done(_)))).collect();
    pass(positions, par_cmd, s, &|i| finished[i], &mut |i, o| {
        let mut outcome = single[i].take().unwrap_or_else(|| Outcome::Failed("not measured".into()));
        // Over the cap on one thread: the parallel search is not tried
        // (it would cost another cap).
        if let Outcome::Done(m) = &mut outcome
            && finished[i]
        {
            m.parallel = Some(Box::new(o.clone()));
        }
        done(i, &outcome);
    });
}

/// One pass over the positions with one kind of worker (`s.workers` at
/// once); positions not `wanted` are reported failed without a search.
fn pass(
    positions: &[BenchPosition],
    cmd: &WorkerCommand,
    s: &Settings,
    wanted: &(dyn Fn(usize) -> bool + Sync),
    done: &mut dyn FnMut(usize, &Outcome),
) {
    let next = Mutex::new(0usize);
    let (tx, rx) = channel::<(usize, Outcome)>();
    std::thread::scope(|scope| {
        for _ in 0..s.workers.max(1) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut worker: Option<Worker> = None;
                loop {
                    let i = {
                        let Ok(mut n) = next.lock() else { return };
                        *n += 1;
                        *n - 1
                    };
                    let Some(pos) = positions.get(i) else { return };
                    let outcome = if wanted(i) { measure_one(&mut worker, cmd, pos, s) } else { Outcome::Failed("not searched".into()) };
                    if tx.send((i, outcome)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut pending: std::collections::BTreeMap<usize, Outcome> = std::collections::BTreeMap::new();
        let mut shown = 0;
        for (i, outcome) in rx {
            pending.insert(i, outcome);
            while let Some(o) = pending.remove(&shown) {
                done(shown, &o);
                shown += 1;
            }
        }
    });
}

fn measure_one(
    worker: &mut Option<Worker>,
    cmd: &WorkerCommand,
    pos: &BenchPosition,
    s: &Settings,
) -> Outcome {
    let repeat = s.repeat.unwrap_or(pos.default_repeat).max(1);
    let cap = Duration::from_secs_f64(s.max_seconds.max(0.001));
    let mut samples: Vec<Sample> = Vec::new();
    let mut spent = 0.0;
    let mut cut_short = false;
    while samples.len() < repeat {
        if !samples.is_empty() && spent >= s.max_seconds {
            cut_short = true;
            break;
        }
        if worker.is_none() {
            match Worker::spawn(cmd) {
                Ok(w) => *worker = Some(w),
                Err(WorkerError::Failed(m)) => return Outcome::Failed(m),
                Err(WorkerError::Timeout) => return Outcome::Failed("timeout starting a worker".into()),
            }
        }
        let Some(w) = worker.as_mut() else { return Outcome::Failed("no worker".into()) };
        let request = if samples.is_empty() { Request::Solve(Box::new(pos.problem.clone())) } else { Request::Again };
        match w.ask(&request, cap) {
            Ok(sample) => {
                spent += sample.seconds;
                samples.push(sample);
            }
            // A later repeat over the cap: keep what was measured.
            Err(WorkerError::Timeout) if !samples.is_empty() => {
                *worker = None;
                cut_short = true;
                break;
            }
            Err(WorkerError::Timeout) => {
                *worker = None;
                return Outcome::Exceeded;
            }
            Err(WorkerError::Failed(m)) => {
                *worker = None;
                return Outcome::Failed(m);
            }
        }
    }
    let first = &samples[0];
    let mut times: Vec<f64> = samples.iter().map(|x| x.seconds).collect();
    times.sort_by(f64::total_cmp);
    let unstable = samples.iter().find(|x| x.revenue != first.revenue).map(|x| format!("revenue changed between repeats: {} then {}", first.revenue, x.revenue));
    Outcome::Done(Measured {
        revenue: first.revenue,
        candidates: first.candidates,
        nodes: first.nodes,
        times,
        invalid: first.invalid.clone().or(unstable),
        cut_short,
        parallel: None,
    })
}

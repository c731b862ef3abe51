//! Timing route searches in a child process, so that a search over the
//! per-position cap can be stopped (the search itself has no way to be
//! interrupted): the parent kills the child and starts a fresh one.
//!
//! Protocol, one JSON value a line: the parent sends a [`Request`], the
//! child answers each with one [`Sample`].

use crate::route::{RouteProblem, best_run, best_run_parallel, validate_run};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

#[derive(Serialize, Deserialize)]
pub enum Request {
    /// Search this problem (and keep it for `Again`).
    Solve(Box<RouteProblem>),
    /// Search the last problem again.
    Again,
}

/// One timed search.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Sample {
    /// Wall time of `best_run` (the problem already built).
    pub seconds: f64,
    pub revenue: i64,
    pub candidates: u64,
    pub nodes: u64,
    /// After `Solve`: the validator's verdict on the run found (outside
    /// the timing): `None` when it is legal and earns what the search says.
    pub invalid: Option<String>,
}

/// The child's side: answers requests from `input` until it closes,
/// searching on one thread, or in parallel on `threads` threads (more
/// than one; the pool is built before any timing).
pub fn serve(input: impl BufRead, mut output: impl Write, threads: usize) -> std::io::Result<()> {
    let pool = if threads > 1 {
        Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(std::io::Error::other)?,
        )
    } else {
        None
    };
    let mut problem: Option<RouteProblem> = None;
    for line in input.lines() {
        let request: Request = serde_json::from_str(&line?).map_err(std::io::Error::other)?;
        let verify = matches!(request, Request::Solve(_));
        if let Request::Solve(p) = request {
            problem = Some(*p);
        }
        let Some(p) = &problem else { return Err(std::io::Error::other("`Again` before any problem")) };
        let started = Instant::now();
        let (run, stats) = match &pool {
            None => best_run(p),
            Some(pool) => best_run_parallel(p, pool),
        };
        let seconds = started.elapsed().as_secs_f64();
        let invalid = if verify { check(p, &run) } else { None };
        let sample = Sample { seconds, revenue: run.revenue, candidates: stats.candidates, nodes: stats.nodes, invalid };
        writeln!(output, "{}", serde_json::to_string(&sample).map_err(std::io::Error::other)?)?;
        output.flush()?;
    }
    Ok(())
}

fn check(p: &RouteProblem, run: &crate::route::Run) -> Option<String> {
    let spec: Vec<_> = run.routes.iter().map(|r| (r.train, r.paths.clone())).collect();
    match validate_run(p, &spec) {
        Ok(v) if v.revenue == run.revenue => None,
        Ok(v) => Some(format!("the run found earns {} by the validator, {} by the search", v.revenue, run.revenue)),
        Err(e) => Some(format!("the run found is illegal: {e}")),
    }
}

/// How to start a child that calls [`serve`] (the CLI: its own binary
/// with a hidden subcommand).
#[derive(Clone, Debug)]
pub struct WorkerCommand {
    pub exe: PathBuf,
    pub args: Vec<String>,
}

#[derive(Debug)]
pub enum WorkerError {
    /// The search took longer than allowed; the child was killed.
    Timeout,
    /// The child could not start, died or answered nonsense.
    Failed(String),
}

/// A running child.
pub struct Worker {
    child: Child,
    /// `None` once closed (the worker then ends).
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Worker {
    pub fn spawn(cmd: &WorkerCommand) -> Result<Worker, WorkerError> {
        let mut child = Command::new(&cmd.exe)
            .args(&cmd.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| WorkerError::Failed(format!("cannot start {}: {e}", cmd.exe.display())))?;
        let stdin = child.stdin.take().ok_or_else(|| WorkerError::Failed("no stdin".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| WorkerError::Failed("no stdout".into()))?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Worker { child, stdin: Some(stdin), lines })
    }

    /// Sends a request and waits at most `timeout` for its answer. After
    /// any error the worker is gone (killed) and must be replaced.
    pub fn ask(&mut self, request: &Request, timeout: Duration) -> Result<Sample, WorkerError> {
        let mut text = serde_json::to_string(request).map_err(|e| WorkerError::Failed(e.to_string()))?;
        text.push('\n');
        let Some(stdin) = self.stdin.as_mut() else { return Err(WorkerError::Failed("the worker is gone".into())) };
        if let Err(e) = stdin.write_all(text.as_bytes()).and_then(|_| stdin.flush()) {
            self.kill();
            return Err(WorkerError::Failed(format!("the worker is gone: {e}")));
        }
        match self.lines.recv_timeout(timeout) {
            Ok(line) => serde_json::from_str(&line).map_err(|e| {
                self.kill();
                WorkerError::Failed(format!("bad answer from the worker: {e}"))
            }),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(WorkerError::Timeout)
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.kill();
                Err(WorkerError::Failed("the worker died (see its message above)".into()))
            }
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Worker {
    /// Closes the worker's input and gives it a moment to end on its own
    /// (a profiler attached to it, such as callgrind, then writes its
    /// output); killed after that.
    fn drop(&mut self) {
        self.stdin = None;
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while std::time::Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                // Its state unknown: killed, as before.
                Err(_) => break,
            }
        }
        self.kill();
    }
}

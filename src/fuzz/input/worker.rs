//! Cases run on a worker thread under `catch_unwind`, watched from the
//! calling thread: a panic is caught with its message and place, a case
//! over the time limit is reported, and one that never ends is left
//! behind (a thread cannot be stopped) while the run stops and says so.

use super::cases::Case;
use super::exec::{Verdict, execute};
use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// How a case ended.
#[derive(Clone, Debug)]
pub enum Outcome {
    Done(Verdict),
    /// The message and the place (`file:line:column`) of the panic.
    Panicked { message: String, location: String },
}

/// A finished case and its time on the worker.
pub struct Finished {
    pub outcome: Outcome,
    pub seconds: f64,
}

/// The answer to [`Worker::run`].
pub enum Watched {
    /// Done within the limit.
    InTime(Finished),
    /// Done, but after the limit.
    Late(Finished),
    /// Still running long after the limit: the worker is given up.
    Hung { seconds: f64 },
}

/// A running case still unfinished after this many limits is given up.
const HANG_AFTER_LIMITS: u32 = 4;

pub struct Worker {
    cases: Option<Sender<Case>>,
    done: Receiver<Finished>,
}

thread_local! {
    /// Set on the worker: its panics are recorded, not printed.
    static CAPTURING: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

/// Installs (once per process) a panic hook that records the panics of
/// worker threads and leaves every other thread's to the previous hook.
fn install_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CAPTURING.with(Cell::get) {
                let message = info.payload_as_str().unwrap_or("(a panic without a message)").to_string();
                let location = info.location().map(|l| l.to_string()).unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some((message, location)));
            } else {
                previous(info);
            }
        }));
    });
}

impl Worker {
    pub fn spawn() -> std::io::Result<Worker> {
        install_hook();
        let (case_tx, case_rx) = channel::<Case>();
        let (done_tx, done_rx) = channel::<Finished>();
        // The main thread's stack size: the loaders run on it in the
        // command line, and a smaller one would report overflows that
        // cannot happen there.
        std::thread::Builder::new().name("fuzz-input".into()).stack_size(8 << 20).spawn(move || {
            CAPTURING.with(|c| c.set(true));
            for case in case_rx {
                let start = Instant::now();
                let outcome = match catch_unwind(AssertUnwindSafe(|| execute(&case))) {
                    Ok(v) => Outcome::Done(v),
                    Err(_) => {
                        let (message, location) = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
                        Outcome::Panicked { message, location }
                    }
                };
                if done_tx.send(Finished { outcome, seconds: start.elapsed().as_secs_f64() }).is_err() {
                    break;
                }
            }
        })?;
        Ok(Worker { cases: Some(case_tx), done: done_rx })
    }

    /// Runs a case, waiting at most `limit` for it to finish in time and
    /// [`HANG_AFTER_LIMITS`] limits in all.
    pub fn run(&mut self, case: Case, limit: Duration) -> Watched {
        let start = Instant::now();
        let sent = self.cases.as_ref().is_some_and(|tx| tx.send(case).is_ok());
        if !sent {
            return Watched::Hung { seconds: 0.0 };
        }
        match self.done.recv_timeout(limit) {
            Ok(f) => return Watched::InTime(f),
            Err(RecvTimeoutError::Disconnected) => return Watched::Hung { seconds: start.elapsed().as_secs_f64() },
            Err(RecvTimeoutError::Timeout) => {}
        }
        match self.done.recv_timeout(limit * (HANG_AFTER_LIMITS - 1)) {
            Ok(f) => Watched::Late(f),
            Err(_) => {
                // Left running: closing its queue ends it if it ever finishes.
                self.cases = None;
                Watched::Hung { seconds: start.elapsed().as_secs_f64() }
            }
        }
    }
}

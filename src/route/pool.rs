//! The one thread pool the game's route searches split hard positions
//! over, built the first time a search needs it (most never do: building
//! a pool per search cost more than the searches themselves).
//!
//! Batch runs that already keep every core busy with whole games
//! (`fuzz`, `simulate`, `bench playouts`) turn it off with
//! [`set_enabled`]: a hard search then finishes on its own thread. The
//! run found is the same either way (`search::best_run_parallel`).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

static ENABLED: AtomicBool = AtomicBool::new(true);
static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();

/// Lets (or stops) the game's route searches use the shared pool.
pub fn set_enabled(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

/// The shared pool, if searches may use one and it could be built.
pub fn shared() -> Option<&'static rayon::ThreadPool> {
    if !ENABLED.load(Ordering::Relaxed) {
        return None;
    }
    POOL.get_or_init(|| rayon::ThreadPoolBuilder::new().thread_name(|i| format!("routes-{i}")).build().ok()).as_ref()
}

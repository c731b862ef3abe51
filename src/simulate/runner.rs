//! Many playouts on several threads. Each thread keeps its own Lua state
//! (a `ScriptHost` is not shared between threads) and takes the next game
//! index when it finishes one; the records come back sorted by index, so
//! the result is the same whatever the thread count.

use super::bots::BotKind;
use super::playout;
use super::record::GameRecord;
use crate::script::ScriptHost;
use crate::title::Title;
use std::ops::Range;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// What to play.
#[derive(Clone, Debug)]
pub struct Batch {
    pub bots: Vec<BotKind>,
    pub seed: u64,
    /// Game indices to play (a shard's range, or all of them).
    pub games: Range<u64>,
    /// A game still running after this many actions is abandoned
    /// (recorded as unfinished).
    pub max_actions: u64,
    pub threads: usize,
    /// Where games with no rulebook ending are saved (`playout::play`).
    pub save_to: Option<std::path::PathBuf>,
    /// Save every game, not only those with no rulebook ending.
    pub save_all: bool,
}

/// Plays the batch; `done` is called after each game (a progress bar).
pub fn run(title: &Arc<Title>, batch: &Batch, done: &(dyn Fn(&GameRecord) + Sync)) -> Result<Vec<GameRecord>, String> {
    // Whole games keep every core busy: a hard route search stays on its
    // game's thread.
    crate::route::pool::set_enabled(false);
    let threads = batch.threads.max(1).min((batch.games.end - batch.games.start).max(1) as usize);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).thread_name(|i| format!("simulate-{i}")).build().map_err(|e| e.to_string())?;
    let next = AtomicU64::new(batch.games.start);
    let records = Mutex::new(Vec::with_capacity((batch.games.end - batch.games.start) as usize));
    let failure: Mutex<Option<String>> = Mutex::new(None);
    pool.broadcast(|_| {
        let host = match ScriptHost::new(title.clone()) {
            Ok(h) => Rc::new(h),
            Err(e) => {
                failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(format!("the title's scripts do not load: {e}"));
                return;
            }
        };
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= batch.games.end {
                break;
            }
            let rec = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| playout::play(title, &host, &batch.bots, batch.seed, index, batch.max_actions, batch.save_to.as_deref().map(|d| (d, batch.save_all)))))
                .unwrap_or_else(|p| GameRecord {
                    index,
                    seed: playout::game_seed(batch.seed, index),
                    error: Some(format!("panic: {}", crate::fuzz::panic_message(&*p))),
                    ..GameRecord::default()
                });
            done(&rec);
            records.lock().unwrap_or_else(|p| p.into_inner()).push(rec);
        }
    });
    if let Some(why) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(why);
    }
    let mut records = records.into_inner().unwrap_or_else(|p| p.into_inner());
    records.sort_by_key(|r| r.index);
    Ok(records)
}

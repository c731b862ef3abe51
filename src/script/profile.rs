//! Where a title's scripts spend a batch's time: each hook, event, step
//! and ability function the engine called, and each `game` method those
//! functions called, how often and for how long (`railhead fuzz
//! --profile-scripts`, `railhead bench replay --profile-scripts`). A
//! designer reads it to find the script questions worth making cheaper;
//! nothing in a game reads it, so the wall-clock times it holds cannot
//! make a game differ from its replay.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Calls and time by what was called ("hook can_lay_tile", "event
/// tile_laid", "step financial.skip", "ability offer_card.actions").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScriptProfile {
    pub entries: BTreeMap<String, ProfileEntry>,
    /// The `game` methods the scripts called, by name: part of the
    /// functions' times (what their questions cost).
    pub api: BTreeMap<String, ProfileEntry>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ProfileEntry {
    pub calls: u64,
    pub time: Duration,
}

impl ScriptProfile {
    /// One call of `what` that took `time`.
    pub fn record(&mut self, what: String, time: Duration) {
        add(&mut self.entries, what, ProfileEntry { calls: 1, time });
    }

    /// Adds another thread's profile to this one.
    pub fn merge(&mut self, other: &ScriptProfile) {
        for (k, v) in &other.entries {
            add(&mut self.entries, k.clone(), *v);
        }
        for (k, v) in &other.api {
            add(&mut self.api, k.clone(), *v);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.api.is_empty()
    }

    /// The `top` costliest functions, most time first (total, calls, time
    /// per call, name), then the `top` costliest `game` methods.
    pub fn table(&self, top: usize) -> String {
        let mut out = section(&self.entries, top, "script time by function", "function");
        if !self.api.is_empty() {
            out.push_str(&section(&self.api, top, "of which game API methods (inside the functions above)", "method"));
        }
        out
    }
}

/// Adds `more` to the entry of `what` (by name: a `String` in a profile,
/// a method's `&'static str` while timing).
fn add<K: Ord>(map: &mut BTreeMap<K, ProfileEntry>, what: K, more: ProfileEntry) {
    let e = map.entry(what).or_default();
    e.calls += more.calls;
    e.time += more.time;
}

fn section(entries: &BTreeMap<String, ProfileEntry>, top: usize, title: &str, column: &str) -> String {
    let mut rows: Vec<(&String, &ProfileEntry)> = entries.iter().collect();
    rows.sort_by(|a, b| b.1.time.cmp(&a.1.time).then(a.0.cmp(b.0)));
    let total: Duration = entries.values().map(|e| e.time).sum();
    let mut out = format!("{title} ({:.1} ms in all, most first):\n", total.as_secs_f64() * 1e3);
    out.push_str(&format!("{:>13} {:>9} {:>12}  {column}\n", "time", "calls", "per call"));
    for (name, e) in rows.into_iter().take(top) {
        let per = e.time.as_secs_f64() * 1e6 / e.calls.max(1) as f64;
        out.push_str(&format!("{:>10.1} ms {:>9} {:>9.1} µs  {name}\n", e.time.as_secs_f64() * 1e3, e.calls, per));
    }
    out
}

// The `game` methods' times are kept per thread, not per host: a method
// is a closure registered once per Lua state, and a thread profiles one
// host at a time (`fuzz` keeps one per thread, `bench replay` runs on
// one). The flag is on only during the calls of a host that is
// profiling (`ApiProfiling`), so another host's calls on the thread (the
// fuzzer's save/load replays) are left out, as their functions are. Off,
// a method call costs one read of the flag.
thread_local! {
    static API_PROFILING: Cell<bool> = const { Cell::new(false) };
    static API_TIMES: RefCell<BTreeMap<&'static str, ProfileEntry>> = const { RefCell::new(BTreeMap::new()) };
}

/// Starts this thread's `game` method times afresh (kept while a
/// profiling host's call runs, `ApiProfiling`).
pub(crate) fn start_api_times() {
    API_TIMES.with_borrow_mut(BTreeMap::clear);
}

/// This thread's `game` method times since `start_api_times`.
pub(crate) fn take_api_times() -> BTreeMap<String, ProfileEntry> {
    API_TIMES.with_borrow_mut(std::mem::take).into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// Whether the `game` methods are timed during one call into a host's
/// scripts; the value before it comes back when dropped.
pub(crate) struct ApiProfiling(bool);

impl ApiProfiling {
    pub(crate) fn set(on: bool) -> ApiProfiling {
        ApiProfiling(API_PROFILING.replace(on))
    }
}

impl Drop for ApiProfiling {
    fn drop(&mut self) {
        API_PROFILING.set(self.0);
    }
}

/// A timer for one call of the `game` method `name`, recorded when
/// dropped; `None` when this thread is not profiling.
pub(crate) fn api_timer(name: &'static str) -> Option<ApiTimer> {
    API_PROFILING.get().then(|| ApiTimer { name, start: Instant::now() })
}

/// [`api_timer`] for a method that Lua may leave by a long jump (nothing
/// to drop): the start, when profiling, and [`api_done`] at its end.
pub(crate) fn api_start() -> Option<Instant> {
    API_PROFILING.get().then(Instant::now)
}

pub(crate) fn api_done(name: &'static str, start: Option<Instant>) {
    if let Some(start) = start {
        let time = start.elapsed();
        API_TIMES.with_borrow_mut(|m| add(m, name, ProfileEntry { calls: 1, time }));
    }
}

pub(crate) struct ApiTimer {
    name: &'static str,
    start: Instant,
}

impl Drop for ApiTimer {
    fn drop(&mut self) {
        api_done(self.name, Some(self.start));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_the_costliest_first_and_merges_add_up() {
        let mut a = ScriptProfile::default();
        a.record("hook cheap".into(), Duration::from_micros(10));
        a.record("step dear.skip".into(), Duration::from_millis(3));
        let mut b = ScriptProfile::default();
        b.record("hook cheap".into(), Duration::from_micros(30));
        a.merge(&b);
        assert_eq!(a.entries["hook cheap"], ProfileEntry { calls: 2, time: Duration::from_micros(40) });
        let table = a.table(10);
        let dear = table.find("step dear.skip").unwrap();
        let cheap = table.find("hook cheap").unwrap();
        assert!(dear < cheap, "{table}");
        assert!(table.contains("       2      20.0 µs  hook cheap"), "{table}");
        assert_eq!(a.table(1).lines().count(), 3, "a title, the columns and one row");
    }

    #[test]
    fn method_times_are_kept_while_profiling_and_listed_apart() {
        start_api_times();
        drop(api_timer("var"));
        {
            let _on = ApiProfiling::set(true);
            drop(api_timer("var"));
            {
                // Another host's call, not profiling.
                let _off = ApiProfiling::set(false);
                drop(api_timer("company"));
            }
            drop(api_timer("var"));
            drop(api_timer("hex_field"));
        }
        drop(api_timer("var"));
        let mut p = ScriptProfile { api: take_api_times(), ..Default::default() };
        assert_eq!(p.api.keys().collect::<Vec<_>>(), ["hex_field", "var"], "only the calls while a profiling host's call runs");
        assert_eq!(p.api["var"].calls, 2);
        p.record("event tile_laid".into(), Duration::from_millis(1));
        let table = p.table(5);
        let functions = table.find("script time by function").unwrap();
        let methods = table.find("of which game API methods").unwrap();
        assert!(functions < methods && table.find("event tile_laid").unwrap() < methods, "{table}");
        assert!(table[methods..].contains("       2 ") && table[methods..].contains("  var\n"), "{table}");
    }
}

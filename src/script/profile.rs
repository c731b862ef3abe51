//! Where a title's scripts spend a batch's time: each hook, event, step
//! and ability function the engine called, how often and for how long
//! (`railhead fuzz --profile-scripts`). A designer reads it to find the
//! script questions worth making cheaper; nothing in a game reads it, so
//! the wall-clock times it holds cannot make a game differ from its
//! replay.

use std::collections::BTreeMap;
use std::time::Duration;

/// Calls and time by what was called ("hook can_lay_tile", "event
/// tile_laid", "step financial.skip", "ability offer_card.actions").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScriptProfile {
    pub entries: BTreeMap<String, ProfileEntry>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ProfileEntry {
    pub calls: u64,
    pub time: Duration,
}

impl ScriptProfile {
    /// One call of `what` that took `time`.
    pub fn record(&mut self, what: String, time: Duration) {
        self.add(what, ProfileEntry { calls: 1, time });
    }

    /// Adds another thread's profile to this one.
    pub fn merge(&mut self, other: &ScriptProfile) {
        for (k, v) in &other.entries {
            self.add(k.clone(), *v);
        }
    }

    fn add(&mut self, what: String, more: ProfileEntry) {
        let e = self.entries.entry(what).or_default();
        e.calls += more.calls;
        e.time += more.time;
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The `top` costliest entries, most time first: total, calls, time
    /// per call, name.
    pub fn table(&self, top: usize) -> String {
        let mut rows: Vec<(&String, &ProfileEntry)> = self.entries.iter().collect();
        rows.sort_by(|a, b| b.1.time.cmp(&a.1.time).then(a.0.cmp(b.0)));
        let total: Duration = self.entries.values().map(|e| e.time).sum();
        let mut out = format!("script time by function ({:.1} ms in all, most first):\n", total.as_secs_f64() * 1e3);
        out.push_str(&format!("{:>13} {:>9} {:>12}  function\n", "time", "calls", "per call"));
        for (name, e) in rows.into_iter().take(top) {
            let per = e.time.as_secs_f64() * 1e6 / e.calls.max(1) as f64;
            out.push_str(&format!("{:>10.1} ms {:>9} {:>9.1} µs  {name}\n", e.time.as_secs_f64() * 1e3, e.calls, per));
        }
        out
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
}

//! The study: everything a batch of playouts says about a title, as a
//! mergeable aggregate. Shards run apart (threads, machines) and merged
//! give exactly the study of the same games run at once, because the
//! aggregate keeps only integer counts, sums and fixed-bin histograms
//! (`tally.rs`); means and intervals are computed for output only
//! (`summary.rs`).
//!
//! Which games feed what: an errored game (a bot or the engine failed)
//! counts only in `errors`; a game whose action budget ran out counts in
//! `unfinished` and in the ending rates; every other figure (length,
//! wins, values, corporations, phases, bank) is over finished games
//! only, since a game cut short says nothing about how games end.

use super::record::GameRecord;
use super::tally::{Histogram, Moments, Shares};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What makes two studies the same experiment: merging requires equal
/// metas.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudyMeta {
    pub title: String,
    pub options: Vec<String>,
    pub players: u8,
    /// The bot in each seat.
    pub bots: Vec<String>,
    pub seed: u64,
    pub games_planned: u64,
}

/// How many error messages a study keeps (those of the lowest game
/// indices, so that the choice does not depend on the sharding).
pub const ERROR_SAMPLES: usize = 5;

/// One failed game, enough to replay it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorSample {
    pub index: u64,
    pub seed: u64,
    pub message: String,
}

/// A figure's moments (mean, sd) and its distribution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measure {
    pub moments: Moments,
    pub histogram: Histogram,
}

impl Measure {
    pub fn new(bin_width: i64) -> Measure {
        Measure { moments: Moments::default(), histogram: Histogram::new(bin_width) }
    }

    pub fn add(&mut self, x: i64) {
        self.moments.add(x);
        self.histogram.add(x);
    }

    fn merge(&mut self, other: &Measure, what: &str) -> Result<(), String> {
        self.histogram.merge(&other.histogram).map_err(|e| format!("{what}: {e}"))?;
        self.moments.merge(&other.moments);
        Ok(())
    }
}

/// One seat over the finished games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatTally {
    pub wins: Shares,
    pub value: Moments,
}

/// One bot over all the seats it held in finished games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotTally {
    /// Seat-games: a bot in two seats of one game holds two.
    pub seats: u64,
    pub wins: Shares,
}

/// One corporation over the finished games that list it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpTally {
    pub id: String,
    pub games: u64,
    pub floated: u64,
    pub closed: u64,
    pub runs: u64,
    pub revenue: i128,
    /// Per game in which it ran: revenue ÷ runs, in hundredths of a
    /// currency unit (rounded once per game, so the sums stay integers).
    /// Games are the independent units, hence the interval comes from
    /// these and not from the pooled runs.
    pub revenue_per_run_centi: Moments,
}

/// One phase over the finished games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseTally {
    pub reached: u64,
    /// The round (1-based) in which it began, in games that reached it.
    pub start_round: Measure,
}

/// See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Study {
    pub meta: StudyMeta,
    /// The game indices added, as sorted disjoint half-open ranges.
    pub shards: Vec<(u64, u64)>,
    pub games: u64,
    pub finished: u64,
    pub unfinished: u64,
    pub errors: u64,
    pub error_samples: Vec<ErrorSample>,
    pub rounds: Measure,
    pub operating_rounds: Measure,
    pub actions: Measure,
    /// Finished games by end reason.
    pub endings: BTreeMap<String, u64>,
    pub seats: Vec<SeatTally>,
    pub bots: BTreeMap<String, BotTally>,
    /// Every seat's final value.
    pub values: Measure,
    pub winner_value: Measure,
    /// In the title's order (the order of the first record).
    pub corps: Vec<CorpTally>,
    pub phases: BTreeMap<String, PhaseTally>,
    /// `bank[r]`: the bank's cash at the start of round r + 1, over the
    /// games still running then (the last entry of a game is its end).
    pub bank: Vec<Moments>,
}

impl Study {
    /// An empty study; final values in bins of 10 (coarsened for output,
    /// see [`Study::with_value_bin_width`] for titles of another scale).
    pub fn new(meta: StudyMeta) -> Study {
        Study {
            meta,
            shards: Vec::new(),
            games: 0,
            finished: 0,
            unfinished: 0,
            errors: 0,
            error_samples: Vec::new(),
            rounds: Measure::new(1),
            operating_rounds: Measure::new(1),
            actions: Measure::new(10),
            endings: BTreeMap::new(),
            seats: Vec::new(),
            bots: BTreeMap::new(),
            values: Measure::new(10),
            winner_value: Measure::new(10),
            corps: Vec::new(),
            phases: BTreeMap::new(),
            bank: Vec::new(),
        }
    }

    /// An empty study whose value histograms have bins `width` currency
    /// units wide: a title counting in tens of thousands wants 1000, not
    /// thousands of bins of 10. Shards must agree to merge.
    pub fn with_value_bin_width(meta: StudyMeta, width: i64) -> Study {
        let mut s = Study::new(meta);
        s.values = Measure::new(width);
        s.winner_value = Measure::new(width);
        s
    }

    /// Adds one game. The runner gives each index once; a repeated index
    /// is counted again (there is no error channel here) but does not
    /// widen the covered ranges.
    pub fn add(&mut self, g: &GameRecord) {
        let _ = cover(&mut self.shards, (g.index, g.index.saturating_add(1)));
        self.games += 1;
        if let Some(message) = &g.error {
            self.errors += 1;
            self.error_samples.push(ErrorSample { index: g.index, seed: g.seed, message: message.clone() });
            trim_samples(&mut self.error_samples);
            return;
        }
        let Some(end) = &g.end else {
            self.unfinished += 1;
            return;
        };
        self.finished += 1;
        *self.endings.entry(end.clone()).or_default() += 1;
        self.rounds.add(g.rounds as i64);
        self.operating_rounds.add(g.operating_rounds as i64);
        self.actions.add(g.actions.min(i64::MAX as u64) as i64);
        self.add_seats(g);
        self.add_corps(g);
        for (name, round) in &g.phases {
            let phase = self.phases.entry(name.clone()).or_insert_with(|| PhaseTally { reached: 0, start_round: Measure::new(1) });
            phase.reached += 1;
            phase.start_round.add(*round as i64);
        }
        if self.bank.len() < g.bank.len() {
            self.bank.resize(g.bank.len(), Moments::default());
        }
        for (tally, cash) in self.bank.iter_mut().zip(&g.bank) {
            tally.add(*cash);
        }
    }

    fn add_seats(&mut self, g: &GameRecord) {
        let seats = g.values.len().max(g.bots.len());
        if self.seats.len() < seats {
            self.seats.resize(seats, SeatTally::default());
        }
        for (seat, value) in g.values.iter().enumerate() {
            self.seats[seat].value.add(*value);
            self.values.add(*value);
        }
        for bot in &g.bots {
            self.bots.entry(bot.clone()).or_default().seats += 1;
        }
        let winners: Vec<usize> = g.winners.iter().copied().filter(|w| *w < seats).collect();
        for &w in &winners {
            self.seats[w].wins.add(winners.len());
            if let Some(bot) = g.bots.get(w) {
                self.bots.entry(bot.clone()).or_default().wins.add(winners.len());
            }
        }
        if let Some(best) = winners.iter().filter_map(|w| g.values.get(*w)).max() {
            self.winner_value.add(*best);
        }
    }

    fn add_corps(&mut self, g: &GameRecord) {
        for c in &g.corps {
            let i = match self.corps.iter().position(|t| t.id == c.id) {
                Some(i) => i,
                None => {
                    self.corps.push(CorpTally { id: c.id.clone(), ..CorpTally::default() });
                    self.corps.len() - 1
                }
            };
            let t = &mut self.corps[i];
            t.games += 1;
            t.floated += c.floated as u64;
            t.closed += c.closed as u64;
            t.runs += c.runs as u64;
            t.revenue = t.revenue.saturating_add(c.revenue as i128);
            if c.runs > 0 {
                t.revenue_per_run_centi.add((c.revenue as f64 * 100.0 / c.runs as f64).round() as i64);
            }
        }
    }

    /// Adds another shard of the same experiment. Refuses (and leaves
    /// `self` untouched) when the metas differ, naming each difference,
    /// when the two cover a game index in common, or when their
    /// histograms have different bins.
    pub fn merge(&mut self, other: Study) -> Result<(), String> {
        let differences = meta_differences(&self.meta, &other.meta);
        if !differences.is_empty() {
            return Err(format!("the studies are not of the same experiment: {}", differences.join("; ")));
        }
        let mut merged = self.clone();
        for range in &other.shards {
            cover(&mut merged.shards, *range)
                .map_err(|(a, b)| format!("the studies overlap: both have games {a}..{b} (the same shard twice?)"))?;
        }
        merged.games += other.games;
        merged.finished += other.finished;
        merged.unfinished += other.unfinished;
        merged.errors += other.errors;
        merged.error_samples.extend(other.error_samples);
        trim_samples(&mut merged.error_samples);
        merged.rounds.merge(&other.rounds, "rounds")?;
        merged.operating_rounds.merge(&other.operating_rounds, "operating rounds")?;
        merged.actions.merge(&other.actions, "actions")?;
        merged.values.merge(&other.values, "final values")?;
        merged.winner_value.merge(&other.winner_value, "winner's value")?;
        for (end, count) in other.endings {
            *merged.endings.entry(end).or_default() += count;
        }
        if merged.seats.len() < other.seats.len() {
            merged.seats.resize(other.seats.len(), SeatTally::default());
        }
        for (mine, theirs) in merged.seats.iter_mut().zip(&other.seats) {
            mine.wins.merge(&theirs.wins);
            mine.value.merge(&theirs.value);
        }
        for (bot, theirs) in other.bots {
            let mine = merged.bots.entry(bot).or_default();
            mine.seats += theirs.seats;
            mine.wins.merge(&theirs.wins);
        }
        for theirs in other.corps {
            match merged.corps.iter_mut().find(|t| t.id == theirs.id) {
                Some(mine) => {
                    mine.games += theirs.games;
                    mine.floated += theirs.floated;
                    mine.closed += theirs.closed;
                    mine.runs += theirs.runs;
                    mine.revenue = mine.revenue.saturating_add(theirs.revenue);
                    mine.revenue_per_run_centi.merge(&theirs.revenue_per_run_centi);
                }
                None => merged.corps.push(theirs),
            }
        }
        for (name, theirs) in other.phases {
            match merged.phases.get_mut(&name) {
                Some(mine) => {
                    mine.reached += theirs.reached;
                    mine.start_round.merge(&theirs.start_round, &format!("phase {name}"))?;
                }
                None => {
                    merged.phases.insert(name, theirs);
                }
            }
        }
        if merged.bank.len() < other.bank.len() {
            merged.bank.resize(other.bank.len(), Moments::default());
        }
        for (mine, theirs) in merged.bank.iter_mut().zip(&other.bank) {
            mine.merge(theirs);
        }
        *self = merged;
        Ok(())
    }

    /// Reads a study back from JSON: either what `report::json` writes
    /// (the study under `"study"`) or a bare study.
    pub fn from_json(text: &str) -> Result<Study, String> {
        let mut value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        if let Some(inner) = value.get_mut("study") {
            value = inner.take();
        }
        serde_path_to_error::deserialize(value).map_err(|e| format!("not a simulation study: at {}: {}", e.path(), e.inner()))
    }

    /// Game indices the plan has that the study lacks (half-open ranges):
    /// shards not merged yet.
    pub fn missing(&self) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        let mut next = 0;
        for &(a, b) in &self.shards {
            if a > next {
                out.push((next, a.min(self.meta.games_planned)));
            }
            next = next.max(b);
        }
        if next < self.meta.games_planned {
            out.push((next, self.meta.games_planned));
        }
        out.retain(|(a, b)| a < b);
        out
    }
}

/// Names each field in which two metas differ, with both values.
fn meta_differences(a: &StudyMeta, b: &StudyMeta) -> Vec<String> {
    let mut out = Vec::new();
    let mut differ = |name: &str, x: String, y: String| {
        if x != y {
            out.push(format!("{name} {x} ≠ {y}"));
        }
    };
    differ("title", format!("{:?}", a.title), format!("{:?}", b.title));
    differ("options", format!("{:?}", a.options), format!("{:?}", b.options));
    differ("players", a.players.to_string(), b.players.to_string());
    differ("bots", format!("{:?}", a.bots), format!("{:?}", b.bots));
    differ("seed", a.seed.to_string(), b.seed.to_string());
    differ("games planned", a.games_planned.to_string(), b.games_planned.to_string());
    out
}

/// Adds a half-open range to sorted disjoint ranges, joining neighbours;
/// on overlap leaves them as they were and returns the common part.
fn cover(ranges: &mut Vec<(u64, u64)>, (a, b): (u64, u64)) -> Result<(), (u64, u64)> {
    if a >= b {
        return Ok(());
    }
    if let Some(&(x, y)) = ranges.iter().find(|(x, y)| *x < b && a < *y) {
        return Err((a.max(x), b.min(y)));
    }
    let at = ranges.partition_point(|(x, _)| *x < a);
    ranges.insert(at, (a, b));
    // Join with the neighbours they touch.
    if at + 1 < ranges.len() && ranges[at].1 == ranges[at + 1].0 {
        ranges[at].1 = ranges.remove(at + 1).1;
    }
    if at > 0 && ranges[at - 1].1 == ranges[at].0 {
        ranges[at - 1].1 = ranges.remove(at).1;
    }
    Ok(())
}

fn trim_samples(samples: &mut Vec<ErrorSample>) {
    samples.sort_by_key(|s| s.index);
    samples.truncate(ERROR_SAMPLES);
}

#[cfg(test)]
#[path = "stats_tests.rs"]
mod tests;

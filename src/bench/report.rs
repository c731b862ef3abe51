//! Rows and summaries of `railhead bench routes`, as text or JSON lines.

use super::measure::{Measured, Outcome};
use super::positions::{BenchPosition, Skipped};
use super::reference::{ROUTER, TARGET_REAL_MEDIAN_SECONDS, TARGET_SPEEDUP, TARGET_SYNTHETIC_MAX_SECONDS};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// How the parallel time is measured (`route::best_run_parallel`).
pub const PARALLEL_NOTE: &str = "the same search split into tasks on T threads (route::best_run_parallel), same run as on one thread; speedup = single-thread median / parallel median";

/// Seconds for people: µs, ms or s.
pub fn secs(s: f64) -> String {
    if s < 1e-3 {
        format!("{:.0} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// The time a position counts with in summaries: building the problem
/// (real positions) plus the median search.
fn total(p: &BenchPosition, m: &Measured) -> f64 {
    p.build_seconds.unwrap_or(0.0) + m.median()
}

pub fn header(parallel: Option<usize>) -> String {
    let par = parallel.map_or(String::new(), |t| {
        format!(" {:>21}", format!("{t} threads (speedup)"))
    });
    format!(
        "Build: {}\n{:<52} {:>7} {:>8} {:>9} {:>9} {:>19} {:>9} {:>10}{par}",
        super::BUILD, "position", "revenue", "recorded", "build", "search", "min–max", "cands", "nodes"
    )
}

/// The parallel search's median and speedup, or why there is none; a
/// different revenue than on one thread is a bug.
fn parallel_cell(single: &Measured) -> String {
    match single.parallel.as_deref() {
        None => String::new(),
        Some(Outcome::Done(m)) if m.revenue != single.revenue => {
            format!(" <-- PARALLEL REVENUE {} differs (bug)", m.revenue)
        }
        Some(Outcome::Done(m)) => {
            format!(
                " {:>21}",
                format!(
                    "{} ({:.1}x)",
                    secs(m.median()),
                    single.median() / m.median().max(1e-9)
                )
            )
        }
        Some(Outcome::Exceeded) => format!(" {:>21}", "over the cap"),
        Some(Outcome::Failed(e)) => format!(" parallel failed: {e}"),
    }
}

/// The parallel search as JSON (null when not measured).
fn parallel_json(single: &Measured) -> Value {
    match single.parallel.as_deref() {
        None => Value::Null,
        Some(Outcome::Done(m)) => json!({
            "status": "ok",
            "revenue": m.revenue,
            "same_revenue": m.revenue == single.revenue,
            "median_seconds": m.median(),
            "min_seconds": m.min(),
            "max_seconds": m.max(),
            "repeats": m.times.len(),
            "nodes": m.nodes,
            "speedup": single.median() / m.median().max(1e-9),
            "invalid": m.invalid,
        }),
        Some(Outcome::Exceeded) => json!({ "status": "exceeded" }),
        Some(Outcome::Failed(e)) => json!({ "status": "failed", "error": e }),
    }
}

pub fn text_row(p: &BenchPosition, o: &Outcome, max_seconds: f64) -> String {
    let build = p.build_seconds.map_or("-".into(), secs);
    let recorded = p.recorded.map_or("-".into(), |r| r.to_string());
    match o {
        Outcome::Done(m) => {
            let mut flags = String::new();
            if let Some(r) = p.recorded {
                if m.revenue < r {
                    flags.push_str("  <-- BELOW RECORDED (bug)");
                } else if m.revenue > r {
                    flags.push_str("  (above recorded)");
                }
            }
            if let Some(e) = &m.invalid {
                flags.push_str(&format!("  <-- INVALID: {e}"));
            }
            if m.cut_short {
                flags.push_str(&format!("  ({} repeats: cap)", m.times.len()));
            }
            let par = parallel_cell(m);
            format!(
                "{:<52} {:>7} {:>8} {:>9} {:>9} {:>19} {:>9} {:>10}{par}{flags}",
                p.label,
                m.revenue,
                recorded,
                build,
                secs(m.median()),
                format!("{}–{}", secs(m.min()), secs(m.max())),
                m.candidates,
                m.nodes
            )
        }
        Outcome::Exceeded => format!("{:<52} {:>7} {:>8} {:>9} over the cap of {max_seconds} s", p.label, "?", recorded, build),
        Outcome::Failed(e) => format!("{:<52} failed: {e}", p.label),
    }
}

pub fn json_row(p: &BenchPosition, o: &Outcome) -> Value {
    let mut v = json!({
        "type": "position",
        "class": p.class,
        "label": p.label,
        "trains": p.problem.trains.iter().map(|t| t.id.clone()).collect::<Vec<_>>(),
        "recorded": p.recorded,
        "build_seconds": p.build_seconds,
    });
    let extra = match o {
        Outcome::Done(m) => json!({
            "status": "ok",
            "revenue": m.revenue,
            "below_recorded": p.recorded.is_some_and(|r| m.revenue < r),
            "median_seconds": m.median(),
            "min_seconds": m.min(),
            "max_seconds": m.max(),
            "repeats": m.times.len(),
            "candidates": m.candidates,
            "nodes": m.nodes,
            "invalid": m.invalid,
            "parallel": parallel_json(m),
        }),
        Outcome::Exceeded => json!({ "status": "exceeded" }),
        Outcome::Failed(e) => json!({ "status": "failed", "error": e }),
    };
    if let (Some(a), Some(b)) = (v.as_object_mut(), extra.as_object()) {
        a.extend(b.clone());
    }
    v
}

/// Count, median, p90 and max of a group of positions.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub count: usize,
    pub exceeded: usize,
    pub failed: usize,
    pub below_recorded: usize,
    pub invalid: usize,
    /// Per-position times (build + median search), sorted.
    pub totals: Vec<f64>,
    /// Per-position median search times, sorted.
    pub searches: Vec<f64>,
    /// Per-position median parallel search times, sorted (positions the
    /// parallel search finished).
    pub parallel: Vec<f64>,
    /// Per-position speedups of the parallel search, sorted.
    pub speedups: Vec<f64>,
    /// Positions where the parallel search earned another revenue (a bug).
    pub parallel_differs: usize,
}

impl Summary {
    fn add(&mut self, p: &BenchPosition, o: &Outcome) {
        self.count += 1;
        match o {
            Outcome::Done(m) => {
                self.totals.push(total(p, m));
                self.searches.push(m.median());
                self.below_recorded += usize::from(p.recorded.is_some_and(|r| m.revenue < r));
                self.invalid += usize::from(m.invalid.is_some());
                if let Some(Outcome::Done(q)) = m.parallel.as_deref() {
                    self.parallel.push(q.median());
                    self.speedups.push(m.median() / q.median().max(1e-9));
                    self.parallel_differs +=
                        usize::from(q.revenue != m.revenue || q.invalid.is_some());
                }
            }
            Outcome::Exceeded => self.exceeded += 1,
            Outcome::Failed(_) => self.failed += 1,
        }
    }

    fn finish(&mut self) {
        self.totals.sort_by(f64::total_cmp);
        self.searches.sort_by(f64::total_cmp);
        self.parallel.sort_by(f64::total_cmp);
        self.speedups.sort_by(f64::total_cmp);
    }

    pub fn median(&self) -> f64 {
        super::measure::median(&self.totals)
    }

    /// Nearest-rank 90th percentile.
    pub fn p90(&self) -> f64 {
        let n = self.totals.len();
        if n == 0 { 0.0 } else { self.totals[((n * 9).div_ceil(10)).max(1) - 1] }
    }

    pub fn max(&self) -> f64 {
        self.totals.last().copied().unwrap_or(0.0)
    }

    fn json(&self, name: &str, max_seconds: f64) -> Value {
        json!({
            "name": name,
            "count": self.count,
            "measured": self.totals.len(),
            "exceeded": self.exceeded,
            "failed": self.failed,
            "below_recorded": self.below_recorded,
            "invalid": self.invalid,
            "median_seconds": (!self.totals.is_empty()).then(|| self.median()),
            "p90_seconds": (!self.totals.is_empty()).then(|| self.p90()),
            "max_seconds": if self.exceeded > 0 { max_seconds } else { self.max() },
            "max_is_lower_bound": self.exceeded > 0,
            "median_search_seconds": super::measure::median(&self.searches),
            "parallel_measured": self.parallel.len(),
            "median_parallel_search_seconds": (!self.parallel.is_empty()).then(|| super::measure::median(&self.parallel)),
            "median_speedup": (!self.speedups.is_empty()).then(|| super::measure::median(&self.speedups)),
            "max_speedup": self.speedups.last(),
            "parallel_differs": self.parallel_differs,
        })
    }

    fn text(&self, name: &str, max_seconds: f64) -> String {
        let max = if self.exceeded > 0 { format!("> {max_seconds} s ({} over the cap)", self.exceeded) } else { secs(self.max()) };
        let mut s = if self.totals.is_empty() {
            format!("{name:<44} {:>4}  none measured; max {max}", self.count)
        } else {
            format!(
                "{name:<44} {:>4}  median {:>9}  p90 {:>9}  max {:>9}  (search alone: median {})",
                self.count,
                secs(self.median()),
                secs(self.p90()),
                max,
                secs(super::measure::median(&self.searches))
            )
        };
        if self.failed > 0 {
            s.push_str(&format!("  {} failed", self.failed));
        }
        if self.below_recorded > 0 {
            s.push_str(&format!("  {} BELOW RECORDED", self.below_recorded));
        }
        if self.invalid > 0 {
            s.push_str(&format!("  {} INVALID", self.invalid));
        }
        if !self.parallel.is_empty() {
            s.push_str(&format!(
                "  parallel: median {}, speedup median {:.1}x max {:.1}x",
                secs(super::measure::median(&self.parallel)),
                super::measure::median(&self.speedups),
                self.speedups.last().copied().unwrap_or(0.0)
            ));
        }
        if self.parallel_differs > 0 {
            s.push_str(&format!("  {} PARALLEL DIFFERS", self.parallel_differs));
        }
        s
    }
}

/// The summaries: per class, and per fixture of the real classes.
pub struct Summaries {
    pub classes: BTreeMap<String, Summary>,
    pub fixtures: BTreeMap<String, Summary>,
}

pub fn summarize(positions: &[BenchPosition], outcomes: &[Outcome]) -> Summaries {
    let mut classes: BTreeMap<String, Summary> = BTreeMap::new();
    let mut fixtures: BTreeMap<String, Summary> = BTreeMap::new();
    for (p, o) in positions.iter().zip(outcomes) {
        classes.entry(p.class.clone()).or_default().add(p, o);
        if p.recorded.is_some()
            && let Some(file) = p.label.split(" #").next()
        {
            fixtures.entry(file.to_string()).or_default().add(p, o);
        }
    }
    classes.values_mut().chain(fixtures.values_mut()).for_each(Summary::finish);
    Summaries { classes, fixtures }
}

/// Our time against the website's auto-router on the same positions.
struct Ratio {
    fixture: &'static str,
    runtime: &'static str,
    /// Positions we measured / the reference's; the ratios only mean
    /// something when they are the same positions.
    ours_count: usize,
    theirs_count: usize,
    ours_median: f64,
    ours_max: f64,
    median_ratio: f64,
    max_ratio: f64,
    theirs_median: f64,
    theirs_max: f64,
}

impl Ratio {
    fn comparable(&self) -> bool {
        self.ours_count == self.theirs_count
    }
}

fn ratios(s: &Summaries) -> Vec<Ratio> {
    ROUTER
        .iter()
        .filter_map(|r| {
            let ours = s.fixtures.get(r.fixture).filter(|x| !x.totals.is_empty())?;
            Some(Ratio {
                fixture: r.fixture,
                runtime: r.runtime,
                ours_count: ours.totals.len(),
                theirs_count: r.positions,
                ours_median: ours.median(),
                ours_max: ours.max(),
                median_ratio: r.median_seconds / ours.median().max(1e-9),
                max_ratio: r.max_seconds / ours.max().max(1e-9),
                theirs_median: r.median_seconds,
                theirs_max: r.max_seconds,
            })
        })
        .collect()
}

pub fn text_summary(
    s: &Summaries,
    skipped: &[Skipped],
    max_seconds: f64,
    parallel: Option<usize>,
) -> String {
    let mut out = String::from("\nSummary (per position: build + median search; single thread)\n");
    for (name, x) in &s.classes {
        out.push_str(&x.text(name, max_seconds));
        out.push('\n');
    }
    for (name, x) in &s.fixtures {
        out.push_str(&x.text(&format!("  {name}"), max_seconds));
        out.push('\n');
    }
    out.push_str("\nAgainst the 18xx.games auto-router on the same positions (its time / ours; see bench/reference.rs)\n");
    out.push_str(&format!("  ({})\n", super::reference::ROUTER_MEASURED));
    let rs = ratios(s);
    if rs.is_empty() {
        out.push_str("  no fixture with reference figures was measured\n");
    }
    for r in rs {
        if !r.comparable() {
            out.push_str(&format!(
                "  {:<28} {:<8} not comparable: {} of its {} positions measured (median {} vs {}, max {} vs {})\n",
                r.fixture,
                r.runtime,
                r.ours_count,
                r.theirs_count,
                secs(r.theirs_median),
                secs(r.ours_median),
                secs(r.theirs_max),
                secs(r.ours_max)
            ));
            continue;
        }
        out.push_str(&format!(
            "  {:<28} {:<8} median {:>9} vs {:>9}: {:>6.0}x   max {:>9} vs {:>9}: {:>6.0}x\n",
            r.fixture,
            r.runtime,
            secs(r.theirs_median),
            secs(r.ours_median),
            r.median_ratio,
            secs(r.theirs_max),
            secs(r.ours_max),
            r.max_ratio
        ));
    }
    out.push_str(&format!(
        "Targets (shared/DESIGN.md): real median under {}, worst synthetic under {}, {}x the auto-router.\n",
        secs(TARGET_REAL_MEDIAN_SECONDS),
        secs(TARGET_SYNTHETIC_MAX_SECONDS),
        TARGET_SPEEDUP
    ));
    match parallel {
        Some(t) => out.push_str(&format!("Parallel, T = {t}: {PARALLEL_NOTE}.\n")),
        None => out.push_str("Parallel: not measured (--parallel 1).\n"),
    }
    for sk in skipped {
        out.push_str(&format!("Skipped {}: {}\n", sk.file.display(), sk.reason));
    }
    out
}

pub fn json_summary(
    s: &Summaries,
    skipped: &[Skipped],
    max_seconds: f64,
    parallel: Option<usize>,
) -> Value {
    json!({
        "type": "summary",
        "build": super::BUILD,
        "classes": s.classes.iter().map(|(n, x)| x.json(n, max_seconds)).collect::<Vec<_>>(),
        "fixtures": s.fixtures.iter().map(|(n, x)| x.json(n, max_seconds)).collect::<Vec<_>>(),
        "website": ratios(s).iter().map(|r| json!({
            "fixture": r.fixture, "runtime": r.runtime,
            "comparable": r.comparable(), "our_positions": r.ours_count, "their_positions": r.theirs_count,
            "their_median_seconds": r.theirs_median, "our_median_seconds": r.ours_median, "median_ratio": r.comparable().then_some(r.median_ratio),
            "their_max_seconds": r.theirs_max, "our_max_seconds": r.ours_max, "max_ratio": r.comparable().then_some(r.max_ratio),
        })).collect::<Vec<_>>(),
        "website_measured": super::reference::ROUTER_MEASURED,
        "parallel": { "threads": parallel, "method": PARALLEL_NOTE },
        "max_seconds_per_position": max_seconds,
        "skipped": skipped.iter().map(|k| json!({ "file": k.file.display().to_string(), "reason": k.reason })).collect::<Vec<_>>(),
    })
}

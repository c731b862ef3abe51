//! The text table: one study, or two side by side with their differences
//! marked. Fits a 100-column terminal: a label column and value columns
//! of fixed width, every figure with its 95 % interval in brackets.

use crate::simulate::compare::{compare, tested};
use crate::simulate::estimate::Estimate;
use crate::simulate::stats::Study;
use crate::simulate::summary::Summary;
use crate::simulate::tally::Histogram;
use std::fmt::Write;

const LABEL: usize = 24;
const CELL: usize = 26;
/// Bins of the final-value histogram, bank rounds sampled.
const VALUE_BINS: usize = 12;
const BANK_ROUNDS: usize = 8;
const BAR: usize = 24;

/// The report; with `other`, both studies side by side (A = `s`,
/// B = `other`), the difference B − A and `*` where it is significant.
pub fn text(s: &Study, other: Option<&Study>) -> String {
    let mut out = String::new();
    let studies: Vec<&Study> = std::iter::once(s).chain(other).collect();
    header(&mut out, &studies);
    let tested = match other {
        None => {
            single(&mut out, s);
            None
        }
        Some(o) => Some(side_by_side(&mut out, s, o)),
    };
    values_histogram(&mut out, &studies);
    bank(&mut out, &studies);
    if let Some(n) = tested {
        let _ = writeln!(out, "\n*  the difference is significant at 95 % for this figure alone (p < 0.05); with {n} figures");
        let _ = writeln!(out, "   tested, about {:.0} would be marked by chance alone if the rule changed nothing.", n as f64 * 0.05);
        let _ = writeln!(out, "** significant with all {n} figures in view (Bonferroni: p < 0.05 / {n}).");
    }
    out
}

fn header(out: &mut String, studies: &[&Study]) {
    let meta = &studies[0].meta;
    let _ = writeln!(out, "railhead simulate: {}, {} players", meta.title, meta.players);
    if studies.len() > 1 {
        row(out, "", &["A".into(), "B".into()]);
    }
    let cells = |f: &dyn Fn(&Study) -> String| studies.iter().map(|s| f(s)).collect::<Vec<_>>();
    row(out, "options", &cells(&|s| if s.meta.options.is_empty() { "(none)".into() } else { s.meta.options.join(", ") }));
    row(out, "bots", &cells(&|s| bots(&s.meta.bots)));
    row(out, "seed", &cells(&|s| s.meta.seed.to_string()));
    row(out, "games", &cells(&|s| format!("{} of {} planned", s.games, s.meta.games_planned)));
    row(out, "finished", &cells(&|s| s.finished.to_string()));
    row(out, "unfinished (budget)", &cells(&|s| s.unfinished.to_string()));
    row(out, "errors", &cells(&|s| s.errors.to_string()));
    for (name, s) in ["A", "B"].iter().zip(studies) {
        let who = if studies.len() > 1 { format!("{name}: ") } else { String::new() };
        let missing = s.missing();
        if !missing.is_empty() {
            let ranges: Vec<String> = missing.iter().take(4).map(|(a, b)| format!("{a}..{b}")).collect();
            let _ = writeln!(out, "{who}missing games {} (shards not merged yet?)", ranges.join(", "));
        }
        for e in s.error_samples.iter().take(3) {
            let line = format!("{who}error in game {} (seed {}): {}", e.index, e.seed, e.message.replace('\n', " "));
            let _ = writeln!(out, "{}", clip(&line, 100));
        }
    }
    let _ = writeln!(out, "Figures: mean or rate (95 % interval); — where too few games give one.");
}

fn single(out: &mut String, s: &Study) {
    let sum = Summary::of(s);
    section(out, "Length (finished games)");
    for (label, x) in [("rounds", &sum.rounds), ("operating rounds", &sum.operating_rounds), ("actions", &sum.actions)] {
        row(out, label, &[mean_cell(&x.mean), sd_cell(x.sd)]);
    }
    section(out, "Endings (share of games not errored)");
    for e in &sum.endings {
        row(out, e.reason.as_deref().unwrap_or("unfinished (budget)"), &[rate_cell(&e.rate)]);
    }
    section(out, &columns("Wins by seat (ties split)", &["", "mean final value"]));
    for seat in &sum.seats {
        row(out, &format!("seat {} {}", seat.seat, seat.bot), &[rate_cell(&seat.win_rate), mean_cell(&seat.value)]);
    }
    section(out, "Wins by bot (per seat held)");
    for b in &sum.bots {
        row(out, &format!("{} ({} seats)", b.bot, b.seats), &[rate_cell(&b.win_rate)]);
    }
    section(out, "Final values");
    row(out, "all seats", &[mean_cell(&sum.values.mean), sd_cell(sum.values.sd)]);
    row(out, "winner", &[mean_cell(&sum.winner_value.mean), sd_cell(sum.winner_value.sd)]);
    section(out, &columns("Corporations", &["floated", "closed", "revenue per run"]));
    for c in &sum.corps {
        row(out, &c.id, &[rate_cell(&c.float_rate), rate_cell(&c.closure_rate), mean_cell(&c.revenue_per_run)]);
    }
    section(out, &columns("Phases", &["reached", "starts in round"]));
    for p in &sum.phases {
        row(out, &p.name, &[rate_cell(&p.reached), mean_cell(&p.start_round)]);
    }
}

/// The compared figures by section; returns how many were tested.
fn side_by_side(out: &mut String, a: &Study, b: &Study) -> usize {
    let differences = compare(a, b);
    let mut heading = "";
    for d in &differences {
        let (this, label) = place(&d.figure, a);
        if this != heading {
            let mut title = this.to_string();
            pad_to(&mut title, LABEL + 2 * CELL);
            section(out, &format!("{title}B − A"));
            heading = this;
        }
        let cell = |e: &Estimate| if d.rate { rate_cell(e) } else { mean_cell(e) };
        let mark = if d.significant_overall { " **" } else if d.significant { " *" } else { "" };
        let delta = match d.difference {
            Some(x) if d.rate => format!("{:+.1} pp{mark}", x * 100.0),
            Some(x) => format!("{}{mark}", signed(x)),
            None => "—".into(),
        };
        row(out, &label, &[cell(&d.a), cell(&d.b), delta]);
    }
    tested(&differences)
}

/// A compared figure's section and row label.
fn place(figure: &str, a: &Study) -> (&'static str, String) {
    let (kind, what) = figure.split_once(": ").unwrap_or((figure, ""));
    match kind {
        "length" => ("Length (finished games)", what.into()),
        "errors" => ("Errors", "errored games".into()),
        "ending" if what == "unfinished" => ("Endings (share of games not errored)", "unfinished (budget)".into()),
        "ending" => ("Endings (share of games not errored)", what.into()),
        "win rate" if what.starts_with("seat ") => {
            let bot = what[5..].parse::<usize>().ok().and_then(|n| a.meta.bots.get(n.wrapping_sub(1))).cloned().unwrap_or_default();
            ("Wins by seat (ties split)", format!("{what} {bot}"))
        }
        "win rate" => ("Wins by bot (per seat held)", what.trim_start_matches("bot ").into()),
        "final value" => ("Final values", what.into()),
        "float rate" => ("Corporations", format!("{what} floated")),
        "closure rate" => ("Corporations", format!("{what} closed")),
        "revenue per run" => ("Corporations", format!("{what} revenue/run")),
        phase => ("Phases", format!("{phase} {}", if what == "reached" { "reached" } else { "start round" })),
    }
}

fn values_histogram(out: &mut String, studies: &[&Study]) {
    let mut all = studies[0].values.histogram.clone();
    for s in &studies[1..] {
        if all.merge(&s.values.histogram).is_err() {
            // Other bins: show A's alone rather than misalign.
            all = studies[0].values.histogram.clone();
            break;
        }
    }
    let shown = all.at_most(VALUE_BINS);
    if shown.bins.is_empty() {
        return;
    }
    section(out, "Final values, all seats (share of seat-games per bin)");
    let factor = shown.width / all.width.max(1);
    let each: Vec<Histogram> = studies.iter().map(|s| s.values.histogram.coarsened(factor)).collect();
    let totals: Vec<u64> = each.iter().map(Histogram::total).collect();
    let share = |h: &Histogram, total: u64, start: &i64| {
        if total > 0 { h.bins.get(start).copied().unwrap_or(0) as f64 / total as f64 } else { 0.0 }
    };
    let largest = shown
        .bins
        .keys()
        .flat_map(|start| each.iter().zip(&totals).map(|(h, t)| share(h, *t, start)).collect::<Vec<_>>())
        .fold(0.0, f64::max);
    for start in shown.bins.keys() {
        let range = if shown.width == 1 { start.to_string() } else { format!("{start}–{}", start + (shown.width - 1)) };
        let mut line = format!("  {range:>w$}", w = LABEL - 4);
        for (i, (h, total)) in each.iter().zip(&totals).enumerate() {
            let x = share(h, *total, start);
            let bar = if largest > 0.0 { (x / largest * BAR as f64).round() as usize } else { 0 };
            let glyph = if i == 0 { "#" } else { "=" };
            let _ = write!(line, "  {:<BAR$} {:>5.1} %", glyph.repeat(bar), x * 100.0);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if studies.len() > 1 {
        let _ = writeln!(out, "  (# A, = B)");
    }
}

fn bank(out: &mut String, studies: &[&Study]) {
    let rounds = studies.iter().map(|s| s.bank.len()).max().unwrap_or(0);
    if rounds == 0 {
        return;
    }
    section(out, "Bank at the start of round (mean; n = games still running)");
    let step = rounds.div_ceil(BANK_ROUNDS).max(1);
    let mut sampled: Vec<usize> = (0..rounds).step_by(step).collect();
    if sampled.last() != Some(&(rounds - 1)) {
        sampled.push(rounds - 1);
    }
    for r in sampled {
        let cells: Vec<String> = studies
            .iter()
            .map(|s| match s.bank.get(r) {
                Some(m) => format!("{} n {}", mean_cell(&crate::simulate::estimate::mean(m)), m.n),
                None => "—".into(),
            })
            .collect();
        row(out, &format!("round {}", r + 1), &cells);
    }
}

/// A section title with column names over the value columns.
fn columns(title: &str, names: &[&str]) -> String {
    let mut line = title.to_string();
    for (i, name) in names.iter().enumerate() {
        pad_to(&mut line, LABEL + i * CELL);
        line.push_str(name);
    }
    line.trim_end().to_string()
}

/// Pads `line` to column `at`, or by two spaces if it is there already.
fn pad_to(line: &mut String, at: usize) {
    let len = line.chars().count();
    let spaces = if len + 2 <= at { at - len } else { 2 };
    line.extend(std::iter::repeat_n(' ', spaces));
}

fn section(out: &mut String, title: &str) {
    let _ = writeln!(out, "\n{title}");
}

/// A label and cells in fixed columns; a long cell pushes the rest right
/// rather than being cut.
fn row(out: &mut String, label: &str, cells: &[String]) {
    let mut line = format!("  {}", clip(label, LABEL - 3));
    for (i, cell) in cells.iter().enumerate() {
        pad_to(&mut line, LABEL + i * CELL);
        line.push_str(cell);
    }
    let _ = writeln!(out, "{}", line.trim_end());
}

fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max { s.to_string() } else { format!("{}…", s.chars().take(max - 1).collect::<String>()) }
}

/// Consecutive equal bots once, with a count: "greedy, random ×2".
fn bots(seats: &[String]) -> String {
    let mut runs: Vec<(&str, usize)> = Vec::new();
    for b in seats {
        match runs.last_mut() {
            Some((name, n)) if name == b => *n += 1,
            _ => runs.push((b, 1)),
        }
    }
    let parts: Vec<String> = runs.iter().map(|(b, n)| if *n > 1 { format!("{b} ×{n}") } else { b.to_string() }).collect();
    if parts.is_empty() { "—".into() } else { parts.join(", ") }
}

/// Decimals by size: 4012, 187.3, 0.85.
fn number(x: f64, like: f64) -> String {
    let decimals = match like.abs() {
        m if m >= 1000.0 => 0,
        m if m >= 10.0 => 1,
        _ => 2,
    };
    let text = format!("{x:.decimals$}");
    if text.trim_start_matches('-').chars().all(|c| c == '0' || c == '.') { text.trim_start_matches('-').to_string() } else { text }
}

fn signed(x: f64) -> String {
    let t = number(x, x);
    if t.starts_with('-') { t } else { format!("+{t}") }
}

fn mean_cell(e: &Estimate) -> String {
    match (e.mean, e.interval()) {
        (None, _) => "—".into(),
        (Some(m), None) => format!("{} (—)", number(m, m)),
        (Some(m), Some((lo, hi))) => format!("{} ({}–{})", number(m, m), number(lo, m), number(hi, m)),
    }
}

fn rate_cell(e: &Estimate) -> String {
    match (e.mean, e.interval()) {
        (None, _) => "—".into(),
        (Some(p), None) => format!("{:.1} % (—)", p * 100.0),
        (Some(p), Some((lo, hi))) => format!("{:.1} % ({:.1}–{:.1})", p * 100.0, lo * 100.0, hi * 100.0),
    }
}

fn sd_cell(sd: Option<f64>) -> String {
    sd.map_or(String::new(), |x| format!("sd {}", number(x, x)))
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;

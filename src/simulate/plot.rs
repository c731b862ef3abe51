//! A study's charts as SVG files: game length, final values, win rate by
//! seat, bank over time and endings. With a second study, both sets in
//! two colours with a legend. The drawing is in `chart.rs`; this file
//! picks the figures.

mod chart;

use super::estimate::{Estimate, mean, proportion};
use super::stats::Study;
use super::summary::Summary;
use super::tally::Histogram;
use chart::{Axes, Series};
use std::path::{Path, PathBuf};

/// Histogram bars per chart at most.
const LENGTH_BINS: usize = 24;
const VALUE_BINS: usize = 16;

/// Writes the charts into `dir` (created if missing) and returns their
/// paths, in a fixed order: length, values, wins, bank, endings.
pub fn write_plots(dir: &Path, s: &Study, other: Option<&Study>) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths = Vec::new();
    for (name, svg) in charts(s, other) {
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
        paths.push(path);
    }
    Ok(paths)
}

/// The charts as (file stem, SVG text).
pub fn charts(s: &Study, other: Option<&Study>) -> Vec<(&'static str, String)> {
    let studies: Vec<&Study> = std::iter::once(s).chain(other).collect();
    let title = |what: &str| format!("{} — {what}", s.meta.title);
    vec![
        ("length", histogram(&title("game length"), "rounds (finished games)", &studies, |s| &s.rounds.histogram, LENGTH_BINS)),
        ("values", histogram(&title("final values"), "final value of every seat", &studies, |s| &s.values.histogram, VALUE_BINS)),
        ("wins", wins(&title("win rate by seat (95 % interval)"), &studies)),
        ("bank", bank(&title("bank at the start of each round (mean, 95 % band)"), &studies)),
        ("endings", endings(&title("how games end (95 % interval)"), &studies)),
    ]
}

/// A series' name: its options (what tells the two studies apart).
fn name(s: &Study) -> String {
    if s.meta.options.is_empty() { "no options".into() } else { s.meta.options.join(", ") }
}

fn series(s: &Study, estimates: Vec<Estimate>) -> Series {
    Series { name: name(s), values: estimates.iter().map(|e| e.mean).collect(), intervals: estimates.iter().map(Estimate::interval).collect() }
}

/// Shares of games per bin, in common bins for all studies.
fn histogram(title: &str, x_label: &str, studies: &[&Study], of: fn(&Study) -> &Histogram, max_bins: usize) -> String {
    let mut all = of(studies[0]).clone();
    let studies: Vec<&Study> = studies.iter().copied().filter(|s| all.width == of(s).width).collect();
    for s in &studies[1..] {
        let _ = all.merge(of(s));
    }
    let shown = all.at_most(max_bins);
    let factor = shown.width / all.width.max(1);
    // Bins are labelled by their start; the axis label gives the width.
    let categories: Vec<String> = shown.bins.keys().map(i64::to_string).collect();
    let x_label = if shown.width == 1 { x_label.to_string() } else { format!("{x_label} (bins of {} from the value shown)", shown.width) };
    let x_label = x_label.as_str();
    let series: Vec<Series> = studies
        .iter()
        .map(|s| {
            let h = of(s).coarsened(factor);
            let total = h.total();
            let shares = shown.bins.keys().map(|a| proportion(h.bins.get(a).copied().unwrap_or(0) as f64, total)).collect();
            // Bars only: whiskers on every bin would bury the shape.
            Series { intervals: vec![], ..series(s, shares) }
        })
        .collect();
    chart::bars(&Axes { title, x_label, y_label: "share of games", percent: true }, &categories, &series)
}

fn wins(title: &str, studies: &[&Study]) -> String {
    let seats = studies.iter().map(|s| s.seats.len().max(s.meta.players as usize)).max().unwrap_or(0);
    let categories: Vec<String> = (0..seats)
        .map(|i| match studies[0].meta.bots.get(i) {
            Some(bot) => format!("seat {} ({bot})", i + 1),
            None => format!("seat {}", i + 1),
        })
        .collect();
    let series: Vec<Series> = studies
        .iter()
        .map(|s| {
            let rates = (0..seats).map(|i| proportion(s.seats.get(i).map_or(0.0, |t| t.wins.total()), s.finished)).collect();
            series(s, rates)
        })
        .collect();
    chart::bars(&Axes { title, x_label: "seat (ties split)", y_label: "share of finished games won", percent: true }, &categories, &series)
}

fn bank(title: &str, studies: &[&Study]) -> String {
    let rounds = studies.iter().map(|s| s.bank.len()).max().unwrap_or(0);
    let xs: Vec<f64> = (1..=rounds).map(|r| r as f64).collect();
    let series: Vec<Series> = studies
        .iter()
        .map(|s| series(s, (0..rounds).map(|r| s.bank.get(r).map(mean).unwrap_or_default()).collect()))
        .collect();
    chart::lines(&Axes { title, x_label: "round", y_label: "bank cash (games still running)", percent: false }, &xs, &series)
}

fn endings(title: &str, studies: &[&Study]) -> String {
    let summaries: Vec<Summary> = studies.iter().map(|s| Summary::of(s)).collect();
    let mut reasons: Vec<Option<String>> = Vec::new();
    for e in summaries.iter().flat_map(|s| &s.endings) {
        if !reasons.contains(&e.reason) {
            reasons.push(e.reason.clone());
        }
    }
    let categories: Vec<String> = reasons.iter().map(|r| r.clone().unwrap_or_else(|| "unfinished".into())).collect();
    let series: Vec<Series> = studies
        .iter()
        .zip(&summaries)
        .map(|(s, sum)| {
            let played = s.finished + s.unfinished;
            let rates = reasons
                .iter()
                .map(|r| sum.endings.iter().find(|e| &e.reason == r).map_or_else(|| proportion(0.0, played), |e| e.rate))
                .collect();
            series(s, rates)
        })
        .collect();
    chart::bars(&Axes { title, x_label: "end reason", y_label: "share of games not errored", percent: true }, &categories, &series)
}

#[cfg(test)]
mod tests;

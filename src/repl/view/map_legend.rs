//! The map's legend: only the markers this title's map shows, each with
//! an example taken from the map itself, so a reader of 1844 is not told
//! about 1849's RCS and is told about its own `^` and `p`.

use super::map::{colour_letter, stops_line, tile_line};
use super::map_cell::exits;
use crate::route::Gauge;
use crate::game::Game;
use crate::game::graph::tile_on;
use crate::title::schema::{Color, StopKind};

fn colour_word(c: char) -> &'static str {
    match c {
        'w' => "white",
        'y' => "yellow",
        'g' => "green",
        'b' => "brown",
        'G' => "gray",
        'r' => "red",
        '~' => "blue",
        'p' => "purple",
        _ => "",
    }
}

/// What a stop kind looks like on the stops line, and what it is.
fn stop_entry(g: &Game, h: u32, kind: StopKind) -> String {
    let band = g.title.phases[g.state.phase].revenue_band;
    let tile = tile_on(&g.title, &g.state, h);
    let stop = tile.stops.iter().find(|s| s.kind == kind);
    let value = stop.map_or(0, |s| s.revenue.value(band));
    let at = &g.title.map.hexes[h as usize].label;
    match kind {
        StopKind::City => {
            let line = stops_line(g, h);
            let first = line.find(')').map_or(line.clone(), |e| line[..=e].to_string());
            format!("{first} a city's slots: a token or . for a free one (as in {at})")
        }
        StopKind::Town => format!("o town (as in {at})"),
        StopKind::Port => format!("~{value} port worth {value} (as in {at})"),
        StopKind::Offboard => format!(">{value} off-board worth {value} (as in {at})"),
        StopKind::Mine => format!("m mine (as in {at})"),
        StopKind::Mountain => format!("^ mountain (as in {at})"),
    }
}

/// Legend lines no wider than `width`, for the hexes `part` (the part of
/// the map shown): only the markers that appear there, with examples from
/// there.
pub fn legend(g: &Game, width: usize, part: &[u32]) -> Vec<String> {
    let hexes = &g.title.map.hexes;
    let mut entries = Vec::new();
    // Colours in the order of the colour scale, those the part shows now.
    let shown: Vec<char> = part.iter().filter_map(|h| tile_line(g, *h).chars().next()).collect();
    let order = [Color::White, Color::Yellow, Color::Green, Color::Brown, Color::Gray, Color::Red, Color::Blue, Color::Purple];
    for c in order.map(colour_letter).into_iter().filter(|c| shown.contains(c)) {
        entries.push(format!("{c} {}", colour_word(c)));
    }
    // Track, in each gauge the part shows, with a hex that has it.
    for (gauge, marks, what) in [(Gauge::Standard, "| / \\", "track"), (Gauge::Narrow, ": .", "narrow-gauge track"), (Gauge::Dual, "#", "track of both gauges")] {
        if let Some(h) = part.iter().find(|h| exits(g, **h).contains(&Some(gauge))) {
            entries.push(format!("{marks} {what} leaving by that edge (as in {})", hexes[*h as usize].label));
        }
    }
    if let Some(h) = part.iter().map(|h| *h as usize).find(|h| g.state.board.hexes[*h].tile.is_some()) {
        let tile = tile_on(&g.title, &g.state, h as u32);
        entries.push(format!("{} tile laid (as in {})", tile.name, hexes[h].label));
    }
    if let Some(h) = part.iter().map(|h| *h as usize).find(|h| g.state.board.hexes[*h].tile.is_none() && hexes[*h].cost > 0) {
        entries.push(format!("${} terrain cost (as in {})", hexes[h].cost, hexes[h].label));
    }
    let kinds = [StopKind::City, StopKind::Town, StopKind::Port, StopKind::Offboard, StopKind::Mine, StopKind::Mountain];
    for kind in kinds {
        if let Some(h) = part.iter().copied().find(|h| tile_on(&g.title, &g.state, *h).stops.iter().any(|s| s.kind == kind)) {
            entries.push(stop_entry(g, h, kind));
        }
    }
    entries.push("`map HEX` for one hex".to_string());
    wrap_entries(&entries, width)
}

/// Joins entries with ", " into lines of at most `width` characters,
/// breaking only between entries.
pub fn wrap_entries(entries: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for (i, e) in entries.iter().enumerate() {
        let piece = if i + 1 < entries.len() { format!("{e},") } else { format!("{e}.") };
        if !cur.is_empty() && cur.chars().count() + 1 + piece.chars().count() > width {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(&piece);
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

/// Breaks prose into lines of at most `width` characters at spaces.
pub fn wrap_words(text: &str, width: usize) -> String {
    let words: Vec<String> = text.split(' ').map(str::to_string).collect();
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for w in words {
        if !cur.is_empty() && cur.chars().count() + 1 + w.chars().count() > width {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(&w);
    }
    lines.push(cur);
    lines.join("\n")
}

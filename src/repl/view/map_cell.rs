//! One hex of the text map, drawn with its track:
//!
//! ```text
//! C5 Palermo     label and name
//!  \ | /  y      track leaving by the upper edges; the hex's colour
//!  (RCS .)       its stops: cities with their slots, o towns, ~ ports...
//!  / | \ 651     track leaving by the lower edges; the tile (or terrain cost)
//! ```
//!
//! Each edge with track gets its mark where the edge is: `|` for north and
//! south, `/` and `\` for the slanted edges, `-` for east and west (pointy
//! hexes). Narrow gauge is drawn `:` and `.`, both gauges (dual track, or a standard and a narrow path on one edge) `#`, so 1849's
//! gauges differ at a glance. A hex with track and no stop shows where the
//! track meets in its centre.

use super::map::{colour_letter, stops_line};
use crate::game::Game;
use crate::game::graph::{rotation_on, tile_on};
use crate::hex::rotate;
use crate::route::Gauge;
use crate::tile::PathEnd;

/// Characters of a cell: the track drawing is the first `GLYPH`, its
/// centre at `MID`; the rest holds the colour and the tile.
pub const CELL: usize = 11;
const GLYPH: usize = 7;
const MID: usize = 3;

/// Where an edge's mark goes (line 1..=3 of the cell, column) and its
/// standard-gauge character, by compass direction.
fn mark_place(direction: &str) -> (usize, usize, char) {
    match direction {
        "N" => (1, MID, '|'),
        "NE" => (1, MID + 2, '/'),
        "E" => (2, GLYPH - 1, '-'),
        "SE" => (3, MID + 2, '\\'),
        "S" => (3, MID, '|'),
        "SW" => (3, MID - 2, '/'),
        "W" => (2, 0, '-'),
        _ => (1, MID - 2, '\\'), // NW
    }
}

/// The mark of an edge's track in its gauge.
pub fn gauge_mark(standard: char, gauge: Gauge) -> char {
    match (gauge, standard) {
        (Gauge::Standard, c) => c,
        (Gauge::Narrow, '|') => ':',
        (Gauge::Narrow, _) => '.',
        (Gauge::Dual, _) => '#',
    }
}

/// The gauge of the track leaving by each hex edge (`None`: no track).
/// Two paths of different gauges on one edge make it dual.
pub fn exits(g: &Game, h: u32) -> [Option<Gauge>; 6] {
    let tile = tile_on(&g.title, &g.state, h);
    let rotation = rotation_on(&g.title, &g.state, h);
    let mut out: [Option<Gauge>; 6] = [None; 6];
    for p in &tile.paths {
        for end in [p.a, p.b] {
            if let PathEnd::Edge(e) = end {
                let slot = &mut out[rotate(e, rotation) as usize];
                *slot = Some(match *slot {
                    Some(had) if had != p.gauge => Gauge::Dual,
                    _ => p.gauge,
                });
            }
        }
    }
    out
}

/// The four lines of a hex's cell, each at most `CELL` characters (the
/// stops line may run on into the next cell's gap when a city has many
/// slots; the caller cuts it).
pub fn cell(g: &Game, h: u32) -> [String; 4] {
    let hd = &g.title.map.hexes[h as usize];
    let mut lines: [Vec<char>; 3] = std::array::from_fn(|_| vec![' '; CELL]);
    let exits = exits(g, h);
    let directions: Vec<&str> = (0..6u8).filter(|e| exits[*e as usize].is_some()).map(|e| g.title.map.layout.edge_name(e)).collect();
    for e in 0..6u8 {
        if let Some(gauge) = exits[e as usize] {
            let (line, col, c) = mark_place(g.title.map.layout.edge_name(e));
            lines[line - 1][col] = gauge_mark(c, gauge);
        }
    }
    let stops = stops_line(g, h);
    if stops.is_empty() {
        if !directions.is_empty() {
            // Track with no stop: a straight line through, else a junction.
            let through = |a: &str, b: &str| directions.len() == 2 && directions.contains(&a) && directions.contains(&b);
            lines[1][MID] = if through("N", "S") { '|' } else if through("W", "E") { '-' } else { '+' };
        }
    } else {
        let text: Vec<char> = stops.chars().collect();
        let start = MID.saturating_sub(text.len() / 2).min(CELL.saturating_sub(text.len()));
        for (k, c) in text.into_iter().enumerate() {
            if start + k < CELL {
                lines[1][start + k] = c;
            } else {
                lines[1].push(c);
            }
        }
    }
    let tile = tile_on(&g.title, &g.state, h);
    put(&mut lines[0], GLYPH + 1, &colour_letter(tile.color).to_string());
    let info = match g.state.board.hexes[h as usize].tile {
        Some(_) => tile.name.clone(),
        None if hd.cost > 0 => format!("${}", hd.cost),
        None => String::new(),
    };
    put(&mut lines[2], GLYPH, &info);
    let name: String = hd.name.as_deref().unwrap_or("").chars().filter(|c| !c.is_whitespace()).collect();
    let label: String = format!("{} {name}", hd.label).chars().take(CELL).collect();
    let [a, b, c] = lines.map(|l| l.into_iter().collect::<String>());
    [label, a, b, c]
}

/// Writes `text` into `line` from `at`, cut at the cell's end.
fn put(line: &mut [char], at: usize, text: &str) {
    for (k, c) in text.chars().enumerate() {
        if let Some(slot) = line.get_mut(at + k) {
            *slot = c;
        }
    }
}

//! The board as text: one cell per hex, placed by its coordinates, so the
//! grid has the shape of the map, and each cell drawn with its track
//! (`map_cell.rs`):
//!
//! ```text
//! C5 Palermo     label and name
//!  \ | /  y      track by the upper edges; the colour
//!  (RCS .)       cities with their slots, o towns, ~ ports, > off-boards
//!  / | \ 651     track by the lower edges; the tile or terrain cost
//! ```
//! `map HEX` shows one hex in full (see `hex.rs`); `map E10 H14` the
//! hexes between two corners. A map wider than the session's width is cut
//! into parts of whole columns: `map part 1`... (`map west`, `map east`
//! for the first and last), because a wrapped grid loses its shape.

use super::super::{Invocation, Reply, Session};
use super::hex;
use super::map_cell::{self, CELL};
use crate::game::Game;
use crate::game::graph::{rotation_on, tile_on};
use crate::title::schema::{Color, StopKind};
use serde_json::{Value, json};

/// Characters per half column step: a hex's neighbours in the next row
/// sit half a cell to the side (a cell and a space are two steps).
const HALF: usize = CELL.div_ceil(2);

pub fn run(s: &mut Session, inv: &Invocation) -> Reply {
    let region = match region(&s.game, &inv.args) {
        Ok(r) => r,
        Err(e) => return Reply::error("map", e),
    };
    let shown: Vec<u32> = (0..s.game.title.map.hexes.len() as u32).filter(|h| region.is_none_or(|r| r.contains(&s.game, *h))).collect();
    let parts = parts(&s.game, &shown, s.width);
    // `map part N`, not `map N`: a bare number names a tile (`map 8`).
    let last = parts.len() - 1;
    let part = match (inv.args.first().map(|a| a.to_ascii_lowercase()).as_deref(), inv.args.get(1)) {
        _ if region.is_some() => 0,
        (None, _) | (Some("west"), None) => 0,
        (Some("east"), None) => last,
        (Some("part"), Some(n)) => match n.parse::<usize>() {
            Ok(n) if (1..=parts.len()).contains(&n) => n - 1,
            _ => return Reply::error("map", format!("at {} columns the map has {} part(s): `map part 1`..`map part {}`", s.width, parts.len(), parts.len())),
        },
        _ => return hex::detail(s, inv.args[0]),
    };
    let hexes: Vec<u32> = shown.iter().copied().filter(|h| (parts[part].0..=parts[part].1).contains(&s.game.title.map.hexes[*h as usize].coord.col)).collect();
    let mut text = grid(&s.game, &hexes, s.width);
    if parts.len() > 1 {
        let how = match region {
            Some(_) => "the region is wider than that: give corners closer together".to_string(),
            None => format!("`map part 1`..`map part {}` (or `map west`, `map east`) show each part, `map E10 H14` the hexes between two corners", parts.len()),
        };
        let note = format!("part {} of {} (columns {}): the map is wider than {} columns; {how}.", part + 1, parts.len(), column_span(&s.game, &hexes), s.width);
        text.push('\n');
        text.push_str(&super::map_legend::wrap_words(&note, s.width));
    }
    Reply::ok("map", text, json!({ "hexes": hexes_json(&s.game), "part": part + 1, "parts": parts.len(), "shown": hexes.len() }))
}

/// The rectangle between two corner hexes (`map E10 H14`), by their rows
/// and label numbers.
#[derive(Clone, Copy)]
struct Region {
    rows: (i32, i32),
    cols: (i32, i32),
}

impl Region {
    fn contains(&self, g: &Game, h: u32) -> bool {
        let c = g.title.map.hexes[h as usize].coord;
        (self.rows.0..=self.rows.1).contains(&c.row) && (self.cols.0..=self.cols.1).contains(&c.col)
    }
}

/// `map A B` with two hex labels: the region between them; anything else
/// is not a region.
fn region(g: &Game, args: &[&str]) -> Result<Option<Region>, String> {
    let [a, b] = args else { return Ok(None) };
    let layout = &g.title.map.layout;
    let (Ok(ca), Ok(cb)) = (layout.parse(&a.to_ascii_uppercase()), layout.parse(&b.to_ascii_uppercase())) else {
        return Ok(None);
    };
    let r = Region { rows: (ca.row.min(cb.row), ca.row.max(cb.row)), cols: (ca.col.min(cb.col), ca.col.max(cb.col)) };
    if !(0..g.title.map.hexes.len() as u32).any(|h| r.contains(g, h)) {
        return Err(format!("no hex of the map lies between {a} and {b}: give two corners, e.g. `map {}`", example_region(g)));
    }
    Ok(Some(r))
}

/// Two corners a quarter of the map apart, for messages.
fn example_region(g: &Game) -> String {
    let hexes = &g.title.map.hexes;
    let mut sorted: Vec<&crate::title::compile::HexData> = hexes.iter().collect();
    sorted.sort_by_key(|h| (h.coord.row, h.coord.col));
    match (sorted.first(), sorted.get(sorted.len() / 4)) {
        (Some(a), Some(b)) => format!("{} {}", a.label, b.label),
        _ => "A1 B2".to_string(),
    }
}

/// Splits the coordinate columns of `hexes` into runs whose cells fit in
/// `width` characters, as evenly as possible.
fn parts(g: &Game, hexes: &[u32], width: usize) -> Vec<(i32, i32)> {
    let cols = || hexes.iter().map(|h| g.title.map.hexes[*h as usize].coord.col);
    let (Some(min), Some(max)) = (cols().min(), cols().max()) else { return vec![(0, 0)] };
    let n_cols = (max - min + 1) as usize;
    let per = (width.saturating_sub(CELL) / HALF + 1).max(1);
    let n = n_cols.div_ceil(per).max(1);
    let size = n_cols.div_ceil(n);
    (0..n).map(|i| (min + (i * size) as i32, (min + ((i + 1) * size) as i32 - 1).min(max))).filter(|(a, b)| a <= b).collect()
}

/// The label numbers of the hexes shown: `1–15`.
fn column_span(g: &Game, hexes: &[u32]) -> String {
    let nums: Vec<u32> = hexes.iter().filter_map(|h| g.title.map.hexes[*h as usize].label.trim_start_matches(|c: char| !c.is_ascii_digit()).parse().ok()).collect();
    match (nums.iter().min(), nums.iter().max()) {
        (Some(lo), Some(hi)) => format!("{lo}–{hi}"),
        _ => "none".to_string(),
    }
}

pub fn colour_letter(c: Color) -> char {
    match c {
        Color::White => 'w',
        Color::Yellow => 'y',
        Color::Green => 'g',
        Color::Brown => 'b',
        Color::Gray => 'G',
        Color::Red => 'r',
        Color::Blue => '~',
        Color::Purple => 'p',
    }
}

/// The stops of a hex with their tokens: `(RCS .)o`.
pub(super) fn stops_line(g: &Game, h: u32) -> String {
    let tile = tile_on(&g.title, &g.state, h);
    let band = g.title.phases[g.state.phase].revenue_band;
    let slots = &g.state.board.hexes[h as usize].tokens;
    let mut out = String::new();
    for (i, s) in tile.stops.iter().enumerate() {
        match s.kind {
            StopKind::City => {
                let inside: Vec<String> = slots
                    .get(i)
                    .map(|v| v.iter().map(|x| x.map_or(".".to_string(), |c| g.state.corps[c].id.clone())).collect())
                    .unwrap_or_default();
                out.push_str(&format!("({})", inside.join(" ")));
            }
            StopKind::Town => out.push('o'),
            StopKind::Port => out.push_str(&format!("~{}", s.revenue.value(band))),
            StopKind::Offboard => out.push_str(&format!(">{}", s.revenue.value(band))),
            StopKind::Mine => out.push('m'),
            StopKind::Mountain => out.push('^'),
        }
    }
    out
}

pub(super) fn tile_line(g: &Game, h: u32) -> String {
    let hd = &g.title.map.hexes[h as usize];
    let hs = &g.state.board.hexes[h as usize];
    match hs.tile {
        Some(ti) => {
            let t = &g.title.tiles[ti as usize];
            format!("{} {}/{}", colour_letter(t.color), t.name, hs.rotation)
        }
        None if hd.cost > 0 => format!("{} ${}", colour_letter(hd.color), hd.cost),
        None => colour_letter(hd.color).to_string(),
    }
}

/// The hexes as a grid of cells, with the legend of what they show.
fn grid(g: &Game, hexes: &[u32], width: usize) -> String {
    let all = &g.title.map.hexes;
    if hexes.is_empty() {
        return "the map has no hexes".to_string();
    }
    let coord = |h: &u32| all[*h as usize].coord;
    let min_col = hexes.iter().map(|h| coord(h).col).min().unwrap_or(0);
    let max_col = hexes.iter().map(|h| coord(h).col).max().unwrap_or(0);
    let mut rows: Vec<i32> = hexes.iter().map(|h| coord(h).row).collect();
    rows.sort();
    rows.dedup();
    let grid_width = (max_col - min_col) as usize * HALF + CELL;
    let mut out: Vec<String> = Vec::new();
    for row in rows {
        let mut lines = vec![vec![' '; grid_width]; 4];
        for h in hexes.iter().filter(|h| coord(h).row == row) {
            let x = (coord(h).col - min_col) as usize * HALF;
            for (line, text) in lines.iter_mut().zip(map_cell::cell(g, *h)) {
                for (k, ch) in text.chars().take(CELL).enumerate() {
                    line[x + k] = ch;
                }
            }
        }
        for line in lines {
            let s: String = line.into_iter().collect();
            out.push(s.trim_end().to_string());
        }
    }
    out.push(String::new());
    out.extend(super::map_legend::legend(g, width, hexes));
    out.join("\n")
}

pub fn hexes_json(g: &Game) -> Vec<Value> {
    (0..g.title.map.hexes.len() as u32).map(|h| hex_json(g, h)).collect()
}

pub fn hex_json(g: &Game, h: u32) -> Value {
    let hd = &g.title.map.hexes[h as usize];
    let hs = &g.state.board.hexes[h as usize];
    let tile = tile_on(&g.title, &g.state, h);
    let band = g.title.phases[g.state.phase].revenue_band;
    let stops: Vec<Value> = tile
        .stops
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let tokens: Vec<Option<String>> = hs.tokens.get(i).map(|v| v.iter().map(|x| x.map(|c| g.state.corps[c].id.clone())).collect()).unwrap_or_default();
            json!({ "kind": s.kind.name(), "value": s.revenue.value(band), "name": s.name, "slots": s.slots, "tokens": tokens })
        })
        .collect();
    json!({
        "hex": hd.label,
        "name": hd.name,
        "color": tile.color.name(),
        "tile": hs.tile.map(|t| g.title.tiles[t as usize].name.clone()),
        "rotation": rotation_on(&g.title, &g.state, h),
        "terrain": hd.terrain,
        "cost": hd.cost,
        "stops": stops,
    })
}

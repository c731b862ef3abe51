//! The board as text: one cell per hex, placed by its coordinates, so the
//! grid has the shape of the map. Each cell has three lines:
//!
//! ```text
//! C5 Paler     label and name
//! y 651/2      colour, tile/rotation (or terrain cost on bare land)
//! (RCS .)      cities with their slots, o towns, ~ ports, > off-boards
//! ```
//! `map HEX` shows one hex in full (see `hex.rs`). A map wider than the
//! session's width is cut into parts of whole columns: `map part 1`...
//! (`map west`, `map east` for the first and last), because a wrapped
//! grid loses its shape.

use super::super::{Invocation, Reply, Session};
use super::hex;
use crate::game::Game;
use crate::game::graph::{rotation_on, tile_on};
use crate::title::schema::{Color, StopKind};
use serde_json::{Value, json};

/// Characters per half column step: a hex's neighbours in the next row
/// sit half a cell to the side.
const HALF: usize = 5;
/// Width of one cell (two half steps minus a space between cells).
const CELL: usize = 2 * HALF - 1;

pub fn run(s: &mut Session, inv: &Invocation) -> Reply {
    let parts = parts(&s.game, s.width);
    // `map part N`, not `map N`: a bare number names a tile (`map 8`).
    let last = parts.len() - 1;
    let part = match (inv.args.first().map(|a| a.to_ascii_lowercase()).as_deref(), inv.args.get(1)) {
        (None, _) | (Some("west"), None) => 0,
        (Some("east"), None) => last,
        (Some("part"), Some(n)) => match n.parse::<usize>() {
            Ok(n) if (1..=parts.len()).contains(&n) => n - 1,
            _ => return Reply::error("map", format!("at {} columns the map has {} part(s): `map part 1`..`map part {}`", s.width, parts.len(), parts.len())),
        },
        _ => return hex::detail(s, inv.args[0]),
    };
    let mut text = grid_part(&s.game, parts[part], s.width);
    if parts.len() > 1 {
        let note = format!(
            "part {} of {} (columns {}): the map is wider than {} columns; `map part 1`..`map part {}` (or `map west`, `map east`) show each part.",
            part + 1,
            parts.len(),
            column_span(&s.game, parts[part]),
            s.width,
            parts.len()
        );
        text.push('\n');
        text.push_str(&super::map_legend::wrap_words(&note, s.width));
    }
    Reply::ok("map", text, json!({ "hexes": hexes_json(&s.game), "part": part + 1, "parts": parts.len() }))
}

/// Splits the coordinate columns into runs whose cells fit in `width`
/// characters, as evenly as possible.
fn parts(g: &Game, width: usize) -> Vec<(i32, i32)> {
    let hexes = &g.title.map.hexes;
    let min = hexes.iter().map(|h| h.coord.col).min().unwrap_or(0);
    let max = hexes.iter().map(|h| h.coord.col).max().unwrap_or(0);
    let cols = (max - min + 1) as usize;
    let per = (width.saturating_sub(CELL) / HALF + 1).max(1);
    let n = cols.div_ceil(per).max(1);
    let size = cols.div_ceil(n);
    (0..n).map(|i| (min + (i * size) as i32, (min + ((i + 1) * size) as i32 - 1).min(max))).filter(|(a, b)| a <= b).collect()
}

/// The label numbers of the hexes in a part: `1–15`.
fn column_span(g: &Game, (a, b): (i32, i32)) -> String {
    let nums: Vec<u32> = g
        .title
        .map
        .hexes
        .iter()
        .filter(|h| (a..=b).contains(&h.coord.col))
        .filter_map(|h| h.label.trim_start_matches(|c: char| !c.is_ascii_digit()).parse().ok())
        .collect();
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

fn fit(text: &str) -> String {
    text.chars().take(CELL).collect()
}

/// The hexes whose coordinate column is in `cols`, as a grid of cells.
fn grid_part(g: &Game, cols: (i32, i32), width: usize) -> String {
    let all = &g.title.map.hexes;
    if all.is_empty() {
        return "the map has no hexes".to_string();
    }
    let hexes: Vec<(usize, &crate::title::compile::HexData)> = all.iter().enumerate().filter(|(_, h)| (cols.0..=cols.1).contains(&h.coord.col)).collect();
    let min_col = hexes.iter().map(|(_, h)| h.coord.col).min().unwrap_or(0);
    let max_col = hexes.iter().map(|(_, h)| h.coord.col).max().unwrap_or(0);
    let mut rows: Vec<i32> = hexes.iter().map(|(_, h)| h.coord.row).collect();
    rows.sort();
    rows.dedup();
    let grid_width = (max_col - min_col) as usize * HALF + CELL;
    let mut out: Vec<String> = Vec::new();
    for row in rows {
        let mut lines = vec![vec![' '; grid_width]; 3];
        for &(i, h) in hexes.iter().filter(|(_, h)| h.coord.row == row) {
            let x = (h.coord.col - min_col) as usize * HALF;
            let name: String = h.name.as_deref().unwrap_or("").chars().filter(|c| !c.is_whitespace()).collect();
            let texts = [format!("{} {name}", h.label), tile_line(g, i as u32), stops_line(g, i as u32)];
            for (line, text) in lines.iter_mut().zip(texts) {
                for (k, ch) in fit(&text).chars().enumerate() {
                    line[x + k] = ch;
                }
            }
        }
        for line in lines {
            let s: String = line.into_iter().collect();
            let s = s.trim_end().to_string();
            if !s.is_empty() {
                out.push(s);
            }
        }
        out.push(String::new());
    }
    let shown: Vec<u32> = hexes.iter().map(|(i, _)| *i as u32).collect();
    out.extend(super::map_legend::legend(g, width, &shown));
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

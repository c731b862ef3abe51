//! The tile sheet: every tile of the title drawn at rotation 0, with its
//! number, the tiles it upgrades to and the copies left in the supply.

use super::geometry::HexShape;
use super::svg::{Anchor, Svg, escape};
use super::tile::{self, TileView};
use crate::game::state::GameState;
use crate::tile::Tile;
use crate::tile::upgrade::fits;
use crate::title::Title;

const R: f64 = 40.0;
const CELL_W: f64 = 2.6 * R;
const CELL_H: f64 = 3.3 * R;
const COLS: usize = 10;
const MARGIN: f64 = 20.0;
const HEADER: f64 = 34.0;

/// The tiles `from` may be replaced by: by the upgrade rules (a listed
/// tile, else the next colour), the same label, and track that keeps all
/// of `from`'s at some rotation.
pub fn upgrades(t: &Title, from: &Tile) -> Vec<String> {
    t.tiles
        .iter()
        .filter(|to| to.name != from.name && to.label == from.label && crate::game::board::follows(from, to) && !fits(from, 0, to).is_empty())
        .map(|to| to.name.clone())
        .collect()
}

pub fn svg(t: &Title, st: &GameState) -> String {
    let mut order: Vec<usize> = (0..t.tiles.len()).collect();
    // By colour, then by number as people read them (7 before 14).
    order.sort_by_key(|&i| {
        let tile = &t.tiles[i];
        let n: u32 = tile.name.chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap_or(u32::MAX);
        (tile.color.rank().unwrap_or(9), n, tile.name.clone())
    });
    let rows = order.len().div_ceil(COLS).max(1);
    let (w, h) = (MARGIN * 2.0 + CELL_W * COLS as f64, HEADER + MARGIN * 2.0 + CELL_H * rows as f64);
    let mut svg = Svg::new(w, h, "#ffffff");
    svg.text(MARGIN, MARGIN, 18.0, Anchor::Start, "#000", &format!("{} — tiles (count left in the supply)", t.meta.name), r#"font-weight="bold""#);
    if t.settings.same_colour_upgrades == crate::title::schema::SameColourUpgrades::ConnectedTrack {
        let note = "→ lists upgrades; a tile may also be replaced by another of its colour, label and stops that keeps its track leading somewhere";
        svg.text(MARGIN, MARGIN + 18.0, 11.0, Anchor::Start, "#333", note, r#"class="same-colour""#);
    }
    let shape = HexShape::new(t.map.layout.kind, R);
    for (k, &i) in order.iter().enumerate() {
        let tile = &t.tiles[i];
        let x = MARGIN + CELL_W * (k % COLS) as f64 + CELL_W / 2.0;
        let y = MARGIN + HEADER + CELL_H * (k / COLS) as f64 + R;
        svg.open(&format!(r#"id="tile-{}" class="sheet-tile""#, escape(&tile.name)));
        tile::draw(&mut svg, &TileView::bare(tile, 0, (x, y), shape));
        let left = match st.board.supply.get(i).copied().unwrap_or(tile.count) {
            n if n < 0 => "∞".to_string(),
            n => n.to_string(),
        };
        let hidden = if tile.hidden { " (special)" } else { "" };
        svg.text(x, y + R + 10.0, 12.0, Anchor::Middle, "#000", &format!("#{} × {left}{hidden}", tile.name), r#"class="count""#);
        let ups = upgrades(t, tile);
        for (n, line) in wrap(&ups).iter().enumerate() {
            svg.text(x, y + R + 24.0 + 12.0 * n as f64, 10.0, Anchor::Middle, "#333", line, r#"class="upgrades""#);
        }
        svg.close();
    }
    svg.finish()
}

/// "→ 14, 15, …" in lines that fit under a tile.
fn wrap(ups: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for (i, u) in ups.iter().enumerate() {
        let piece = if i + 1 < ups.len() { format!("{u},") } else { u.clone() };
        if line.is_empty() {
            line = if lines.is_empty() { format!("→ {piece}") } else { piece };
        } else if line.chars().count() + piece.chars().count() < 18 {
            line = format!("{line} {piece}");
        } else {
            lines.push(std::mem::take(&mut line));
            line = piece;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// One tile of the title alone, at a rotation: a small picture for
/// snapshot tests and docs. `None` if the title has no such tile.
pub fn tile_svg(t: &Title, name: &str, rotation: u8) -> Option<String> {
    let tile = t.tile(name)?;
    let shape = HexShape::new(t.map.layout.kind, R);
    let (hw, hh) = shape.half_extent();
    let mut svg = Svg::new(2.0 * hw + 8.0, 2.0 * hh + 8.0, "#ffffff");
    tile::draw(&mut svg, &TileView::bare(tile, rotation, (hw + 4.0, hh + 4.0), shape));
    Some(svg.finish())
}

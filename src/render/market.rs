//! The stock market: its grid (rows of cells, or one row), each cell's
//! price and zone, and the corporations' markers, several on one cell in
//! stack order (top of the stack first).

use super::read;
use super::svg::{Anchor, Svg, escape, text_on};
use crate::game::state::GameState;
use crate::title::Title;
use crate::title::schema::CellFlagDef;

const CELL_W: f64 = 64.0;
const CELL_H: f64 = 54.0;
const MARGIN: f64 = 20.0;
const HEADER: f64 = 34.0;
const LEGEND: f64 = 36.0;

/// A zone colour from what the cell's flags do.
fn zone(flags: &[&CellFlagDef]) -> &'static str {
    if flags.iter().any(|f| f.closes) {
        "#555555"
    } else if flags.iter().any(|f| f.ends_game) {
        "#d94c4c"
    } else if flags.iter().any(|f| f.open_from_phase.is_some()) {
        "#8ab8ee"
    } else if flags.iter().any(|f| f.par) {
        "#f4a6a6"
    } else if flags.iter().any(|f| !f.start_for.is_empty()) {
        "#b9e0a5"
    } else if flags.iter().any(|f| !f.forbidden_kinds.is_empty()) {
        "#f6d36b"
    } else if flags.iter().any(|f| f.no_sr_rise_before_phase.is_some()) {
        "#c9c9f2"
    } else {
        "#fbf6e4"
    }
}

pub fn svg(t: &Title, st: &GameState) -> String {
    let m = &t.market;
    let cols = m.rows.iter().map(Vec::len).max().unwrap_or(0).max(1);
    // A market with extra price grids (`[prices]`) has taller cells: the
    // extra prices go under the price, the markers below them.
    let extra_h = if m.prices.is_empty() { 0.0 } else { 10.0 };
    let cell_h = CELL_H + extra_h;
    let (w, h) = (MARGIN * 2.0 + CELL_W * cols as f64, HEADER + MARGIN * 2.0 + cell_h * m.rows.len().max(1) as f64 + LEGEND);
    let mut svg = Svg::new(w, h, "#ffffff");
    svg.text(MARGIN, MARGIN, 18.0, Anchor::Start, "#000", &format!("{} — stock market", t.meta.name), r#"font-weight="bold""#);
    let y0 = MARGIN + HEADER;
    svg.open(r#"id="market""#);
    for (r, row) in m.rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let Some(cell) = cell else { continue };
            let flags: Vec<&CellFlagDef> = cell.flags.iter().filter_map(|f| m.flag(*f)).collect();
            let (x, y) = (MARGIN + CELL_W * c as f64, y0 + cell_h * r as f64);
            svg.open(&format!(r#"id="cell-{r}-{c}" class="cell""#));
            svg.rect(x, y, CELL_W, cell_h, zone(&flags), Some(("#333", 1.0)), "");
            let fg = if flags.iter().any(|f| f.closes) { "white" } else { "black" };
            svg.text(x + 5.0, y + 9.0, 12.0, Anchor::Start, fg, &cell.price.to_string(), r#"font-weight="bold""#);
            // The extra price grids (market.toml's `[prices]`), small,
            // under the price, in the grids' name order; titles without
            // them draw as before.
            let extra: Vec<String> = m.prices.keys().filter_map(|name| m.extra_price(name, r, c)).map(|v| v.to_string()).collect();
            if !extra.is_empty() {
                svg.text(x + 5.0, y + 20.0, 8.0, Anchor::Start, fg, &extra.join(" · "), r#"class="extra-prices""#);
            }
            svg.close();
        }
    }
    // Markers: per cell, top of the stack first, left to right then down.
    let mut markers = read::market_markers(st);
    markers.sort_by_key(|&(c, row, col, stack)| (row, col, stack, read::corp_index(c)));
    let mut k = 0;
    while k < markers.len() {
        let (row, col) = (markers[k].1, markers[k].2);
        let here: Vec<_> = markers[k..].iter().take_while(|m| m.1 == row && m.2 == col).copied().collect();
        let (x, y) = (MARGIN + CELL_W * col as f64, y0 + cell_h * row as f64);
        let per_row = 3usize;
        for (i, (corp, ..)) in here.iter().enumerate() {
            let (mx, my) = (x + 11.0 + 21.0 * (i % per_row) as f64, y + 27.0 + extra_h + 16.0 * (i / per_row) as f64);
            let fill = read::corp_fill(t, st, *corp);
            let text = read::token_text(t, st, *corp);
            svg.open(&format!(r#"class="market-marker" data-corp="{}" data-stack="{}""#, escape(&read::corp_text(st, *corp)), i + 1));
            svg.circle(mx, my, 9.5, &fill, Some(("#111", 1.0)), "");
            let size = if text.chars().count() > 3 { 5.5 } else { 6.5 };
            svg.text(mx, my, size, Anchor::Middle, text_on(&fill), &text, r#"font-weight="bold""#);
            svg.close();
        }
        k += here.len();
    }
    svg.close();
    // What the zones mean, from the title's own flag names.
    let mut x = MARGIN;
    let y = h - LEGEND / 2.0 - 4.0;
    svg.open(r#"class="legend""#);
    for def in m.flags.values() {
        svg.rect(x, y - 8.0, 16.0, 16.0, zone(&[def]), Some(("#333", 1.0)), "");
        svg.text(x + 22.0, y, 12.0, Anchor::Start, "#000", &def.name, "");
        x += 30.0 + 7.5 * def.name.chars().count() as f64;
    }
    svg.close();
    svg.finish()
}

//! The map: every hex in its place, with its current tile, terrain and
//! cost, name, coordinate, borders, tokens, reservations and homes.

use super::geometry::{Frame, Pt, add, lerp};
use super::read;
use super::svg::{Anchor, Svg, escape};
use super::tile::{self, TileView};
use crate::game::graph::{rotation_on, tile_on};
use crate::game::ids::HexId;
use crate::game::state::GameState;
use crate::route::Gauge;
use crate::title::Title;
use crate::tile::Revenue;

/// Corner radius of a map hex, in pixels.
pub const HEX_R: f64 = 48.0;
const MARGIN: f64 = 20.0;
/// Room above the map for its heading.
pub const HEADER: f64 = 34.0;
const LEGEND: f64 = 40.0;

/// The map's frame: where each hex goes.
pub fn frame(t: &Title) -> Frame {
    let mut f = Frame::fit(t.map.layout, HEX_R, t.map.hexes.iter().map(|h| h.coord), MARGIN);
    f.offset.1 += HEADER;
    f.size.1 += HEADER + LEGEND;
    f
}

pub fn centre(t: &Title, f: &Frame, hex: HexId) -> Pt {
    f.centre(t.map.hexes[hex as usize].coord)
}

/// The map as SVG.
pub fn svg(t: &Title, st: &GameState) -> String {
    let f = frame(t);
    let mut svg = Svg::new(f.size.0, f.size.1, "#ffffff");
    draw(&mut svg, t, st, &f, f.size.1);
    svg.finish()
}

/// Draws the map into `svg` (the routes picture draws over it); the
/// map's own legend ends at `bottom`.
pub fn draw(svg: &mut Svg, t: &Title, st: &GameState, f: &Frame, bottom: f64) {
    let heading = format!("{} — phase {}", t.meta.name, read::phase_name(t, st));
    svg.text(MARGIN, MARGIN, 18.0, Anchor::Start, "#000", &heading, r#"font-weight="bold""#);
    svg.open(r#"id="map""#);
    for hex in 0..t.map.hexes.len() as HexId {
        draw_hex(svg, t, st, f, hex);
    }
    borders(svg, t, f);
    links(svg, t, f);
    svg.close();
    legend(svg, t, f, bottom - LEGEND / 2.0);
}

fn draw_hex(svg: &mut Svg, t: &Title, st: &GameState, f: &Frame, hex: HexId) {
    let h = &t.map.hexes[hex as usize];
    let c = centre(t, f, hex);
    let r = f.shape.r;
    let laid = st.board.hexes[hex as usize].tile.is_some();
    let tile = tile_on(t, st, hex);
    svg.open(&format!(r#"id="hex-{}" class="hex""#, escape(&h.label)));
    let label = tile.label.clone().or_else(|| h.future_label.as_ref().map(|fl| fl.label.clone()).filter(|_| !laid));
    let revenues = (0..tile.stops.len() as u8).map(|s| st.board.revenues.get(&(hex, s)).map(|v| Revenue::Banded(v.clone()))).collect();
    let view = TileView {
        tile,
        rotation: rotation_on(t, st, hex),
        centre: c,
        shape: f.shape,
        slots: read::slot_markers(t, st, hex),
        band: read::band(t, st),
        revenues,
        number: laid.then(|| tile.name.clone()),
        label,
    };
    tile::draw(svg, &view);
    // The coordinate, the name, and on land still bare, terrain and cost.
    // The coordinate in the top corner, clear of the track at the edges.
    let coord_at = match f.shape.kind {
        crate::title::schema::LayoutKind::Flat => (c.0 - r * 0.42, c.1 - r * 0.68),
        crate::title::schema::LayoutKind::Pointy => (c.0, c.1 - r * 0.76),
    };
    svg.text(coord_at.0, coord_at.1, r * 0.15, Anchor::Middle, "#444", &h.label, r#"class="coord""#);
    if let Some(name) = &h.name {
        let size = (r * 0.17).min(r * 2.4 / name.chars().count().max(1) as f64);
        let y = if tile.stops.is_empty() { c.1 } else { c.1 + r * 0.66 };
        svg.text(c.0 - r * 0.1, y, size, Anchor::Middle, "#111", name, r#"class="name""#);
    }
    if !laid && (h.cost > 0 || h.terrain.is_some()) {
        terrain(svg, add(c, (r * 0.45, r * 0.05)), r, h.terrain.as_deref().unwrap_or(""), h.cost);
    }
    // Bonuses a corporation holds at a stop (1849's port token).
    let bonuses: Vec<_> = st.board.stop_bonuses.iter().filter(|b| b.hex == hex).collect();
    if !bonuses.is_empty() {
        let places = tile::places(tile, rotation_on(t, st, hex), c, &f.shape);
        for (k, b) in bonuses.iter().enumerate() {
            let at = places.get(b.stop as usize).map_or(c, |p| p.at);
            let text = format!("+{} {}", b.amount, read::corp_text(st, b.corp));
            svg.text(at.0, at.1 - r * (0.42 + 0.2 * k as f64), r * 0.15, Anchor::Middle, "#0b3d91", &text, r#"font-weight="bold" class="stop-bonus""#);
        }
    }
    // Markers the title's scripts put on the hex during play (1844's
    // "closed" on a mountain hex until its railway opens), as the title
    // names them.
    if let Some(marks) = st.board.markers.get(&hex).filter(|m| !m.is_empty()) {
        let text = marks.join(" · ");
        let size = (r * 0.15).min(r * 1.6 / text.chars().count().max(1) as f64);
        svg.text(c.0, c.1 + r * 0.45, size, Anchor::Middle, "#6a1b9a", &text, r#"font-style="italic" class="marker""#);
    }
    if let Some(reason) = st.board.locked.get(&hex) {
        svg.raw(&format!("<title>{}</title>", escape(reason)));
        svg.text(c.0, c.1 - r * 0.42, r * 0.22, Anchor::Middle, "#900", "✕", r#"class="locked""#);
    }
    svg.close();
}

/// A terrain mark and its build cost.
fn terrain(svg: &mut Svg, at: Pt, r: f64, kind: &str, cost: i64) {
    let k = kind.to_ascii_lowercase();
    let s = r * 0.14;
    if k.contains("river") || k.contains("water") || k.contains("lake") || k.contains("sea") {
        let d = format!(
            "M {} {} q {} {} {} 0 t {} 0",
            super::svg::num(at.0 - s * 1.5),
            super::svg::num(at.1 - s * 0.5),
            super::svg::num(s * 0.75),
            super::svg::num(-s * 0.8),
            super::svg::num(s * 1.5),
            super::svg::num(s * 1.5)
        );
        svg.path(&d, "#1d6fc4", r * 0.05, r#"class="terrain""#);
    } else {
        let fill = if k.contains("mount") || k.contains("alp") { "#7a4b22" } else if k.contains("hill") { "#a7793f" } else { "#9c9c5c" };
        svg.polygon(&[(at.0, at.1 - s * 1.2), (at.0 + s, at.1 + s * 0.2), (at.0 - s, at.1 + s * 0.2)], fill, None, r#"class="terrain""#);
    }
    if cost > 0 {
        svg.text(at.0, at.1 + s * 1.1, r * 0.16, Anchor::Middle, "#111", &cost.to_string(), r#"class="cost""#);
    }
}

/// Impassable borders (thick) and the plain ones drawn inside a
/// multi-hex off-board (dashed); each border once.
fn borders(svg: &mut Svg, t: &Title, f: &Frame) {
    svg.open(r#"class="borders""#);
    for (i, h) in t.map.hexes.iter().enumerate() {
        let c = centre(t, f, i as HexId);
        for e in 0..6u8 {
            let bit = 1 << e;
            // Drawn from the side with the lower index when both have it.
            if let Some((n, back)) = h.across(e)
                && (n as usize) < i
                && (t.map.hexes[n as usize].impassable | t.map.hexes[n as usize].plain_borders) & (1 << back) != 0
            {
                continue;
            }
            let (a, b) = f.shape.edge_corners(c, e);
            if h.impassable & bit != 0 {
                svg.line(a, b, "#b00000", f.shape.r * 0.12, r#"stroke-linecap="round" class="impassable""#);
            } else if h.plain_borders & bit != 0 {
                svg.line(a, b, "#222", f.shape.r * 0.04, r#"stroke-dasharray="4 3" class="border""#);
            } else if let Some(terrain) = &h.border_terrain[e as usize] {
                terrain_border(svg, f, (a, b), terrain);
            }
        }
    }
    svg.close();
}

/// The sides joined by map.toml's `[[link]]`, on both hexes: a dark
/// green bar just beyond the side (a terrain border on the side stays
/// visible) and a disc beyond it with the link's label, or the label of
/// the hex it leads to, so players see where track continues.
fn links(svg: &mut Svg, t: &Title, f: &Frame) {
    svg.open(r#"class="links""#);
    let r = f.shape.r;
    for (i, h) in t.map.hexes.iter().enumerate() {
        let c = centre(t, f, i as HexId);
        for e in 0..6u8 {
            if h.linked & (1 << e) == 0 {
                continue;
            }
            let Some((n, _)) = h.across(e) else { continue };
            let (dx, dy) = f.shape.edge_dir(e);
            let out = |p: Pt, k: f64| (p.0 + dx * r * k, p.1 + dy * r * k);
            let (a, b) = f.shape.edge_corners(c, e);
            svg.line(out(lerp(a, b, 0.1), 0.07), out(lerp(a, b, 0.9), 0.07), "#1f5f2a", r * 0.07, r#"stroke-linecap="round" class="link""#);
            let at = out(f.shape.edge_mid(c, e), 0.30);
            svg.circle(at.0, at.1, r * 0.2, "#1f5f2a", Some(("#ffffff", r * 0.03)), r#"class="link-label""#);
            let (label, size) = match &h.link_labels[e as usize] {
                Some(l) => (l.as_str(), r * 0.24),
                None => (t.map.hexes[n as usize].label.as_str(), r * 0.14),
            };
            svg.text(at.0, at.1, size, Anchor::Middle, "#ffffff", label, r#"font-weight="bold""#);
        }
    }
    svg.close();
}

/// A crossable border with a terrain (1865's rivers and mountain ridges):
/// rivers blue, mountains a dotted brown line, as printed boards draw
/// them; any other terrain a dotted grey line.
fn terrain_border(svg: &mut Svg, f: &Frame, (a, b): (Pt, Pt), terrain: &str) {
    let class = format!(r#"class="border-{}""#, escape(terrain));
    match terrain {
        "river" | "water" => svg.line(a, b, "#2a6fdb", f.shape.r * 0.09, &format!(r#"stroke-linecap="round" {class}"#)),
        "mountain" | "mountains" => svg.line(a, b, "#8b5a2b", f.shape.r * 0.09, &format!(r#"stroke-dasharray="2 4" stroke-linecap="round" {class}"#)),
        _ => svg.line(a, b, "#777", f.shape.r * 0.06, &format!(r#"stroke-dasharray="2 3" {class}"#)),
    }
}

/// The gauges used by the title's tiles, drawn as they appear on the map.
fn legend(svg: &mut Svg, t: &Title, f: &Frame, y: f64) {
    let mut gauges: Vec<Gauge> = Vec::new();
    for tile in t.tiles.iter().chain(t.map.hexes.iter().map(|h| &h.tile)) {
        for p in &tile.paths {
            if !gauges.contains(&p.gauge) {
                gauges.push(p.gauge);
            }
        }
    }
    if gauges.len() < 2 {
        return;
    }
    gauges.sort_by_key(|g| g.index());
    let mut x = MARGIN;
    svg.open(r#"class="legend""#);
    for g in gauges {
        let d = format!("M {} {} L {} {}", x, y, x + 40.0, y);
        tile::draw_track(svg, &d, g, f.shape.r);
        svg.text(x + 46.0, y, 13.0, Anchor::Start, "#000", &format!("{} gauge", g.name()), "");
        x += 170.0;
    }
    svg.close();
}

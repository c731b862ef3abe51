//! One tile drawn in a hex: its colour, track with its real geometry
//! (straights, gentle and sharp curves, paths to stops), cities with a
//! circle per token slot, towns, off-board values, its label and number.
//! No title code is needed: everything comes from the tile's parts.

use super::geometry::{HexShape, Pt, add, lerp, scale, sub};
use super::svg::{Anchor, Svg, num, text_on};
use crate::route::Gauge;
use crate::tile::{PathEnd, Revenue, Tile, TilePath};
use crate::title::schema::{Color, StopKind};

/// A token or marker in a city slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    /// The corporation's id (the SVG's `data-corp`).
    pub corp: String,
    /// What the token shows (`token_text`, else the id).
    pub text: String,
    pub fill: String,
    /// A reservation or an unplaced home: drawn faint.
    pub faint: bool,
    /// How it is drawn: a token (faint or not), a printed reservation (the
    /// abbreviation in black on white, dashed ring), a neutral token.
    pub style: MarkerStyle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerStyle {
    Token,
    /// A slot only this corporation may fill (map.toml `reserved`).
    Reserved,
    /// A token of no corporation (map.toml `neutral`): black, white id.
    Neutral,
}

/// Everything needed to draw a tile in one place.
pub struct TileView<'a> {
    pub tile: &'a Tile,
    pub rotation: u8,
    pub centre: Pt,
    pub shape: HexShape,
    /// Per stop, one entry per slot.
    pub slots: Vec<Vec<Option<Marker>>>,
    /// The revenue band of the phase (banded values: this one is marked).
    pub band: usize,
    /// Per stop, a value set in play that replaces the printed one.
    pub revenues: Vec<Option<Revenue>>,
    /// The tile number drawn in a corner (laid tiles and the tile sheet).
    pub number: Option<String>,
    /// The label drawn (a hex's future label may replace the tile's).
    pub label: Option<String>,
}

impl<'a> TileView<'a> {
    /// A tile by itself, as on the tile sheet: no tokens, its printed
    /// values, its number and label.
    pub fn bare(tile: &'a Tile, rotation: u8, centre: Pt, shape: HexShape) -> TileView<'a> {
        TileView { tile, rotation, centre, shape, slots: Vec::new(), band: 0, revenues: Vec::new(), number: Some(tile.name.clone()), label: tile.label.clone() }
    }
}

pub fn fill_of(color: Color) -> &'static str {
    match color {
        Color::White => "#f3ead2",
        Color::Yellow => "#fde900",
        Color::Green => "#71bf44",
        Color::Brown => "#cb7745",
        Color::Gray => "#bcbdc0",
        Color::Red => "#e44a3f",
        Color::Blue => "#5fb2e8",
        Color::Purple => "#a77bca",
    }
}

/// Where a stop sits, and for a town on a through track, the angle of
/// its bar.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    pub at: Pt,
    pub bar: Option<f64>,
}

/// The shape of a track between two points on a hex: a line, or an arc
/// of a circle (its centre, radius and SVG sweep flag).
#[derive(Clone, Copy, Debug)]
enum Curve {
    Line,
    Arc { centre: Pt, r: f64, sweep: u8 },
}

fn cross(a: Pt, b: Pt) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

/// The track between the middles of hex edges `e1` and `e2` (already
/// rotated): straight across, a gentle curve (two edges apart: radius
/// 1.5 r) or a sharp one (adjacent edges: radius r / 2, round the corner
/// they share). The circle's centre is where the two edges' lines meet.
fn edge_curve(shape: &HexShape, c: Pt, e1: u8, e2: u8) -> Curve {
    let (m1, m2) = (shape.edge_mid(c, e1), shape.edge_mid(c, e2));
    let (d1, d2) = (shape.edge_dir(e1), shape.edge_dir(e2));
    // Edge lines: m + t * (perpendicular of d).
    let (p1, p2) = ((-d1.1, d1.0), (-d2.1, d2.0));
    let den = cross(p1, p2);
    if den.abs() < 1e-9 {
        return Curve::Line;
    }
    let t = cross(sub(m2, m1), p2) / den;
    let centre = add(m1, scale(p1, t));
    let r = (t * t * (p1.0 * p1.0 + p1.1 * p1.1)).sqrt();
    let sweep = if cross(sub(m1, centre), sub(m2, centre)) > 0.0 { 1 } else { 0 };
    Curve::Arc { centre, r, sweep }
}

/// The middle of a curve from `a` to `b`.
fn curve_mid(curve: Curve, a: Pt, b: Pt) -> Pt {
    match curve {
        Curve::Line => lerp(a, b, 0.5),
        Curve::Arc { centre, r, .. } => {
            let m = sub(lerp(a, b, 0.5), centre);
            let len = (m.0 * m.0 + m.1 * m.1).sqrt().max(1e-9);
            add(centre, scale(m, r / len))
        }
    }
}

fn d_of(curve: Curve, a: Pt, b: Pt) -> String {
    match curve {
        Curve::Line => format!("M {} {} L {} {}", num(a.0), num(a.1), num(b.0), num(b.1)),
        Curve::Arc { r, sweep, .. } => format!("M {} {} A {} {} 0 0 {sweep} {} {}", num(a.0), num(a.1), num(r), num(r), num(b.0), num(b.1)),
    }
}

/// The edges (rotated) of the paths that join stop `s` to an edge.
fn stop_edges(tile: &Tile, rotation: u8, s: u8) -> Vec<u8> {
    let mut out = Vec::new();
    for p in &tile.paths {
        match (p.a, p.b) {
            (PathEnd::Edge(e), PathEnd::Stop(x)) | (PathEnd::Stop(x), PathEnd::Edge(e)) if x == s => out.push(crate::hex::rotate(e, rotation)),
            _ => {}
        }
    }
    out
}

/// A town with exactly two paths, both to edges, is drawn on the track
/// between those edges, as a bar across it.
fn through_town(tile: &Tile, rotation: u8, s: u8) -> Option<(u8, u8)> {
    let stop = &tile.stops[s as usize];
    if stop.kind != StopKind::Town {
        return None;
    }
    let touching = tile.paths.iter().filter(|p| p.a == PathEnd::Stop(s) || p.b == PathEnd::Stop(s)).count();
    match stop_edges(tile, rotation, s).as_slice() {
        [a, b] if touching == 2 && a != b => Some((*a, *b)),
        _ => None,
    }
}

/// Where each stop of the tile is drawn. One stop: the centre (or on its
/// through track). Several: each towards the edges it joins, or spread
/// round the centre when they would meet.
pub fn places(tile: &Tile, rotation: u8, c: Pt, shape: &HexShape) -> Vec<Place> {
    let n = tile.stops.len();
    let mut out: Vec<Place> = Vec::with_capacity(n);
    for s in 0..n as u8 {
        if let Some((a, b)) = through_town(tile, rotation, s) {
            let curve = edge_curve(shape, c, a, b);
            let (ma, mb) = (shape.edge_mid(c, a), shape.edge_mid(c, b));
            let at = curve_mid(curve, ma, mb);
            // The bar lies across the track: along the radius of an arc,
            // across a straight.
            let along = match curve {
                Curve::Line => sub(mb, ma),
                Curve::Arc { centre, .. } => {
                    let v = sub(at, centre);
                    (-v.1, v.0)
                }
            };
            let angle = along.1.atan2(along.0).to_degrees() + 90.0;
            out.push(Place { at, bar: Some(angle) });
            continue;
        }
        if n == 1 {
            out.push(Place { at: c, bar: None });
            continue;
        }
        let edges = stop_edges(tile, rotation, s);
        let mut v = (0.0, 0.0);
        for e in &edges {
            v = add(v, shape.edge_dir(*e));
        }
        let len = (v.0 * v.0 + v.1 * v.1).sqrt();
        let at = if len > 0.3 { add(c, scale(v, shape.apothem() * 0.5 / len)) } else { c };
        out.push(Place { at, bar: None });
    }
    // Stops drawn on top of each other are spread round the centre.
    let crowded = (0..n).any(|i| (0..i).any(|j| {
        let d = sub(out[i].at, out[j].at);
        (d.0 * d.0 + d.1 * d.1).sqrt() < shape.r * 0.45
    }));
    if n > 1 && crowded {
        let base = shape.edge_angle(rotation) + 180.0;
        for (i, p) in out.iter_mut().enumerate() {
            if p.bar.is_some() {
                continue;
            }
            let a = (base + 360.0 * i as f64 / n as f64).to_radians();
            p.at = add(c, scale((a.cos(), a.sin()), shape.apothem() * 0.5));
        }
    }
    out
}

/// The SVG path data of one of the tile's paths.
pub fn path_d(tile: &Tile, rotation: u8, p: &TilePath, c: Pt, shape: &HexShape, places: &[Place]) -> String {
    let rot = |e: u8| crate::hex::rotate(e, rotation);
    match (p.a, p.b) {
        (PathEnd::Edge(a), PathEnd::Edge(b)) => {
            let (a, b) = (rot(a), rot(b));
            let (ma, mb) = (shape.edge_mid(c, a), shape.edge_mid(c, b));
            d_of(edge_curve(shape, c, a, b), ma, mb)
        }
        (PathEnd::Edge(e), PathEnd::Stop(s)) | (PathEnd::Stop(s), PathEnd::Edge(e)) => {
            let e = rot(e);
            let m = shape.edge_mid(c, e);
            let at = places.get(s as usize).map_or(c, |p| p.at);
            match through_town(tile, rotation, s) {
                Some((a, b)) => d_of(edge_curve(shape, c, a, b), m, at),
                None => d_of(Curve::Line, m, at),
            }
        }
        (PathEnd::Stop(a), PathEnd::Stop(b)) => {
            let pa = places.get(a as usize).map_or(c, |p| p.at);
            let pb = places.get(b as usize).map_or(c, |p| p.at);
            d_of(Curve::Line, pa, pb)
        }
    }
}

/// Draws one track path in its gauge: standard a solid rail, narrow a
/// thin dashed one, dual two rails (a wide rail with a light line in it).
pub fn draw_track(svg: &mut Svg, d: &str, gauge: Gauge, r: f64) {
    match gauge {
        Gauge::Standard => svg.path(d, "#111", r * 0.12, r#"class="track-standard""#),
        Gauge::Narrow => svg.path(
            d,
            "#111",
            r * 0.07,
            &format!(r#"class="track-narrow" stroke-dasharray="{} {}""#, num(r * 0.1), num(r * 0.06)),
        ),
        Gauge::Dual => {
            svg.open(r#"class="track-dual""#);
            svg.path(d, "#111", r * 0.17, "");
            svg.path(d, "#f5f5f5", r * 0.06, "");
            svg.close();
        }
    }
}

/// Draws the tile: fill, track, stops, label and number.
pub fn draw(svg: &mut Svg, v: &TileView) {
    let (t, c, shape) = (v.tile, v.centre, &v.shape);
    let r = shape.r;
    svg.polygon(&shape.corners(c), fill_of(t.color), Some(("#555", r * 0.02)), "");
    let places = places(t, v.rotation, c, shape);
    // Track under the stops; standard over narrow where they cross.
    let mut order: Vec<&TilePath> = t.paths.iter().collect();
    order.sort_by_key(|p| match p.gauge {
        Gauge::Narrow => 0,
        Gauge::Dual => 1,
        Gauge::Standard => 2,
    });
    for p in order {
        let d = path_d(t, v.rotation, p, c, shape, &places);
        draw_track(svg, &d, p.gauge, r);
    }
    let mut shown_revenue: Vec<String> = Vec::new();
    for (i, stop) in t.stops.iter().enumerate() {
        let place = places[i];
        let revenue = v.revenues.get(i).cloned().flatten().unwrap_or_else(|| stop.revenue.clone());
        let slots: &[Option<Marker>] = v.slots.get(i).map(Vec::as_slice).unwrap_or(&[]);
        match stop.kind {
            StopKind::City => city(svg, place.at, r, stop.slots.max(1) as usize, slots),
            StopKind::Town => town(svg, place, r),
            // An off-board area that takes tokens: its slots under the values.
            StopKind::Offboard if stop.slots > 0 => city(svg, add(place.at, (0.0, r * 0.4)), r, stop.slots as usize, slots),
            StopKind::Offboard => {}
            StopKind::Port => port(svg, place.at, r),
            StopKind::Mine | StopKind::Mountain => mountain_stop(svg, place.at, r),
        }
        match (&revenue, stop.kind) {
            (Revenue::Banded(values), _) => bands(svg, add(place.at, (0.0, if stop.kind == StopKind::Offboard { 0.0 } else { r * 0.42 })), r, values, v.band),
            (Revenue::Flat(value), StopKind::Offboard) => bands(svg, place.at, r, &[*value], 0),
            (Revenue::Flat(value), _) => {
                let text = value.to_string();
                // Several stops of one value: the value once.
                if *value == 0 || (t.stops.len() > 1 && shown_revenue.contains(&text) && stop.kind == StopKind::City) {
                    continue;
                }
                shown_revenue.push(text.clone());
                let at = if t.stops.len() == 1 || stop.kind != StopKind::City {
                    revenue_spot(place.at, r, stop.kind)
                } else {
                    add(c, (-r * 0.55, -r * 0.05))
                };
                svg.circle(at.0, at.1, r * 0.16, "white", Some(("#222", r * 0.02)), r#"class="revenue""#);
                svg.text(at.0, at.1, r * 0.16, Anchor::Middle, "black", &text, "");
            }
        }
        if stop.bonus != 0 && stop.kind != StopKind::Offboard {
            svg.text(place.at.0, place.at.1 + r * 0.62, r * 0.14, Anchor::Middle, "#222", &format!("+{}", stop.bonus), "");
        }
    }
    // Label and number in corners, where no track runs (track ends at
    // the middles of edges): the left and right corners of a flat hex,
    // the upper left and lower right of a pointy one.
    let (left, right) = match shape.kind {
        crate::title::schema::LayoutKind::Flat => (180.0, 0.0),
        crate::title::schema::LayoutKind::Pointy => (210.0, 30.0),
    };
    if let Some(label) = &v.label {
        let at = towards(c, left, r * 0.68);
        svg.text(at.0, at.1, r * 0.24, Anchor::Middle, "black", label, r#"font-weight="bold" class="label""#);
    }
    if let Some(n) = &v.number {
        let at = towards(c, right, r * 0.7);
        svg.text(at.0, at.1, r * 0.16, Anchor::Middle, "#222", n, r#"class="tile-number""#);
    }
}

/// The point `d` from `c` at `deg` degrees (screen angles, clockwise).
fn towards(c: Pt, deg: f64, d: f64) -> Pt {
    let a = deg.to_radians();
    add(c, (a.cos() * d, a.sin() * d))
}

fn revenue_spot(at: Pt, r: f64, kind: StopKind) -> Pt {
    match kind {
        StopKind::Town => add(at, (-r * 0.3, -r * 0.32)),
        _ => add(at, (-r * 0.42, -r * 0.42)),
    }
}

/// Slot centres of a city with `n` slots around `at`.
pub fn slot_centres(at: Pt, r: f64, n: usize) -> Vec<Pt> {
    let s = r * 0.2;
    match n {
        0 | 1 => vec![at],
        2 => vec![add(at, (-s, 0.0)), add(at, (s, 0.0))],
        3 => vec![add(at, (0.0, -s)), add(at, (-s, s * 0.75)), add(at, (s, s * 0.75))],
        4 => vec![add(at, (-s, -s)), add(at, (s, -s)), add(at, (-s, s)), add(at, (s, s))],
        _ => (0..n)
            .map(|i| {
                let a = (360.0 * i as f64 / n as f64 - 90.0).to_radians();
                add(at, scale((a.cos(), a.sin()), s * 1.4))
            })
            .collect(),
    }
}

fn city(svg: &mut Svg, at: Pt, r: f64, n: usize, slots: &[Option<Marker>]) {
    let s = r * 0.2;
    let centres = slot_centres(at, r, n);
    svg.open(r#"class="city""#);
    // A white ground joining the slots.
    match n {
        1 => {}
        2 => svg.rect(at.0 - 2.0 * s, at.1 - s, 4.0 * s, 2.0 * s, "white", Some(("#111", r * 0.03)), &format!(r#"rx="{}""#, num(s))),
        _ => {
            let reach = centres.iter().map(|p| ((p.0 - at.0).powi(2) + (p.1 - at.1).powi(2)).sqrt()).fold(0.0, f64::max);
            svg.circle(at.0, at.1, reach + s, "white", Some(("#111", r * 0.03)), "");
        }
    }
    for (i, p) in centres.iter().enumerate() {
        svg.circle(p.0, p.1, s, "white", Some(("#111", r * 0.03)), r#"class="slot""#);
        if let Some(Some(m)) = slots.get(i) {
            marker(svg, *p, s, m);
        }
    }
    svg.close();
}

/// A station token (or a faint reservation) in a slot.
pub fn marker(svg: &mut Svg, p: Pt, s: f64, m: &Marker) {
    match m.style {
        MarkerStyle::Token => {}
        MarkerStyle::Reserved => {
            svg.open(&format!(r#"class="reserved" data-corp="{}""#, super::svg::escape(&m.corp)));
            svg.circle(p.0, p.1, s * 0.86, "white", Some(("#111", s * 0.07)), r#"stroke-dasharray="3 2""#);
            let size = if m.text.chars().count() > 3 { s * 0.55 } else { s * 0.68 };
            svg.text(p.0, p.1, size, Anchor::Middle, "#111", &m.text, "");
            svg.close();
            return;
        }
        MarkerStyle::Neutral => {
            svg.open(&format!(r#"class="neutral" data-token="{}""#, super::svg::escape(&m.text)));
            svg.circle(p.0, p.1, s * 0.92, "#111", Some(("#d4af37", s * 0.14)), "");
            let size = if m.text.chars().count() > 3 { s * 0.62 } else { s * 0.75 };
            svg.text(p.0, p.1, size, Anchor::Middle, "#d4af37", &m.text, r#"font-weight="bold""#);
            svg.close();
            return;
        }
    }
    let cls = if m.faint { "reservation" } else { "token" };
    let opacity = if m.faint { r#" opacity="0.4""# } else { "" };
    svg.open(&format!(r#"class="{cls}" data-corp="{}"{opacity}"#, super::svg::escape(&m.corp)));
    svg.circle(p.0, p.1, s * 0.92, &m.fill, Some(("#111", s * 0.08)), "");
    let size = if m.text.chars().count() > 3 { s * 0.62 } else { s * 0.75 };
    svg.text(p.0, p.1, size, Anchor::Middle, text_on(&m.fill), &m.text, r#"font-weight="bold""#);
    svg.close();
}

fn town(svg: &mut Svg, place: Place, r: f64) {
    let at = place.at;
    match place.bar {
        Some(angle) => {
            let (w, h) = (r * 0.34, r * 0.11);
            svg.rect(
                at.0 - w / 2.0,
                at.1 - h / 2.0,
                w,
                h,
                "#111",
                None,
                &format!(r#"class="town" transform="rotate({} {} {})""#, num(angle), num(at.0), num(at.1)),
            );
        }
        None => svg.circle(at.0, at.1, r * 0.1, "#111", Some(("white", r * 0.03)), r#"class="town""#),
    }
}

fn port(svg: &mut Svg, at: Pt, r: f64) {
    svg.open(r#"class="port""#);
    svg.circle(at.0, at.1, r * 0.2, "#1d5fa8", Some(("white", r * 0.03)), "");
    svg.text(at.0, at.1, r * 0.2, Anchor::Middle, "white", "⚓", "");
    svg.close();
}

fn mountain_stop(svg: &mut Svg, at: Pt, r: f64) {
    let s = r * 0.22;
    svg.polygon(&[(at.0, at.1 - s), (at.0 + s, at.1 + s * 0.7), (at.0 - s, at.1 + s * 0.7)], "#8a5a2b", Some(("#111", r * 0.03)), r#"class="mountain""#);
}

/// Values by revenue band in a row of boxes, the phase's band framed.
fn bands(svg: &mut Svg, at: Pt, r: f64, values: &[i64], band: usize) {
    const BAND_FILLS: [&str; 4] = ["#fde900", "#71bf44", "#cb7745", "#bcbdc0"];
    let n = values.len().max(1) as f64;
    let w = r * 0.36;
    let h = r * 0.28;
    let x0 = at.0 - w * n / 2.0;
    svg.open(r#"class="bands""#);
    for (i, v) in values.iter().enumerate() {
        let x = x0 + w * i as f64;
        let fill = if values.len() == 1 { "white" } else { BAND_FILLS[i.min(3)] };
        svg.rect(x, at.1 - h / 2.0, w, h, fill, Some(("#111", r * 0.02)), "");
        svg.text(x + w / 2.0, at.1, r * 0.15, Anchor::Middle, "black", &v.to_string(), "");
    }
    if values.len() > 1 {
        let i = band.min(values.len() - 1) as f64;
        svg.rect(x0 + w * i, at.1 - h / 2.0, w, h, "none", Some(("#000", r * 0.06)), r#"class="band-now""#);
    }
    svg.close();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::title::schema::LayoutKind;

    fn radius(kind: LayoutKind, a: u8, b: u8) -> Option<f64> {
        let shape = HexShape::new(kind, 10.0);
        match edge_curve(&shape, (0.0, 0.0), a, b) {
            Curve::Line => None,
            Curve::Arc { r, .. } => Some(r),
        }
    }

    #[test]
    fn curves_have_the_printed_radii() {
        for kind in [LayoutKind::Flat, LayoutKind::Pointy] {
            for e in 0..6u8 {
                assert!(radius(kind, e, (e + 3) % 6).is_none(), "opposite edges: a straight");
                let sharp = radius(kind, e, (e + 1) % 6).unwrap();
                assert!((sharp - 5.0).abs() < 1e-9, "adjacent edges: half an edge, got {sharp}");
                let gentle = radius(kind, e, (e + 2) % 6).unwrap();
                assert!((gentle - 15.0).abs() < 1e-9, "two apart: 1.5 r, got {gentle}");
            }
        }
    }

    #[test]
    fn a_curve_bends_towards_the_centre() {
        // The middle of a sharp curve is nearer the corner than the centre
        // is, and inside the hex.
        let shape = HexShape::new(LayoutKind::Flat, 10.0);
        for (a, b) in [(0u8, 1u8), (0, 2), (3, 5)] {
            let curve = edge_curve(&shape, (0.0, 0.0), a, b);
            let m = curve_mid(curve, shape.edge_mid((0.0, 0.0), a), shape.edge_mid((0.0, 0.0), b));
            let d = (m.0 * m.0 + m.1 * m.1).sqrt();
            assert!(d < shape.apothem(), "{a}-{b}: middle at {d}");
        }
    }
}

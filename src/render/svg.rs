//! A tiny SVG writer: elements appended to a string, numbers written with
//! one decimal so the same picture always gives the same bytes.

use std::fmt::Write;

/// A number as SVG text: one decimal, no "-0.0", no trailing ".0".
pub fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    let r = if r == 0.0 { 0.0 } else { r };
    if r.fract() == 0.0 { format!("{}", r as i64) } else { format!("{r:.1}") }
}

/// Escapes text for an SVG text node or attribute.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Text anchors.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

pub struct Svg {
    out: String,
    depth: usize,
}

/// The font every picture names; the PNG renderer loads it from the binary.
pub const FONT: &str = "DejaVu Sans";

impl Svg {
    /// A picture `w` × `h` pixels with a background colour.
    pub fn new(w: f64, h: f64, background: &str) -> Svg {
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}">"#,
            w = num(w),
            h = num(h)
        );
        let mut s = Svg { out, depth: 1 };
        s.rect(0.0, 0.0, w, h, background, None, "");
        s
    }

    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }

    /// Writes one element line as given (attributes already escaped).
    pub fn raw(&mut self, element: &str) {
        self.indent();
        self.out.push_str(element);
        self.out.push('\n');
    }

    /// Opens a group; `attrs` like `id="hex-C5" class="hex"`.
    pub fn open(&mut self, attrs: &str) {
        self.raw(&if attrs.is_empty() { "<g>".to_string() } else { format!("<g {attrs}>") });
        self.depth += 1;
    }

    pub fn close(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        self.raw("</g>");
    }

    /// A closed polygon.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: Option<(&str, f64)>, extra: &str) {
        let pts: Vec<String> = points.iter().map(|(x, y)| format!("{},{}", num(*x), num(*y))).collect();
        let e = format!(r#"<polygon points="{}" fill="{fill}"{}{}/>"#, pts.join(" "), stroke_attr(stroke), space(extra));
        self.raw(&e);
    }

    #[allow(clippy::too_many_arguments)]
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: Option<(&str, f64)>, extra: &str) {
        let e = format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}"{}{}/>"#,
            num(x),
            num(y),
            num(w),
            num(h),
            stroke_attr(stroke),
            space(extra)
        );
        self.raw(&e);
    }

    pub fn circle(&mut self, x: f64, y: f64, r: f64, fill: &str, stroke: Option<(&str, f64)>, extra: &str) {
        let e = format!(r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}"{}{}/>"#, num(x), num(y), num(r), stroke_attr(stroke), space(extra));
        self.raw(&e);
    }

    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), stroke: &str, width: f64, extra: &str) {
        let e = format!(
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{stroke}" stroke-width="{}"{}/>"#,
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1),
            num(width),
            space(extra)
        );
        self.raw(&e);
    }

    /// A path with its `d` data, stroked, not filled.
    pub fn path(&mut self, d: &str, stroke: &str, width: f64, extra: &str) {
        let e = format!(r#"<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{}"{}/>"#, num(width), space(extra));
        self.raw(&e);
    }

    /// Text centred vertically on `y`.
    #[allow(clippy::too_many_arguments)]
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, fill: &str, text: &str, extra: &str) {
        let a = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        // A baseline a third of the size below the middle: resvg does not
        // read `dominant-baseline` the same way every viewer does.
        let e = format!(
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{a}" fill="{fill}"{}>{}</text>"#,
            num(x),
            num(y + size * 0.35),
            num(size),
            space(extra),
            escape(text)
        );
        self.raw(&e);
    }

    pub fn finish(mut self) -> String {
        self.depth = 0;
        self.out.push_str("</svg>\n");
        self.out
    }
}

fn stroke_attr(stroke: Option<(&str, f64)>) -> String {
    match stroke {
        Some((c, w)) => format!(r#" stroke="{c}" stroke-width="{}""#, num(w)),
        None => String::new(),
    }
}

fn space(extra: &str) -> String {
    if extra.is_empty() { String::new() } else { format!(" {extra}") }
}

/// A colour's red, green and blue, for the colours titles name and
/// `#rrggbb`; `None` for others.
pub fn rgb(color: &str) -> Option<(u8, u8, u8)> {
    let c = color.trim().to_ascii_lowercase();
    if let Some(hex) = c.strip_prefix('#') {
        let v = u32::from_str_radix(hex, 16).ok()?;
        return match hex.len() {
            6 => Some(((v >> 16) as u8, (v >> 8) as u8, v as u8)),
            3 => Some((((v >> 8) & 15) as u8 * 17, ((v >> 4) & 15) as u8 * 17, (v & 15) as u8 * 17)),
            _ => None,
        };
    }
    Some(match c.as_str() {
        "black" => (0, 0, 0),
        "white" => (255, 255, 255),
        "red" => (255, 0, 0),
        "green" => (0, 128, 0),
        "blue" => (0, 0, 255),
        "yellow" => (255, 255, 0),
        "orange" => (255, 165, 0),
        "purple" => (128, 0, 128),
        "brown" => (165, 42, 42),
        "gray" | "grey" => (128, 128, 128),
        "pink" => (255, 192, 203),
        "navy" => (0, 0, 128),
        "lightblue" => (173, 216, 230),
        "darkgreen" => (0, 100, 0),
        "darkblue" => (0, 0, 139),
        "violet" => (238, 130, 238),
        "turquoise" => (64, 224, 208),
        "maroon" => (128, 0, 0),
        "olive" => (128, 128, 0),
        "teal" => (0, 128, 128),
        "cyan" => (0, 255, 255),
        "magenta" => (255, 0, 255),
        "gold" => (255, 215, 0),
        _ => return None,
    })
}

/// Black or white, whichever reads better on `background`.
pub fn text_on(background: &str) -> &'static str {
    match rgb(background) {
        Some((r, g, b)) if (299 * r as u32 + 587 * g as u32 + 114 * b as u32) / 1000 < 140 => "white",
        _ => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.01), "0");
        assert_eq!(num(2.25), "2.3");
        assert_eq!(num(-3.12), "-3.1");
    }

    #[test]
    fn text_colour_contrasts() {
        assert_eq!(text_on("#242943"), "white");
        assert_eq!(text_on("yellow"), "black");
        assert_eq!(text_on("red"), "white");
    }
}

//! Two chart kinds, enough for a study: grouped bars (optionally with
//! interval whiskers) and lines with an interval band. Fixed size, round
//! tick values, the crate's SVG writer: the same study gives the same
//! bytes.

use crate::render::svg::{Anchor, Svg, num};

pub const WIDTH: f64 = 760.0;
pub const HEIGHT: f64 = 440.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 64.0;
const BOTTOM: f64 = 72.0;
/// A study's colour: A blue, B orange (told apart by most colour-blind
/// readers too).
pub const COLOURS: [&str; 2] = ["#3b6ea8", "#e08a2c"];

/// One study's figures in a chart.
pub struct Series {
    pub name: String,
    /// A value per category (bars) or per x (lines); `None`: no data.
    pub values: Vec<Option<f64>>,
    /// The 95 % interval of each value, where there is one.
    pub intervals: Vec<Option<(f64, f64)>>,
}

/// What the axes say.
pub struct Axes<'a> {
    pub title: &'a str,
    pub x_label: &'a str,
    pub y_label: &'a str,
    /// Values are proportions, ticks shown as percentages.
    pub percent: bool,
}

/// Grouped bars: one group per category, one bar per series, whiskers
/// where the series has intervals.
pub fn bars(axes: &Axes, categories: &[String], series: &[Series]) -> String {
    let mut svg = frame(axes);
    let top = series.iter().flat_map(tops).fold(0.0, f64::max);
    let scale = YScale::new(0.0, top, axes.percent);
    scale.draw(&mut svg);
    let n = categories.len().max(1) as f64;
    let group = (WIDTH - LEFT - RIGHT) / n;
    let bar = (group * 0.8 / series.len().max(1) as f64).min(48.0);
    // Label every k-th category so labels do not overlap (11 px text is
    // about 6.5 px a character).
    let widest = categories.iter().map(|c| c.chars().count()).max().unwrap_or(0) as f64 * 6.5 + 10.0;
    let every = (widest / group).ceil().max(1.0) as usize;
    for (i, category) in categories.iter().enumerate() {
        let centre = LEFT + group * (i as f64 + 0.5);
        if i % every == 0 {
            svg.text(centre, HEIGHT - BOTTOM + 14.0, 11.0, Anchor::Middle, "#333", category, "");
        }
        let first = centre - bar * series.len() as f64 / 2.0;
        for (k, s) in series.iter().enumerate() {
            let x = first + bar * k as f64;
            let colour = COLOURS[k % COLOURS.len()];
            if let Some(v) = s.values.get(i).copied().flatten() {
                let y = scale.y(v);
                let attrs = format!(r#"class="bar series-{k}" data-category="{}""#, crate::render::svg::escape(category));
                svg.rect(x + 1.0, y, (bar - 2.0).max(1.0), scale.y(0.0) - y, colour, None, &attrs);
            }
            if let Some((lo, hi)) = s.intervals.get(i).copied().flatten() {
                let mid = x + bar / 2.0;
                let (ylo, yhi) = (scale.y(lo), scale.y(hi));
                svg.line((mid, ylo), (mid, yhi), "#222", 1.2, r#"class="whisker""#);
                svg.line((mid - bar * 0.2, ylo), (mid + bar * 0.2, ylo), "#222", 1.2, "");
                svg.line((mid - bar * 0.2, yhi), (mid + bar * 0.2, yhi), "#222", 1.2, "");
            }
        }
    }
    legend(&mut svg, series);
    svg.finish()
}

/// Lines over x = `xs`, each with its interval as a translucent band.
pub fn lines(axes: &Axes, xs: &[f64], series: &[Series]) -> String {
    let mut svg = frame(axes);
    let all = series.iter().flat_map(|s| tops(s).chain(s.values.iter().flatten().copied()).chain(lows(s)));
    let (lo, hi) = all.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let scale = if lo <= hi { YScale::new(lo.min(0.0), hi, axes.percent) } else { YScale::new(0.0, 1.0, axes.percent) };
    scale.draw(&mut svg);
    let (x0, x1) = (xs.first().copied().unwrap_or(0.0), xs.last().copied().unwrap_or(1.0));
    let span = if x1 > x0 { x1 - x0 } else { 1.0 };
    let x = |v: f64| LEFT + (v - x0) / span * (WIDTH - LEFT - RIGHT);
    for tick in ticks(x0, x1) {
        svg.line((x(tick), HEIGHT - BOTTOM), (x(tick), HEIGHT - BOTTOM + 5.0), "#333", 1.0, "");
        svg.text(x(tick), HEIGHT - BOTTOM + 14.0, 11.0, Anchor::Middle, "#333", &num(tick), "");
    }
    for (k, s) in series.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let band: Vec<(f64, f64, f64)> =
            xs.iter().zip(&s.intervals).filter_map(|(v, i)| i.map(|(lo, hi)| (x(*v), scale.y(lo), scale.y(hi)))).collect();
        if band.len() > 1 {
            let mut points: Vec<(f64, f64)> = band.iter().map(|(x, _, hi)| (*x, *hi)).collect();
            points.extend(band.iter().rev().map(|(x, lo, _)| (*x, *lo)));
            svg.polygon(&points, colour, None, &format!(r#"class="band series-{k}" fill-opacity="0.22""#));
        }
        let d: Vec<String> = xs
            .iter()
            .zip(&s.values)
            .filter_map(|(v, y)| y.map(|y| format!("{},{}", num(x(*v)), num(scale.y(y)))))
            .collect();
        if !d.is_empty() {
            svg.path(&format!("M{}", d.join(" L")), colour, 2.0, &format!(r#"class="line series-{k}""#));
        }
    }
    legend(&mut svg, series);
    svg.finish()
}

fn tops(s: &Series) -> impl Iterator<Item = f64> + '_ {
    s.values.iter().flatten().copied().chain(s.intervals.iter().flatten().map(|(_, hi)| *hi))
}

fn lows(s: &Series) -> impl Iterator<Item = f64> + '_ {
    s.intervals.iter().flatten().map(|(lo, _)| *lo)
}

/// The picture, its title and axis labels, and the x axis line.
fn frame(axes: &Axes) -> Svg {
    let mut svg = Svg::new(WIDTH, HEIGHT, "#ffffff");
    svg.text(LEFT, 24.0, 17.0, Anchor::Start, "#111", axes.title, r#"font-weight="bold" class="title""#);
    svg.text((LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 22.0, 12.0, Anchor::Middle, "#333", axes.x_label, "");
    let (cx, cy) = (18.0, (TOP + HEIGHT - BOTTOM) / 2.0);
    let label = format!(
        r##"<text x="{x}" y="{y}" font-size="12" text-anchor="middle" fill="#333" transform="rotate(-90 {x} {y})">{}</text>"##,
        crate::render::svg::escape(axes.y_label),
        x = num(cx),
        y = num(cy)
    );
    svg.raw(&label);
    svg.line((LEFT, HEIGHT - BOTTOM), (WIDTH - RIGHT, HEIGHT - BOTTOM), "#333", 1.0, "");
    svg
}

/// The series' names in their colours, top right; none for one series.
fn legend(svg: &mut Svg, series: &[Series]) {
    if series.len() < 2 {
        return;
    }
    for (k, s) in series.iter().enumerate().rev() {
        let x = WIDTH - RIGHT - 180.0 * (series.len() - k) as f64;
        svg.rect(x, 40.0, 14.0, 14.0, COLOURS[k % COLOURS.len()], None, r#"class="legend""#);
        svg.text(x + 20.0, 47.0, 12.0, Anchor::Start, "#222", &clip(&s.name, 24), "");
    }
}

fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max { s.to_string() } else { format!("{}…", s.chars().take(max - 1).collect::<String>()) }
}

/// The y axis: from a round value at or below `lo` to one at or above
/// `hi`, gridlines at round steps.
struct YScale {
    lo: f64,
    hi: f64,
    percent: bool,
}

impl YScale {
    fn new(lo: f64, hi: f64, percent: bool) -> YScale {
        let hi = if hi > lo { hi } else { lo + if percent { 0.1 } else { 1.0 } };
        let step = nice_step(hi - lo);
        YScale { lo: (lo / step).floor() * step, hi: (hi / step).ceil() * step, percent }
    }

    fn y(&self, v: f64) -> f64 {
        let t = ((v - self.lo) / (self.hi - self.lo)).clamp(0.0, 1.0);
        HEIGHT - BOTTOM - t * (HEIGHT - BOTTOM - TOP)
    }

    fn draw(&self, svg: &mut Svg) {
        for tick in ticks(self.lo, self.hi) {
            let y = self.y(tick);
            svg.line((LEFT, y), (WIDTH - RIGHT, y), "#e4e4e4", 1.0, "");
            let label = if self.percent { format!("{} %", num(tick * 100.0)) } else { num(tick) };
            svg.text(LEFT - 6.0, y, 11.0, Anchor::End, "#333", &label, "");
        }
    }
}

/// About five round ticks (1, 2 or 5 × 10ⁿ apart) covering [lo, hi].
pub fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    if !(lo.is_finite() && hi.is_finite()) || hi <= lo {
        return vec![lo];
    }
    let step = nice_step(hi - lo);
    let mut out = Vec::new();
    let mut t = (lo / step).ceil() * step;
    while t <= hi + step * 1e-9 && out.len() < 20 {
        out.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
        t += step;
    }
    out
}

fn nice_step(span: f64) -> f64 {
    let raw = (span / 5.0).max(f64::MIN_POSITIVE);
    let power = 10f64.powf(raw.log10().floor());
    let m = raw / power;
    power * if m <= 1.5 { 1.0 } else if m <= 3.0 { 2.0 } else if m <= 7.0 { 5.0 } else { 10.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        let labels = |t: Vec<f64>| t.into_iter().map(num).collect::<Vec<_>>();
        assert_eq!(labels(ticks(0.0, 1.0)), ["0", "0.2", "0.4", "0.6", "0.8", "1"]);
        assert_eq!(labels(ticks(-0.5, 0.5)), ["-0.4", "-0.2", "0", "0.2", "0.4"]);
        assert_eq!(ticks(0.0, 12000.0), vec![0.0, 2000.0, 4000.0, 6000.0, 8000.0, 10000.0, 12000.0]);
        assert_eq!(ticks(3.0, 3.0), vec![3.0]);
    }
}

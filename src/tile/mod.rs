//! Tiles as parts: stops (cities with slots, towns, off-boards, ports,
//! mines, mountain railways) and track paths with a gauge, at rotation 0.
//!
//! Pre-printed hexes are tiles too (named after their hex), so the board,
//! the route graph and upgrade checks see one kind of thing.

pub mod upgrade;

use crate::route::Gauge;
use crate::title::schema::{Color, RevenueDef, StopDef, StopKind, TileDef};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Revenue {
    Flat(i64),
    /// One value per revenue band; the phase names the band.
    Banded(Vec<i64>),
}

impl Revenue {
    pub fn value(&self, band: usize) -> i64 {
        match self {
            Revenue::Flat(v) => *v,
            Revenue::Banded(vs) => vs.get(band).or_else(|| vs.last()).copied().unwrap_or(0),
        }
    }
    pub fn from_def(def: &RevenueDef) -> Self {
        match def {
            RevenueDef::Flat(v) => Revenue::Flat(*v),
            RevenueDef::Banded(vs) => Revenue::Banded(vs.clone()),
        }
    }
}

impl fmt::Display for Revenue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Revenue::Flat(v) => write!(f, "{v}"),
            Revenue::Banded(vs) => {
                let parts: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
                write!(f, "{}", parts.join("/"))
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TileStop {
    pub kind: StopKind,
    pub revenue: Revenue,
    pub slots: u8,
    pub name: Option<String>,
    pub location: Option<String>,
    pub groups: Vec<String>,
    pub tags: Vec<String>,
    pub bonus: i64,
    pub terminal: bool,
}

impl TileStop {
    /// Takes station tokens: a city, or an off-board area with slots
    /// (`stations = true`). Homes, reservations and token steps count
    /// these stops as a hex's "cities".
    pub fn station(&self) -> bool {
        self.kind == StopKind::City || (self.kind == StopKind::Offboard && self.slots > 0)
    }
    pub fn from_def(def: &StopDef) -> Self {
        TileStop {
            kind: def.kind,
            revenue: Revenue::from_def(&def.revenue),
            slots: if def.kind == StopKind::City || (def.kind == StopKind::Offboard && def.stations) { def.slots } else { 0 },
            name: def.name.clone(),
            location: def.location.clone(),
            groups: def.groups.clone(),
            tags: def.tags.clone(),
            bonus: def.bonus,
            terminal: def.terminal.unwrap_or(def.kind.terminal_by_default()),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathEnd {
    Edge(u8),
    Stop(u8),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TilePath {
    pub a: PathEnd,
    pub b: PathEnd,
    pub gauge: Gauge,
    pub tags: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    pub name: String,
    pub color: Color,
    pub label: Option<String>,
    pub stops: Vec<TileStop>,
    pub paths: Vec<TilePath>,
    /// Explicit upgrade list; `None` = by colour and track.
    pub upgrades: Option<Vec<String>>,
    pub hidden: bool,
    pub tags: Vec<String>,
    /// Copies in the supply, -1 unlimited; pre-printed hex tiles have 0.
    pub count: i32,
}

/// Why a path string could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathSyntaxError {
    pub path: String,
    pub reason: String,
}

impl fmt::Display for PathSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "path \"{}\": {} (write \"A-B\" with A, B an edge 0-5 or a stop s0-s9, e.g. \"n:0-s0\")",
            self.path, self.reason
        )
    }
}

/// Reads "n:0-s1#tunnel" style path notation.
pub fn parse_path(text: &str, stop_count: usize) -> Result<TilePath, PathSyntaxError> {
    let err = |reason: &str| PathSyntaxError { path: text.to_string(), reason: reason.to_string() };
    let (body, tags) = match text.split_once('#') {
        Some((b, t)) => (b, t.split('#').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()),
        None => (text, Vec::new()),
    };
    let (gauge, body) = match body.split_once(':') {
        Some(("s", rest)) => (Gauge::Standard, rest),
        Some(("n", rest)) => (Gauge::Narrow, rest),
        Some(("d", rest)) => (Gauge::Dual, rest),
        Some((g, _)) => return Err(err(&format!("unknown gauge '{g}' (use s, n or d)"))),
        None => (Gauge::Standard, body),
    };
    let (a, b) = body.split_once('-').ok_or_else(|| err("missing '-' between the two ends"))?;
    let end = |s: &str| -> Result<PathEnd, PathSyntaxError> {
        let s = s.trim();
        if let Some(rest) = s.strip_prefix('s') {
            let i: u8 = if rest.is_empty() { 0 } else { rest.parse().map_err(|_| err(&format!("bad stop '{s}'")))? };
            if (i as usize) >= stop_count {
                return Err(err(&format!("stop '{s}' does not exist (this tile has {stop_count} stops)")));
            }
            Ok(PathEnd::Stop(i))
        } else {
            let e: u8 = s.parse().map_err(|_| err(&format!("bad end '{s}'")))?;
            if e > 5 {
                return Err(err(&format!("edge {e} is not 0-5")));
            }
            Ok(PathEnd::Edge(e))
        }
    };
    let (a, b) = (end(a)?, end(b)?);
    if a == b {
        return Err(err("both ends are the same"));
    }
    Ok(TilePath { a, b, gauge, tags })
}

impl Tile {
    /// Builds a tile from parts; `name` is the tile number or the hex label.
    pub fn from_parts(
        name: &str,
        color: Color,
        label: Option<String>,
        stops: &[StopDef],
        paths: &[String],
    ) -> Result<Tile, PathSyntaxError> {
        let stops: Vec<TileStop> = stops.iter().map(TileStop::from_def).collect();
        let paths = paths.iter().map(|p| parse_path(p, stops.len())).collect::<Result<Vec<_>, _>>()?;
        Ok(Tile {
            name: name.to_string(),
            color,
            label,
            stops,
            paths,
            upgrades: None,
            hidden: false,
            tags: Vec::new(),
            count: 0,
        })
    }

    pub fn from_def(def: &TileDef) -> Result<Tile, PathSyntaxError> {
        let mut t = Tile::from_parts(&def.name, def.color, def.label.clone(), &def.stops, &def.paths)?;
        t.upgrades = def.upgrades.clone();
        t.hidden = def.hidden;
        t.tags = def.tags.clone();
        t.count = def.count;
        Ok(t)
    }

    /// Hex edges with track at the given rotation, as a bit set.
    pub fn exits(&self, rotation: u8) -> u8 {
        let mut bits = 0u8;
        for p in &self.paths {
            for end in [p.a, p.b] {
                if let PathEnd::Edge(e) = end {
                    bits |= 1 << crate::hex::rotate(e, rotation);
                }
            }
        }
        bits
    }

    pub fn city_count(&self) -> usize {
        self.stops.iter().filter(|s| s.kind == StopKind::City).count()
    }

    pub fn total_slots(&self) -> u32 {
        self.stops.iter().map(|s| s.slots as u32).sum()
    }

    /// Short description for players: "city 30 (2 slots), 4 exits".
    pub fn summary(&self) -> String {
        let mut parts: Vec<String> = self
            .stops
            .iter()
            .map(|s| match s.kind {
                StopKind::City if s.slots > 1 => format!("city {} ({} slots)", s.revenue, s.slots),
                k => format!("{} {}", k.name(), s.revenue),
            })
            .collect();
        let gauges: Vec<&str> = {
            let mut g: Vec<&str> = self
                .paths
                .iter()
                .map(|p| p.gauge.name())
                .collect();
            g.sort();
            g.dedup();
            g
        };
        if !self.paths.is_empty() {
            parts.push(format!("{} track", gauges.join("+")));
        }
        if let Some(l) = &self.label {
            parts.push(format!("label {l}"));
        }
        format!("{} {}: {}", self.color.name(), self.name, parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_notation() {
        let p = parse_path("n:0-s1#tunnel", 2).unwrap();
        assert_eq!(p.a, PathEnd::Edge(0));
        assert_eq!(p.b, PathEnd::Stop(1));
        assert_eq!(p.gauge, Gauge::Narrow);
        assert_eq!(p.tags, vec!["tunnel".to_string()]);
        let p = parse_path("d:2-4", 0).unwrap();
        assert_eq!((p.a, p.b, p.gauge), (PathEnd::Edge(2), PathEnd::Edge(4), Gauge::Dual));
        assert_eq!(parse_path("3-s", 1).unwrap().b, PathEnd::Stop(0));
    }

    #[test]
    fn bad_path_notation_explains_itself() {
        for (text, needle) in [("0-s1", "does not exist"), ("x:0-1", "unknown gauge"), ("0-7", "not 0-5"), ("01", "missing '-'"), ("2-2", "same")] {
            let e = parse_path(text, 1).unwrap_err();
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn banded_revenue_uses_the_last_band_when_short() {
        let r = Revenue::Banded(vec![20, 30, 40]);
        assert_eq!(r.value(0), 20);
        assert_eq!(r.value(2), 40);
        assert_eq!(r.value(5), 40);
        assert_eq!(Revenue::Flat(10).value(3), 10);
    }
}

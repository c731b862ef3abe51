//! Where hexes and their edges are on the picture. Coordinates are the
//! doubled ones of `crate::hex`; edge numbers follow its convention
//! (flat: 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE; pointy: 0 SW, 1 W, 2 NW,
//! 3 NE, 4 E, 5 SE), and a tile's edge e lies on hex edge e + rotation.

use crate::hex::{Coord, Layout};
use crate::title::schema::LayoutKind;

pub type Pt = (f64, f64);

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// A hex shape of a given size: corner radius `r` (centre to corner).
#[derive(Clone, Copy, Debug)]
pub struct HexShape {
    pub kind: LayoutKind,
    pub r: f64,
}

impl HexShape {
    pub fn new(kind: LayoutKind, r: f64) -> HexShape {
        HexShape { kind, r }
    }

    /// Centre to the middle of an edge.
    pub fn apothem(&self) -> f64 {
        self.r * SQRT3 / 2.0
    }

    /// Angle (degrees, screen coordinates: y down, clockwise) from the
    /// centre to the middle of edge `e`.
    pub fn edge_angle(&self, e: u8) -> f64 {
        let base = match self.kind {
            LayoutKind::Flat => 90.0,
            LayoutKind::Pointy => 120.0,
        };
        base + 60.0 * (e % 6) as f64
    }

    /// Unit vector from the centre towards edge `e`.
    pub fn edge_dir(&self, e: u8) -> Pt {
        let a = self.edge_angle(e).to_radians();
        (a.cos(), a.sin())
    }

    /// The middle of edge `e` of a hex centred at `c`.
    pub fn edge_mid(&self, c: Pt, e: u8) -> Pt {
        let (dx, dy) = self.edge_dir(e);
        (c.0 + dx * self.apothem(), c.1 + dy * self.apothem())
    }

    /// The two corners of edge `e`, clockwise.
    pub fn edge_corners(&self, c: Pt, e: u8) -> (Pt, Pt) {
        let a = self.edge_angle(e);
        let corner = |deg: f64| {
            let t = deg.to_radians();
            (c.0 + self.r * t.cos(), c.1 + self.r * t.sin())
        };
        (corner(a - 30.0), corner(a + 30.0))
    }

    /// The six corners, clockwise from the first corner of edge 0.
    pub fn corners(&self, c: Pt) -> Vec<Pt> {
        (0..6u8).map(|e| self.edge_corners(c, e).0).collect()
    }

    /// Centre of a hex at board coordinates, before the picture's offset.
    pub fn centre(&self, coord: Coord) -> Pt {
        let (col, row) = (coord.col as f64, coord.row as f64);
        match self.kind {
            LayoutKind::Flat => (col * 1.5 * self.r, row * self.apothem()),
            LayoutKind::Pointy => (col * self.apothem(), row * 1.5 * self.r),
        }
    }

    /// Half the hex's width and height.
    pub fn half_extent(&self) -> Pt {
        match self.kind {
            LayoutKind::Flat => (self.r, self.apothem()),
            LayoutKind::Pointy => (self.apothem(), self.r),
        }
    }
}

/// The picture's frame for a set of hexes: the offset that puts the
/// top-left hex at the margin, and the size.
pub struct Frame {
    pub shape: HexShape,
    pub offset: Pt,
    pub size: Pt,
}

impl Frame {
    pub fn fit(layout: Layout, r: f64, coords: impl Iterator<Item = Coord>, margin: f64) -> Frame {
        let shape = HexShape::new(layout.kind, r);
        let (hw, hh) = shape.half_extent();
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for c in coords {
            let (x, y) = shape.centre(c);
            x0 = x0.min(x - hw);
            y0 = y0.min(y - hh);
            x1 = x1.max(x + hw);
            y1 = y1.max(y + hh);
        }
        if x0 > x1 {
            (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0);
        }
        Frame { shape, offset: (margin - x0, margin - y0), size: (x1 - x0 + 2.0 * margin, y1 - y0 + 2.0 * margin) }
    }

    pub fn centre(&self, c: Coord) -> Pt {
        let (x, y) = self.shape.centre(c);
        (x + self.offset.0, y + self.offset.1)
    }
}

pub fn add(a: Pt, b: Pt) -> Pt {
    (a.0 + b.0, a.1 + b.1)
}

pub fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}

pub fn scale(a: Pt, k: f64) -> Pt {
    (a.0 * k, a.1 * k)
}

pub fn lerp(a: Pt, b: Pt, t: f64) -> Pt {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::title::schema::Axes;

    #[test]
    fn neighbours_sit_across_the_edge_they_share() {
        // For both layouts: the neighbour across edge e is one hex width
        // away in the direction of edge e (twice the apothem).
        for kind in [LayoutKind::Flat, LayoutKind::Pointy] {
            let layout = Layout::new(kind, Axes::LetterRow);
            let shape = HexShape::new(kind, 10.0);
            let c = Coord { col: 6, row: 4 };
            for e in 0..6u8 {
                let n = layout.neighbour(c, e);
                let (a, b) = (shape.centre(c), shape.centre(n));
                let d = shape.edge_dir(e);
                let expected = add(a, scale(d, 2.0 * shape.apothem()));
                assert!((expected.0 - b.0).abs() < 1e-9 && (expected.1 - b.1).abs() < 1e-9, "{kind:?} edge {e}");
            }
        }
    }

    #[test]
    fn flat_edge_zero_is_south() {
        let s = HexShape::new(LayoutKind::Flat, 10.0);
        let (x, y) = s.edge_mid((0.0, 0.0), 0);
        assert!(x.abs() < 1e-9 && y > 8.0);
        let p = HexShape::new(LayoutKind::Pointy, 10.0);
        let (x, _) = p.edge_mid((0.0, 0.0), 4);
        assert!(x > 8.0, "pointy edge 4 is east");
    }
}

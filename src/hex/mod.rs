//! Hex geometry: board labels, neighbours and edge numbering.
//!
//! Coordinates are "doubled": a hex is (col, row) and its neighbours differ
//! by the offsets below. With `letter_row` axes the label "C5" is row C
//! (index 2) and column 5; lower-case letters are rows above A ("a12" is
//! row -1). Edge numbers follow the 18xx.games convention, clockwise:
//! flat-topped 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE; pointy-topped 0 SW, 1 W,
//! 2 NW, 3 NE, 4 E, 5 SE. A tile path on tile edge e lies on hex edge
//! (e + rotation) mod 6.

use crate::title::schema::{Axes, LayoutKind};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    pub col: i32,
    pub row: i32,
}

/// Neighbour offsets (dcol, drow) by edge number.
const FLAT: [(i32, i32); 6] = [(0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)];
const POINTY: [(i32, i32); 6] = [(-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    pub kind: LayoutKind,
    pub axes: Axes,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelError(pub String);

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a hex label (a letter and a number, like C5 or a12)", self.0)
    }
}

impl std::error::Error for LabelError {}

pub fn opposite(edge: u8) -> u8 {
    (edge + 3) % 6
}

pub fn rotate(edge: u8, rotation: u8) -> u8 {
    (edge + rotation) % 6
}

impl Layout {
    pub fn new(kind: LayoutKind, axes: Axes) -> Self {
        Layout { kind, axes }
    }

    fn offsets(&self) -> &'static [(i32, i32); 6] {
        match self.kind {
            LayoutKind::Flat => &FLAT,
            LayoutKind::Pointy => &POINTY,
        }
    }

    pub fn neighbour(&self, c: Coord, edge: u8) -> Coord {
        let (dc, dr) = self.offsets()[(edge % 6) as usize];
        Coord { col: c.col + dc, row: c.row + dr }
    }

    /// The edge of `from` that faces `to`, if they are neighbours.
    pub fn edge_towards(&self, from: Coord, to: Coord) -> Option<u8> {
        (0..6u8).find(|&e| self.neighbour(from, e) == to)
    }

    /// Parses a board label ("C5", "a12") into coordinates.
    pub fn parse(&self, label: &str) -> Result<Coord, LabelError> {
        let err = || LabelError(label.to_string());
        let mut chars = label.chars();
        let letter = chars.next().ok_or_else(err)?;
        let letter_index = if letter.is_ascii_uppercase() {
            letter as i32 - 'A' as i32
        } else if letter.is_ascii_lowercase() {
            -(letter as i32 - 'a' as i32) - 1
        } else {
            return Err(err());
        };
        let digits = chars.as_str();
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() > 4 {
            return Err(err());
        }
        let number: i32 = digits.parse().map_err(|_| err())?;
        Ok(match self.axes {
            Axes::LetterRow => Coord { col: number, row: letter_index },
            Axes::LetterColumn => Coord { col: letter_index, row: number },
        })
    }

    pub fn label(&self, c: Coord) -> String {
        let (letter_index, number) = match self.axes {
            Axes::LetterRow => (c.row, c.col),
            Axes::LetterColumn => (c.col, c.row),
        };
        let letter = if letter_index >= 0 {
            char::from(b'A' + (letter_index as u8 % 26))
        } else {
            char::from(b'a' + ((-letter_index - 1) as u8 % 26))
        };
        format!("{letter}{number}")
    }

    /// Compass name of an edge, for messages ("NE").
    pub fn edge_name(&self, edge: u8) -> &'static str {
        const FLAT_NAMES: [&str; 6] = ["S", "SW", "NW", "N", "NE", "SE"];
        const POINTY_NAMES: [&str; 6] = ["SW", "W", "NW", "NE", "E", "SE"];
        match self.kind {
            LayoutKind::Flat => FLAT_NAMES[(edge % 6) as usize],
            LayoutKind::Pointy => POINTY_NAMES[(edge % 6) as usize],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat() -> Layout {
        Layout::new(LayoutKind::Flat, Axes::LetterRow)
    }

    #[test]
    fn labels_round_trip_including_rows_above_a() {
        let l = flat();
        for s in ["C5", "a12", "M13", "A15", "B16"] {
            assert_eq!(l.label(l.parse(s).unwrap()), s);
        }
        assert_eq!(l.parse("a12").unwrap(), Coord { col: 12, row: -1 });
    }

    #[test]
    fn bad_labels_are_refused() {
        let l = flat();
        for s in ["", "5C", "C", "C5x", "é5"] {
            assert!(l.parse(s).is_err(), "{s}");
        }
    }

    #[test]
    fn flat_neighbours_follow_the_messina_double_hex() {
        // 1849: Messina B14 -NE-> A15 -SE-> B16 -SW-> Calabria C15.
        let l = flat();
        let b14 = l.parse("B14").unwrap();
        let a15 = l.neighbour(b14, 4);
        assert_eq!(l.label(a15), "A15");
        let b16 = l.neighbour(a15, 5);
        assert_eq!(l.label(b16), "B16");
        assert_eq!(l.label(l.neighbour(b16, 1)), "C15");
        assert_eq!(l.edge_towards(b16, a15), Some(2));
        assert_eq!(l.label(l.neighbour(b14, 0)), "D14");
    }

    #[test]
    fn pointy_neighbours() {
        let l = Layout::new(LayoutKind::Pointy, Axes::LetterRow);
        let d19 = l.parse("D19").unwrap();
        assert_eq!(l.label(l.neighbour(d19, 4)), "D21");
        assert_eq!(l.label(l.neighbour(d19, 1)), "D17");
        assert_eq!(l.label(l.neighbour(d19, 3)), "C20");
        assert_eq!(l.label(l.neighbour(d19, 0)), "E18");
    }

    #[test]
    fn every_edge_is_the_opposite_of_the_neighbours_edge() {
        for kind in [LayoutKind::Flat, LayoutKind::Pointy] {
            let l = Layout::new(kind, Axes::LetterRow);
            let c = Coord { col: 7, row: 3 };
            for e in 0..6 {
                let n = l.neighbour(c, e);
                assert_eq!(l.edge_towards(n, c), Some(opposite(e)));
            }
        }
    }
}

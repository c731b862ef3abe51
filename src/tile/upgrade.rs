//! Track-geometry side of upgrade legality: under which rotations does a
//! new tile keep every connection of the tile it replaces?
//!
//! Colour order, labels, the manifest's lists, the phase and the supply are
//! checked by the game (`map::lay`), which calls this for the geometry.

use super::{PathEnd, Tile, TilePath};
use crate::hex::rotate;
use crate::route::Gauge;

/// One way to lay the new tile over the old one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fit {
    pub rotation: u8,
    /// Old stop i becomes new stop `stop_map[i]`.
    pub stop_map: Vec<u8>,
}

/// A connection with ends in hex terms (edges rotated onto the hex).
fn ends(p: &TilePath, rotation: u8, stop_map: Option<&[u8]>) -> (PathEnd, PathEnd) {
    let f = |e: PathEnd| match e {
        PathEnd::Edge(x) => PathEnd::Edge(rotate(x, rotation)),
        PathEnd::Stop(s) => PathEnd::Stop(stop_map.map_or(s, |m| m[s as usize])),
    };
    let (a, b) = (f(p.a), f(p.b));
    if a <= b { (a, b) } else { (b, a) }
}

/// A path of gauge `new` can stand in for one of gauge `old`.
fn gauge_keeps(old: Gauge, new: Gauge) -> bool {
    old == new || new == Gauge::Dual
}

/// Every rotation and stop mapping under which `new` keeps all of `old`'s
/// track (laid at `old_rotation`). Stops map to stops of the same kind
/// (several old cities may merge into one); cities keep at least their
/// slots in total.
pub fn fits(old: &Tile, old_rotation: u8, new: &Tile) -> Vec<Fit> {
    fits_keeping(old, old_rotation, new, None)
}

/// Like `fits`, but only the old paths marked in `kept` (by index) must
/// stay; with `None`, all of them. A same-colour replacement keeps only
/// the track joined to something beyond the hex (1865-R-109).
pub fn fits_keeping(old: &Tile, old_rotation: u8, new: &Tile, kept: Option<&[bool]>) -> Vec<Fit> {
    let mut kinds_old: Vec<_> = old.stops.iter().map(|s| s.kind).collect();
    let mut kinds_new: Vec<_> = new.stops.iter().map(|s| s.kind).collect();
    kinds_old.sort();
    kinds_old.dedup();
    kinds_new.sort();
    kinds_new.dedup();
    if kinds_old != kinds_new || new.stops.len() > old.stops.len() {
        return Vec::new();
    }
    if new.total_slots() < old.total_slots() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut map = vec![0u8; old.stops.len()];
    for rotation in 0..6u8 {
        for_each_map(old, new, 0, &mut map, &mut |m| {
            if keeps_all(old, old_rotation, new, rotation, m, kept) {
                out.push(Fit { rotation, stop_map: m.to_vec() });
            }
        });
    }
    out
}

fn for_each_map(old: &Tile, new: &Tile, i: usize, map: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
    if i == old.stops.len() {
        // Every new stop must receive some old stop: a tile may merge
        // stops but never invents one.
        let covered = (0..new.stops.len()).all(|j| map.contains(&(j as u8)));
        if covered || old.stops.is_empty() {
            f(map);
        }
        return;
    }
    for (j, s) in new.stops.iter().enumerate() {
        if s.kind == old.stops[i].kind {
            map[i] = j as u8;
            for_each_map(old, new, i + 1, map, f);
        }
    }
}

fn keeps_all(old: &Tile, old_rotation: u8, new: &Tile, rotation: u8, map: &[u8], kept: Option<&[bool]>) -> bool {
    old.paths.iter().enumerate().filter(|(i, _)| kept.is_none_or(|k| k.get(*i).copied().unwrap_or(true))).all(|(_, op)| {
        let want = ends(op, old_rotation, Some(map));
        new.paths.iter().any(|np| ends(np, rotation, None) == want && gauge_keeps(op.gauge, np.gauge))
    })
}

/// Gauges of the track pieces `new` adds over `old` (a piece whose gauge
/// changed counts as new), for terrain costs that depend on new track.
pub fn new_track(old: &Tile, old_rotation: u8, new: &Tile, fit: &Fit) -> Vec<Gauge> {
    added_paths(old, old_rotation, new, fit).into_iter().map(|np| np.gauge).collect()
}

/// The track pieces of `new` (at `fit`) that `old` does not have, with
/// the same ends and gauge.
pub fn added_paths<'a>(old: &Tile, old_rotation: u8, new: &'a Tile, fit: &Fit) -> Vec<&'a TilePath> {
    new.paths
        .iter()
        .filter(|np| {
            let have = ends(np, fit.rotation, None);
            !old.paths.iter().any(|op| ends(op, old_rotation, Some(&fit.stop_map)) == have && op.gauge == np.gauge)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::title::schema::{Color, RevenueDef, StopDef, StopKind};

    fn stop(kind: StopKind, slots: u8) -> StopDef {
        StopDef {
            kind,
            revenue: RevenueDef::Flat(20),
            slots,
            name: None,
            location: None,
            groups: vec![],
            tags: vec![],
            bonus: 0,
            terminal: None,
            stations: false,
            reserved: vec![],
            neutral: vec![],
            opens_in_phase: None,
        }
    }

    fn tile(name: &str, color: Color, stops: Vec<StopDef>, paths: &[&str]) -> Tile {
        let paths: Vec<String> = paths.iter().map(|s| s.to_string()).collect();
        Tile::from_parts(name, color, None, &stops, &paths).unwrap()
    }

    #[test]
    fn plain_track_keeps_its_connection() {
        // 1849 tile 8 (curve 0-2) upgrades to 23 (0-3, 0-4) under rotations
        // that map 0-2 onto one of its curves.
        let t8 = tile("8", Color::Yellow, vec![], &["0-2"]);
        let t23 = tile("23", Color::Green, vec![], &["0-3", "0-4"]);
        let rots: Vec<u8> = fits(&t8, 0, &t23).iter().map(|f| f.rotation).collect();
        assert!(!rots.is_empty());
        for r in rots {
            let ex = t23.exits(r);
            assert!(ex & 0b101 == 0b101, "rotation {r} loses an exit");
        }
        // A straight can never become a gentle-curve pair.
        let t9 = tile("9", Color::Yellow, vec![], &["0-3"]);
        let t25 = tile("25", Color::Green, vec![], &["0-2", "0-4"]);
        assert!(fits(&t9, 0, &t25).is_empty());
    }

    #[test]
    fn narrow_may_become_dual_but_not_standard() {
        let y = tile("644", Color::Yellow, vec![stop(StopKind::City, 1)], &["n:0-s0", "1-s0"]);
        let dual = tile("673", Color::Brown, vec![stop(StopKind::City, 2)], &["d:0-s0", "d:1-s0", "d:2-s0", "d:3-s0"]);
        assert!(!fits(&y, 0, &dual).is_empty());
        let std_only = tile("x", Color::Green, vec![stop(StopKind::City, 2)], &["0-s0", "1-s0"]);
        assert!(fits(&y, 0, &std_only).is_empty());
    }

    #[test]
    fn towns_do_not_become_cities_and_track_cannot_gain_a_stop() {
        let town = tile("3", Color::Yellow, vec![stop(StopKind::Town, 0)], &["0-s0", "s0-1"]);
        let city = tile("c", Color::Green, vec![stop(StopKind::City, 1)], &["0-s0", "1-s0"]);
        assert!(fits(&town, 0, &city).is_empty());
        let plain = tile("7", Color::Yellow, vec![], &["0-1"]);
        assert!(fits(&plain, 0, &city).is_empty());
    }

    #[test]
    fn two_cities_may_merge_into_one() {
        let oo = tile("oo", Color::Yellow, vec![stop(StopKind::City, 1), stop(StopKind::City, 1)], &["0-s0", "3-s1"]);
        let one = tile("902", Color::Brown, vec![stop(StopKind::City, 2)], &["0-s0", "3-s0", "4-s0", "5-s0"]);
        assert!(!fits(&oo, 0, &one).is_empty());
    }

    #[test]
    fn new_track_lists_only_added_or_regauged_pieces() {
        // Standard town → mixed green town whose only new track is narrow.
        let y = tile("3", Color::Yellow, vec![stop(StopKind::Town, 0)], &["0-s0", "1-s0"]);
        let g = tile("680", Color::Green, vec![stop(StopKind::Town, 0)], &["n:0-s0", "n:1-s0", "2-s0", "3-s0"]);
        let f = fits(&y, 0, &g);
        assert!(!f.is_empty());
        let added = new_track(&y, 0, &g, &f[0]);
        assert_eq!(added, vec![Gauge::Narrow, Gauge::Narrow]);
    }

    #[test]
    fn only_the_kept_paths_must_stay() {
        // A straight whose north end (3) is joined to track and whose south
        // end (0) leads nowhere may become a curve from 3 that drops 0.
        let t9 = tile("9", Color::Yellow, vec![], &["0-3"]);
        let t8 = tile("8", Color::Yellow, vec![], &["0-2"]);
        assert!(fits(&t9, 0, &t8).is_empty());
        let two = tile("x", Color::Yellow, vec![], &["0-3", "1-4"]);
        assert!(fits_keeping(&two, 0, &t9, Some(&[false, true])).iter().all(|f| t9.exits(f.rotation) == two.exits(0) & 0b010010));
        assert!(!fits_keeping(&two, 0, &t9, Some(&[false, true])).is_empty());
        assert!(fits_keeping(&two, 0, &t9, Some(&[true, true])).is_empty());
        assert!(!fits_keeping(&t9, 0, &t8, Some(&[false])).is_empty());
    }

    #[test]
    fn a_laid_rotation_is_respected() {
        let t7 = tile("7", Color::Yellow, vec![], &["0-1"]);
        let t7b = tile("7", Color::Yellow, vec![], &["0-1"]);
        // Old laid at rotation 2 occupies edges 2-3; the same shape fits at rotation 2 only.
        let rots: Vec<u8> = fits(&t7, 2, &t7b).iter().map(|f| f.rotation).collect();
        assert_eq!(rots, vec![2]);
    }
}

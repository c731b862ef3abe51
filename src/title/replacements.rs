//! Which tiles may replace which, by the upgrade rules alone
//! (`game::board::may_replace`), worked out once per title: the legal
//! moves ask it for every hex a company reaches at every operating turn,
//! and most tiles never replace most others.

use super::compile::MapData;
use super::schema::Settings;
use crate::route::Gauge;
use crate::tile::Tile;
use crate::tile::upgrade::{Fit, fits_keeping, new_track};
use std::sync::OnceLock;

/// The ways a tile fits over another keeping all its track
/// (`tile::upgrade::fits_keeping`), each with the gauges of the track it
/// adds (`tile::upgrade::new_track`): both depend on the two tiles alone.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KeptFits {
    pub fits: Vec<Fit>,
    /// `new_track[i]`: the track `fits[i]` adds.
    pub new_track: Vec<Vec<Gauge>>,
}

impl KeptFits {
    pub fn of(old: &Tile, old_rotation: u8, new: &Tile) -> KeptFits {
        KeptFits::with_track(old, old_rotation, new, fits_keeping(old, old_rotation, new, None))
    }

    /// `fits` of `new` over `old`, each with the track it adds.
    pub fn with_track(old: &Tile, old_rotation: u8, new: &Tile, fits: Vec<Fit>) -> KeptFits {
        let new_track = fits.iter().map(|f| new_track(old, old_rotation, new, f)).collect();
        KeptFits { fits, new_track }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Replacements {
    /// For each tile of the manifest (by index), the tiles that may
    /// replace it, in manifest order.
    by_tile: Vec<Vec<u16>>,
    /// For each hex (by index), the tiles that may replace its printed
    /// tile, in manifest order.
    by_hex: Vec<Vec<u16>>,
    /// The fits (`tile::upgrade::fits_keeping` without kept paths) of
    /// each replacement, worked out when first asked: for a manifest
    /// tile at each rotation, `by_tile[i][k]` at `[rotation * n + k]`;
    /// for a printed tile (one rotation), `[k]`. The fits of two tiles
    /// never change, and the move lister asks for the same ones at every
    /// turn.
    fits_by_tile: Vec<Vec<OnceLock<KeptFits>>>,
    fits_by_hex: Vec<Vec<OnceLock<KeptFits>>>,
}

impl Replacements {
    pub fn of(settings: &Settings, tiles: &[Tile], map: &MapData) -> Replacements {
        let after = |old: &Tile| -> Vec<u16> {
            tiles.iter().enumerate().filter(|(_, new)| crate::game::board::may_replace_by(settings, old, new)).map(|(i, _)| i as u16).collect()
        };
        let by_tile: Vec<Vec<u16>> = tiles.iter().map(after).collect();
        let by_hex: Vec<Vec<u16>> = map.hexes.iter().map(|h| after(&h.tile)).collect();
        let slots = |n: usize| (0..n).map(|_| OnceLock::new()).collect();
        Replacements {
            fits_by_tile: by_tile.iter().map(|r| slots(6 * r.len())).collect(),
            fits_by_hex: by_hex.iter().map(|r| slots(r.len())).collect(),
            by_tile,
            by_hex,
        }
    }

    /// The fits of tile `new` over the tile now on `hex` (`placed`, else
    /// the printed one) at `rotation`, by `compute` the first time. `None`
    /// when `new` is not one of its replacements (nothing is kept).
    pub fn fits(&self, hex: usize, placed: Option<u16>, rotation: u8, new: u16, compute: impl FnOnce() -> KeptFits) -> Option<&KeptFits> {
        let k = self.on(hex, placed).binary_search(&new).ok()?;
        let slot = match placed {
            Some(i) => self.fits_by_tile.get(i as usize)?.get(rotation as usize % 6 * self.by_tile[i as usize].len() + k)?,
            None => self.fits_by_hex.get(hex)?.get(k)?,
        };
        Some(slot.get_or_init(compute))
    }

    /// The tiles that may replace the tile now on hex `hex`: the placed
    /// tile `placed` (a manifest index), else the printed one. In
    /// manifest order.
    pub fn on(&self, hex: usize, placed: Option<u16>) -> &[u16] {
        match placed {
            Some(i) => self.by_tile.get(i as usize),
            None => self.by_hex.get(hex),
        }
        .map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::KeptFits;

    /// The kept fits are the ones worked out directly, for every
    /// replacement of every tile at every rotation and of every printed
    /// tile, asked twice (worked out, then kept).
    #[test]
    fn kept_fits_are_the_fits() {
        for id in ["1849", "1844", "1865", "18fb"] {
            let t = crate::title::load::embedded(id).expect("the title loads");
            let mut asked = 0;
            for _ in 0..2 {
                for (i, old) in t.tiles.iter().enumerate() {
                    for rotation in 0..6u8 {
                        for &new in t.replacements.on(0, Some(i as u16)) {
                            let direct = KeptFits::of(old, rotation, &t.tiles[new as usize]);
                            let kept = t.replacements.fits(0, Some(i as u16), rotation, new, || direct.clone());
                            assert_eq!(kept, Some(&direct), "{id}: tile {} over {} at {rotation}", t.tiles[new as usize].name, old.name);
                            asked += 1;
                        }
                    }
                }
                for (h, hex) in t.map.hexes.iter().enumerate() {
                    for &new in t.replacements.on(h, None) {
                        let direct = KeptFits::of(&hex.tile, hex.rotation, &t.tiles[new as usize]);
                        let kept = t.replacements.fits(h, None, hex.rotation, new, || direct.clone());
                        assert_eq!(kept, Some(&direct), "{id}: tile {} on {}", t.tiles[new as usize].name, hex.label);
                    }
                }
            }
            assert!(asked > 100, "{id}: {asked} fits asked");
            // A tile that is no replacement is not kept.
            let not = (0..t.tiles.len() as u16).find(|n| !t.replacements.on(0, Some(0)).contains(n)).expect("a tile that does not replace tile 0");
            assert_eq!(t.replacements.fits(0, Some(0), 0, not, KeptFits::default), None);
        }
    }
}

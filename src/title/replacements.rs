//! Which tiles may replace which, by the upgrade rules alone
//! (`game::board::may_replace`), worked out once per title: the legal
//! moves ask it for every hex a company reaches at every operating turn,
//! and most tiles never replace most others.

use super::compile::MapData;
use super::schema::Settings;
use crate::tile::Tile;
use crate::tile::upgrade::Fit;
use std::sync::OnceLock;

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
    fits_by_tile: Vec<Vec<OnceLock<Vec<Fit>>>>,
    fits_by_hex: Vec<Vec<OnceLock<Vec<Fit>>>>,
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
    pub fn fits(&self, hex: usize, placed: Option<u16>, rotation: u8, new: u16, compute: impl FnOnce() -> Vec<Fit>) -> Option<&[Fit]> {
        let k = self.on(hex, placed).binary_search(&new).ok()?;
        let slot = match placed {
            Some(i) => self.fits_by_tile.get(i as usize)?.get(rotation as usize % 6 * self.by_tile[i as usize].len() + k)?,
            None => self.fits_by_hex.get(hex)?.get(k)?,
        };
        Some(slot.get_or_init(compute).as_slice())
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

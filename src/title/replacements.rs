//! Which tiles may replace which, by the upgrade rules alone
//! (`game::board::may_replace`), worked out once per title: the legal
//! moves ask it for every hex a company reaches at every operating turn,
//! and most tiles never replace most others.

use super::compile::MapData;
use super::schema::Settings;
use crate::tile::Tile;

#[derive(Clone, Debug, Default)]
pub struct Replacements {
    /// For each tile of the manifest (by index), the tiles that may
    /// replace it, in manifest order.
    by_tile: Vec<Vec<u16>>,
    /// For each hex (by index), the tiles that may replace its printed
    /// tile, in manifest order.
    by_hex: Vec<Vec<u16>>,
}

impl Replacements {
    pub fn of(settings: &Settings, tiles: &[Tile], map: &MapData) -> Replacements {
        let after = |old: &Tile| -> Vec<u16> {
            tiles.iter().enumerate().filter(|(_, new)| crate::game::board::may_replace_by(settings, old, new)).map(|(i, _)| i as u16).collect()
        };
        Replacements { by_tile: tiles.iter().map(after).collect(), by_hex: map.hexes.iter().map(|h| after(&h.tile)).collect() }
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

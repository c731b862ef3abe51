//! The tile catalogue: the standard 18xx tiles by number (colour, label,
//! stops with revenue, track), defined once in `catalogue/tiles.toml` and
//! shipped in the binary, so a title's tiles.toml lists a standard tile by
//! name and count only (docs/title-format.md, "The tile catalogue").
//!
//! The rule between a title and the catalogue (`resolve`):
//! - an entry without `color` is a catalogue tile: its colour, label,
//!   stops and paths are the catalogue's and may not be given; `count`,
//!   `upgrades`, `hidden` and `tags` are the title's;
//! - an entry with `color` is the title's own tile, written whole; if the
//!   catalogue has a tile by that name, the entry must say
//!   `replaces_catalogue = true` (and may say it only then).

use super::error::DataError;
use super::load::parse_text;
use super::schema::{CatalogueFile, CatalogueTile, TileDef, TileEntry};
use crate::title::compile::did_you_mean;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Where the catalogue lives, as messages name it.
pub const DISPLAY: &str = "catalogue/tiles.toml";

const TEXT: &str = include_str!("../../catalogue/tiles.toml");

#[derive(Debug)]
pub struct Catalogue {
    pub tiles: Vec<CatalogueTile>,
    index: HashMap<String, usize>,
}

impl Catalogue {
    pub fn tile(&self, name: &str) -> Option<&CatalogueTile> {
        self.index.get(name).map(|&i| &self.tiles[i])
    }

    /// Reads a catalogue; names must be unique.
    pub fn parse(display: &str, text: &str) -> Result<Catalogue, DataError> {
        let file: CatalogueFile = parse_text(display, text)?;
        let mut index = HashMap::new();
        for (i, t) in file.tile.iter().enumerate() {
            if index.insert(t.name.clone(), i).is_some() {
                let line = super::error::line_of(text, &t.name);
                return Err(DataError::new(display, &format!("tile[{i}]"), format!("tile \"{}\" is defined twice", t.name)).at_line(line));
            }
        }
        Ok(Catalogue { tiles: file.tile, index })
    }
}

/// The catalogue shipped in the binary, read once.
pub fn shipped() -> Result<&'static Catalogue, DataError> {
    static CATALOGUE: OnceLock<Result<Catalogue, DataError>> = OnceLock::new();
    CATALOGUE.get_or_init(|| Catalogue::parse(DISPLAY, TEXT)).as_ref().map_err(Clone::clone)
}

/// A mistake in one `[[tile]]` entry: its index, the key, the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryError {
    pub index: usize,
    pub key: String,
    pub message: String,
    pub hint: Option<String>,
}

/// The title's tiles in full, in the file's order: its own as written,
/// the catalogue's with the title's count, upgrades, hidden and tags.
/// Entries with a mistake are left out and reported; each tile comes with
/// the index of its entry.
pub fn resolve(entries: &[TileEntry], catalogue: &Catalogue) -> (Vec<(usize, TileDef)>, Vec<EntryError>) {
    let mut defs = Vec::new();
    let mut errors = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        match resolve_one(e, catalogue, entries) {
            Ok(def) => defs.push((i, def)),
            Err((key, message, hint)) => errors.push(EntryError { index: i, key: format!("tile[{i}]{key}"), message, hint }),
        }
    }
    (defs, errors)
}

type Refusal = (&'static str, String, Option<String>);

fn resolve_one(e: &TileEntry, catalogue: &Catalogue, entries: &[TileEntry]) -> Result<TileDef, Refusal> {
    let name = &e.name;
    let listed = catalogue.tile(name);
    match (e.color, listed) {
        (Some(color), _) => {
            if listed.is_some() && !e.replaces_catalogue {
                return Err((
                    "",
                    format!(
                        "tile \"{name}\" is in the tile catalogue ({DISPLAY}): write only its name and count (and upgrades) to use it, or add replaces_catalogue = true to define your own tile by this number"
                    ),
                    None,
                ));
            }
            if listed.is_none() && e.replaces_catalogue {
                let hint = did_you_mean(name, catalogue.tiles.iter().map(|t| t.name.as_str()));
                return Err((".replaces_catalogue", format!("tile \"{name}\" is not in the tile catalogue ({DISPLAY}): replaces_catalogue = true replaces nothing"), hint));
            }
            Ok(TileDef {
                name: name.clone(),
                color,
                count: e.count,
                label: e.label.clone(),
                stops: e.stops.clone().unwrap_or_default(),
                paths: e.paths.clone().unwrap_or_default(),
                upgrades: e.upgrades.clone(),
                hidden: e.hidden,
                tags: e.tags.clone(),
            })
        }
        (None, None) => {
            let own = entries.iter().filter(|x| x.color.is_some()).map(|x| x.name.as_str());
            let hint = did_you_mean(name, catalogue.tiles.iter().map(|t| t.name.as_str()).chain(own));
            Err((
                "",
                format!("tile \"{name}\" is not in the tile catalogue ({DISPLAY}) and has no color: to define it here, give its color, stops and paths"),
                hint,
            ))
        }
        (None, Some(c)) => {
            let given = [("label", e.label.is_some()), ("stops", e.stops.is_some()), ("paths", e.paths.is_some())];
            if let Some((field, _)) = given.iter().find(|(_, g)| *g) {
                let key = match *field {
                    "label" => ".label",
                    "stops" => ".stops",
                    _ => ".paths",
                };
                return Err((
                    key,
                    format!(
                        "tile \"{name}\" takes its {field} from the tile catalogue ({DISPLAY}): to define your own tile by this number, write it whole with its color and replaces_catalogue = true"
                    ),
                    None,
                ));
            }
            if e.replaces_catalogue {
                return Err((".replaces_catalogue", format!("tile \"{name}\": replaces_catalogue = true defines the whole tile; give its color, stops and paths too"), None));
            }
            Ok(TileDef {
                name: name.clone(),
                color: c.color,
                count: e.count,
                label: c.label.clone(),
                stops: c.stops.clone(),
                paths: c.paths.clone(),
                upgrades: e.upgrades.clone(),
                hidden: e.hidden,
                tags: e.tags.clone(),
            })
        }
    }
}

/// The line of the entry `name = "<name>"` in a tiles.toml text.
pub fn entry_line(text: &str, name: &str) -> Option<usize> {
    let quoted = format!("\"{name}\"");
    text.lines().position(|l| {
        l.split("name").skip(1).any(|rest| rest.trim_start().strip_prefix('=').is_some_and(|v| v.trim_start().starts_with(&quoted)))
    })
    .map(|i| i + 1)
    .or_else(|| super::error::line_of(text, name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;

    #[test]
    fn the_shipped_catalogue_reads_and_every_tile_compiles() {
        let c = shipped().unwrap();
        assert!(!c.tiles.is_empty());
        for t in &c.tiles {
            let def = TileDef {
                name: t.name.clone(),
                color: t.color,
                count: 0,
                label: t.label.clone(),
                stops: t.stops.clone(),
                paths: t.paths.clone(),
                upgrades: None,
                hidden: false,
                tags: Vec::new(),
            };
            Tile::from_def(&def).unwrap_or_else(|e| panic!("{}: {e}", t.name));
        }
    }

    #[test]
    fn entry_lines_are_found_by_name() {
        let text = "[[tile]]\nname = \"8\"\nupgrades = [\"7\"]\n\n[[tile]]\nname  =  \"7\"\ncount = 1\n";
        assert_eq!(entry_line(text, "7"), Some(6));
        assert_eq!(entry_line(text, "8"), Some(2));
    }
}

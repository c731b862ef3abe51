//! Pictures of a game: the map, the stock market, the tile sheet and a
//! corporation's best run, as SVG (`svg.rs`, a small writer), or PNG
//! through resvg (`png.rs`). Deterministic: the same game gives the same
//! bytes. Used by `railhead render` and the REPL's `show`.

pub mod geometry;
pub mod map;
pub mod market;
pub mod png;
pub mod read;
pub mod routes;
pub mod sheet;
pub mod svg;
pub mod tile;

use crate::game::Game;
use crate::game::ids::CorpId;
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    Map,
    Market,
    Tiles,
    Routes,
    /// A corporation's last run in the game's log (`render routes --logged`,
    /// `show routes CORP logged`), on the board as it was then.
    LoggedRoutes,
}

impl Picture {
    pub const NAMES: [&'static str; 4] = ["map", "market", "tiles", "routes"];

    pub fn parse(word: &str) -> Option<Picture> {
        match word.to_ascii_lowercase().as_str() {
            "map" => Some(Picture::Map),
            "market" => Some(Picture::Market),
            "tiles" => Some(Picture::Tiles),
            "routes" => Some(Picture::Routes),
            _ => None,
        }
    }
}

/// A picture of the game as SVG text. `Routes` needs a corporation.
pub fn svg(g: &Game, picture: Picture, corp: Option<CorpId>) -> Result<String, String> {
    Ok(match picture {
        Picture::Map => map::svg(&g.title, &g.state),
        Picture::Market => market::svg(&g.title, &g.state),
        Picture::Tiles => sheet::svg(&g.title, &g.state),
        Picture::Routes => {
            let corp = corp.ok_or("the routes picture needs a corporation (--corp CORP)")?;
            routes::svg(g, corp)?.0
        }
        Picture::LoggedRoutes => routes::logged(g, corp.ok_or("the routes picture needs a corporation (--corp CORP)")?)?.0,
    })
}

/// Whether a file name asks for PNG (by its extension).
pub fn wants_png(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

/// Writes a picture to `path`: PNG when its name ends in `.png`, else SVG.
pub fn write(g: &Game, picture: Picture, corp: Option<CorpId>, path: &Path) -> Result<(), String> {
    let text = svg(g, picture, corp)?;
    let bytes = if wants_png(path) { png::png(&text)? } else { text.into_bytes() };
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

//! Save files: the title, option choices, seed, setup and action log as
//! JSON. Loading replays the actions through `apply`, so a save file can
//! never hold an illegal game; a damaged one is reported with the place.

use super::action::Action;
use super::{Game, Setup};
use crate::title::TitleSource;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

pub const FORMAT_VERSION: u32 = 1;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// Format version of this file.
    pub railhead: u32,
    pub title: String,
    /// Set when the title came from a folder on disk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_dir: Option<String>,
    #[serde(flatten)]
    pub setup: Setup,
    pub actions: Vec<Action>,
}

#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("{path}: cannot read the file: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path}:{line}:{column}: not a railhead save file: {message}")]
    Format { path: String, line: usize, column: usize, message: String },
    #[error("{path}: written by a newer railhead (format {found}, this one reads {FORMAT_VERSION})")]
    Version { path: String, found: u32 },
    #[error("{path}: title problem: {message}")]
    Title { path: String, message: String },
    #[error("{path}: action {index} (`{action}`) is refused: {message}; the file was edited or damaged, or the title's rules (or railhead's) changed since it was saved. The game up to the action before can be loaded with --until {index}")]
    Replay { path: String, index: usize, action: String, message: String },
}

impl SaveFile {
    pub fn of(game: &Game) -> SaveFile {
        // An extending title is saved as its own folder; loading reads its
        // parents again through `extends`.
        let title_dir = match game.title.source.top() {
            TitleSource::Disk(d) => Some(d.display().to_string()),
            TitleSource::Embedded(_) | TitleSource::Memory(_) | TitleSource::Layered(_) => None,
        };
        SaveFile { railhead: FORMAT_VERSION, title: game.title.meta.id.clone(), title_dir, setup: game.setup.clone(), actions: game.actions.clone() }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn parse(path: &str, text: &str) -> Result<SaveFile, SaveError> {
        let file: SaveFile = serde_json::from_str(text).map_err(|e| SaveError::Format {
            path: path.to_string(),
            line: e.line(),
            column: e.column(),
            message: e.to_string().split(" at line").next().unwrap_or("").to_string(),
        })?;
        if file.railhead > FORMAT_VERSION {
            return Err(SaveError::Version { path: path.to_string(), found: file.railhead });
        }
        Ok(file)
    }

    pub fn read(path: &Path) -> Result<SaveFile, SaveError> {
        let p = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| SaveError::Io { path: p.clone(), source })?;
        SaveFile::parse(&p, &text)
    }

    /// Rebuilds the game, replaying at most `until` actions.
    pub fn restore(&self, path: &str, until: Option<usize>) -> Result<Game, SaveError> {
        self.restore_with_title(path, until, None)
    }

    /// Rebuilds the game with the title read from `title_dir` when one is
    /// given, whatever folder the file names: a designer replays a saved
    /// game against a changed title. The folder must hold the same title.
    pub fn restore_with_title(&self, path: &str, until: Option<usize>, title_dir: Option<&Path>) -> Result<Game, SaveError> {
        let problem = |message: String| SaveError::Title { path: path.to_string(), message };
        let source = match (title_dir, &self.title_dir) {
            (Some(d), _) => TitleSource::Disk(d.to_path_buf()),
            (None, Some(d)) => TitleSource::Disk(d.into()),
            (None, None) => TitleSource::embedded(&self.title).ok_or_else(|| problem(format!("no title \"{}\" in this railhead", self.title)))?,
        };
        let title = crate::title::load::cached(&source, &self.setup.options, Some(self.setup.players.len())).map_err(|e| problem(e.to_string()))?;
        if title.meta.id != self.title {
            return Err(problem(format!("the file is a game of {}, but {} holds the title {}", self.title, source.display(""), title.meta.id)));
        }
        let host = crate::script::ScriptHost::shared(&title).map_err(|e| SaveError::Title { path: path.to_string(), message: e.to_string() })?;
        let mut game = Game::with_host(title, host, self.setup.clone())
            .map_err(|e| SaveError::Title { path: path.to_string(), message: e.to_string() })?;
        for (i, a) in self.actions.iter().enumerate() {
            if until.is_some_and(|u| i >= u) {
                break;
            }
            // A refused action ends the replay: no snapshot to restore.
            game.apply_unguarded(a.clone()).map_err(|e| SaveError::Replay { path: path.to_string(), index: i, action: a.to_string(), message: e.to_string() })?;
        }
        Ok(game)
    }
}

/// Option choices as given on the command line ("bonds", "no-bonds").
/// An option both turned on and off is refused rather than the last word
/// winning unseen.
pub fn parse_options(list: &[String]) -> Result<BTreeMap<String, bool>, String> {
    let mut out: BTreeMap<String, bool> = BTreeMap::new();
    for o in list {
        let (id, on) = match o.strip_prefix("no-") {
            Some(rest) => (rest.to_string(), false),
            None => (o.clone(), true),
        };
        if out.get(&id).is_some_and(|was| *was != on) {
            return Err(format!("--option {id} and --option no-{id} contradict each other: give one"));
        }
        out.insert(id, on);
    }
    Ok(out)
}

//! The REPL's library side: a [`Session`] holds one game and answers each
//! command line with a [`Reply`], text for people and JSON for scripts.
//!
//! Nothing here touches a terminal. `cli/play.rs` owns the line editor,
//! history and the loop; everything a command does is a function call
//! here, so each command (and each example in its help) is unit-tested.
//!
//! Commands live in one registry (`registry.rs`): name, arguments, a line
//! of help, an example, and the function that runs it. Action commands
//! (`bid`, `lay`, `train`...) go to the engine through
//! `Game::parse_command` and `Game::apply`; everything else only reads
//! the game, except `undo` and `load`, which replace it.

mod actions;
mod live;
pub mod complete;
pub mod fit;
mod session_cmds;
pub mod setup;
pub mod registry;
mod reply;
mod table;
pub mod view;

#[cfg(test)]
mod tests;

pub use reply::{Failure, Reply};

use crate::game::Game;
use crate::game::action::LegalMove;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// One game being played, and what the REPL remembers about it.
pub struct Session {
    /// Read freely; change only through `execute`, which keeps what the
    /// session remembers (the legal moves) in step with the game.
    pub game: Game,
    /// Legal moves of the current state, computed on first use: listing
    /// them tries every candidate, which is too slow to repeat per key.
    moves: Option<Result<Vec<LegalMove>, String>>,
    /// The game changed since it was started, loaded or saved.
    unsaved: bool,
    /// The file a `load` was refused for, because it would have dropped
    /// unsaved actions: the same `load` next discards them.
    pub(crate) load_warned: Option<String>,
    /// Columns of the terminal the replies are read on: the map is cut
    /// into parts that fit it (80 unless the front end knows better).
    pub width: usize,
    /// The live view, once `view` started it.
    live: Option<crate::live::LiveView>,
    /// Counts the game's changes; the live view shows `live_generation`.
    generation: u64,
    live_generation: Option<u64>,
}

/// A command line split into its parts.
pub struct Invocation<'a> {
    /// The command word as typed (an alias stays an alias).
    pub name: &'a str,
    pub args: Vec<&'a str>,
    /// The whole line, trimmed.
    pub text: &'a str,
}

/// The words of a command line. A word in double or single quotes may
/// hold spaces (`player "Player 3"`); the quotes are not part of it. An
/// unclosed quote runs to the end of the line.
pub fn split_words(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut rest = text.trim_start();
    while let Some(first) = rest.chars().next() {
        if first == '"' || first == '\'' {
            let inner = &rest[1..];
            let end = inner.find(first).unwrap_or(inner.len());
            words.push(&inner[..end]);
            rest = inner[(end + 1).min(inner.len())..].trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            words.push(&rest[..end]);
            rest = rest[end..].trim_start();
        }
    }
    words
}

impl Session {
    pub fn new(game: Game) -> Session {
        Session { game, moves: None, unsaved: false, load_warned: None, width: 80, live: None, generation: 0, live_generation: None }
    }

    /// Answers one command line. Never panics: an internal error is
    /// reported and the game is put back as it was.
    pub fn execute(&mut self, line: &str) -> Reply {
        let snapshot = (self.game.state.clone(), self.game.actions.len(), self.game.log.len());
        match catch_unwind(AssertUnwindSafe(|| self.dispatch(line))) {
            Ok(reply) => {
                self.publish_live();
                reply
            }
            Err(panic) => {
                let (state, actions, log) = snapshot;
                self.game.state = state;
                self.game.actions.truncate(actions);
                self.game.log.truncate(log);
                self.changed();
                let what = panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("unknown");
                Reply::error("internal", format!("internal error ({what}); the game is unchanged. Please report the command: {}", line.trim()))
            }
        }
    }

    fn dispatch(&mut self, line: &str) -> Reply {
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            return Reply::silent();
        }
        let mut words = split_words(text).into_iter();
        let name = words.next().unwrap_or_default();
        let inv = Invocation { name, args: words.collect(), text };
        if registry::find(name).is_none_or(|c| c.name != "load") {
            self.load_warned = None;
        }
        match registry::find(name) {
            // Views and session commands fit the width; an action's reply
            // (log lines, refusals) is left as the engine wrote it.
            Some(cmd) if cmd.group != registry::Group::Action => {
                let mut reply = (cmd.run)(self, &inv);
                reply.text = fit::fit(&reply.text, self.width);
                reply
            }
            Some(cmd) => (cmd.run)(self, &inv),
            None => registry::unknown(name),
        }
    }

    /// The legal moves now (cached until the game changes).
    pub fn legal_moves(&mut self) -> Result<Vec<LegalMove>, String> {
        if self.moves.is_none() {
            self.moves = Some(self.game.legal_moves().map_err(|e| e.to_string()));
        }
        self.moves.clone().unwrap_or_else(|| Ok(Vec::new()))
    }

    /// Puts a loaded game in place.
    pub fn replace_game(&mut self, game: Game) {
        self.game = game;
        self.moves = None;
        self.unsaved = false;
    }

    /// After the game changed: forget what was computed about the
    /// previous state.
    pub(crate) fn changed(&mut self) {
        self.moves = None;
        self.unsaved = true;
        self.generation += 1;
    }

    pub(crate) fn mark_saved(&mut self) {
        self.unsaved = false;
    }

    /// Whether quitting now would lose actions.
    pub fn has_unsaved_changes(&self) -> bool {
        self.unsaved
    }

    /// The prompt: round, who acts, and the step (`OR 2.1 · RCS (A) · lay tile`).
    pub fn prompt(&self) -> String {
        view::prompt::prompt(&self.game)
    }

    /// What is printed when a session starts.
    pub fn banner(&self) -> Reply {
        let mut reply = view::status::banner(&self.game);
        reply.text = fit::fit(&reply.text, self.width);
        reply
    }
}

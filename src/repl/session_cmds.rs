//! Commands about the session rather than the game's rules: undo, save,
//! load, Lua inspection, quit.

use super::view::status;
use super::{Invocation, Reply, Session};
use crate::game::ops::Effects;
use crate::game::save::SaveFile;
use serde_json::json;
use std::path::Path;

pub fn undo(s: &mut Session, _inv: &Invocation) -> Reply {
    match s.game.undo() {
        Ok(Some(action)) => {
            s.changed();
            Reply::ok("undo", format!("took back `{action}`"), json!({ "undone": action.to_string(), "status": status::status_json(&s.game) }))
        }
        Ok(None) => Reply::error("undo", "nothing to undo: no action has been played"),
        Err(e) => Reply::error("undo", format!("cannot undo: {e}")),
    }
}

pub fn save(s: &mut Session, inv: &Invocation) -> Reply {
    let Some(path) = file_arg(inv) else { return Reply::error("save", "write `save FILE`") };
    let text = SaveFile::of(&s.game).to_json();
    match std::fs::write(&path, text + "\n") {
        Ok(()) => {
            s.mark_saved();
            Reply::ok("save", format!("saved {} actions to {path}", s.game.actions.len()), json!({ "file": path, "actions": s.game.actions.len() }))
        }
        Err(e) => Reply::error("save", format!("cannot write {path}: {e}")),
    }
}

pub fn load(s: &mut Session, inv: &Invocation) -> Reply {
    let Some(path) = file_arg(inv) else { return Reply::error("load", "write `load FILE`") };
    if s.has_unsaved_changes() && s.load_warned.as_deref() != Some(path.as_str()) {
        s.load_warned = Some(path);
        return Reply::error("load", "the game has moves that are not saved: `save FILE` keeps them; the same `load` again discards them");
    }
    s.load_warned = None;
    let restored = SaveFile::read(Path::new(&path)).and_then(|f| f.restore(&path, None));
    match restored {
        Ok(game) => {
            s.replace_game(game);
            let text = format!("loaded {path}: {}, {} actions\n{}", s.game.title.meta.name, s.game.actions.len(), super::view::prompt::prompt(&s.game));
            Reply::ok("load", text, json!({ "file": path, "actions": s.game.actions.len(), "status": status::status_json(&s.game) }))
        }
        Err(e) => Reply::error("load", format!("{e}\n(the current game is unchanged)")),
    }
}

/// The file name: the rest of the line, so names with spaces work.
fn file_arg(inv: &Invocation) -> Option<String> {
    let rest = inv.text.get(inv.name.len()..)?.trim();
    (!rest.is_empty()).then(|| rest.to_string())
}

/// Evaluates against a copy of the state, so nothing a script does sticks.
pub fn lua(s: &mut Session, inv: &Invocation) -> Reply {
    let expr = inv.text.get(inv.name.len()..).unwrap_or("").trim();
    if expr.is_empty() {
        return Reply::error("lua", "write `lua EXPR`, e.g. `lua game:bank()` or `lua game:corporation(\"RCS\").cash`");
    }
    let mut st = s.game.state.clone();
    let mut fx = Effects::default();
    match s.game.host.eval(expr, &mut st, &mut fx) {
        Ok(value) => Reply::ok("lua", value.clone(), json!({ "value": value })),
        Err(e) => Reply::error("lua", e.to_string()),
    }
}

pub fn quit(_s: &mut Session, _inv: &Invocation) -> Reply {
    Reply::ok("quit", "bye", json!({})).with_quit()
}

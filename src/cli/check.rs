//! `railhead check DIR`: every problem in a title folder, with file and
//! line; then a short random game per player count, replayed from its log.

use railhead::fuzz::replay::{CHECK_MOVES, play_and_replay};
use railhead::script::ScriptHost;
use railhead::title::{TitleSource, load};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

pub fn run(dir: &Path) -> anyhow::Result<ExitCode> {
    if !dir.is_dir() {
        let why = if dir.exists() { "is not a folder (give the title's folder, which holds title.toml)" } else { "no such folder" };
        println!("{}: {why}", dir.display());
        return Ok(ExitCode::FAILURE);
    }
    let source = TitleSource::Disk(dir.to_path_buf());
    let mut problems: Vec<String> = Vec::new();
    let base = match load::load(&source, &BTreeMap::new(), None) {
        Ok(t) => Some(t),
        Err(e) => {
            problems.extend(e.0.iter().map(|x| x.to_string()));
            None
        }
    };
    if let Some(title) = base {
        // Each option on its own, so every overlay is checked.
        for o in &title.options {
            let mut choice = BTreeMap::new();
            choice.insert(o.id.clone(), true);
            for r in &o.requires {
                choice.insert(r.clone(), true);
            }
            let players = o.players.first().copied();
            if let Err(e) = load::load(&source, &choice, players) {
                problems.extend(e.0.iter().map(|x| format!("with option {}: {x}", o.id)));
            }
        }
        let title = Arc::new(title);
        match ScriptHost::new(title.clone()) {
            Err(e) => problems.push(e.to_string()),
            Ok(_) => {
                // A short random game per player count, replayed from its
                // log on fresh scripts: a title whose scripts keep state
                // outside the game, or fail in play, is found here rather
                // than in a player's save.
                for pc in &title.player_counts {
                    if let Err(e) = play_and_replay(&title, pc.players, 1, CHECK_MOVES) {
                        problems.push(e);
                    }
                }
            }
        }
        for t in source.list("tests", "lua") {
            match source.read(&t) {
                Ok(text) => {
                    if let Err(e) = railhead::script::syntax_check(&source.display(&t), &text) {
                        problems.push(e);
                    }
                }
                Err(e) => problems.push(format!("{}: the file {e}", source.display(&t))),
            }
        }
    }
    if problems.is_empty() {
        println!("{}: ok", dir.display());
        Ok(ExitCode::SUCCESS)
    } else {
        for p in &problems {
            println!("{p}");
        }
        println!("{}: {} problem(s)", dir.display(), problems.len());
        Ok(ExitCode::FAILURE)
    }
}

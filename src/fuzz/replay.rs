//! A game equals its replay: the backstop behind the script sandbox.
//!
//! The sandbox makes state outside the game impossible (`script::freeze`);
//! this check would find any way around it. It replays a game's action
//! log twice, side by side: once on a fresh Lua state (what loading a
//! save does) and once on the game's own, which has seen every call the
//! game made (trial moves, views, undos). The first action after which
//! the two differ is reported with the script calls it made.

use crate::game::Game;
use crate::script::ScriptHost;
use std::rc::Rc;

/// `Err` names the first action whose replay differs, and the script
/// calls behind it.
pub fn check_replay(game: &Game) -> Result<(), String> {
    let fresh = Rc::new(ScriptHost::new(game.title.clone()).map_err(|e| format!("the scripts do not load again: {e}"))?);
    let mut clean = Game::with_host(game.title.clone(), fresh.clone(), game.setup.clone()).map_err(|e| format!("the replay cannot start: {e}"))?;
    let mut reused = Game::with_host(game.title.clone(), game.host.clone(), game.setup.clone()).map_err(|e| format!("the replay cannot start: {e}"))?;
    fresh.start_trace();
    game.host.start_trace();
    let result = side_by_side(game, &mut clean, &mut reused, &fresh);
    game.host.stop_trace();
    result
}

fn side_by_side(game: &Game, clean: &mut Game, reused: &mut Game, fresh: &ScriptHost) -> Result<(), String> {
    if clean.digest() != reused.digest() {
        return Err(differs("setting the game up", fresh.take_trace(), game.host.take_trace()));
    }
    for (i, a) in game.actions.iter().enumerate() {
        fresh.take_trace();
        game.host.take_trace();
        let one = clean.apply(a.clone());
        let two = reused.apply(a.clone());
        if one.is_err() || two.is_err() || clean.digest() != reused.digest() {
            let what = format!("action {} (`{a}`){}", i + 1, match (&one, &two) {
                (Err(e), _) | (_, Err(e)) => format!(", refused in a replay: {e}"),
                _ => String::new(),
            });
            return Err(differs(&what, fresh.take_trace(), game.host.take_trace()));
        }
    }
    if clean.digest() != game.digest() {
        return Err("the game differs from the replay of its action log, though each action replays the same: its state was changed outside the actions".into());
    }
    Ok(())
}

fn differs(what: &str, clean: Vec<String>, reused: Vec<String>) -> String {
    let mut calls: Vec<String> = clean.into_iter().chain(reused).collect();
    calls.sort();
    calls.dedup();
    let calls = if calls.is_empty() { "none".to_string() } else { calls.join("; ") };
    format!(
        "the game differs from its replay after {what}: the title's scripts keep state outside the game (script calls of that action: {calls})"
    )
}

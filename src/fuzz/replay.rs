//! A game equals its replay: the backstop behind the script sandbox.
//!
//! The sandbox makes state outside the game impossible (`script::freeze`);
//! this check would find any way around it. It replays a game's action
//! log twice, side by side: once on a fresh Lua state (what loading a
//! save does) and once on the game's own, which has seen every call the
//! game made (trial moves, views, undos). The first action after which
//! the two differ is reported with the script calls it made.

use crate::game::{Game, Setup};
use crate::script::ScriptHost;
use crate::title::Title;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

/// What `railhead check` plays of a title per player count: enough moves
/// to run the private sale, stock rounds and the first operating rounds,
/// where most handlers and hooks are first called.
pub const CHECK_MOVES: usize = 400;

/// Plays up to `moves` random legal moves of a new game of `players`
/// seats (with the trial moves and listings a player's tools make), then
/// replays its log with `check_replay`. `Err` says what went wrong: a
/// game that cannot start, a script error, a refused move that changed the
/// state, a position with no legal move, or a replay that differs.
pub fn play_and_replay(title: &Arc<Title>, players: usize, seed: u64, moves: usize) -> Result<usize, String> {
    let names: Vec<String> = (1..=players).map(|i| format!("p{i}")).collect();
    let setup = Setup { players: names, seed, options: BTreeMap::new(), values: BTreeMap::new() };
    let mut game = Game::new(title.clone(), setup).map_err(|e| format!("a {players}-player game cannot start: {e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..moves {
        if game.is_over() {
            break;
        }
        super::random_move(&mut game, &mut rng)
            .map_err(|p| format!("a random {players}-player game (seed {seed}) stopped after {} actions: {p}", game.actions.len()))?;
    }
    check_replay(&game).map_err(|e| format!("a random {players}-player game (seed {seed}): {e}"))?;
    Ok(game.actions.len())
}

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

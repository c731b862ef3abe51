//! Playing one simulated game and keeping its record.
//!
//! A game is fixed by the study's seed and its index: the same index
//! gives the same game on any machine, thread or shard. The record is
//! read from the events the game dispatches (`Game::observed`), so it
//! sees what the rules did, scripts' doings included.

use super::bots::{BotKind, Memory, play_move};
use super::record::{CorpRecord, GameRecord};
use crate::game::var::Var;
use crate::game::Game;
use crate::script::ScriptHost;
use crate::title::Title;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::rc::Rc;
use std::sync::Arc;

/// The seed of game `index` of a study seeded `seed`, as `fuzz` derives it.
pub use crate::fuzz::game_seed;

/// Plays game `index` of the study to its end (or `max_actions`). A game
/// that failed, was left unfinished or ended in a stalemate (no rulebook
/// ending) is saved into `save_to`'s folder (every game if its flag is
/// set), to open with `railhead play --load`.
pub fn play(title: &Arc<Title>, host: &Rc<ScriptHost>, bots: &[BotKind], seed: u64, index: u64, max_actions: u64, save_to: Option<(&std::path::Path, bool)>) -> GameRecord {
    let game_seed = game_seed(seed, index);
    let mut rec = GameRecord { index, seed: game_seed, bots: bots.iter().map(|b| b.name().to_string()).collect(), ..GameRecord::default() };
    let mut game = match Game::with_host(title.clone(), host.clone(), crate::fuzz::game_setup(title, bots.len(), game_seed)) {
        Ok(g) => g,
        Err(e) => {
            rec.error = Some(format!("setup failed: {e}"));
            return rec;
        }
    };
    game.observed = Some(Vec::new());
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed);
    let mut memory = Memory { last_revenue: vec![None; game.state.corps.len()] };
    rec.corps = game.state.corps.iter().map(|c| CorpRecord { id: c.id.clone(), floated: c.floated, closed: c.closed, ..CorpRecord::default() }).collect();
    rec.rounds = 1;
    rec.operating_rounds = u32::from(matches!(game.state.flow.round.data, crate::game::flow::RoundData::Operating(_)));
    rec.bank.push(game.state.bank);
    rec.phases.push((phase_name(&game), 1));
    while !game.is_over() && rec.actions < max_actions {
        if let Err(problem) = play_move(&mut game, bots, &memory, &mut rng) {
            rec.error = Some(format!("after {} actions: {problem}", rec.actions));
            break;
        }
        rec.actions += 1;
        observe(&mut game, &mut rec, &mut memory);
    }
    rec.end = game.state.ended.as_ref().map(|e| e.reason.clone());
    rec.values = match &game.state.ended {
        Some(end) => end.values.clone(),
        None => game.player_values().unwrap_or_default(),
    };
    rec.winners = match &game.state.ended {
        Some(end) => end.winners(),
        None => Vec::new(),
    };
    rec.bank.push(game.state.bank);
    if let Some((dir, all)) = save_to
        && (all || rec.error.is_some() || !matches!(rec.end.as_deref(), Some(end) if end != "stalemate"))
    {
        let why = rec.end.clone().unwrap_or_else(|| if rec.error.is_some() { "error".into() } else { "unfinished".into() });
        let path = dir.join(format!("{}-{why}-{index}.json", title.meta.id));
        if let Err(e) = std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, crate::game::save::SaveFile::of(&game).to_json())) {
            rec.error.get_or_insert(format!("could not save the game to {}: {e}", path.display()));
        }
    }
    rec
}

fn phase_name(game: &Game) -> String {
    game.title.phases.get(game.state.phase).map_or_else(String::new, |p| p.name.clone())
}

/// Reads the events of the last action into the record and the bots' memory.
fn observe(game: &mut Game, rec: &mut GameRecord, memory: &mut Memory) {
    let Some(events) = game.observed.as_mut() else { return };
    let events = std::mem::take(events);
    let corp_at = |args: &std::collections::BTreeMap<String, Var>| args.get("corp").and_then(Var::as_str).and_then(|id| game.state.corp_index(id));
    for ev in &events {
        match ev.name.as_str() {
            "round_started" => {
                rec.rounds += 1;
                if ev.args.get("kind").and_then(Var::as_str) == Some("operating") {
                    rec.operating_rounds += 1;
                }
                rec.bank.push(game.state.bank);
            }
            "phase_changed" => {
                let name = ev.args.get("phase").and_then(Var::as_str).unwrap_or_default().to_string();
                rec.phases.push((name, rec.rounds));
            }
            "corporation_floated" => {
                if let Some(one) = corp_at(&ev.args).and_then(|c| rec.corps.get_mut(usize::from(c))) {
                    one.floated = true;
                }
            }
            "corporation_closed" => {
                if let Some(one) = corp_at(&ev.args).and_then(|c| rec.corps.get_mut(usize::from(c))) {
                    one.closed = true;
                }
            }
            "trains_run" => {
                if let Some(c) = corp_at(&ev.args) {
                    let revenue = ev.args.get("revenue").and_then(Var::as_int).unwrap_or(0);
                    if let Some(one) = rec.corps.get_mut(usize::from(c)) {
                        one.runs += 1;
                        one.revenue = one.revenue.saturating_add(revenue);
                    }
                    if let Some(last) = memory.last_revenue.get_mut(usize::from(c)) {
                        *last = Some(revenue);
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_its_seed_and_index() {
        assert_eq!(game_seed(7, 3), game_seed(7, 3));
        assert_ne!(game_seed(7, 3), game_seed(7, 4));
        assert_ne!(game_seed(7, 3), game_seed(8, 3));
    }
}

//! Replaying games recorded on the 18xx.games website.
//!
//! The recorded actions (format: shared/fixtures/18xx.games/FORMAT.md) are
//! filtered for undo/redo, translated into railhead actions and applied
//! through the same `Game::apply` as every other action: a refused action
//! stops the import with the action id, what was recorded and why it was
//! refused. Translation tables specific to a title (company names, the
//! website's wording of choices) live in that title's
//! `[props.import_18xx]`, not here.

pub mod routes;
mod train_ids;
mod translate;

use crate::game::action::Action;
use crate::game::flow::RoundData;
use crate::game::ids::Actor;
use crate::game::save::SaveFile;
use crate::game::var::Var;
use crate::game::{Game, Setup};
use crate::title::{Title, TitleSource};
use serde_json::Value;
use std::collections::BTreeMap;

pub use translate::Translator;

/// A recorded game, as far as the import needs it.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub id: i64,
    pub title: String,
    /// Player ids and names in seating order.
    pub players: Vec<(i64, String)>,
    pub seed: u64,
    pub optional_rules: Vec<String>,
    /// The actions that survive undo/redo, in order.
    pub actions: Vec<Value>,
    pub result: BTreeMap<String, i64>,
    pub game_end_reason: Option<String>,
    /// Play the title from this folder instead of the embedded one
    /// (`import --title-dir`: title changes are tried without a rebuild).
    pub title_dir: Option<std::path::PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{0}")]
    Format(String),
    #[error("{0}")]
    Title(String),
    #[error("action {id} ({recorded}) is refused: {message}")]
    Refused { id: i64, recorded: String, message: String, applied: usize },
    #[error("action {id} ({recorded}) cannot be translated: {message}")]
    Untranslatable { id: i64, recorded: String, message: String, applied: usize },
}

fn field<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.get(key)
}

/// Reads a recorded game and filters undo/redo (FORMAT.md, "Replaying" 1).
pub fn parse(text: &str) -> Result<Recorded, ImportError> {
    let mut v: Value = serde_json::from_str(text).map_err(|e| ImportError::Format(format!("not a JSON game record: {e} (line {}, column {})", e.line(), e.column())))?;
    let id = field(&v, "id").and_then(Value::as_i64).unwrap_or(0);
    let title = field(&v, "title").and_then(Value::as_str).ok_or_else(|| ImportError::Format("the record has no title".into()))?.to_string();
    let players: Vec<(i64, String)> = field(&v, "players")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|p| (p.get("id").and_then(Value::as_i64).unwrap_or(0), p.get("name").and_then(Value::as_str).unwrap_or("?").to_string()))
                .collect()
        })
        .unwrap_or_default();
    if players.is_empty() {
        return Err(ImportError::Format("the record lists no players".into()));
    }
    let settings = field(&v, "settings");
    let seed = settings
        .and_then(|s| s.get("seed"))
        .and_then(Value::as_u64)
        .unwrap_or_else(|| id.to_string().chars().filter(char::is_ascii_digit).collect::<String>().parse().unwrap_or(0));
    let optional_rules: Vec<String> = settings
        .and_then(|s| s.get("optional_rules"))
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    // Taken out of the record, not copied (a record's actions are most of it).
    let raw: Vec<Value> = match v.get_mut("actions").map(Value::take) {
        Some(Value::Array(actions)) => actions,
        _ => Vec::new(),
    };
    let result: BTreeMap<String, i64> = field(&v, "result")
        .and_then(Value::as_object)
        .map(|o| o.iter().filter_map(|(k, x)| x.as_i64().map(|n| (k.clone(), n))).collect())
        .unwrap_or_default();
    let game_end_reason = field(&v, "game_end_reason").and_then(Value::as_str).map(str::to_string);
    Ok(Recorded { id, title, players, seed, optional_rules, actions: filter_undo(raw), result, game_end_reason, title_dir: None })
}

/// Applies undo and redo: `undo` removes the latest active action (or all
/// after `action_id`), `redo` restores the last undone batch; messages
/// never count.
pub fn filter_undo(raw: Vec<Value>) -> Vec<Value> {
    let mut active: Vec<Value> = Vec::new();
    let mut redo: Vec<Vec<Value>> = Vec::new();
    for a in raw {
        let t = a.get("type").and_then(Value::as_str).unwrap_or("");
        match t {
            "message" => {}
            "undo" => {
                let batch: Vec<Value> = match a.get("action_id").and_then(Value::as_i64) {
                    Some(n) => {
                        // The actions after `n`: the active list keeps the
                        // record's order (an undo takes its tail, a redo
                        // gives it back, a new action drops what was undone),
                        // so they are its tail. Searched from the end: a
                        // scan from the start made a long game with many
                        // undos quadratic.
                        let id = |x: &Value| x.get("id").and_then(Value::as_i64).unwrap_or(0);
                        let keep = active.iter().rposition(|x| id(x) <= n).map_or(0, |i| i + 1);
                        active.split_off(keep)
                    }
                    None => active.pop().into_iter().collect(),
                };
                redo.push(batch);
            }
            "redo" => {
                if let Some(batch) = redo.pop() {
                    active.extend(batch);
                }
            }
            _ => {
                redo.clear();
                active.push(a);
            }
        }
    }
    active
}

/// The outcome of an import.
#[derive(Clone, Debug)]
pub struct ImportReport {
    pub title: String,
    /// Recorded player id -> our final value.
    pub standings: BTreeMap<String, i64>,
    pub recorded: BTreeMap<String, i64>,
    pub game_end_reason: Option<String>,
    pub recorded_game_end_reason: Option<String>,
    pub applied: usize,
    pub skipped: usize,
    /// Passes our engine needed that the website never recorded (it did not
    /// offer those steps): the recorded action id they came before, and the
    /// steps passed.
    pub inserted_passes: Vec<(i64, Vec<String>)>,
    /// The replay stopped before this recorded action (`--until`), so
    /// nothing was compared.
    pub stopped_before: Option<i64>,
    /// The website's earlier rule readings applied, each with the number
    /// of actions read under it (`[props.import_18xx] readings`).
    pub readings: Vec<String>,
}

impl ImportReport {
    /// What the comparison with the record says: `true`, `false`, or why
    /// nothing was compared (the replay stopped early; the record holds
    /// no final standings).
    pub fn verdict(&self) -> String {
        if let Some(id) = self.stopped_before {
            return format!("not compared (stopped at --until {id})");
        }
        if self.recorded.is_empty() && self.recorded_game_end_reason.is_none() {
            return "not compared (the record has no final standings)".into();
        }
        self.matches().to_string()
    }

    /// Whether the standings were compared at all (see `verdict`).
    pub fn compared(&self) -> bool {
        self.stopped_before.is_none() && !(self.recorded.is_empty() && self.recorded_game_end_reason.is_none())
    }

    /// Same final standings, and the same reason when the record gives one
    /// (older records have none).
    pub fn matches(&self) -> bool {
        self.standings == self.recorded && (self.recorded_game_end_reason.is_none() || self.game_end_reason == self.recorded_game_end_reason)
    }
}

/// A game set up as the record was, with the title's import settings.
pub fn new_game(rec: &Recorded) -> Result<(Game, Translator), ImportError> {
    let source = match &rec.title_dir {
        Some(dir) => TitleSource::Disk(dir.clone()),
        None => TitleSource::embedded(&rec.title.to_lowercase()).ok_or_else(|| ImportError::Title(format!("railhead has no title \"{}\"", rec.title)))?,
    };
    let players = Some(rec.players.len());
    let probe = crate::title::load::cached(&source, &BTreeMap::new(), players).map_err(|e| ImportError::Title(e.to_string()))?;
    let tr = Translator::new(&probe, rec);
    let title = crate::title::load::cached(&source, &tr.options, players).map_err(|e| ImportError::Title(e.to_string()))?;
    let mut values: BTreeMap<String, Var> = (*tr.setup_values).clone();
    values.insert("imported_from".into(), Var::Str("18xx.games".into()));
    // The website's runs are taken as recorded, even below our best: a
    // setup value, so that a save of the import replays the same.
    values.insert("manual_routes".into(), Var::Bool(true));
    let setup = Setup { players: rec.players.iter().map(|(_, n)| n.clone()).collect(), seed: rec.seed, options: (*tr.options).clone(), values };
    let host = crate::script::ScriptHost::shared(&title).map_err(|e| ImportError::Title(e.to_string()))?;
    let game = Game::with_host(title, host, setup).map_err(|e| ImportError::Title(e.to_string()))?;
    Ok((game, tr))
}

/// Replays a record, stopping before the action with id `until`.
pub fn replay(rec: &Recorded, until: Option<i64>) -> Result<(Game, ImportReport), (Option<Game>, ImportError)> {
    replay_with(rec, until, &mut |_, _| {}, &mut |_, _| {})
}

/// One JSON line of the state after a recorded action, for comparing a
/// replay with the website's engine step by step (`import --trace`).
pub fn trace_line(game: &Game, id: i64) -> String {
    let players: serde_json::Map<String, Value> = game.state.players.iter().map(|p| (p.name.clone(), Value::from(p.cash))).collect();
    let corps: serde_json::Map<String, Value> = game
        .state
        .corps
        .iter_enumerated()
        .filter(|(_, c)| c.in_play)
        .map(|(i, c)| {
            let price = c.price.map(|_| crate::game::market::price_of(&game.title, &game.state, i));
            (c.id.clone(), serde_json::json!({ "cash": c.cash, "price": price }))
        })
        .collect();
    serde_json::json!({ "id": id, "players": players, "corporations": corps, "bank": game.state.bank }).to_string()
}

/// Replays a record, calling `before` with each recorded action before it is applied.
pub fn replay_with(
    rec: &Recorded,
    until: Option<i64>,
    before: &mut dyn FnMut(&Game, &Value),
    after: &mut dyn FnMut(&Game, i64),
) -> Result<(Game, ImportReport), (Option<Game>, ImportError)> {
    let (mut game, mut tr) = new_game(rec).map_err(|e| (None, e))?;
    let mut applied = 0usize;
    let mut skipped = 0usize;
    let mut inserted: Vec<(i64, Vec<String>)> = Vec::new();
    let mut stopped_before = None;
    let mut readings = tr.readings_counter();
    let actions = &rec.actions;
    for (i, a) in actions.iter().enumerate() {
        let id = a.get("id").and_then(Value::as_i64).unwrap_or(i as i64);
        if until.is_some_and(|u| id >= u) {
            stopped_before = until;
            break;
        }
        let mut batch = vec![a];
        if let Some(auto) = a.get("auto_actions").and_then(Value::as_array) {
            batch.extend(auto.iter());
        }
        // The website's rules as they were when the action was recorded
        // (its automatic actions were made with it).
        let created_at = a.get("created_at").and_then(Value::as_i64);
        tr.set_readings(&mut game, created_at, &mut readings);
        for (k, &item) in batch.iter().enumerate() {
            let is_auto = k > 0;
            before(&game, item);
            let recorded_actor = match tr.recorded_actor(&game, item) {
                Ok(actor) => actor,
                Err(message) => return Err((Some(game), ImportError::Untranslatable { id, recorded: short(item), message, applied })),
            };
            // The website moves on by itself past entities with no valid
            // action (a player who can only pass, a corporation whose
            // remaining steps offer nothing), also before an automatic
            // action it applies for another entity (a programmed pass in
            // `auto_actions`): pass those until the recorded entity is to
            // act. Only for a player's or corporation's own action: a
            // company's ability may be used out of turn.
            let own = matches!(item.get("entity_type").and_then(Value::as_str), Some("player") | Some("corporation") | None);
            if own
                && let Some(actor) = recorded_actor
                && game.current_actor().is_some_and(|now| same_actor(&game, Some(actor), Some(now)).is_err())
            {
                let passed = pass_idle(&mut game, &tr, item);
                if !passed.is_empty() {
                    applied += passed.len();
                    inserted.push((id, passed));
                }
            }
            // The players ended the game by agreement: final values now.
            if item.get("type").and_then(Value::as_str) == Some("end_game") {
                end_by_agreement(&mut game).map_err(|e| (None, ImportError::Refused { id, recorded: short(item), message: e.to_string(), applied }))?;
                applied += 1;
                continue;
            }
            // The recorded action as a refusal names it (written only then:
            // it is a tenth of a replay).
            let recorded = || short(item);
            let translated = tr.translate(&game, item, &actions[i + 1..]);
            let ours: Vec<Action> = match translated {
                Ok(list) => list,
                Err(message) => return Err((Some(game), ImportError::Untranslatable { id, recorded: recorded(), message, applied })),
            };
            if ours.is_empty() {
                skipped += 1;
            }
            for (j, action) in ours.into_iter().enumerate() {
                let skip = (j > 0 && !tr.follow_up_applies(&game, &action, item, &actions[i + 1..]))
                    || (is_auto && action == Action::Pass && !tr.auto_pass_applies(&game));
                if skip {
                    skipped += 1;
                    continue;
                }
                let acting = game.current_actor();
                match game.try_apply(action) {
                    // The recorded action is ours only if its entity is the
                    // one our engine had to act (a follow-up, such as an
                    // owner's consent, is someone else's by design).
                    Ok(()) if j == 0 && let Err(message) = same_actor(&game, recorded_actor, acting) => {
                        let action = game.actions.last().map(ToString::to_string).unwrap_or_default();
                        return Err((Some(game), ImportError::Refused { id, recorded: format!("{} -> `{action}`", recorded()), message, applied }));
                    }
                    Ok(()) => applied += 1,
                    Err((action, e)) => {
                        // A pass our engine already made by itself is not applied twice.
                        if action == Action::Pass && (is_auto || tr.pass_is_redundant(&game, item, &actions[i + 1..])) {
                            skipped += 1;
                            continue;
                        }
                        // The website skipped a step of ours without a record
                        // (its step offered nothing): pass it, and say so.
                        let passed = catch_up(&mut game, &tr, item, &action);
                        if !passed.is_empty() {
                            applied += passed.len() + 1;
                            inserted.push((id, passed));
                            continue;
                        }
                        return Err((Some(game), ImportError::Refused { id, recorded: format!("{} -> `{action}`", recorded()), message: e.to_string(), applied }));
                    }
                }
            }
        }
        after(&game, id);
    }
    let mut report = report(rec, &game, applied, skipped);
    report.inserted_passes = inserted;
    report.stopped_before = stopped_before;
    report.readings = tr.readings_applied(&readings);
    Ok((game, report))
}

/// Whether the entity a record names is the one our engine had to act. A
/// corporation's president answers for it: our engine asks the president
/// some of the questions the website records as the corporation's (where
/// to put a home token), and the other way round.
fn same_actor(game: &Game, recorded: Option<Actor>, acting: Option<Actor>) -> Result<(), String> {
    let presides = |p: Actor, c: Actor| match (p, c) {
        (Actor::Player(p), Actor::Corp(c)) => game.state.president(c) == Some(p),
        _ => false,
    };
    match (recorded, acting) {
        (Some(r), Some(a)) if r != a && !presides(r, a) && !presides(a, r) => {
            Err(format!("it is recorded for {}, but {} is to act then", game.actor_name(r), game.actor_name(a)))
        }
        _ => Ok(()),
    }
}

/// The game as it was, to go back to when catching up fails.
struct Checkpoint {
    state: crate::game::state::GameState,
    actions: usize,
    log: usize,
}

impl Checkpoint {
    fn of(game: &Game) -> Checkpoint {
        Checkpoint { state: game.state.clone(), actions: game.actions.len(), log: game.log.len() }
    }

    fn restore(self, game: &mut Game) {
        game.state = self.state;
        game.actions.truncate(self.actions);
        game.log.truncate(self.log);
    }
}

/// Passes whoever is to act while their only move is to pass (the website
/// passes them by itself: "has no valid actions"), until `actor` is to
/// act; at most `limit` passes. Whether `actor` is to act then.
fn pass_others(game: &mut Game, actor: Actor, passed: &mut Vec<String>, limit: usize) -> bool {
    while passed.len() < limit {
        let Some(current) = game.current_actor() else { return false };
        if current == actor {
            return true;
        }
        let only_pass = game.state.flow.pending.is_empty() && game.only_move_is_pass().unwrap_or(false);
        if !only_pass || game.apply(Action::Pass).is_err() {
            return false;
        }
        passed.push(format!("{}, who has nothing else to do", game.actor_name(current)));
    }
    game.current_actor() == Some(actor)
}

/// Before a recorded pass: the entities the website passed by itself.
/// Returns who passed, or nothing (and the game as it was).
fn pass_idle(game: &mut Game, tr: &Translator, item: &Value) -> Vec<String> {
    let Some(actor) = tr.actor(game, item) else { return Vec::new() };
    let checkpoint = Checkpoint::of(game);
    let mut passed = Vec::new();
    if pass_others(game, actor, &mut passed, 6) {
        return passed;
    }
    checkpoint.restore(game);
    Vec::new()
}

/// A recorded action refused because our engine waits for passes the
/// website made without recording them: another entity whose only move is
/// to pass is to act first, or the corporation acting is at an optional
/// step the website did not offer. Passes those (at most six) and
/// retries. Returns what was passed, or nothing (and the game as it was).
fn catch_up(game: &mut Game, tr: &Translator, item: &Value, action: &Action) -> Vec<String> {
    let Some(actor) = tr.actor(game, item) else { return Vec::new() };
    if *action == Action::Pass {
        return Vec::new();
    }
    let checkpoint = Checkpoint::of(game);
    let mut passed = Vec::new();
    while passed.len() < 6 {
        if game.current_actor() != Some(actor) {
            if !pass_others(game, actor, &mut passed, 6) {
                break;
            }
        } else {
            if !matches!(actor, Actor::Corp(_)) || !game.state.flow.pending.is_empty() {
                break;
            }
            passed.push(format!("{} {}", game.actor_name(actor), current_step(game).unwrap_or_default().replace('_', " ")));
            if game.apply(Action::Pass).is_err() {
                break;
            }
        }
        if game.current_actor() == Some(actor) && game.apply(action.clone()).is_ok() {
            return passed;
        }
    }
    checkpoint.restore(game);
    Vec::new()
}

/// The end reason of a game the players ended by agreement (the website's
/// `end_game`).
pub const ENDED_BY_AGREEMENT: &str = "manually_ended";

/// Ends the game where it stands, as the website does when the players
/// end it (`end_game`, reason [`ENDED_BY_AGREEMENT`]): final values now,
/// by the title's rules. Not an action of the game: a saved import stops
/// before it.
fn end_by_agreement(game: &mut Game) -> crate::game::ops::GameResult<()> {
    let mut fx = crate::game::ops::Effects::default();
    let mut e = crate::game::engine::Engine::new(&game.title, &mut game.state, &mut fx, &*game.host);
    e.finish(ENDED_BY_AGREEMENT)?;
    e.dispatch()?;
    game.log.append(&mut fx.log);
    Ok(())
}

/// The step of the operating turn under way.
fn current_step(game: &Game) -> Option<String> {
    let RoundData::Operating(o) = &game.state.flow.round.data else { return None };
    game.title.flow.round(&game.state.flow.round.name).and_then(|r| r.steps.get(o.step).cloned())
}

fn report(rec: &Recorded, game: &Game, applied: usize, skipped: usize) -> ImportReport {
    let mut standings = BTreeMap::new();
    if let Some(end) = &game.state.ended {
        for (i, (pid, _)) in rec.players.iter().enumerate() {
            standings.insert(pid.to_string(), end.values.get(i).copied().unwrap_or(0));
        }
    }
    ImportReport {
        title: rec.title.clone(),
        standings,
        recorded: rec.result.clone(),
        game_end_reason: game.state.ended.as_ref().map(|e| e.reason.clone()),
        recorded_game_end_reason: rec.game_end_reason.clone(),
        applied,
        skipped,
        inserted_passes: Vec::new(),
        stopped_before: None,
        readings: Vec::new(),
    }
}

/// The website's earlier rule readings the record's dates call for, up to
/// and with the action `last`, worded as in the report: also for an
/// import that stopped.
pub fn readings_of(rec: &Recorded, last: Option<i64>) -> Vec<String> {
    let Ok((_, tr)) = new_game(rec) else { return Vec::new() };
    let mut counts = tr.readings_counter();
    for (i, a) in rec.actions.iter().enumerate() {
        let id = a.get("id").and_then(Value::as_i64).unwrap_or(i as i64);
        if last.is_some_and(|l| id > l) {
            break;
        }
        tr.count_readings(a.get("created_at").and_then(Value::as_i64), &mut counts);
    }
    tr.readings_applied(&counts)
}

/// A one-line summary of a recorded action.
pub fn short(a: &Value) -> String {
    let mut m = a.as_object().cloned().unwrap_or_default();
    for k in ["created_at", "user", "original_id", "auto_actions", "entity_type"] {
        m.remove(k);
    }
    let s = Value::Object(m).to_string();
    // Cut on a character: a record's strings may hold any character.
    if s.len() > 240 { format!("{}...", &s[..s.floor_char_boundary(240)]) } else { s }
}

/// The game as a railhead save file.
pub fn save_file(game: &Game) -> SaveFile {
    SaveFile::of(game)
}

#[allow(dead_code)]
fn title_of(t: &Title) -> &str {
    &t.meta.id
}

#[cfg(test)]
mod tests {
    use super::filter_undo;
    use serde_json::{Value, json};

    fn ids(list: &[Value]) -> Vec<i64> {
        list.iter().map(|a| a["id"].as_i64().unwrap()).collect()
    }

    #[test]
    fn undo_takes_back_to_the_named_action_and_redo_gives_back() {
        let raw = vec![
            json!({"id": 1, "type": "bid"}),
            json!({"id": 2, "type": "pass"}),
            json!({"id": 3, "type": "pass"}),
            json!({"id": 4, "type": "message"}),
            // Back to action 1: 2 and 3 are undone together.
            json!({"id": 5, "type": "undo", "action_id": 1}),
            json!({"id": 6, "type": "redo"}),
            // A plain undo takes the last action only.
            json!({"id": 7, "type": "undo"}),
            json!({"id": 8, "type": "bid"}),
            // Nothing to redo after a new action.
            json!({"id": 9, "type": "redo"}),
        ];
        assert_eq!(ids(&filter_undo(raw)), vec![1, 2, 8]);
    }

    #[test]
    fn undo_to_before_every_action_empties_the_list() {
        let raw = vec![json!({"id": 3, "type": "bid"}), json!({"id": 4, "type": "bid"}), json!({"id": 5, "type": "undo", "action_id": 0})];
        assert!(filter_undo(raw).is_empty());
    }
}

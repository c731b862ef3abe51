//! Route check mode: at every recorded run, our best revenue beside the
//! recorded one (optimal below recorded would be a bug in our search).
//! The benchmarks (`railhead bench routes`) collect their real positions
//! through the same [`replay_visiting_runs`].

use super::{ImportError, ImportReport, Recorded};
use crate::game::Game;
use crate::game::engine::run::{Position, position};
use crate::game::ids::{Actor, CorpId};

/// A recorded run, seen just before it is applied.
pub struct RecordedRun<'g> {
    /// The game before the run (the corporation is to run its trains).
    pub game: &'g Game,
    pub corp: CorpId,
    pub action_id: i64,
    /// Sum of the recorded routes' revenues.
    pub recorded: i64,
}

impl RecordedRun<'_> {
    /// The route problem of the corporation now.
    pub fn position(&self) -> Position {
        position(&self.game.title, &self.game.state, self.corp)
    }

    pub fn corp_id(&self) -> &str {
        &self.game.state.corps[self.corp].id
    }
}

/// Replays a record, calling `visit` at every recorded `run_routes` of a
/// corporation, before it is applied.
pub fn replay_visiting_runs(
    rec: &Recorded,
    until: Option<i64>,
    visit: &mut dyn FnMut(&RecordedRun),
) -> Result<(Game, ImportReport), (Option<Game>, ImportError)> {
    super::replay_with(rec, until, &mut |game: &Game, item: &serde_json::Value| {
        if item.get("type").and_then(|t| t.as_str()) != Some("run_routes") {
            return;
        }
        let Some(Actor::Corp(corp)) = game.current_actor() else { return };
        let recorded: i64 = item.get("routes").and_then(|r| r.as_array()).map(|rs| rs.iter().filter_map(|r| r.get("revenue").and_then(|v| v.as_i64())).sum()).unwrap_or(0);
        let action_id = item.get("id").and_then(|v| v.as_i64()).unwrap_or(0);
        visit(&RecordedRun { game, corp, action_id, recorded });
    }, &mut |_, _| {})
}

pub fn replay_checking_routes(rec: &Recorded, until: Option<i64>, json: bool) -> Result<(Game, ImportReport), (Option<Game>, ImportError)> {
    replay_visiting_runs(rec, until, &mut |run: &RecordedRun| {
        let started = std::time::Instant::now();
        let pos = run.position();
        let (best, stats) = crate::route::search::best_run(&pos.problem);
        let micros = started.elapsed().as_micros();
        let (id, recorded) = (run.action_id, run.recorded);
        let trains: Vec<&str> = pos.problem.trains.iter().map(|t| t.id.as_str()).collect();
        let corp = run.corp_id();
        if json {
            println!(
                "{}",
                serde_json::json!({"action_id": id, "corporation": corp, "trains": trains, "recorded": recorded, "optimal": best.revenue, "microseconds": micros, "candidates": stats.candidates, "nodes": stats.nodes})
            );
        } else {
            let flag = if best.revenue < recorded { "  <-- BELOW RECORDED" } else if best.revenue > recorded { "  (better)" } else { "" };
            println!("action {id:>5} {corp:<4} {:<16} recorded {recorded:>5} optimal {:>5} {micros:>7} µs{flag}", trains.join(","), best.revenue);
        }
    })
}

//! Route check mode: at every recorded run, our best revenue beside the
//! recorded one (optimal below recorded would be a bug in our search).

use super::{ImportError, ImportReport, Recorded};
use crate::game::Game;

pub fn replay_checking_routes(rec: &Recorded, until: Option<i64>, json: bool) -> Result<(Game, ImportReport), (Option<Game>, ImportError)> {
    super::replay_with(rec, until, &mut |game: &Game, item: &serde_json::Value| {
        if item.get("type").and_then(|t| t.as_str()) != Some("run_routes") {
            return;
        }
        let Some(crate::game::ids::Actor::Corp(c)) = game.current_actor() else { return };
        let recorded: i64 = item.get("routes").and_then(|r| r.as_array()).map(|rs| rs.iter().filter_map(|r| r.get("revenue").and_then(|v| v.as_i64())).sum()).unwrap_or(0);
        let started = std::time::Instant::now();
        let pos = crate::game::engine::run::position(&game.title, &game.state, c);
        let (run, stats) = crate::route::search::best_run(&pos.problem);
        let micros = started.elapsed().as_micros();
        let id = item.get("id").and_then(|v| v.as_i64()).unwrap_or(0);
        let trains: Vec<&str> = pos.problem.trains.iter().map(|t| t.id.as_str()).collect();
        let corp = &game.state.corps[c as usize].id;
        if json {
            println!(
                "{}",
                serde_json::json!({"action_id": id, "corporation": corp, "trains": trains, "recorded": recorded, "optimal": run.revenue, "microseconds": micros, "candidates": stats.candidates, "nodes": stats.nodes})
            );
        } else {
            let flag = if run.revenue < recorded { "  <-- BELOW RECORDED" } else if run.revenue > recorded { "  (better)" } else { "" };
            println!("action {id:>5} {corp:<4} {:<16} recorded {recorded:>5} optimal {:>5} {micros:>7} µs{flag}", trains.join(","), run.revenue);
        }
    }, &mut |_, _| {})
}

//! The best run of a corporation now: each train's route, its stops and
//! revenue, and the `run` command that declares it. Computed by the
//! engine's route search on a copy of the state.

use super::super::{Invocation, Reply, Session};
use super::names::find_corp;
use crate::game::engine::run::stop_label;
use crate::args;
use crate::game::engine::Engine;
use crate::game::rules::{MaybeAnswer, TitleRules};
use crate::game::flow::RoundData;
use crate::game::ops::Effects;
use crate::game::var::Var;
use serde_json::json;
use std::collections::BTreeMap;

pub fn run(s: &mut Session, inv: &Invocation) -> Reply {
    let g = &s.game;
    // `full`: search without the game's node budget (see `best_run_unlimited`).
    let full = inv.args.contains(&"full");
    let corp = match inv.args.iter().find(|a| **a != "full") {
        Some(w) => match find_corp(g, w) {
            Ok(c) => c,
            Err(e) => return Reply::error("routes", e),
        },
        None => match &g.state.flow.round.data {
            RoundData::Operating(o) if let Some(c) = o.current => c,
            _ => return Reply::error("routes", "no corporation is operating: name one, e.g. `routes RCS`"),
        },
    };
    let id = g.state.corps[corp].id.clone();
    if g.state.trains_of(corp).is_empty() {
        return Reply::ok("routes", format!("{id} has no trains"), json!({ "corporation": id, "revenue": 0, "routes": [] }));
    }
    let mut st = g.state.clone();
    let mut fx = Effects::default();
    let mut engine = Engine::new(&g.title, &mut st, &mut fx, &*g.host);
    let searched = if full { engine.best_run_unlimited(corp) } else { engine.best_run(corp) };
    let (pos, best, ran_out) = match searched {
        Ok(x) => x,
        Err(e) => return Reply::error("routes", format!("the route search failed: {e}")),
    };
    let mut lines = Vec::new();
    let mut routes_json = Vec::new();
    let mut routes_var = Vec::new();
    let mut declared = Vec::new();
    for r in &best.routes {
        let train = pos.problem.trains[r.train].id.clone();
        let stops: Vec<String> = r.stops.iter().map(|x| stop_label(&g.title, &pos.board, *x)).collect();
        let names: Vec<String> = stops
            .iter()
            .map(|l| {
                let hex = l.split('.').next().unwrap_or(l);
                g.title.map.hex(hex).and_then(|h| g.title.map.hexes[h as usize].name.clone()).unwrap_or_else(|| l.clone())
            })
            .collect();
        lines.push(format!("  {train}: {} — {} ({})", stops.join("-"), g.title.money(r.revenue), names.join(", ")));
        declared.push(format!("{train}:{}", stops.join("-")));
        routes_json.push(json!({ "train": train, "stops": stops, "revenue": r.revenue }));
        let mut m = BTreeMap::new();
        m.insert("train".to_string(), Var::Str(train));
        m.insert("stops".to_string(), Var::List(stops.into_iter().map(Var::Str).collect()));
        m.insert("revenue".to_string(), Var::Int(r.revenue));
        routes_var.push(Var::Map(m));
    }
    // Trains the best run leaves idle are named, not left out unseen.
    for (i, t) in pos.problem.trains.iter().enumerate() {
        if !best.routes.iter().any(|r| r.train == i) {
            lines.push(format!("  {}: no route (no legal route for it adds revenue)", t.id));
            routes_json.push(json!({ "train": t.id, "stops": [], "revenue": 0 }));
        }
    }
    // The title may add a bonus for the whole run, as `run` does.
    g.host.begin_query();
    let bonus: i64 = match g.host.hook("run_bonus", &mut st, &mut fx, args![id.clone(), Var::List(routes_var)]).and_then(|a| a.int(0)) {
        Ok(b) => b.unwrap_or(0),
        Err(e) => return Reply::error("routes", format!("the title's run bonus failed: {e}")),
    };
    let total = best.revenue + bonus;
    let mut text = if ran_out {
        format!(
            "{id}'s best run found in {} search nodes earns {} (the search stopped there: a better run may exist; `routes {id} full` searches to the end, which may take minutes)",
            crate::route::budget::GAME_NODES,
            g.title.money(total)
        )
    } else {
        format!("{id}'s best run earns {}", g.title.money(total))
    };
    if bonus != 0 {
        text.push_str(&format!(" (with a bonus of {})", g.title.money(bonus)));
    }
    if lines.is_empty() {
        text.push_str(": no train has a route");
    } else {
        text.push('\n');
        text.push_str(&lines.join("\n"));
        text.push_str(&format!("\nas a command: run {}", declared.join(" ")));
    }
    Reply::ok("routes", text, json!({ "corporation": id, "revenue": total, "bonus": bonus, "routes": routes_json, "proven_best": !ran_out }))
}

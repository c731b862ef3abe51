//! One line per train class, bought or not yet: price, what it runs, the
//! phase its first purchase starts and what rusts then, copies left.
//! A player plans purchases from the classes not yet on sale too.

use crate::game::Game;
use crate::game::ids::TrainOwner;
use crate::title::schema::RunDef;
use serde_json::{Value, json};

fn runs(r: &RunDef) -> String {
    let mut s = match (r.unlimited, r.stops, r.hexes) {
        (true, _, _) => "any number of stops".to_string(),
        (_, Some(n), _) => format!("{n} stops"),
        (_, None, Some(h)) => format!("{h} hexes"),
        _ => "any number of stops".to_string(),
    };
    if r.express {
        s.push_str(", express (may skip stops)");
    }
    if !r.gauges.is_empty() {
        s.push_str(&format!(", {} track", r.gauges.join("/")));
    }
    s
}

pub fn lines(g: &Game) -> (Vec<String>, Vec<Value>) {
    let (t, st) = (&g.title, &g.state);
    let mut out = vec!["classes:".to_string()];
    let mut js = Vec::new();
    for (ci, class) in t.trains.iter().enumerate() {
        let left = st.trains.iter().filter(|tr| tr.class as usize == ci && tr.owner == TrainOwner::Depot).count();
        let left = if class.count < 0 { "unlimited".to_string() } else { format!("{left} of {} left", class.count) };
        let phase = t.phases.iter().find(|p| p.on_train.as_ref().is_some_and(|n| n == &class.name || class.variants.iter().any(|v| &v.name == n)));
        for v in &class.variants {
            let mut facts = vec![t.money(v.price), runs(&v.run)];
            if let Some(p) = phase {
                facts.push(format!("starts phase {}", p.name));
                if !p.rust.is_empty() {
                    facts.push(format!("rusts {}", p.rust.join(", ")));
                }
            }
            facts.push(left.clone());
            out.push(format!("  {:<4} {}", v.name, facts.join(", ")));
            js.push(json!({ "class": class.name, "train": v.name, "price": v.price, "runs": runs(&v.run), "phase": phase.map(|p| p.name.clone()), "rusts": phase.map(|p| p.rust.clone()).unwrap_or_default(), "left": left }));
        }
    }
    (out, js)
}

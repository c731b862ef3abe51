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
        for v in &class.variants {
            // The engine starts a phase on the class's name (either side
            // of a card) or on this variant's own name.
            let phase = t.phases.iter().find(|p| p.on_train.as_ref().is_some_and(|n| n == &class.name || n == &v.name));
            let mut facts = vec![t.money(v.price), runs(&v.run)];
            match phase {
                Some(p) => {
                    facts.push(format!("starts phase {}", p.name));
                    if !p.rust.is_empty() {
                        facts.push(format!("rusts {}", p.rust.join(", ")));
                    }
                }
                None if class.not_for_sale => facts.push("never sold by the bank, so it starts no phase".to_string()),
                None if t.phases.first().is_some_and(|p| p.on_train.is_none()) && std::ptr::eq(class, &t.trains[0]) => {
                    facts.push(format!("on sale from the start (phase {})", t.phases[0].name))
                }
                None => {
                    let when = class.available.as_ref().and_then(|a| match (&a.after_first, &a.after_sold_out) {
                        (Some(n), _) => Some(format!("on sale once the first {n} is bought")),
                        (None, Some(n)) => Some(format!("on sale once the {n} are sold out")),
                        _ => None,
                    });
                    facts.push(match when {
                        Some(w) => format!("{w}; starts no phase"),
                        None => "starts no phase".to_string(),
                    })
                }
            }
            facts.push(left.clone());
            out.push(format!("  {:<4} {}", v.name, facts.join(", ")));
            js.push(json!({ "class": class.name, "train": v.name, "price": v.price, "runs": runs(&v.run), "phase": phase.map(|p| p.name.clone()), "rusts": phase.map(|p| p.rust.clone()).unwrap_or_default(), "left": left, "for_sale": !class.not_for_sale }));
        }
    }
    (out, js)
}

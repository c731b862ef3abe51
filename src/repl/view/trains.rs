//! Trains: what the bank sells now, the pool, how many are left in the
//! depot, who owns what, and the phases each first purchase starts
//! (with the trains that rust then).

use super::super::{Invocation, Reply, Session};
use crate::game::ids::*;
use crate::game::trains::{bank_offers, variant_name};
use serde_json::{Value, json};

pub fn run(s: &mut Session, _inv: &Invocation) -> Reply {
    let g = &s.game;
    let (t, st) = (&g.title, &g.state);
    let money = |x: i64| t.money(x);
    let mut lines = Vec::new();
    let offers = bank_offers(t, st);
    let mut offers_json = Vec::new();
    let mut new_parts = Vec::new();
    let mut pool_parts = Vec::new();
    for o in &offers {
        let name = &t.trains[o.class as usize].variants[o.variant as usize].name;
        match o.pool_train {
            None => new_parts.push(format!("{name} {}", money(o.price))),
            Some(id) => pool_parts.push(format!("{} {}", st.trains[id as usize].id, money(o.price))),
        }
        offers_json.push(json!({ "train": name, "price": o.price, "pool_train": o.pool_train.map(|i| st.trains[i as usize].id.clone()) }));
    }
    lines.push(format!("for sale: {}", if new_parts.is_empty() { "nothing new".to_string() } else { new_parts.join(", ") }));
    lines.push(format!("bank pool: {}", if pool_parts.is_empty() { "empty".to_string() } else { pool_parts.join(", ") }));
    let mut depot = Vec::new();
    let mut depot_json = serde_json::Map::new();
    for (ci, class) in t.trains.iter().enumerate() {
        let left = st.trains.iter().filter(|tr| tr.class as usize == ci && tr.owner == TrainOwner::Depot).count();
        if class.count < 0 {
            depot.push(format!("{} unlimited", class.name));
            depot_json.insert(class.name.clone(), json!("unlimited"));
        } else if class.count > 0 {
            depot.push(format!("{} {left}/{}", class.name, class.count));
            depot_json.insert(class.name.clone(), json!(left));
        }
    }
    lines.push(format!("depot: {}", depot.join(", ")));
    let (class_lines, classes_json) = super::train_classes::lines(g);
    lines.extend(class_lines);
    let mut owned_json = serde_json::Map::new();
    let mut owned = Vec::new();
    for (c, corp) in st.corps.iter().enumerate() {
        let list: Vec<String> = st.trains_of(CorpId::from(c)).iter().map(|x| st.trains[*x as usize].id.clone()).collect();
        if !list.is_empty() {
            owned.push(format!("{} {}", corp.id, list.join(" ")));
            owned_json.insert(corp.id.clone(), json!(list));
        }
    }
    if !owned.is_empty() {
        lines.push(format!("owned: {}", owned.join(" · ")));
    }
    lines.push("phases:".to_string());
    let mut phases_json = Vec::new();
    for (i, p) in t.phases.iter().enumerate() {
        let mark = if i == st.phase { "  now" } else if i < st.phase { "  done" } else { "" };
        // A class's name starts its phase whichever side of the card
        // leaves the bank (bought, or exported where the title exports).
        let start = p.on_train.as_ref().map_or("at the start".to_string(), |n| {
            let sides = t.trains.iter().find(|c| &c.name == n && c.variants.len() > 1).map(|c| c.variants.iter().map(|v| v.name.as_str()).collect::<Vec<_>>());
            match sides {
                Some(sides) => format!("when the first {} leaves the bank", sides.join(" or ")),
                None => format!("when the first {n} leaves the bank"),
            }
        });
        let mut facts = vec![format!("{} OR per set", p.operating_rounds), format!("train limit {}", p.train_limit)];
        let tiles: Vec<&str> = p.tiles.iter().map(|c| c.name()).collect();
        facts.push(format!("tiles {}", tiles.join("/")));
        if !p.rust.is_empty() {
            facts.push(format!("{} rust", p.rust.join(", ")));
        }
        if !p.close_companies.is_empty() {
            facts.push("private companies close".to_string());
        }
        lines.push(format!("  {:<4} {start}: {}{mark}", p.name, facts.join(", ")));
        phases_json.push(json!({ "name": p.name, "on_train": p.on_train, "rust": p.rust, "train_limit": p.train_limit, "operating_rounds": p.operating_rounds, "current": i == st.phase }));
    }
    let removed = st.trains.iter().filter(|tr| tr.owner == TrainOwner::Removed).map(|tr| tr.id.clone()).collect::<Vec<_>>();
    let pool: Vec<Value> = st.trains.iter().filter(|tr| tr.owner == TrainOwner::Pool).map(|tr| json!({ "id": tr.id, "variant": variant_name(t, tr) })).collect();
    let data = json!({ "offers": offers_json, "pool": pool, "depot": depot_json, "owned": owned_json, "phases": phases_json, "rusted": removed, "classes": classes_json });
    Reply::ok("trains", lines.join("\n"), data)
}

//! Private companies: owner, price, revenue and what they do.

use super::super::table::Table;
use super::super::{Invocation, Reply, Session};
use super::names::company_owner;
use serde_json::{Value, json};

pub fn run(s: &mut Session, _inv: &Invocation) -> Reply {
    let g = &s.game;
    let mut t = Table::new(&["id", "name", ">value", ">revenue", "owner", "note"]);
    let mut all: Vec<Value> = Vec::new();
    let mut abilities = Vec::new();
    for c in &g.state.companies {
        let def = &g.title.companies[c.def];
        let note = if c.used { "ability used" } else { "" };
        t.row(vec![c.id.clone(), def.name.clone(), def.value.to_string(), c.income(&g.title).to_string(), company_owner(g, c.owner), note.to_string()]);
        if !def.description.is_empty() {
            abilities.push(format!("{}: {}", c.id, def.description));
        }
        all.push(json!({
            "id": c.id, "name": def.name, "value": def.value, "revenue": c.income(&g.title),
            "owner": company_owner(g, c.owner), "used": c.used, "description": def.description,
        }));
    }
    let mut text = t.render();
    if !abilities.is_empty() {
        text.push('\n');
        text.push_str(&abilities.join("\n"));
    }
    // In a title's own auction (1844), what the script says of it: the
    // lot on sale, the high bid and the bidder.
    let auction = super::status::script_step_status(g);
    for line in &auction {
        text.push_str(&format!("\n{line}"));
    }
    Reply::ok("companies", text, json!({ "companies": all, "step_status": auction }))
}

//! The stock market grid with the corporations' tokens, and the
//! corporations in market-value order (the operating order).

use super::super::{Invocation, Reply, Session};
use crate::game::Game;
use crate::game::ids::CorpId;
use crate::game::market::{price_of, value_order};
use serde_json::{Value, json};

const CELL: usize = 6;

/// Corporations on a cell, top of the stack first.
fn corps_at(g: &Game, row: usize, col: usize) -> Vec<CorpId> {
    let mut here: Vec<CorpId> = g.state.corp_ids()
        .filter(|c| g.state.corps[*c].price.is_some_and(|p| p.row as usize == row && p.col as usize == col))
        .collect();
    here.sort_by_key(|c| g.state.corps[*c].stack);
    here
}

pub fn run(s: &mut Session, _inv: &Invocation) -> Reply {
    let g = &s.game;
    let m = &g.title.market;
    let mut lines = Vec::new();
    let mut rows_json = Vec::new();
    // A cell is too narrow for a stack: it shows `CTL+1`, and this
    // legend names everyone in it.
    let mut stacks = Vec::new();
    // A grid wider than the width is shown in parts of whole columns,
    // each with every row (the last cell of a line needs no gap).
    let ncols = m.rows.iter().map(Vec::len).max().unwrap_or(0);
    let per = (s.width.saturating_sub(CELL - 1) / CELL + 1).max(1);
    let parts: Vec<(usize, usize)> = (0..ncols).step_by(per).map(|a| (a, (a + per).min(ncols))).collect();
    for (part, &(from, to)) in parts.iter().enumerate() {
        if parts.len() > 1 {
            lines.push(format!("columns {}–{} of {}:", from + 1, to, ncols));
        }
        for (r, row) in m.rows.iter().enumerate() {
            let mut prices = String::new();
            let mut tokens = String::new();
            let mut cells_json = Vec::new();
            for (c, cell) in row.iter().enumerate() {
                let Some(cell) = cell else {
                    if (from..to).contains(&c) {
                        prices.push_str(&" ".repeat(CELL));
                        tokens.push_str(&" ".repeat(CELL));
                    }
                    cells_json.push(Value::Null);
                    continue;
                };
                let flags: String = cell.flags.iter().collect();
                let here = corps_at(g, r, c);
                let ids: Vec<String> = here.iter().map(|x| g.state.corps[*x].id.clone()).collect();
                let shown = match ids.len() {
                    0 => String::new(),
                    1 => ids[0].clone(),
                    n => {
                        if part == 0 {
                            stacks.push(format!("{}+{} = {}", ids[0], n - 1, ids.join(", ")));
                        }
                        format!("{}+{}", ids[0], n - 1)
                    }
                };
                if (from..to).contains(&c) {
                    prices.push_str(&format!("{:<width$}", format!("{}{flags}", cell.price), width = CELL));
                    tokens.push_str(&format!("{:<width$}", shown.chars().take(CELL - 1).collect::<String>(), width = CELL));
                }
                cells_json.push(json!({ "price": cell.price, "flags": flags, "corporations": ids }));
            }
            if !prices.trim().is_empty() {
                lines.push(prices.trim_end().to_string());
            }
            if !tokens.trim().is_empty() {
                lines.push(tokens.trim_end().to_string());
            }
            if part == 0 {
                rows_json.push(Value::Array(cells_json));
            }
        }
    }
    if !stacks.is_empty() {
        lines.push(format!("stacked (top first): {}", stacks.join(" · ")));
    }
    let legend: Vec<String> = m.flags.iter().map(|(k, f)| format!("{k} {}", f.name)).collect();
    if !legend.is_empty() {
        lines.push(format!("flags: {}", legend.join(", ")));
    }
    let mut order: Vec<CorpId> = g.state.corp_ids().filter(|c| g.state.corps[*c].price.is_some()).collect();
    order.sort_by(|a, b| value_order(&g.title, &g.state, *a, *b));
    let order_json: Vec<Value> = order
        .iter()
        .map(|c| {
            let corp = &g.state.corps[*c];
            json!({ "corporation": corp.id, "price": price_of(&g.title, &g.state, *c), "par": corp.par, "row": corp.price.map(|p| p.row), "col": corp.price.map(|p| p.col) })
        })
        .collect();
    if order.is_empty() {
        lines.push("no corporation has a share price yet".to_string());
    } else {
        let parts: Vec<String> = order
            .iter()
            .map(|c| {
                let corp = &g.state.corps[*c];
                format!("{} {}", corp.id, g.title.money(price_of(&g.title, &g.state, *c)))
            })
            .collect();
        lines.push(format!("by value (operating order): {}", parts.join(", ")));
    }
    Reply::ok("market", lines.join("\n"), json!({ "rows": rows_json, "order": order_json }))
}

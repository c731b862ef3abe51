//! The legal moves as commands. Ranges read `bid P4 115..375`; tile lays
//! are grouped by hex unless asked for (`moves lay`).

use super::super::{Invocation, Reply, Session};
use crate::game::Game;
use crate::game::action::{Action, LegalMove};
use serde_json::json;
use std::collections::BTreeMap;

/// The move as a player would type it: `train 4H`, not `train 4H as 4H`
/// (the variant matters only for classes with several).
pub fn simplified(g: &Game, m: &LegalMove) -> LegalMove {
    let mut m = m.clone();
    if let Action::BuyTrain { train, variant, .. } = &mut m.action
        && let Some(v) = variant
        && v.eq_ignore_ascii_case(train)
        && g.title.trains.iter().any(|c| c.name.eq_ignore_ascii_case(train) && c.variants.len() == 1)
    {
        *variant = None;
    }
    m
}

/// The command as shown: a ranged price written `min..max`.
pub fn shown(m: &LegalMove) -> String {
    let text = m.action.to_string();
    match m.range {
        Some((min, max)) => match text.rsplit_once(' ') {
            Some((head, last)) if last == min.to_string() => format!("{head} {min}..{max}"),
            _ => format!("{text} ({min}..{max})"),
        },
        None => text,
    }
}

/// A home city is named by its hex label; the city's name says which
/// city that is (`choose G26  (Napoli)`).
fn with_city(g: &Game, m: &LegalMove, line: String) -> String {
    let home = matches!(g.state.flow.pending.last().map(|p| &p.kind), Some(crate::game::flow::PendingKind::Home { .. }));
    let label = match &m.action {
        Action::Par { home: Some(h), .. } => h,
        Action::Choose { choice } if home => choice,
        _ => return line,
    };
    match g.title.map.hex(label).and_then(|h| g.title.map.hexes[h as usize].name.clone()) {
        Some(name) => format!("{line}  ({name})"),
        None => line,
    }
}

fn word(m: &LegalMove) -> String {
    m.action.to_string().split(' ').next().unwrap_or("").to_string()
}

/// Tile lays, one line per hex: `lay G13  8 (0 2), 9 (1)`.
fn grouped_lays(lays: &[&LegalMove]) -> Vec<String> {
    let mut by_hex: BTreeMap<String, Vec<(String, Vec<u8>)>> = BTreeMap::new();
    for m in lays {
        if let Action::LayTile { hex, tile, rotation } = &m.action {
            let tiles = by_hex.entry(hex.clone()).or_default();
            match tiles.iter_mut().find(|(t, _)| t == tile) {
                Some((_, rots)) => rots.push(*rotation),
                None => tiles.push((tile.clone(), vec![*rotation])),
            }
        }
    }
    by_hex
        .into_iter()
        .map(|(hex, tiles)| {
            let parts: Vec<String> = tiles
                .iter()
                .map(|(t, rots)| format!("{t} ({})", rots.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(" ")))
                .collect();
            format!("lay {hex} {}", parts.join(", "))
        })
        .collect()
}

pub fn run(s: &mut Session, inv: &Invocation) -> Reply {
    let filter = inv.args.first().map(|w| super::super::registry::find(w).map_or(w.to_string(), |c| c.name.to_string()));
    let moves = match s.legal_moves() {
        Ok(m) => m,
        Err(e) => return Reply::error("moves", format!("the legal moves cannot be listed: {e}")),
    };
    let moves: Vec<LegalMove> = moves.iter().map(|m| simplified(&s.game, m)).collect();
    let chosen: Vec<&LegalMove> = moves.iter().filter(|m| filter.as_ref().is_none_or(|f| word(m) == *f)).collect();
    let data = json!({
        "moves": chosen.iter().map(|m| json!({
            "command": m.action.to_string(),
            "shown": shown(m),
            "range": m.range.map(|(a, b)| json!([a, b])),
            "action": m.action,
        })).collect::<Vec<_>>(),
    });
    if chosen.is_empty() {
        let why = if s.game.is_over() {
            "no moves: the game is over".to_string()
        } else if let Some(f) = &filter {
            format!("no legal `{f}` now (see `moves`)")
        } else {
            "no legal moves now".to_string()
        };
        return Reply::ok("moves", why, data);
    }
    let lays: Vec<&LegalMove> = chosen.iter().copied().filter(|m| matches!(m.action, Action::LayTile { .. })).collect();
    let mut lines: Vec<String> = Vec::new();
    let mut lays_shown = false;
    for m in &chosen {
        if matches!(m.action, Action::LayTile { .. }) && filter.is_none() {
            if !lays_shown {
                lines.extend(grouped_lays(&lays));
                lays_shown = true;
            }
            continue;
        }
        lines.push(with_city(&s.game, m, shown(m)));
    }
    if lays_shown {
        lines.push("(lay HEX TILE (rotations); `moves lay` lists each lay as a command)".to_string());
    }
    Reply::ok("moves", lines.join("\n"), data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_replace_the_price() {
        let m = LegalMove::ranged(Action::Bid { company: "P4".into(), price: 115 }, 115, 375);
        assert_eq!(shown(&m), "bid P4 115..375");
        let m = LegalMove::exact(Action::Pass);
        assert_eq!(shown(&m), "pass");
    }
}

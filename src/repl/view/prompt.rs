//! The short facts of where a game is, for the prompt
//! (`OR 2.1 · RCS (A) · lay tile`) and the views that repeat them.

use crate::game::Game;
use crate::game::flow::{PendingKind, RoundData};
use crate::game::ids::Actor;
use crate::title::schema::RoundKind;

/// "OR 2.1", "SR 3", "auction"; and the long form for the status line.
pub fn round_label(g: &Game) -> (String, String) {
    let f = &g.state.flow;
    let kind = g.title.flow.round(&f.round.name).map(|r| r.kind);
    match kind {
        Some(RoundKind::Stock) => (format!("SR {}", f.stock_rounds), format!("stock round {}", f.stock_rounds)),
        Some(RoundKind::Operating) => (
            format!("OR {}.{}", f.stock_rounds, f.set_index),
            format!("operating round {}.{} of {}", f.stock_rounds, f.set_index, f.set_size),
        ),
        _ => {
            let name = f.round.name.replace('_', " ");
            (name.clone(), format!("{name} round"))
        }
    }
}

/// The operating step now ("lay_tile"), if a corporation is operating.
pub fn current_step(g: &Game) -> Option<String> {
    match &g.state.flow.round.data {
        RoundData::Operating(o) if o.current.is_some() => {
            g.title.flow.round(&g.state.flow.round.name).and_then(|r| r.steps.get(o.step).cloned())
        }
        _ => None,
    }
}

/// What stands in the prompt after the actor: the step or the decision.
pub fn doing(g: &Game) -> Option<String> {
    if let Some(p) = g.state.flow.pending.last() {
        return Some(
            match &p.kind {
                PendingKind::DiscardTrain { .. } => "discard a train",
                PendingKind::Par { .. } => "choose a par price",
                PendingKind::Home { .. } => "choose a home",
                PendingKind::PresidentSwap { .. } => "choose certificates",
                PendingKind::Choice { .. } => "answer",
                PendingKind::RaiseMoney { .. } => "raise money",
                PendingKind::SaleConsent { .. } | PendingKind::TrainSaleConsent { .. } => "accept or refuse the offer",
            }
            .to_string(),
        );
    }
    if let RoundData::Auction(a) = &g.state.flow.round.data
        && let Some(co) = a.resolving
    {
        return Some(format!("resolve {}", g.state.companies[co].id));
    }
    match (&g.state.flow.round.data, current_step(g)) {
        (_, Some(step)) => Some(step.replace('_', " ")),
        // Every step is done but something may still be done at any time
        // (buying a company): the president ends the turn with `pass`.
        (RoundData::Operating(o), None) if o.current.is_some() => Some("end of turn".to_string()),
        _ => None,
    }
}

/// "RCS (A)" for a corporation and its president, "A" for a player.
pub fn actor_label(g: &Game, a: Actor) -> String {
    match a {
        Actor::Player(_) => g.actor_name(a),
        Actor::Corp(c) => match g.state.president(c) {
            Some(p) => format!("{} ({})", g.state.corps[c].id, g.state.players[p as usize].name),
            None => g.state.corps[c].id.clone(),
        },
    }
}

pub fn prompt(g: &Game) -> String {
    if g.is_over() {
        return "game over".to_string();
    }
    let mut parts = vec![round_label(g).0];
    if let Some(a) = g.current_actor() {
        parts.push(actor_label(g, a));
    }
    parts.extend(doing(g));
    parts.join(" · ")
}

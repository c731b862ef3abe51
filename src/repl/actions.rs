//! Action commands: parsed and applied by the engine. A refused action
//! changes nothing (the engine guarantees it) and is reported with the
//! rule it breaks.

use super::registry;
use super::view::{prompt, status};
use super::{Invocation, Reply, Session};
use crate::game::Game;
use crate::game::action::Action;
use crate::game::ids::Actor;
use crate::game::ids::CertOwner;
use crate::game::ops::GameError;
use serde_json::json;

pub fn run(s: &mut Session, inv: &Invocation) -> Reply {
    // The engine's parser knows the canonical lower-case words; aliases
    // and capitals are the REPL's courtesy.
    let name = registry::find(inv.name).map_or(inv.name, |c| c.name);
    let text = std::iter::once(name).chain(inv.args.iter().copied()).collect::<Vec<_>>().join(" ");
    let action = match s.game.parse_command(&text) {
        Ok(a) => a,
        Err(e) => return Reply::error("action", e),
    };
    let log_before = s.game.log.len();
    let before = quiet_pass_text(&s.game);
    let held = player_certs(&s.game, &action);
    match s.game.apply(action.clone()) {
        Ok(()) => {
            s.changed();
            let log: Vec<String> = s.game.log[log_before..].to_vec();
            let mut lines: Vec<String> = log.iter().map(|l| format!("  {l}")).collect();
            if lines.is_empty() {
                // The engine logs nothing for a pass that only ends a step or turn.
                lines.push(match (&action, before) {
                    (Action::Pass, Some(text)) => format!("  {text}"),
                    _ => format!("  done: {action}"),
                });
            }
            if let Some(note) = sale_note(&s.game, &action, &held) {
                lines.push(format!("  {note}"));
            }
            let data = json!({
                "command": action.to_string(),
                "action": action,
                "log": log,
                "status": status::status_json(&s.game),
            });
            Reply::ok("action", lines.join("\n"), data)
        }
        Err(GameError::Refused(r)) => Reply::refused("action", r.message, r.rule),
        Err(GameError::Invalid(m)) => Reply::error("action", m),
        Err(GameError::Script(m)) => Reply::error("action", format!("the title's script failed: {m}")),
    }
}

/// What a pass does now, for when the engine logs nothing about it:
/// "SFA skips the lay tile step", "A ends the turn".
fn quiet_pass_text(g: &Game) -> Option<String> {
    let actor = g.current_actor()?;
    let name = g.actor_name(actor);
    match (actor, prompt::current_step(g)) {
        (Actor::Corp(_), Some(step)) => Some(format!("{name} skips the {} step", step.replace('_', " "))),
        (Actor::Corp(_), None) => Some(format!("{name} ends its turn")),
        (Actor::Player(_), _) => Some(format!("{name} ends the turn")),
    }
}

/// The players' certificates of the corporation a `sell` names, before
/// the sale: (index, percent, held by a player).
pub(super) fn player_certs(g: &Game, action: &Action) -> Vec<(u16, u8)> {
    let Action::Sell { corp, .. } = action else { return Vec::new() };
    let Some(c) = g.state.corp_index(corp) else { return Vec::new() };
    g.state.corps[c].certs.iter().filter(|x| matches!(x.owner, CertOwner::Player(_))).map(|x| (x.index, x.percent)).collect()
}

/// `sell JN 2` counts 10 % shares, and a 20 % certificate is two of them:
/// the reply says what the number counted and which certificates went, so
/// no one reads "2" as two certificates.
pub(super) fn sale_note(g: &Game, action: &Action, held: &[(u16, u8)]) -> Option<String> {
    let Action::Sell { corp, .. } = action else { return None };
    let c = g.state.corp_index(corp)?;
    let certs = &g.state.corps[c].certs;
    let mut sold: Vec<u8> = held.iter().filter(|(i, _)| certs.iter().any(|x| x.index == *i && !matches!(x.owner, CertOwner::Player(_)))).map(|(_, p)| *p).collect();
    let total: u32 = sold.iter().map(|p| *p as u32).sum();
    if sold.is_empty() {
        return None;
    }
    sold.sort_unstable_by(|a, b| b.cmp(a));
    let mut groups: Vec<(u8, usize)> = Vec::new();
    for p in sold {
        match groups.last_mut() {
            Some((q, n)) if *q == p => *n += 1,
            _ => groups.push((p, 1)),
        }
    }
    // In words: "2 20 % certificates" reads as one number.
    const WORDS: [&str; 11] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    let count = |n: usize| WORDS.get(n).map_or(n.to_string(), |w| w.to_string());
    let words: Vec<String> = groups.iter().map(|(p, n)| format!("{} {p} % certificate{}", count(*n), if *n == 1 { "" } else { "s" })).collect();
    let shares = if total.is_multiple_of(10) { format!("{} share{} of 10 %", total / 10, if total == 10 { "" } else { "s" }) } else { format!("{total} %") };
    Some(format!("(sold {shares}: {}; the number in `sell` counts 10 % shares)", words.join(" and ")))
}

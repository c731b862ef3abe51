//! Action commands: parsed and applied by the engine. A refused action
//! changes nothing (the engine guarantees it) and is reported with the
//! rule it breaks.

use super::registry;
use super::view::{prompt, status};
use super::{Invocation, Reply, Session};
use crate::game::Game;
use crate::game::action::Action;
use crate::game::ids::Actor;
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

//! `flow.toml`: rounds and the steps of each.

use super::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FlowFile {
    /// Rounds played once at the start, in order.
    pub opening: Vec<String>,
    /// Rounds repeated until the game ends; a round named with a trailing
    /// `*` repeats as many times as the phase's operating-round count.
    pub cycle: Vec<String>,
    pub round: Vec<RoundDef>,
    #[serde(default)]
    pub step: Vec<StepDef>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RoundDef {
    pub name: String,
    /// "auction", "stock", "operating", or "script" for a round written in Lua.
    pub kind: String,
    /// Steps in order (names from `[[step]]` or built-in step kinds).
    #[serde(default)]
    pub steps: Vec<String>,
    /// Steps whose actions are open at any point of a turn.
    #[serde(default)]
    pub anytime: Vec<String>,
    #[serde(default)]
    pub props: Props,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct StepDef {
    pub name: String,
    /// Built-in kind ("lay_tile", "place_token", "run_routes", "dividend",
    /// "buy_train", "issue_shares", ...) or "script".
    pub kind: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub params: Props,
}

/// An edit of the step sequence, used by options.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FlowEdit {
    pub round: String,
    #[serde(default)]
    pub insert_after: Option<String>,
    #[serde(default)]
    pub insert_before: Option<String>,
    #[serde(default)]
    pub replace: Option<String>,
    #[serde(default)]
    pub remove: Option<String>,
    /// The step inserted or used as replacement.
    #[serde(default)]
    pub step: Option<String>,
    /// Adds to the round's any-time steps.
    #[serde(default)]
    pub anytime: Option<String>,
}

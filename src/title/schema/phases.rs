//! `phases.toml`: phases and what they change.

use super::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PhasesFile {
    #[serde(deserialize_with = "bounds::phases")]
    pub phase: Vec<PhaseDef>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseDef {
    pub name: String,
    /// Buying the first train of this class or variant starts the phase.
    #[serde(default)]
    pub on_train: Option<String>,
    /// A script starts the phase (`game:advance_phase()`), on an event of
    /// the title's own (1865: the end of the draft).
    #[serde(default)]
    pub on_script: bool,
    pub tiles: Vec<Color>,
    #[serde(deserialize_with = "bounds::operating_rounds")]
    pub operating_rounds: u32,
    #[serde(deserialize_with = "bounds::train_limit")]
    pub train_limit: u32,
    /// Which entry of banded revenues applies.
    #[serde(default, deserialize_with = "bounds::revenue_band")]
    pub revenue_band: usize,
    /// Par (starting) values allowed.
    #[serde(default, deserialize_with = "bounds::amounts")]
    pub par_prices: Vec<i64>,
    /// Train classes or variants removed from the game when the phase starts.
    #[serde(default)]
    pub rust: Vec<String>,
    /// Variants turned into another variant ("2" becomes "2H").
    #[serde(default)]
    pub downgrade: BTreeMap<String, String>,
    /// Companies of these kinds close when the phase starts.
    #[serde(default)]
    pub close_companies: Vec<String>,
    /// Corporations may buy companies in this phase.
    #[serde(default)]
    pub buy_companies: bool,
    /// Named events emitted to scripts when the phase starts.
    #[serde(default)]
    pub events: Vec<String>,
    #[serde(default)]
    pub props: Props,
}

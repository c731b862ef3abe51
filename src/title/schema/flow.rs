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
    pub kind: RoundKind,
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
    pub kind: StepKind,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub params: Props,
}

/// What the core does in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundKind {
    Auction,
    Stock,
    Operating,
    /// A round written in Lua.
    Script,
}

impl RoundKind {
    pub fn name(self) -> &'static str {
        match self {
            RoundKind::Auction => "auction",
            RoundKind::Stock => "stock",
            RoundKind::Operating => "operating",
            RoundKind::Script => "script",
        }
    }
}

/// The core's built-in steps; `Script` is a step written in Lua. A round
/// names a built-in step by its kind (`"lay_tile"`) or a `[[step]]` by its
/// name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    Auction,
    Stock,
    LayTile,
    PlaceToken,
    RunRoutes,
    Dividend,
    BuyTrain,
    IssueShares,
    BuyCompany,
    HomeToken,
    Script,
}

impl StepKind {
    pub const ALL: [StepKind; 11] = [
        StepKind::Auction,
        StepKind::Stock,
        StepKind::LayTile,
        StepKind::PlaceToken,
        StepKind::RunRoutes,
        StepKind::Dividend,
        StepKind::BuyTrain,
        StepKind::IssueShares,
        StepKind::BuyCompany,
        StepKind::HomeToken,
        StepKind::Script,
    ];

    /// As flow.toml writes it.
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Auction => "auction",
            StepKind::Stock => "stock",
            StepKind::LayTile => "lay_tile",
            StepKind::PlaceToken => "place_token",
            StepKind::RunRoutes => "run_routes",
            StepKind::Dividend => "dividend",
            StepKind::BuyTrain => "buy_train",
            StepKind::IssueShares => "issue_shares",
            StepKind::BuyCompany => "buy_company",
            StepKind::HomeToken => "home_token",
            StepKind::Script => "script",
        }
    }

    pub fn from_name(name: &str) -> Option<StepKind> {
        StepKind::ALL.into_iter().find(|k| k.name() == name)
    }
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

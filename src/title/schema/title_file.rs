//! `title.toml`: metadata, bank, player counts, the generic machinery's settings, options and scripts.

use super::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TitleFile {
    pub title: TitleMeta,
    pub bank: BankDef,
    pub player_count: Vec<PlayerCountDef>,
    #[serde(default)]
    pub settings: Settings,
    #[serde(default, deserialize_with = "bounds::options")]
    pub option: Vec<OptionDef>,
    /// Lua files loaded in order at game creation, relative to the title folder.
    #[serde(default, deserialize_with = "bounds::scripts")]
    pub scripts: Vec<String>,
    #[serde(default)]
    pub props: Props,
    /// Shareholders that are not players (1865's Dragons).
    #[serde(default)]
    pub investor: Vec<InvestorDef>,
    /// How `railhead simulate`'s bots weigh the title's own moves.
    #[serde(default)]
    pub bots: BotsDef,
}

/// `[bots]`: what the bots of `railhead simulate` need to know of a title
/// that the generic moves do not tell them.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BotsDef {
    #[serde(default)]
    pub greedy: GreedyDef,
}

/// `[bots.greedy]`: the greedy bot's liking for moves it cannot judge by
/// money alone. A weight is compared with the generic moves' scores:
/// passing scores 0, buying a good share 2 to 4, running trains 5; a
/// negative weight means "only when nothing else is left".
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GreedyDef {
    /// Weight of each script move, by its name (`do issue_bond` is
    /// "issue_bond"); a script move not named here weighs `script_default`.
    #[serde(default)]
    pub script: std::collections::BTreeMap<String, f64>,
    /// Weight of script moves not named in `script` (0.5 if absent).
    #[serde(default)]
    pub script_default: Option<f64>,
    /// Corporations one player aims to be president of before he buys
    /// only shares (2 if absent).
    #[serde(default)]
    pub presidencies: Option<u32>,
}

/// A shareholder that is not a player: it holds certificates, is never
/// president, is not scored, and its money is the bank's (1865's Dragons,
/// 1865-R-035, R-097).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InvestorDef {
    /// How actions, scripts and views name it ("dragons").
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub turns: InvestorTurns,
}

/// When an investor acts by itself (its `investor_turn` hook).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InvestorTurns {
    /// Never: scripts move its certificates when they will.
    #[default]
    None,
    /// A turn before every player's turn of a stock round, the first
    /// included (1865-R-037).
    BeforeEachPlayer,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TitleMeta {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub designers: Vec<String>,
    #[serde(default)]
    pub description: String,
    /// Prefix of rule ids in `shared/rules/<title>.md`, e.g. "1849-R".
    #[serde(default)]
    pub rules_prefix: String,
    /// Data not taken from the published game (reconstructed map, etc.).
    #[serde(default)]
    pub provisional: bool,
    #[serde(default)]
    pub provisional_note: String,
    #[serde(deserialize_with = "bounds::players")]
    pub default_players: usize,
    /// How money is written; `{}` is replaced by the amount ("L. {}").
    #[serde(default = "default_currency")]
    pub currency: String,
}

pub(super) fn default_currency() -> String {
    "${}".to_string()
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BankDef {
    #[serde(deserialize_with = "bounds::amount")]
    pub cash: i64,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerCountDef {
    #[serde(deserialize_with = "bounds::players")]
    pub players: usize,
    #[serde(deserialize_with = "bounds::amount")]
    pub cash: i64,
    #[serde(deserialize_with = "bounds::at_least_one")]
    pub cert_limit: u32,
    #[serde(default)]
    pub props: Props,
}

/// A variant: a named overlay on the base definition.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    pub id: String,
    pub name: String,
    pub description: String,
    #[serde(default)]
    pub default: bool,
    /// Options that must also be on.
    #[serde(default)]
    pub requires: Vec<String>,
    /// Options that must be off.
    #[serde(default)]
    pub excludes: Vec<String>,
    /// Player counts for which the option exists (empty = all).
    #[serde(default, deserialize_with = "bounds::player_list")]
    pub players: Vec<usize>,
    /// Deep-merge patches keyed by file stem ("trains", "companies", ...).
    /// Arrays of tables are merged element by element on their `id` (or
    /// `name`) key; an element with `remove = true` deletes its match.
    #[serde(default)]
    pub patch: toml::Table,
    /// Edits of the round/step sequence.
    #[serde(default)]
    pub flow: Vec<FlowEdit>,
}

//! Titles: the TOML data and Lua scripts that define a game.
//!
//! `load` reads a title folder (embedded or on disk), applies the chosen
//! options as overlays, and compiles the data into a [`Title`]: immutable,
//! shared by every game of that title and option set.

pub mod catalogue;
pub mod compile;
pub mod error;
pub mod inherit;
pub mod load;
pub mod patch;
pub mod replacements;
pub mod schema;
pub mod source;
pub mod validate;

pub use compile::{Cell, FlowData, HexData, MapData, MarketData, TrainClass, TrainVariant};
pub use replacements::{KeptFits, Replacements};
pub use error::{DataError, DataErrors};
pub use source::{ReadError, TitleSource};

use crate::tile::Tile;
use schema::*;
use std::collections::BTreeMap;

/// A Lua file of the title.
#[derive(Clone, Debug)]
pub struct ScriptFile {
    /// Relative to the title folder ("scripts/earthquake.lua").
    pub path: String,
    /// Shown in messages ("titles/1849/scripts/earthquake.lua").
    pub display: String,
    pub source: String,
}

#[derive(Clone, Debug)]
pub struct Title {
    pub source: TitleSource,
    pub meta: TitleMeta,
    /// The titles it extends, parent first (`extends`); empty for most.
    pub parents: Vec<TitleMeta>,
    pub bank: BankDef,
    pub player_counts: Vec<PlayerCountDef>,
    pub settings: Settings,
    /// Every option the title offers.
    pub options: Vec<OptionDef>,
    /// The options in force, with their values.
    pub selected: BTreeMap<String, bool>,
    pub props: Props,
    pub scripts: Vec<ScriptFile>,
    pub map: MapData,
    pub tiles: Vec<Tile>,
    /// Name -> tile (Fx-hashed: looked up at every lay).
    pub tile_index: rustc_hash::FxHashMap<String, usize>,
    /// Which tiles may replace which (worked out from `tiles`, `map` and
    /// `settings` when the title is loaded).
    pub replacements: Replacements,
    pub market: MarketData,
    pub corporation_kinds: Vec<CorporationKindDef>,
    pub corporation_states: Vec<CorporationStateDef>,
    pub corporations: Vec<CorporationDef>,
    pub companies: Vec<CompanyDef>,
    pub trains: Vec<TrainClass>,
    pub route_rules: RouteRulesDef,
    pub phases: Vec<PhaseDef>,
    pub flow: FlowData,
    /// Shareholders that are not players (title.toml's `[[investor]]`),
    /// indexed by `InvestorId`.
    pub investors: Vec<InvestorDef>,
    /// How the bots of `railhead simulate` weigh the title's own moves.
    pub bots: BotsDef,
}

impl Title {
    pub fn id(&self) -> &str {
        &self.meta.id
    }

    pub fn option_on(&self, id: &str) -> bool {
        self.selected.get(id).copied().unwrap_or(false)
    }

    pub fn tile(&self, name: &str) -> Option<&Tile> {
        self.tile_index.get(name).map(|&i| &self.tiles[i])
    }

    pub fn player_count(&self, players: usize) -> Option<&PlayerCountDef> {
        self.player_counts.iter().find(|p| p.players == players)
    }

    /// An investor by its id (ignoring case, as players and corporations).
    pub fn investor_index(&self, id: &str) -> Option<crate::game::ids::InvestorId> {
        self.investors.iter().position(|i| i.id.eq_ignore_ascii_case(id)).map(|i| crate::game::ids::InvestorId(i as u8))
    }

    /// The id of an investor ("?" for an index the title does not have,
    /// which the invariants refuse).
    pub fn investor_id(&self, i: crate::game::ids::InvestorId) -> &str {
        self.investors.get(i.index()).map_or("?", |d| d.id.as_str())
    }

    /// Whether any investor takes turns in stock rounds.
    pub fn investors_take_turns(&self) -> bool {
        self.investors.iter().any(|i| i.turns == InvestorTurns::BeforeEachPlayer)
    }

    pub fn corporation_state_index(&self, name: &str) -> Option<usize> {
        self.corporation_states.iter().position(|s| s.name == name)
    }

    pub fn corporation_kind(&self, id: &str) -> Option<&CorporationKindDef> {
        self.corporation_kinds.iter().find(|k| k.id == id)
    }

    pub fn phase_index(&self, name: &str) -> Option<usize> {
        self.phases.iter().position(|p| p.name == name)
    }

    /// Formats money the title's way ("L. 100").
    pub fn money(&self, amount: i64) -> String {
        self.meta.currency.replace("{}", &amount.to_string())
    }

    /// Whether a rule id is one of this title's or of a title it extends
    /// (by their `rules_prefix`); any id when the title names no prefix.
    pub fn owns_rule_id(&self, id: &str) -> bool {
        let prefixes: Vec<&str> = std::iter::once(&self.meta).chain(&self.parents).map(|m| m.rules_prefix.as_str()).filter(|p| !p.is_empty()).collect();
        prefixes.is_empty() || prefixes.iter().any(|p| id.starts_with(p))
    }

    /// Rule id for a generic rule key, from the title's settings.
    pub fn rule_id(&self, key: crate::game::refusals::RuleKey) -> Option<&str> {
        self.settings.rule_ids.get(key.key()).map(String::as_str)
    }

    /// The rule id of a generic rule key for a message: " (1849-R-040)",
    /// or nothing when the title names none.
    pub fn rule_note(&self, key: crate::game::refusals::RuleKey) -> String {
        self.rule_id(key).map(|r| format!(" ({r})")).unwrap_or_default()
    }
}

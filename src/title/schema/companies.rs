//! `companies.toml`: corporations, their kinds and shares, and private companies.

use super::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CompaniesFile {
    #[serde(default)]
    pub corporation_kind: Vec<CorporationKindDef>,
    /// The states a title's corporations go through (18FB's building,
    /// provisional, definitive, frozen), with what each allows.
    #[serde(default)]
    pub corporation_state: Vec<CorporationStateDef>,
    #[serde(default, deserialize_with = "bounds::corporations")]
    pub corporation: Vec<CorporationDef>,
    #[serde(default, deserialize_with = "bounds::companies")]
    pub company: Vec<CompanyDef>,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Capitalization {
    /// Money for treasury shares goes to the corporation (1849).
    #[default]
    Incremental,
    /// Money goes to the bank; the corporation receives a fixed capital
    /// when launched (1844).
    Fixed,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CorporationKindDef {
    pub id: String,
    #[serde(default)]
    pub name: String,
    pub certificates: Vec<CertDef>,
    #[serde(default)]
    pub capitalization: Capitalization,
    /// Shares (10 % units) sold from the treasury before the corporation
    /// floats/launches; 0 = floats when started.
    #[serde(default, deserialize_with = "bounds::certificates")]
    pub float_shares: u32,
    /// Fixed capitalization: capital = this × par, paid at launch.
    #[serde(default, deserialize_with = "bounds::multiple")]
    pub capital_multiple: u32,
    /// Percent of one share price unit: a certificate of P % is worth
    /// price × P / unit_percent (10 by default; 1844's regionals 20,
    /// pre-SBB companies 25, the SBB 5).
    #[serde(default = "ten", deserialize_with = "bounds::share_percent")]
    pub unit_percent: u32,
    /// Station token costs: first (home) to last.
    #[serde(default, deserialize_with = "bounds::token_costs")]
    pub token_costs: Vec<i64>,
    /// Train limit by phase name; missing phases use the phase's own limit.
    #[serde(default, deserialize_with = "bounds::train_limits")]
    pub train_limit: BTreeMap<String, u32>,
    /// Must own a train when it has a route.
    #[serde(default = "yes")]
    pub must_own_train: bool,
    #[serde(default = "yes")]
    pub can_own_companies: bool,
    /// Train variants it may own (empty = all).
    #[serde(default)]
    pub train_tags: Vec<String>,
    /// The state (`[[corporation_state]]`) its corporations begin in.
    #[serde(default)]
    pub initial_state: Option<String>,
    #[serde(default)]
    pub props: Props,
}

/// A state of a corporation and what it allows; scripts move
/// corporations between states (`game:set_corporation_state`), the core
/// enforces what each allows.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CorporationStateDef {
    pub name: String,
    /// What players read of it (the REPL's `corp X`).
    #[serde(default)]
    pub description: String,
    /// The rule id its refusals cite.
    #[serde(default)]
    pub rule: Option<String>,
    /// Operating steps (flow.toml names) it skips.
    #[serde(default)]
    pub skips: Vec<String>,
    /// Dividends it may choose: "payout", "half", "withhold" (all if not given).
    #[serde(default)]
    pub dividends: Option<Vec<String>>,
    /// Rises at the end of a stock round when sold out.
    #[serde(default = "yes")]
    pub sold_out_rise: bool,
    /// Players may sell its shares.
    #[serde(default = "yes")]
    pub players_may_sell: bool,
    /// Must own a train (overrides the kind's `must_own_train`).
    #[serde(default)]
    pub must_own_train: Option<bool>,
    /// The states it may change to (any if empty).
    #[serde(default)]
    pub next: Vec<String>,
}

pub(super) fn yes() -> bool {
    true
}

pub(super) fn ten() -> u32 {
    10
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CertDef {
    #[serde(deserialize_with = "bounds::share_percent")]
    pub percent: u32,
    #[serde(default = "one_u32", deserialize_with = "bounds::certificate_count")]
    pub count: u32,
    #[serde(default)]
    pub president: bool,
    /// Rules about special certificates ("last" in 1849) key off the tag.
    #[serde(default)]
    pub tag: Option<String>,
    /// Counts this many certificates toward the limit (default 1).
    #[serde(default = "one_f", deserialize_with = "bounds::certificate_weight")]
    pub counts_as: f64,
    /// Where the certificate starts: "treasury" (default) or "pool".
    #[serde(default)]
    pub starts_in: Option<String>,
}

pub(super) fn one_u32() -> u32 {
    1
}
pub(super) fn one_f() -> f64 {
    1.0
}

/// How a corporation's `home` list is used.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum HomeMode {
    #[default]
    Choose,
    All,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CorporationDef {
    pub id: String,
    pub name: String,
    pub kind: String,
    #[serde(default)]
    pub nickname: Option<String>,
    #[serde(default)]
    pub color: String,
    /// What its tokens and market marker show in pictures (`railhead
    /// render`): a logo's letters, up to 4 characters; its id if not given.
    #[serde(default, deserialize_with = "bounds::token_text")]
    pub token_text: Option<String>,
    /// Home hexes ("C5", or "I4.1" for the second city of a hex; an
    /// off-board area with `stations = true` counts as a city); more than
    /// one = the starter chooses, unless `home_mode = "all"`.
    #[serde(default)]
    pub home: Vec<String>,
    /// "choose" (default): one home, the starter picks among several;
    /// "all": a token on every home, placed when the game is set up.
    #[serde(default)]
    pub home_mode: HomeMode,
    /// Paid once when started, for all tokens (1849).
    #[serde(default, deserialize_with = "bounds::amount")]
    pub token_fee: i64,
    /// Station tokens; overrides the kind's `token_costs`.
    #[serde(default, deserialize_with = "bounds::some_token_costs")]
    pub token_costs: Option<Vec<i64>>,
    #[serde(default)]
    pub destination: Option<String>,
    /// Whether an unstarted corporation's home slot is reserved.
    #[serde(default = "yes")]
    pub reserve_home: bool,
    #[serde(default)]
    pub props: Props,
}

impl CorporationDef {
    /// Its starter chooses one of several homes (`home_mode = "choose"`).
    pub fn chooses_home(&self) -> bool {
        self.home.len() > 1 && self.home_mode == HomeMode::Choose
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CompanyDef {
    pub id: String,
    pub name: String,
    /// "private", "mountain_railway", "tunnel", "maritime", "concession", ...
    pub kind: String,
    #[serde(default)]
    pub abbr: Option<String>,
    /// Face value / minimum bid.
    #[serde(default, deserialize_with = "bounds::amount")]
    pub value: i64,
    /// Paid to the owner at the start of each operating round.
    #[serde(default, deserialize_with = "bounds::amount")]
    pub revenue: i64,
    /// Counts toward the certificate limit when a player owns it.
    #[serde(default = "yes")]
    pub counts_for_limit: bool,
    /// Corporations may buy it (subject to phase rules).
    #[serde(default = "yes")]
    pub corporations_may_buy: bool,
    /// Price range for corporation purchases, as multiples of value.
    #[serde(default, deserialize_with = "bounds::some_price_multiple")]
    pub min_price_multiple: Option<f64>,
    #[serde(default, deserialize_with = "bounds::some_price_multiple")]
    pub max_price_multiple: Option<f64>,
    /// Auctioned in the initial round (false = sold later by other means).
    #[serde(default = "yes")]
    pub auctioned: bool,
    #[serde(default)]
    pub abilities: Vec<AbilityDef>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub props: Props,
}

/// Abilities the core understands. Anything else is a `script` ability,
/// implemented by the title's Lua under the given name.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum AbilityDef {
    /// No tile may be laid on these hexes while the owner is of the given kind.
    BlocksHexes {
        hexes: Vec<String>,
        #[serde(default)]
        while_owned_by: Option<String>,
    },
    /// The owning corporation pays a fraction of terrain costs.
    TerrainDiscount {
        #[serde(default)]
        terrains: Vec<String>,
        /// Fraction paid, e.g. 0.5.
        #[serde(deserialize_with = "bounds::fraction")]
        factor: f64,
        /// Track gauges whose cost is discounted (empty = all).
        #[serde(default)]
        gauges: Vec<String>,
    },
    /// The owner receives a share certificate on purchase.
    Shares {
        shares: Vec<String>,
    },
    /// Behaviour written in the title's Lua under this name: the core
    /// offers it to whoever `used_by` says while the company is open and
    /// not used, and calls the script with the company, its owner and
    /// `props` (the company's, overlaid with this entry's).
    Script {
        name: String,
        #[serde(default)]
        used_by: UsedBy,
        /// The rule cited when someone tries the ability without a company
        /// that gives it to them.
        #[serde(default)]
        rule: Option<String>,
        #[serde(default)]
        props: Props,
    },
}

/// Who may use a company's script ability.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum UsedBy {
    /// The company's owner (a player in a stock turn, a corporation in its
    /// operating turn).
    #[default]
    Owner,
    /// The owner, and also a corporation whose president owns the company
    /// (1844 P2, P4, the Tunnel companies).
    OwnerOrPresided,
}

//! `title.toml`: metadata, bank, player counts, the generic machinery's settings, options and scripts.

use super::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

/// Knobs of the generic 18xx machinery in the core. Defaults follow 1830.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// Most percent of one corporation a player may hold.
    #[serde(deserialize_with = "bounds::percent")]
    pub max_holding_percent: u32,
    /// Most percent of one corporation the bank pool may hold.
    #[serde(deserialize_with = "bounds::percent")]
    pub pool_limit_percent: u32,
    /// Players may not sell a corporation before it has operated once.
    pub sell_after_operated: bool,
    /// A player who sold a corporation may not buy it again that round.
    pub no_buy_after_sell: bool,
    /// Certificates bought per stock turn.
    #[serde(deserialize_with = "bounds::at_least_one")]
    pub buys_per_turn: u32,
    /// Sell, then buy (true) or in any order (false).
    pub sell_before_buy: bool,
    /// Operating order: "market_value" (re-evaluated before each turn) or "fixed".
    pub operating_order: String,
    /// Where treasury-share purchases pay: "corporation" (incremental) or "bank".
    pub ipo_pays: String,
    /// How train purchases between corporations are priced: "any" (>= 1),
    /// "face" (the printed price of the side showing), or
    /// "face_unless_same_president" (1844-R-142).
    pub train_trade_price: String,
    /// What ends the game when the bank is empty: "end_of_set" of operating rounds.
    pub bank_break: String,
    /// Rounding of each holder's dividend: "down" or "up" (1844 rounds players up).
    pub dividend_rounding: String,
    /// Who receives dividends of treasury (IPO) shares: "corporation" or "bank".
    pub treasury_dividends: String,
    /// Who receives dividends of pool shares: "bank" or "corporation".
    pub pool_dividends: String,
    /// Rounding of the dividends of treasury and pool shares paid to the
    /// corporation: "down" or "up". 1844 rounds players up but the pool's
    /// payment to the company down (1844-R-129, checklist A-13).
    pub pool_dividend_rounding: String,
    /// Most ordinary certificates bought together with the president's when
    /// starting a corporation (1849: two).
    #[serde(deserialize_with = "bounds::certificates")]
    pub par_extra_certs: u32,
    /// When the home token is placed: "start" (when the corporation is
    /// started) or "first_turn" (at its first operating turn).
    pub home_token: String,
    /// Dividend moves right when revenue is at least this many share prices
    /// (0 = any positive payout moves right).
    pub payout_move_threshold: u32,
    /// Price move at the end of a stock round for a corporation with shares
    /// in the pool: "down" (1849) or "left" (1844).
    pub sr_pool_move: String,
    /// Price move for a sale: "down" (one row per share), "down_once" (one
    /// row per sale action, 1844-R-032) or "none".
    pub sell_move: String,
    /// Price of a certificate bought from the treasury (IPO): "market" or
    /// "par" (1844-R-043).
    pub ipo_price: String,
    /// How a president helps a corporation that must buy a train and
    /// cannot: "sell_first" (1849: sell shares until the cheapest bank train
    /// is paid, else the corporation fails) or "debt" (1844: any train at no
    /// more than its printed price; what the president cannot pay becomes
    /// personal debt with `debt_interest_percent` added).
    pub emergency: String,
    #[serde(deserialize_with = "bounds::interest_percent")]
    pub debt_interest_percent: i64,
    /// Whose presidency an emergency sale may not change: "operating" (the
    /// corporation buying the train, 1849) or "all" (no corporation's,
    /// 1844-R-149).
    pub emergency_presidency: String,
    /// How debt is repaid: "automatic" (money a player in debt receives
    /// pays it first, 1844-R-152) or "voluntary" (only when the player
    /// pays it off, as the 18xx.games website does).
    pub debt_repayment: String,
    /// With `emergency = "debt"`: whether a president who could not pay
    /// the cheapest train even by selling every share they can may pass
    /// instead (the title's `emergency_failed` hook then decides, e.g. a
    /// bankruptcy). Off: the bank always lends (1844-R-153).
    pub debt_bankruptcy: bool,
    /// Which track of an upgrade the corporation must reach:
    /// "added_track" (track the new tile adds, or a station whose value
    /// it raises, 1849-R-122) or "any_track" (any track of the new tile,
    /// 1844-R-087).
    pub upgrade_connection: String,
    /// Which certificates a new president hands over for the president's
    /// certificate when several sets would do: "choose" (the outgoing
    /// president chooses) or "fewest" (the set with the fewest
    /// certificates, e.g. 1844's SBB double rather than two singles).
    pub president_swap: String,
    /// How the tokens of corporations sold in one stock turn stack when
    /// they land in one cell: "value_order" (as they stood before the
    /// sales, 1849-R-069) or "sale_order" (each goes under as it is sold,
    /// 1844-R-134).
    pub sale_stacking: String,
    /// Whether a corporation may pay half its revenue and keep half
    /// (`half`); otherwise it pays out or withholds all of it.
    pub half_dividend: bool,
    /// Smallest raise in auctions.
    #[serde(deserialize_with = "bounds::smallest_raise")]
    pub min_raise: i64,
    /// Price drop of the first company after a full round of passes.
    #[serde(deserialize_with = "bounds::amount")]
    pub pass_discount: i64,
    /// A corporation buying a company from a player other than its own
    /// president needs that player's consent: the owner is asked
    /// (`choose accept` / `choose refuse`). Rule key `company.consent`.
    pub company_sale_consent: bool,
    /// A corporation buying a train from another corporation whose
    /// president is another player needs that president's consent: they
    /// are asked (`choose accept` / `choose refuse`), as for companies.
    /// Rule key `train.consent`.
    pub train_sale_consent: bool,
    /// Rule id shown when a generic rule refuses an action, keyed by rule name.
    #[serde(default)]
    pub rule_ids: BTreeMap<String, String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_holding_percent: 60,
            pool_limit_percent: 50,
            sell_after_operated: true,
            no_buy_after_sell: true,
            buys_per_turn: 1,
            sell_before_buy: true,
            operating_order: "market_value".into(),
            ipo_pays: "corporation".into(),
            train_trade_price: "any".into(),
            bank_break: "end_of_set".into(),
            dividend_rounding: "down".into(),
            treasury_dividends: "corporation".into(),
            pool_dividends: "bank".into(),
            pool_dividend_rounding: "down".into(),
            par_extra_certs: 0,
            home_token: "start".into(),
            payout_move_threshold: 0,
            sr_pool_move: "down".into(),
            sell_move: "down".into(),
            ipo_price: "market".into(),
            half_dividend: false,
            sale_stacking: "value_order".into(),
            min_raise: 5,
            emergency: "sell_first".into(),
            debt_interest_percent: 50,
            emergency_presidency: "operating".into(),
            debt_repayment: "automatic".into(),
            debt_bankruptcy: false,
            upgrade_connection: "added_track".into(),
            president_swap: "choose".into(),
            pass_discount: 5,
            company_sale_consent: false,
            train_sale_consent: false,
            rule_ids: BTreeMap::new(),
        }
    }
}

//! The typed shape of a title folder's TOML files.
//!
//! Every struct refuses unknown keys, so a typo in title data is an error
//! that names the file, the key path and the line (see `load.rs`), never a
//! silently ignored setting. Title-specific data that only Lua scripts read
//! goes in a `props` table, the one place where any key is accepted.
//!
//! The format is documented for designers in `docs/title-format.md`; keep
//! the two in step.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Free-form data for title scripts (`props` in any table).
pub type Props = toml::Table;

// ---------------------------------------------------------------- title.toml

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TitleFile {
    pub title: TitleMeta,
    pub bank: BankDef,
    pub player_count: Vec<PlayerCountDef>,
    #[serde(default)]
    pub settings: Settings,
    #[serde(default)]
    pub option: Vec<OptionDef>,
    /// Lua files loaded in order at game creation, relative to the title folder.
    #[serde(default)]
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
    pub default_players: u8,
    /// How money is written; `{}` is replaced by the amount ("L. {}").
    #[serde(default = "default_currency")]
    pub currency: String,
}

fn default_currency() -> String {
    "${}".to_string()
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BankDef {
    pub cash: i64,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerCountDef {
    pub players: u8,
    pub cash: i64,
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
    #[serde(default)]
    pub players: Vec<u8>,
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
    pub max_holding_percent: u32,
    /// Most percent of one corporation the bank pool may hold.
    pub pool_limit_percent: u32,
    /// Players may not sell a corporation before it has operated once.
    pub sell_after_operated: bool,
    /// A player who sold a corporation may not buy it again that round.
    pub no_buy_after_sell: bool,
    /// Certificates bought per stock turn.
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
    pub min_raise: i64,
    /// Price drop of the first company after a full round of passes.
    pub pass_discount: i64,
    /// A corporation buying a company from a player other than its own
    /// president needs that player's consent: the owner is asked
    /// (`choose accept` / `choose refuse`). Rule key `company.consent`.
    pub company_sale_consent: bool,
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
            rule_ids: BTreeMap::new(),
        }
    }
}

// ------------------------------------------------------------------ map.toml

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum LayoutKind {
    /// Flat-topped hexes: edges 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE.
    Flat,
    /// Pointy-topped hexes: edges 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE.
    Pointy,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Axes {
    /// "C5": letter C is the row, 5 the column (1849, 1844).
    #[default]
    LetterRow,
    /// "C5": letter C is the column, 5 the row.
    LetterColumn,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub layout: LayoutKind,
    #[serde(default)]
    pub axes: Axes,
    pub hex: Vec<HexDef>,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    /// Empty buildable land.
    #[default]
    White,
    Yellow,
    Green,
    Brown,
    Gray,
    /// Off-board areas.
    Red,
    /// Sea, ports.
    Blue,
    /// Special hexes (1844 tunnels).
    Purple,
}

impl Color {
    /// Upgrade rank of tile colours; `None` for colours that are never upgraded into.
    pub fn rank(self) -> Option<u8> {
        match self {
            Color::White => Some(0),
            Color::Yellow => Some(1),
            Color::Green => Some(2),
            Color::Brown => Some(3),
            Color::Gray => Some(4),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Yellow => "yellow",
            Color::Green => "green",
            Color::Brown => "brown",
            Color::Gray => "gray",
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Purple => "purple",
        }
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HexDef {
    /// Board labels of every hex this entry describes ("C5", "a12").
    pub at: Vec<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub color: Color,
    /// Terrain name ("rough", "hills", "mountain", "river") and its build cost.
    #[serde(default)]
    pub terrain: Option<String>,
    #[serde(default)]
    pub cost: i64,
    /// A pre-printed tile from the tile catalogue instead of inline parts.
    #[serde(default)]
    pub tile: Option<String>,
    #[serde(default)]
    pub rotation: u8,
    #[serde(default)]
    pub label: Option<String>,
    /// Label the hex takes from the given colour on (1844 Zürich "Z").
    #[serde(default)]
    pub future_label: Option<FutureLabel>,
    #[serde(default)]
    pub stops: Vec<StopDef>,
    #[serde(default)]
    pub paths: Vec<String>,
    #[serde(default)]
    pub borders: Vec<BorderDef>,
    /// Explicit upgrade list for the pre-printed tile (else by colour and track).
    #[serde(default)]
    pub upgrades: Option<Vec<String>>,
    /// Free tags read by rules and scripts ("coastal", "tunnel", "mountain_railway").
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub props: Props,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FutureLabel {
    pub label: String,
    pub color: Color,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum StopKind {
    City,
    Town,
    Offboard,
    /// 1849 ports: reached through an arrow; route ends only.
    Port,
    /// 1865 mines.
    Mine,
    /// 1844 mountain railways.
    Mountain,
}

impl StopKind {
    pub fn name(self) -> &'static str {
        match self {
            StopKind::City => "city",
            StopKind::Town => "town",
            StopKind::Offboard => "offboard",
            StopKind::Port => "port",
            StopKind::Mine => "mine",
            StopKind::Mountain => "mountain",
        }
    }
    /// Kinds a route may only start or end at, unless a stop says otherwise.
    pub fn terminal_by_default(self) -> bool {
        matches!(self, StopKind::Offboard | StopKind::Port | StopKind::Mountain)
    }
}

/// A value printed on the board: one number, or one per revenue band
/// (phases name their band, e.g. 1849's grey cities 20/30/40).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(untagged)]
pub enum RevenueDef {
    Flat(i64),
    Banded(Vec<i64>),
}

impl Default for RevenueDef {
    fn default() -> Self {
        RevenueDef::Flat(0)
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct StopDef {
    pub kind: StopKind,
    #[serde(default)]
    pub revenue: RevenueDef,
    #[serde(default = "one")]
    pub slots: u8,
    #[serde(default)]
    pub name: Option<String>,
    /// Stops sharing a location (one off-board drawn over several hexes)
    /// count as one stop: a route visits a location at most once.
    #[serde(default)]
    pub location: Option<String>,
    /// Bonus groups ("E", "W", "N", "S" transit areas).
    #[serde(default)]
    pub groups: Vec<String>,
    /// Free tags ("major", "coastal", "red").
    #[serde(default)]
    pub tags: Vec<String>,
    /// Extra value a route earns at this stop when it joins two paired
    /// groups (1844 transit bonus; see `[routes] pair_bonuses`).
    #[serde(default)]
    pub bonus: i64,
    /// Override whether routes may only end here.
    #[serde(default)]
    pub terminal: Option<bool>,
}

fn one() -> u8 {
    1
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum BorderKind {
    Impassable,
    /// Drawn only (inside a multi-hex off-board); no effect.
    Plain,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BorderDef {
    pub edge: u8,
    pub kind: BorderKind,
}

// ---------------------------------------------------------------- tiles.toml

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TilesFile {
    pub tile: Vec<TileDef>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TileDef {
    pub name: String,
    pub color: Color,
    /// Copies in the supply; `"unlimited"` is written as -1.
    pub count: i32,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub stops: Vec<StopDef>,
    /// Track: "A-B" with A, B an edge 0-5 or a stop "s0".."s9" ("s" = "s0"),
    /// optionally prefixed by a gauge "s:" standard (default), "n:" narrow,
    /// "d:" dual, and suffixed by tags "#tunnel".
    #[serde(default)]
    pub paths: Vec<String>,
    /// Tiles this one may be replaced by; absent = next colour, same label,
    /// existing track kept.
    #[serde(default)]
    pub upgrades: Option<Vec<String>>,
    /// Not in the public supply; only abilities place it.
    #[serde(default)]
    pub hidden: bool,
    #[serde(default)]
    pub tags: Vec<String>,
}

// -------------------------------------------------------------- market.toml

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MarketFile {
    /// Rows top to bottom; each cell "price" plus flag letters ("306B",
    /// "0X"), "-" for no cell.
    pub rows: Vec<Vec<String>>,
    /// Meaning of each flag letter.
    #[serde(default)]
    pub flags: BTreeMap<String, CellFlagDef>,
    #[serde(default)]
    pub moves: MarketMoves,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CellFlagDef {
    pub name: String,
    /// Tokens may enter only from this phase on; before, the cell acts as
    /// the end of its row (1849 blue zone).
    #[serde(default)]
    pub open_from_phase: Option<String>,
    /// Reaching the cell ends the game (1849 L. 377).
    #[serde(default)]
    pub ends_game: bool,
    /// Entering the cell closes the corporation.
    #[serde(default)]
    pub closes: bool,
    /// A par (starting) value.
    #[serde(default)]
    pub par: bool,
    /// Corporation kinds that may never enter (1844 red line for regionals).
    #[serde(default)]
    pub forbidden_kinds: Vec<String>,
    /// Corporations of these kinds start here (1844 SBB).
    #[serde(default)]
    pub start_for: Vec<String>,
    /// Tokens here do not move up at the end of a stock round before this
    /// phase (1849 L. 230).
    #[serde(default)]
    pub no_sr_rise_before_phase: Option<String>,
}

/// What a blocked move turns into.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct MarketMoves {
    /// Right move at the end of a row: "up" or "none".
    pub right_at_end: String,
    /// Left move at the start of a row: "down" or "none".
    pub left_at_start: String,
}

impl Default for MarketMoves {
    fn default() -> Self {
        MarketMoves { right_at_end: "up".into(), left_at_start: "down".into() }
    }
}

// ------------------------------------------------------------ companies.toml

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CompaniesFile {
    #[serde(default)]
    pub corporation_kind: Vec<CorporationKindDef>,
    #[serde(default)]
    pub corporation: Vec<CorporationDef>,
    #[serde(default)]
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
    #[serde(default)]
    pub float_shares: u32,
    /// Fixed capitalization: capital = this × par, paid at launch.
    #[serde(default)]
    pub capital_multiple: u32,
    /// Percent of one share price unit: a certificate of P % is worth
    /// price × P / unit_percent (10 by default; 1844's regionals 20,
    /// pre-SBB companies 25, the SBB 5).
    #[serde(default = "ten")]
    pub unit_percent: u32,
    /// Station token costs: first (home) to last.
    #[serde(default)]
    pub token_costs: Vec<i64>,
    /// Train limit by phase name; missing phases use the phase's own limit.
    #[serde(default)]
    pub train_limit: BTreeMap<String, u32>,
    /// Must own a train when it has a route.
    #[serde(default = "yes")]
    pub must_own_train: bool,
    #[serde(default = "yes")]
    pub can_own_companies: bool,
    /// Train variants it may own (empty = all).
    #[serde(default)]
    pub train_tags: Vec<String>,
    #[serde(default)]
    pub props: Props,
}

fn yes() -> bool {
    true
}

fn ten() -> u32 {
    10
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CertDef {
    pub percent: u32,
    #[serde(default = "one_u32")]
    pub count: u32,
    #[serde(default)]
    pub president: bool,
    /// Rules about special certificates ("last" in 1849) key off the tag.
    #[serde(default)]
    pub tag: Option<String>,
    /// Counts this many certificates toward the limit (default 1).
    #[serde(default = "one_f")]
    pub counts_as: f64,
    /// Where the certificate starts: "treasury" (default) or "pool".
    #[serde(default)]
    pub starts_in: Option<String>,
}

fn one_u32() -> u32 {
    1
}
fn one_f() -> f64 {
    1.0
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
    /// Home hexes ("C5", or "I4.1" for the second city of a hex); more
    /// than one = the starter chooses.
    #[serde(default)]
    pub home: Vec<String>,
    /// Paid once when started, for all tokens (1849).
    #[serde(default)]
    pub token_fee: i64,
    /// Station tokens; overrides the kind's `token_costs`.
    #[serde(default)]
    pub token_costs: Option<Vec<i64>>,
    #[serde(default)]
    pub destination: Option<String>,
    /// Whether an unstarted corporation's home slot is reserved.
    #[serde(default = "yes")]
    pub reserve_home: bool,
    #[serde(default)]
    pub props: Props,
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
    #[serde(default)]
    pub value: i64,
    /// Paid to the owner at the start of each operating round.
    #[serde(default)]
    pub revenue: i64,
    /// Counts toward the certificate limit when a player owns it.
    #[serde(default = "yes")]
    pub counts_for_limit: bool,
    /// Corporations may buy it (subject to phase rules).
    #[serde(default = "yes")]
    pub corporations_may_buy: bool,
    /// Price range for corporation purchases, as multiples of value.
    #[serde(default)]
    pub min_price_multiple: Option<f64>,
    #[serde(default)]
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
        factor: f64,
        /// Track gauges whose cost is discounted (empty = all).
        #[serde(default)]
        gauges: Vec<String>,
    },
    /// The owner receives a share certificate on purchase.
    Shares {
        shares: Vec<String>,
    },
    /// Behaviour written in the title's Lua under this name.
    Script {
        name: String,
        #[serde(default)]
        props: Props,
    },
}

// --------------------------------------------------------------- trains.toml

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TrainsFile {
    pub train: Vec<TrainDef>,
    #[serde(default)]
    pub routes: RouteRulesDef,
}

/// Rules every route of the title obeys, whatever the train.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RouteRulesDef {
    /// Fewest stops on a route, not counting the kinds in `ignore_for_minimum`.
    pub min_stops: u32,
    /// Of which at least this many cities (1849: a city plus a city or town).
    pub min_cities: u32,
    pub ignore_for_minimum: Vec<StopKind>,
    /// Between two consecutive stops track may not mix standard and narrow
    /// gauge; dual track takes the gauge of its neighbours (1849).
    pub gauge_changes_at_stops_only: bool,
    /// Group pairs whose joining by one route adds both end stops' `bonus`.
    pub pair_bonuses: Vec<[String; 2]>,
    /// Per-stop bonus when a route uses a path with the tag.
    pub path_tag_bonuses: Vec<PathTagBonusDef>,
}

impl Default for RouteRulesDef {
    fn default() -> Self {
        RouteRulesDef {
            min_stops: 2,
            min_cities: 0,
            ignore_for_minimum: Vec::new(),
            gauge_changes_at_stops_only: false,
            pair_bonuses: Vec::new(),
            path_tag_bonuses: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PathTagBonusDef {
    pub tag: String,
    /// Added once per counted stop of a route using such a path.
    pub per_stop: i64,
}

/// One class of train cards. A card may have several variants (1844's
/// normal and H sides); the buyer chooses the variant.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TrainDef {
    pub name: String,
    /// Cards of this class; -1 = unlimited.
    pub count: i32,
    /// Variants; when empty the class has one variant named like the class
    /// with `price` and `run`.
    #[serde(default)]
    pub variants: Vec<TrainVariantDef>,
    #[serde(default)]
    pub price: Option<i64>,
    #[serde(default)]
    pub run: Option<RunDef>,
    /// When the class goes on sale: by default once the previous class is
    /// sold out. `after_first = "16H"`: once the first card of that class
    /// is bought.
    #[serde(default)]
    pub available: Option<AvailabilityDef>,
    /// Not sold by the bank (given by abilities, pre-printed on charters).
    #[serde(default)]
    pub not_for_sale: bool,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub props: Props,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TrainVariantDef {
    pub name: String,
    pub price: i64,
    pub run: RunDef,
    #[serde(default)]
    pub tags: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AvailabilityDef {
    #[serde(default)]
    pub after_first: Option<String>,
    #[serde(default)]
    pub after_sold_out: Option<String>,
}

/// How far a train runs and what it counts.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct RunDef {
    /// Counts stops: visits at most this many.
    pub stops: Option<u32>,
    /// May skip stops; `stops` is then the most it counts (8E).
    pub express: bool,
    /// Counts hexes: at most this many hex costs.
    pub hexes: Option<u32>,
    /// The start hex counts as a hex (1844 H trains).
    pub count_start_hex: bool,
    /// Cost of entering a hex along each gauge (1849: standard 1, narrow 2).
    pub hex_cost: Option<GaugeCosts>,
    /// No distance limit.
    pub unlimited: bool,
    /// Gauges the train may use (empty = all).
    pub gauges: Vec<String>,
    /// Stop tags this train may not visit ("red" off-boards for 1844 H trains).
    pub forbidden_stop_tags: Vec<String>,
    /// Stop tags whose value is multiplied ("major" = 2 for 1849 E trains).
    pub multipliers: BTreeMap<String, i64>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GaugeCosts {
    pub standard: u32,
    pub narrow: u32,
    pub dual: u32,
}

// --------------------------------------------------------------- phases.toml

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PhasesFile {
    pub phase: Vec<PhaseDef>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseDef {
    pub name: String,
    /// Buying the first train of this class or variant starts the phase.
    #[serde(default)]
    pub on_train: Option<String>,
    pub tiles: Vec<Color>,
    pub operating_rounds: u32,
    pub train_limit: u32,
    /// Which entry of banded revenues applies.
    #[serde(default)]
    pub revenue_band: usize,
    /// Par (starting) values allowed.
    #[serde(default)]
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

// ----------------------------------------------------------------- flow.toml

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

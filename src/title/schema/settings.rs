//! `[settings]` of title.toml: the knobs of the generic 18xx machinery in
//! the core. Every choice is an enum, so a misspelt value (`emergency =
//! "Debt"`) is an error at its line listing the values allowed, never a
//! silent fall-back to some default reading.

use super::bounds;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Declares a setting's enum: its TOML spelling is the variant's name in
/// snake case (`MarketValue` = `"market_value"`).
macro_rules! choice {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($(#[$vdoc])* $variant),+ }
    };
}

choice!(
    /// Whether a tile may replace a tile of its own colour (1865
    /// Sardinia's competitive upgrade, R-109).
    SameColourUpgrades {
        /// Only the next colour, keeping every track segment.
        None,
        /// Also a tile of the same colour (same label, same stop kinds, at
        /// least as many slots) that keeps every segment of the old tile
        /// joined to track beyond the hex; segments that lead nowhere may
        /// go.
        ConnectedTrack,
    }
);

choice!(
    /// When corporations operate.
    OperatingOrder {
        /// By share price, re-evaluated before each turn.
        MarketValue,
        /// In the order their turns were fixed.
        Fixed,
    }
);

choice!(
    /// Price of a train traded between corporations.
    TrainTradePrice {
        /// Any price of at least 1.
        Any,
        /// The printed price of the side showing.
        Face,
        /// The printed price unless both have the same president (1844-R-142).
        FaceUnlessSamePresident,
    }
);

choice!(
    /// When the game ends after the bank breaks.
    BankBreak {
        /// At the end of the current set of operating rounds (or of the
        /// next set, when the bank breaks in a stock round).
        EndOfSet,
    }
);

choice!(
    /// Rounding of a dividend that is not a whole amount.
    Rounding { Down, Up }
);

choice!(
    /// Who receives the dividends of shares in the treasury or the pool.
    DividendPayee { Corporation, Bank }
);

choice!(
    /// When a corporation's home token is placed.
    HomeToken {
        /// When the corporation is started.
        Start,
        /// At its first operating turn.
        FirstTurn,
    }
);

choice!(
    /// Price move at the end of a stock round for shares in the pool.
    PoolMove { Down, Left, None }
);

choice!(
    /// How a half dividend is split between the holders and the treasury.
    HalfSplit {
        /// Holders share half the revenue, rounded down; the treasury keeps the rest.
        Floor,
        /// Holders share half the revenue rounded up to a multiple of 10;
        /// the treasury keeps the rest (18FB-R-121).
        UpToTen,
    }
);

choice!(
    /// Price move for a sale.
    SellMove {
        /// One row down per share sold.
        Down,
        /// One row down per sale action (1844-R-032).
        DownOnce,
        /// One cell left per share unit sold (the kind's `unit_percent`),
        /// for a market of one row (1865-R-072).
        Left,
        /// No move.
        None,
    }
);

choice!(
    /// Whose sales move the price (`sell_move`).
    SellMoveBy {
        /// Every seller's.
        Anyone,
        /// Only a sale by the corporation's president, president when the
        /// sale is declared: a sale that hands the presidency on still
        /// moves it (1865-R-045, A-30).
        President,
    }
);

choice!(
    /// Price of a certificate bought from the treasury (IPO).
    IpoPrice { Market, Par }
);

choice!(
    /// How a president helps a corporation that must buy a train and cannot.
    Emergency {
        /// Sell shares until the cheapest bank train is paid, else the
        /// corporation fails (1849).
        SellFirst,
        /// Any train at no more than its printed price; what the president
        /// cannot pay becomes personal debt with interest (1844).
        Debt,
    }
);

choice!(
    /// Which bank train a president's money may help buy (with
    /// `emergency = "sell_first"`).
    EmergencyTrain {
        /// The cheapest on sale (1849-R-159).
        Cheapest,
        /// Any the corporation may legally buy from the bank (1865-R-145).
        Any,
    }
);

choice!(
    /// Whose presidency an emergency sale may not change.
    EmergencyPresidency {
        /// The corporation buying the train (1849).
        Operating,
        /// No corporation's (1844-R-149).
        All,
    }
);

choice!(
    /// How a player's debt is repaid.
    DebtRepayment {
        /// Money the player receives pays the debt first (1844-R-152).
        Automatic,
        /// Only when the player pays it off (the 18xx.games website).
        Voluntary,
    }
);

choice!(
    /// Which track of an upgrade the laying corporation must reach.
    UpgradeConnection {
        /// Track the new tile adds, or a station whose value it raises (1849-R-122).
        AddedTrack,
        /// Any track of the new tile (1844-R-087).
        AnyTrack,
    }
);

choice!(
    /// How a payout compares with the threshold of `payout_move_threshold`
    /// for the price to move right.
    PayoutMoveComparison {
        /// The revenue is at least the threshold (1849-R-144).
        AtLeast,
        /// The revenue is above the threshold (the 1998 game kit of 1849,
        /// E-09).
        Above,
    }
);

choice!(
    /// Who gets the priority when the opening company sale ends.
    AuctionPriority {
        /// The player after the last one to buy a company outright at its
        /// price, not through bids (1849-R-061).
        AfterLastDirectBuyer,
        /// The player after the last one to buy a company, by bids or not
        /// (the 1998 game kit of 1849, E-12).
        AfterLastBuyer,
    }
);

choice!(
    /// Which corporation's turn ends the game once a market token has
    /// reached a game-end space outside its own operating turn (at the end
    /// of a stock round).
    EndCellTurn {
        /// The first corporation that has reached such a space in the
        /// game, even if it has left it since (1849-R-176, A-27).
        Reached,
        /// The first corporation standing on such a space when its turn
        /// begins (the 1998 game kit of 1849, E-21).
        Standing,
    }
);

choice!(
    /// Which stops count when an upgrade is allowed because it raises the
    /// value of a stop the corporation reaches (`upgrade_connection =
    /// "added_track"`).
    UpgradeValueStops {
        /// Cities and towns (1849-R-122).
        CityOrTown,
        /// Cities only (the 1998 game kit of 1849, E-22).
        City,
    }
);

choice!(
    /// Which certificates a new president hands over for the president's.
    PresidentSwap {
        /// The outgoing president chooses.
        Choose,
        /// The set with the fewest certificates (1844's SBB double).
        Fewest,
    }
);

choice!(
    /// How the tokens of corporations sold in one stock turn stack in one cell.
    SaleStacking {
        /// As they stood before the sales (1849-R-069).
        ValueOrder,
        /// Each goes under as it is sold (1844-R-134).
        SaleOrder,
    }
);

impl TrainTradePrice {
    /// Whether a trade between corporations whose presidents are (not)
    /// the same must be at the printed price.
    pub fn at_face(self, same_president: bool) -> bool {
        match self {
            TrainTradePrice::Any => false,
            TrainTradePrice::Face => true,
            TrainTradePrice::FaceUnlessSamePresident => !same_president,
        }
    }
}

impl PoolMove {
    /// The move, or none at all (18FB: §2.2.5 has no such move).
    pub fn dir(self) -> Option<crate::game::market::Dir> {
        match self {
            PoolMove::Down => Some(crate::game::market::Dir::Down),
            PoolMove::Left => Some(crate::game::market::Dir::Left),
            PoolMove::None => None,
        }
    }
}

impl HalfSplit {
    /// The holders' part of a half dividend of `revenue`.
    pub fn paid(self, revenue: i64) -> i64 {
        match self {
            HalfSplit::Floor => revenue / 2,
            HalfSplit::UpToTen => ((revenue / 2 + 9) / 10 * 10).min(revenue),
        }
    }
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
    /// Only the unstarted corporation first in start order (`start_order`,
    /// set by the title's scripts) may be started; otherwise any of them.
    pub start_in_order: bool,
    /// Certificates bought per stock turn.
    #[serde(deserialize_with = "bounds::at_least_one")]
    pub buys_per_turn: u32,
    /// Sell, then buy (true) or in any order (false).
    pub sell_before_buy: bool,
    /// All of one corporation a player sells in a stock turn is one sale
    /// at one price: a second sale of it in the same turn is refused
    /// (18FB-R-021).
    pub one_sale_per_corporation: bool,
    pub operating_order: OperatingOrder,
    pub train_trade_price: TrainTradePrice,
    pub bank_break: BankBreak,
    /// Rounding of each holder's dividend (1844 rounds players up).
    pub dividend_rounding: Rounding,
    /// Who receives dividends of treasury (IPO) shares.
    pub treasury_dividends: DividendPayee,
    /// Who receives dividends of pool shares.
    pub pool_dividends: DividendPayee,
    /// Rounding of the dividends of treasury and pool shares paid to the
    /// corporation. 1844 rounds players up but the pool's payment to the
    /// company down (1844-R-129, checklist A-13).
    pub pool_dividend_rounding: Rounding,
    /// Most ordinary certificates bought together with the president's when
    /// starting a corporation (1849: two).
    #[serde(deserialize_with = "bounds::certificates")]
    pub par_extra_certs: u32,
    pub home_token: HomeToken,
    /// Dividend moves right when revenue is at least this many share prices
    /// (0 = any positive payout moves right).
    pub payout_move_threshold: u32,
    /// Whether the payout must reach the threshold or exceed it.
    pub payout_move_comparison: PayoutMoveComparison,
    pub auction_priority: AuctionPriority,
    pub end_cell_turn: EndCellTurn,
    pub sr_pool_move: PoolMove,
    pub sell_move: SellMove,
    pub sell_move_by: SellMoveBy,
    pub ipo_price: IpoPrice,
    pub emergency: Emergency,
    /// With `emergency = "debt"`: interest added to the debt.
    #[serde(deserialize_with = "bounds::interest_percent")]
    pub debt_interest_percent: i64,
    pub emergency_presidency: EmergencyPresidency,
    pub emergency_train: EmergencyTrain,
    pub debt_repayment: DebtRepayment,
    /// With `emergency = "debt"`: whether a president who could not pay
    /// the cheapest train even by selling every share they can may pass
    /// instead (the title's `emergency_failed` hook then decides, e.g. a
    /// bankruptcy). Off: the bank always lends (1844-R-153).
    pub debt_bankruptcy: bool,
    pub upgrade_connection: UpgradeConnection,
    pub upgrade_value_stops: UpgradeValueStops,
    pub same_colour_upgrades: SameColourUpgrades,
    pub president_swap: PresidentSwap,
    pub sale_stacking: SaleStacking,
    /// Whether a corporation may pay half its revenue and keep half
    /// (`half`); otherwise it pays out or withholds all of it.
    pub half_dividend: bool,
    pub half_dividend_split: HalfSplit,
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
    /// Rule id shown when a generic rule refuses an action, keyed by the
    /// refusal's key (`crate::game::refusals::KEYS`; `check` refuses a key
    /// that is not there).
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
            start_in_order: false,
            buys_per_turn: 1,
            sell_before_buy: true,
            one_sale_per_corporation: false,
            operating_order: OperatingOrder::MarketValue,
            train_trade_price: TrainTradePrice::Any,
            bank_break: BankBreak::EndOfSet,
            dividend_rounding: Rounding::Down,
            treasury_dividends: DividendPayee::Corporation,
            pool_dividends: DividendPayee::Bank,
            pool_dividend_rounding: Rounding::Down,
            par_extra_certs: 0,
            home_token: HomeToken::Start,
            payout_move_threshold: 0,
            payout_move_comparison: PayoutMoveComparison::AtLeast,
            auction_priority: AuctionPriority::AfterLastDirectBuyer,
            end_cell_turn: EndCellTurn::Reached,
            sr_pool_move: PoolMove::Down,
            sell_move: SellMove::Down,
            sell_move_by: SellMoveBy::Anyone,
            ipo_price: IpoPrice::Market,
            half_dividend: false,
            half_dividend_split: HalfSplit::Floor,
            sale_stacking: SaleStacking::ValueOrder,
            min_raise: 5,
            emergency: Emergency::SellFirst,
            debt_interest_percent: 50,
            emergency_presidency: EmergencyPresidency::Operating,
            emergency_train: EmergencyTrain::Cheapest,
            debt_repayment: DebtRepayment::Automatic,
            debt_bankruptcy: false,
            upgrade_connection: UpgradeConnection::AddedTrack,
            upgrade_value_stops: UpgradeValueStops::CityOrTown,
            same_colour_upgrades: SameColourUpgrades::None,
            president_swap: PresidentSwap::Choose,
            pass_discount: 5,
            company_sale_consent: false,
            train_sale_consent: false,
            rule_ids: BTreeMap::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HalfSplit;

    #[test]
    fn half_split_rounds_the_holders_part_as_the_title_says() {
        assert_eq!(HalfSplit::Floor.paid(150), 75);
        assert_eq!(HalfSplit::Floor.paid(135), 67);
        // 18FB-R-121 (D-19, D-20, D-27): ceil10(E / 2)
        assert_eq!(HalfSplit::UpToTen.paid(150), 80);
        assert_eq!(HalfSplit::UpToTen.paid(130), 70);
        assert_eq!(HalfSplit::UpToTen.paid(90), 50);
        assert_eq!(HalfSplit::UpToTen.paid(140), 70);
        // never more than the revenue
        assert_eq!(HalfSplit::UpToTen.paid(5), 5);
        assert_eq!(HalfSplit::UpToTen.paid(0), 0);
    }
}

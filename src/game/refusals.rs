//! Every refusal of the core's generic rules has a key, and this table is
//! the one list of them. A title cites its own rule ids for them in
//! `[settings.rule_ids]` (checked against this table when the title loads),
//! and docs/title-format.md lists them (tests/docs.rs keeps the two in step).
//! The route module names its errors by key strings, since it imports
//! nothing from the game; `RuleKey::from_key` reads those.

macro_rules! rule_keys {
    ($($variant:ident = $key:literal : $meaning:literal,)+) => {
        /// The key of a generic rule that refuses an action.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum RuleKey { $($variant),+ }

        /// Every key, its TOML spelling and what it refuses.
        pub const ALL: &[(RuleKey, &str, &str)] = &[$((RuleKey::$variant, $key, $meaning)),+];

        impl RuleKey {
            /// The key as `[settings.rule_ids]` writes it ("stock.one_buy").
            pub fn key(self) -> &'static str {
                match self { $(RuleKey::$variant => $key),+ }
            }
        }
    };
}

impl RuleKey {
    pub fn from_key(key: &str) -> Option<RuleKey> {
        ALL.iter().find(|(_, k, _)| *k == key).map(|(r, _, _)| *r)
    }
}

rule_keys! {
    AuctionBidTwice = "auction.bid_twice": "a player already bidding on a company bids on another",
    AuctionBuyCheapest = "auction.buy_cheapest": "only the cheapest unsold company can be bought outright",
    AuctionMinBid = "auction.min_bid": "a bid below the smallest allowed",
    AuctionNoBidCheapest = "auction.no_bid_cheapest": "a bid on the cheapest company, which is bought, not bid on",
    AuctionOver = "auction.over": "an auction action when every company is sold",
    AuctionPrice = "auction.price": "a purchase at another price than the company's current one",
    AuctionResolving = "auction.resolving": "another action while a company's bids are being settled",
    AuctionSold = "auction.sold": "a bid on a company already sold",
    AuctionSpendable = "auction.spendable": "a bid above the money not set aside for other bids",
    CompanyConsent = "company.consent": "a sale the owner refused, or an owner who no longer has the company",
    CompanyKind = "company.kind": "a corporation of a kind that may not own companies",
    CompanyNotForCorps = "company.not_for_corps": "a company corporations may never buy",
    CompanyNotPlayerOwned = "company.not_player_owned": "buying a company no player owns",
    CompanyPhase = "company.phase": "a company bought in a phase that does not allow it",
    CompanyPrice = "company.price": "a company bought outside its price range",
    CompanyUnknown = "company.unknown": "a company name that does not exist",
    CorpHomeChoice = "corp.home_choice": "a home city that is not open to the corporation",
    CorpNoHome = "corp.no_home": "a corporation with no home city with a free slot",
    CorpNotInPlay = "corp.not_in_play": "a corporation not in this game (player count, option)",
    CorpTokenFee = "corp.token_fee": "a corporation that cannot pay its token fee",
    CorpUnknown = "corp.unknown": "a corporation name that does not exist",
    DividendChoose = "dividend.choose": "a half dividend where the title allows only payout or withhold",
    EmrCheapest = "emr.cheapest": "with the president's money, a train other than the cheapest",
    EmrEnough = "emr.enough": "an emergency sale raising more than needed",
    EmrNoIssue = "emr.no_issue": "issuing shares to pay for a train that must be bought",
    EmrNoPresident = "emr.no_president": "an emergency with no president to pay",
    EmrNoTrade = "emr.no_trade": "with the president's money, a train from another corporation",
    EmrNotNeeded = "emr.not_needed": "a sale in an operating round when no train must be bought",
    EmrOneTrain = "emr.one_train": "a second train bought with the president's help",
    EmrPresidency = "emr.presidency": "an emergency sale that would change a protected presidency",
    EmrPrintedPrice = "emr.printed_price": "with the president's help, a train above its printed price",
    EmrRaise = "emr.raise": "another action while money must be raised by selling",
    FlowScriptRound = "flow.script_round": "an action the title's own round does not offer",
    FlowWrongRound = "flow.wrong_round": "an action of another round",
    FlowWrongStep = "flow.wrong_step": "an action of a step already done or not reached",
    IssueEither = "issue.either": "issuing and buying back in one turn",
    IssueFirstOr = "issue.first_or": "issuing in the corporation's first operating round",
    IssueNothing = "issue.nothing": "issuing no certificate",
    IssueTreasury = "issue.treasury": "issuing more certificates than the treasury holds",
    MapUnknownHex = "map.unknown_hex": "a hex that does not exist",
    MoneyInsufficient = "money.insufficient": "a payment above the payer's money",
    PendingChoice = "pending.choice": "an answer that is not one of the question's choices",
    PendingFirst = "pending.first": "another action while a question is waiting",
    PendingPar = "pending.par": "another action while a corporation's starting value is waiting",
    RedeemEither = "redeem.either": "buying back and issuing in one turn",
    RedeemNone = "redeem.none": "buying back with no certificate in the pool",
    RedeemSpecialLast = "redeem.special_last": "buying back a special certificate before the ordinary ones",
    RouteDisconnected = "route.disconnected": "a route between stops that no track joins",
    RouteEmpty = "route.empty": "a route with no track",
    RouteEndsAtStop = "route.ends_at_stop": "a route that does not end at stops",
    RouteForbiddenStop = "route.forbidden_stop": "a route through a stop the train may not use",
    RouteGaugeChange = "route.gauge_change": "a route changing gauge where it may not",
    RouteMalformedPath = "route.malformed_path": "a route written wrongly",
    RouteNoOwnToken = "route.no_own_token": "a route that does not include one of the corporation's stations",
    RouteNoStop = "route.no_stop": "a route naming a hex with no stop",
    RoutePassesBlocked = "route.passes_blocked": "a route passing through a city full of other corporations' tokens",
    RoutePassesTerminal = "route.passes_terminal": "a route passing through an off-board or terminal",
    RouteRepeatedStop = "route.repeated_stop": "a route visiting a stop twice",
    RouteRepeatedTrack = "route.repeated_track": "a route using a track twice",
    RouteReverses = "route.reverses": "a route reversing at a junction",
    RouteTooFewCities = "route.too_few_cities": "a route with fewer cities than the train needs",
    RouteTooFewStops = "route.too_few_stops": "a route with fewer stops than the train needs",
    RouteTooLong = "route.too_long": "a route longer than the train",
    RouteTooManyStops = "route.too_many_stops": "a route with more stops than the train counts",
    RouteUnknownPath = "route.unknown_path": "a route naming track that is not there",
    RouteUnknownTrain = "route.unknown_train": "a route for a train the corporation does not own",
    RouteWhichStop = "route.which_stop": "a hex with several stations named without the station",
    RouteWrongGauge = "route.wrong_gauge": "a route over track of a gauge the train cannot use",
    RunMustRun = "run.must_run": "declining to run trains that have a route",
    RunNotBest = "run.not_best": "routes earning less than the best, where the best must be taken",
    RunSharedTrack = "run.shared_track": "two trains of one corporation on the same track",
    RunTrainRunsTwice = "run.train_runs_twice": "one train given two routes",
    StepMustAct = "step.must_act": "passing a step that must be done",
    StockAlreadyStarted = "stock.already_started": "starting a corporation already started",
    StockBoughtAfterSold = "stock.bought_after_sold": "buying a corporation sold earlier in the round",
    StockCertLimit = "stock.cert_limit": "buying beyond the certificate limit",
    StockCertLimitOver = "stock.cert_limit_over": "buying while over the certificate limit",
    StockClosedThisRound = "stock.closed_this_round": "starting a corporation closed this round",
    StockCompanyNotForSale = "stock.company_not_for_sale": "buying a company that is not for sale in the stock round",
    StockMaxHolding = "stock.max_holding": "holding more of a corporation than allowed",
    StockNoneThere = "stock.none_there": "buying a certificate that is not in the treasury, pool or investor's holding named",
    StockNoInvestor = "stock.no_investor": "buying from an investor the title does not have",
    StockNotStarted = "stock.not_started": "buying a corporation not yet started",
    StockOneBuy = "stock.one_buy": "a second purchase in one stock turn",
    StockParExtra = "stock.par_extra": "starting with certificates that are not ordinary treasury ones",
    StockParPrice = "stock.par_price": "a starting price not offered",
    StockPoolLimit = "stock.pool_limit": "selling beyond the pool's limit",
    StockPresidentCert = "stock.president_cert": "selling the president's certificate",
    StockSellAfterBuy = "stock.sell_after_buy": "selling after buying in a stock turn",
    StockOneSale = "stock.one_sale": "a second sale of one corporation in a stock turn (one_sale_per_corporation)",
    StockSellBeforeOperating = "stock.sell_before_operating": "selling a corporation that has not operated",
    StockSellCompany = "stock.sell_company": "selling a company to the bank",
    StockSellExact = "stock.sell_exact": "certificates that do not add up to the percent sold",
    StockSellNotOwned = "stock.sell_not_owned": "selling a certificate not held",
    StockSellNothing = "stock.sell_nothing": "selling nothing",
    StockSellUnstarted = "stock.sell_unstarted": "selling a corporation not started",
    StockStartOrder = "stock.start_order": "starting a corporation out of its order",
    StockSwapChoice = "stock.swap_choice": "a presidency exchange that is not offered",
    TileBlocked = "tile.blocked": "laying on a hex blocked by a company",
    TileColourOrder = "tile.colour_order": "an upgrade skipping or reversing colours",
    TileColourPhase = "tile.colour_phase": "a tile colour the phase does not allow",
    TileConnection = "tile.connection": "a tile that does not connect to the corporation's track",
    TileExits = "tile.exits": "a tile with exits off the map or into impassable sides",
    TileGauge = "tile.gauge": "a tile of a gauge that does not fit",
    TileGeometry = "tile.geometry": "an upgrade that breaks existing track",
    TileHidden = "tile.hidden": "a tile only placed by a special ability",
    TileLabel = "tile.label": "a tile without the label the hex needs",
    TileLocked = "tile.locked": "laying on a hex a script has locked",
    TileOnePerTurn = "tile.one_per_turn": "a second tile in one turn",
    TilePermanent = "tile.permanent": "laying on a permanent hex",
    TileReplace = "tile.replace": "a replacing tile without the hex's stops",
    TileRevert = "tile.revert": "reverting a hex whose tokens do not fit the printed tile",
    TileRotation = "tile.rotation": "a rotation outside 0 to 5",
    TileStops = "tile.stops": "a tile whose stops do not match an empty hex's (city, town, double town, plain)",
    TileSupply = "tile.supply": "a tile with no copy left",
    TileUnknown = "tile.unknown": "a tile name that does not exist",
    TileUpgradeList = "tile.upgrade_list": "an upgrade the old tile does not list",
    TileUpgradeRoute = "tile.upgrade_route": "an upgrade whose added track or raised station the corporation cannot reach",
    TokenNoCity = "token.no_city": "a station in a city the hex does not have",
    TokenNoSlot = "token.no_slot": "a station in a city with no free slot",
    TokenNoneLeft = "token.none_left": "a station by a corporation with no token left",
    TokenNoneThere = "token.none_there": "removing a station that is not there",
    TokenOnePerTurn = "token.one_per_turn": "a second station in one turn",
    TokenSameHex = "token.same_hex": "a second station of a corporation on one hex",
    TokenUnreachable = "token.unreachable": "a station the corporation cannot reach along its track",
    TrainConsent = "train.consent": "a train sale the seller's president refused",
    TrainFlip = "train.flip": "a train side that is not showing",
    TrainKind = "train.kind": "a train of a kind the corporation may not own",
    TrainLimit = "train.limit": "a train over the phase's limit",
    TrainMustBuy = "train.must_buy": "ending the turn without a train when one must be bought",
    TrainNotAvailable = "train.not_available": "a train the bank does not sell now",
    TrainNotOwned = "train.not_owned": "a train the corporation does not own",
    TrainOwn = "train.own": "buying a train the corporation already owns",
    TrainPrice = "train.price": "a bank train at another price than its own",
    TrainPriceNeeded = "train.price_needed": "a train from a corporation without a price",
    TrainTradePrice = "train.trade_price": "a price between corporations the title does not allow",
    TrainUnknown = "train.unknown": "a train that does not exist",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_read_back() {
        for (r, k, _) in ALL {
            assert_eq!(r.key(), *k);
            assert_eq!(RuleKey::from_key(k), Some(*r));
        }
        assert_eq!(RuleKey::from_key("stock.one_buys"), None);
    }

    #[test]
    fn every_route_error_key_is_in_the_table() {
        let source = include_str!("../route/validate.rs");
        let keys: Vec<&str> = source.lines().filter_map(|l| l.split("=> \"").nth(1)).filter_map(|rest| rest.split('"').next()).collect();
        assert!(keys.len() >= 20, "the route errors' keys were not found in route/validate.rs");
        for k in keys {
            assert!(RuleKey::from_key(k).is_some(), "route error key {k} is not in the table");
        }
    }
}

//! Where the game is in its sequence of rounds, turns and steps, and the
//! decisions that interrupt it.

use super::ids::*;
use super::var::{Var, Vars};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FlowState {
    pub round: Round,
    /// Decisions that must be made before play goes on, last = first.
    pub pending: Vec<Pending>,
    /// Still in the opening rounds (index into `opening`), else in the cycle.
    pub opening: Option<usize>,
    /// Index into the title's `cycle`.
    pub cycle: usize,
    /// Stock rounds started so far.
    pub stock_rounds: u32,
    /// Operating rounds in the current set, and which one is running (1-based).
    pub set_size: u32,
    pub set_index: u32,
    /// Revenue earned by corporations so far (paid or kept): whether a
    /// set changed anything (`Engine::stalemate`).
    #[serde(default)]
    pub earned: i64,
    /// The position at the last stock rounds' starts, as a hash, and how
    /// many sets in a row left it unchanged.
    #[serde(default)]
    pub still: (u64, u32),
    /// The same for what brings the game nearer an end, whichever company
    /// holds the money and the trains (`Engine::progress_print`).
    #[serde(default)]
    pub stuck: (u64, u32),
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Round {
    /// The round's name in flow.toml.
    pub name: String,
    pub data: RoundData,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoundData {
    #[default]
    None,
    Auction(AuctionRound),
    Stock(StockRound),
    Operating(OperatingRound),
    Script(ScriptRound),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bid {
    pub company: CompanyId,
    pub player: PlayerId,
    pub price: i64,
}

/// The 1830-style private sale: buy the cheapest company at its price, bid
/// on a dearer one, or pass; bids resolve when the companies before them
/// are sold.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AuctionRound {
    pub current: PlayerId,
    /// Consecutive passes.
    pub passes: u32,
    pub bids: Vec<Bid>,
    /// Off the cheapest company's price after rounds of passes.
    pub discount: i64,
    /// The passes were all made at the current discount (who opened it).
    pub discount_opener: Option<PlayerId>,
    /// A company being resolved among its bidders.
    pub resolving: Option<CompanyId>,
    /// Bidders who dropped out of the current resolution.
    pub dropped: Vec<PlayerId>,
    /// Who plays next once the resolution chain ends.
    pub resume: Option<PlayerId>,
    /// Last player who bought a company directly at its price.
    pub last_direct_buyer: Option<PlayerId>,
    /// Last player who took a turn (for priority after a failed round).
    pub last_actor: Option<PlayerId>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StockRound {
    pub current: PlayerId,
    /// The order of turns this round (seating from the priority holder,
    /// unless the title orders players otherwise, e.g. 1844 by cash).
    #[serde(default)]
    pub order: Vec<PlayerId>,
    /// Consecutive passes: the round ends when everybody has passed in turn.
    pub passes: u32,
    /// The last player who bought or sold (priority goes to their left).
    pub last_trader: Option<PlayerId>,
    /// (player, corporation) pairs that sold this round.
    pub sold: BTreeSet<(PlayerId, CorpId)>,
    pub turn: StockTurn,
    /// Purchases per (player, company kind) this round (1844: one mountain railway).
    pub bought_kinds: BTreeMap<(PlayerId, String), u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StockTurn {
    /// Corporations sold this turn, in order.
    pub sold: Vec<CorpId>,
    /// Where each corporation sold this turn stood before its first sale
    /// (market cell, stack number): 1849-R-069 keeps their relative order.
    #[serde(default)]
    pub sold_from: Vec<(CorpId, crate::game::state::MarketPos, u64)>,
    pub bought: u32,
    /// An ability applied in this turn is the turn's purchase
    /// (`game:count_as_purchase`, 18FB's political card from the pool).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ability_purchase: bool,
    /// The corporation started this turn, and ordinary certificates of it
    /// bought since (1849-R-081: up to two more with the president's).
    pub started: Option<CorpId>,
    pub extra: u32,
    /// The investors have taken their turns before this player's
    /// (`turns = "before_each_player"`, 1865-R-037).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub investors_done: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OperatingRound {
    /// Corporations that have taken their turn this round.
    pub done: Vec<CorpId>,
    /// With a fixed operating order: the order set at the round's start.
    #[serde(default)]
    pub order: Option<Vec<CorpId>>,
    pub current: Option<CorpId>,
    /// Index into the round's steps.
    pub step: usize,
    pub turn: OrTurn,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RouteRecord {
    pub train: String,
    /// Stops as "hex" or "hex.n" (n-th stop of the hex), in travel order.
    pub stops: Vec<String>,
    /// The stops that earn, in travel order: all of them, except those an
    /// express train skips (1844-R-115). What "counted in a run" means
    /// for rules such as 1844-R-126.
    #[serde(default)]
    pub counted: Vec<String>,
    pub revenue: i64,
    /// Hexes the route crosses, in travel order.
    #[serde(default)]
    pub hexes: Vec<String>,
    /// Hexes where the route uses a path with a tag, by tag (1844 tunnels).
    #[serde(default)]
    pub path_tags: std::collections::BTreeMap<String, Vec<String>>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OrTurn {
    pub tiles: u32,
    pub tokens: u32,
    /// Revenue of the run, once the trains have run.
    pub revenue: Option<i64>,
    /// Shared: every clone of the state (a snapshot, a probe of a move)
    /// after the run would otherwise copy each route's lists of names.
    pub routes: crate::game::state::Shared<Vec<RouteRecord>>,
    pub trains_bought: u32,
    pub issued: u32,
    pub redeemed: u32,
    /// Emergency money raising has begun (a share sold for a train, or
    /// the president's money put in).
    pub emergency: bool,
    /// The president's money has paid for a train (only one may be).
    #[serde(default)]
    pub helped: bool,
    /// Steps whose work is done this turn (by name).
    pub done_steps: BTreeSet<String>,
    /// `step_started` has fired for the current step (it fires once, when
    /// the turn reaches the step; `step_ended` when the turn moves past it).
    #[serde(default)]
    pub step_started: bool,
    /// Free state for script steps.
    pub vars: Vars,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScriptRound {
    pub current: Option<Actor>,
    pub vars: BTreeMap<String, Var>,
    /// The script has ended the round.
    #[serde(default)]
    pub finished: bool,
}

/// A decision that interrupts the normal flow.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pending {
    pub actor: Actor,
    pub kind: PendingKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PendingKind {
    /// Over the train limit: discard a train to the pool.
    DiscardTrain { corp: CorpId },
    /// Choose the starting price of a corporation started outside a stock turn.
    /// `capital`: the bank gives the corporation this many times the price first (1849 RSA).
    /// `cause`: what asked for it, in words ("P5 (RSA) was bought"), so a
    /// player who tries something else learns why they must choose first.
    Par { corp: CorpId, prices: Vec<i64>, capital: u32, #[serde(default)] cause: Option<String> },
    /// Choose a home city.
    Home { corp: CorpId, choices: Vec<(HexId, u8)> },
    /// The outgoing president chooses which certificates to receive.
    PresidentSwap { corp: CorpId, from: PlayerId, options: Vec<Vec<u16>>, then_sell: u32 },
    /// A script's question: answered with `choose`.
    Choice { handler: String, prompt: String, choices: Vec<String>, data: Var },
    /// A player must pay `amount` to `to` and lacks the cash (emergency
    /// money raising, `game:raise_money`): they sell shares under the
    /// emergency rules until their cash covers it, and it is paid at once.
    /// When no sales could cover it, the core sells what can be sold, pays
    /// all the player's cash and calls the script handler's `failed`.
    RaiseMoney { to: Purse, amount: i64, handler: String, data: Var },
    /// A corporation offers `price` for a company a player owns (the
    /// title's `company_sale_consent`): the owner answers `choose accept`
    /// (the sale is made) or `choose refuse` (nothing changes).
    SaleConsent { corp: CorpId, company: CompanyId, price: i64 },
    /// A corporation offers `price` for a train of another corporation
    /// (the title's `train_sale_consent`): the seller's president answers
    /// `choose accept` (the sale is made) or `choose refuse` (nothing
    /// changes).
    TrainSaleConsent { corp: CorpId, seller: CorpId, train: TrainId, price: i64 },
}

impl PendingKind {
    /// The answers of a question answered with `choose X` from a fixed
    /// list (script questions, sale consents).
    pub fn choices(&self) -> Option<Vec<String>> {
        match self {
            PendingKind::Choice { choices, .. } => Some(choices.clone()),
            PendingKind::SaleConsent { .. } | PendingKind::TrainSaleConsent { .. } => Some(SALE_ANSWERS.iter().map(|s| s.to_string()).collect()),
            _ => None,
        }
    }
}

/// The owner's answers to an offer for their company.
pub const SALE_ANSWERS: [&str; 2] = ["accept", "refuse"];

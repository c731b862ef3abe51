//! The whole state of one game at one moment.
//!
//! Plain data: cloning it is how an action is made atomic (apply to a
//! copy's worth of changes, or restore), hashing it gives the digest that
//! tests compare, and nothing in it depends on iteration order.

use super::ids::*;
use super::var::{Var, Vars};
use crate::game::flow::FlowState;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use typed_index_collections::TiVec;

/// Copy-on-write data in the state: a clone shares it with the original
/// until one of them writes to it (writing through `DerefMut` copies it
/// first if it is shared). Snapshots (`Game::apply`) and the probes of the
/// legal moves clone the state for every action and every candidate move,
/// and most of them change little of it. Everything else is the inner
/// value's: equality, hash (so the digest), debug output and serde form.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }

    /// The same value, not a copy. While a clone is kept, the value cannot
    /// change in place (a write copies it), so a kept clone that is still
    /// `same` as the state's part means that part has not changed.
    pub fn same(&self, other: &Shared<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Shared<T> {
        Shared::new(value)
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Shared<T>, D::Error> {
        T::deserialize(d).map(Shared::new)
    }
}

impl<'a, T> IntoIterator for &'a Shared<T>
where
    &'a T: IntoIterator,
{
    type Item = <&'a T as IntoIterator>::Item;
    type IntoIter = <&'a T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (&*self.0).into_iter()
    }
}

impl<T> FromIterator<T::Item> for Shared<T>
where
    T: FromIterator<<T as IntoIterator>::Item> + IntoIterator,
{
    fn from_iter<I: IntoIterator<Item = T::Item>>(iter: I) -> Shared<T> {
        Shared::new(iter.into_iter().collect())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub cash: i64,
    /// Emergency loans taken (1849: L. 750 each off the final total).
    pub loans: u32,
    /// Left the game (scores 0, takes no turns).
    pub left: bool,
    /// Owed to the bank (1844 emergency financing): money the player
    /// receives pays it off first.
    #[serde(default)]
    pub debt: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cert {
    /// Index within the corporation's certificates (0 = president's).
    pub index: u16,
    pub percent: u8,
    pub president: bool,
    pub tag: Option<String>,
    pub owner: CertOwner,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Token {
    /// Cost to place it (0 for the home token).
    pub cost: i64,
    /// Where it stands: hex and stop index on the hex's current tile.
    pub placed: Option<(HexId, u8)>,
    /// Out of the game (1849 earthquake) until the corporation restarts.
    pub lost: bool,
}

/// A position on the stock market grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MarketPos {
    pub row: u8,
    pub col: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Corp {
    pub id: String,
    /// Index into the title's corporations.
    pub def: usize,
    /// Index into the title's corporation kinds.
    pub kind: usize,
    /// In the game at all (1849 removes one in five-corporation games).
    pub in_play: bool,
    /// The president's certificate has been bought (par set).
    pub started: bool,
    /// Launched: may operate (floated in 1830 terms).
    pub floated: bool,
    /// Operating turns completed since it last started.
    pub operated: u32,
    pub closed: bool,
    pub cash: i64,
    pub price: Option<MarketPos>,
    /// Order inside a market cell: lower = higher in the stack.
    pub stack: u64,
    pub par: Option<i64>,
    /// Reached a game-ending market cell at some point.
    pub reached_end: bool,
    pub certs: Vec<Cert>,
    pub tokens: Vec<Token>,
    /// Home city once chosen/fixed: hex and city index among the hex's cities.
    pub home: Option<(HexId, u8)>,
    /// Place in the starting order (lower starts first); `u32::MAX` = not available.
    pub start_order: u32,
    /// Index into the title's `corporation_states` (None: the title has none).
    #[serde(default)]
    pub state: Option<u16>,
    /// Started by a script with its home token left off the map
    /// (`game:start_corporation(..., { home = false })`, 18FB-R-163's
    /// waiting regional): the core places no home token until a script's
    /// `place_home` or `place_token` puts it down.
    #[serde(default)]
    pub home_waits: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Company {
    pub id: String,
    pub def: usize,
    pub owner: CompanyOwner,
    /// Its ability has been used (the certificate is flipped).
    pub used: bool,
    /// Its income now, when a script has changed it from companies.toml's
    /// (18FB's railroad cards drop to D10, R-146).
    #[serde(default)]
    pub revenue: Option<i64>,
}

impl Company {
    /// What it pays its owner at the start of each operating round.
    pub fn income(&self, t: &crate::title::Title) -> i64 {
        self.revenue.unwrap_or(t.companies[self.def].revenue)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Train {
    /// "4H-0": class name and copy number.
    pub id: String,
    pub class: u16,
    pub variant: u16,
    pub owner: TrainOwner,
    /// Has left the depot by a sale (trains removed at setup never have).
    pub sold: bool,
}

/// A hex's current state on the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HexState {
    /// A catalogue tile laid here; `None` = the pre-printed tile.
    pub tile: Option<u16>,
    pub rotation: u8,
    /// Station tokens per stop of the current tile, one entry per slot.
    /// Shared: a change of the board copies its list of hexes, and most
    /// hexes' tokens are then shared, not copied.
    pub tokens: Shared<Vec<Vec<Option<CorpId>>>>,
}

/// A corporation-specific extra value at a stop (1849 port token).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StopBonus {
    pub hex: HexId,
    pub stop: u8,
    pub corp: CorpId,
    pub amount: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub hexes: Shared<Vec<HexState>>,
    /// Copies left of each catalogue tile (-1 unlimited).
    pub supply: Vec<i32>,
    pub stop_bonuses: Vec<StopBonus>,
    /// Hexes no tile may be laid on, with the reason shown to players.
    /// (These maps are `Shared`: they change seldom, and a copy of the
    /// state copied every entry; the network memo compares them by
    /// identity first.)
    pub locked: Shared<BTreeMap<HexId, String>>,
    /// Tags added to hexes during play (1844 "mountain_railway:B1"); they
    /// count as tags of the hex's stops.
    pub markers: Shared<BTreeMap<HexId, Vec<String>>>,
    /// Stop values set during play (1844 mountain railway panels), one per
    /// revenue band, replacing the printed value.
    #[serde(default)]
    pub revenues: Shared<BTreeMap<(HexId, u8), Vec<i64>>>,
    /// What a stop's slots hold besides corporations' tokens, by (hex,
    /// stop index of the current tile): reservations, neutral tokens, the
    /// phase its slots open in (map.toml, then scripts; `game::stations`).
    #[serde(default)]
    pub marks: Shared<BTreeMap<(HexId, u8), SlotMarks>>,
}

/// A stop's reserved slots, neutral tokens and opening phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SlotMarks {
    /// One slot each that only this corporation may fill; it never blocks.
    pub reserved: Vec<CorpId>,
    /// Tokens of no corporation (18FB Bourbon tokens), by id; each fills
    /// one of the stop's empty slots and blocks like a foreign token.
    pub neutral: Vec<String>,
    /// Phase index before which the stop's empty slots take no token.
    pub opens_in_phase: Option<usize>,
}

/// How and why the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameEnd {
    /// "bank", "stock_market", "bankrupt", "one_player", "script".
    pub reason: String,
    /// Final value per player, seating order.
    pub values: Vec<i64>,
}

impl GameEnd {
    /// The wealthiest players, in seating order: one winner, or several
    /// sharing the victory when their values tie (1849-R-181, A-29).
    pub fn winners(&self) -> Vec<usize> {
        let Some(best) = self.values.iter().copied().max() else { return Vec::new() };
        (0..self.values.len()).filter(|&i| self.values[i] == best).collect()
    }
}

/// A trigger that ends the game at a later point.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndTrigger {
    /// Finish the current set of operating rounds.
    EndOfSet { reason: String },
    /// Finish the current stock round and one more set.
    AfterNextSet { reason: String },
    /// End when this corporation completes its operating turn.
    AfterTurnOf { corp: CorpId, reason: String },
    /// End when the first corporation that reached the end cell completes a turn.
    AfterFirstFlaggedTurn { reason: String },
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameState {
    pub seed: u64,
    /// Shared apart: most clones of the state (probes of moves) change no
    /// player, and each copy copied every name.
    pub players: Shared<Vec<Player>>,
    /// Each corporation shared apart: an action changes one or two.
    pub corps: TiVec<CorpId, Shared<Corp>>,
    pub companies: Shared<TiVec<CompanyId, Company>>,
    pub trains: Shared<Vec<Train>>,
    pub bank: i64,
    pub board: Board,
    pub phase: usize,
    /// Next stacking number handed to a token entering a market cell.
    pub next_stack: u64,
    pub priority: PlayerId,
    /// The seating order when a title has changed it (18FB re-seats the
    /// players by cash after the political round); empty: as they joined.
    #[serde(default)]
    pub seating: Vec<PlayerId>,
    pub cert_limit: u32,
    pub flow: FlowState,
    pub end_trigger: Option<EndTrigger>,
    /// A set-end trigger (the bank's) that a later game-end trigger took
    /// the place of, while that one may still come to nothing
    /// (`end_cell_turn = "standing"`): the game still ends when this one
    /// says, if the other has not ended it first.
    #[serde(default)]
    pub end_fallback: Option<EndTrigger>,
    pub ended: Option<GameEnd>,
    /// Title-script state.
    pub vars: Shared<Vars>,
    /// Counts actions applied (for messages and scripts).
    pub action_count: u64,
    /// Draws of `game:random` so far in the action numbered `.0` (setup
    /// is action 0): each draw of one action gives its own number.
    #[serde(default)]
    pub random_draws: (u64, u64),
}

impl GameState {
    /// Every corporation's id, in order; the iterator does not borrow the
    /// state, so a loop over it may change the state.
    pub fn corp_ids(&self) -> impl Iterator<Item = CorpId> + use<> {
        (0..self.corps.len()).map(CorpId::from)
    }
    /// Every private company's id, in order, not borrowing the state.
    pub fn company_ids(&self) -> impl Iterator<Item = CompanyId> + use<> {
        (0..self.companies.len()).map(CompanyId::from)
    }
    pub fn corp_index(&self, id: &str) -> Option<CorpId> {
        self.corps.iter().position(|c| c.id.eq_ignore_ascii_case(id)).map(CorpId::from)
    }
    pub fn company_index(&self, id: &str) -> Option<CompanyId> {
        self.companies.iter().position(|c| c.id.eq_ignore_ascii_case(id)).map(CompanyId::from)
    }
    pub fn player_index(&self, name: &str) -> Option<PlayerId> {
        self.players.iter().position(|p| p.name.eq_ignore_ascii_case(name)).map(|i| i as PlayerId)
    }
    pub fn train_index(&self, id: &str) -> Option<TrainId> {
        self.trains.iter().position(|t| t.id.eq_ignore_ascii_case(id)).map(|i| i as TrainId)
    }

    pub fn cash(&self, p: Purse) -> i64 {
        match p {
            Purse::Bank => self.bank,
            Purse::Player(i) => self.players[i as usize].cash,
            Purse::Corp(i) => self.corps[i].cash,
        }
    }

    pub fn cash_mut(&mut self, p: Purse) -> &mut i64 {
        match p {
            Purse::Bank => &mut self.bank,
            Purse::Player(i) => &mut self.players[i as usize].cash,
            Purse::Corp(i) => &mut self.corps[i].cash,
        }
    }

    /// All money in the game: constant from setup to the end.
    pub fn total_money(&self) -> i64 {
        self.bank + self.players.iter().map(|p| p.cash).sum::<i64>() + self.corps.iter().map(|c| c.cash).sum::<i64>()
    }

    /// Percent of `corp` held by `owner`.
    pub fn percent(&self, corp: CorpId, owner: CertOwner) -> u32 {
        self.corps[corp].certs.iter().filter(|c| c.owner == owner).map(|c| c.percent as u32).sum()
    }

    /// The percent of the president's certificate (20 where a title has none).
    pub fn president_percent(&self, corp: CorpId) -> u32 {
        self.corps[corp].certs.iter().find(|c| c.president).map_or(20, |c| c.percent as u32)
    }

    pub fn president(&self, corp: CorpId) -> Option<PlayerId> {
        self.corps[corp].certs.iter().find(|c| c.president).and_then(|c| match c.owner {
            CertOwner::Player(p) => Some(p),
            _ => None,
        })
    }

    pub fn active_players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.players.iter().enumerate().filter(|(_, p)| !p.left).map(|(i, _)| i as PlayerId)
    }

    /// The next player after `p` in seating order who is still in the game.
    /// The players in seating order.
    pub fn seats(&self) -> Vec<PlayerId> {
        if self.seating.is_empty() { (0..self.players.len() as PlayerId).collect() } else { self.seating.clone() }
    }

    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        if !self.seating.is_empty() {
            let at = self.seating.iter().position(|&x| x == p).unwrap_or(0);
            let n = self.seating.len();
            for k in 1..=n {
                let q = self.seating[(at + k) % n];
                if !self.players[q as usize].left {
                    return q;
                }
            }
            return p;
        }
        let n = self.players.len() as PlayerId;
        let mut q = p;
        for _ in 0..n {
            q = (q + 1) % n;
            if !self.players[q as usize].left {
                return q;
            }
        }
        p
    }

    pub fn trains_of(&self, corp: CorpId) -> Vec<TrainId> {
        self.trains.iter().enumerate().filter(|(_, t)| t.owner == TrainOwner::Corp(corp)).map(|(i, _)| i as TrainId).collect()
    }

    pub fn companies_of(&self, owner: CompanyOwner) -> Vec<CompanyId> {
        self.companies.iter().enumerate().filter(|(_, c)| c.owner == owner).map(|(i, _)| CompanyId::from(i)).collect()
    }

    pub fn var(&self, key: &str) -> Option<&Var> {
        self.vars.get(key)
    }
}

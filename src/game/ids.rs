//! Identifiers of the things a game holds. Indices into the game state's
//! vectors; names are for people and the action log.

use serde::{Deserialize, Serialize};

pub type PlayerId = u8;

/// A corporation: its index in `GameState::corps`. A type of its own, so a
/// company's or a player's number cannot be used in its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CorpId(pub u16);

/// A private company: its index in `GameState::companies`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CompanyId(pub u16);

macro_rules! index_id {
    ($id:ident) => {
        impl $id {
            /// The position in the game state's list.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl From<usize> for $id {
            /// The title loader refuses more than `limits::MAX_CORPORATIONS`
            /// corporations and `MAX_COMPANIES` companies, so this never wraps.
            fn from(i: usize) -> $id {
                debug_assert!(i <= u16::MAX as usize);
                $id(i as u16)
            }
        }
        impl From<$id> for usize {
            fn from(id: $id) -> usize {
                id.index()
            }
        }
        impl std::fmt::Display for $id {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}
index_id!(CorpId);
index_id!(CompanyId);
pub type TrainId = u32;
pub type HexId = u32;

/// An investor (title.toml's `[[investor]]`): its index in
/// `Title::investors`. Investors are part of the title, not of the state:
/// they hold certificates and their money is the bank's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct InvestorId(pub u8);

impl InvestorId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Who can hold money. All money moves between purses through the ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Purse {
    Bank,
    Player(PlayerId),
    Corp(CorpId),
}

/// Where a share certificate is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CertOwner {
    /// The corporation's own treasury (the IPO in fixed-capital titles).
    Treasury,
    Pool,
    Player(PlayerId),
    /// Held by another corporation.
    Corp(CorpId),
    /// Out of the game (the corporation closed).
    Removed,
    /// Held by an investor, a shareholder that is not a player (1865's
    /// Dragons). Last, so the other owners keep their serde form, order
    /// and hash.
    Investor(InvestorId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CompanyOwner {
    /// Not yet sold.
    Bank,
    Player(PlayerId),
    Corp(CorpId),
    Closed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TrainOwner {
    /// New, in the bank's supply.
    Depot,
    /// Used, in the bank pool.
    Pool,
    Corp(CorpId),
    /// Held by a player (1844 EVA before it is handed to a company).
    Player(PlayerId),
    /// Rusted or otherwise out of the game.
    Removed,
}

/// Who acts: the entity whose turn or decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Actor {
    Player(PlayerId),
    Corp(CorpId),
}

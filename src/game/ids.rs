//! Identifiers of the things a game holds. Indices into the game state's
//! vectors; names are for people and the action log.

use serde::{Deserialize, Serialize};

pub type PlayerId = u8;
pub type CorpId = u16;
pub type CompanyId = u16;
pub type TrainId = u32;
pub type HexId = u32;

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

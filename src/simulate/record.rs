//! What one simulated game leaves behind: the facts the statistics are
//! made of. A record is plain data (serde), so shards can be written on
//! one machine and merged on another.

use serde::{Deserialize, Serialize};

/// One complete (or abandoned) playout.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number in the study (0-based, over all shards).
    pub index: u64,
    /// The game's seed (the study's seed and the index give it).
    pub seed: u64,
    /// The bot in each seat, seating order ("greedy", "random").
    pub bots: Vec<String>,
    /// Actions applied.
    pub actions: u64,
    /// Rounds started, every kind (auction, stock, operating, script).
    pub rounds: u32,
    /// Operating rounds started.
    pub operating_rounds: u32,
    /// The rulebook's end reason ("bank", "stock_market", "bankrupt",
    /// "one_player", "stalemate", ...); `None`: the action budget ran out.
    pub end: Option<String>,
    /// A bot or the engine failed: the game stopped there (counted apart).
    pub error: Option<String>,
    /// Final value of each seat (the title's scoring), seating order.
    pub values: Vec<i64>,
    /// Seats sharing the victory (several when values tie).
    pub winners: Vec<usize>,
    /// Every corporation of the title, in the title's order.
    pub corps: Vec<CorpRecord>,
    /// Each phase reached: its name and the round (1-based, as `rounds`
    /// counts) in which it began; the starting phase begins in round 1.
    pub phases: Vec<(String, u32)>,
    /// The bank's cash at the start of each round: `bank[r]` is at the
    /// start of round `r + 1`; the last entry is the bank at the end.
    pub bank: Vec<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CorpRecord {
    pub id: String,
    /// Floated (launched) at some point of the game.
    pub floated: bool,
    /// Closed at some point (and not necessarily restarted).
    pub closed: bool,
    /// Operating turns in which it ran trains (0 revenue runs included).
    pub runs: u32,
    /// Revenue of those runs, paid or withheld.
    pub revenue: i64,
}

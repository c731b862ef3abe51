//! The players of `railhead simulate`: each seat has a bot, and the bot
//! of the acting seat chooses the next move. A corporation's moves are
//! its president's bot's; a corporation with no president is played by
//! the random bot.
//!
//! Bots work only from what every title offers: the candidate moves
//! (`Game::candidate_moves`, a superset of the legal ones: a refused move
//! is simply the next one tried, and the state is unchanged by a
//! refusal), the state, and what they have seen happen (`Memory`).

pub mod greedy;

use crate::fuzz::{MoveProblem, random_move_with};
use crate::game::Game;
use crate::game::ids::{Actor, CorpId};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The kinds of bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotKind {
    /// The fuzzer's player: a kind of move by weight, then uniformly a
    /// move of that kind.
    Random,
    /// A sensible beginner ([`greedy`]).
    Greedy,
}

impl BotKind {
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<BotKind, String> {
        match s.trim() {
            "random" => Ok(BotKind::Random),
            "greedy" => Ok(BotKind::Greedy),
            other => Err(format!("unknown bot '{other}': the bots are random and greedy")),
        }
    }
}

/// The bot of each seat from `--bots`: one name for every seat
/// ("greedy"), or one per seat ("greedy,greedy,random,random").
pub fn seat_bots(spec: &str, players: usize) -> Result<Vec<BotKind>, String> {
    let kinds: Vec<BotKind> = spec.split(',').map(str::parse).collect::<Result<_, _>>()?;
    match kinds.len() {
        1 => Ok(vec![kinds[0]; players]),
        n if n == players => Ok(kinds),
        n => Err(format!("--bots names {n} bots for {players} players: give one bot for every seat, or one per seat")),
    }
}

/// What the bots have seen of the game so far, beyond the state.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// Each corporation's last run's revenue (paid or withheld).
    pub last_revenue: Vec<Option<i64>>,
}

impl Memory {
    pub fn revenue_of(&self, c: CorpId) -> Option<i64> {
        self.last_revenue.get(usize::from(c)).copied().flatten()
    }
}

/// The bot whose turn it is (the acting corporation's president's).
pub fn acting_bot(game: &Game, bots: &[BotKind]) -> BotKind {
    let seat = match game.current_actor() {
        Some(Actor::Player(p)) => Some(p as usize),
        Some(Actor::Corp(c)) => game.state.president(c).map(|p| p as usize),
        None => None,
    };
    seat.and_then(|s| bots.get(s).copied()).unwrap_or(BotKind::Random)
}

/// Applies the acting bot's move.
pub fn play_move(game: &mut Game, bots: &[BotKind], memory: &Memory, rng: &mut ChaCha8Rng) -> Result<(), MoveProblem> {
    match acting_bot(game, bots) {
        BotKind::Random => random_move_with(game, rng, false),
        BotKind::Greedy => greedy::greedy_move(game, memory, rng),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bot_seats_everyone_and_a_list_seats_each() {
        assert_eq!(seat_bots("greedy", 3).unwrap(), vec![BotKind::Greedy; 3]);
        assert_eq!(seat_bots("greedy,random", 2).unwrap(), vec![BotKind::Greedy, BotKind::Random]);
    }

    #[test]
    fn a_wrong_bot_list_is_refused_with_the_reason() {
        assert!(seat_bots("greedy,random", 4).unwrap_err().contains("2 bots for 4 players"));
        assert!(seat_bots("clever", 4).unwrap_err().contains("unknown bot 'clever'"));
    }
}

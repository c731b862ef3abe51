//! `railhead simulate`: complete games played by bots, many at a time,
//! and the statistics a designer reads from them.
//!
//! - `bots`: the random and greedy players;
//! - `playout`: one game, and the record it leaves (`record`);
//! - `runner`: many games on several threads.

pub mod bots;
pub mod playout;
pub mod record;
pub mod runner;

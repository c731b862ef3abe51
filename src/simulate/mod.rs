//! `railhead simulate`: complete games played by bots, many at a time,
//! and the statistics a designer reads from them (what a house rule does
//! to a game).
//!
//! - `bots`: the random and greedy players;
//! - `playout`: one game, and the record it leaves (`record`);
//! - `runner`: many games on several threads;
//! - `stats` (with `tally`): records aggregated into a mergeable study
//!   (integer tallies, so shards merge exactly);
//! - `summary` and `compare` (with `estimate`): the figures with their
//!   intervals, and the differences between two option sets;
//! - `report` and `plot`: text, JSON, CSV and SVG charts.

pub mod bots;
pub mod compare;
pub mod estimate;
pub mod playout;
pub mod plot;
pub mod record;
pub mod report;
pub mod runner;
pub mod stats;
pub mod summary;
pub mod tally;
#[cfg(test)]
mod testkit;

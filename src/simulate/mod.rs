//! Batch playouts by bots, for designers asking what a house rule does to
//! a game. `record` is what one playout leaves; `stats` aggregates records
//! into a mergeable study; `summary` and `compare` compute the figures
//! with their intervals; `report` and `plot` write them out.

pub mod compare;
pub mod estimate;
pub mod record;
pub mod stats;
pub mod summary;
pub mod tally;
#[cfg(test)]
mod testkit;
pub mod report;
pub mod plot;

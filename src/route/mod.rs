//! Route search: the maximum-revenue runs of a corporation's trains.
//!
//! - `model`: the input and output types (the contract with the game).
//! - `validate`: checks a route or a run against every rule and values it.
//! - `search`: the exact, fast search ([`best_run`]).
//! - `checker`: a slow, obviously correct search for tests.
//! - `synthetic`: dense late-game problems for benchmarks.

mod bitset;
pub mod checker;
mod enumerate;
pub mod model;
mod prep;
pub mod search;
pub mod synthetic;
pub mod validate;
#[cfg(test)]
mod testkit;
mod value;

pub use model::*;
pub use search::{best_run, best_run_with};
pub use validate::{RouteError, validate_route, validate_route_from, validate_run};

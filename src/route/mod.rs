//! Route search: the maximum-revenue runs of a corporation's trains.
//!
//! - `model`: the input and output types (the contract with the game).
//! - `validate`: checks a route or a run against every rule and values it
//!   ([`validate_route`], [`validate_run`], [`RouteError`] with stable
//!   `rule()` keys).
//! - `search`: the exact, fast search ([`best_run`], [`best_run_with`]).
//! - `checker`: a slow, obviously correct search for tests.
//! - `synthetic`: dense late-game problems for benchmarks.
//! - internals: `value` (route valuation shared by validator and search),
//!   `prep` (stretch graph per kind of train), `enumerate` (bounded DFS
//!   over routes), `bitset`.
//!
//! Conventions the model leaves open, decided here:
//! - `PathTagBonus::tag`, like `forbidden_tags` and multiplier tags, is a
//!   mask (a path earns the bonus if it has any of its bits); pair bonus
//!   groups are bit numbers, as documented in the model.
//! - Without the gauge rule a hex crossing costs the gauge of the path it
//!   enters, so a route's length can depend on its direction; a route is
//!   legal if it fits its budget in the direction given (the search returns
//!   a legal direction).
//! - A route needs at least one path; stops sharing a `location` are one
//!   stop; an express route earns a pair bonus only if both end stops are
//!   counted.
//!
//! Performance notes: see `search.rs`. Known weak spot: a company with two
//! or more express/unlimited trains on a dense map (for instance 8E + 8E
//! on the synthetic 1844 map takes minutes), because only the last of them
//! can be searched by value alone. The earlier ones skip routes dominated
//! by a sub-trail (trimmed to their counted ends, or a prefix route earning
//! as much), which is not enough: each remaining route of the first still
//! triggers a full search for the last.

mod bitset;
pub mod budget;
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

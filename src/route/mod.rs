//! Route search: the maximum-revenue runs of a corporation's trains.

pub mod model;

pub use model::*;

//! railhead: a rules engine for 18xx railway board games.
//!
//! See ARCHITECTURE.md for the bird's-eye view and the code map.

pub mod route;
pub mod title;
pub mod hex;
pub mod tile;

//! railhead: a rules engine for 18xx railway board games.
//!
//! See ARCHITECTURE.md for the bird's-eye view and the code map.

pub mod game;
pub mod hex;
pub mod repl;
pub mod route;
pub mod scenario;
pub mod script;
pub mod tile;
pub mod title;
pub mod fuzz;
pub mod import;
pub mod bench;
pub mod limits;
pub mod live;
pub mod render;
pub mod simulate;

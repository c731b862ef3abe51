//! Titles: the TOML data and Lua scripts that define a game.

pub mod schema;

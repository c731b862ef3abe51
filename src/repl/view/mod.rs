//! Read-only views of a game: each builds its text and its JSON together.

pub mod companies;
pub mod corps;
pub mod hex;
pub mod log;
pub mod map;
mod map_cell;
mod map_legend;
pub mod market;
pub mod moves;
pub mod names;
pub mod players;
pub mod prompt;
pub mod routes;
pub mod show;
pub mod status;
pub mod tile;
mod train_classes;
pub mod trains;

//! The typed shape of a title folder's TOML files.
//!
//! Every struct refuses unknown keys, so a typo in title data is an error
//! that names the file, the key path and the line (see `load.rs`), never a
//! silently ignored setting. Title-specific data that only Lua scripts read
//! goes in a `props` table, the one place where any key is accepted.
//!
//! The format is documented for designers in `docs/title-format.md`; keep
//! the two in step.

/// Free-form data for title scripts (`props` in any table).
pub type Props = toml::Table;

mod bounds;
mod title_file;
mod settings;
mod map;
mod tiles;
mod market;
mod companies;
mod trains;
mod phases;
mod flow;

pub use title_file::*;
pub use settings::*;
pub use map::*;
pub use tiles::*;
pub use market::*;
pub use companies::*;
pub use trains::*;
pub use phases::*;
pub use flow::*;

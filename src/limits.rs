//! Every bound railhead puts on what it is given: title data, script
//! behaviour, what scripts store through the game API, save files and
//! records. They are in one place so that the docs, the error messages and
//! the tests quote the same numbers.
//!
//! A title folder travels between designers and a save between players, so
//! each of them is untrusted input: the bounds keep any input from
//! exhausting the machine (memory, time) or overflowing the arithmetic,
//! and each one is reported as an error naming what broke it.

/// The largest amount of money anything may hold or move: bank cash, a
/// price, a payment, a debt. Sums of a few such amounts stay far inside
/// `i64`, and no real title comes near it.
pub const MAX_AMOUNT: i64 = 1_000_000_000_000;

// ------------------------------------------------------------ title files
//
// The real titles' files are at most a few tens of KB (1844's map.toml,
// the largest, is 21 KB), and the four titles planned are 1849, 1844,
// 1865 Sardinia and 18FB. Each bound below is far above what any of them
// needs, and each is quoted in docs/title-format.md.

/// The largest file read from a title folder (TOML, Lua, scenario test).
/// The size is checked before the file is read: parsing TOML takes about
/// fifty times the file's size in memory.
pub const MAX_TITLE_FILE_BYTES: u64 = 4 << 20;

/// Lua files listed in title.toml's `scripts` (1844: 12).
pub const MAX_SCRIPTS: usize = 100;

/// Options (`[[option]]`) of a title: `railhead check` loads the title once
/// per option (1849: 8).
pub const MAX_OPTIONS: usize = 100;

/// Players at one table, the most a `[[player_count]]` may name (1844: 7).
pub const MAX_PLAYERS: usize = 20;

/// Hexes of the map, counting every label of every `at` (1844: 131).
pub const MAX_HEXES: usize = 2_000;

/// The map's data as the engine holds it: each entry of map.toml, with
/// the pre-printed tile it names, copied for every hex its `at` lists,
/// measured as JSON (1844: 37 KB).
pub const MAX_MAP_COPY_BYTES: u64 = 8 << 20;

/// Stops of one hex or tile: paths name them `s0` to `s9` (1844: 2).
pub const MAX_STOPS_PER_HEX: usize = 10;

/// Token slots of one city (1844: 4).
pub const MAX_CITY_SLOTS: i64 = 20;

/// Values of one banded revenue, and so the highest `revenue_band` + 1
/// (1849: 3).
pub const MAX_REVENUE_BANDS: usize = 20;

/// Tile kinds (`[[tile]]`) of a title (1849: 97).
pub const MAX_TILE_KINDS: usize = 2_000;

/// Copies of one tile kind in the supply, besides -1 for unlimited
/// (1844: 11).
pub const MAX_TILES_PER_KIND: i64 = 1_000;

/// Rows and columns of the stock market (1849: 10 rows; 1844: 18 columns).
pub const MAX_MARKET_ROWS: usize = 100;
pub const MAX_MARKET_COLUMNS: usize = 100;

/// Corporations (`[[corporation]]`) of a title (1844: 15).
pub const MAX_CORPORATIONS: usize = 200;

/// Private and other companies (`[[company]]`) of a title (1844: 17).
pub const MAX_COMPANIES: usize = 200;

/// Certificates of one corporation: each is at least 1 % of it
/// (1844: 15).
pub const MAX_CERTIFICATES: i64 = 100;

/// Station tokens of one corporation (1844: 5).
pub const MAX_TOKENS: usize = 50;

/// Train classes (`[[train]]`) of a title (1849 and 1844: 8).
pub const MAX_TRAIN_CLASSES: usize = 100;

/// Cards of one train class in the depot, besides -1 for unlimited: each
/// is a train in every copy of the game's state (1844: 13).
pub const MAX_TRAINS_PER_CLASS: i64 = 1_000;

/// A train's reach: the stops it counts or the hexes it may run, and the
/// cost of one hex along a gauge (1849: 16 hexes).
pub const MAX_TRAIN_DISTANCE: i64 = 100;

/// A multiplier: of a stop's value for a train (1849's E: 2), or of the
/// par price for a fixed capital (1844: 10).
pub const MAX_MULTIPLIER: i64 = 100;

/// Phases of a title (1844: 7).
pub const MAX_PHASES: usize = 100;

/// Operating rounds in one set (1849 and 1844: 3).
pub const MAX_OPERATING_ROUNDS: i64 = 10;

/// A train limit (1849: 4).
pub const MAX_TRAIN_LIMIT: i64 = 100;

/// Interest added to a debt, in percent (1844: 50).
pub const MAX_INTEREST_PERCENT: i64 = 1_000;

// ------------------------------------------------------------ the REPL

/// The longest command line `railhead play` reads from a pipe; a longer
/// one is reported and skipped rather than held in memory.
pub const MAX_COMMAND_BYTES: u64 = 1 << 20;

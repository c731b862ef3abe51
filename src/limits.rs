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

/// Lua VM instructions one call into a title script may run (a hook, an
/// event handler, a step's function): about 5 ms. Library functions that
/// loop in C charge their work to the same budget (`script::bounded`).
/// The real titles' longest call runs about 3,000.
pub const SCRIPT_INSTRUCTIONS_PER_CALL: u64 = 1_000_000;

/// Lua VM instructions all the script calls of one action may run
/// together, counting each call as at least `script::budget::HOOK_EVERY`,
/// so that a hook staying just under the per-call budget cannot make
/// every action slow. The real titles' busiest action runs about 50,000
/// (the replays and the scenario tests). So an import or a replay takes
/// at most about 10 ms an action whatever the scripts do: a hook run
/// after every action and staying under this bound makes the 475 actions
/// of a recorded 1849 game replay in about 1.5 s instead of 0.04 s.
pub const SCRIPT_INSTRUCTIONS_PER_ACTION: u64 = 2_000_000;

/// The same for one question about the game that asks the scripts about
/// many moves (its legal moves, a REPL view) and for loading the scripts.
/// The busiest seen in random 1844 games is about 1,200,000.
pub const SCRIPT_INSTRUCTIONS_PER_QUERY: u64 = 40_000_000;

/// Memory the Lua state of a title's scripts may use. The real titles'
/// states hold under 200 KiB after loading. The cap also bounds the
/// longest string (building one takes twice its size, about 30 MiB), and
/// so the work one VM instruction can do on one: copying the longest
/// string takes milliseconds, which `SCRIPT_SECONDS_PER_CALL` bounds.
pub const SCRIPT_MEMORY: usize = 64 * 1024 * 1024;

/// Seconds one call into a title script may run by the clock: the last
/// resort for work no count sees (see `script::budget`). A whole per-call
/// instruction budget runs in about 5 ms.
pub const SCRIPT_SECONDS_PER_CALL: f64 = 3.0;

/// Lines one call into a title script may print (to stderr); the rest of
/// the call's output is dropped, with a line saying so.
pub const SCRIPT_PRINTS_PER_CALL: u32 = 1_000;

/// Lua VM instructions one scenario test (`railhead test`) may run in its
/// own Lua state, library work included. Tests are the tester's code, not
/// a title's, and may loop over whole games.
pub const TEST_INSTRUCTIONS_PER_CASE: u64 = 20_000_000;

/// The largest count a script may pass: steps on the market, a
/// certificate limit, trains to take out, a die's sides, a starting
/// capital in multiples of the price. Far above any real count, and small
/// enough that a count times an amount stays inside `i64`.
pub const MAX_COUNT: i64 = 1_000_000;

// ---------------------------------------------------------------------
// What scripts keep through the game API. It lives in Rust, where the Lua
// memory cap does not see it, and in every snapshot of the state, so each
// kind of thing a script can store or grow has its bound. Measured on the
// real titles (the scenario tests of 1849 and 1844, the recorded games of
// tests/import.rs and the fuzzer's games), each is at least 100 times what
// they use, and all of them together stay far below what a machine has.

/// The longest name a script gives: a var key, a marker tag, a handler or
/// step name, one answer to a question (real: 32 bytes).
pub const MAX_NAME_BYTES: usize = 256;

/// The longest text a script has kept or shown: a log line, a question's
/// prompt, the reason a hex is locked or the game ends (real: 103 bytes).
pub const MAX_TEXT_BYTES: usize = 4096;

/// The largest value one var may hold (`game:set_var`,
/// `game:set_turn_var`, the data handed to a question's handler), by
/// `Var::weight`: 16 bytes a value plus its strings and keys (real: 184).
pub const MAX_VAR_BYTES: usize = 256 * 1024;

/// All the game's vars together, keys included (real: 2,585 bytes); the
/// vars of one operating turn have the same bound apart (real: 26).
pub const MAX_VARS_BYTES: usize = 4 * 1024 * 1024;

/// Lines added to the game log in one action (real: 1,076, a long
/// automatic run of the engine's own lines).
pub const MAX_LOG_LINES: usize = 100_000;

/// Bytes the game log may grow by in one action (real: 30,378).
pub const MAX_LOG_BYTES: usize = 4 * 1024 * 1024;

/// Events waiting for their handlers at once (real: 13).
pub const MAX_EVENTS: usize = 1_000;

/// Questions waiting for an answer at once (real: 2).
pub const MAX_PENDING: usize = 32;

/// Fields one `game:*_fields(id, ...)` call reads: each comes back as a
/// value on the Lua stack, which a script cannot grow without bound.
pub const MAX_FIELDS_PER_READ: usize = 32;

/// Answers one question offers (real: 21).
pub const MAX_CHOICES: usize = 1_000;

/// Markers on the whole board (real: 7).
pub const MAX_MARKERS: usize = 10_000;

/// Stop bonuses on the whole board (real: 1).
pub const MAX_STOP_BONUSES: usize = 10_000;

/// Values of one banded revenue, in the title data or set on a stop by a
/// script, and so the highest `revenue_band` + 1 (real: 4).
pub const MAX_REVENUE_BANDS: usize = 64;

/// Station tokens of one corporation, in the title data or set by a
/// script (1844: 5 in the data, 10 after a merger).
pub const MAX_TOKENS: usize = 100;

/// Trains in the game, those of unlimited classes made as they are
/// needed included (real: 51).
pub const MAX_TRAINS: usize = 10_000;

/// Steps marked done in one operating turn (real: 8).
pub const MAX_DONE_STEPS: usize = 1_000;

/// Direct routes one query (`graph::direct_routes`, `game:direct_routes`)
/// lists at most; further ones are left out and the answer says it is
/// incomplete. A direct route passes only through towns, so a real
/// board has a handful from any city.
pub const MAX_DIRECT_ROUTES: usize = 1_000;

/// Track pieces one direct-route query may step along in all (its walk
/// tries every simple route, which on a dense web of towns could grow
/// without end); past it the answer is cut short like past
/// `MAX_DIRECT_ROUTES`.
pub const MAX_DIRECT_ROUTE_STEPS: usize = 200_000;

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

/// Titles that extend one another (`extends`): a house rule of an edition
/// of a title is three.
pub const MAX_EXTENDS: usize = 8;

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

/// Tile kinds (`[[tile]]`) of a title (1849: 97).
pub const MAX_TILE_KINDS: usize = 2_000;

/// Copies of one tile kind in the supply, besides -1 for unlimited
/// (1844: 11).
pub const MAX_TILES_PER_KIND: i64 = 1_000;

/// Rows and columns of the stock market (1849: 10 rows; 1844: 18 columns).
pub const MAX_MARKET_ROWS: usize = 100;
pub const MAX_MARKET_COLUMNS: usize = 100;

/// Named price grids of the market (`[prices]`; 1865: 2).
pub const MAX_PRICE_TABLES: usize = 16;

/// Investors (`[[investor]]`) of a title (1865: 1).
pub const MAX_INVESTORS: usize = 16;

/// Corporations (`[[corporation]]`) of a title (1844: 15).
pub const MAX_CORPORATIONS: usize = 200;

/// Private and other companies (`[[company]]`) of a title (1844: 17).
pub const MAX_COMPANIES: usize = 200;

/// Certificates of one corporation: each is at least 1 % of it
/// (1844: 15).
pub const MAX_CERTIFICATES: i64 = 100;

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

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

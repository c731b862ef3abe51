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

/// The most cards a train class may have (`count` in trains.toml; -1
/// still means unlimited). A game deals every card into the depot when it
/// starts, so a count in the billions exhausted the memory; real titles
/// have a few dozen.
pub const MAX_TRAINS_PER_CLASS: i32 = 1_000;

/// The most certificates a corporation may have (the `count`s of its
/// kind's certificates together). A game deals them all when it starts,
/// and certificates of 0 % add nothing to the 100 % check, so without
/// this bound billions of them passed; a certificate's number is a u16.
pub const MAX_CERTIFICATES: u64 = 100;

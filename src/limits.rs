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
/// event handler, a step's function): about 10 ms. Library functions that
/// loop in C charge their work to the same budget (`script::bounded`).
/// The real titles' longest call runs about 3,000.
pub const SCRIPT_INSTRUCTIONS_PER_CALL: u64 = 2_000_000;

/// Lua VM instructions all the script calls of one action may run
/// together, counting each call as at least `script::budget::HOOK_EVERY`,
/// so that a hook staying just under the per-call budget cannot make
/// every action slow. The real titles' busiest action runs about 50,000
/// (the replays and the scenario tests).
pub const SCRIPT_INSTRUCTIONS_PER_ACTION: u64 = 4_000_000;

/// The same for one question about the game that asks the scripts about
/// many moves (its legal moves, a REPL view) and for loading the scripts.
/// The busiest seen in random 1844 games is about 1,200,000.
pub const SCRIPT_INSTRUCTIONS_PER_QUERY: u64 = 40_000_000;

/// Memory the Lua state of a title's scripts may use. The real titles'
/// states hold under 200 KiB after loading. The cap also bounds the
/// longest string, and so the work one VM instruction can do on one.
pub const SCRIPT_MEMORY: usize = 16 * 1024 * 1024;

/// Seconds one call into a title script may run by the clock: the last
/// resort for work no count sees (see `script::budget`). A whole per-call
/// instruction budget runs in about 10 ms.
pub const SCRIPT_SECONDS_PER_CALL: f64 = 3.0;

/// Lines one call into a title script may print (to stderr); the rest of
/// the call's output is dropped, with a line saying so.
pub const SCRIPT_PRINTS_PER_CALL: u32 = 1_000;

/// Lua VM instructions one scenario test (`railhead test`) may run in its
/// own Lua state, library work included. Tests are the tester's code, not
/// a title's, and may loop over whole games.
pub const TEST_INSTRUCTIONS_PER_CASE: u64 = 20_000_000;

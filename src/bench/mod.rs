//! Performance harness (`railhead bench`).
//!
//! - `positions`: what `bench routes` measures: every recorded run of the
//!   18xx.games fixtures that replay (collected through the importer's
//!   route check, `import::routes`), and the synthetic worst cases.
//! - `worker`: route searches timed in a child process, so a search over
//!   the per-position cap can be stopped.
//! - `measure`: repeats, the cap, several workers at once.
//! - `report`: rows, per-class and per-fixture summaries, text or JSON.
//! - `reference`: the website engine's figures on this machine class.
//! - `replay`: `bench replay`, whole imports timed.
//! - `website`: the website's engine (Ruby) timed beside ours, on request.
//! - `playouts`: `bench playouts`, complete random games per second.
//!
//! Nothing here is a pass/fail test: timings depend on the machine.

pub mod full_board;
pub mod measure;
pub mod playouts;
pub mod positions;
pub mod reference;
pub mod replay;
pub mod website;
pub mod report;
pub mod worker;

/// How this binary was built (build.rs): optimized or not, profile-guided
/// or not. Printed with every benchmark, since the same engine times
/// differently by build.
pub const BUILD: &str = env!("RAILHEAD_BUILD");

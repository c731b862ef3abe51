//! The 18xx.games website engine's own figures, to compare with.
//!
//! Auto-router (`ROUTER`): measured with the website's engine (tobymao/18xx,
//! commit 111f7f698 of 2026-08-02) run headless on this machine class (2
//! cores, shared, load about 5-6), by the project's oracle tools outside
//! this repository (`tobymao-tools`: `autoroute.rb --all` and `run.js
//! autoroute --all`). "MRI" is plain Ruby 3.1.2; "Opal" is the code the
//! website runs in the browser, compiled with Opal 1.8.2 and run on Node
//! 20. Times are wall time per position, including its path walk, over
//! every recorded run of the fixture with an empty starting route set.
//!
//! Replays (`REPLAY`): `Engine::Game.load` of the same commit on Ruby
//! 3.1.2, measured with `bench replay --website` beside ours on a quiet
//! machine (2026-11-30), which measures them again in any run where Ruby
//! and a checkout are at hand.

/// The auto-router over the recorded runs of one fixture.
pub struct RouterReference {
    /// Fixture file name.
    pub fixture: &'static str,
    pub runtime: &'static str,
    pub positions: usize,
    pub median_seconds: f64,
    pub max_seconds: f64,
}

/// How the auto-router figures were measured, printed beside their ratios.
/// Not measured again beside ours: its route combination runs in the
/// browser's JavaScript (`%x{}` in auto_router.rb), which plain Ruby
/// cannot run, and the oracle tools that ported it are not in this
/// repository. The replay figures measured the same way were 2.1-2.7x
/// slower than the same engine measured quiet (`REPLAY`), so these
/// ratios are likely overstated about as much.
pub const ROUTER_MEASURED: &str = "their times measured on a loaded machine (load 5-6), 2026-08, not beside ours: the replay figures measured so were 2.1-2.7x slow, so these ratios are likely overstated about as much";

pub const ROUTER: &[RouterReference] = &[
    RouterReference { fixture: "1849_game_end_bank.json", runtime: "MRI", positions: 54, median_seconds: 0.031, max_seconds: 1.24 },
    RouterReference { fixture: "1849_game_end_bank.json", runtime: "Opal/JS", positions: 54, median_seconds: 0.20, max_seconds: 10.2 },
    RouterReference { fixture: "1844_game_end_bankrupt.json", runtime: "MRI", positions: 70, median_seconds: 0.0017, max_seconds: 0.60 },
    RouterReference { fixture: "1844_game_end_bankrupt.json", runtime: "Opal/JS", positions: 70, median_seconds: 0.017, max_seconds: 4.7 },
];

/// A whole replay of one fixture (`Engine::Game.load` on the parsed JSON,
/// median of 5-7; engine boot and JSON parsing not included).
pub struct ReplayReference {
    pub fixture: &'static str,
    pub runtime: &'static str,
    pub wall_seconds: f64,
    pub cpu_seconds: Option<f64>,
    /// Where and how the figure was measured. Machines here differ by
    /// several times in speed, so a ratio means something only against a
    /// figure measured beside ours (`side_by_side`).
    pub measured: &'static str,
    /// Measured on the same machine, in the same sitting, as our own
    /// `bench replay` (the ratio holds); otherwise the ratio is only
    /// indicative.
    pub side_by_side: bool,
}

/// Measured side by side with `bench replay --website` (the website's
/// engine at the commit above, Ruby 3.1.2, right after ours, median of 9)
/// on a quiet 2-core machine of this class. Where no Ruby is installed (CI
/// has none) these stand in, and the ratio holds only as far as the
/// machine is as quiet. The figures first stored here (0.413 s and
/// 0.874 s, 2026-11; 0.14 s, 2026-08) were measured under load, 2.1-2.7x
/// slower than the same engine quiet, and overstated our ratios as much.
const SIDE_BY_SIDE: &str = "stored, measured with bench replay --website on a quiet 2-core machine, 2026-11-30";

pub const REPLAY: &[ReplayReference] = &[
    ReplayReference { fixture: "1849_game_end_bank.json", runtime: "MRI", wall_seconds: 0.170, cpu_seconds: None, measured: SIDE_BY_SIDE, side_by_side: true },
    ReplayReference { fixture: "1844_game_end_bankrupt.json", runtime: "MRI", wall_seconds: 0.3184, cpu_seconds: None, measured: SIDE_BY_SIDE, side_by_side: true },
    ReplayReference { fixture: "variants_test.json", runtime: "MRI", wall_seconds: 0.150, cpu_seconds: None, measured: SIDE_BY_SIDE, side_by_side: true },
    ReplayReference { fixture: "buy_tokens.json", runtime: "MRI", wall_seconds: 0.0164, cpu_seconds: None, measured: SIDE_BY_SIDE, side_by_side: true },
    // bonds_and_electric_dreams.json: that engine refuses its options
    // (Electric Dreams without Buy Tokens), so it has no figure.
];

/// Whole replays: at least this many times faster than the website's
/// engine on each fixture (issue 21).
pub const TARGET_REPLAY_SPEEDUP: f64 = 50.0;

/// Random playouts with every invariant check (`railhead fuzz`, one
/// thread), games per second: 1849 with 4 players, 1844 with 5 (issue 21).
pub const TARGET_PLAYOUTS: &[(&str, u8, f64)] = &[("1849", 4, 100.0), ("1844", 5, 30.0)];

/// The targets of shared/DESIGN.md ("Route search").
pub const TARGET_REAL_MEDIAN_SECONDS: f64 = 0.001;
pub const TARGET_SYNTHETIC_MAX_SECONDS: f64 = 1.0;
pub const TARGET_SPEEDUP: f64 = 100.0;

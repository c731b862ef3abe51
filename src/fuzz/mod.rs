//! Random playouts: complete games choosing uniformly among the legal
//! moves, checking the invariants after every action.
//!
//! Checked after each action: money is conserved, each corporation's
//! certificates add up to 100 %, nobody's cash is negative, no panic. At
//! intervals: a refused action leaves the state unchanged (equal to a
//! copy taken before it, part by part), and a save/load round trip gives
//! the same digest.

pub mod replay;
pub mod input;

use crate::game::action::{Action, LegalMove};
use crate::game::save::SaveFile;
use crate::game::{Game, Setup};
use crate::script::ScriptHost;
use crate::title::Title;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct FuzzConfig {
    pub games: u32,
    /// The index of the first game: the batch is games `first_game ..
    /// first_game + games` of those seeded `seed` (a shard of a larger
    /// batch, `fuzz --shard`).
    pub first_game: u32,
    pub seed: u64,
    pub players: u8,
    /// A game still running after this many actions counts as unfinished.
    pub max_actions: u32,
    /// Every this many actions: the refused-action and save/load checks.
    pub deep_check_every: u32,
    /// Where a game with a violation is saved (as a railhead game file that
    /// `railhead play --load` opens at the failing position).
    pub save_failures: Option<std::path::PathBuf>,
    /// Calls hook definitions their `when` guard leaves out and makes any
    /// answer but the default a violation (`script::guard`).
    pub check_guards: bool,
    /// Times the scripts' functions and the `game` methods they call
    /// (`FuzzReport::script_profile`).
    pub profile_scripts: bool,
    /// Keeps each game's final state digest (`FuzzReport::digests`).
    pub digests: bool,
}

impl Default for FuzzConfig {
    fn default() -> Self {
        FuzzConfig {
            games: 10,
            first_game: 0,
            seed: 1,
            players: 4,
            max_actions: 20_000,
            deep_check_every: 2_000,
            save_failures: None,
            check_guards: false,
            profile_scripts: false,
            digests: false,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct FuzzReport {
    pub games: u32,
    pub finished: u32,
    pub actions: u64,
    pub violations: Vec<String>,
    pub seconds: f64,
    /// Game end reasons and how often.
    pub reasons: std::collections::BTreeMap<String, u32>,
    /// Seeds of the games still running at the action budget (saved with
    /// `save_failures`, to see what kept them going).
    pub unfinished: Vec<u64>,
    /// How many games ended in each phase (by name), for how far random
    /// play gets (18FB: Unification at PH5, RM / RA at PH6).
    pub final_phases: std::collections::BTreeMap<String, u32>,
    /// With `profile_scripts`: the live games' calls into the scripts
    /// (the save/load checks' replays left out), all threads together.
    pub script_profile: crate::script::profile::ScriptProfile,
    /// With `digests`: (seed, final state digest) of each game, by seed.
    /// The same title, seed and options give the same digests whatever
    /// the thread count: a change to a title's scripts that leaves them
    /// equal has left the games the same.
    pub digests: Vec<(u64, u64)>,
}

impl FuzzReport {
    pub fn summary(&self) -> String {
        format!("fuzz: games {}, actions {}, violations {}", self.games, self.actions, self.violations.len())
    }
}

/// A concrete action from a legal move (a random price inside a range).
pub fn concretize(mv: &LegalMove, rng: &mut impl Rng) -> Action {
    let mut a = mv.action.clone();
    if let Some((lo, hi)) = mv.range {
        // Favour the bottom of the range: random prices near the maximum
        // make every auction end at once.
        // Saturating: a damaged title's range may span more than an i64.
        let hi = if hi > lo && rng.random_bool(0.8) { lo + hi.saturating_sub(lo).min(20) } else { hi };
        let p = if hi > lo { rng.random_range(lo..=hi) } else { lo };
        match &mut a {
            Action::Bid { price, .. } => *price = p,
            Action::BuyCompany { price, .. } | Action::BuyTrain { price, .. } => *price = Some(p),
            Action::Script { args, .. } => {
                args.insert("price".into(), crate::game::var::Var::Int(p));
            }
            _ => {}
        }
    }
    a
}

/// The seed of game `index` of a batch seeded `seed` (`fuzz` and
/// `simulate` alike: the same index is the same game).
pub fn game_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(index)
}

/// A new game's setup for batch play: players "p1".."pN" and the title's
/// options in force (so that save files reload the same title).
pub fn game_setup(title: &Title, players: usize, seed: u64) -> Setup {
    let players = (1..=players).map(|i| format!("p{i}")).collect();
    let options = title.selected.iter().filter(|(_, on)| **on).map(|(k, v)| (k.clone(), *v)).collect();
    Setup { players, seed, options, values: Default::default() }
}

/// What a caught panic said.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload.downcast_ref::<String>().cloned().or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_else(|| "(no message)".into())
}

/// Runs the games on `threads` threads (each with its own Lua state); the
/// games and their seeds are the same whatever the thread count.
pub fn run_parallel(title: Arc<Title>, cfg: &FuzzConfig, threads: usize) -> FuzzReport {
    // The games keep the cores busy: a hard route search stays on its game's thread.
    crate::route::pool::set_enabled(false);
    let threads = threads.max(1).min(cfg.games.max(1) as usize);
    if threads == 1 {
        return run(title, cfg);
    }
    let start = Instant::now();
    let parts: Vec<FuzzReport> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let title = title.clone();
                let cfg = cfg.clone();
                s.spawn(move || run_games(title, &cfg, cfg.indices().filter(|g| *g as usize % threads == t).collect()))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
    });
    let mut report = FuzzReport::default();
    for p in parts {
        report.games += p.games;
        report.finished += p.finished;
        report.actions += p.actions;
        report.violations.extend(p.violations);
        for (k, v) in p.reasons {
            *report.reasons.entry(k).or_insert(0) += v;
        }
        report.unfinished.extend(p.unfinished);
        for (k, v) in p.final_phases {
            *report.final_phases.entry(k).or_insert(0) += v;
        }
        report.script_profile.merge(&p.script_profile);
        report.digests.extend(p.digests);
    }
    report.digests.sort_unstable();
    report.seconds = start.elapsed().as_secs_f64();
    report
}

pub fn run(title: Arc<Title>, cfg: &FuzzConfig) -> FuzzReport {
    run_games(title, cfg, cfg.indices().collect())
}

impl FuzzConfig {
    /// The indices of the batch's games (`game_seed`).
    fn indices(&self) -> std::ops::Range<u32> {
        self.first_game..self.first_game.saturating_add(self.games)
    }
}

fn run_games(title: Arc<Title>, cfg: &FuzzConfig, games: Vec<u32>) -> FuzzReport {
    let start = Instant::now();
    let mut report = FuzzReport::default();
    let host = match ScriptHost::new(title.clone()) {
        Ok(h) => {
            h.verify_guards(cfg.check_guards);
            if cfg.profile_scripts {
                h.start_profile();
            }
            Rc::new(h)
        }
        Err(e) => {
            report.violations.push(format!("scripts do not load: {e}"));
            return report;
        }
    };
    for g in games {
        let seed = game_seed(cfg.seed, u64::from(g));
        let outcome = catch_unwind(AssertUnwindSafe(|| play_one(&title, &host, cfg, seed)));
        report.games += 1;
        match outcome {
            Ok(one) => {
                report.actions += one.actions;
                if let Some(d) = one.digest {
                    report.digests.push((seed, d));
                }
                *report.final_phases.entry(one.phase.clone()).or_insert(0) += 1;
                if let Some(reason) = one.ended {
                    report.finished += 1;
                    *report.reasons.entry(reason).or_insert(0) += 1;
                } else {
                    *report.reasons.entry("unfinished".into()).or_insert(0) += 1;
                    report.unfinished.push(seed);
                }
                for v in one.violations {
                    report.violations.push(format!("game seed {seed}: {v}"));
                }
            }
            Err(p) => {
                report.violations.push(format!("game seed {seed}: panic: {}", panic_message(&*p)));
            }
        }
    }
    report.script_profile = host.take_profile();
    report.digests.sort_unstable();
    report.seconds = start.elapsed().as_secs_f64();
    report
}

struct OneGame {
    actions: u64,
    /// The final state's digest, with `FuzzConfig::digests`.
    digest: Option<u64>,
    /// The phase the game stood in when it stopped.
    phase: String,
    ended: Option<String>,
    violations: Vec<String>,
}

fn play_one(title: &Arc<Title>, host: &Rc<ScriptHost>, cfg: &FuzzConfig, seed: u64) -> OneGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let setup = game_setup(title, usize::from(cfg.players), seed);
    let mut out = OneGame { actions: 0, digest: None, phase: String::new(), ended: None, violations: Vec::new() };
    let mut game = match Game::with_host(title.clone(), host.clone(), setup) {
        Ok(g) => g,
        Err(e) => {
            out.violations.push(format!("setup failed: {e}"));
            return out;
        }
    };
    play_out(&mut game, &mut rng, cfg, &mut out);
    if cfg.digests {
        out.digest = Some(game.digest());
    }
    let unfinished = out.ended.is_none() && out.violations.is_empty();
    if (!out.violations.is_empty() || unfinished)
        && let Some(dir) = &cfg.save_failures
    {
        let path = dir.join(format!("fuzz-{}-{seed}.json", title.meta.id));
        let saved = std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, SaveFile::of(&game).to_json()));
        let note = match saved {
            Ok(()) => format!(" (game saved to {})", path.display()),
            Err(e) => format!(" (could not save the game to {}: {e})", path.display()),
        };
        match out.violations.last_mut() {
            Some(last) => last.push_str(&note),
            None => eprintln!("unfinished game seed {seed}{note}"),
        }
    }
    out
}

/// Plays random moves until the game ends, a violation is found or the
/// action budget is spent.
fn play_out(game: &mut Game, rng: &mut ChaCha8Rng, cfg: &FuzzConfig, out: &mut OneGame) {
    let money = game.total_money();
    while !game.is_over() && out.actions < cfg.max_actions as u64 {
        if let Err(problem) = random_move(game, rng) {
            out.violations.push(format!("after {} actions: {problem}", out.actions));
            return;
        }
        out.actions += 1;
        if let Err(v) = game.check_invariants(money) {
            out.violations.push(format!("after action {} (`{}`): {v}", out.actions, game.actions.last().map(|a| a.to_string()).unwrap_or_default()));
            return;
        }
        if out.actions.is_multiple_of(cfg.deep_check_every as u64)
            && let Err(v) = round_trip(game)
        {
            out.violations.push(format!("after {} actions: {v}", out.actions));
            return;
        }
    }
    if let Err(v) = round_trip(game) {
        out.violations.push(format!("at the end: {v}"));
    }
    out.ended = game.state.ended.as_ref().map(|e| e.reason.clone());
    out.phase = game.title.phases.get(game.state.phase).map_or_else(String::new, |p| p.name.clone());
}

/// Why [`random_move`] made no move.
#[derive(Clone, Debug)]
pub enum MoveProblem {
    /// Listing the candidate moves failed.
    Listing(String),
    /// A script failed on the action.
    Script { action: String, message: String },
    /// A refused action left the state changed.
    RefusalChangedState { action: String },
    /// Every candidate was refused (the first few refusals).
    NoLegalMove { who: String, round: String, refusals: Vec<String> },
}

impl std::fmt::Display for MoveProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveProblem::Listing(e) => write!(f, "listing moves failed: {e}"),
            MoveProblem::Script { action, message } => write!(f, "script error on `{action}`: {message}"),
            MoveProblem::RefusalChangedState { action } => write!(f, "refused `{action}` changed the state"),
            MoveProblem::NoLegalMove { who, round, refusals } => write!(f, "{who} has no legal move (round {round}); refused: {}", refusals.join("; ")),
        }
    }
}

/// Applies one random legal move. A kind of move (sell, buy, pass, lay a
/// tile...) is chosen by weight, then uniformly a move of that kind, trying
/// them in random order until one is accepted. Choosing by kind first keeps
/// a random player from spending every turn on one kind with many variants
/// (selling each share separately, say); the weights make it a builder
/// rather than a wrecker, so games reach their late phases. Every legal
/// move keeps a chance.
pub fn random_move(game: &mut Game, rng: &mut ChaCha8Rng) -> Result<(), MoveProblem> {
    random_move_with(game, rng, true)
}

/// [`random_move`], checking that a refused move left the state unchanged
/// only when `check_refusals` (the fuzzer checks; `simulate` trusts
/// `Game::apply`, which restores the state, and saves the copies).
///
/// The check compares the state with a copy taken before the move, not
/// their digests: equality is exact where a hash is not, and cheap here.
/// A copy shares every `Shared` part with the state, and `Game::apply`
/// restores a refused move's snapshot, which shares them too, so most of
/// the comparison is of pointers; two digests of the whole state were a
/// twentieth of a checked random game.
pub fn random_move_with(game: &mut Game, rng: &mut ChaCha8Rng, check_refusals: bool) -> Result<(), MoveProblem> {
    let mut cands = game.candidate_moves().map_err(|e| MoveProblem::Listing(e.to_string()))?;
    let mut refusals: Vec<String> = Vec::new();
    while !cands.is_empty() {
        let mut kinds: Vec<&'static str> = cands.iter().map(|m| kind_of(&m.action)).collect();
        kinds.sort();
        kinds.dedup();
        let total: f64 = kinds.iter().map(|k| weight(k)).sum();
        let mut x = rng.random_range(0.0..total);
        let mut kind = kinds[0];
        for k in &kinds {
            x -= weight(k);
            if x < 0.0 {
                kind = k;
                break;
            }
        }
        let of_kind: Vec<usize> = (0..cands.len()).filter(|&i| kind_of(&cands[i].action) == kind).collect();
        let i = match kind {
            // Paying out more often than withholding.
            "dividend" if of_kind.len() > 1 && rng.random_bool(0.75) => {
                of_kind.iter().copied().find(|&i| matches!(cands[i].action, Action::Dividend { kind: crate::game::action::DividendKind::Payout })).unwrap_or(of_kind[0])
            }
            _ => of_kind[rng.random_range(0..of_kind.len())],
        };
        let mv = cands.swap_remove(i);
        let action = concretize(&mv, rng);
        let before = check_refusals.then(|| game.state.clone());
        match game.apply(action.clone()) {
            Ok(()) => return Ok(()),
            Err(e) => {
                if let crate::game::ops::GameError::Script(message) = &e {
                    return Err(MoveProblem::Script { action: action.to_string(), message: message.clone() });
                }
                if before.is_some_and(|b| b != game.state) {
                    return Err(MoveProblem::RefusalChangedState { action: action.to_string() });
                }
                if refusals.len() < 6 {
                    refusals.push(format!("`{action}`: {e}"));
                }
            }
        }
    }
    let who = game.current_actor().map(|a| game.actor_name(a)).unwrap_or_default();
    Err(MoveProblem::NoLegalMove { who, round: game.state.flow.round.name.clone(), refusals })
}

fn weight(kind: &str) -> f64 {
    match kind {
        "sell" => 0.15,
        "issue" | "redeem" => 0.3,
        "pass" => 0.5,
        _ => 1.0,
    }
}

fn kind_of(a: &Action) -> &'static str {
    match a {
        Action::Pass => "pass",
        Action::Bid { .. } => "bid",
        Action::BuyCompany { .. } => "buy_company",
        Action::Par { .. } => "par",
        Action::Buy { .. } => "buy",
        Action::Sell { .. } => "sell",
        Action::LayTile { .. } => "lay_tile",
        Action::PlaceToken { .. } => "place_token",
        Action::Run { .. } => "run",
        Action::Dividend { .. } => "dividend",
        Action::BuyTrain { .. } => "buy_train",
        Action::DiscardTrain { .. } => "discard_train",
        Action::Issue { .. } => "issue",
        Action::Redeem { .. } => "redeem",
        Action::Choose { .. } => "choose",
        Action::Script { .. } => "script",
    }
}

/// Saving and loading gives the same game. The replay recalls the runs
/// the live game's searches found for the same problems (`route::recall`):
/// it checks that the save rebuilds the same game; the route search is
/// checked against the exhaustive checker by the route tests and soaks.
fn round_trip(game: &Game) -> Result<(), String> {
    let text = SaveFile::of(game).to_json();
    let file = SaveFile::parse("fuzz", &text).map_err(|e| e.to_string())?;
    let again = file.restore("fuzz", None).map_err(|e| format!("save/load failed: {e}"))?;
    if again.digest() != game.digest() {
        // Name the action and the scripts behind it, if it is theirs.
        return Err(match replay::check_replay(game) {
            Err(why) => why,
            Ok(()) => "save/load round trip changed the state digest".into(),
        });
    }
    Ok(())
}

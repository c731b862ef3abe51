//! The positions `railhead bench routes` measures: every recorded run of
//! every 18xx.games fixture that replays, and the synthetic worst cases.

use crate::import::routes::{RecordedRun, replay_visiting_runs};
use crate::route::synthetic::{SyntheticKind, synthetic_dense_problem};
use crate::route::{Distance, RouteProblem, StopKind, TrainSpec};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One route problem to time.
#[derive(Clone, Debug)]
pub struct BenchPosition {
    /// "real 1849", "real 1844", "synthetic 1849 16H+R6H"...: the summary
    /// it counts in.
    pub class: String,
    /// "1849_game_end_bank.json #477 ATA 12H,16H" or the synthetic name.
    pub label: String,
    pub problem: RouteProblem,
    /// The fixture's recorded revenue (real positions).
    pub recorded: Option<i64>,
    /// Median time to build the problem from the game (real positions):
    /// the track graph and what the corporation reaches.
    pub build_seconds: Option<f64>,
    /// How many times to time the search (the CLI's default per class).
    pub default_repeat: usize,
}

/// A fixture that was not measured, and why.
#[derive(Clone, Debug)]
pub struct Skipped {
    pub file: PathBuf,
    pub reason: String,
}

/// Repeats for real positions unless the user says otherwise.
pub const REAL_REPEAT: usize = 21;
/// Repeats for synthetic positions unless the user says otherwise.
pub const SYNTHETIC_REPEAT: usize = 5;

/// Every `*.json` under `dir` (one level of title folders, or flat), sorted.
pub fn fixture_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return out };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if let Ok(inner) = std::fs::read_dir(&p) {
                out.extend(inner.flatten().map(|x| x.path()).filter(|x| x.extension().is_some_and(|e| e == "json")));
            }
        } else if p.extension().is_some_and(|e| e == "json") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The recorded runs of every fixture. A fixture that cannot be read or
/// has no title in railhead is skipped with the reason; one whose import
/// stops on a refused action gives the runs before that action (the
/// positions the engine still agrees on) and is reported too.
pub fn real_positions(files: &[PathBuf], build_repeat: usize) -> (Vec<BenchPosition>, Vec<Skipped>) {
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    for file in files {
        let (mut ps, problem) = fixture_positions(file, build_repeat);
        if let Some(reason) = problem {
            let reason = if ps.is_empty() { reason } else { format!("{reason} ({} runs up to it measured)", ps.len()) };
            skipped.push(Skipped { file: file.clone(), reason });
        }
        out.append(&mut ps);
    }
    (out, skipped)
}

fn fixture_positions(file: &Path, build_repeat: usize) -> (Vec<BenchPosition>, Option<String>) {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return (Vec::new(), Some(e.to_string())),
    };
    let rec = match crate::import::parse(&text) {
        Ok(r) => r,
        Err(e) => return (Vec::new(), Some(e.to_string())),
    };
    let name = file.file_name().map_or_else(|| file.display().to_string(), |n| n.to_string_lossy().into_owned());
    let class = format!("real {}", rec.title);
    let mut out = Vec::new();
    let mut visit = |run: &RecordedRun| {
        let (pos, build) = timed_build(run, build_repeat);
        let trains: Vec<&str> = pos.problem.trains.iter().map(|t| t.id.as_str()).collect();
        out.push(BenchPosition {
            class: class.clone(),
            label: format!("{name} #{} {} {}", run.action_id, run.corp_id(), trains.join(",")),
            problem: pos.problem,
            recorded: Some(run.recorded),
            build_seconds: Some(build),
            default_repeat: REAL_REPEAT,
        });
    };
    let (end, stop) = match replay_visiting_runs(&rec, None, &mut visit) {
        Ok((game, _)) => (Some(game), None),
        Err((game, e)) => (game, Some(why_not(&e))),
    };
    if let Some(game) = end {
        out.extend(end_board_positions(&game, &name));
    }
    (out, stop)
}

/// The final train of each title whose end boards are measured, and the
/// class they count in.
const END_TRAIN: &[(&str, &str)] = &[("1844", "8E"), ("1849", "16H")];

/// The title's final train, which the end-board and full-board positions
/// run (titles without route search have none).
pub fn final_train(title: &str) -> Option<&'static str> {
    END_TRAIN.iter().find(|(id, _)| *id == title).map(|(_, train)| *train)
}

/// The board where the fixture ends, run by every corporation with a
/// station on it as if it held as many of the title's final train as its
/// train limit allows in the last phase (1844: two 8E, the SBB four): the
/// largest runs a real map can ask for, which real games rarely reach.
fn end_board_positions(game: &crate::game::Game, name: &str) -> Vec<BenchPosition> {
    let t = &game.title;
    let Some(train) = final_train(t.id()) else { return Vec::new() };
    let mut st = game.state.clone();
    st.phase = t.phases.len().saturating_sub(1);
    let mut out = Vec::new();
    for corp in st.corp_ids() {
        let limit = crate::game::trains::train_limit(t, &st, corp) as usize;
        if limit == 0 {
            continue;
        }
        let trains = vec![train; limit];
        let Ok(pos) = crate::game::engine::run::position_with_trains(t, &st, corp, &trains) else { continue };
        if !pos.problem.graph.stops.iter().any(|s| s.own_token) {
            continue;
        }
        out.push(BenchPosition {
            class: format!("end board {} {limit}×{train}", t.id()),
            label: format!("{name} end {} {}", st.corps[corp].id, trains.join(",")),
            problem: pos.problem,
            recorded: None,
            build_seconds: None,
            default_repeat: REAL_REPEAT,
        });
    }
    out
}

/// Why an import does not replay, in one line (without the recorded action).
pub fn why_not(e: &crate::import::ImportError) -> String {
    use crate::import::ImportError;
    match e {
        ImportError::Title(m) | ImportError::Format(m) => m.clone(),
        ImportError::Refused { id, message, .. } => format!("the import stops at action {id}, refused: {message}"),
        ImportError::Untranslatable { id, message, .. } => format!("the import stops at action {id}, untranslatable: {message}"),
    }
}

/// The corporation's route problem, and the median time to build it.
fn timed_build(run: &RecordedRun, repeat: usize) -> (crate::game::engine::run::Position, f64) {
    let mut times = Vec::with_capacity(repeat.max(1));
    let mut pos = None;
    for _ in 0..repeat.max(1) {
        let started = Instant::now();
        let p = run.position();
        times.push(started.elapsed().as_secs_f64());
        pos = Some(p);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    (pos.unwrap_or_else(|| run.position()), median)
}

/// The synthetic worst cases (`route::synthetic`), with the train sets
/// that make them hard.
pub fn synthetic_positions() -> Vec<BenchPosition> {
    let flat = synthetic_dense_problem(SyntheticKind::Flat1849);
    let pointy = synthetic_dense_problem(SyntheticKind::Pointy1844);
    let (h16, r6h) = (flat.trains[0].clone(), flat.trains[1].clone());
    let h12 = TrainSpec { id: "12H".into(), distance: Distance::Hexes { max: 12, count_start: false, cost: [1, 2, 1] }, ..h16.clone() };
    let (e8, six) = (pointy.trains[0].clone(), pointy.trains[1].clone());
    let mut e8b = e8.clone();
    e8b.id = "8E-1".into();
    let with = |p: &RouteProblem, trains: Vec<TrainSpec>| RouteProblem { trains, ..p.clone() };
    let (electric, e) = with_majors(&flat);
    // Every track dual: both gauges' trains reach everything.
    let mut dual = flat.clone();
    dual.graph.paths.iter_mut().for_each(|q| q.gauge = crate::route::Gauge::Dual);
    let mut h16b = h16.clone();
    h16b.id = "16H-1".into();
    let mut out = vec![
        synthetic("synthetic 1849 16H+R6H", with(&flat, vec![h16.clone(), r6h.clone()])),
        synthetic("synthetic 1849 12H+16H", with(&flat, vec![h12, h16.clone()])),
        synthetic("synthetic 1849 E+R6H", with(&electric, vec![e.clone(), r6h.clone()])),
        synthetic("synthetic 1849 E", with(&electric, vec![e])),
        synthetic("synthetic 1849 all-dual 16H+R6H", with(&dual, vec![h16.clone(), r6h.clone()])),
        synthetic("synthetic 1849 all-dual 16H+16H+R6H", with(&dual, vec![h16, h16b, r6h])),
        synthetic("synthetic 1844 8E+6", with(&pointy, vec![e8.clone(), six.clone()])),
        synthetic("synthetic 1844 8E+6+6", with(&pointy, vec![e8.clone(), six.clone(), six.clone()])),
        synthetic("synthetic 1844 8E+8E+6", with(&pointy, vec![e8, e8b, six])),
    ];
    for p in &mut out {
        p.label = p.class.clone();
    }
    out
}

fn synthetic(class: &str, problem: RouteProblem) -> BenchPosition {
    BenchPosition { class: class.into(), label: String::new(), problem, recorded: None, build_seconds: None, default_repeat: SYNTHETIC_REPEAT }
}

/// The flat map with its four best cities tagged "major", and an 1849 E
/// train (unlimited, standard and dual track only, majors count double).
fn with_majors(flat: &RouteProblem) -> (RouteProblem, TrainSpec) {
    const MAJOR: u32 = 1 << 7;
    let mut p = flat.clone();
    let mut cities: Vec<usize> = (0..p.graph.stops.len()).filter(|&i| p.graph.stops[i].kind == StopKind::City).collect();
    cities.sort_by_key(|&i| (std::cmp::Reverse(p.graph.stops[i].value), i));
    for &i in cities.iter().take(4) {
        p.graph.stops[i].tags |= MAJOR;
    }
    let e = TrainSpec { id: "E".into(), distance: Distance::Unlimited, gauges: [true, false, true], forbidden_tags: 0, multipliers: vec![(MAJOR, 2)] };
    (p, e)
}

/// A route problem saved as JSON (`RouteProblem`), timed like a synthetic
/// position; its class is "file".
pub fn problem_file(path: &Path) -> Result<BenchPosition, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let problem: RouteProblem = serde_json::from_str(&text).map_err(|e| format!("{}: not a route problem: {e}", path.display()))?;
    let label = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    Ok(BenchPosition { class: "file".into(), label, problem, recorded: None, build_seconds: None, default_repeat: SYNTHETIC_REPEAT })
}

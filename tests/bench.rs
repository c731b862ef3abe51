//! `railhead bench routes` runs and reports the right revenue. No timings
//! are asserted (they depend on the machine).

use railhead::bench::positions::synthetic_positions;
use railhead::route::RouteProblem;
use railhead::route::checker::best_run_exhaustive;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn synthetic(label: &str) -> RouteProblem {
    synthetic_positions().into_iter().find(|p| p.label == label).map(|p| p.problem).expect("a synthetic position of that name")
}

/// The synthetic map with track only in its first `hexes` hexes: small
/// enough for the exhaustive checker.
fn cropped(label: &str, hexes: u32) -> RouteProblem {
    let mut p = synthetic(label);
    p.graph.paths.retain(|q| q.hex < hexes);
    p
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `railhead bench routes --json ARGS` without recorded games: its lines.
fn bench_routes(args: &[&str]) -> Vec<Value> {
    let no_fixtures = scratch_dir("bench-no-fixtures");
    let out = Command::new(env!("CARGO_BIN_EXE_railhead"))
        .args(["bench", "routes", "--json", "--fixtures"])
        .arg(&no_fixtures)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn positions(lines: &[Value]) -> Vec<&Value> {
    lines.iter().filter(|v| v["type"] == "position").collect()
}

#[test]
fn bench_routes_reports_the_exhaustive_revenue() {
    for (label, hexes, file) in [("synthetic 1849 16H+R6H", 40, "crop-1849.json"), ("synthetic 1844 8E+6", 40, "crop-1844.json")] {
        let p = cropped(label, hexes);
        let expected = best_run_exhaustive(&p).revenue;
        assert!(expected > 0);
        let path = scratch_dir("bench-problems").join(file);
        std::fs::write(&path, serde_json::to_string(&p).unwrap()).unwrap();
        let lines = bench_routes(&["--repeat", "1", "--parallel", "2", "--problem", path.to_str().unwrap(), "--only", file]);
        let ps = positions(&lines);
        assert_eq!(ps.len(), 1, "{lines:?}");
        assert_eq!(ps[0]["status"], "ok", "{:?}", ps[0]);
        assert_eq!(ps[0]["revenue"], expected, "{label} cropped to {hexes} hexes");
        assert_eq!(ps[0]["invalid"], Value::Null);
        assert_eq!(ps[0]["repeats"], 1);
        // The parallel search (two threads) earns the same.
        let par = &ps[0]["parallel"];
        assert_eq!(par["status"], "ok", "{par:?}");
        assert_eq!(par["revenue"], expected);
        assert_eq!(par["invalid"], Value::Null);
        assert!(par["speedup"].as_f64().unwrap() > 0.0);
        let summary = lines.last().unwrap();
        assert_eq!(summary["type"], "summary");
        assert_eq!(summary["classes"][0]["name"], "file");
        assert_eq!(summary["classes"][0]["count"], 1);
        assert_eq!(summary["classes"][0]["parallel_measured"], 1);
        assert_eq!(summary["classes"][0]["parallel_differs"], 0);
        assert_eq!(summary["parallel"]["threads"], 2);
        // Timings name the build they come from (build.rs): optimized or
        // not as this test's own build.
        let build = summary["build"].as_str().unwrap_or_default();
        assert!(build.starts_with(if cfg!(debug_assertions) { "unoptimized" } else { "optimized" }), "{build:?}");
    }
}

#[test]
fn bench_routes_on_a_whole_synthetic_map() {
    let label = "synthetic 1849 16H+R6H";
    let expected = railhead::route::best_run(&synthetic(label)).0.revenue;
    let lines = bench_routes(&["--repeat", "1", "--parallel", "1", "--only", label]);
    let ps = positions(&lines);
    assert_eq!(ps.len(), 1, "{lines:?}");
    assert_eq!(ps[0]["status"], "ok");
    assert_eq!(ps[0]["parallel"], Value::Null, "--parallel 1: single thread only");
    assert_eq!(ps[0]["revenue"], expected);
    assert_eq!(ps[0]["invalid"], Value::Null, "the validator disagrees with the search");
    assert!(ps[0]["candidates"].as_u64().unwrap() > 0);
}

#[test]
fn a_position_over_the_cap_is_reported_not_waited_for() {
    let started = std::time::Instant::now();
    let lines = bench_routes(&["--repeat", "1", "--max-seconds", "0.5", "--only", "synthetic 1844 8E+8E+6"]);
    let ps = positions(&lines);
    assert_eq!(ps.len(), 1);
    assert_eq!(ps[0]["status"], "exceeded");
    let summary = lines.last().unwrap();
    assert_eq!(summary["classes"][0]["exceeded"], 1);
    assert_eq!(summary["classes"][0]["max_is_lower_bound"], true);
    // It takes minutes when not stopped.
    assert!(started.elapsed().as_secs() < 60);
}

/// Wrong input is refused before anything is timed: an unknown title
/// (naming the titles there are), a count of zero repeats or batches.
#[test]
fn bench_refuses_wrong_input_before_timing() {
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_railhead")).args(args).output().unwrap();
    let out = run(&["bench", "playouts", "1849", "nosuch"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no title \"nosuch\"") && err.contains("1844"), "{err}");
    assert!(out.stdout.is_empty(), "nothing timed or printed: {}", String::from_utf8_lossy(&out.stdout));
    for args in [&["bench", "replay", "--repeat", "0"][..], &["bench", "playouts", "--batches", "0"], &["bench", "playouts", "--games", "0"], &["bench", "routes", "--repeat", "0"]] {
        let out = run(args);
        assert!(!out.status.success(), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("0"), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// `bench replay` times the import and the load of railhead's own save of
/// the same game, which must be that game: buy_tokens was ended by the
/// players' agreement, which a save does not hold (it loads unended), and
/// 1849_game_end_bank by the rules. Reads ../shared's recorded games;
/// skipped where they are absent.
#[test]
fn bench_replay_times_the_import_and_the_save_of_the_game() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/18xx.games/1849");
    let dir = scratch_dir("bench-replay-fixtures/1849");
    let mut copied = 0;
    for name in ["buy_tokens.json", "1849_game_end_bank.json"] {
        if std::fs::copy(shared.join(name), dir.join(name)).is_ok() {
            copied += 1;
        }
    }
    if copied < 2 {
        eprintln!("skipped: no recorded games at {}", shared.display());
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_railhead"))
        .args(["bench", "replay", "--json", "--repeat", "1", "--fixtures"])
        .arg(dir.parent().unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    for l in &lines {
        assert_eq!(l["match"], true, "{l}");
        assert_eq!(l["native_error"], Value::Null, "{l}");
        assert!(l["native_median_seconds"].as_f64().is_some_and(|s| s > 0.0), "{l}");
        assert!(l["website"]["wall_seconds"].as_f64().is_some_and(|s| s > 0.0), "stored website figures: {l}");
    }
}

//! Every title's scenario tests (titles/<id>/tests/*.lua), and those of
//! the test-only boundary title (tests/titles/boundary), run in-process.
//! A failure lists every failing test with its file:line and message.

use railhead::scenario::{Report, RunOptions, TitleCache, run_title};
use railhead::title::TitleSource;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn boundary() -> PathBuf {
    root().join("tests/titles/boundary")
}

/// Fails listing every failure; `at_least` guards against a run that
/// silently finds no tests.
fn assert_passes(what: &str, report: &Report, at_least: usize) {
    let failures: Vec<String> = report.failures().map(|c| format!("  {} › {}: {:?}", c.file, c.name, c.outcome)).collect();
    assert!(failures.is_empty(), "{what}: {}\n{}", report.summary(), failures.join("\n"));
    assert!(report.passed() >= at_least, "{what}: only {} tests ran ({})", report.passed(), report.summary());
}

#[test]
fn every_embedded_title_passes_its_scenario_tests() {
    let titles = TitleCache::new();
    let mut all = Report::default();
    for id in TitleSource::embedded_ids() {
        let source = TitleSource::embedded(&id).expect("listed title");
        all.extend(run_title(&source, &titles, &RunOptions::default()));
    }
    let in_1849 = all.cases.iter().filter(|c| c.file.starts_with("titles/1849/")).count();
    assert!(in_1849 >= 20, "1849 has only {in_1849} scenario tests");
    assert_passes("embedded titles", &all, 20);
}

#[test]
fn the_boundary_title_passes_its_scenario_tests() {
    let report = run_title(&TitleSource::Disk(boundary()), &TitleCache::new(), &RunOptions::default());
    assert_passes("tests/titles/boundary", &report, 49);
}


fn boundary_files(folder: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(boundary().join(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "lua"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    out
}

/// Issue 17: the boundary uses every hook of the core, and a scenario
/// test names it (each proves the hook against the core's default).
#[test]
fn the_boundary_title_uses_and_tests_every_hook() {
    let scripts = boundary_files("scripts");
    let tests = boundary_files("tests");
    for hook in railhead::script::HOOKS {
        let defined = format!("hook(\"{}\"", hook.name);
        assert!(scripts.iter().any(|(_, s)| s.contains(&defined)), "no boundary script defines the hook {}", hook.name);
        assert!(
            tests.iter().any(|(_, s)| s.lines().any(|l| l.starts_with("test(") && l.contains(hook.name))),
            "no boundary test is named after the hook {}",
            hook.name
        );
    }
}

/// Issue 17: the boundary counts every event of the core, and its complete
/// game (tests/game_BND-R-080_R-082.lua) asserts each fired: an event added
/// to the core fails here until the boundary exercises it.
#[test]
fn the_boundary_game_checks_every_core_event() {
    let events = std::fs::read_to_string(boundary().join("scripts/events.lua")).unwrap();
    let game = std::fs::read_to_string(boundary().join("tests/game_BND-R-080_R-082.lua")).unwrap();
    for e in railhead::script::EVENTS {
        let quoted = format!("\"{e}\"");
        assert!(events.contains(&quoted), "scripts/events.lua does not count the event {e}");
        assert!(game.contains(&quoted), "the boundary's complete game does not check the event {e}");
    }
}

fn railhead(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_railhead")).args(args).current_dir(root()).output().expect("railhead runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn the_boundary_title_passes_railhead_check() {
    let (ok, out) = railhead(&["check", "tests/titles/boundary"]);
    assert!(ok, "{out}");
}

/// A copy of the boundary title with one failing test added.
fn broken_copy(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    for entry in std::fs::read_dir(boundary()).unwrap().chain(std::fs::read_dir(boundary().join("scripts")).unwrap()) {
        let p = entry.unwrap().path();
        if p.is_file() {
            let rel = p.strip_prefix(boundary()).unwrap();
            std::fs::copy(&p, dir.join(rel)).unwrap();
        }
    }
    std::fs::write(
        dir.join("tests/broken.lua"),
        "test(\"passes\", function() expect_eq(1, 1) end)\ntest(\"wrong\", function()\n  expect_eq(new_game{ players = { \"A\", \"B\" } }:bank(), 1)\nend)\n",
    )
    .unwrap();
}

#[test]
fn railhead_test_and_run_report_failures_in_their_exit_status() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("broken-boundary");
    broken_copy(&dir);
    let d = dir.display().to_string();
    let (ok, out) = railhead(&["test", "--title-dir", &d]);
    assert!(!ok, "{out}");
    assert!(out.contains("broken.lua:3: expected 1, got 1200"), "{out}");
    assert_eq!(out.lines().last(), Some("1 passed, 1 failed"), "{out}");
    let (ok, out) = railhead(&["test", "--title-dir", &d, "--filter", "passes"]);
    assert!(ok, "{out}");
    assert_eq!(out.lines().last(), Some("1 passed, 0 failed"), "{out}");
    // `run` finds the title from the script's folder.
    let script = dir.join("tests/broken.lua").display().to_string();
    let (ok, out) = railhead(&["run", &script]);
    assert!(!ok, "{out}");
    let (ok, out) = railhead(&["run", &script, "--filter", "passes", "--json"]);
    assert!(ok, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON output");
    assert_eq!(json["passed"], 1);
    assert_eq!(json["cases"][0]["status"], "passed");
}

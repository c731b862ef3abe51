//! The input fuzzer in `cargo test`: a short fixed-seed run per target
//! (damaged titles, save files and records fed to the loaders), which
//! must find no panic. `railhead fuzz-input --minutes M` runs it as long
//! as you like; so does the ignored test at the end.
//!
//! Import cases start from the hand-written records in tests/records/,
//! and from ../shared/fixtures/18xx.games/ when it is there.

use railhead::fuzz::input::seeds::HAND_RECORDS;
use railhead::fuzz::input::{Budget, InputFuzzConfig, Target, run};
use std::path::PathBuf;
use std::time::Duration;

fn fixtures() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/18xx.games");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("{} is absent: import cases start from tests/records/ only", dir.display());
        None
    }
}

fn fuzz(target: Target, budget: Budget) {
    let cfg = InputFuzzConfig {
        targets: vec![target],
        seed: 20261121,
        budget,
        // Only a case that never ends trips this: no test asserts on time.
        case_limit: Duration::from_secs(600),
        fixtures: fixtures(),
        ..Default::default()
    };
    let report = run(&cfg, &mut |_| {});
    eprintln!("{}", report.text());
    assert_eq!(report.panics(), 0, "{}", report.text());
    assert!(report.ok(), "{}", report.text());
    let stats = &report.targets[&target];
    assert!(stats.cases > 0, "no {} case ran", target.name());
    assert!(stats.accepted > 0, "every damaged {} input was refused: the mutations break too much to reach the engine", target.name());
}

#[test]
fn damaged_titles_never_panic() {
    fuzz(Target::Title, Budget::Cases(300));
}

#[test]
fn damaged_save_files_never_panic() {
    fuzz(Target::Save, Budget::Cases(300));
}

#[test]
fn damaged_records_never_panic() {
    fuzz(Target::Import, Budget::Cases(300));
}

/// The seeds the import cases start from when there are no fixtures:
/// they replay as written.
#[test]
fn hand_written_records_replay() {
    for (name, text) in HAND_RECORDS {
        let rec = railhead::import::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (game, report) = railhead::import::replay(&rec, None).unwrap_or_else(|(_, e)| panic!("{name}: {e}"));
        assert!(report.applied >= 25, "{name}: only {} actions applied", report.applied);
        assert!(game.state.flow.round.name != "auction", "{name} gets past the private sale");
    }
}

/// The same seed makes the same cases.
#[test]
fn cases_depend_only_on_the_seed_and_their_number() {
    let corpus = railhead::fuzz::input::seeds::corpus(7, None, &Target::ALL);
    for target in Target::ALL {
        for index in [0, 1, 99] {
            let a = railhead::fuzz::input::cases::generate(&corpus, target, 7, index, 50).expect("a case");
            let b = railhead::fuzz::input::cases::generate(&corpus, target, 7, index, 50).expect("a case");
            assert_eq!(format!("{:?}", a), format!("{:?}", b));
        }
        let a = railhead::fuzz::input::cases::generate(&corpus, target, 7, 0, 50).expect("a case");
        let b = railhead::fuzz::input::cases::generate(&corpus, target, 8, 0, 50).expect("a case");
        assert_ne!(format!("{:?}", a.input), format!("{:?}", b.input), "another seed, other cases");
    }
}

/// The long run, on demand: `cargo test --release --test fuzz_input -- --ignored`
/// (RAILHEAD_FUZZ_MINUTES, default 10).
#[test]
#[ignore]
fn long_run() {
    let minutes: f64 = std::env::var("RAILHEAD_FUZZ_MINUTES").ok().and_then(|m| m.parse().ok()).unwrap_or(10.0);
    let cfg = InputFuzzConfig {
        targets: Target::ALL.to_vec(),
        seed: std::env::var("RAILHEAD_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1),
        budget: Budget::Time(Duration::from_secs_f64(minutes * 60.0)),
        fixtures: fixtures(),
        progress_every: Some(Duration::from_secs(60)),
        ..Default::default()
    };
    let report = run(&cfg, &mut |r| eprintln!("{:.0} s: {} cases, {} failures", r.seconds, r.cases(), r.failures.len()));
    eprintln!("{}", report.text());
    assert!(report.ok(), "{}", report.text());
}

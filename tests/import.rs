//! Real games recorded on 18xx.games replay to their recorded final
//! standings. These tests read ../shared/fixtures/18xx.games/ and skip
//! (with a message) where that folder is absent.

use railhead::import::{parse, replay};
use std::path::PathBuf;

fn fixture(rel: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/18xx.games").join(rel);
    match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(_) => {
            eprintln!("skipping: {} is not available (../shared is absent)", path.display());
            None
        }
    }
}

fn replays_to_its_result(rel: &str) {
    let Some(text) = fixture(rel) else { return };
    let rec = parse(&text).unwrap();
    match replay(&rec, None) {
        Ok((_, report)) => {
            assert!(report.matches(), "{rel}: ours {:?} ({:?}), recorded {:?} ({:?})", report.standings, report.game_end_reason, report.recorded, report.recorded_game_end_reason);
        }
        Err((_, e)) => panic!("{rel}: {e}"),
    }
}

#[test]
fn game_1849_ended_by_the_bank() {
    replays_to_its_result("1849/1849_game_end_bank.json");
}

//! map.toml's station slots (`reserved`, `neutral`, `stations`,
//! `opens_in_phase`) and companies.toml's `home_mode`, malformed: each
//! error names the file, its line and what is wrong (src/game/stations.rs,
//! docs/title-format.md "Slots"). Edits a copy of 18FB, whose map uses
//! them all.

mod common;

use common::edit;
use railhead::title::{TitleSource, load};
use std::collections::BTreeMap;
use std::path::Path;

fn copy(tag: &str) -> common::TempFolder {
    common::fresh_copy("18fb", &format!("slots-{tag}"))
}

fn load_dir(dir: &Path) -> Result<railhead::title::Title, String> {
    load::load(&TitleSource::Disk(dir.to_path_buf()), &BTreeMap::new(), None).map_err(|e| e.to_string())
}

/// The error names `file` with a line number after it, and says `what`.
fn assert_at(err: &str, file: &str, what: &str) {
    let tag = format!("{file}:");
    assert!(err.split(&tag).nth(1).is_some_and(|rest| rest.chars().next().is_some_and(|c| c.is_ascii_digit())), "no {file} line: {err}");
    assert!(err.contains(what), "expected \"{what}\": {err}");
}

#[test]
fn a_slot_reserved_for_an_unknown_corporation() {
    let dir = copy("corp");
    edit(&dir.join("map.toml"), "slots = 2, reserved = [\"FC\"] }", "slots = 2, reserved = [\"FCX\"] }");
    let err = load_dir(&dir).unwrap_err();
    assert_at(&err, "map.toml", "slot reserved for unknown corporation \"FCX\"");
    assert!(err.contains("stops[0].reserved"), "no key path: {err}");
    assert!(err.contains("did you mean `FC`"), "no hint: {err}");
}

#[test]
fn more_reserved_and_neutral_than_slots() {
    let dir = copy("count");
    edit(&dir.join("map.toml"), "slots = 3, reserved = [\"FB\"], neutral = [\"B5\", \"B8\"]", "slots = 2, reserved = [\"FB\"], neutral = [\"B5\", \"B8\"]");
    let err = load_dir(&dir).unwrap_err();
    assert_at(&err, "map.toml", "G30 has 2 slots but 1 reserved and 2 neutral tokens");
}

#[test]
fn a_neutral_token_printed_twice() {
    let dir = copy("twice");
    edit(&dir.join("map.toml"), "neutral = [\"B7\"]", "neutral = [\"B4\"]");
    let err = load_dir(&dir).unwrap_err();
    assert_at(&err, "map.toml", "neutral token \"B4\" is printed twice");
}

#[test]
fn slots_opening_in_an_unknown_phase() {
    let dir = copy("phase");
    edit(&dir.join("map.toml"), "opens_in_phase = \"PH4\"", "opens_in_phase = \"PH9\"");
    let err = load_dir(&dir).unwrap_err();
    assert_at(&err, "map.toml", "unknown phase \"PH9\"");
}

#[test]
fn stations_on_a_city_and_tokens_on_an_offboard_without_them() {
    let dir = copy("stations");
    edit(&dir.join("map.toml"), "slots = 2, reserved = [\"FC\"] }", "slots = 2, stations = true, reserved = [\"FC\"] }");
    let err = load_dir(&dir).unwrap_err();
    assert_at(&err, "map.toml", "`stations = true` is for off-board stops");
    let dir = copy("offboard");
    edit(&dir.join("map.toml"), "name = \"Roma\", slots = 3, stations = true,", "name = \"Roma\", slots = 3,");
    let err = load_dir(&dir).unwrap_err();
    assert_at(&err, "map.toml", "F39 is a offboard that takes no station tokens");
}

#[test]
fn a_home_on_an_offboard_without_stations() {
    let dir = copy("home");
    edit(&dir.join("map.toml"), "name = \"Tronto\", slots = 2, stations = true,", "name = \"Tronto\", slots = 2,");
    let err = load_dir(&dir).unwrap_err();
    assert_at(&err, "companies.toml", "LTF: home hex K46 has 0 cities");
}

#[test]
fn an_unknown_home_mode() {
    let dir = copy("mode");
    edit(&dir.join("companies.toml"), "home_mode = \"all\"\n", "home_mode = \"both\"\n");
    let err = load_dir(&dir).unwrap_err();
    assert_at(&err, "companies.toml", "home_mode");
    assert!(err.contains("choose") && err.contains("all"), "no choices: {err}");
}

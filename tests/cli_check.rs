//! `railhead check DIR` passes on a shipped title and reports a planted
//! error with file and line, exiting non-zero.

mod common;

use common::{TempFolder, copy_dir};
use std::path::{Path, PathBuf};
use std::process::Command;

fn railhead() -> Command {
    Command::new(env!("CARGO_BIN_EXE_railhead"))
}

fn title(id: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("titles").join(id)
}

#[test]
fn shipped_1849_checks_clean() {
    let out = railhead().args(["check"]).arg(title("1849")).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains(": ok"), "{text}");
}

#[test]
fn a_planted_error_is_reported_with_file_and_line() {
    let dir = TempFolder::new("check");
    copy_dir(&title("1849"), &dir);
    let map = dir.join("map.toml");
    let text = std::fs::read_to_string(&map).unwrap();
    // Misspell one stop kind: the checker names file, line, key and the fix.
    let planted = text.replacen("kind = \"city\"", "kind = \"cty\"", 1);
    std::fs::write(&map, planted).unwrap();
    let out = railhead().args(["check"]).arg(&dir).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "a broken title must fail the check: {stdout}");
    let line = stdout.lines().find(|l| l.contains("map.toml:")).unwrap_or_else(|| panic!("no map.toml line in: {stdout}"));
    let after = line.split("map.toml:").nth(1).unwrap();
    assert!(after.chars().next().is_some_and(|c| c.is_ascii_digit()), "no line number: {line}");
    assert!(line.contains("did you mean `city`"), "{line}");
}

#[test]
fn a_script_that_reaches_for_os_fails_the_check() {
    let dir = TempFolder::new("check-os");
    copy_dir(&title("1849"), &dir);
    // Inside 1849's own setup hook.
    let setup = dir.join("scripts/setup.lua");
    let text = std::fs::read_to_string(&setup).unwrap();
    let at = "hook(\"setup\", function(game)\n";
    assert!(text.contains(at));
    std::fs::write(&setup, text.replacen(at, &format!("{at}  os.execute(\"rm -rf /\")\n"), 1)).unwrap();
    let out = railhead().args(["check"]).arg(&dir).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(stdout.contains("setup.lua:49"), "{stdout}");
    assert!(stdout.contains("os"), "{stdout}");
}

/// A copy of 1849 whose first player count is for no players at all
/// (removed when the guard is dropped).
fn title_for_no_players(name: &str) -> TempFolder {
    let dir = TempFolder::new(&format!("check-{name}"));
    copy_dir(&title("1849"), &dir);
    let path = dir.join("title.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("players = 3\n", "players = 0\n", 1)).unwrap();
    dir
}

#[test]
fn a_player_count_of_zero_fails_the_check() {
    let dir = title_for_no_players("zero");
    let out = railhead().args(["check"]).arg(&dir).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    let line = stdout.lines().find(|l| l.contains("player_count[0].players")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(line.contains("title.toml:") && line.contains("at least 1"), "{line}");
}

#[test]
fn a_game_for_zero_players_is_refused_not_a_panic() {
    let dir = title_for_no_players("zero-play");
    for args in [vec!["--title-dir", dir.to_str().unwrap(), "--players", "0"], vec!["--players", "0"]] {
        let out = railhead().arg("play").args(&args).stdin(std::process::Stdio::null()).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.contains("0 players") || stderr.contains("at least 1"), "{args:?}: {stderr}");
    }
}

#[test]
fn player_counts_are_reported_as_given() {
    let names: Vec<String> = (0..259).map(|i| format!("p{i}")).collect();
    let many = names.join(",");
    for (args, count) in [(vec!["--names", many.as_str()], "259"), (vec!["--players", "1000"], "1000"), (vec!["--players", "256"], "256")] {
        let out = railhead().arg("play").args(&args).stdin(std::process::Stdio::null()).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{count} players started a game: {}", String::from_utf8_lossy(&out.stdout));
        assert!(stderr.contains(&format!("not {count}")), "{count}: {stderr}");
    }
}

/// `check` plays a short random game per player count and replays it: a
/// handler that fails in play is found before a player meets it.
#[test]
fn a_script_failing_in_play_fails_the_check() {
    let dir = TempFolder::new("check-play");
    copy_dir(&title("1849"), &dir);
    let privates = dir.join("scripts/privates.lua");
    let mut text = std::fs::read_to_string(&privates).unwrap();
    let line = text.lines().count() + 1;
    text.push_str("on(\"company_sold\", function(game, ev) error(\"planted\") end)\n");
    std::fs::write(&privates, text).unwrap();
    let out = railhead().args(["check"]).arg(&dir).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(stdout.contains("a random 3-player game"), "{stdout}");
    assert!(stdout.contains(&format!("privates.lua:{line}: planted")), "{stdout}");
}

/// Issue 16, item 9: a folder that is not there is named as such.
#[test]
fn a_missing_folder_is_reported_as_missing() {
    let out = railhead().args(["check", "no/such/folder"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert_eq!(stdout.trim(), "no/such/folder: no such folder");
}

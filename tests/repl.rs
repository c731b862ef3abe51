//! `railhead play` driven over stdin/stdout, as a script would drive it.

mod common;

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `railhead play ARGS` with `input` on stdin; returns stdout.
fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_railhead"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("railhead starts");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    let out = child.wait_with_output().expect("railhead ends");
    assert!(out.status.success(), "exit {:?}: {}", out.status, String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8 output")
}

fn json_lines(out: &str) -> Vec<Value> {
    out.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect()
}

#[test]
fn a_script_plays_the_auction_in_json() {
    let input = "status\nmoves\n\n# a comment\nbid P4 100\nbuy P1\nfrobnicate\nmap C5\nplayer A\nquit\nstatus\n";
    let lines = json_lines(&play(&["--json", "--seed", "1"], input));
    let kinds: Vec<&str> = lines.iter().map(|l| l["kind"].as_str().unwrap_or("?")).collect();
    // One line per command; blank lines and comments answer nothing; nothing after quit.
    assert_eq!(kinds, ["banner", "status", "moves", "action", "action", "unknown", "hex", "player", "quit"]);
    let banner = &lines[0];
    assert_eq!(banner["title"], "1849");
    assert_eq!(banner["players"], serde_json::json!(["A", "B", "C", "D"]));
    assert_eq!(banner["seed"], 1);
    assert_eq!(lines[1]["prompt"], "auction · A");
    let moves = lines[2]["moves"].as_array().expect("a list of moves");
    assert!(moves.iter().any(|m| m["command"] == "buy P1"));
    assert!(moves.iter().any(|m| m["shown"] == "bid P4 115..375" && m["range"] == serde_json::json!([115, 375])));
    let refused = &lines[3];
    assert_eq!(refused["ok"], false);
    assert_eq!(refused["rule"], "1849-R-051");
    assert!(refused["error"].as_str().is_some_and(|e| e.contains("115")), "{refused}");
    let bought = &lines[4];
    assert_eq!(bought["ok"], true);
    assert_eq!(bought["log"], serde_json::json!(["A buys P1 (SCE) for L. 20"]));
    assert_eq!(bought["status"]["actor"]["player"], "B");
    assert_eq!(lines[5]["ok"], false);
    assert_eq!(lines[6]["hex"], "C5");
    assert_eq!(lines[7]["cash"], 355);
}

#[test]
fn piped_text_reads_like_a_session() {
    let out = play(&["--seed", "1", "--names", "ann,bo,cy"], "buy P1\nstatus\n");
    assert!(out.starts_with("railhead play — 1849: The Game of Sicilian Railways\nplayers: ann, bo, cy · seed 1"), "{out}");
    assert!(out.contains("auction · ann > buy P1\n  ann buys P1 (SCE) for L. 20\nauction · bo > status\n"), "{out}");
}

#[test]
fn seats_can_be_shuffled_from_the_seed_and_games_saved_and_loaded() {
    let dir = common::TempFolder::new("play-test");
    let file = dir.join("g.json");
    let a = json_lines(&play(&["--json", "--seed", "5", "--players", "5", "--shuffle-seats"], &format!("buy P1\nsave {}\n", file.display())));
    let b = json_lines(&play(&["--json", "--seed", "5", "--players", "5", "--shuffle-seats"], ""));
    assert_eq!(a[0]["players"], b[0]["players"]);
    assert_ne!(a[0]["players"], serde_json::json!(["A", "B", "C", "D", "E"]));
    assert_eq!(a[2]["ok"], true, "{}", a[2]);
    let loaded = json_lines(&play(&["--json", "--load", &file.display().to_string()], "log 1\n"));
    assert_eq!(loaded[0]["status"]["actions"], 1);
    assert!(loaded[1]["lines"][0].as_str().is_some_and(|l| l.ends_with("buys P1 (SCE) for L. 20")), "{}", loaded[1]);
    let start = json_lines(&play(&["--json", "--load", &file.display().to_string(), "--until", "0"], ""));
    assert_eq!(start[0]["status"]["actions"], 0);
}

#[test]
fn a_bad_command_line_is_refused_with_a_reason() {
    let out = Command::new(env!("CARGO_BIN_EXE_railhead")).args(["play", "18XX"]).stdin(Stdio::null()).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no title \"18XX\""));
}

#[test]
fn docs_describe_every_command() {
    let doc = include_str!("../docs/repl.md");
    let missing: Vec<&str> = railhead::repl::registry::all()
        .iter()
        .flat_map(|c| std::iter::once(c.name).chain(c.aliases.iter().copied()))
        .filter(|n| !doc.contains(&format!("`{n}`")) && !doc.contains(&format!("`{n} ")))
        .collect();
    assert!(missing.is_empty(), "docs/repl.md does not mention: {missing:?}");
}

#[test]
fn script_print_cannot_forge_json_lines() {
    // Script output goes to stderr (issue 15): stdout carries only replies.
    let input = "lua print('{\"kind\":\"action\",\"ok\":true,\"command\":\"FORGED\"}')\nlua 1 + 1\n";
    let out = play(&["--json", "--seed", "1"], input);
    for line in json_lines(&out) {
        assert_ne!(line["command"], "FORGED", "a script forged a reply: {line}");
    }
    assert!(!out.contains("\n{\"kind\":\"action\",\"ok\":true,\"command\":\"FORGED\"}"), "{out}");
}

/// Runs `railhead play ARGS` with raw bytes on stdin; returns (success, stdout, stderr).
fn play_bytes(args: &[&str], input: &[u8]) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_railhead"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("railhead starts");
    child.stdin.take().expect("stdin").write_all(input).expect("input written");
    let out = child.wait_with_output().expect("railhead ends");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_the_game_goes_on() {
    let (ok, out, err) = play_bytes(&["--seed", "1"], b"buy P1\nbid P4 \xff\xfe\nstatus\n");
    assert!(ok, "{err}");
    assert!(out.contains("line 2 is not valid UTF-8; ignored"), "{out}");
    assert!(out.contains("auction · B > status"), "the session ended at the bad line: {out}");
    let (ok, out, err) = play_bytes(&["--seed", "1", "--json"], b"\xc3\nbuy P1\n");
    assert!(ok, "{err}");
    let lines = json_lines(&out);
    assert_eq!(lines[1]["ok"], false, "{}", lines[1]);
    assert!(lines[1]["error"].as_str().is_some_and(|e| e.contains("line 1 is not valid UTF-8")), "{}", lines[1]);
    assert_eq!(lines[2]["ok"], true, "{}", lines[2]);
}

/// The terminal side (rustyline) gets a pseudo-terminal from `script`
/// (util-linux); where there is none, the test says so and skips.
#[cfg(target_os = "linux")]
#[test]
fn a_line_typed_at_the_terminal_that_is_not_utf8_is_reported_too() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipping: no `script` command to give railhead a terminal");
        return;
    }
    let command = format!("{} play --seed 1", env!("CARGO_BIN_EXE_railhead"));
    // A home of its own: the line editor keeps its history there.
    let home = common::TempFolder::new("repl-home");
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .env("TERM", "dumb")
        .env("HOME", &*home)
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"buy P1\nbid P4 \xff\nstatus\nquit\nquit\n").expect("input written");
    drop(stdin);
    let out = child.wait_with_output().expect("script ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("line 2 is not valid UTF-8; ignored"), "{text}");
    assert!(text.contains("auction · B"), "{text}");
}

#[test]
fn a_save_loads_against_the_title_folder_given() {
    let dir = common::TempFolder::new("load-title-dir");
    let save = dir.join("g.json");
    play(&["--seed", "1"], &format!("buy P1\nsave {}\n", save.display()));
    let changed = dir.join("changed");
    common::copy_dir(&common::title_dir("1849"), &changed);
    let title = changed.join("title.toml");
    let text = std::fs::read_to_string(&title).unwrap();
    std::fs::write(&title, text.replacen("name = \"1849: The Game of Sicilian Railways\"", "name = \"1849, changed\"", 1)).unwrap();
    let out = play(&["--load", save.to_str().unwrap(), "--title-dir", changed.to_str().unwrap()], "status\n");
    assert!(out.starts_with("railhead play — 1849, changed"), "{out}");
    assert!(out.contains("auction · B"), "{out}");
    let other = dir.join("1844");
    common::copy_dir(&common::title_dir("1844"), &other);
    let (ok, out, err) = play_bytes(&["--load", save.to_str().unwrap(), "--title-dir", other.to_str().unwrap()], b"");
    assert!(!ok, "{out}");
    assert!(err.contains("1849") && err.contains("1844"), "{err}");
}

/// Issue 16, item 8: names with spaces, typed as they are or quoted.
#[test]
fn players_with_spaces_in_their_names_are_found() {
    let out = play(&["--seed", "1", "--names", "Ann Lee,Bo,Cy"], "player Ann Lee\nplayer \"Ann Lee\"\nplayer 'ann lee'\nplayer Ann\nquit\nquit\n");
    assert_eq!(out.matches("Ann Lee — cash").count(), 3, "{out}");
    assert!(out.contains("no player 'Ann'") && out.contains("quote a name with spaces"), "{out}");
}

/// Issue 16, item 9: swapped letters get a suggestion too.
#[test]
fn a_mistyped_command_with_swapped_letters_gets_a_suggestion() {
    let out = play(&["--seed", "1"], "byu P1\nquit\n");
    assert!(out.contains("unknown command 'byu' (did you mean `buy`?)"), "{out}");
}

/// Issue 16, item 6: `load` does not drop unsaved moves without a word.
#[test]
fn load_warns_before_it_drops_unsaved_moves() {
    let dir = common::TempFolder::new("load-warn");
    let file = dir.join("game.json");
    let file = file.to_str().unwrap();
    // Refused; another command in between and it is refused again; the
    // same `load` right after the warning loads.
    let out = play(&["--seed", "1"], &format!("save {file}\nbuy P1\nload {file}\nstatus\nload {file}\nload {file}\nquit\n"));
    assert_eq!(out.matches("moves that are not saved").count(), 2, "{out}");
    assert!(out.contains("B to act"), "the refused load changed the game: {out}");
    assert_eq!(out.matches(&format!("loaded {file}")).count(), 1, "{out}");
    assert!(out.trim_end().ends_with("auction · A > quit\nbye"), "{out}");
}

/// Issue 16, item 9: an option turned on and off is refused, not the last word taken.
#[test]
fn an_option_both_on_and_off_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_railhead")).args(["play", "--option", "bonds", "--option", "no-bonds"]).stdin(Stdio::null()).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("contradict"), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Issue 16, items 2 and 3: tile choices name their gauge, and a tile can
/// be looked at.
#[test]
fn tiles_show_their_track_gauge_and_upgrades() {
    let out = play(&["--seed", "1"], "map G1\ntiles 73\ntiles\nmap 73\nquit\n");
    assert!(out.contains("58 standard (rot 3)") && out.contains("73 narrow (rot 3)"), "{out}");
    assert!(out.contains("yellow 73: town 10, narrow track"), "{out}");
    assert!(out.contains("track at rotation 0: narrow S–town; narrow NW–town"), "{out}");
    assert!(out.contains("upgrades to: ") && out.contains("copies: 4 left of 4"), "{out}");
    assert!(out.contains("yellow: 7 (4), 8 (10)"), "{out}");
    assert!(out.contains("there is no hex 73 on this map; `tiles 73` shows the tile 73"), "{out}");
}

/// 1849-R-057: only P1's price falls. Once P1 has gone for nothing the
/// status shows P2 at its face value, the price the engine charges.
#[test]
fn after_p1_goes_free_the_status_shows_p2_at_face_value() {
    let input = format!("{}status\nbuy P2\n", "pass\n".repeat(16));
    let out = play(&["--seed", "1"], &input);
    assert!(out.contains("A buys P1 (SCE) for L. 0"), "{out}");
    assert!(out.contains("\n  P2 L. 45\n"), "{out}");
    assert!(!out.contains("less L. 20"), "{out}");
    assert!(out.contains("B buys P2 (SIGI) for L. 45"), "{out}");
}

/// A player's value is what the title's scoring gives: 1849 counts no
/// private, the website's scoring counts them at face value.
#[test]
fn a_players_value_follows_the_titles_scoring() {
    let rulebook = json_lines(&play(&["--json", "--seed", "1"], "buy P1\nplayer A\n"));
    assert_eq!(rulebook[2]["cash"], 355);
    assert_eq!(rulebook[2]["value"], 355);
    let website = json_lines(&play(&["--json", "--seed", "1", "--option", "website_scoring"], "buy P1\nplayer A\n"));
    assert_eq!(website[2]["cash"], 355);
    assert_eq!(website[2]["value"], 375, "{}", website[2]);
}

/// Issue 16, item 5: the 1844 auction's high bid and bidder are in
/// `status` and `companies`, not only in the log.
#[test]
fn the_1844_auction_shows_its_high_bid_and_bidder() {
    let out = play(&["1844", "--seed", "1"], "status\nbid P1 25\npass\ncompanies\nstatus\nquit\nquit\n");
    assert!(out.contains("on sale: P1, no bid yet (the first bid is at least 20 SFR, 1844-R-013)"), "{out}");
    assert_eq!(out.matches("on sale: P1, high bid 25 SFR by A").count(), 2, "{out}");
    assert!(out.contains("passed on P1: B"), "{out}");
}

/// Issue 16: 1844's map is 185 columns wide (its cells drawn with track,
/// issue 18); piped (80 columns) it comes in parts, and the legend lists
/// 1844's own markers with 1844 examples.
#[test]
fn the_map_fits_the_width_and_its_legend_fits_the_title() {
    let out = play(&["1844", "--seed", "1"], "map\nmap east\nquit\n");
    // The banner's three lines come before any view.
    assert!(out.lines().skip(3).all(|l| l.chars().count() <= 80), "{out}");
    assert!(out.contains("part 1 of 3") && out.contains("part 3 of 3") && out.contains("`map west`, `map east`"), "{out}");
    assert!(out.contains("G26 Chur"), "{out}");
    for marker in ["w white", "r red", "p purple", "^ mountain"] {
        assert!(out.contains(marker), "{marker}: {out}");
    }
    assert!(!out.contains("RCS") && !out.contains("~20 port"), "{out}");
    let wide = play(&["1844", "--seed", "1", "--width", "200"], "map\nquit\n");
    assert!(!wide.contains("part 1 of"), "{wide}");
}

/// Investors (the boundary title's fund, option fund): the corporations'
/// table has a column for each, the players' view lists their holdings,
/// and the moves offer their certificates.
#[test]
fn investors_holdings_show_in_the_views_and_moves() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/titles/boundary");
    let out = play(&["--title-dir", dir.to_str().unwrap(), "--option", "fund", "--names", "A,B", "--seed", "1", "--width", "200"], "par NRR 60\ncorps\nplayers\nmoves\n");
    assert!(out.contains("fund buys 10 % of NRR for $60"), "{out}");
    assert!(out.contains("fund %"), "{out}");
    assert!(out.contains("investor The Fund (fund): NRR 10% (1 cert)"), "{out}");
    assert!(out.contains("buy NRR fund"), "{out}");
}

//! `railhead play` driven over stdin/stdout, as a script would drive it.

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
    let dir = std::env::temp_dir().join(format!("railhead-play-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
    let _ = std::fs::remove_dir_all(&dir);
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

//! A reader that stops early (`railhead ... | head`) ends railhead's
//! output quietly: no panic message, the documented exit code (141, as a
//! process stopped by SIGPIPE reports in a shell).

mod common;

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs railhead, reads `keep` bytes of its output and closes the pipe;
/// returns the exit code and what it wrote on stderr.
fn read_then_close(args: &[&std::ffi::OsStr], keep: usize) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_railhead"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("railhead starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = vec![0u8; keep];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let out = child.wait_with_output().expect("railhead ends");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// `check` of a title with thousands of problems: far more output than a
/// pipe holds, so railhead is still writing when the reader goes.
#[test]
fn check_output_ends_quietly_when_the_reader_stops() {
    let dir = common::fresh_copy("1849", "closed-output");
    let unknown: Vec<String> = (0..5000).map(|i| format!("\"no-such-tile-{i}\"")).collect();
    let map = dir.join("map.toml");
    let text = std::fs::read_to_string(&map).unwrap();
    std::fs::write(&map, format!("{text}\n[[hex]]\nat = [\"Z99\"]\nupgrades = [{}]\n", unknown.join(", "))).unwrap();
    let (code, stderr) = read_then_close(&["check".as_ref(), dir.as_os_str()], 100);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(code, Some(141));
}

/// The case: `railhead import F --trace | head -c 100`. Reads
/// ../shared and skips where it is absent.
#[test]
fn import_trace_ends_quietly_when_the_reader_stops() {
    let record = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/18xx.games/1849/1849_game_end_bank.json");
    if !record.exists() {
        eprintln!("skipping: {} is not available (../shared is absent)", record.display());
        return;
    }
    let (code, stderr) = read_then_close(&["import".as_ref(), record.as_os_str(), "--trace".as_ref()], 100);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(code, Some(141));
}

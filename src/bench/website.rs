//! The 18xx.games engine timed beside ours (`bench replay --website DIR`).
//!
//! Wall times measured on different days differ by several times on a
//! shared machine (the stored figures in `reference` were 2.7x slower
//! under load than the same engine measured quiet), so a ratio holds only
//! between times taken together. This runs the website's engine (Ruby, a
//! checkout of tobymao/18xx) in a child process that loads it once, and
//! asks it for timed replays of each fixture right after ours: both
//! engines see the same load. The driver is our own script
//! (`website_replay.rb`).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const DRIVER: &str = include_str!("website_replay.rb");

/// The website's engine, loaded and waiting for files to replay.
pub struct WebsiteEngine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// What the engine writes to stderr, read on a thread of its own (a
    /// full pipe would stop it while we wait on its stdout).
    stderr: Option<std::thread::JoinHandle<String>>,
    /// `RUBY_DESCRIPTION` and the checkout's commit, for the report.
    pub runtime: String,
}

/// The engine's folder of a title's game code (`g_1849`, `g_18_chesapeake`
/// for "18Chesapeake").
pub fn game_folder(title: &str) -> String {
    let mut out = String::from("g_");
    let mut last_digit = None;
    for c in title.chars() {
        if !c.is_ascii_alphanumeric() {
            out.push('_');
            last_digit = None;
            continue;
        }
        let digit = c.is_ascii_digit();
        // The engine's folders put an underscore where digits meet letters.
        if last_digit.is_some_and(|d| d != digit) && !out.ends_with('_') {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
        last_digit = Some(digit);
    }
    out
}

impl WebsiteEngine {
    /// Starts `ruby` on the checkout at `checkout` (its `lib/engine.rb`),
    /// loading only the games of `titles`. `Err` says why it cannot: no
    /// Ruby, no checkout there, or the engine failing to load.
    pub fn start(checkout: &Path, titles: &[String]) -> Result<WebsiteEngine, String> {
        let lib = checkout.join("lib");
        if !lib.join("engine.rb").is_file() {
            return Err(format!("{} is not a checkout of the website's engine (no lib/engine.rb)", checkout.display()));
        }
        let folders: Vec<String> = titles.iter().map(|t| game_folder(t)).collect();
        let mut child = Command::new("ruby")
            .arg("-e")
            .arg(DRIVER)
            .arg(&lib)
            .arg(folders.join(","))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run ruby ({e}): the website's engine needs Ruby (3.1 measured)"))?;
        let (Some(stdin), Some(stdout), Some(mut err)) = (child.stdin.take(), child.stdout.take(), child.stderr.take()) else {
            return Err("ruby started without pipes".into());
        };
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = err.read_to_string(&mut text);
            text
        });
        let mut engine = WebsiteEngine { child, stdin, stdout: BufReader::new(stdout), stderr: Some(stderr), runtime: String::new() };
        let ready = engine.read_reply()?;
        let described = ready.get("ready").and_then(|v| v.as_str()).ok_or_else(|| format!("unexpected first line from the driver: {ready}"))?;
        let commit = git_commit(checkout).map_or(String::new(), |c| format!(", engine commit {c}"));
        engine.runtime = format!("{described}{commit}");
        Ok(engine)
    }

    /// One timed replay of `file` (`Engine::Game.load` on the parsed JSON):
    /// seconds, or the engine's error.
    pub fn time(&mut self, file: &Path) -> Result<f64, String> {
        let line = file.to_str().ok_or("the fixture's path is not UTF-8")?;
        writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()).map_err(|e| format!("the website's engine stopped: {e}"))?;
        let reply = self.read_reply()?;
        if let Some(e) = reply.get("error").and_then(|v| v.as_str()) {
            return Err(format!("the website's engine refuses it: {e}"));
        }
        reply.get("seconds").and_then(|v| v.as_f64()).ok_or_else(|| format!("unexpected reply from the driver: {reply}"))
    }

    fn read_reply(&mut self) -> Result<serde_json::Value, String> {
        let mut line = String::new();
        let read = self.stdout.read_line(&mut line).map_err(|e| e.to_string())?;
        if read == 0 {
            // Its stdout closed: it has exited, and its stderr ends too.
            let err = self.stderr.take().and_then(|h| h.join().ok()).unwrap_or_default();
            let last: Vec<&str> = err.lines().take(6).collect();
            return Err(format!("the website's engine exited: {}", last.join(" / ")));
        }
        serde_json::from_str(&line).map_err(|e| format!("unreadable reply from the driver ({e}): {line}"))
    }
}

impl Drop for WebsiteEngine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The checkout's commit, when git can tell.
fn git_commit(checkout: &Path) -> Option<String> {
    let out = Command::new("git").arg("-C").arg(checkout).args(["rev-parse", "--short=9", "HEAD"]).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::{WebsiteEngine, game_folder};

    #[test]
    fn a_folder_without_the_engine_is_refused_before_ruby_runs() {
        let dir = std::env::temp_dir().join("railhead-no-website-engine");
        let err = WebsiteEngine::start(&dir, &["1849".to_string()]).err().expect("no engine there");
        assert!(err.contains("no lib/engine.rb"), "{err}");
    }

    #[test]
    fn folders_follow_the_engines_naming() {
        assert_eq!(game_folder("1849"), "g_1849");
        assert_eq!(game_folder("1844"), "g_1844");
        assert_eq!(game_folder("18Chesapeake"), "g_18_chesapeake");
        assert_eq!(game_folder("1865 Sardinia"), "g_1865_sardinia");
    }
}

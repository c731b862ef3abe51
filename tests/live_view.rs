//! Issue 18: the live view, in a real headless browser. The REPL runs with
//! `--view`; Chromium loads the page; an action played in the REPL must
//! reach the page, which reports what its own text then shows (its log's
//! last line) back to the REPL's `view`.
//!
//! Skips, saying so, where no Chromium is installed (Debian:
//! `apt-get install chromium`; or set RAILHEAD_CHROMIUM to a browser).

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

fn chromium() -> Option<String> {
    if let Ok(path) = std::env::var("RAILHEAD_CHROMIUM") {
        return Some(path);
    }
    ["chromium", "chromium-browser", "google-chrome"].iter().find(|b| Command::new(b).arg("--version").output().is_ok_and(|o| o.status.success())).map(|b| b.to_string())
}

/// The REPL, answering one JSON object per command.
struct Repl {
    child: Child,
    stdin: ChildStdin,
    replies: Receiver<Value>,
}

impl Repl {
    fn start() -> Repl {
        let mut child = Command::new(env!("CARGO_BIN_EXE_railhead"))
            .args(["play", "1849", "--seed", "1", "--json", "--view"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("railhead starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, replies) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Ok(v) = serde_json::from_str::<Value>(&line)
                    && tx.send(v).is_err()
                {
                    break;
                }
            }
        });
        Repl { child, stdin, replies }
    }

    /// The next reply of kind `kind`, skipping others.
    fn next(&self, kind: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let v = self.replies.recv_timeout(left).unwrap_or_else(|_| panic!("no `{kind}` reply within 30 s"));
            if v["kind"] == kind {
                return v;
            }
        }
    }

    fn send(&mut self, command: &str, kind: &str) -> Value {
        writeln!(self.stdin, "{command}").expect("the REPL reads");
        self.stdin.flush().expect("flush");
        self.next(kind)
    }

    /// Asks `view` until `ok` holds of its answer, for up to a minute.
    fn view_until(&mut self, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let v = self.send("view", "view");
            if ok(&v) {
                return v;
            }
            assert!(Instant::now() < deadline, "the page never showed {what}: {v}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Repl {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Kills the browser however the test ends. On Unix it runs as a process
/// group of its own (`spawn_browser`), and the whole group is killed and
/// waited for: Chromium's helper processes would otherwise go on writing
/// into the profile while it is being removed, and leave it behind.
struct Browser(Child);

impl Drop for Browser {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            let group = self.0.id() as libc::pid_t;
            // SAFETY: kill(2) with the negated id of the group this test started.
            unsafe { libc::kill(-group, libc::SIGKILL) };
            let _ = self.0.wait();
            // kill(-group, 0) fails once no process of the group is left.
            let deadline = Instant::now() + Duration::from_secs(10);
            while unsafe { libc::kill(-group, 0) } == 0 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        #[cfg(not(unix))]
        {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// Starts the browser: on Unix as the leader of a process group of its own.
fn spawn_browser(command: &mut Command) -> Browser {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    Browser(command.spawn().expect("the browser starts"))
}

#[test]
fn the_page_redraws_after_an_action_in_the_repl() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no Chromium installed (apt-get install chromium, or set RAILHEAD_CHROMIUM)");
        return;
    };
    let mut repl = Repl::start();
    let started = repl.next("view");
    let url = started["url"].as_str().expect("the view's address").to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{started}");
    // The browser's profile, removed after the browser (dropped first, as
    // it is declared after) has been stopped.
    let profile = tempfile::Builder::new().prefix("railhead-live-test-").tempdir().unwrap();
    let _browser = spawn_browser(
        Command::new(&browser)
            .args(["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions"])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg(&url)
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    );
    let first = repl.view_until("the first update", |v| v["pages"].as_array().is_some_and(|p| p.iter().any(|p| p["version"] == v["version"])));
    let before = first["version"].as_u64().unwrap();
    let reply = repl.send("buy P1", "action");
    assert!(reply["log"].to_string().contains("A buys P1"), "{reply}");
    let after = repl.view_until("the purchase", |v| {
        v["version"].as_u64() > Some(before) && v["pages"].as_array().is_some_and(|p| p.iter().any(|p| p["version"] == v["version"] && p["last_log_line"].as_str().unwrap_or("").contains("A buys P1")))
    });
    let page = after["pages"].as_array().unwrap().iter().find(|p| p["version"] == after["version"]).unwrap();
    eprintln!("the page showed the purchase {} ms after the action", page["delay_ms"]);
}

/// One raw HTTP/1.0 exchange: the status code and the body.
fn http(url: &str, request: &str) -> (u16, String) {
    use std::io::Read;
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(addr).expect("the view listens");
    s.write_all(request.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let code = out.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (code, out.split_once("\r\n\r\n").map(|x| x.1.to_string()).unwrap_or_default())
}

/// Without a browser: the server hands out the newest snapshot, records
/// what a page reports, and changes nothing on any other request.
#[test]
fn the_server_serves_snapshots_and_is_read_only() {
    use railhead::live::{LiveView, Section, SectionKind, Snapshot};
    let view = LiveView::start(0).expect("starts");
    let url = view.url().to_string();
    let (code, page) = http(&url, "GET / HTTP/1.0\r\n\r\n");
    assert!(code == 200 && page.contains("/state?after="), "{code} {page}");
    let snap = |log: &str| Snapshot {
        title: "t".into(),
        prompt: "p".into(),
        sections: vec![Section { id: "log".into(), heading: "Log".into(), kind: SectionKind::Text, body: log.into() }],
    };
    view.publish(&snap("one"));
    view.publish(&snap("two"));
    let (code, body) = http(&url, "GET /state?after=0 HTTP/1.0\r\n\r\n");
    let v: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!((code, v["version"].as_u64(), v["sections"][0]["body"].as_str()), (200, Some(2), Some("two")), "{body}");
    let report = r#"{"page":"abc","version":2,"last_log_line":"two"}"#;
    let (code, _) = http(&url, &format!("POST /seen HTTP/1.0\r\nContent-Length: {}\r\n\r\n{report}", report.len()));
    assert_eq!(code, 204);
    let st = view.status();
    assert_eq!((st.version, st.pages.len(), st.pages[0].version, st.pages[0].last_log_line.as_str()), (2, 1, 2, "two"));
    let (code, _) = http(&url, "POST /seen HTTP/1.0\r\nContent-Length: 5\r\n\r\nnope!");
    assert_eq!(code, 400, "a report that is not JSON");
    assert_eq!(http(&url, "PUT /state HTTP/1.0\r\nContent-Length: 0\r\n\r\n").0, 405);
    assert_eq!(http(&url, "GET /nothing HTTP/1.0\r\n\r\n").0, 404);
    assert_eq!(view.status().version, 2, "requests changed nothing");
}

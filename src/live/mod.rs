//! The live view: a read-only page on 127.0.0.1 that shows the game
//! beside the REPL and redraws after every action (`railhead play
//! --view`, `view` in the REPL).
//!
//! The REPL's thread owns the game; after each command that changed it,
//! the session publishes a snapshot (`Snapshot`: the pictures and views as
//! text, already drawn). The server's threads only hand out the latest
//! snapshot, so nothing a browser does can touch the game. A page asks
//! with a long poll (`GET /state?after=N` answers as soon as there is a
//! snapshot newer than N) and tells the server what it now shows (`POST
//! /seen`), so `view` can say whether every page is up to date and how
//! long an update took to reach it.

mod server;

use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// One drawn state of the game, as the page shows it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Snapshot {
    /// Title and players, for the page's heading.
    pub title: String,
    /// What the game waits for (the REPL's prompt line).
    pub prompt: String,
    /// Each part of the page, in order.
    pub sections: Vec<Section>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Section {
    /// Stable element id on the page: "map", "market", "corps", "log".
    pub id: String,
    pub heading: String,
    /// An SVG picture or preformatted text.
    pub kind: SectionKind,
    pub body: String,
}

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SectionKind {
    Svg,
    Text,
}

/// What a page said it shows (`POST /seen`).
#[derive(Clone, Debug)]
pub struct Seen {
    pub version: u64,
    /// The last line of the game log as the page's own text shows it.
    pub last_log_line: String,
    /// From the snapshot's publication to the page's report.
    pub delay: Duration,
    pub at: Instant,
}

/// The state the REPL's thread and the server's threads share.
pub(crate) struct Shared {
    state: Mutex<Published>,
    changed: Condvar,
}

struct Published {
    version: u64,
    /// The snapshot as the JSON a page reads, made once per version.
    json: Arc<String>,
    published_at: Instant,
    /// The pages that reported, by the id each page drew for itself.
    pages: BTreeMap<String, Seen>,
    stopping: bool,
}

/// At most this many pages are remembered (the oldest report goes).
const MAX_PAGES: usize = 16;
/// A page that has not reported for this long is no longer counted.
const PAGE_GONE: Duration = Duration::from_secs(60);

impl Shared {
    fn new() -> Shared {
        Shared {
            state: Mutex::new(Published { version: 0, json: Arc::new("{}".into()), published_at: Instant::now(), pages: BTreeMap::new(), stopping: false }),
            changed: Condvar::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Published> {
        // A server thread that panicked holding the lock left the data
        // whole (every write is one assignment): keep serving it.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The newest snapshot once it is newer than `after`, waiting up to
    /// `wait`; `None` when nothing newer came (or the view is stopping).
    fn newer_than(&self, after: u64, wait: Duration) -> Option<(u64, Arc<String>)> {
        let guard = self.lock();
        let (guard, _) = self.changed.wait_timeout_while(guard, wait, |p| p.version <= after && !p.stopping).unwrap_or_else(|p| p.into_inner());
        (guard.version > after).then(|| (guard.version, guard.json.clone()))
    }

    fn record_seen(&self, page: String, version: u64, last_log_line: String) {
        let mut p = self.lock();
        let delay = if version == p.version { p.published_at.elapsed() } else { Duration::ZERO };
        if p.pages.len() >= MAX_PAGES && !p.pages.contains_key(&page) {
            let oldest = p.pages.iter().min_by_key(|(_, s)| s.at).map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                p.pages.remove(&k);
            }
        }
        p.pages.insert(page, Seen { version, last_log_line, delay, at: Instant::now() });
    }
}

/// A running live view. Dropping it stops the server.
pub struct LiveView {
    shared: Arc<Shared>,
    server: Arc<tiny_http::Server>,
    url: String,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// How the pages watching are doing, for `view`.
#[derive(Clone, Debug)]
pub struct ViewStatus {
    pub url: String,
    pub version: u64,
    /// Pages that reported in the last minute: what each shows.
    pub pages: Vec<Seen>,
}

impl LiveView {
    /// Serves the view on 127.0.0.1 at `port` (0: any free port).
    pub fn start(port: u16) -> Result<LiveView, String> {
        let server = tiny_http::Server::http(("127.0.0.1", port)).map_err(|e| format!("the live view cannot listen on 127.0.0.1:{port}: {e}"))?;
        let url = match server.server_addr().to_ip() {
            Some(addr) => format!("http://{addr}/"),
            None => return Err("the live view's server has no IP address".into()),
        };
        let server = Arc::new(server);
        let shared = Arc::new(Shared::new());
        let thread = {
            let (server, shared) = (server.clone(), shared.clone());
            std::thread::Builder::new().name("live-view".into()).spawn(move || server::serve(&server, &shared)).map_err(|e| format!("the live view cannot start its thread: {e}"))?
        };
        Ok(LiveView { shared, server, url, thread: Some(thread) })
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// Makes `snapshot` what every page shows next.
    pub fn publish(&self, snapshot: &Snapshot) {
        let mut p = self.shared.lock();
        p.version += 1;
        let mut value = serde_json::to_value(snapshot).unwrap_or_default();
        value["version"] = p.version.into();
        p.json = Arc::new(value.to_string());
        p.published_at = Instant::now();
        drop(p);
        self.shared.changed.notify_all();
    }

    pub fn status(&self) -> ViewStatus {
        let p = self.shared.lock();
        let pages = p.pages.values().filter(|s| s.at.elapsed() < PAGE_GONE).cloned().collect();
        ViewStatus { url: self.url.clone(), version: p.version, pages }
    }
}

impl Drop for LiveView {
    fn drop(&mut self) {
        self.shared.lock().stopping = true;
        self.shared.changed.notify_all();
        self.server.unblock();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

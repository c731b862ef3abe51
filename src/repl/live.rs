//! The session's side of the live view (`crate::live`): `view` starts it,
//! and after every command that changed the game the session draws a new
//! snapshot for the page: the map and the market as pictures (`render`),
//! status, corporations, players and the log as the REPL shows them.

use super::{Invocation, Reply, Session};
use crate::live::{LiveView, Section, SectionKind, Snapshot};
use crate::render::{self, Picture};
use serde_json::json;

/// Columns the page's text views are laid out in: wider than a terminal,
/// the page has the room.
const PAGE_COLUMNS: usize = 110;
/// Lines of the game log the page shows.
const LOG_LINES: usize = 40;

impl Session {
    /// Draws what the page shows now.
    fn snapshot(&mut self) -> Snapshot {
        let names: Vec<&str> = self.game.state.players.iter().map(|p| p.name.as_str()).collect();
        let title = format!("{} · {}", self.game.title.meta.name, names.join(", "));
        let width = std::mem::replace(&mut self.width, PAGE_COLUMNS);
        let mut sections = Vec::new();
        for (id, heading, picture) in [("map", "Map", Picture::Map), ("market", "Stock market", Picture::Market)] {
            let (kind, body) = match render::svg(&self.game, picture, None) {
                Ok(svg) => (SectionKind::Svg, svg),
                Err(e) => (SectionKind::Text, format!("the {id} cannot be drawn: {e}")),
            };
            sections.push(Section { id: id.into(), heading: heading.into(), kind, body });
        }
        for (id, heading, command) in [("status", "Status", "status".to_string()), ("corps", "Corporations", "corps".into()), ("players", "Players", "players".into()), ("log", "Log", format!("log {LOG_LINES}"))] {
            let reply = self.dispatch(&command);
            sections.push(Section { id: id.into(), heading: heading.into(), kind: SectionKind::Text, body: reply.text });
        }
        self.width = width;
        Snapshot { title, prompt: self.prompt(), sections }
    }

    /// After a command: a new snapshot for the page if the game changed.
    pub(super) fn publish_live(&mut self) {
        if self.live.is_none() || self.live_generation == Some(self.generation) {
            return;
        }
        let snapshot = self.snapshot();
        if let Some(live) = &self.live {
            live.publish(&snapshot);
        }
        self.live_generation = Some(self.generation);
    }

    /// Starts the live view on `port` (0: any free one); its address.
    pub fn start_live(&mut self, port: u16) -> Result<String, String> {
        if let Some(live) = &self.live {
            return Ok(live.url().to_string());
        }
        let live = LiveView::start(port)?;
        let url = live.url().to_string();
        self.live = Some(live);
        self.live_generation = None;
        self.publish_live();
        Ok(url)
    }
}

/// `view [PORT]`: starts the live view, or says how its pages are doing;
/// `view stop` stops it.
pub fn run(s: &mut Session, inv: &Invocation) -> Reply {
    match inv.args.first().map(|a| a.to_ascii_lowercase()).as_deref() {
        Some("stop") => {
            return match s.live.take() {
                Some(_) => Reply::ok("view", "the live view is stopped", json!({ "running": false })),
                None => Reply::error("view", "no live view is running: `view` starts one"),
            };
        }
        Some(port) if s.live.is_none() => match port.parse::<u16>() {
            Ok(p) => return started(s, p),
            Err(_) => return Reply::error("view", format!("`{port}` is not a port: `view` (any free port), `view 8049`, or `view stop`")),
        },
        Some(_) => return Reply::error("view", "the live view is already running: `view stop` first to move it to another port"),
        None if s.live.is_none() => return started(s, 0),
        None => {}
    }
    let Some(live) = &s.live else { return Reply::error("view", "no live view") };
    let st = live.status();
    let mut text = format!("live view at {} (update {})", st.url, st.version);
    if st.pages.is_empty() {
        text.push_str("\nno page is watching: open the address in a browser");
    }
    let mut pages = Vec::new();
    for p in &st.pages {
        let state = if p.version == st.version { "up to date".to_string() } else { format!("showing update {}", p.version) };
        text.push_str(&format!("\na page is watching: {state}; the last update reached it {} ms after the action; its log ends: {}", p.delay.as_millis(), p.last_log_line));
        pages.push(json!({ "version": p.version, "delay_ms": p.delay.as_millis() as u64, "last_log_line": p.last_log_line }));
    }
    Reply::ok("view", text, json!({ "running": true, "url": st.url, "version": st.version, "pages": pages }))
}

fn started(s: &mut Session, port: u16) -> Reply {
    match s.start_live(port) {
        Ok(url) => Reply::ok("view", format!("live view at {url}: open it in a browser; it redraws after every action (`view` says how the pages are doing, `view stop` stops it)"), json!({ "running": true, "url": url })),
        Err(e) => Reply::error("view", e),
    }
}

//! `railhead bench replay`: the time of a whole import of each fixture,
//! and of loading railhead's own save of the imported game.
//!
//! Measured: `import::replay` on the already parsed record (a new game
//! from the cached title, translation and `Game::apply` of every action,
//! with the recorded routes validated as declared, not searched), like the
//! website's `Game.load` on parsed JSON. One warm-up replay first (it
//! compiles the title into the cache); reading and parsing the file are
//! timed apart. CPU time is the thread's own (Linux schedstat), steadier
//! than wall time on a busy machine.

use super::measure::median;
use super::reference::REPLAY;
use super::website::WebsiteEngine;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub struct ReplayTiming {
    pub file: PathBuf,
    pub title: String,
    pub actions: usize,
    pub matches: bool,
    pub parse_seconds: f64,
    /// Sorted wall times of the replays.
    pub wall: Vec<f64>,
    /// Sorted CPU times, when the system tells them.
    pub cpu: Option<Vec<f64>>,
    /// With `profile`: the script calls of the timed replays (all of them).
    pub script_profile: Option<crate::script::profile::ScriptProfile>,
    /// With a website engine: its sorted wall times, taken right after
    /// ours, and its runtime; or why it could not replay the file.
    pub website: Option<Result<(Vec<f64>, String), String>>,
    /// Sorted wall times of loading railhead's own save of the imported
    /// game (`SaveFile::restore`: the same actions, already translated),
    /// or why it could not be timed.
    pub native: Result<Vec<f64>, String>,
}

/// Times one fixture, or says why it does not replay. With `profile`, the
/// title's script calls are timed too (which costs a little time per call).
/// With `website`, the website's engine replays it as often right after
/// ours (after one warm-up replay of its own). Each engine's replays run
/// in a block: replays alternating one by one evict each other's caches
/// (ours took a third longer so, theirs was unchanged).
pub fn time_fixture(file: &Path, repeat: usize, profile: bool, website: Option<&mut WebsiteEngine>) -> Result<ReplayTiming, String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let mut parse = Vec::new();
    let mut rec = None;
    for _ in 0..repeat.max(1) {
        let started = Instant::now();
        rec = Some(crate::import::parse(&text).map_err(|e| e.to_string())?);
        parse.push(started.elapsed().as_secs_f64());
    }
    parse.sort_by(f64::total_cmp);
    let rec = rec.ok_or("nothing parsed")?;
    // Each replay searches its runs as a first replay does: none is
    // recalled from the replay before it (`route::recall`).
    crate::route::recall::clear();
    let (warm, report) = crate::import::replay(&rec, None).map_err(|(_, e)| super::positions::why_not(&e))?;
    // Every replay shares the title's host (`ScriptHost::shared`).
    let host = warm.host.clone();
    let save = crate::game::save::SaveFile::of(&warm);
    // A game the players ended by agreement is saved before that end (it
    // is not an action: `import::end_by_agreement`), so it loads unended.
    let agreed = warm.state.ended.as_ref().is_some_and(|e| e.reason == crate::import::ENDED_BY_AGREEMENT);
    let digest = (!agreed).then(|| warm.digest());
    drop(warm);
    if profile {
        host.start_profile();
    }
    let mut wall = Vec::new();
    let mut cpu: Option<Vec<f64>> = Some(Vec::new());
    for _ in 0..repeat.max(1) {
        crate::route::recall::clear();
        let cpu0 = thread_cpu_seconds();
        let started = Instant::now();
        let out = crate::import::replay(&rec, None);
        wall.push(started.elapsed().as_secs_f64());
        match (cpu0, thread_cpu_seconds(), cpu.as_mut()) {
            (Some(a), Some(b), Some(v)) => v.push(b - a),
            _ => cpu = None,
        }
        drop(out);
    }
    wall.sort_by(f64::total_cmp);
    if let Some(v) = cpu.as_mut() {
        v.sort_by(f64::total_cmp);
    }
    // (Before the loads below, which would count in the profile.)
    let script_profile = profile.then(|| host.take_profile());
    let native = time_native(&save, digest, repeat);
    let website = website.map(|w| time_website(w, file, repeat).map(|times| (times, w.runtime.clone())));
    Ok(ReplayTiming { file: file.to_path_buf(), title: rec.title.clone(), actions: report.applied, matches: report.matches(), parse_seconds: median(&parse), wall, cpu, script_profile, website, native })
}

/// Loading railhead's save of the imported game, `repeat` times (after a
/// warm-up): what replaying the same real game costs without the
/// importer (translating the website's actions, checking its silent
/// passes). `Err` if a load fails or gives another game than `digest`.
fn time_native(save: &crate::game::save::SaveFile, digest: Option<u64>, repeat: usize) -> Result<Vec<f64>, String> {
    let mut times = Vec::new();
    for i in 0..=repeat.max(1) {
        crate::route::recall::clear();
        let started = Instant::now();
        let game = save.restore("bench", None).map_err(|e| e.to_string())?;
        let t = started.elapsed().as_secs_f64();
        // The first (untimed) load shows it is the same game; the others
        // are the same work again.
        if i == 0 && digest.is_some_and(|d| game.digest() != d) {
            return Err("the save of the imported game loads as another game".into());
        }
        if i > 0 {
            times.push(t);
        }
    }
    times.sort_by(f64::total_cmp);
    Ok(times)
}

/// The website engine's sorted wall times for `file`, after a warm-up.
fn time_website(w: &mut WebsiteEngine, file: &Path, repeat: usize) -> Result<Vec<f64>, String> {
    w.time(file)?;
    let mut times = (0..repeat.max(1)).map(|_| w.time(file)).collect::<Result<Vec<f64>, String>>()?;
    times.sort_by(f64::total_cmp);
    Ok(times)
}

/// CPU time of the calling thread, from /proc (Linux); `None` elsewhere.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

impl ReplayTiming {
    pub fn file_name(&self) -> String {
        self.file.file_name().map_or_else(|| self.file.display().to_string(), |n| n.to_string_lossy().into_owned())
    }

    pub fn wall_median(&self) -> f64 {
        median(&self.wall)
    }

    /// The median load of railhead's save of the game, if it was timed.
    pub fn native_median(&self) -> Option<f64> {
        self.native.as_deref().ok().map(median)
    }

    /// The website's time over that load, if it was timed.
    pub fn native_ratio(&self, web: &WebsiteReplay) -> Option<f64> {
        self.native_median().map(|n| web.wall_seconds / n.max(1e-9))
    }

    pub fn cpu_median(&self) -> Option<f64> {
        self.cpu.as_deref().map(median)
    }

    /// The website's figures for this fixture, and their ratio to ours:
    /// measured in this run when it was (`website`), else the stored ones.
    pub fn against_website(&self) -> Option<WebsiteReplay> {
        if let Some(Ok((times, runtime))) = &self.website {
            let wall_seconds = median(times);
            return Some(WebsiteReplay {
                runtime: runtime.clone(),
                wall_seconds,
                wall_ratio: wall_seconds / self.wall_median().max(1e-9),
                cpu: None,
                measured: format!("measured in this run, right after ours (median of {})", times.len()),
                side_by_side: true,
            });
        }
        let name = self.file_name();
        let r = REPLAY.iter().find(|r| r.fixture == name)?;
        let cpu = match (r.cpu_seconds, self.cpu_median()) {
            (Some(theirs), Some(ours)) => Some((theirs, theirs / ours.max(1e-9))),
            _ => None,
        };
        Some(WebsiteReplay {
            runtime: r.runtime.to_string(),
            wall_seconds: r.wall_seconds,
            wall_ratio: r.wall_seconds / self.wall_median().max(1e-9),
            cpu,
            measured: r.measured.to_string(),
            side_by_side: r.side_by_side,
        })
    }
}

/// The website engine's replay of the same fixture beside ours.
pub struct WebsiteReplay {
    pub runtime: String,
    pub wall_seconds: f64,
    /// Theirs / ours.
    pub wall_ratio: f64,
    /// Their CPU seconds and the ratio to ours.
    pub cpu: Option<(f64, f64)>,
    /// Where and how their figure was measured.
    pub measured: String,
    pub side_by_side: bool,
}

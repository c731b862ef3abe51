//! `railhead bench routes|replay`: the performance harness (src/bench/).

use railhead::bench::measure::{Outcome, Settings, measure_all, median};
use railhead::bench::positions::{self, BenchPosition, fixture_files};
use railhead::bench::replay::time_fixture;
use railhead::bench::reference::TARGET_REPLAY_SPEEDUP;
use railhead::bench::report;
use railhead::bench::worker::{WorkerCommand, serve};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug)]
pub enum BenchCommand {
    /// Time the route search on every recorded run of the fixtures and on
    /// synthetic worst cases.
    Routes(RoutesArgs),
    /// Time whole replays of the fixtures.
    Replay(ReplayArgs),
    /// Complete random games per second and actions per second, per title:
    /// with every fuzz check and bare, on one thread and on every core.
    Playouts(PlayoutsArgs),
    /// (internal) Answer route problems on stdin: the timing process.
    #[command(hide = true)]
    Worker {
        /// Search threads (1: the single-thread search).
        #[arg(long, default_value_t = 1)]
        search_threads: usize,
    },
}

#[derive(clap::Args, Debug)]
pub struct RoutesArgs {
    /// One JSON object per line (position), then a summary object.
    #[arg(long)]
    pub json: bool,
    /// Searches per position [default: 21 for real positions, 5 for synthetic].
    #[arg(long, value_name = "N", value_parser = at_least_one())]
    pub repeat: Option<usize>,
    /// Positions timed at once, one process each. More than one at once
    /// adds noise on a busy machine.
    #[arg(long, value_name = "T", default_value_t = 1)]
    pub threads: usize,
    /// Threads of the parallel search, timed after the single-thread one
    /// on every position [default: the machine's cores]; 1: single thread only.
    #[arg(long, value_name = "T")]
    pub parallel: Option<usize>,
    /// The recorded games [default: ../shared/fixtures/18xx.games].
    #[arg(long, value_name = "DIR")]
    pub fixtures: Option<PathBuf>,
    /// Cap on one search (and on one position's repeats together).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub max_seconds: f64,
    /// Only positions whose label contains this text ("synthetic", "#477", "1844").
    #[arg(long, value_name = "TEXT")]
    pub only: Option<String>,
    /// Also time this route problem (a `RouteProblem` as JSON); repeatable.
    #[arg(long = "problem", value_name = "FILE")]
    pub problems: Vec<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// One JSON object per line (fixture).
    #[arg(long)]
    pub json: bool,
    /// Replays per fixture.
    #[arg(long, value_name = "N", default_value_t = 7, value_parser = at_least_one())]
    pub repeat: usize,
    /// The recorded games [default: ../shared/fixtures/18xx.games].
    #[arg(long, value_name = "DIR")]
    pub fixtures: Option<PathBuf>,
    /// Also time the title's script functions and the game methods they
    /// call over the timed replays (as `fuzz --profile-scripts`).
    #[arg(long)]
    pub profile_scripts: bool,
    /// A checkout of the website's engine (tobymao/18xx) to time beside
    /// ours: as many of its replays right after ours on each fixture, so
    /// that the ratio holds under any load (needs `ruby`; without this the
    /// stored figures are used).
    #[arg(long, value_name = "DIR")]
    pub website: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct PlayoutsArgs {
    /// Titles (embedded) [default: every embedded title].
    pub titles: Vec<String>,
    /// Games per batch.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Batches per figure (the median is reported).
    #[arg(long, default_value_t = 3, value_parser = at_least_one())]
    pub batches: usize,
    /// "All cores" threads [default: the machine's cores].
    #[arg(long)]
    pub threads: Option<usize>,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
}

/// A count of repeats or batches: none would time nothing. (Bounded, so
/// that the refusal reads "not in 1..=1000000".)
fn at_least_one() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000)
}

pub fn run(cmd: &BenchCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        BenchCommand::Playouts(a) => playouts(a),
        BenchCommand::Routes(a) => routes(a),
        BenchCommand::Replay(a) => replay(a),
        BenchCommand::Worker { search_threads } => {
            serve(
                std::io::stdin().lock(),
                std::io::stdout().lock(),
                *search_threads,
            )?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The fixtures folder: given, or ../shared/fixtures/18xx.games from the
/// current folder, or from the source tree.
pub(super) fn fixtures_dir(given: &Option<PathBuf>) -> Option<PathBuf> {
    if let Some(d) = given {
        return d.is_dir().then(|| d.clone());
    }
    let rel = Path::new("../shared/fixtures/18xx.games");
    let from_source = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    [rel.to_path_buf(), from_source].into_iter().find(|d| d.is_dir())
}

/// The recorded games to time; where there are none, says so and what
/// is `left_out` for it.
fn fixture_list(given: &Option<PathBuf>, left_out: &str) -> Vec<PathBuf> {
    match fixtures_dir(given) {
        Some(dir) => fixture_files(&dir),
        None => {
            let shown = given.as_ref().map_or("../shared/fixtures/18xx.games".into(), |d| d.display().to_string());
            eprintln!("no recorded games at {shown}: {left_out}");
            Vec::new()
        }
    }
}

fn routes(a: &RoutesArgs) -> anyhow::Result<ExitCode> {
    let wanted = |p: &BenchPosition| a.only.as_ref().is_none_or(|t| p.label.contains(t.as_str()));
    let files = fixture_list(&a.fixtures, "real positions skipped");
    let build_repeat = a.repeat.unwrap_or(positions::REAL_REPEAT);
    let (real, skipped) = positions::real_positions(&files, build_repeat);
    let files: Vec<BenchPosition> = a
        .problems
        .iter()
        .map(|f| positions::problem_file(f))
        .collect::<Result<_, _>>()
        .map_err(anyhow::Error::msg)?;
    let list: Vec<BenchPosition> = real
        .into_iter()
        .chain(positions::synthetic_positions())
        .chain(railhead::bench::full_board::full_board_positions())
        .chain(files)
        .filter(wanted)
        .collect();
    let exe = std::env::current_exe()?;
    let worker = |threads: usize| WorkerCommand {
        exe: exe.clone(),
        args: vec![
            "bench".into(),
            "worker".into(),
            "--search-threads".into(),
            threads.to_string(),
        ],
    };
    let parallel = a
        .parallel
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let settings = Settings {
        repeat: a.repeat,
        max_seconds: a.max_seconds,
        workers: a.threads.max(1),
        worker: worker(1),
        parallel: (parallel > 1).then(|| (parallel, worker(parallel))),
    };
    if !a.json {
        println!(
            "{}",
            report::header(settings.parallel.as_ref().map(|x| x.0))
        );
    }
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(list.len());
    measure_all(&list, &settings, &mut |i, o| {
        if a.json {
            println!("{}", report::json_row(&list[i], o));
        } else {
            println!("{}", report::text_row(&list[i], o, a.max_seconds));
        }
        outcomes.push(o.clone());
    });
    let summaries = report::summarize(&list, &outcomes);
    if a.json {
        println!(
            "{}",
            report::json_summary(
                &summaries,
                &skipped,
                a.max_seconds,
                settings.parallel.as_ref().map(|x| x.0)
            )
        );
    } else {
        print!(
            "{}",
            report::text_summary(
                &summaries,
                &skipped,
                a.max_seconds,
                settings.parallel.as_ref().map(|x| x.0)
            )
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn replay(a: &ReplayArgs) -> anyhow::Result<ExitCode> {
    let files = fixture_list(&a.fixtures, "nothing to replay");
    let mut website = match &a.website {
        Some(dir) => {
            let titles = fixture_titles(&files);
            let engine = railhead::bench::website::WebsiteEngine::start(dir, &titles).map_err(|e| anyhow::anyhow!("--website {}: {e}", dir.display()))?;
            Some(engine)
        }
        None => None,
    };
    if !a.json {
        println!("Whole replays: import::replay on the parsed record (title cached, routes validated as recorded), median of {}", a.repeat);
        println!("Build: {}", railhead::bench::BUILD);
    }
    for file in files {
        let name = file.display().to_string();
        match time_fixture(&file, a.repeat, a.profile_scripts, website.as_mut()) {
            Ok(t) => {
                let web = t.against_website();
                let web_error = match &t.website {
                    Some(Err(e)) => Some(e.clone()),
                    _ => None,
                };
                if a.json {
                    let v = serde_json::json!({
                        "file": name, "title": t.title, "actions": t.actions, "match": t.matches, "build": railhead::bench::BUILD,
                        "repeats": t.wall.len(), "median_seconds": t.wall_median(), "min_seconds": t.wall.first(), "max_seconds": t.wall.last(),
                        "median_cpu_seconds": t.cpu_median(), "parse_seconds": t.parse_seconds,
                        "website": web.as_ref().map(|w| serde_json::json!({
                            "runtime": w.runtime, "wall_seconds": w.wall_seconds, "wall_ratio": w.wall_ratio,
                            "cpu_seconds": w.cpu.map(|c| c.0), "cpu_ratio": w.cpu.map(|c| c.1),
                            "measured": w.measured, "side_by_side": w.side_by_side,
                            "target_ratio": TARGET_REPLAY_SPEEDUP, "of_target": w.wall_ratio / TARGET_REPLAY_SPEEDUP,
                        })),
                        "website_error": web_error,
                        "native_median_seconds": t.native_median(),
                        "native_min_seconds": t.native.as_ref().ok().and_then(|v| v.first()),
                        "native_website_ratio": web.as_ref().and_then(|w| t.native_ratio(w)),
                        "native_error": t.native.as_ref().err(),
                    });
                    println!("{v}");
                } else {
                    let cpu = t.cpu_median().map_or("-".into(), report::secs);
                    let mut line = format!(
                        "{:<44} {:>4} actions  wall {:>9} (min {})  cpu {:>9}  parse {:>9}{}",
                        t.file_name(),
                        t.actions,
                        report::secs(t.wall_median()),
                        report::secs(t.wall.first().copied().unwrap_or(0.0)),
                        cpu,
                        report::secs(t.parse_seconds),
                        if t.matches { "" } else { "  (standings differ from the record)" }
                    );
                    match &t.native {
                        Ok(v) => {
                            let vs = web.as_ref().and_then(|w| t.native_ratio(w)).map_or(String::new(), |r| format!("; website/this {r:.1}x"));
                            line.push_str(&format!(
                                "\n{:<44} its railhead save loaded: wall {:>9} (min {}){vs}",
                                "",
                                report::secs(median(v)),
                                report::secs(v.first().copied().unwrap_or(0.0))
                            ));
                        }
                        Err(e) => line.push_str(&format!("\n{:<44} its railhead save not timed: {e}", "")),
                    }
                    if let Some(e) = &web_error {
                        line.push_str(&format!("\n{:<44} website: not measured: {e}", ""));
                    }
                    if let Some(w) = web {
                        line.push_str(&format!(
                            "\n{:<44} website {}: wall {} (website/ours {:.1}x; target {TARGET_REPLAY_SPEEDUP:.0}x: {:.2} of it)",
                            "",
                            w.runtime,
                            report::secs(w.wall_seconds),
                            w.wall_ratio,
                            w.wall_ratio / TARGET_REPLAY_SPEEDUP
                        ));
                        if let Some((c, r)) = w.cpu {
                            line.push_str(&format!(", cpu {} (website/ours {r:.1}x)", report::secs(c)));
                        }
                        line.push_str(&format!("\n{:<44} ({}{})", "", w.measured, if w.side_by_side { "" } else { "; indicative only" }));
                    }
                    println!("{line}");
                }
                if let Some(profile) = &t.script_profile {
                    // With --json on stderr: stdout keeps one JSON object a line.
                    let table = profile.table(super::fuzz::SCRIPT_PROFILE_ROWS);
                    if a.json { eprint!("{table}") } else { print!("{table}") }
                }
            }
            Err(reason) => {
                if a.json {
                    println!("{}", serde_json::json!({ "file": name, "skipped": reason }));
                } else {
                    println!("{:<44} skipped: {reason}", file.file_name().map_or(name.clone(), |n| n.to_string_lossy().into_owned()));
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The titles of the fixtures (their "title" field), each once.
fn fixture_titles(files: &[PathBuf]) -> Vec<String> {
    let mut titles: Vec<String> = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .filter_map(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .filter_map(|v| v.get("title").and_then(|t| t.as_str()).map(str::to_string))
        .collect();
    titles.sort();
    titles.dedup();
    titles
}

fn playouts(a: &PlayoutsArgs) -> anyhow::Result<ExitCode> {
    use railhead::bench::playouts::{Mode, target, time_playouts};
    let titles = if a.titles.is_empty() { railhead::title::TitleSource::embedded_ids() } else { a.titles.clone() };
    let cores = a.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    // Every title named is checked before anything is timed.
    let known: Vec<railhead::title::TitleSource> = titles
        .iter()
        .map(|id| {
            railhead::title::TitleSource::embedded(id)
                .ok_or_else(|| anyhow::anyhow!("no title \"{id}\" (titles: {})", railhead::title::TitleSource::embedded_ids().join(", ")))
        })
        .collect::<anyhow::Result<_>>()?;
    if !a.json {
        println!("Complete random games: checked = railhead fuzz (every invariant check), bare = simulate's random bots; median of {} batches of {} games", a.batches, a.games);
        println!("Build: {}", railhead::bench::BUILD);
        println!("{:<6} {:>7} {:<8} {:>7} {:>10} {:>12}  target (checked, 1 thread)", "title", "players", "mode", "threads", "games/s", "actions/s");
    }
    for (id, known) in titles.into_iter().zip(known) {
        let default_players = railhead::title::load::load(&known, &Default::default(), None).map_err(|e| anyhow::anyhow!("{e}"))?.meta.default_players;
        let players = railhead::bench::reference::TARGET_PLAYOUTS.iter().find(|(t, _, _)| *t == id).map_or(default_players as u8, |x| x.1);
        let t = std::sync::Arc::new(super::load_title(Some(&id), &super::TitleArgs::default(), Some(players as usize))?);
        for mode in [Mode::Checked, Mode::Bare] {
            let mut thread_counts = vec![1];
            if cores > 1 {
                thread_counts.push(cores);
            }
            for threads in thread_counts {
                let timing = time_playouts(&t, players, mode, threads, a.games, a.batches);
                let goal = (mode == Mode::Checked && threads == 1).then(|| target(&id, players)).flatten();
                if a.json {
                    println!("{}", serde_json::json!({
                        "title": id, "players": players, "mode": mode.name(), "threads": threads, "games": a.games, "build": railhead::bench::BUILD,
                        "games_per_second": timing.median_games(), "actions_per_second": timing.median_actions(),
                        "failures": timing.failures, "target_games_per_second": goal, "of_target": goal.map(|g| timing.median_games() / g),
                    }));
                } else {
                    let goal_text = goal.map_or(String::new(), |g| format!("{g:.0} games/s: {:.2} of it", timing.median_games() / g));
                    let failures = if timing.failures > 0 { format!("  ({} failures)", timing.failures) } else { String::new() };
                    println!("{:<6} {:>7} {:<8} {:>7} {:>10.1} {:>12.0}  {goal_text}{failures}", id, players, mode.name(), threads, timing.median_games(), timing.median_actions());
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

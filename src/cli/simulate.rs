//! `railhead simulate TITLE`: complete games between bots, and what they
//! say about the title and its options; `railhead simulate merge FILES`:
//! the statistics of shards played apart.

use super::TitleArgs;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use railhead::simulate::bots::{BotKind, seat_bots};
use railhead::simulate::record::GameRecord;
use railhead::simulate::stats::{Study, StudyMeta};
use railhead::simulate::{plot, report};
use railhead::simulate::runner::{self, Batch};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct SimulateArgs {
    #[command(subcommand)]
    pub merge: Option<SimulateCommand>,
    /// Title id (embedded) or, with --title-dir, ignored.
    #[arg(required = true)]
    pub title: Option<String>,
    #[command(flatten)]
    pub title_args: TitleArgs,
    /// Games to play (over all shards).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Players (the title's default if not given).
    #[arg(long)]
    pub players: Option<u8>,
    /// The bots: one for every seat ("greedy") or one per seat
    /// ("greedy,greedy,random,random").
    #[arg(long, default_value = "greedy")]
    pub bots: String,
    /// The study's seed: game i is the same game for the same seed, on any
    /// machine, thread count or shard.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// A game still running after this many actions counts as unfinished.
    #[arg(long, default_value_t = 20_000)]
    pub max_actions: u64,
    /// Play the same seeds again with these option changes too
    /// (comma-separated, "bonds" turns on, "no-bonds" off), and compare.
    #[arg(long, value_name = "OPTIONSET")]
    pub compare: Option<String>,
    /// Play only the I-th of N disjoint ranges of the games (1-based).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Write the statistics (mergeable with `simulate merge`) as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write one line per game as CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write SVG and PNG charts into this folder (length, final values,
    /// wins by seat, bank over time, endings).
    #[arg(long, value_name = "DIR")]
    pub plot: Option<PathBuf>,
    /// Play only game I of the study (as the CSV numbers it), to look at
    /// it: with --save-games it is saved whatever its ending.
    #[arg(long, value_name = "I", conflicts_with = "shard")]
    pub game: Option<u64>,
    /// Save each game that failed, ran out of actions or ended in a
    /// stalemate here, to open with `railhead play --load`.
    #[arg(long, value_name = "DIR")]
    pub save_games: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Subcommand, Debug)]
pub enum SimulateCommand {
    /// Combine the JSON statistics of shards into the statistics of all their games.
    Merge {
        /// Shard files written by `simulate --shard I/N --json FILE`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write the merged statistics as JSON (mergeable again).
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Write SVG and PNG charts into this folder.
        #[arg(long, value_name = "DIR")]
        plot: Option<PathBuf>,
    },
}

/// The games of shard `i` of `n` (1-based) among `games`: disjoint,
/// together all of them, sizes differing by at most one.
pub fn shard_range(games: u64, spec: Option<&str>) -> anyhow::Result<std::ops::Range<u64>> {
    let Some(spec) = spec else { return Ok(0..games) };
    let parsed = spec.split_once('/').and_then(|(i, n)| Some((i.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)));
    let Some((i, n)) = parsed.filter(|(i, n)| *n >= 1 && (1..=*n).contains(i)) else {
        anyhow::bail!("--shard {spec}: write I/N with 1 <= I <= N, e.g. --shard 3/8");
    };
    let at = |k: u64| (games as u128 * k as u128 / n as u128) as u64;
    Ok(at(i - 1)..at(i))
}

pub fn run(args: &SimulateArgs) -> anyhow::Result<ExitCode> {
    if let Some(SimulateCommand::Merge { files, json, plot }) = &args.merge {
        return merge(files, json.as_deref(), plot.as_deref());
    }
    let title_id = args.title.as_deref().unwrap_or("1849");
    let players = match args.players {
        Some(p) => usize::from(p),
        None => super::load_title(Some(title_id), &args.title_args, None)?.meta.default_players,
    };
    let t = Arc::new(super::load_title(Some(title_id), &args.title_args, Some(players))?);
    railhead::game::seat_count(&t, players).map_err(anyhow::Error::msg)?;
    let bots = seat_bots(&args.bots, players).map_err(anyhow::Error::msg)?;
    let games = match args.game {
        Some(i) => i..i.saturating_add(1),
        None => shard_range(args.games, args.shard.as_deref())?,
    };
    let threads = if args.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { args.threads };
    let batch = Batch { bots: bots.clone(), seed: args.seed, games: games.clone(), max_actions: args.max_actions, threads, save_to: args.save_games.clone(), save_all: args.game.is_some() };
    let baseline = peak_memory_bytes();
    let start = std::time::Instant::now();
    let records = play(&t, &batch, args.quiet)?;
    let mut timing = vec![(start.elapsed().as_secs_f64(), records.len())];
    let study = study_of(&t, &args.title_args.options, &bots, args.seed, args.games, &records);
    let mut other = None;
    let mut other_records = Vec::new();
    if let Some(set) = &args.compare {
        let mut options = args.title_args.options.clone();
        options.extend(set.split(',').map(|o| o.trim().to_string()).filter(|o| !o.is_empty()));
        let second = super::TitleArgs { title_dir: args.title_args.title_dir.clone(), options: options.clone() };
        let t2 = Arc::new(super::load_title(Some(title_id), &second, Some(players))?);
        let start = std::time::Instant::now();
        other_records = play(&t2, &batch, args.quiet)?;
        timing.push((start.elapsed().as_secs_f64(), other_records.len()));
        other = Some(study_of(&t2, &options, &bots, args.seed, args.games, &other_records));
    }
    print!("{}", report::text(&study, other.as_ref()));
    if let Some(path) = &args.json {
        write_json(path, &study, other.as_ref())?;
    }
    if let Some(path) = &args.csv {
        write_csv(path, &records, &other_records)?;
        println!("one line per game written to {}", path.display());
    }
    if let Some(dir) = &args.plot {
        write_charts(dir, &study, other.as_ref())?;
    }
    let (seconds, played): (f64, usize) = timing.iter().fold((0.0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let actions: u64 = records.iter().chain(&other_records).map(|r| r.actions).sum();
    let on_threads = if threads == 1 { "1 thread".to_string() } else { format!("{threads} threads") };
    println!(
        "played {played} games in {seconds:.1} s on {on_threads}: {:.1} games/s, {:.0} actions/s",
        played as f64 / seconds.max(1e-9),
        actions as f64 / seconds.max(1e-9)
    );
    if let (Some(before), Some(peak)) = (baseline, peak_memory_bytes()) {
        let in_flight = threads.min(played.max(1));
        println!(
            "memory: peak {:.1} MB (the title and scripts loaded: {:.1} MB); about {:.1} MB per game in flight on {on_threads}, its thread's Lua state included",
            peak as f64 / 1e6,
            before as f64 / 1e6,
            peak.saturating_sub(before) as f64 / 1e6 / in_flight as f64
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn study_of(t: &railhead::title::Title, options: &[String], bots: &[BotKind], seed: u64, planned: u64, records: &[GameRecord]) -> Study {
    let meta = StudyMeta {
        title: t.meta.id.clone(),
        options: options.to_vec(),
        players: bots.len() as u8,
        bots: bots.iter().map(|b| b.name().to_string()).collect(),
        seed,
        games_planned: planned,
    };
    let mut study = Study::new(meta);
    for r in records {
        study.add(r);
    }
    study
}

fn write_csv(path: &std::path::Path, records: &[GameRecord], other: &[GameRecord]) -> anyhow::Result<()> {
    let mut out = String::new();
    let header = report::csv_row_header();
    if other.is_empty() {
        out.push_str(&header);
        out.push('\n');
        for r in records {
            out.push_str(&report::csv_row(r));
            out.push('\n');
        }
    } else {
        // With --compare: which option set each line is of.
        out.push_str(&format!("set,{header}\n"));
        for (set, list) in [("a", records), ("b", other)] {
            for r in list {
                out.push_str(&format!("{set},{}\n", report::csv_row(r)));
            }
        }
    }
    std::fs::write(path, out).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}

fn merge(files: &[PathBuf], json: Option<&std::path::Path>, plot_dir: Option<&std::path::Path>) -> anyhow::Result<ExitCode> {
    let mut merged: Option<Study> = None;
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", f.display()))?;
        let one = Study::from_json(&text).map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))?;
        match &mut merged {
            None => merged = Some(one),
            Some(m) => m.merge(one).map_err(|e| anyhow::anyhow!("{} does not merge with the files before it: {e}", f.display()))?,
        }
    }
    let Some(study) = merged else { anyhow::bail!("simulate merge: no files given") };
    print!("{}", report::text(&study, None));
    let missing = study.missing();
    if !missing.is_empty() {
        let ranges: Vec<String> = missing.iter().map(|(a, b)| format!("{a}..{b}")).collect();
        println!("games not in any file (shards still to come?): {}", ranges.join(", "));
    }
    if let Some(path) = json {
        write_json(path, &study, None)?;
    }
    if let Some(dir) = plot_dir {
        write_charts(dir, &study, None)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The statistics (and the comparison) as JSON that `simulate merge` reads.
fn write_json(path: &std::path::Path, study: &Study, other: Option<&Study>) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(&report::json(study, other))? + "\n";
    std::fs::write(path, text).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    println!("statistics written to {}", path.display());
    Ok(())
}

/// The SVG charts, and a PNG of each beside it (for slides and chats).
fn write_charts(dir: &std::path::Path, study: &Study, other: Option<&Study>) -> anyhow::Result<()> {
    let written = plot::write_plots(dir, study, other).map_err(anyhow::Error::msg)?;
    for svg in &written {
        let text = std::fs::read_to_string(svg)?;
        let png = railhead::render::png::png(&text).map_err(anyhow::Error::msg)?;
        std::fs::write(svg.with_extension("png"), png)?;
    }
    let names: Vec<String> = written.iter().filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned())).collect();
    println!("charts written to {} (SVG and PNG): {}", dir.display(), names.join(", "));
    Ok(())
}

fn play(t: &Arc<railhead::title::Title>, batch: &Batch, quiet: bool) -> anyhow::Result<Vec<GameRecord>> {
    let bar = if quiet { ProgressBar::hidden() } else { ProgressBar::new(batch.games.end - batch.games.start) };
    bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  {eta} left").unwrap_or_else(|_| ProgressStyle::default_bar()));
    let records = runner::run(t, batch, &|_| bar.inc(1)).map_err(anyhow::Error::msg)?;
    bar.finish_and_clear();
    Ok(records)
}

/// The process's peak resident memory so far (Linux, macOS), in bytes.
fn peak_memory_bytes() -> Option<u64> {
    // SAFETY: getrusage only writes the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return None;
    }
    let max = u64::try_from(usage.ru_maxrss).ok()?;
    // Linux reports kilobytes, macOS bytes.
    Some(if cfg!(target_os = "macos") { max } else { max * 1024 })
}

//! `railhead simulate TITLE`: complete games between bots, and what they
//! say about the title and its options; `railhead simulate merge FILES`:
//! the statistics of shards played apart.

use super::TitleArgs;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use railhead::simulate::bots::{BotKind, seat_bots};
use railhead::simulate::record::GameRecord;
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
    /// Write SVG charts into this folder.
    #[arg(long, value_name = "DIR")]
    pub plot: Option<PathBuf>,
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
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
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
    if let Some(SimulateCommand::Merge { .. }) = &args.merge {
        anyhow::bail!("simulate merge: not yet");
    }
    let title_id = args.title.as_deref().unwrap_or("1849");
    let t = Arc::new(super::load_title(Some(title_id), &args.title_args, args.players.map(usize::from))?);
    let players = args.players.map_or(t.meta.default_players, usize::from);
    let bots = seat_bots(&args.bots, players).map_err(anyhow::Error::msg)?;
    let games = shard_range(args.games, args.shard.as_deref())?;
    let threads = if args.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { args.threads };
    let batch = Batch { bots: bots.clone(), seed: args.seed, games: games.clone(), max_actions: args.max_actions, threads, save_to: args.save_games.clone() };
    let start = std::time::Instant::now();
    let records = play(&t, &batch, args.quiet)?;
    let seconds = start.elapsed().as_secs_f64();
    print_quick(&records, &bots, seconds);
    Ok(ExitCode::SUCCESS)
}

fn play(t: &Arc<railhead::title::Title>, batch: &Batch, quiet: bool) -> anyhow::Result<Vec<GameRecord>> {
    let bar = if quiet { ProgressBar::hidden() } else { ProgressBar::new(batch.games.end - batch.games.start) };
    bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  {eta} left").unwrap_or_else(|_| ProgressStyle::default_bar()));
    let records = runner::run(t, batch, &|_| bar.inc(1)).map_err(anyhow::Error::msg)?;
    bar.finish_and_clear();
    Ok(records)
}

fn print_quick(records: &[GameRecord], bots: &[BotKind], seconds: f64) {
    let mut ends = std::collections::BTreeMap::new();
    for r in records {
        *ends.entry(r.end.clone().unwrap_or_else(|| if r.error.is_some() { "error".into() } else { "unfinished".into() })).or_insert(0) += 1;
    }
    let n = records.len().max(1) as f64;
    let actions: u64 = records.iter().map(|r| r.actions).sum();
    let rounds: u32 = records.iter().map(|r| r.rounds).sum();
    println!("bots {:?}; {} games in {seconds:.1} s; endings {ends:?}; mean actions {:.0}, rounds {:.1}", bots, records.len(), actions as f64 / n, rounds as f64 / n);
    for r in records.iter().filter(|r| r.error.is_some()).take(5) {
        println!("error: game {} seed {}: {}", r.index, r.seed, r.error.as_deref().unwrap_or_default());
    }
}

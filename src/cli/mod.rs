//! The `railhead` command line: one binary, one subcommand per job.

mod bench;
mod check;
mod closed_output;
mod fuzz;
mod fuzz_input;
mod import;
mod new;
mod play;
mod render;
mod run;
mod simulate;
mod width;
mod test;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "railhead", version, about = "A rules engine for 18xx railway board games")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(clap::Args, Clone, Debug, Default)]
pub struct TitleArgs {
    /// Load the title from this folder instead of the embedded one.
    #[arg(long, value_name = "DIR")]
    pub title_dir: Option<std::path::PathBuf>,
    /// Turn an option on ("bonds") or off ("no-bonds"); repeatable.
    #[arg(long = "option", value_name = "OPTION")]
    pub options: Vec<String>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Play a game in the REPL (the embedded 1849 if no title is given).
    Play(play::PlayArgs),
    /// Draw the map, the market, the tile sheet or a corporation's best
    /// run as SVG, or PNG when the output file ends in .png.
    Render(render::RenderArgs),
    /// Validate a title folder: data and scripts; exits non-zero on any problem.
    Check {
        /// The title folder (e.g. titles/1849).
        dir: std::path::PathBuf,
    },
    /// Start a house rule: a folder that extends a title (`extends`), with
    /// one sample rule and one sample test (docs/house-rules.md).
    New {
        /// The new folder (its name becomes the title id).
        dir: std::path::PathBuf,
        /// The title it extends: an id shipped in railhead, or a title folder.
        #[arg(long, value_name = "TITLE", default_value = "1849")]
        from: String,
    },
    /// Replay a game recorded on 18xx.games and compare the final standings.
    Import {
        /// The recorded game (JSON from the website).
        file: std::path::PathBuf,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Stop before the action with this id.
        #[arg(long, value_name = "ACTION_ID")]
        until: Option<i64>,
        /// Save the replayed game as a railhead game file.
        #[arg(long, value_name = "FILE")]
        save: Option<std::path::PathBuf>,
        /// Also compute the best revenue at every recorded run.
        #[arg(long)]
        routes: bool,
        /// Print the state after every recorded action as a JSON line.
        #[arg(long)]
        trace: bool,
        /// Play the title from this folder instead of the embedded one.
        #[arg(long, value_name = "DIR")]
        title_dir: Option<std::path::PathBuf>,
    },
    /// Play random complete games and check the invariants after every action.
    Fuzz {
        /// Title id (embedded) or, with --title-dir, ignored.
        title: String,
        #[arg(long, default_value_t = 10)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Play only the I-th of N disjoint parts of the games (1-based):
        /// shards run apart play the very games of one run
        #[arg(long, value_name = "I/N")]
        shard: Option<String>,
        #[arg(long)]
        players: Option<u8>,
        #[arg(long, default_value_t = 20000)]
        max_actions: u32,
        /// Threads to run games on (0 = one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Save each game with a violation here, to open with `railhead play --load`
        #[arg(long, value_name = "DIR")]
        save_failures: Option<std::path::PathBuf>,
        /// Also call the hook definitions a `when` guard leaves out, and count any answer but the default as a violation
        #[arg(long)]
        check_guards: bool,
        /// Time the title's script functions (hooks, event handlers, steps, abilities) and the game methods they call; print the costliest
        #[arg(long)]
        profile_scripts: bool,
        /// Print each game's final state digest (equal digests before and after a script change: the same games)
        #[arg(long)]
        digests: bool,
        #[command(flatten)]
        title_args: TitleArgs,
    },
    /// Play complete games between bots and print what they say about the
    /// title (length, endings, wins by seat, floats, phases, the bank);
    /// `simulate merge FILES` combines shards.
    Simulate(simulate::SimulateArgs),
    /// Feed damaged titles, save files and records to the loaders; fails on any panic or case over the time limit.
    FuzzInput(fuzz_input::FuzzInputArgs),
    /// Run the titles' scenario tests (titles/<id>/tests/*.lua).
    Test {
        /// Title ids (embedded); all titles when none is given.
        titles: Vec<String>,
        /// Run the tests of this title folder instead.
        #[arg(long, value_name = "DIR")]
        title_dir: Option<std::path::PathBuf>,
        /// Only tests whose name or file contains this text.
        #[arg(long, value_name = "TEXT")]
        filter: Option<String>,
        /// Print the results as JSON.
        #[arg(long)]
        json: bool,
        /// One line per test, not only per failure.
        #[arg(short, long)]
        verbose: bool,
        /// For a title that extends another: also run its parents' tests
        /// against it (a house rule may rightly fail some of them).
        #[arg(long)]
        inherited: bool,
    },
    /// Performance harness: route search and replay timings.
    Bench {
        #[command(subcommand)]
        what: bench::BenchCommand,
    },
    /// Run one scenario script headless; the exit code tells pass or fail.
    Run {
        /// The script (its tests, or top-level code using new_game).
        script: std::path::PathBuf,
        /// The title its games are of, when the script is not in a title's tests folder.
        #[arg(long, value_name = "ID")]
        title: Option<String>,
        /// Take the title from this folder.
        #[arg(long, value_name = "DIR")]
        title_dir: Option<std::path::PathBuf>,
        /// Only tests whose name contains this text.
        #[arg(long, value_name = "TEXT")]
        filter: Option<String>,
        #[arg(long)]
        json: bool,
        #[arg(short, long)]
        verbose: bool,
    },
}

pub fn main() -> ExitCode {
    closed_output::end_quietly_when_output_closes();
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Render(args)) => render::run(&args),
        Some(Command::Check { dir }) => check::run(&dir),
        Some(Command::New { dir, from }) => new::run(&dir, &from),
        Some(Command::Fuzz { title, games, seed, shard, players, max_actions, threads, save_failures, check_guards, profile_scripts, digests, title_args }) => {
            simulate::shard_range(u64::from(games), shard.as_deref()).and_then(|part| {
                // (Within `games`, a u32: the bounds fit.)
                let (first_game, games) = (part.start as u32, (part.end - part.start) as u32);
                let cfg = railhead::fuzz::FuzzConfig { games, first_game, seed, max_actions, save_failures, check_guards, profile_scripts, digests, ..Default::default() };
                fuzz::run(&title, cfg, players, threads, &title_args)
            })
        }
        Some(Command::FuzzInput(args)) => fuzz_input::run_cli(&args),
        Some(Command::Simulate(args)) => simulate::run(&args),
        Some(Command::Import { file, json, until, save, routes, trace, title_dir }) => import::run(&file, json, until, save.as_deref(), routes, trace, title_dir),
        Some(Command::Test { titles, title_dir, filter, json, verbose, inherited }) => {
            test::run(&test::TestArgs { titles, title_dir, filter, json, verbose, inherited })
        }
        Some(Command::Run { script, title, title_dir, filter, json, verbose }) => {
            run::run(&run::RunArgs { script, title, title_dir, filter, json, verbose })
        }
        Some(Command::Bench { what }) => bench::run(&what),
        // No command: the REPL on the embedded default title.
        None => play::run(&play::PlayArgs::default()),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("railhead: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Loads a title by id or folder, with the options.
pub fn load_title(id: Option<&str>, args: &TitleArgs, players: Option<usize>) -> anyhow::Result<railhead::title::Title> {
    use railhead::title::{TitleSource, load};
    let source = match (&args.title_dir, id) {
        (Some(dir), _) => TitleSource::Disk(dir.clone()),
        (None, Some(id)) => TitleSource::embedded(id).ok_or_else(|| {
            anyhow::anyhow!("no title \"{id}\" (titles: {})", TitleSource::embedded_ids().join(", "))
        })?,
        (None, None) => TitleSource::embedded("1849").ok_or_else(|| anyhow::anyhow!("the default title 1849 is missing"))?,
    };
    let options = railhead::game::save::parse_options(&args.options).map_err(anyhow::Error::msg)?;
    load::load(&source, &options, players).map_err(|e| anyhow::anyhow!("{e}"))
}

//! `railhead render map|market|tiles|routes`: a picture of a game (a new
//! one, a save, or a recorded game up to an action) as SVG, or PNG when
//! the output file ends in `.png`. The game is loaded as `play` and
//! `import` load it.

use super::TitleArgs;
use super::play::{PlayArgs, load_game, new_game};
use railhead::game::Game;
use railhead::render::{self, Picture};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// What to draw: map, market, tiles or routes.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(Picture::NAMES))]
    pub picture: String,
    /// Title id for a new game (1849 if not given).
    pub title: Option<String>,
    /// Players of a new game (the title's default if not given).
    #[arg(long)]
    pub players: Option<usize>,
    /// Seed of a new game.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw a saved game.
    #[arg(long, value_name = "SAVE", conflicts_with = "import")]
    pub load: Option<PathBuf>,
    /// Draw a game recorded on 18xx.games.
    #[arg(long, value_name = "RECORD")]
    pub import: Option<PathBuf>,
    /// With --import: stop before the action with this id. With --load:
    /// replay only the first N actions.
    #[arg(long, value_name = "ID")]
    pub until: Option<i64>,
    /// Instead of a new game's empty board: every hex upgraded as far as
    /// the tile supply allows and every token placed (as `bench` does).
    #[arg(long, conflicts_with_all = ["load", "import"])]
    pub full_board: bool,
    /// The corporation whose best run the routes picture shows.
    #[arg(long, value_name = "CORP")]
    pub corp: Option<String>,
    /// With routes: the corporation's last run in the game's log, on the
    /// board as it was then, instead of its best run now.
    #[arg(long)]
    pub logged: bool,
    /// The file to write: PNG if it ends in .png, else SVG.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    #[command(flatten)]
    pub title_args: TitleArgs,
}

pub fn run(args: &RenderArgs) -> anyhow::Result<ExitCode> {
    let picture = Picture::parse(&args.picture).ok_or_else(|| anyhow::anyhow!("no picture \"{}\" (map, market, tiles, routes)", args.picture))?;
    let picture = match (picture, args.logged) {
        (Picture::Routes, true) => Picture::LoggedRoutes,
        (_, true) => anyhow::bail!("--logged goes with the routes picture: a run from the log"),
        (p, false) => p,
    };
    let game = game(args)?;
    let corp = match &args.corp {
        Some(word) => Some(railhead::repl::view::names::find_corp(&game, word).map_err(anyhow::Error::msg)?),
        None if matches!(picture, Picture::Routes | Picture::LoggedRoutes) => anyhow::bail!("the routes picture needs a corporation: --corp CORP"),
        None => None,
    };
    let started = std::time::Instant::now();
    render::write(&game, picture, corp, &args.output).map_err(anyhow::Error::msg)?;
    eprintln!("wrote {} in {:.3} s", args.output.display(), started.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}

fn game(args: &RenderArgs) -> anyhow::Result<Game> {
    let play = PlayArgs {
        title: args.title.clone(),
        players: args.players,
        seed: Some(args.seed),
        load: args.load.clone(),
        until: args.until.map(|n| n.max(0) as usize),
        title_args: args.title_args.clone(),
        ..Default::default()
    };
    if let Some(path) = &args.load {
        return load_game(path, &play);
    }
    if let Some(path) = &args.import {
        let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let mut rec = railhead::import::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        rec.title_dir = args.title_args.title_dir.clone();
        return match railhead::import::replay(&rec, args.until) {
            Ok((game, _)) => Ok(game),
            Err((Some(game), e)) => {
                eprintln!("railhead: the import stopped ({e}); drawing the game as it stood there");
                Ok(game)
            }
            Err((None, e)) => Err(anyhow::anyhow!("{}: {e}", path.display())),
        };
    }
    let mut game = new_game(&play)?;
    if args.full_board {
        game.state = railhead::bench::full_board::full_board(&game.title).ok_or_else(|| anyhow::anyhow!("no full board for this title"))?;
    }
    Ok(game)
}

//! Running one case: the loader a user's command would run on the input,
//! then, if it is accepted, a few random legal moves (a damaged title or
//! save that loads must also play). Every error is formatted, as the
//! command line would print it: a message that panics is a panic too.

use super::cases::{Case, Input};
use crate::game::save::SaveFile;
use crate::game::{Game, Setup};
use crate::title::TitleSource;
use crate::title::source::MemoryTitle;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What the loader made of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Loaded; this many random moves were then played.
    Accepted { moves: u32 },
    /// Refused with a message (the right answer to most damaged input).
    Refused,
}

pub fn execute(case: &Case) -> Verdict {
    match &case.input {
        Input::Title { base, files, options, players, seats } => title(case, base, files, options, *players, *seats),
        Input::Save(text) => save(case, text),
        Input::Import(text) => import(case, text),
    }
}

fn title(case: &Case, base: &str, files: &BTreeMap<String, String>, options: &BTreeMap<String, bool>, players: Option<usize>, seats: usize) -> Verdict {
    let source = TitleSource::Memory(Arc::new(MemoryTitle { name: format!("fuzz/{base}"), files: files.clone() }));
    let title = match crate::title::load::load(&source, options, players) {
        Ok(t) => t,
        Err(e) => return refused(e),
    };
    let setup = Setup { players: (1..=seats).map(|i| format!("p{i}")).collect(), seed: case.play_seed, options: options.clone(), values: BTreeMap::new() };
    match Game::new(Arc::new(title), setup) {
        Ok(mut game) => play(case, &mut game),
        Err(e) => refused(e),
    }
}

fn save(case: &Case, text: &str) -> Verdict {
    let game = SaveFile::parse("fuzz.json", text).and_then(|file| file.restore("fuzz.json", None));
    match game {
        Ok(mut game) => play(case, &mut game),
        Err(e) => refused(e),
    }
}

fn import(case: &Case, text: &str) -> Verdict {
    let rec = match crate::import::parse(text) {
        Ok(r) => r,
        Err(e) => return refused(e),
    };
    match crate::import::replay(&rec, None) {
        Ok((mut game, report)) => {
            std::hint::black_box(report.matches());
            play(case, &mut game)
        }
        Err((_, e)) => refused(e),
    }
}

fn refused(e: impl std::fmt::Display) -> Verdict {
    std::hint::black_box(e.to_string());
    Verdict::Refused
}

/// Random legal moves until the budget is spent, the game ends or none is
/// accepted (a script error included: the title is broken, and says so).
fn play(case: &Case, game: &mut Game) -> Verdict {
    let mut rng = ChaCha8Rng::seed_from_u64(case.play_seed);
    let mut moves = 0;
    while moves < case.moves && !game.is_over() {
        if let Err(problem) = crate::fuzz::random_move(game, &mut rng) {
            std::hint::black_box(problem.to_string());
            break;
        }
        moves += 1;
    }
    Verdict::Accepted { moves }
}

//! The real inputs the mutations start from: the embedded titles' files,
//! save files of random games, and recorded games (the 18xx.games
//! fixtures when a folder of them is given, and always the small records
//! written by hand in tests/records/).

use super::tree::{Dialect, toml_text};
use crate::game::save::SaveFile;
use crate::game::{Game, Setup};
use crate::title::TitleSource;
use crate::title::load::DATA_FILES;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// One file of a seed, with its parsed tree when it has one.
#[derive(Clone, Debug)]
pub struct SeedText {
    pub label: String,
    pub text: String,
    pub tree: Option<Value>,
    pub dialect: Dialect,
}

impl SeedText {
    fn json(label: String, text: String) -> SeedText {
        let tree = serde_json::from_str(&text).ok();
        SeedText { label, text, tree, dialect: Dialect::Json }
    }
}

/// A title's files, and what a game of it may be started with.
#[derive(Clone, Debug)]
pub struct TitleSeed {
    pub id: String,
    /// Relative path -> file ("map.toml", "scripts/bonds.lua").
    pub files: BTreeMap<String, SeedText>,
    pub options: Vec<String>,
    pub player_counts: Vec<usize>,
}

#[derive(Clone, Debug, Default)]
pub struct Corpus {
    pub titles: Vec<TitleSeed>,
    pub saves: Vec<SeedText>,
    pub records: Vec<SeedText>,
}

/// Records written by hand (tests/records/): seeds for the import target
/// when no fixtures are at hand. Embedded so that `railhead fuzz-input`
/// has them anywhere; they replay (tests/fuzz_input.rs checks it).
pub const HAND_RECORDS: &[(&str, &str)] = &[
    ("tests/records/1849_opening.json", include_str!("../../../tests/records/1849_opening.json")),
    ("tests/records/1844_opening.json", include_str!("../../../tests/records/1844_opening.json")),
];

/// The titles the fuzzer damages: every embedded title that loads.
pub fn titles() -> Vec<TitleSeed> {
    let mut out = Vec::new();
    for id in TitleSource::embedded_ids() {
        let Ok(title) = crate::title::load::embedded(&id) else { continue };
        let Some(source) = TitleSource::embedded(&id) else { continue };
        let mut rels: Vec<String> = std::iter::once("title.toml".to_string()).chain(DATA_FILES.iter().map(|s| format!("{s}.toml"))).collect();
        rels.extend(source.list("scripts", "lua"));
        let files = rels
            .into_iter()
            .filter_map(|rel| {
                let text = source.read(&rel).ok()?;
                let (tree, dialect) = if rel.ends_with(".toml") { (toml_text::parse(&text), Dialect::Toml) } else { (None, Dialect::Toml) };
                Some((rel.clone(), SeedText { label: format!("titles/{id}/{rel}"), text, tree, dialect }))
            })
            .collect();
        let player_counts = title.player_counts.iter().map(|p| p.players).collect();
        out.push(TitleSeed { id, files, options: title.options.iter().map(|o| o.id.clone()).collect(), player_counts });
    }
    out
}

/// Save files of random games: short, middling and complete ones, of
/// every title and several player counts and option sets.
pub fn saves(seed: u64) -> Vec<SeedText> {
    // (title, players, options, actions at most)
    const GAMES: &[(&str, usize, &[&str], u32)] = &[
        ("1849", 3, &[], 120),
        ("1849", 4, &["bonds", "acquiring_station_tokens", "electric_dreams"], 700),
        ("1849", 5, &[], 20_000),
        ("1844", 4, &[], 300),
        ("1844", 6, &[], 20_000),
    ];
    let mut out = Vec::new();
    for (n, (id, players, options, most)) in GAMES.iter().enumerate() {
        let Some(source) = TitleSource::embedded(id) else { continue };
        let choices: BTreeMap<String, bool> = options.iter().map(|o| (o.to_string(), true)).collect();
        let Ok(title) = crate::title::load::cached(&source, &choices, Some(*players)) else { continue };
        let setup = Setup { players: (1..=*players).map(|i| format!("p{i}")).collect(), seed: seed.wrapping_add(n as u64), options: choices, values: BTreeMap::new() };
        let Ok(mut game) = Game::new(title, setup) else { continue };
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (n as u64) << 32);
        let mut played = 0;
        while !game.is_over() && played < *most && crate::fuzz::random_move(&mut game, &mut rng).is_ok() {
            played += 1;
        }
        let label = format!("{id} {players} players{}, {} actions", if options.is_empty() { String::new() } else { format!(" ({})", options.join(", ")) }, game.actions.len());
        out.push(SeedText::json(label, SaveFile::of(&game).to_json()));
    }
    out
}

/// The hand-written records, and the fixtures in `fixtures` (read now,
/// never copied anywhere).
pub fn records(fixtures: Option<&Path>) -> Vec<SeedText> {
    let mut out: Vec<SeedText> = HAND_RECORDS.iter().map(|(label, text)| SeedText::json(label.to_string(), text.to_string())).collect();
    if let Some(dir) = fixtures {
        for path in crate::bench::positions::fixture_files(dir) {
            if let Ok(text) = std::fs::read_to_string(&path) {
                out.push(SeedText::json(path.display().to_string(), text));
            }
        }
    }
    out
}

/// Save files of the recorded games, replayed as far as they go: games
/// with setup values (the import's) and players' own choices.
pub fn imported_saves(records: &[SeedText]) -> Vec<SeedText> {
    let mut out = Vec::new();
    for r in records {
        let Ok(rec) = crate::import::parse(&r.text) else { continue };
        let game = match crate::import::replay(&rec, None) {
            Ok((game, _)) => game,
            Err((Some(game), _)) => game,
            Err((None, _)) => continue,
        };
        let label = format!("{} imported, {} actions", r.label, game.actions.len());
        out.push(SeedText::json(label, SaveFile::of(&game).to_json()));
    }
    out
}

/// Everything the targets need.
pub fn corpus(seed: u64, fixtures: Option<&Path>, targets: &[super::Target]) -> Arc<Corpus> {
    use super::Target;
    let want = |t: Target| targets.contains(&t);
    let records = if want(Target::Import) || want(Target::Save) { records(fixtures) } else { Vec::new() };
    let saves = if want(Target::Save) { saves(seed).into_iter().chain(imported_saves(&records)).collect() } else { Vec::new() };
    Arc::new(Corpus {
        titles: if want(Target::Title) { titles() } else { Vec::new() },
        saves,
        records: if want(Target::Import) { records } else { Vec::new() },
    })
}

//! One fuzz case: a damaged input made from a seed by a few mutations.
//! A case depends only on the run's seed, its target and its number, so
//! the same seed gives the same cases whatever the time budget.

use super::Target;
use super::bytes;
use super::seeds::{Corpus, SeedText};
use super::tree::{self, Dialect, toml_text};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// The damaged input of a case.
#[derive(Clone, Debug)]
pub enum Input {
    /// A title's files, loaded with these option choices and player count,
    /// then a game of `seats` players started.
    Title { base: String, files: BTreeMap<String, String>, options: BTreeMap<String, bool>, players: Option<usize>, seats: usize },
    /// A save file's text.
    Save(String),
    /// A recorded game's text.
    Import(String),
}

#[derive(Clone, Debug)]
pub struct Case {
    pub target: Target,
    pub index: u64,
    /// The seed input it was made from.
    pub seed_label: String,
    /// The mutations, in order.
    pub changes: Vec<String>,
    pub input: Input,
    /// Random moves to play once the input is accepted, and their seed.
    pub moves: u32,
    pub play_seed: u64,
}

/// The random stream of case `index` of `target` in a run.
fn case_rng(seed: u64, target: Target, index: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&(target as u64).to_le_bytes());
    key[16..24].copy_from_slice(&index.to_le_bytes());
    ChaCha8Rng::from_seed(key)
}

/// Makes case `index` of `target`; `None` when the corpus has no seed for it.
pub fn generate(corpus: &Corpus, target: Target, seed: u64, index: u64, max_moves: u32) -> Option<Case> {
    let mut rng = case_rng(seed, target, index);
    // Mostly a few moves, sometimes many: the loaders' damage often shows
    // only when the game reaches what was damaged.
    let moves = if rng.random_bool(0.7) { rng.random_range(0..=max_moves.min(20)) } else { rng.random_range(0..=max_moves) };
    let play_seed = rng.random();
    let mut changes = Vec::new();
    let (seed_label, input) = match target {
        Target::Title => title(&mut rng, corpus, &mut changes)?,
        Target::Save => {
            let (label, text) = text_case(&mut rng, &corpus.saves, &mut changes)?;
            (label, Input::Save(text))
        }
        Target::Import => {
            let (label, text) = text_case(&mut rng, &corpus.records, &mut changes)?;
            (label, Input::Import(text))
        }
    };
    Some(Case { target, index, seed_label, changes, input, moves, play_seed })
}

/// How many mutations: mostly one, sometimes a few.
fn how_many(rng: &mut impl Rng) -> usize {
    let mut n = 1;
    while n < 4 && rng.random_bool(0.35) {
        n += 1;
    }
    n
}

fn text_case(rng: &mut impl Rng, seeds: &[SeedText], changes: &mut Vec<String>) -> Option<(String, String)> {
    if seeds.is_empty() {
        return None;
    }
    let seed = &seeds[rng.random_range(0..seeds.len())];
    let other = &seeds[rng.random_range(0..seeds.len())];
    Some((seed.label.clone(), mutate(rng, seed, &other.text, changes)))
}

/// Mutates one seed file: its tree when it has one (and the dice say so),
/// else its bytes and lines.
fn mutate(rng: &mut impl Rng, seed: &SeedText, other: &str, changes: &mut Vec<String>) -> String {
    let n = how_many(rng);
    let mut text = match &seed.tree {
        Some(tree) if rng.random_bool(0.65) => {
            let mut tree = tree.clone();
            let mut nests = Vec::new();
            for _ in 0..n {
                let c = tree::mutate(rng, &mut tree, seed.dialect);
                changes.push(c.what);
                nests.extend(c.nest);
            }
            let written = match seed.dialect {
                Dialect::Json if rng.random_bool(0.5) => serde_json::to_string(&tree).ok(),
                Dialect::Json => serde_json::to_string_pretty(&tree).ok(),
                Dialect::Toml => toml_text::write(&tree),
            };
            let Some(mut text) = written else {
                changes.push("(the changed tree could not be written: the seed unchanged)".into());
                return seed.text.clone();
            };
            for nest in nests {
                text = nest.apply(&text, seed.dialect);
            }
            text
        }
        _ => {
            let mut text = seed.text.clone();
            for _ in 0..n {
                let (t, what) = bytes::mutate(rng, &text, other);
                text = t;
                changes.push(what);
            }
            return text;
        }
    };
    // Now and then both: a well-formed change, then a broken byte.
    if rng.random_bool(0.1) {
        let (t, what) = bytes::mutate(rng, &text, other);
        text = t;
        changes.push(what);
    }
    text
}

fn title(rng: &mut impl Rng, corpus: &Corpus, changes: &mut Vec<String>) -> Option<(String, Input)> {
    if corpus.titles.is_empty() {
        return None;
    }
    let t = &corpus.titles[rng.random_range(0..corpus.titles.len())];
    let mut files: BTreeMap<String, String> = t.files.iter().map(|(k, v)| (k.clone(), v.text.clone())).collect();
    let names: Vec<&String> = t.files.keys().collect();
    let data: Vec<&String> = names.iter().copied().filter(|n| n.ends_with(".toml")).collect();
    let scripts: Vec<&String> = names.iter().copied().filter(|n| n.ends_with(".lua")).collect();
    for _ in 0..how_many(rng) {
        let pool = if scripts.is_empty() || rng.random_bool(0.75) { &data } else { &scripts };
        let rel = pool[rng.random_range(0..pool.len())];
        if rng.random_bool(0.03) {
            files.remove(rel);
            changes.push(format!("{rel} removed"));
            continue;
        }
        // Splice partner: the same file of another title, if any.
        let other_title = &corpus.titles[rng.random_range(0..corpus.titles.len())];
        let other = other_title.files.get(rel).map_or("", |s| s.text.as_str());
        let mut seed = t.files[rel].clone();
        if let Some(current) = files.get(rel)
            && *current != seed.text
        {
            // Already changed: change it further, as text.
            seed.text = current.clone();
            seed.tree = None;
        }
        let mut these = Vec::new();
        let text = if rel.ends_with(".lua") && rng.random_bool(0.3) {
            let (text, what) = bytes::hostile_lua(rng, &seed.text);
            these.push(what);
            text
        } else {
            mutate(rng, &seed, other, &mut these)
        };
        changes.extend(these.into_iter().map(|c| format!("{rel}: {c}")));
        files.insert(rel.clone(), text);
    }
    // Options: mostly the defaults; sometimes a random set, or one the
    // title does not have.
    let mut options = BTreeMap::new();
    if rng.random_bool(0.25) {
        for o in &t.options {
            if rng.random_bool(0.5) {
                options.insert(o.clone(), rng.random_bool(0.7));
            }
        }
        if rng.random_bool(0.1) {
            options.insert("no_such_option".to_string(), true);
        }
    }
    let counts = &t.player_counts;
    let players = match rng.random_range(0..10) {
        0 => None,
        1 | 2 => Some([0usize, 1, 2, 8, 255, 259][rng.random_range(0..6)]),
        _ if !counts.is_empty() => Some(counts[rng.random_range(0..counts.len())]),
        _ => Some(4),
    };
    let seats = players.unwrap_or_else(|| counts.first().copied().unwrap_or(4));
    Some((format!("titles/{}", t.id), Input::Title { base: t.id.clone(), files, options, players, seats }))
}

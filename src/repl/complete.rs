//! Tab completion, without a terminal: command words first, then each
//! argument of an action from the legal moves (`lay <TAB>` offers the
//! hexes, `lay G13 <TAB>` the tiles there), and the arguments of the
//! REPL's own commands (corporations, players, hexes, command names).

use super::registry::{self, ArgKind, Group};
use super::Session;
use super::view::moves::{shown, simplified};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Replace the text from `start` to the cursor by one of these.
    Words { start: usize, candidates: Vec<String> },
    /// The argument is a file name: the line editor completes it.
    FileName,
}

fn matching(partial: &str, words: impl IntoIterator<Item = String>) -> Vec<String> {
    let lower = partial.to_lowercase();
    let mut out: Vec<String> = Vec::new();
    for w in words {
        if w.to_lowercase().starts_with(&lower) && !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

/// "C11" after "C5": letters, then the number as a number.
fn natural_key(label: &str) -> (String, u64, String) {
    let letters: String = label.chars().take_while(|c| !c.is_ascii_digit()).collect();
    let digits: String = label[letters.len()..].chars().take_while(|c| c.is_ascii_digit()).collect();
    let rest = label[letters.len() + digits.len()..].to_string();
    (letters, digits.parse().unwrap_or(0), rest)
}

/// Completions for `line` with the cursor at byte `pos`.
pub fn complete(s: &mut Session, line: &str, pos: usize) -> Completion {
    let before = line.get(..pos).unwrap_or(line);
    let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let partial = &before[start..];
    let typed: Vec<&str> = before[..start].split_whitespace().collect();
    let words = |candidates: Vec<String>| Completion::Words { start, candidates };
    let Some(first) = typed.first() else {
        return words(matching(partial, command_words(s)));
    };
    let Some(cmd) = registry::find(first) else { return words(Vec::new()) };
    let g = &s.game;
    match cmd.arg {
        ArgKind::Move => words(move_words(s, cmd.name, &typed[1..], partial)),
        _ if typed.len() > 1 => words(Vec::new()),
        ArgKind::Corporation => words(matching(partial, g.state.corps.iter().filter(|c| c.in_play).map(|c| c.id.clone()))),
        ArgKind::Player => words(matching(partial, g.state.players.iter().map(|p| p.name.clone()))),
        ArgKind::Hex => {
            let mut hexes = matching(partial, g.title.map.hexes.iter().map(|h| h.label.clone()));
            hexes.sort_by_key(|l| natural_key(l));
            words(hexes)
        }
        ArgKind::Command => words(matching(partial, registry::all().iter().map(|c| c.name.to_string()))),
        ArgKind::File => Completion::FileName,
        ArgKind::None | ArgKind::Text => words(Vec::new()),
    }
}

/// Action words with a legal move now, then every other command.
fn command_words(s: &mut Session) -> Vec<String> {
    let moves = s.legal_moves().unwrap_or_default();
    let mut out: Vec<String> = Vec::new();
    for m in &moves {
        let w = m.action.to_string().split(' ').next().unwrap_or("").to_string();
        if !out.contains(&w) {
            out.push(w);
        }
    }
    out.extend(registry::all().iter().filter(|c| c.group != Group::Action).map(|c| c.name.to_string()));
    out
}

/// The next word of every legal move that starts with what is typed.
/// A ranged price offers its lowest and highest value.
fn move_words(s: &mut Session, name: &str, args: &[&str], partial: &str) -> Vec<String> {
    let moves = s.legal_moves().unwrap_or_default();
    let mut next: Vec<String> = Vec::new();
    for m in moves.iter().map(|m| simplified(&s.game, m)) {
        let m = &m;
        let text = m.action.to_string();
        let words: Vec<&str> = text.split(' ').collect();
        if words.first() != Some(&name) || words.len() <= args.len() + 1 {
            continue;
        }
        let same = words[1..=args.len()].iter().zip(args).all(|(a, b)| a.eq_ignore_ascii_case(b));
        if !same {
            continue;
        }
        let i = args.len() + 1;
        match m.range {
            Some((min, max)) if i == words.len() - 1 && shown(m).ends_with(&format!("{min}..{max}")) => {
                next.push(min.to_string());
                next.push(max.to_string());
            }
            _ => next.push(words[i].to_string()),
        }
    }
    matching(partial, next)
}

//! Who sits where in a new game: names given, or default ones, in the
//! order given or shuffled from the seed (contract 1: the seed decides,
//! and the save file records the result).

use crate::game::Game;

/// "A", "B", "C"...: short, so `player B` is quick to type; past Z,
/// "P27", "P28"... (names must differ).
pub fn default_names(n: usize) -> Vec<String> {
    (0..n).map(|i| if i < 26 { char::from(b'A' + i as u8).to_string() } else { format!("P{}", i + 1) }).collect()
}

/// The players in seating order. `players` and `names` may both be given
/// only if they agree.
pub fn seating(names: &[String], players: Option<usize>, default_players: usize, seed: u64, shuffle: bool) -> Result<Vec<String>, String> {
    let mut seats: Vec<String> = if names.is_empty() {
        default_names(players.unwrap_or(default_players))
    } else {
        let names: Vec<String> = names.iter().map(|n| n.trim().to_string()).collect();
        if let Some(p) = players
            && p != names.len()
        {
            return Err(format!("--players {p} but --names lists {} names", names.len()));
        }
        // Spaces are fine (`player Ann Lee`, `player "Ann Lee"`); a name
        // needs a letter, and quotes would not survive the command line.
        if let Some(n) = names.iter().find(|n| n.is_empty() || n.contains(['"', '\''])) {
            return Err(format!("the player name {n:?} cannot be typed back: give each player a name, without quotes"));
        }
        for (i, n) in names.iter().enumerate() {
            if names[..i].iter().any(|m| m.eq_ignore_ascii_case(n)) {
                return Err(format!("the name {n} is given twice"));
            }
        }
        names
    };
    if shuffle {
        Game::shuffle_seats(&mut seats, seed);
    }
    Ok(seats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_names() {
        assert_eq!(seating(&[], None, 4, 1, false).unwrap(), ["A", "B", "C", "D"]);
        assert_eq!(seating(&[], Some(3), 4, 1, false).unwrap(), ["A", "B", "C"]);
        let names: Vec<String> = ["ann", "bo", "cy"].map(String::from).to_vec();
        assert_eq!(seating(&names, None, 4, 1, false).unwrap(), names);
        assert!(seating(&names, Some(4), 4, 1, false).unwrap_err().contains("3 names"));
        assert!(seating(&["x".into(), "X".into()], None, 4, 1, false).is_err());
    }

    #[test]
    fn shuffled_seats_follow_the_seed() {
        let a = seating(&[], Some(5), 4, 7, true).unwrap();
        assert_eq!(a, seating(&[], Some(5), 4, 7, true).unwrap());
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, default_names(5));
    }
}

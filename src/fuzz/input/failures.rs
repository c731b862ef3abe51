//! Failing inputs written to a folder, each with a note saying what was
//! changed, what went wrong and the command that reproduces it.

use super::cases::{Case, Input};
use std::path::{Path, PathBuf};

/// Writes the case's input under `dir`; returns where.
pub fn save(dir: &Path, seed: u64, case: &Case, failure: &str) -> std::io::Result<PathBuf> {
    let name = format!("{}-seed{seed}-case{}", case.target.name(), case.index);
    let (path, reproduce) = match &case.input {
        Input::Title { base, files, options, players, seats } => {
            let folder = dir.join(&name);
            for (rel, text) in files {
                let p = folder.join(rel);
                if let Some(parent) = p.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(p, text)?;
            }
            std::fs::create_dir_all(&folder)?;
            let opts: String = options.iter().map(|(o, on)| format!(" --option {}{o}", if *on { "" } else { "no-" })).collect();
            let shown = folder.display();
            let reproduce = format!(
                "railhead check {shown}\nrailhead play {base} --title-dir {shown} --players {seats}{opts} --seed {}\n(loaded with players = {players:?}, then {} random moves)",
                case.play_seed, case.moves
            );
            (folder, reproduce)
        }
        Input::Save(text) | Input::Import(text) => {
            let p = dir.join(format!("{name}.json"));
            std::fs::create_dir_all(dir)?;
            std::fs::write(&p, text)?;
            let command = if matches!(case.input, Input::Save(_)) { "play --load" } else { "import" };
            let reproduce = format!("railhead {command} {}\n(then {} random moves, seed {})", p.display(), case.moves, case.play_seed);
            (p, reproduce)
        }
    };
    let note = format!(
        "{failure}\n\nmade from {} by:\n{}\n\nreproduce:\n{reproduce}\nor: railhead fuzz-input --target {} --seed {seed} --first-case {} --cases 1\n",
        case.seed_label,
        case.changes.iter().map(|c| format!("  {c}\n")).collect::<String>(),
        case.target.name(),
        case.index,
    );
    let note_path = match &case.input {
        Input::Title { .. } => path.join("FUZZ-NOTE.txt"),
        _ => dir.join(format!("{name}.txt")),
    };
    std::fs::write(note_path, note)?;
    Ok(path)
}

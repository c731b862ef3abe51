//! `railhead import GAME.json`: replay a recorded game and compare.

use railhead::import::{ImportError, parse, replay};
use std::path::Path;
use std::process::ExitCode;

pub fn run(file: &Path, json: bool, until: Option<i64>, save: Option<&Path>, routes: bool, trace: bool, title_dir: Option<std::path::PathBuf>) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(file).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let mut rec = parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    rec.title_dir = title_dir;
    let started = std::time::Instant::now();
    let outcome = if routes {
        railhead::import::routes::replay_checking_routes(&rec, until, json)
    } else if trace {
        railhead::import::replay_with(&rec, until, &mut |_, _| {}, &mut |g, id| println!("{}", railhead::import::trace_line(g, id)))
    } else {
        replay(&rec, until)
    };
    let seconds = started.elapsed().as_secs_f64();
    match outcome {
        Ok((game, report)) => {
            if let Some(path) = save {
                std::fs::write(path, railhead::import::save_file(&game).to_json())?;
            }
            let matched = report.matches();
            if json {
                let v = serde_json::json!({
                    "title": report.title,
                    "standings": report.standings,
                    "recorded": report.recorded,
                    "game_end_reason": report.game_end_reason,
                    "recorded_game_end_reason": report.recorded_game_end_reason,
                    "match": if report.compared() { serde_json::Value::from(matched) } else { serde_json::Value::Null },
                    "verdict": report.verdict(),
                    "readings": report.readings,
                    "actions_applied": report.applied,
                    "inserted_passes": report.inserted_passes,
                    "seconds": seconds,
                });
                println!("{v}");
            } else {
                println!("{}: {} actions applied ({} skipped) in {:.3} s", file.display(), report.applied, report.skipped, seconds);
                for (id, steps) in &report.inserted_passes {
                    println!("  inserted before action {id}: pass by {} (not recorded by the website)", steps.join("; "));
                }
                for reading in &report.readings {
                    println!("  reading applied: {reading}");
                }
                if let Some(id) = report.stopped_before {
                    println!("stopped before action {id}");
                }
                let names: std::collections::BTreeMap<String, String> = rec.players.iter().map(|(i, n)| (i.to_string(), n.clone())).collect();
                for (id, ours) in &report.standings {
                    let theirs = report.recorded.get(id).copied();
                    let mark = if theirs == Some(*ours) { "=" } else { "≠" };
                    println!("  {:<14} {:>6} {mark} recorded {}", names.get(id).map(String::as_str).unwrap_or(id), ours, theirs.map_or("-".into(), |t| t.to_string()));
                }
                println!(
                    "  end: {} (recorded {})",
                    report.game_end_reason.as_deref().unwrap_or("not ended"),
                    report.recorded_game_end_reason.as_deref().unwrap_or("-")
                );
                println!("match: {}", report.verdict());
            }
            Ok(if matched || !report.compared() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        Err((game, e)) => {
            if let (Some(path), Some(g)) = (save, &game) {
                std::fs::write(path, railhead::import::save_file(g).to_json())?;
            }
            let (id, rule) = match &e {
                ImportError::Refused { id, .. } | ImportError::Untranslatable { id, .. } => (Some(*id), None::<String>),
                _ => (None, None),
            };
            // The readings applied up to where it stopped (0: before any action).
            let readings = railhead::import::readings_of(&rec, Some(id.unwrap_or(0)));
            if json {
                println!("{}", serde_json::json!({ "title": rec.title, "error": e.to_string(), "action_id": id, "rule": rule, "match": false, "readings": readings }));
            } else {
                println!("{}: import stopped: {e}", file.display());
                for reading in &readings {
                    println!("  reading applied: {reading}");
                }
                if let Some(g) = &game {
                    for line in g.log.iter().rev().take(12).collect::<Vec<_>>().into_iter().rev() {
                        println!("  | {line}");
                    }
                }
            }
            Ok(ExitCode::FAILURE)
        }
    }
}

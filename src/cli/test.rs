//! `railhead test [TITLE...]`: every scenario test of the titles.

use railhead::scenario::{Outcome, Report, RunOptions, TitleCache, run_title};
use railhead::title::TitleSource;
use std::path::PathBuf;
use std::process::ExitCode;

pub struct TestArgs {
    pub titles: Vec<String>,
    pub title_dir: Option<PathBuf>,
    pub filter: Option<String>,
    pub json: bool,
    pub verbose: bool,
    pub inherited: bool,
}

pub fn run(args: &TestArgs) -> anyhow::Result<ExitCode> {
    if args.title_dir.is_some() && !args.titles.is_empty() {
        anyhow::bail!("give title ids or --title-dir, not both");
    }
    let sources: Vec<TitleSource> = match &args.title_dir {
        Some(dir) => {
            if !dir.join("title.toml").is_file() {
                anyhow::bail!("{} is not a title folder (no title.toml)", dir.display());
            }
            vec![TitleSource::Disk(dir.clone())]
        }
        None if args.titles.is_empty() => TitleSource::embedded_ids().iter().filter_map(|id| TitleSource::embedded(id)).collect(),
        None => args
            .titles
            .iter()
            .map(|id| {
                TitleSource::embedded(id)
                    .ok_or_else(|| anyhow::anyhow!("no title \"{id}\" (titles: {})", TitleSource::embedded_ids().join(", ")))
            })
            .collect::<anyhow::Result<_>>()?,
    };
    let opts = RunOptions { filter: args.filter.clone(), script_mode: false, inherited: args.inherited };
    let titles = TitleCache::new();
    let mut report = Report::default();
    for s in &sources {
        report.extend(run_title(s, &titles, &opts));
    }
    print_report(&report, args.json, args.verbose);
    Ok(if report.failed() > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// One line per failure (per test with `verbose`), what failing tests
/// printed, then the summary; or the whole report as JSON.
pub fn print_report(report: &Report, json: bool, verbose: bool) {
    if json {
        let value = serde_json::json!({
            "cases": report.cases,
            "passed": report.passed(),
            "failed": report.failed(),
            "pending": report.pending(),
        });
        println!("{}", serde_json::to_string_pretty(&value).unwrap_or_default());
        return;
    }
    for c in &report.cases {
        let show_output = match &c.outcome {
            Outcome::Failed { message } => {
                println!("FAIL {} › {}: {message}", c.file, c.name);
                true
            }
            Outcome::Pending { reason } if verbose => {
                println!("pending {} › {}: {reason}", c.file, c.name);
                false
            }
            Outcome::Passed if verbose => {
                println!("ok   {} › {}", c.file, c.name);
                true
            }
            _ => false,
        };
        if show_output {
            for line in &c.output {
                println!("     | {line}");
            }
        }
    }
    println!("{}", report.summary());
}

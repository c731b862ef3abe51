//! `railhead run SCRIPT.lua`: one scenario script, headless.

use super::test::print_report;
use railhead::scenario::{RunOptions, TitleCache, run_source};
use railhead::title::TitleSource;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub struct RunArgs {
    pub script: PathBuf,
    pub title: Option<String>,
    pub title_dir: Option<PathBuf>,
    pub filter: Option<String>,
    pub json: bool,
    pub verbose: bool,
}

pub fn run(args: &RunArgs) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(&args.script).map_err(|e| anyhow::anyhow!("{}: {e}", args.script.display()))?;
    let default_title = match (&args.title_dir, &args.title) {
        (Some(dir), _) => Some(TitleSource::Disk(dir.clone())),
        (None, Some(id)) => Some(
            TitleSource::embedded(id).ok_or_else(|| anyhow::anyhow!("no title \"{id}\" (titles: {})", TitleSource::embedded_ids().join(", ")))?,
        ),
        (None, None) => title_of_script(&args.script),
    };
    let opts = RunOptions { filter: args.filter.clone(), script_mode: true, inherited: false };
    let display = args.script.display().to_string();
    let report = run_source(&display, &text, default_title, &TitleCache::new(), &opts);
    print_report(&report, args.json, args.verbose);
    Ok(if report.failed() > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// A script in `<title>/tests/` plays that title (from disk).
fn title_of_script(script: &Path) -> Option<TitleSource> {
    let dir = script.parent()?;
    if dir.file_name()? != "tests" {
        return None;
    }
    let title = match dir.parent()? {
        p if p.as_os_str().is_empty() => Path::new("."),
        p => p,
    };
    title.join("title.toml").is_file().then(|| TitleSource::Disk(title.to_path_buf()))
}

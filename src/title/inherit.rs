//! Titles that extend another: `extends = "1849"` in title.toml.
//!
//! A house rule or an edition holds only what it changes. Its TOML files
//! are merged onto its parent's exactly as option patches are (tables key
//! by key, arrays of tables by `id`/`name`/`players`, `remove = true`
//! deletes). Its `scripts` are added after its parent's; a file at the same
//! path as a parent's file replaces it; `scripts_removed` drops a parent's
//! script. Reading goes through [`TitleSource::Layered`], so scripts and
//! test libraries are found in the first layer that has them.

use super::compile::did_you_mean;
use super::error::{DataError, DataErrors, line_col};
use super::source::{Layers, ReadError, TitleSource};
use crate::limits::MAX_EXTENDS;
use std::path::Path;
use std::sync::Arc;
use toml::{Table, Value};

/// The source with its parents resolved: `Layered` when title.toml says
/// `extends`, the source itself otherwise.
pub fn resolve(source: &TitleSource) -> Result<TitleSource, DataErrors> {
    if matches!(source, TitleSource::Layered(_)) {
        return Ok(source.clone());
    }
    let mut parents: Vec<TitleSource> = Vec::new();
    let mut at = source.clone();
    let mut seen = vec![source.display("title.toml")];
    while let Some((named, line)) = extends_of(&at)? {
        let display = at.display("title.toml");
        let parent = parent_source(&at, &named).map_err(|e| one(DataError::new(&display, "extends", e.0).with_hint(e.1).at_line(line)))?;
        let parent_display = parent.display("title.toml");
        if seen.contains(&parent_display) {
            return Err(one(DataError::new(&display, "extends", format!("\"{named}\" leads back to {parent_display}: titles cannot extend each other in a circle")).at_line(line)));
        }
        if parents.len() == MAX_EXTENDS {
            return Err(one(DataError::new(&display, "extends", format!("more than {MAX_EXTENDS} titles extend one another"))));
        }
        seen.push(parent_display);
        parents.push(parent.clone());
        at = parent;
    }
    if parents.is_empty() {
        return Ok(source.clone());
    }
    Ok(TitleSource::Layered(Arc::new(Layers { top: source.clone(), parents })))
}

fn one(e: DataError) -> DataErrors {
    DataErrors(vec![e])
}

/// title.toml's `extends` and its line, if any. Only its syntax is
/// checked here; the rest is checked once the layers are merged.
fn extends_of(source: &TitleSource) -> Result<Option<(String, Option<usize>)>, DataErrors> {
    let display = source.display("title.toml");
    let text = source.read("title.toml").map_err(|e| {
        let why = if e == ReadError::NotFound { " (every title needs title.toml)" } else { "" };
        one(DataError::new(&display, "", format!("the file {e}{why}")))
    })?;
    let table = syntax(&display, &text)?;
    match table.get("extends") {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some((s.clone(), key_line(&text, "extends")))),
        Some(_) => Err(one(DataError::new(&display, "extends", "`extends` names one title: an id (\"1849\") or a folder path (\"../base\")").at_line(key_line(&text, "extends")))),
    }
}

/// The parent a title names: a path (with `/` or starting with `.`)
/// relative to a title folder on disk, otherwise a title shipped in
/// railhead. Errors carry a hint.
fn parent_source(child: &TitleSource, named: &str) -> Result<TitleSource, (String, Option<String>)> {
    let is_path = named.contains('/') || named.starts_with('.');
    if is_path {
        let TitleSource::Disk(dir) = child else {
            return Err((format!("`extends = \"{named}\"` is a folder path, which only a title folder on disk may use"), None));
        };
        let parent = dir.join(named);
        if !parent.join("title.toml").is_file() {
            return Err((format!("`extends = \"{named}\"`: {} is not a title folder (no title.toml)", parent.display()), None));
        }
        return Ok(TitleSource::Disk(normalise(&parent)));
    }
    TitleSource::embedded(named).ok_or_else(|| {
        let ids = TitleSource::embedded_ids();
        (format!("`extends = \"{named}\"`: railhead ships no title \"{named}\" (titles: {})", ids.join(", ")), did_you_mean(named, ids.iter().map(String::as_str)))
    })
}

fn normalise(p: &Path) -> std::path::PathBuf {
    p.canonicalize().unwrap_or_else(|_| p.to_path_buf())
}

/// Parses TOML text as a table, with the position of a syntax error.
pub fn syntax(display: &str, text: &str) -> Result<Table, DataErrors> {
    text.parse::<Table>().map_err(|e| {
        let line = e.span().map(|s| line_col(text, s.start).0);
        one(DataError::new(display, "", e.message().trim().to_string()).at_line(line))
    })
}

/// The line where a top-level key is set (`key =` at a line's start).
fn key_line(text: &str, key: &str) -> Option<usize> {
    text.lines().position(|l| l.trim_start().strip_prefix(key).is_some_and(|r| r.trim_start().starts_with('='))).map(|i| i + 1)
}

/// One file of every layer that has it, parent-most first: (display, text).
pub fn versions(source: &TitleSource, rel: &str) -> Result<Vec<(String, String)>, DataError> {
    let mut out = Vec::new();
    for layer in source.layers().into_iter().rev() {
        match layer.read(rel) {
            Ok(text) => out.push((layer.display(rel), text)),
            Err(ReadError::NotFound) => {}
            Err(e) => return Err(DataError::new(&layer.display(rel), "", format!("the file {e}"))),
        }
    }
    Ok(out)
}

/// title.toml of every layer merged, parent-most first: the child's
/// tables merged onto the parent's, its scripts added after the parent's
/// (minus `scripts_removed`), `extends` dropped.
pub fn merge_title_files(files: &[(String, String)]) -> Result<Table, DataErrors> {
    let mut merged = Table::new();
    let mut errors = Vec::new();
    for (i, (display, text)) in files.iter().enumerate() {
        let mut table = syntax(display, text)?;
        table.remove("extends");
        let removed = strings(&mut table, "scripts_removed", display, text, &mut errors);
        let added = strings(&mut table, "scripts", display, text, &mut errors);
        if i == 0 && !removed.is_empty() {
            errors.push(DataError::new(display, "scripts_removed", "`scripts_removed` is for a title that extends another").at_line(key_line(text, "scripts_removed")));
        }
        if i > 0 && table.get("title").and_then(|t| t.get("id")).is_none() {
            errors.push(DataError::new(display, "title.id", "a title that extends another needs its own `[title]` with an `id` (and a `name`)"));
        }
        let mut scripts: Vec<Value> = merged.remove("scripts").and_then(|v| v.as_array().cloned()).unwrap_or_default();
        for r in &removed {
            match scripts.iter().position(|s| s.as_str() == Some(r)) {
                Some(at) => {
                    scripts.remove(at);
                }
                None => errors.push(
                    DataError::new(display, "scripts_removed", format!("\"{r}\" is not a script of the title it extends"))
                        .at_line(super::error::line_of(text, r))
                        .with_hint(did_you_mean(r, scripts.iter().filter_map(Value::as_str))),
                ),
            }
        }
        for a in added {
            if !scripts.iter().any(|s| s.as_str() == Some(&a)) {
                scripts.push(Value::String(a));
            }
        }
        super::patch::merge(&mut merged, &table);
        merged.insert("scripts".into(), Value::Array(scripts));
    }
    if errors.is_empty() { Ok(merged) } else { Err(DataErrors(errors)) }
}

/// Takes a list of strings out of the table.
fn strings(table: &mut Table, key: &str, display: &str, text: &str, errors: &mut Vec<DataError>) -> Vec<String> {
    match table.remove(key) {
        None => Vec::new(),
        Some(Value::Array(a)) if a.iter().all(Value::is_str) => a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
        Some(_) => {
            errors.push(DataError::new(display, key, format!("`{key}` is a list of paths (\"scripts/x.lua\")")).at_line(key_line(text, key)));
            Vec::new()
        }
    }
}

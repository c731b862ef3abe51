//! Where a title's files come from: embedded in the binary, or a folder
//! on disk (`--title-dir`), so a designer can copy a title and change it
//! without recompiling; or files held in memory (the input fuzzer loads
//! thousands of damaged titles without writing them to disk).

use include_dir::{Dir, include_dir};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/titles");

#[derive(Clone, Debug)]
pub enum TitleSource {
    Embedded(String),
    Disk(PathBuf),
    Memory(Arc<MemoryTitle>),
}

/// A title's files in memory: relative path ("scripts/bonds.lua") -> text.
#[derive(Clone, Debug, Default)]
pub struct MemoryTitle {
    /// Shown in messages in place of a folder.
    pub name: String,
    pub files: BTreeMap<String, String>,
}

impl TitleSource {
    /// Ids of the titles shipped in the binary, sorted.
    pub fn embedded_ids() -> Vec<String> {
        let mut ids: Vec<String> = EMBEDDED
            .dirs()
            .filter(|d| d.get_file(d.path().join("title.toml")).is_some())
            .filter_map(|d| d.path().file_name().and_then(|n| n.to_str()).map(str::to_string))
            .collect();
        ids.sort();
        ids
    }

    pub fn embedded(id: &str) -> Option<TitleSource> {
        Self::embedded_ids().iter().any(|i| i == id).then(|| TitleSource::Embedded(id.to_string()))
    }

    /// The path shown in messages for a file of this title.
    pub fn display(&self, rel: &str) -> String {
        match self {
            TitleSource::Embedded(id) => format!("titles/{id}/{rel}"),
            TitleSource::Disk(dir) => dir.join(rel).display().to_string(),
            TitleSource::Memory(m) => format!("{}/{rel}", m.name),
        }
    }

    pub fn read(&self, rel: &str) -> Option<String> {
        match self {
            TitleSource::Embedded(id) => EMBEDDED
                .get_file(Path::new(id).join(rel))
                .and_then(|f| f.contents_utf8())
                .map(str::to_string),
            TitleSource::Disk(dir) => std::fs::read_to_string(dir.join(rel)).ok(),
            TitleSource::Memory(m) => m.files.get(rel).cloned(),
        }
    }

    /// Relative paths of the files in a sub-folder with the extension, sorted.
    pub fn list(&self, sub: &str, ext: &str) -> Vec<String> {
        let mut out: Vec<String> = match self {
            TitleSource::Embedded(id) => EMBEDDED
                .get_dir(Path::new(id).join(sub))
                .map(|d| {
                    d.files()
                        .filter(|f| f.path().extension().is_some_and(|e| e == ext))
                        .filter_map(|f| f.path().file_name().and_then(|n| n.to_str()).map(|n| format!("{sub}/{n}")))
                        .collect()
                })
                .unwrap_or_default(),
            TitleSource::Disk(dir) => std::fs::read_dir(dir.join(sub))
                .map(|rd| {
                    rd.filter_map(Result::ok)
                        .filter(|e| e.path().extension().is_some_and(|x| x == ext))
                        .filter_map(|e| e.file_name().to_str().map(|n| format!("{sub}/{n}")))
                        .collect()
                })
                .unwrap_or_default(),
            TitleSource::Memory(m) => m
                .files
                .keys()
                .filter(|k| k.strip_prefix(sub).and_then(|r| r.strip_prefix('/')).is_some_and(|n| !n.contains('/') && n.ends_with(&format!(".{ext}"))))
                .cloned()
                .collect(),
        };
        out.sort();
        out
    }
}

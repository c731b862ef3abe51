//! Where a title's files come from: embedded in the binary, or a folder
//! on disk (`--title-dir`), so a designer can copy a title and change it
//! without recompiling; or files held in memory (the input fuzzer loads
//! thousands of damaged titles without writing them to disk).

use crate::limits::MAX_TITLE_FILE_BYTES;
use include_dir::{Dir, include_dir};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/titles");

#[derive(Clone, Debug)]
pub enum TitleSource {
    Embedded(String),
    Disk(PathBuf),
    Memory(Arc<MemoryTitle>),
    /// A title that `extends` another (title.toml `extends = "1849"`):
    /// its own folder first, then its parent, grandparent... A file is read
    /// from the first layer that has it; the loader merges the TOML files
    /// of every layer (see `load::layers`).
    Layered(Arc<Layers>),
}

/// The layers of an extending title, the title itself first.
#[derive(Clone, Debug)]
pub struct Layers {
    pub top: TitleSource,
    /// Parent first, then its parent.
    pub parents: Vec<TitleSource>,
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
        Self::embedded_id_list().to_vec()
    }

    /// The ids, found once: every save loaded asks for its title by id,
    /// and walking the embedded folders (path joins, entry lookups) was a
    /// twentieth of replaying a short recorded game.
    fn embedded_id_list() -> &'static [String] {
        static IDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        IDS.get_or_init(|| {
            let mut ids: Vec<String> = EMBEDDED
                .dirs()
                .filter(|d| d.get_file(d.path().join("title.toml")).is_some())
                .filter_map(|d| d.path().file_name().and_then(|n| n.to_str()).map(str::to_string))
                .collect();
            ids.sort();
            ids
        })
    }

    pub fn embedded(id: &str) -> Option<TitleSource> {
        Self::embedded_id_list().iter().any(|i| i == id).then(|| TitleSource::Embedded(id.to_string()))
    }

    /// The path shown in messages for a file of this title: for an
    /// extending title, of the layer the file is read from.
    pub fn display(&self, rel: &str) -> String {
        match self {
            TitleSource::Embedded(id) => format!("titles/{id}/{rel}"),
            TitleSource::Disk(dir) => dir.join(rel).display().to_string(),
            TitleSource::Memory(m) => format!("{}/{rel}", m.name),
            TitleSource::Layered(l) => l.holder(rel).unwrap_or(&l.top).display(rel),
        }
    }

    /// The title's own folder: for an extending title, its top layer.
    pub fn top(&self) -> &TitleSource {
        match self {
            TitleSource::Layered(l) => &l.top,
            other => other,
        }
    }

    /// Every layer, the title's own first (one layer unless it extends).
    pub fn layers(&self) -> Vec<&TitleSource> {
        match self {
            TitleSource::Layered(l) => std::iter::once(&l.top).chain(&l.parents).collect(),
            other => vec![other],
        }
    }

    /// The text of a file of the title. `rel` must lead inside the title
    /// folder, and on disk the file must still be inside it once links
    /// are followed: title.toml names files, and a title folder comes
    /// from whoever shared it.
    pub fn read(&self, rel: &str) -> Result<String, ReadError> {
        if !stays_inside(rel) {
            return Err(ReadError::NotInside);
        }
        let bytes = match self {
            // The first layer that has the file, read once.
            TitleSource::Layered(l) => {
                return std::iter::once(&l.top).chain(&l.parents).map(|s| s.read(rel)).find(|r| *r != Err(ReadError::NotFound)).unwrap_or(Err(ReadError::NotFound));
            }
            TitleSource::Embedded(id) => EMBEDDED.get_file(Path::new(id).join(rel)).ok_or(ReadError::NotFound)?.contents().to_vec(),
            TitleSource::Disk(dir) => read_inside(dir, rel)?,
            TitleSource::Memory(m) => {
                let text = m.files.get(rel).ok_or(ReadError::NotFound)?;
                if text.len() as u64 > MAX_TITLE_FILE_BYTES {
                    return Err(ReadError::TooLarge { size: text.len() as u64 });
                }
                text.as_bytes().to_vec()
            }
        };
        String::from_utf8(bytes).map_err(|e| {
            let offset = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..offset].iter().filter(|&&b| b == b'\n').count() + 1;
            ReadError::NotUtf8 { offset, line }
        })
    }

    /// Relative paths of the files in a sub-folder with the extension,
    /// sorted. Of an extending title, only its own: a house rule's tests
    /// are its own, and its parent's run against it only when asked.
    pub fn list(&self, sub: &str, ext: &str) -> Vec<String> {
        let mut out: Vec<String> = match self {
            TitleSource::Layered(l) => return l.top.list(sub, ext),
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

impl Layers {
    /// The first layer holding the file `rel`.
    fn holder(&self, rel: &str) -> Option<&TitleSource> {
        std::iter::once(&self.top).chain(&self.parents).find(|s| s.read(rel) != Err(ReadError::NotFound))
    }
}

/// Why a file of a title could not be read. Each reads after the file's
/// name: "script \"scripts/x.lua\" is not found".
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    #[error("is not found")]
    NotFound,
    #[error("is not valid UTF-8: byte offset {offset} (line {line}) begins no UTF-8 character; save the file as UTF-8")]
    NotUtf8 { offset: usize, line: usize },
    #[error("is {}, more than the {} MiB a title file may have", size_text(*.size), MAX_TITLE_FILE_BYTES >> 20)]
    TooLarge { size: u64 },
    #[error("is not inside the title folder: write a path relative to the folder, without `..`")]
    NotInside,
    #[error("leads to {0}, outside the title folder")]
    Outside(String),
    #[error("is not a file")]
    NotAFile,
    #[error("cannot be read: {0}")]
    Io(String),
}

fn size_text(bytes: u64) -> String {
    format!("{:.1} MiB ({bytes} bytes)", bytes as f64 / (1u64 << 20) as f64)
}

/// Whether a relative path names something inside the folder it is
/// relative to: no root, no drive, no `..`.
fn stays_inside(rel: &str) -> bool {
    !rel.is_empty() && Path::new(rel).components().all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

/// Reads `dir/rel`, refusing what links lead out of `dir`, what is not a
/// plain file (a FIFO would never end) and what is over the size limit,
/// which is checked before reading.
fn read_inside(dir: &Path, rel: &str) -> Result<Vec<u8>, ReadError> {
    let io = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::NotFound,
        _ => ReadError::Io(e.to_string()),
    };
    let folder = dir.canonicalize().map_err(io)?;
    let real = dir.join(rel).canonicalize().map_err(io)?;
    if !real.starts_with(&folder) {
        return Err(ReadError::Outside(real.display().to_string()));
    }
    let meta = std::fs::metadata(&real).map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile);
    }
    if meta.len() > MAX_TITLE_FILE_BYTES {
        return Err(ReadError::TooLarge { size: meta.len() });
    }
    // The file may grow between the check and the read: read no more
    // than the limit allows, plus one byte to tell.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(&real).map_err(io)?.take(MAX_TITLE_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > MAX_TITLE_FILE_BYTES {
        return Err(ReadError::TooLarge { size: bytes.len() as u64 });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_inside_the_folder_are_read() {
        for ok in ["title.toml", "scripts/a.lua", "./scripts/a.lua"] {
            assert!(stays_inside(ok), "{ok}");
        }
        for bad in ["", "../x.lua", "scripts/../../x", "/etc/passwd", "scripts/../.."] {
            assert!(!stays_inside(bad), "{bad}");
        }
        let source = TitleSource::embedded("1849").unwrap();
        assert_eq!(source.read("../1844/title.toml"), Err(ReadError::NotInside));
        assert_eq!(source.read("nothing.toml"), Err(ReadError::NotFound));
        assert!(source.read("title.toml").is_ok());
    }
}

//! Helpers shared by the integration tests that edit a copy of a title.
//! (Each test file is its own crate and uses only some of them.)
#![allow(dead_code)]

use std::ffi::OsStr;
use std::fs;
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// A folder of its own in the temporary folder, named `railhead-<tag>-…`
/// with a random ending; it and everything in it are removed when this is
/// dropped, whether the test passed or failed, so keep it as long as the
/// path is used. It reads as its path: `dir.join(..)`, `&dir` where a
/// `&Path` is wanted, `.arg(&dir)`.
pub struct TempFolder(tempfile::TempDir);

impl TempFolder {
    /// A new, empty folder.
    pub fn new(tag: &str) -> TempFolder {
        TempFolder(tempfile::Builder::new().prefix(&format!("railhead-{tag}-")).tempdir().unwrap())
    }
}

impl Deref for TempFolder {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for TempFolder {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<OsStr> for TempFolder {
    fn as_ref(&self) -> &OsStr {
        self.0.path().as_os_str()
    }
}

/// Copies a folder and everything in it.
pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

/// `titles/<id>` of this repository.
pub fn title_dir(id: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("titles").join(id)
}

/// A fresh copy of `titles/<id>` in a temporary folder of its own, named
/// by `tag` (tests do not share it); removed when the guard is dropped.
pub fn fresh_copy(id: &str, tag: &str) -> TempFolder {
    let dir = TempFolder::new(tag);
    copy_dir(&title_dir(id), &dir);
    dir
}

/// The line (1-based) of the first line of `file` containing `text`.
pub fn line_of(file: &Path, text: &str) -> usize {
    fs::read_to_string(file).unwrap().lines().position(|l| l.contains(text)).expect("text in file") + 1
}

/// `railhead check DIR` on an edited copy: it must fail; the output is
/// returned (the copy's guard removes it).
pub fn check_fails(dir: &Path) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_railhead")).arg("check").arg(dir).output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!out.status.success(), "check passed a broken title:\n{text}");
    text
}

/// Replaces the first `from` in the file by `to`; the file must hold it.
pub fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no '{from}'", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

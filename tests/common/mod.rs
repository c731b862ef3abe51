//! Helpers shared by the integration tests that edit a copy of a title.
//! (Each test file is its own crate and uses only some of them.)
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

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

/// A fresh copy of `titles/<id>` in the temporary folder, named by `tag`
/// and the process (tests of one run do not share it).
pub fn fresh_copy(id: &str, tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("railhead-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&title_dir(id), &dir);
    dir
}

/// Replaces the first `from` in the file by `to`; the file must hold it.
pub fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no '{from}'", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

//! A mistake in a title is an error at its file and line, never a silent
//! change of the rules (issue 17, "Checked"). Each test plants one mistake
//! in a copy of a real title and runs `railhead check` on it as a designer
//! would.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A copy of `titles/<id>` in a fresh temporary folder.
fn copy_title(id: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("railhead-title-checks-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("titles").join(id), &dir);
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.path().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no '{from}'", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// The line (1-based) of the first line of `file` containing `text`.
fn line_of(file: &Path, text: &str) -> usize {
    fs::read_to_string(file).unwrap().lines().position(|l| l.contains(text)).expect("text in file") + 1
}

/// `railhead check DIR`: it must fail, and its output is returned.
fn check_fails(dir: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_railhead")).arg("check").arg(dir).output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!out.status.success(), "check passed a broken title:\n{text}");
    let _ = fs::remove_dir_all(dir);
    text
}

#[test]
fn a_setting_spelt_wrong_is_an_error_listing_the_values_allowed() {
    // Before issue 17 `emergency = "Debt"` silently meant `sell_first`.
    let dir = copy_title("1844", "emergency");
    let file = dir.join("title.toml");
    edit(&file, "emergency = \"debt\"", "emergency = \"Debt\"");
    let line = line_of(&file, "emergency = \"Debt\"");
    let out = check_fails(&dir);
    assert!(out.contains(&format!("title.toml:{line}:")), "no file and line {line}: {out}");
    assert!(out.contains("settings.emergency") && out.contains("`sell_first`") && out.contains("`debt`"), "{out}");
}

#[test]
fn every_choice_setting_refuses_a_value_it_does_not_know() {
    let defaults = toml::Value::try_from(railhead::title::schema::Settings::default()).unwrap();
    for (key, value) in defaults.as_table().unwrap() {
        if !value.is_str() {
            continue;
        }
        let text = format!("[settings]\n{key} = \"no_such_reading\"\n");
        let err = toml::from_str::<toml::Table>(&text).unwrap()["settings"].clone().try_into::<railhead::title::schema::Settings>().unwrap_err();
        assert!(err.to_string().contains("unknown variant"), "{key}: {err}");
    }
}

#[test]
fn a_rule_id_key_no_refusal_has_is_an_error_with_a_hint() {
    let dir = copy_title("1849", "rule-key");
    let file = dir.join("title.toml");
    edit(&file, "\"stock.one_buy\" = ", "\"stock.one_buys\" = ");
    let line = line_of(&file, "\"stock.one_buys\"");
    let out = check_fails(&dir);
    assert!(out.contains(&format!("title.toml:{line}")), "no file and line {line}: {out}");
    assert!(out.contains("did you mean `stock.one_buy`"), "{out}");
}

#[test]
fn a_rule_id_of_another_title_is_an_error() {
    let dir = copy_title("1849", "rule-id");
    let file = dir.join("title.toml");
    edit(&file, "\"stock.one_buy\" = \"1849-R-062\"", "\"stock.one_buy\" = \"1844-R-062\"");
    let out = check_fails(&dir);
    assert!(out.contains("\"1844-R-062\" is not a rule id of this title"), "{out}");
}

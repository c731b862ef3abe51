//! The layering ARCHITECTURE.md promises, checked on the source: the
//! engine reaches a title's rules only through `game::rules::TitleRules`,
//! and the route search knows nothing of the game. A `use` that breaks a
//! layer fails here, naming the file and line.

use std::fs;
use std::path::Path;

/// Lines of the `.rs` files under `dir` that mention one of `forbidden`,
/// outside comments.
fn offending_lines(dir: &str, forbidden: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut files: Vec<_> = fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files.into_iter().filter(|p| p.extension().is_some_and(|e| e == "rs")) {
        let text = fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if forbidden.iter().any(|f| code.contains(f)) {
                out.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
            }
        }
    }
    out
}

#[test]
fn the_engine_calls_title_rules_only_through_the_trait() {
    let found = offending_lines("src/game/engine", &["crate::script", "mlua", "ScriptHost"]);
    assert!(found.is_empty(), "the engine reaches the scripts past game::rules::TitleRules:\n{}", found.join("\n"));
}

#[test]
fn the_state_and_operations_never_call_lua() {
    let found = offending_lines("src/game", &["mlua"]);
    assert!(found.is_empty(), "game code uses Lua types:\n{}", found.join("\n"));
}

#[test]
fn the_route_search_imports_nothing_from_the_game() {
    let found = offending_lines("src/route", &["crate::game", "crate::script", "crate::title"]);
    assert!(found.is_empty(), "the route search depends on the game:\n{}", found.join("\n"));
}

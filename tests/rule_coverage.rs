//! Every numbered rule of a title's checklist (../shared/rules/<title>.md)
//! is cited by at least one test. Reads ../shared; skips where it is absent.
//! Prints the uncovered ids, so the report doubles as a to-do list.
//!
//! Counting is strict: an id counts only when a test names it by its own
//! number, in full ("1849-R-167") anywhere, or short ("R-167") in a test
//! file of that title (titles/1849/tests/*.lua). A range such as
//! "R-166..R-170" covers nothing in between; its two ends are cited as
//! written. Comments do not cite: a file's header saying which rules it is
//! about is no test of them; test names, refusal checks and messages are.
//! This file itself is not a test that cites rules.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The title folder of a checklist: ../shared/rules/1865-sardinia.md is
/// titles/1865's.
fn title_folder(checklist: &str) -> &str {
    checklist.split('-').next().unwrap_or(checklist)
}

/// Rule ids defined in the checklist ("- **1849-R-001** ...").
fn checklist_ids(title: &str, prefix: &str) -> Option<Vec<String>> {
    let path = root().join(format!("../shared/rules/{title}.md"));
    let text = std::fs::read_to_string(&path).ok()?;
    let mut ids = BTreeSet::new();
    for line in text.lines() {
        let l = line.trim_start_matches(['-', '*', ' ']);
        if let Some(rest) = l.strip_prefix(&format!("{prefix}-")) {
            let num: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            if num.len() == 3 {
                ids.insert(format!("{prefix}-{num}"));
            }
        }
    }
    Some(ids.into_iter().collect())
}

fn walk(dir: &Path, ext: &str, out: &mut Vec<(PathBuf, String)>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            out.push((p, text));
        }
    }
}

/// The three-digit numbers of the ids `text` cites. With `short`, "R-051"
/// counts as well as "1849-R-051"; an id of another prefix ("1844-R-051",
/// "BND-R-051") never does.
fn ids_in(text: &str, prefix: &str, short: bool) -> BTreeSet<String> {
    let letter = prefix.rsplit_once('-').map_or(prefix, |(_, r)| r);
    let full_head = prefix.strip_suffix(letter).unwrap_or(""); // "1849-"
    let pat = format!("{letter}-");
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices(&pat) {
        let digits: String = text[i + pat.len()..].chars().take_while(|c| c.is_ascii_digit()).collect();
        if digits.len() != 3 {
            continue;
        }
        let before = &text[..i];
        let full = !full_head.is_empty()
            && before.ends_with(full_head)
            && !before[..before.len() - full_head.len()]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric());
        // A bare "R-051" must not be the tail of another id or word.
        let bare = !before.chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if full || (short && bare) {
            out.insert(digits);
        }
    }
    out
}

/// `text` without its line comments (`--` in Lua, `//` in Rust), and
/// without Lua block comments (`--[[ ... ]]`). Quoted strings are kept whole.
fn code_only(text: &str, marker: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_block = false;
    for line in text.lines() {
        let mut rest = line;
        if in_block {
            match rest.find("]]") {
                Some(end) => {
                    rest = &rest[end + 2..];
                    in_block = false;
                }
                None => {
                    out.push('\n');
                    continue;
                }
            }
        }
        let mut quote: Option<char> = None;
        let mut escaped = false;
        let mut cut = rest.len();
        for (i, c) in rest.char_indices() {
            if let Some(q) = quote {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            } else if c == '"' || (c == '\'' && marker == "--") {
                quote = Some(c);
            } else if rest[i..].starts_with(marker) {
                cut = i;
                in_block = marker == "--" && rest[i + 2..].starts_with("[[") && !rest[i + 4..].contains("]]");
                break;
            }
        }
        out.push_str(&rest[..cut]);
        out.push('\n');
    }
    out
}

/// Ids cited in tests: "1849-R-051" in any test, or "R-051" in one of the
/// title's own scenario test files.
fn cited(title: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut lua = Vec::new();
    walk(&root().join(format!("titles/{}/tests", title_folder(title))), "lua", &mut lua);
    for (p, t) in &lua {
        // tests/lib holds shared setup, not tests
        if !p.components().any(|c| c.as_os_str() == "lib") {
            out.extend(ids_in(&code_only(t, "--"), prefix, true));
        }
    }
    let mut rs = Vec::new();
    walk(&root().join("tests"), "rs", &mut rs);
    for (p, t) in &rs {
        if !p.ends_with(file!()) {
            // this file is not a test of rules
            out.extend(ids_in(&code_only(t, "//"), prefix, false));
        }
    }
    out.into_iter().map(|n| format!("{prefix}-{n}")).collect()
}

fn coverage(title: &str, prefix: &str, exclude: &[&str]) -> Option<(usize, Vec<String>)> {
    let ids = checklist_ids(title, prefix)?;
    let cited = cited(title, prefix);
    let wanted: Vec<&String> = ids.iter().filter(|id| !exclude.contains(&id.as_str())).collect();
    let missing: Vec<String> = wanted.iter().filter(|id| !cited.contains(**id)).map(|s| s.to_string()).collect();
    Some((wanted.len(), missing))
}

#[test]
fn citations_are_counted_strictly() {
    let got = |t: &str, short: bool| ids_in(t, "1849-R", short).into_iter().collect::<Vec<_>>();
    assert_eq!(got("\"1849-R-051: a bid\"", false), ["051"]);
    assert_eq!(got("1849-R-051 and R-052", false), ["051"]);
    assert_eq!(got("1849-R-051 and R-052", true), ["051", "052"]);
    // Ranges cover only their ends, as written.
    assert_eq!(got("R-166..R-170", true), ["166", "170"]);
    assert_eq!(got("R-166..170", true), ["166"]);
    assert_eq!(got("1849-R-166 .. 1849-R-170", false), ["166", "170"]);
    // Other titles' ids and longer numbers are not ours.
    assert_eq!(got("1844-R-051, BND-R-010, XR-011, 1849-R-0512, R-05", true), Vec::<String>::new());
    assert_eq!(got("11849-R-051", false), Vec::<String>::new());
}

#[test]
fn comments_do_not_cite() {
    let lua = "-- rules R-001 .. R-003\ntest(\"1849-R-004: a -- b\", function() -- R-005\n--[[ R-006\nR-007 ]] g:refuse('x', 'R-008') end)\n";
    let got: Vec<String> = ids_in(&code_only(lua, "--"), "1849-R", true).into_iter().collect();
    assert_eq!(got, ["004", "008"]);
    let rs = "//! 1849-R-001\nlet m = \"1849-R-002 // x\"; // 1849-R-003\n";
    let got: Vec<String> = ids_in(&code_only(rs, "//"), "1849-R", false).into_iter().collect();
    assert_eq!(got, ["002"]);
}

#[test]
fn every_1849_base_rule_is_cited_by_a_test() {
    let Some((total, missing)) = coverage("1849", "1849-R", &[]) else {
        eprintln!("skipping: ../shared/rules/1849.md is not available");
        return;
    };
    eprintln!("1849: {} of {total} rules cited by tests", total - missing.len());
    assert!(missing.is_empty(), "1849 rules no test cites ({}):\n{}", missing.len(), missing.join(" "));
}

/// Worked-example ids ("### T-07: ...", "### WE-03 ...") of a checklist's
/// section 5, and whether the title's scenario tests cite each one.
fn examples(title: &str, prefix: &str) -> Option<(usize, Vec<String>)> {
    examples_in(title, prefix, "### ")
}

/// As `examples`, for ids opening a line with `lead` (18FB's section 5 is
/// two tables: "| S-01 Ledge, 2 shares | ...", "| D-01 Starting cash | ...").
fn examples_in(title: &str, prefix: &str, lead: &str) -> Option<(usize, Vec<String>)> {
    let path = root().join(format!("../shared/rules/{title}.md"));
    let text = std::fs::read_to_string(&path).ok()?;
    let ids: BTreeSet<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix(lead))
        .filter_map(|l| l.strip_prefix(&format!("{prefix}-")))
        .map(|rest| rest.chars().take_while(|c| c.is_ascii_digit()).collect::<String>())
        .filter(|n| n.len() == 2)
        .map(|n| format!("{prefix}-{n}"))
        .collect();
    let mut lua = Vec::new();
    walk(&root().join(format!("titles/{}/tests", title_folder(title))), "lua", &mut lua);
    let code: String =
        lua.iter().filter(|(p, _)| !p.components().any(|c| c.as_os_str() == "lib")).map(|(_, t)| code_only(t, "--")).collect();
    let missing = ids
        .iter()
        .filter(|id| {
            // "T-01" but not "T-010" or "RT-01"
            code.match_indices(id.as_str()).all(|(i, _)| {
                let before = code[..i].chars().next_back();
                let after = code[i + id.len()..].chars().next();
                before.is_some_and(|c| c.is_ascii_alphanumeric()) || after.is_some_and(|c| c.is_ascii_digit())
            })
        })
        .cloned()
        .collect();
    Some((ids.len(), missing))
}

#[test]
fn every_1849_worked_example_is_a_scenario_test() {
    let Some((total, missing)) = examples("1849", "WE") else {
        eprintln!("skipping: ../shared/rules/1849.md is not available");
        return;
    };
    eprintln!("1849: {} of {total} worked examples are scenario tests", total - missing.len());
    assert!(missing.is_empty(), "1849 worked examples without a test: {}", missing.join(" "));
}

#[test]
fn every_1844_rule_is_cited_by_a_test() {
    let Some((total, missing)) = coverage("1844", "1844-R", &[]) else {
        eprintln!("skipping: ../shared/rules/1844.md is not available");
        return;
    };
    eprintln!("1844: {} of {total} rules cited by tests", total - missing.len());
    assert!(missing.is_empty(), "1844 rules no test cites ({}):\n{}", missing.len(), missing.join(" "));
}

#[test]
fn every_1844_worked_example_is_a_scenario_test() {
    let Some((total, missing)) = examples("1844", "T") else {
        eprintln!("skipping: ../shared/rules/1844.md is not available");
        return;
    };
    eprintln!("1844: {} of {total} worked examples are scenario tests", total - missing.len());
    assert!(missing.is_empty(), "1844 worked examples without a test: {}", missing.join(" "));
}

#[test]
fn every_1865_rule_is_cited_by_a_test() {
    let Some((total, missing)) = coverage("1865-sardinia", "1865-R", &[]) else {
        eprintln!("skipping: ../shared/rules/1865-sardinia.md is not available");
        return;
    };
    eprintln!("1865: {} of {total} rules cited by tests", total - missing.len());
    assert!(missing.is_empty(), "1865 rules no test cites ({}):\n{}", missing.len(), missing.join(" "));
}

#[test]
fn every_1865_worked_example_is_a_scenario_test() {
    let Some((total, missing)) = examples("1865-sardinia", "E") else {
        eprintln!("skipping: ../shared/rules/1865-sardinia.md is not available");
        return;
    };
    eprintln!("1865: {} of {total} worked examples are scenario tests", total - missing.len());
    assert!(missing.is_empty(), "1865 worked examples without a test: {}", missing.join(" "));
}

#[test]
fn every_18fb_rule_is_cited_by_a_test() {
    let Some((total, missing)) = coverage("18fb", "18FB-R", &[]) else {
        eprintln!("skipping: ../shared/rules/18fb.md is not available");
        return;
    };
    eprintln!("18FB: {} of {total} rules cited by tests", total - missing.len());
    assert!(missing.is_empty(), "18FB rules no test cites ({}):\n{}", missing.len(), missing.join(" "));
}

#[test]
fn every_18fb_scenario_is_a_scenario_test() {
    for prefix in ["S", "D"] {
        let Some((total, missing)) = examples_in("18fb", prefix, "| ") else {
            eprintln!("skipping: ../shared/rules/18fb.md is not available");
            return;
        };
        assert!(total >= 19, "18FB: only {total} {prefix}- scenarios found in the checklist");
        eprintln!("18FB: {} of {total} {prefix}- scenarios are scenario tests", total - missing.len());
        assert!(missing.is_empty(), "18FB {prefix}- scenarios without a test: {}", missing.join(" "));
    }
}

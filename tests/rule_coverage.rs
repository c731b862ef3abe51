//! Every numbered rule of a title's checklist (../shared/rules/<title>.md)
//! is cited by at least one test. Reads ../shared; skips where it is absent.
//! Prints the uncovered ids, so the report doubles as a to-do list.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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

fn walk(dir: &Path, ext: &str, out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(std::fs::read_to_string(&p).unwrap_or_default());
        }
    }
}

/// Ids cited in tests: "1849-R-051", or "R-051" in a file about that title.
fn cited(title: &str, prefix: &str) -> BTreeSet<String> {
    let mut texts = Vec::new();
    walk(&root().join(format!("titles/{title}/tests")), "lua", &mut texts);
    let mut rs = Vec::new();
    walk(&root().join("tests"), "rs", &mut rs);
    texts.extend(rs.into_iter().filter(|t| t.contains(prefix)));
    let short = prefix.rsplit_once('-').map_or("R", |(_, r)| r);
    let mut out = BTreeSet::new();
    for t in &texts {
        for (i, _) in t.match_indices(&format!("{short}-")) {
            let num: String = t[i + short.len() + 1..].chars().take_while(|c| c.is_ascii_digit()).collect();
            if num.len() == 3 {
                out.insert(format!("{prefix}-{num}"));
            }
        }
        // Ranges written "R-048..R-058" / "R-048..058" cover every id between.
        for (i, _) in t.match_indices("..") {
            let before: String = t[..i].chars().rev().take_while(|c| c.is_ascii_digit()).collect::<String>().chars().rev().collect();
            let after_str = t[i + 2..].trim_start_matches(&format!("{short}-"));
            let after: String = after_str.chars().take_while(|c| c.is_ascii_digit()).collect();
            if before.len() == 3 && after.len() == 3 && t[..i].ends_with(&format!("{short}-{before}")) {
                let (a, b): (u32, u32) = (before.parse().unwrap_or(0), after.parse().unwrap_or(0));
                for n in a..=b.min(a + 60) {
                    out.insert(format!("{prefix}-{n:03}"));
                }
            }
        }
    }
    out
}

fn coverage(title: &str, prefix: &str, exclude: &[&str]) -> Option<(usize, Vec<String>)> {
    let ids = checklist_ids(title, prefix)?;
    let cited = cited(title, prefix);
    let wanted: Vec<&String> = ids.iter().filter(|id| !exclude.contains(&id.as_str())).collect();
    let missing: Vec<String> = wanted.iter().filter(|id| !cited.contains(**id)).map(|s| s.to_string()).collect();
    Some((wanted.len(), missing))
}

#[test]
fn every_1849_base_rule_is_cited_by_a_test() {
    // The variants (R-182..R-196) are proven with the variant options.
    let Some((total, missing)) = coverage("1849", "1849-R", &[]) else {
        eprintln!("skipping: ../shared/rules/1849.md is not available");
        return;
    };
    eprintln!("1849: {} of {total} rules cited by tests", total - missing.len());
    assert!(missing.is_empty(), "1849 rules no test cites ({}):\n{}", missing.len(), missing.join(" "));
}

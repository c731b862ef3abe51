//! `railhead new DIR --from 1849`: a house-rule folder that extends a
//! title, with one sample rule and one sample test that proves it.
//!
//! The sample rule is a founders' grant: the bank gives each corporation
//! a sum when it floats. It shows the three parts of a house rule: data
//! (title.toml `[props]`), a script reading it, and a test comparing the
//! house rule with the title it extends. The test's corporation and
//! starting price are taken from the parent title, so it passes as written.

use railhead::title::{Title, TitleSource, load};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

/// What `new` writes, relative to the folder: (path, text).
pub fn files(id: &str, parent_ref: &str, parent: &Title) -> anyhow::Result<Vec<(&'static str, String)>> {
    let corp = parent.corporations.first().ok_or_else(|| anyhow::anyhow!("{} has no corporations to start in the sample test", parent.id()))?;
    let kind = parent.corporation_kind(&corp.kind).ok_or_else(|| anyhow::anyhow!("{}: corporation {} has no kind", parent.id(), corp.id))?;
    let price = parent
        .market
        .cells_where(|f| f.par)
        .iter()
        .filter_map(|&(r, c)| parent.market.cell(r, c))
        .map(|c| c.price)
        .min()
        .ok_or_else(|| anyhow::anyhow!("{}'s market has no starting (par) value for the sample test", parent.id()))?;
    // Certificates beyond the president's that float it.
    let president_units = kind.certificates.iter().find(|c| c.president).map_or(0, |c| c.percent / 10);
    let extra = kind.float_shares.saturating_sub(president_units);
    let players = (0..parent.meta.default_players).map(|i| format!("\"{}\"", (b'A' + i as u8) as char)).collect::<Vec<_>>().join(", ");
    let name = format!("{} with a founders' grant", parent.meta.name);
    let money = parent.money(50);
    Ok(vec![
        (
            "title.toml",
            format!(
                r#"# A house rule of {parent_id}: this folder holds only what it changes.
# Every TOML file here is merged onto the parent's (tables key by key,
# [[lists]] by id); scripts are added after the parent's, and a file at the
# same path as a parent's replaces it (docs/title-format.md, "Extending a
# title"; docs/house-rules.md walks through it).
extends = "{parent_ref}"
scripts = ["scripts/founders_grant.lua"]

[title]
id = "{id}"
name = "{name}"
description = "{parent_id} where the bank gives each corporation a founders' grant when it floats."
rules_prefix = "HOUSE"

[props]
founders_grant = 50   # HOUSE-1: paid by the bank to a corporation when it floats
"#,
                parent_id = parent.id(),
            ),
        ),
        (
            "scripts/founders_grant.lua",
            r#"-- HOUSE-1: when a corporation floats, the bank gives it a founders'
-- grant, as much as title.toml's [props] founders_grant says.
on("corporation_floated", function(game, ev)
  local grant = game:props().founders_grant
  game:transfer("bank", ev.corp, grant)
  game:log(ev.corp .. " receives a founders' grant of " .. game:money(grant))
end)
"#
            .to_string(),
        ),
        (
            "tests/founders_grant.lua",
            format!(
                r#"-- HOUSE-1: the founders' grant. Run: railhead test --title-dir <this folder>
-- (add --inherited to run {parent_id}'s own tests against the house rule).

local PLAYERS = {{ {players} }}

test("HOUSE-1: a corporation that floats receives {money} more than in {parent_id}", function()
  local house = new_game{{ players = PLAYERS }}
  local plain = new_game{{ title = "{parent_id}", players = PLAYERS }}
  -- {corp} started by A at {price_text}, with what it needs to float.
  house:start("{corp}", "A", {price}, {extra})
  plain:start("{corp}", "A", {price}, {extra})
  expect_true(house:corporation("{corp}").floated, "{corp} floats")
  expect_eq(house:corporation("{corp}").cash - plain:corporation("{corp}").cash, 50)
  expect_eq(house:bank(), plain:bank() - 50)
end)
"#,
                parent_id = parent.id(),
                corp = corp.id,
                price_text = parent.money(price),
            ),
        ),
    ])
}

pub fn run(dir: &Path, from: &str) -> anyhow::Result<ExitCode> {
    if dir.exists() && std::fs::read_dir(dir).map(|mut d| d.next().is_some()).unwrap_or(true) {
        anyhow::bail!("{} already exists and is not empty: give a new folder", dir.display());
    }
    let (source, parent_ref) = match TitleSource::embedded(from) {
        Some(s) => (s, from.to_string()),
        None if Path::new(from).join("title.toml").is_file() => {
            let abs = Path::new(from).canonicalize()?;
            (TitleSource::Disk(abs.clone()), abs.display().to_string())
        }
        None => anyhow::bail!("--from {from}: no such title (titles: {}) and no title folder there", TitleSource::embedded_ids().join(", ")),
    };
    let parent = load::load(&source, &BTreeMap::new(), None).map_err(|e| anyhow::anyhow!("{from}: {e}"))?;
    let id = dir
        .file_name()
        .and_then(|n| n.to_str())
        .map(|n| n.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '-' }).collect::<String>())
        .filter(|n| !n.is_empty())
        .ok_or_else(|| anyhow::anyhow!("{}: give a folder name for the new title", dir.display()))?;
    for (rel, text) in files(&id, &parent_ref, &parent)? {
        let path = dir.join(rel);
        if let Some(up) = path.parent() {
            std::fs::create_dir_all(up)?;
        }
        std::fs::write(&path, text)?;
    }
    let d = dir.display();
    println!("wrote {d}: a house rule of {} (title.toml, scripts/founders_grant.lua, tests/founders_grant.lua)", parent.id());
    println!("next:");
    println!("  railhead check {d}");
    println!("  railhead test --title-dir {d}");
    println!("  railhead play --title-dir {d}");
    println!("the tutorial: docs/house-rules.md");
    Ok(ExitCode::SUCCESS)
}

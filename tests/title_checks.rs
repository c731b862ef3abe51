//! A mistake in a title is an error at its file and line, never a silent
//! change of the rules (issue 17, "Checked"). Each test plants one mistake
//! in a copy of a real title and runs `railhead check` on it as a designer
//! would.

mod common;

use common::{check_fails, edit, line_of};
use std::fs;
use std::path::Path;
use std::process::Command;

/// A copy of `titles/<id>` in a fresh temporary folder (removed when
/// the guard is dropped).
fn copy_title(id: &str, name: &str) -> common::TempFolder {
    common::fresh_copy(id, &format!("title-checks-{name}"))
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

#[test]
fn a_handler_for_an_event_nothing_emits_is_an_error_at_its_line() {
    // Before issue 17 `on("tile_layed", ...)` loaded and never ran.
    let dir = copy_title("1849", "event");
    let file = dir.join("scripts/terrain.lua");
    let mut text = fs::read_to_string(&file).unwrap();
    text.push_str("\non(\"tile_layed\", function(game, ev) end)\n");
    fs::write(&file, &text).unwrap();
    let line = text.lines().count();
    let out = check_fails(&dir);
    assert!(out.contains(&format!("terrain.lua:{line}")), "no file and line {line}: {out}");
    assert!(out.contains("no event 'tile_layed'") && out.contains("did you mean `tile_laid`"), "{out}");
}

#[test]
fn a_phase_event_no_script_takes_is_an_error_at_its_line() {
    let dir = copy_title("1849", "phase-event");
    let file = dir.join("phases.toml");
    edit(&file, "events = [\"earthquake\"]", "events = [\"earthquake\", \"blue_zone\"]");
    let line = line_of(&file, "\"blue_zone\"");
    let out = check_fails(&dir);
    assert!(out.contains(&format!("phases.toml:{line}")) && out.contains("\"blue_zone\" is taken by no script"), "{out}");
}

#[test]
fn a_phase_event_with_the_name_of_a_core_event_is_an_error() {
    let dir = copy_title("1849", "phase-event-core");
    edit(&dir.join("phases.toml"), "events = [\"earthquake\"]", "events = [\"earthquake\", \"tile_laid\"]");
    let out = check_fails(&dir);
    assert!(out.contains("\"tile_laid\"") && out.contains("core"), "{out}");
}

#[test]
fn a_company_ability_no_script_defines_is_an_error_at_its_line() {
    // 1849's P5 named an ability "rsa_start" that no script defined.
    let dir = copy_title("1849", "ability");
    let file = dir.join("companies.toml");
    edit(&file, "name = \"port_token\",", "name = \"port_tokens\",");
    let line = line_of(&file, "\"port_tokens\"");
    let out = check_fails(&dir);
    assert!(out.contains(&format!("companies.toml:{line}")) && out.contains("ability \"port_tokens\" is defined by no script"), "{out}");
}

#[test]
fn an_ability_a_script_defines_but_no_company_binds_is_reported_with_file_and_line() {
    let dir = copy_title("1849", "ability-unbound-2");
    let file = dir.join("companies.toml");
    let text = fs::read_to_string(&file).unwrap();
    let line = text.lines().find(|l| l.contains("name = \"port_token\"")).expect("P3's ability").to_string();
    edit(&file, &line, "");
    let lua = dir.join("scripts/privates.lua");
    let defined = line_of(&lua, "actions = function(game, ctx)");
    let out = check_fails(&dir);
    assert!(
        out.contains(&format!("privates.lua:{defined}: ability \"port_token\" is bound to no company")),
        "no file and line {defined}: {out}"
    );
}

#[test]
fn a_prop_nothing_reads_is_an_error_at_its_line() {
    // A key of a player count's props, and one of an ability entry.
    let dir = copy_title("1849", "unread-prop");
    let title = dir.join("title.toml");
    edit(&title, "props = { corporations = 5 }", "props = { corporations = 5, spare_trains = 2 }");
    let title_line = line_of(&title, "spare_trains");
    let companies = dir.join("companies.toml");
    edit(&companies, "props = { bonus = 20 }", "props = { bonus = 20, bonus_hexes = 1 }");
    let companies_line = line_of(&companies, "bonus_hexes");
    let out = check_fails(&dir);
    assert!(out.contains(&format!("title.toml:{title_line}: the 3-player count's props: \"spare_trains\" is read by nothing")), "{out}");
    assert!(out.contains(&format!("companies.toml:{companies_line}: company P3's ability \"port_token\"'s props: \"bonus_hexes\" is read by nothing")), "{out}");
    // Read by a script: no longer an error.
    let dir = copy_title("1849", "read-prop");
    edit(&dir.join("title.toml"), "props = { corporations = 5 }", "props = { corporations = 5, spare_trains = 2 }");
    edit(&dir.join("scripts/setup.lua"), "local function five_corporations(game)", "local function spare(game) return game:props().spare_trains end\n\nlocal function five_corporations(game)");
    let out = Command::new(env!("CARGO_BIN_EXE_railhead")).arg("check").arg(&dir).output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{text}");
}

#[test]
fn an_ability_entrys_props_reach_the_script() {
    // P3's port bonus is its ability entry's `bonus`: at 35 the port is
    // worth L. 35 more to its owner (1849 itself says 20).
    let dir = copy_title("1849", "ability-props");
    edit(&dir.join("companies.toml"), "props = { bonus = 20 }", "props = { bonus = 35 }");
    for e in fs::read_dir(dir.join("tests")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "lua") {
            fs::remove_file(p).unwrap();
        }
    }
    fs::write(
        dir.join("tests/bonus.lua"),
        r#"
local advance = test_lib("play").advance
test("P3's bonus comes from its ability entry", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = { "SFA", "CTL", "RCS", "AFG", "ATA", "IFT" } } }
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par SFA 68" }
  g:give_cash("B", 1000)
  g:start("RCS", "B", 100)
  g:set_phase("6")
  g:lay("C5", "651", 5)
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  g:give_train("RCS", "6H")
  g:give_company("P3", "RCS")
  expect_eq(g:best_run("RCS").revenue, 110)
  while not (g:actor() == "RCS" and g:step() == "lay_tile") do advance(g) end
  g:act("do port_token hex=A5")
  expect_eq(g:best_run("RCS").revenue, 145)
end)
"#,
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_railhead")).arg("test").arg("--title-dir").arg(&dir).output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("1 passed, 0 failed"), "{text}");
}

#[test]
fn a_script_step_no_script_defines_is_an_error_at_its_line() {
    let dir = copy_title("1849", "step");
    let file = dir.join("flow.toml");
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.lines().any(|l| l.contains("kind = \"script\"")), "1849's flow.toml has a script step");
    // Rename the first script step's definition so the flow's use of it dangles.
    let step_line = text.lines().position(|l| l.trim_start().starts_with("[[step]]")).expect("a [[step]]");
    let name_line = text.lines().skip(step_line).find(|l| l.trim_start().starts_with("name = ")).unwrap().to_string();
    let old = name_line.split('"').nth(1).unwrap().to_string();
    edit(&dir.join("scripts").join(script_defining(&dir, &old)), &format!("step(\"{old}\""), &format!("step(\"{old}_x\""));
    let out = check_fails(&dir);
    assert!(out.contains("flow.toml:") && out.contains(&format!("step \"{old}\" is of kind script, but no script defines it")), "{out}");
}

/// The script file (in scripts/) that defines step `name`.
fn script_defining(dir: &Path, name: &str) -> String {
    for e in fs::read_dir(dir.join("scripts")).unwrap() {
        let e = e.unwrap();
        if fs::read_to_string(e.path()).unwrap().contains(&format!("step(\"{name}\"")) {
            return e.file_name().to_string_lossy().to_string();
        }
    }
    panic!("no script defines step {name}");
}

/// Every event the core emits is in the list `on` checks names against,
/// and docs/lua-api.md describes each.
#[test]
fn the_core_emits_only_listed_and_documented_events() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut emitted = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for e in fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = fs::read_to_string(&p).unwrap();
                for part in text.split(".event(").skip(1) {
                    let rest = part.trim_start();
                    if let Some(name) = rest.strip_prefix('"').and_then(|r| r.split('"').next()) {
                        emitted.push(name.to_string());
                    }
                }
            }
        }
    }
    assert!(emitted.len() > 25, "the core's events were not found: {emitted:?}");
    let docs = include_str!("../docs/lua-api.md");
    for name in &emitted {
        assert!(railhead::script::EVENTS.contains(&name.as_str()), "the core emits '{name}', which script::EVENTS does not list");
    }
    for name in railhead::script::EVENTS {
        assert!(docs.contains(&format!("`{name}`")), "docs/lua-api.md does not describe the event '{name}'");
    }
}

#[test]
fn a_border_with_both_a_kind_and_a_terrain_is_an_error_at_its_line() {
    let dir = copy_title("1849", "border-both");
    let file = dir.join("map.toml");
    edit(&file, r#"borders = [{ edge = 4, kind = "impassable" }]"#, r#"borders = [{ edge = 4, kind = "impassable", terrain = "river" }]"#);
    let text = fs::read_to_string(&file).unwrap();
    let hex_at = text[..text.find(r#"terrain = "river""#).unwrap()].rfind("at = [").unwrap();
    let line = text[..hex_at].lines().count() + 1; // the line of the hex's `at`
    let out = check_fails(&dir);
    assert!(out.contains(&format!("map.toml:{line}")) && out.contains("not both"), "{out}");
}

#[test]
fn a_border_whose_two_sides_disagree_is_an_error() {
    // The boundary title's river between Bree (C1) and Corth (E1), given
    // again on Corth's side as a mountain.
    let dir = common::TempFolder::new("title-checks-border-sides");
    common::copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/titles/boundary"), &dir);
    let file = dir.join("map.toml");
    edit(&file, "paths = [\"3-s0\", \"0-s0\", \"5-s0\"]", "paths = [\"3-s0\", \"0-s0\", \"5-s0\"]\nborders = [{ edge = 3, terrain = \"mountain\" }]");
    let out = check_fails(&dir);
    assert!(out.contains("between C1 and E1") && out.contains("\"river\" on one side and \"mountain\""), "{out}");
}

#[test]
fn a_price_grid_of_another_shape_than_the_market_is_an_error_at_its_line() {
    let dir = copy_title("1849", "price-grid");
    let file = dir.join("market.toml");
    let text = fs::read_to_string(&file).unwrap();
    // A grid with one row too few: 1849's market has more than one row.
    fs::write(&file, format!("{text}\n[prices]\npremium = [[10, 20]]\n")).unwrap();
    let line = line_of(&file, "premium = ");
    let out = check_fails(&dir);
    assert!(out.contains(&format!("market.toml:{line}:")), "no file and line {line}: {out}");
    assert!(out.contains("prices.premium") && out.contains("price table \"premium\" has 1 rows"), "{out}");
}

#[test]
fn an_investor_named_like_a_corporation_or_another_investor_is_an_error_at_its_line() {
    let dir = copy_title("1849", "investor-ids");
    let file = dir.join("title.toml");
    let text = fs::read_to_string(&file).unwrap();
    // Appended after the last table: `[[investor]]` entries of title.toml.
    fs::write(&file, format!("{text}\n[[investor]]\nid = \"AFG\"\nname = \"Clash\"\n\n[[investor]]\nid = \"fund\"\nname = \"Fund\"\n\n[[investor]]\nid = \"FUND\"\nname = \"Fund again\"\nturns = \"before_each_player\"\n")).unwrap();
    let clash = line_of(&file, "id = \"AFG\"");
    let twice = line_of(&file, "id = \"FUND\"");
    let out = check_fails(&dir);
    assert!(out.contains(&format!("title.toml:{clash}:")) && out.contains("investor id \"AFG\" is already the name of a corporation"), "{out}");
    assert!(out.contains(&format!("title.toml:{twice}:")) && out.contains("investor id \"FUND\" is given twice"), "{out}");
}

#[test]
fn an_investor_key_the_schema_does_not_know_is_an_error() {
    let dir = copy_title("1849", "investor-key");
    let file = dir.join("title.toml");
    let text = fs::read_to_string(&file).unwrap();
    fs::write(&file, format!("{text}\n[[investor]]\nid = \"fund\"\nname = \"Fund\"\nturns = \"after_each_player\"\n")).unwrap();
    let out = check_fails(&dir);
    assert!(out.contains("investor") && out.contains("before_each_player"), "{out}");
}

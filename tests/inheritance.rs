//! Titles that extend another (`extends` in title.toml, issue 17): the
//! merge of TOML and scripts, the mistakes `check` reports, saves of an
//! extending title, whose tests run, and `railhead new --from`.

mod common;

use railhead::game::save::SaveFile;
use railhead::game::{Game, Setup};
use railhead::scenario::{RunOptions, TitleCache, run_title};
use railhead::title::{Title, TitleSource, load};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

/// A fresh folder holding the given files (path, text); removed when the
/// guard is dropped.
fn folder(tag: &str, files: &[(&str, &str)]) -> common::TempFolder {
    let dir = common::TempFolder::new(&format!("inherit-{tag}"));
    for (rel, text) in files {
        let path = dir.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

fn load_dir(dir: &Path) -> Result<Title, String> {
    load::load(&TitleSource::Disk(dir.to_path_buf()), &BTreeMap::new(), None).map_err(|e| e.to_string())
}

const HEAD: &str = "extends = \"1849\"\n[title]\nid = \"house\"\nname = \"House\"\n";

/// title.toml of a child of 1849 with top-level keys (before any table).
fn head_with(top: &str) -> String {
    format!("{top}{HEAD}")
}

#[test]
fn a_child_holds_only_what_it_changes() {
    let dir = folder(
        "merge",
        &[
            (
                "title.toml",
                &(head_with("scripts = [\"scripts/extra.lua\"]\nscripts_removed = [\"scripts/electric.lua\"]\n")
                    + "[[player_count]]\nplayers = 4\ncash = 400\n[settings]\nmin_raise = 10\n"),
            ),
            ("scripts/extra.lua", "-- an added rule\n"),
            // Same path as the parent's: replaces it.
            ("scripts/scoring.lua", "-- the house scores otherwise\n"),
            ("trains.toml", "[[train]]\nname = \"4H\"\ncount = 7\n"),
        ],
    );
    let t = load_dir(&dir).unwrap();
    let parent = load::embedded("1849").unwrap();
    assert_eq!(t.id(), "house");
    assert_eq!(t.parents.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(), ["1849"]);
    // title.toml: the 4-player row changed, the others kept; settings merged key by key.
    assert_eq!(t.player_count(4).unwrap().cash, 400);
    assert_eq!(t.player_count(3).unwrap().cash, parent.player_count(3).unwrap().cash);
    assert_eq!(t.player_count(4).unwrap().cert_limit, parent.player_count(4).unwrap().cert_limit);
    assert_eq!(t.settings.min_raise, 10);
    assert_eq!(t.settings.max_holding_percent, parent.settings.max_holding_percent);
    // Options and the rule ids come from the parent.
    assert_eq!(t.options.len(), parent.options.len());
    assert_eq!(t.settings.rule_ids, parent.settings.rule_ids);
    // A data file merged by train name: one count changed, the rest kept.
    let fours = |t: &Title| t.trains.iter().find(|c| c.name == "4H").map(|c| c.count);
    assert_eq!(fours(&t), Some(7));
    assert_eq!(t.trains.len(), parent.trains.len());
    // Scripts: the parent's in order, less the removed one, the replaced
    // one read from the child, the added one last.
    let paths: Vec<&str> = t.scripts.iter().map(|s| s.path.as_str()).collect();
    let mut expected: Vec<&str> = parent.scripts.iter().map(|s| s.path.as_str()).filter(|p| *p != "scripts/electric.lua").collect();
    expected.push("scripts/extra.lua");
    assert_eq!(paths, expected);
    let scoring = t.scripts.iter().find(|s| s.path == "scripts/scoring.lua").unwrap();
    assert!(scoring.source.contains("the house scores otherwise"));
    assert!(scoring.display.starts_with(&dir.display().to_string()), "{}", scoring.display);
    let setup = t.scripts.iter().find(|s| s.path == "scripts/setup.lua").unwrap();
    assert_eq!(setup.display, "titles/1849/scripts/setup.lua");
}

#[test]
fn mistakes_in_extending_are_named_with_file_and_line() {
    let cases: [(&str, String, &str); 5] = [
        ("unknown", "extends = \"1894\"\n[title]\nid = \"x\"\nname = \"X\"\n".into(), "title.toml:1: extends: `extends = \"1894\"`: railhead ships no title \"1894\""),
        ("noid", "extends = \"1849\"\n[title]\nname = \"X\"\n".into(), "needs its own `[title]` with an `id`"),
        ("removed", head_with("scripts_removed = [\"scripts/bond.lua\"]\n"), "title.toml:1: scripts_removed: \"scripts/bond.lua\" is not a script of the title it extends (did you mean `scripts/bonds.lua`?)"),
        ("typed", format!("{HEAD}[settings]\nmin_raise = \"five\"\n"), "min_raise"),
        ("syntax", format!("{HEAD}[settings\n"), "title.toml:5"),
    ];
    for (tag, text, want) in cases {
        let dir = folder(tag, &[("title.toml", &text)]);
        let err = load_dir(&dir).expect_err(tag);
        assert!(err.contains(want), "{tag}: {err}");
        assert!(err.contains("title.toml"), "{tag}: {err}");
    }
    // Two folders that extend each other (OTHER: the other's folder name).
    let a = folder("cycle-a", &[("title.toml", "extends = \"../OTHER\"\n[title]\nid = \"a\"\nname = \"A\"\n")]);
    let b = folder("cycle-b", &[("title.toml", "extends = \"../OTHER\"\n[title]\nid = \"b\"\nname = \"B\"\n")]);
    for (d, other) in [(&a, &b), (&b, &a)] {
        let p = d.join("title.toml");
        let text = fs::read_to_string(&p).unwrap().replace("OTHER", other.file_name().unwrap().to_str().unwrap());
        fs::write(p, text).unwrap();
    }
    let err = load_dir(&a).unwrap_err();
    assert!(err.contains("cannot extend each other in a circle"), "{err}");
}

#[test]
fn a_child_may_extend_a_folder_and_rename_its_own_rules() {
    let base = common::fresh_copy("1849", "inherit-base");
    let dir = folder("by-path", &[("title.toml", &format!("extends = \"{}\"\n[title]\nid = \"h\"\nname = \"H\"\nrules_prefix = \"H\"\n[settings.rule_ids]\n\"stock.one_buy\" = \"H-1\"\n", base.display()))]);
    let t = load_dir(&dir).unwrap();
    assert_eq!(t.rule_id(railhead::game::refusals::RuleKey::from_key("stock.one_buy").unwrap()), Some("H-1"));
    // The parent's own ids stay valid; an id of neither prefix is not.
    assert!(t.owns_rule_id("1849-R-050") && t.owns_rule_id("H-2") && !t.owns_rule_id("1844-R-001"));
}

#[test]
fn a_game_of_an_extending_title_saves_and_restores() {
    let dir = folder("save", &[("title.toml", &format!("{HEAD}[[player_count]]\nplayers = 4\ncash = 400\n"))]);
    let title = Arc::new(load_dir(&dir).unwrap());
    let setup = Setup { players: vec!["A".into(), "B".into(), "C".into(), "D".into()], seed: 3, options: BTreeMap::new(), values: BTreeMap::new() };
    let mut game = Game::new(title, setup).unwrap();
    game.act("buy P1").unwrap();
    game.act("bid P3 80").unwrap();
    let save = SaveFile::of(&game);
    assert_eq!(save.title, "house");
    assert_eq!(save.title_dir.as_deref(), Some(dir.display().to_string().as_str()), "saved as the child's own folder");
    let json = save.to_json();
    let back = SaveFile::parse("save.json", &json).unwrap().restore("save.json", None).unwrap();
    assert_eq!(back.digest(), game.digest());
    assert_eq!(back.player_values().unwrap(), game.player_values().unwrap());
}

#[test]
fn the_parents_tests_run_only_when_asked() {
    let dir = folder(
        "tests",
        &[
            ("title.toml", &format!("{HEAD}[[player_count]]\nplayers = 4\ncash = 400\n")),
            ("tests/own.lua", "test(\"own: four players start with 400\", function()\n  local g = new_game{ players = { \"A\", \"B\", \"C\", \"D\" } }\n  expect_eq(g:player(\"A\").cash, 400)\nend)\n"),
        ],
    );
    let source = TitleSource::Disk(dir.to_path_buf());
    let own = run_title(&source, &TitleCache::new(), &RunOptions::default());
    assert_eq!((own.passed(), own.failed()), (1, 0), "{:?}", own.cases);
    // With the parent's: its setup test of runs against the
    // house rule, and fails on the changed purse, as it should.
    let opts = RunOptions { filter: Some("R-002, R-003".into()), inherited: true, ..Default::default() };
    let both = run_title(&source, &TitleCache::new(), &opts);
    let parent_case = both.cases.iter().find(|c| c.file == "titles/1849/tests/setup_R-001_R-011.lua").expect("the parent's test ran");
    assert!(matches!(&parent_case.outcome, railhead::scenario::Outcome::Failed { message } if message.contains("expected 375, got 400")), "{parent_case:?}");
}

#[test]
fn new_writes_a_house_rule_that_checks_plays_and_passes_its_test() {
    let parent = common::TempFolder::new("inherit-new");
    let dir = parent.join("founders");
    let rh = || Command::new(env!("CARGO_BIN_EXE_railhead"));
    let out = rh().args(["new"]).arg(&dir).args(["--from", "1849"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let check = rh().arg("check").arg(&dir).output().unwrap();
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
    let test = rh().args(["test", "--title-dir"]).arg(&dir).output().unwrap();
    let text = String::from_utf8_lossy(&test.stdout);
    assert!(test.status.success() && text.contains("1 passed, 0 failed"), "{text}");
    // A second `new` into the same folder is refused; so is an unknown parent.
    let again = rh().args(["new"]).arg(&dir).output().unwrap();
    assert!(!again.status.success() && String::from_utf8_lossy(&again.stderr).contains("not empty"));
    let bad = rh().args(["new"]).arg(dir.with_file_name("other")).args(["--from", "1894"]).output().unwrap();
    assert!(!bad.status.success() && String::from_utf8_lossy(&bad.stderr).contains("no such title"));
    // The sample rule is real: without its script the test fails.
    fs::write(dir.join("scripts/founders_grant.lua"), "-- rule switched off\n").unwrap();
    let test = rh().args(["test", "--title-dir"]).arg(&dir).output().unwrap();
    assert!(!test.status.success(), "{}", String::from_utf8_lossy(&test.stdout));
}

/// The corporations a player may start at the first stock turn reached by
/// random play of the title (`Par` moves listed), and the unstarted ones
/// in start order.
fn first_startable(t: Title, seed: u64) -> (Vec<String>, Vec<String>) {
    let t = Arc::new(t);
    let setup = railhead::fuzz::game_setup(&t, 4, seed);
    let mut g = Game::new(t, setup).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    for _ in 0..500 {
        let listed: Vec<String> = g
            .legal_moves()
            .unwrap()
            .iter()
            .filter_map(|m| match &m.action {
                railhead::game::action::Action::Par { corp, .. } => Some(corp.clone()),
                _ => None,
            })
            .collect();
        // A stock turn of its own (not the start a private's buyer makes
        // at once in the auction, 1849-R-038).
        if !listed.is_empty() && g.state.flow.round.name == "stock" && g.state.flow.pending.is_empty() {
            let mut unstarted: Vec<(u32, String)> = g.state.corps.iter().filter(|c| c.in_play && !c.started && !c.closed).map(|c| (c.start_order, c.id.clone())).collect();
            unstarted.sort();
            let mut listed = listed;
            listed.dedup();
            return (listed, unstarted.into_iter().map(|(_, id)| id).collect());
        }
        railhead::fuzz::random_move(&mut g, &mut rng).unwrap();
    }
    panic!("no start was offered in 500 random moves");
}

/// `start_in_order` (title.toml `[settings]`): 1849 lets only the first
/// unstarted corporation in start order start (1849-R-079); a house rule
/// that turns it off lets any of them start.
#[test]
fn a_child_may_let_corporations_start_in_any_order() {
    let dir = folder("start-order", &[("title.toml", &format!("{HEAD}[settings]\nstart_in_order = false\n"))]);
    for seed in 1..=3 {
        let (listed, unstarted) = first_startable(load::embedded("1849").unwrap(), seed);
        assert_eq!(listed, unstarted[..1], "1849 seed {seed}: only the first in start order is offered");
        let (mut listed, mut unstarted) = first_startable(load_dir(&dir).unwrap(), seed);
        listed.sort();
        unstarted.sort();
        assert!(unstarted.len() > 1, "seed {seed}: several corporations are unstarted");
        assert_eq!(listed, unstarted, "house seed {seed}: every unstarted corporation is offered");
    }
}

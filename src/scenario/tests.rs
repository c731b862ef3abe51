//! The runner itself: failures are reported where they happen, with
//! expected and actual values; bad scripts fail tests instead of
//! panicking; the sandbox and the setters keep their promises.

use super::*;

const FILE: &str = "titles/1849/tests/self.lua";

fn run(src: &str) -> Report {
    run_source(FILE, src, TitleSource::embedded("1849"), &TitleCache::new(), &RunOptions::default())
}

fn outcomes(r: &Report) -> Vec<(String, Outcome)> {
    r.cases.iter().map(|c| (c.name.clone(), c.outcome.clone())).collect()
}

fn failure(r: &Report, name: &str) -> String {
    match r.cases.iter().find(|c| c.name == name).map(|c| &c.outcome) {
        Some(Outcome::Failed { message }) => message.clone(),
        other => panic!("{name}: expected a failure, got {other:?} in {:?}", outcomes(r)),
    }
}

const GAME: &str = r#"local function game() return new_game{ players = { "A", "B", "C", "D" } } end
"#;

#[test]
fn passes_and_failures_are_counted_with_file_and_line() {
    let r = run(&format!(
        r#"{GAME}
test("ok", function()
  local g = game()
  expect_eq(g:player("A").cash, 375)
end)
test("wrong cash", function()
  local g = game()
  expect_eq(g:player("A").cash, 400, "A's cash")
end)
pending("later", "not yet")
"#
    ));
    assert_eq!(r.summary(), "1 passed, 1 failed, 1 pending");
    assert_eq!(failure(&r, "wrong cash"), format!("{FILE}:9: A's cash: expected 400, got 375"));
    assert_eq!(r.cases[0].declared.as_deref(), Some(&*format!("{FILE}:3")));
}

#[test]
fn tables_compare_deeply_and_name_the_difference() {
    let r = run(r#"
test("lists", function() expect_eq({ 1, 2, { x = "a" } }, { 1, 2, { x = "a" } }) end)
test("numbers", function() expect_eq(3, 3.0) end)
test("cycles", function() local a, b = {}, {}; a.me = a; b.me = b; expect_eq(a, b) end)
test("differ", function() expect_eq({ a = 1, b = { 2, 3 } }, { a = 1, b = { 2, 4 } }) end)
test("extra", function() expect_eq({ a = 1, z = true }, { a = 1 }) end)
"#);
    assert_eq!(r.passed(), 3, "{:?}", outcomes(&r));
    assert_eq!(failure(&r, "differ"), format!("{FILE}:5: expected {{a = 1, b = {{2, 4}}}}, got {{a = 1, b = {{2, 3}}}} (at .b[2]: expected 4, got 3)"));
    assert!(failure(&r, "extra").contains("(at .z: expected nil, got true)"), "{}", failure(&r, "extra"));
}

#[test]
fn each_test_fails_alone() {
    let r = run(r#"
test("nil index", function() local t = nil; return t.x end)
test("error call", function() error("boom") end)
test("error value", function() error({ code = 7 }) end)
test("after", function() expect_true(true) end)
"#);
    assert_eq!(failure(&r, "nil index"), format!("{FILE}:2: attempt to index a nil value (local 't')"));
    assert_eq!(failure(&r, "error call"), format!("{FILE}:3: boom"));
    assert_eq!(failure(&r, "error value"), format!("{FILE}:4: error raised with a table value: {{code = 7}}"));
    assert_eq!(r.passed(), 1);
}

#[test]
fn a_broken_file_is_one_failure_with_its_line() {
    let r = run("test(\"x\", function()\n  local = 1\nend)\n");
    assert_eq!(r.cases.len(), 1);
    assert_eq!(r.cases[0].name, "(loading the file)");
    assert!(failure(&r, "(loading the file)").starts_with(&format!("{FILE}:2:")), "{:?}", r.cases);
}

#[test]
fn endless_loops_and_memory_hogs_are_stopped() {
    let r = run(r#"
test("loop", function()
  local n = 0
  while true do n = n + 1 end
end)
test("memory", function()
  local s = "x"
  for i = 1, 40 do s = s .. s end
end)
test("still fine", function() expect_eq(1, 1) end)
"#);
    assert!(failure(&r, "loop").starts_with(&format!("{FILE}:4: the test ran more than")), "{}", failure(&r, "loop"));
    assert!(failure(&r, "memory").contains("MiB"), "{}", failure(&r, "memory"));
    assert_eq!(r.passed(), 1);
}

#[test]
fn the_sandbox_is_the_title_scripts_sandbox() {
    let r = run(r#"
test("no escape", function()
  for _, name in ipairs({ "io", "os", "require", "load", "loadfile", "dofile", "debug", "package", "collectgarbage" }) do
    expect_eq(rawget(_G, name), nil, name)
  end
  expect_eq(math.random, nil)
end)
test("no globals", function() x = 1 end)
test("typo global", function() expect_eq(nwe_game, nil) end)
test("io", function() return io.open("x") end)
"#);
    assert_eq!(r.passed(), 1, "{:?}", outcomes(&r));
    assert!(failure(&r, "no globals").contains("may not set the global 'x'"));
    assert_eq!(failure(&r, "no globals"), format!("{FILE}:8: a test may not set the global 'x': use a local, so that tests stay independent"));
    assert_eq!(failure(&r, "typo global"), format!("{FILE}:9: unknown global 'nwe_game'"));
    assert!(failure(&r, "io").starts_with(&format!("{FILE}:10: 'io' is not available to tests")));
}

#[test]
fn tests_register_only_at_the_top_level_and_once() {
    let r = run(r#"
test("outer", function() test("inner", function() end) end)
test("twice", function() end)
test("twice", function() end)
"#);
    assert_eq!(r.cases.len(), 3, "{:?}", outcomes(&r));
    assert!(failure(&r, "(loading the file)").contains("already in this file"));
    assert!(failure(&r, "outer").contains("at the top level"));
}

#[test]
fn actions_refusals_and_their_failures() {
    let r = run(&format!(
        r#"{GAME}
test("refused act", function() game():act("bid P4 110") end)
test("accepted refuse", function() game():refuse("bid P4 115") end)
test("wrong rule", function() game():refuse("bid P4 110", "1849-R-050") end)
test("typo", function() game():act("bidd P4 115") end)
test("ok", function()
  local g = game()
  local d = g:digest()
  local msg = g:refuse("bid P4 110", "1849-R-051", "at least")
  expect_contains(msg, "L. 115")
  expect_eq(g:digest(), d)
  g:acts{{ "bid P4 115", "pass" }}
  expect_eq(#g:save() > 0, true)
end)
"#
    ));
    assert_eq!(failure(&r, "refused act"), format!("{FILE}:3: `bid P4 110` by A was refused: a bid on P4 (SMS) must be at least L. 115 [1849-R-051]"));
    assert_eq!(failure(&r, "accepted refuse"), format!("{FILE}:4: `bid P4 115` should be refused, but it was accepted"));
    assert!(failure(&r, "wrong rule").contains("cites 1849-R-051, not 1849-R-050"));
    assert!(failure(&r, "typo").contains("did you mean `bid`"));
    assert_eq!(r.passed(), 1, "{:?}", outcomes(&r));
}

#[test]
fn reads_are_the_title_api_and_writes_are_refused() {
    let r = run(&format!(
        r#"{GAME}
test("reads", function()
  local g = game()
  expect_eq(g:players(), {{ "A", "B", "C", "D" }})
  expect_eq(g:round().kind, "auction")
  expect_eq(g:company("P4").value, 110)
  expect_eq(g:title(), "1849")
end)
test("write", function()
  local g = game()
  g:transfer("A", "bank", 10)
end)
test("typo", function() game():plyer("A") end)
"#
    ));
    assert_eq!(r.passed(), 1, "{:?}", outcomes(&r));
    assert!(failure(&r, "write").contains("g:transfer changes the game"), "{}", failure(&r, "write"));
    assert!(failure(&r, "typo").ends_with("g has no method 'plyer' (did you mean `player`?)"), "{}", failure(&r, "typo"));
}

#[test]
fn setters_are_atomic_conserve_money_and_forbid_replays() {
    let r = run(&format!(
        r#"{GAME}
test("setters", function()
  local g = game()
  local d = g:digest()
  expect_error(function() g:give_cash("A", -400) end, "has L. 375")
  expect_error(function() g:lay("C1", "9", 0) end, "permanent hex")
  expect_error(function() g:lay("D6", "4", 0) end, "1849%-R%-119")
  expect_error(function() g:lay("D6", "9", 4) end, "impassable")
  expect_eq(g:digest(), d)
  g:give_cash("A", 25)
  expect_eq(g:player("A").cash, 400)
  expect_eq(g:bank(), 6235)
  expect_error(function() g:save() end, "give_cash at")
  expect_error(function() g:undo() end, "not an action")
  g:set_phase("8")
  expect_eq(g:phase(), "8")
  expect_error(function() g:set_phase("6") end, "phases only advance")
end)
"#
    ));
    assert_eq!(r.summary(), "1 passed, 0 failed", "{:?}", outcomes(&r));
}

#[test]
fn saves_load_and_undo_replay_the_same_game() {
    let r = run(&format!(
        r#"{GAME}
test("round trip", function()
  local g = game()
  g:acts{{ "bid P4 115", "bid P4 120", "buy P1" }}
  local h = load_game(g:save())
  expect_eq(h:digest(), g:digest())
  expect_eq(h:log(), g:log())
  expect_eq(g:undo(), "buy P1")
  expect_eq(g:actor(), "C")
  h:act("buy P2")
  expect_eq(g:player("A").cash, 375)
end)
"#
    ));
    assert_eq!(r.summary(), "1 passed, 0 failed", "{:?}", outcomes(&r));
}

#[test]
fn script_mode_counts_top_level_code() {
    let opts = RunOptions { script_mode: true, ..Default::default() };
    let ok = run_source("x.lua", "local g = new_game{ title = '1849', players = { 'A', 'B', 'C' } }\nexpect_eq(g:actor(), 'A')\n", None, &TitleCache::new(), &opts);
    assert_eq!(ok.summary(), "1 passed, 0 failed");
    let bad = run_source("x.lua", "local g = new_game{ players = { 'A', 'B', 'C' } }\n", None, &TitleCache::new(), &opts);
    assert_eq!(failure(&bad, "(script)"), "x.lua:1: new_game needs title = \"...\": this script is not in a title's tests folder (or use --title)");
}

#[test]
fn the_filter_selects_tests_and_runs_are_deterministic() {
    let src = format!(
        r#"{GAME}
test("alpha", function() local g = game(); g:act("pass"); print(g:digest()) end)
test("beta", function() expect_eq(1, 2) end)
"#
    );
    let opts = RunOptions { filter: Some("ALPHA".into()), ..Default::default() };
    let a = run_source(FILE, &src, TitleSource::embedded("1849"), &TitleCache::new(), &opts);
    let b = run_source(FILE, &src, TitleSource::embedded("1849"), &TitleCache::new(), &opts);
    assert_eq!(a.summary(), "1 passed, 0 failed");
    assert_eq!(a.cases[0].output, b.cases[0].output);
    assert_eq!(a.cases[0].output.len(), 1);
}

#[test]
fn a_child_titles_tests_see_its_parents_libs_its_own_first() {
    // A folder on disk that extends 1849 (embedded; its tests/lib/play.lua
    // has P.order), run as `railhead run` runs it: the bare folder. It has
    // a lib of its own; then a play.lua of its own, which takes the place
    // of 1849's.
    let tmp = tempfile::Builder::new().prefix("railhead-test-lib-layers-").tempdir().unwrap();
    let dir = tmp.path().to_path_buf();
    std::fs::create_dir_all(dir.join("tests/lib")).unwrap();
    std::fs::write(dir.join("title.toml"), "extends = \"1849\"\n[title]\nid = \"house\"\nname = \"House\"\n").unwrap();
    std::fs::write(dir.join("tests/lib/own.lua"), "return { mine = true }\n").unwrap();
    let run_in = |src: &str| run_source("tests/self.lua", src, Some(TitleSource::Disk(dir.clone())), &TitleCache::new(), &RunOptions::default());
    let inherited = run_in(
        r#"
test("the parent's lib", function() expect_eq(test_lib("play").order("SFA"), { "SFA", "RCS", "AFG", "ATA", "CTL", "IFT" }) end)
test("its own lib", function() expect_eq(test_lib("own").mine, true) end)
"#,
    );
    std::fs::write(dir.join("tests/lib/play.lua"), "return { mine = true }\n").unwrap();
    let own = run_in(r#"test("the child's lib wins", function() expect_eq(test_lib("play").mine, true); expect_eq(test_lib("play").order, nil) end)"#);
    assert_eq!(inherited.passed(), 2, "{:?}", outcomes(&inherited));
    assert_eq!(own.passed(), 1, "{:?}", outcomes(&own));
}

#[test]
fn test_libs_load_once_per_file_and_name_missing_files() {
    let tmp = tempfile::Builder::new().prefix("railhead-test-lib-").tempdir().unwrap();
    let dir = tmp.path().to_path_buf();
    std::fs::create_dir_all(dir.join("tests/lib")).unwrap();
    std::fs::write(dir.join("tests/lib/counter.lua"), "local M = { loads = 0 }\nM.loads = M.loads + 1\nfunction M.twice(x) return 2 * x end\nreturn M\n").unwrap();
    std::fs::write(dir.join("tests/lib/broken.lua"), "local x = \nreturn x\n").unwrap();
    let src = r#"
local C = test_lib("counter")
test("a lib's functions", function() expect_eq(C.twice(21), 42) end)
test("loaded once", function() expect_eq(test_lib("counter").loads, 1); expect_true(test_lib("counter") == C) end)
test("missing", function() test_lib("nope") end)
test("bad name", function() test_lib("../counter") end)
test("syntax error", function() test_lib("broken") end)
test("require explains", function() local r = require end)
"#;
    let r = run_source("tests/self.lua", src, Some(TitleSource::Disk(dir.clone())), &TitleCache::new(), &RunOptions::default());
    assert_eq!(r.passed(), 2, "{:?}", outcomes(&r));
    assert!(failure(&r, "missing").contains("tests/lib/nope.lua does not exist"), "{}", failure(&r, "missing"));
    assert!(failure(&r, "bad name").contains("a lib name is the file name"), "{}", failure(&r, "bad name"));
    assert!(failure(&r, "syntax error").contains("tests/lib/broken.lua:"), "{}", failure(&r, "syntax error"));
    assert!(failure(&r, "require explains").contains("test_lib"), "{}", failure(&r, "require explains"));
}

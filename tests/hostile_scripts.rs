//! A title script is untrusted code (issue 15): every call ends within a
//! bound, nothing it does can make a game differ from its replay, and
//! every error names the hook and the script's `file:line`. Each probe
//! here is a script the sandbox once failed on.

mod common;

use railhead::game::{Game, Setup};
use railhead::title::{TitleSource, load};
use std::collections::BTreeMap;
use std::fs;
use std::sync::Arc;

/// The 1849 title with one more script, `scripts/probe.lua`, in a fresh
/// temporary folder (removed when the guard is dropped).
fn title_with(name: &str, probe: &str) -> common::TempFolder {
    let dir = common::fresh_copy("1849", &format!("hostile-{name}"));
    fs::write(dir.join("scripts/probe.lua"), probe).unwrap();
    let toml = dir.join("title.toml");
    let text = fs::read_to_string(&toml).unwrap();
    fs::write(&toml, text.replacen("scripts = [\n", "scripts = [\n  \"scripts/probe.lua\",\n", 1)).unwrap();
    dir
}

fn setup() -> Setup {
    Setup { players: vec!["A".into(), "B".into(), "C".into(), "D".into()], seed: 1, options: BTreeMap::new(), values: BTreeMap::new() }
}

/// A new game of the title with the probe, or the error that stopped it.
fn game_with(name: &str, probe: &str) -> Result<Game, String> {
    let dir = title_with(name, probe);
    let title = load::load(&TitleSource::Disk(dir.to_path_buf()), &BTreeMap::new(), None).map_err(|e| e.to_string())?;
    Game::new(Arc::new(title), setup()).map_err(|e| e.to_string())
}

fn load_error(name: &str, probe: &str) -> String {
    match game_with(name, probe) {
        Ok(_) => panic!("the probe '{name}' loaded"),
        Err(e) => e,
    }
}

/// The first action of a 1849 game that sells a private (`company_sold`).
fn sell_a_company(g: &mut Game) -> Result<(), String> {
    g.act("buy P1")
}

// ---------------------------------------------------------------- hangs

#[test]
fn a_finalizer_cannot_be_set() {
    let err = load_error("gc", "setmetatable({}, {__gc = function() while true do end end})\n");
    assert!(err.contains("probe.lua:1") && err.contains("'__gc' is not available"), "{err}");
}

#[test]
fn a_close_handler_cannot_be_set() {
    let err = load_error(
        "close",
        "do\n  local x <close> = setmetatable({}, {__close = function() while true do end end})\n  while true do end\nend\n",
    );
    assert!(err.contains("probe.lua:2") && err.contains("'__close' is not available"), "{err}");
}

#[test]
fn a_close_handler_added_to_the_metatable_later_is_not_called() {
    // The object got a copy of the metamethods when its metatable was set.
    let err = load_error(
        "close-later",
        "local mt = {}\nlocal x = setmetatable({}, mt)\nmt.__close = function() while true do end end\ndo\n  local y <close> = x\n  while true do end\nend\n",
    );
    assert!(err.contains("probe.lua:5") && err.contains("non-closable"), "{err}");
}

#[test]
fn weak_tables_cannot_be_made() {
    let err = load_error("mode", "local cache = setmetatable({}, {__mode = 'k'})\n");
    assert!(err.contains("probe.lua:1") && err.contains("'__mode' is not available"), "{err}");
}

#[test]
fn an_endless_hook_names_the_hook_and_the_line() {
    let mut g = game_with("endless", "on('company_sold', function(game)\n  local n = 0\n  while true do n = n + 1 end\nend)\n").unwrap();
    let before = g.digest();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("handler of 'company_sold'") && err.contains("probe.lua:3"), "{err}");
    assert!(err.contains("instructions in one call"), "{err}");
    assert_eq!(g.digest(), before, "a failed action changed the state");
}

#[test]
fn pcall_cannot_catch_a_spent_budget() {
    let probe = "on('company_sold', function(game)\n  while true do\n    pcall(function() while true do end end)\n  end\nend)\n";
    let mut g = game_with("pcall", probe).unwrap();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("instructions in one call") && err.contains("probe.lua:3"), "{err}");
    let probe = "on('company_sold', function(game)\n  local ok = xpcall(function() while true do end end, function(e) return e end)\n  game:log('caught: ' .. tostring(ok))\nend)\n";
    let mut g = game_with("xpcall", probe).unwrap();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("instructions in one call"), "{err}");
    assert!(!g.log.iter().any(|l| l.starts_with("caught")), "the script went on after its budget ran out");
}

#[test]
fn the_calls_of_one_action_share_a_budget() {
    // Each handler stays under the per-call budget, but the action's
    // handlers together pass the action's.
    // An empty numeric `for` runs one instruction a turn.
    use railhead::limits::{SCRIPT_INSTRUCTIONS_PER_ACTION as ACTION, SCRIPT_INSTRUCTIONS_PER_CALL as CALL};
    let turns = CALL * 9 / 10;
    assert!(3 * turns > ACTION && 2 * turns + 10_000 < ACTION, "the test assumes two calls fit an action and three do not");
    let one = format!("on('company_sold', function(game)\n  for i = 1, {turns} do end\nend)\n");
    let mut g = game_with("per-action", &one.repeat(3)).unwrap();
    let before = g.digest();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("handler of 'company_sold'") && err.contains("for one action"), "{err}");
    assert_eq!(g.digest(), before);
    // Two of them fit.
    let mut g = game_with("per-action-fits", &one.repeat(2)).unwrap();
    sell_a_company(&mut g).unwrap();
}

#[test]
fn memory_errors_say_where_the_script_was() {
    let probe = "on('company_sold', function(game)\n  local s = 'x'\n  for i = 1, 40 do s = s .. s end\nend)\n";
    let mut g = game_with("memory", probe).unwrap();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("MiB of memory") && err.contains("probe.lua:1") && err.contains("in the function starting here"), "{err}");
    // Where the hook saw it last, when it fired.
    let probe = "on('company_sold', function(game)\n  local t = {}\n  for i = 1, 1e5 do t[i] = i end\n  local s = 'x'\n  for i = 1, 40 do s = s .. s end\nend)\n";
    let mut g = game_with("memory-seen", probe).unwrap();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("MiB of memory") && err.contains("probe.lua:3") && err.contains("shortly after"), "{err}");
    let probe = "on('company_sold', function(game)\n  local t = {}\n  while true do pcall(function() local s = 'x' for i = 1, 40 do s = s .. s end end) end\nend)\n";
    let mut g = game_with("memory-pcall", probe).unwrap();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("MiB of memory") || err.contains("instructions"), "{err}");
}

// ------------------------------------------- no state outside the game

#[test]
fn a_counter_kept_between_calls_is_refused_at_load() {
    let probe = "local n = 0\non('company_sold', function(g, ev)\n  n = n + 1\n  g:transfer('bank', ev.player, n * 100)\nend)\n";
    let err = load_error("counter", probe);
    assert!(err.contains("probe.lua:3") && err.contains("'n' is assigned here but lives on between calls"), "{err}");
}

#[test]
fn a_counter_in_a_table_is_refused_when_it_changes() {
    let probe = "local state = { n = 0 }\non('company_sold', function(g, ev)\n  state.n = state.n + 1\n  g:transfer('bank', ev.player, state.n * 100)\nend)\n";
    let mut g = game_with("table-counter", probe).unwrap();
    let before = g.digest();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("probe.lua:3") && err.contains("cannot set field 'n'"), "{err}");
    assert_eq!(g.digest(), before);
}

#[test]
fn globals_cannot_be_changed_by_any_route() {
    for (name, code) in [
        ("rawset", "rawset(_G, 'x', 1)"),
        ("unprotect", "setmetatable(_G, nil)"),
        ("newglobal", "x = 1"),
        ("stringmeta", "getmetatable('').__index.upper = function() return 'hacked' end"),
        ("stringlib", "string.upper = function() return 'hacked' end"),
        ("library", "table.insert = nil"),
    ] {
        let probe = format!("on('company_sold', function(game)\n  {code}\nend)\n");
        let mut g = game_with(name, &probe).unwrap();
        let err = sell_a_company(&mut g).unwrap_err();
        assert!(err.contains("probe.lua:2"), "{name}: {err}");
    }
}

#[test]
fn registering_is_only_for_loading() {
    let probe = "on('company_sold', function(game)\n  on('share_bought', function() end)\nend)\n";
    let mut g = game_with("late-on", probe).unwrap();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("probe.lua:2") && err.contains("registered while the title's scripts load"), "{err}");
}

#[test]
fn tables_made_while_loading_still_read_as_before() {
    // Frozen tables: fields, length, ipairs, pairs, next, rawget, rawlen,
    // methods through a metatable, and handed to Rust (a hook's result).
    let probe = r#"
local ORDER = { "A", "B", "C", "D" }
local PRICES = { low = 1, high = 2 }
local Class = {}
Class.__index = Class
function Class.new(v) return setmetatable({ v = v }, Class) end
function Class:double() return self.v * 2 end
local proto = Class.new(21)
hook('player_order', function(game) return ORDER end)
on('company_sold', function(game)
  local seen = {}
  for k, v in pairs(PRICES) do seen[#seen + 1] = k .. "=" .. v end
  for i, v in ipairs(ORDER) do seen[#seen + 1] = i .. v end
  seen[#seen + 1] = tostring(#ORDER) .. tostring(rawlen(ORDER)) .. tostring(rawget(PRICES, "low"))
  seen[#seen + 1] = tostring(next(PRICES)) .. tostring(proto:double()) .. tostring(Class.new(5):double())
  seen[#seen + 1] = tostring(getmetatable(proto) == Class) .. tostring(getmetatable(ORDER))
  game:log(table.concat(seen, " "))
end)
"#;
    let mut g = game_with("reads", probe).unwrap();
    sell_a_company(&mut g).unwrap();
    let line = g.log.iter().find(|l| l.starts_with("high=")).cloned().unwrap_or_default();
    assert_eq!(line, "high=2 low=1 1A 2B 3C 4D 441 high4210 truenil");
}

#[test]
fn props_tables_read_as_before_and_cannot_be_changed() {
    // Props tables are built once per scripts' state and handed to every
    // call that asks (`freeze::seal`): each reads as a plain table, and a
    // write, which the next call would otherwise see, is refused.
    let probe = r#"
on('company_sold', function(game)
  local p = game:props()
  local seen = { p.token_rights.rule, tostring(p.token_rights.consent), tostring(#p.import_18xx.options_on) }
  for i, v in ipairs(p.import_18xx.options_on) do seen[#seen + 1] = i .. v end
  local keys = {}
  for k in pairs(p.bonds) do keys[#keys + 1] = k end
  table.sort(keys)
  seen[#seen + 1] = table.concat(keys, ",")
  seen[#seen + 1] = tostring(game:props() == p) .. tostring(rawget(p.bonds, "issue_rule"))
  local ok, err = pcall(function() p.bonds.issue_rule = "changed" end)
  seen[#seen + 1] = tostring(ok) .. " " .. tostring(err):match("cannot set field '[%w_]+'") .. " " .. p.bonds.issue_rule
  game:log(table.concat(seen, " "))
end)
"#;
    let mut g = game_with("props", probe).unwrap();
    sell_a_company(&mut g).unwrap();
    let line = g.log.iter().find(|l| l.starts_with("1849-R-184")).cloned().unwrap_or_default();
    assert_eq!(line, "1849-R-184 true 2 1website_scoring 2p2_standard_only issue_from_phase,issue_rule true1849-R-185 false cannot set field 'issue_rule' 1849-R-185");

    let probe = "on('company_sold', function(game, ev)\n  game:company_field(ev.company, 'props').bonus = 1\nend)\n";
    let mut g = game_with("props-write", probe).unwrap();
    let before = g.digest();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("probe.lua:2") && err.contains("cannot set field 'bonus'") && err.contains("props are read-only"), "{err}");
    assert_eq!(g.digest(), before);
}

#[test]
fn pairs_visits_keys_in_a_fixed_order() {
    let probe = "on('company_sold', function(game)\n  local t = { zeta = 1, alpha = 2, [3] = 3, [1] = 4, [2.5] = 5, [true] = 6, beta = 7 }\n  local ks = {}\n  for k in pairs(t) do ks[#ks + 1] = tostring(k) end\n  game:log(table.concat(ks, ','))\nend)\n";
    let mut g = game_with("order", probe).unwrap();
    sell_a_company(&mut g).unwrap();
    assert!(g.log.iter().any(|l| l == "1,2.5,3,alpha,beta,zeta,true"), "{:?}", g.log);
    let probe = "on('company_sold', function(game)\n  for k in pairs({ [{}] = 1 }) do end\nend)\n";
    let mut g = game_with("order-table-key", probe).unwrap();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("probe.lua:2") && err.contains("no order that a replay would repeat"), "{err}");
}

#[test]
fn the_repl_lua_command_keeps_nothing() {
    let mut g = game_with("repl", "").unwrap();
    let mut st = g.state.clone();
    let mut fx = Default::default();
    let defined = g.host.eval("function f() return 1 end", &mut st, &mut fx);
    assert!(defined.is_ok(), "{defined:?}");
    let err = g.host.eval("f()", &mut st, &mut fx).unwrap_err().to_string();
    assert!(err.contains("unknown global 'f'"), "{err}");
    let err = g.host.eval("on('company_sold', function(game) game:transfer('bank', 'A', 1000) end)", &mut st, &mut fx).unwrap_err().to_string();
    assert!(err.contains("registered while the title's scripts load"), "{err}");
    let before = g.total_money();
    sell_a_company(&mut g).unwrap();
    assert_eq!(g.total_money(), before);
}

// ------------------------------------------------------ error messages

#[test]
fn errors_without_a_message_still_say_where() {
    for (name, code, says) in [
        ("nil", "error(nil)", "error(nil)"),
        ("table", "error({})", "a table instead of a message"),
        ("tostring", "error(setmetatable({}, { __tostring = function() error('inner') end }))", "probe.lua:2"),
    ] {
        let probe = format!("on('company_sold', function(game)\n  {code}\nend)\n");
        let mut g = game_with(name, &probe).unwrap();
        let err = sell_a_company(&mut g).unwrap_err();
        assert!(err.contains("probe.lua:2") && err.contains(says) && err.contains("handler of 'company_sold'"), "{name}: {err}");
        assert!(!err.contains("0x"), "{name}: an address in the message: {err}");
    }
}

// ------------------------------------------- library work done in C

#[test]
fn library_calls_that_loop_in_c_are_bounded() {
    for (name, code) in [
        ("backtrack", "string.find(string.rep('a', 30), ('a*'):rep(12) .. 'b')"),
        ("move", "table.move({1}, 1, 1e9, 2)"),
        ("remove-len", "table.remove(setmetatable({}, {__len = function() return math.maxinteger end}), 1)"),
        ("upper-loop", "local s = string.rep('x', 1000000) for i = 1, 1e9 do s:upper() end"),
    ] {
        let probe = format!("on('company_sold', function(game)\n  {code}\nend)\n");
        let mut g = game_with(name, &probe).unwrap();
        let before = g.digest();
        let err = sell_a_company(&mut g).expect_err(name);
        assert!(err.contains("instructions in one call") && err.contains("probe.lua:2"), "{name}: {err}");
        assert_eq!(g.digest(), before, "{name}");
    }
    // Nothing to repeat: done at once, as nothing is built.
    let probe = "on('company_sold', function(game)\n  game:log('[' .. string.rep('', math.maxinteger) .. ']')\nend)\n";
    let mut g = game_with("rep-empty", probe).unwrap();
    sell_a_company(&mut g).unwrap();
    assert!(g.log.iter().any(|l| l == "[]"));
}

#[test]
fn long_string_work_the_count_cannot_see_is_stopped_by_the_clock() {
    // Each join copies 4 MB in one VM instruction.
    let probe = "on('company_sold', function(game)\n  local s = 'x'\n  for i = 1, 22 do s = s .. s end\n  for i = 1, 1e9 do local t = s .. i end\nend)\n";
    let mut g = game_with("long-strings", probe).unwrap();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("s in one call") && err.contains("probe.lua:4"), "{err}");
}

#[test]
fn sorting_keeps_equal_elements_in_order() {
    // Lua's quicksort picks pivots from the clock for long arrays, so equal
    // elements could end in another order in a replay.
    let probe = "on('company_sold', function(game)\n  local t = {}\n  for i = 1, 300 do t[i] = { key = i % 3, at = i } end\n  table.sort(t, function(a, b) return a.key < b.key end)\n  for i = 2, #t do\n    if t[i - 1].key == t[i].key and t[i - 1].at > t[i].at then error('unstable at ' .. i) end\n  end\n  game:log('sorted')\nend)\n";
    let mut g = game_with("sort", probe).unwrap();
    sell_a_company(&mut g).unwrap();
    assert!(g.log.iter().any(|l| l == "sorted"));
}

// ------------------------------------------------------ wrong answers

/// What a hook answers is read strictly: an answer of the wrong type is the
/// script's error naming the hook and what was expected, never read as the
/// core's default, and the action it came up in changes nothing.
#[test]
fn an_answer_of_the_wrong_type_is_an_error_naming_the_hook() {
    let probe = "hook('game_end_check', function(game) if game:var('armed') then return 42 end end)\n\
                 on('company_sold', function(game) game:set_var('armed', true) end)\n";
    let mut g = game_with("wrong-answer", probe).expect("the game starts");
    let before = g.digest();
    let err = sell_a_company(&mut g).unwrap_err();
    assert!(err.contains("hook 'game_end_check'") && err.contains("returned a number where a string was expected"), "{err}");
    assert_eq!(g.digest(), before, "the refused action changed the game");
}

#[test]
fn a_refusal_whose_message_is_not_text_is_an_error() {
    use railhead::game::rules::TitleRules;
    let probe = "hook('can_sell', function() return false, {} end)\n";
    let g = game_with("wrong-refusal", probe).expect("the game starts");
    let (mut st, mut fx) = (g.state.clone(), railhead::game::ops::Effects::default());
    let err = g.host.check("can_sell", &mut st, &mut fx, railhead::args!["A", "SFA", 10]).unwrap_err().to_string();
    assert!(err.contains("hook 'can_sell'") && err.contains("a table (value 2) where a string was expected"), "{err}");
}

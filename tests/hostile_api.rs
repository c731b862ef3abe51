//! A title script is untrusted code (issue 15): nothing it does through
//! the `game` API may panic the host, overflow the money arithmetic,
//! exhaust memory or leave a game that cannot continue. Each call below is
//! refused with an error naming what was wrong (and the bound, from
//! `railhead::limits`, that it broke), and a refused call changes nothing.
//!
//! The memory tests ask for far more than the bounds allow (gigabytes,
//! had nothing refused them) and check the error, never the time or the
//! memory taken. The sandbox's own probes are in tests/hostile_scripts.rs.

use railhead::game::action::Action;
use railhead::game::flow::RoundData;
use railhead::game::ops::Effects;
use railhead::game::state::GameState;
use railhead::game::var::Var;
use railhead::game::{Game, Setup};
use railhead::limits::MAX_AMOUNT;
use railhead::script::ScriptHost;
use railhead::title::{ScriptFile, Title, TitleSource, load};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

fn with_script(mut t: Title, script: &str) -> Title {
    if !script.is_empty() {
        t.scripts.push(ScriptFile { path: "scripts/hostile.lua".into(), display: "tests/hostile.lua".into(), source: script.into() });
    }
    t
}

fn setup(players: &[&str], values: &[(&str, Var)]) -> Setup {
    Setup {
        players: players.iter().map(|p| p.to_string()).collect(),
        seed: 1,
        options: BTreeMap::new(),
        values: values.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
    }
}

/// A new 1849 game, with `script` loaded after the title's own scripts.
fn game_with(script: &str) -> Game {
    let t = with_script(load::embedded("1849").unwrap(), script);
    Game::new(Arc::new(t), setup(&["A", "B", "C", "D"], &[])).unwrap()
}

/// The test-only boundary title (tests/titles/boundary): two railways,
/// an operating round two actions away, its revenue computed by the
/// `route_bonus` hook of scripts/revenue.lua.
fn boundary() -> Title {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/titles/boundary");
    load::load(&TitleSource::Disk(dir), &BTreeMap::new(), None).unwrap()
}

/// A boundary game whose NRR is in its second operating turn, at the
/// step where its 2-train runs.
fn boundary_at_run(t: Title, values: &[(&str, Var)]) -> Game {
    let mut g = Game::new(Arc::new(t), setup(&["A", "B"], values)).unwrap();
    for cmd in ["par NRR 60", "pass", "pass", "do subsidy amount=40", "train 2", "pass", "pass", "pass", "do subsidy amount=30"] {
        g.act(cmd).unwrap_or_else(|e| panic!("{cmd}: {e}"));
    }
    g
}

/// Runs `code` as a script with the game object `game` on a copy of the
/// game's state: the result or the error, and the state afterwards. Each
/// run has a Lua state of its own: the garbage the previous one left (a
/// million strings) is not collected before a buffer of the next one
/// fails at the memory cap.
fn run(g: &Game, code: &str) -> (Result<String, String>, GameState) {
    let host = ScriptHost::new(g.title.clone()).unwrap();
    let mut st = g.state.clone();
    let mut fx = Effects::default();
    let r = host.eval(code, &mut st, &mut fx).map_err(|e| e.to_string());
    (r, st)
}

/// `code`, one call, must fail with an error containing every one of
/// `words`, and change nothing.
fn refused(g: &Game, code: &str, words: &[&str]) -> String {
    let (err, st) = stopped(g, code, words);
    assert!(st == g.state, "{code} was refused but changed the state");
    err
}

/// `code`, calls that grow something, must be stopped by an error
/// containing every one of `words`; the state it left (what the calls
/// before the refused one did).
fn stopped(g: &Game, code: &str, words: &[&str]) -> (String, GameState) {
    let (r, st) = run(g, code);
    let err = match r {
        Ok(v) => panic!("{code} was accepted ({v})"),
        Err(e) => e,
    };
    for w in words {
        assert!(err.contains(w), "{code}: the error does not say {w:?}: {err}");
    }
    (err, st)
}

/// The first action of the game: a player buys the cheapest company,
/// which sets off the `company_sold` handlers. (Taken from the candidate
/// moves: the legal ones leave out what a failing handler refuses.)
fn buy_a_company(g: &mut Game) -> Result<(), String> {
    let buy = g.candidate_moves().unwrap().into_iter().find(|m| matches!(m.action, Action::BuyCompany { .. })).expect("a company is for sale");
    g.apply(buy.action).map_err(|e| e.to_string())
}

// ------------------------------------------- indices, counts, rotations

/// Laying with `replace` over a city kept no stop mapping and indexed
/// past it (src/tile/upgrade.rs panicked; the scenario runner reported a
/// "C stack overflow").
#[test]
fn a_replacing_lay_over_a_city_is_refused_without_a_panic() {
    let g = game_with("");
    refused(&g, r#"game:lay_tile(nil, "H12", "9", 0, { replace = true, connection = false, phase_colours = false })"#, &["tile 9", "H12", "city"]);
    // A replacing tile that keeps the hex's city is laid, the city's
    // record with it.
    let (r, st) = run(&g, r#"return game:lay_tile(nil, "H12", "644", 0, { replace = true, connection = false, phase_colours = false })"#);
    assert!(r.is_ok(), "{r:?}");
    assert!(st.board.hexes[g.title.map.hex("H12").unwrap() as usize].tile.is_some());
}

#[test]
fn out_of_range_numbers_from_scripts_are_refused_by_name() {
    let g = game_with("");
    for rot in ["6", "300", "-1", "1.5", "'x'"] {
        refused(&g, &format!(r#"game:lay_tile(nil, "G13", "8", {rot}, {{ connection = false }})"#), &["lay_tile: rotation must be"]);
    }
    refused(&g, r#"game:place_token("AFG", "H12", 1)"#, &["place_token: H12 has 1 city", "no city 1"]);
    refused(&g, r#"game:place_token("AFG", "H12", 300)"#, &["place_token", "no city 300"]);
    refused(&g, r#"game:place_token("AFG", "G13", 0)"#, &["place_token", "G13 has no city"]);
    refused(&g, r#"game:set_home("AFG", "H12", 3)"#, &["set_home", "no city 3"]);
    refused(&g, r#"game:set_home("AFG", "H12", -1)"#, &["set_home", "no city -1"]);
    refused(&g, r#"return game:connected("AFG", "H12", "C5", 2)"#, &["connected", "C5", "no city 2"]);
    refused(&g, r#"game:add_stop_bonus("H12", "AFG", 20, 4)"#, &["add_stop_bonus", "no stop 4"]);
    refused(&g, r#"game:set_stop_revenue("H12", { 20 }, 4)"#, &["set_stop_revenue", "no stop 4"]);
    refused(&g, r#"game:move_certificate("AFG", 70000, "pool")"#, &["move_certificate", "no certificate 70000"]);
    refused(&g, r#"game:move_certificate("AFG", -1, "pool")"#, &["move_certificate", "no certificate -1"]);
    refused(&g, r#"game:set_price("AFG", 300, 0)"#, &["set_price", "row 300"]);
    refused(&g, r#"game:set_price("AFG", 0, -1)"#, &["set_price", "column -1"]);
    refused(&g, r#"game:move_price("AFG", "up", -1)"#, &["move_price: n must be 0 to", "MAX_COUNT"]);
    refused(&g, r#"game:set_cert_limit(-1)"#, &["set_cert_limit: n must be 0 to"]);
    refused(&g, r#"game:set_cert_limit(2^40)"#, &["set_cert_limit: n must be 0 to"]);
    refused(&g, r#"game:remove_trains("2H", -1)"#, &["remove_trains: n must be 0 to"]);
    refused(&g, r#"return game:random(-1)"#, &["random: n must be 1 to"]);
    refused(&g, r#"game:ask_par("AFG", "A", { 100 }, -1)"#, &["ask_par: capital must be 0 to"]);
    // Reverting a tile would leave a token off the board yet placed.
    let (r, st) = run(&g, r#"game:lay_tile(nil, "H12", "660", 0, { replace = true, connection = false, phase_colours = false })
                             game:place_token("IFT", "H12") game:place_token("AFG", "H12")"#);
    assert!(r.is_ok(), "{r:?}");
    let two_tokens = Game { state: st, ..game_with("") };
    refused(&two_tokens, r#"game:revert_tile("H12")"#, &["printed tile of H12", "room for 1 of the 2 tokens", "remove them first"]);
    // In range, they work.
    let (r, _) = run(&g, r#"return game:random(6), game:connected("AFG", "H12", "C5", 0)"#);
    assert!(r.is_ok(), "{r:?}");
}

// ------------------------------------------------------------- money

#[test]
fn amounts_from_scripts_are_bounded_and_a_refused_transfer_changes_nothing() {
    let g = game_with("");
    refused(&g, r#"game:transfer("bank", "A", math.maxinteger)"#, &["transfer: amount must be 0 to", "MAX_AMOUNT"]);
    refused(&g, r#"game:transfer("A", "bank", -5)"#, &["transfer: amount must be 0 to"]);
    refused(&g, r#"game:transfer("bank", "A", 2^70)"#, &["transfer: amount must be a whole number"]);
    // Amounts within the bound, but a purse past it.
    stopped(&g, r#"for i = 1, 20 do game:transfer("bank", "A", 1000000000000) end"#, &["A would hold", "MAX_AMOUNT"]);
    refused(&g, r#"game:add_debt("A", math.maxinteger)"#, &["add_debt: amount must be", "MAX_AMOUNT"]);
    stopped(&g, r#"game:add_debt("A", 1000000000000) game:add_debt("A", 1)"#, &["add_debt: A owes 1000000000000", "MAX_AMOUNT"]);
    refused(&g, r#"game:add_debt("A", -1)"#, &["add_debt: A owes 0", "-1"]);
    refused(&g, r#"game:take_loan("A", -500)"#, &["take_loan: amount must be 0 to"]);
    refused(&g, r#"game:raise_money("A", "bank", math.mininteger, "h")"#, &["raise_money: amount must be 0 to"]);
    refused(&g, r#"game:add_stop_bonus("H12", "AFG", math.mininteger)"#, &["add_stop_bonus: amount must be", "MAX_AMOUNT"]);
    refused(&g, r#"game:set_stop_revenue("H12", { 10, math.maxinteger })"#, &["set_stop_revenue: a value must be", "MAX_AMOUNT"]);
    refused(&g, r#"game:set_tokens("AFG", { 0, -40 })"#, &["set_tokens: a token's cost must be 0 to"]);
    refused(&g, r#"game:start_corporation("AFG", math.maxinteger, "A")"#, &["start_corporation: price must be 0 to"]);
    refused(&g, r#"game:set_floated("AFG", -100)"#, &["set_floated: par must be 0 to"]);

    // A script catching every refusal still moves no money out of thin
    // air: the payments that were made are conserved, the others refused.
    let (r, st) = run(&g, r#"for i = 1, 100 do pcall(game.transfer, game, "bank", "A", 1000000000000) end"#);
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(st.total_money(), g.state.total_money());
    assert!(st.players[0].cash <= MAX_AMOUNT && st.bank >= -MAX_AMOUNT, "A {} bank {}", st.players[0].cash, st.bank);
}

/// A handler that pays out more than anything may hold fails its action,
/// and the game is as it was.
#[test]
fn a_refused_payment_in_a_handler_refuses_the_action() {
    let mut g = game_with(r#"on("company_sold", function(game, ev) game:transfer("bank", ev.player, math.maxinteger) end)"#);
    let before = g.digest();
    let money = g.total_money();
    let err = buy_a_company(&mut g).unwrap_err();
    assert!(err.contains("handler of 'company_sold'") && err.contains("MAX_AMOUNT"), "{err}");
    assert_eq!(g.digest(), before);
    assert_eq!(g.total_money(), money);
}

/// Each handler gets the event's table as it declares it: its own table
/// (a change one makes is not seen by the next), none for
/// `function(game)` (which still runs), and the table among `...` for a
/// variadic one.
#[test]
fn handlers_get_the_event_table_as_they_declare_it() {
    let mut g = game_with(
        r##"on("company_sold", function(game, ev) game:set_var("seen.two", ev.player) ev.player = "changed" end)
on("company_sold", function(game) game:set_var("seen.one", true) end)
on("company_sold", function(...) local game, ev = ... game:set_var("seen.vararg", ev.player) end)"##,
    );
    buy_a_company(&mut g).unwrap();
    let var = |k: &str| g.state.vars.get(k).cloned();
    let Some(Var::Str(buyer)) = var("seen.two") else { panic!("the two-parameter handler read no player: {:?}", var("seen.two")) };
    assert_ne!(buyer, "changed");
    assert_eq!(var("seen.vararg"), Some(Var::Str(buyer)), "the variadic handler got its own table");
    assert_eq!(var("seen.one"), Some(Var::Bool(true)), "the handler without the table runs");
}

/// What hooks return as money is within the bound too: `math.mininteger`
/// from `route_bonus` or `run_bonus` wrapped the run's revenue round into
/// a "negative payment".
#[test]
fn amounts_from_hooks_beyond_the_bound_are_script_errors() {
    // run_bonus: the run is refused, naming the hook.
    // (The boundary's own run_bonus gives `setup.run_bonus` to a run with
    // routes: scripts/hooks.lua.)
    let t = boundary();
    for bonus in [i64::MIN, i64::MAX, MAX_AMOUNT + 1] {
        let mut g = boundary_at_run(t.clone(), &[("run_bonus", Var::Int(bonus))]);
        let before = g.digest();
        let err = g.act("run auto").unwrap_err();
        assert!(err.contains("run_bonus") && err.contains(&bonus.to_string()) && err.contains("MAX_AMOUNT"), "{err}");
        assert_eq!(g.digest(), before);
    }
    // A run_bonus within the bound that makes the revenue negative.
    let mut g = boundary_at_run(t.clone(), &[("run_bonus", Var::Int(-1000))]);
    let err = g.act("run auto").unwrap_err();
    assert!(err.contains("cannot be negative"), "{err}");
    // A run_bonus within the bound is paid.
    let mut g = boundary_at_run(t, &[("run_bonus", Var::Int(5))]);
    g.act("run auto").unwrap();
    let RoundData::Operating(o) = &g.state.flow.round.data else { panic!("not in an operating round") };
    assert_eq!(o.turn.revenue, Some(25));

    // route_bonus, for the searched run and for declared routes.
    let mut t = boundary();
    let revenue = t.scripts.iter_mut().find(|s| s.path.ends_with("revenue.lua")).unwrap();
    revenue.source = r#"hook("route_bonus", function(game, corp, train, stops) return game:var("setup.route_bonus") end)"#.into();
    for cmd in ["run auto", "run 2-0:A1-C1"] {
        let mut g = boundary_at_run(t.clone(), &[("route_bonus", Var::Int(i64::MIN))]);
        let before = g.digest();
        let err = g.act(cmd).unwrap_err();
        assert!(err.contains("route_bonus") && err.contains("MAX_AMOUNT"), "{cmd}: {err}");
        assert_eq!(g.digest(), before);
    }

    // player_value: the game ends at once (game_end_check), and its final
    // values are read from the hook.
    // (The boundary's own game_end_check ends it when the bank holds
    // less than `setup.end_below`: scripts/hooks.lua.)
    let t = with_script(boundary(), r#"hook("player_value", function(game, player, value) return math.mininteger end)"#);
    let err = Game::new(Arc::new(t), setup(&["A", "B"], &[("end_below", Var::Int(MAX_AMOUNT))])).err().expect("the final value is refused").to_string();
    assert!(err.contains("player_value") && err.contains("MAX_AMOUNT"), "{err}");

    // par_prices: no starting price beyond the bound is offered.
    // (The boundary's own par_prices offers `setup.par_prices`.)
    let mut g = Game::new(Arc::new(boundary()), setup(&["A", "B"], &[("par_prices", Var::List(vec![Var::Int(60), Var::Int(i64::MAX)]))])).unwrap();
    let err = g.act("par NRR 60").unwrap_err();
    assert!(err.contains("par_prices") && err.contains("MAX_AMOUNT"), "{err}");
}

// --------------------------------------------------------- questions

/// A question with no answer, or whose answer no handler hears, would
/// leave the game with no legal move.
#[test]
fn questions_that_cannot_be_answered_are_refused() {
    let g = game_with(r#"ability("h", { choose = function(game, who, choice, data) end })"#);
    refused(&g, r#"game:ask("A", "q?", {}, "h")"#, &["ask: a question needs at least one answer"]);
    refused(&g, r#"game:ask("A", "q?", { "yes" }, "x")"#, &["ask: no handler answers", "ability(\"x\""]);
    refused(&g, r#"game:ask("A", "q?", { "" }, "h")"#, &["ask: the answer \"\" cannot be typed"]);
    refused(&g, r#"game:ask("A", "q?", { " yes" }, "h")"#, &["cannot be typed"]);
    refused(&g, r#"game:ask_par("AFG", "A", {})"#, &["ask_par: give at least one starting price"]);
    refused(&g, r#"game:ask_par("AFG", "A", { 55 })"#, &["ask_par: L. 55 is not a starting value on the market"]);
    refused(&g, r#"game:raise_money("A", "bank", 100000, "x")"#, &["raise_money: no ability \"x\""]);
    // A question that can be answered is asked; the game waits for it.
    let (r, st) = run(&g, r#"game:ask("A", "q?", { "yes", "no" }, "h") game:ask_par("AFG", "B", { 68, 100 }, 2)"#);
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(st.flow.pending.len(), 2);
    // Paid at once, a payment needs no handler.
    let (r, _) = run(&g, r#"return game:raise_money("A", "bank", 10, "x")"#);
    assert_eq!(r, Ok("true".to_string()));
}

// ------------------------------------------------------------ memory

/// The issue's own probe: 150 values of 10 MB each (3.3 GB before). The
/// 10 MB string is built 1 KB at a time here: ten million one-byte copies
/// (`string.rep("x", 10*1024*1024)`) are more than one call's instruction
/// budget on their own, so the probe as written stops before any `set_var`.
#[test]
fn vars_are_bounded_one_by_one_and_all_together() {
    let mut g = game_with(r#"on("company_sold", function(game) local s = string.rep(string.rep("x", 1024), 10*1024) for i = 1, 150 do game:set_var("k" .. i, s) end end)"#);
    let before = g.digest();
    let err = buy_a_company(&mut g).unwrap_err();
    assert!(err.contains("set_var") && err.contains("MAX_VAR_BYTES"), "{err}");
    assert_eq!(g.digest(), before);
    // Each value under its bound, 20,000 of them: 4 GB had nothing refused them.
    let g = game_with("");
    stopped(&g, r#"local s = string.rep("x", 200 * 1024) for i = 1, 20000 do game:set_var("k" .. i, s) end"#, &["set_var", "MAX_VARS_BYTES"]);
    refused(&g, r#"local t = {} for i = 1, 100000 do t[i] = "abcdefgh" end game:set_var("k", t)"#, &["set_var", "MAX_VAR_BYTES"]);
    refused(&g, r#"game:set_var(string.rep("k", 1000), 1)"#, &["set_var: the key is 1000 bytes long", "MAX_NAME_BYTES"]);
    // Turn vars likewise.
    let g = boundary_at_run(boundary(), &[]);
    stopped(&g, r#"local s = string.rep("x", 200 * 1024) for i = 1, 20000 do game:set_turn_var("k" .. i, s) end"#, &["set_turn_var", "MAX_VARS_BYTES"]);
    stopped(&g, r#"for i = 1, 1000000 do game:finish_step("step " .. i) end"#, &["finish_step", "MAX_DONE_STEPS"]);
}

/// `game:log(s)` in a loop reached 8.2 GB.
#[test]
fn the_log_is_bounded_per_line_and_per_action() {
    let mut g = game_with(r#"on("company_sold", function(game) local s = string.rep(string.rep("x", 1024), 10*1024) for i = 1, 1000 do game:log(s) end end)"#);
    let before = g.digest();
    let err = buy_a_company(&mut g).unwrap_err();
    assert!(err.contains("log: the line is 10485760 bytes long") && err.contains("MAX_TEXT_BYTES"), "{err}");
    assert_eq!(g.digest(), before);
    // Lines of 4 KB, a million of them: 4 GB.
    let g = game_with("");
    stopped(&g, r#"local s = string.rep("x", 4096) for i = 1, 1000000 do game:log(s) end"#, &["log", "MAX_LOG_BYTES"]);
    stopped(&g, r#"for i = 1, 1000000 do game:log("x") end"#, &["MAX_LOG_LINES"]);
    // Lines the engine writes for a script count too.
    stopped(&g, r#"game:add_debt("A", 100000000000) for i = 1, 1000000 do game:transfer("bank", "A", 1) end"#, &["MAX_LOG_LINES"]);
}

#[test]
fn everything_else_a_script_stores_or_grows_is_bounded() {
    let g = game_with(r#"ability("h", { choose = function(game, who, choice, data) end })"#);
    let big = r#"local s = string.rep(string.rep("x", 1024), 10*1024) "#;
    // Questions: their number, prompt, answers and data (a million
    // questions of a thousand answers: 30 GB).
    stopped(&g, r#"local c = {} for i = 1, 1000 do c[i] = "answer" .. i end for i = 1, 1000000 do game:ask("A", "q?", c, "h") end"#, &["ask", "MAX_PENDING"]);
    stopped(&g, r#"for i = 1, 1000000 do game:ask_par("AFG", "A", { 100 }) end"#, &["ask_par", "MAX_PENDING"]);
    stopped(&g, r#"for i = 1, 1000000 do game:raise_money("A", "bank", 100000, "h") end"#, &["raise_money", "MAX_PENDING"]);
    refused(&g, &format!(r#"{big} game:ask("A", s, {{ "yes" }}, "h")"#), &["ask: the prompt is 10485760 bytes long", "MAX_TEXT_BYTES"]);
    refused(&g, r#"local c = {} for i = 1, 100000 do c[i] = "a" .. i end game:ask("A", "q?", c, "h")"#, &["ask: 100000 answers", "MAX_CHOICES"]);
    refused(&g, &format!(r#"{big} game:ask("A", "q?", {{ s }}, "h")"#), &["ask: the answer is", "MAX_NAME_BYTES"]);
    refused(&g, &format!(r#"{big} game:ask("A", "q?", {{ "yes" }}, "h", {{ s }})"#), &["ask: the handler's data", "MAX_VAR_BYTES"]);
    refused(&g, &format!(r#"{big} game:ask("A", "q?", {{ "yes" }}, "h", s)"#), &["ask: the handler's data", "MAX_VAR_BYTES"]);
    refused(&g, r#"local p = {} for i = 1, 100000 do p[i] = 100 end game:ask_par("AFG", "A", p)"#, &["ask_par", "MAX_CHOICES"]);
    // The board: markers, stop bonuses, stop values, locks.
    stopped(&g, r#"for i = 1, 20000 do game:add_marker("H12", "tag" .. i) end"#, &["add_marker", "MAX_MARKERS"]);
    refused(&g, &format!(r#"{big} game:add_marker("H12", s)"#), &["add_marker: the tag is", "MAX_NAME_BYTES"]);
    stopped(&g, r#"for i = 1, 1000000 do game:add_stop_bonus("H12", "AFG", 10) end"#, &["add_stop_bonus", "MAX_STOP_BONUSES"]);
    refused(&g, r#"local v = {} for i = 1, 100000 do v[i] = 10 end game:set_stop_revenue("H12", v)"#, &["set_stop_revenue", "MAX_REVENUE_BANDS"]);
    refused(&g, r#"game:set_stop_revenue("H12", {})"#, &["set_stop_revenue: give 1 to"]);
    refused(&g, &format!(r#"{big} game:lock_hex("H12", s)"#), &["lock_hex: the reason is", "MAX_TEXT_BYTES"]);
    // Corporations' tokens, the game's end.
    refused(&g, r#"local c = {} for i = 1, 100000 do c[i] = 40 end game:set_tokens("AFG", c)"#, &["set_tokens", "MAX_TOKENS"]);
    refused(&g, &format!(r#"{big} game:end_game(s)"#), &["end_game: the reason is", "MAX_TEXT_BYTES"]);
    refused(&g, &format!(r#"{big} game:set_end_trigger("end_of_set", s)"#), &["set_end_trigger: the reason is", "MAX_TEXT_BYTES"]);
    // Events waiting for their handlers: 4 KB each, by the million.
    stopped(&g, r#"local s = string.rep("x", 4096) for i = 1, 1000000 do game:end_game(s) end"#, &["end_game", "MAX_EVENTS"]);
    // Asking for a home again while it is asked asks nothing more.
    let (r, st) = run(&g, r#"game:transfer("bank", "AFG", 1000) game:start_corporation("AFG", 100, "A", true) for i = 1, 1000 do game:place_home("AFG") end"#);
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(st.flow.pending.len(), 1);
}

/// Trains of an unlimited class are made as they are given: their number
/// is bounded.
#[test]
fn trains_made_for_scripts_are_bounded() {
    let mut t = load::embedded("1849").unwrap();
    let last = t.trains.len() - 1;
    t.trains[last].count = -1;
    let class = t.trains[last].name.clone();
    let g = Game::new(Arc::new(t), setup(&["A", "B", "C", "D"], &[])).unwrap();
    stopped(&g, &format!(r#"for i = 1, 20000 do game:give_train("{class}", "pool") end"#), &["give_train", "MAX_TRAINS"]);
}


// ------------------------------------------- investors and conversions

/// A boundary game where A has started NRR (its president's certificate
/// is index 0) and it is B's stock turn.
fn boundary_started() -> Game {
    let mut g = Game::new(Arc::new(boundary()), setup(&["A", "B"], &[])).unwrap();
    g.act("par NRR 60").unwrap();
    g
}

#[test]
fn an_investor_is_refused_the_presidents_certificate_and_unknown_owners_are_named() {
    let g = boundary_started();
    refused(&g, r#"game:move_certificate("NRR", 0, "fund")"#, &["move_certificate", "president's certificate of NRR", "investor fund", "never president"]);
    refused(&g, r#"game:move_certificate("NRR", 1, "dragons")"#, &["'dragons' is neither the bank, a corporation nor a player"]);
    refused(&g, r#"game:investor("dragons")"#, &["no investor 'dragons'", "investors: fund"]);
    // An ordinary certificate goes to the investor; the sum stays 100 %.
    let (r, st) = run(&g, r#"game:move_certificate("NRR", 1, "FUND") return game:corporation_field("NRR", "investor_percent").fund"#);
    assert_eq!(r.as_deref(), Ok("10"), "{r:?}");
    let c = st.corp_index("NRR").unwrap();
    assert_eq!(st.corps[c].certs.iter().map(|x| x.percent as u32).sum::<u32>(), 100);
}

#[test]
fn a_purchase_from_an_investor_the_title_lacks_is_refused_and_changes_nothing() {
    let mut g = boundary_started();
    let before = g.digest();
    let buy = Action::Buy { corp: "NRR".into(), from: railhead::game::action::ShareSource::Investor("dragons".into()), tag: None, cert: None };
    let err = g.apply(buy).unwrap_err().to_string();
    assert!(err.contains("there is no investor \"dragons\""), "{err}");
    assert_eq!(g.digest(), before);
    // The log form of a purchase from an investor: the source by its id.
    let json = serde_json::to_string(&Action::Buy { corp: "NRR".into(), from: railhead::game::action::ShareSource::Investor("fund".into()), tag: None, cert: None }).unwrap();
    assert!(json.contains(r#""from":{"investor":"fund"}"#), "{json}");
    assert_eq!(g.parse_command("buy NRR fund").unwrap().to_string(), "buy NRR fund");
}

#[test]
fn conversions_that_cannot_be_made_are_refused_and_change_nothing() {
    let g = boundary_started();
    refused(&g, r#"game:convert_corporation("NRR", "giant")"#, &["convert_corporation: no corporation kind 'giant'"]);
    refused(&g, r#"game:convert_corporation("NRR", "railway")"#, &["NRR is already of the kind railway"]);
    refused(&g, r#"game:convert_corporation("XYZ", "grand")"#, &["no corporation 'XYZ'"]);
    // A kind with fewer certificates, after a conversion to one with more.
    let (r, st) = run(&g, r#"game:convert_corporation("NRR", "grand") return #game:corporation_field("NRR", "certificates")"#);
    assert_eq!(r.as_deref(), Ok("19"), "{r:?}");
    let mut converted = boundary_started();
    converted.state = st;
    refused(&converted, r#"game:convert_corporation("NRR", "railway")"#, &["NRR has 19 certificates; the kind railway has only 9"]);
}

/// The ability moves listed at the first stock turn of a 1844 game where
/// the player to act holds the tunnel certificates T1 and T2, `build_tunnel` registered again
/// after the title's scripts by `spec` (a Lua table): the listing, or its
/// error, with the shortcuts verified or not.
fn tunnel_moves(spec: &str, verified: bool) -> Result<Vec<String>, String> {
    let script = format!("ability(\"build_tunnel\", {spec})");
    let t = with_script(load::embedded("1844").unwrap(), &script);
    let mut g = Game::new(Arc::new(t), setup(&["A", "B", "C"], &[])).unwrap();
    // Random moves (the auction) up to the first stock turn, where a
    // player's abilities are listed.
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    while g.state.flow.round.name != "stock" || !g.state.flow.pending.is_empty() {
        railhead::fuzz::random_move(&mut g, &mut rng).unwrap();
    }
    let Some(railhead::game::ids::Actor::Player(p)) = g.current_actor() else { panic!("a player acts in a stock round") };
    for id in ["T1", "T2"] {
        let i = g.state.company_index(id).unwrap();
        g.state.companies[i].owner = railhead::game::ids::CompanyOwner::Player(p);
    }
    g.host.verify_guards(verified);
    let moves = g.legal_moves().map_err(|e| e.to_string())?;
    Ok(moves.iter().map(|m| m.action.to_string()).filter(|a| a.contains("build_tunnel")).collect())
}

/// `once = true` (docs/lua-api.md, abilities): an ability whose moves do
/// not depend on the company giving it is asked for the first company
/// only; where shortcuts are verified the others are asked too, and a
/// company offering other moves is a script error naming the ability.
#[test]
fn a_once_ability_is_asked_for_its_first_company_and_verified() {
    let same = r#"{ once = true, actions = function(game, ctx) return { { name = "build_tunnel", args = { hex = "J9" } } } end, process = function() end }"#;
    let per_company = r#"{ once = true, actions = function(game, ctx) return { { name = "build_tunnel", args = { hex = ctx.company } } } end, process = function() end }"#;
    let without = r#"{ actions = function(game, ctx) return { { name = "build_tunnel", args = { hex = ctx.company } } } end, process = function() end }"#;
    assert_eq!(tunnel_moves(same, false).unwrap().len(), 1);
    assert_eq!(tunnel_moves(same, true).unwrap().len(), 1);
    // Unverified, the claim is taken: only T1 is asked.
    assert_eq!(tunnel_moves(per_company, false).unwrap(), ["do build_tunnel hex=T1"]);
    let err = tunnel_moves(per_company, true).unwrap_err();
    for word in ["build_tunnel", "once = true", "T2 offers other moves than T1"] {
        assert!(err.contains(word), "{word:?} missing from: {err}");
    }
    // Without the flag each company is asked, and the second names itself.
    assert_eq!(tunnel_moves(without, true).unwrap(), ["do build_tunnel hex=T1", "do build_tunnel company=T2 hex=T2"]);
}

/// `once` is a flag, and an unbound ability has no companies to ask once.
#[test]
fn a_once_flag_is_checked_at_load() {
    for (spec, words) in [
        (r#"{ once = 1, actions = function() return {} end }"#, &["ability 'build_tunnel'", "`once` is true or false"][..]),
        (r#"{ once = true, unbound = true, actions = function() return {} end }"#, &["`once` is for an ability companies give"][..]),
    ] {
        let t = with_script(load::embedded("1844").unwrap(), &format!("ability(\"build_tunnel\", {spec})"));
        let err = match Game::new(Arc::new(t), setup(&["A", "B", "C"], &[])) {
            Ok(_) => panic!("{spec} loaded"),
            Err(e) => e.to_string(),
        };
        for w in words {
            assert!(err.contains(w), "{w:?} missing from: {err}");
        }
    }
}

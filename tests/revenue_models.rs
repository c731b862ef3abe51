//! A title defines how a corporation earns and pays (issue 17): the
//! `revenue` hook for a title that pays without route search (1865's
//! traffic, 18FB's X+Y), `run_bonus` even where no route runs, and one
//! core call, `game:pay_dividend`, that rounds, pays every holder
//! (corporations that hold shares too) and moves the price.

use railhead::game::flow::RoundData;
use railhead::game::var::Var;
use railhead::game::{Game, Setup};
use railhead::title::{ScriptFile, Title, TitleSource, load};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

fn boundary(script: &str) -> Title {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/titles/boundary");
    let mut t = load::load(&TitleSource::Disk(dir), &BTreeMap::new(), None).unwrap();
    t.scripts.push(ScriptFile { path: "scripts/model.lua".into(), display: "tests/model.lua".into(), source: script.into() });
    t
}

/// Two players, seed 1, with these setup values (the boundary's hooks
/// read some: scripts/hooks.lua).
fn setup(values: &[(&str, Var)]) -> Setup {
    Setup {
        players: vec!["A".into(), "B".into()],
        seed: 1,
        options: BTreeMap::new(),
        values: values.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
    }
}

fn game(t: Title) -> Game {
    Game::new(Arc::new(t), setup(&[])).unwrap()
}

/// A game whose revenue is `amount` each turn: the boundary's own
/// `revenue` hook (scripts/more_hooks.lua) answers `setup.fixed_revenue`.
fn fixed_revenue(t: Title, amount: i64) -> Game {
    Game::new(Arc::new(t), setup(&[("fixed_revenue", Var::Int(amount))])).unwrap()
}

fn play(g: &mut Game, cmds: &[&str]) {
    for cmd in cmds {
        g.act(cmd).unwrap_or_else(|e| panic!("{cmd}: {e}"));
    }
}

fn turn_revenue(g: &Game) -> Option<i64> {
    let RoundData::Operating(o) = &g.state.flow.round.data else { panic!("not in an operating round") };
    o.turn.revenue
}

fn current_step(g: &Game) -> String {
    let RoundData::Operating(o) = &g.state.flow.round.data else { panic!("not in an operating round") };
    let steps = &g.title.flow.round(&g.state.flow.round.name).unwrap().steps;
    steps[o.step].clone()
}

#[test]
fn a_revenue_hook_pays_without_route_search() {
    let t = boundary(
        r#"on("trains_run", function(game, ev) game:set_var("run." .. ev.corp, ev.revenue .. "/" .. #ev.routes) end)"#,
    );
    let mut g = fixed_revenue(t, 70);
    // NRR's first turn: it owns no train, yet it earns what the hook says.
    play(&mut g, &["par NRR 60", "pass", "pass", "do subsidy amount=40"]);
    assert_eq!(turn_revenue(&g), Some(70), "the hook's revenue");
    assert_eq!(current_step(&g), "dividend", "the run step is done by the hook");
    assert!(g.act("run auto").is_err(), "no run is asked for");
    assert_eq!(g.state.vars.get("run.NRR"), Some(&Var::Str("70/0".into())), "trains_run fired with no routes");
    let before = g.state.corps.iter().find(|c| c.id == "NRR").unwrap().cash;
    play(&mut g, &["withhold"]);
    assert_eq!(g.state.corps.iter().find(|c| c.id == "NRR").unwrap().cash, before + 70);
}

#[test]
fn a_revenue_hook_returning_nil_leaves_the_route_search() {
    // The boundary's revenue hook answers nil when no setup value asks.
    let t = boundary("");
    let mut g = game(t);
    play(&mut g, &["par NRR 60", "pass", "pass", "do subsidy amount=40", "train 2", "pass", "pass", "pass", "do subsidy amount=30"]);
    assert_eq!(current_step(&g), "run_routes");
    play(&mut g, &["run auto"]);
    assert_eq!(turn_revenue(&g), Some(20), "the boundary title's own route revenue");
}

#[test]
fn run_bonus_is_paid_even_where_no_route_runs() {
    // Before issue 17 the run step set the revenue to 0 for a corporation
    // with no train, before run_bonus was asked.
    // The boundary's run_bonus gives `setup.idle_bonus` to a railway that
    // runs no route (scripts/hooks.lua).
    let mut g = Game::new(Arc::new(boundary("")), setup(&[("idle_bonus", Var::Int(15))])).unwrap();
    play(&mut g, &["par NRR 60", "pass", "pass", "do subsidy amount=40"]);
    assert_eq!(turn_revenue(&g), Some(15));
    assert_eq!(current_step(&g), "dividend");
}

#[test]
fn pay_dividend_pays_corporations_holding_shares_and_names_the_unit() {
    let t = boundary(
        r#"on("corporation_started", function(game, ev)
             if ev.corp == "NRR" then game:move_certificate("NRR", 1, "SRR") end
           end)"#,
    );
    let mut g = fixed_revenue(t, 100);
    play(&mut g, &["par NRR 60", "pass", "pass", "do subsidy amount=40"]);
    let cash = |g: &Game, id: &str| g.state.corps.iter().find(|c| c.id == id).unwrap().cash;
    let srr = cash(&g, "SRR");
    let a = g.state.players[0].cash;
    play(&mut g, &["payout"]);
    let holder_percent = g.state.corps.iter().find(|c| c.id == "NRR").unwrap().certs.iter().find(|c| c.index == 1).unwrap().percent as i64;
    assert_eq!(cash(&g, "SRR") - srr, holder_percent, "the corporation holding a share is paid its part of 100");
    assert!(g.state.players[0].cash > a);
    let log = g.log.join("\n");
    assert!(log.contains("NRR pays out $100 ($10 per share)"), "{log}");
}

#[test]
fn a_script_pays_through_the_same_call_with_a_move_of_its_own() {
    let t = boundary(
        r#"on("turn_started", function(game, ev)
             if game:var("paid") == nil then
               local before = game:corporation_field(ev.corp, "price")
               local cash = game:corporation_field(ev.corp, "cash")
               game:pay_dividend(ev.corp, "half", 50, "right")
               game:set_var("paid", true)
               game:set_var("moved", game:corporation_field(ev.corp, "price") > before)
               game:set_var("kept", game:corporation_field(ev.corp, "cash") - cash)
             end
           end)"#,
    );
    let mut g = fixed_revenue(t, 0);
    play(&mut g, &["par NRR 60", "pass", "pass"]);
    assert_eq!(g.state.vars.get("moved"), Some(&Var::Bool(true)), "the move given was made");
    // Half of 50 kept, and the treasury's 80 % of the half paid out
    // (the boundary title pays treasury dividends to the corporation).
    assert_eq!(g.state.vars.get("kept"), Some(&Var::Int(25 + 20)));
    // A wrong kind is an error naming the call.
    let err = Game::new(Arc::new(boundary(r#"on("round_started", function(game, ev) game:pay_dividend("NRR", "double", 10) end)"#)), setup(&[]))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(err.contains("pay_dividend") && err.contains("payout, half or withhold"), "{err}");
}

/// 1844's companies are priced per unit of 5, 20 or 25 %: the payout
/// names the unit (before issue 17 it divided by 10 "per share").
#[test]
fn the_payout_names_a_unit_other_than_ten_percent() {
    let mut t = boundary("");
    for k in t.corporation_kinds.iter_mut() {
        k.unit_percent = 20;
    }
    let mut g = fixed_revenue(t, 100);
    play(&mut g, &["par NRR 60", "pass", "pass", "do subsidy amount=40", "payout"]);
    let log = g.log.join("\n");
    assert!(log.contains("NRR pays out $100 ($20 per 20 % share)"), "{log}");
}

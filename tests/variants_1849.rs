//! The 1849 variants (V6 §14: Bonds, Electric Dreams, Token Rights
//! Acquisition) driven through `Game` directly: the Lua rules, the core's
//! debt mechanism they use, atomic refusals, conservation of money and
//! save files. (The scenario tests in titles/1849/tests/ cover the rules
//! one by one with the book's numbers.)

use railhead::game::action::Action;
use railhead::game::engine::Engine;
use railhead::game::flow::PendingKind;
use railhead::game::ids::*;
use railhead::game::ops::{Effects, GameResult, Ops};
use railhead::game::save::SaveFile;
use railhead::game::var::Var;
use railhead::game::{Game, Setup};
use railhead::title::{TitleSource, load};
use std::collections::BTreeMap;
use std::sync::Arc;

const ALL: &[&str] = &["bonds", "acquiring_station_tokens", "electric_dreams"];

/// Three players; C has started RCS with the RSA at L. 68 (home Palermo).
fn game(options: &[&str]) -> Game {
    let source = TitleSource::embedded("1849").unwrap();
    let opts: BTreeMap<String, bool> = options.iter().map(|o| (o.to_string(), true)).collect();
    let title = Arc::new(load::load(&source, &opts, Some(3)).unwrap());
    let order = ["RCS", "AFG", "ATA", "IFT", "SFA", "CTL"].iter().map(|s| Var::Str(s.to_string())).collect();
    let values = BTreeMap::from([("corporation_order".to_string(), Var::List(order))]);
    let setup = Setup { players: vec!["A".into(), "B".into(), "C".into()], seed: 1, options: opts, values };
    let mut g = Game::new(title, setup).unwrap();
    for cmd in ["buy P1", "buy P2", "pass", "buy P3", "buy P4", "buy P5", "par RCS 68"] {
        g.act(cmd).unwrap();
    }
    g
}

/// A change of position outside the rules (as the scenario setters do):
/// primitive operations, then the scripts' reactions.
fn set(g: &mut Game, f: impl FnOnce(&mut Ops) -> GameResult<()>) {
    let mut fx = Effects::default();
    f(&mut Ops::new(&g.title, &mut g.state, &mut fx)).unwrap();
    Engine::new(&g.title, &mut g.state, &mut fx, &*g.host).dispatch().unwrap();
    g.log.append(&mut fx.log);
}

fn phase(g: &mut Game, name: &str) {
    let target = g.title.phase_index(name).unwrap();
    set(g, |ops| {
        while ops.st.phase < target {
            ops.st.phase += 1;
            ops.start_phase()?;
        }
        Ok(())
    });
}

/// Sets a corporation's or player's cash, money coming from or going to the bank.
fn cash(g: &mut Game, who: &str, amount: i64) {
    let p = match g.state.corp_index(who) {
        Some(c) => Purse::Corp(c),
        None => Purse::Player(g.state.player_index(who).unwrap()),
    };
    let have = g.state.cash(p);
    set(g, |ops| if have < amount { ops.transfer(Purse::Bank, p, amount - have) } else { ops.transfer(p, Purse::Bank, have - amount) });
}

fn actor(g: &Game) -> String {
    g.current_actor().map(|a| g.actor_name(a)).unwrap_or_default()
}

fn step(g: &Game) -> Option<String> {
    match &g.state.flow.round.data {
        railhead::game::flow::RoundData::Operating(o) if o.current.is_some() => g.title.flow.round(&g.state.flow.round.name).and_then(|r| r.steps.get(o.step).cloned()),
        _ => None,
    }
}

/// Passes (running and withholding where a pass is no answer) until `corp` is at `name`.
fn advance(g: &mut Game, corp: &str, name: &str) {
    for _ in 0..300 {
        if actor(g) == corp && step(g).as_deref() == Some(name) {
            return;
        }
        let cmd = match step(g).as_deref() {
            Some("run_routes") => "run auto",
            Some("dividend") => "withhold",
            _ => "pass",
        };
        g.act(cmd).unwrap_or_else(|e| panic!("{cmd} by {}: {e}", actor(g)));
    }
    panic!("{corp} never reached {name}");
}

/// Refuses `cmd`, citing `rule`, and leaves the game exactly as it was.
fn refused(g: &mut Game, cmd: &str, rule: &str) {
    let digest = g.digest();
    let err = g.act(cmd).expect_err(cmd);
    assert!(err.contains(rule), "`{cmd}`: {err} (expected {rule})");
    assert_eq!(g.digest(), digest, "refused `{cmd}` changed the game");
}

fn rcs(g: &Game) -> CorpId {
    g.state.corp_index("RCS").unwrap()
}

fn var(g: &Game, key: &str) -> Option<Var> {
    g.state.vars.get(key).cloned()
}

#[test]
fn a_bond_through_issue_interest_by_emergency_and_repayment_at_closure() {
    let mut g = game(&["bonds"]);
    let money = g.total_money();
    phase(&mut g, "8");
    advance(&mut g, "RCS", "issue_bond");
    refused(&mut g, "do repay_bond", "1849-R-185");
    let (treasury, bank) = (g.state.corps[rcs(&g)].cash, g.state.bank);
    g.act("do issue_bond").unwrap();
    assert_eq!(g.state.corps[rcs(&g)].cash, treasury + 500);
    assert_eq!(g.state.bank, bank - 500);
    assert_eq!(var(&g, "bond.RCS"), Some(Var::Bool(true)));

    // Next turn: the treasury has L. 20 for the L. 50 interest; C has L. 10
    // and one more share of RCS to sell.
    let r = rcs(&g);
    set(&mut g, |ops| {
        ops.move_cert(r, 1, CertOwner::Player(2));
        Ok(())
    });
    g.act("pass").unwrap();
    advance(&mut g, "RCS", "issue_shares");
    cash(&mut g, "RCS", 20);
    cash(&mut g, "C", 10);
    g.act("pass").unwrap();
    assert_eq!(actor(&g), "C");
    assert!(matches!(g.state.flow.pending.last().map(|p| &p.kind), Some(PendingKind::RaiseMoney { amount: 30, .. })));
    let moves: Vec<String> = g.legal_moves().unwrap().iter().map(|m| m.action.to_string()).collect();
    assert_eq!(moves, vec!["sell RCS 1"]);
    refused(&mut g, "pass", "1849-R-157");
    let price = railhead::game::market::price_of(&g.title, &g.state, r);
    g.act("sell RCS 1").unwrap();
    assert!(g.state.flow.pending.is_empty());
    assert_eq!(g.state.players[2].cash, 10 + price - 30);
    assert_eq!(g.state.corps[rcs(&g)].cash, 0);

    // RCS closes with its bond out and L. 100 in its treasury: C pays the other L. 400.
    advance(&mut g, "RCS", "lay_tile");
    set(&mut g, |ops| {
        let pos = ops.t.market.rows.iter().enumerate().find_map(|(r, row)| row.iter().position(|c| c.as_ref().is_some_and(|c| c.price == 24)).map(|c| (r, c))).unwrap();
        ops.set_price(r, railhead::game::state::MarketPos { row: pos.0 as u8, col: pos.1 as u8 });
        Ok(())
    });
    cash(&mut g, "RCS", 100);
    cash(&mut g, "C", 450);
    let bank = g.state.bank;
    g.act("pass").unwrap();
    assert!(!g.state.corps[rcs(&g)].started);
    assert_eq!(var(&g, "bond.RCS"), None);
    assert!(g.log.iter().any(|l| l == "C pays L. 400 toward RCS's bond"));
    // With no corporation left, operating round 2.2 only pays the privates'
    // revenue (75 in all, 25 to C), and stock round 3 begins.
    assert_eq!(g.state.players[2].cash, 450 - 400 + 25);
    assert_eq!(g.state.bank, bank + 100 + 400 - 75);
    assert_eq!(g.total_money(), money);
}

#[test]
fn e_tokens_and_e_trains() {
    let mut g = game(ALL);
    phase(&mut g, "12");
    // The 12H is sold (to AFG, not started): E trains are on sale; RCS has no E token.
    let afg = g.state.corp_index("AFG").unwrap();
    set(&mut g, |ops| {
        for class in ["4H", "6H", "8H", "10H", "12H"] {
            let ci = ops.t.trains.iter().position(|c| c.name == class).unwrap() as u16;
            while let Some(t) = ops.depot_train(ci) {
                ops.deliver_train(t, 0, afg, true)?;
            }
        }
        Ok(())
    });
    cash(&mut g, "RCS", 2000);
    advance(&mut g, "RCS", "buy_e_token");
    g.act("pass").unwrap();
    refused(&mut g, "train E", "1849-R-194");
    g.act("pass").unwrap();
    advance(&mut g, "RCS", "buy_e_token");
    let cash_before = g.state.corps[rcs(&g)].cash;
    g.act("do buy_e_token").unwrap();
    assert_eq!(g.state.corps[rcs(&g)].cash, cash_before - 1100);
    g.act("train E").unwrap();
    assert_eq!(g.state.corps[rcs(&g)].cash, cash_before - 1100 - 550);
    assert_eq!(var(&g, "e_tokens_sold"), Some(Var::Int(1)));
    // No second E token for RCS.
    g.act("pass").unwrap();
    advance(&mut g, "RCS", "lay_tile");
    g.act("pass").unwrap();
    assert_ne!(step(&g).as_deref(), Some("buy_e_token"));
}

#[test]
fn a_station_token_bought_with_consent() {
    let mut g = game(&["acquiring_station_tokens"]);
    phase(&mut g, "6");
    // IFT (A) with a token in Marsala; RCS's track reaches it through Trapani.
    let r = rcs(&g);
    set(&mut g, |ops| {
        let ift = ops.st.corp_index("IFT").unwrap();
        let a = ops.st.player_index("A").unwrap();
        ops.start_corp(ift, 100, a, 0, false)?;
        for (hex, tile, rot) in [("C5", "651", 5), ("B4", "7", 5), ("D4", "3", 2), ("C3", "58", 5), ("D2", "8", 2)] {
            let h = ops.hex_index(hex)?;
            let ti = ops.tile_index(tile)?;
            let plan = ops.check_lay(None, h, ti, rot, railhead::game::board::LayRules { connection: false, phase_colours: false, hidden: true, replace: false })?;
            ops.execute_lay(&plan);
        }
        let e1 = ops.hex_index("E1")?;
        ops.execute_token(ift, e1, 0);
        for (corp, class) in [(ift, 0u16), (r, 1u16)] {
            let t = ops.depot_train(class).unwrap();
            ops.deliver_train(t, 0, corp, false)?;
        }
        Ok(())
    });
    cash(&mut g, "RCS", 300);
    advance(&mut g, "RCS", "acquire_token");
    let ift = g.state.corp_index("IFT").unwrap();
    let (rcs_cash, ift_cash) = (g.state.corps[rcs(&g)].cash, g.state.corps[ift].cash);
    refused(&mut g, "do acquire_token hex=E1 from=IFT price=0", "1849-R-184");
    refused(&mut g, "do acquire_token hex=H12 from=IFT price=5", "1849-R-184");
    g.act("do acquire_token hex=E1 from=IFT price=40").unwrap();
    assert_eq!(actor(&g), "A");
    g.act("choose accept").unwrap();
    assert_eq!(g.state.corps[rcs(&g)].cash, rcs_cash - 40);
    assert_eq!(g.state.corps[ift].cash, ift_cash + 40);
    let e1 = g.title.map.hex("E1").unwrap();
    assert_eq!(g.state.board.hexes[e1 as usize].tokens[0], vec![Some(r)]);
    assert!(g.state.corps[ift].tokens.iter().filter(|t| t.placed.is_none()).count() >= 2);
}

#[test]
fn variant_games_save_and_load_to_the_same_state() {
    let mut g = game(ALL);
    for _ in 0..30 {
        let moves = g.legal_moves().unwrap();
        let Some(m) = moves.iter().find(|m| m.action == Action::Pass).or(moves.first()) else { break };
        g.apply(m.action.clone()).unwrap();
    }
    let text = SaveFile::of(&g).to_json();
    let again = SaveFile::parse("t", &text).unwrap().restore("t", None).unwrap();
    assert_eq!(again.digest(), g.digest());
    for o in ALL {
        assert!(again.title.option_on(o));
    }
}

//! "An action is legal exactly when it is listed" (DESIGN.md), for what
//! the stock round leaves out without trying it (game/engine/legal.rs):
//! the starts that `can_start` refuses and the prices the player cannot
//! pay, the certificates that are not there or cost more than the
//! player's cash, and the companies dearer than it. Here every start and
//! every purchase the list leaves out is tried at every stock turn of
//! random games, and must be refused without changing the state.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use railhead::game::action::{Action, ShareSource};
use railhead::game::var::Var;
use railhead::game::{Game, Setup};
use railhead::title::load;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// An action the list left out: it must be refused, the state unchanged.
fn assert_refused_unchanged(g: &mut Game, action: Action, game: &str) {
    let before = g.digest();
    assert!(g.apply(action.clone()).is_err(), "{game}: `{action}` is accepted but was not listed");
    assert_eq!(g.digest(), before, "{game}: refusing `{action}` changed the state");
}

/// Plays `actions` random legal moves of one game and checks every stock
/// turn on the way; returns how many unlisted starts and purchases were
/// tried.
fn unlisted_stock_moves_are_refused(title: &str, players: usize, options: &[&str], seed: u64, actions: usize) -> usize {
    let t = Arc::new(load::embedded(title).unwrap());
    let setup = Setup {
        players: (1..=players).map(|i| format!("p{i}")).collect(),
        seed,
        options: options.iter().map(|o| (o.to_string(), true)).collect::<BTreeMap<_, _>>(),
        values: BTreeMap::new(),
    };
    let mut g = Game::new(t.clone(), setup).unwrap();
    let prices: BTreeSet<i64> = t.phases.iter().flat_map(|p| p.par_prices.iter().copied()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tried = 0;
    for _ in 0..actions {
        if g.is_over() {
            break;
        }
        let moves = g.legal_moves().unwrap();
        let listed: BTreeSet<String> = moves.iter().map(|m| m.action.to_string()).collect();
        if listed.contains("pass") && g.state.flow.round.name.contains("stock") {
            // Every start and purchase there could be; those not listed must be refused.
            let mut possible: Vec<Action> = Vec::new();
            for corp in g.state.corps.iter().filter(|c| c.in_play && !c.started).map(|c| c.id.clone()).collect::<Vec<_>>() {
                for &price in &prices {
                    for extra in 0..=t.settings.par_extra_certs {
                        possible.push(Action::Par { corp: corp.clone(), price, extra, home: None });
                    }
                }
            }
            for corp in g.state.corps.iter().filter(|c| c.in_play && c.started) {
                let mut tags: Vec<Option<String>> = corp.certs.iter().map(|x| x.tag.clone()).collect();
                tags.sort();
                tags.dedup();
                for from in [ShareSource::Treasury, ShareSource::Pool] {
                    for tag in &tags {
                        possible.push(Action::Buy { corp: corp.id.clone(), from: from.clone(), tag: tag.clone(), cert: None });
                    }
                }
            }
            for co in g.state.companies.iter() {
                possible.push(Action::BuyCompany { company: co.id.clone(), price: None });
            }
            for action in possible {
                if listed.contains(&action.to_string()) {
                    continue;
                }
                tried += 1;
                assert_refused_unchanged(&mut g, action, &format!("{title} seed {seed}"));
            }
        }
        let Some(mv) = moves.choose(&mut rng) else { break };
        // A random price inside a range may break the title's steps (18FB
        // bids go by D5); the listed move itself is accepted.
        let action = railhead::fuzz::concretize(mv, &mut rng);
        if g.apply(action).is_err() {
            g.apply(mv.action.clone()).unwrap();
        }
    }
    tried
}

#[test]
fn stock_moves_left_out_of_the_1849_moves_are_refused() {
    let tried: usize = (0..3).map(|seed| unlisted_stock_moves_are_refused("1849", 4, &[], seed, 300)).sum();
    assert!(tried > 0, "no stock turn was reached");
}

#[test]
fn stock_moves_left_out_of_the_1849_variant_moves_are_refused() {
    let variants = ["bonds", "acquiring_station_tokens", "electric_dreams"];
    let tried: usize = (0..2).map(|seed| unlisted_stock_moves_are_refused("1849", 3, &variants, seed, 300)).sum();
    assert!(tried > 0, "no stock turn was reached");
}

#[test]
fn stock_moves_left_out_of_the_1844_moves_are_refused() {
    let tried: usize = (0..3).map(|seed| unlisted_stock_moves_are_refused("1844", 5, &[], seed, 300)).sum();
    assert!(tried > 0, "no stock turn was reached");
}

#[test]
fn stock_moves_left_out_of_the_1865_moves_are_refused() {
    let tried: usize = (0..2).map(|seed| unlisted_stock_moves_are_refused("1865", 4, &[], seed, 300)).sum();
    assert!(tried > 0, "no stock turn was reached");
}

#[test]
fn stock_moves_left_out_of_the_18fb_moves_are_refused() {
    let tried: usize = (0..2).map(|seed| unlisted_stock_moves_are_refused("18fb", 4, &[], seed, 300)).sum();
    assert!(tried > 0, "no stock turn was reached");
}

/// 1844's tunnel listing offers only the tunnels the company's track
/// reaches (scripts/tunnels.lua, `game:reached_edges`), and a company's
/// listing leaves out the companies no corporation may buy (R-170, the
/// data's `corporations_may_buy`). Every tunnel there could be (each
/// mouth pair of each tunnel hex) and every player's company the list
/// leaves out (at a few prices) is tried at the operating turns of random
/// games, and must be refused without changing the state (1844-R-091:
/// the tunnel is laid with the track and joins the company's network).
#[test]
fn operating_moves_left_out_of_the_1844_moves_are_refused() {
    let t = Arc::new(load::embedded("1844").unwrap());
    let (mut listed_turns, mut tried, mut companies_tried) = (0, 0, 0);
    for seed in 0..3 {
        let mut g = Game::new(t.clone(), railhead::fuzz::game_setup(&t, 5, seed)).unwrap();
        // Every tunnel: "hex mouths" per pair of each tunnel hex's props.
        let mut st = g.state.clone();
        let mut fx = railhead::game::ops::Effects::default();
        let all = g
            .host
            .eval(r#"(function() local o = {} for _, h in ipairs(game:hexes_tagged("tunnel")) do for _, p in ipairs(game:hex_field(h, "props").tunnel_mouths) do o[#o + 1] = h .. " " .. p end end return table.concat(o, ";") end)()"#, &mut st, &mut fx)
            .unwrap();
        let tunnels: Vec<(String, String)> = all.trim_matches('"').split(';').map(|x| x.split_once(' ').map(|(h, p)| (h.to_string(), p.to_string())).unwrap()).collect();
        assert!(tunnels.len() >= 9, "{tunnels:?}");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..1500 {
            if g.is_over() {
                break;
            }
            let listed: BTreeSet<String> = g.legal_moves().unwrap().iter().map(|m| m.action.to_string()).collect();
            if listed.iter().any(|m| m.starts_with("do build_tunnel")) {
                listed_turns += 1;
                for (hex, mouths) in &tunnels {
                    let action = Action::Script { name: "build_tunnel".into(), args: BTreeMap::from([("hex".to_string(), Var::Str(hex.clone())), ("mouths".to_string(), Var::Str(mouths.clone()))]) };
                    if listed.contains(&action.to_string()) {
                        continue;
                    }
                    tried += 1;
                    assert_refused_unchanged(&mut g, action, &format!("seed {seed}"));
                }
            }
            if let railhead::game::flow::RoundData::Operating(o) = &g.state.flow.round.data
                && let Some(c) = o.current
            {
                let cash = g.state.corps[c].cash;
                for co in g.state.companies.iter().filter(|co| matches!(co.owner, railhead::game::ids::CompanyOwner::Player(_))).map(|co| co.id.clone()).collect::<Vec<_>>() {
                    // Listed (at its lowest price): a range of prices is legal.
                    if listed.iter().any(|m| m.starts_with(&format!("buy {co} "))) {
                        continue;
                    }
                    for price in [1, 50, cash] {
                        let action = Action::BuyCompany { company: co.clone(), price: Some(price) };
                        companies_tried += 1;
                        assert_refused_unchanged(&mut g, action, &format!("seed {seed}"));
                    }
                }
            }
            railhead::fuzz::random_move_with(&mut g, &mut rng, false).unwrap();
        }
    }
    assert!(listed_turns > 0 && tried > 0, "tunnels listed at {listed_turns} positions, {tried} left out tried");
    assert!(companies_tried > 0, "no company left out of an operating turn's list was tried");
}

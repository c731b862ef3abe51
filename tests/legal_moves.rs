//! "An action is legal exactly when it is listed" (DESIGN.md), for the
//! starts of corporations: the stock round leaves out, without trying
//! them, the starts that `can_start` refuses and the prices the player
//! cannot pay (game/engine/legal.rs). Here every start the list leaves out
//! is tried at every stock turn of random games, and must be refused
//! without changing the state.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use railhead::game::action::Action;
use railhead::game::{Game, Setup};
use railhead::title::load;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Plays `actions` random legal moves of one game and checks every stock
/// turn on the way; returns how many unlisted starts were tried.
fn unlisted_starts_are_refused(title: &str, players: usize, options: &[&str], seed: u64, actions: usize) -> usize {
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
            for corp in g.state.corps.iter().filter(|c| c.in_play && !c.started).map(|c| c.id.clone()).collect::<Vec<_>>() {
                for &price in &prices {
                    for extra in 0..=t.settings.par_extra_certs {
                        let action = Action::Par { corp: corp.clone(), price, extra, home: None };
                        if listed.contains(&action.to_string()) {
                            continue;
                        }
                        tried += 1;
                        let before = g.digest();
                        let refused = g.apply(action.clone()).is_err();
                        assert!(refused, "{title} seed {seed}: `{action}` is accepted but was not listed");
                        assert_eq!(g.digest(), before, "{title} seed {seed}: refusing `{action}` changed the state");
                    }
                }
            }
        }
        let Some(mv) = moves.choose(&mut rng) else { break };
        let action = railhead::fuzz::concretize(mv, &mut rng);
        g.apply(action).unwrap();
    }
    tried
}

#[test]
fn starts_left_out_of_the_1849_moves_are_refused() {
    let tried: usize = (0..3).map(|seed| unlisted_starts_are_refused("1849", 4, &[], seed, 300)).sum();
    assert!(tried > 0, "no stock turn was reached");
}

#[test]
fn starts_left_out_of_the_1849_variant_moves_are_refused() {
    let variants = ["bonds", "acquiring_station_tokens", "electric_dreams"];
    let tried: usize = (0..2).map(|seed| unlisted_starts_are_refused("1849", 3, &variants, seed, 300)).sum();
    assert!(tried > 0, "no stock turn was reached");
}

#[test]
fn starts_left_out_of_the_1844_moves_are_refused() {
    let tried: usize = (0..3).map(|seed| unlisted_starts_are_refused("1844", 5, &[], seed, 300)).sum();
    assert!(tried > 0, "no stock turn was reached");
}

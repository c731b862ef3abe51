//! Seats dealt from the seed (`railhead play --shuffle-seats`): the
//! rulebooks deal the first turn order at random (1844-R-004: turn-order
//! cards 1..N shuffled). 1844's setup takes the seating as its first order
//! (titles/1844/tests/setup_R-001_R-010.lua).

use railhead::repl::setup::seating;
use std::collections::BTreeSet;

#[test]
fn the_first_turn_order_is_a_random_permutation_drawn_from_the_seed() {
    let names: Vec<String> = ["Ann", "Bo", "Cy", "Di", "Ed"].iter().map(|s| s.to_string()).collect();
    let mut seen = BTreeSet::new();
    for seed in 0..40u64 {
        let order = seating(&names, None, 4, seed, true).unwrap();
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, names, "1844-R-004: every player gets exactly one position");
        assert_eq!(order, seating(&names, None, 4, seed, true).unwrap(), "1844-R-004: the seed decides the order");
        seen.insert(order);
    }
    // 40 seeds over 120 orders: a fixed or nearly fixed order is no shuffle.
    assert!(seen.len() >= 20, "1844-R-004: only {} different orders from 40 seeds", seen.len());
    assert_eq!(seating(&names, None, 4, 3, false).unwrap(), names, "without --shuffle-seats the seats are as given");
}

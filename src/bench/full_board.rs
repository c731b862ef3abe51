//! Late-game worst cases on the titles' own maps ("full board"): a new
//! game of the title at its most players, in its last phase, with every
//! hex upgraded as far as the tile supply allows and every corporation's
//! station tokens placed, each corporation running the title's final train
//! at its train limit.
//!
//! The synthetic grids (`route::synthetic`) are denser than any game can
//! be; this is the densest board the title's own map and tile manifest
//! allow, built the same way every time (no fixture needed).
//!
//! - Tiles: passes over the hexes in map order; each hex takes the upgrade
//!   of the highest colour, then the most paths, then the rotation whose
//!   exits meet the most track (or hexes still blank), among the tiles left
//!   in the supply (upgrade rules kept, phase colours and money not
//!   asked), until a pass changes nothing.
//! - Tokens: every corporation in play places its home station, then in
//!   turn each places its next token on the city worth the most (in the
//!   last phase) that it can reach with a free slot, until none can.
//! - Trains: each corporation runs its own train limit of the final train,
//!   and also the largest limit of any kind of corporation in the title
//!   when that is more (1844: four 8E, as the SBB, which a new game has
//!   not formed yet, may run), and the title's mixed late sets
//!   (`MIXED_SETS`: 1849's 16H with an R6H).

use super::positions::{BenchPosition, REAL_REPEAT, final_train};
use crate::game::board::LayRules;
use crate::game::graph::tile_on;
use crate::game::ids::{CorpId, HexId};
use crate::game::ops::{Effects, Ops};
use crate::game::state::GameState;
use crate::game::{Game, Setup};
use crate::title::schema::StopKind;
use crate::title::Title;
use std::sync::Arc;

/// Late train sets mixing kinds, run on the full board beside the final
/// train at the train limit.
const MIXED_SETS: &[(&str, &[&str])] = &[("1849", &["16H", "R6H"])];

/// The full-board positions of every title with a final train.
pub fn full_board_positions() -> Vec<BenchPosition> {
    let mut out = Vec::new();
    for id in crate::title::TitleSource::embedded_ids() {
        let Ok(title) = crate::title::load::embedded(&id) else { continue };
        out.extend(positions_of(Arc::new(title)));
    }
    out
}

fn positions_of(t: Arc<Title>) -> Vec<BenchPosition> {
    let Some(train) = final_train(t.id()) else { return Vec::new() };
    let Some(st) = full_board(&t) else { return Vec::new() };
    let last = &t.phases[st.phase];
    let largest = t.corporation_kinds.iter().filter_map(|k| k.train_limit.get(&last.name).copied()).chain([last.train_limit]).max().unwrap_or(0) as usize;
    let mut out = Vec::new();
    for corp in st.corp_ids() {
        if !st.corps[corp].in_play {
            continue;
        }
        let own = crate::game::trains::train_limit(&t, &st, corp) as usize;
        let limits = if largest > own { vec![own, largest] } else { vec![own] };
        let mut sets: Vec<(String, Vec<&str>)> = limits.into_iter().filter(|&l| l > 0).map(|l| (format!("{l}×{train}"), vec![train; l])).collect();
        for (_, mixed) in MIXED_SETS.iter().filter(|(id, m)| *id == t.id() && m.len() <= own) {
            sets.push((mixed.join("+"), mixed.to_vec()));
        }
        for (name, trains) in sets {
            let Ok(pos) = crate::game::engine::run::position_with_trains(&t, &st, corp, &trains) else { continue };
            if !pos.problem.graph.stops.iter().any(|s| s.own_token) {
                continue;
            }
            out.push(BenchPosition {
                class: format!("full board {} {name}", t.id()),
                label: format!("full board {} {} {}", t.id(), st.corps[corp].id, trains.join(",")),
                problem: pos.problem,
                recorded: None,
                build_seconds: None,
                default_repeat: REAL_REPEAT,
            });
        }
    }
    out
}

/// The board of a new game at the title's most players, upgraded and
/// tokened as the module says; `None` if the game cannot be set up.
pub fn full_board(t: &Arc<Title>) -> Option<GameState> {
    let players = t.player_counts.iter().map(|c| c.players).max()?;
    let setup = Setup { players: (1..=players).map(|i| format!("p{i}")).collect(), seed: 1, options: Default::default(), values: Default::default() };
    let game = Game::new(t.clone(), setup).ok()?;
    let mut st = game.state.clone();
    st.phase = t.phases.len().saturating_sub(1);
    let mut fx = Effects::default();
    let mut ops = Ops::new(t, &mut st, &mut fx);
    upgrade_every_hex(&mut ops);
    place_every_token(&mut ops);
    Some(st)
}

fn upgrade_every_hex(ops: &mut Ops) {
    let rules = LayRules { connection: false, phase_colours: false, hidden: false, replace: false };
    let (n_hexes, n_tiles) = (ops.t.map.hexes.len() as HexId, ops.t.tiles.len() as u16);
    // Each pass raises a colour, so five passes reach grey from white.
    for _pass in 0..8 {
        let mut changed = false;
        for hex in 0..n_hexes {
            // Only a higher colour: some tiles may replace others of their
            // own colour, which would go round for ever.
            let now = tile_on(ops.t, ops.st, hex).color.rank().unwrap_or(0);
            let mut best: Option<((u8, usize, u32), crate::game::board::LayPlan)> = None;
            for tile in 0..n_tiles {
                for plan in ops.lay_options(hex, tile, rules) {
                    let new = &ops.t.tiles[tile as usize];
                    if new.color.rank().unwrap_or(0) <= now {
                        continue;
                    }
                    let score = (new.color.rank().unwrap_or(0), new.paths.len(), exits_met(ops, hex, new.exits(plan.fit.rotation)));
                    // Strictly better only: the first tile and rotation win ties.
                    if best.as_ref().is_none_or(|(s, _)| score > *s) {
                        best = Some((score, plan));
                    }
                }
            }
            if let Some((_, plan)) = best {
                ops.execute_lay(&plan);
                ops.fx.events.clear();
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// How many of the exits meet track on the neighbouring hex, counting a
/// neighbour with no track yet as half a meeting (it may still get some).
fn exits_met(ops: &Ops, hex: HexId, exits: u8) -> u32 {
    let h = &ops.t.map.hexes[hex as usize];
    let mut score = 0;
    for e in 0..6u8 {
        if exits & (1 << e) == 0 {
            continue;
        }
        let Some((n, back)) = h.across(e) else { continue };
        let ntile = tile_on(ops.t, ops.st, n);
        let nrot = ops.st.board.hexes[n as usize].rotation;
        if ntile.exits(nrot) & (1 << back) != 0 {
            score += 2;
        } else if ntile.paths.is_empty() {
            score += 1;
        }
    }
    score
}

fn place_every_token(ops: &mut Ops) {
    let corps: Vec<CorpId> = ops.st.corp_ids().filter(|&c| ops.st.corps[c].in_play).collect();
    for &c in &corps {
        if ops.place_home(c).is_err() || ops.st.corps[c].tokens.iter().all(|t| t.placed.is_none()) {
            // A choice of homes: the first one open.
            if let Some(&(hex, city)) = ops.home_choices(c).first() {
                let _ = ops.set_home(c, hex, city);
            }
        }
    }
    ops.st.flow.pending.clear();
    loop {
        let mut placed = false;
        for &c in &corps {
            if let Some((hex, stop)) = best_city(ops, c) {
                ops.execute_token(c, hex, stop);
                placed = true;
            }
        }
        if !placed {
            break;
        }
    }
}

/// The city worth the most that the corporation may place a token in now
/// (first in map order on a tie).
fn best_city(ops: &Ops, corp: CorpId) -> Option<(HexId, u8)> {
    if !ops.st.corps[corp].tokens.iter().any(|t| t.placed.is_none() && !t.lost) {
        return None;
    }
    let mut best: Option<(i64, HexId, u8)> = None;
    for hex in 0..ops.t.map.hexes.len() as HexId {
        let tile = tile_on(ops.t, ops.st, hex);
        for (i, s) in tile.stops.iter().enumerate() {
            if s.kind != StopKind::City || s.slots == 0 {
                continue;
            }
            let value = s.revenue.value(usize::MAX);
            if best.is_some_and(|(v, _, _)| v >= value) {
                continue;
            }
            if ops.check_token(corp, hex, i as u8, true).is_ok() {
                best = Some((value, hex, i as u8));
            }
        }
    }
    best.map(|(_, h, s)| (h, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn title(id: &str) -> Arc<Title> {
        Arc::new(crate::title::load::embedded(id).unwrap())
    }

    #[test]
    fn a_full_board_can_take_no_further_upgrade() {
        for id in ["1849", "1844"] {
            let t = title(id);
            let mut st = full_board(&t).unwrap();
            let before = st.board.clone();
            let mut fx = Effects::default();
            upgrade_every_hex(&mut Ops::new(&t, &mut st, &mut fx));
            assert_eq!(st.board, before, "{id}: another pass upgraded a hex");
            assert!(st.board.supply.iter().all(|&n| n >= -1), "{id}: a tile supply went below zero");
            // Laid tiles of the title's highest colour.
            let rank = |x: u16| t.tiles[x as usize].color.rank().unwrap_or(0);
            let top = t.tiles.iter().filter(|x| x.count != 0).filter_map(|x| x.color.rank()).max().unwrap_or(0);
            let laid: Vec<u8> = st.board.hexes.iter().filter_map(|h| h.tile).map(rank).collect();
            assert!(laid.iter().filter(|&&r| r == top).count() > 0, "{id}: no tile of the highest colour laid ({laid:?})");
        }
    }

    #[test]
    fn every_corporation_in_play_has_its_home_station() {
        for id in ["1849", "1844"] {
            let t = title(id);
            let st = full_board(&t).unwrap();
            // (1844's SBB has no home: it forms from others later.)
            for c in st.corps.iter().filter(|c| c.in_play && !t.corporations[c.def].home.is_empty()) {
                assert!(c.tokens.iter().any(|tk| tk.placed.is_some()), "{id}: {} has no station", c.id);
            }
        }
    }

    #[test]
    fn the_positions_are_the_same_every_time() {
        let a = full_board_positions();
        let b = full_board_positions();
        let classes: std::collections::BTreeSet<&str> = a.iter().map(|p| p.class.as_str()).collect();
        assert_eq!(classes.into_iter().collect::<Vec<_>>(), ["full board 1844 2×8E", "full board 1844 4×8E", "full board 1849 16H+R6H", "full board 1849 2×16H"]);
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(&b) {
            assert_eq!((&x.label, &x.problem), (&y.label, &y.problem));
        }
    }
}

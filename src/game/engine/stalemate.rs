//! The core's own ending for games that can never end by the rulebook:
//! a stalemate. Real games never come near it; random play does
//! (`railhead fuzz`, `railhead simulate`), and a batch of playouts must
//! not loop for ever. Checked as each stock round is about to begin.

use super::Engine;
use crate::game::ids::*;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// Whole sets in a row that leave the operating side as it was.
const STILL_SETS_TO_STALEMATE: u32 = 5;

/// Whole sets in a row that bring the game no nearer an end, though
/// money and trains may move between companies and players. Longer than
/// the first count: money gathering in a treasury is progress this
/// fingerprint cannot see, and a company that can afford a train buys
/// one well within it.
const STUCK_SETS_TO_STALEMATE: u32 = 20;

impl Engine<'_> {
    /// Should the game end as a stalemate now, as a stock round begins?
    pub(super) fn stalemate(&mut self) -> bool {
        if self.dead_position() {
            return true;
        }
        // What both fingerprints share, hashed once.
        let mut common = FxHasher::default();
        self.hash_progress(&mut common);
        let still = self.operating_print(common.clone());
        let stuck = self.progress_print(common);
        let counted = self.st.flow.stock_rounds > 0;
        self.st.flow.still = next_count(self.st.flow.still, still, counted);
        self.st.flow.stuck = next_count(self.st.flow.stuck, stuck, counted);
        self.st.flow.still.1 >= STILL_SETS_TO_STALEMATE || self.st.flow.stuck.1 >= STUCK_SETS_TO_STALEMATE
    }

    /// The operating side of the game: the track and tokens, the trains
    /// and their owners, the corporations started and their treasuries,
    /// the owners of the private companies, the phase, the revenue earned.
    /// Shares may change hands, but nothing that could ever move the bank
    /// towards its end. (Seen only in random play, for example two 1865
    /// players trading the shares of two companies with no traffic and no
    /// money for ever; a real game earns every set.)
    fn operating_print(&self, mut h: FxHasher) -> u64 {
        for c in self.st.corps.iter() {
            c.cash.hash(&mut h);
        }
        self.st.trains.iter().for_each(|t| (&t.owner, t.sold).hash(&mut h));
        h.finish()
    }

    /// What brings a game nearer an end by the rulebook: the bank's cash,
    /// the trains left in the depot and the pool, the track and tokens,
    /// the phase, the revenue earned, the corporations started and the
    /// private companies. Not which company holds a train, nor any
    /// treasury: random play has companies of one president sell each
    /// other their trains for a few lire every turn, earning nothing, for
    /// ever (an 1865 game of the 10,000-game soak, still in phase 2 after
    /// 1,600 sets).
    fn progress_print(&self, mut h: FxHasher) -> u64 {
        self.st.bank.hash(&mut h);
        for t in self.st.trains.iter() {
            // Held by someone, whoever it is.
            let place = match t.owner {
                TrainOwner::Corp(_) | TrainOwner::Player(_) => None,
                place => Some(place),
            };
            (place, t.sold).hash(&mut h);
        }
        h.finish()
    }

    /// What both fingerprints share (FxHasher: a fast hash, checked at
    /// every stock round of every random game).
    fn hash_progress(&self, h: &mut FxHasher) {
        self.st.flow.earned.hash(h);
        self.st.phase.hash(h);
        self.st.board.hexes.iter().for_each(|x| (x.tile, x.rotation, &x.tokens).hash(h));
        self.st.board.markers.hash(h);
        for c in self.st.corps.iter() {
            (c.in_play, c.started, c.floated, c.kind).hash(h);
            c.tokens.iter().for_each(|t| (t.placed, t.lost).hash(h));
        }
        self.st.companies.iter().for_each(|c| (&c.owner, c.used).hash(h));
    }

    /// Nothing can ever happen again: no corporation is running, no
    /// company pays anyone, and no player can afford to start one. (Seen
    /// only in random play; the game ends rather than loop for ever.)
    fn dead_position(&self) -> bool {
        if self.st.corps.iter().any(|c| c.in_play && c.started) {
            return false;
        }
        let income = self.st.companies.iter().any(|c| matches!(c.owner, CompanyOwner::Player(_)) && c.income(self.t) > 0);
        if income {
            return false;
        }
        let cheapest = self.t.phases[self.st.phase].par_prices.iter().copied().min().unwrap_or(0);
        let cost = self
            .st
            .corps
            .iter()
            .filter(|c| c.in_play)
            .filter_map(|c| c.certs.iter().find(|x| x.president).map(|x| cheapest * x.percent as i64 / 10))
            .min()
            .unwrap_or(0);
        self.st.players.iter().filter(|p| !p.left).all(|p| p.cash < cost)
    }
}

/// A count of sets in a row with the same fingerprint: (print, sets).
/// The first stock round starts the count (nothing came before it).
fn next_count((last, sets): (u64, u32), print: u64, counted: bool) -> (u64, u32) {
    if counted && last == print { (print, sets + 1) } else { (print, 0) }
}

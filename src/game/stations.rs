//! What a stop's slots hold besides corporations' tokens (`state::SlotMarks`,
//! kept in `Board::marks` by hex and stop): reserved slots (one
//! corporation only; never blocking), neutral tokens (no corporation's;
//! blocking like a foreign token; a script replaces one by a
//! corporation's token), and the phase a stop's slots open in. map.toml
//! prints them (`reserved`, `neutral`, `opens_in_phase` on a stop); the
//! board takes them at setup, with every home of a `home_mode = "all"`
//! corporation. `graph::free_slots`, `graph::reservations` and the route
//! graph's blocked flag read them; `Ops::execute_lay` carries them to the
//! new tile's stops.

use super::graph::city_stop;
use super::ids::*;
use super::ops::{GameResult, Ops};
use super::state::{GameState, SlotMarks};
use crate::game::refusals::RuleKey;
use crate::title::Title;
use crate::title::schema::HomeMode;

/// The marks of a stop, if any.
pub fn marks(st: &GameState, hex: HexId, stop: u8) -> Option<&SlotMarks> {
    st.board.marks.get(&(hex, stop))
}

/// Neutral tokens on a stop: each fills one of its empty slots.
pub fn neutral_count(st: &GameState, hex: HexId, stop: u8) -> usize {
    marks(st, hex, stop).map_or(0, |m| m.neutral.len())
}

/// The phase a stop's slots open in, while it is still to come.
pub fn closed_until<'t>(t: &'t Title, st: &GameState, hex: HexId, stop: u8) -> Option<&'t str> {
    let p = marks(st, hex, stop)?.opens_in_phase?;
    (st.phase < p).then(|| t.phases.get(p).map_or("?", |x| x.name.as_str()))
}

/// Printed or script reservations on a stop that still hold: the
/// corporation is in play, not closed, and has no token on the hex yet
/// (its token there is the slot's use).
pub fn held_reservations(st: &GameState, hex: HexId, stop: u8) -> Vec<CorpId> {
    let Some(m) = marks(st, hex, stop) else { return Vec::new() };
    m.reserved
        .iter()
        .copied()
        .filter(|c| {
            let corp = &st.corps[*c];
            corp.in_play && !corp.closed && !corp.tokens.iter().any(|tk| tk.placed.is_some_and(|(h, _)| h == hex))
        })
        .collect()
}

impl Ops<'_> {
    /// The board's marks from map.toml, then every home of the
    /// corporations with `home_mode = "all"` (before the setup hook).
    pub fn setup_stations(&mut self) -> GameResult<()> {
        for (h, hex) in self.t.map.hexes.iter().enumerate() {
            for (si, p) in hex.printed.iter().enumerate() {
                if p.reserved.is_empty() && p.neutral.is_empty() && p.opens_in_phase.is_none() {
                    continue;
                }
                let reserved = p.reserved.iter().filter_map(|id| self.st.corps.iter().position(|c| c.id == *id).map(CorpId::from)).collect();
                let opens_in_phase = p.opens_in_phase.as_deref().and_then(|ph| self.t.phase_index(ph));
                self.st.board.marks.insert((h as HexId, si as u8), SlotMarks { reserved, neutral: p.neutral.clone(), opens_in_phase });
            }
        }
        let all: Vec<CorpId> = (0..self.st.corps.len())
            .map(CorpId::from)
            .filter(|c| self.st.corps[*c].in_play && self.t.corporations[self.st.corps[*c].def].home_mode == HomeMode::All)
            .collect();
        for corp in all {
            self.place_all_homes(corp)?;
        }
        Ok(())
    }

    /// Places a token on each of the corporation's homes (`home_mode =
    /// "all"`), skipping those it already has; the first is its home.
    pub fn place_all_homes(&mut self, corp: CorpId) -> GameResult<()> {
        let def = &self.t.corporations[self.st.corps[corp].def];
        for spec in def.home.clone() {
            let Ok((hex, city)) = crate::title::validate::home_city(self.t, &spec) else { continue };
            let Some(stop) = city_stop(self.t, self.st, hex, city as u8) else { continue };
            if self.st.corps[corp].tokens.iter().any(|t| t.placed.is_some_and(|(h, _)| h == hex)) {
                continue;
            }
            self.check_home_slot(corp, hex, stop)?;
            self.execute_token(corp, hex, stop);
            if self.st.corps[corp].home.is_none() {
                self.st.corps[corp].home = Some((hex, city as u8));
            }
        }
        Ok(())
    }

    /// A home token placed at setup: a slot free for it (the phase a
    /// stop opens in does not apply to printed homes).
    fn check_home_slot(&self, corp: CorpId, hex: HexId, stop: u8) -> GameResult<()> {
        let saved = self.st.board.marks.get(&(hex, stop)).and_then(|m| m.opens_in_phase);
        if saved.is_none() {
            return self.check_token(corp, hex, stop, false);
        }
        // free_slots counts a closed stop as full: ask without the phase.
        let mut st = self.st.clone();
        if let Some(m) = st.board.marks.get_mut(&(hex, stop)) {
            m.opens_in_phase = None;
        }
        let mut fx = super::ops::Effects::default();
        let ops = Ops { t: self.t, st: &mut st, fx: &mut fx };
        ops.check_token(corp, hex, stop, false)
    }

    /// Reserves one slot of a stop for a corporation (a script's
    /// reservation, or a home turned into one).
    pub fn reserve_slot(&mut self, hex: HexId, stop: u8, corp: CorpId) -> GameResult<()> {
        let label = self.t.map.hexes[hex as usize].label.clone();
        let name = self.corp_name(corp).to_string();
        if self.st.board.marks.get(&(hex, stop)).is_some_and(|m| m.reserved.contains(&corp)) {
            return Ok(());
        }
        // Room: empty slots beyond the neutral tokens and reservations
        // already there (a closed stop may be reserved ahead).
        let empty = self.st.board.hexes[hex as usize].tokens.get(stop as usize).map_or(0, |s| s.iter().filter(|x| x.is_none()).count());
        let taken = self.st.board.marks.get(&(hex, stop)).map_or(0, |m| m.reserved.len() + m.neutral.len());
        if taken >= empty {
            return self.refuse(RuleKey::TokenNoSlot, format!("{label} has no free slot to reserve for {name}"));
        }
        self.st.board.marks.entry((hex, stop)).or_default().reserved.push(corp);
        self.log(format!("a slot in {label} is reserved for {name}"));
        Ok(())
    }

    /// Removes a corporation's reservations on a hex; whether there was one.
    pub fn remove_reservation(&mut self, hex: HexId, corp: CorpId) -> bool {
        // Read first: a write copies the marks the state's copies share.
        if !self.st.board.marks.iter().any(|((h, _), m)| *h == hex && m.reserved.contains(&corp)) {
            return false;
        }
        let mut found = false;
        for ((h, _), m) in self.st.board.marks.iter_mut() {
            if *h == hex && m.reserved.contains(&corp) {
                m.reserved.retain(|c| *c != corp);
                found = true;
            }
        }
        self.st.board.marks.retain(|_, m| *m != SlotMarks::default());
        if found {
            let (name, label) = (self.corp_name(corp).to_string(), self.t.map.hexes[hex as usize].label.clone());
            self.log(format!("{name}'s reservation in {label} is removed"));
        }
        found
    }

    /// Replaces the neutral token `id` on a hex by the corporation's next
    /// token (no cost here: the script charges what its rule says).
    pub fn replace_neutral(&mut self, hex: HexId, id: &str, corp: CorpId) -> GameResult<()> {
        let label = self.t.map.hexes[hex as usize].label.clone();
        let name = self.corp_name(corp).to_string();
        let Some(stop) = self.st.board.marks.iter().find(|((h, _), m)| *h == hex && m.neutral.iter().any(|n| n == id)).map(|((_, s), _)| *s) else {
            return self.refuse(RuleKey::TokenNoneThere, format!("{label} has no neutral token \"{id}\""));
        };
        if self.st.board.hexes[hex as usize].tokens.iter().flatten().any(|x| *x == Some(corp)) {
            return self.refuse(RuleKey::TokenSameHex, format!("{name} already has a token on {label}"));
        }
        if !self.st.corps[corp].tokens.iter().any(|t| t.placed.is_none() && !t.lost) {
            return self.refuse(RuleKey::TokenNoneLeft, format!("{name} has no station token left"));
        }
        if let Some(m) = self.st.board.marks.get_mut(&(hex, stop)) {
            m.neutral.retain(|n| n != id);
        }
        self.st.board.marks.retain(|_, m| *m != SlotMarks::default());
        self.execute_token(corp, hex, stop);
        self.log(format!("{name} replaces neutral token {id} in {label}"));
        Ok(())
    }
}

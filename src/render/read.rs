//! The reads of game state the pictures make, in one place: corporation
//! names and colours, the markers in each city slot, market positions.
//! (Corporations are found by their `CorpId`; indices are turned into ids here only.)

use super::tile::{Marker, MarkerStyle};
use crate::game::graph::{city_stop, reservations, tile_on};
use crate::game::ids::{CorpId, HexId};
use crate::game::state::GameState;
use crate::title::Title;

/// A corporation's index in the state's list.
pub fn corp_index(c: CorpId) -> usize {
    c.index()
}

/// The id of the corporation at an index of the state's list.
pub fn corp_at(i: usize) -> CorpId {
    CorpId::from(i)
}

/// The text on a corporation's tokens and markers: its id.
pub fn corp_text(st: &GameState, c: CorpId) -> String {
    st.corps.get(c).map_or_else(|| "?".to_string(), |corp| corp.id.clone())
}

/// What a corporation's tokens and market marker show: the title's
/// `token_text` for it, else its id.
pub fn token_text(t: &Title, st: &GameState, c: CorpId) -> String {
    st.corps.get(c).and_then(|corp| t.corporations.get(corp.def)).and_then(|d| d.token_text.clone()).unwrap_or_else(|| corp_text(st, c))
}

/// A corporation's colour, from the title's data.
pub fn corp_fill(t: &Title, st: &GameState, c: CorpId) -> String {
    st.corps
        .get(c)
        .and_then(|corp| t.corporations.get(corp.def))
        .map(|d| d.color.trim().to_string())
        .filter(|s| !s.is_empty() && s.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '#'))
        .unwrap_or_else(|| "#888888".to_string())
}

pub fn marker(t: &Title, st: &GameState, c: CorpId, faint: bool) -> Marker {
    Marker { corp: corp_text(st, c), text: token_text(t, st, c), fill: corp_fill(t, st, c), faint, style: MarkerStyle::Token }
}

/// The markers in each slot of each stop of a hex: the tokens placed,
/// then, in the empty slots, faint markers for reservations and for the
/// homes of corporations in play whose home token is not down yet.
pub fn slot_markers(t: &Title, st: &GameState, hex: HexId) -> Vec<Vec<Option<Marker>>> {
    let hs = &st.board.hexes[hex as usize];
    let mut out: Vec<Vec<Option<Marker>>> =
        hs.tokens.iter().map(|slots| slots.iter().map(|s| s.map(|c| marker(t, st, c, false))).collect()).collect();
    let tile = tile_on(t, st, hex);
    out.resize(tile.stops.len(), Vec::new());
    // Neutral tokens first, in the first empty slots; then the board's
    // reservations (`game::stations`), drawn as reserved marks.
    for (stop, slots) in out.iter_mut().enumerate() {
        let Some(m) = crate::game::stations::marks(st, hex, stop as u8) else { continue };
        let held = crate::game::stations::held_reservations(st, hex, stop as u8);
        let neutral = m.neutral.iter().map(|id| Marker { corp: String::new(), text: id.clone(), fill: "#111".into(), faint: false, style: MarkerStyle::Neutral });
        let reserved = held.iter().map(|c| Marker { style: MarkerStyle::Reserved, ..marker(t, st, *c, true) });
        for mk in neutral.chain(reserved) {
            if let Some(free) = slots.iter_mut().find(|s| s.is_none()) {
                *free = Some(mk);
            }
        }
    }
    let mut waiting: Vec<(u8, CorpId)> = Vec::new();
    for stop in 0..tile.stops.len() as u8 {
        let held = crate::game::stations::held_reservations(st, hex, stop);
        for c in reservations(t, st, hex, stop) {
            if !held.contains(&c) {
                waiting.push((stop, c));
            }
        }
    }
    for (i, corp) in st.corps.iter().enumerate() {
        let c = corp_at(i);
        if !corp.in_play || corp.closed || waiting.iter().any(|(_, w)| *w == c) {
            continue;
        }
        if corp.tokens.iter().any(|tk| tk.placed.is_some_and(|(h, _)| h == hex)) || corp.operated > 0 {
            continue;
        }
        if let Some((h, city)) = home_of(t, st, c)
            && h == hex
            && let Some(stop) = city_stop(t, st, hex, city)
        {
            waiting.push((stop, c));
        }
    }
    for (stop, c) in waiting {
        if let Some(slots) = out.get_mut(stop as usize)
            && let Some(free) = slots.iter_mut().find(|s| s.is_none())
        {
            *free = Some(marker(t, st, c, true));
        }
    }
    out
}

/// A corporation's home city: chosen, or the only one its data names.
pub fn home_of(t: &Title, st: &GameState, c: CorpId) -> Option<(HexId, u8)> {
    let corp = st.corps.get(c)?;
    if let Some(h) = corp.home {
        return Some(h);
    }
    let def = t.corporations.get(corp.def)?;
    if def.home.len() != 1 {
        return None;
    }
    crate::title::validate::home_city(t, &def.home[0]).ok().map(|(h, ci)| (h as HexId, ci as u8))
}

/// Every token on the board: (hex, stop, slot, corporation).
pub fn placed_tokens(st: &GameState) -> Vec<(HexId, usize, usize, CorpId)> {
    let mut out = Vec::new();
    for (h, hs) in st.board.hexes.iter().enumerate() {
        for (s, slots) in hs.tokens.iter().enumerate() {
            for (k, x) in slots.iter().enumerate() {
                if let Some(c) = x {
                    out.push((h as HexId, s, k, *c));
                }
            }
        }
    }
    out
}

/// Corporations with a market position, each with its cell and stack.
pub fn market_markers(st: &GameState) -> Vec<(CorpId, usize, usize, u64)> {
    st.corps
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.closed)
        .filter_map(|(i, c)| c.price.map(|p| (corp_at(i), p.row as usize, p.col as usize, c.stack)))
        .collect()
}

/// The revenue band of the current phase.
pub fn band(t: &Title, st: &GameState) -> usize {
    t.phases.get(st.phase).map_or(0, |p| p.revenue_band)
}

/// The current phase's name.
pub fn phase_name(t: &Title, st: &GameState) -> String {
    t.phases.get(st.phase).map_or_else(String::new, |p| p.name.clone())
}

//! Stock market movement: edges, closed zones by phase, stacking order,
//! and market-value order.

use super::ids::*;
use super::ops::{GameResult, Ops};
use super::state::{GameState, MarketPos};
use super::var::Var;
use crate::title::Title;
use std::cmp::Ordering;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub fn parse(s: &str) -> Option<Dir> {
        match s {
            "up" => Some(Dir::Up),
            "down" => Some(Dir::Down),
            "left" => Some(Dir::Left),
            "right" => Some(Dir::Right),
            _ => None,
        }
    }
}

/// May a token of this corporation stand on the cell now?
pub fn enterable(t: &Title, st: &GameState, corp: CorpId, pos: MarketPos) -> bool {
    let Some(cell) = t.market.cell(pos.row as usize, pos.col as usize) else { return false };
    let kind = &t.corporation_kinds[st.corps[corp].kind].id;
    cell.flags.iter().all(|f| match t.market.flag(*f) {
        None => true,
        Some(def) => {
            let open = def.open_from_phase.as_ref().is_none_or(|p| t.phase_index(p).is_some_and(|i| st.phase >= i));
            open && !def.forbidden_kinds.iter().any(|k| k == kind)
        }
    })
}

/// The cell a move leads to (the same cell when it cannot move).
pub fn target(t: &Title, st: &GameState, corp: CorpId, from: MarketPos, dir: Dir) -> MarketPos {
    let step = |d: Dir| -> Option<MarketPos> {
        let (r, c) = (from.row as i32, from.col as i32);
        let (r, c) = match d {
            Dir::Up => (r - 1, c),
            Dir::Down => (r + 1, c),
            Dir::Left => (r, c - 1),
            Dir::Right => (r, c + 1),
        };
        if r < 0 || c < 0 {
            return None;
        }
        let p = MarketPos { row: r as u8, col: c as u8 };
        enterable(t, st, corp, p).then_some(p)
    };
    match dir {
        Dir::Up | Dir::Down => step(dir).unwrap_or(from),
        Dir::Right => step(Dir::Right)
            .or_else(|| (t.market.moves.right_at_end == "up").then(|| step(Dir::Up)).flatten())
            .unwrap_or(from),
        Dir::Left => step(Dir::Left)
            .or_else(|| (t.market.moves.left_at_start == "down").then(|| step(Dir::Down)).flatten())
            .unwrap_or(from),
    }
}

/// Market-value order: higher price first; on equal prices the cell
/// further right, then the upper cell, then the token higher in the stack.
pub fn value_order(t: &Title, st: &GameState, a: CorpId, b: CorpId) -> Ordering {
    let key = |c: CorpId| {
        let corp = &st.corps[c];
        let pos = corp.price.unwrap_or(MarketPos { row: u8::MAX, col: 0 });
        let price = t.market.cell(pos.row as usize, pos.col as usize).map_or(i64::MIN, |x| x.price);
        (std::cmp::Reverse(price), std::cmp::Reverse(pos.col), pos.row, corp.stack, c)
    };
    key(a).cmp(&key(b))
}

pub fn price_of(t: &Title, st: &GameState, corp: CorpId) -> i64 {
    st.corps[corp].price.and_then(|p| t.market.cell(p.row as usize, p.col as usize)).map_or(0, |c| c.price)
}

impl Ops<'_> {
    pub fn share_price(&self, corp: CorpId) -> i64 {
        price_of(self.t, self.st, corp)
    }

    /// Puts a corporation's token on a cell (starting or restarting it).
    pub fn set_price(&mut self, corp: CorpId, pos: MarketPos) {
        self.st.corps[corp].price = Some(pos);
        self.st.corps[corp].stack = self.st.next_stack;
        self.st.next_stack += 1;
        self.after_price_change(corp);
    }

    /// Moves a token `steps` times; entering a cell puts it at the bottom
    /// of that cell's stack.
    pub fn move_price(&mut self, corp: CorpId, dir: Dir, steps: u32) -> GameResult<()> {
        let Some(mut pos) = self.st.corps[corp].price else { return Ok(()) };
        let before = self.share_price(corp);
        let mut moved = false;
        for _ in 0..steps {
            let next = target(self.t, self.st, corp, pos, dir);
            if next == pos {
                break;
            }
            pos = next;
            moved = true;
        }
        if moved {
            self.st.corps[corp].price = Some(pos);
            self.st.corps[corp].stack = self.st.next_stack;
            self.st.next_stack += 1;
            let after = self.share_price(corp);
            let name = self.corp_name(corp).to_string();
            self.log(format!("{name} share price moves from {} to {}", self.money(before), self.money(after)));
            self.fx.event("price_moved", [("corp", Var::Str(name)), ("from", Var::Int(before)), ("to", Var::Int(after))]);
            self.after_price_change(corp);
        } else if steps > 0 && self.t.market.moves.blocked == crate::title::schema::BlockedMove::Bottom {
            // A blocked move still ends at the bottom of the stack (1865 A-17).
            self.st.corps[corp].stack = self.st.next_stack;
            self.st.next_stack += 1;
        }
        Ok(())
    }

    fn after_price_change(&mut self, corp: CorpId) {
        let Some(pos) = self.st.corps[corp].price else { return };
        let Some(cell) = self.t.market.cell(pos.row as usize, pos.col as usize) else { return };
        let flags: Vec<_> = cell.flags.iter().filter_map(|f| self.t.market.flag(*f)).cloned().collect();
        let name = self.corp_name(corp).to_string();
        if flags.iter().any(|f| f.ends_game) && !self.st.corps[corp].reached_end {
            self.st.corps[corp].reached_end = true;
            self.fx.event("end_cell_reached", [("corp", Var::Str(name.clone()))]);
        }
        if flags.iter().any(|f| f.closes) {
            self.fx.event("closing_cell_reached", [("corp", Var::Str(name))]);
        }
    }
}

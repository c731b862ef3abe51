//! Who is president after certificates change hands: the core's rule
//! (`Ops::presidency_candidate`), which a title's `president` hook may
//! change when the core hands the presidency on.

use super::Engine;
use crate::args;
use crate::game::ids::{CorpId, PlayerId};
use crate::game::ops::{GameError, GameResult};
use crate::game::var::Var;

impl Engine<'_> {
    /// The player who takes the presidency of `corp` now, if anyone, once
    /// its president has sold `then_sell` percent: the core's candidate,
    /// or whom the title's `president` hook names instead (`false` keeps
    /// the president). The hook is asked only when the core would hand
    /// the presidency on.
    pub fn next_president(&mut self, corp: CorpId, then_sell: u32) -> GameResult<Option<PlayerId>> {
        let Some(candidate) = self.ops().presidency_candidate(corp, then_sell) else { return Ok(None) };
        let Some(pres) = self.st.president(corp) else { return Ok(None) };
        if !self.rules.has_hook("president") {
            return Ok(Some(candidate));
        }
        let cid = self.st.corps[corp].id.clone();
        let (pname, cname) = (self.st.players[pres as usize].name.clone(), self.st.players[candidate as usize].name.clone());
        let Some(answer) = self.rules.hook("president", self.st, self.fx, args![cid.clone(), pname, cname])? else {
            return Ok(Some(candidate));
        };
        match answer.get(0) {
            Some(Var::Bool(false)) => Ok(None),
            Some(Var::Str(name)) => {
                let Some(p) = self.st.player_index(name) else {
                    return Err(GameError::Script(format!("script error in {}: it named `{name}`, who is not a player", answer.from())));
                };
                if p == pres {
                    return Ok(None);
                }
                if !self.ops().can_take_presidency(corp, p) {
                    return Err(GameError::Script(format!(
                        "script error in {}: it named {name}, who holds no certificates of {cid} worth the president's certificate to give in exchange",
                        answer.from()
                    )));
                }
                Ok(Some(p))
            }
            _ => Err(answer.wrong_type(0, "a player's name or false")),
        }
    }

    /// After a purchase or sale: hands the presidency on as the core's
    /// rule and the title's say.
    pub fn settle_presidency(&mut self, corp: CorpId) -> GameResult<bool> {
        match self.next_president(corp, 0)? {
            Some(new) => self.ops().hand_presidency(corp, new, 0),
            None => Ok(false),
        }
    }
}

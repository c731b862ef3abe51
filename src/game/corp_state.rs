//! Corporation states a title defines (`[[corporation_state]]` in
//! companies.toml: 18FB's building, provisional, definitive, frozen):
//! scripts move a corporation from one to the next, and the core holds it
//! to what its state allows (steps skipped, dividends, selling, the
//! sold-out rise, owning a train).

use super::ids::*;
use super::ops::{GameError, GameResult, Ops, Refusal};
use super::state::GameState;
use crate::title::Title;
use crate::title::schema::CorporationStateDef;

/// The corporation's state, if the title gives it one.
pub fn state_of<'t>(t: &'t Title, st: &GameState, corp: CorpId) -> Option<&'t CorporationStateDef> {
    st.corps[corp].state.and_then(|s| t.corporation_states.get(s as usize))
}

/// A refusal because of the corporation's state, citing the state's rule.
pub fn state_refusal(t: &Title, st: &GameState, corp: CorpId, what: &str) -> GameError {
    let s = state_of(t, st, corp);
    let name = s.map(|s| s.name.as_str()).unwrap_or("?");
    GameError::Refused(Refusal { message: format!("{} is {name}: {what}", st.corps[corp].id), rule: s.and_then(|s| s.rule.clone()) })
}

/// The state a corporation of this kind begins in (and returns to when
/// it closes or is merged away).
pub fn initial_state(t: &Title, kind: usize) -> Option<u16> {
    t.corporation_kinds.get(kind).and_then(|k| k.initial_state.as_deref()).and_then(|s| t.corporation_state_index(s)).map(|s| s as u16)
}

/// Does the corporation's state skip this operating step?
pub fn skips_step(t: &Title, st: &GameState, corp: CorpId, step: &str) -> bool {
    state_of(t, st, corp).is_some_and(|s| s.skips.iter().any(|x| x == step))
}

/// May the corporation choose this dividend ("payout", "half", "withhold")?
pub fn allows_dividend(t: &Title, st: &GameState, corp: CorpId, kind: &str) -> bool {
    state_of(t, st, corp).and_then(|s| s.dividends.as_ref()).is_none_or(|d| d.iter().any(|x| x == kind))
}

impl Ops<'_> {
    /// Moves the corporation to another state of the title's; a state's
    /// `next` list, when given, names the only states it may go to.
    pub fn set_corporation_state(&mut self, corp: CorpId, name: &str) -> GameResult<()> {
        let Some(to) = self.t.corporation_state_index(name) else {
            let names: Vec<&str> = self.t.corporation_states.iter().map(|s| s.name.as_str()).collect();
            return Err(GameError::Invalid(format!("no corporation state \"{name}\" (states: {})", names.join(", "))));
        };
        let from = state_of(self.t, self.st, corp);
        if let Some(f) = from
            && !f.next.is_empty()
            && !f.next.iter().any(|n| n == name)
        {
            return Err(GameError::Invalid(format!("{} is {}: it may become only {}, not {name}", self.st.corps[corp].id, f.name, f.next.join(" or "))));
        }
        if from.is_some_and(|f| f.name == name) {
            return Ok(());
        }
        self.st.corps[corp].state = Some(to as u16);
        let id = self.st.corps[corp].id.clone();
        self.log(format!("{id} is now {name}"));
        Ok(())
    }
}

//! A corporation changing its kind (1865's minor becoming a major,
//! R-083..R-086): its certificates are re-faced where they are.

use super::ids::*;
use super::ops::{GameError, GameResult, Ops};
use super::state::Cert;
use super::var::Var;

/// The certificates of a kind, one per card, in the order the game deals
/// them (`Game::new` does the same at setup).
pub fn kind_certs(t: &crate::title::Title, kind: usize) -> Vec<(u8, bool, Option<String>)> {
    t.corporation_kinds[kind].certificates.iter().flat_map(|cd| (0..cd.count).map(move |_| (cd.percent as u8, cd.president, cd.tag.clone()))).collect()
}

impl Ops<'_> {
    /// Makes `corp` a corporation of kind `to`: certificate i of its kind
    /// becomes certificate i of the new kind wherever it is (a player, the
    /// pool, an investor, the treasury, another corporation, removed), the
    /// president's staying the president's; the new kind's further
    /// certificates go to the treasury. Its market token stays, so with
    /// kinds whose certificates are worth the same share units (1865's
    /// 40 % of a minor and 20 % of a major are two units each) every
    /// certificate keeps its value. No money moves; its tokens and trains
    /// stay (a title sets the new kind's tokens itself, `set_tokens`). The
    /// presidency is then checked by the core's rule.
    pub fn convert_corp(&mut self, corp: CorpId, to: usize) -> GameResult<()> {
        let from = self.st.corps[corp].kind;
        let (cid, from_id, to_id) = (self.corp_name(corp).to_string(), self.t.corporation_kinds[from].id.clone(), self.t.corporation_kinds[to].id.clone());
        if from == to {
            return Err(GameError::Invalid(format!("{cid} is already of the kind {to_id}")));
        }
        let new = kind_certs(self.t, to);
        let old: Vec<Cert> = self.st.corps[corp].certs.clone();
        if new.len() < old.len() {
            return Err(GameError::Invalid(format!("{cid} has {} certificates; the kind {to_id} has only {}, so some would have no card", old.len(), new.len())));
        }
        if let Some(i) = (0..old.len()).find(|&i| old[i].president != new[i].1) {
            return Err(GameError::Invalid(format!(
                "certificate {i} of {cid} is {} the president's in the kind {from_id} but {} in {to_id}: the president's certificate must stay the president's",
                if old[i].president { "" } else { "not" },
                if new[i].1 { "is" } else { "is not" }
            )));
        }
        let mut certs: Vec<Cert> = old.iter().zip(&new).map(|(c, (percent, president, tag))| Cert { index: c.index, percent: *percent, president: *president, tag: tag.clone(), owner: c.owner }).collect();
        for (percent, president, tag) in new.into_iter().skip(old.len()) {
            certs.push(Cert { index: certs.len() as u16, percent, president, tag, owner: CertOwner::Treasury });
        }
        let added = certs.len() - old.len();
        let c = &mut self.st.corps[corp];
        c.certs = certs;
        c.kind = to;
        self.log(format!("{cid} converts from {from_id} to {to_id}{}", if added > 0 { format!(" ({added} new certificates in its treasury)") } else { String::new() }));
        self.fx.event("corporation_converted", [("corp", Var::Str(cid)), ("from", Var::Str(from_id)), ("to", Var::Str(to_id))]);
        self.check_presidency(corp, 0)?;
        Ok(())
    }
}

//! One corporation absorbs another (1865 Sardinia's absorptions, 18FB's
//! mergers): the target's assets go to the acquirer and the target is
//! reset to an unstarted corporation that may be launched again. The
//! title decides what the shareholders get and which tokens the acquirer
//! puts where (with `transfer`, `replace_token`, `place_token`...): the
//! core moves what any merger moves.
//!
//! Unlike `close_corp`, nothing leaves the game: the cash, trains and
//! companies change hands instead of returning to the bank or closing,
//! and the target is not marked closed.

use super::flow::PendingKind;
use super::ids::*;
use super::ops::{GameError, GameResult, Ops};
use super::state::Token;
use super::var::Var;

impl Ops<'_> {
    /// Merges `target` into `into`: its cash, trains (over the train limit
    /// or not: the caller asks for discards if it wants them), companies
    /// and the certificates of other corporations it holds go to `into`;
    /// then every certificate of the target returns to its treasury, its
    /// price leaves the market and it is no longer started, floated or
    /// operated. Its station tokens return to its charter unless
    /// `keep_tokens` (the title then replaces or removes them itself).
    /// Checks come first: a refused merger changes nothing.
    pub fn merge_corp(&mut self, target: CorpId, into: CorpId, keep_tokens: bool) -> GameResult<()> {
        let (tname, iname) = (self.corp_name(target).to_string(), self.corp_name(into).to_string());
        if target == into {
            return Err(GameError::Invalid(format!("{tname} cannot merge into itself")));
        }
        let t = &self.st.corps[target];
        if !t.in_play || t.closed || !t.started {
            return Err(GameError::Invalid(format!("{tname} is not a started corporation in play: there is nothing to merge")));
        }
        let i = &self.st.corps[into];
        if !i.in_play || i.closed {
            return Err(GameError::Invalid(format!("{iname} is not in play: nothing can merge into it")));
        }
        // The one step that can fail (a purse beyond MAX_AMOUNT): first.
        let cash = self.st.corps[target].cash;
        self.transfer(Purse::Corp(target), Purse::Corp(into), cash)?;

        for tr in self.st.trains.iter_mut() {
            if tr.owner == TrainOwner::Corp(target) {
                tr.owner = TrainOwner::Corp(into);
            }
        }
        let companies: Vec<CompanyId> = self.st.company_ids().filter(|c| self.st.companies[*c].owner == CompanyOwner::Corp(target)).collect();
        for co in companies {
            self.give_company(co, CompanyOwner::Corp(into))?;
        }
        // Shares the target holds: to the acquirer, its own back to its treasury.
        for c in self.st.corp_ids().collect::<Vec<_>>() {
            let back = if c == into { CertOwner::Treasury } else { CertOwner::Corp(into) };
            let held: Vec<u16> = self.st.corps[c].certs.iter().filter(|x| x.owner == CertOwner::Corp(target)).map(|x| x.index).collect();
            for index in held {
                self.move_cert(c, index, back);
            }
        }
        self.reset_merged(target, keep_tokens);
        self.log(format!("{tname} merges into {iname}"));
        self.fx.event("corporation_merged", [("target", Var::Str(tname)), ("into", Var::Str(iname))]);
        Ok(())
    }

    /// The merged target as if never started: certificates in its
    /// treasury, no price, par, home or bonuses, no decision waiting on it.
    fn reset_merged(&mut self, target: CorpId, keep_tokens: bool) {
        if !keep_tokens {
            let placed: Vec<HexId> = self.st.corps[target].tokens.iter().filter_map(|t| t.placed.map(|p| p.0)).collect();
            for h in placed {
                self.remove_token(target, h, false);
            }
            let costs = self.token_costs(target);
            self.st.corps[target].tokens = costs.into_iter().map(|cost| Token { cost, placed: None, lost: false }).collect();
        }
        self.st.board.stop_bonuses.retain(|b| b.corp != target);
        // Its discards, par or home choices, presidency questions: gone
        // with its shareholders and trains.
        self.st.flow.pending.retain(|p| {
            !matches!(&p.kind,
                PendingKind::DiscardTrain { corp: c } | PendingKind::Par { corp: c, .. } | PendingKind::Home { corp: c, .. }
                | PendingKind::PresidentSwap { corp: c, .. } | PendingKind::SaleConsent { corp: c, .. } if *c == target)
                && !matches!(&p.kind, PendingKind::TrainSaleConsent { corp: c, seller: s, .. } if *c == target || *s == target)
        });
        let c = &mut self.st.corps[target];
        for cert in c.certs.iter_mut() {
            cert.owner = CertOwner::Treasury;
        }
        c.started = false;
        c.floated = false;
        c.operated = 0;
        c.price = None;
        c.par = None;
        c.home = None;
        c.reached_end = false;
        c.state = crate::game::corp_state::initial_state(self.t, c.kind);
    }
}

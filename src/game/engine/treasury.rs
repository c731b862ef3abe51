//! A corporation's treasury outside its trains: issuing and redeeming
//! shares, and buying companies from players.

use crate::game::ops::GameError;
use crate::args;
use super::Engine;
use crate::game::flow::{Pending, PendingKind};
use crate::game::ids::*;
use crate::game::market::{Dir, price_of};
use crate::game::ops::GameResult;
use crate::title::schema::Capitalization;
use crate::game::refusals::RuleKey;

/// What bars a corporation's purchase of a company by the data alone
/// (`company_purchase_barred`).
pub(super) enum Barred {
    /// The phase allows no purchases by corporations.
    Phase,
    /// The company's `corporations_may_buy = false`.
    NotForCorps,
    /// The corporation's kind owns no companies.
    Kind,
}

impl Engine<'_> {
    pub(super) fn can_issue_or_redeem(&mut self, corp: CorpId) -> GameResult<bool> {
        let c = &self.st.corps[corp];
        if self.t.corporation_kinds[c.kind].capitalization != Capitalization::Incremental {
            return Ok(false);
        }
        let treasury = self.st.percent(corp, CertOwner::Treasury);
        let pool = self.st.percent(corp, CertOwner::Pool);
        // Some treasury certificate must still fit in the pool.
        let room = self.t.settings.pool_limit_percent.saturating_sub(pool);
        let fits = c.certs.iter().any(|x| x.owner == CertOwner::Treasury && !x.president && x.percent as u32 <= room);
        let may_issue = treasury > 0 && fits && c.operated > 0 && self.or().turn.redeemed == 0;
        let may_redeem = pool > 0 && self.or().turn.issued == 0 && self.or().turn.redeemed == 0 && c.cash >= price_of(self.t, self.st, corp);
        Ok(may_issue || may_redeem)
    }

    pub(super) fn issue(&mut self, corp: CorpId, count: u32, chosen: Option<&[u16]>) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        if count == 0 {
            return self.refuse(RuleKey::IssueNothing, "issue at least one certificate");
        }
        if self.or().turn.redeemed > 0 || self.or().turn.issued > 0 {
            return self.refuse(RuleKey::IssueEither, format!("{id} may issue or buy back once per turn, not both"));
        }
        if self.st.corps[corp].operated == 0 {
            return self.refuse(RuleKey::IssueFirstOr, format!("{id} may not issue shares in its first operating round"));
        }
        let mut picked: Vec<u16> = self.st.corps[corp]
            .certs
            .iter()
            .filter(|c| c.owner == CertOwner::Treasury && !c.president && c.tag.is_none())
            .map(|c| c.index)
            .collect();
        picked.truncate(count as usize);
        if (picked.len() as u32) < count {
            // Special certificates (the last one) go after the ordinary ones.
            let more: Vec<u16> = self.st.corps[corp]
                .certs
                .iter()
                .filter(|c| c.owner == CertOwner::Treasury && !c.president && c.tag.is_some())
                .map(|c| c.index)
                .collect();
            picked.extend(more.into_iter().take(count as usize - picked.len()));
        }
        if (picked.len() as u32) < count {
            return self.refuse(RuleKey::IssueTreasury, format!("{id} has only {} certificates in its treasury", picked.len()));
        }
        if let Some(list) = chosen {
            let ok = list.len() as u32 == count
                && list.iter().all(|i| self.st.corps[corp].certs.iter().any(|c| c.index == *i && c.owner == CertOwner::Treasury && !c.president));
            if !ok {
                return self.refuse(RuleKey::IssueTreasury, format!("those are not {count} certificates in {id}'s treasury"));
            }
            picked = list.to_vec();
        }
        // The title's rules see which certificates would go (1849-R-092).
        self.rules.check("can_issue", self.st, self.fx, args![id.clone(), count, picked.clone()])?;
        let pct: u32 = picked.iter().map(|i| self.st.corps[corp].certs.iter().find(|c| c.index == *i).map_or(0, |c| c.percent as u32)).sum();
        let pool = self.st.percent(corp, CertOwner::Pool);
        if pool + pct > self.t.settings.pool_limit_percent {
            return self.refuse(RuleKey::StockPoolLimit, format!("the pool may hold at most {} % of {id}", self.t.settings.pool_limit_percent));
        }
        let price = price_of(self.t, self.st, corp);
        let amount = crate::game::shares::worth(self.t, self.st, corp, price, pct as i64);
        for i in &picked {
            self.ops().move_cert(corp, *i, CertOwner::Pool);
        }
        self.ops().transfer(Purse::Bank, Purse::Corp(corp), amount)?;
        self.fx.log.push(format!("{id} issues {pct} % for {}", self.t.money(amount)));
        self.ops().move_price(corp, Dir::Down, pct / 10)?;
        self.or_mut().turn.issued += count;
        let step = self.current_step().unwrap_or_default();
        self.step_done(step);
        Ok(())
    }

    pub(super) fn redeem(&mut self, corp: CorpId, index: Option<u16>) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        if self.or().turn.issued > 0 || self.or().turn.redeemed > 0 {
            return self.refuse(RuleKey::RedeemEither, format!("{id} may issue or buy back once per turn, not both"));
        }
        // An ordinary certificate first; a special one only when none is in the pool.
        let cert = {
            let certs = &self.st.corps[corp].certs;
            match index {
                Some(i) => certs.iter().find(|c| c.index == i && c.owner == CertOwner::Pool).cloned(),
                None => certs
                    .iter()
                    .filter(|c| c.owner == CertOwner::Pool && c.tag.is_none())
                    .min_by_key(|c| c.index)
                    .or_else(|| certs.iter().filter(|c| c.owner == CertOwner::Pool).min_by_key(|c| c.index))
                    .cloned(),
            }
        };
        let Some(cert) = cert else { return self.refuse(RuleKey::RedeemNone, format!("no certificate of {id} is in the pool")) };
        // A special certificate (1849's last certificate) only when no
        // ordinary one is in the pool.
        if cert.tag.is_some()
            && !cert.president
            && self.st.corps[corp].certs.iter().any(|c| c.owner == CertOwner::Pool && c.tag.is_none() && !c.president)
        {
            return self.refuse(
                RuleKey::RedeemSpecialLast,
                format!("the {} certificate of {id} may be bought back only when no ordinary certificate is in the pool", cert.tag.as_deref().unwrap_or("special")),
            );
        }
        let price = crate::game::shares::worth(self.t, self.st, corp, price_of(self.t, self.st, corp), cert.percent as i64);
        if self.st.corps[corp].cash < price {
            return self.refuse(RuleKey::MoneyInsufficient, format!("buying back costs {}", self.t.money(price)));
        }
        self.ops().transfer(Purse::Corp(corp), Purse::Bank, price)?;
        self.ops().move_cert(corp, cert.index, CertOwner::Treasury);
        self.fx.log.push(format!("{id} buys back {} % from the pool for {}", cert.percent, self.t.money(price)));
        self.or_mut().turn.redeemed += 1;
        let step = self.current_step().unwrap_or_default();
        self.step_done(step);
        Ok(())
    }

    // ------------------------------------------------------- any time

    pub fn company_price_range(&mut self, corp: CorpId, co: CompanyId) -> GameResult<(i64, i64)> {
        let def = &self.t.companies[self.st.companies[co].def];
        let min = def.min_price_multiple.map_or(1, |m| ((def.value as f64) * m).ceil() as i64).max(1);
        let max = def.max_price_multiple.map_or(def.value, |m| ((def.value as f64) * m).floor() as i64);
        let id = self.st.corps[corp].id.clone();
        let cid = self.st.companies[co].id.clone();
        let r = match self.rules.hook("company_price_range", self.st, self.fx, args![id, cid, min, max])? {
            None => None,
            Some(a) => match (a.int(0)?, a.int(1)?) {
                (Some(lo), Some(hi)) => Some((lo, hi)),
                (None, None) => None,
                _ => return Err(GameError::Script(format!("script error in {}: it returned one bound where two (lowest, highest) were expected", a.from()))),
            },
        };
        match r {
            Some((lo, hi)) => Ok((crate::game::money::from_hook("company_price_range", lo, 0)?, crate::game::money::from_hook("company_price_range", hi, 0)?)),
            None => Ok((min, max)),
        }
    }

    /// Why the data alone bars `corp` from buying `co` now, before any
    /// hook is asked: `corp_buys_company` refuses so, and an operating
    /// turn's listing leaves such purchases out (game/engine/legal.rs).
    pub(super) fn company_purchase_barred(&self, corp: CorpId, co: CompanyId) -> Option<Barred> {
        if !self.t.phases[self.st.phase].buy_companies {
            Some(Barred::Phase)
        } else if !self.t.companies[self.st.companies[co].def].corporations_may_buy {
            Some(Barred::NotForCorps)
        } else if !self.t.corporation_kinds[self.st.corps[corp].kind].can_own_companies {
            Some(Barred::Kind)
        } else {
            None
        }
    }

    pub fn corp_buys_company(&mut self, corp: CorpId, company: &str, price: i64) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        let Some(co) = self.st.company_index(company) else { return self.refuse(RuleKey::CompanyUnknown, format!("there is no company \"{company}\"")) };
        let def = self.t.companies[self.st.companies[co].def].clone();
        if let Some(barred) = self.company_purchase_barred(corp, co) {
            let (key, message) = match barred {
                Barred::Phase => (RuleKey::CompanyPhase, format!("corporations may not buy companies in phase {}", self.t.phases[self.st.phase].name)),
                Barred::NotForCorps => (RuleKey::CompanyNotForCorps, format!("{} can never be bought by a corporation", def.id)),
                Barred::Kind => (RuleKey::CompanyKind, format!("{id} may not own companies")),
            };
            return self.refuse(key, message);
        }
        let CompanyOwner::Player(seller) = self.st.companies[co].owner else {
            return self.refuse(RuleKey::CompanyNotPlayerOwned, format!("{} is not owned by a player", def.id));
        };
        self.rules.check("can_buy_company", self.st, self.fx, args![id.clone(), def.id.clone()])?;
        let (min, max) = self.company_price_range(corp, co)?;
        if price < min || price > max {
            return self.refuse(RuleKey::CompanyPrice, format!("{} may be bought for {} to {}", def.id, self.t.money(min), self.t.money(max)));
        }
        if self.st.corps[corp].cash < price {
            return self.refuse(RuleKey::MoneyInsufficient, format!("{id} has only {}", self.t.money(self.st.corps[corp].cash)));
        }
        // The owner's consent, when the title asks for it: not from the
        // buyer's own president (who decides both sides), nor from a player
        // who has left the game.
        if self.t.settings.company_sale_consent && self.st.president(corp) != Some(seller) && !self.st.players[seller as usize].left {
            let name = self.st.players[seller as usize].name.clone();
            self.fx.log.push(format!("{id} offers {} for {} to {name}", self.t.money(price), def.id));
            self.st.flow.pending.push(Pending { actor: Actor::Player(seller), kind: PendingKind::SaleConsent { corp, company: co, price } });
            return Ok(());
        }
        self.sell_company_to_corp(corp, co, seller, price)
    }

    /// The sale itself: the price to the player, the company to the corporation.
    pub(super) fn sell_company_to_corp(&mut self, corp: CorpId, co: CompanyId, seller: PlayerId, price: i64) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        let company = self.st.companies[co].id.clone();
        self.ops().transfer(Purse::Corp(corp), Purse::Player(seller), price)?;
        self.ops().give_company(co, CompanyOwner::Corp(corp))?;
        self.fx.log.push(format!("{id} buys {company} from {} for {}", self.st.players[seller as usize].name, self.t.money(price)));
        Ok(())
    }
}

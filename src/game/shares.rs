//! Certificates: who holds what, presidency and its exchanges.

use super::flow::{Pending, PendingKind};
use super::ids::*;
use super::ops::{Effects, GameResult, Ops};
use super::state::GameState;
use super::var::Var;
use crate::game::refusals::RuleKey;

/// Percent held, by player, for one corporation.
pub fn holdings(st: &GameState, corp: CorpId) -> Vec<u32> {
    let mut out = vec![0u32; st.players.len()];
    for c in &st.corps[corp].certs {
        if let CertOwner::Player(p) = c.owner {
            out[p as usize] += c.percent as u32;
        }
    }
    out
}

/// What `percent` of a corporation is worth at `price` (the price of one
/// unit, `unit_percent` of its kind; 10 % by default).
pub fn worth(t: &crate::title::Title, st: &GameState, corp: CorpId, price: i64, percent: i64) -> i64 {
    let unit = t.corporation_kinds[st.corps[corp].kind].unit_percent.max(1) as i64;
    price * percent / unit
}

/// The smallest step in which a corporation's shares can be sold: the
/// greatest common divisor of its certificates' percents (10 for 10 % and
/// 20 % certificates, 25 for 1844's pre-SBB companies, 5 for the SBB).
pub fn sell_unit(st: &GameState, corp: CorpId) -> u32 {
    fn gcd(a: u32, b: u32) -> u32 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    st.corps[corp].certs.iter().map(|c| c.percent as u32).fold(0, gcd).max(1)
}

/// The sales of one corporation a player may try: each multiple of the
/// sell unit up to what they hold, then each tagged certificate other than
/// the president's on its own. Which of them are legal is what `apply`
/// accepts (stock rounds, emergency money, raising money).
pub fn sale_candidates(st: &GameState, corp: CorpId, p: PlayerId) -> Vec<super::action::Action> {
    use super::action::Action;
    let c = &st.corps[corp];
    let held: u32 = c.certs.iter().filter(|x| x.owner == CertOwner::Player(p)).map(|x| x.percent as u32).sum();
    let unit = sell_unit(st, corp);
    let mut out: Vec<Action> = (1..=held / unit).map(|k| Action::Sell { corp: c.id.clone(), percent: k * unit, certs: None, tag: None }).collect();
    for x in c.certs.iter().filter(|x| x.owner == CertOwner::Player(p) && x.tag.is_some() && !x.president) {
        out.push(Action::Sell { corp: c.id.clone(), percent: 0, certs: None, tag: x.tag.clone() });
    }
    out
}

/// Certificates counted toward a player's limit (shares of started
/// corporations, and companies that count).
pub fn cert_count(t: &crate::title::Title, st: &GameState, p: PlayerId) -> u32 {
    let shares = st
        .corps
        .iter()
        .flat_map(|c| c.certs.iter())
        .filter(|c| c.owner == CertOwner::Player(p))
        .count() as u32;
    let companies = st
        .companies
        .iter()
        .filter(|c| c.owner == CompanyOwner::Player(p) && t.companies[c.def].counts_for_limit)
        .count() as u32;
    shares + companies
}

/// Subsets of `certs` (index, percent) whose percents add up to `want`,
/// as distinct compositions (by the multiset of percents and tags).
pub fn exchange_options(st: &GameState, corp: CorpId, holder: PlayerId, want: u32) -> Vec<Vec<u16>> {
    let certs: Vec<(u16, u32, Option<String>)> = st.corps[corp]
        .certs
        .iter()
        .filter(|c| c.owner == CertOwner::Player(holder) && !c.president)
        .map(|c| (c.index, c.percent as u32, c.tag.clone()))
        .collect();
    let mut out: Vec<Vec<u16>> = Vec::new();
    let mut seen: Vec<Vec<(u32, Option<String>)>> = Vec::new();
    let n = certs.len().min(16);
    for mask in 1u32..(1 << n) {
        let pick: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let sum: u32 = pick.iter().map(|&i| certs[i].1).sum();
        if sum != want {
            continue;
        }
        let mut shape: Vec<(u32, Option<String>)> = pick.iter().map(|&i| (certs[i].1, certs[i].2.clone())).collect();
        shape.sort();
        if seen.contains(&shape) {
            continue;
        }
        seen.push(shape);
        out.push(pick.iter().map(|&i| certs[i].0).collect());
    }
    out
}

impl Ops<'_> {
    pub fn move_cert(&mut self, corp: CorpId, index: u16, to: CertOwner) {
        if let Some(c) = self.st.corps[corp].certs.iter_mut().find(|c| c.index == index) {
            c.owner = to;
        }
    }

    /// After a purchase or sale: hand the presidency to the player the
    /// core's rule names (`presidency_candidate`), if any.
    pub fn check_presidency(&mut self, corp: CorpId, then_sell: u32) -> GameResult<bool> {
        let candidate = self.presidency_candidate(corp, then_sell);
        match candidate {
            Some(new) => self.hand_presidency(corp, new, then_sell),
            None => Ok(false),
        }
    }

    /// The core's rule: the presidency goes to a player holding strictly
    /// more than the president (after the president sells `then_sell`
    /// percent); ties go to the first such player clockwise from the
    /// outgoing president. `None`: it stays.
    pub fn presidency_candidate(&self, corp: CorpId, then_sell: u32) -> Option<PlayerId> {
        let pres = self.st.president(corp)?;
        let held = holdings(self.st, corp);
        let pres_after = held[pres as usize].saturating_sub(then_sell);
        // Ties go to the first such player after the outgoing president in
        // the stock round's order of turns (1844-R-040: its order is by
        // cash, not seating); elsewhere, and without such an order, seating.
        let order: Vec<PlayerId> = match &self.st.flow.round.data {
            crate::game::flow::RoundData::Stock(s) if s.order.contains(&pres) => s.order.clone(),
            _ => (0..self.st.players.len() as PlayerId).collect(),
        };
        let at = order.iter().position(|&p| p == pres).unwrap_or(0);
        let mut best: Option<PlayerId> = None;
        for k in 1..order.len() {
            let q = order[(at + k) % order.len()];
            if held[q as usize] > pres_after && best.is_none_or(|b| held[q as usize] > held[b as usize]) {
                best = Some(q);
            }
        }
        best
    }

    /// Whether `new` could take the presidency of `corp`: they hold
    /// certificates worth the president's certificate to give in exchange.
    pub fn can_take_presidency(&self, corp: CorpId, new: PlayerId) -> bool {
        let pres_percent = self.st.president_percent(corp);
        self.st.president(corp).is_some_and(|p| p != new) && !exchange_options(self.st, corp, new, pres_percent).is_empty()
    }

    /// Hands the presidency of `corp` to `new`. The new president gives
    /// the old one certificates worth the president's certificate; when
    /// there is more than one way, the outgoing president chooses (a
    /// pending decision). `then_sell` percent are then sold by the
    /// outgoing president.
    pub fn hand_presidency(&mut self, corp: CorpId, new: PlayerId, then_sell: u32) -> GameResult<bool> {
        let Some(pres) = self.st.president(corp) else { return Ok(false) };
        if pres == new {
            return Ok(false);
        }
        let pres_percent = self.st.president_percent(corp);
        let mut options = exchange_options(self.st, corp, new, pres_percent);
        if self.t.settings.president_swap == crate::title::schema::PresidentSwap::Fewest && !options.is_empty() {
            // The fewest certificates: a double rather than two singles (1844-R-198).
            let least = options.iter().map(Vec::len).min().unwrap_or(0);
            options.retain(|o| o.len() == least);
            options.truncate(1);
        }
        if then_sell > 0 {
            // The sale comes out of what the outgoing president holds after
            // the exchange: an exchange after which no certificates worth
            // exactly the sale are left cannot be offered, and with none
            // left the sale is not possible at all (1849-R-077, A-19: the
            // last certificate is indivisible).
            options.retain(|given| self.sale_after_exchange(corp, pres, new, given, then_sell));
            if options.is_empty() {
                let (cn, pn) = (self.corp_name(corp).to_string(), self.player_name(pres).to_string());
                return self.refuse(
                    RuleKey::StockSellExact,
                    format!("{pn} cannot sell {then_sell} % of {cn}: after the presidency changes hands no certificates worth exactly that would be left to sell"),
                );
            }
        }
        if options.is_empty() {
            // The new president cannot hand over the exact amount: no change.
            return Ok(false);
        }
        if options.len() == 1 {
            self.swap_president(corp, pres, new, &options[0]);
            if then_sell > 0 {
                self.sell_to_pool(corp, pres, then_sell, None)?;
            }
        } else {
            self.st.flow.pending.push(Pending {
                actor: Actor::Player(pres),
                kind: PendingKind::PresidentSwap { corp, from: new, options, then_sell },
            });
        }
        Ok(true)
    }

    /// Would `old`, handing the presidency to `new` for the certificates
    /// `given`, then hold certificates worth exactly `percent` to sell?
    /// Tried on a copy.
    fn sale_after_exchange(&self, corp: CorpId, old: PlayerId, new: PlayerId, given: &[u16], percent: u32) -> bool {
        let mut st = self.st.clone();
        let mut fx = Effects::default();
        let mut probe = Ops::new(self.t, &mut st, &mut fx);
        probe.swap_president(corp, old, new, given);
        probe.pick_certs(corp, CertOwner::Player(old), percent).is_some()
    }

    pub fn swap_president(&mut self, corp: CorpId, old: PlayerId, new: PlayerId, given: &[u16]) {
        let pres_index = self.st.corps[corp].certs.iter().find(|c| c.president).map_or(0, |c| c.index);
        self.move_cert(corp, pres_index, CertOwner::Player(new));
        for &i in given {
            self.move_cert(corp, i, CertOwner::Player(old));
        }
        let (cn, on, nn) = (self.corp_name(corp).to_string(), self.player_name(old).to_string(), self.player_name(new).to_string());
        self.log(format!("{nn} becomes president of {cn} (from {on})"));
        self.fx.event("president_changed", [("corp", Var::Str(cn)), ("from", Var::Str(on)), ("to", Var::Str(nn))]);
    }

    /// Picks certificates of `owner` worth `percent` to sell, ordinary
    /// ones first, never the president's; `None` if no exact set exists.
    pub fn pick_certs(&self, corp: CorpId, owner: CertOwner, percent: u32) -> Option<Vec<u16>> {
        let mut certs: Vec<(u16, u32, bool)> = self.st.corps[corp]
            .certs
            .iter()
            .filter(|c| c.owner == owner && !c.president)
            .map(|c| (c.index, c.percent as u32, c.tag.is_some()))
            .collect();
        // Ordinary certificates first, smallest first, so special ones stay.
        certs.sort_by_key(|&(i, p, special)| (special, p, i));
        let n = certs.len().min(16);
        let mut best: Option<Vec<u16>> = None;
        for mask in 1u32..(1 << n) {
            let sum: u32 = (0..n).filter(|i| mask & (1 << i) != 0).map(|i| certs[i].1).sum();
            if sum == percent {
                let pick: Vec<u16> = (0..n).filter(|i| mask & (1 << i) != 0).map(|i| certs[i].0).collect();
                let specials = (0..n).filter(|&i| mask & (1 << i) != 0 && certs[i].2).count();
                let score = (specials, pick.len());
                let better = match &best {
                    None => true,
                    Some(b) => {
                        let bs = b.iter().filter(|i| certs.iter().any(|c| c.0 == **i && c.2)).count();
                        score < (bs, b.len())
                    }
                };
                if better {
                    best = Some(pick);
                }
            }
        }
        best
    }

    /// Puts `percent` of a player's certificates into the pool and pays
    /// them at the current price (before the price drop, done by the caller).
    pub fn sell_to_pool(&mut self, corp: CorpId, seller: PlayerId, percent: u32, certs: Option<&[u16]>) -> GameResult<i64> {
        let picked = match certs {
            Some(c) => c.to_vec(),
            None => match self.pick_certs(corp, CertOwner::Player(seller), percent) {
                Some(c) => c,
                None => {
                    let name = self.corp_name(corp).to_string();
                    return self.refuse(RuleKey::StockSellExact, format!("no certificates of {name} worth exactly {percent} % can be sold"));
                }
            },
        };
        let price = self.share_price(corp);
        let mut total = 0i64;
        for i in &picked {
            let cert = self.st.corps[corp].certs.iter().find(|c| c.index == *i).cloned();
            let Some(cert) = cert else { continue };
            total += worth(self.t, self.st, corp, price, cert.percent as i64);
            self.move_cert(corp, *i, CertOwner::Pool);
        }
        self.transfer(Purse::Bank, Purse::Player(seller), total)?;
        Ok(total)
    }
}

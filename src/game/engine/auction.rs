//! The company sale of the opening round (1830 style, as in 1849 §8 and
//! 1844): on a turn a player buys the cheapest unsold company at its price,
//! bids on a dearer one, or passes. When a company with bids becomes the
//! cheapest, its bidders settle it: one bid buys; several bid it up, the
//! lowest bidder raising or dropping out, until one remains.

use super::Engine;
use crate::game::action::Action;
use crate::game::flow::{AuctionRound, Bid, RoundData};
use crate::game::ids::*;
use crate::game::ops::GameResult;
use crate::game::var::Var;
use crate::game::refusals::RuleKey;

impl Engine<'_> {
    pub(super) fn auction(&self) -> &AuctionRound {
        match &self.st.flow.round.data {
            RoundData::Auction(a) => a,
            _ => unreachable!("auction state outside the auction round"),
        }
    }

    pub(super) fn auction_mut(&mut self) -> &mut AuctionRound {
        match &mut self.st.flow.round.data {
            RoundData::Auction(a) => a,
            _ => unreachable!("auction state outside the auction round"),
        }
    }

    /// Companies for sale in the opening auction, in order.
    pub(super) fn auction_lots(&self) -> Vec<CompanyId> {
        self.st.company_ids()
            .filter(|&c| self.t.companies[self.st.companies[c].def].auctioned)
            .collect()
    }

    pub(super) fn unsold_lots(&self) -> Vec<CompanyId> {
        self.auction_lots().into_iter().filter(|&c| self.st.companies[c].owner == CompanyOwner::Bank).collect()
    }

    /// Current price of the cheapest lot (face value less the discount).
    pub(super) fn lot_price(&self, co: CompanyId) -> i64 {
        let value = self.t.companies[self.st.companies[co].def].value;
        let first = self.auction_lots().first() == Some(&co);
        if first { (value - self.auction().discount).max(0) } else { value }
    }

    /// Money a player has not set aside for bids.
    pub(super) fn spendable(&self, p: PlayerId) -> i64 {
        let committed: i64 = self.auction().bids.iter().filter(|b| b.player == p).map(|b| b.price).sum();
        self.st.players[p as usize].cash - committed
    }

    pub(super) fn highest_bid(&self, co: CompanyId) -> Option<i64> {
        self.auction().bids.iter().filter(|b| b.company == co).map(|b| b.price).max()
    }

    /// The bidder who must act in a resolution: the lowest current bid.
    pub(super) fn resolution_actor(&self, co: CompanyId) -> Option<PlayerId> {
        let a = self.auction();
        a.bids.iter().filter(|b| b.company == co && !a.dropped.contains(&b.player)).min_by_key(|b| (b.price, b.player)).map(|b| b.player)
    }

    pub(super) fn company_name(&self, co: CompanyId) -> String {
        let c = &self.st.companies[co];
        let def = &self.t.companies[c.def];
        match &def.abbr {
            Some(a) => format!("{} ({a})", c.id),
            None => c.id.clone(),
        }
    }

    pub(super) fn auction_action(&mut self, action: &Action) -> GameResult<()> {
        let actor = self.auction().current;
        if let Some(co) = self.auction().resolving {
            return self.resolution_action(co, actor, action);
        }
        let lots = self.unsold_lots();
        let Some(&cheapest) = lots.first() else {
            return self.refuse(RuleKey::AuctionOver, "every company is sold");
        };
        let name = self.st.players[actor as usize].name.clone();
        match action {
            Action::BuyCompany { company, price } => {
                let co = self.find_company(company)?;
                if co != cheapest {
                    return self.refuse(
                        RuleKey::AuctionBuyCheapest,
                        format!("only the cheapest unsold company, {}, can be bought outright; bid on {} instead", self.company_name(cheapest), self.company_name(co)),
                    );
                }
                let cost = self.lot_price(co);
                if let Some(p) = price
                    && *p != cost
                {
                    return self.refuse(RuleKey::AuctionPrice, format!("{} costs {} now", self.company_name(co), self.t.money(cost)));
                }
                if self.spendable(actor) < cost {
                    return self.refuse(
                        RuleKey::AuctionSpendable,
                        format!("{name} has {} not set aside for bids; {} costs {}", self.t.money(self.spendable(actor)), self.company_name(co), self.t.money(cost)),
                    );
                }
                self.sell_lot(co, actor, cost)?;
                let a = self.auction_mut();
                a.last_direct_buyer = Some(actor);
                a.last_actor = Some(actor);
                a.passes = 0;
                a.discount_opener = None;
                a.resume = None;
                let next = self.st.next_player(actor);
                self.auction_mut().resume = Some(next);
                self.auction_mut().current = next;
                self.resolve_chain()?;
            }
            Action::Bid { company, price } => {
                let co = self.find_company(company)?;
                if self.st.companies[co].owner != CompanyOwner::Bank {
                    return self.refuse(RuleKey::AuctionSold, format!("{} is already sold", self.company_name(co)));
                }
                if co == cheapest {
                    return self.refuse(RuleKey::AuctionNoBidCheapest, format!("{} is the cheapest: buy it for {} or bid on another", self.company_name(co), self.t.money(self.lot_price(co))));
                }
                if self.auction().bids.iter().any(|b| b.company == co && b.player == actor) {
                    return self.refuse(RuleKey::AuctionBidTwice, format!("{name} already bids on {}; raising happens when it is settled", self.company_name(co)));
                }
                let value = self.t.companies[self.st.companies[co].def].value;
                let raise = self.t.settings.min_raise;
                let min = value.max(self.highest_bid(co).unwrap_or(value)) + raise;
                let min = if self.highest_bid(co).is_none() { value + raise } else { min };
                if *price < min {
                    return self.refuse(RuleKey::AuctionMinBid, format!("a bid on {} must be at least {}", self.company_name(co), self.t.money(min)));
                }
                if self.spendable(actor) < *price {
                    return self.refuse(RuleKey::AuctionSpendable, format!("{name} has only {} not already set aside for bids", self.t.money(self.spendable(actor))));
                }
                self.auction_mut().bids.push(Bid { company: co, player: actor, price: *price });
                self.fx.log.push(format!("{name} bids {} on {}", self.t.money(*price), self.company_name(co)));
                let a = self.auction_mut();
                a.passes = 0;
                a.last_actor = Some(actor);
                a.discount_opener = None;
                let next = self.st.next_player(actor);
                self.auction_mut().current = next;
            }
            Action::Pass => {
                self.fx.log.push(format!("{name} passes"));
                let active = self.st.active_players().count() as u32;
                let a = self.auction_mut();
                a.passes += 1;
                a.last_actor = Some(actor);
                if a.discount_opener.is_none() {
                    a.discount_opener = Some(actor);
                }
                let full = a.passes >= active;
                let next = self.st.next_player(actor);
                self.auction_mut().current = next;
                if full {
                    self.everyone_passed(cheapest, actor)?;
                }
            }
            _ => return self.refuse(RuleKey::FlowWrongRound, "in the company sale you can buy the cheapest company, bid on another, or pass"),
        }
        Ok(())
    }

    fn find_company(&self, id: &str) -> GameResult<CompanyId> {
        match self.st.company_index(id) {
            Some(c) => Ok(c),
            None => {
                let by_abbr = self.st.companies.iter().position(|c| self.t.companies[c.def].abbr.as_deref().is_some_and(|a| a.eq_ignore_ascii_case(id)));
                match by_abbr {
                    Some(i) => Ok(CompanyId::from(i)),
                    None => self.refuse(RuleKey::CompanyUnknown, format!("there is no company \"{id}\"")),
                }
            }
        }
    }

    /// A full round of passes: the first company gets cheaper (down to
    /// free, when the player first offered it at the last step must take
    /// it), or for later companies the round restarts after paying revenue.
    fn everyone_passed(&mut self, cheapest: CompanyId, last_passer: PlayerId) -> GameResult<()> {
        let first = self.auction_lots().first() == Some(&cheapest);
        let step = self.t.settings.pass_discount;
        if first && step > 0 {
            let price = self.lot_price(cheapest);
            if price <= step {
                // Nobody took it at the last step: the player it was first
                // offered to at that price takes it for nothing.
                let taker = self.auction().discount_opener.unwrap_or_else(|| self.st.next_player(last_passer));
                self.auction_mut().discount = self.t.companies[self.st.companies[cheapest].def].value;
                self.sell_lot(cheapest, taker, 0)?;
                let next = self.st.next_player(taker);
                let a = self.auction_mut();
                a.last_direct_buyer = Some(taker);
                a.passes = 0;
                a.discount_opener = None;
                a.current = next;
                a.resume = Some(next);
                self.resolve_chain()?;
            } else {
                let a = self.auction_mut();
                a.discount += step;
                a.passes = 0;
                a.discount_opener = None;
                let p = self.lot_price(cheapest);
                self.fx.log.push(format!("nobody buys {}: its price drops to {}", self.company_name(cheapest), self.t.money(p)));
            }
        } else {
            // Companies already owned pay, and a new round of the sale begins
            // with the player after the last one to act.
            self.ops().pay_company_revenue()?;
            let next = self.st.next_player(last_passer);
            self.st.priority = next;
            let a = self.auction_mut();
            a.passes = 0;
            a.current = next;
            self.fx.log.push("a full round of passes: owned companies pay, and the sale goes on".to_string());
        }
        Ok(())
    }

    fn sell_lot(&mut self, co: CompanyId, to: PlayerId, price: i64) -> GameResult<()> {
        self.ops().transfer(Purse::Player(to), Purse::Bank, price)?;
        self.auction_mut().bids.retain(|b| b.company != co);
        self.ops().give_company(co, CompanyOwner::Player(to))?;
        let line = format!("{} buys {} for {}", self.st.players[to as usize].name, self.company_name(co), self.t.money(price));
        self.fx.log.push(line);
        let id = self.st.companies[co].id.clone();
        self.fx.event("company_sold", [("company", Var::Str(id)), ("player", Var::Str(self.st.players[to as usize].name.clone())), ("price", Var::Int(price))]);
        Ok(())
    }

    /// After a sale: settle companies with bids while they are the cheapest.
    fn resolve_chain(&mut self) -> GameResult<()> {
        loop {
            let lots = self.unsold_lots();
            let Some(&next) = lots.first() else { return Ok(()) };
            let bidders: Vec<Bid> = self.auction().bids.iter().filter(|b| b.company == next).cloned().collect();
            match bidders.len() {
                0 => {
                    let resume = self.auction().resume;
                    let a = self.auction_mut();
                    a.resolving = None;
                    a.dropped.clear();
                    if let Some(r) = resume {
                        a.current = r;
                    }
                    return Ok(());
                }
                1 => {
                    let b = &bidders[0];
                    self.sell_lot(next, b.player, b.price)?;
                }
                _ => {
                    let a = self.auction_mut();
                    a.resolving = Some(next);
                    a.dropped.clear();
                    if let Some(p) = self.resolution_actor(next) {
                        self.auction_mut().current = p;
                    }
                    self.fx.log.push(format!("{} is settled among its bidders", self.company_name(next)));
                    return Ok(());
                }
            }
        }
    }

    fn resolution_action(&mut self, co: CompanyId, actor: PlayerId, action: &Action) -> GameResult<()> {
        let name = self.st.players[actor as usize].name.clone();
        match action {
            Action::Bid { company, price } => {
                let c = self.find_company(company)?;
                if c != co {
                    return self.refuse(RuleKey::AuctionResolving, format!("{} is being settled: raise on it or drop out", self.company_name(co)));
                }
                let min = self.highest_bid(co).unwrap_or(0) + self.t.settings.min_raise;
                if *price < min {
                    return self.refuse(RuleKey::AuctionMinBid, format!("to stay in, bid at least {}", self.t.money(min)));
                }
                let own = self.auction().bids.iter().find(|b| b.company == co && b.player == actor).map_or(0, |b| b.price);
                if self.spendable(actor) + own < *price {
                    return self.refuse(RuleKey::AuctionSpendable, format!("{name} cannot cover a bid of {}", self.t.money(*price)));
                }
                if let Some(b) = self.auction_mut().bids.iter_mut().find(|b| b.company == co && b.player == actor) {
                    b.price = *price;
                }
                self.fx.log.push(format!("{name} raises to {}", self.t.money(*price)));
            }
            Action::Pass => {
                self.fx.log.push(format!("{name} drops out of {}", self.company_name(co)));
                let a = self.auction_mut();
                a.dropped.push(actor);
                a.bids.retain(|b| !(b.company == co && b.player == actor));
            }
            _ => return self.refuse(RuleKey::AuctionResolving, format!("{} is being settled: raise or drop out (pass)", self.company_name(co))),
        }
        let remaining: Vec<Bid> = self.auction().bids.iter().filter(|b| b.company == co).cloned().collect();
        if remaining.len() == 1 {
            let b = remaining[0].clone();
            self.auction_mut().resolving = None;
            self.sell_lot(co, b.player, b.price)?;
            self.resolve_chain()?;
        } else if let Some(p) = self.resolution_actor(co) {
            self.auction_mut().current = p;
        }
        Ok(())
    }

    /// Ends the sale once every company is sold.
    pub(super) fn auction_progress(&mut self) -> GameResult<bool> {
        if !self.unsold_lots().is_empty() || self.auction().resolving.is_some() {
            return Ok(false);
        }
        // The companies are sold in their order (a company with bids is
        // settled when it is the cheapest), so the last buyer owns the last.
        let last = match self.t.settings.auction_priority {
            crate::title::schema::AuctionPriority::AfterLastDirectBuyer => self.auction().last_direct_buyer,
            crate::title::schema::AuctionPriority::AfterLastBuyer => self.auction_lots().last().and_then(|&co| match self.st.companies[co].owner {
                CompanyOwner::Player(p) => Some(p),
                _ => None,
            }),
        };
        if let Some(p) = last {
            self.st.priority = self.st.next_player(p);
        }
        self.next_round()?;
        Ok(true)
    }
}

//! Stock rounds: sell, then buy one certificate or start a corporation.

use crate::game::rules::MaybeAnswer;
use crate::args;
use super::Engine;
use crate::game::action::{Action, ShareSource};
use crate::game::flow::{RoundData, StockRound};
use crate::game::ids::*;
use crate::game::market::{Dir, price_of};
use crate::game::ops::{GameError, GameResult};
use crate::game::shares::holdings;
use crate::game::state::Cert;
use crate::game::var::Var;
use crate::title::schema::{InvestorTurns, SellMove};
use crate::game::refusals::RuleKey;

impl Engine<'_> {
    pub(super) fn stock(&self) -> &StockRound {
        match &self.st.flow.round.data {
            RoundData::Stock(s) => s,
            _ => unreachable!("stock state outside a stock round"),
        }
    }

    pub(super) fn stock_mut(&mut self) -> &mut StockRound {
        match &mut self.st.flow.round.data {
            RoundData::Stock(s) => s,
            _ => unreachable!("stock state outside a stock round"),
        }
    }

    pub(super) fn find_corp(&self, id: &str) -> GameResult<CorpId> {
        match self.st.corp_index(id) {
            Some(c) if self.st.corps[c].in_play => Ok(c),
            Some(_) => self.refuse(RuleKey::CorpNotInPlay, format!("{id} is not in this game")),
            None => {
                let hint = crate::title::compile::did_you_mean(id, self.st.corps.iter().map(|c| c.id.as_str()));
                self.refuse(RuleKey::CorpUnknown, format!("there is no corporation \"{id}\"{}", hint.map(|h| format!(" ({h})")).unwrap_or_default()))
            }
        }
    }

    pub(super) fn stock_action(&mut self, action: &Action) -> GameResult<()> {
        let p = self.stock().current;
        match action {
            Action::Sell { corp, percent, certs, tag } => {
                if self.t.settings.sell_before_buy && self.stock().turn.bought > 0 {
                    return self.refuse(RuleKey::StockSellAfterBuy, "shares are sold before buying in a turn, not after");
                }
                if self.st.corp_index(corp).is_none() && self.st.company_index(corp).is_some() {
                    // A private company is no share: it is never sold to the bank (1844-R-028).
                    return self.refuse(RuleKey::StockSellCompany, format!("{corp} is a company, not shares: it cannot be sold to the bank"));
                }
                let c = self.find_corp(corp)?;
                if self.t.settings.one_sale_per_corporation && self.stock().turn.sold.contains(&c) {
                    let cid = self.st.corps[c].id.clone();
                    return self.refuse(RuleKey::StockOneSale, format!("{cid} was sold this turn already: all of it sold in a turn is one sale, at one price"));
                }
                let (percent, certs) = self.sell_what(p, c, *percent, certs.as_deref(), tag.as_deref())?;
                let before = (self.st.corps[c].price, self.st.corps[c].stack);
                self.sell_shares(p, c, percent, certs.as_deref(), false)?;
                if let (Some(pos), stack) = before
                    && !self.stock().turn.sold_from.iter().any(|x| x.0 == c)
                {
                    self.stock_mut().turn.sold_from.push((c, pos, stack));
                }
                if self.t.settings.sale_stacking != crate::title::schema::SaleStacking::SaleOrder {
                    self.restack_turn_sales();
                }
                let s = self.stock_mut();
                s.turn.sold.push(c);
                s.sold.insert((p, c));
                s.last_trader = Some(p);
            }
            Action::Par { corp, price, extra, home } => {
                self.check_can_buy_now(p)?;
                let c = self.find_corp(corp)?;
                self.par(p, c, *price, *extra, home.as_deref())?;
                self.stack_started_above_sales(p, c)?;
                let turn = &mut self.stock_mut().turn;
                turn.started = Some(c);
                turn.extra = *extra;
                self.after_buy(p)?;
            }
            Action::Buy { corp, from, tag, cert } => {
                let c = self.find_corp(corp)?;
                let turn = self.stock().turn.clone();
                if turn.started == Some(c) && turn.extra < self.t.settings.par_extra_certs {
                    // Extra certificates with the president's (1849-R-081).
                    if *from != ShareSource::Treasury || tag.is_some() {
                        return self.refuse(RuleKey::StockParExtra, "the extra certificates bought when starting are ordinary ones from the treasury");
                    }
                    if self.cert_count(p)? >= self.st.cert_limit {
                        return self.refuse(RuleKey::StockCertLimit, format!("{} is at the certificate limit of {}", self.st.players[p as usize].name, self.st.cert_limit));
                    }
                    self.buy_share(p, c, from.clone(), None, *cert)?;
                    self.stock_mut().turn.extra += 1;
                    if self.stock().turn.extra >= self.t.settings.par_extra_certs {
                        self.end_stock_turn(false);
                    }
                    return Ok(());
                }
                self.check_can_buy_now(p)?;
                self.buy_share(p, c, from.clone(), tag.as_deref(), *cert)?;
                self.after_buy(p)?;
            }
            Action::BuyCompany { company, .. } => {
                // Companies that do not count toward the certificate limit
                // (1844 mountain railways and tunnels) may be bought at it.
                let counts = self.st.company_index(company).is_none_or(|co| self.t.companies[self.st.companies[co].def].counts_for_limit);
                if counts {
                    self.check_can_buy_now(p)?;
                } else if self.stock().turn.bought >= self.t.settings.buys_per_turn {
                    return self.refuse(RuleKey::StockOneBuy, "only one purchase per turn");
                }
                self.buy_company_in_sr(p, company)?;
                self.after_buy(p)?;
            }
            Action::Script { name, args } if self.rules.is_ability(name) => {
                // Abilities a player may use in a stock turn (1844 P4, EVA).
                // One without `process` only answers questions.
                if self.apply_ability(Actor::Player(p), name, args)? != Some(true) {
                    return self.refuse(RuleKey::FlowWrongRound, format!("{name} is not an action of a stock turn"));
                }
                // One the script counted as the turn's purchase: refused
                // (and undone) after another, else it ends the buying.
                if std::mem::take(&mut self.stock_mut().turn.ability_purchase) {
                    if self.stock().turn.bought >= self.t.settings.buys_per_turn {
                        return self.refuse(RuleKey::StockOneBuy, "only one purchase per turn");
                    }
                    self.after_buy(p)?;
                }
            }
            Action::Pass => {
                let acted = !self.stock().turn.sold.is_empty() || self.stock().turn.bought > 0;
                let name = self.st.players[p as usize].name.clone();
                // Over the limit: sell first, when a sale is possible at all
                // (it may not be, e.g. in a round without sales).
                let held = self.cert_count(p)?;
                let over = held > self.st.cert_limit && self.some_sale_possible(p)?;
                self.rules.check("can_pass", self.st, self.fx, args![name.clone(), "stock"])?;
                if over {
                    return self.refuse(
                        RuleKey::StockCertLimitOver,
                        format!("{name} holds {held} certificates, over the limit of {}, and must sell down first", self.st.cert_limit),
                    );
                }
                if !acted {
                    self.fx.log.push(format!("{name} passes"));
                }
                self.end_stock_turn(!acted);
            }
            _ => return self.refuse(RuleKey::FlowWrongRound, "in a stock round you can sell, buy, start a corporation, or pass"),
        }
        Ok(())
    }

    /// Could the player legally sell any shares now?
    pub(super) fn some_sale_possible(&mut self, p: PlayerId) -> GameResult<bool> {
        if self.t.settings.sell_before_buy && self.stock().turn.bought > 0 {
            return Ok(false);
        }
        // Sales by percent only, as in `largest_sales`.
        let probes: Vec<Action> = self.st.corp_ids()
            .flat_map(|c| crate::game::shares::sale_candidates(self.st, c, p))
            .filter(|a| matches!(a, Action::Sell { percent, .. } if *percent > 0))
            .collect();
        for probe in probes {
            if super::legal::accepts(self, &crate::game::action::LegalMove::exact(probe))? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn check_can_buy_now(&mut self, p: PlayerId) -> GameResult<()> {
        if self.stock().turn.bought >= self.t.settings.buys_per_turn {
            return self.refuse(RuleKey::StockOneBuy, "only one purchase per turn");
        }
        if self.cert_count(p)? >= self.st.cert_limit {
            return self.refuse(
                RuleKey::StockCertLimit,
                format!("{} is at the certificate limit of {}", self.st.players[p as usize].name, self.st.cert_limit),
            );
        }
        Ok(())
    }

    fn after_buy(&mut self, p: PlayerId) -> GameResult<()> {
        let s = self.stock_mut();
        s.turn.bought += 1;
        s.last_trader = Some(p);
        let turn = self.stock().turn.clone();
        let extras_left = turn.started.is_some() && turn.extra < self.t.settings.par_extra_certs;
        if turn.bought >= self.t.settings.buys_per_turn && !extras_left {
            self.end_stock_turn(false);
        }
        Ok(())
    }

    /// The player after `p` in this round's order (players who left skipped).
    fn next_in_order(&self, p: PlayerId) -> PlayerId {
        let order = &self.stock().order;
        let Some(i) = order.iter().position(|x| *x == p) else { return self.st.next_player(p) };
        for k in 1..=order.len() {
            let q = order[(i + k) % order.len()];
            if !self.st.players[q as usize].left {
                return q;
            }
        }
        p
    }

    fn end_stock_turn(&mut self, passed: bool) {
        let p = self.stock().current;
        let next = self.next_in_order(p);
        let s = self.stock_mut();
        if passed {
            s.passes += 1;
        } else {
            s.passes = 0;
        }
        s.turn = Default::default();
        s.current = next;
    }

    pub(super) fn stock_progress(&mut self) -> GameResult<bool> {
        // Every player's turn and every investor turn before it passed in a
        // row: N players and k investors taking turns, N × (k + 1) passing
        // turns (1865 A-22: 2N with the Dragons).
        let active = self.st.active_players().count() as u32;
        let turns_per_player = 1 + self.t.investors.iter().filter(|i| i.turns == InvestorTurns::BeforeEachPlayer).count() as u32;
        if self.stock().passes >= active * turns_per_player {
            let last = self.stock().last_trader;
            self.end_stock_round(last)?;
            self.next_round()?;
            return Ok(true);
        }
        // The investors' turns come before each player's, the first of the
        // round included (1865-R-037), and before a player who can do
        // nothing is passed.
        if turns_per_player > 1 && !self.stock().turn.investors_done {
            self.stock_mut().turn.investors_done = true;
            self.investor_turns()?;
            return Ok(true);
        }
        // A player who can do nothing (more) passes without being asked.
        let p = self.stock().current;
        let fresh = self.stock().turn.sold.is_empty() && self.stock().turn.bought == 0;
        if !self.could_act_in_sr(p)? {
            if fresh {
                self.fx.log.push(format!("{} can neither buy nor sell and passes", self.st.players[p as usize].name));
            }
            self.end_stock_turn(fresh);
            return Ok(true);
        }
        Ok(false)
    }

    /// Each investor that takes turns, in title order: the title's
    /// `investor_turn` hook acts for it and says whether it did. An action
    /// ends the run of passes, as a player's purchase or sale does; it
    /// never counts as the last trade for the priority (1865-R-041).
    /// Without the hook an investor passes.
    fn investor_turns(&mut self) -> GameResult<()> {
        for (i, def) in self.t.investors.iter().enumerate() {
            if def.turns != InvestorTurns::BeforeEachPlayer {
                continue;
            }
            let acted = if self.rules.has_hook("investor_turn") {
                self.rules.hook("investor_turn", self.st, self.fx, args![def.id.clone()])?.bool(0)?.unwrap_or(false)
            } else {
                false
            };
            // Its changes reach the title's handlers before the next turn.
            self.dispatch()?;
            if self.st.ended.is_some() || !matches!(self.st.flow.round.data, RoundData::Stock(_)) {
                return Ok(());
            }
            let s = self.stock_mut();
            if acted {
                s.passes = 0;
            } else {
                s.passes += 1;
                self.fx.log.push(format!("{} (investor) passes", self.t.investors[i].name));
            }
        }
        Ok(())
    }

    /// A cheap over-estimate of what a player could do in a stock turn:
    /// false only when nothing at all is possible.
    fn could_act_in_sr(&mut self, p: PlayerId) -> GameResult<bool> {
        let cash = self.st.players[p as usize].cash;
        let at_limit = self.cert_count(p)? >= self.st.cert_limit;
        let turn = self.stock().turn.clone();
        if let Some(c) = turn.started
            && turn.extra < self.t.settings.par_extra_certs
        {
            // Only the extra certificates of the corporation just started remain.
            let price = price_of(self.t, self.st, c);
            let held = holdings(self.st, c)[p as usize];
            let corp = &self.st.corps[c];
            return Ok(!at_limit
                && corp.certs.iter().any(|x| {
                    x.owner == CertOwner::Treasury && !x.president && x.tag.is_none() && crate::game::shares::worth(self.t, self.st, c, price, x.percent as i64) <= cash && held + x.percent as u32 <= self.t.settings.max_holding_percent
                }));
        }
        let may_sell = turn.bought == 0 || !self.t.settings.sell_before_buy;
        let may_buy = turn.bought < self.t.settings.buys_per_turn;
        for c in self.st.corp_ids() {
            let corp = &self.st.corps[c];
            if !corp.in_play || !corp.started {
                continue;
            }
            let operated = (!self.t.settings.sell_after_operated || corp.operated > 0)
                && crate::game::corp_state::state_of(self.t, self.st, c).is_none_or(|s| s.players_may_sell);
            let sellable = corp.certs.iter().any(|x| x.owner == CertOwner::Player(p) && !x.president);
            let is_pres = self.st.president(c) == Some(p);
            if may_sell && operated && (sellable || is_pres) {
                return Ok(true);
            }
            if !may_buy || at_limit || (self.t.settings.no_buy_after_sell && self.stock().sold.contains(&(p, c))) {
                continue;
            }
            let price = price_of(self.t, self.st, c);
            let held = holdings(self.st, c)[p as usize];
            let affordable = corp.certs.iter().any(|x| {
                matches!(x.owner, CertOwner::Treasury | CertOwner::Pool | CertOwner::Investor(_))
                    && !x.president
                    && crate::game::shares::worth(self.t, self.st, c, price, x.percent as i64) <= cash
                    && held + x.percent as u32 <= self.t.settings.max_holding_percent
            });
            if affordable {
                return Ok(true);
            }
        }
        if may_buy && !at_limit {
            let cheapest_par = self.t.phases[self.st.phase].par_prices.iter().copied().min().unwrap_or(0);
            for c in self.startable(p)? {
                let pres = self.st.president_percent(c) as i64;
                if crate::game::shares::worth(self.t, self.st, c, cheapest_par, pres) <= cash {
                    return Ok(true);
                }
            }
        }
        let companies = may_buy && self.st.companies.iter().any(|co| co.owner == CompanyOwner::Bank && !self.t.companies[co.def].auctioned && self.t.companies[co.def].value <= cash);
        if companies || (may_sell && self.cert_count(p)? > self.st.cert_limit) {
            return Ok(true);
        }
        // An ability the player may use now (1844 P4, EVA).
        self.any_ability_move(Actor::Player(p))
    }

    /// Corporations the player may start now, in order.
    pub fn startable(&mut self, p: PlayerId) -> GameResult<Vec<CorpId>> {
        let name = self.st.players[p as usize].name.clone();
        let listed = self.rules.hook("startable", self.st, self.fx, args![name])?.strings(0)?;
        if let Some(ids) = listed {
            return Ok(ids.iter().filter_map(|i| self.st.corp_index(i)).collect());
        }
        let mut out: Vec<CorpId> = self.st.corp_ids()
            .filter(|&c| {
                let x = &self.st.corps[c];
                x.in_play && !x.started && !x.closed
            })
            .collect();
        out.sort_by_key(|&c| (self.st.corps[c].start_order, c));
        if self.t.settings.start_in_order {
            out.truncate(1);
        }
        Ok(out)
    }

    pub fn par_prices(&mut self, c: CorpId) -> GameResult<Vec<i64>> {
        let base = self.t.phases[self.st.phase].par_prices.clone();
        let id = self.st.corps[c].id.clone();
        let r = self.rules.hook("par_prices", self.st, self.fx, args![id, base.clone()])?.ints(0)?;
        match r {
            Some(prices) => prices.into_iter().map(|p| crate::game::money::from_hook("par_prices", p, 0)).collect(),
            None => Ok(base),
        }
    }

    fn par(&mut self, p: PlayerId, c: CorpId, price: i64, extra: u32, home: Option<&str>) -> GameResult<()> {
        let cid = self.st.corps[c].id.clone();
        if self.st.corps[c].started {
            return self.refuse(RuleKey::StockAlreadyStarted, format!("{cid} is already started"));
        }
        if self.st.corps[c].closed {
            return self.refuse(RuleKey::StockClosedThisRound, format!("{cid} closed this round and may be started again from the next stock round"));
        }
        let startable = self.startable(p)?;
        if !startable.contains(&c) {
            let next: Vec<&str> = startable.iter().map(|x| self.st.corps[*x].id.as_str()).collect();
            return self.refuse(
                RuleKey::StockStartOrder,
                if next.is_empty() { format!("{cid} cannot be started now") } else { format!("{cid} cannot be started now; next available: {}", next.join(", ")) },
            );
        }
        let pname = self.st.players[p as usize].name.clone();
        self.rules.check("can_start", self.st, self.fx, args![pname.clone(), cid.clone()])?;
        let prices = self.par_prices(c)?;
        if !prices.contains(&price) {
            let list: Vec<String> = prices.iter().map(|x| self.t.money(*x)).collect();
            return self.refuse(RuleKey::StockParPrice, format!("{cid} may start at {} in this phase, not {}", list.join(" or "), self.t.money(price)));
        }
        if extra > self.t.settings.par_extra_certs {
            return self.refuse(RuleKey::StockParExtra, format!("at most {} extra certificates may be bought when starting", self.t.settings.par_extra_certs));
        }
        let pres_pct = self.st.president_percent(c);
        let ordinary_pct = self.st.corps[c].certs.iter().find(|x| !x.president && x.tag.is_none()).map_or(10, |x| x.percent as u32);
        if pres_pct + extra * ordinary_pct > self.t.settings.max_holding_percent {
            return self.refuse(RuleKey::StockMaxHolding, format!("no player may hold more than {} % of a corporation", self.t.settings.max_holding_percent));
        }
        if self.cert_count(p)? + 1 + extra > self.st.cert_limit {
            return self.refuse(RuleKey::StockCertLimit, format!("{pname} would exceed the certificate limit of {}", self.st.cert_limit));
        }
        // Choose the home now when it is a choice and given.
        let home_choice = match home {
            Some(h) => {
                let hex = self.ops().hex_index(h)?;
                let choices = self.ops().home_choices(c);
                match choices.iter().find(|(x, _)| *x == hex) {
                    Some(&hc) => Some(hc),
                    None => return self.refuse(RuleKey::CorpHomeChoice, format!("{h} is not an open home city for {cid}")),
                }
            }
            None => None,
        };
        if self.t.corporations[self.st.corps[c].def].chooses_home() && home_choice.is_none() && self.ops().home_choices(c).is_empty() {
            return self.refuse(RuleKey::CorpNoHome, format!("{cid} has no home city with a free slot"));
        }
        if let Some(hc) = home_choice {
            self.st.corps[c].home = Some(hc);
        }
        self.ops().start_corp(c, price, p, extra, false)?;
        let _ = Var::Bool(true);
        Ok(())
    }

    /// Buying one certificate from the treasury or the pool.
    fn buy_share(&mut self, p: PlayerId, c: CorpId, from: ShareSource, tag: Option<&str>, index: Option<u16>) -> GameResult<()> {
        let cid = self.st.corps[c].id.clone();
        let pname = self.st.players[p as usize].name.clone();
        // A corporation formed without a president (1844's SBB, A-31) is
        // started by buying its president's certificate from the pool.
        let headless_pool = from == ShareSource::Pool
            && self.st.corps[c].certs.iter().any(|x| x.president && x.owner == CertOwner::Pool);
        if !self.st.corps[c].started && !headless_pool {
            return self.refuse(RuleKey::StockNotStarted, format!("{cid} has not been started: start it with par"));
        }
        if self.t.settings.no_buy_after_sell && self.stock().sold.contains(&(p, c)) {
            return self.refuse(RuleKey::StockBoughtAfterSold, format!("{pname} sold {cid} this round and may not buy it again until the next"));
        }
        let owner = match &from {
            ShareSource::Treasury => CertOwner::Treasury,
            ShareSource::Pool => CertOwner::Pool,
            ShareSource::Investor(id) => match self.t.investor_index(id) {
                Some(i) => CertOwner::Investor(i),
                None => return self.refuse(RuleKey::StockNoInvestor, format!("there is no investor \"{id}\"")),
            },
        };
        let src = match owner {
            CertOwner::Pool => "the pool".to_string(),
            CertOwner::Investor(i) => self.t.investors[i.index()].name.clone(),
            _ => "the treasury".to_string(),
        };
        let cert = self.offered_cert(c, owner, tag, index).cloned();
        let tag = cert.as_ref().and_then(|x| x.tag.as_deref()).map(str::to_string);
        let tag = tag.as_deref();
        let Some(cert) = cert else {
            return self.refuse(
                RuleKey::StockNoneThere,
                match tag {
                    Some(t) => format!("no {t} certificate of {cid} is in {src}"),
                    None => format!("no ordinary certificate of {cid} is in {src}"),
                },
            );
        };
        let held = holdings(self.st, c)[p as usize];
        if held + cert.percent as u32 > self.t.settings.max_holding_percent {
            return self.refuse(RuleKey::StockMaxHolding, format!("{pname} would hold {} % of {cid}; the most is {} %", held + cert.percent as u32, self.t.settings.max_holding_percent));
        }
        let mut price = self.cert_price(c, owner, &cert);
        let source_name = match owner {
            CertOwner::Pool => "pool".to_string(),
            CertOwner::Investor(i) => self.t.investors[i.index()].id.clone(),
            _ => "treasury".to_string(),
        };
        if let CertOwner::Investor(i) = owner {
            price = self.investor_sale_price(i, c, price)?;
        }
        self.rules.check("can_buy_certificate", self.st, self.fx, args![pname.clone(), cid.clone(), cert.index, source_name, tag.map(str::to_string)])?;
        if self.st.players[p as usize].cash < price {
            return self.refuse(RuleKey::MoneyInsufficient, format!("{pname} has {}, the certificate costs {}", self.t.money(self.st.players[p as usize].cash), self.t.money(price)));
        }
        let payee = match from {
            // An investor's money is the bank (1865-R-052, R-097).
            ShareSource::Pool | ShareSource::Investor(_) => Purse::Bank,
            ShareSource::Treasury => match self.t.corporation_kinds[self.st.corps[c].kind].capitalization {
                crate::title::schema::Capitalization::Incremental => Purse::Corp(c),
                crate::title::schema::Capitalization::Fixed => Purse::Bank,
            },
        };
        self.ops().transfer(Purse::Player(p), payee, price)?;
        self.ops().move_cert(c, cert.index, CertOwner::Player(p));
        self.fx.log.push(format!("{pname} buys a {} % certificate of {cid} from {src} for {}", cert.percent, self.t.money(price)));
        self.fx.event("share_bought", [("player", Var::Str(pname)), ("corp", Var::Str(cid)), ("percent", Var::Int(cert.percent as i64))]);
        self.settle_presidency(c)?;
        self.ops().check_float(c)?;
        Ok(())
    }

    /// The certificate `buy_share` sells from `owner`: the one at `index`,
    /// else the first with `tag` (`None`: an untagged one).
    pub(super) fn offered_cert(&self, c: CorpId, owner: CertOwner, tag: Option<&str>, index: Option<u16>) -> Option<&Cert> {
        // A president's certificate is for sale only in the pool of a
        // corporation that has no president (1844's SBB, A-31).
        let headless = owner == CertOwner::Pool && self.st.president(c).is_none() && self.st.corps[c].certs.iter().any(|x| x.president && x.owner == CertOwner::Pool);
        self.st.corps[c]
            .certs
            .iter()
            .filter(|x| x.owner == owner && (!x.president || headless) && index.map_or(x.tag.as_deref() == tag, |i| x.index == i))
            .min_by_key(|x| (!x.president, x.index))
    }

    /// A certificate's price from `owner` at the market (or at par from
    /// the treasury, as the title says), before an investor's premium.
    pub(super) fn cert_price(&self, c: CorpId, owner: CertOwner, cert: &Cert) -> i64 {
        let unit_price = match (owner, self.t.settings.ipo_price) {
            (CertOwner::Treasury, crate::title::schema::IpoPrice::Par) => self.st.corps[c].par.unwrap_or_else(|| price_of(self.t, self.st, c)),
            _ => price_of(self.t, self.st, c),
        };
        crate::game::shares::worth(self.t, self.st, c, unit_price, cert.percent as i64)
    }

    /// What a player pays an investor for a certificate worth `price` at
    /// the market: the title's `investor_sale_price` hook may change it
    /// (1865's premium, R-052).
    fn investor_sale_price(&mut self, i: InvestorId, c: CorpId, price: i64) -> GameResult<i64> {
        if !self.rules.has_hook("investor_sale_price") {
            return Ok(price);
        }
        let (iid, cid) = (self.t.investors[i.index()].id.clone(), self.st.corps[c].id.clone());
        match self.rules.hook("investor_sale_price", self.st, self.fx, args![iid, cid, price])?.int(0)? {
            Some(v) => crate::game::money::from_hook("investor_sale_price", v, 0),
            None => Ok(price),
        }
    }

    /// Sells shares into the pool, with the presidency rules; `emergency`
    /// sales may not move the operating corporation's presidency.
    pub(super) fn sell_shares(&mut self, p: PlayerId, c: CorpId, percent: u32, certs: Option<&[u16]>, emergency: bool) -> GameResult<()> {
        let cid = self.st.corps[c].id.clone();
        let pname = self.st.players[p as usize].name.clone();
        let corp = &self.st.corps[c];
        if !corp.started {
            return self.refuse(RuleKey::StockSellUnstarted, format!("{cid} has not been started"));
        }
        if self.t.settings.sell_after_operated && corp.operated == 0 {
            return self.refuse(RuleKey::StockSellBeforeOperating, format!("{cid} has not operated yet; its shares cannot be sold"));
        }
        if crate::game::corp_state::state_of(self.t, self.st, c).is_some_and(|s| !s.players_may_sell) {
            return Err(crate::game::corp_state::state_refusal(self.t, self.st, c, "its shares cannot be sold"));
        }
        if percent == 0 {
            return self.refuse(RuleKey::StockSellNothing, "sell at least one share");
        }
        let certs_owned: Option<Vec<u16>> = match certs {
            Some(list) => {
                for i in list {
                    let ok = corp.certs.iter().any(|x| x.index == *i && x.owner == CertOwner::Player(p) && !x.president);
                    if !ok {
                        return self.refuse(RuleKey::StockSellNotOwned, format!("{pname} does not hold a sellable certificate {cid}_{i}"));
                    }
                }
                let sum: u32 = list.iter().map(|i| corp.certs.iter().find(|x| x.index == *i).map_or(0, |x| x.percent as u32)).sum();
                if sum != percent {
                    return self.refuse(RuleKey::StockSellExact, format!("those certificates are {sum} %, not {percent} %"));
                }
                Some(list.to_vec())
            }
            None => None,
        };
        let pool = self.st.percent(c, CertOwner::Pool);
        if pool + percent > self.t.settings.pool_limit_percent {
            return self.refuse(RuleKey::StockPoolLimit, format!("the pool may hold at most {} % of {cid}; it has {pool} %", self.t.settings.pool_limit_percent));
        }
        let held = holdings(self.st, c);
        let mine = held[p as usize];
        if percent > mine {
            return self.refuse(RuleKey::StockSellNotOwned, format!("{pname} holds only {mine} % of {cid}"));
        }
        self.rules.check("can_sell", self.st, self.fx, args![pname.clone(), cid.clone(), percent])?;
        // President when the sale is declared: a sale that hands the
        // presidency on is still the president's (1865-R-045, A-30).
        let is_pres = self.st.president(c) == Some(p);
        let moves_price = is_pres || self.t.settings.sell_move_by == crate::title::schema::SellMoveBy::Anyone;
        let pres_pct = self.st.president_percent(c);
        let non_pres: u32 = mine - if is_pres { pres_pct } else { 0 };
        // Some titles pay the price after the drop (1844-R-031).
        let after_drop = self.rules.hook("sell_after_drop", self.st, self.fx, args![pname.clone(), cid.clone()])?.bool(0)?.unwrap_or(false);
        if after_drop {
            self.sale_price_drop(c, percent, moves_price)?;
        }
        let price = price_of(self.t, self.st, c);
        if is_pres {
            let after = mine - percent;
            let others_max = held.iter().enumerate().filter(|(i, _)| *i != p as usize).map(|(_, h)| *h).max().unwrap_or(0);
            let moves = others_max > after && others_max >= pres_pct;
            // Only the operating corporation's presidency is protected,
            // unless the title protects every one (1844-R-149).
            let operating = matches!(&self.st.flow.round.data, crate::game::flow::RoundData::Operating(o) if o.current == Some(c));
            let protected = operating || self.t.settings.emergency_presidency == crate::title::schema::EmergencyPresidency::All;
            if moves && emergency && protected {
                return self.refuse(RuleKey::EmrPresidency, format!("an emergency sale may not change the presidency of {cid}"));
            }
            if !moves && percent > non_pres {
                return self.refuse(
                    RuleKey::StockPresidentCert,
                    format!("the president's certificate of {cid} cannot be sold; nobody else holds enough to take the presidency"),
                );
            }
            if moves {
                if percent <= non_pres {
                    // Sell own ordinary certificates, then hand over the presidency.
                    let got = self.ops().sell_to_pool(c, p, percent, certs_owned.as_deref())?;
                    self.log_sale(&pname, &cid, percent, got);
                    self.settle_presidency(c)?;
                } else {
                    // The exchange comes first; the sold part includes what it brings.
                    let Some(new) = self.next_president(c, percent)? else {
                        return self.refuse(
                            RuleKey::StockPresidentCert,
                            format!("the president's certificate of {cid} cannot be sold: the title's rule keeps {pname} its president"),
                        );
                    };
                    self.ops().hand_presidency(c, new, percent)?;
                    self.log_sale(&pname, &cid, percent, crate::game::shares::worth(self.t, self.st, c, price, percent as i64));
                }
                if !after_drop {
                    self.sale_price_drop(c, percent, moves_price)?;
                }
                self.fx.event("shares_sold", [("player", Var::Str(pname)), ("corp", Var::Str(cid)), ("percent", Var::Int(percent as i64))]);
                return Ok(());
            }
        }
        let got = self.ops().sell_to_pool(c, p, percent, certs_owned.as_deref())?;
        self.log_sale(&pname, &cid, percent, got);
        if !after_drop {
            self.sale_price_drop(c, percent, moves_price)?;
        }
        self.fx.event("shares_sold", [("player", Var::Str(pname)), ("corp", Var::Str(cid)), ("percent", Var::Int(percent as i64))]);
        Ok(())
    }

    /// What a sell action sells: a tag names the player's certificate with it.
    pub(super) fn sell_what(&self, p: PlayerId, c: CorpId, percent: u32, certs: Option<&[u16]>, tag: Option<&str>) -> GameResult<(u32, Option<Vec<u16>>)> {
        let Some(tag) = tag else { return Ok((percent, certs.map(<[u16]>::to_vec))) };
        let found: Vec<(u16, u32)> = self.st.corps[c]
            .certs
            .iter()
            .filter(|x| x.owner == CertOwner::Player(p) && x.tag.as_deref() == Some(tag))
            .map(|x| (x.index, x.percent as u32))
            .collect();
        match found.first() {
            Some(&(i, pct)) => Ok((pct, Some(vec![i]))),
            None => self.refuse(RuleKey::StockSellNotOwned, format!("{} holds no {tag} certificate of {}", self.st.players[p as usize].name, self.st.corps[c].id)),
        }
    }

    /// One turn's sales move the tokens one corporation at a time in
    /// market-value order (1849-R-069): corporations sold this turn that
    /// now share a cell are stacked in the order they stood before the
    /// sales, whatever order the player sold them in. They all entered the
    /// cell this turn, so they keep their place below the tokens already
    /// there; only their stack numbers are redistributed among them.
    fn restack_turn_sales(&mut self) {
        let sold = self.stock().turn.sold_from.clone();
        let price = |pos: crate::game::state::MarketPos| self.t.market.cell(pos.row as usize, pos.col as usize).map_or(i64::MIN, |x| x.price);
        let key = |&(c, pos, stack): &(CorpId, crate::game::state::MarketPos, u64)| (std::cmp::Reverse(price(pos)), std::cmp::Reverse(pos.col), pos.row, stack, c);
        let mut cells: Vec<crate::game::state::MarketPos> = sold.iter().filter_map(|x| self.st.corps[x.0].price).collect();
        cells.sort();
        cells.dedup();
        for cell in cells {
            let mut here: Vec<_> = sold.iter().filter(|x| self.st.corps[x.0].price == Some(cell)).copied().collect();
            if here.len() < 2 {
                continue;
            }
            here.sort_by_key(key);
            let mut stacks: Vec<u64> = here.iter().map(|x| self.st.corps[x.0].stack).collect();
            stacks.sort();
            for (x, stack) in here.iter().zip(stacks) {
                self.st.corps[x.0].stack = stack;
            }
        }
    }

    /// A corporation started in a stock turn enters its cell at the bottom
    /// of the stack, below the tokens the same turn's sales brought there,
    /// unless the title's `started_above_sales` hook says it goes above
    /// them (18xx.games read 1849 so before April 2026: a dated reading of
    /// the importer). Those tokens keep their order among themselves.
    fn stack_started_above_sales(&mut self, p: PlayerId, c: CorpId) -> GameResult<()> {
        let Some(cell) = self.st.corps[c].price else { return Ok(()) };
        let mut moved_in: Vec<CorpId> =
            self.stock().turn.sold_from.iter().filter(|&&(x, from, _)| x != c && from != cell && self.st.corps[x].price == Some(cell)).map(|x| x.0).collect();
        if moved_in.is_empty() {
            return Ok(());
        }
        let pname = self.st.players[p as usize].name.clone();
        let cid = self.st.corps[c].id.clone();
        let above = self.rules.hook("started_above_sales", self.st, self.fx, args![pname, cid.clone()])?.bool(0)?.unwrap_or(false);
        if !above {
            return Ok(());
        }
        moved_in.sort_by_key(|&x| self.st.corps[x].stack);
        let names: Vec<String> = moved_in.iter().map(|&x| self.st.corps[x].id.clone()).collect();
        let group: Vec<CorpId> = std::iter::once(c).chain(moved_in).collect();
        let mut stacks: Vec<u64> = group.iter().map(|&x| self.st.corps[x].stack).collect();
        stacks.sort();
        for (x, stack) in group.into_iter().zip(stacks) {
            self.st.corps[x].stack = stack;
        }
        let at = self.t.money(price_of(self.t, self.st, c));
        self.fx.log.push(format!("{cid} is stacked above {} at {at}, sold into that space this turn", names.join(", ")));
        Ok(())
    }

    fn log_sale(&mut self, pname: &str, cid: &str, percent: u32, got: i64) {
        self.fx.log.push(format!("{pname} sells {percent} % of {cid} for {}", self.t.money(got)));
    }

    /// The price move of a sale (`sell_move`), when the seller's sales
    /// move it at all (`sell_move_by`).
    fn sale_price_drop(&mut self, c: CorpId, percent: u32, moves_price: bool) -> GameResult<()> {
        if !moves_price {
            return Ok(());
        }
        match self.t.settings.sell_move {
            SellMove::Down => {
                let unit = self.st.corps[c].certs.iter().filter(|x| !x.president).map(|x| x.percent as u32).min().unwrap_or(10).min(10);
                self.ops().move_price(c, Dir::Down, percent / unit.max(1))?;
            }
            SellMove::DownOnce => self.ops().move_price(c, Dir::Down, 1)?,
            SellMove::Left => {
                let unit = self.t.corporation_kinds[self.st.corps[c].kind].unit_percent.max(1);
                self.ops().move_price(c, Dir::Left, percent / unit)?;
            }
            SellMove::None => {}
        }
        Ok(())
    }

    fn buy_company_in_sr(&mut self, p: PlayerId, company: &str) -> GameResult<()> {
        let co = self.st.company_index(company).ok_or_else(|| GameError::Invalid(format!("there is no company \"{company}\"")))?;
        let t = self.t;
        let def = &t.companies[self.st.companies[co].def];
        if self.st.companies[co].owner != CompanyOwner::Bank || def.auctioned {
            return self.refuse(RuleKey::StockCompanyNotForSale, format!("{} is not for sale in the stock round", self.st.companies[co].id));
        }
        let pname = self.st.players[p as usize].name.clone();
        self.ability_allows_purchase(p, co)?;
        if self.st.players[p as usize].cash < def.value {
            return self.refuse(RuleKey::MoneyInsufficient, format!("{pname} cannot pay {}", self.t.money(def.value)));
        }
        self.ops().transfer(Purse::Player(p), Purse::Bank, def.value)?;
        self.ops().give_company(co, CompanyOwner::Player(p))?;
        *self.stock_mut().bought_kinds.entry((p, def.kind.clone())).or_insert(0) += 1;
        self.fx.log.push(format!("{pname} buys {} for {}", def.id, self.t.money(def.value)));
        Ok(())
    }
}

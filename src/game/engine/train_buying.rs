//! The train step: buying trains from the bank and from other
//! corporations, train limits, and what happens when a corporation must
//! buy a train and cannot pay (emergency sales, personal debt).

use crate::game::rules::MaybeAnswer;
use crate::args;
use super::Engine;
use crate::game::flow::{Pending, PendingKind};
use crate::game::ids::*;
use crate::title::schema::Emergency;
use crate::game::market::price_of;
use crate::game::ops::{GameError, GameResult};
use crate::game::trains::{bank_offers, train_limit};
use crate::game::refusals::RuleKey;

impl Engine<'_> {
    /// Must the corporation buy a train now (no train, and a route)?
    pub fn must_buy_train(&mut self, corp: CorpId) -> GameResult<bool> {
        if !self.st.trains_of(corp).is_empty() {
            return Ok(false);
        }
        let kind = &self.t.corporation_kinds[self.st.corps[corp].kind];
        // A train must be obtainable: from the bank, or from another
        // corporation for at least 1.
        let mut obtainable = self.cheapest_offer(corp)?.is_some();
        if !obtainable && self.st.corps[corp].cash >= 1 {
            let others: Vec<(u16, u16)> =
                self.st.trains.iter().filter(|t| matches!(t.owner, TrainOwner::Corp(o) if o != corp)).map(|t| (t.class, t.variant)).collect();
            for (class, variant) in others {
                if self.may_own(corp, class, variant)? {
                    obtainable = true;
                    break;
                }
            }
        }
        let must_own = crate::game::corp_state::state_of(self.t, self.st, corp).and_then(|s| s.must_own_train).unwrap_or(kind.must_own_train);
        let default = must_own && obtainable && super::run::has_route(self.t, self.st, corp);
        let id = self.st.corps[corp].id.clone();
        let r = self.rules.hook("must_buy_train", self.st, self.fx, args![id, default])?.bool(0)?;
        Ok(r.unwrap_or(default))
    }

    pub(super) fn can_buy_any_train(&mut self, corp: CorpId) -> GameResult<bool> {
        if self.st.trains_of(corp).len() as u32 >= train_limit(self.t, self.st, corp) {
            return Ok(false);
        }
        if self.must_buy_train(corp)? {
            return Ok(true);
        }
        let cash = self.st.corps[corp].cash;
        let bank = bank_offers(self.t, self.st).iter().any(|o| o.price <= cash);
        let others = cash >= 1 && self.st.trains.iter().any(|t| matches!(t.owner, TrainOwner::Corp(o) if o != corp));
        Ok(bank || others)
    }

    pub(super) fn buy_train(&mut self, corp: CorpId, train: &str, variant: Option<&str>, price: Option<i64>) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        let limit = train_limit(self.t, self.st, corp);
        if self.st.trains_of(corp).len() as u32 >= limit {
            return self.refuse(RuleKey::TrainLimit, format!("{id} already has {limit} trains, the limit in this phase"));
        }
        // A specific train owned by another corporation?
        if let Some(ti) = self.st.train_index(train)
            && let TrainOwner::Corp(seller) = self.st.trains[ti as usize].owner
        {
            // A train changes hands on the side it shows (1844-R-144).
            let t = &self.st.trains[ti as usize];
            let shown = &self.t.trains[t.class as usize].variants[t.variant as usize].name;
            if let Some(v) = variant.filter(|v| !v.eq_ignore_ascii_case(shown)) {
                return self.refuse(RuleKey::TrainFlip, format!("{} is a {shown}; it cannot be bought as a {v}", t.id));
            }
            return self.buy_train_from_corp(corp, seller, ti, price);
        }
        // From the bank: a class or variant name (or a pool train id).
        let offers = bank_offers(self.t, self.st);
        let pick = offers.iter().find(|o| {
            let class = &self.t.trains[o.class as usize];
            let vname = &class.variants[o.variant as usize].name;
            let named = match o.pool_train {
                Some(ti) => self.st.trains[ti as usize].id.eq_ignore_ascii_case(train),
                None => false,
            };
            let by_name = class.name.eq_ignore_ascii_case(train) || vname.eq_ignore_ascii_case(train) || named;
            let want_variant = variant.is_none_or(|v| vname.eq_ignore_ascii_case(v));
            by_name && want_variant
        });
        let pick = match pick {
            Some(p) => p.clone(),
            None => {
                let names: Vec<String> = offers
                    .iter()
                    .map(|o| {
                        let v = &self.t.trains[o.class as usize].variants[o.variant as usize].name;
                        format!("{v} {}{}", self.t.money(o.price), if o.pool_train.is_some() { " (pool)" } else { "" })
                    })
                    .collect();
                return self.refuse(RuleKey::TrainNotAvailable, format!("no {train} train is for sale; the bank offers {}", names.join(", ")));
            }
        };
        let vname = self.t.trains[pick.class as usize].variants[pick.variant as usize].name.clone();
        self.check_train_kind(corp, pick.class, pick.variant)?;
        self.rules.check("can_buy_train", self.st, self.fx, args![id.clone(), vname.clone(), None::<String>, pick.price])?;
        if let Some(p) = price
            && p != pick.price
        {
            return self.refuse(RuleKey::TrainPrice, format!("the bank sells the {vname} for {}", self.t.money(pick.price)));
        }
        let cash = self.st.corps[corp].cash;
        if cash < pick.price {
            // Emergency: the president may top up for the cheapest train.
            if !self.must_buy_train(corp)? {
                return self.refuse(RuleKey::MoneyInsufficient, format!("{id} has {} and the {vname} costs {}", self.t.money(cash), self.t.money(pick.price)));
            }
            if self.t.settings.emergency != Emergency::Debt && self.t.settings.emergency_train == crate::title::schema::EmergencyTrain::Cheapest {
                let cheapest = self.cheapest_offer(corp)?.unwrap_or(pick.price);
                if pick.price > cheapest {
                    return self.refuse(RuleKey::EmrCheapest, format!("with the president's money, {id} must buy the cheapest train ({})", self.t.money(cheapest)));
                }
            }
            self.president_helps(corp, pick.price - cash)?;
        }
        self.ops().transfer(Purse::Corp(corp), Purse::Bank, pick.price)?;
        let (ti, from_depot) = match pick.pool_train {
            Some(ti) => (ti, false),
            None => match self.ops().depot_train(pick.class) {
                Some(ti) => (ti, true),
                None => return Err(GameError::Invalid("the depot is out of that train".into())),
            },
        };
        let tid = self.st.trains[ti as usize].id.clone();
        self.fx.log.push(format!("{id} buys {tid} as {vname} from the {} for {}", if from_depot { "bank" } else { "pool" }, self.t.money(pick.price)));
        self.ops().deliver_train(ti, pick.variant, corp, from_depot)?;
        self.or_mut().turn.trains_bought += 1;
        self.after_train_bought(corp)
    }

    /// May the corporation own this train at all: its kind's train tags
    /// and the title's `can_buy_train` hook (1849: E trains need an E
    /// token). EMR's "cheapest train" counts only these (1849 A-24).
    fn may_own(&mut self, corp: CorpId, class: u16, variant: u16) -> GameResult<bool> {
        if !self.train_kind_ok(corp, class, variant) {
            return Ok(false);
        }
        let id = self.st.corps[corp].id.clone();
        let vname = self.t.trains[class as usize].variants[variant as usize].name.clone();
        match self.rules.check("can_buy_train", self.st, self.fx, args![id, vname, None::<String>, None::<i64>]) {
            Ok(()) => Ok(true),
            Err(GameError::Refused(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The price of the cheapest train the bank offers that the corporation may own.
    fn cheapest_offer(&mut self, corp: CorpId) -> GameResult<Option<i64>> {
        let mut best: Option<i64> = None;
        for o in bank_offers(self.t, self.st) {
            if self.may_own(corp, o.class, o.variant)? {
                best = Some(best.map_or(o.price, |b| b.min(o.price)));
            }
        }
        Ok(best)
    }

    /// The price an emergency raises money toward: the cheapest bank
    /// train, or with `emergency_train = "any"` the dearest one the
    /// corporation may buy, since the president may choose it (1865-R-145).
    fn emergency_target(&mut self, corp: CorpId, cheapest: i64) -> GameResult<i64> {
        if self.t.settings.emergency_train != crate::title::schema::EmergencyTrain::Any {
            return Ok(cheapest);
        }
        let mut dearest = cheapest;
        for o in bank_offers(self.t, self.st) {
            if self.may_own(corp, o.class, o.variant)? {
                dearest = dearest.max(o.price);
            }
        }
        Ok(dearest)
    }

    /// The president puts in `short` for a required train: from their
    /// cash; in "debt" titles what they lack is lent by the bank and owed
    /// with interest (1844-R-150). Only one train is bought this way.
    fn president_helps(&mut self, corp: CorpId, short: i64) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        if self.or().turn.helped {
            return self.refuse(RuleKey::EmrOneTrain, format!("with the president's help {id} may buy only one train"));
        }
        let Some(pres) = self.st.president(corp) else { return self.refuse(RuleKey::EmrNoPresident, "no president") };
        let name = self.st.players[pres as usize].name.clone();
        let has = self.st.players[pres as usize].cash;
        if has < short && self.t.settings.emergency != Emergency::Debt {
            // Nothing left to sell: say what the player can do instead.
            if self.emergency_hopeless(corp)? {
                return self.refuse(
                    RuleKey::EmrRaise,
                    format!("{id} needs {} more; {name} has {} and cannot raise it even by selling: pass, and the title's rule for a president who cannot pay applies", self.t.money(short), self.t.money(has)),
                );
            }
            return self.refuse(
                RuleKey::EmrRaise,
                format!("{id} needs {} more; {name} has {} and must sell shares first", self.t.money(short), self.t.money(has)),
            );
        }
        let own = has.min(short);
        self.ops().transfer(Purse::Player(pres), Purse::Corp(corp), own)?;
        let lent = short - own;
        if lent > 0 {
            let owed = (lent * (100 + self.t.settings.debt_interest_percent) + 99) / 100;
            self.ops().transfer(Purse::Bank, Purse::Corp(corp), lent)?;
            self.st.players[pres as usize].debt += owed;
            self.fx.log.push(format!("{name} borrows {} for {id} and owes {}", self.t.money(lent), self.t.money(owed)));
        }
        self.fx.log.push(format!("{name} contributes {} to {id}", self.t.money(short)));
        let turn = &mut self.or_mut().turn;
        turn.emergency = true;
        turn.helped = true;
        Ok(())
    }

    fn train_kind_ok(&self, corp: CorpId, class: u16, variant: u16) -> bool {
        let kind = &self.t.corporation_kinds[self.st.corps[corp].kind];
        if kind.train_tags.is_empty() {
            return true;
        }
        let v = &self.t.trains[class as usize].variants[variant as usize];
        v.tags.iter().any(|t| kind.train_tags.contains(t))
    }

    fn check_train_kind(&self, corp: CorpId, class: u16, variant: u16) -> GameResult<()> {
        if self.train_kind_ok(corp, class, variant) {
            return Ok(());
        }
        let v = &self.t.trains[class as usize].variants[variant as usize].name;
        let id = &self.st.corps[corp].id;
        self.refuse(RuleKey::TrainKind, format!("{id} may not own a {v} train"))
    }

    fn buy_train_from_corp(&mut self, corp: CorpId, seller: CorpId, ti: TrainId, price: Option<i64>) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        let sid = self.st.corps[seller].id.clone();
        if seller == corp {
            return self.refuse(RuleKey::TrainOwn, format!("{id} already owns that train"));
        }
        let Some(price) = price else {
            return self.refuse(RuleKey::TrainPriceNeeded, format!("give a price for {}'s train (e.g. `train {} 100`)", sid, self.st.trains[ti as usize].id));
        };
        if price < 1 {
            return self.refuse(RuleKey::TrainTradePrice, "a train bought from another corporation costs at least 1");
        }
        let (class, variant) = (self.st.trains[ti as usize].class, self.st.trains[ti as usize].variant);
        self.check_train_kind(corp, class, variant)?;
        let debt_mode = self.t.settings.emergency == Emergency::Debt;
        if self.or().turn.emergency && !debt_mode {
            return self.refuse(RuleKey::EmrNoTrade, "with the president's money only a train from the bank may be bought");
        }
        let vname = self.t.trains[class as usize].variants[variant as usize].name.clone();
        // The agreed price too: a title may hold some trades to face value
        // (18FB-R-140: RM and RA).
        self.rules.check("can_buy_train", self.st, self.fx, args![id.clone(), vname.clone(), sid.clone(), price])?;
        let printed = self.t.trains[class as usize].variants[variant as usize].price;
        // 1844-R-142: the printed price unless both have the same president.
        let face = self.t.settings.train_trade_price.at_face(self.st.president(corp) == self.st.president(seller));
        if face && price != printed {
            return self.refuse(RuleKey::TrainTradePrice, format!("between corporations with different presidents the {vname} changes hands at its printed price, {}", self.t.money(printed)));
        }
        // The price is agreed by both presidents (1849-R-152): one who
        // presides the seller and not the buyer is asked first.
        if self.t.settings.train_sale_consent
            && let Some(sp) = self.st.president(seller)
            && self.st.president(corp) != Some(sp)
            && !self.st.players[sp as usize].left
        {
            // What could be refused now is refused before anyone is asked.
            self.check_train_payment(corp, price, printed)?;
            let tid = self.st.trains[ti as usize].id.clone();
            let name = self.st.players[sp as usize].name.clone();
            self.fx.log.push(format!("{id} offers {} for {sid}'s {tid}; {name} presides {sid} and accepts or refuses", self.t.money(price)));
            self.st.flow.pending.push(Pending { actor: Actor::Player(sp), kind: PendingKind::TrainSaleConsent { corp, seller, train: ti, price } });
            return Ok(());
        }
        self.complete_train_purchase(corp, seller, ti, price)
    }

    /// Can the buyer pay `price` for a train (its treasury, or debt
    /// financing for a required train)? Changes nothing.
    fn check_train_payment(&mut self, corp: CorpId, price: i64, printed: i64) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        let cash = self.st.corps[corp].cash;
        if cash < price {
            if !(self.t.settings.emergency == Emergency::Debt && self.must_buy_train(corp)?) {
                return self.refuse(RuleKey::MoneyInsufficient, format!("{id} has only {}", self.t.money(cash)));
            }
            if price > printed {
                return self.refuse(RuleKey::EmrPrintedPrice, format!("with the president's help a train costs at most its printed price ({})", self.t.money(printed)));
            }
        }
        Ok(())
    }

    /// A train bought from another corporation, the price agreed: the
    /// payment (with the president's help when needed), the train.
    pub(super) fn complete_train_purchase(&mut self, corp: CorpId, seller: CorpId, ti: TrainId, price: i64) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        let sid = self.st.corps[seller].id.clone();
        let (class, variant) = (self.st.trains[ti as usize].class, self.st.trains[ti as usize].variant);
        let printed = self.t.trains[class as usize].variants[variant as usize].price;
        self.check_train_payment(corp, price, printed)?;
        let cash = self.st.corps[corp].cash;
        if cash < price {
            self.president_helps(corp, price - cash)?;
        }
        self.ops().transfer(Purse::Corp(corp), Purse::Corp(seller), price)?;
        let tid = self.st.trains[ti as usize].id.clone();
        self.fx.log.push(format!("{id} buys {tid} from {sid} for {}", self.t.money(price)));
        self.ops().deliver_train(ti, variant, corp, false)?;
        self.or_mut().turn.trains_bought += 1;
        self.after_train_bought(corp)
    }

    fn after_train_bought(&mut self, corp: CorpId) -> GameResult<()> {
        self.ops().require_discards();
        // A train bought with the president's help ends the buying.
        if self.or().turn.helped || self.st.trains_of(corp).len() as u32 >= train_limit(self.t, self.st, corp) {
            let step = self.current_step().unwrap_or_default();
            self.step_done(step);
        }
        Ok(())
    }

    /// The most the president could sell of each corporation now (one
    /// sale per corporation, the largest legal one), in id order.
    fn emergency_sales(&mut self, corp: CorpId) -> Vec<(CorpId, u32)> {
        match self.st.president(corp) {
            Some(pres) => self.largest_sales(pres),
            None => Vec::new(),
        }
    }

    /// No train can be had: the treasury, the president's cash and every
    /// legal share sale together fall short of the cheapest bank train
    /// (1849-R-156, R-160).
    pub(super) fn emergency_hopeless(&mut self, corp: CorpId) -> GameResult<bool> {
        if self.t.settings.emergency == Emergency::Debt && !self.t.settings.debt_bankruptcy {
            // The bank lends what the president lacks (1844-R-153).
            return Ok(false);
        }
        let Some(pres) = self.st.president(corp) else { return Ok(true) };
        let Some(cheapest) = self.cheapest_offer(corp)? else { return Ok(false) };
        // Bounded like `rounds::base_value`: two purses and the president's
        // shares at market prices, each far inside `i64`.
        let mut power = self.st.corps[corp].cash + self.st.players[pres as usize].cash;
        for (c, pct) in self.emergency_sales(corp) {
            power += crate::game::shares::worth(self.t, self.st, c, price_of(self.t, self.st, c), pct as i64);
        }
        Ok(power < cheapest)
    }

    /// The president sells every share they legally can; then the title
    /// decides (1849: cash to the treasury, the corporation closes, a loan
    /// or leaving the game); by default the corporation closes.
    pub(super) fn emergency_failed(&mut self, corp: CorpId) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        let pres_id = self.st.president(corp);
        let pres = pres_id.map(|p| self.st.players[p as usize].name.clone()).unwrap_or_default();
        self.fx.log.push(format!("{pres} cannot raise the money for {id}'s train and sells every share they can"));
        if let Some(p) = pres_id {
            let sales = self.emergency_sales(corp);
            self.sell_everything(p, sales)?;
        }
        // A title that defines the hook decides what happens (1844's
        // bankruptcy); without it the corporation closes.
        if self.rules.has_hook("emergency_failed") {
            self.rules.hook("emergency_failed", self.st, self.fx, args![id, pres])?;
        } else {
            self.ops().close_corp(corp)?;
        }
        let step = self.current_step().unwrap_or_default();
        self.step_done(step);
        Ok(())
    }

    /// During a forced train purchase the president may sell shares.
    pub(super) fn emergency_sell(&mut self, corp: CorpId, target: &str, percent: u32, certs: Option<&[u16]>) -> GameResult<()> {
        let Some(pres) = self.st.president(corp) else { return self.refuse(RuleKey::EmrNoPresident, "no president") };
        if !self.must_buy_train(corp)? {
            return self.refuse(RuleKey::EmrNotNeeded, "shares may be sold in an operating round only to raise money for a required train");
        }
        let treasury = self.st.corps[corp].cash;
        let cash = treasury + self.st.players[pres as usize].cash;
        let offer = self.cheapest_offer(corp)?;
        let cheapest = offer.unwrap_or(0);
        let id = self.st.corps[corp].id.clone();
        if self.t.settings.emergency == Emergency::Debt {
            // Debt financing begins only when the treasury cannot pay for a
            // train (1844-R-147); then the president may sell toward any
            // train.
            if offer.is_some() && treasury >= cheapest {
                return self.refuse(
                    RuleKey::EmrNotNeeded,
                    format!(
                        "shares may be sold in an operating round only when the company cannot pay for a train: {id} has {} and the cheapest train costs {}",
                        self.t.money(treasury),
                        self.t.money(cheapest)
                    ),
                );
            }
        }
        let aim = if self.t.settings.emergency == Emergency::Debt { cheapest } else { self.emergency_target(corp, cheapest)? };
        if self.t.settings.emergency != Emergency::Debt && cash >= aim {
            let which = if aim == cheapest { "the cheapest train" } else { "any train on sale" };
            return self.refuse(RuleKey::EmrEnough, format!("the president already has enough money for {which}"));
        }
        let c = self.find_corp(target)?;
        // Selling stops as soon as enough is raised: a sale is too big when
        // a smaller legal sale of the same shares would already raise it.
        let short = aim - cash;
        let price = price_of(self.t, self.st, c);
        let unit = crate::game::shares::sell_unit(self.st, c);
        let too_big = (unit..percent)
            .step_by(unit.max(1) as usize)
            .find(|&pct| crate::game::shares::worth(self.t, self.st, c, price, pct as i64) >= short && self.sale_possible(pres, c, pct));
        // With debt financing the president raises what they like (1844-R-149).
        if let Some(enough) = too_big.filter(|_| self.t.settings.emergency != Emergency::Debt) {
            return self.refuse(
                RuleKey::EmrEnough,
                format!("selling {percent} % raises more than needed: {} more is enough ({enough} % of {target})", self.t.money(short)),
            );
        }
        self.sell_shares(pres, c, percent, certs, true)?;
        // From now on the money is for the cheapest train from the bank
        // (1849-R-159), not for a deal with another corporation.
        self.or_mut().turn.emergency = true;
        Ok(())
    }

    // ---------------------------------------------------------- finance
}

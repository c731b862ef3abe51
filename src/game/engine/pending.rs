//! Answering pending decisions: train discards, starting prices, homes,
//! presidency exchanges and script questions.

use crate::game::rules::Defined;
use crate::args;
use super::Engine;
use crate::game::action::Action;
use crate::game::flow::PendingKind;
use crate::game::graph::city_stop;
use crate::game::ids::*;
use crate::game::ops::{GameError, GameResult};
use crate::game::trains::train_limit;
use crate::game::refusals::RuleKey;

impl Engine<'_> {
    /// A presidency exchange once its certificates are chosen: `new` takes
    /// the president's certificate and gives `old` the certificates
    /// `given`; then `old` sells the `then_sell` % of the sale that caused
    /// it (0 for none).
    pub(super) fn complete_exchange(&mut self, corp: CorpId, old: PlayerId, new: PlayerId, given: &[u16], then_sell: u32) -> GameResult<()> {
        self.ops().swap_president(corp, old, new, given);
        if then_sell > 0 {
            self.ops().sell_to_pool(corp, old, then_sell, None)?;
        }
        Ok(())
    }

    /// Why `par OTHER` (or any other action) must wait for a pending
    /// starting value, and the command that gives it: "CTL cannot be
    /// started now: first A chooses the starting value of ATA (P5 (RSA)
    /// was bought): `par ATA PRICE`, PRICE one of L. 68, L. 100".
    fn par_first(&self, tried: &str, corp: CorpId, prices: &[i64], cause: Option<&str>, actor: Actor) -> String {
        let id = &self.st.corps[corp].id;
        let who = match actor {
            Actor::Player(x) => format!("{} chooses", self.st.players[x as usize].name),
            Actor::Corp(_) => "choose".to_string(),
        };
        let list: Vec<String> = prices.iter().map(|x| self.t.money(*x)).collect();
        let cause = cause.map(|c| format!(" ({c})")).unwrap_or_default();
        let wait = if tried.is_empty() { String::new() } else { format!("{tried} cannot be started now: ") };
        format!("{wait}first {who} the starting value of {id}{cause}: `par {id} PRICE`, PRICE one of {}", list.join(", "))
    }

    pub(super) fn pending_action(&mut self, action: &Action) -> GameResult<()> {
        let Some(p) = self.st.flow.pending.last().cloned() else { return Ok(()) };
        match (&p.kind, action) {
            (PendingKind::DiscardTrain { corp }, Action::DiscardTrain { train }) => {
                let Some(ti) = self.st.train_index(train) else {
                    return self.refuse(RuleKey::TrainUnknown, format!("there is no train {train}"));
                };
                if self.st.trains[ti as usize].owner != TrainOwner::Corp(*corp) {
                    return self.refuse(RuleKey::TrainNotOwned, format!("{} does not own {train}", self.st.corps[*corp].id));
                }
                let cid = self.st.corps[*corp].id.clone();
                let tid = self.st.trains[ti as usize].id.clone();
                self.rules.check("can_discard_train", self.st, self.fx, args![cid, tid])?;
                self.ops().discard_train(*corp, ti);
                if self.st.trains_of(*corp).len() as u32 <= train_limit(self.t, self.st, *corp) {
                    self.st.flow.pending.pop();
                }
            }
            (PendingKind::Par { corp, prices, capital, cause }, Action::Par { corp: name, price, .. }) => {
                if self.st.corp_index(name) != Some(*corp) {
                    let tried = self.st.corp_index(name).map_or(name.clone(), |c| self.st.corps[c].id.clone());
                    return self.refuse(RuleKey::PendingPar, self.par_first(&tried, *corp, prices, cause.as_deref(), p.actor));
                }
                if !prices.contains(price) {
                    let list: Vec<String> = prices.iter().map(|x| self.t.money(*x)).collect();
                    return self.refuse(RuleKey::StockParPrice, format!("choose one of {}", list.join(", ")));
                }
                let Actor::Player(player) = p.actor else { return Err(GameError::Invalid("a corporation cannot choose a par".into())) };
                self.st.flow.pending.pop();
                // `game:ask_par` let only prices whose grant is an amount in.
                let grant = *price * *capital as i64;
                self.ops().transfer(Purse::Bank, Purse::Corp(*corp), grant)?;
                self.ops().start_corp(*corp, *price, player, 0, true)?;
            }
            (PendingKind::Home { corp, choices }, Action::Choose { choice }) | (PendingKind::Home { corp, choices }, Action::PlaceToken { hex: choice, .. }) => {
                let label = choice.split('.').next().unwrap_or(choice);
                let Some(h) = self.t.map.hex(label).or_else(|| self.t.map.hex(&label.to_uppercase())) else {
                    return self.refuse(RuleKey::MapUnknownHex, format!("there is no hex {label}"));
                };
                let Some(&(hex, city)) = choices.iter().find(|(x, _)| *x == h) else {
                    let names: Vec<String> = choices.iter().map(|(x, _)| self.t.map.hexes[*x as usize].title()).collect();
                    return self.refuse(RuleKey::CorpHomeChoice, format!("choose a home among {}", names.join(", ")));
                };
                self.st.flow.pending.pop();
                let _ = city_stop(self.t, self.st, hex, city);
                self.ops().set_home(*corp, hex, city)?;
            }
            (PendingKind::PresidentSwap { corp, from, options, then_sell }, Action::Choose { choice }) => {
                let idx: usize = match choice.parse::<usize>() {
                    Ok(i) if i >= 1 && i <= options.len() => i - 1,
                    _ => return self.refuse(RuleKey::StockSwapChoice, format!("choose 1 to {}", options.len())),
                };
                let Actor::Player(old) = p.actor else { return Err(GameError::Invalid("bad swap".into())) };
                self.st.flow.pending.pop();
                let given = options[idx].clone();
                self.complete_exchange(*corp, old, *from, &given, *then_sell)?;
            }
            (PendingKind::Choice { handler, choices, data, .. }, Action::Choose { choice }) => {
                if !choices.iter().any(|c| c == choice) {
                    return self.refuse(RuleKey::PendingChoice, format!("choose one of: {}", choices.join(", ")));
                }
                let handler = handler.clone();
                let data = data.clone();
                let who = match p.actor {
                    Actor::Player(x) => self.st.players[x as usize].name.clone(),
                    Actor::Corp(c) => self.st.corps[c].id.clone(),
                };
                self.st.flow.pending.pop();
                let done = self.rules.call(Defined::Ability, &handler, "choose", self.st, self.fx, args![who, choice.clone(), data])?;
                if done.is_none() {
                    return Err(GameError::Script(format!("no script ability '{handler}' with a `choose` function answers this question")));
                }
            }
            (PendingKind::SaleConsent { corp, company, price }, Action::Choose { choice }) => {
                let (corp, co, price) = (*corp, *company, *price);
                let Actor::Player(seller) = p.actor else { return Err(GameError::Invalid("a sale consent is a player's".into())) };
                let (buyer, name, who) = (self.st.corps[corp].id.clone(), self.st.companies[co].id.clone(), self.st.players[seller as usize].name.clone());
                match choice.as_str() {
                    "accept" => {
                        self.st.flow.pending.pop();
                        // Nothing can have happened since the offer; still, the sale must be possible.
                        if self.st.companies[co].owner != CompanyOwner::Player(seller) {
                            return self.refuse(RuleKey::CompanyConsent, format!("{who} no longer owns {name}"));
                        }
                        if self.st.corps[corp].cash < price {
                            return self.refuse(RuleKey::MoneyInsufficient, format!("{buyer} has only {}", self.t.money(self.st.corps[corp].cash)));
                        }
                        self.sell_company_to_corp(corp, co, seller, price)?;
                    }
                    "refuse" => {
                        self.st.flow.pending.pop();
                        self.fx.log.push(format!("{who} refuses to sell {name} to {buyer} for {}{}", self.t.money(price), self.t.rule_note(RuleKey::CompanyConsent)));
                    }
                    _ => {
                        return self.refuse(RuleKey::CompanyConsent, format!("{buyer} offers {} for {name}: `choose accept` or `choose refuse`", self.t.money(price)));
                    }
                }
            }
            (PendingKind::TrainSaleConsent { corp, seller, train, price }, Action::Choose { choice }) => {
                let (corp, seller, ti, price) = (*corp, *seller, *train, *price);
                let Actor::Player(pres) = p.actor else { return Err(GameError::Invalid("a train sale consent is a player's".into())) };
                let buyer = self.st.corps[corp].id.clone();
                let sid = self.st.corps[seller].id.clone();
                let tid = self.st.trains[ti as usize].id.clone();
                let who = self.st.players[pres as usize].name.clone();
                match choice.as_str() {
                    "accept" => {
                        self.st.flow.pending.pop();
                        if self.st.trains[ti as usize].owner != TrainOwner::Corp(seller) {
                            return self.refuse(RuleKey::TrainConsent, format!("{sid} no longer owns {tid}"));
                        }
                        self.complete_train_purchase(corp, seller, ti, price)?;
                    }
                    "refuse" => {
                        self.st.flow.pending.pop();
                        self.fx.log.push(format!("{who} refuses to sell {sid}'s {tid} to {buyer} for {}{}", self.t.money(price), self.t.rule_note(RuleKey::TrainConsent)));
                    }
                    _ => {
                        return self.refuse(RuleKey::TrainConsent, format!("{buyer} offers {} for {sid}'s {tid}: `choose accept` or `choose refuse`", self.t.money(price)));
                    }
                }
            }
            (PendingKind::RaiseMoney { .. }, Action::Sell { .. }) => self.raise_action(&p, action)?,
            (PendingKind::RaiseMoney { .. }, _) => return self.raise_refusal(&p),
            (kind, _) => {
                let what = match kind {
                    PendingKind::DiscardTrain { corp } => format!("{} must discard a train (`discard TRAIN`)", self.st.corps[*corp].id),
                    PendingKind::Par { corp, prices, cause, .. } => self.par_first("", *corp, prices, cause.as_deref(), p.actor),
                    PendingKind::Home { corp, .. } => format!("choose the home city of {} (`choose HEX`)", self.st.corps[*corp].id),
                    PendingKind::PresidentSwap { .. } => "choose which certificates to receive (`choose N`)".to_string(),
                    PendingKind::Choice { prompt, choices, .. } => format!("{prompt} (`choose X`: {})", choices.join(", ")),
                    PendingKind::RaiseMoney { .. } => unreachable!("answered above"),
                    PendingKind::SaleConsent { corp, company, price } => format!(
                        "{} offers {} for {}: `choose accept` or `choose refuse`",
                        self.st.corps[*corp].id,
                        self.t.money(*price),
                        self.st.companies[*company].id
                    ),
                    PendingKind::TrainSaleConsent { corp, seller, train, price } => format!(
                        "{} offers {} for {}'s {}: `choose accept` or `choose refuse`",
                        self.st.corps[*corp].id,
                        self.t.money(*price),
                        self.st.corps[*seller].id,
                        self.st.trains[*train as usize].id
                    ),
                };
                // An offer waiting for its answer cites the rule that asks for it.
                let key = match kind {
                    PendingKind::SaleConsent { .. } => RuleKey::CompanyConsent,
                    PendingKind::TrainSaleConsent { .. } => RuleKey::TrainConsent,
                    _ => RuleKey::PendingFirst,
                };
                // The starting value's text already says "first".
                let what = if matches!(kind, PendingKind::Par { .. }) { what } else { format!("first: {what}") };
                return self.refuse(key, what);
            }
        }
        Ok(())
    }
}

//! Trains: what the bank offers, buying, phases, rusting, train limits.

use super::flow::{Pending, PendingKind};
use super::ids::*;
use super::ops::{GameResult, Ops};
use super::state::{GameState, Train};
use super::var::Var;
use crate::title::Title;

/// A train the bank offers now: class, variant, price.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    pub class: u16,
    pub variant: u16,
    pub price: i64,
    /// A specific used train in the pool, or a new one from the depot.
    pub pool_train: Option<TrainId>,
}

/// Has any train of this class or variant left the depot?
pub fn class_started(t: &Title, st: &GameState, name: &str) -> bool {
    st.trains.iter().any(|tr| {
        let class = &t.trains[tr.class as usize];
        tr.sold && (class.name == name || class.variants[tr.variant as usize].name == name)
    })
}

fn depot_count(st: &GameState, class: u16) -> usize {
    st.trains.iter().filter(|t| t.class == class && t.owner == TrainOwner::Depot).count()
}

/// Classes whose new trains are on sale now.
pub fn classes_on_sale(t: &Title, st: &GameState) -> Vec<u16> {
    let mut out = Vec::new();
    let has_stock = |i: u16| t.trains[i as usize].count < 0 || depot_count(st, i) > 0;
    // The first regular class with stock left.
    for (i, c) in t.trains.iter().enumerate() {
        if c.not_for_sale || c.available.is_some() || c.count == 0 {
            continue;
        }
        if has_stock(i as u16) {
            out.push(i as u16);
            break;
        }
    }
    for (i, c) in t.trains.iter().enumerate() {
        let Some(a) = &c.available else { continue };
        if c.not_for_sale || !has_stock(i as u16) {
            continue;
        }
        let after_first = a.after_first.as_ref().is_none_or(|n| class_started(t, st, n));
        let after_out = a.after_sold_out.as_ref().is_none_or(|n| {
            t.trains.iter().position(|x| &x.name == n).is_some_and(|j| depot_count(st, j as u16) == 0 && class_started(t, st, n))
        });
        if after_first && after_out && !out.contains(&(i as u16)) {
            out.push(i as u16);
        }
    }
    out
}

/// Every train the bank offers: new ones (each variant) and pool ones.
pub fn bank_offers(t: &Title, st: &GameState) -> Vec<Offer> {
    let mut out = Vec::new();
    for c in classes_on_sale(t, st) {
        for (v, var) in t.trains[c as usize].variants.iter().enumerate() {
            out.push(Offer { class: c, variant: v as u16, price: var.price, pool_train: None });
        }
    }
    for (i, tr) in st.trains.iter().enumerate() {
        if tr.owner == TrainOwner::Pool {
            let var = &t.trains[tr.class as usize].variants[tr.variant as usize];
            out.push(Offer { class: tr.class, variant: tr.variant, price: var.price, pool_train: Some(i as TrainId) });
        }
    }
    out
}

pub fn train_limit(t: &Title, st: &GameState, corp: CorpId) -> u32 {
    let phase = &t.phases[st.phase];
    let kind = &t.corporation_kinds[st.corps[corp].kind];
    kind.train_limit.get(&phase.name).copied().unwrap_or(phase.train_limit)
}

pub fn variant_name<'t>(t: &'t Title, tr: &Train) -> &'t str {
    &t.trains[tr.class as usize].variants[tr.variant as usize].name
}

impl Ops<'_> {
    /// Creates a new train instance of an unlimited class.
    fn new_unlimited(&mut self, class: u16) -> TrainId {
        let n = self.st.trains.iter().filter(|t| t.class == class).count();
        let name = &self.t.trains[class as usize].name;
        self.st.trains.push(Train { id: format!("{name}-{n}"), class, variant: 0, owner: TrainOwner::Depot, sold: false });
        (self.st.trains.len() - 1) as TrainId
    }

    /// Takes the next new train of a class from the depot.
    pub fn depot_train(&mut self, class: u16) -> Option<TrainId> {
        let found = self.st.trains.iter().position(|t| t.class == class && t.owner == TrainOwner::Depot);
        match found {
            Some(i) => Some(i as TrainId),
            None if self.t.trains[class as usize].count < 0 => Some(self.new_unlimited(class)),
            None => None,
        }
    }

    /// Gives a train to a corporation (after payment), then starts the
    /// phases its purchase triggers.
    pub fn deliver_train(&mut self, train: TrainId, variant: u16, to: CorpId, from_depot: bool) -> GameResult<()> {
        let tr = &mut self.st.trains[train as usize];
        tr.owner = TrainOwner::Corp(to);
        tr.sold = true;
        if from_depot {
            tr.variant = variant;
        }
        let (class, variant) = (tr.class, tr.variant);
        let cname = self.t.trains[class as usize].name.clone();
        let vname = self.t.trains[class as usize].variants[variant as usize].name.clone();
        let corp = self.corp_name(to).to_string();
        let id = self.st.trains[train as usize].id.clone();
        self.fx.event(
            "train_bought",
            [("corp", Var::Str(corp)), ("train", Var::Str(id)), ("class", Var::Str(cname.clone())), ("variant", Var::Str(vname.clone())), ("new", Var::Bool(from_depot))],
        );
        if from_depot {
            self.advance_phase_for(&cname, &vname)?;
        }
        Ok(())
    }

    /// Starts every phase (in order) whose trigger is this class or variant.
    pub fn advance_phase_for(&mut self, class: &str, variant: &str) -> GameResult<()> {
        let target = self
            .t
            .phases
            .iter()
            .enumerate()
            .filter(|(i, p)| *i > self.st.phase && p.on_train.as_deref().is_some_and(|n| n == class || n == variant))
            .map(|(i, _)| i)
            .max();
        if let Some(target) = target {
            while self.st.phase < target {
                self.st.phase += 1;
                self.start_phase()?;
            }
        }
        Ok(())
    }

    /// Applies the effects of the phase just entered.
    pub fn start_phase(&mut self) -> GameResult<()> {
        let phase = self.t.phases[self.st.phase].clone();
        self.log(format!("phase {} begins", phase.name));
        for name in &phase.rust {
            for i in 0..self.st.trains.len() {
                let tr = &self.st.trains[i];
                let class = &self.t.trains[tr.class as usize];
                let matches = class.name == *name || class.variants[tr.variant as usize].name == *name;
                if matches && tr.owner != TrainOwner::Removed && (tr.owner != TrainOwner::Depot || class.count >= 0) {
                    let id = tr.id.clone();
                    let owner = tr.owner;
                    self.st.trains[i].owner = TrainOwner::Removed;
                    if let TrainOwner::Corp(c) = owner {
                        let cn = self.corp_name(c).to_string();
                        self.log(format!("{cn}'s {id} rusts"));
                        self.fx.event("train_rusted", [("corp", Var::Str(cn)), ("train", Var::Str(id))]);
                    }
                }
            }
        }
        for (from, to) in &phase.downgrade {
            for i in 0..self.st.trains.len() {
                let class = &self.t.trains[self.st.trains[i].class as usize];
                if class.variants[self.st.trains[i].variant as usize].name == *from
                    && let Some(v) = class.variants.iter().position(|v| v.name == *to)
                    && self.st.trains[i].owner != TrainOwner::Depot
                {
                    self.st.trains[i].variant = v as u16;
                }
            }
        }
        if !phase.close_companies.is_empty() {
            for i in self.st.company_ids() {
                let kind = &self.t.companies[self.st.companies[i].def].kind;
                if phase.close_companies.contains(kind) {
                    self.close_company(i);
                }
            }
        }
        self.fx.event("phase_changed", [("phase", Var::Str(phase.name.clone()))]);
        for e in &phase.events {
            self.fx.event(e, [("phase", Var::Str(phase.name.clone()))]);
        }
        self.require_discards();
        Ok(())
    }

    /// Every corporation over its train limit must discard (1849-R-024).
    pub fn require_discards(&mut self) {
        for c in self.st.corp_ids() {
            let have = self.st.trains_of(c).len() as u32;
            if have > train_limit(self.t, self.st, c) {
                let already = self.st.flow.pending.iter().any(|p| matches!(p.kind, PendingKind::DiscardTrain { corp } if corp == c));
                if !already && let Some(pres) = self.st.president(c) {
                    let _ = pres;
                    self.st.flow.pending.insert(0, Pending { actor: Actor::Corp(c), kind: PendingKind::DiscardTrain { corp: c } });
                }
            }
        }
    }

    /// The next new train leaves the bank without a buyer (1844 exports):
    /// it is out of the game, and may start a phase.
    pub fn export_train(&mut self) -> GameResult<Option<String>> {
        let Some(&class) = classes_on_sale(self.t, self.st).first() else { return Ok(None) };
        let Some(ti) = self.depot_train(class) else { return Ok(None) };
        let tr = &mut self.st.trains[ti as usize];
        tr.owner = TrainOwner::Removed;
        tr.sold = true;
        let id = tr.id.clone();
        let cname = self.t.trains[class as usize].name.clone();
        let vname = self.t.trains[class as usize].variants[0].name.clone();
        self.log(format!("{id} is sold abroad"));
        self.fx.event("train_exported", [("train", Var::Str(id.clone())), ("class", Var::Str(cname.clone()))]);
        self.advance_phase_for(&cname, &vname)?;
        Ok(Some(id))
    }

    /// Gives a train to a corporation or player without payment: a new one
    /// of a class from the depot, or an existing one by id.
    pub fn give_train(&mut self, what: &str, to: TrainOwner) -> GameResult<String> {
        let ti = match self.st.train_index(what) {
            Some(t) => t,
            None => {
                let Some(class) = self.t.trains.iter().position(|c| c.name == what || c.variants.iter().any(|v| v.name == what)) else {
                    return Err(super::ops::GameError::Invalid(format!("there is no train or train class \"{what}\"")));
                };
                let Some(ti) = self.depot_train(class as u16) else {
                    return Err(super::ops::GameError::Invalid(format!("no {what} train is left in the depot")));
                };
                let variant = self.t.trains[class].variants.iter().position(|v| v.name == what).unwrap_or(0) as u16;
                self.st.trains[ti as usize].variant = variant;
                ti
            }
        };
        let tr = &mut self.st.trains[ti as usize];
        tr.owner = to;
        tr.sold = true;
        Ok(tr.id.clone())
    }

    /// Sells a train to a corporation as a purchase from the bank would:
    /// `what` is a class or variant (a new train from the depot) or the id
    /// of a train in the pool; the corporation pays `price` to the bank,
    /// and a new train starts the phases its purchase triggers (1865's
    /// bankruptcy, R-147, buys one this way).
    pub fn sell_train(&mut self, what: &str, corp: CorpId, price: i64) -> GameResult<String> {
        let (ti, variant, from_depot) = match self.st.train_index(what) {
            Some(t) if self.st.trains[t as usize].owner == TrainOwner::Pool => (t, self.st.trains[t as usize].variant, false),
            Some(_) => return Err(super::ops::GameError::Invalid(format!("train {what} is not in the pool"))),
            None => {
                let Some(class) = self.t.trains.iter().position(|c| c.name == what || c.variants.iter().any(|v| v.name == what)) else {
                    return Err(super::ops::GameError::Invalid(format!("there is no train or train class \"{what}\"")));
                };
                let Some(ti) = self.depot_train(class as u16) else {
                    return Err(super::ops::GameError::Invalid(format!("no {what} train is left in the depot")));
                };
                (ti, self.t.trains[class].variants.iter().position(|v| v.name == what).unwrap_or(0) as u16, true)
            }
        };
        self.transfer(Purse::Corp(corp), Purse::Bank, price)?;
        let name = self.t.trains[self.st.trains[ti as usize].class as usize].variants[variant as usize].name.clone();
        self.log(format!("{} buys a {name} train from the bank for {}", self.corp_name(corp), self.money(price)));
        self.deliver_train(ti, variant, corp, from_depot)?;
        self.require_discards();
        Ok(self.st.trains[ti as usize].id.clone())
    }

    pub fn discard_train(&mut self, corp: CorpId, train: TrainId) {
        self.st.trains[train as usize].owner = TrainOwner::Pool;
        let (cn, id) = (self.corp_name(corp).to_string(), self.st.trains[train as usize].id.clone());
        self.log(format!("{cn} discards {id} to the bank pool"));
        self.fx.event("train_discarded", [("corp", Var::Str(cn)), ("train", Var::Str(id))]);
    }
}

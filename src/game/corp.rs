//! Starting, floating and closing corporations; companies.

use super::flow::{Pending, PendingKind};
use super::graph::city_stop;
use super::ids::*;
use super::ops::{GameResult, Ops};
use super::state::{MarketPos, Token};
use super::var::Var;
use crate::title::schema::{AbilityDef, Capitalization};
use crate::game::refusals::RuleKey;

impl Ops<'_> {
    /// Market cell of a par price: a cell flagged `par`, else any cell with it.
    pub fn par_cell(&self, price: i64) -> Option<MarketPos> {
        let m = &self.t.market;
        let flagged = m.cells_where(|f| f.par);
        let any = m.rows.iter().enumerate().flat_map(|(r, row)| (0..row.len()).map(move |c| (r, c)));
        flagged
            .into_iter()
            .chain(any)
            .find(|&(r, c)| m.cell(r, c).is_some_and(|x| x.price == price))
            .map(|(r, c)| MarketPos { row: r as u8, col: c as u8 })
    }

    pub fn kind_def(&self, corp: CorpId) -> &crate::title::schema::CorporationKindDef {
        &self.t.corporation_kinds[self.st.corps[corp].kind]
    }

    /// Starts a corporation: token on the par cell, the president's
    /// certificate (and `extra` ordinary ones) to the player, who pays for
    /// them unless `free` (1849 RSA).
    pub fn start_corp(&mut self, corp: CorpId, price: i64, player: PlayerId, extra: u32, free: bool) -> GameResult<()> {
        let Some(pos) = self.par_cell(price) else {
            return self.refuse(RuleKey::StockParPrice, format!("{} is not a starting value on the market", self.money(price)));
        };
        let pres_index = self.st.corps[corp].certs.iter().find(|c| c.president).map(|c| c.index);
        let Some(pres_index) = pres_index else { return Err(super::ops::GameError::Invalid("corporation has no president's certificate".into())) };
        let mut take: Vec<u16> = vec![pres_index];
        let ordinary: Vec<u16> = self.st.corps[corp]
            .certs
            .iter()
            .filter(|c| c.owner == CertOwner::Treasury && !c.president && c.tag.is_none())
            .map(|c| c.index)
            .take(extra as usize)
            .collect();
        if ordinary.len() < extra as usize {
            return self.refuse(RuleKey::StockParExtra, format!("only {} ordinary certificates are in the treasury", ordinary.len()));
        }
        take.extend(ordinary);
        let percent: i64 = take
            .iter()
            .map(|i| self.st.corps[corp].certs.iter().find(|c| c.index == *i).map_or(0, |c| c.percent as i64))
            .sum();
        let cost = crate::game::shares::worth(self.t, self.st, corp, price, percent);
        let cap = self.kind_def(corp).capitalization;
        if !free {
            let payee = match cap {
                Capitalization::Incremental => Purse::Corp(corp),
                Capitalization::Fixed => Purse::Bank,
            };
            if self.st.players[player as usize].cash < cost {
                return self.refuse(RuleKey::MoneyInsufficient, format!("starting {} at {} with {percent} % costs {}; {} has {}", self.corp_name(corp), self.money(price), self.money(cost), self.player_name(player), self.money(self.st.players[player as usize].cash)));
            }
            self.transfer(Purse::Player(player), payee, cost)?;
        }
        for i in take {
            self.move_cert(corp, i, CertOwner::Player(player));
        }
        {
            let c = &mut self.st.corps[corp];
            c.started = true;
            c.closed = false;
            c.operated = 0;
            c.par = Some(price);
            c.reached_end = false;
        }
        self.set_price(corp, pos);
        let name = self.corp_name(corp).to_string();
        let pname = self.player_name(player).to_string();
        self.log(format!("{pname} starts {name} at {}{}", self.money(price), if free { String::new() } else { format!(", paying {}", self.money(cost)) }));
        self.fx.event("corporation_started", [("corp", Var::Str(name)), ("player", Var::Str(pname)), ("price", Var::Int(price))]);
        self.check_float(corp)?;
        Ok(())
    }

    /// Percent of a corporation out of its treasury.
    pub fn sold_percent(&self, corp: CorpId) -> u32 {
        self.st.corps[corp].certs.iter().filter(|c| c.owner != CertOwner::Treasury).map(|c| c.percent as u32).sum()
    }

    /// Floats (launches) the corporation once enough is sold: fixed
    /// capitalization pays the capital now; token fee and home token follow.
    pub fn check_float(&mut self, corp: CorpId) -> GameResult<()> {
        let c = &self.st.corps[corp];
        if c.floated || !c.started {
            return Ok(());
        }
        let kind = self.kind_def(corp).clone();
        if self.sold_percent(corp) < kind.float_shares * 10 && kind.float_shares > 0 {
            return Ok(());
        }
        self.st.corps[corp].floated = true;
        let name = self.corp_name(corp).to_string();
        if kind.capitalization == Capitalization::Fixed && kind.capital_multiple > 0 {
            let par = self.st.corps[corp].par.unwrap_or(0);
            let capital = par * kind.capital_multiple as i64;
            self.transfer(Purse::Bank, Purse::Corp(corp), capital)?;
            self.log(format!("{name} launches with {}", self.money(capital)));
        }
        let def = &self.t.corporations[self.st.corps[corp].def];
        let fee = def.token_fee;
        if fee > 0 {
            if self.st.corps[corp].cash < fee {
                return self.refuse(RuleKey::CorpTokenFee, format!("{name} cannot pay its token fee of {}", self.money(fee)));
            }
            self.transfer(Purse::Corp(corp), Purse::Bank, fee)?;
            self.log(format!("{name} pays a token fee of {}", self.money(fee)));
        }
        self.fx.event("corporation_floated", [("corp", Var::Str(name))]);
        if self.t.settings.home_token == crate::title::schema::HomeToken::Start {
            self.place_home(corp)?;
        }
        Ok(())
    }

    /// Starts and floats a corporation by a title's own rule (1844's SBB
    /// formed by merger), without the capital or token fee of a launch:
    /// `corporation_floated` fires as for any launch, once.
    pub fn set_floated(&mut self, corp: CorpId, par: Option<i64>) -> GameResult<()> {
        let c = &mut self.st.corps[corp];
        let was = c.floated;
        c.started = true;
        c.floated = true;
        c.closed = false;
        if par.is_some() {
            c.par = par;
        }
        if !was {
            let name = self.corp_name(corp).to_string();
            self.fx.event("corporation_floated", [("corp", Var::Str(name))]);
        }
        Ok(())
    }

    /// Home choices still open (hex, city) for the corporation.
    pub fn home_choices(&self, corp: CorpId) -> Vec<(HexId, u8)> {
        let def = &self.t.corporations[self.st.corps[corp].def];
        let mut out = Vec::new();
        for spec in &def.home {
            if let Ok((hex, city)) = crate::title::validate::home_city(self.t, spec)
                && let Some(stop) = city_stop(self.t, self.st, hex, city as u8)
                && self.check_token(corp, hex, stop, false).is_ok()
            {
                out.push((hex, city as u8));
            }
        }
        out
    }

    /// Places the home token, or asks the president to choose a home.
    pub fn place_home(&mut self, corp: CorpId) -> GameResult<()> {
        if self.st.corps[corp].home_waits {
            return Ok(());
        }
        // Every home at once: placed at setup (`game::stations`); again
        // only when none of its tokens is down (a script may have turned
        // one into a reservation, or removed it).
        if self.t.corporations[self.st.corps[corp].def].home_mode == crate::title::schema::HomeMode::All {
            if self.st.corps[corp].tokens.iter().any(|t| t.placed.is_some()) {
                return Ok(());
            }
            return self.place_all_homes(corp);
        }
        if let Some((hex, city)) = self.st.corps[corp].home {
            let stop = city_stop(self.t, self.st, hex, city).unwrap_or(0);
            if self.st.corps[corp].tokens.iter().any(|t| t.placed == Some((hex, stop))) {
                return Ok(());
            }
            self.check_token(corp, hex, stop, false)?;
            self.execute_token(corp, hex, stop);
            return Ok(());
        }
        let def = &self.t.corporations[self.st.corps[corp].def];
        if def.home.is_empty() {
            return Ok(());
        }
        let choices = self.home_choices(corp);
        let name = self.corp_name(corp).to_string();
        match (def.home.len(), choices.len()) {
            (_, 0) => self.refuse(RuleKey::CorpNoHome, format!("{name} has no home city with a free slot")),
            (1, _) => {
                let (hex, city) = choices[0];
                self.st.corps[corp].home = Some((hex, city));
                let stop = city_stop(self.t, self.st, hex, city).unwrap_or(0);
                self.execute_token(corp, hex, stop);
                Ok(())
            }
            _ => {
                let Some(pres) = self.st.president(corp) else { return Ok(()) };
                // Asked once: placing the home again while the choice is
                // pending (a script's `game:place_home`) asks nothing more.
                let asked = self.st.flow.pending.iter().any(|p| matches!(p.kind, PendingKind::Home { corp: c, .. } if c == corp));
                if !asked {
                    self.st.flow.pending.push(Pending { actor: Actor::Player(pres), kind: PendingKind::Home { corp, choices } });
                }
                Ok(())
            }
        }
    }

    pub fn set_home(&mut self, corp: CorpId, hex: HexId, city: u8) -> GameResult<()> {
        let stop = city_stop(self.t, self.st, hex, city).unwrap_or(0);
        self.check_token(corp, hex, stop, false)?;
        self.st.corps[corp].home = Some((hex, city));
        self.execute_token(corp, hex, stop);
        let (name, label) = (self.corp_name(corp).to_string(), self.t.map.hexes[hex as usize].title());
        self.log(format!("{name} makes its home in {label}"));
        Ok(())
    }

    /// Closes a corporation: tokens, trains and its companies leave the
    /// board, certificates return unsold to its treasury, its cash to the
    /// bank. It may be started again later.
    pub fn close_corp(&mut self, corp: CorpId) -> GameResult<()> {
        let name = self.corp_name(corp).to_string();
        if self.st.corps[corp].closed {
            return Ok(());
        }
        let president = self.st.president(corp).map(|p| self.player_name(p).to_string());
        let placed: Vec<HexId> = self.st.corps[corp].tokens.iter().filter_map(|t| t.placed.map(|p| p.0)).collect();
        for h in placed {
            self.remove_token(corp, h, false);
        }
        self.st.board.stop_bonuses.retain(|b| b.corp != corp);
        // Questions about a closed corporation (whose certificates a new
        // president takes, which train it discards...) have no answer left.
        self.st.flow.pending.retain(|p| {
            !matches!(&p.kind,
                PendingKind::DiscardTrain { corp: c } | PendingKind::Par { corp: c, .. } | PendingKind::Home { corp: c, .. }
                | PendingKind::PresidentSwap { corp: c, .. } | PendingKind::SaleConsent { corp: c, .. } if *c == corp)
                && !matches!(&p.kind, PendingKind::TrainSaleConsent { corp: c, seller: s, .. } if *c == corp || *s == corp)
        });
        for tr in self.st.trains.iter_mut() {
            if tr.owner == TrainOwner::Corp(corp) {
                tr.owner = TrainOwner::Removed;
            }
        }
        for co in self.st.companies.iter_mut() {
            if co.owner == CompanyOwner::Corp(corp) {
                co.owner = CompanyOwner::Closed;
            }
        }
        let cash = self.st.corps[corp].cash;
        self.transfer(Purse::Corp(corp), Purse::Bank, cash)?;
        let costs = self.token_costs(corp);
        let c = &mut self.st.corps[corp];
        for cert in c.certs.iter_mut() {
            cert.owner = CertOwner::Treasury;
        }
        c.tokens = costs.into_iter().map(|cost| Token { cost, placed: None, lost: false }).collect();
        c.started = false;
        c.floated = false;
        c.operated = 0;
        c.closed = true;
        c.price = None;
        c.par = None;
        c.home = None;
        c.reached_end = false;
        c.state = crate::game::corp_state::initial_state(self.t, c.kind);
        self.log(format!("{name} closes"));
        let mut args = vec![("corp", Var::Str(name)), ("cash", Var::Int(cash))];
        if let Some(p) = president {
            args.push(("president", Var::Str(p)));
        }
        self.fx.event("corporation_closed", args);
        Ok(())
    }

    pub fn token_costs(&self, corp: CorpId) -> Vec<i64> {
        let c = &self.st.corps[corp];
        let def = &self.t.corporations[c.def];
        def.token_costs.clone().unwrap_or_else(|| self.t.corporation_kinds[c.kind].token_costs.clone())
    }

    pub fn close_company(&mut self, co: CompanyId) {
        if self.st.companies[co].owner == CompanyOwner::Closed {
            return;
        }
        self.st.companies[co].owner = CompanyOwner::Closed;
        let name = self.st.companies[co].id.clone();
        self.log(format!("{name} closes"));
        self.fx.event("company_closed", [("company", Var::Str(name))]);
    }

    /// A company changes hands; certificates it carries go to the new owner.
    pub fn give_company(&mut self, co: CompanyId, to: CompanyOwner) -> GameResult<()> {
        let first_sale = self.st.companies[co].owner == CompanyOwner::Bank;
        self.st.companies[co].owner = to;
        let def = self.t.companies[self.st.companies[co].def].clone();
        if first_sale && let CompanyOwner::Player(p) = to {
            for a in &def.abilities {
                if let AbilityDef::Shares { shares } = a {
                    for s in shares {
                        let (corp_id, idx) = s.rsplit_once('_').unwrap_or((s, "0"));
                        let Some(corp) = self.st.corp_index(corp_id) else { continue };
                        let idx: u16 = idx.parse().unwrap_or(0);
                        self.move_cert(corp, idx, CertOwner::Player(p));
                    }
                }
            }
        }
        let name = self.st.companies[co].id.clone();
        let owner = match to {
            CompanyOwner::Player(p) => self.player_name(p).to_string(),
            CompanyOwner::Corp(c) => self.corp_name(c).to_string(),
            _ => String::new(),
        };
        self.fx.event("company_bought", [("company", Var::Str(name)), ("owner", Var::Str(owner))]);
        Ok(())
    }

    /// Company revenue at the start of an operating round.
    pub fn pay_company_revenue(&mut self) -> GameResult<()> {
        for i in self.st.company_ids() {
            let co = self.st.companies[i].clone();
            let rev = co.income(self.t);
            if rev <= 0 {
                continue;
            }
            let to = match co.owner {
                CompanyOwner::Player(p) => Purse::Player(p),
                CompanyOwner::Corp(c) => Purse::Corp(c),
                _ => continue,
            };
            self.transfer(Purse::Bank, to, rev)?;
            let line = format!("{} pays {} to {}", co.id, self.money(rev), self.purse_name(to));
            self.log(line);
        }
        Ok(())
    }
}

//! Paying a corporation's revenue: out to its holders, half and half, or
//! into its treasury, and the share price move that follows. One
//! operation, used by the dividend step and by titles' scripts
//! (`game:pay_dividend`), so both round and pay the same way.

use super::action::DividendKind;
use super::ids::*;
use super::market::{Dir, price_of};
use super::ops::{GameResult, Ops};
use super::var::Var;
use typed_index_collections::TiVec;
use crate::title::schema::{DividendPayee, Rounding};

impl Ops<'_> {
    /// Pays `revenue` as `kind`, moves the price by `moves` (directions
    /// "left", "right", "up", "down", comma-separated; `None` for the
    /// core's default), and fires `dividend`.
    pub fn pay_dividend(&mut self, corp: CorpId, kind: DividendKind, revenue: i64, moves: Option<&str>) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        let default_move = self.default_dividend_move(corp, kind, revenue);
        self.st.flow.earned = self.st.flow.earned.saturating_add(revenue.max(0));
        match kind {
            DividendKind::Payout if revenue > 0 => self.pay_holders(corp, revenue)?,
            DividendKind::Half if revenue > 0 => {
                let half = self.t.settings.half_dividend_split.paid(revenue);
                self.transfer(Purse::Bank, Purse::Corp(corp), revenue - half)?;
                self.log(format!("{id} keeps {}", self.money(revenue - half)));
                self.pay_holders(corp, half)?;
            }
            _ => {
                self.transfer(Purse::Bank, Purse::Corp(corp), revenue)?;
                if revenue > 0 {
                    self.log(format!("{id} withholds {}", self.money(revenue)));
                }
            }
        }
        for part in moves.unwrap_or(default_move).split(',') {
            if let Some(d) = Dir::parse(part.trim()) {
                self.move_price(corp, d, 1)?;
            }
        }
        self.fx.event("dividend", [("corp", Var::Str(id)), ("kind", Var::Str(kind_name(kind).into())), ("revenue", Var::Int(revenue))]);
        Ok(())
    }

    /// The core's move: right for a payout of at least the title's
    /// threshold (above it, with `payout_move_comparison = "above"`), none
    /// for half, left for a withhold or nothing earned.
    pub fn default_dividend_move(&self, corp: CorpId, kind: DividendKind, revenue: i64) -> &'static str {
        match kind {
            DividendKind::Payout if revenue > 0 => {
                // A title setting times a price: saturating, the comparison
                // stays right for any setting.
                let threshold = (self.t.settings.payout_move_threshold as i64).saturating_mul(price_of(self.t, self.st, corp));
                let moves = match self.t.settings.payout_move_comparison {
                    crate::title::schema::PayoutMoveComparison::AtLeast => revenue >= threshold.max(1),
                    crate::title::schema::PayoutMoveComparison::Above => revenue > threshold,
                };
                if moves { "right" } else { "none" }
            }
            DividendKind::Half if revenue > 0 => "none",
            _ => "left",
        }
    }

    /// Each holder's part of `revenue`: players, corporations holding
    /// shares, and the treasury's and pool's parts where the title pays
    /// them to the corporation. `revenue` is within `limits::MAX_AMOUNT`
    /// and the percents of one corporation add up to 100, so
    /// `revenue * pct` stays below 10^14.
    fn pay_holders(&mut self, corp: CorpId, revenue: i64) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        let share = |pct: i64, round_up: bool| -> i64 {
            let x = revenue * pct;
            if round_up { (x + 99) / 100 } else { x / 100 }
        };
        let mut per_player = vec![0i64; self.st.players.len()];
        let mut per_corp: TiVec<CorpId, i64> = vec![0i64; self.st.corps.len()].into();
        let (mut treasury, mut pool) = (0i64, 0i64);
        for c in &self.st.corps[corp].certs {
            match c.owner {
                CertOwner::Player(p) => per_player[p as usize] += c.percent as i64,
                CertOwner::Corp(h) => per_corp[h] += c.percent as i64,
                CertOwner::Treasury => treasury += c.percent as i64,
                CertOwner::Pool => pool += c.percent as i64,
                // An investor's money is the bank: its dividend stays there.
                CertOwner::Removed | CertOwner::Investor(_) => {}
            }
        }
        let up = self.t.settings.dividend_rounding == Rounding::Up;
        for (p, pct) in per_player.iter().enumerate().filter(|(_, pct)| **pct > 0) {
            self.transfer(Purse::Bank, Purse::Player(p as PlayerId), share(*pct, up))?;
        }
        // Corporations' parts round on their own setting: 1844 pays players
        // rounded up, the company rounded down.
        let corp_up = self.t.settings.pool_dividend_rounding == Rounding::Up;
        for (h, pct) in per_corp.iter_enumerated().filter(|(_, pct)| **pct > 0) {
            self.transfer(Purse::Bank, Purse::Corp(h), share(*pct, corp_up))?;
        }
        if treasury > 0 && self.t.settings.treasury_dividends == DividendPayee::Corporation {
            self.transfer(Purse::Bank, Purse::Corp(corp), share(treasury, corp_up))?;
        }
        if pool > 0 && self.t.settings.pool_dividends == DividendPayee::Corporation {
            self.transfer(Purse::Bank, Purse::Corp(corp), share(pool, corp_up))?;
        }
        // Per share unit of the corporation's kind (10 %, or 1844's 5, 20,
        // 25 %: "per share" alone would read as per 10 %).
        let unit = self.t.corporation_kinds[self.st.corps[corp].kind].unit_percent.max(1);
        let per_unit = share(unit as i64, up);
        let per = if unit == 10 { "per share".to_string() } else { format!("per {unit} % share") };
        self.log(format!("{id} pays out {} ({} {per})", self.money(revenue), self.money(per_unit)));
        Ok(())
    }
}

pub fn kind_name(kind: DividendKind) -> &'static str {
    match kind {
        DividendKind::Payout => "payout",
        DividendKind::Withhold => "withhold",
        DividendKind::Half => "half",
    }
}

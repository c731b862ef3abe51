//! The dividend step: paying out, half-paying or withholding a run's
//! revenue, and the price moves that follow.

use super::Engine;
use crate::game::action::DividendKind;
use crate::game::ids::*;
use crate::title::schema::{DividendPayee, Rounding};
use crate::game::market::{Dir, price_of};
use crate::game::ops::GameResult;
use crate::game::var::Var;

impl Engine<'_> {
    pub fn apply_dividend(&mut self, corp: CorpId, kind: DividendKind, revenue: i64) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        let price = price_of(self.t, self.st, corp);
        match kind {
            DividendKind::Payout if revenue > 0 => self.pay_out(corp, revenue)?,
            DividendKind::Half if revenue > 0 => {
                let half = revenue / 2;
                self.ops().transfer(Purse::Bank, Purse::Corp(corp), revenue - half)?;
                self.pay_out(corp, half)?;
            }
            _ => {
                self.ops().transfer(Purse::Bank, Purse::Corp(corp), revenue)?;
                if revenue > 0 {
                    self.fx.log.push(format!("{id} withholds {}", self.t.money(revenue)));
                }
            }
        }
        let kind_name = match kind {
            DividendKind::Payout => "payout",
            DividendKind::Withhold => "withhold",
            DividendKind::Half => "half",
        };
        let default_move = match kind {
            DividendKind::Payout if revenue > 0 => {
                // A title setting times a price: saturating, the comparison
                // stays right for any setting.
                let threshold = (self.t.settings.payout_move_threshold as i64).saturating_mul(price);
                if revenue >= threshold.max(1) { "right" } else { "none" }
            }
            DividendKind::Half if revenue > 0 => "none",
            _ => "left",
        };
        let hooked: Option<String> = self.host.call_hook("dividend_move", self.st, self.fx, (id.clone(), kind_name, revenue))?;
        let mv = hooked.unwrap_or_else(|| default_move.to_string());
        for part in mv.split(',') {
            let part = part.trim();
            if let Some(d) = Dir::parse(part) {
                self.ops().move_price(corp, d, 1)?;
            }
        }
        self.fx.event("dividend", &[("corp", Var::Str(id)), ("kind", Var::Str(kind_name.into())), ("revenue", Var::Int(revenue))]);
        Ok(())
    }

    /// `revenue` is within `limits::MAX_AMOUNT` (`run_trains` checks the
    /// run's), and the percents of one corporation add up to 100, so
    /// `revenue * pct` stays below 10^14.
    fn pay_out(&mut self, corp: CorpId, revenue: i64) -> GameResult<()> {
        let id = self.st.corps[corp as usize].id.clone();
        let up = self.t.settings.dividend_rounding == Rounding::Up;
        let share = |pct: i64, round_up: bool| -> i64 {
            let x = revenue * pct;
            if round_up { (x + 99) / 100 } else { x / 100 }
        };
        let mut per_player = vec![0i64; self.st.players.len()];
        let (mut treasury, mut pool) = (0i64, 0i64);
        for c in &self.st.corps[corp as usize].certs {
            match c.owner {
                CertOwner::Player(p) => per_player[p as usize] += c.percent as i64,
                CertOwner::Treasury => treasury += c.percent as i64,
                CertOwner::Pool => pool += c.percent as i64,
                _ => {}
            }
        }
        for (p, pct) in per_player.iter().enumerate() {
            if *pct > 0 {
                let amount = share(*pct, up);
                self.ops().transfer(Purse::Bank, Purse::Player(p as PlayerId), amount)?;
            }
        }
        // The corporation's own part rounds on its own setting: 1844 pays
        // players rounded up, the company rounded down.
        let corp_up = self.t.settings.pool_dividend_rounding == Rounding::Up;
        if treasury > 0 && self.t.settings.treasury_dividends == DividendPayee::Corporation {
            let amount = share(treasury, corp_up);
            self.ops().transfer(Purse::Bank, Purse::Corp(corp), amount)?;
        }
        if pool > 0 && self.t.settings.pool_dividends == DividendPayee::Corporation {
            let amount = share(pool, corp_up);
            self.ops().transfer(Purse::Bank, Purse::Corp(corp), amount)?;
        }
        self.fx.log.push(format!("{id} pays out {} ({} per share)", self.t.money(revenue), self.t.money(revenue / 10)));
        Ok(())
    }

    // ----------------------------------------------------------- trains
}

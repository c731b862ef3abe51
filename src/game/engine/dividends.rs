//! The dividend step: the title's `dividend_move` hook may change the
//! price move; the payment itself is `Ops::pay_dividend` (src/game/payout.rs),
//! which scripts call too.

use crate::args;
use crate::game::rules::MaybeAnswer;
use super::Engine;
use crate::game::action::DividendKind;
use crate::game::ids::*;
use crate::game::ops::GameResult;
use crate::game::payout::kind_name;

impl Engine<'_> {
    pub fn apply_dividend(&mut self, corp: CorpId, kind: DividendKind, revenue: i64) -> GameResult<()> {
        let id = self.st.corps[corp].id.clone();
        let hooked = self.rules.hook("dividend_move", self.st, self.fx, args![id, kind_name(kind), revenue])?.string(0)?;
        self.ops().pay_dividend(corp, kind, revenue, hooked.as_deref())
    }
}

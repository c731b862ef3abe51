//! The greedy bot: a sensible beginner. It scores every candidate move
//! by simple money sense and tries them best first (a refused move is
//! just the next one tried):
//! - runs its trains on the best routes (the engine's exact search, with
//!   the title's revenue rules) and pays out, unless it withholds to buy
//!   a train it needs;
//! - starts a corporation when it can afford a good par and has fewer
//!   presidencies than it aims for; buys shares of the corporations that
//!   paid most per share for their price, its own first; never sells
//!   unless it has to or owes the bank;
//! - buys a train when it has none, or when a new one fits under the
//!   limit and leaves the treasury some cash; lays tiles, towns and cities
//!   first, where the terrain is cheap; places tokens it can afford.
//!
//! Script moves (a title's own actions) score their weight in the title's
//! `[bots.greedy]` table. A small random jitter breaks ties, so greedy
//! games differ from seed to seed.

use super::Memory;
use crate::fuzz::MoveProblem;
use crate::game::Game;
use crate::game::action::{Action, DividendKind, LegalMove, ShareSource};
use crate::game::ids::{Actor, CorpId, PlayerId, TrainOwner};
use crate::game::ops::GameError;
use crate::title::schema::StopKind;
use crate::title::schema::Color;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Script moves not weighed in the title's data.
const SCRIPT_DEFAULT: f64 = 0.5;
/// Actions looked back at for a script move made again (`repeats`).
const REPEAT_WINDOW: usize = 6;
/// Presidencies a player aims for, when the title does not say.
const PRESIDENCIES: u32 = 2;

/// Chooses and applies the acting seat's move.
pub fn greedy_move(game: &mut Game, memory: &Memory, rng: &mut ChaCha8Rng) -> Result<(), MoveProblem> {
    let cands = game.candidate_moves().map_err(|e| MoveProblem::Listing(e.to_string()))?;
    let mut scored: Vec<(f64, Action)> = {
        let view = View { game, memory, actor: game.current_actor() };
        cands.iter().map(|m| (view.score(m) + rng.random_range(0.0..0.3), view.priced(m))).collect()
    };
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut refusals = Vec::new();
    for (_, action) in scored {
        match game.apply(action.clone()) {
            Ok(()) => return Ok(()),
            Err(GameError::Script(message)) => return Err(MoveProblem::Script { action: action.to_string(), message }),
            Err(e) => {
                if refusals.len() < 6 {
                    refusals.push(format!("`{action}`: {e}"));
                }
            }
        }
    }
    let who = game.current_actor().map(|a| game.actor_name(a)).unwrap_or_default();
    Err(MoveProblem::NoLegalMove { who, round: game.state.flow.round.name.clone(), refusals })
}

/// The position as the bot reads it.
struct View<'a> {
    game: &'a Game,
    memory: &'a Memory,
    actor: Option<Actor>,
}

impl View<'_> {
    fn player(&self) -> Option<PlayerId> {
        match self.actor {
            Some(Actor::Player(p)) => Some(p),
            Some(Actor::Corp(c)) => self.game.state.president(c),
            None => None,
        }
    }

    fn corp(&self) -> Option<CorpId> {
        match self.actor {
            Some(Actor::Corp(c)) => Some(c),
            _ => None,
        }
    }

    fn player_cash(&self) -> i64 {
        self.player().map_or(0, |p| self.game.state.players[p as usize].cash)
    }

    fn corp_named(&self, id: &str) -> Option<CorpId> {
        self.game.state.corp_index(id)
    }

    fn presidencies(&self, p: PlayerId) -> u32 {
        self.game.state.corp_ids().filter(|&c| !self.game.state.corps[c].closed && self.game.state.president(c) == Some(p)).count() as u32
    }

    fn aimed_presidencies(&self) -> u32 {
        self.game.title.bots.greedy.presidencies.unwrap_or(PRESIDENCIES)
    }

    /// The cheapest train the bank sells now (0 if none).
    fn cheapest_train(&self) -> i64 {
        crate::game::trains::bank_offers(&self.game.title, &self.game.state).iter().map(|o| o.price).min().unwrap_or(0)
    }

    fn train_count(&self, c: CorpId) -> usize {
        self.game.state.trains_of(c).len()
    }

    /// Wants cash for a train: it has none, or room for one and less cash
    /// than the cheapest.
    fn saving_for_train(&self, c: CorpId) -> bool {
        let count = self.train_count(c) as u32;
        let cash = self.game.state.corps[c].cash;
        count == 0 || (count < crate::game::trains::train_limit(&self.game.title, &self.game.state, c) && cash < self.cheapest_train())
    }

    /// Dividend per 10 % last time, for the share's price.
    fn yield_of(&self, c: CorpId) -> f64 {
        let price = crate::game::market::price_of(&self.game.title, &self.game.state, c).max(1) as f64;
        let revenue = self.memory.revenue_of(c).unwrap_or(0) as f64;
        revenue / 10.0 / price
    }

    /// The action a ranged move is played at: bids and trains at the
    /// lowest price, a company at its face value inside the range.
    fn priced(&self, mv: &LegalMove) -> Action {
        let mut a = mv.action.clone();
        if let Some((lo, hi)) = mv.range {
            match &mut a {
                Action::Bid { price, .. } => *price = lo,
                Action::BuyTrain { price, .. } => *price = Some(lo),
                Action::BuyCompany { company, price } => {
                    let face = self.company_value(company);
                    *price = Some(face.clamp(lo, hi.max(lo)));
                }
                Action::Script { args, .. } => {
                    args.insert("price".into(), crate::game::var::Var::Int(lo));
                }
                _ => {}
            }
        }
        a
    }

    fn score(&self, mv: &LegalMove) -> f64 {
        let st = &self.game.state;
        match &mv.action {
            Action::Pass => 0.0,
            Action::Run { .. } => 5.0,
            Action::Dividend { kind } => self.dividend_score(*kind),
            Action::Par { corp, price, extra, .. } => self.par_score(corp, *price, *extra),
            Action::Buy { corp, from, .. } => self.buy_score(corp, from),
            // Never sells by choice, unless it owes the bank (1844's
            // emergency debt grows by half every stock round: kept, it
            // reaches millions); when money must be raised, every
            // candidate is a sale, and the cheapest loss goes first.
            Action::Sell { corp, percent, .. } => {
                let own = self.corp_named(corp).is_some_and(|c| st.president(c) == self.player());
                let in_debt = self.player().is_some_and(|p| st.players[p as usize].debt > 0);
                let base = if in_debt && !own { 2.5 } else { -2.0 };
                base - f64::from(*percent) / 100.0 - if own { 1.0 } else { 0.0 }
            }
            Action::Bid { company, price } => {
                let value = self.company_value(company);
                if *price <= value + value / 10 && *price * 5 <= self.player_cash() * 2 { 1.0 } else { -1.0 }
            }
            Action::BuyCompany { company, .. } => self.company_score(company),
            Action::LayTile { hex, tile, .. } => self.tile_score(hex, tile),
            Action::PlaceToken { .. } => self.token_score(),
            Action::BuyTrain { train, .. } => self.train_score(train, mv.range.map_or(0, |r| r.0)),
            // The weakest train goes.
            Action::DiscardTrain { train } => st.train_index(train).map_or(0.0, |t| -f64::from(st.trains[t as usize].class)),
            Action::Issue { .. } => match self.corp() {
                Some(c) if self.train_count(c) == 0 && st.corps[c].cash < self.cheapest_train() => 3.0,
                _ => -0.5,
            },
            Action::Redeem { .. } => -0.5,
            Action::Choose { .. } => 0.0,
            Action::Script { name, .. } => {
                let g = &self.game.title.bots.greedy;
                let weight = g.script.get(name).copied().unwrap_or(g.script_default.unwrap_or(SCRIPT_DEFAULT));
                weight - self.repeats(name)
            }
        }
    }

    /// How often the script move `name` was among the last few actions: a
    /// title may let a choice be changed at any moment (18FB-R-103), and a
    /// bot that liked it once must not make it for ever.
    fn repeats(&self, name: &str) -> f64 {
        let recent = self.game.actions.iter().rev().take(REPEAT_WINDOW);
        recent.filter(|a| matches!(a, Action::Script { name: n, .. } if n == name)).count() as f64
    }

    fn company_value(&self, company: &str) -> i64 {
        self.game.state.company_index(company).map_or(0, |co| self.game.title.companies[self.game.state.companies[co].def].value)
    }

    /// A player buys a company he can easily afford; a corporation buys
    /// one only when it is not saving for a train.
    fn company_score(&self, company: &str) -> f64 {
        let value = self.company_value(company);
        match self.corp() {
            Some(c) if self.saving_for_train(c) => -1.0,
            Some(_) => 0.5,
            None if value * 2 <= self.player_cash() => 2.0,
            None => -1.0,
        }
    }

    /// Pays out, unless keeping this run's revenue buys a second train
    /// now (one withhold, one step down the market, then it pays again).
    fn dividend_score(&self, kind: DividendKind) -> f64 {
        let saving = self.corp().is_some_and(|c| {
            let st = &self.game.state;
            let (cash, cheapest) = (st.corps[c].cash, self.cheapest_train());
            let revenue = match &st.flow.round.data {
                crate::game::flow::RoundData::Operating(o) => o.turn.revenue.unwrap_or(0),
                _ => 0,
            };
            self.train_count(c) == 1 && self.saving_for_train(c) && cash + revenue >= cheapest
        });
        match (kind, saving) {
            (DividendKind::Payout, false) => 3.0,
            (DividendKind::Payout, true) => 1.0,
            (DividendKind::Half, _) => 2.0,
            (DividendKind::Withhold, true) => 3.0,
            (DividendKind::Withhold, false) => 0.5,
        }
    }

    /// Starts a corporation at the highest par whose president's
    /// certificate costs at most 60 % of its cash, while it holds fewer
    /// presidencies than it aims for.
    fn par_score(&self, corp: &str, price: i64, extra: u32) -> f64 {
        let (Some(p), Some(c)) = (self.player(), self.corp_named(corp)) else { return -1.0 };
        let percent = i64::from(self.game.state.corps[c].certs.first().map_or(20, |cert| cert.percent));
        let cost = price * percent / 10;
        let cash = self.player_cash();
        if self.presidencies(p) >= self.aimed_presidencies() {
            return -0.5;
        }
        let fits = cost * 10 <= cash * 6;
        let base = if fits { 3.0 + price as f64 / 1000.0 } else { -0.5 - price as f64 / 1000.0 };
        base - f64::from(extra) * 0.1
    }

    /// Shares: the own corporation until it floats, then the best yield.
    fn buy_score(&self, corp: &str, from: &ShareSource) -> f64 {
        let st = &self.game.state;
        let (Some(p), Some(c)) = (self.player(), self.corp_named(corp)) else { return -1.0 };
        let mine = st.president(c) == Some(p);
        let pool = if *from == ShareSource::Pool { 0.2 } else { 0.0 };
        let corp = &st.corps[c];
        if !corp.floated {
            return if mine { 2.5 } else { 0.3 } + pool;
        }
        let y = self.yield_of(c);
        1.0 + 15.0 * y + if mine { 0.5 } else { 0.0 } + pool
    }

    /// Towns and cities first, upgrades next, cheap terrain always.
    fn tile_score(&self, hex: &str, tile: &str) -> f64 {
        let t = &*self.game.title;
        let Some(h) = t.map.hex(hex) else { return 0.0 };
        let new = t.tile(tile);
        let stops = new.map_or(0, |n| n.stops.iter().filter(|s| matches!(s.kind, StopKind::City | StopKind::Town)).count());
        let upgrade = new.is_some_and(|n| n.color != Color::Yellow);
        let cost = t.map.hexes[h as usize].cost as f64;
        let cash = self.corp().map_or(0, |c| self.game.state.corps[c].cash).max(1) as f64;
        1.0 + 0.8 * (stops.min(2) as f64) + if upgrade { 0.5 } else { 0.0 } - 3.0 * (cost / cash).min(2.0)
    }

    fn token_score(&self) -> f64 {
        match self.corp() {
            Some(c) if self.saving_for_train(c) && self.train_count(c) == 0 => 0.2,
            _ => 1.5,
        }
    }

    /// A train when it has none (the cheapest first); another new one
    /// while it has room and cash to spare; others' trains only at need.
    fn train_score(&self, train: &str, min_price: i64) -> f64 {
        let st = &self.game.state;
        let Some(c) = self.corp() else { return 0.0 };
        let Some((class, list_price, from_corp)) = self.train_facts(train) else { return 0.0 };
        let price = if min_price > 0 { min_price } else { list_price };
        let cash = st.corps[c].cash;
        let held = self.train_count(c);
        if held == 0 {
            return 6.0 - price as f64 / 1000.0 - if from_corp { 0.5 } else { 0.0 };
        }
        if from_corp {
            return -1.0;
        }
        let best_held = st.trains_of(c).iter().map(|&t| st.trains[t as usize].class).max().unwrap_or(0);
        let newer = if class > best_held { 1.0 } else { 0.0 };
        if price > cash { -1.0 } else { 1.5 + newer - 0.7 * held as f64 }
    }

    /// A train of a move: its class, list price and whether another
    /// corporation holds it. A move names a used train by its id ("4H-0")
    /// and a new one by its variant ("4H").
    fn train_facts(&self, train: &str) -> Option<(u16, i64, bool)> {
        let (t, st) = (&*self.game.title, &self.game.state);
        if let Some(i) = st.train_index(train) {
            let tr = &st.trains[i as usize];
            return Some((tr.class, t.trains[tr.class as usize].variants[tr.variant as usize].price, matches!(tr.owner, TrainOwner::Corp(_))));
        }
        t.trains.iter().enumerate().find_map(|(class, c)| c.variants.iter().find(|v| v.name == train).map(|v| (class as u16, v.price, false)))
    }
}

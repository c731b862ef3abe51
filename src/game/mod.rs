//! A game: its title, setup, state and action log.
//!
//! A game is exactly (title, options, seed, setup, actions): `Game::new`
//! builds the starting state, every action goes through `apply`, and a
//! save file is that tuple as JSON. `apply` is atomic: a refused action
//! leaves the state untouched (the digest proves it in tests).

pub mod action;
pub mod board;
pub mod command;
pub mod convert;
pub mod corp;
pub mod corp_state;
pub mod direct_routes;
pub mod engine;
pub mod flow;
pub mod graph;
pub mod ids;
pub mod market;
pub mod merge;
pub mod network;
pub mod money;
pub mod ops;
pub mod payout;
pub mod refusals;
pub mod rules;
pub mod save;
pub mod shares;
pub mod state;
pub mod stations;
pub mod trains;
pub mod var;

use crate::args;
use crate::game::rules::TitleRules;
use crate::script::ScriptHost;
use crate::title::Title;
use action::{Action, LegalMove};
use engine::Engine;
use ids::*;
use ops::{Effects, GameError, GameResult};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use state::*;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;
use var::Var;

/// What a game starts from, besides its title.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Setup {
    /// Players in seating order (after any shuffle).
    pub players: Vec<String>,
    pub seed: u64,
    /// Option choices (the title's defaults apply to the rest).
    #[serde(default)]
    pub options: BTreeMap<String, bool>,
    /// Explicit setup values scripts read as `setup.<key>` (e.g. a
    /// corporation order given by an import).
    #[serde(default)]
    pub values: BTreeMap<String, Var>,
}

pub struct Game {
    pub title: Arc<Title>,
    pub host: Rc<ScriptHost>,
    pub setup: Setup,
    pub state: GameState,
    pub actions: Vec<Action>,
    /// The game log, one line per event.
    pub log: Vec<String>,
    /// When `Some`, every event the actions dispatch is added here, in
    /// order (`simulate` reads runs, closures and phase changes from it).
    pub observed: Option<Vec<ops::Event>>,
}

impl Game {
    /// Seats players at random from the seed (the rulebooks deal seats).
    pub fn shuffle_seats(players: &mut [String], seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        players.shuffle(&mut rng);
    }

    pub fn new(title: Arc<Title>, setup: Setup) -> GameResult<Game> {
        let host = Rc::new(ScriptHost::new(title.clone())?);
        Game::with_host(title, host, setup)
    }

    /// A new game sharing an already loaded script host (for many games of
    /// one title: the host holds no game state).
    pub fn with_host(title: Arc<Title>, host: Rc<ScriptHost>, setup: Setup) -> GameResult<Game> {
        let pc = seats(&title, &setup.players).map_err(GameError::Invalid)?.clone();
        let mut st = GameState { seed: setup.seed, bank: title.bank.cash, cert_limit: pc.cert_limit, ..Default::default() };
        for name in &setup.players {
            st.players.push(Player { name: name.clone(), cash: 0, loans: 0, left: false, debt: 0 });
        }
        for (i, def) in title.corporations.iter().enumerate() {
            let kind = title.corporation_kinds.iter().position(|k| k.id == def.kind).unwrap_or(0);
            let kd = &title.corporation_kinds[kind];
            let mut certs = Vec::new();
            for cd in &kd.certificates {
                for _ in 0..cd.count {
                    let owner = match cd.starts_in.as_deref() {
                        Some("pool") => CertOwner::Pool,
                        _ => CertOwner::Treasury,
                    };
                    certs.push(Cert { index: certs.len() as u16, percent: cd.percent as u8, president: cd.president, tag: cd.tag.clone(), owner });
                }
            }
            let costs = def.token_costs.clone().unwrap_or_else(|| kd.token_costs.clone());
            st.corps.push(Shared::new(Corp {
                id: def.id.clone(),
                def: i,
                kind,
                in_play: true,
                started: false,
                floated: false,
                operated: 0,
                closed: false,
                cash: 0,
                price: None,
                stack: 0,
                par: None,
                reached_end: false,
                certs,
                tokens: costs.into_iter().map(|cost| Token { cost, placed: None, lost: false }).collect(),
                home: None,
                start_order: i as u32,
                state: crate::game::corp_state::initial_state(&title, kind),
                home_waits: false,
            }));
        }
        for (i, def) in title.companies.iter().enumerate() {
            st.companies.push(Company { id: def.id.clone(), def: i, owner: CompanyOwner::Bank, used: false, revenue: None });
        }
        for (ci, class) in title.trains.iter().enumerate() {
            for n in 0..class.count.max(0) {
                st.trains.push(Train { id: format!("{}-{n}", class.name), class: ci as u16, variant: 0, owner: TrainOwner::Depot, sold: false });
            }
        }
        st.board.hexes = title
            .map
            .hexes
            .iter()
            .map(|h| HexState { tile: None, rotation: 0, tokens: h.tile.stops.iter().map(|s| vec![None; s.slots as usize]).collect() })
            .collect();
        st.board.supply = title.tiles.iter().map(|t| t.count).collect();
        for (k, v) in &setup.values {
            st.vars.insert(format!("setup.{k}"), v.clone());
        }
        let mut game = Game { title, host, setup, state: st, actions: Vec::new(), log: Vec::new(), observed: None };
        game.sync_readings();
        game.start(pc.cash)?;
        Ok(game)
    }

    fn start(&mut self, cash: i64) -> GameResult<()> {
        let mut fx = Effects::default();
        {
            let mut ops = ops::Ops::new(&self.title, &mut self.state, &mut fx);
            for p in 0..ops.st.players.len() as PlayerId {
                ops.transfer(Purse::Bank, Purse::Player(p), cash)?;
            }
            ops.setup_stations()?;
        }
        self.host.begin_action();
        self.host.hook("setup", &mut self.state, &mut fx, args![])?;
        let mut e = Engine::new(&self.title, &mut self.state, &mut fx, &*self.host);
        e.settle()?;
        self.log.append(&mut fx.log);
        Ok(())
    }

    /// Applies one action; on refusal the state is exactly as before.
    pub fn apply(&mut self, action: Action) -> GameResult<()> {
        self.try_apply(action).map_err(|(_, e)| e)
    }

    /// [`Game::apply`] that hands a refused action back with the refusal:
    /// an import judges the refusal by the action (a pass our engine made
    /// by itself), and would otherwise copy every action it applies.
    pub fn try_apply(&mut self, action: Action) -> Result<(), (Action, GameError)> {
        let before = self.state.clone();
        let result = self.apply_returning(action);
        if result.is_err() {
            self.state = before;
        }
        result
    }

    /// [`Game::apply`] without the snapshot that restores the state when
    /// the action is refused: for a replay (a save file, an import), which
    /// throws the game away when one of its actions is refused.
    pub fn apply_unguarded(&mut self, action: Action) -> GameResult<()> {
        self.apply_returning(action).map_err(|(_, e)| e)
    }

    fn apply_returning(&mut self, action: Action) -> Result<(), (Action, GameError)> {
        let mut fx = Effects { keep: self.observed.is_some(), ..Effects::default() };
        let result = Engine::new(&self.title, &mut self.state, &mut fx, &*self.host).apply(&action);
        match result {
            Ok(()) => {
                self.actions.push(action);
                self.log.append(&mut fx.log);
                if let Some(seen) = &mut self.observed {
                    seen.append(&mut fx.kept);
                }
                self.sync_readings();
                Ok(())
            }
            Err(e) => Err((action, e)),
        }
    }

    /// Rules a title reads otherwise for the first actions of a game (an
    /// import's earlier website rules, `[props.import_18xx] readings`):
    /// the setup value `readings` maps a var to a number of actions K, and
    /// the var is true while fewer than K actions are applied; or to a
    /// pair [J, K], true from J applied actions on while fewer than K (a
    /// rule the website read so only for a while). Derived from the setup
    /// and the action count only, so a save replays alike.
    pub fn sync_readings(&mut self) {
        let Some(Var::Map(readings)) = self.setup.values.get("readings") else { return };
        let applied = self.actions.len() as i64;
        for (var, until) in readings {
            let on = match until {
                Var::List(l) => matches!((l.first().and_then(Var::as_int), l.get(1).and_then(Var::as_int)), (Some(j), Some(k)) if j <= applied && applied < k),
                _ => until.as_int().is_some_and(|k| applied < k),
            };
            if on {
                if self.state.vars.get(var) != Some(&Var::Bool(true)) {
                    self.state.vars.insert(var.clone(), Var::Bool(true));
                }
            } else if self.state.vars.contains_key(var) {
                self.state.vars.remove(var);
            }
        }
    }

    /// Every move the acting entity may make now.
    pub fn legal_moves(&mut self) -> GameResult<Vec<LegalMove>> {
        let mut st = self.state.clone();
        let mut fx = Effects::default();
        Engine::new(&self.title, &mut st, &mut fx, &*self.host).legal_moves()
    }

    /// Each player's value as the title scores it (the final values once
    /// the game is over; else what the scoring would give now).
    pub fn player_values(&self) -> GameResult<Vec<i64>> {
        if let Some(end) = &self.state.ended {
            return Ok(end.values.clone());
        }
        let mut st = self.state.clone();
        let mut fx = Effects::default();
        Engine::new(&self.title, &mut st, &mut fx, &*self.host).player_values()
    }

    /// Certificates counted toward a player's limit, as the rules count
    /// them (the title's `certificate_count` hook included).
    pub fn cert_count(&self, p: PlayerId) -> GameResult<u32> {
        let mut st = self.state.clone();
        let mut fx = Effects::default();
        Engine::new(&self.title, &mut st, &mut fx, &*self.host).cert_count(p)
    }

    /// Whether passing is the only move left now: it is offered and no
    /// other move is accepted (the pass itself is not tried: applying it
    /// checks it).
    pub fn only_move_is_pass(&mut self) -> GameResult<bool> {
        let mut st = self.state.clone();
        let mut fx = Effects::default();
        engine::only_move_is_pass(&mut Engine::new(&self.title, &mut st, &mut fx, &*self.host))
    }

    /// Candidate moves without the check that each is accepted (cheap;
    /// for the fuzzer, which tries them).
    pub fn candidate_moves(&mut self) -> GameResult<Vec<LegalMove>> {
        let mut st = self.state.clone();
        let mut fx = Effects::default();
        engine::legal_candidates(&mut Engine::new(&self.title, &mut st, &mut fx, &*self.host))
    }

    pub fn current_actor(&self) -> Option<Actor> {
        engine::current_actor(&self.title, &self.state)
    }

    pub fn actor_name(&self, a: Actor) -> String {
        match a {
            Actor::Player(p) => self.state.players[p as usize].name.clone(),
            Actor::Corp(c) => self.state.corps[c].id.clone(),
        }
    }

    /// A hash of the whole state: equal digests, equal games.
    pub fn digest(&self) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        self.state.hash(&mut h);
        h.finish()
    }

    pub fn is_over(&self) -> bool {
        self.state.ended.is_some()
    }

    /// Undoes the last action by replaying the others.
    pub fn undo(&mut self) -> GameResult<Option<Action>> {
        let Some(last) = self.actions.last().cloned() else { return Ok(None) };
        let keep = self.actions[..self.actions.len() - 1].to_vec();
        let mut fresh = Game::with_host(self.title.clone(), self.host.clone(), self.setup.clone())?;
        for a in keep {
            fresh.apply(a)?;
        }
        *self = fresh;
        Ok(Some(last))
    }

    /// Money in the game: constant from setup to the end.
    pub fn total_money(&self) -> i64 {
        self.state.total_money()
    }

    /// Checks the invariants that must hold after every action.
    pub fn check_invariants(&self, expected_money: i64) -> Result<(), String> {
        let total = self.total_money();
        if total != expected_money {
            return Err(format!("money not conserved: {total} instead of {expected_money}"));
        }
        for c in &self.state.corps {
            let sum: u32 = c.certs.iter().map(|x| x.percent as u32).sum();
            if sum != 100 {
                return Err(format!("{}'s certificates add up to {sum} %", c.id));
            }
            if c.cash < 0 {
                return Err(format!("{} has negative cash {}", c.id, c.cash));
            }
            if let Some(x) = c.certs.iter().find(|x| matches!(x.owner, CertOwner::Investor(i) if i.index() >= self.title.investors.len())) {
                return Err(format!("{}'s certificate {} is held by an investor the title does not have", c.id, x.index));
            }
            let pres = c.certs.iter().find(|x| x.president);
            if pres.is_some_and(|x| matches!(x.owner, CertOwner::Investor(_))) {
                return Err(format!("{}'s president's certificate is held by an investor, which is never president", c.id));
            }
            if c.started && !matches!(pres.map(|p| p.owner), Some(CertOwner::Player(_))) {
                return Err(format!("{} is started but its president's certificate is not with a player", c.id));
            }
        }
        for p in &self.state.players {
            if p.cash < 0 {
                return Err(format!("{} has negative cash {}", p.name, p.cash));
            }
        }
        Ok(())
    }
}

/// The title's terms for this many players, once the players are known
/// to be told apart: every way a game is set up (the REPL, imports, save
/// files, scenario tests, the fuzzer) comes through here.
fn seats<'t>(title: &'t Title, players: &[String]) -> Result<&'t crate::title::schema::PlayerCountDef, String> {
    if players.is_empty() {
        return Err("a game needs at least 1 player, and none is given".to_string());
    }
    for (i, name) in players.iter().enumerate() {
        // Players are looked up by name ignoring case (`player ann`).
        if players[..i].iter().any(|other| other.eq_ignore_ascii_case(name)) {
            return Err(format!("the player name {name} is given twice (names must differ, ignoring case)"));
        }
        // Commands and scripts name an investor where they name a player
        // (`buy FMS dragons`, `move_certificate`).
        if let Some(i) = title.investor_index(name) {
            return Err(format!("the player name {name} is the id of the investor {} of {}: choose another name", title.investors[i.index()].name, title.meta.name));
        }
    }
    seat_count(title, players.len())
}

/// The title's terms for `n` players, or why it cannot be played by that
/// many (batch commands ask before any game is set up).
pub fn seat_count(title: &Title, n: usize) -> Result<&crate::title::schema::PlayerCountDef, String> {
    title.player_count(n).ok_or_else(|| {
        let counts: Vec<String> = title.player_counts.iter().map(|p| p.players.to_string()).collect();
        format!("{} is for {} players, not {n}", title.meta.name, counts.join(", "))
    })
}

impl Game {
    /// Parses a REPL-style command against this game's companies.
    pub fn parse_command(&self, text: &str) -> Result<Action, String> {
        let companies: Vec<String> = self.state.companies.iter().map(|c| c.id.clone()).collect();
        let investors: Vec<String> = self.title.investors.iter().map(|i| i.id.clone()).collect();
        command::parse_with(text, &companies, &investors)
    }

    /// Parses and applies a command; the error is the parse problem or the refusal.
    pub fn act(&mut self, text: &str) -> Result<(), String> {
        let a = self.parse_command(text)?;
        self.apply(a).map_err(|e| e.to_string())
    }
}

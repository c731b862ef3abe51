//! Recorded website actions -> railhead actions.

use super::Recorded;
use crate::game::rules::TitleRules;
use crate::game::Game;
use crate::game::action::{Action, DividendKind, RouteSpec, ShareSource};
use crate::game::flow::{PendingKind, RoundData};
use crate::game::graph::tile_on;
use crate::game::ids::*;
use crate::game::var::Var;
use crate::title::Title;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Cloned for each trial translation (`applies_now`): what a translation
/// never changes (the title's import vocabulary) is shared, not copied.
#[derive(Clone)]
pub struct Translator {
    /// Option choices for the game.
    ///
    /// The tables that do not change during a replay are shared: a
    /// translator is copied for each probe of a recorded pass
    /// (`applies_now`).
    pub options: Arc<BTreeMap<String, bool>>,
    /// Setup values (`setup.<key>` for scripts).
    pub setup_values: Arc<BTreeMap<String, Var>>,
    /// Website player id -> our seat.
    players: Arc<BTreeMap<i64, PlayerId>>,
    /// Website company name -> our company id.
    companies: Arc<BTreeMap<String, String>>,
    /// Website choice text -> command template.
    choices: Arc<BTreeMap<String, String>>,
    /// Company whose `assign` action -> command template.
    assign: Arc<BTreeMap<String, String>>,
    /// Website tile name -> command template for tiles that are no tile
    /// lay of ours (1844's Mountain Railway panels, tunnels): {hex},
    /// {rotation}.
    tiles: Arc<BTreeMap<String, String>>,
    /// Website action type -> command templates (none: nothing to do).
    actions: Arc<BTreeMap<String, Vec<String>>>,
    /// Steps of ours the website passes by itself (`auto_actions`): its
    /// other automatic passes in an operating turn are steps we skip.
    auto_pass_steps: Option<Arc<Vec<String>>>,
    /// Website tile copy ("57-0") -> the hex it was laid on.
    tile_hex: Arc<BTreeMap<String, String>>,
    /// Website train ids -> ours.
    trains: super::train_ids::TrainIds,
    /// Rules the website read otherwise before a date (`readings`).
    readings: Arc<Vec<Reading>>,
}

/// An earlier rule of the website: the game variable that turns it on
/// (the title's scripts read it), the moment it stopped applying (Unix
/// seconds, compared with an action's `created_at`), the moment it began
/// where it held only for a while (`from`), and what it says.
#[derive(Clone, Debug)]
struct Reading {
    var: String,
    from: Option<i64>,
    before: i64,
    from_date: Option<String>,
    date: String,
    says: String,
}

impl Reading {
    /// Was this reading in force when an action was recorded at `created_at`?
    fn holds_at(&self, created_at: Option<i64>) -> bool {
        created_at.is_some_and(|t| t < self.before && self.from.is_none_or(|f| t >= f))
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// A TOML date-time (or Unix seconds) as Unix seconds; a local time is read as UTC.
fn unix_seconds(v: &toml::Value) -> Option<i64> {
    match v {
        toml::Value::Integer(n) => Some(*n),
        toml::Value::Datetime(dt) => {
            let date = dt.date?;
            let mut t = days_from_civil(date.year as i64, date.month as i64, date.day as i64) * 86400;
            if let Some(time) = dt.time {
                t += time.hour as i64 * 3600 + time.minute as i64 * 60 + time.second.unwrap_or(0) as i64;
            }
            if let Some(toml::value::Offset::Custom { minutes }) = dt.offset {
                t -= minutes as i64 * 60;
            }
            Some(t)
        }
        _ => None,
    }
}

fn readings(imp: &toml::Table) -> Vec<Reading> {
    let Some(list) = imp.get("readings").and_then(|v| v.as_array()) else { return Vec::new() };
    list.iter()
        .filter_map(|r| {
            let r = r.as_table()?;
            let before = r.get("before")?;
            let from = r.get("from");
            Some(Reading {
                var: r.get("var")?.as_str()?.to_string(),
                from: match from {
                    Some(f) => Some(unix_seconds(f)?),
                    None => None,
                },
                before: unix_seconds(before)?,
                from_date: from.map(|f| f.to_string().trim_matches('"').to_string()),
                date: before.to_string().trim_matches('"').to_string(),
                says: r.get("says").and_then(|v| v.as_str()).unwrap_or("").to_string(),
            })
        })
        .collect()
}

fn table<'a>(props: &'a toml::Table, key: &str) -> Option<&'a toml::Table> {
    props.get(key).and_then(|v| v.as_table())
}

fn str_map(t: Option<&toml::Table>) -> BTreeMap<String, String> {
    t.map(|t| t.iter().filter_map(|(k, v)| v.as_str().map(|s| (k.clone(), s.to_string()))).collect()).unwrap_or_default()
}

/// A string or a list of strings.
fn str_list(v: &toml::Value) -> Vec<String> {
    match v {
        toml::Value::String(s) => vec![s.clone()],
        toml::Value::Array(a) => a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect(),
        _ => Vec::new(),
    }
}

/// Our options for the record's: `[props.import_18xx.options]` renames a
/// website option, or lists candidates of which the first the title
/// accepts with the record's other options is taken (an older website
/// engine allowed combinations the rules do not).
fn map_options(title: &Title, imp: &toml::Table, rules: &[String]) -> BTreeMap<String, bool> {
    let names: BTreeMap<String, Vec<String>> =
        table(imp, "options").map(|t| t.iter().map(|(k, v)| (k.clone(), str_list(v))).collect()).unwrap_or_default();
    let known = |id: &str| title.options.iter().find(|o| o.id == id);
    let mut options = BTreeMap::new();
    let mut choices: Vec<Vec<String>> = Vec::new();
    for r in rules {
        match names.get(r) {
            Some(list) if list.len() > 1 => choices.push(list.clone()),
            found => {
                let ours = found.and_then(|l| l.first()).unwrap_or(r);
                if known(ours).is_some() {
                    options.insert(ours.clone(), true);
                }
            }
        }
    }
    for list in choices {
        let fits = |id: &String| {
            known(id).is_some_and(|o| o.requires.iter().all(|x| options.contains_key(x)) && !o.excludes.iter().any(|x| options.contains_key(x)))
        };
        if let Some(pick) = list.iter().find(|id| fits(id)) {
            options.insert(pick.clone(), true);
        }
    }
    options
}

impl Translator {
    pub fn new(title: &Title, rec: &Recorded) -> Translator {
        let empty = toml::Table::new();
        let imp = table(&title.props, "import_18xx").unwrap_or(&empty);
        let mut options = map_options(title, imp, &rec.optional_rules);
        if let Some(list) = imp.get("options_on").and_then(|v| v.as_array()) {
            for o in list.iter().filter_map(|v| v.as_str()) {
                options.insert(o.to_string(), true);
            }
        }
        let setup_values: BTreeMap<String, Var> =
            table(imp, "setup").map(|t| t.iter().map(|(k, v)| (k.clone(), Var::from_toml(v))).collect()).unwrap_or_default();
        let mut companies = BTreeMap::new();
        for c in &title.companies {
            companies.insert(c.id.clone(), c.id.clone());
            if let Some(a) = &c.abbr {
                companies.insert(a.clone(), c.id.clone());
            }
        }
        companies.extend(str_map(table(imp, "companies")));
        let players = rec.players.iter().enumerate().map(|(i, (id, _))| (*id, i as PlayerId)).collect();
        Translator {
            options: Arc::new(options),
            setup_values: Arc::new(setup_values),
            players: Arc::new(players),
            companies: Arc::new(companies),
            choices: Arc::new(str_map(table(imp, "choices"))),
            assign: Arc::new(str_map(table(imp, "assign"))),
            tiles: Arc::new(str_map(table(imp, "tiles"))),
            actions: Arc::new(table(imp, "actions").map(|t| t.iter().map(|(k, v)| (k.clone(), str_list(v).into_iter().filter(|c| !c.is_empty()).collect())).collect()).unwrap_or_default()),
            auto_pass_steps: imp.get("auto_pass_steps").map(|v| Arc::new(str_list(v))),
            tile_hex: Arc::default(),
            trains: super::train_ids::TrainIds::new(str_map(table(imp, "trains"))),
            readings: Arc::new(readings(imp)),
        }
    }

    /// A count per earlier reading of the actions read under it.
    pub fn readings_counter(&self) -> Vec<usize> {
        vec![0; self.readings.len()]
    }

    /// Turns each earlier reading on for an action recorded before its end
    /// and off otherwise (an action without a date: today's rules).
    pub fn set_readings(&self, game: &mut Game, created_at: Option<i64>, counts: &mut [usize]) {
        // Kept in the setup (`readings`: var -> actions read under it), so
        // that a save of the import replays the same (`Game::sync_readings`).
        // Until the first action after the date, the count is open.
        let kept = match game.setup.values.get("readings") {
            Some(Var::Map(m)) => Some(m),
            _ => None,
        };
        // A reading that began after the record's first action (`from`)
        // is kept as [first action, end]. Records are in time order: a
        // reading opens once and closes once.
        let applied = game.actions.len() as i64;
        let open = |v: Option<&Var>| match v {
            Some(Var::Int(i64::MAX)) => true,
            Some(Var::List(l)) => l.get(1) == Some(&Var::Int(i64::MAX)),
            _ => false,
        };
        // The readings that open or close at this action; most actions
        // change none, and the kept map is then neither copied nor written
        // (the state's vars are copied on a write).
        let mut changes: Vec<(&str, Var)> = Vec::new();
        for (r, n) in self.readings.iter().zip(counts.iter_mut()) {
            // Two readings of one var see each other's change, in order.
            let now = changes.iter().rev().find(|(v, _)| *v == r.var).map(|(_, x)| x).or_else(|| kept.and_then(|m| m.get(&r.var)));
            let change = if r.holds_at(created_at) {
                *n += 1;
                now.is_none().then(|| if r.from.is_some() { Var::List(vec![Var::Int(applied), Var::Int(i64::MAX)]) } else { Var::Int(i64::MAX) })
            } else if open(now) {
                Some(match now {
                    Some(Var::List(l)) => Var::List(vec![l[0].clone(), Var::Int(applied)]),
                    _ => Var::Int(applied),
                })
            } else {
                None
            };
            if let Some(value) = change {
                changes.push((&r.var, value));
            }
        }
        // No change: the vars are as the last applied action's sync left
        // them (`Game::apply` syncs after each action, and nothing else
        // is applied between it and this).
        if changes.is_empty() {
            return;
        }
        let mut readings = kept.cloned().unwrap_or_default();
        for (var, value) in changes {
            readings.insert(var.to_string(), value);
        }
        let value = Var::Map(readings);
        game.setup.values.insert("readings".into(), value.clone());
        // As `Game::with_host` puts every setup value in the state.
        game.state.vars.insert("setup.readings".into(), value);
        game.sync_readings();
    }

    /// Counts an action recorded at `created_at` for the readings then in force.
    pub fn count_readings(&self, created_at: Option<i64>, counts: &mut [usize]) {
        for (r, n) in self.readings.iter().zip(counts.iter_mut()) {
            if r.holds_at(created_at) {
                *n += 1;
            }
        }
    }

    /// The earlier readings applied, for the import's report.
    pub fn readings_applied(&self, counts: &[usize]) -> Vec<String> {
        self.readings
            .iter()
            .zip(counts)
            .filter(|(_, n)| **n > 0)
            .map(|(r, n)| {
                let when = match &r.from_date {
                    Some(from) => format!("from {from} to {}", r.date),
                    None => format!("before {}", r.date),
                };
                format!("{} (the website's rule {when}; {n} recorded action{} made then)", r.says, if *n == 1 { "" } else { "s" })
            })
            .collect()
    }

    fn company(&self, name: &str) -> String {
        self.companies.get(name).cloned().unwrap_or_else(|| name.to_string())
    }

    /// Is a recorded pass one our engine made by itself? Either the
    /// recorded entity is not the one to act, or (in an operating turn) the
    /// entity's next recorded action belongs to the step we are at: the
    /// pass was for a step the website has and we skipped.
    pub fn pass_is_redundant(&self, game: &Game, item: &Value, rest: &[Value]) -> bool {
        let Some(actor) = self.entity(game, item) else { return true };
        if game.current_actor() != Some(actor) {
            return true;
        }
        let Actor::Corp(_) = actor else { return false };
        if !game.state.flow.pending.is_empty() {
            return false;
        }
        let RoundData::Operating(or) = &game.state.flow.round.data else { return false };
        let Some(step) = game.title.flow.round(&game.state.flow.round.name).and_then(|r| r.steps.get(or.step)) else { return false };
        let kind = game.title.flow.step_kind(step).map_or(step.as_str(), |k| k.name());
        let entity = item.get("entity");
        let next = rest.iter().find(|x| {
            let t = x.get("type").and_then(Value::as_str).unwrap_or("");
            !t.starts_with("program_") && t != "message"
        });
        let Some(next) = next else { return false };
        if next.get("entity") != entity {
            return false;
        }
        let t = next.get("type").and_then(Value::as_str).unwrap_or("");
        let corp_share = next.get("entity_type").and_then(Value::as_str) == Some("corporation") && matches!(t, "sell_shares" | "buy_shares");
        matches!(
            (kind, t),
            ("lay_tile", "lay_tile") | ("place_token", "place_token") | ("run_routes", "run_routes") | ("dividend", "dividend") | ("buy_train", "buy_train")
        ) || (kind == "issue_shares" && corp_share)
            || self.applies_now(game, next, rest)
    }

    /// Would our engine accept the entity's next recorded action right now
    /// (then a pass before it was for a step we skipped)? Passes and
    /// actions open at any point of a turn (buying companies, abilities)
    /// tell nothing.
    fn applies_now(&self, game: &Game, next: &Value, rest: &[Value]) -> bool {
        if next.get("type").and_then(Value::as_str) == Some("pass") {
            return false;
        }
        let pos = rest.iter().position(|x| std::ptr::eq(x, next)).map_or(rest.len(), |i| i + 1);
        let Ok(list) = self.clone().translate(game, next, &rest[pos..]) else { return false };
        let Some(first) = list.first() else { return false };
        let anytime = match first {
            Action::Pass | Action::BuyCompany { price: Some(_), .. } => true,
            Action::Script { name, .. } => game.host.is_ability(name),
            _ => false,
        };
        if anytime {
            return false;
        }
        let mut st = game.state.clone();
        let mut fx = crate::game::ops::Effects::default();
        crate::game::engine::Engine::new(&game.title, &mut st, &mut fx, &*game.host).apply(first).is_ok()
    }

    /// Whether a command after the first of a translation applies now: a
    /// `pass` when the game still waits for the entity (not redundant), a
    /// `choose` when a question offers that choice. (The website does in
    /// one action what takes us two, e.g. an offer and its acceptance.)
    pub fn follow_up_applies(&self, game: &Game, action: &Action, item: &Value, rest: &[Value]) -> bool {
        match action {
            Action::Pass => !self.pass_is_redundant(game, item, rest),
            Action::Choose { choice } => {
                game.state.flow.pending.last().and_then(|p| p.kind.choices()).is_some_and(|choices| choices.contains(choice))
            }
            _ => true,
        }
    }

    /// An automatic pass of the website (`auto_actions`) applies to our
    /// engine only at the steps the title lists (`auto_pass_steps`); its
    /// other automatic passes in operating turns are for steps our engine
    /// skips by itself.
    pub fn auto_pass_applies(&self, game: &Game) -> bool {
        let Some(steps) = &self.auto_pass_steps else { return true };
        let RoundData::Operating(or) = &game.state.flow.round.data else { return true };
        if !game.state.flow.pending.is_empty() || or.current.is_none() {
            return true;
        }
        let names = game.title.flow.round(&game.state.flow.round.name).map(|r| r.steps.clone()).unwrap_or_default();
        names.get(or.step).is_some_and(|s| steps.contains(s))
    }

    /// Who acts in a recorded action, in our terms.
    pub fn actor(&self, game: &Game, item: &Value) -> Option<Actor> {
        self.entity(game, item)
    }

    /// Who acts in a recorded action, checked: an entity the record names
    /// must be a player or corporation of this game, or a company (its
    /// owner acts; `None` while the bank holds it). No entity: `None`.
    pub fn recorded_actor(&self, game: &Game, item: &Value) -> Result<Option<Actor>, String> {
        let Some(entity) = item.get("entity") else { return Ok(None) };
        let known = match entity {
            Value::Number(n) => n.as_i64().is_some_and(|id| self.players.contains_key(&id)),
            Value::String(s) => game.state.corp_index(s).is_some() || game.state.company_index(&self.company(s)).is_some(),
            _ => false,
        };
        if !known {
            let players: Vec<String> = self.players.iter().map(|(id, seat)| format!("{id} ({})", game.state.players[*seat as usize].name)).collect();
            return Err(format!("its entity {entity} is no player, corporation or company of this game (players: {})", players.join(", ")));
        }
        Ok(self.entity(game, item))
    }

    fn entity(&self, game: &Game, item: &Value) -> Option<Actor> {
        match item.get("entity") {
            Some(Value::Number(n)) => n.as_i64().and_then(|id| self.players.get(&id)).map(|p| Actor::Player(*p)),
            Some(Value::String(s)) => match game.state.corp_index(s) {
                Some(c) => Some(Actor::Corp(c)),
                None => {
                    // A company acting: its owner acts.
                    let id = self.company(s);
                    let co = game.state.company_index(&id)?;
                    match game.state.companies[co].owner {
                        CompanyOwner::Corp(c) => Some(Actor::Corp(c)),
                        CompanyOwner::Player(p) => Some(Actor::Player(p)),
                        _ => None,
                    }
                }
            },
            _ => None,
        }
    }

    /// Translates one recorded action; `rest` are the recorded actions after it.
    pub fn translate(&mut self, game: &Game, a: &Value, rest: &[Value]) -> Result<Vec<Action>, String> {
        let t = a.get("type").and_then(Value::as_str).unwrap_or("");
        let s = |k: &str| a.get(k).and_then(Value::as_str).map(str::to_string);
        let n = |k: &str| a.get(k).and_then(Value::as_i64);
        let is_corp = a.get("entity_type").and_then(Value::as_str) == Some("corporation");
        let out = match t {
            "pass" => {
                if self.pass_is_redundant(game, a, rest) {
                    vec![]
                } else {
                    vec![Action::Pass]
                }
            }
            "bid" => {
                let company = self.company(&s("company").ok_or("bid without company")?);
                let price = n("price").ok_or("bid without price")?;
                vec![self.bid_or_buy(game, company, price)]
            }
            "par" => {
                let corp = s("corporation").ok_or("par without corporation")?;
                let sp = s("share_price").ok_or("par without share_price")?;
                let price: i64 = sp.split(',').next().and_then(|x| x.parse().ok()).ok_or("bad share_price")?;
                vec![Action::Par { corp, price, extra: 0, home: None }]
            }
            "buy_shares" if is_corp => {
                let cert = a.get("shares").and_then(Value::as_array).and_then(|s| s.first()).and_then(Value::as_str).and_then(|s| split_share(s).ok()).map(|p| p.1);
                vec![Action::Redeem { cert }]
            }
            "buy_shares" => {
                let shares = a.get("shares").and_then(Value::as_array).cloned().unwrap_or_default();
                let first = shares.first().and_then(Value::as_str).ok_or("buy_shares without shares")?;
                let (corp, idx) = split_share(first)?;
                let c = game.state.corp_index(&corp).ok_or_else(|| format!("no corporation {corp}"))?;
                let cert = game.state.corps[c].certs.iter().find(|x| x.index == idx);
                let from = match cert.map(|x| x.owner) {
                    Some(CertOwner::Pool) => ShareSource::Pool,
                    _ => ShareSource::Treasury,
                };
                let known = cert.is_some_and(|x| matches!(x.owner, CertOwner::Pool | CertOwner::Treasury));
                let tag = cert.and_then(|x| x.tag.clone());
                vec![Action::Buy { corp, from, tag, cert: if known { Some(idx) } else { None } }]
            }
            "sell_shares" => {
                let shares = a.get("shares").and_then(Value::as_array).cloned().unwrap_or_default();
                let first = shares.first().and_then(Value::as_str).ok_or("sell_shares without shares")?;
                let (corp, _) = split_share(first)?;
                if is_corp {
                    let idxs: Vec<u16> = shares.iter().filter_map(|x| x.as_str()).filter_map(|x| split_share(x).ok().map(|p| p.1)).collect();
                    vec![Action::Issue { count: shares.len() as u32, certs: Some(idxs) }]
                } else {
                    let percent = n("percent").unwrap_or(10 * shares.len() as i64) as u32;
                    let c = game.state.corp_index(&corp).ok_or_else(|| format!("no corporation {corp}"))?;
                    let seller = self.entity(game, a);
                    let idxs: Vec<u16> = shares.iter().filter_map(|x| x.as_str()).filter_map(|x| split_share(x).ok().map(|p| p.1)).collect();
                    let all_owned = idxs.iter().all(|i| {
                        game.state.corps[c].certs.iter().any(|x| x.index == *i && Some(actor_of(x.owner)) == seller.map(Some) && !x.president)
                    });
                    let certs = if all_owned { Some(idxs) } else { None };
                    vec![Action::Sell { corp, percent, certs, tag: None }]
                }
            }
            "lay_tile" => {
                let hex = s("hex").ok_or("lay_tile without hex")?;
                let tile = s("tile").ok_or("lay_tile without tile")?;
                Arc::make_mut(&mut self.tile_hex).insert(tile.clone(), hex.clone());
                let name = tile.rsplit_once('-').map(|(n, _)| n.to_string()).unwrap_or(tile);
                // Checked, not cut to a byte: rotation 256 read as 0 laid the tile.
                let recorded = n("rotation").unwrap_or(0);
                let rotation = u8::try_from(recorded).map_err(|_| format!("rotation {recorded} is not 0-5"))?;
                match self.tiles.get(&name) {
                    Some(template) => {
                        let text = template.replace("{hex}", &hex).replace("{rotation}", &rotation.to_string());
                        vec![self.command(game, &text, a, rest)?]
                    }
                    None => vec![Action::LayTile { hex, tile: name, rotation }],
                }
            }
            "place_token" => {
                let (hex, c) = self.city(game, &s("city").ok_or("place_token without city")?)?;
                if let Some(p) = game.state.flow.pending.last()
                    && matches!(p.kind, PendingKind::Home { .. })
                {
                    vec![Action::Choose { choice: hex }]
                } else {
                    vec![Action::PlaceToken { hex, city: c }]
                }
            }
            "run_routes" => {
                let runner = match self.entity(game, a) {
                    Some(Actor::Corp(c)) => Some(c),
                    _ => None,
                };
                let routes = a.get("routes").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
                let mut specs = Vec::with_capacity(routes.len());
                for r in routes {
                    let train = self.trains.resolve(game, runner, r.get("train").and_then(Value::as_str).unwrap_or(""));
                    let hexes: Vec<&str> = json_strs(r.get("hexes")).collect();
                    let mut nodes = json_strs(r.get("nodes")).peekable();
                    let stops: Vec<String> = if nodes.peek().is_none() {
                        hexes.iter().map(|h| h.to_string()).collect()
                    } else {
                        // The website's nodes may come in any order; its hexes are in
                        // travel order (1844 mountain railways at the end of a route).
                        // Each stop with its hex's place in that order (MAX: not listed).
                        let at = |s: &str| hexes.iter().position(|h| *h == s.split('.').next().unwrap_or(s)).unwrap_or(usize::MAX);
                        let mut placed: Vec<(usize, String)> = nodes.map(|nd| self.stop_label(game, nd)).map(|s| (at(&s), s)).collect();
                        if placed.iter().all(|(k, _)| *k != usize::MAX) {
                            placed.sort_by_key(|(k, _)| *k);
                        }
                        placed.into_iter().map(|(_, s)| s).collect()
                    };
                    let via: Vec<Vec<String>> = r
                        .get("connections")
                        .and_then(Value::as_array)
                        .map(|x| x.iter().map(|seg| json_strs(Some(seg)).map(str::to_string).collect()).collect())
                        .unwrap_or_default();
                    specs.push(RouteSpec { train, stops, via });
                }
                vec![Action::Run { routes: specs }]
            }
            "dividend" => {
                let kind = match s("kind").as_deref() {
                    Some("payout") => DividendKind::Payout,
                    Some("half") => DividendKind::Half,
                    _ => DividendKind::Withhold,
                };
                vec![Action::Dividend { kind }]
            }
            "buy_train" => {
                let id = self.trains.resolve(game, None, &s("train").ok_or("buy_train without train")?);
                let price = n("price");
                match s("variant") {
                    Some(variant) => {
                        // From the bank: a pool train by its id, a new one by variant.
                        let in_pool = game.state.train_index(&id).is_some_and(|t| game.state.trains[t as usize].owner == TrainOwner::Pool);
                        let train = if in_pool { id } else { variant.clone() };
                        vec![Action::BuyTrain { train, variant: Some(variant), price: None }]
                    }
                    // From another corporation: when our engine asks the
                    // seller's president (settings.train_sale_consent), the
                    // presidents agreed outside the record (applied only
                    // when asked).
                    None => vec![Action::BuyTrain { train: id, variant: None, price }, Action::Choose { choice: "accept".into() }],
                }
            }
            "discard_train" => {
                let owner = match self.entity(game, a) {
                    Some(Actor::Corp(c)) => Some(c),
                    _ => None,
                };
                let recorded = s("train").ok_or("discard_train without train")?;
                vec![Action::DiscardTrain { train: self.trains.resolve(game, owner, &recorded) }]
            }
            "buy_company" if is_corp => {
                // A purchase from a player whose consent our engine asks
                // for (settings.company_sale_consent): the players agreed
                // outside the recorded game, so the owner accepts (applied
                // only when asked).
                let company = self.company(&s("company").ok_or("buy_company without company")?);
                vec![Action::BuyCompany { company, price: n("price") }, Action::Choose { choice: "accept".into() }]
            }
            "buy_company" => {
                let company = self.company(&s("company").ok_or("buy_company without company")?);
                vec![Action::BuyCompany { company, price: None }]
            }
            "choose" | "choose_ability" => {
                let choice = s("choice").ok_or("choose without choice")?;
                let template = self.choices.get(&choice).cloned().unwrap_or_else(|| format!("choose {choice}"));
                // An empty template: a choice with nothing to do in our
                // engine (1849's "Pass" of the SMS question: we ask none).
                if template.trim().is_empty() { vec![] } else { vec![self.command(game, &template, a, rest)?] }
            }
            "assign" => {
                let who = s("entity").unwrap_or_default();
                let company = self.company(&who);
                let template = self.assign.get(&company).or_else(|| self.assign.get(&who)).cloned().ok_or_else(|| format!("no import rule for assign by {who}"))?;
                vec![self.command(game, &template, a, rest)?]
            }
            "bankrupt" => vec![Action::Pass],
            t if t.starts_with("program_") => vec![],
            "message" | "log" | "undo" | "redo" => vec![],
            t if self.actions.contains_key(t) => {
                let templates = self.actions[t].clone();
                templates.iter().map(|c| self.command(game, c, a, rest)).collect::<Result<Vec<_>, _>>()?
            }
            other => return Err(format!("action type '{other}' is not supported yet")),
        };
        Ok(out)
    }

    /// A bid at the cheapest company's price is a purchase on the website.
    fn bid_or_buy(&self, game: &Game, company: String, price: i64) -> Action {
        if let RoundData::Auction(au) = &game.state.flow.round.data
            && au.resolving.is_none()
        {
            let lots: Vec<CompanyId> = game.state.company_ids()
                .filter(|&c| game.title.companies[game.state.companies[c].def].auctioned && game.state.companies[c].owner == CompanyOwner::Bank)
                .collect();
            if let Some(&cheapest) = lots.first()
                && game.state.companies[cheapest].id == company
            {
                return Action::BuyCompany { company, price: None };
            }
        }
        Action::Bid { company, price }
    }

    /// Fills a command template: {target}, {next_hex} (the hex of the
    /// entity's next tile or token action), {choice}, {price}, and for an
    /// action naming a city and slot, {city_hex}, {city} (our index of the
    /// city on that hex) and {slot_corp} (the corporation whose token is
    /// in that slot now); {swap:10+10} the number of the pending presidency
    /// exchange that gives certificates of those percents.
    fn command(&self, game: &Game, template: &str, a: &Value, rest: &[Value]) -> Result<Action, String> {
        let mut text = template.to_string();
        if let Some(t) = a.get("target").and_then(Value::as_str) {
            text = text.replace("{target}", t);
        }
        if let Some(c) = a.get("choice").and_then(Value::as_str) {
            text = text.replace("{choice}", c);
        }
        if let Some(p) = a.get("price").and_then(Value::as_i64) {
            text = text.replace("{price}", &p.to_string());
        }
        if let Some(city) = a.get("city").and_then(Value::as_str)
            && text.contains("{city")
        {
            let (hex, c) = self.city(game, city)?;
            text = text.replace("{city_hex}", &hex).replace("{city}", &c.to_string());
        }
        // {swap:10+10}: the number of the presidency exchange giving those certificates.
        if let Some(start) = text.find("{swap:") {
            let end = text[start..].find('}').map(|e| start + e).ok_or("unclosed {swap:...}")?;
            let mut want: Vec<u32> = text[start + 6..end].split('+').filter_map(|x| x.trim().parse().ok()).collect();
            want.sort();
            let Some(PendingKind::PresidentSwap { corp, options, .. }) = game.state.flow.pending.last().map(|p| &p.kind) else {
                return Err("no presidency exchange is pending".into());
            };
            let certs = &game.state.corps[*corp].certs;
            let n = options
                .iter()
                .position(|o| {
                    let mut got: Vec<u32> = o.iter().filter_map(|i| certs.iter().find(|c| c.index == *i)).map(|c| c.percent as u32).collect();
                    got.sort();
                    got == want
                })
                .ok_or_else(|| format!("no exchange gives {want:?}"))?;
            text.replace_range(start..=end, &(n + 1).to_string());
        }
        if text.contains("{slot_corp}") {
            let city = a.get("city").and_then(Value::as_str).ok_or("no city for {slot_corp}")?;
            let (hex, c) = self.city(game, city)?;
            let h = game.title.map.hex(&hex).ok_or_else(|| format!("no hex {hex}"))?;
            let stop = crate::game::graph::city_stop(&game.title, &game.state, h, c).ok_or("no such city")?;
            let slot = a.get("slot").and_then(Value::as_u64).unwrap_or(0) as usize;
            let corp = game.state.board.hexes[h as usize].tokens.get(stop as usize).and_then(|s| s.get(slot)).copied().flatten().ok_or_else(|| format!("no token in slot {slot} of {city}"))?;
            text = text.replace("{slot_corp}", &game.state.corps[corp].id);
        }
        if text.contains("{next_hex}") {
            let entity = a.get("entity");
            let next = rest.iter().find(|x| {
                x.get("entity") == entity && matches!(x.get("type").and_then(Value::as_str), Some("lay_tile") | Some("place_token"))
            });
            let hex = next
                .and_then(|x| x.get("hex").and_then(Value::as_str).map(str::to_string).or_else(|| x.get("city").and_then(Value::as_str).and_then(|c| split_city(c).ok()).and_then(|(t, _)| self.hex_of_tile(game, &t).ok())))
                .ok_or("no later tile or token action names the hex")?;
            text = text.replace("{next_hex}", &hex);
        }
        game.parse_command(&text)
    }

    /// The hex of a website tile copy: where it was laid, or the hex a
    /// pre-printed tile is named after ("M9-0").
    fn hex_of_tile(&self, game: &Game, tile: &str) -> Result<String, String> {
        if let Some(h) = self.tile_hex.get(tile) {
            return Ok(h.clone());
        }
        let name = tile.rsplit_once('-').map_or(tile, |(n, _)| n);
        if game.title.map.hex(name).is_some() {
            return Ok(name.to_string());
        }
        Err(format!("tile {tile} was never laid"))
    }

    /// The hex and our city index of a website city ("M9-0-0": tile copy and part).
    fn city(&self, game: &Game, city: &str) -> Result<(String, u8), String> {
        let (tile, part) = split_city(city)?;
        let hex = self.hex_of_tile(game, &tile)?;
        let c = self.city_of(game, &hex, part);
        Ok((hex, c))
    }

    /// Our city index for a website city part ("tile-copy-part").
    fn city_of(&self, game: &Game, hex: &str, part: usize) -> u8 {
        let Some(h) = game.title.map.hex(hex) else { return 0 };
        let tile = tile_on(&game.title, &game.state, h);
        let cities: Vec<usize> = tile.stops.iter().enumerate().filter(|(_, s)| s.kind == crate::title::schema::StopKind::City).map(|(i, _)| i).collect();
        if cities.len() <= 1 {
            return 0;
        }
        cities.iter().position(|&i| i == part).unwrap_or(part.min(cities.len() - 1)) as u8
    }

    /// Our stop label for a website node ("C5-1": hex and part).
    fn stop_label(&self, game: &Game, node: &str) -> String {
        let (hex, part) = match node.rsplit_once('-') {
            Some((h, p)) => (h.to_string(), p.parse::<usize>().unwrap_or(0)),
            None => (node.to_string(), 0),
        };
        let Some(h) = game.title.map.hex(&hex) else { return hex };
        let tile = tile_on(&game.title, &game.state, h);
        if tile.stops.len() <= 1 {
            hex
        } else {
            format!("{hex}.{}", part.min(tile.stops.len() - 1))
        }
    }
}

fn actor_of(o: CertOwner) -> Option<Actor> {
    match o {
        CertOwner::Player(p) => Some(Actor::Player(p)),
        CertOwner::Corp(c) => Some(Actor::Corp(c)),
        _ => None,
    }
}

/// The strings of a JSON list (none if it is not one).
fn json_strs(v: Option<&Value>) -> impl Iterator<Item = &str> {
    v.and_then(Value::as_array).map_or(&[][..], Vec::as_slice).iter().filter_map(Value::as_str)
}

/// "ATA_3" -> ("ATA", 3).
fn split_share(s: &str) -> Result<(String, u16), String> {
    let (c, i) = s.rsplit_once('_').ok_or_else(|| format!("bad share id '{s}'"))?;
    Ok((c.to_string(), i.parse().map_err(|_| format!("bad share id '{s}'"))?))
}

/// "M9-0-0" -> ("M9-0", 0): the tile copy and the part index.
fn split_city(s: &str) -> Result<(String, usize), String> {
    let (tile, part) = s.rsplit_once('-').ok_or_else(|| format!("bad city id '{s}'"))?;
    let part = part.parse().map_err(|_| format!("bad city id '{s}'"))?;
    Ok((tile.to_string(), part))
}

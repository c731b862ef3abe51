//! Script abilities bound to their company.
//!
//! A company's `abilities` entry `{ type = "script", name = ... }` gives
//! the ability to whoever its `used_by` says while the company is open and
//! not used. The core finds, for the acting player or corporation, each
//! such company and calls the ability's functions with a context table
//! (docs/lua-api.md, "Abilities and questions"):
//!
//! ```text
//! { company, owner, owner_kind, actor, actor_kind, props }
//! ```
//!
//! `props` is the company's props overlaid with the entry's own. An
//! ability registered with `unbound = true` belongs to no company: every
//! actor has it, and its context has no `company`.

use crate::args;
use crate::game::rules::{Defined, MaybeAnswer};
use super::Engine;
use crate::game::action::{Action, LegalMove};
use crate::game::ids::*;
use crate::game::ops::{GameError, GameResult, Refusal};
use crate::game::var::Var;
use crate::title::schema::{AbilityDef, UsedBy};
use std::collections::BTreeMap;

/// One ability an actor may use now: its name and the context the script
/// is called with.
pub struct Bound {
    pub name: String,
    pub company: Option<String>,
    pub ctx: Var,
}

/// The argument of `do NAME company=X`: which of the actor's companies
/// with the ability uses it (the legal moves name it when it is not the
/// first).
pub const COMPANY_ARG: &str = "company";

fn entity_name(st: &crate::game::state::GameState, a: Actor) -> (String, &'static str) {
    match a {
        Actor::Player(p) => (st.players[p as usize].name.clone(), "player"),
        Actor::Corp(c) => (st.corps[c].id.clone(), "corporation"),
    }
}

impl Engine<'_> {
    /// The company script abilities `actor` may use now, in company order,
    /// then the unbound ones (sorted by name).
    pub fn bound_abilities(&self, actor: Actor) -> Vec<Bound> {
        let (actor_name, actor_kind) = entity_name(self.st, actor);
        let mut out = Vec::new();
        for co in &self.st.companies {
            if co.used {
                continue;
            }
            let owner = match co.owner {
                CompanyOwner::Player(p) => Actor::Player(p),
                CompanyOwner::Corp(c) => Actor::Corp(c),
                CompanyOwner::Bank | CompanyOwner::Closed => continue,
            };
            let def = &self.t.companies[co.def];
            for a in &def.abilities {
                let AbilityDef::Script { name, used_by, props, .. } = a else { continue };
                let presided = match (actor, owner, used_by) {
                    (Actor::Corp(c), Actor::Player(p), UsedBy::OwnerOrPresided) => self.st.president(c) == Some(p),
                    _ => false,
                };
                if owner != actor && !presided {
                    continue;
                }
                // The company's props overlaid with the ability's, made
                // straight into script values (no TOML copy on the way:
                // this runs for every ability at every listing).
                let mut merged: BTreeMap<String, Var> = def.props.iter().map(|(k, v)| (k.clone(), Var::from_toml(v))).collect();
                merged.extend(props.iter().map(|(k, v)| (k.clone(), Var::from_toml(v))));
                let (owner_name, owner_kind) = entity_name(self.st, owner);
                out.push(Bound { name: name.clone(), company: Some(co.id.clone()), ctx: self.ability_ctx(Some((&co.id, owner_name, owner_kind)), (&actor_name, actor_kind), merged) });
            }
        }
        for name in self.rules.unbound_abilities() {
            out.push(Bound { name: name.clone(), company: None, ctx: self.ability_ctx(None, (&actor_name, actor_kind), BTreeMap::new()) });
        }
        out
    }

    fn ability_ctx(&self, company: Option<(&String, String, &str)>, actor: (&str, &str), props: BTreeMap<String, Var>) -> Var {
        let mut m = BTreeMap::new();
        if let Some((id, owner, owner_kind)) = company {
            m.insert("company".to_string(), Var::Str(id.clone()));
            m.insert("owner".to_string(), Var::Str(owner));
            m.insert("owner_kind".to_string(), Var::Str(owner_kind.to_string()));
        }
        m.insert("actor".to_string(), Var::Str(actor.0.to_string()));
        m.insert("actor_kind".to_string(), Var::Str(actor.1.to_string()));
        m.insert("props".to_string(), Var::Map(props));
        Var::Map(m)
    }

    /// The moves of every ability `actor` may use now. A move a company
    /// earlier in the list offers too is left out; a move of a company
    /// that is not the first with its ability names it (`company=X`).
    pub fn ability_moves(&mut self, actor: Actor) -> GameResult<Vec<LegalMove>> {
        let mut out: Vec<LegalMove> = Vec::new();
        let mut first_of: BTreeMap<String, Option<String>> = BTreeMap::new();
        // The first company's moves of each `once` ability, to verify the others' against.
        let mut once_moves: BTreeMap<String, Vec<LegalMove>> = BTreeMap::new();
        for b in self.bound_abilities(actor) {
            let repeated = first_of.contains_key(&b.name);
            let first = first_of.entry(b.name.clone()).or_insert_with(|| b.company.clone()).clone();
            let once = self.rules.once_abilities().contains(&b.name);
            if repeated && self.once_skipped(&b.name) {
                continue;
            }
            let moves = super::legal::script_moves(self, Defined::Ability, &b.name, b.ctx.clone())?;
            if once {
                match once_moves.get(&b.name) {
                    None => {
                        once_moves.insert(b.name.clone(), moves.clone());
                    }
                    Some(theirs) if *theirs == moves => continue,
                    Some(_) => {
                        let (this, first) = (b.company.unwrap_or_default(), first.unwrap_or_default());
                        return Err(GameError::Script(format!(
                            "script error in ability '{}': it is registered `once = true`, but {this} offers other moves than {first} (the moves of a `once` ability may not depend on the company giving it)",
                            b.name
                        )));
                    }
                }
            }
            for mut m in moves {
                if out.contains(&m) {
                    continue;
                }
                if b.company != first
                    && let (Action::Script { args, .. }, Some(c)) = (&mut m.action, &b.company)
                {
                    args.insert(COMPANY_ARG.to_string(), Var::Str(c.clone()));
                }
                out.push(m);
            }
        }
        Ok(out)
    }

    /// Whether the listing skips the actor's second and later companies
    /// giving the ability: it is registered `once = true` (it offers what
    /// its first company offers) and shortcuts are not being verified.
    fn once_skipped(&self, name: &str) -> bool {
        !self.rules.verifies_shortcuts() && self.rules.once_abilities().iter().any(|n| n == name)
    }

    /// Is there any ability move for `actor` now (stops at the first)?
    pub fn any_ability_move(&mut self, actor: Actor) -> GameResult<bool> {
        let mut asked: Vec<String> = Vec::new();
        for b in self.bound_abilities(actor) {
            if asked.contains(&b.name) && self.once_skipped(&b.name) {
                continue;
            }
            asked.push(b.name.clone());
            let list = self.rules.call(Defined::Ability, &b.name, "actions", self.st, self.fx, args![b.ctx])?.list(0)?;
            if list.is_some_and(|l| !l.is_empty()) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Applies `do NAME args` as an ability of `actor`: `None` when no
    /// script defines an ability of that name (the action is not one),
    /// `Some(false)` when it defines no `process` (it only answers
    /// questions). Refused when the actor has no company giving it the
    /// ability, citing the `rule` of the ability's declaration.
    pub fn apply_ability(&mut self, actor: Actor, name: &str, args: &BTreeMap<String, Var>) -> GameResult<Option<bool>> {
        if !self.rules.is_ability(name) {
            return Ok(None);
        }
        let mut args = args.clone();
        let wanted = match args.remove(COMPANY_ARG) {
            Some(Var::Str(c)) => Some(c),
            Some(_) => return Err(GameError::Invalid(format!("{COMPANY_ARG}= names a company"))),
            None => None,
        };
        let all = self.bound_abilities(actor);
        let mut candidates = all.into_iter().filter(|b| b.name == name);
        let chosen = match &wanted {
            Some(c) => candidates.find(|b| b.company.as_deref() == Some(c.as_str())),
            None => candidates.next(),
        };
        let Some(b) = chosen else {
            let (who, _) = entity_name(self.st, actor);
            let (holders, rule) = self.declared_by(name);
            let message = match (&wanted, holders.is_empty()) {
                (Some(c), _) => format!("{who} cannot use {c}'s ability {name} now"),
                (None, false) => format!("{who} has no company whose ability {name} it may use now ({})", holders.join(", ")),
                (None, true) => format!("{who} cannot use {name}"),
            };
            return Err(GameError::Refused(Refusal { message, rule }));
        };
        let r: Option<Option<bool>> = match self.rules.call(Defined::Ability, name, "process", self.st, self.fx, args![b.ctx, Var::Map(args)])? {
            None => None,
            Some(answer) => Some(answer.bool(0)?),
        };
        Ok(Some(r.is_some()))
    }

    /// The companies that declare ability `name`, and the rule the first
    /// declaration with one cites.
    fn declared_by(&self, name: &str) -> (Vec<String>, Option<String>) {
        let mut ids = Vec::new();
        let mut rule = None;
        for def in &self.t.companies {
            for a in &def.abilities {
                if let AbilityDef::Script { name: n, rule: r, .. } = a
                    && n == name
                {
                    ids.push(def.id.clone());
                    rule = rule.or_else(|| r.clone());
                }
            }
        }
        (ids, rule)
    }

    /// Asks the abilities of a company a player buys in a stock round
    /// whether they allow it (`can_buy(game, ctx)`: 1844's one Mountain
    /// Railway and one Tunnel certificate per round).
    pub fn ability_allows_purchase(&mut self, player: PlayerId, co: CompanyId) -> GameResult<()> {
        let def = &self.t.companies[self.st.companies[co].def];
        let (actor, _) = entity_name(self.st, Actor::Player(player));
        let mut calls = Vec::new();
        for a in &def.abilities {
            if let AbilityDef::Script { name, props, .. } = a {
                let mut merged = def.props.clone();
                merged.extend(props.iter().map(|(k, v)| (k.clone(), v.clone())));
                let mut ctx = BTreeMap::new();
                ctx.insert("company".to_string(), Var::Str(def.id.clone()));
                ctx.insert("owner_kind".to_string(), Var::Str("bank".into()));
                ctx.insert("actor".to_string(), Var::Str(actor.clone()));
                ctx.insert("actor_kind".to_string(), Var::Str("player".into()));
                ctx.insert("props".to_string(), Var::from_toml(&toml::Value::Table(merged)));
                calls.push((name.clone(), Var::Map(ctx)));
            }
        }
        for (name, ctx) in calls {
            let allowed: Option<(bool, Option<String>, Option<String>)> = match self.rules.call(Defined::Ability, &name, "can_buy", self.st, self.fx, args![ctx])? {
                None => None,
                Some(a) => Some((a.bool(0)?.unwrap_or(false), a.string(1)?, a.string(2)?)),
            };
            if let Some((false, msg, rule)) = allowed {
                return Err(GameError::Refused(Refusal { message: msg.unwrap_or_else(|| "not allowed".into()), rule }));
            }
        }
        Ok(())
    }
}

//! `when` guards: a hook definition may say when it has anything to say.
//!
//! `hook("can_lay_tile", { when = { turn_var = "sms_hex" } }, function ... end)`
//! declares that the definition answers the core's default unless the
//! operating turn's variable `sms_hex` is set. The core checks the guard in
//! Rust and calls the definition only when it holds: a hook call costs
//! thousands of instructions, most hot hooks keep the default nearly always
//! (1849's P4 refusals matter in the one turn P4 is used), and the engine
//! asks them at every listing of legal moves.
//!
//! A guard is a claim by the title's author. `ScriptHost::verify_guards`
//! (on in `railhead test` and `railhead fuzz --check-guards`) calls every
//! guarded-out definition anyway and makes any answer other than the
//! default a script error naming the definition: a wrong guard cannot
//! change a game silently where the title's tests or a fuzz run reach.
//!
//! A script step or an ability may guard its `actions` the same way (the
//! question every listing of moves asks): where the guard fails it offers
//! no moves. An event handler may be guarded too (`on(event, { when =
//! ... }, f)`, `args` reading the event's fields): where the guard fails
//! it is not called, and where guards are verified it is, and must change
//! nothing.
//!
//! Conditions (docs/lua-api.md, "Guards"): `turn_var`, `var` and `option`
//! (a name or a list of names, each set / on), `company_prop` (some company
//! of the title has the prop: fixed when the title loads), `round` (the
//! round's kind), `args` (a hook's argument, by the name docs/lua-api.md
//! gives it, equals a value or one of a list, or `{ has_prop = "p" }`:
//! names a company or corporation whose props hold `p`; `{ has_cost =
//! true }`: names a hex with a terrain cost) and `ctx` (a field
//! of an ability's context). The keys of one table must all hold; a list
//! of tables holds when any of them does.

use crate::game::rules::{Arg, Compose, Hook};
use crate::game::state::GameState;
use crate::game::var::Var;
use crate::title::Title;
use mlua::{Table, Value};

/// When a definition may answer anything but the default.
#[derive(Clone, Debug)]
pub struct Guard {
    /// Holds when any alternative holds; an alternative holds when all its
    /// conditions do. Empty: never (every alternative was fixed false).
    any: Vec<Vec<Cond>>,
}

/// What a guard is on: a hook's definition, or the `actions` function of
/// a step or an ability (the question every listing of moves asks).
#[derive(Clone, Copy)]
pub enum Target<'a> {
    Hook(&'a Hook),
    /// An ability's `actions(game, ctx)`: `ctx` reads its context's fields.
    AbilityActions,
    /// A script step's `actions(game, corp)`.
    StepActions,
    /// An event handler's, `on(event, { when = ... }, f)`: `args` reads
    /// the event's fields.
    Event,
}

#[derive(Clone, Debug)]
enum Cond {
    /// The operating turn's variable is set (and not false).
    TurnVar(String),
    /// The game variable is set (and not false).
    Var(String),
    /// The argument at this index (after `game`) equals one of the values.
    Arg(usize, Vec<Var>),
    /// The field of the first argument (an ability's context) equals one of the values.
    Ctx(String, Vec<Var>),
    /// The event's field equals one of the values (an event handler's guard).
    Field(String, Vec<Var>),
    /// The current round is one of these (by name: the kinds asked for, read at load).
    Round(Vec<String>),
}

const KEYS: &[&str] = &["turn_var", "var", "option", "company_prop", "round", "args", "ctx"];

/// The fields of an ability's context a guard may read (docs/lua-api.md).
const CTX_FIELDS: &[&str] = &["company", "owner", "owner_kind", "actor", "actor_kind"];

impl Guard {
    /// Reads a `when` table for a definition of `hook`; `None` when it
    /// always holds (what the title's options and companies fix at load
    /// leaves nothing to check).
    pub fn parse(title: &Title, target: Target<'_>, when: &Table) -> Result<Option<Guard>, String> {
        let alternatives: Vec<Table> = if when.raw_len() > 0 {
            let mut list = Vec::new();
            for pair in when.pairs::<Value, Value>() {
                let (k, v) = pair.map_err(|e| e.to_string())?;
                match (k, v) {
                    (Value::Integer(_), Value::Table(t)) => list.push(t),
                    _ => return Err("`when` is either one table of conditions or a list of them (any of which may hold), not a mix".into()),
                }
            }
            list
        } else {
            vec![when.clone()]
        };
        // Every alternative is read (a mistake in any is an error) before
        // one fixed true makes the guard always hold.
        let mut any = Vec::new();
        for alt in &alternatives {
            if let Some(conds) = alternative(title, target, alt)? {
                any.push(conds);
            }
        }
        if any.iter().any(Vec::is_empty) {
            return Ok(None);
        }
        Ok(Some(Guard { any }))
    }

    /// Whether the definition may answer anything but the default now.
    pub fn holds(&self, st: &GameState, args: &[Arg]) -> bool {
        self.any.iter().any(|conds| conds.iter().all(|c| c.holds(st, args, None)))
    }

    /// Whether an event handler may do anything now, for an event with
    /// these fields. A field the event does not carry is an error (its
    /// name): the guard could never hold, and the handler would never run.
    pub fn holds_for_event(&self, st: &GameState, fields: &std::collections::BTreeMap<String, Var>) -> Result<bool, String> {
        for conds in &self.any {
            for c in conds {
                if let Cond::Field(name, _) = c
                    && !fields.contains_key(name)
                {
                    return Err(name.clone());
                }
            }
        }
        Ok(self.any.iter().any(|conds| conds.iter().all(|c| c.holds(st, &[], Some(fields)))))
    }
}

impl Cond {
    fn holds(&self, st: &GameState, args: &[Arg], fields: Option<&std::collections::BTreeMap<String, Var>>) -> bool {
        match self {
            Cond::TurnVar(name) => super::api::operating_turn(st).and_then(|t| t.vars.get(name)).is_some_and(set),
            Cond::Var(name) => st.vars.get(name).is_some_and(set),
            Cond::Arg(i, values) => args.get(*i).and_then(Option::as_ref).is_some_and(|a| values.contains(a)),
            Cond::Ctx(field, values) => match args.first() {
                Some(Some(Var::Map(ctx))) => ctx.get(field).is_some_and(|v| values.contains(v)),
                _ => false,
            },
            Cond::Round(names) => names.contains(&st.flow.round.name),
            Cond::Field(name, values) => fields.and_then(|f| f.get(name)).is_some_and(|v| values.contains(v)),
        }
    }
}

/// Lua's truth: a value other than false (nil is never stored).
fn set(v: &Var) -> bool {
    !matches!(v, Var::Bool(false))
}

/// The conditions of one table: `None` when one of them is fixed false
/// at load, an empty list when every one is fixed true.
fn alternative(title: &Title, target: Target<'_>, t: &Table) -> Result<Option<Vec<Cond>>, String> {
    let mut out = Vec::new();
    let mut possible = true;
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair.map_err(|e| e.to_string())?;
        let Value::String(key) = &k else { return Err(format!("a `when` condition is named by a string ({})", KEYS.join(", "))) };
        let key = key.to_str().map_err(|e| e.to_string())?.to_string();
        match key.as_str() {
            "turn_var" => out.extend(names(&key, &v)?.into_iter().map(Cond::TurnVar)),
            "var" => out.extend(names(&key, &v)?.into_iter().map(Cond::Var)),
            "option" => {
                for id in names(&key, &v)? {
                    if !title.options.iter().any(|o| o.id == id) {
                        let hint = crate::title::compile::did_you_mean(&id, title.options.iter().map(|o| o.id.as_str()));
                        return Err(format!("`when` names option '{id}', which title {} does not offer{}", title.id(), hint.map(|h| format!(" ({h})")).unwrap_or_default()));
                    }
                    possible &= title.option_on(&id);
                }
            }
            "company_prop" => {
                for prop in names(&key, &v)? {
                    possible &= title.companies.iter().any(|c| c.props.contains_key(&prop));
                }
            }
            "round" => {
                let mut rounds = Vec::new();
                for kind in names(&key, &v)? {
                    let of_kind: Vec<String> = title.flow.rounds.iter().filter(|r| r.kind.name() == kind).map(|r| r.name.clone()).collect();
                    if of_kind.is_empty() {
                        let kinds: Vec<&str> = title.flow.rounds.iter().map(|r| r.kind.name()).collect();
                        let hint = crate::title::compile::did_you_mean(&kind, kinds.iter().copied());
                        return Err(format!("`when.round` names the round kind '{kind}', which no round of title {} has (its kinds: {}){}", title.id(), kinds.join(", "), hint.map(|h| format!("; {h}")).unwrap_or_default()));
                    }
                    rounds.extend(of_kind);
                }
                out.push(Cond::Round(rounds));
            }
            "args" => {
                if let Target::Event = target {
                    let Value::Table(by_name) = v else { return Err("`when.args` maps the event's fields to a value or a list of values".into()) };
                    for pair in by_name.pairs::<Value, Value>() {
                        let (name, want) = pair.map_err(|e| e.to_string())?;
                        out.push(field_cond(title, &name, &want)?);
                    }
                    continue;
                }
                let Target::Hook(hook) = target else { return Err("`when.args` is for hooks: an ability's `actions` is guarded on its context with `ctx`".into()) };
                let Value::Table(by_name) = v else { return Err("`when.args` maps argument names to a value or a list of values".into()) };
                for pair in by_name.pairs::<Value, Value>() {
                    let (name, want) = pair.map_err(|e| e.to_string())?;
                    out.push(arg_cond(title, hook, &name, &want)?);
                }
            }
            "ctx" => {
                if !matches!(target, Target::AbilityActions) {
                    return Err("`when.ctx` is for an ability's `actions` (its context's fields)".into());
                }
                let Value::Table(by_field) = v else { return Err("`when.ctx` maps context fields to a value or a list of values".into()) };
                for pair in by_field.pairs::<Value, Value>() {
                    let (field, want) = pair.map_err(|e| e.to_string())?;
                    let field = match &field {
                        Value::String(f) => f.to_str().map_err(|e| e.to_string())?.to_string(),
                        _ => return Err("`when.ctx` is keyed by context fields".into()),
                    };
                    if !CTX_FIELDS.contains(&field.as_str()) {
                        let hint = crate::title::compile::did_you_mean(&field, CTX_FIELDS.iter().copied());
                        return Err(format!("`when.ctx` cannot read '{field}' (it reads {}){}", CTX_FIELDS.join(", "), hint.map(|h| format!("; {h}")).unwrap_or_default()));
                    }
                    out.push(Cond::Ctx(field.clone(), scalars(&field, &want)?));
                }
            }
            other => {
                let hint = crate::title::compile::did_you_mean(other, KEYS.iter().copied());
                return Err(format!("unknown `when` condition '{other}' (one of {}){}", KEYS.join(", "), hint.map(|h| format!("; {h}")).unwrap_or_default()));
            }
        }
    }
    Ok(possible.then_some(out))
}

/// A name, or a list of names.
fn names(key: &str, v: &Value) -> Result<Vec<String>, String> {
    let text = |v: &Value| match v {
        Value::String(s) => s.to_str().map(|s| s.to_string()).map_err(|e| e.to_string()),
        _ => Err(format!("`when.{key}` is a name or a list of names")),
    };
    match v {
        Value::Table(t) => t.sequence_values::<Value>().map(|v| text(&v.map_err(|e| e.to_string())?)).collect(),
        v => Ok(vec![text(v)?]),
    }
}

/// A value, or a non-empty list of values: strings, integers, booleans.
fn scalars(key: &str, want: &Value) -> Result<Vec<Var>, String> {
    let scalar = |v: &Value| match v {
        Value::String(s) => s.to_str().map(|s| Var::Str(s.to_string())).map_err(|e| e.to_string()),
        Value::Integer(n) => Ok(Var::Int(*n)),
        Value::Boolean(b) => Ok(Var::Bool(*b)),
        _ => Err(format!("`when.{key}` is a string, an integer or a boolean, or a list of them")),
    };
    let values = match want {
        Value::Table(t) => t.sequence_values::<Value>().map(|v| scalar(&v.map_err(|e| e.to_string())?)).collect::<Result<Vec<_>, _>>()?,
        v => vec![scalar(v)?],
    };
    if values.is_empty() {
        return Err(format!("`when.{key}` lists no value: the definition would never run"));
    }
    Ok(values)
}

/// `{ has_prop = "p" }`: the ids of the title's companies and
/// corporations whose `props` hold `p` (fixed data, so read at load).
fn with_prop(title: &Title, arg: &str, t: &Table) -> Result<Vec<Var>, String> {
    if t.pairs::<Value, Value>().count() != 1 {
        return Err(format!("`when.args.{arg}` with `has_prop` takes nothing else"));
    }
    let prop = names(&format!("args.{arg}.has_prop"), &t.get::<Value>("has_prop").map_err(|e| e.to_string())?)?;
    let has = |props: &crate::title::schema::Props| prop.iter().any(|p| props.contains_key(p));
    let companies = title.companies.iter().filter(|c| has(&c.props)).map(|c| Var::Str(c.id.clone()));
    let corps = title.corporations.iter().filter(|c| has(&c.props)).map(|c| Var::Str(c.id.clone()));
    Ok(companies.chain(corps).collect())
}

/// `{ has_cost = true }`: the labels of the map's hexes with a terrain
/// cost above 0 (`cost` in map.toml: fixed data, read at load).
fn with_cost(title: &Title, arg: &str, t: &Table) -> Result<Vec<Var>, String> {
    if t.pairs::<Value, Value>().count() != 1 || !matches!(t.get::<Value>("has_cost"), Ok(Value::Boolean(true))) {
        return Err(format!("`when.args.{arg}` with `has_cost` is `{{ has_cost = true }}`"));
    }
    Ok(title.map.hexes.iter().filter(|h| h.cost > 0).map(|h| Var::Str(h.label.clone())).collect())
}

/// `args = { field = value }` of an event handler's guard: the event's
/// field, read as a hook's argument is (`has_prop`, `has_cost` too).
fn field_cond(title: &Title, name: &Value, want: &Value) -> Result<Cond, String> {
    let Value::String(name) = name else { return Err("`when.args` is keyed by the event's field names".into()) };
    let name = name.to_str().map_err(|e| e.to_string())?.to_string();
    Ok(Cond::Field(name.clone(), arg_values(title, &name, want)?))
}

fn arg_values(title: &Title, name: &str, want: &Value) -> Result<Vec<Var>, String> {
    match want {
        Value::Table(t) if t.contains_key("has_prop").unwrap_or(false) => with_prop(title, name, t),
        Value::Table(t) if t.contains_key("has_cost").unwrap_or(false) => with_cost(title, name, t),
        v => scalars(&format!("args.{name}"), v),
    }
}

fn arg_cond(title: &Title, hook: &Hook, name: &Value, want: &Value) -> Result<Cond, String> {
    let Value::String(name) = name else { return Err("`when.args` is keyed by argument names".into()) };
    let name = name.to_str().map_err(|e| e.to_string())?.to_string();
    let Some(i) = hook.args.iter().position(|a| *a == name) else {
        let known = if hook.args.is_empty() { "none".to_string() } else { hook.args.join(", ") };
        let hint = crate::title::compile::did_you_mean(&name, hook.args.iter().copied());
        return Err(format!("no argument '{name}' (its arguments: {known}){}", hint.map(|h| format!("; {h}")).unwrap_or_default()));
    };
    // A chained argument is the answer so far: it depends on the other
    // definitions, and the guard is checked before any of them runs.
    if let Compose::Chain(at) = hook.compose
        && i >= at
    {
        return Err(format!("argument '{name}' is the answer being chained: a guard cannot read it"));
    }
    Ok(Cond::Arg(i, arg_values(title, &name, want)?))
}

/// Whether an answer is what the core does without the definition: the
/// check `verify_guards` makes of a guarded-out call. `chained` holds the
/// chained arguments' values before the call.
pub fn is_default(compose: Compose, values: &[Option<Var>], chained: &[Option<Var>]) -> bool {
    let first = values.first().cloned().flatten();
    match compose {
        _ if first.is_none() => true,
        Compose::AllAllow => first == Some(Var::Bool(true)),
        Compose::Sum => first == Some(Var::Int(0)),
        Compose::First => first == Some(Var::Bool(false)),
        Compose::Chain(_) => values.iter().zip(chained).all(|(v, c)| v == c),
        Compose::One | Compose::Each => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::HOOKS;
    use std::collections::BTreeMap;

    fn title(id: &str, options: &[&str]) -> Title {
        let options: BTreeMap<String, bool> = options.iter().map(|o| (o.to_string(), true)).collect();
        crate::title::load::load(&crate::title::TitleSource::embedded(id).expect("embedded"), &options, None).expect("loads")
    }

    fn hook(name: &str) -> &'static Hook {
        HOOKS.iter().find(|h| h.name == name).expect("a hook")
    }

    /// `when` as a script writes it, read for `hook_name`.
    fn parse(t: &Title, hook_name: &str, when: &str) -> Result<Option<Guard>, String> {
        let lua = mlua::Lua::new();
        let table: Table = lua.load(format!("return {when}")).eval().expect("a table");
        Guard::parse(t, Target::Hook(hook(hook_name)), &table)
    }

    fn text(s: &str) -> Arg {
        Some(Var::Str(s.to_string()))
    }

    #[test]
    fn an_argument_condition_holds_for_the_values_listed() {
        let t = title("1849", &[]);
        let g = parse(&t, "can_pass", r#"{ args = { step = { "lay_tile", "place_token" } } }"#).unwrap().expect("a guard");
        let st = GameState::default();
        assert!(g.holds(&st, &[text("AFG"), text("lay_tile")]));
        assert!(g.holds(&st, &[text("AFG"), text("place_token")]));
        assert!(!g.holds(&st, &[text("AFG"), text("buy_train")]));
        assert!(!g.holds(&st, &[text("AFG"), None]));
    }

    /// An event handler's guard reads the event's fields by name; a field
    /// the event lacks is an error naming it, not a guard that never holds.
    #[test]
    fn an_event_guard_reads_the_events_fields() {
        let t = title("1844", &[]);
        let lua = mlua::Lua::new();
        let table: Table = lua.load(r#"return { args = { corp = { "SBB", "NOB" } } }"#).eval().expect("a table");
        let g = Guard::parse(&t, Target::Event, &table).unwrap().expect("a guard");
        let st = GameState::default();
        let fields = |corp: &str| -> BTreeMap<String, Var> { [("corp".to_string(), Var::Str(corp.into())), ("player".to_string(), Var::Str("A".into()))].into() };
        assert_eq!(g.holds_for_event(&st, &fields("SBB")), Ok(true));
        assert_eq!(g.holds_for_event(&st, &fields("NOB")), Ok(true));
        assert_eq!(g.holds_for_event(&st, &fields("GB")), Ok(false));
        assert_eq!(g.holds_for_event(&st, &BTreeMap::new()), Err("corp".to_string()));
        // A hook's context condition is not an event's.
        let table: Table = lua.load(r#"return { ctx = { actor = "A" } }"#).eval().expect("a table");
        assert!(Guard::parse(&t, Target::Event, &table).is_err());
    }

    #[test]
    fn has_prop_holds_for_the_companies_whose_props_hold_it() {
        let t = title("1844", &[]);
        let g = parse(&t, "company_price_range", r#"{ args = { company = { has_prop = "min_price" } } }"#).unwrap().expect("a guard");
        let with: Vec<&str> = t.companies.iter().filter(|c| c.props.contains_key("min_price")).map(|c| c.id.as_str()).collect();
        let without = t.companies.iter().find(|c| !c.props.contains_key("min_price")).expect("a company without").id.clone();
        assert!(!with.is_empty());
        let st = GameState::default();
        for id in with {
            assert!(g.holds(&st, &[text("SBB"), text(id), None, None]), "{id}");
        }
        assert!(!g.holds(&st, &[text("SBB"), text(&without), None, None]));
        let e = parse(&t, "company_price_range", r#"{ args = { company = { has_prop = "min_price", x = 1 } } }"#).expect_err("extra key");
        assert!(e.contains("takes nothing else"), "{e}");
        // Hexes with a terrain cost, by label.
        let g = parse(&t, "can_lay_tile", r#"{ args = { hex = { has_cost = true } } }"#).unwrap().expect("a guard");
        let costly = t.map.hexes.iter().find(|h| h.cost > 0).expect("a hex with a cost");
        let plain = t.map.hexes.iter().find(|h| h.cost == 0).expect("a hex without");
        assert!(g.holds(&st, &[text("SBB"), text(&costly.label), text("1"), Some(Var::Int(0))]));
        assert!(!g.holds(&st, &[text("SBB"), text(&plain.label), text("1"), Some(Var::Int(0))]));
        let e = parse(&t, "can_lay_tile", r#"{ args = { hex = { has_cost = false } } }"#).expect_err("false");
        assert!(e.contains("`{ has_cost = true }`"), "{e}");
    }

    #[test]
    fn variables_hold_when_set_and_not_false() {
        let t = title("1849", &[]);
        let g = parse(&t, "startable", r#"{ var = "afg_blocked" }"#).unwrap().expect("a guard");
        let mut st = GameState::default();
        assert!(!g.holds(&st, &[text("p1")]));
        st.vars.insert("afg_blocked".into(), Var::Bool(false));
        assert!(!g.holds(&st, &[text("p1")]), "false is not set");
        st.vars.insert("afg_blocked".into(), Var::Int(0));
        assert!(g.holds(&st, &[text("p1")]), "0 is set, as in Lua");
        // Outside an operating round no turn variable is set.
        let g = parse(&t, "can_lay_tile", r#"{ turn_var = "sms_hex" }"#).unwrap().expect("a guard");
        assert!(!g.holds(&st, &[text("AFG"), text("E8"), text("1"), Some(Var::Int(0))]));
    }

    #[test]
    fn alternatives_hold_when_any_does_and_fixed_ones_are_decided_at_load() {
        // 1849 has no company with the waiver: only the turn variable is left.
        let t = title("1849", &[]);
        let when = r#"{ { turn_var = "sms_hex" }, { company_prop = "owned_token_waiver" } }"#;
        assert!(parse(&t, "relaxed_hexes", when).unwrap().is_some());
        // The game kit's P4 has it: the definition is always asked.
        let kit = title("1849-gamekit", &[]);
        assert!(parse(&kit, "relaxed_hexes", when).unwrap().is_none());
        // An option off: never; on: always.
        let never = parse(&t, "can_buy_train", r#"{ option = "bonds" }"#).unwrap().expect("a guard");
        assert!(!never.holds(&GameState::default(), &[text("AFG"), text("E"), None, None]));
        assert!(parse(&title("1849", &["bonds"]), "can_buy_train", r#"{ option = "bonds" }"#).unwrap().is_none());
    }

    #[test]
    fn a_mistake_in_a_guard_is_an_error_that_says_what_is_wrong() {
        let t = title("1849", &[]);
        let err = |hook_name: &str, when: &str| parse(&t, hook_name, when).expect_err(when);
        let e = err("can_lay_tile", r#"{ turn_vr = "sms_hex" }"#);
        assert!(e.contains("unknown `when` condition 'turn_vr'") && e.contains("did you mean `turn_var`"), "{e}");
        let e = err("can_pass", r#"{ args = { stp = "lay_tile" } }"#);
        assert!(e.contains("no argument 'stp'") && e.contains("who, step") && e.contains("did you mean `step`"), "{e}");
        let e = err("terrain_cost", r#"{ args = { cost = 0 } }"#);
        assert!(e.contains("chained"), "{e}");
        let e = err("can_pass", r#"{ option = "bond" }"#);
        assert!(e.contains("option 'bond'") && e.contains("did you mean `bonds`"), "{e}");
        let e = err("can_pass", r#"{ { var = "a" }, var = "b" }"#);
        assert!(e.contains("not a mix"), "{e}");
        let e = err("can_pass", r#"{ args = { step = {} } }"#);
        assert!(e.contains("never run"), "{e}");
        let e = err("can_pass", r#"{ turn_var = 3 }"#);
        assert!(e.contains("a name or a list of names"), "{e}");
    }

    #[test]
    fn an_abilitys_actions_are_guarded_on_the_round_and_its_context() {
        let t = title("1844", &[]);
        let lua = mlua::Lua::new();
        let table: Table = lua.load(r#"return { round = "stock", ctx = { actor_kind = "player" } }"#).eval().unwrap();
        let g = Guard::parse(&t, Target::AbilityActions, &table).unwrap().expect("a guard");
        let ctx = |kind: &str| Some(Var::Map([("actor_kind".to_string(), Var::Str(kind.into()))].into_iter().collect()));
        let mut st = GameState::default();
        let stock = t.flow.rounds.iter().find(|r| r.kind.name() == "stock").expect("a stock round").name.clone();
        assert!(!g.holds(&st, &[ctx("player")]), "no round yet");
        st.flow.round.name = stock;
        assert!(g.holds(&st, &[ctx("player")]));
        assert!(!g.holds(&st, &[ctx("corporation")]));
        let err = |target: Target<'_>, when: &str| {
            let table: Table = lua.load(format!("return {when}")).eval().unwrap();
            Guard::parse(&t, target, &table).expect_err(when)
        };
        let e = err(Target::AbilityActions, r#"{ round = "stok" }"#);
        assert!(e.contains("round kind 'stok'") && e.contains("did you mean `stock`"), "{e}");
        let e = err(Target::AbilityActions, r#"{ ctx = { actor_knd = "player" } }"#);
        assert!(e.contains("cannot read 'actor_knd'") && e.contains("did you mean `actor_kind`"), "{e}");
        let e = err(Target::AbilityActions, r#"{ args = { corp = "SBB" } }"#);
        assert!(e.contains("`when.args` is for hooks"), "{e}");
        let e = err(Target::StepActions, r#"{ ctx = { actor = "SBB" } }"#);
        assert!(e.contains("for an ability's `actions`"), "{e}");
    }

    #[test]
    fn an_answer_is_the_default_as_the_hook_combines_answers() {
        let yes = Some(Var::Bool(true));
        let no = Some(Var::Bool(false));
        assert!(is_default(Compose::AllAllow, std::slice::from_ref(&yes), &[]));
        assert!(is_default(Compose::AllAllow, &[], &[]));
        assert!(!is_default(Compose::AllAllow, &[no.clone(), text("message")], &[]));
        assert!(is_default(Compose::Sum, &[Some(Var::Int(0))], &[]));
        assert!(!is_default(Compose::Sum, &[Some(Var::Int(10))], &[]));
        assert!(is_default(Compose::First, &[no], &[]));
        assert!(!is_default(Compose::One, &[yes], &[]));
        assert!(is_default(Compose::Chain(3), &[Some(Var::Int(40))], &[Some(Var::Int(40))]));
        assert!(!is_default(Compose::Chain(3), &[Some(Var::Int(10))], &[Some(Var::Int(40))]));
    }
}

//! Cross-references between a title's files: every name used somewhere is
//! defined somewhere, certificates add up, the flow names real steps.

use super::Title;
use super::compile::{Ctx, did_you_mean};
use super::schema::{AbilityDef, StepKind};
use crate::game::refusals::RuleKey;

pub fn cross_check(ctx: &mut Ctx, t: &Title) {
    meta(ctx, t);
    tiles(ctx, t);
    companies(ctx, t);
    printed_slots(ctx, t);
    one_city_kinds(ctx, t);
    trains_and_phases(ctx, t);
    flow(ctx, t);
}

fn meta(ctx: &mut Ctx, t: &Title) {
    rule_ids(ctx, t);
    investors(ctx, t);
    if t.player_count(t.meta.default_players).is_none() {
        ctx.error("title", "title.default_players", "default_players", format!("no [[player_count]] for the default {} players", t.meta.default_players));
    }
    for (i, pc) in t.player_counts.iter().enumerate() {
        let key = format!("player_count[{i}]");
        if t.player_counts[..i].iter().any(|other| other.players == pc.players) {
            ctx.error("title", &format!("{key}.players"), "", format!("{} players are described twice", pc.players));
        }
        // The bank pays every player's starting cash; a bank that cannot
        // would be broken before the first action.
        let paid = pc.cash.saturating_mul(pc.players as i64);
        if paid > t.bank.cash {
            ctx.error(
                "title",
                &format!("{key}.cash"),
                &format!("cash = {}", pc.cash),
                format!("{} players with {} each need {} from the bank, which has {} (bank.cash)", pc.players, pc.cash, paid, t.bank.cash),
            );
        }
    }
}

/// `[[investor]]`: ids told apart from each other and from the
/// corporations (actions name both: `buy FMS dragons`), at most
/// `MAX_INVESTORS`.
fn investors(ctx: &mut Ctx, t: &Title) {
    if t.investors.len() > crate::limits::MAX_INVESTORS {
        ctx.error("title", "investor", "[[investor]]", format!("{} investors: a title may have at most {}", t.investors.len(), crate::limits::MAX_INVESTORS));
    }
    for (i, inv) in t.investors.iter().enumerate() {
        let key = format!("investor[{i}].id");
        let value = format!("\"{}\"", inv.id);
        if inv.id.is_empty() || !inv.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            ctx.error("title", &key, &value, format!("investor id \"{}\" must be letters, digits and _", inv.id));
        }
        if t.investors[..i].iter().any(|o| o.id.eq_ignore_ascii_case(&inv.id)) {
            ctx.error("title", &key, &value, format!("investor id \"{}\" is given twice (ids must differ, ignoring case)", inv.id));
        }
        let reserved = ["treasury", "ipo", "pool", "removed", "bank"];
        if t.corporations.iter().any(|c| c.id.eq_ignore_ascii_case(&inv.id)) || reserved.iter().any(|r| r.eq_ignore_ascii_case(&inv.id)) {
            ctx.error("title", &key, &value, format!("investor id \"{}\" is already the name of a corporation or of a place certificates go (treasury, pool, removed, bank)", inv.id));
        }
    }
}

/// `[settings.rule_ids]` names refusals of the core that exist, and cites
/// the title's own rules.
fn rule_ids(ctx: &mut Ctx, t: &Title) {
    use crate::game::refusals::ALL;
    for (key, id) in &t.settings.rule_ids {
        if RuleKey::from_key(key).is_none() {
            let hint = did_you_mean(key, ALL.iter().map(|(_, k, _)| *k));
            ctx.error_hint("title", &format!("settings.rule_ids.\"{key}\""), &format!("\"{key}\""), format!("no generic rule refuses by the key \"{key}\" (docs/title-format.md lists the keys)"), hint);
        }
        if !t.owns_rule_id(id) {
            let prefixes: Vec<String> = std::iter::once(&t.meta).chain(&t.parents).map(|m| format!("\"{}\"", m.rules_prefix)).collect();
            ctx.error(
                "title",
                &format!("settings.rule_ids.\"{key}\""),
                &format!("\"{id}\""),
                format!("\"{id}\" is not a rule id of this title (they begin with title.rules_prefix {})", prefixes.join(" or ")),
            );
        }
    }
}

fn tiles(ctx: &mut Ctx, t: &Title) {
    for (i, tile) in t.tiles.iter().enumerate() {
        for up in tile.upgrades.iter().flatten() {
            match t.tile(up) {
                None => {
                    let hint = did_you_mean(up, t.tiles.iter().map(|x| x.name.as_str()));
                    ctx.error_hint("tiles", &format!("tile[{i}].upgrades"), up, format!("tile \"{}\" upgrades to unknown tile \"{up}\"", tile.name), hint);
                }
                // Colours in the chain only go up; tiles of a special colour
                // outside it (purple) may also list each other (1844: a
                // tunnel added to the Furka-Oberalp line's tile).
                Some(target) if target.color.rank() <= tile.color.rank() && !(target.color.rank().is_none() && tile.color.rank().is_none()) => ctx.error(
                    "tiles",
                    &format!("tile[{i}].upgrades"),
                    up,
                    format!("tile \"{}\" ({}) cannot upgrade to \"{up}\" ({}): colours go yellow, green, brown, gray", tile.name, tile.color.name(), target.color.name()),
                ),
                _ => {}
            }
        }
    }
    for h in &t.map.hexes {
        for up in h.tile.upgrades.iter().flatten() {
            if t.tile(up).is_none() {
                let hint = did_you_mean(up, t.tiles.iter().map(|x| x.name.as_str()));
                ctx.error_hint("map", "hex.upgrades", up, format!("hex {} upgrades to unknown tile \"{up}\"", h.label), hint);
            }
        }
    }
}

/// map.toml's `reserved`, `neutral` and `opens_in_phase` on stops: on a
/// stop that takes tokens, naming real corporations and phases, no more
/// than the stop's slots, neutral token ids unique over the map.
fn printed_slots(ctx: &mut Ctx, t: &Title) {
    let mut neutral_ids: Vec<&str> = Vec::new();
    for h in &t.map.hexes {
        for (si, p) in h.printed.iter().enumerate() {
            let key = format!("{}.stops[{si}]", h.def_key);
            let Some(stop) = h.tile.stops.get(si) else { continue };
            let used = p.reserved.len() + p.neutral.len();
            if (used > 0 || p.opens_in_phase.is_some()) && !stop.station() {
                let first = p.reserved.first().or(p.neutral.first()).map(|x| format!("\"{x}\"")).unwrap_or_default();
                ctx.error("map", &key, &first, format!("stop {si} of {} is a {} that takes no station tokens: reserved, neutral and opens_in_phase need a city or an off-board with `stations = true`", h.label, stop.kind.name()));
                continue;
            }
            if used > stop.slots as usize {
                let first = p.reserved.first().or(p.neutral.first()).map(|x| format!("\"{x}\"")).unwrap_or_default();
                ctx.error("map", &key, &first, format!("stop {si} of {} has {} slots but {} reserved and {} neutral tokens", h.label, stop.slots, p.reserved.len(), p.neutral.len()));
            }
            for (i, r) in p.reserved.iter().enumerate() {
                let value = format!("\"{r}\"");
                if !t.corporations.iter().any(|c| c.id == *r) {
                    let hint = did_you_mean(r, t.corporations.iter().map(|c| c.id.as_str()));
                    ctx.error_hint("map", &format!("{key}.reserved"), &value, format!("{}: slot reserved for unknown corporation \"{r}\"", h.label), hint);
                } else if p.reserved[..i].contains(r) {
                    ctx.error("map", &format!("{key}.reserved"), &value, format!("{}: \"{r}\" is reserved twice on one stop (a corporation has one token per city)", h.label));
                }
            }
            for n in &p.neutral {
                let value = format!("\"{n}\"");
                if n.is_empty() || n.len() > 8 || !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '#') {
                    ctx.error("map", &format!("{key}.neutral"), &value, format!("{}: neutral token id \"{n}\" must be 1-8 letters, digits, _ or #", h.label));
                } else if neutral_ids.contains(&n.as_str()) {
                    ctx.error("map", &format!("{key}.neutral"), &value, format!("{}: neutral token \"{n}\" is printed twice on the map", h.label));
                }
                neutral_ids.push(n);
            }
            if let Some(ph) = &p.opens_in_phase
                && t.phase_index(ph).is_none()
            {
                let hint = did_you_mean(ph, t.phases.iter().map(|x| x.name.as_str()));
                ctx.error_hint("map", &format!("{key}.opens_in_phase"), &format!("\"{ph}\""), format!("{}: unknown phase \"{ph}\"", h.label), hint);
            }
        }
    }
}

/// map.toml's `one_city_with.kinds` name corporation kinds.
fn one_city_kinds(ctx: &mut Ctx, t: &Title) {
    for h in &t.map.hexes {
        for k in h.one_city_with.iter().flat_map(|(_, kinds)| kinds) {
            if t.corporation_kind(k).is_none() {
                let hint = did_you_mean(k, t.corporation_kinds.iter().map(|x| x.id.as_str()));
                ctx.error_hint("map", &format!("{}.one_city_with.kinds", h.def_key), &format!("\"{k}\""), format!("{}: unknown corporation kind \"{k}\"", h.label), hint);
            }
        }
    }
}

/// Resolves "C5" or "I4.1" (second city of I4) to a hex and city index.
/// An off-board area with `stations = true` counts as a city here.
pub fn home_city(t: &Title, spec: &str) -> Result<(u32, usize), String> {
    let (label, idx) = match spec.split_once('.') {
        Some((l, i)) => (l, i.parse::<usize>().map_err(|_| format!("\"{spec}\": city index after '.' must be a number"))?),
        None => (spec, 0),
    };
    let hex = t.map.hex(label).ok_or_else(|| format!("hex \"{label}\" is not on the map"))?;
    let cities = t.map.hexes[hex as usize].tile.stops.iter().filter(|s| s.station()).count();
    if idx >= cities {
        return Err(format!("hex {label} has {cities} cities, so \"{spec}\" names none"));
    }
    Ok((hex, idx))
}

/// `[[corporation_state]]`: unique names, known steps, dividends and
/// next states.
fn corporation_states(ctx: &mut Ctx, t: &Title) {
    let steps: Vec<&str> = t.flow.rounds.iter().flat_map(|r| r.steps.iter().chain(&r.anytime)).map(String::as_str).collect();
    for (i, st) in t.corporation_states.iter().enumerate() {
        let key = format!("corporation_state[{i}]");
        if t.corporation_states[..i].iter().any(|o| o.name == st.name) {
            ctx.error("companies", &key, &st.name, format!("state \"{}\" is defined twice", st.name));
        }
        for step in &st.skips {
            if !steps.contains(&step.as_str()) {
                let hint = did_you_mean(step, steps.iter().copied());
                ctx.error_hint("companies", &format!("{key}.skips"), step, format!("unknown operating step \"{step}\""), hint);
            }
        }
        if st.dividends.as_ref().is_some_and(Vec::is_empty) {
            ctx.error("companies", &format!("{key}.dividends"), &st.name, "no dividend at all: skip the dividend step instead (`skips`)".to_string());
        }
        for d in st.dividends.iter().flatten() {
            if !["payout", "half", "withhold"].contains(&d.as_str()) {
                ctx.error("companies", &format!("{key}.dividends"), d, format!("unknown dividend \"{d}\" (payout, half or withhold)"));
            }
        }
        for n in &st.next {
            if t.corporation_state_index(n).is_none() {
                let hint = did_you_mean(n, t.corporation_states.iter().map(|x| x.name.as_str()));
                ctx.error_hint("companies", &format!("{key}.next"), n, format!("unknown corporation state \"{n}\""), hint);
            }
        }
    }
}

fn companies(ctx: &mut Ctx, t: &Title) {
    for (i, k) in t.corporation_kinds.iter().enumerate() {
        // In u64: u32 products and sums wrapped round to 100 % for counts in the billions.
        // (Each certificate is 1 % to 100 %, schema/bounds.rs: 100 % is at most 100 of them.)
        let total: u64 = k.certificates.iter().map(|c| c.percent as u64 * c.count as u64).sum();
        let presidents: u64 = k.certificates.iter().filter(|c| c.president).map(|c| c.count as u64).sum();
        if total != 100 {
            ctx.error("companies", &format!("corporation_kind[{i}].certificates"), &k.id, format!("certificates of kind \"{}\" add up to {total} %, not 100 %", k.id));
        }
        if presidents != 1 {
            ctx.error("companies", &format!("corporation_kind[{i}].certificates"), &k.id, format!("kind \"{}\" needs exactly one president's certificate, has {presidents}", k.id));
        }
        for phase in k.train_limit.keys() {
            if t.phase_index(phase).is_none() {
                ctx.error("companies", &format!("corporation_kind[{i}].train_limit"), phase, format!("unknown phase \"{phase}\""));
            }
        }
        if let Some(s) = &k.initial_state
            && t.corporation_state_index(s).is_none()
        {
            let hint = did_you_mean(s, t.corporation_states.iter().map(|x| x.name.as_str()));
            ctx.error_hint("companies", &format!("corporation_kind[{i}].initial_state"), s, format!("unknown corporation state \"{s}\""), hint);
        }
    }
    corporation_states(ctx, t);
    let mut seen = std::collections::HashSet::new();
    for (i, c) in t.corporations.iter().enumerate() {
        let key = format!("corporation[{i}]");
        if !seen.insert(c.id.clone()) {
            ctx.error("companies", &key, &c.id, format!("id \"{}\" is used twice", c.id));
        }
        if t.corporation_kind(&c.kind).is_none() {
            let hint = did_you_mean(&c.kind, t.corporation_kinds.iter().map(|k| k.id.as_str()));
            ctx.error_hint("companies", &format!("{key}.kind"), &c.kind, format!("unknown corporation kind \"{}\"", c.kind), hint);
        }
        for h in &c.home {
            if let Err(e) = home_city(t, h) {
                ctx.error("companies", &format!("{key}.home"), h, format!("{}: home {e}", c.id));
            }
        }
        if let Some(d) = &c.destination
            && t.map.hex(d).is_none()
        {
            ctx.error("companies", &format!("{key}.destination"), d, format!("{}: destination hex \"{d}\" is not on the map", c.id));
        }
    }
    for (i, co) in t.companies.iter().enumerate() {
        let key = format!("company[{i}]");
        if !seen.insert(co.id.clone()) {
            ctx.error("companies", &key, &co.id, format!("id \"{}\" is used twice", co.id));
        }
        if let (Some(min), Some(max)) = (co.min_price_multiple, co.max_price_multiple)
            && min > max
        {
            ctx.error("companies", &format!("{key}.min_price_multiple"), &co.id, format!("{}: min_price_multiple {min} is above max_price_multiple {max}, so no price is allowed", co.id));
        }
        for a in &co.abilities {
            match a {
                AbilityDef::BlocksHexes { hexes, .. } => {
                    for h in hexes {
                        if t.map.hex(h).is_none() {
                            ctx.error("companies", &format!("{key}.abilities"), h, format!("{}: hex \"{h}\" is not on the map", co.id));
                        }
                    }
                }
                AbilityDef::Shares { shares } => {
                    for s in shares {
                        let corp = s.rsplit_once('_').map(|(c, _)| c).unwrap_or(s);
                        if !t.corporations.iter().any(|c| c.id == corp) {
                            ctx.error("companies", &format!("{key}.abilities"), s, format!("{}: share \"{s}\" names no corporation (write CORP_index, e.g. MOB_1)", co.id));
                        }
                    }
                }
                // A title that extends another may cite its parents' ids too.
                AbilityDef::Script { rule: Some(id), .. } if !t.owns_rule_id(id) => {
                    let prefixes: Vec<String> = std::iter::once(&t.meta).chain(&t.parents).map(|m| format!("\"{}\"", m.rules_prefix)).collect();
                    ctx.error("companies", &format!("{key}.abilities"), id, format!("{}: \"{id}\" is not a rule id of this title (they begin with title.rules_prefix {})", co.id, prefixes.join(" or ")));
                }
                _ => {}
            }
        }
    }
}

fn train_or_variant_exists(t: &Title, name: &str) -> bool {
    t.trains.iter().any(|c| c.name == name || c.variants.iter().any(|v| v.name == name))
}

fn trains_and_phases(ctx: &mut Ctx, t: &Title) {
    // A phase event is an event of its own name (`on("earthquake", ...)`):
    // one named as a core event would run that event's handlers.
    for (i, phase) in t.phases.iter().enumerate() {
        for e in phase.events.iter().filter(|e| crate::script::EVENTS.contains(&e.as_str())) {
            ctx.error("phases", &format!("phase[{i}].events"), e, format!("phase {}'s event \"{e}\" has the name of a core event; name it otherwise", phase.name));
        }
    }
    let names: Vec<String> =
        t.trains.iter().flat_map(|c| std::iter::once(c.name.clone()).chain(c.variants.iter().map(|v| v.name.clone()))).collect();
    let check = |ctx: &mut Ctx, file: &str, key: &str, name: &str| {
        if !train_or_variant_exists(t, name) {
            let hint = did_you_mean(name, names.iter().map(String::as_str));
            ctx.error_hint(file, key, name, format!("unknown train \"{name}\""), hint);
        }
    };
    for (i, c) in t.trains.iter().enumerate() {
        if let Some(a) = &c.available {
            for n in a.after_first.iter().chain(a.after_sold_out.iter()) {
                check(ctx, "trains", &format!("train[{i}].available"), n);
            }
        }
    }
    if t.phases.is_empty() {
        ctx.error("phases", "phase", "", "a title needs at least one phase");
    }
    for (i, p) in t.phases.iter().enumerate() {
        let key = format!("phase[{i}]");
        if let Some(n) = &p.on_train {
            check(ctx, "phases", &format!("{key}.on_train"), n);
        } else if i > 0 && !p.on_script {
            ctx.error("phases", &key, &p.name, format!("phase \"{}\" needs `on_train` or `on_script = true` (only the first phase starts by itself)", p.name));
        }
        for n in &p.rust {
            check(ctx, "phases", &format!("{key}.rust"), n);
        }
        for (from, to) in &p.downgrade {
            check(ctx, "phases", &format!("{key}.downgrade"), from);
            check(ctx, "phases", &format!("{key}.downgrade"), to);
        }
        for price in &p.par_prices {
            let found = t.market.rows.iter().flatten().flatten().any(|c| c.price == *price);
            if !found {
                ctx.error("phases", &format!("{key}.par_prices"), &price.to_string(), format!("par price {price} is not on the market"));
            }
        }
    }
}

fn flow(ctx: &mut Ctx, t: &Title) {
    for name in t.flow.opening.iter().chain(t.flow.cycle.iter()) {
        let base = name.trim_end_matches('*');
        if t.flow.round(base).is_none() {
            let hint = did_you_mean(base, t.flow.rounds.iter().map(|r| r.name.as_str()));
            ctx.error_hint("flow", "cycle", base, format!("unknown round \"{base}\""), hint);
        }
    }
    for (i, r) in t.flow.rounds.iter().enumerate() {
        for s in r.steps.iter().chain(r.anytime.iter()) {
            if t.flow.step_kind(s).is_none() {
                let names = t.flow.steps.iter().map(|x| x.name.as_str()).chain(StepKind::ALL.iter().map(|k| k.name()));
                let hint = did_you_mean(s, names);
                ctx.error_hint("flow", &format!("round[{i}].steps"), s, format!("round \"{}\": unknown step \"{s}\"", r.name), hint);
            }
        }
    }
}

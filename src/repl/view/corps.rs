//! Corporations: a table of all, or one in full.

use super::super::table::Table;
use super::super::{Invocation, Reply, Session};
use super::names::{cert_owner, corp_state, find_corp, trains_of};
use crate::game::Game;
use crate::game::ids::*;
use crate::game::market::price_of;
use crate::game::trains::train_limit;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use crate::args;
use crate::game::rules::{MaybeAnswer, TitleRules};

/// What the title's `corporation_facts` hook says players should see of a
/// corporation ("traffic: 14"), as (label, value) pairs; asked on a copy
/// of the state within a query's budget. A failing script gives one pair
/// saying so rather than nothing.
pub fn title_facts(g: &Game, c: CorpId) -> Vec<(String, String)> {
    /// Facts shown at most, whatever a script returns.
    const MAX_FACTS: usize = 12;
    // The corporation's state of the title's, when it defines states, comes
    // first, as its "status" (the view's own "state" says started or not).
    let state: Vec<(String, String)> =
        crate::game::corp_state::state_of(&g.title, &g.state, c).map(|s| ("status".to_string(), s.name.clone())).into_iter().collect();
    if !g.host.has_hook("corporation_facts") {
        return state;
    }
    let mut st = g.state.clone();
    let mut fx = crate::game::ops::Effects::default();
    g.host.begin_query();
    let id = g.state.corps[c].id.clone();
    match g.host.hook("corporation_facts", &mut st, &mut fx, args![id, crate::game::var::Var::List(Vec::new())]).and_then(|a| a.strings(0)) {
        Ok(Some(lines)) => state
            .into_iter()
            .chain(lines.into_iter().take(MAX_FACTS).map(|l| match l.split_once(": ") {
                Some((k, v)) => (k.to_string(), v.to_string()),
                None => (l, String::new()),
            }))
            .collect(),
        Ok(None) => state,
        Err(e) => state.into_iter().chain([("facts".into(), format!("(the title's corporation_facts failed: {e})"))]).collect(),
    }
}

fn president_name(g: &Game, c: CorpId) -> Option<String> {
    g.state.president(c).map(|p| g.state.players[p as usize].name.clone())
}

fn tokens_left(g: &Game, c: CorpId) -> usize {
    g.state.corps[c].tokens.iter().filter(|t| t.placed.is_none() && !t.lost).count()
}

pub fn corp_json(g: &Game, c: CorpId) -> Value {
    let corp = &g.state.corps[c];
    let def = &g.title.corporations[corp.def];
    let mut holders: BTreeMap<String, u32> = BTreeMap::new();
    for cert in &corp.certs {
        *holders.entry(cert_owner(g, cert.owner)).or_default() += cert.percent as u32;
    }
    let tokens: Vec<Value> = corp
        .tokens
        .iter()
        .map(|t| json!({ "cost": t.cost, "hex": t.placed.map(|(h, _)| g.title.map.hexes[h as usize].label.clone()), "lost": t.lost }))
        .collect();
    let companies: Vec<String> = g.state.companies_of(CompanyOwner::Corp(c)).iter().map(|x| g.state.companies[*x].id.clone()).collect();
    json!({
        "id": corp.id,
        "name": def.name,
        "state": corp_state(g, c),
        "president": president_name(g, c),
        "price": corp.price.map(|_| price_of(&g.title, &g.state, c)),
        "par": corp.par,
        "cash": corp.cash,
        "shares": holders,
        "trains": g.state.trains_of(c).iter().map(|t| g.state.trains[*t as usize].id.clone()).collect::<Vec<_>>(),
        "train_limit": train_limit(&g.title, &g.state, c),
        "tokens": tokens,
        "companies": companies,
        "operated": corp.operated,
        "home": corp.home.map(|(h, _)| g.title.map.hexes[h as usize].label.clone()),
        "facts": title_facts(g, c).into_iter().collect::<BTreeMap<String, String>>(),
    })
}

pub fn run_all(s: &mut Session, _inv: &Invocation) -> Reply {
    let g = &s.game;
    // A column per investor (1865's Dragons), only in titles that have them.
    let investor_heads: Vec<String> = g.title.investors.iter().map(|i| format!(">{} %", i.id)).collect();
    // And a column per fact the title shows (1865's traffic, coverage, row).
    let facts: Vec<Vec<(String, String)>> = g.state.corp_ids().map(|c| title_facts(g, c)).collect();
    let mut fact_heads: Vec<String> = Vec::new();
    for (k, _) in facts.iter().flatten() {
        if !fact_heads.contains(k) {
            fact_heads.push(k.clone());
        }
    }
    let fact_cols: Vec<String> = fact_heads.iter().map(|k| format!(">{k}")).collect();
    let head: Vec<&str> = ["id", "name", "state", "president", ">price", ">cash", "trains", ">tokens", ">pool %", ">treasury %"]
        .into_iter()
        .chain(investor_heads.iter().map(String::as_str))
        .chain(fact_cols.iter().map(String::as_str))
        .collect();
    let rows: Vec<Vec<String>> = g.state.corp_ids()
        .map(|c| {
            let corp = &g.state.corps[c];
            let investors = (0..g.title.investors.len()).map(|i| g.state.percent(c, CertOwner::Investor(InvestorId(i as u8))).to_string());
            [
                corp.id.clone(),
                g.title.corporations[corp.def].name.clone(),
                corp_state(g, c).to_string(),
                president_name(g, c).unwrap_or_else(|| "-".into()),
                corp.price.map_or("-".into(), |_| price_of(&g.title, &g.state, c).to_string()),
                corp.cash.to_string(),
                trains_of(g, c),
                tokens_left(g, c).to_string(),
                g.state.percent(c, CertOwner::Pool).to_string(),
                g.state.percent(c, CertOwner::Treasury).to_string(),
            ]
            .into_iter()
            .chain(investors)
            .chain(fact_heads.iter().map(|k| facts[usize::from(c)].iter().find(|(fk, _)| fk == k).map_or("-".to_string(), |(_, v)| v.clone())))
            .collect()
        })
        .collect();
    let all: Vec<Value> = g.state.corp_ids().map(|c| corp_json(g, c)).collect();
    let text = format!("{}\n(tokens: station tokens not yet placed)", corps_table(&head, &rows, s.width));
    Reply::ok("corps", text, json!({ "corporations": all }))
}

/// The corporations' table in `width` columns: whole if it fits; else the
/// names leave the table for a list under it; else each corporation is a
/// short paragraph ("AFG Azienda Ferroviaria Garibaldi: state not started,
/// president -, ..."). Column 1 of `head` and `rows` is the name.
fn corps_table(head: &[&str], rows: &[Vec<String>], width: usize) -> String {
    let table = |skip_name: bool| {
        let cols: Vec<&str> = head.iter().enumerate().filter(|(i, _)| !(skip_name && *i == 1)).map(|(_, h)| *h).collect();
        let mut t = Table::new(&cols);
        for r in rows {
            t.row(r.iter().enumerate().filter(|(i, _)| !(skip_name && *i == 1)).map(|(_, c)| c.clone()).collect());
        }
        t.render()
    };
    let fits = |text: &str| text.lines().all(|l| l.chars().count() <= width);
    let whole = table(false);
    if fits(&whole) {
        return whole;
    }
    let names: Vec<String> = rows.iter().map(|r| format!("{} {}", r[0], r[1])).collect();
    let mut short = table(true);
    let listed = super::map_legend::wrap_entries(&names, width.saturating_sub(7));
    let short_fits = fits(&short);
    if short_fits {
        for (i, l) in listed.iter().enumerate() {
            short.push_str(&format!("\n{}{l}", if i == 0 { "names: " } else { "       " }));
        }
        return short;
    }
    let mut out = Vec::new();
    for r in rows {
        // "pool 0 %", not "pool % 0".
        let facts: Vec<String> = head
            .iter()
            .zip(r)
            .skip(2)
            .map(|(h, c)| {
                let h = h.trim_start_matches('>');
                match h.strip_suffix(" %") {
                    Some(name) => format!("{name} {c} %"),
                    None => format!("{h} {c}"),
                }
            })
            .collect();
        out.push(format!("{} {}: {}", r[0], r[1], facts.join(", ")));
    }
    out.join("\n")
}

pub fn run_one(s: &mut Session, inv: &Invocation) -> Reply {
    let g = &s.game;
    let Some(word) = inv.args.first() else {
        return Reply::error("corp", "write `corp ID` (`corps` lists them all)");
    };
    let c = match find_corp(g, word) {
        Ok(c) => c,
        Err(e) => return Reply::error("corp", e),
    };
    let corp = &g.state.corps[c];
    let def = &g.title.corporations[corp.def];
    let money = |x: i64| g.title.money(x);
    let mut lines = vec![format!("{} {} — {}{}", corp.id, def.name, corp_state(g, c), if corp.operated > 0 { format!(", operated {} times", corp.operated) } else { String::new() })];
    let mut l2 = Vec::new();
    if let Some(p) = president_name(g, c) {
        l2.push(format!("president {p}"));
    }
    if corp.price.is_some() {
        l2.push(format!("share price {}", money(price_of(&g.title, &g.state, c))));
    }
    if let Some(par) = corp.par {
        l2.push(format!("par {}", money(par)));
    }
    l2.push(format!("treasury {}", money(corp.cash)));
    lines.push(l2.join(" · "));
    let mut holders: Vec<(String, u32, bool)> = Vec::new();
    for cert in &corp.certs {
        let who = cert_owner(g, cert.owner);
        match holders.iter_mut().find(|(w, _, _)| *w == who) {
            Some(h) => {
                h.1 += cert.percent as u32;
                h.2 |= cert.president;
            }
            None => holders.push((who, cert.percent as u32, cert.president)),
        }
    }
    let shares: Vec<String> = holders.iter().map(|(w, p, pres)| format!("{w} {p} %{}", if *pres { " (president)" } else { "" })).collect();
    lines.push(format!("shares: {}", shares.join(", ")));
    lines.push(format!("trains: {} (limit {})", trains_of(g, c), train_limit(&g.title, &g.state, c)));
    let placed: Vec<String> = corp.tokens.iter().filter_map(|t| t.placed).map(|(h, _)| g.title.map.hexes[h as usize].title()).collect();
    let left: Vec<String> = corp.tokens.iter().filter(|t| t.placed.is_none() && !t.lost).map(|t| money(t.cost)).collect();
    let mut tok = format!("tokens: {} placed", placed.len());
    if !placed.is_empty() {
        tok.push_str(&format!(" ({})", placed.join(", ")));
    }
    tok.push_str(&format!(", {} left", left.len()));
    if !left.is_empty() {
        tok.push_str(&format!(" (cost {})", left.join(", ")));
    }
    lines.push(tok);
    // `G26 Napoli`, not a bare label: the name is what players know.
    let homes: Vec<String> = def
        .home
        .iter()
        .map(|h| crate::title::validate::home_city(&g.title, h).map_or(h.to_string(), |(x, _)| g.title.map.hexes[x as usize].title()))
        .collect();
    match corp.home {
        Some((h, _)) => lines.push(format!("home: {}", g.title.map.hexes[h as usize].title())),
        None if !homes.is_empty() => lines.push(format!("home: {}", if homes.len() > 1 { format!("one of {}", homes.join(", ")) } else { homes[0].clone() })),
        None => {}
    }
    let companies: Vec<String> = g.state.companies_of(CompanyOwner::Corp(c)).iter().map(|x| g.state.companies[*x].id.clone()).collect();
    if !companies.is_empty() {
        lines.push(format!("companies: {}", companies.join(", ")));
    }
    for (k, v) in title_facts(g, c) {
        lines.push(if v.is_empty() { k } else { format!("{k}: {v}") });
    }
    Reply::ok("corp", lines.join("\n"), corp_json(g, c))
}

//! Players: cash, certificates, companies and value (what the title's
//! scoring gives now: cash plus shares at market price, then the title's
//! `player_value` hook, e.g. loans and debts off; privates count as the
//! rulebook says, nothing in 1849 and 1844).

use super::super::table::Table;
use super::super::{Invocation, Reply, Session};
use super::names::find_player;
use crate::game::Game;
use crate::game::ids::*;
use crate::game::market::price_of;
use crate::game::shares::cert_count;
use serde_json::{Value, json};

/// (corporation, percent, president) for each corporation the player holds.
fn holdings(g: &Game, p: PlayerId) -> Vec<(CorpId, u32, bool)> {
    g.state.corp_ids()
        .filter_map(|c| {
            let pct = g.state.percent(c, CertOwner::Player(p));
            (pct > 0).then(|| (c, pct, g.state.president(c) == Some(p)))
        })
        .collect()
}

/// The player's value as the title scores it (cash plus shares at market
/// price when the scoring hook fails).
fn value(g: &Game, p: PlayerId) -> i64 {
    match g.player_values() {
        Ok(v) => v[p as usize],
        Err(_) => {
            let shares: i64 = holdings(g, p).iter().map(|(c, pct, _)| price_of(&g.title, &g.state, *c) * *pct as i64 / 10).sum();
            g.state.players[p as usize].cash + shares
        }
    }
}

fn companies(g: &Game, p: PlayerId) -> Vec<String> {
    g.state.companies_of(CompanyOwner::Player(p)).iter().map(|c| g.state.companies[*c].id.clone()).collect()
}

fn shares_text(g: &Game, p: PlayerId) -> String {
    let parts: Vec<String> = holdings(g, p)
        .iter()
        .map(|(c, pct, pres)| format!("{} {pct}%{}", g.state.corps[*c].id, if *pres { "*" } else { "" }))
        .collect();
    parts.join(" ")
}

pub fn player_json(g: &Game, p: PlayerId) -> Value {
    let pl = &g.state.players[p as usize];
    let shares: Vec<Value> = holdings(g, p)
        .iter()
        .map(|(c, pct, pres)| json!({ "corporation": g.state.corps[*c].id, "percent": pct, "president": pres }))
        .collect();
    json!({
        "name": pl.name,
        "cash": pl.cash,
        "shares": shares,
        "companies": companies(g, p),
        "certificates": g.cert_count(p).unwrap_or_else(|_| cert_count(&g.title, &g.state, p)),
        "cert_limit": g.state.cert_limit,
        "value": value(g, p),
        "loans": pl.loans,
        "left": pl.left,
        "priority": g.state.priority == p,
    })
}

pub fn run_all(s: &mut Session, _inv: &Invocation) -> Reply {
    let g = &s.game;
    let mut t = Table::new(&["player", ">cash", ">certs", "shares (* president)", "companies", ">value"]);
    for p in 0..g.state.players.len() as PlayerId {
        let pl = &g.state.players[p as usize];
        let mark = if g.state.priority == p { " (priority)" } else { "" };
        t.row(vec![
            format!("{}{mark}", pl.name),
            pl.cash.to_string(),
            format!("{}/{}", g.cert_count(p).unwrap_or_else(|_| cert_count(&g.title, &g.state, p)), g.state.cert_limit),
            shares_text(g, p),
            companies(g, p).join(" "),
            value(g, p).to_string(),
        ]);
    }
    let all: Vec<Value> = (0..g.state.players.len() as PlayerId).map(|p| player_json(g, p)).collect();
    if g.title.investors.is_empty() {
        return Reply::ok("players", t.render(), json!({ "players": all }));
    }
    // Investors hold shares but are not players (1865's Dragons): their
    // holdings by corporation, under the players' table.
    let mut text = t.render();
    let mut investors = Vec::new();
    for (i, def) in g.title.investors.iter().enumerate() {
        let held = investor_holdings(g, InvestorId(i as u8));
        let parts: Vec<String> = held.iter().map(|(c, pct, n)| format!("{} {pct}% ({n} cert{})", g.state.corps[*c].id, if *n == 1 { "" } else { "s" })).collect();
        text.push_str(&format!("\ninvestor {} ({}): {}", def.name, def.id, if parts.is_empty() { "no shares".to_string() } else { parts.join(" ") }));
        let shares: Vec<Value> = held.iter().map(|(c, pct, n)| json!({ "corporation": g.state.corps[*c].id, "percent": pct, "certificates": n })).collect();
        investors.push(json!({ "id": def.id, "name": def.name, "shares": shares }));
    }
    Reply::ok("players", text, json!({ "players": all, "investors": investors }))
}

/// (corporation, percent, certificates) for each corporation an investor holds.
fn investor_holdings(g: &Game, i: InvestorId) -> Vec<(CorpId, u32, usize)> {
    g.state
        .corp_ids()
        .filter_map(|c| {
            let n = g.state.corps[c].certs.iter().filter(|x| x.owner == CertOwner::Investor(i)).count();
            (n > 0).then(|| (c, g.state.percent(c, CertOwner::Investor(i)), n))
        })
        .collect()
}

pub fn run_one(s: &mut Session, inv: &Invocation) -> Reply {
    let g = &s.game;
    let Some(word) = inv.args.first() else {
        return Reply::error("player", "write `player NAME` (`players` lists them all)");
    };
    // A name with spaces may be typed as it is: `player Player 3`.
    let whole = inv.args.join(" ");
    let p = match find_player(g, word).or_else(|e| find_player(g, &whole).map_err(|_| e)) {
        Ok(p) => p,
        Err(e) => return Reply::error("player", format!("{e}; quote a name with spaces: player \"Player 3\"")),
    };
    let pl = &g.state.players[p as usize];
    let money = |x: i64| g.title.money(x);
    let mut lines = vec![format!(
        "{} — cash {}, {} of {} certificates, value {}{}",
        pl.name,
        money(pl.cash),
        g.cert_count(p).unwrap_or_else(|_| cert_count(&g.title, &g.state, p)),
        g.state.cert_limit,
        money(value(g, p)),
        if g.state.priority == p { " · has the priority deal" } else { "" }
    )];
    for (c, pct, pres) in holdings(g, p) {
        let price = price_of(&g.title, &g.state, c);
        lines.push(format!(
            "  {} {pct} %{} at {} = {}",
            g.state.corps[c].id,
            if pres { " (president)" } else { "" },
            money(price),
            money(price * pct as i64 / 10)
        ));
    }
    for co in g.state.companies_of(CompanyOwner::Player(p)) {
        let c = &g.state.companies[co];
        let def = &g.title.companies[c.def];
        lines.push(format!("  {} {} (revenue {})", c.id, def.name, money(def.revenue)));
    }
    if pl.loans > 0 {
        lines.push(format!("  loans: {}", pl.loans));
    }
    if pl.left {
        lines.push("  has left the game".to_string());
    }
    Reply::ok("player", lines.join("\n"), player_json(g, p))
}

//! One hex in full: its tile and track, stops and tokens, terrain, whose
//! home it is, and which tiles may go there now.

use super::super::{Reply, Session};
use super::map::hex_json;
use crate::game::Game;
use crate::game::ids::CorpId;
use crate::game::action::Action;
use crate::game::board::LayRules;
use crate::game::engine::Engine;
use crate::game::graph::{reservations, rotation_on, stop_value, tile_on};
use crate::game::ops::{Effects, Ops};
use crate::hex::rotate;
use crate::tile::{PathEnd, Tile};
use crate::title::schema::StopKind;
use serde_json::json;

/// Tiles with the rotations at which each fits.
type Fits = Vec<(String, Vec<u8>)>;

pub fn detail(s: &mut Session, label: &str) -> Reply {
    let g = &s.game;
    let Some(h) = g.title.map.hex(label).or_else(|| g.title.map.hex(&label.to_uppercase())) else {
        if g.title.tile_index.contains_key(label) {
            return Reply::error("map", format!("there is no hex {label} on this map; `tiles {label}` shows the tile {label}"));
        }
        let hint = crate::title::compile::did_you_mean(label, g.title.map.hexes.iter().map(|h| h.label.as_str()));
        return Reply::error("map", format!("there is no hex {label} on this map{}", hint.map(|x| format!(" ({x})")).unwrap_or_default()));
    };
    let hex_label = g.title.map.hexes[h as usize].label.clone();
    let legal: Vec<(String, u8)> = match s.legal_moves() {
        Ok(moves) => moves
            .iter()
            .filter_map(|m| match &m.action {
                Action::LayTile { hex, tile, rotation } if *hex == hex_label => Some((tile.clone(), *rotation)),
                _ => None,
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    let g = &s.game;
    let hd = &g.title.map.hexes[h as usize];
    let tile = tile_on(&g.title, &g.state, h);
    let rot = rotation_on(&g.title, &g.state, h);
    let mut lines = vec![format!("{} — {}", hd.title(), placed_or_printed(g, h))];
    if tile.stops.is_empty() && tile.paths.is_empty() {
        lines.push("tile: none (bare land)".to_string());
    } else {
        lines.push(format!("tile: {}", tile.summary()));
    }
    let track = track_lines(g, tile, rot);
    if !track.is_empty() {
        lines.push(format!("track: {}", track.join("; ")));
    }
    lines.extend(stop_lines(g, h));
    match (&hd.terrain, hd.cost) {
        (Some(t), c) if c > 0 => lines.push(format!("terrain: {t}, {} to build", g.title.money(c))),
        (Some(t), _) => lines.push(format!("terrain: {t}")),
        (None, c) if c > 0 => lines.push(format!("build cost: {}", g.title.money(c))),
        _ => {}
    }
    lines.push(format!("next to: {}", neighbours(g, h)));
    let homes = homes_here(g, h);
    if !homes.is_empty() {
        lines.push(format!("home of: {}", homes.join(", ")));
    }
    if let Some(reason) = g.state.board.locked.get(&h) {
        lines.push(format!("locked: {reason}"));
    }
    let (now, later) = upgrades(g, h);
    lines.push(match (now.is_empty(), later.is_empty()) {
        (false, _) => format!("tiles that fit now: {}", list_fits(g, &now)),
        (true, false) => format!("no tile fits in phase {}; later: {}", g.title.phases[g.state.phase].name, list_fits(g, &later)),
        (true, true) => "no tile can be laid here".to_string(),
    });
    if let Some(corp) = operating_corp(g) {
        let id = &g.state.corps[corp].id;
        let laying = super::prompt::current_step(g).is_some_and(|s| g.title.flow.step_kind(&s) == Some(crate::title::schema::StepKind::LayTile));
        if !legal.is_empty() {
            let costs: Vec<Option<i64>> = legal.iter().map(|(t, r)| lay_cost(g, corp, h, t, *r)).collect();
            // One cost for every lay is said once, not on every rotation.
            let same = costs.windows(2).all(|w| w[0] == w[1]);
            let cost = match costs.first() {
                Some(Some(c)) if same && *c > 0 => format!(" for {}", g.title.money(*c)),
                _ => String::new(),
            };
            lines.push(format!("{id} may lay here now{cost} (rotation: track leaves by):"));
            lines.extend(exits_by_rotation(g, corp, h, &group(&legal), !same));
        } else if laying {
            lines.push(format!("{id} cannot lay a tile here now"));
        }
    }
    let mut data = hex_json(g, h);
    data["fits_now"] = json!(now.iter().map(|(t, r)| json!({ "tile": t, "rotations": r })).collect::<Vec<_>>());
    data["fits_later"] = json!(later.iter().map(|(t, r)| json!({ "tile": t, "rotations": r })).collect::<Vec<_>>());
    data["legal_lays"] = json!(legal.iter().map(|(t, r)| format!("lay {hex_label} {t} {r}")).collect::<Vec<_>>());
    data["homes"] = json!(homes);
    Reply::ok("hex", lines.join("\n"), data)
}

fn placed_or_printed(g: &Game, h: u32) -> String {
    let hs = &g.state.board.hexes[h as usize];
    match hs.tile {
        Some(t) => format!("tile {} at rotation {}", g.title.tiles[t as usize].name, hs.rotation),
        None => format!("{} as printed", g.title.map.hexes[h as usize].color.name()),
    }
}

fn operating_corp(g: &Game) -> Option<CorpId> {
    match &g.state.flow.round.data {
        crate::game::flow::RoundData::Operating(o) => o.current,
        _ => None,
    }
}

/// "standard N–city" for each track piece, with edges turned by the rotation.
pub(super) fn track_lines(g: &Game, tile: &Tile, rot: u8) -> Vec<String> {
    let layout = &g.title.map.layout;
    let end = |e: PathEnd| match e {
        PathEnd::Edge(x) => layout.edge_name(rotate(x, rot)).to_string(),
        PathEnd::Stop(i) => {
            let kind = tile.stops.get(i as usize).map_or("stop", |s| s.kind.name());
            if tile.stops.len() > 1 { format!("{kind} {i}") } else { kind.to_string() }
        }
    };
    tile.paths
        .iter()
        .map(|p| format!("{} {}–{}", p.gauge.name(), end(p.a), end(p.b)))
        .collect()
}

fn stop_lines(g: &Game, h: u32) -> Vec<String> {
    let tile = tile_on(&g.title, &g.state, h);
    let band = g.title.phases[g.state.phase].revenue_band;
    let slots = &g.state.board.hexes[h as usize].tokens;
    let mut out = Vec::new();
    for (i, s) in tile.stops.iter().enumerate() {
        // A value set during play (1844's mountain railway panel) replaces the printed one.
        let value = stop_value(&g.state, h, i as u8, &s.revenue, band);
        let mut line = format!("stop {i}: {} worth {value}", s.kind.name());
        if s.station() && (s.kind == StopKind::City || s.slots > 0) {
            let mut held: Vec<String> = slots.get(i).map(|v| v.iter().flatten().map(|c| g.state.corps[*c].id.clone()).collect()).unwrap_or_default();
            let marks = crate::game::stations::marks(&g.state, h, i as u8);
            held.extend(marks.map_or(&[][..], |m| m.neutral.as_slice()).iter().map(|n| format!("neutral {n}")));
            let free = s.slots as usize - held.len().min(s.slots as usize);
            line.push_str(&format!(", {} slot{}", s.slots, if s.slots == 1 { "" } else { "s" }));
            if !held.is_empty() {
                line.push_str(&format!(", tokens: {}", held.join(", ")));
            }
            if free > 0 {
                line.push_str(&format!(", {free} free"));
            }
            let reserved: Vec<String> = reservations(&g.title, &g.state, h, i as u8).iter().map(|c| g.state.corps[*c].id.clone()).collect();
            if !reserved.is_empty() {
                line.push_str(&format!(" (reserved for {})", reserved.join(", ")));
            }
            if let Some(phase) = crate::game::stations::closed_until(&g.title, &g.state, h, i as u8) {
                line.push_str(&format!(" (slots open in phase {phase})"));
            }
        }
        if s.terminal {
            line.push_str(", routes end here");
        }
        for b in g.state.board.stop_bonuses.iter().filter(|b| b.hex == h && b.stop as usize == i) {
            line.push_str(&format!(", +{} for {}", b.amount, g.state.corps[b.corp].id));
        }
        out.push(line);
    }
    out
}

fn homes_here(g: &Game, h: u32) -> Vec<String> {
    let mut out = Vec::new();
    for c in &g.state.corps {
        let def = &g.title.corporations[c.def];
        let here = def.home.iter().any(|spec| crate::title::validate::home_city(&g.title, spec).is_ok_and(|(x, _)| x == h));
        if here && c.in_play {
            let all = def.home_mode == crate::title::schema::HomeMode::All;
            out.push(if def.home.len() > 1 && !all { format!("{} (one of its choices)", c.id) } else { c.id.clone() });
        }
    }
    out
}

/// Tiles that fit the hex (rules of geometry, colour, labels, supply),
/// for any corporation: in the current phase, and only in later phases.
fn upgrades(g: &Game, h: u32) -> (Fits, Fits) {
    let mut st = g.state.clone();
    let mut fx = Effects::default();
    let ops = Ops::new(&g.title, &mut st, &mut fx);
    let mut now = Vec::new();
    let mut later = Vec::new();
    for (ti, tile) in g.title.tiles.iter().enumerate() {
        if tile.hidden {
            continue;
        }
        for rot in 0..6u8 {
            let rules = LayRules { connection: false, phase_colours: true, hidden: false, replace: false };
            if ops.check_lay(None, h, ti as u16, rot, rules).is_ok() {
                now.push((tile.name.clone(), rot));
            } else if ops.check_lay(None, h, ti as u16, rot, LayRules { phase_colours: false, ..rules }).is_ok() {
                later.push((tile.name.clone(), rot));
            }
        }
    }
    (group(&now), group(&later))
}

/// "N K11 · NE K13 Augusta · ...": which hex lies beyond each side.
fn neighbours(g: &Game, h: u32) -> String {
    let hd = &g.title.map.hexes[h as usize];
    let parts: Vec<String> = (0..6u8)
        .filter_map(|e| {
            let n = hd.neighbours[e as usize]?;
            let border = if hd.impassable & (1 << e) != 0 { " (impassable)" } else { "" };
            let link = if hd.linked & (1 << e) != 0 {
                let back = g.title.map.layout.edge_name(hd.neighbour_edges[e as usize]);
                match &hd.link_labels[e as usize] {
                    Some(l) => format!(" (link {l}, its {back} side)"),
                    None => format!(" (link, its {back} side)"),
                }
            } else {
                String::new()
            };
            Some(format!("{} {}{link}{border}", g.title.map.layout.edge_name(e), g.title.map.hexes[n as usize].title()))
        })
        .collect();
    if parts.is_empty() { "nothing".to_string() } else { parts.join(" · ") }
}

/// One line per tile: where its track leaves the hex at each rotation,
/// and what the lay costs the corporation (terrain, with the title's
/// reductions).
fn exits_by_rotation(g: &Game, corp: CorpId, h: u32, lays: &Fits, with_costs: bool) -> Vec<String> {
    let layout = &g.title.map.layout;
    lays.iter()
        .map(|(name, rots)| {
            let exits = |r: u8| {
                let bits = g.title.tile(name).map_or(0, |t| t.exits(r));
                (0..6u8).filter(|e| bits & (1 << e) != 0).map(|e| layout.edge_name(e)).collect::<Vec<_>>().join(" ")
            };
            let parts: Vec<String> = rots
                .iter()
                .map(|r| match lay_cost(g, corp, h, name, *r).filter(|_| with_costs) {
                    Some(c) if c > 0 => format!("{r}: {} ({})", exits(*r), g.title.money(c)),
                    _ => format!("{r}: {}", exits(*r)),
                })
                .collect();
            format!("  {:<5} {}", with_gauge(g, name), parts.join(" · "))
        })
        .collect()
}

/// The terrain cost of a lay for the corporation, as the engine charges it.
fn lay_cost(g: &Game, corp: CorpId, h: u32, tile: &str, rotation: u8) -> Option<i64> {
    let ti = *g.title.tile_index.get(tile)? as u16;
    let mut st = g.state.clone();
    let mut fx = Effects::default();
    let rules = LayRules { connection: false, phase_colours: false, hidden: false, replace: false };
    let plan = Ops::new(&g.title, &mut st, &mut fx).check_lay(Some(corp), h, ti, rotation, rules).ok()?;
    Engine::new(&g.title, &mut st, &mut fx, &*g.host).terrain_cost(corp, h, &plan.new_track, plan.base_cost).ok()
}

fn group(lays: &[(String, u8)]) -> Fits {
    let mut out: Fits = Vec::new();
    for (t, r) in lays {
        match out.iter_mut().find(|(x, _)| x == t) {
            Some((_, rs)) => rs.push(*r),
            None => out.push((t.clone(), vec![*r])),
        }
    }
    out
}

fn list_fits(g: &Game, list: &Fits) -> String {
    let parts: Vec<String> =
        list.iter().map(|(t, rs)| format!("{} (rot {})", with_gauge(g, t), rs.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(" "))).collect();
    parts.join(", ")
}

/// "58 narrow" where the title has more than one gauge (1849: tiles 58
/// and 73 leave by the same sides, one standard, one narrow); the name
/// alone elsewhere.
fn with_gauge(g: &Game, name: &str) -> String {
    let mixed = g.title.tiles.iter().any(|t| t.paths.iter().any(|p| p.gauge != crate::route::Gauge::Standard));
    let Some(tile) = g.title.tile(name).filter(|_| mixed) else { return name.to_string() };
    let mut gauges: Vec<&str> = tile.paths.iter().map(|p| p.gauge.name()).collect();
    gauges.sort();
    gauges.dedup();
    if gauges.is_empty() { name.to_string() } else { format!("{name} {}", gauges.join("+")) }
}

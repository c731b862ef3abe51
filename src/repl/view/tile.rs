//! Tiles of the title's catalogue: `tiles` lists them by colour with the
//! copies left, `tiles NAME` shows one: its stops and track (with gauges),
//! what it upgrades to and from, how many are left and where they lie.

use super::super::{Invocation, Reply, Session};
use crate::game::Game;
use crate::game::board::follows;
use crate::tile::{Tile, upgrade};
use serde_json::json;

pub fn run(s: &mut Session, inv: &Invocation) -> Reply {
    match inv.args.first() {
        Some(name) => one(&s.game, name),
        None => all(&s.game, s.width),
    }
}

/// "3 left", "unlimited", "none left".
fn left(g: &Game, ti: usize) -> String {
    match g.state.board.supply.get(ti).copied().unwrap_or(0) {
        n if n < 0 => "unlimited".to_string(),
        0 => "none left".to_string(),
        n => format!("{n} left"),
    }
}

fn all(g: &Game, width: usize) -> Reply {
    let mut lines = Vec::new();
    let mut rows = Vec::new();
    let mut colours: Vec<_> = g.title.tiles.iter().filter(|t| !t.hidden).map(|t| t.color).collect();
    colours.sort_by_key(|c| c.rank());
    colours.dedup();
    for colour in colours {
        let parts: Vec<String> = g
            .title
            .tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.hidden && t.color == colour)
            .map(|(i, t)| {
                rows.push(json!({ "tile": t.name, "color": t.color.name(), "left": g.state.board.supply.get(i) }));
                format!("{} ({})", t.name, left(g, i).replace(" left", ""))
            })
            .collect();
        // Wrapped between tiles, never inside one, under the colour's name.
        let head = format!("{}: ", colour.name());
        let pad = " ".repeat(head.chars().count());
        let room = width.saturating_sub(pad.len()).max(12);
        for (i, l) in super::map_legend::wrap_entries(&parts, room).iter().enumerate() {
            let l = l.strip_suffix('.').unwrap_or(l);
            lines.push(format!("{}{l}", if i == 0 { &head } else { &pad }));
        }
    }
    lines.push("`tiles NAME` shows one: its track, upgrades and where it lies".to_string());
    Reply::ok("tiles", lines.join("\n"), json!({ "tiles": rows }))
}

fn one(g: &Game, name: &str) -> Reply {
    let Some(&ti) = g.title.tile_index.get(name) else {
        let hint = crate::title::compile::did_you_mean(name, g.title.tiles.iter().filter(|t| !t.hidden).map(|t| t.name.as_str()));
        let also = if g.title.map.hex(&name.to_uppercase()).is_some() { format!(" (`map {name}` shows the hex {name})") } else { String::new() };
        return Reply::error("tile", format!("no tile '{name}' in this title{}{also} — `tiles` lists them", hint.map(|h| format!(" ({h})")).unwrap_or_default()));
    };
    let tile = &g.title.tiles[ti];
    let mut lines = vec![tile.summary()];
    let track = super::hex::track_lines(g, tile, 0);
    if !track.is_empty() {
        lines.push(format!("track at rotation 0: {}", track.join("; ")));
    }
    let to = upgrades(g, tile, true);
    let from = upgrades(g, tile, false);
    lines.push(format!("upgrades to: {}", if to.is_empty() { "nothing".to_string() } else { to.join(", ") }));
    lines.push(format!("replaces: {}", if from.is_empty() { "nothing (laid on bare land or on its printed hexes)".to_string() } else { from.join(", ") }));
    let same = crate::game::board::same_colour_candidates(&g.title, tile);
    if !same.is_empty() {
        lines.push(format!("also replaced by (same colour, keeping its track that leads somewhere): {}", same.join(", ")));
    }
    let count = if tile.count < 0 { "unlimited".to_string() } else { tile.count.to_string() };
    lines.push(format!("copies: {} of {count}", left(g, ti)));
    let laid: Vec<String> = g
        .state
        .board
        .hexes
        .iter()
        .enumerate()
        .filter(|(_, h)| h.tile == Some(ti as u16))
        .map(|(i, h)| format!("{} (rotation {})", g.title.map.hexes[i].title(), h.rotation))
        .collect();
    if !laid.is_empty() {
        lines.push(format!("on the board: {}", laid.join(", ")));
    }
    lines.push("(upgrades by track, colour and label; a hex's own rules, such as its terrain or label, may allow fewer)".to_string());
    let data = json!({
        "tile": tile.name, "color": tile.color.name(), "label": tile.label, "track": track,
        "upgrades_to": to, "replaces": from, "same_colour": same, "left": g.state.board.supply.get(ti), "count": tile.count,
    });
    Reply::ok("tile", lines.join("\n"), data)
}

/// The catalogue tiles this one may become (`to`) or may replace: the
/// upgrade rules (the tiles listed, or the next colour), the same label,
/// and all the old track kept at some rotation.
fn upgrades(g: &Game, tile: &Tile, to: bool) -> Vec<String> {
    g.title
        .tiles
        .iter()
        .filter(|other| !other.hidden && other.name != tile.name)
        .filter(|other| {
            let (old, new) = if to { (tile, *other) } else { (*other, tile) };
            follows(old, new) && old.label == new.label && !upgrade::fits(old, 0, new).is_empty()
        })
        .map(|t| t.name.clone())
        .collect()
}

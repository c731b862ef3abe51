//! The fields of `game:hex(label)`, each built alone so that
//! `game:hex_field(label, field)` reads one without building the rest
//! (a whole hex table, with its stops, links and props, costs dozens of
//! Lua tables; a script asking whether a hex is laid needs one boolean).
//! The table and the single reads agree by construction: the table is
//! every field of [`HEX_FIELDS`] read one by one.

use super::*;

/// The fields of `game:hex(label)`, in the order the table is filled.
pub const HEX_FIELDS: &[&str] =
    &["label", "name", "tile", "color", "laid", "rotation", "terrain", "cost", "borders", "neighbours", "links", "tags", "tokens", "stops", "locked", "free_slots", "props"];

pub(super) fn hex_table(lua: &Lua, t: &Title, st: &GameState, h: HexId) -> mlua::Result<Table> {
    table_of_fields(lua, HEX_FIELDS, |key| hex_field(lua, t, st, h, key))
}

/// One field of a hex's table: `None` when there is no such field.
pub(super) fn hex_field(lua: &Lua, t: &Title, st: &GameState, h: HexId, key: &str) -> mlua::Result<Option<Value>> {
    let hd = &t.map.hexes[h as usize];
    let here = &st.board.hexes[h as usize];
    let v = match key {
        "label" => hd.label.as_str().into_lua(lua)?,
        "name" => hd.name.clone().into_lua(lua)?,
        "tile" => tile_on(t, st, h).name.as_str().into_lua(lua)?,
        "color" => tile_on(t, st, h).color.name().into_lua(lua)?,
        "laid" => here.tile.is_some().into_lua(lua)?,
        "rotation" => here.rotation.into_lua(lua)?,
        "terrain" => hd.terrain.clone().into_lua(lua)?,
        "cost" => hd.cost.into_lua(lua)?,
        // The terrain of crossable borders, keyed by edge 0-5 (map.toml's
        // `borders = [{ edge, terrain }]`, a `[[link]]`'s terrain).
        "borders" => {
            let borders = lua.create_table()?;
            for e in 0..6usize {
                if let Some(b) = &hd.border_terrain[e] {
                    borders.raw_set(e, b.as_str())?;
                }
            }
            Value::Table(borders)
        }
        // The neighbour across each edge (across a link, the linked hex).
        "neighbours" => {
            let neighbours = lua.create_table()?;
            for e in 0..6usize {
                if let Some(n) = hd.neighbours[e] {
                    neighbours.raw_set(e, t.map.hexes[n as usize].label.as_str())?;
                }
            }
            Value::Table(neighbours)
        }
        // The sides joined by map.toml's `[[link]]`, keyed by edge: the hex
        // and edge on the other side, and the link's label.
        "links" => {
            let links = lua.create_table()?;
            for e in 0..6u8 {
                if hd.linked & (1 << e) != 0
                    && let Some((n, back)) = hd.across(e)
                {
                    let one = lua.create_table()?;
                    one.raw_set("hex", t.map.hexes[n as usize].label.as_str())?;
                    one.raw_set("edge", back)?;
                    one.raw_set("label", hd.link_labels[e as usize].clone())?;
                    links.raw_set(e, one)?;
                }
            }
            Value::Table(links)
        }
        "tags" => Value::Table(lua.create_sequence_from(hd.tags.iter().map(String::as_str))?),
        "tokens" => {
            let tokens = lua.create_table()?;
            for slots in &here.tokens {
                for c in slots.iter().flatten() {
                    tokens.raw_push(st.corps[*c].id.as_str())?;
                }
            }
            Value::Table(tokens)
        }
        "stops" => Value::Table(stops(lua, t, st, h)?),
        "locked" => st.board.locked.contains_key(&h).into_lua(lua)?,
        "free_slots" => {
            let tile = tile_on(t, st, h);
            let free: u32 = (0..tile.stops.len() as u8).map(|s| crate::game::graph::free_slots(t, st, h, s, None)).sum();
            free.into_lua(lua)?
        }
        "props" => Value::Table(props_to_lua(lua, &hd.props)?),
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// The stops of the tile on the hex now, with their value in this phase
/// (a value a script set during play included) and the corporations whose
/// tokens stand there (1865 reads a city's traffic value here).
fn stops(lua: &Lua, t: &Title, st: &GameState, h: HexId) -> mlua::Result<Table> {
    let tile = tile_on(t, st, h);
    let band = t.phases.get(st.phase).map_or(0, |p| p.revenue_band);
    let stops = lua.create_table_with_capacity(tile.stops.len(), 0)?;
    for (i, stop) in tile.stops.iter().enumerate() {
        let one = lua.create_table()?;
        one.raw_set("kind", stop.kind.name())?;
        one.raw_set("value", crate::game::graph::stop_value(st, h, i as u8, &stop.revenue, band))?;
        one.raw_set("slots", stop.slots)?;
        one.raw_set("name", stop.name.clone())?;
        one.raw_set("tags", lua.create_sequence_from(stop.tags.iter().cloned())?)?;
        let held = lua.create_table()?;
        if let Some(slots) = st.board.hexes[h as usize].tokens.get(i) {
            for c in slots.iter().flatten() {
                held.raw_push(st.corps[*c].id.as_str())?;
            }
        }
        one.raw_set("tokens", held)?;
        // Reservations that still hold, neutral tokens, the phase the
        // slots open in (`game::stations`).
        let reserved = crate::game::graph::reservations(t, st, h, i as u8);
        one.raw_set("reserved", lua.create_sequence_from(reserved.iter().map(|c| st.corps[*c].id.clone()))?)?;
        let marks = crate::game::stations::marks(st, h, i as u8);
        one.raw_set("neutral", lua.create_sequence_from(marks.map_or(&[][..], |m| m.neutral.as_slice()).iter().cloned())?)?;
        let opens = marks.and_then(|m| m.opens_in_phase).and_then(|p| t.phases.get(p)).map(|p| p.name.clone());
        one.raw_set("opens_in_phase", opens)?;
        one.raw_set("open", crate::game::stations::closed_until(t, st, h, i as u8).is_none())?;
        stops.raw_push(one)?;
    }
    Ok(stops)
}

//! Turns parsed TOML into the engine's compiled title data: hexes with
//! neighbours and pre-printed tiles, the market grid, train classes with
//! variants, and the step sequence with option edits applied.

use super::error::{DataError, closest, line_of};
use super::schema::*;
use crate::hex::{Coord, Layout};
use crate::limits::{MAX_AMOUNT, MAX_HEXES};
use crate::tile::Tile;
use std::collections::{BTreeMap, HashMap};

/// Collects errors with the text of each file, so that errors found
/// after parsing can still point at a line.
pub struct Ctx<'a> {
    pub texts: &'a HashMap<String, (String, String)>,
    pub errors: Vec<DataError>,
}

impl Ctx<'_> {
    /// Records an error about `value` in `file` ("map" etc.).
    pub fn error(&mut self, file: &str, key: &str, value: &str, message: impl Into<String>) {
        let (display, line) = match self.texts.get(file) {
            Some((display, text)) => (display.clone(), if value.is_empty() { None } else { line_of(text, value) }),
            None => (format!("{file}.toml"), None),
        };
        self.errors.push(DataError::new(&display, key, message).at_line(line));
    }

    pub fn error_hint(&mut self, file: &str, key: &str, value: &str, message: impl Into<String>, hint: Option<String>) {
        self.error(file, key, value, message);
        if let Some(e) = self.errors.last_mut() {
            e.hint = hint;
        }
    }
}

pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    closest(word, candidates).map(|c| format!("did you mean `{c}`?"))
}

// ---------------------------------------------------------------- the map

#[derive(Clone, Debug)]
pub struct HexData {
    pub label: String,
    pub coord: Coord,
    pub name: Option<String>,
    pub color: Color,
    pub terrain: Option<String>,
    pub cost: i64,
    /// The pre-printed tile (an empty white tile for bare land).
    pub tile: Tile,
    pub rotation: u8,
    pub future_label: Option<FutureLabel>,
    /// Bit e set: edge e is impassable.
    pub impassable: u8,
    /// Bit e set: a border drawn on edge e with no effect on play (inside
    /// a multi-hex off-board); for pictures.
    pub plain_borders: u8,
    /// The terrain of a crossable border on edge e (a river, a mountain
    /// ridge), on both hexes that share it.
    pub border_terrain: [Option<String>; 6],
    pub tags: Vec<String>,
    pub props: Props,
    pub neighbours: [Option<u32>; 6],
    /// The edge of the neighbour across edge e that faces back: the
    /// opposite edge on the grid, the linked side across a `[[link]]`.
    pub neighbour_edges: [u8; 6],
    /// Bit e set: edge e is joined by a `[[link]]` to a distant hexside.
    pub linked: u8,
    /// The label of the `[[link]]` on edge e, drawn on the side ("D").
    pub link_labels: [Option<String>; 6],
    /// What map.toml prints on each stop of the hex besides its tile:
    /// reserved slots, neutral tokens, the phase its slots open in.
    pub printed: Vec<PrintedSlots>,
    /// The entry's key path in map.toml ("hex[3]"), for errors found later.
    pub def_key: String,
    /// map.toml's `one_city_with`: the partner hex and the corporation
    /// kinds (ids) that see one city (all when empty).
    pub one_city_with: Option<(u32, Vec<String>)>,
    /// map.toml's `printed_track_home_blocks`.
    pub printed_track_home_blocks: bool,
}

/// A stop's printed slot contents (map.toml `reserved`, `neutral`,
/// `opens_in_phase`); the game's board takes them at setup.
#[derive(Clone, Debug, Default)]
pub struct PrintedSlots {
    pub reserved: Vec<String>,
    pub neutral: Vec<String>,
    pub opens_in_phase: Option<String>,
}

impl HexData {
    /// The hex across edge `e` and its edge that faces back, if any (a grid
    /// neighbour or a linked side).
    pub fn across(&self, e: u8) -> Option<(u32, u8)> {
        self.neighbours[e as usize % 6].map(|n| (n, self.neighbour_edges[e as usize % 6]))
    }

    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }
    /// Display name: "C5 Palermo".
    pub fn title(&self) -> String {
        match &self.name {
            Some(n) => format!("{} {}", self.label, n),
            None => self.label.clone(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct MapData {
    pub layout: Layout,
    pub hexes: Vec<HexData>,
    /// Label -> hex id (Fx-hashed: looked up for every hex a command,
    /// a record or a script names).
    pub index: rustc_hash::FxHashMap<String, u32>,
    /// The hexes' labels in hex order, shared by every route problem
    /// (`TrackGraph::hex_labels`) instead of copied into each.
    pub labels: std::sync::Arc<Vec<String>>,
}

impl MapData {
    pub fn hex(&self, label: &str) -> Option<u32> {
        self.index.get(label).copied()
    }
}

pub fn map(ctx: &mut Ctx, file: &MapFile, tiles: &HashMap<String, Tile>) -> MapData {
    let layout = Layout::new(file.layout, file.axes);
    let mut hexes: Vec<HexData> = Vec::new();
    let mut index: rustc_hash::FxHashMap<String, u32> = Default::default();
    let mut coords: HashMap<Coord, u32> = HashMap::new();
    for (i, def) in file.hex.iter().enumerate() {
        let key = format!("hex[{i}]");
        // Every hex is data in each game and a node of every board walk.
        if hexes.len() + def.at.len() > MAX_HEXES {
            let total: usize = file.hex.iter().map(|h| h.at.len()).sum();
            let first = def.at.first().map(String::as_str).unwrap_or_default();
            ctx.error("map", &format!("{key}.at"), first, format!("the map lists {total} hexes: a title may have at most {MAX_HEXES}"));
            break;
        }
        if def.at.is_empty() {
            ctx.error("map", &key, "", "`at` lists no hex");
        }
        let preprinted = match &def.tile {
            Some(name) => match tiles.get(name) {
                Some(t) => {
                    let mut t = t.clone();
                    if def.label.is_some() {
                        t.label = def.label.clone();
                    }
                    Some(t)
                }
                None => {
                    let hint = did_you_mean(name, tiles.keys().map(String::as_str));
                    ctx.error_hint("map", &format!("{key}.tile"), name, format!("unknown tile \"{name}\""), hint);
                    None
                }
            },
            None => None,
        };
        if def.rotation > 5 {
            ctx.error("map", &format!("{key}.rotation"), "", "rotation must be 0-5");
        }
        for (si, s) in def.stops.iter().enumerate() {
            if s.stations && s.kind != StopKind::Offboard {
                ctx.error("map", &format!("{key}.stops[{si}].stations"), "stations", format!("`stations = true` is for off-board stops; this stop is a {} (cities take tokens anyway)", s.kind.name()));
            }
            if preprinted.is_some() && (!s.reserved.is_empty() || !s.neutral.is_empty() || s.opens_in_phase.is_some()) {
                ctx.error("map", &format!("{key}.stops[{si}]"), "", "reserved, neutral and opens_in_phase need the hex's own stops, not a catalogue `tile`");
            }
        }
        for b in &def.borders {
            if b.edge > 5 {
                ctx.error("map", &format!("{key}.borders"), "", format!("border edge {} is not 0-5", b.edge));
            }
            if b.kind.is_some() == b.terrain.is_some() {
                let msg = format!(
                    "border edge {} needs either kind (\"impassable\", \"plain\") or terrain (\"river\"...), not {}",
                    b.edge,
                    if b.kind.is_some() { "both" } else { "neither" }
                );
                let at = def.at.first().map(|l| format!("\"{l}\"")).unwrap_or_default();
                ctx.error("map", &format!("{key}.borders"), &at, msg);
            }
        }
        for label in &def.at {
            let coord = match layout.parse(label) {
                Ok(c) => c,
                Err(e) => {
                    ctx.error("map", &format!("{key}.at"), label, e.to_string());
                    continue;
                }
            };
            if index.contains_key(label) || coords.contains_key(&coord) {
                ctx.error("map", &format!("{key}.at"), label, format!("hex {label} is described twice"));
                continue;
            }
            let tile = match &preprinted {
                Some(t) => t.clone(),
                None => match Tile::from_parts(label, def.color, def.label.clone(), &def.stops, &def.paths) {
                    Ok(t) => t,
                    Err(e) => {
                        ctx.error("map", &format!("{key}.paths"), &e.path, e.to_string());
                        Tile::from_parts(label, def.color, None, &[], &[]).unwrap_or_else(|_| empty_tile(label))
                    }
                },
            };
            let (mut impassable, mut plain_borders) = (0u8, 0u8);
            let mut border_terrain: [Option<String>; 6] = Default::default();
            for b in def.borders.iter().filter(|b| b.edge < 6) {
                match (b.kind, &b.terrain) {
                    (Some(BorderKind::Impassable), _) => impassable |= 1 << b.edge,
                    (Some(BorderKind::Plain), _) => plain_borders |= 1 << b.edge,
                    (None, Some(t)) => border_terrain[b.edge as usize] = Some(t.clone()),
                    (None, None) => {}
                }
            }
            let id = hexes.len() as u32;
            index.insert(label.clone(), id);
            coords.insert(coord, id);
            let mut tile = tile;
            tile.upgrades = def.upgrades.clone().or(tile.upgrades);
            hexes.push(HexData {
                label: label.clone(),
                coord,
                name: def.name.clone(),
                color: def.color,
                terrain: def.terrain.clone(),
                cost: def.cost,
                tile,
                rotation: def.rotation % 6,
                future_label: def.future_label.clone(),
                impassable,
                plain_borders,
                border_terrain,
                tags: def.tags.clone(),
                props: def.props.clone(),
                neighbours: [None; 6],
                neighbour_edges: [0, 1, 2, 3, 4, 5].map(crate::hex::opposite),
                linked: 0,
                link_labels: Default::default(),
                printed: def
                    .stops
                    .iter()
                    .map(|s| PrintedSlots { reserved: s.reserved.clone(), neutral: s.neutral.clone(), opens_in_phase: s.opens_in_phase.clone() })
                    .collect(),
                def_key: key.clone(),
                one_city_with: None,
                printed_track_home_blocks: def.printed_track_home_blocks,
            });
        }
    }
    for h in hexes.iter_mut() {
        for e in 0..6u8 {
            h.neighbours[e as usize] = coords.get(&layout.neighbour(h.coord, e)).copied();
        }
    }
    links(ctx, file, &index, &mut hexes);
    one_city_pairs(ctx, file, &index, &mut hexes);
    // An impassable border is one border: mark it on both sides.
    for i in 0..hexes.len() {
        for e in 0..6u8 {
            if hexes[i].impassable & (1 << e) != 0
                && let Some(n) = hexes[i].neighbours[e as usize]
            {
                hexes[n as usize].impassable |= 1 << hexes[i].neighbour_edges[e as usize];
            }
        }
    }
    // So is a terrain border: written on either hex, it is on both.
    for i in 0..hexes.len() {
        for e in 0..6u8 {
            let (Some(t), Some(n)) = (hexes[i].border_terrain[e as usize].clone(), hexes[i].neighbours[e as usize]) else {
                continue;
            };
            let back = hexes[i].neighbour_edges[e as usize] as usize;
            match &hexes[n as usize].border_terrain[back] {
                None => hexes[n as usize].border_terrain[back] = Some(t),
                Some(other) if *other != t => {
                    let msg = format!("the border between {} and {} is \"{t}\" on one side and \"{other}\" on the other", hexes[i].label, hexes[n as usize].label);
                    ctx.error("map", "hex.borders", &format!("\"{}\"", hexes[i].label), msg);
                }
                Some(_) => {}
            }
        }
    }
    let labels = std::sync::Arc::new(hexes.iter().map(|h| h.label.clone()).collect());
    MapData { layout, hexes, index, labels }
}

/// The line of the `n`-th `[[link]]` header of map.toml (0-based), for
/// errors about that entry.
fn link_line(text: &str, n: usize) -> Option<usize> {
    let mut offset = 0;
    let mut seen = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("[[link]]") {
            if seen == n {
                return Some(super::error::line_col(text, offset).0);
            }
            seen += 1;
        }
        offset += line.len();
    }
    None
}

/// map.toml's `one_city_with`: the partner must be a hex of the map that
/// borders this one (across the grid or a link), both with a city.
fn one_city_pairs(ctx: &mut Ctx, file: &MapFile, index: &rustc_hash::FxHashMap<String, u32>, hexes: &mut [HexData]) {
    for (i, def) in file.hex.iter().enumerate() {
        let Some(w) = &def.one_city_with else { continue };
        let key = format!("hex[{i}].one_city_with.hex");
        let Some(&partner) = index.get(&w.hex) else {
            ctx.error_hint("map", &key, &format!("\"{}\"", w.hex), format!("one_city_with names unknown hex \"{}\"", w.hex), did_you_mean(&w.hex, index.keys().map(String::as_str)));
            continue;
        };
        for label in &def.at {
            let Some(&h) = index.get(label) else { continue };
            let borders = hexes[h as usize].neighbours.contains(&Some(partner));
            let cities = [h, partner].iter().all(|x| hexes[*x as usize].tile.stops.iter().any(|s| s.station()));
            if !borders || !cities {
                ctx.error("map", &key, &format!("\"{}\"", w.hex), format!("{label} and {} must border each other and both print a city to be one city", w.hex));
                continue;
            }
            hexes[h as usize].one_city_with = Some((partner, w.kinds.clone()));
        }
    }
}

/// Joins the hexsides map.toml's `[[link]]` entries name: each side then
/// has the other hex as its neighbour, across the other edge. Refused: a
/// hex not on the map, an edge not 0-5, a side that faces a hex of the map
/// or is linked twice, a hex linked to itself.
fn links(ctx: &mut Ctx, file: &MapFile, index: &rustc_hash::FxHashMap<String, u32>, hexes: &mut [HexData]) {
    let (display, line_for) = match ctx.texts.get("map") {
        Some((display, text)) => (display.clone(), (0..file.link.len()).map(|i| link_line(text, i)).collect::<Vec<_>>()),
        None => ("map.toml".to_string(), vec![None; file.link.len()]),
    };
    if file.link.len() > MAX_HEXES * 3 {
        let msg = format!("the map lists {} links: a map of at most {MAX_HEXES} hexes has at most {} sides to link", file.link.len(), MAX_HEXES * 3);
        ctx.errors.push(DataError::new(&display, "link", msg).at_line(line_for.first().copied().flatten()));
        return;
    }
    for (i, l) in file.link.iter().enumerate() {
        let key = format!("link[{i}]");
        let err = |ctx: &mut Ctx, field: &str, msg: String, hint: Option<String>| {
            ctx.errors.push(DataError::new(&display, &format!("{key}.{field}"), msg).at_line(line_for[i]).with_hint(hint));
        };
        let side = |ctx: &mut Ctx, field: &str, label: &str, edge: u8| -> Option<u32> {
            let Some(&h) = index.get(label) else {
                let hint = did_you_mean(label, index.keys().map(String::as_str));
                err(ctx, field, format!("the link names hex \"{label}\", which is not on the map"), hint);
                return None;
            };
            if edge > 5 {
                err(ctx, &format!("{field}_edge"), format!("link edge {edge} of {label} is not 0-5"), None);
                return None;
            }
            let hd = &hexes[h as usize];
            let side = format!("the {} side of {label} (edge {edge})", layout_edge_name(file, edge));
            if hd.linked & (1 << edge) != 0 {
                err(ctx, &format!("{field}_edge"), format!("{side} is linked twice"), None);
                return None;
            }
            if let Some(n) = hd.neighbours[edge as usize] {
                err(ctx, &format!("{field}_edge"), format!("{side} faces {} on the map: only a side at the edge of the map may be linked", hexes[n as usize].label), None);
                return None;
            }
            Some(h)
        };
        let a = side(ctx, "from", &l.from, l.from_edge);
        let b = side(ctx, "to", &l.to, l.to_edge);
        let (Some(a), Some(b)) = (a, b) else { continue };
        if a == b {
            err(ctx, "to", format!("the link joins {} to itself", l.from), None);
            continue;
        }
        for (h, e, n, ne) in [(a, l.from_edge, b, l.to_edge), (b, l.to_edge, a, l.from_edge)] {
            let hd = &mut hexes[h as usize];
            hd.neighbours[e as usize] = Some(n);
            hd.neighbour_edges[e as usize] = ne;
            hd.linked |= 1 << e;
            hd.link_labels[e as usize] = l.label.clone();
            if let Some(t) = &l.terrain {
                match &hd.border_terrain[e as usize] {
                    Some(other) if other != t => {
                        let msg = format!("the link's terrain is \"{t}\", and {} names \"{other}\" on edge {e}", hd.label);
                        err(ctx, "terrain", msg, None);
                    }
                    _ => hd.border_terrain[e as usize] = Some(t.clone()),
                }
            }
        }
    }
}

fn layout_edge_name(file: &MapFile, edge: u8) -> &'static str {
    Layout::new(file.layout, file.axes).edge_name(edge)
}

/// About how many bytes of map data the compiled map holds: an entry of
/// map.toml (its stops, paths, tags, props, and the pre-printed tile it
/// names) is copied for every hex its `at` lists, so a short file can
/// stand for a huge map. Measured as JSON, which is close to the data's
/// size in memory.
pub fn copied_map_bytes(map: &MapFile, tiles: &[TileDef]) -> u64 {
    let tile_sizes: HashMap<&str, u64> = tiles.iter().map(|t| (t.name.as_str(), json_len(t))).collect();
    map.hex
        .iter()
        .map(|h| {
            let tile = h.tile.as_deref().and_then(|n| tile_sizes.get(n)).copied().unwrap_or(0);
            // Each hex keeps its own label, not the entry's list of them.
            let entry = json_len(h).saturating_sub(json_len(&h.at));
            (h.at.len() as u64).saturating_mul(entry + tile)
        })
        .fold(0u64, u64::saturating_add)
}

fn json_len<T: serde::Serialize>(value: &T) -> u64 {
    serde_json::to_vec(value).map_or(0, |v| v.len() as u64)
}

fn empty_tile(name: &str) -> Tile {
    Tile {
        name: name.to_string(),
        color: Color::White,
        label: None,
        stops: Vec::new(),
        paths: Vec::new(),
        upgrades: None,
        hidden: false,
        tags: Vec::new(),
        count: 0,
    }
}

// ------------------------------------------------------------- the market

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub price: i64,
    pub flags: Vec<char>,
}

#[derive(Clone, Debug)]
pub struct MarketData {
    pub rows: Vec<Vec<Option<Cell>>>,
    pub flags: BTreeMap<char, CellFlagDef>,
    pub moves: MarketMoves,
    /// The extra price grids by name (market.toml's `[prices]`), each of
    /// the shape of `rows`.
    pub prices: BTreeMap<String, Vec<Vec<i64>>>,
}

impl MarketData {
    pub fn cell(&self, row: usize, col: usize) -> Option<&Cell> {
        self.rows.get(row).and_then(|r| r.get(col)).and_then(|c| c.as_ref())
    }

    pub fn flag(&self, c: char) -> Option<&CellFlagDef> {
        self.flags.get(&c)
    }

    /// The value of the price grid `table` at a cell (`None`: no such
    /// grid, or no cell there).
    pub fn extra_price(&self, table: &str, row: usize, col: usize) -> Option<i64> {
        self.cell(row, col)?;
        self.prices.get(table)?.get(row)?.get(col).copied()
    }

    /// Cells carrying a flag letter whose definition satisfies `pred`.
    pub fn cells_where(&self, pred: impl Fn(&CellFlagDef) -> bool) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if let Some(cell) = cell
                    && cell.flags.iter().any(|f| self.flags.get(f).is_some_and(&pred))
                {
                    out.push((r, c));
                }
            }
        }
        out
    }
}

pub fn market(ctx: &mut Ctx, file: &MarketFile) -> MarketData {
    let mut flags = BTreeMap::new();
    for (k, v) in &file.flags {
        let mut chars = k.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => {
                flags.insert(c, v.clone());
            }
            _ => ctx.error("market", &format!("flags.{k}"), k, "a flag is one upper-case letter"),
        }
    }
    let mut rows = Vec::new();
    for (r, row) in file.rows.iter().enumerate() {
        let mut cells = Vec::new();
        for (c, text) in row.iter().enumerate() {
            let text = text.trim();
            if text == "-" || text.is_empty() {
                cells.push(None);
                continue;
            }
            let digits: String = text.chars().take_while(|ch| ch.is_ascii_digit()).collect();
            let rest: Vec<char> = text.chars().skip(digits.len()).collect();
            if digits.is_empty() {
                ctx.error("market", &format!("rows[{r}][{c}]"), text, format!("cell \"{text}\" must start with a price"));
                cells.push(None);
                continue;
            }
            let price = match digits.parse::<i64>() {
                Ok(p) if p <= MAX_AMOUNT => p,
                _ => {
                    ctx.error("market", &format!("rows[{r}][{c}]"), text, format!("cell \"{text}\": the price {digits} is more than the largest amount, {MAX_AMOUNT}"));
                    cells.push(None);
                    continue;
                }
            };
            for f in &rest {
                if !flags.contains_key(f) {
                    let known: String = flags.keys().collect();
                    ctx.error("market", &format!("rows[{r}][{c}]"), text, format!("flag '{f}' of cell \"{text}\" is not defined in [flags] (defined: {known})"));
                }
            }
            cells.push(Some(Cell { price, flags: rest }));
        }
        rows.push(cells);
    }
    let prices = price_tables(ctx, file, &rows);
    MarketData { rows, flags, moves: file.moves.clone(), prices }
}

/// market.toml's `[prices]`: every grid has the shape of `rows` (as many
/// rows, each as long), and its values are amounts.
fn price_tables(ctx: &mut Ctx, file: &MarketFile, rows: &[Vec<Option<Cell>>]) -> BTreeMap<String, Vec<Vec<i64>>> {
    if file.prices.len() > crate::limits::MAX_PRICE_TABLES {
        ctx.error("market", "prices", "prices", format!("{} price tables: a market may have at most {}", file.prices.len(), crate::limits::MAX_PRICE_TABLES));
        return BTreeMap::new();
    }
    let mut out = BTreeMap::new();
    for (name, grid) in &file.prices {
        let mut ok = true;
        if grid.len() != rows.len() {
            ctx.error("market", &format!("prices.{name}"), name, format!("price table \"{name}\" has {} rows; the market has {}", grid.len(), rows.len()));
            continue;
        }
        for (r, (values, cells)) in grid.iter().zip(rows).enumerate() {
            if values.len() != cells.len() {
                ctx.error("market", &format!("prices.{name}[{r}]"), name, format!("row {r} of price table \"{name}\" has {} values; that row of the market has {} cells", values.len(), cells.len()));
                ok = false;
            }
            if let Some((c, v)) = values.iter().enumerate().find(|(_, v)| !(0..=MAX_AMOUNT).contains(*v)) {
                ctx.error("market", &format!("prices.{name}[{r}][{c}]"), name, format!("price table \"{name}\": {v} is not an amount (0 to {MAX_AMOUNT})"));
                ok = false;
            }
        }
        if ok {
            out.insert(name.clone(), grid.clone());
        }
    }
    out
}

// ------------------------------------------------------------- the trains

#[derive(Clone, Debug, PartialEq)]
pub struct TrainVariant {
    pub name: String,
    pub price: i64,
    pub run: RunDef,
    pub tags: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct TrainClass {
    pub name: String,
    /// -1 unlimited.
    pub count: i32,
    pub variants: Vec<TrainVariant>,
    pub available: Option<AvailabilityDef>,
    pub not_for_sale: bool,
    pub tags: Vec<String>,
    pub props: Props,
}

impl TrainClass {
    pub fn variant(&self, name: &str) -> Option<&TrainVariant> {
        self.variants.iter().find(|v| v.name == name)
    }
}

pub fn trains(ctx: &mut Ctx, file: &TrainsFile) -> Vec<TrainClass> {
    let mut out: Vec<TrainClass> = Vec::new();
    for (i, t) in file.train.iter().enumerate() {
        let key = format!("train[{i}]");
        if out.iter().any(|o| o.name == t.name) {
            ctx.error("trains", &key, &t.name, format!("train class \"{}\" is defined twice", t.name));
        }
        let variants = if t.variants.is_empty() {
            match (&t.price, &t.run) {
                (Some(price), Some(run)) => vec![TrainVariant { name: t.name.clone(), price: *price, run: run.clone(), tags: t.tags.clone() }],
                _ => {
                    ctx.error("trains", &key, &t.name, format!("train \"{}\" needs `price` and `run`, or `variants`", t.name));
                    Vec::new()
                }
            }
        } else {
            if t.price.is_some() || t.run.is_some() {
                ctx.error("trains", &key, &t.name, format!("train \"{}\" has `variants`; give `price` and `run` per variant", t.name));
            }
            t.variants
                .iter()
                .map(|v| TrainVariant { name: v.name.clone(), price: v.price, run: v.run.clone(), tags: v.tags.clone() })
                .collect()
        };
        for v in &variants {
            let r = &v.run;
            let kinds = r.stops.is_some() as u8 + r.hexes.is_some() as u8 + r.unlimited as u8;
            if kinds != 1 {
                ctx.error("trains", &format!("{key}.run"), &v.name, format!("train \"{}\": `run` needs exactly one of `stops`, `hexes`, `unlimited`", v.name));
            }
            if r.express && r.stops.is_none() {
                ctx.error("trains", &format!("{key}.run"), &v.name, format!("train \"{}\": `express` needs `stops`", v.name));
            }
            for g in &r.gauges {
                if !["standard", "narrow", "dual"].contains(&g.as_str()) {
                    let hint = did_you_mean(g, ["standard", "narrow", "dual"]);
                    ctx.error_hint("trains", &format!("{key}.run.gauges"), g, format!("unknown gauge \"{g}\""), hint);
                }
            }
        }
        out.push(TrainClass {
            name: t.name.clone(),
            count: t.count,
            variants,
            available: t.available.clone(),
            not_for_sale: t.not_for_sale,
            tags: t.tags.clone(),
            props: t.props.clone(),
        });
    }
    out
}

// --------------------------------------------------------------- the flow

/// Built-in step kinds the core implements.

#[derive(Clone, Debug)]
pub struct FlowData {
    pub opening: Vec<String>,
    pub cycle: Vec<String>,
    pub rounds: Vec<RoundDef>,
    pub steps: Vec<StepDef>,
}

impl FlowData {
    pub fn round(&self, name: &str) -> Option<&RoundDef> {
        self.rounds.iter().find(|r| r.name == name)
    }
    /// The definition of a step name: a `[[step]]` or a built-in kind.
    pub fn step_kind(&self, name: &str) -> Option<StepKind> {
        self.steps.iter().find(|s| s.name == name).map(|s| s.kind).or_else(|| StepKind::from_name(name))
    }
    pub fn step(&self, name: &str) -> Option<&StepDef> {
        self.steps.iter().find(|s| s.name == name)
    }
}

pub fn flow(ctx: &mut Ctx, file: &FlowFile, edits: &[(String, FlowEdit)]) -> FlowData {
    let mut rounds = file.round.clone();
    for (option, e) in edits {
        let Some(round) = rounds.iter_mut().find(|r| r.name == e.round) else {
            ctx.error("title", &format!("option.{option}.flow"), &e.round, format!("option \"{option}\" edits unknown round \"{}\"", e.round));
            continue;
        };
        let pos = |name: &String, steps: &Vec<String>| steps.iter().position(|s| s == name);
        let missing = |ctx: &mut Ctx, name: &str| {
            ctx.error("title", &format!("option.{option}.flow"), name, format!("option \"{option}\": round \"{}\" has no step \"{name}\"", e.round))
        };
        if let Some(a) = &e.anytime {
            round.anytime.push(a.clone());
        }
        match (&e.insert_after, &e.insert_before, &e.replace, &e.remove, &e.step) {
            (Some(after), None, None, None, Some(step)) => match pos(after, &round.steps) {
                Some(i) => round.steps.insert(i + 1, step.clone()),
                None => missing(ctx, after),
            },
            (None, Some(before), None, None, Some(step)) => match pos(before, &round.steps) {
                Some(i) => round.steps.insert(i, step.clone()),
                None => missing(ctx, before),
            },
            (None, None, Some(old), None, Some(step)) => match pos(old, &round.steps) {
                Some(i) => round.steps[i] = step.clone(),
                None => missing(ctx, old),
            },
            (None, None, None, Some(old), None) => match pos(old, &round.steps) {
                Some(i) => {
                    round.steps.remove(i);
                }
                None => missing(ctx, old),
            },
            (None, None, None, None, None) if e.anytime.is_some() => {}
            _ => ctx.error(
                "title",
                &format!("option.{option}.flow"),
                &e.round,
                format!("option \"{option}\": a flow edit is one of insert_after/insert_before/replace (with step), remove, or anytime"),
            ),
        }
    }
    FlowData { opening: file.opening.clone(), cycle: file.cycle.clone(), rounds, steps: file.step.clone() }
}

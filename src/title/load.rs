//! Reading a title folder: parse each file with exact error positions,
//! apply the selected options as overlays, compile and cross-check.

use super::compile::{self, Ctx};
use super::error::{DataError, DataErrors, line_col, serde_hint};
use super::schema::*;
use super::source::TitleSource;
use super::{ScriptFile, Title, catalogue, inherit, patch, validate};
use crate::limits::MAX_MAP_COPY_BYTES;
use crate::tile::Tile;
use serde::de::DeserializeOwned;
use std::collections::{BTreeMap, HashMap};

/// The data files besides title.toml, by stem.
pub const DATA_FILES: [&str; 7] = ["map", "tiles", "market", "companies", "trains", "phases", "flow"];

/// Parses TOML text into `T`, reporting file, line, column, key path and a
/// "did you mean" for typos.
pub fn parse_text<T: DeserializeOwned>(display: &str, text: &str) -> Result<T, DataError> {
    let de = match toml::de::Deserializer::parse(text) {
        Ok(d) => d,
        Err(e) => return Err(toml_error(display, text, "", &e)),
    };
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let key = if path == "." { String::new() } else { path };
        toml_error(display, text, &key, e.inner())
    })
}

fn toml_error(display: &str, text: &str, key: &str, e: &toml::de::Error) -> DataError {
    let message = e.message().trim().to_string();
    let (line, column) = match e.span() {
        Some(span) => {
            let (l, c) = line_col(text, span.start);
            (Some(l), Some(c))
        }
        None => (None, None),
    };
    DataError {
        file: display.to_string(),
        line,
        column,
        key: key.to_string(),
        hint: serde_hint(&message),
        message,
    }
}

/// Deserializes an already merged table (after option patches).
fn parse_table<T: DeserializeOwned>(display: &str, options: &str, table: toml::Table) -> Result<T, DataError> {
    serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|e| {
        let message = format!("{} (after applying option patches: {options})", e.inner().message().trim());
        DataError {
            file: display.to_string(),
            line: None,
            column: None,
            key: e.path().to_string(),
            hint: serde_hint(e.inner().message()),
            message,
        }
    })
}

/// Deserializes title.toml merged from layers. A mistake's line is looked
/// up in the title's own file when its key is there.
fn parse_merged<T: DeserializeOwned>(display: &str, text: &str, what: &str, table: toml::Table) -> Result<T, DataError> {
    serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|e| {
        let key = e.path().to_string();
        let last = key.rsplit('.').next().unwrap_or_default().split('[').next().unwrap_or_default().to_string();
        let message = format!("{} (in this file merged onto {what})", e.inner().message().trim());
        DataError { file: display.to_string(), line: None, column: None, key, hint: serde_hint(e.inner().message()), message }
            .at_line(if last.is_empty() { None } else { super::error::line_of(text, &last) })
    })
}

/// Which options are on: title defaults, overridden by `choices`.
pub fn resolve_options(
    file: &TitleFile,
    display: &str,
    choices: &BTreeMap<String, bool>,
    players: Option<usize>,
) -> Result<BTreeMap<String, bool>, DataErrors> {
    let mut errors = Vec::new();
    let mut selected: BTreeMap<String, bool> = file.option.iter().map(|o| (o.id.clone(), o.default)).collect();
    for (id, on) in choices {
        if selected.contains_key(id) {
            selected.insert(id.clone(), *on);
        } else {
            let hint = compile::did_you_mean(id, file.option.iter().map(|o| o.id.as_str()));
            let known: Vec<&str> = file.option.iter().map(|o| o.id.as_str()).collect();
            errors.push(
                DataError::new(display, "", format!("title {} has no option \"{id}\" (options: {})", file.title.id, known.join(", ")))
                    .with_hint(hint),
            );
        }
    }
    for o in &file.option {
        if !selected[&o.id] {
            continue;
        }
        if let Some(p) = players
            && !o.players.is_empty()
            && !o.players.contains(&p)
        {
            errors.push(DataError::new(display, "", format!("option \"{}\" is for {:?} players, not {p}", o.id, o.players)));
        }
        for r in &o.requires {
            if !selected.get(r).copied().unwrap_or(false) {
                errors.push(DataError::new(display, "", format!("option \"{}\" requires option \"{r}\"", o.id)));
            }
        }
        for x in &o.excludes {
            if selected.get(x).copied().unwrap_or(false) {
                errors.push(DataError::new(display, "", format!("options \"{}\" and \"{x}\" cannot be used together", o.id)));
            }
        }
    }
    if errors.is_empty() { Ok(selected) } else { Err(DataErrors(errors)) }
}

/// Loads and compiles a title with the given option choices. A title
/// that `extends` another is read through its layers (see `inherit`).
pub fn load(source: &TitleSource, choices: &BTreeMap<String, bool>, players: Option<usize>) -> Result<Title, DataErrors> {
    let source = &inherit::resolve(source)?;
    let mut errors: Vec<DataError> = Vec::new();
    let title_versions = inherit::versions(source, "title.toml").map_err(|e| DataErrors(vec![e]))?;
    let Some((title_display, title_text)) = title_versions.last().cloned() else {
        let display = source.display("title.toml");
        return Err(DataErrors(vec![DataError::new(&display, "", "the file is not found (every title needs title.toml)")]));
    };
    let layered = title_versions.len() > 1;
    // An extending title's title.toml is its parents' merged with its own.
    let title_table: Option<toml::Table> = if layered { Some(inherit::merge_title_files(&title_versions)?) } else { None };
    let title_file: TitleFile = match &title_table {
        Some(t) => parse_merged(&title_display, &title_text, "its parent's", t.clone()).map_err(|e| DataErrors(vec![e]))?,
        None => parse_text(&title_display, &title_text).map_err(|e| DataErrors(vec![e]))?,
    };
    let selected = resolve_options(&title_file, &title_display, choices, players)?;
    // Options may patch title.toml too (its settings and props): `[option.patch.title]`.
    let title_patches: Vec<toml::Table> = title_file
        .option
        .iter()
        .filter(|o| selected[&o.id])
        .filter_map(|o| o.patch.get("title").and_then(|v| v.as_table()).cloned())
        .collect();
    let title_file: TitleFile = if title_patches.is_empty() {
        title_file
    } else {
        let mut table = match title_table {
            Some(t) => t,
            None => inherit::syntax(&title_display, &title_text)?,
        };
        for p in &title_patches {
            patch::merge(&mut table, p);
        }
        parse_table::<TitleFile>(&title_display, "title patches", table).map_err(|e| DataErrors(vec![e]))?
    };
    let on: Vec<&OptionDef> = title_file.option.iter().filter(|o| selected[&o.id]).collect();
    let on_names = on.iter().map(|o| o.id.as_str()).collect::<Vec<_>>().join(", ");

    let mut texts: HashMap<String, (String, String)> = HashMap::new();
    texts.insert("title".into(), (title_display.clone(), title_text.clone()));
    let mut raw: HashMap<&str, toml::Table> = HashMap::new();
    for stem in DATA_FILES {
        let rel = format!("{stem}.toml");
        let versions = match inherit::versions(source, &rel) {
            Ok(v) if v.is_empty() => {
                errors.push(DataError::new(&source.display(&rel), "", "the file is not found"));
                continue;
            }
            Ok(v) => v,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        // The first (the parent-most) is a whole file: parse it typed, for
        // exact positions of mistakes in the file itself. The layers above
        // it are overlays, merged key by key.
        let (display, text) = &versions[0];
        let typed_ok = match stem {
            "map" => parse_text::<MapFile>(display, text).map(|_| ()),
            "tiles" => parse_text::<TilesFile>(display, text).map(|_| ()),
            "market" => parse_text::<MarketFile>(display, text).map(|_| ()),
            "companies" => parse_text::<CompaniesFile>(display, text).map(|_| ()),
            "trains" => parse_text::<TrainsFile>(display, text).map(|_| ()),
            "phases" => parse_text::<PhasesFile>(display, text).map(|_| ()),
            _ => parse_text::<FlowFile>(display, text).map(|_| ()),
        };
        if let Err(e) = typed_ok {
            errors.push(e);
            continue;
        }
        let mut merged = toml::Table::new();
        for (display, text) in &versions {
            match inherit::syntax(display, text) {
                Ok(t) => patch::merge(&mut merged, &t),
                Err(e) => errors.extend(e.0),
            }
        }
        raw.insert(stem, merged);
        // Messages about merged data point into the file that was read last.
        texts.insert(stem.to_string(), versions[versions.len() - 1].clone());
    }
    if !errors.is_empty() {
        return Err(DataErrors(errors));
    }
    for o in &on {
        for (stem, p) in o.patch.iter().filter(|(k, _)| k.as_str() != "title") {
            let Some(pt) = p.as_table() else {
                errors.push(DataError::new(&title_display, &format!("option.{}.patch.{stem}", o.id), "a patch must be a table"));
                continue;
            };
            match raw.get_mut(stem.as_str()) {
                Some(base) => patch::merge(base, pt),
                None => errors.push(DataError::new(
                    &title_display,
                    &format!("option.{}.patch.{stem}", o.id),
                    format!("option \"{}\" patches unknown file \"{stem}\" (files: {})", o.id, DATA_FILES.join(", ")),
                )),
            }
        }
    }
    if !errors.is_empty() {
        return Err(DataErrors(errors));
    }
    macro_rules! typed {
        ($stem:literal, $ty:ty) => {{
            let display = &texts[$stem].0;
            match parse_table::<$ty>(display, &on_names, raw.remove($stem).unwrap_or_default()) {
                Ok(v) => Some(v),
                Err(e) => {
                    errors.push(e);
                    None
                }
            }
        }};
    }
    let map_file = typed!("map", MapFile);
    let tiles_file = typed!("tiles", TilesFile);
    let market_file = typed!("market", MarketFile);
    let companies_file = typed!("companies", CompaniesFile);
    let trains_file = typed!("trains", TrainsFile);
    let phases_file = typed!("phases", PhasesFile);
    let flow_file = typed!("flow", FlowFile);
    let (
        Some(map_file),
        Some(tiles_file),
        Some(market_file),
        Some(companies_file),
        Some(trains_file),
        Some(phases_file),
        Some(flow_file),
    ) = (map_file, tiles_file, market_file, companies_file, trains_file, phases_file, flow_file)
    else {
        return Err(DataErrors(errors));
    };

    let mut ctx = Ctx { texts: &texts, errors };
    // Catalogue tiles take their track from catalogue/tiles.toml.
    let catalogue = match catalogue::shipped() {
        Ok(c) => c,
        Err(e) => {
            ctx.errors.push(e);
            return Err(DataErrors(ctx.errors));
        }
    };
    let (tile_defs, entry_errors) = catalogue::resolve(&tiles_file.tile, catalogue);
    for e in entry_errors {
        let (display, text) = &texts["tiles"];
        let line = catalogue::entry_line(text, &tiles_file.tile[e.index].name);
        ctx.errors.push(DataError::new(display, &e.key, e.message).at_line(line).with_hint(e.hint));
    }
    let mut tiles: Vec<Tile> = Vec::new();
    let mut tile_index = rustc_hash::FxHashMap::default();
    for (i, def) in &tile_defs {
        match Tile::from_def(def) {
            Ok(t) => {
                if tile_index.insert(t.name.clone(), tiles.len()).is_some() {
                    ctx.error("tiles", &format!("tile[{i}]"), &def.name, format!("tile \"{}\" is defined twice", def.name));
                }
                tiles.push(t);
            }
            Err(e) => ctx.error("tiles", &format!("tile[{i}].paths"), &e.path, e.to_string()),
        }
    }
    let defs: Vec<TileDef> = tile_defs.iter().map(|(_, d)| d.clone()).collect();
    let copied = compile::copied_map_bytes(&map_file, &defs);
    if copied > MAX_MAP_COPY_BYTES {
        let message = format!(
            "the map's hexes, each entry copied for every hex its `at` lists, come to {} MiB: at most {} MiB are allowed (shorten long names, tags or props of entries that describe many hexes)",
            copied >> 20,
            MAX_MAP_COPY_BYTES >> 20
        );
        ctx.error("map", "hex", "", message);
        return Err(DataErrors(ctx.errors));
    }
    let tile_map: HashMap<String, Tile> = tiles.iter().map(|t| (t.name.clone(), t.clone())).collect();
    let map = compile::map(&mut ctx, &map_file, &tile_map);
    let market = compile::market(&mut ctx, &market_file);
    let trains = compile::trains(&mut ctx, &trains_file);
    let edits: Vec<(String, FlowEdit)> = on.iter().flat_map(|o| o.flow.iter().map(|e| (o.id.clone(), e.clone()))).collect();
    let flow = compile::flow(&mut ctx, &flow_file, &edits);

    let mut scripts = Vec::new();
    for (i, rel) in title_file.scripts.iter().enumerate() {
        match source.read(rel) {
            Ok(text) => scripts.push(ScriptFile { path: rel.clone(), display: source.display(rel), source: text }),
            Err(e) => ctx.error("title", &format!("scripts[{i}]"), rel, format!("script \"{rel}\" {e}")),
        }
    }

    // Each parent's [title] as that parent has it (merged with its own
    // parents'), nearest first.
    let parents: Vec<TitleMeta> = (0..title_versions.len().saturating_sub(1))
        .rev()
        .filter_map(|i| {
            let table = inherit::merge_title_files(&title_versions[..=i]).ok()?;
            parse_table::<TitleMeta>(&title_versions[i].0, "", table.get("title")?.as_table()?.clone()).ok()
        })
        .collect();
    let replacements = crate::title::Replacements::of(&title_file.settings, &tiles, &map);
    let title = Title {
        source: source.clone(),
        meta: title_file.title.clone(),
        parents,
        bank: title_file.bank.clone(),
        player_counts: title_file.player_count.clone(),
        settings: title_file.settings.clone(),
        options: title_file.option.clone(),
        selected,
        props: title_file.props.clone(),
        scripts,
        map,
        tiles,
        tile_index,
        replacements,
        market,
        corporation_kinds: companies_file.corporation_kind,
        corporation_states: companies_file.corporation_state,
        corporations: companies_file.corporation,
        companies: companies_file.company,
        trains,
        route_rules: trains_file.routes,
        phases: phases_file.phase,
        flow,
        investors: title_file.investor.clone(),
        bots: title_file.bots.clone(),
    };
    validate::cross_check(&mut ctx, &title);
    if ctx.errors.is_empty() { Ok(title) } else { Err(DataErrors(ctx.errors)) }
}

/// Loads an embedded title by id with default options.
pub fn embedded(id: &str) -> Result<Title, DataErrors> {
    let source = TitleSource::embedded(id).ok_or_else(|| {
        let ids = TitleSource::embedded_ids();
        let hint = compile::did_you_mean(id, ids.iter().map(String::as_str));
        DataErrors(vec![DataError::new(id, "", format!("no title \"{id}\" (titles: {})", ids.join(", "))).with_hint(hint)])
    })?;
    load(&source, &BTreeMap::new(), None)
}

/// Compiled titles by source and option choices, shared by every game of
/// the process (imports, benchmarks, tests load the same title often).
/// Only embedded titles are cached: a folder on disk may change.
pub fn cached(source: &TitleSource, choices: &BTreeMap<String, bool>, players: Option<usize>) -> Result<std::sync::Arc<Title>, DataErrors> {
    use std::sync::{Arc, Mutex, OnceLock};
    type Key = (String, Vec<(String, bool)>, Option<usize>);
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Title>>>> = OnceLock::new();
    let TitleSource::Embedded(id) = source else {
        return load(source, choices, players).map(Arc::new);
    };
    let key: Key = (id.clone(), choices.iter().map(|(k, v)| (k.clone(), *v)).collect(), players);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(t) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return Ok(t);
    }
    let t = Arc::new(load(source, choices, players)?);
    if let Ok(mut c) = cache.lock() {
        c.insert(key, t.clone());
    }
    Ok(t)
}

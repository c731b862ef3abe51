//! Pictures of games (`railhead render`, src/render): every picture of
//! 1849 and 1844 parsed back and checked against the game (each hex drawn
//! once, each token and market marker drawn), PNGs decoded, the same game
//! giving the same bytes, and small SVGs of single tiles kept as reviewed
//! snapshots in tests/snapshots/render/ (`UPDATE_SNAPSHOTS=1` rewrites
//! them). Tests that read recorded games from ../shared skip without it.

use railhead::game::{Game, Setup};
use railhead::render::{self, Picture, read};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

fn new_game(id: &str, players: usize) -> Game {
    let title = railhead::title::load::embedded(id).unwrap();
    let setup = Setup { players: (1..=players).map(|i| format!("p{i}")).collect(), seed: 1, options: BTreeMap::new(), values: BTreeMap::new() };
    Game::new(Arc::new(title), setup).unwrap()
}

/// A new game whose board is full: every hex upgraded as far as the
/// supply allows and every token placed (the bench's full board).
fn full_board(id: &str) -> Game {
    let players = railhead::title::load::embedded(id).unwrap().player_counts.iter().map(|c| c.players).max().unwrap();
    let mut g = new_game(id, players);
    g.state = railhead::bench::full_board::full_board(&g.title).unwrap();
    g
}

fn record(name: &str) -> Game {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/records").join(name);
    replay(&path)
}

fn replay(path: &std::path::Path) -> Game {
    let rec = railhead::import::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    match railhead::import::replay(&rec, None) {
        Ok((g, _)) => g,
        Err((_, e)) => panic!("{}: {e}", path.display()),
    }
}

fn shared_record(rel: &str) -> Option<Game> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/18xx.games").join(rel);
    if !path.exists() {
        eprintln!("skipping: {} is not available (../shared is absent)", path.display());
        return None;
    }
    Some(replay(&path))
}

/// Checks a map picture against the game: every hex drawn exactly once
/// (a group `hex-LABEL`), and in each hex group exactly the tokens the
/// board holds there.
fn check_map(g: &Game, svg: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{}: the map is not XML: {e}", g.title.id()));
    let mut drawn: BTreeMap<String, usize> = BTreeMap::new();
    for n in doc.descendants().filter(|n| n.attribute("class") == Some("hex")) {
        let id = n.attribute("id").unwrap().strip_prefix("hex-").unwrap().to_string();
        *drawn.entry(id).or_default() += 1;
    }
    for h in &g.title.map.hexes {
        assert_eq!(drawn.get(&h.label), Some(&1), "{}: hex {} drawn {:?} times", g.title.id(), h.label, drawn.get(&h.label));
    }
    assert_eq!(drawn.len(), g.title.map.hexes.len(), "{}: hexes drawn that the map has not", g.title.id());
    // Tokens, per hex: the corporations' ids in the hex's group.
    let mut expected: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (hex, _, _, corp) in read::placed_tokens(&g.state) {
        expected.entry(g.title.map.hexes[hex as usize].label.clone()).or_default().push(read::corp_text(&g.state, corp));
    }
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for n in doc.descendants().filter(|n| n.attribute("class") == Some("token")) {
        let hex = n.ancestors().find(|a| a.attribute("class") == Some("hex")).and_then(|a| a.attribute("id")).unwrap();
        found.entry(hex.trim_start_matches("hex-").to_string()).or_default().push(n.attribute("data-corp").unwrap().to_string());
    }
    for v in expected.values_mut().chain(found.values_mut()) {
        v.sort();
    }
    assert_eq!(found, expected, "{}: tokens drawn per hex", g.title.id());
}

/// Checks a market picture: one marker per corporation with a price, in
/// its cell, numbered in stack order.
fn check_market(g: &Game, svg: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let mut found = Vec::new();
    for n in doc.descendants().filter(|n| n.attribute("class") == Some("market-marker")) {
        found.push((n.attribute("data-corp").unwrap().to_string(), n.attribute("data-stack").unwrap().parse::<usize>().unwrap()));
    }
    let mut markers = read::market_markers(&g.state);
    markers.sort_by_key(|m| (m.1, m.2, m.3));
    let mut expected = Vec::new();
    for (i, m) in markers.iter().enumerate() {
        let above = markers[..i].iter().filter(|o| o.1 == m.1 && o.2 == m.2).count();
        expected.push((read::corp_text(&g.state, m.0), above + 1));
    }
    found.sort();
    expected.sort();
    assert_eq!(found, expected, "{}: market markers (corporation, place in its cell's stack)", g.title.id());
    let cells = doc.descendants().filter(|n| n.attribute("class") == Some("cell")).count();
    let expected_cells: usize = g.title.market.rows.iter().map(|r| r.iter().flatten().count()).sum();
    assert_eq!(cells, expected_cells, "{}: every market cell drawn", g.title.id());
}

fn check_all(g: &Game) {
    check_map(g, &render::svg(g, Picture::Map, None).unwrap());
    check_market(g, &render::svg(g, Picture::Market, None).unwrap());
    let tiles = render::svg(g, Picture::Tiles, None).unwrap();
    let doc = roxmltree::Document::parse(&tiles).unwrap();
    let drawn = doc.descendants().filter(|n| n.attribute("class") == Some("sheet-tile")).count();
    assert_eq!(drawn, g.title.tiles.len(), "{}: every tile on the sheet", g.title.id());
}

#[test]
fn new_games_of_1849_and_1844_draw_every_hex_once_and_every_home() {
    for (id, players) in [("1849", 4), ("1844", 5)] {
        let g = new_game(id, players);
        check_all(&g);
        // Homes not yet tokened are drawn faint, one per corporation in
        // play with one home city.
        let svg = render::svg(&g, Picture::Map, None).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let faint = doc.descendants().filter(|n| n.attribute("class") == Some("reservation")).count();
        let homes = g.state.corp_ids().filter(|&c| g.state.corps[c].in_play && read::home_of(&g.title, &g.state, c).is_some()).count();
        assert!(faint > 0 && faint <= homes, "{id}: {faint} faint home markers for {homes} homes");
    }
}

#[test]
fn full_boards_draw_every_token() {
    for id in ["1849", "1844"] {
        let g = full_board(id);
        assert!(!read::placed_tokens(&g.state).is_empty(), "{id}: the full board has tokens");
        check_all(&g);
    }
}

#[test]
fn recorded_openings_draw_their_market_markers() {
    for name in ["1849_opening.json", "1844_opening.json", "1849_sale_then_par.json"] {
        let g = record(name);
        assert!(!read::market_markers(&g.state).is_empty(), "{name}: a corporation has a price");
        check_all(&g);
    }
}

#[test]
fn recorded_games_from_shared_draw_tokens_markers_and_routes() {
    for rel in ["1849/1849_game_end_bank.json", "1844/1844_game_end_bankrupt.json", "1849/bonds_and_electric_dreams.json"] {
        let Some(g) = shared_record(rel) else { return };
        assert!(!read::placed_tokens(&g.state).is_empty(), "{rel}: tokens at the end");
        check_all(&g);
        // The best run of every corporation with trains: one route group
        // per train that runs, each listed in the legend.
        let mut runs = 0;
        for corp in g.state.corp_ids() {
            if g.state.corps[corp].closed || g.state.trains_of(corp).is_empty() {
                continue;
            }
            let (svg, routes) = render::routes::svg(&g, corp).unwrap();
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let groups = doc.descendants().filter(|n| n.attribute("class") == Some("route")).count();
            assert_eq!(groups, routes.len(), "{rel} {}: a group per route", g.state.corps[corp].id);
            for r in &routes {
                assert!(svg.contains(&format!("{}: {}", r.train, r.stops.join("-"))), "{rel}: legend names {}", r.train);
            }
            check_map(&g, &svg);
            runs += routes.len();
        }
        assert!(runs > 0, "{rel}: some corporation runs a route at the end");
    }
}

#[test]
fn the_same_game_gives_the_same_bytes() {
    let (g, again) = (full_board("1849"), full_board("1849"));
    for p in [Picture::Map, Picture::Market, Picture::Tiles] {
        let a = render::svg(&g, p, None).unwrap();
        assert_eq!(a, render::svg(&g, p, None).unwrap(), "{p:?}");
        assert_eq!(a, render::svg(&again, p, None).unwrap(), "{p:?} of the same game built again");
    }
    let svg = render::svg(&g, Picture::Market, None).unwrap();
    assert_eq!(render::png::png(&svg).unwrap(), render::png::png(&svg).unwrap());
}

#[test]
fn pngs_decode_at_the_pictures_size_with_text_and_colour() {
    let g = new_game("1849", 4);
    for p in [Picture::Map, Picture::Market] {
        let svg = render::svg(&g, p, None).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let root = doc.root_element();
        let (w, h): (f64, f64) = (root.attribute("width").unwrap().parse().unwrap(), root.attribute("height").unwrap().parse().unwrap());
        let png = render::png::png(&svg).unwrap();
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (w.ceil() as u32, h.ceil() as u32), "{p:?}");
        let px = pixmap.pixels();
        let dark = px.iter().filter(|c| c.red() < 60 && c.green() < 60 && c.blue() < 60 && c.alpha() > 200).count();
        let coloured = px.iter().filter(|c| c.red().abs_diff(c.blue()) > 80).count();
        assert!(dark > 2000, "{p:?}: {dark} dark pixels: track, outlines and text are drawn");
        assert!(coloured > 2000, "{p:?}: {coloured} coloured pixels");
    }
    // Text needs a font, and the machine may have none: the heading of
    // the market alone must put ink in its band.
    let svg = render::svg(&g, Picture::Market, None).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&render::png::png(&svg).unwrap()).unwrap();
    let heading_ink = (8..30u32).flat_map(|y| (20..300u32).map(move |x| (x, y))).filter(|&(x, y)| pixmap.pixel(x, y).is_some_and(|c| c.red() < 100)).count();
    assert!(heading_ink > 200, "the heading is drawn with the embedded font ({heading_ink} dark pixels)");
}

/// Small SVGs of single tiles, compared with the reviewed files in
/// tests/snapshots/render/.
#[test]
fn tile_snapshots() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/render");
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let cases: &[(&str, &str, u8)] = &[
        ("1849", "7", 0),
        ("1849", "8", 0),
        ("1849", "9", 0),
        ("1849", "9", 1),
        ("1849", "77", 0),
        ("1849", "58", 2),
        ("1849", "644", 0),
        ("1849", "710", 0),
        ("1844", "59", 0),
        ("1844", "14", 0),
    ];
    let mut failed = Vec::new();
    for &(id, tile, rotation) in cases {
        let title = railhead::title::load::embedded(id).unwrap();
        let svg = render::sheet::tile_svg(&title, tile, rotation).unwrap_or_else(|| panic!("{id} has no tile {tile}"));
        roxmltree::Document::parse(&svg).unwrap();
        let path = dir.join(format!("{id}-tile-{tile}-r{rotation}.svg"));
        if update || !path.exists() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &svg).unwrap();
            continue;
        }
        if std::fs::read_to_string(&path).unwrap() != svg {
            failed.push(path.display().to_string());
        }
    }
    assert!(failed.is_empty(), "pictures differ from their snapshots (review, then UPDATE_SNAPSHOTS=1): {failed:?}");
}

/// `railhead render`: the picture kind by name, PNG by the file's
/// extension, a record up to an action, and a routes picture refused
/// without a corporation.
#[test]
fn the_render_command_writes_svg_and_png() {
    let bin = env!("CARGO_BIN_EXE_railhead");
    let tmp = tempfile::Builder::new().prefix("railhead-render-test-").tempdir().unwrap();
    let dir = tmp.path();
    let run = |args: &[&str]| std::process::Command::new(bin).args(args).output().unwrap();
    let svg = dir.join("map.svg");
    let out = run(&["render", "map", "1844", "-o", svg.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains(r#"id="hex-"#));
    let png = dir.join("market.png");
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/1849_opening.json");
    let out = run(&["render", "market", "--import", record, "--until", "12", "-o", png.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(&std::fs::read(&png).unwrap()[..8], b"\x89PNG\r\n\x1a\n");
    let out = run(&["render", "routes", "1849", "-o", dir.join("r.svg").to_str().unwrap()]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("--corp"));
}

/// Issue 18: a run from the log. Each corporation's last run, drawn from
/// the log, is the one the game log records: the same trains, the same
/// stops, the same revenue ("RCS runs 10H-1 on A5-C5-... for L. 280").
#[test]
fn a_logged_run_is_the_one_the_game_log_records() {
    let Some(g) = shared_record("1849/1849_game_end_bank.json") else { return };
    let mut checked = 0;
    for corp in g.state.corp_ids() {
        let id = g.state.corps[corp].id.clone();
        let Ok((svg, routes)) = render::routes::logged(&g, corp) else { continue };
        assert!(svg.contains("last run in the log"), "{id}");
        for r in &routes {
            let line = format!("{id} runs {} on {} for L. {}", r.train, r.stops.join("-"), r.revenue);
            assert!(g.log.iter().rev().any(|l| l.contains(&line)), "{id}: the log has no `{line}`");
        }
        checked += routes.len();
    }
    assert!(checked > 0, "some corporation ran");
    let never = g.state.corp_ids().find(|c| !g.log.iter().any(|l| l.contains(&format!("{} runs", g.state.corps[*c].id)))).expect("a corporation that never ran");
    assert!(render::routes::logged(&g, never).unwrap_err().contains("has not run trains"));
}

/// Issue 18: a title gives its corporations' colours and the text of
/// their tokens in data: `token_text` shows on the token and the market
/// marker, while `data-corp` keeps the id.
#[test]
fn a_title_names_the_text_of_its_tokens() {
    let tmp = tempfile::Builder::new().prefix("railhead-token-text-").tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("title.toml"), "extends = \"1849\"\n[title]\nid = \"1849-logos\"\n").unwrap();
    let companies = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("titles/1849/companies.toml")).unwrap();
    std::fs::write(dir.join("companies.toml"), companies.replacen("id = \"SFA\"", "id = \"SFA\"\ntoken_text = \"Ⓢ\"", 1)).unwrap();
    let title = railhead::title::load::load(&railhead::title::TitleSource::Disk(dir.to_path_buf()), &BTreeMap::new(), Some(4)).expect("loads");
    let setup = Setup { players: vec!["A".into(), "B".into(), "C".into(), "D".into()], seed: 1, options: BTreeMap::new(), values: BTreeMap::new() };
    let mut g = Game::new(Arc::new(title), setup).unwrap();
    for a in ["buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par SFA 68"] {
        g.act(a).unwrap();
    }
    let sfa = g.state.corp_index("SFA").unwrap();
    let (svg, market) = (render::svg(&g, Picture::Map, None).unwrap(), render::svg(&g, Picture::Market, None).unwrap());
    assert!(svg.contains(">Ⓢ<") && svg.contains("data-corp=\"SFA\""), "the home marker shows the token text");
    assert!(g.state.corps[sfa].price.is_some());
    assert!(market.contains(">Ⓢ<") && market.contains("data-corp=\"SFA\""), "the market marker too");
}

/// market.toml's extra price grids (`[prices]`, 1865's premiums) are drawn
/// small under each cell's price, in the grids' name order; a market
/// without them has none (1849's picture is unchanged).
#[test]
fn extra_price_grids_are_drawn_under_each_price() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/titles/boundary");
    let options = BTreeMap::from([("linear".to_string(), true)]);
    let title = railhead::title::load::load(&railhead::title::TitleSource::Disk(dir), &options, None).unwrap();
    let setup = Setup { players: vec!["A".into(), "B".into()], seed: 1, options, values: BTreeMap::new() };
    let mut g = Game::new(Arc::new(title), setup).unwrap();
    g.act("par NRR 60").unwrap();
    let svg = render::svg(&g, Picture::Market, None).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let extra: Vec<&str> = doc.descendants().filter(|n| n.attribute("class") == Some("extra-prices")).filter_map(|n| n.text()).collect();
    // green, then white: 20 · 15 under 10, ..., 110 · 105 under 100.
    assert_eq!(extra.len(), 10, "{extra:?}");
    assert_eq!((extra[0], extra[9]), ("20 · 15", "110 · 105"));
    check_market(&g, &svg);
    let plain = render::svg(&new_game("1849", 4), Picture::Market, None).unwrap();
    assert!(!plain.contains("extra-prices"));
}

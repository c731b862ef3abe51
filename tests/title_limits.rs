//! Title data no game can use, or that would exhaust the machine, is
//! refused when the title loads: each error names the file, the key path
//! and (where the file is read as written) the line, and says what is
//! allowed. The bounds are `railhead::limits`.

mod common;

use railhead::limits;
use railhead::title::{TitleSource, load};
use std::collections::BTreeMap;
use std::fs;

/// A copy of 1849 in a fresh folder, with `edit` applied to one file
/// (removed when the guard is dropped).
fn title_with(name: &str, file: &str, edit: impl FnOnce(String) -> String) -> common::TempFolder {
    let dir = common::fresh_copy("1849", &format!("limits-{name}"));
    let path = dir.join(file);
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, edit(text)).unwrap();
    dir
}

/// The load error of 1849 with the first `from` in `file` replaced by `to`.
fn refused(name: &str, file: &str, from: &str, to: &str) -> String {
    let dir = title_with(name, file, |text| {
        assert!(text.contains(from), "{file} has no {from:?}");
        text.replacen(from, to, 1)
    });
    load::load(&TitleSource::Disk(dir.to_path_buf()), &BTreeMap::new(), None).map(|_| ()).expect_err(name).to_string()
}

/// The error line about `key`, which must also name the file and a line.
fn line_about<'a>(err: &'a str, file: &str, key: &str) -> &'a str {
    let line = err.lines().find(|l| l.contains(key)).unwrap_or_else(|| panic!("no error about {key}: {err}"));
    let after = line.split(&format!("{file}:")).nth(1).unwrap_or_else(|| panic!("{file} is not named: {line}"));
    assert!(after.starts_with(|c: char| c.is_ascii_digit()), "no line number: {line}");
    line
}

#[test]
fn amounts_are_never_negative() {
    let cases = [
        ("train-price", "trains.toml", "price = 100", "price = -100", "train[0].price"),
        ("company-value", "companies.toml", "value = 20", "value = -20", "company[0].value"),
        ("bank-cash", "title.toml", "cash = 7760", "cash = -1", "bank.cash"),
        ("player-cash", "title.toml", "cash = 500", "cash = -500", "player_count[0].cash"),
        ("token-cost", "companies.toml", "token_costs = [0, 0, 0]", "token_costs = [0, -5, 0]", "corporation_kind[0].token_costs"),
    ];
    for (name, file, from, to, key) in cases {
        let err = refused(name, file, from, to);
        let line = line_about(&err, file, key);
        assert!(line.contains("negative"), "{name}: {line}");
    }
}

#[test]
fn amounts_above_the_limit_are_refused() {
    let too_much = (limits::MAX_AMOUNT + 1).to_string();
    let cases = [
        ("bank-huge", "title.toml", "cash = 7760", format!("cash = {too_much}"), "bank.cash"),
        ("price-huge", "trains.toml", "price = 100", format!("price = {too_much}"), "train[0].price"),
        ("revenue-huge", "map.toml", "revenue = [20, 30, 40]", format!("revenue = [20, {too_much}, 40]"), "revenue"),
    ];
    for (name, file, from, to, key) in cases {
        let err = refused(name, file, from, &to);
        let line = line_about(&err, file, key);
        assert!(line.contains(&limits::MAX_AMOUNT.to_string()), "{name}: {line}");
    }
    let err = refused("market-huge", "market.toml", "\"72\"", &format!("\"{too_much}\""));
    assert!(err.contains("market.toml") && err.contains("rows[0][0]") && err.contains(&limits::MAX_AMOUNT.to_string()), "{err}");
}

#[test]
fn values_no_game_can_use_are_refused() {
    let cases = [
        ("empty-bands", "map.toml", "revenue = [20, 30, 40]", "revenue = []", "revenue", "at least one"),
        ("no-slots", "map.toml", "slots = 2", "slots = 0", "slots", "at least 1"),
        ("no-distance", "trains.toml", "hexes = 4,", "hexes = 0,", "train[0].run.hexes", "at least 1"),
        ("no-rounds", "phases.toml", "operating_rounds = 1", "operating_rounds = 0", "phase[0].operating_rounds", "at least 1"),
        ("no-players", "title.toml", "players = 3", "players = 0", "player_count[0].players", "at least 1"),
        ("zero-percent", "companies.toml", "{ percent = 10, count = 6 }", "{ percent = 0, count = 6 }", "certificates", "percent"),
        ("huge-percent", "title.toml", "pool_limit_percent = 50", "pool_limit_percent = 250", "settings.pool_limit_percent", "100"),
        ("no-raise", "title.toml", "min_raise = 5", "min_raise = 0", "settings.min_raise", "at least 1"),
        ("no-unit", "companies.toml", "float_shares = 0", "float_shares = 0\nunit_percent = 0", "unit_percent", "at least 1"),
        ("count-below-unlimited", "trains.toml", "count = 4", "count = -5", "train[0].count", "-1"),
        ("nan-factor", "companies.toml", "factor = 0.5", "factor = nan", "factor", "0 to 1"),
        ("price-range", "companies.toml", "max_price_multiple = 2.0", "min_price_multiple = 2.0\nmax_price_multiple = 0.5", "min_price_multiple", "no price"),
    ];
    for (name, file, from, to, key, says) in cases {
        let err = refused(name, file, from, to);
        let line = line_about(&err, file, key);
        assert!(line.contains(says), "{name}: {line}");
    }
}

#[test]
fn counts_that_would_exhaust_memory_are_refused() {
    let cases = [
        ("trains", "trains.toml", "count = 4", "count = 100000000".to_string(), "train[0].count", limits::MAX_TRAINS_PER_CLASS.to_string()),
        ("tiles", "tiles.toml", "count = ", "count = 100000000 #".to_string(), "tile[0].count", limits::MAX_TILES_PER_KIND.to_string()),
        ("certs", "companies.toml", "{ percent = 10, count = 6 }", "{ percent = 10, count = 100000000 }".to_string(), "certificates", limits::MAX_CERTIFICATES.to_string()),
        ("tokens", "companies.toml", "token_costs = [0, 0, 0]", format!("token_costs = [{}]", vec!["0"; 10_000].join(", ")), "token_costs", limits::MAX_TOKENS.to_string()),
        ("players", "title.toml", "players = 3", "players = 1000".to_string(), "player_count[0].players", limits::MAX_PLAYERS.to_string()),
        ("slots", "map.toml", "slots = 2", "slots = 200".to_string(), "slots", limits::MAX_CITY_SLOTS.to_string()),
        ("distance", "trains.toml", "hexes = 4,", "hexes = 4000000000,".to_string(), "train[0].run.hexes", limits::MAX_TRAIN_DISTANCE.to_string()),
        ("rounds", "phases.toml", "operating_rounds = 1", "operating_rounds = 1000000".to_string(), "phase[0].operating_rounds", limits::MAX_OPERATING_ROUNDS.to_string()),
    ];
    for (name, file, from, to, key, limit) in cases {
        let err = refused(name, file, from, &to);
        let line = line_about(&err, file, key);
        assert!(line.contains(&format!("at most {limit}")), "{name}: {line}");
    }
}

/// `n` entries of a TOML array of tables, from a template with `{i}`.
fn entries(n: usize, template: &str) -> String {
    (0..n).map(|i| template.replace("{i}", &i.to_string())).collect()
}

#[test]
fn lists_longer_than_any_title_needs_are_refused() {
    let labels: Vec<String> = ('A'..='Z').flat_map(|l| (1000..1200).map(move |n| format!("\"{l}{n}\""))).collect();
    let market_row = format!("[{}],\n", vec!["\"10\""; limits::MAX_MARKET_COLUMNS + 1].join(", "));
    let cases: Vec<(&str, &str, String, &str, String)> = vec![
        ("hexes", "map.toml", format!("\n[[hex]]\nat = [{}]\n", labels.join(", ")), "hex", format!("at most {}", limits::MAX_HEXES)),
        (
            "tile-kinds",
            "tiles.toml",
            entries(limits::MAX_TILE_KINDS + 1, "\n[[tile]]\nname = \"x{i}\"\ncolor = \"yellow\"\ncount = 1\n"),
            "tile",
            format!("at most {}", limits::MAX_TILE_KINDS),
        ),
        (
            "companies",
            "companies.toml",
            entries(limits::MAX_COMPANIES + 1, "\n[[company]]\nid = \"X{i}\"\nname = \"x\"\nkind = \"private\"\n"),
            "company",
            format!("at most {}", limits::MAX_COMPANIES),
        ),
        (
            "corporations",
            "companies.toml",
            entries(limits::MAX_CORPORATIONS + 1, "\n[[corporation]]\nid = \"C{i}\"\nname = \"x\"\nkind = \"major\"\n"),
            "corporation",
            format!("at most {}", limits::MAX_CORPORATIONS),
        ),
        (
            "phases",
            "phases.toml",
            entries(limits::MAX_PHASES + 1, "\n[[phase]]\nname = \"p{i}\"\non_train = \"4H\"\ntiles = []\noperating_rounds = 1\ntrain_limit = 1\n"),
            "phase",
            format!("at most {}", limits::MAX_PHASES),
        ),
        (
            "train-classes",
            "trains.toml",
            entries(limits::MAX_TRAIN_CLASSES + 1, "\n[[train]]\nname = \"t{i}\"\ncount = 1\nprice = 1\nrun = { stops = 2 }\n"),
            "train",
            format!("at most {}", limits::MAX_TRAIN_CLASSES),
        ),
        (
            "options",
            "title.toml",
            entries(limits::MAX_OPTIONS + 1, "\n[[option]]\nid = \"o{i}\"\nname = \"o\"\ndescription = \"o\"\n"),
            "option",
            format!("at most {}", limits::MAX_OPTIONS),
        ),
    ];
    for (name, file, appended, key, says) in cases {
        let dir = title_with(name, file, |text| text + &appended);
        let err = load::load(&TitleSource::Disk(dir.to_path_buf()), &BTreeMap::new(), None).map(|_| ()).expect_err(name).to_string();
            let line = err.lines().find(|l| l.contains(&says)).unwrap_or_else(|| panic!("{name}: no {says:?} in: {}", &err[..err.len().min(2000)]));
        assert!(line.contains(file) && line.contains(key), "{name}: {line}");
    }
    let err = refused("market-columns", "market.toml", "rows = [\n", &format!("rows = [\n{market_row}"));
    assert!(err.contains("market.toml") && err.contains(&format!("at most {}", limits::MAX_MARKET_COLUMNS)), "{err}");
    let many_scripts: Vec<String> = (0..=limits::MAX_SCRIPTS).map(|i| format!("\"scripts/s{i}.lua\"")).collect();
    let err = refused("scripts", "title.toml", "scripts = [\n", &format!("scripts = [\n{},\n", many_scripts.join(", ")));
    let line = line_about(&err, "title.toml", "scripts");
    assert!(line.contains(&format!("at most {}", limits::MAX_SCRIPTS)), "{line}");
}

/// Every shipped title loads with every option on its own: the limits
/// leave real data alone.
#[test]
fn shipped_titles_are_within_every_limit() {
    for id in TitleSource::embedded_ids() {
        let title = load::embedded(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
        for o in &title.options {
            let mut choice = BTreeMap::new();
            choice.insert(o.id.clone(), true);
            for r in &o.requires {
                choice.insert(r.clone(), true);
            }
            let players = o.players.first().copied();
            load::load(&title.source, &choice, players).unwrap_or_else(|e| panic!("{id} with {}: {e}", o.id));
        }
    }
}

/// An entry of map.toml is copied for every hex it lists: a long name on
/// an entry of many hexes stands for a huge map.
#[test]
fn a_map_that_copies_into_too_much_data_is_refused() {
    let labels: Vec<String> = ('A'..='T').flat_map(|l| (1000..1100).map(move |n| format!("\"{l}{n}\""))).collect();
    let name = "x".repeat(10_000);
    let dir = title_with("map-copies", "map.toml", |text| format!("{text}\n[[hex]]\nat = [{}]\nname = \"{name}\"\n", labels.join(", ")));
    let err = load::load(&TitleSource::Disk(dir.to_path_buf()), &BTreeMap::new(), None).map(|_| ()).expect_err("a huge copied map").to_string();
    assert!(err.contains("map.toml") && err.contains(&format!("at most {} MiB", limits::MAX_MAP_COPY_BYTES >> 20)), "{}", &err[..err.len().min(500)]);
}

#[test]
fn shipped_maps_copy_into_far_less_than_the_limit() {
    use railhead::title::schema::{MapFile, TilesFile};
    for id in TitleSource::embedded_ids() {
        // A title that extends another reads the files it does not have
        // from its parent (1849-gamekit's map is 1849's).
        let source = railhead::title::inherit::resolve(&TitleSource::embedded(&id).unwrap()).unwrap();
        let map: MapFile = load::parse_text("map.toml", &source.read("map.toml").unwrap()).unwrap();
        let tiles: TilesFile = load::parse_text("tiles.toml", &source.read("tiles.toml").unwrap()).unwrap();
        let (defs, errors) = railhead::title::catalogue::resolve(&tiles.tile, railhead::title::catalogue::shipped().unwrap());
        assert_eq!(errors, vec![], "{id}");
        let defs: Vec<_> = defs.into_iter().map(|(_, d)| d).collect();
        let bytes = railhead::title::compile::copied_map_bytes(&map, &defs);
        eprintln!("{id}: the map copies into {bytes} bytes");
        assert!(bytes * 10 < limits::MAX_MAP_COPY_BYTES, "{id}: {bytes}");
    }
}

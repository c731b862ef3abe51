//! Inputs the input fuzzer (`railhead fuzz-input`, src/fuzz/input/) found
//! to panic, cut down to what matters: each now gets an error message.

use railhead::import;
use railhead::title::source::MemoryTitle;
use railhead::title::{TitleSource, load};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A recorded action is shown in errors cut to 240 bytes; a character
/// across that byte panicked (found as import case 2175 of seed 1).
#[test]
fn a_long_action_of_wide_characters_is_shown_cut_on_a_character() {
    for wide in ["\u{e9}", "\u{20ac}", "\u{1f682}"] {
        for pad in 0..4 {
            let entity = format!("{}{}", "x".repeat(pad), wide.repeat(300));
            let record = serde_json::json!({
                "id": 1, "title": "1849",
                "players": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}],
                "actions": [{"type": "bid", "entity": entity, "id": 1, "company": "CNM", "price": 1}],
            });
            let rec = import::parse(&record.to_string()).expect("a well-formed record");
            let Err((_, e)) = import::replay(&rec, None) else { panic!("a bid under the face value is refused") };
            assert!(e.to_string().contains("..."), "{e}");
        }
    }
}

/// The files of an embedded title in memory, with `edit` made to one.
fn title_with(id: &str, rel: &str, edit: impl FnOnce(&str) -> String) -> TitleSource {
    let source = TitleSource::embedded(id).expect("an embedded title");
    let mut rels = vec!["title.toml".to_string()];
    rels.extend(load::DATA_FILES.iter().map(|s| format!("{s}.toml")));
    rels.extend(source.list("scripts", "lua"));
    let mut files: BTreeMap<String, String> = rels.into_iter().filter_map(|r| source.read(&r).ok().map(|t| (r, t))).collect();
    let changed = edit(&files[rel]);
    files.insert(rel.to_string(), changed);
    TitleSource::Memory(Arc::new(MemoryTitle { name: format!("fuzz/{id}"), files }))
}

/// A game deals every train card at setup: a class of two billion cards
/// exhausted the memory (title case 2018 of seed 2: 1844's SBB5H count).
#[test]
fn a_train_class_of_billions_of_cards_is_refused() {
    let source = title_with("1844", "trains.toml", |t| t.replacen("name = \"SBB5H\"\ncount = 1", "name = \"SBB5H\"\ncount = 2147483647", 1));
    let err = load::load(&source, &BTreeMap::new(), None).expect_err("the title must be refused").to_string();
    // Refused where it is read, at its line (schema/bounds.rs).
    assert!(err.contains("trains.toml:") && err.contains("2147483647") && err.contains("at most 1000"), "{err}");
}

/// Certificates 2 % × 2^31 add 2^32 %: the u32 sum wrapped round to
/// 100 % and the title passed, to deal two billion certificates at the
/// start (title case 6720 of seed 5, built with overflow checks).
#[test]
fn certificates_adding_up_to_100_only_modulo_2_to_the_32_are_refused() {
    let source = title_with("1849", "companies.toml", |t| t.replacen("{ percent = 10, count = 6 },", "{ percent = 10, count = 6 },\n  { percent = 2, count = 2147483648 },", 1));
    let err = load::load(&source, &BTreeMap::new(), None).expect_err("the title must be refused").to_string();
    assert!(err.contains("companies.toml:") && err.contains("2147483648") && err.contains("at most 100"), "{err}");
}

/// Certificates of 0 % add nothing to the 100 % check: four billion of
/// them passed, to be dealt when the game starts. (Each certificate is at
/// least 1 % now, so 100 % holds at most 100 of them.)
#[test]
fn billions_of_certificates_of_no_percent_are_refused() {
    let source = title_with("1849", "companies.toml", |t| t.replacen("{ percent = 10, count = 6 },", "{ percent = 10, count = 6 },\n  { percent = 0, count = 4000000000 },", 1));
    let err = load::load(&source, &BTreeMap::new(), None).expect_err("the title must be refused").to_string();
    assert!(err.contains("companies.toml:") && err.contains("4000000000") && err.contains("at most 100"), "{err}");
}

/// A player count was cut to a byte: a save of 259 players loaded as a
/// game of 1849's three-player rules with 259 seats, three of them paid
/// the starting cash (and a record likewise).
#[test]
fn a_game_of_259_players_is_refused() {
    let players: Vec<String> = (0..259).map(|i| format!("p{i}")).collect();
    let save = serde_json::json!({"railhead": 1, "title": "1849", "players": players, "seed": 1, "actions": []});
    let file = railhead::game::save::SaveFile::parse("259.json", &save.to_string()).expect("a well-formed save");
    let err = file.restore("259.json", None).err().expect("259 players cannot play 1849").to_string();
    assert!(err.contains("not 259"), "{err}");

    let seats: Vec<serde_json::Value> = (0..259).map(|i| serde_json::json!({"id": i, "name": format!("p{i}")})).collect();
    let record = serde_json::json!({"id": 1, "title": "1849", "players": seats, "actions": []});
    let rec = import::parse(&record.to_string()).expect("a well-formed record");
    let Err((_, e)) = import::replay(&rec, None) else { panic!("259 players cannot play 1849") };
    assert!(e.to_string().contains("not 259"), "{e}");
}

/// A recorded rotation was cut to a byte: 256 laid the tile at rotation 0.
#[test]
fn a_recorded_rotation_of_256_is_refused() {
    let text = railhead::fuzz::input::seeds::HAND_RECORDS.iter().find(|(n, _)| n.contains("1849")).expect("the 1849 record").1;
    let mut record: serde_json::Value = serde_json::from_str(text).unwrap();
    let lay = record["actions"].as_array_mut().unwrap().iter_mut().find(|a| a["type"] == "lay_tile").expect("a tile lay");
    let rotation = lay["rotation"].as_i64().unwrap();
    lay["rotation"] = serde_json::json!(rotation + 256);
    let rec = import::parse(&record.to_string()).unwrap();
    let Err((_, e)) = import::replay(&rec, None) else { panic!("rotation {} was accepted", rotation + 256) };
    assert!(e.to_string().contains(&format!("rotation {} is not 0-5", rotation + 256)), "{e}");
}

/// A recorded run of 50,000 routes overflowed the stack choosing the
/// tracks between its stops (import case 11817 of seed 15, a 12-minute
/// run): a train named twice or more legs than any train runs are refused
/// first. Reads
/// ../shared/fixtures/18xx.games/1849/buy_tokens.json; skips without it.
#[test]
fn a_run_of_fifty_thousand_routes_is_refused() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/fixtures/18xx.games/1849/buy_tokens.json");
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipping: {path} is absent");
        return;
    };
    let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
    let run = record["actions"].as_array_mut().unwrap().iter_mut().find(|a| a["type"] == "run_routes").expect("a run");
    let id = run["id"].as_i64().unwrap();
    let route = run["routes"][0].clone();
    run["routes"] = serde_json::Value::Array(vec![route.clone(); 50_000]);
    let rec = import::parse(&record.to_string()).unwrap();
    let Err((_, e)) = import::replay(&rec, None) else { panic!("a run of 50,000 routes was accepted") };
    let e = e.to_string();
    assert!(e.contains(&format!("action {id}")) && e.contains("given two routes"), "{e}");
    // One route, its stops named over and over.
    let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
    let run = record["actions"].as_array_mut().unwrap().iter_mut().find(|a| a["type"] == "run_routes").unwrap();
    let nodes = run["routes"][0]["nodes"].as_array().unwrap().clone();
    run["routes"][0]["nodes"] = serde_json::Value::Array(nodes.iter().cycle().take(20_000).cloned().collect());
    let rec = import::parse(&record.to_string()).unwrap();
    let Err((_, e)) = import::replay(&rec, None) else { panic!("a route of 20,000 stops was accepted") };
    assert!(e.to_string().contains("more than 1000 stops to stops"), "{e}");
}

//! The website's vocabulary beyond the five shared games
//! (docs/import-18xx-vocabulary.md): each test builds a small record by
//! hand, from the hand-written openings in tests/records/ and serde_json.

use railhead::game::action::Action;
use railhead::game::ids::Actor;
use railhead::game::var::Var;
use railhead::import::{Recorded, parse, replay, replay_with};
use serde_json::{Value, json};

fn record(name: &str) -> Recorded {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/records").join(name);
    parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn player(id: i64, t: &str, n: i64) -> Value {
    json!({"type": t, "entity": id, "entity_type": "player", "id": n})
}

/// 1849: the website asks the corporation owning SMS, at the start of each
/// of its turns and before track and token, whether to close SMS for its
/// coastal build; `choose Pass` declines for that turn. Our engine asks no
/// such question (the build is an ability), so the choice is nothing to
/// do and the turn goes on. (Here ATA does not own SMS: the translation
/// does not depend on who owns it.)
#[test]
fn the_sms_question_declined_with_pass_is_nothing_to_do() {
    let mut rec = record("1849_opening.json");
    // The question comes as action 13, before ATA's first tile (ids after it move up one).
    let at = rec.actions.iter().position(|a| a["id"] == 13).unwrap();
    for a in &mut rec.actions[at..] {
        a["id"] = json!(a["id"].as_i64().unwrap() + 1);
    }
    rec.actions.insert(at, json!({"type": "choose", "entity": "ATA", "entity_type": "corporation", "id": 13, "choice": "Pass"}));
    let (game, report) = replay(&rec, None).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert!(report.skipped >= 1);
    assert!(report.inserted_passes.is_empty(), "{:?}", report.inserted_passes);
    assert!(game.log.iter().any(|l| l.contains("L12")), "ATA's tile after the declined question");
}

/// 1844, first stock round: after Cy's buy the website passes Di, who has
/// nothing to do (25 SFR, nothing to sell), by itself, then applies Bo's
/// programmed pass (in the buy's `auto_actions`); the next recorded action
/// is Ada's. Our engine had Di to act when Bo's pass came: Di is passed
/// first (reported as an inserted pass), then Bo.
#[test]
fn an_automatic_pass_for_another_player_comes_after_the_idle_players() {
    let mut rec = record("1844_opening.json");
    rec.actions.retain(|a| a["id"].as_i64().unwrap() <= 32);
    let buy = |n: i64, who: i64, share: &str| json!({"type": "buy_shares", "entity": who, "entity_type": "player", "id": n, "shares": [share], "percent": 10});
    for (n, who, share) in
        [(33, 202, "FNM_1"), (34, 201, "FNM_2"), (35, 203, "VZ_1"), (36, 204, "VZ_2"), (37, 202, "FNM_3"), (38, 201, "FNM_4"), (39, 203, "VZ_3"), (40, 204, "FNM_5"), (41, 202, "FNM_6"), (42, 201, "FNM_7")]
    {
        rec.actions.push(buy(n, who, share));
    }
    let mut last = buy(43, 203, "FNM_8");
    last["auto_actions"] = json!([player(202, "pass", 43)]);
    rec.actions.push(last);
    rec.actions.push(json!({"type": "par", "entity": 201, "entity_type": "player", "id": 44, "corporation": "JN", "share_price": "100,0,7"}));
    let (game, report) = replay(&rec, None).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert_eq!(report.inserted_passes.len(), 1, "{:?}", report.inserted_passes);
    assert_eq!(report.inserted_passes[0].0, 43);
    assert!(report.inserted_passes[0].1[0].starts_with("Di"), "{:?}", report.inserted_passes);
    let tail: Vec<&String> = game.log.iter().rev().take(3).collect();
    assert!(tail[2].starts_with("Di passes") && tail[1].starts_with("Bo passes") && tail[0].starts_with("Ada starts JN"), "{tail:?}");
}

/// The 1844 minimum price of a private bought by a company: half its face
/// value on the website until 30 March 2025, 1 SFR since (1844-R-169).
/// Each recorded action is read with the rule of its `created_at`; the
/// report names the earlier reading and how many actions it read.
#[test]
fn actions_are_read_with_the_website_rules_of_their_date() {
    let change = 1_744_318_380; // 2025-04-10T20:53:00Z (merged)
    let mut rec = record("1844_opening.json");
    for a in rec.actions.iter_mut() {
        let n = a["id"].as_i64().unwrap();
        // Actions 1-10 in May 2024, the rest after the change.
        a["created_at"] = json!(if n <= 10 { 1_715_000_000 + n } else { change + n });
    }
    let mut seen: Vec<(i64, bool)> = Vec::new();
    let (game, report) = replay_with(
        &rec,
        None,
        &mut |g, item| {
            if let Some(n) = item["id"].as_i64() {
                seen.push((n, g.state.vars.get("website.private_min_half") == Some(&Var::Bool(true))));
            }
        },
        &mut |_, _| {},
    )
    .unwrap_or_else(|(_, e)| panic!("{e}"));
    assert!(seen.iter().all(|&(n, half)| half == (n <= 10)), "{seen:?}");
    // The readings are in the setup: a save of the import is the same game.
    let again = railhead::game::save::SaveFile::of(&game).restore("saved", None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.digest(), game.digest(), "the save of an import read under an earlier rule differs");
    let (early, _) = replay(&rec, Some(8)).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert_eq!(early.state.vars.get("website.private_min_half"), Some(&Var::Bool(true)));
    let again = railhead::game::save::SaveFile::of(&early).restore("saved", None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.digest(), early.digest(), "a save made while an earlier rule is read differs");
    assert_eq!(report.readings.len(), 1, "{:?}", report.readings);
    assert!(report.readings[0].contains("half") && report.readings[0].contains("2025-04-10") && report.readings[0].contains("10 recorded actions"), "{:?}", report.readings);
    // Without dates: today's rules, no reading named.
    let (_, report) = replay(&record("1844_opening.json"), None).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert!(report.readings.is_empty(), "{:?}", report.readings);
}

/// What the earlier reading changes: VZ, directed by Di who owns P4 (face
/// value 110), may pay 1 SFR for it today and at least 55 SFR under the
/// website's rule before March 2025.
#[test]
fn the_earlier_1844_reading_asks_half_the_face_value_of_a_private() {
    let rec = record("1844_opening.json");
    let (mut game, _) = replay(&rec, Some(49)).unwrap_or_else(|(_, e)| panic!("{e}"));
    let vz = game.state.corp_index("VZ").unwrap();
    assert_eq!(game.current_actor(), Some(Actor::Corp(vz)));
    game.state.phase = game.title.phases.iter().position(|p| p.name == "3").expect("phase 3");
    let p4_range = |game: &mut railhead::game::Game| {
        game.legal_moves().unwrap().into_iter().find(|m| matches!(&m.action, Action::BuyCompany { company, .. } if company == "P4")).and_then(|m| m.range)
    };
    assert_eq!(p4_range(&mut game).map(|r| r.0), Some(1));
    game.state.vars.insert("website.private_min_half".into(), Var::Bool(true));
    assert_eq!(p4_range(&mut game).map(|r| r.0), Some(55));
    // With 54 SFR VZ can buy no private then.
    let cash = game.state.corps[vz].cash;
    game.state.corps[vz].cash = 54;
    game.state.bank += cash - 54;
    assert_eq!(p4_range(&mut game), None);
}

/// `import --until N` compared nothing: the report says so instead of
/// "match: false"; a record without final standings is not compared either.
#[test]
fn a_replay_stopped_early_is_not_compared() {
    let rec = record("1849_opening.json");
    let (_, report) = replay(&rec, Some(5)).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert_eq!(report.verdict(), "not compared (stopped at --until 5)");
    assert!(!report.compared());
    let (_, report) = replay(&rec, None).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert_eq!(report.verdict(), "not compared (the record has no final standings)");
}

/// The command says so too, and exits 0.
#[test]
fn import_until_prints_not_compared() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/records/1849_opening.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_railhead")).arg("import").arg(&path).args(["--until", "5"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("match: not compared (stopped at --until 5)") && !text.contains("match: false"), "{text}");
    assert_eq!(out.status.code(), Some(0));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_railhead")).arg("import").arg(&path).args(["--until", "5", "--json"]).output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["match"], Value::Null);
    assert_eq!(v["verdict"], "not compared (stopped at --until 5)");
}

/// The two hand-written openings (tests/records/) replay whole, and
/// between them hold the everyday vocabulary: the rows of
/// docs/import-18xx-vocabulary.md that cite this test.
#[test]
fn the_hand_written_openings_replay_every_action() {
    let mut kinds = std::collections::BTreeSet::new();
    for name in ["1849_opening.json", "1844_opening.json"] {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/records").join(name);
        let raw: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        for a in raw["actions"].as_array().unwrap() {
            let corp = a["entity_type"] == "corporation";
            kinds.insert(format!("{}{}", a["type"].as_str().unwrap(), if corp && !matches!(a["type"].as_str(), Some("lay_tile" | "pass" | "undo" | "redo")) { " (corporation)" } else { "" }));
        }
        let rec = record(name);
        let (_, report) = replay(&rec, None).unwrap_or_else(|(_, e)| panic!("{name}: {e}"));
        assert!(report.applied > 20, "{name}");
    }
    for k in [
        "bid", "pass", "par", "buy_shares", "sell_shares", "sell_shares (corporation)", "buy_company", "lay_tile", "place_token (corporation)",
        "run_routes (corporation)", "dividend (corporation)", "buy_train (corporation)", "message", "undo", "redo",
    ] {
        assert!(kinds.contains(k), "{k} not in {kinds:?}");
    }
}

/// What registers automation or only talks changes nothing (`program_*`,
/// `program_disable` among automatic actions, `log`, `message`), the
/// 1844 destination payment the website makes as an automatic action is
/// ours already, and `end_game` ends the game where it stands.
#[test]
fn programs_logs_destinations_and_the_players_ending_the_game() {
    let mut rec = record("1849_opening.json");
    let at = rec.actions.iter().position(|a| a["id"] == 10).unwrap();
    let mut program = player(103, "program_share_pass", 10);
    program["auto_actions"] = json!([player(103, "program_disable", 10)]);
    rec.actions.insert(at, program);
    rec.actions.insert(at, json!({"type": "log", "entity": 101, "entity_type": "player", "id": 10, "message": "a line"}));
    rec.actions.push(json!({"type": "end_game", "entity": 101, "entity_type": "player", "id": 99}));
    let (game, report) = replay(&rec, None).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert_eq!(report.game_end_reason.as_deref(), Some("manually_ended"));
    assert!(game.state.ended.is_some());

    let mut rec = record("1844_opening.json");
    let at = rec.actions.iter().position(|a| a["id"] == 49).unwrap();
    rec.actions[at]["auto_actions"] = json!([{"type": "destination_connection", "entity": "VZ", "entity_type": "corporation", "id": 49, "corporations": ["VZ"]}]);
    rec.actions.insert(at, player(201, "program_buy_shares", 48));
    let plain = replay(&record("1844_opening.json"), None).unwrap_or_else(|(_, e)| panic!("{e}")).0;
    let (game, _) = replay(&rec, None).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert_eq!(game.digest(), plain.digest(), "nothing changed the game");
}

/// An import that stops names the earlier readings it applied too.
#[test]
fn a_stopped_import_names_the_readings_it_applied() {
    let mut rec = record("1844_opening.json");
    for a in rec.actions.iter_mut() {
        a["created_at"] = json!(1_715_000_000 + a["id"].as_i64().unwrap());
    }
    let at = rec.actions.iter().position(|a| a["id"] == 20).unwrap();
    rec.actions[at]["entity"] = json!(999);
    let dir = tempfile::Builder::new().prefix("railhead-vocab-").tempdir().unwrap();
    let path = dir.path().join("stopped.json");
    let raw = json!({"id": 7, "title": "1844", "players": rec.players.iter().map(|(id, n)| json!({"id": id, "name": n})).collect::<Vec<_>>(), "actions": rec.actions});
    std::fs::write(&path, raw.to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_railhead")).arg("import").arg(&path).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("import stopped") && text.contains("reading applied: a company pays at least half") && text.contains("20 recorded actions"), "{text}");
    assert_eq!(railhead::import::readings_of(&rec, Some(5)).len(), 1);
}

/// 1849 with Bonds: from 23 December 2024 to 8 May 2025 the website's
/// round passed over its bond interest step (it did not block), so no
/// corporation paid bond interest; records of those months are read so
/// (`website.no_bond_interest`, a reading with a start and an end). ATA
/// is given its bond at the end of its second turn: its interest step
/// takes L. 50 today and nothing under the reading.
#[test]
fn the_1849_bond_interest_was_not_paid_from_december_2024_to_may_2025() {
    let window = 1_737_000_000; // 2025-01-16
    let after = 1_749_000_000; // 2025-06-04
    let before = 1_736_000_000; // 2025-01-04
    let mut rec = record("1849_opening.json");
    rec.optional_rules = vec!["bonds".into()];
    let ata_cash_after_interest = |rec: &Recorded| {
        let (mut game, report) = replay(rec, Some(28)).unwrap_or_else(|(_, e)| panic!("{e}"));
        let ata = game.state.corp_index("ATA").unwrap();
        game.state.vars.insert("bond.ATA".into(), Var::Bool(true));
        let cash = game.state.corps[ata].cash;
        // The train step, then the issue step: the interest step comes next.
        game.apply(Action::Pass).unwrap();
        game.apply(Action::Pass).unwrap();
        assert_ne!(game.current_actor(), Some(Actor::Corp(ata)), "ATA's turn is over");
        // Records before 2026-05-12 are read with the earlier stacking
        // reading too (nothing here that it changes): only the bond's counts.
        (cash - game.state.corps[ata].cash, report.readings.into_iter().filter(|r| r.contains("interest")).collect::<Vec<_>>())
    };
    for a in rec.actions.iter_mut() {
        a["created_at"] = json!(after + a["id"].as_i64().unwrap());
    }
    let (paid, readings) = ata_cash_after_interest(&rec);
    assert_eq!(paid, 50, "today's reading: L. 50 interest (1849-R-186)");
    assert!(readings.is_empty(), "{readings:?}");
    for a in rec.actions.iter_mut() {
        a["created_at"] = json!(window + a["id"].as_i64().unwrap());
    }
    let (paid, readings) = ata_cash_after_interest(&rec);
    assert_eq!(paid, 0, "no interest in the window");
    assert_eq!(readings.len(), 1, "{readings:?}");
    assert!(readings[0].contains("no corporation pays interest") && readings[0].contains("from 2025-01-15") && readings[0].contains("to 2025-05-29"), "{readings:?}");
    // A record begun before the window: the reading holds from its first
    // action in the window on, and a save replays alike.
    for a in rec.actions.iter_mut() {
        let n = a["id"].as_i64().unwrap();
        a["created_at"] = json!(if n <= 10 { before + n } else { window + n });
    }
    let mut seen: Vec<(i64, bool)> = Vec::new();
    let (game, _) = replay_with(
        &rec,
        None,
        &mut |g, item| {
            if let Some(n) = item["id"].as_i64() {
                seen.push((n, g.state.vars.get("website.no_bond_interest") == Some(&Var::Bool(true))));
            }
        },
        &mut |_, _| {},
    )
    .unwrap_or_else(|(_, e)| panic!("{e}"));
    assert!(seen.iter().all(|&(n, on)| on == (n > 10)), "{seen:?}");
    let again = railhead::game::save::SaveFile::of(&game).restore("saved", None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.digest(), game.digest(), "the save of an import read under a reading of a while differs");
    let (paid, _) = ata_cash_after_interest(&rec);
    assert_eq!(paid, 0);
}

/// 1844: at the SBB's formation the website has the SBB's director remove
/// one of two SBB tokens on a hex (`remove_token` {city, slot}); our
/// engine sends the second marker back to the charter by itself
/// (1844-R-191, scenario test `1844-R-191: a second SBB marker on a hex
/// goes back to the charter` in titles/1844/tests/sbb_R-145_R-201.lua),
/// so the recorded removal translates to nothing. No hand record reaches
/// the formation: this one holds the action where it changes nothing,
/// and the game is the same as without it.
#[test]
fn an_1844_remove_token_is_nothing_to_do() {
    let mut rec = record("1844_opening.json");
    let at = rec.actions.iter().position(|a| a["id"] == 49).unwrap();
    rec.actions.insert(at, json!({"type": "remove_token", "entity": "SBB", "entity_type": "corporation", "id": 49, "city": "K10-0-0", "slot": 0}));
    let (plain, plain_report) = replay(&record("1844_opening.json"), None).unwrap_or_else(|(_, e)| panic!("{e}"));
    let (game, report) = replay(&rec, None).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert_eq!(report.skipped, plain_report.skipped + 1, "the removal is counted as skipped");
    assert!(report.inserted_passes.is_empty(), "{:?}", report.inserted_passes);
    assert_eq!(game.digest(), plain.digest(), "nothing changed the game");
}

/// 1844: until 7 November 2024 the website let a player sell a company's
/// shares in several sales of one stock turn, each moving the price down
/// a row; since, only once a turn. Railhead plays the earlier reading (the
/// rulebook lets a player sell any number of shares, 1844-R-032 moves the
/// price once a sale), so a record of 2024 selling FNM twice in a turn
/// replays as recorded, without a reading.
#[test]
fn an_1844_company_may_be_sold_twice_in_a_turn() {
    let mut rec = record("1844_opening.json");
    let sell = |n: i64, share: &str| json!({"type": "sell_shares", "entity": 201, "entity_type": "player", "id": n, "shares": [share], "percent": 10});
    rec.actions.push(sell(58, "FNM_2"));
    rec.actions.push(sell(59, "FNM_4"));
    rec.actions.push(player(201, "pass", 60));
    for a in rec.actions.iter_mut() {
        a["created_at"] = json!(1_715_000_000 + a["id"].as_i64().unwrap()); // May 2024
    }
    let (game, report) = replay(&rec, None).unwrap_or_else(|(_, e)| panic!("{e}"));
    let fnm = game.state.corp_index("FNM").unwrap();
    let price = railhead::game::market::price_of(&game.title, &game.state, fnm);
    assert_eq!(price, 58, "70 -> 60 -> 58: one row down for each sale");
    let sales: Vec<&String> = game.log.iter().filter(|l| l.starts_with("Ada sells 10 % of FNM")).collect();
    assert_eq!(sales.len(), 2, "{sales:?}");
    assert!(report.readings.iter().all(|r| !r.contains("sell")), "{:?}", report.readings);
}

/// The 1844 opening played on to phase 3 (tests/records/1844_opening.json
/// and the actions below, in the website's format): Cy starts RhB, which
/// spends all but 20 SFR on four 2H trains; the last 2-trains go abroad
/// and the export at the end of OR 4 takes a 3, starting phase 3. In OR
/// 5.1 RhB, directed by Cy who holds P2 (face value 50) and P3 (80), has
/// nothing left to do but buy a private. Today it may pay 1 SFR for one;
/// under the website's rule before 30 March 2025 it needs at least 25 SFR
/// (half of P2's face value), so with 20 SFR it can buy none, and the
/// website ended its turn by itself: the record holds no pass there. The
/// import inserts it for a record of 2024, and stops for the same record
/// dated after the change (a pass the website would have recorded is
/// missing then).
fn the_1844_opening_to_phase_3(created_at: i64) -> Recorded {
    let mut rec = record("1844_opening.json");
    let (ada, bo, cy, di) = (201, 202, 203, 204);
    let corp = |t: &str, c: &str| json!({"type": t, "entity": c, "entity_type": "corporation"});
    let mut more: Vec<Value> = Vec::new();
    let p = |who: i64| json!({"type": "pass", "entity": who, "entity_type": "player"});
    let buy = |who: i64, share: &str| json!({"type": "buy_shares", "entity": who, "entity_type": "player", "shares": [share], "percent": 10});
    let train = |c: &str, id: &str| json!({"type": "buy_train", "entity": c, "entity_type": "corporation", "train": id, "price": 70, "variant": "2H"});
    let run = |c: &str| json!({"type": "run_routes", "entity": c, "entity_type": "corporation", "routes": []});
    // SR 2: RhB launches with 300 SFR.
    more.push(p(ada));
    more.push(json!({"type": "par", "entity": cy, "entity_type": "player", "corporation": "RhB", "share_price": "60,5,4"}));
    more.extend([buy(bo, "RhB_1"), buy(di, "RhB_2"), buy(ada, "RhB_3"), p(cy), p(bo), p(di), p(ada)]);
    // OR 2: FNM buys three 2H, RhB four (20 SFR left); 2-11 goes abroad.
    more.extend([corp("pass", "VZ"), corp("pass", "FNM"), run("FNM"), train("FNM", "2-4"), train("FNM", "2-5"), train("FNM", "2-6")]);
    more.extend([corp("pass", "RhB"), train("RhB", "2-7"), train("RhB", "2-8"), train("RhB", "2-9"), train("RhB", "2-10")]);
    // SR 3, OR 3 (2-12 abroad), SR 4, OR 4 (a 3 abroad: phase 3), SR 5.
    for _ in 0..2 {
        more.extend([p(ada), p(bo), p(cy), p(di), corp("pass", "VZ"), corp("pass", "FNM"), run("FNM"), corp("pass", "RhB")]);
    }
    more.extend([p(ada), p(bo), p(cy), p(di)]);
    // OR 5.1: VZ may buy P4 and declines; RhB passes its tile step, and
    // nothing more is recorded for it; FNM, last, passes its tile step and
    // runs. OR 5.2: VZ buys P4 from Di for 55 SFR, half its face value.
    more.extend([corp("pass", "VZ"), corp("pass", "VZ"), corp("pass", "RhB"), corp("pass", "FNM"), run("FNM")]);
    more.push(json!({"type": "buy_company", "entity": "VZ", "entity_type": "corporation", "company": "P4", "price": 55}));
    let mut id = rec.actions.iter().filter_map(|a| a["id"].as_i64()).max().unwrap();
    for mut a in more {
        id += 1;
        a["id"] = json!(id);
        rec.actions.push(a);
    }
    for a in rec.actions.iter_mut() {
        a["created_at"] = json!(created_at + a["id"].as_i64().unwrap());
    }
    rec
}

/// The pass the website made by itself under its earlier 1844 rule for
/// privates (see `the_1844_opening_to_phase_3`) is inserted; dated after
/// the change, the same record stops.
#[test]
fn under_the_earlier_1844_reading_a_company_too_poor_for_a_private_is_passed() {
    let rec = the_1844_opening_to_phase_3(1_718_000_000); // June 2024
    let last = rec.actions.last().unwrap()["id"].as_i64().unwrap();
    let fnm_pass = last - 2;
    let (game, report) = replay(&rec, None).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert_eq!(game.title.phases[game.state.phase].name, "3");
    let rhb = game.state.corp_index("RhB").unwrap();
    assert_eq!(game.state.corps[rhb].cash, 20);
    // RhB's pass comes before FNM's first action; FNM's own end of turn
    // (its director holds no private it could buy) is passed in both
    // readings, before VZ's purchase.
    assert_eq!(report.inserted_passes.len(), 2, "{:?}", report.inserted_passes);
    let (before, passed) = &report.inserted_passes[0];
    assert_eq!(*before, fnm_pass, "{:?}", report.inserted_passes);
    assert!(report.inserted_passes[1].0 == last && report.inserted_passes[1].1[0].starts_with("FNM"), "{:?}", report.inserted_passes);
    assert!(game.log.iter().any(|l| l == "VZ buys P4 from Di for 55 SFR"), "{:?}", &game.log[game.log.len() - 5..]);
    assert!(passed.len() == 1 && passed[0].starts_with("RhB"), "{passed:?}");
    assert!(report.readings.len() == 1 && report.readings[0].contains("half"), "{:?}", report.readings);
    // Dated after the change RhB could pay 1 SFR for P2: the website would
    // have recorded its pass; without it RhB is still to act when FNM's
    // run comes, and the import stops there.
    let rec = the_1844_opening_to_phase_3(1_750_000_000); // June 2025
    let err = replay(&rec, None).err().map(|(_, e)| e.to_string()).expect("RhB is still to act");
    assert!(err.contains(&format!("action {}", fnm_pass + 1)) && err.contains("RhB"), "{err}");
}

/// 1849: until its change ed559033f reached master (2026-05-12 14:37 UTC) the website
/// restacked a market space at the end of a stock turn, counting a
/// corporation started in that turn as moved and, unpriced at the turn's
/// start, first in the turn's order: it went above the corporations the
/// same turn's sales had brought into its space. Since then (and by
/// 1849-R-013) it goes to the bottom. In tests/records/1849_sale_then_par.json
/// Cy sells ATA (which has operated) into the L. 68 starting space and
/// starts AFG there in the same turn; Ada buys the share back, so no
/// end-of-round fall parts them, and the two operate in their stack order.
#[test]
fn a_corporation_started_after_a_sale_into_its_space_went_above_it_before_may_2026() {
    let change = 1_778_596_632; // 2026-05-12T14:37:12Z (merged)
    let dated = |at: i64| {
        let mut rec = record("1849_sale_then_par.json");
        for a in rec.actions.iter_mut() {
            a["created_at"] = json!(at + a["id"].as_i64().unwrap());
        }
        rec
    };
    // Stack order in the L. 68 space, top first, and who operates first.
    let order = |rec: &Recorded, until: Option<i64>| {
        let (game, report) = replay(rec, until).unwrap_or_else(|(_, e)| panic!("{e}"));
        let st = &game.state;
        let (ata, afg) = (st.corp_index("ATA").unwrap(), st.corp_index("AFG").unwrap());
        assert_eq!(st.corps[ata].price, st.corps[afg].price, "ATA and AFG share a space");
        let top = if st.corps[afg].stack < st.corps[ata].stack { ["AFG", "ATA"] } else { ["ATA", "AFG"] };
        let first = match game.current_actor() {
            Some(Actor::Corp(c)) => st.corps[c].id.clone(),
            other => format!("{other:?}"),
        };
        (top, first, report.readings, game)
    };
    // Before: AFG above ATA at the end of Cy's turn, and it operates first.
    let before = dated(change - 10_000);
    let (top, _, _, _) = order(&before, Some(39));
    assert_eq!(top, ["AFG", "ATA"]);
    let (top, first, readings, game) = order(&before, None);
    assert_eq!((top, first.as_str()), (["AFG", "ATA"], "AFG"));
    assert!(readings.len() == 1 && readings[0].contains("goes above") && readings[0].contains("2026-05-12"), "{readings:?}");
    assert!(game.log.iter().any(|l| l == "AFG is stacked above ATA at L. 68, sold into that space this turn"), "{:?}", &game.log[game.log.len() - 12..]);
    let again = railhead::game::save::SaveFile::of(&game).restore("saved", None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.digest(), game.digest(), "the save of an import read under the earlier stacking differs");
    // After (and undated): ATA, there first, stays above AFG and operates first.
    for rec in [dated(change), record("1849_sale_then_par.json")] {
        let (top, first, readings, _) = order(&rec, None);
        assert_eq!((top, first.as_str()), (["ATA", "AFG"], "ATA"));
        assert!(readings.is_empty(), "{readings:?}");
    }
}

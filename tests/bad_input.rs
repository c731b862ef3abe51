//! Bad input never panics, never changes a game, and always says where:
//! broken TOML, unknown keys, Lua syntax and runtime errors, endless
//! loops, scripts reaching for `os`, damaged save files.

mod common;

use railhead::game::save::SaveFile;
use railhead::game::{Game, Setup};
use railhead::title::{TitleSource, load};
use std::collections::BTreeMap;
use std::fs;
use common::edit;
use std::path::Path;
use std::sync::Arc;

/// A copy of the 1849 title in a fresh temporary folder (removed when the
/// guard is dropped).
fn copy_1849(name: &str) -> common::TempFolder {
    common::fresh_copy("1849", &format!("bad-input-{name}"))
}

fn load_dir(dir: &Path) -> Result<railhead::title::Title, String> {
    load::load(&TitleSource::Disk(dir.to_path_buf()), &BTreeMap::new(), None).map_err(|e| e.to_string())
}

fn new_game(title: railhead::title::Title) -> Result<Game, String> {
    let setup = Setup { players: vec!["A".into(), "B".into(), "C".into(), "D".into()], seed: 1, options: BTreeMap::new(), values: BTreeMap::new() };
    Game::new(Arc::new(title), setup).map_err(|e| e.to_string())
}

#[test]
fn broken_toml_names_file_and_line() {
    let dir = copy_1849("toml");
    edit(&dir.join("trains.toml"), "[[train]]", "[[train]\n");
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("trains.toml:"), "{err}");
    assert!(err.split("trains.toml:").nth(1).is_some_and(|rest| rest.chars().next().is_some_and(|c| c.is_ascii_digit())), "no line: {err}");
}

#[test]
fn unknown_key_names_key_path_line_and_suggests() {
    let dir = copy_1849("key");
    edit(&dir.join("companies.toml"), "token_fee = 40", "token_fe = 40");
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("companies.toml:"), "{err}");
    assert!(err.contains("corporation[0]"), "no key path: {err}");
    assert!(err.contains("did you mean `token_fee`"), "no hint: {err}");
}

#[test]
fn unknown_reference_is_reported_with_hint() {
    let dir = copy_1849("ref");
    edit(&dir.join("phases.toml"), "on_train = \"6H\"", "on_train = \"6X\"");
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("phases.toml:") && err.contains("unknown train \"6X\""), "{err}");
}

#[test]
fn phase_without_a_trigger_is_reported() {
    // A later phase starts by a train or by a script; with neither it
    // could never begin.
    let dir = copy_1849("trigger");
    edit(&dir.join("phases.toml"), "on_train = \"6H\"\n", "");
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("phases.toml:") && err.contains("needs `on_train` or `on_script = true`"), "{err}");
    edit(&dir.join("phases.toml"), "name = \"6\"\n", "name = \"6\"\non_script = true\n");
    load_dir(&dir).expect("a phase a script starts is valid");
}

#[test]
fn corporation_state_mistakes_are_reported() {
    let dir = copy_1849("states");
    let states = "\n[[corporation_state]]\nname = \"building\"\nskips = [\"run_route\"]\ndividends = [\"all\"]\nnext = [\"runing\"]\n";
    let text = fs::read_to_string(dir.join("companies.toml")).unwrap();
    fs::write(dir.join("companies.toml"), text + states).unwrap();
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("companies.toml:") && err.contains("unknown operating step \"run_route\""), "{err}");
    assert!(err.contains("did you mean `run_routes`"), "{err}");
    assert!(err.contains("unknown dividend \"all\""), "{err}");
    assert!(err.contains("unknown corporation state \"runing\""), "{err}");
}

#[test]
fn lua_syntax_error_names_file_and_line() {
    let dir = copy_1849("syntax");
    fs::write(dir.join("scripts/scoring.lua"), "-- broken\nhook(\"player_value\", function(game\n").unwrap();
    let err = new_game(load_dir(&dir).unwrap()).err().expect("the game must not start");
    assert!(err.contains("scripts/scoring.lua:"), "{err}");
}

#[test]
fn script_touching_os_is_stopped() {
    let dir = copy_1849("os");
    edit(&dir.join("scripts/setup.lua"), "hook(\"setup\", function(game)\n", "hook(\"setup\", function(game)\n  os.execute(\"touch /tmp/pwned\")\n");
    let err = new_game(load_dir(&dir).unwrap()).err().expect("the game must not start");
    assert!(err.contains("setup.lua:49"), "{err}");
    assert!(err.contains("os"), "{err}");
    assert!(err.contains("hook 'setup'"), "{err}");
}

#[test]
fn a_hook_defined_twice_names_both_places() {
    // emergency_failed acts once: its answer cannot be combined (hooks
    // whose answers combine take several definitions: title_checks.rs).
    let dir = copy_1849("twice");
    let first = fs::read_to_string(dir.join("scripts/emergency.lua")).unwrap().lines().position(|l| l.starts_with("hook(\"emergency_failed\"")).unwrap() + 1;
    fs::write(dir.join("scripts/scoring.lua"), "-- a second one\nhook(\"emergency_failed\", function(game) end)\n").unwrap();
    let err = new_game(load_dir(&dir).unwrap()).err().expect("the game must not start");
    assert!(err.contains("hook 'emergency_failed' is defined twice"), "{err}");
    assert!(err.contains(&format!("emergency.lua:{first}")), "{err}");
    assert!(err.contains("scoring.lua:2"), "{err}");
}

#[test]
fn endless_loop_is_stopped_with_a_clear_error() {
    let dir = copy_1849("loop");
    edit(&dir.join("scripts/setup.lua"), "hook(\"setup\", function(game)\n", "hook(\"setup\", function(game)\n  while true do end\n");
    let err = new_game(load_dir(&dir).unwrap()).err().expect("the game must not start");
    assert!(err.contains("instructions"), "{err}");
    assert!(err.contains("hook 'setup'"), "{err}");
}

#[test]
fn memory_hog_is_stopped_with_a_clear_error() {
    let dir = copy_1849("hog");
    edit(
        &dir.join("scripts/setup.lua"),
        "hook(\"setup\", function(game)\n",
        "hook(\"setup\", function(game)\n  local s, t = \"x\", {}\n  for i = 1, 16 do s = s .. s end\n  for i = 1, 1e9 do t[i] = s .. i end\n",
    );
    let err = new_game(load_dir(&dir).unwrap()).err().expect("the game must not start");
    assert!(err.contains("MiB of memory"), "{err}");
    assert!(err.contains("hook 'setup'"), "{err}");
}

/// `game` methods build their results without the cap (see `script::Cap`),
/// but what they build counts: keeping their results is still stopped by
/// the cap, long before the instruction budget.
#[test]
fn memory_hog_piling_up_game_tables_is_stopped_too() {
    let dir = copy_1849("hog_tables");
    edit(
        &dir.join("scripts/setup.lua"),
        "hook(\"setup\", function(game)\n",
        "hook(\"setup\", function(game)\n  local id, t = game:corporations()[1], {}\n  for i = 1, 1e9 do t[i] = game:corporation(id) end\n",
    );
    let err = new_game(load_dir(&dir).unwrap()).err().expect("the game must not start");
    assert!(err.contains("MiB of memory"), "{err}");
    assert!(err.contains("hook 'setup'"), "{err}");
}

#[test]
fn runtime_error_in_a_hook_refuses_the_action_and_keeps_the_state() {
    let dir = copy_1849("runtime");
    // Unguarded, so that every purchase calls it (its guard limits it to
    // the last certificate), then broken.
    edit(&dir.join("scripts/certificates.lua"), "{ when = { args = { tag = \"last\" } } }, ", "");
    edit(&dir.join("scripts/certificates.lua"), "if tag ~= \"last\" then return true end", "local x = nil; x.boom = 1");
    let mut g = new_game(load_dir(&dir).unwrap()).unwrap();
    // Play the private sale quickly: everyone buys the cheapest.
    for _ in 0..5 {
        let moves = g.legal_moves().unwrap();
        let buy = moves.iter().find(|m| matches!(m.action, railhead::game::action::Action::BuyCompany { .. })).unwrap().action.clone();
        g.apply(buy).unwrap();
        while let Some(p) = g.state.flow.pending.last().cloned() {
            let _ = p;
            let m = g.legal_moves().unwrap()[0].action.clone();
            g.apply(m).unwrap();
        }
    }
    // Start a corporation, then a purchase runs the broken hook.
    // (The moves cannot be listed any more: every purchase tried fails.)
    let par = g.candidate_moves().unwrap().into_iter().find(|m| matches!(m.action, railhead::game::action::Action::Par { .. }));
    if let Some(par) = par {
        g.apply(par.action).unwrap();
    }
    let before = g.digest();
    // A script fault while the moves are tried is an error naming the
    // script's file and line, not a move that silently vanishes (issue 17;
    // before, `moves` listed everything but the purchases).
    let err = g.legal_moves().map(|_| ()).unwrap_err().to_string();
    assert!(err.contains("certificates.lua:") && err.contains("can_buy_certificate") && err.contains("while trying `buy"), "{err}");
    assert_eq!(g.digest(), before, "listing the moves changed the state");
    let corp = g.state.corps.iter().find(|c| c.started).map(|c| c.id.clone()).unwrap();
    let err = g.act(&format!("buy {corp} treasury")).unwrap_err();
    assert!(err.contains("certificates.lua:"), "{err}");
    assert!(err.contains("can_buy_certificate"), "{err}");
    assert_eq!(g.digest(), before, "a failed action changed the state");
}

#[test]
fn sandbox_has_no_io_os_require_or_loading() {
    let t = Arc::new(load::embedded("1849").unwrap());
    let host = railhead::script::ScriptHost::new(t.clone()).unwrap();
    for name in ["io", "os", "require", "package", "debug", "dofile", "loadfile", "load", "collectgarbage", "coroutine"] {
        let err = host.lua().load(format!("return {name}")).eval::<mlua::Value>().unwrap_err().to_string();
        assert!(err.contains(&format!("'{name}' is not available to title scripts")), "{name} is reachable from title scripts: {err}");
    }
    for code in ["return math.random", "return math.randomseed", "return string.dump"] {
        let v: mlua::Value = host.lua().load(code).eval().unwrap();
        assert!(v.is_nil(), "{code}: not deterministic, or reaches outside");
    }
}

#[test]
fn truncated_save_file_is_reported_with_line_and_column() {
    let t = load::embedded("1849").unwrap();
    let mut g = new_game(t).unwrap();
    g.act("pass").unwrap();
    let text = SaveFile::of(&g).to_json();
    let cut = &text[..text.len() / 2];
    let err = SaveFile::parse("game.json", cut).unwrap_err().to_string();
    assert!(err.starts_with("game.json:"), "{err}");
    assert!(err.contains("not a railhead save file"), "{err}");
}

#[test]
fn edited_save_file_names_the_refused_action() {
    let t = load::embedded("1849").unwrap();
    let mut g = new_game(t).unwrap();
    g.act("bid P4 115").unwrap();
    let mut file = SaveFile::of(&g);
    file.actions.push(railhead::game::action::Action::Bid { company: "P4".into(), price: 116 });
    let text = file.to_json();
    let parsed = SaveFile::parse("game.json", &text).unwrap();
    let err = match parsed.restore("game.json", None) {
        Ok(_) => panic!("an illegal action in a save file must be refused"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("action 1"), "{err}");
    assert!(err.contains("bid P4 116"), "{err}");
    assert!(err.contains("1849-R-051") || err.contains("1849-R-053"), "{err}");
    // A designer's title changed since the game was saved is the other cause.
    assert!(err.contains("the title's rules"), "{err}");
}

#[test]
fn refused_actions_leave_the_digest_unchanged() {
    let t = load::embedded("1849").unwrap();
    let mut g = new_game(t).unwrap();
    for cmd in ["bid P1 25", "bid P4 100", "buy P2", "par AFG 68", "lay G13 8 2", "payout", "sell RCS 1", "nonsense"] {
        let before = g.digest();
        assert!(g.act(cmd).is_err(), "{cmd} should be refused");
        assert_eq!(g.digest(), before, "{cmd} changed the state");
    }
}

/// Lists `path` first in title.toml's `scripts`.
fn list_script_first(dir: &Path, path: &str) {
    edit(&dir.join("title.toml"), "scripts = [\n", &format!("scripts = [\n  {path:?},\n"));
}

/// A file outside every title folder, whose text must never be shown: in
/// the temporary folder beside the titles' copies, removed when dropped.
fn secret_file(name: &str) -> tempfile::NamedTempFile {
    let file = tempfile::Builder::new().prefix(&format!("railhead-secret-{name}-")).suffix(".txt").tempfile().unwrap();
    fs::write(file.path(), "the secret text\n").unwrap();
    file
}

#[test]
fn scripts_from_outside_the_title_folder_are_refused() {
    let secret = secret_file("outside");
    let relative = format!("../{}", secret.path().file_name().unwrap().to_str().unwrap());
    for listed in [relative.as_str(), secret.path().to_str().unwrap(), "scripts/../../etc/passwd"] {
        let dir = copy_1849("outside");
        list_script_first(&dir, listed);
        let err = load_dir(&dir).expect_err(listed);
        assert!(err.contains("title.toml") && err.contains("scripts[0]"), "{listed}: {err}");
        assert!(err.contains("inside the title folder"), "{listed}: {err}");
        assert!(!err.contains("secret text"), "{listed}: {err}");
    }
}

#[cfg(unix)]
#[test]
fn a_script_linked_to_a_file_outside_the_folder_is_refused() {
    let secret = secret_file("link");
    let dir = copy_1849("link");
    std::os::unix::fs::symlink(secret.path(), dir.join("scripts/linked.lua")).unwrap();
    list_script_first(&dir, "scripts/linked.lua");
    let err = load_dir(&dir).expect_err("a link out of the folder");
    assert!(err.contains("title.toml") && err.contains("scripts[0]") && err.contains("outside the title folder"), "{err}");
    assert!(!err.contains("secret text"), "{err}");
}

#[test]
fn a_script_that_is_not_utf8_is_named_with_the_byte() {
    let dir = copy_1849("utf8-script");
    fs::write(dir.join("scripts/scoring.lua"), b"-- fine\nlocal x = \"\xff\"\n").unwrap();
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("scripts/scoring.lua"), "{err}");
    assert!(err.contains("not valid UTF-8") && err.contains("byte offset 19") && err.contains("line 2"), "{err}");
    assert!(!err.contains("not found"), "{err}");
    fs::remove_file(dir.join("scripts/scoring.lua")).unwrap();
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("scripts/scoring.lua") && err.contains("not found"), "{err}");
}

#[test]
fn a_toml_file_that_is_not_utf8_is_named_with_the_byte() {
    let dir = copy_1849("utf8-toml");
    let mut bytes = fs::read(dir.join("map.toml")).unwrap();
    bytes.splice(0..0, b"# caf\xe9\n".iter().copied());
    fs::write(dir.join("map.toml"), bytes).unwrap();
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("map.toml") && err.contains("not valid UTF-8") && err.contains("byte offset 5"), "{err}");
    assert!(!err.contains("missing"), "{err}");
}

#[test]
fn a_title_file_over_the_size_limit_is_refused_unread() {
    let dir = copy_1849("size");
    let mut text = fs::read_to_string(dir.join("tiles.toml")).unwrap();
    let comment = format!("# {}\n", "x".repeat(1000));
    while text.len() <= 5 << 20 {
        text.push_str(&comment);
    }
    fs::write(dir.join("tiles.toml"), text).unwrap();
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("tiles.toml") && err.contains("MiB"), "{err}");
}

#[test]
fn a_game_refuses_players_with_the_same_name() {
    let t = Arc::new(load::embedded("1849").unwrap());
    for names in [["A", "B", "A"], ["ann", "bo", "ANN"]] {
        let setup = Setup { players: names.iter().map(|n| n.to_string()).collect(), seed: 1, options: BTreeMap::new(), values: BTreeMap::new() };
        let err = Game::new(t.clone(), setup).err().map(|e| e.to_string()).expect("duplicate names must be refused");
        assert!(err.contains("twice"), "{err}");
    }
}

/// `game:random` draws differ within one action (before issue 17 two
/// draws of one action were equal: the number hashed only the seed and
/// the action count), and a game with the same seed draws the same.
#[test]
fn two_random_draws_in_one_action_differ_and_replay_alike() {
    let dir = copy_1849("random");
    let file = dir.join("scripts/terrain.lua");
    let mut text = fs::read_to_string(&file).unwrap();
    text.push_str("\non(\"round_started\", function(game, ev) game:set_var(\"draws\", game:random(1000000) .. \",\" .. game:random(1000000)) end)\n");
    fs::write(&file, text).unwrap();
    let draws = |g: &Game| g.state.vars.get("draws").map(|v| format!("{v:?}")).expect("the handler ran");
    let first = new_game(load_dir(&dir).unwrap()).unwrap();
    let again = new_game(load_dir(&dir).unwrap()).unwrap();
    let shown = draws(&first);
    let numbers: Vec<String> = shown.trim_matches(|c: char| !c.is_ascii_digit()).split(',').map(str::to_string).collect();
    assert_eq!(numbers.len(), 2, "{shown}");
    assert_ne!(numbers[0], numbers[1], "two draws of one action are equal: {shown}");
    assert_eq!(shown, draws(&again), "the same seed drew other numbers");
}

/// A corporation a script floats (1844's SBB, formed by merger) fires
/// `corporation_floated` like any launch, once (before issue 17 it fired
/// nothing, so handlers of the event never saw it).
#[test]
fn a_corporation_a_script_floats_fires_corporation_floated_once() {
    let dir = copy_1849("set-floated");
    let file = dir.join("scripts/terrain.lua");
    let mut text = fs::read_to_string(&file).unwrap();
    text.push_str(
        "\non(\"round_started\", function(game, ev) game:set_floated(\"CTL\", 100); game:set_floated(\"CTL\", 100) end)\n\
         on(\"corporation_floated\", function(game, ev) game:set_var(\"floated.\" .. ev.corp, (game:var(\"floated.\" .. ev.corp) or 0) + 1) end)\n",
    );
    fs::write(&file, text).unwrap();
    let g = new_game(load_dir(&dir).unwrap()).unwrap();
    let seen = g.state.vars.get("floated.CTL").map(|v| format!("{v:?}"));
    assert!(seen.as_deref().is_some_and(|s| s.contains('1') && !s.contains('2')), "corporation_floated fired {seen:?} times");
    assert!(g.state.corps.iter().any(|c| c.id == "CTL" && c.floated && c.par == Some(100)));
}

#[test]
fn a_malformed_link_names_file_line_and_side() {
    // map.toml's `[[link]]` (docs/title-format.md): both hexes on the map,
    // edges 0-5, neither side facing a hex of the map, no side linked twice.
    let dir = copy_1849("map-link");
    let map = dir.join("map.toml");
    let text = fs::read_to_string(&map).unwrap();
    let first = text.lines().count() + 2;
    let links = "\n[[link]]\nfrom = \"B14\"\nfrom_edge = 0\nto = \"Z99\"\nto_edge = 1\n\n[[link]]\nfrom = \"A15\"\nfrom_edge = 7\nto = \"B14\"\nto_edge = 0\n";
    fs::write(&map, format!("{text}{links}")).unwrap();
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains(&format!("map.toml:{first}: link[0].to: the link names hex \"Z99\", which is not on the map")), "{err}");
    assert!(err.contains(&format!("map.toml:{first}: link[0].from_edge: the S side of B14 (edge 0) faces D14 on the map")), "{err}");
    assert!(err.contains(&format!("map.toml:{}: link[1].from_edge: link edge 7 of A15 is not 0-5", first + 6)), "{err}");
    // An unknown key is refused like anywhere else in title data.
    let dir = copy_1849("map-link-key");
    let map = dir.join("map.toml");
    let text = fs::read_to_string(&map).unwrap();
    fs::write(&map, format!("{text}\n[[link]]\nfrom = \"B14\"\nfrom_edge = 0\nto = \"A15\"\nto_edg = 1\n")).unwrap();
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("map.toml:") && err.contains("did you mean `to_edge`"), "{err}");
}

#[test]
fn a_side_linked_twice_or_a_hex_linked_to_itself_is_refused() {
    let dir = copy_1849("map-link-twice");
    let map = dir.join("map.toml");
    let text = fs::read_to_string(&map).unwrap();
    // A15 (Messina's north-east part) has no hex on its north side (3).
    let links = "\n[[link]]\nfrom = \"A15\"\nfrom_edge = 3\nto = \"A15\"\nto_edge = 2\n\n[[link]]\nfrom = \"A15\"\nfrom_edge = 3\nto = \"B14\"\nto_edge = 3\n\n[[link]]\nfrom = \"B14\"\nfrom_edge = 3\nto = \"A15\"\nto_edge = 3\n";
    fs::write(&map, format!("{text}{links}")).unwrap();
    let err = load_dir(&dir).unwrap_err();
    assert!(err.contains("link[0].to: the link joins A15 to itself"), "{err}");
    assert!(err.contains("link[2].to_edge: the N side of A15 (edge 3) is linked twice"), "{err}");
}

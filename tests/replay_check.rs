//! The backstop behind the script sandbox (issue 15): a game whose title
//! scripts keep state outside the game differs from the replay of its
//! action log, and `fuzz::replay::check_replay` (run by `railhead check`
//! and `railhead fuzz`) says so, naming the action and the script calls.
//!
//! The sandbox leaves no such state to a script (tests/hostile_scripts.rs),
//! so these tests open a hole from Rust: a global function that counts its
//! calls, as a library function with hidden state would.

use railhead::fuzz::random_move;
use railhead::fuzz::replay::{CHECK_MOVES, check_replay, play_and_replay};
use railhead::game::{Game, Setup};
use railhead::script::{ScriptHost, freeze};
use railhead::title::source::MemoryTitle;
use railhead::title::{Title, TitleSource, load};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

/// 1849 with one more handler: each company sold keeps what `leak()`
/// gives in a var. The title's own `leak` always gives 0.
fn title_calling_leak() -> Arc<Title> {
    let source = TitleSource::embedded("1849").expect("1849 is embedded");
    let mut rels = vec!["title.toml".to_string()];
    rels.extend(load::DATA_FILES.iter().map(|s| format!("{s}.toml")));
    rels.extend(source.list("scripts", "lua"));
    let mut files: BTreeMap<String, String> = rels.into_iter().filter_map(|r| source.read(&r).ok().map(|t| (r, t))).collect();
    let privates = files.get_mut("scripts/privates.lua").expect("1849 has privates.lua");
    privates.push_str("\nfunction leak() return 0 end\non(\"company_sold\", function(game, ev) game:set_var(\"leaked\", leak()) end)\n");
    let source = TitleSource::Memory(Arc::new(MemoryTitle { name: "leaky/1849".into(), files }));
    Arc::new(load::load(&source, &BTreeMap::new(), Some(4)).expect("the title loads"))
}

/// A host whose `leak()` counts its calls across every game it serves
/// and every trial move.
fn leaky_host(title: &Arc<Title>) -> Rc<ScriptHost> {
    let host = ScriptHost::new(title.clone()).expect("the scripts load");
    let lua = host.lua();
    let calls = Rc::new(Cell::new(0i64));
    let leak = lua
        .create_function(move |_, ()| {
            calls.set(calls.get() + 1);
            Ok(calls.get())
        })
        .unwrap();
    let globals = freeze::contents(lua, &lua.globals());
    globals.raw_set("leak", leak).unwrap();
    Rc::new(host)
}

fn setup(seed: u64) -> Setup {
    Setup { players: ["A", "B", "C", "D"].map(String::from).to_vec(), seed, options: BTreeMap::new(), values: BTreeMap::new() }
}

fn play(game: &mut Game, moves: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..moves {
        random_move(game, &mut rng).expect("a random move is played");
    }
}

#[test]
fn state_kept_outside_the_game_is_found_and_named() {
    let title = title_calling_leak();
    let host = leaky_host(&title);
    let mut game = Game::with_host(title.clone(), host.clone(), setup(7)).unwrap();
    play(&mut game, 40, 7);
    assert!(game.state.vars.contains_key("leaked"), "no company was sold in 40 moves");
    let err = check_replay(&game).expect_err("the leak must be found");
    assert!(err.contains("differs from its replay after action"), "{err}");
    assert!(!err.contains("refused in a replay"), "both replays run the same scripts: {err}");
    assert!(err.contains("handler of 'company_sold' (leaky/1849/scripts/privates.lua:"), "the handler is not named: {err}");
}

#[test]
fn a_state_changed_between_actions_is_found() {
    let title = Arc::new(load::embedded("1849").unwrap());
    let mut game = Game::new(title, setup(3)).unwrap();
    play(&mut game, 30, 3);
    check_replay(&game).expect("an untouched game equals its replay");
    game.state.bank += 10;
    let err = check_replay(&game).expect_err("a changed bank must be found");
    assert!(err.contains("changed outside the actions"), "{err}");
}

/// What `railhead check` runs: every shipped title's short random games
/// equal their replays.
#[test]
fn shipped_titles_play_and_replay_the_same() {
    for id in TitleSource::embedded_ids() {
        let title = Arc::new(load::embedded(&id).unwrap());
        for pc in &title.player_counts {
            let played = play_and_replay(&title, pc.players, 1, CHECK_MOVES).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert!(played > 50, "{id}, {} players: only {played} actions", pc.players);
        }
    }
}

//! `when` guards on hook definitions (docs/lua-api.md, "Guards"), as a
//! designer meets them: a mistake in one is an error at its line when the
//! title loads, and a guard that leaves out a call whose answer mattered
//! fails the title's tests, naming the definition.

mod common;

use common::{check_fails, edit, line_of};
use std::process::Command;

fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_railhead")).args(args).output().unwrap();
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

/// A copy of `title` with `from` made `to` in `script` (one line): its
/// tests named by `filter` must fail. The line of the edit and what the
/// tests said.
fn tests_fail_when_edited(title: &str, tag: &str, script: &str, from: &str, to: &str, filter: &str) -> (usize, String) {
    let dir = common::fresh_copy(title, tag);
    let file = dir.join(script);
    edit(&file, from, to);
    let line = line_of(&file, to);
    let (ok, out) = run(&["test", "--title-dir", dir.to_str().unwrap(), "--filter", filter]);
    assert!(!ok, "the tests passed with `{to}`:\n{out}");
    (line, out)
}

#[test]
fn a_guard_naming_an_argument_the_hook_lacks_is_an_error_at_its_line() {
    let dir = common::fresh_copy("1849", "guard-arg");
    let file = dir.join("scripts/electric.lua");
    edit(&file, "{ when = { args = { variant = \"E\" } } }", "{ when = { args = { train = \"E\" } } }");
    let line = line_of(&file, "args = { train = \"E\" }");
    let out = check_fails(&dir);
    assert!(out.contains(&format!("electric.lua:{line}")), "no file and line {line}: {out}");
    assert!(out.contains("hook 'can_buy_train': no argument 'train'") && out.contains("corp, variant, seller, price"), "{out}");
}

#[test]
fn a_guard_condition_spelt_wrong_is_an_error_with_a_hint() {
    let dir = common::fresh_copy("1849", "guard-key");
    let file = dir.join("scripts/privates.lua");
    edit(&file, "{ when = { turn_var = \"sms_hex\" } }", "{ when = { turn_vars = \"sms_hex\" } }");
    let line = line_of(&file, "turn_vars = \"sms_hex\"");
    let out = check_fails(&dir);
    assert!(out.contains(&format!("privates.lua:{line}")), "no file and line {line}: {out}");
    assert!(out.contains("unknown `when` condition 'turn_vars'") && out.contains("did you mean `turn_var`"), "{out}");
}

/// 1849-R-194's tests refuse E trains to a corporation without an E token.
/// A guard claiming the hook matters only for 8H trains would let them
/// through in play; `railhead test` calls the left-out definition anyway
/// and fails with the place of the wrong guard.
#[test]
fn a_wrong_guard_fails_the_titles_tests_naming_the_definition() {
    let (line, out) =
        tests_fail_when_edited("1849", "guard-wrong", "scripts/electric.lua", "{ when = { args = { variant = \"E\" } } }", "{ when = { args = { variant = \"8H\" } } }", "1849-R-194 (WE-15)");
    assert!(out.contains(&format!("electric.lua:{line}")) && out.contains("its guard is wrong"), "{out}");
}

/// The same tests pass with the title's own guard.
#[test]
fn the_titles_own_guard_passes_the_same_tests() {
    let (ok, out) = run(&["test", "1849", "--filter", "1849-R-194 (WE-15)"]);
    assert!(ok && out.contains("1 passed, 0 failed"), "{out}");
}

/// An ability's `actions` guard is verified the same way: 1844's tunnel
/// certificates guarded to stock rounds would never offer a tunnel, and
/// the tunnel tests fail naming the ability.
#[test]
fn a_wrong_guard_on_an_abilitys_actions_fails_the_tests() {
    let (_, out) =
        tests_fail_when_edited("1844", "guard-ability", "scripts/tunnels.lua", "when = { round = \"operating\", ctx = { actor_kind = \"corporation\" } }", "when = { round = \"stock\" }", "tunnel");
    assert!(out.contains("ability 'build_tunnel' (actions)") && out.contains("its guard is wrong"), "{out}");
}

/// An event handler's guard is verified by what the handler does: 1849
/// re-examines AFG's homes at each stock round; a guard claiming
/// the handler matters only at operating rounds would skip that, and the
/// tests of 1849-R-084 fail naming the handler's line.
#[test]
fn a_wrong_guard_on_an_event_handler_fails_the_tests_naming_the_handler() {
    let (line, out) =
        tests_fail_when_edited("1849", "guard-handler", "scripts/setup.lua", "{ when = { args = { kind = \"stock\" } } }", "{ when = { args = { kind = \"operating\" } } }", "1849-R-084, A-20");
    assert!(out.contains(&format!("setup.lua:{line}")) && out.contains("it changed the game where its `when` guard does not hold"), "{out}");
}

/// The same tests pass with the title's own handler guard.
#[test]
fn the_titles_own_handler_guard_passes_the_same_tests() {
    let (ok, out) = run(&["test", "1849", "--filter", "1849-R-084, A-20"]);
    assert!(ok && out.contains("2 passed, 0 failed"), "{out}");
}

/// A handler guard reading a field its event does not have could never
/// hold: the first time the event comes it is an error naming the field,
/// the event's fields and the handler's line.
#[test]
fn a_handler_guard_on_a_field_the_event_lacks_is_an_error_naming_it() {
    let (line, out) = tests_fail_when_edited("1849", "guard-field", "scripts/setup.lua", "{ when = { args = { kind = \"stock\" } } }", "{ when = { args = { knd = \"stock\" } } }", "1849-R-084, A-20");
    assert!(out.contains(&format!("setup.lua:{line}")) && out.contains("reads the field 'knd'") && out.contains("its fields: kind, round"), "{out}");
}

/// A mistake in a handler's options is an error at its line when the
/// title loads, as for hooks.
#[test]
fn a_handler_option_spelt_wrong_is_an_error_at_its_line() {
    let dir = common::fresh_copy("1849", "guard-handler-key");
    let file = dir.join("scripts/setup.lua");
    edit(&file, "{ when = { args = { kind = \"stock\" } } }", "{ whn = { args = { kind = \"stock\" } } }");
    let line = line_of(&file, "whn = {");
    let out = check_fails(&dir);
    assert!(out.contains(&format!("setup.lua:{line}")), "no file and line {line}: {out}");
    assert!(out.contains("on('round_started'): unknown option") && out.contains("the options of a handler: when"), "{out}");
}

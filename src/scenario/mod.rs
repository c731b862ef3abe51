//! Scenario tests: Lua scripts that play and inspect games and assert
//! results (`titles/<id>/tests/*.lua`), run by `railhead test`,
//! `railhead run` and `cargo test` (tests/scenarios.rs).
//!
//! A test file runs in its own sandboxed Lua state (`sandbox`), with the
//! same libraries and limits as title scripts. Loading the file registers
//! its tests (`test(name, fn)`, `pending(name, reason)`); the runner then
//! calls each one on its own: a Lua error or a failed expectation fails
//! that test only, with the `file:line` where it happened. Games are made
//! with `new_game{...}` (`game`), changed by REPL commands or test-only
//! setters (`setters`), and read through the title-script `game` API.
//! The script API is documented in docs/scenario-tests.md.

pub mod assert;
pub mod game;
mod libs;
mod sandbox;
mod setters;

use crate::script::ScriptHost;
use crate::title::{Title, TitleSource, load};
use mlua::{Function, Lua, Value};
use serde::Serialize;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::sync::Arc;

/// A loaded title with its option choices and player count.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TitleKey {
    pub source: String,
    pub options: BTreeMap<String, bool>,
    pub players: usize,
}

/// A compiled title and its loaded scripts.
pub type LoadedTitle = (Arc<Title>, Rc<ScriptHost>);

/// Titles and their script hosts, loaded once per run and shared by the
/// games of every test (a host keeps no game state).
#[derive(Default)]
pub struct TitleCache {
    loaded: RefCell<BTreeMap<TitleKey, LoadedTitle>>,
}

impl TitleCache {
    pub fn new() -> Rc<TitleCache> {
        Rc::new(TitleCache::default())
    }

    pub fn get(&self, source: &TitleSource, key: &TitleKey) -> Result<LoadedTitle, String> {
        if let Some(hit) = self.loaded.borrow().get(key) {
            return Ok(hit.clone());
        }
        let title = load::load(source, &key.options, Some(key.players)).map_err(|e| format!("the title does not load: {e}"))?;
        let title = Arc::new(title);
        let host = ScriptHost::new(title.clone()).map_err(|e| format!("the title's scripts do not load: {e}"))?;
        // Scenario tests reach the rare positions guards are about.
        host.verify_guards(true);
        let entry = (title, Rc::new(host));
        self.loaded.borrow_mut().insert(key.clone(), entry.clone());
        Ok(entry)
    }

    /// The id a title folder declares (for `new_game{ title = ... }`).
    pub fn id_of(&self, source: &TitleSource) -> Option<String> {
        let text = source.read("title.toml").ok()?;
        let file: crate::title::schema::TitleFile = load::parse_text(&source.display("title.toml"), &text).ok()?;
        Some(file.title.id)
    }
}

/// What a test file's Lua state knows besides Lua.
pub(crate) struct Context {
    pub default_title: Option<TitleSource>,
    pub titles: Rc<TitleCache>,
    tests: RefCell<Vec<Registered>>,
    /// The file is loading: `test` and `pending` may register.
    loading: Cell<bool>,
}

struct Registered {
    name: String,
    line: Option<String>,
    body: Option<Function>,
    pending: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Outcome {
    Passed,
    /// The message starts with the `file:line` where the test failed.
    Failed { message: String },
    Pending { reason: String },
}

#[derive(Clone, Debug, Serialize)]
pub struct Case {
    /// The test file as shown in messages (`titles/1849/tests/x.lua`).
    pub file: String,
    pub name: String,
    /// Where the test is declared (`file:line`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declared: Option<String>,
    #[serde(flatten)]
    pub outcome: Outcome,
    /// What the test printed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub output: Vec<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    pub cases: Vec<Case>,
}

impl Report {
    pub fn passed(&self) -> usize {
        self.cases.iter().filter(|c| c.outcome == Outcome::Passed).count()
    }
    pub fn failed(&self) -> usize {
        self.cases.iter().filter(|c| matches!(c.outcome, Outcome::Failed { .. })).count()
    }
    pub fn pending(&self) -> usize {
        self.cases.iter().filter(|c| matches!(c.outcome, Outcome::Pending { .. })).count()
    }
    pub fn failures(&self) -> impl Iterator<Item = &Case> {
        self.cases.iter().filter(|c| matches!(c.outcome, Outcome::Failed { .. }))
    }
    pub fn extend(&mut self, other: Report) {
        self.cases.extend(other.cases);
    }
    /// `N passed, M failed` (and `, K pending` when there are any).
    pub fn summary(&self) -> String {
        let mut s = format!("{} passed, {} failed", self.passed(), self.failed());
        if self.pending() > 0 {
            s.push_str(&format!(", {} pending", self.pending()));
        }
        s
    }
}

#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Run only tests whose name or file contains this text (any case).
    pub filter: Option<String>,
    /// `railhead run`: a script without `test`s counts as one test, its
    /// top-level code.
    pub script_mode: bool,
    /// `railhead test --inherited`: a title that extends another also runs
    /// its parents' tests, against itself.
    pub inherited: bool,
}

impl RunOptions {
    fn selects(&self, file: &str, name: &str) -> bool {
        match &self.filter {
            None => true,
            Some(f) => {
                let f = f.to_lowercase();
                name.to_lowercase().contains(&f) || file.to_lowercase().contains(&f)
            }
        }
    }
}

/// Runs every `tests/*.lua` of a title: of a title that extends another,
/// its own, and its parents' too when `opts.inherited` asks. Each runs
/// against the title itself, and reads test libraries (`tests/lib`) from
/// the first layer that has them.
pub fn run_title(source: &TitleSource, titles: &Rc<TitleCache>, opts: &RunOptions) -> Report {
    let mut report = Report::default();
    let source = &match crate::title::inherit::resolve(source) {
        Ok(s) => s,
        Err(e) => {
            report.cases.push(Case {
                file: source.display("title.toml"),
                name: "(reading the title)".into(),
                declared: None,
                outcome: Outcome::Failed { message: e.to_string() },
                output: Vec::new(),
            });
            return report;
        }
    };
    let layers = source.layers();
    let shown = if opts.inherited { layers.len() } else { 1 };
    let files = layers.iter().take(shown).flat_map(|layer| layer.list("tests", "lua").into_iter().map(move |rel| (*layer, rel)));
    for (layer, rel) in files {
        let display = layer.display(&rel);
        match layer.read(&rel) {
            Ok(text) => report.extend(run_source(&display, &text, Some(source.clone()), titles, opts)),
            Err(e) => report.cases.push(Case {
                file: display.clone(),
                name: "(reading the file)".into(),
                declared: None,
                outcome: Outcome::Failed { message: format!("{display}: the file {e}") },
                output: Vec::new(),
            }),
        }
    }
    report
}

/// Runs one test file: loads it (registering its tests), then runs each
/// selected test in turn.
pub fn run_source(display: &str, text: &str, default_title: Option<TitleSource>, titles: &Rc<TitleCache>, opts: &RunOptions) -> Report {
    let mut report = Report::default();
    let case = |name: &str, declared: Option<String>, outcome: Outcome, output: Vec<String>| Case {
        file: display.to_string(),
        name: name.to_string(),
        declared,
        outcome,
        output,
    };
    let sb = match sandbox::Sandbox::new().and_then(|sb| register_globals(&sb.lua).map(|_| sb).map_err(|e| e.to_string())) {
        Ok(sb) => sb,
        Err(e) => {
            report.cases.push(case("(setting up Lua)", None, Outcome::Failed { message: e }, Vec::new()));
            return report;
        }
    };
    sb.lua.set_app_data(Context { default_title, titles: titles.clone(), tests: RefCell::new(Vec::new()), loading: Cell::new(true) });
    sb.reset_budget();
    let loaded = catch_unwind(AssertUnwindSafe(|| sb.lua.load(text).set_name(format!("@{display}")).exec()));
    let top_level = match loaded {
        Ok(Ok(())) => None,
        Ok(Err(e)) => Some(assert::error_text(&e)),
        Err(p) => Some(format!("{display}: panic: {}", crate::fuzz::panic_message(&*p))),
    };
    let tests: Vec<Registered> = sb
        .lua
        .app_data_ref::<Context>()
        .map(|c| {
            c.loading.set(false);
            std::mem::take(&mut *c.tests.borrow_mut())
        })
        .unwrap_or_default();
    let output = sb.take_output();
    match top_level {
        Some(message) => {
            let name = if opts.script_mode && tests.is_empty() { "(script)" } else { "(loading the file)" };
            report.cases.push(case(name, None, Outcome::Failed { message }, output));
        }
        None if opts.script_mode && tests.is_empty() => report.cases.push(case("(script)", None, Outcome::Passed, output)),
        None => {}
    }
    let runner = (|| -> mlua::Result<(Function, Function)> {
        Ok((sb.lua.globals().raw_get("xpcall")?, sb.lua.create_function(assert::message_handler)?))
    })();
    let (xpcall, handler) = match runner.and_then(|r| sb.freeze().map(|_| r)) {
        Ok(r) => r,
        Err(e) => {
            report.cases.push(case("(setting up Lua)", None, Outcome::Failed { message: e.to_string() }, Vec::new()));
            return report;
        }
    };
    for t in tests {
        if !opts.selects(display, &t.name) {
            continue;
        }
        let outcome = match (&t.pending, &t.body) {
            (Some(reason), _) => Outcome::Pending { reason: reason.clone() },
            (None, None) => Outcome::Failed { message: "no test function".into() },
            (None, Some(body)) => {
                sb.reset_budget();
                let run = catch_unwind(AssertUnwindSafe(|| xpcall.call::<(bool, Value)>((body, &handler))));
                match run {
                    Ok(Ok((true, _))) => Outcome::Passed,
                    Ok(Ok((false, v))) => Outcome::Failed { message: assert::error_value_text(&v) },
                    Ok(Err(e)) => Outcome::Failed { message: assert::error_text(&e) },
                    Err(p) => {
                        let at = t.line.clone().map(|l| format!("{l}: ")).unwrap_or_default();
                        Outcome::Failed { message: format!("{at}panic in the engine: {}", crate::fuzz::panic_message(&*p)) }
                    }
                }
            }
        };
        let _ = sb.lua.gc_collect();
        report.cases.push(case(&t.name, t.line, outcome, sb.take_output()));
    }
    report
}

fn register_globals(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    g.set(
        "test",
        lua.create_function(|lua, (name, body): (String, Function)| register(lua, name, Some(body), None))?,
    )?;
    g.set(
        "pending",
        lua.create_function(|lua, (name, reason, _body): (String, String, Option<Function>)| register(lua, name, None, Some(reason)))?,
    )?;
    g.set("new_game", lua.create_function(|lua, spec: mlua::Table| game::new_game(lua, spec))?)?;
    g.set("load_game", lua.create_function(|lua, json: String| game::load_game(lua, json))?)?;
    g.set("test_lib", lua.create_function(|lua, name: String| libs::test_lib(lua, name))?)?;
    assert::register(lua)?;
    Ok(())
}

fn register(lua: &Lua, name: String, body: Option<Function>, pending: Option<String>) -> mlua::Result<()> {
    let line = assert::caller_location(lua);
    let ctx = lua.app_data_ref::<Context>().ok_or_else(|| mlua::Error::RuntimeError("no test context".into()))?;
    if !ctx.loading.get() {
        return Err(assert::fail(lua, "test() and pending() register tests at the top level of a file, not inside a test"));
    }
    let mut tests = ctx.tests.borrow_mut();
    if tests.iter().any(|t| t.name == name) {
        return Err(assert::fail(lua, format!("a test named {name:?} is already in this file")));
    }
    tests.push(Registered { name, line, body, pending });
    Ok(())
}

#[cfg(test)]
mod tests;

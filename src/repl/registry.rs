//! Every REPL command in one list: its name, arguments, a line of help,
//! an example and the function that runs it. `help`, tab completion and
//! the tests (which run every example) all read this list.

use super::{Invocation, Reply, Session, actions, session_cmds, view};
use crate::game::command::COMMANDS;
use serde_json::json;
use std::sync::LazyLock;

/// What a command's first argument is, for tab completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    None,
    /// Arguments come from the legal moves (action commands).
    Move,
    Corporation,
    Player,
    Hex,
    Command,
    File,
    /// Free text (`lua EXPR`, `log N`).
    Text,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Changes the game: sent to the engine.
    Action,
    /// Shows the game.
    View,
    /// Undo, files, scripting, leaving.
    Session,
}

pub struct ReplCommand {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// The arguments, as in `lay HEX TILE ROTATION`.
    pub args: &'static str,
    pub help: &'static str,
    pub example: &'static str,
    pub arg: ArgKind,
    pub group: Group,
    pub run: fn(&mut Session, &Invocation) -> Reply,
}

/// Help and examples for the engine's action commands (`COMMANDS` in
/// `game/command.rs` gives their syntax). A test checks that every action
/// command has an entry here.
const ACTION_HELP: &[(&str, &[&str], &str, &str)] = &[
    ("pass", &["done"], "end your turn, or skip the current step", "pass"),
    ("bid", &[], "bid on a company in the auction (or raise in its resolution)", "bid P4 115"),
    ("buy", &[], "buy a company, or one share of a corporation (from its treasury by default)", "buy P1"),
    ("sell", &[], "sell shares of a corporation: `sell JN 2` sells 2 shares of 10 % (20 %, e.g. one 20 % certificate); `sell SBB 15%` a percent; `sell RCS last` the tagged certificate", "sell ATA 1"),
    ("par", &["start"], "start a corporation: price, extra 10 % shares (+N), home city where there is a choice", "par AFG 68 C1"),
    ("lay", &["tile"], "lay or upgrade a tile: hex, tile number, rotation 0-5", "lay J6 644 2"),
    ("token", &[], "place a station token (HEX.N for the N-th city of a hex)", "token H12"),
    ("run", &[], "run the trains: `run auto` takes the best routes, or name them TRAIN:STOP-STOP", "run auto"),
    ("payout", &[], "pay the revenue out to shareholders", "payout"),
    ("withhold", &[], "keep the revenue in the treasury", "withhold"),
    ("half", &[], "pay half, keep half (titles that allow it)", "half"),
    ("train", &[], "buy a train: from the bank by name, or another corporation's by id at a price", "train 4H"),
    ("discard", &[], "discard a train over the limit to the bank pool", "discard 4H-0"),
    ("issue", &[], "issue treasury shares into the pool", "issue 1"),
    ("redeem", &[], "buy one share back from the pool", "redeem"),
    ("choose", &[], "answer a question the game asks (a home city, a certificate set...)", "choose C1"),
    ("do", &[], "a title's own action, with key=value arguments", "do port_token hex=L14"),
];

fn views_and_session() -> Vec<ReplCommand> {
    use ArgKind as A;
    use Group::{Session as S, View as V};
    let c = |name, aliases, args, help, example, arg, group, run| ReplCommand { name, aliases, args, help, example, arg, group, run };
    vec![
        c("help", &["?"], "[COMMAND]", "list the commands, or explain one", "help lay", A::Command, S, help),
        c("status", &["s"], "", "whose turn, round, phase, bank, and what the game expects now", "status", A::None, V, view::status::run),
        c("moves", &["m"], "[COMMAND]", "the legal moves now as commands (`moves lay` lists every tile lay)", "moves", A::Command, V, view::moves::run),
        c("map", &[], "[HEX | west | east | part N]", "the board (in parts that fit the width: `map east`, `map part 2`); with a hex, everything about that hex", "map C5", A::Hex, V, view::map::run),
        c("tiles", &[], "[TILE]", "the tiles and how many are left; with a tile, its track and gauges, upgrades and where it lies", "tiles 58", A::Text, V, view::tile::run),
        c("market", &[], "", "the stock market with each corporation's token", "market", A::None, V, view::market::run),
        c("corps", &[], "", "all corporations, one line each", "corps", A::None, V, view::corps::run_all),
        c("corp", &[], "ID", "one corporation: shares, treasury, trains, tokens", "corp RCS", A::Corporation, V, view::corps::run_one),
        c("players", &[], "", "all players: cash, shares, value", "players", A::None, V, view::players::run_all),
        c("player", &[], "NAME", "one player's holdings", "player A", A::Player, V, view::players::run_one),
        c("trains", &[], "", "trains for sale, the pool, the depot, and when trains rust", "trains", A::None, V, view::trains::run),
        c("companies", &["privates"], "", "the private companies: owner, revenue, ability", "companies", A::None, V, view::companies::run),
        c("log", &[], "[N]", "the last N lines of the game log (20 by default)", "log 5", A::Text, V, view::log::run),
        c("routes", &[], "[CORP] [full]", "the best run of a corporation now (the operating one by default); `full` searches past the game's node budget", "routes", A::Corporation, V, view::routes::run),
        c("show", &[], "map|market|tiles|routes [CORP] [FILE]", "write a picture of the map, market, tile sheet or a corporation's best run (SVG in the temporary folder, or FILE; .png gives PNG) and print its path", "show routes", A::Text, V, view::show::run),
        c("view", &[], "[PORT|stop]", "a live page of the game on 127.0.0.1 that redraws after every action; again: how its pages are doing", "view", A::Text, S, super::live::run),
        c("undo", &[], "", "take back the last action", "undo", A::None, S, session_cmds::undo),
        c("save", &[], "FILE", "save the game (title, options, seed, actions) as JSON", "save /tmp/railhead-example.json", A::File, S, session_cmds::save),
        c("load", &[], "FILE", "load a saved game (the current game stays if the file is damaged)", "load /tmp/railhead-example.json", A::File, S, session_cmds::load),
        c("lua", &[], "EXPR", "evaluate a Lua expression against a copy of the game (`game:bank()`)", "lua game:bank()", A::Text, S, session_cmds::lua),
        c("quit", &["exit", "q"], "", "leave (save first: the game is not kept)", "quit", A::None, S, session_cmds::quit),
    ]
}

fn action_commands() -> Vec<ReplCommand> {
    ACTION_HELP
        .iter()
        .map(|&(name, aliases, help, example)| {
            let syntax = COMMANDS.iter().find(|(n, _, _)| *n == name).map_or("", |(_, s, _)| *s);
            let args = syntax.strip_prefix(name).unwrap_or(syntax).trim_start();
            ReplCommand { name, aliases, args, help, example, arg: ArgKind::Move, group: Group::Action, run: actions::run }
        })
        .collect()
}

static REGISTRY: LazyLock<Vec<ReplCommand>> = LazyLock::new(|| {
    let mut all = action_commands();
    all.extend(views_and_session());
    all
});

pub fn all() -> &'static [ReplCommand] {
    &REGISTRY
}

/// The command a word names (its name or an alias, any case).
pub fn find(word: &str) -> Option<&'static ReplCommand> {
    let word = word.to_ascii_lowercase();
    all().iter().find(|c| c.name == word || c.aliases.contains(&word.as_str()))
}

pub fn unknown(word: &str) -> Reply {
    let hint = crate::title::compile::did_you_mean(word, all().iter().map(|c| c.name));
    Reply::error("unknown", format!("unknown command '{word}'{} — `help` lists the commands", hint.map(|h| format!(" ({h})")).unwrap_or_default()))
}

fn usage(c: &ReplCommand) -> String {
    if c.args.is_empty() { c.name.to_string() } else { format!("{} {}", c.name, c.args) }
}

fn help(_s: &mut Session, inv: &Invocation) -> Reply {
    match inv.args.first() {
        Some(word) => match find(word) {
            Some(c) => help_one(c),
            None => unknown(word),
        },
        None => help_all(),
    }
}

fn help_one(c: &ReplCommand) -> Reply {
    let mut text = format!("{}\n  {}\n  example: {}", usage(c), c.help, c.example);
    if !c.aliases.is_empty() {
        text.push_str(&format!("\n  also: {}", c.aliases.join(", ")));
    }
    Reply::ok("help", text, json!({ "commands": [entry_json(c)] }))
}

fn entry_json(c: &ReplCommand) -> serde_json::Value {
    let group = match c.group {
        Group::Action => "action",
        Group::View => "view",
        Group::Session => "session",
    };
    json!({ "name": c.name, "aliases": c.aliases, "args": c.args, "help": c.help, "example": c.example, "group": group })
}

fn help_all() -> Reply {
    let mut text = String::new();
    for (group, title) in [
        (Group::Action, "Actions (checked by the rules; `moves` lists the legal ones):"),
        (Group::View, "Views:"),
        (Group::Session, "Session:"),
    ] {
        // Usages longer than this get their help on the next line.
        const WIDTH: usize = 32;
        let list: Vec<&ReplCommand> = all().iter().filter(|c| c.group == group).collect();
        let width = list.iter().map(|c| usage(c).chars().count()).filter(|w| *w <= WIDTH).max().unwrap_or(0);
        text.push_str(title);
        text.push('\n');
        for c in list {
            let u = usage(c);
            let len = u.chars().count();
            if len > width {
                text.push_str(&format!("  {u}\n  {}  {}\n", " ".repeat(width), c.help));
            } else {
                text.push_str(&format!("  {u}{}  {}\n", " ".repeat(width - len), c.help));
            }
        }
    }
    text.push_str("`help COMMAND` shows an example. TAB completes commands and legal moves.");
    let entries: Vec<_> = all().iter().map(entry_json).collect();
    Reply::ok("help", text, json!({ "commands": entries }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_command_has_help_and_an_example() {
        for (name, _, _) in COMMANDS {
            let c = find(name).unwrap_or_else(|| panic!("no REPL help for the action command `{name}`"));
            assert_eq!(c.group, Group::Action);
            assert!(c.example.starts_with(name), "{name}: example `{}`", c.example);
        }
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::BTreeSet::new();
        for c in all() {
            for n in std::iter::once(&c.name).chain(c.aliases.iter()) {
                assert!(seen.insert(*n), "`{n}` names two commands");
            }
        }
    }

    #[test]
    fn unknown_words_get_a_suggestion() {
        assert!(unknown("stauts").text.contains("did you mean `status`"));
    }
}

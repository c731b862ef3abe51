//! The script API documentation lists every method and hook the engine
//! offers (docs/lua-api.md and the lua-language-server file).

/// The `game` methods' registrations: src/script/api.rs and the modules
/// that register them by concept (read, write_*).
fn api_sources() -> String {
    [
        include_str!("../src/script/api.rs"),
        include_str!("../src/script/api/read.rs"),
        include_str!("../src/script/api/read_routes.rs"),
        include_str!("../src/script/api/write_flow.rs"),
        include_str!("../src/script/api/write_finance.rs"),
        include_str!("../src/script/api/write_board.rs"),
        include_str!("../src/script/api/write_trains.rs"),
    ]
    .concat()
}

#[test]
fn every_game_method_and_hook_is_documented() {
    let api = &api_sources();
    let md = include_str!("../docs/lua-api.md");
    let dlua = include_str!("../docs/railhead.d.lua");
    let mut missing = Vec::new();
    for part in api.split("add_method").skip(1) {
        let rest = part.trim_start_matches("_mut");
        let Some(rest) = rest.strip_prefix("(\"") else { continue };
        let name = rest.split('"').next().unwrap_or("");
        if !md.contains(&format!("`{name}(")) && !md.contains(&format!(" `{name}(")) && !md.contains(name) {
            missing.push(format!("lua-api.md: {name}"));
        }
        if !dlua.contains(&format!("function Game:{name}(")) {
            missing.push(format!("railhead.d.lua: {name}"));
        }
    }
    for hook in railhead::script::HOOKS.iter().map(|h| h.name) {
        if !md.contains(&format!("`{hook}`")) {
            missing.push(format!("lua-api.md hook: {hook}"));
        }
        if !dlua.contains(&format!("\"{hook}\"")) {
            missing.push(format!("railhead.d.lua hook: {hook}"));
        }
    }
    assert!(missing.is_empty(), "undocumented:\n{}", missing.join("\n"));
}

/// Each hook's row in docs/lua-api.md names its arguments as `HOOKS`
/// does, in order: a guard's `args` reads them by those names.
#[test]
fn every_hook_row_names_its_arguments_in_order() {
    let md = include_str!("../docs/lua-api.md");
    let mut wrong = Vec::new();
    for hook in railhead::script::HOOKS {
        let Some(row) = md.lines().find(|l| l.starts_with(&format!("| `{}` |", hook.name))) else {
            wrong.push(format!("{}: no row", hook.name));
            continue;
        };
        let cell = row.split('|').nth(2).unwrap_or("");
        let words: Vec<&str> = cell.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
        let mut at = 0;
        for arg in hook.args {
            match words[at..].iter().position(|w| w == arg) {
                Some(i) => at += i + 1,
                None => {
                    wrong.push(format!("{}: argument '{arg}' missing or out of order in `{}`", hook.name, cell.trim()));
                    break;
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// docs/title-format.md has a row for every `[settings]` key, with its
/// default as TOML writes it.
#[test]
fn every_setting_is_in_the_title_format_table() {
    let md = include_str!("../docs/title-format.md");
    let defaults = toml::Value::try_from(railhead::title::schema::Settings::default()).unwrap();
    let mut missing = Vec::new();
    for (key, value) in defaults.as_table().unwrap() {
        let shown = match value {
            toml::Value::Table(t) if t.is_empty() => "{}".to_string(),
            v => v.to_string(),
        };
        let row = format!("| `{key}` | `{shown}` |");
        if !md.contains(&row) {
            missing.push(row);
        }
    }
    assert!(missing.is_empty(), "docs/title-format.md lacks these settings rows (or shows another default):\n{}", missing.join("\n"));
}

/// docs/title-format.md lists every refusal key a title may cite in
/// `[settings.rule_ids]`.
#[test]
fn every_refusal_key_is_in_the_title_format_table() {
    let md = include_str!("../docs/title-format.md");
    let missing: Vec<&str> = railhead::game::refusals::ALL.iter().map(|(_, k, _)| *k).filter(|k| !md.contains(&format!("| `{k}` |"))).collect();
    assert!(missing.is_empty(), "docs/title-format.md lacks these refusal keys: {missing:?}");
}

/// One `game:` method as api.rs registers it: its name and how many
/// arguments its closure takes, of which the last `optional` may be
/// left out (an `Option<_>` or a `Value` that may be nil).
struct Registered {
    name: String,
    args: usize,
    optional: usize,
}

/// Reads the `add_method("name", |lua, this, ARGS| ...)` registrations.
fn registered_methods() -> Vec<Registered> {
    let api = &api_sources();
    let mut out = Vec::new();
    for part in api.split("add_method").skip(1) {
        let rest = part.strip_prefix("_mut").unwrap_or(part);
        let Some(rest) = rest.strip_prefix("(\"") else { continue };
        let Some((name, rest)) = rest.split_once('"') else { continue };
        // `, |lua, this, PATTERN: TYPE| {`
        let Some(closure) = rest.split_once('|').map(|(_, c)| c) else { continue };
        let Some((params, _)) = closure.split_once("| ") else { continue };
        let third = params.splitn(3, ',').nth(2).unwrap_or("").trim();
        let ty = third.split_once(':').map_or("", |(_, t)| t.trim());
        let types: Vec<&str> = if third.starts_with("()") || third.is_empty() {
            Vec::new()
        } else if let Some(inner) = ty.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
            split_top(inner)
        } else {
            vec![ty]
        };
        let optional = types.iter().rev().take_while(|t| t.starts_with("Option<") || **t == "Value").count();
        out.push(Registered { name: name.to_string(), args: types.len(), optional });
    }
    out
}

/// Splits `A, B<C, D>, E` at its top-level commas.
fn split_top(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !s[start..].trim().is_empty() {
        out.push(s[start..].trim());
    }
    out
}

/// Argument names of `name(a, b[, c])` as a document writes it.
fn written_args(signature: &str) -> usize {
    signature.split([',', '[', ']']).map(str::trim).filter(|a| !a.is_empty() && *a != "...").count()
}

/// Every method's arguments in docs/lua-api.md and docs/railhead.d.lua
/// are as many as the method takes (before issue 17 a name anywhere on
/// the page counted as documented, and `ask_par`'s fifth argument was
/// missing from railhead.d.lua).
#[test]
fn every_game_method_is_documented_with_its_arguments() {
    let md = include_str!("../docs/lua-api.md");
    // The game's methods, not the registration globals (`step(name, spec)`).
    let methods_md = md.split("### Hooks").nth(1).expect("lua-api.md has a Hooks section");
    let dlua = include_str!("../docs/railhead.d.lua");
    let registered = registered_methods();
    assert!(registered.len() > 60, "the registrations were not read from api.rs and api/ ({} found)", registered.len());
    let mut wrong = Vec::new();
    for m in &registered {
        let fits = |n: usize| n <= m.args && n + m.optional >= m.args;
        let in_md: Vec<&str> = methods_md.split(&format!("`{}(", m.name)).skip(1).filter_map(|s| s.split(")`").next()).collect();
        if in_md.is_empty() {
            wrong.push(format!("lua-api.md has no `{}(...)`", m.name));
        }
        for sig in in_md {
            if !fits(written_args(sig)) {
                wrong.push(format!("lua-api.md: {}({sig}) but the method takes {} argument(s), {} optional", m.name, m.args, m.optional));
            }
        }
        match dlua.split(&format!("function Game:{}(", m.name)).nth(1).and_then(|s| s.split(')').next()) {
            None => wrong.push(format!("railhead.d.lua has no Game:{}", m.name)),
            Some(sig) if written_args(sig) != m.args => wrong.push(format!("railhead.d.lua: Game:{}({sig}) but the method takes {} argument(s)", m.name, m.args)),
            Some(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The hooks table says how several definitions of each hook combine,
/// as the core does it (`script::HOOKS`).
#[test]
fn every_hook_row_names_how_its_definitions_combine() {
    use railhead::script::Compose;
    let md = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/lua-api.md")).unwrap();
    let mut wrong = Vec::new();
    for h in railhead::script::HOOKS {
        let word = match h.compose {
            Compose::One => "one |",
            Compose::Each => "each |",
            Compose::AllAllow => "all allow |",
            Compose::Sum => "sum |",
            Compose::Chain(_) => "chain:",
            Compose::First => "first answer |",
        };
        let row = md.lines().find(|l| l.starts_with(&format!("| `{}` |", h.name)));
        let last = row.and_then(|r| r.trim_end_matches(" |").rsplit(" | ").next());
        if !last.is_some_and(|cell| format!("{cell} |").starts_with(word) || cell.starts_with(word)) {
            wrong.push(format!("{}: {:?} but the row says {:?}", h.name, h.compose, last));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

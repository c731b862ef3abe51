//! The script API documentation lists every method and hook the engine
//! offers (docs/lua-api.md and the lua-language-server file).

#[test]
fn every_game_method_and_hook_is_documented() {
    let api = include_str!("../src/script/api.rs");
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
    for (hook, _) in railhead::script::HOOKS {
        if !md.contains(&format!("`{hook}`")) {
            missing.push(format!("lua-api.md hook: {hook}"));
        }
        if !dlua.contains(&format!("\"{hook}\"")) {
            missing.push(format!("railhead.d.lua hook: {hook}"));
        }
    }
    assert!(missing.is_empty(), "undocumented:\n{}", missing.join("\n"));
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

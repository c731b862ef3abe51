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

//! Script errors as players and designers read them: which hook or
//! handler, which `file:line`, what went wrong, whatever the script
//! raised (a string, `nil`, a table, an object whose `__tostring` fails).

use super::budget::Budget;
use crate::game::ops::{GameError, Refusal};

/// A script error of the call described by `context` ("hook 'x'").
/// `chunks` are the names of the title's script files: Lua shortens long
/// names in tracebacks to their end ("...scripts/x.lua"), and the full
/// name is put back.
pub fn script_error(context: &str, e: &mlua::Error, budget: &Budget, chunks: &[String]) -> GameError {
    if let Some(r) = find_refusal(e) {
        return GameError::Refused(r);
    }
    let text = lengthen(&first_cause(e, budget), chunks);
    GameError::Script(format!("script error in {context}: {text}"))
}

/// A message starting with a shortened chunk name, with the full name.
fn lengthen(message: &str, chunks: &[String]) -> String {
    let Some(rest) = message.strip_prefix("...") else { return message.to_string() };
    let Some((tail, after)) = rest.split_once(':') else { return message.to_string() };
    match chunks.iter().find(|c| c.ends_with(tail)) {
        Some(full) => format!("{full}:{after}"),
        None => message.to_string(),
    }
}

/// A refusal a script raised with `fail(message, rule)`, wherever it sits
/// in the error's chain.
pub fn find_refusal(e: &mlua::Error) -> Option<Refusal> {
    if let Some(r) = e.downcast_ref::<Refusal>() {
        return Some(r.clone());
    }
    match e {
        mlua::Error::CallbackError { cause, .. } => find_refusal(cause),
        mlua::Error::WithContext { cause, .. } => find_refusal(cause),
        _ => None,
    }
}

/// The message of the innermost cause, with the script position it
/// happened at.
pub fn first_cause(e: &mlua::Error, budget: &Budget) -> String {
    match e {
        mlua::Error::CallbackError { cause, traceback } => {
            let inner = first_cause(cause, budget);
            if has_position(&inner) { inner } else { with_position(&inner, traceback) }
        }
        mlua::Error::WithContext { cause, context } => format!("{context}: {}", first_cause(cause, budget)),
        mlua::Error::RuntimeError(m) => runtime_message(m),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::MemoryError(_) => budget.describe(&super::budget::Exhausted::Memory),
        other => other.to_string().lines().next().unwrap_or("").to_string(),
    }
}

/// A runtime error's first line, and where it was raised when the value
/// raised carried no position: `error(nil)`, `error({})`, an error object
/// whose `__tostring` failed. mlua appends Lua's traceback to the message;
/// its first frame in a script file is the place.
fn runtime_message(m: &str) -> String {
    let first = m.lines().next().unwrap_or("").to_string();
    let said = describe_value(&first);
    if has_position(&said) {
        return said;
    }
    with_position(&said, m)
}

/// Names what was raised when it is not a message.
fn describe_value(first: &str) -> String {
    if first.is_empty() || first == "nil" {
        return "error raised with no message (error(nil))".to_string();
    }
    for kind in ["table", "function", "userdata", "thread"] {
        if first.starts_with(&format!("{kind}: 0x")) || first == kind {
            return format!("error raised with a {kind} instead of a message");
        }
    }
    first.to_string()
}

/// `file.lua:12: ...`: a message that already says where.
fn has_position(m: &str) -> bool {
    let Some((file, rest)) = m.split_once(':') else { return false };
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    !file.is_empty() && !file.contains(' ') && !digits.is_empty() && rest[digits.len()..].starts_with(':')
}

fn with_position(message: &str, traceback: &str) -> String {
    match script_frame(traceback) {
        Some(at) => format!("{at}: {message}"),
        None => message.to_string(),
    }
}

/// The first `file:line` of a Lua traceback that is script code (not a C
/// function, not the sandbox's own chunks).
fn script_frame(traceback: &str) -> Option<String> {
    traceback.lines().map(str::trim).find_map(|line| {
        if line.starts_with('[') || line.starts_with("(...") {
            return None;
        }
        let (file, rest) = line.split_once(':')?;
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        (!digits.is_empty() && !file.is_empty()).then(|| format!("{file}:{digits}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_recognised() {
        assert!(has_position("titles/1849/scripts/x.lua:12: boom"));
        assert!(!has_position("nil"));
        assert!(!has_position("error raised with no message (error(nil))"));
    }

    #[test]
    fn a_nil_error_gets_the_first_script_frame() {
        let m = "nil\nstack traceback:\n\t[C]: in ?\n\t[C]: in function 'error'\n\tscripts/x.lua:7: in local 'f'\n\tscripts/x.lua:9: in main chunk";
        assert_eq!(runtime_message(m), "scripts/x.lua:7: error raised with no message (error(nil))");
    }

    #[test]
    fn a_table_error_says_so_without_an_address() {
        let m = "table: 0x5607927f4d30\nstack traceback:\n\t[C]: in function 'error'\n\tscripts/y.lua:3: in main chunk";
        assert_eq!(runtime_message(m), "scripts/y.lua:3: error raised with a table instead of a message");
    }

    #[test]
    fn shortened_chunk_names_are_put_back() {
        let chunks = vec!["/home/designer/titles/my-1849/scripts/bonds.lua".to_string()];
        assert_eq!(lengthen("...titles/my-1849/scripts/bonds.lua:4: boom", &chunks), "/home/designer/titles/my-1849/scripts/bonds.lua:4: boom");
        assert_eq!(lengthen("...other.lua:4: boom", &chunks), "...other.lua:4: boom");
    }
}

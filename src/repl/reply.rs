//! What a command answers: text for a person, one JSON object for a
//! script. Every command builds both at once, so the two never drift.

use serde_json::{Map, Value, json};

/// Why a command did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub message: String,
    /// The rule the game cites when it refuses an action ("1849-R-115").
    pub rule: Option<String>,
    /// The rules refused a well-formed action (rather than a typing
    /// mistake or a missing file).
    pub refused: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// The command that answered ("status", "moves", "action"...).
    pub kind: String,
    pub text: String,
    /// Fields of the JSON object besides `ok` and `kind`.
    pub data: Map<String, Value>,
    pub failure: Option<Failure>,
    /// The session should end after this reply.
    pub quit: bool,
}

impl Reply {
    /// A successful answer; `data` must be a JSON object (anything else
    /// is wrapped as `{"value": data}`).
    pub fn ok(kind: &str, text: impl Into<String>, data: Value) -> Reply {
        let data = match data {
            Value::Object(m) => m,
            Value::Null => Map::new(),
            other => {
                let mut m = Map::new();
                m.insert("value".into(), other);
                m
            }
        };
        Reply { kind: kind.to_string(), text: text.into(), data, failure: None, quit: false }
    }

    /// A mistake in what was typed, or something that cannot be shown.
    pub fn error(kind: &str, message: impl Into<String>) -> Reply {
        let message = message.into();
        Reply { kind: kind.to_string(), text: message.clone(), data: Map::new(), failure: Some(Failure { message, rule: None, refused: false }), quit: false }
    }

    /// An action the rules do not allow, with the rule they cite.
    pub fn refused(kind: &str, message: impl Into<String>, rule: Option<String>) -> Reply {
        let message = message.into();
        let text = match &rule {
            Some(r) => format!("not allowed: {message} [{r}]"),
            None => format!("not allowed: {message}"),
        };
        Reply { kind: kind.to_string(), text, data: Map::new(), failure: Some(Failure { message, rule, refused: true }), quit: false }
    }

    /// Nothing to say (an empty line or a comment).
    pub fn silent() -> Reply {
        Reply::ok("none", "", Value::Null)
    }

    pub fn is_ok(&self) -> bool {
        self.failure.is_none()
    }

    pub fn is_silent(&self) -> bool {
        self.kind == "none"
    }

    pub fn with_quit(mut self) -> Reply {
        self.quit = true;
        self
    }

    /// The reply as one line of JSON: `{"ok": true, "kind": ..., ...}` or
    /// `{"ok": false, "kind": ..., "error": ..., "rule": ...}`.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("ok".into(), json!(self.is_ok()));
        m.insert("kind".into(), json!(self.kind));
        match &self.failure {
            Some(f) => {
                m.insert("error".into(), json!(f.message));
                m.insert("rule".into(), json!(f.rule));
                m.insert("refused".into(), json!(f.refused));
            }
            None => m.extend(self.data.clone()),
        }
        Value::Object(m)
    }

    pub fn to_json_line(&self) -> String {
        self.to_json().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_carry_the_rule_in_text_and_json() {
        let r = Reply::refused("action", "only one tile per turn", Some("1849-R-111".into()));
        assert_eq!(r.text, "not allowed: only one tile per turn [1849-R-111]");
        let j = r.to_json();
        assert_eq!(j["ok"], json!(false));
        assert_eq!(j["error"], json!("only one tile per turn"));
        assert_eq!(j["rule"], json!("1849-R-111"));
    }

    #[test]
    fn data_fields_sit_beside_ok_and_kind() {
        let r = Reply::ok("status", "text", json!({ "bank": 7760 }));
        let back: Value = serde_json::from_str(&r.to_json_line()).unwrap();
        assert_eq!(back, json!({ "ok": true, "kind": "status", "bank": 7760 }));
    }
}

//! The game log, numbered from the start so lines can be referred to.

use super::super::{Invocation, Reply, Session};
use serde_json::json;

pub fn run(s: &mut Session, inv: &Invocation) -> Reply {
    let n = match inv.args.first() {
        None => 20,
        Some(w) => match w.parse::<usize>() {
            Ok(n) => n,
            Err(_) if *w == "all" => usize::MAX,
            Err(_) => return Reply::error("log", format!("'{w}' is not a number of lines: `log 50`, or `log all`")),
        },
    };
    let log = &s.game.log;
    let from = log.len().saturating_sub(n);
    let lines: Vec<String> = log[from..].iter().enumerate().map(|(i, l)| format!("{:>4}  {l}", from + i + 1)).collect();
    let text = if lines.is_empty() { "the log is empty".to_string() } else { lines.join("\n") };
    Reply::ok("log", text, json!({ "from": from + 1, "lines": &log[from..] }))
}

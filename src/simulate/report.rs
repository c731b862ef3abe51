//! A study written out: the text table for the terminal (`text.rs`), the
//! JSON document (the aggregate, so `simulate merge` can read it back,
//! with the computed figures beside it) and the per-game CSV.

mod text;

pub use text::text;

use super::compare::{ALPHA, compare, tested};
use super::record::GameRecord;
use super::stats::Study;
use super::summary::Summary;
use serde_json::{Value, json};

/// The JSON document's `format` and `version`: a reader can tell a study
/// from any other JSON, and a later layout from this one.
pub const JSON_FORMAT: &str = "railhead-simulate-study";
pub const JSON_VERSION: u32 = 1;

/// The study as JSON:
/// `{format, version, study, summary}`, and with `other` also
/// `{other: {study, summary}, comparison: {differences, tested, alpha,
/// bonferroni_alpha}}`. `study` is the aggregate itself:
/// [`Study::from_json`] reads the whole document back.
pub fn json(s: &Study, other: Option<&Study>) -> Value {
    let mut doc = json!({
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "study": s,
        "summary": Summary::of(s),
    });
    if let Some(o) = other {
        let differences = compare(s, o);
        let m = tested(&differences).max(1);
        doc["other"] = json!({ "study": o, "summary": Summary::of(o) });
        doc["comparison"] = json!({
            "differences": differences,
            "tested": tested(&differences),
            "alpha": ALPHA,
            "bonferroni_alpha": ALPHA / m as f64,
        });
    }
    doc
}

/// The per-game CSV's header. Lists (bots, values, winners) are one field
/// each, `;`-separated, so every row has the same columns whatever the
/// number of players; winners are seats numbered from 1, as the text
/// report numbers them. An empty `end` without an `error`: the action
/// budget ran out.
pub fn csv_row_header() -> String {
    "seed,index,bots,actions,rounds,operating_rounds,end,error,values,winners".to_string()
}

/// One game as a CSV row (no line end), fields quoted when they need it.
pub fn csv_row(g: &GameRecord) -> String {
    let list = |items: Vec<String>| items.join(";");
    [
        g.seed.to_string(),
        g.index.to_string(),
        list(g.bots.clone()),
        g.actions.to_string(),
        g.rounds.to_string(),
        g.operating_rounds.to_string(),
        g.end.clone().unwrap_or_default(),
        g.error.clone().unwrap_or_default(),
        list(g.values.iter().map(i64::to_string).collect()),
        list(g.winners.iter().map(|w| (w + 1).to_string()).collect()),
    ]
    .iter()
    .map(|field| csv_field(field))
    .collect::<Vec<_>>()
    .join(",")
}

/// RFC 4180: a field with a comma, quote or line break is quoted, its
/// quotes doubled.
fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulate::testkit::{Lean, game, study};

    #[test]
    fn csv_quotes_what_needs_it() {
        let mut g = game(3, Lean::default());
        g.seed = 17;
        g.error = Some("bot \"random\": no move, gave up\nat step 4".into());
        g.end = None;
        g.values = vec![10, -20];
        g.winners = vec![0, 1];
        let row = csv_row(&g);
        assert!(row.starts_with("17,3,greedy;random;random,"), "{row}");
        assert!(row.ends_with(",\"bot \"\"random\"\": no move, gave up\nat step 4\",10;-20,1;2"), "{row}");
        assert_eq!(csv_row_header().split(',').count(), 10);
        assert_eq!(csv_field("plain"), "plain");
    }

    #[test]
    fn json_reads_back_as_the_study() {
        let a = study(0..80, 80, Lean::default());
        let b = study(0..80, 80, Lean { extra_rounds: 2, ..Lean::default() });
        let doc = json(&a, Some(&b));
        assert_eq!(doc["format"], JSON_FORMAT);
        assert_eq!(Study::from_json(&doc.to_string()).unwrap(), a);
        assert!(doc["comparison"]["tested"].as_u64().unwrap() > 10);
        assert_eq!(doc["summary"]["finished"], 77);
        let text = serde_json::to_string_pretty(&json(&Study::new(Default::default()), None)).unwrap();
        assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
    }
}

//! Inputs the input fuzzer (`railhead fuzz-input`, src/fuzz/input/) found
//! to panic, cut down to what matters: each now gets an error message.

use railhead::import;

/// A recorded action is shown in errors cut to 240 bytes; a character
/// across that byte panicked (found as import case 2175 of seed 1).
#[test]
fn a_long_action_of_wide_characters_is_shown_cut_on_a_character() {
    for wide in ["\u{e9}", "\u{20ac}", "\u{1f682}"] {
        for pad in 0..4 {
            let entity = format!("{}{}", "x".repeat(pad), wide.repeat(300));
            let record = serde_json::json!({
                "id": 1, "title": "1849",
                "players": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}],
                "actions": [{"type": "bid", "entity": entity, "id": 1, "company": "CNM", "price": 1}],
            });
            let rec = import::parse(&record.to_string()).expect("a well-formed record");
            let Err((_, e)) = import::replay(&rec, None) else { panic!("a bid under the face value is refused") };
            assert!(e.to_string().contains("..."), "{e}");
        }
    }
}

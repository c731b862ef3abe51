//! Property tests of the small parsers hostile text reaches directly: the
//! command parser (the importer fills its templates with a record's
//! words), board labels, and the first step of every loader. Whatever the
//! text, an answer and no panic. The mutation fuzzer (tests/fuzz_input.rs)
//! covers the loaders as a whole.

use proptest::prelude::*;
use railhead::game::command;
use railhead::hex::{Coord, Layout};
use railhead::title::schema::{Axes, LayoutKind};

/// Words the command parser knows, and pieces of its notations.
const WORDS: &[&str] = &[
    "pass", "bid", "buy", "sell", "par", "lay", "token", "run", "auto", "payout", "withhold", "half", "train", "discard", "issue", "redeem", "choose",
    "do", "as", "pool", "treasury", "last", "P1", "ATA", "C5", "C5.1", "4H-0:C5-D4", "4H-0:", ":", "-", "+2", "50%", "%", "=", "hex=L14", "price=", "0",
    "-1", "255", "256", "99999999999999999999", "\u{e9}", "\u{1f682}", "",
];

fn words() -> impl Strategy<Value = String> {
    prop::collection::vec(prop_oneof![prop::sample::select(WORDS).prop_map(str::to_string), any::<String>()], 0..8).prop_map(|w| w.join(" "))
}

fn layouts() -> Vec<Layout> {
    let mut out = Vec::new();
    for kind in [LayoutKind::Flat, LayoutKind::Pointy] {
        for axes in [Axes::LetterRow, Axes::LetterColumn] {
            out.push(Layout::new(kind, axes));
        }
    }
    out
}

proptest! {
    #[test]
    fn commands_parse_or_say_why(text in words()) {
        let companies = vec!["P1".to_string(), "SCE".to_string()];
        let _ = command::parse(&text, &companies);
    }

    #[test]
    fn board_labels_parse_or_say_why(text in any::<String>(), letter in "[A-Za-z]", digits in "[0-9]{1,6}") {
        for layout in layouts() {
            let _ = layout.parse(&text);
            if let Ok(c) = layout.parse(&format!("{letter}{digits}")) {
                prop_assert_eq!(layout.parse(&layout.label(c)).ok(), Some(c));
            }
        }
    }

    #[test]
    fn labels_of_the_board_read_back(number in 0i32..10_000, letter in -26i32..26) {
        for layout in layouts() {
            let c = match layout.axes {
                Axes::LetterRow => Coord { col: number, row: letter },
                Axes::LetterColumn => Coord { col: letter, row: number },
            };
            prop_assert_eq!(layout.parse(&layout.label(c)).ok(), Some(c));
        }
    }

    #[test]
    fn any_text_is_a_record_a_save_or_a_title_file_or_an_error(text in any::<String>()) {
        let _ = railhead::import::parse(&text).map_err(|e| e.to_string());
        let _ = railhead::game::save::SaveFile::parse("fuzz.json", &text).map_err(|e| e.to_string());
        let _ = railhead::title::load::parse_text::<railhead::title::schema::TitleFile>("title.toml", &text).map_err(|e| e.to_string());
        let _ = railhead::title::load::parse_text::<railhead::title::schema::MapFile>("map.toml", &text).map_err(|e| e.to_string());
    }
}

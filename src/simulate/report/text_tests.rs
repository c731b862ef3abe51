use super::*;
use crate::simulate::record::GameRecord;
use crate::simulate::stats::StudyMeta;
use crate::simulate::testkit::{Lean, meta, study};

fn fits(report: &str) {
    for line in report.lines() {
        assert!(line.chars().count() <= 100, "too wide ({}): {line}", line.chars().count());
        assert!(!line.contains("NaN") && !line.contains("inf"), "{line}");
    }
}

#[test]
fn one_study() {
    let report = text(&study(0..300, 300, Lean::default()), None);
    println!("{report}");
    fits(&report);
    for expected in [
        "railhead simulate: 1830, 3 players",
        "games                 300 of 300 planned",
        "error in game 49 (seed ",
        "\nLength (finished games)\n",
        "unfinished (budget)",
        "seat 1 greedy",
        "random (572 seats)",
        "B&O",
        "round 1               12000 (12000–12000) n 286",
    ] {
        assert!(report.contains(expected), "no {expected:?} in\n{report}");
    }
    assert!(!report.contains('*'), "nothing to mark without a comparison");
}

#[test]
fn two_studies_side_by_side() {
    let a = study(0..300, 300, Lean::default());
    let mut b = study(0..300, 300, Lean { extra_rounds: 3, seat1_bonus: 800, salt: 1 });
    b.meta.options = vec!["longer_game".into()];
    let report = text(&a, Some(&b));
    println!("{report}");
    fits(&report);
    let rounds = report.lines().find(|l| l.trim_start().starts_with("rounds")).unwrap();
    assert!(rounds.ends_with("**"), "{rounds}");
    let errors = report.lines().find(|l| l.trim_start().starts_with("errored games")).unwrap();
    assert!(!errors.contains('*'), "{errors}");
    assert!(report.contains("longer_game") && report.contains("Bonferroni"));
}

#[test]
fn empty_and_broken_studies_print() {
    let empty = Study::new(StudyMeta::default());
    let report = text(&empty, Some(&empty));
    fits(&report);
    assert!(report.contains("0 of 0 planned"));
    let mut errored = Study::new(meta(3));
    for index in 0..3 {
        errored.add(&GameRecord { index, error: Some("engine: boom".into()), ..GameRecord::default() });
    }
    let report = text(&errored, None);
    fits(&report);
    assert!(report.contains("seat 3 random") && report.contains('—'), "{report}");
    let mut one = Study::new(meta(1));
    one.add(&crate::simulate::testkit::game(0, Lean::default()));
    let report = text(&one, Some(&errored));
    fits(&report);
    assert!(report.contains("(—)"), "one game gives a mean, not an interval:\n{report}");
}

#[test]
fn numbers_read_well() {
    assert_eq!(number(4012.4, 4012.4), "4012");
    assert_eq!(number(187.26, 187.26), "187.3");
    assert_eq!(number(-0.001, -0.001), "0.00");
    assert_eq!(signed(3.0), "+3.00");
    assert_eq!(rate_cell(&crate::simulate::estimate::proportion(8.0, 10)), "80.0 % (49.0–94.3)");
    assert_eq!(bots(&["greedy".into(), "random".into(), "random".into()]), "greedy, random ×2");
}

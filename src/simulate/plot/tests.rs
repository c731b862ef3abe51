use super::*;
use crate::simulate::record::GameRecord;
use crate::simulate::stats::StudyMeta;
use crate::simulate::testkit::{Lean, meta, study};

/// Parses the SVG and returns the `class` of every element that has one.
fn classes(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
    doc.descendants().filter_map(|n| n.attribute("class").map(str::to_string)).collect()
}

fn count(classes: &[String], class: &str) -> usize {
    classes.iter().filter(|c| c.as_str() == class).count()
}

#[test]
fn one_study_draws_its_bars() {
    let s = study(0..300, 300, Lean::default());
    let charts = charts(&s, None);
    assert_eq!(charts.iter().map(|(n, _)| *n).collect::<Vec<_>>(), ["length", "values", "wins", "bank", "endings"]);
    for (_, svg) in &charts {
        let c = classes(svg);
        assert_eq!(count(&c, "title"), 1);
        assert_eq!(count(&c, "legend"), 0, "no legend for one study");
    }
    let wins = classes(&charts[2].1);
    assert_eq!(count(&wins, "bar series-0"), 3);
    assert_eq!(count(&wins, "whisker"), 3);
    let endings = classes(&charts[4].1);
    assert_eq!(count(&endings, "bar series-0"), 3, "bank, bankrupt, unfinished");
    let length = classes(&charts[0].1);
    assert_eq!(count(&length, "bar series-0"), 8, "rounds 12 to 19");
    let bank = classes(&charts[3].1);
    assert_eq!((count(&bank, "line series-0"), count(&bank, "band series-0")), (1, 1));
    assert!(charts[2].1.contains("seat 1 (greedy)"));
}

#[test]
fn two_studies_in_two_colours() {
    let a = study(0..200, 200, Lean::default());
    let mut b = study(0..200, 200, Lean { extra_rounds: 3, seat1_bonus: 500, salt: 3 });
    b.meta.options = vec!["longer_game".into()];
    let charts = charts(&a, Some(&b));
    for (_, svg) in &charts {
        let c = classes(svg);
        assert_eq!(count(&c, "legend"), 2);
        assert!(svg.contains("longer_game") && svg.contains("no options"));
    }
    let wins = classes(&charts[2].1);
    assert_eq!((count(&wins, "bar series-0"), count(&wins, "bar series-1")), (3, 3));
    let length = classes(&charts[0].1);
    assert_eq!(count(&length, "bar series-1"), 11, "one bar per bin from 12 to 22, empty ones of zero height");
}

#[test]
fn empty_and_errored_studies_draw() {
    let empty = Study::new(StudyMeta::default());
    for (_, svg) in charts(&empty, Some(&empty)) {
        classes(&svg);
    }
    let mut errored = Study::new(meta(2));
    for index in 0..2 {
        errored.add(&GameRecord { index, error: Some("boom".into()), ..GameRecord::default() });
    }
    for (_, svg) in charts(&errored, None) {
        let c = classes(&svg);
        assert_eq!(count(&c, "whisker"), 0);
    }
    let mut one = Study::new(meta(1));
    one.add(&crate::simulate::testkit::game(0, Lean::default()));
    for (_, svg) in charts(&one, Some(&errored)) {
        classes(&svg);
    }
}

#[test]
fn plots_are_written_and_render() {
    let tmp = tempfile::Builder::new().prefix("railhead-plot-test-").tempdir().unwrap();
    let dir = tmp.path().join("plots");
    let a = study(0..200, 200, Lean::default());
    let mut b = study(0..200, 200, Lean { extra_rounds: 3, seat1_bonus: 500, salt: 3 });
    b.meta.options = vec!["longer_game".into()];
    let paths = write_plots(&dir, &a, Some(&b)).unwrap();
    assert_eq!(paths.len(), 5);
    let svg = std::fs::read_to_string(&paths[2]).unwrap();
    let png = crate::render::png::png(&svg).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    // To look at the charts: RAILHEAD_PLOT_PNG=DIR cargo test --lib plots_are_written
    if let Some(out) = std::env::var_os("RAILHEAD_PLOT_PNG") {
        for p in &paths {
            let png = crate::render::png::png(&std::fs::read_to_string(p).unwrap()).unwrap();
            std::fs::write(Path::new(&out).join(p.file_name().unwrap()).with_extension("png"), png).unwrap();
        }
    }
}

//! Two studies side by side (a title with and without a house rule): the
//! key figures of each, their difference and whether it is significant.
//!
//! Each figure is tested at the 95 % level: Welch's z for means, the
//! two-proportion z-test for rates. With many figures, some will flag by
//! chance alone — about one in twenty of those where the rule changes
//! nothing. `significant_overall` applies the Bonferroni correction
//! (p below 0.05 ÷ the number of figures tested), which keeps the chance
//! of any false flag at 5 % but misses small real effects: read `*`
//! marks as "worth a longer run", `**` as "very likely real".

use super::estimate::{Estimate, Test, mean, proportion, two_proportions, welch};
use super::stats::Study;
use super::summary::scaled;
use super::tally::Moments;
use serde::{Deserialize, Serialize};

/// The significance level of one figure's test.
pub const ALPHA: f64 = 0.05;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Difference {
    /// What is compared, e.g. "length: rounds", "float rate: PRR".
    pub figure: String,
    /// A rate (a proportion, 0–1) rather than a mean.
    pub rate: bool,
    pub a: Estimate,
    pub b: Estimate,
    /// `b − a`, when both have a mean.
    pub difference: Option<f64>,
    /// `None` when the test cannot be made (too few games, no variation).
    pub test: Option<Test>,
    /// p < 0.05 for this figure alone.
    pub significant: bool,
    /// p < 0.05 ÷ (figures tested): significant with all figures in view.
    pub significant_overall: bool,
}

/// The key figures of `a` and `b` (`b − a`), in report order.
pub fn compare(a: &Study, b: &Study) -> Vec<Difference> {
    let mut out = Vec::new();
    let means = |out: &mut Vec<Difference>, figure: String, x: &Moments, y: &Moments, factor: f64| {
        out.push(difference(figure, false, scaled(mean(x), factor), scaled(mean(y), factor), welch(x, y)));
    };
    let rates = |out: &mut Vec<Difference>, figure: String, (xa, na): (f64, u64), (xb, nb): (f64, u64)| {
        out.push(difference(figure, true, proportion(xa, na), proportion(xb, nb), two_proportions(xa, na, xb, nb)));
    };

    means(&mut out, "length: rounds".into(), &a.rounds.moments, &b.rounds.moments, 1.0);
    means(&mut out, "length: operating rounds".into(), &a.operating_rounds.moments, &b.operating_rounds.moments, 1.0);
    means(&mut out, "length: actions".into(), &a.actions.moments, &b.actions.moments, 1.0);
    rates(&mut out, "errors".into(), (a.errors as f64, a.games), (b.errors as f64, b.games));

    let (played_a, played_b) = (a.finished + a.unfinished, b.finished + b.unfinished);
    for reason in union(a.endings.keys().cloned(), b.endings.keys().cloned()) {
        let count = |s: &Study| s.endings.get(&reason).copied().unwrap_or(0) as f64;
        rates(&mut out, format!("ending: {reason}"), (count(a), played_a), (count(b), played_b));
    }
    rates(&mut out, "ending: unfinished".into(), (a.unfinished as f64, played_a), (b.unfinished as f64, played_b));

    for seat in 0..a.seats.len().max(b.seats.len()) {
        let wins = |s: &Study| s.seats.get(seat).map_or(0.0, |t| t.wins.total());
        rates(&mut out, format!("win rate: seat {}", seat + 1), (wins(a), a.finished), (wins(b), b.finished));
    }
    for bot in union(a.bots.keys().cloned(), b.bots.keys().cloned()) {
        let tally = |s: &Study| s.bots.get(&bot).map_or((0.0, 0), |t| (t.wins.total(), t.seats));
        rates(&mut out, format!("win rate: bot {bot}"), tally(a), tally(b));
    }

    means(&mut out, "final value: all seats".into(), &a.values.moments, &b.values.moments, 1.0);
    means(&mut out, "final value: winner".into(), &a.winner_value.moments, &b.winner_value.moments, 1.0);

    for id in union(a.corps.iter().map(|c| c.id.clone()), b.corps.iter().map(|c| c.id.clone())) {
        let corp = |s: &Study| s.corps.iter().find(|c| c.id == id).cloned().unwrap_or_default();
        let (ca, cb) = (corp(a), corp(b));
        rates(&mut out, format!("float rate: {id}"), (ca.floated as f64, ca.games), (cb.floated as f64, cb.games));
        rates(&mut out, format!("closure rate: {id}"), (ca.closed as f64, ca.games), (cb.closed as f64, cb.games));
        means(&mut out, format!("revenue per run: {id}"), &ca.revenue_per_run_centi, &cb.revenue_per_run_centi, 0.01);
    }

    for name in union(a.phases.keys().cloned(), b.phases.keys().cloned()) {
        let reached = |s: &Study| s.phases.get(&name).map_or(0.0, |p| p.reached as f64);
        rates(&mut out, format!("phase {name}: reached"), (reached(a), a.finished), (reached(b), b.finished));
        let start = |s: &Study| s.phases.get(&name).map_or_else(Moments::default, |p| p.start_round.moments.clone());
        means(&mut out, format!("phase {name}: start round"), &start(a), &start(b), 1.0);
    }

    let tested = out.iter().filter(|d| d.test.is_some()).count().max(1);
    for d in &mut out {
        d.significant_overall = d.test.is_some_and(|t| t.p < ALPHA / tested as f64);
    }
    out
}

/// How many figures of a comparison were tested: the Bonferroni divisor.
pub fn tested(differences: &[Difference]) -> usize {
    differences.iter().filter(|d| d.test.is_some()).count()
}

fn difference(figure: String, rate: bool, a: Estimate, b: Estimate, test: Option<Test>) -> Difference {
    Difference {
        figure,
        rate,
        a,
        b,
        difference: a.mean.zip(b.mean).map(|(x, y)| y - x),
        significant: test.is_some_and(|t| t.p < ALPHA),
        significant_overall: false,
        test,
    }
}

/// The names of `a` then those only in `b`, each once, in first order.
fn union(a: impl Iterator<Item = String>, b: impl Iterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in a.chain(b) {
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulate::stats::StudyMeta;
    use crate::simulate::testkit::{Lean, study};

    fn find<'a>(d: &'a [Difference], figure: &str) -> &'a Difference {
        d.iter().find(|x| x.figure == figure).unwrap_or_else(|| panic!("no figure {figure}"))
    }

    #[test]
    fn a_clear_difference_is_significant() {
        let a = study(0..400, 400, Lean::default());
        let b = study(0..400, 400, Lean { extra_rounds: 3, seat1_bonus: 1500, salt: 1 });
        let d = compare(&a, &b);
        let rounds = find(&d, "length: rounds");
        assert!(rounds.significant && rounds.significant_overall, "{rounds:?}");
        assert!((rounds.difference.unwrap() - 3.0).abs() < 0.6, "{rounds:?}");
        let seat1 = find(&d, "win rate: seat 1");
        assert!(seat1.significant && seat1.difference.unwrap() > 0.3, "{seat1:?}");
        assert!(find(&d, "win rate: bot greedy").significant);
    }

    #[test]
    fn another_sample_of_the_same_games_is_not() {
        let a = study(0..400, 400, Lean::default());
        let b = study(0..400, 400, Lean { salt: 7, ..Lean::default() });
        let d = compare(&a, &b);
        for figure in ["length: rounds", "win rate: seat 1", "float rate: PRR", "final value: all seats", "phase 4: start round"] {
            let x = find(&d, figure);
            assert!(!x.significant, "{x:?}");
        }
        assert!(d.iter().all(|x| !x.significant_overall), "{:?}", d.iter().filter(|x| x.significant_overall).collect::<Vec<_>>());
        let errors = find(&d, "errors");
        assert_eq!((errors.difference, errors.significant), (Some(0.0), false));
    }

    #[test]
    fn empty_studies_compare_without_tests() {
        let e = Study::new(StudyMeta::default());
        let d = compare(&e, &e);
        assert!(d.iter().all(|x| x.test.is_none() && !x.significant));
        assert_eq!(tested(&d), 0);
        let full = study(0..50, 50, Lean::default());
        let d = compare(&e, &full);
        assert!(find(&d, "float rate: PRR").test.is_none(), "one side has no games");
    }
}

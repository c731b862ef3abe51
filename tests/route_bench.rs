//! Timing printer for the synthetic dense positions (not pass/fail):
//! `cargo test --release --test route_bench -- --ignored --nocapture`.

use std::time::{Duration, Instant};

use railhead::route::synthetic::{SyntheticKind, synthetic_dense_problem};
use railhead::route::*;

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

#[test]
#[ignore]
fn synthetic_timings() {
    for kind in [SyntheticKind::Flat1849, SyntheticKind::Pointy1844] {
        let p = synthetic_dense_problem(kind);
        let runs: usize = std::env::var("RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(5);
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..runs {
            let t = Instant::now();
            let out = best_run(&p);
            times.push(t.elapsed());
            last = Some(out);
        }
        let (run, stats) = last.unwrap();
        println!(
            "{kind:?}: {} hexes, {} stops, {} paths; revenue {} ({} routes); candidates {}, nodes {}; median {:?} over {runs}",
            p.graph.hex_labels.len(),
            p.graph.stops.len(),
            p.graph.paths.len(),
            run.revenue,
            run.routes.len(),
            stats.candidates,
            stats.nodes,
            median(times)
        );
        for r in &run.routes {
            println!("  {} stops {:?} counted {:?} revenue {}", p.trains[r.train].id, r.stops, r.counted, r.revenue);
        }
    }
}

/// Cross-check on the big flat map: the callback path lists every legal
/// route with no value bounds, so it must agree with the pruned search.
#[test]
#[ignore]
fn flat_unpruned_agrees() {
    let p = synthetic_dense_problem(SyntheticKind::Flat1849);
    let t = Instant::now();
    let mut zero = |_: &Route| 0i64;
    let (slow, stats) = best_run_with(&p, Some(&mut zero));
    println!("unpruned: revenue {} candidates {} nodes {} in {:?}", slow.revenue, stats.candidates, stats.nodes, t.elapsed());
    assert_eq!(slow.revenue, best_run(&p).0.revenue);
}

#[test]
#[ignore]
fn pointy_variants() {
    let base = synthetic_dense_problem(SyntheticKind::Pointy1844);
    for (name, f) in [
        ("no pair", Box::new(|p: &mut RouteProblem| p.rules.pair_bonuses.clear()) as Box<dyn Fn(&mut RouteProblem)>),
        ("no tunnel", Box::new(|p: &mut RouteProblem| p.rules.path_tag_bonuses.clear())),
        ("no bonus", Box::new(|p: &mut RouteProblem| { p.rules.pair_bonuses.clear(); p.rules.path_tag_bonuses.clear(); })),
    ] {
        let mut p = base.clone();
        f(&mut p);
        p.trains.truncate(1);
        let t = Instant::now();
        let (run, stats) = best_run(&p);
        println!("{name}: revenue {} nodes {} in {:?}", run.revenue, stats.nodes, t.elapsed());
    }
}

#[test]
#[ignore]
fn pointy_values() {
    let p = synthetic_dense_problem(SyntheticKind::Pointy1844);
    let mut v: Vec<(i64, bool, bool)> = p.graph.stops.iter().map(|s| (s.value, s.terminal, s.own_token)).collect();
    v.sort_by(|a, b| b.cmp(a));
    println!("{v:?}");
}

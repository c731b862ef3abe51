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
    let (slow, stats) = best_run_with(&p, Some(&mut zero), &NodeBudget::unlimited());
    println!("unpruned: revenue {} candidates {} nodes {} in {:?}", slow.revenue, stats.candidates, stats.nodes, t.elapsed());
    assert_eq!(slow.revenue, best_run(&p).0.revenue);
}

/// Harder variants of the synthetic maps, for the report.
#[test]
#[ignore]
fn harder_variants() {
    let mut flat_dual = synthetic_dense_problem(SyntheticKind::Flat1849);
    for q in &mut flat_dual.graph.paths {
        q.gauge = Gauge::Dual;
    }
    let mut flat_more = flat_dual.clone();
    flat_more.trains.push(flat_more.trains[0].clone());
    let mut pointy_two = synthetic_dense_problem(SyntheticKind::Pointy1844);
    pointy_two.trains.push(pointy_two.trains[1].clone());
    let mut pointy_ee = synthetic_dense_problem(SyntheticKind::Pointy1844);
    pointy_ee.trains.insert(0, pointy_ee.trains[0].clone());
    let mut flat_e = synthetic_dense_problem(SyntheticKind::Flat1849);
    flat_e.trains = vec![TrainSpec {
        id: "E".into(),
        distance: Distance::Unlimited,
        gauges: [true, false, true],
        forbidden_tags: 0,
        multipliers: vec![],
    }];
    let _ = pointy_ee; // 8E + 8E + 6 takes minutes: see the search module docs.
    for (name, p) in [("flat E (unlimited, no narrow)", flat_e), ("flat all dual", flat_dual), ("flat all dual, 2x16H + R6H", flat_more), ("pointy 8E + 6 + 6", pointy_two)] {
        let t = Instant::now();
        let (run, stats) = best_run(&p);
        println!("{name}: revenue {} candidates {} nodes {} in {:?}", run.revenue, stats.candidates, stats.nodes, t.elapsed());
    }
}

/// How many legal routes the all-dual flat map has (no pruning at all).
#[test]
#[ignore]
fn flat_dual_route_count() {
    let mut p = synthetic_dense_problem(SyntheticKind::Flat1849);
    for q in &mut p.graph.paths {
        q.gauge = Gauge::Dual;
    }
    let t = Instant::now();
    let mut zero = |_: &Route| 0i64;
    let (slow, stats) = best_run_with(&p, Some(&mut zero), &NodeBudget::unlimited());
    println!("all-dual unpruned: revenue {} legal routes {} in {:?}; pruned search {}", slow.revenue, stats.candidates, t.elapsed(), best_run(&p).0.revenue);
}

#[test]
#[ignore]
fn wiring() {
    for kind in [SyntheticKind::Flat1849, SyntheticKind::Pointy1844] {
        let p = synthetic_dense_problem(kind);
        let nj = p.graph.junctions.len();
        let mut side = vec![[0u32; 2]; nj];
        for q in &p.graph.paths {
            for e in [q.a, q.b] {
                if let End::Junction(j, s) = e {
                    side[j as usize][s as usize] += 1;
                    let h = p.graph.junctions[j as usize].hexes[s as usize];
                    assert_eq!(h, q.hex, "path end on a junction side of another hex");
                }
            }
        }
        let both = side.iter().filter(|s| s[0] > 0 && s[1] > 0).count();
        let one = side.iter().filter(|s| (s[0] > 0) != (s[1] > 0)).count();
        println!("{kind:?}: junctions {nj}, track on both sides {both}, one side only {one}");
    }
}

/// The 1844 express combinations (`ONLY=8E+8E` runs one of them):
/// `cargo test --release --test route_bench express_combinations -- --ignored --nocapture`.
#[test]
#[ignore]
fn express_combinations() {
    let base = synthetic_dense_problem(SyntheticKind::Pointy1844);
    let (eight, six) = (base.trains[0].clone(), base.trains[1].clone());
    let runs: usize = std::env::var("RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let only = std::env::var("ONLY").ok();
    let flat = synthetic_dense_problem(SyntheticKind::Flat1849);
    let cases = [
        ("flat 16H+R6H", flat),
        ("pointy 8E+6", RouteProblem { trains: vec![eight.clone(), six.clone()], ..base.clone() }),
        ("pointy 8E+8E", RouteProblem { trains: vec![eight.clone(), eight.clone()], ..base.clone() }),
        ("pointy 8E+8E+6", RouteProblem { trains: vec![eight.clone(), eight.clone(), six.clone()], ..base.clone() }),
    ];
    for (name, p) in cases {
        if only.as_deref().is_some_and(|o| !name.ends_with(o)) {
            continue;
        }
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..runs {
            let t = Instant::now();
            last = Some(best_run(&p));
            times.push(t.elapsed());
        }
        let (run, stats) = last.unwrap();
        println!("{name}: revenue {} nodes {} candidates {} median {:?} over {runs}", run.revenue, stats.nodes, stats.candidates, median(times));
        for r in &run.routes {
            println!("  {} counted {:?} revenue {}", p.trains[r.train].id, r.counted, r.revenue);
        }
    }
}

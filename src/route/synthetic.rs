//! Synthetic late-game positions for benchmarks (`railhead bench routes`).
//!
//! Both maps are generated from a fixed seed, so every run measures the
//! same problem. They are denser than any real game position: every hex
//! carries track, cities connect to all their edges, plain hexes hold
//! brown-style tiles with three tracks (some sharing an edge, i.e. switches).

use super::model::*;

/// Which synthetic position to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyntheticKind {
    /// Sicily-sized flat-topped map (≈100 hexes), standard/narrow/dual mix,
    /// gauge changes at stops only; trains 16H and R6H.
    Flat1849,
    /// 1844-sized pointy-topped map, standard gauge, red off-boards with
    /// transit bonuses and tunnels; trains 8E (express) and 6.
    Pointy1844,
}

/// A dense late-game problem for benchmarks.
pub fn synthetic_dense_problem(kind: SyntheticKind) -> RouteProblem {
    match kind {
        SyntheticKind::Flat1849 => flat_1849(),
        SyntheticKind::Pointy1844 => pointy_1844(),
    }
}

/// splitmix64: a tiny deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }
}

/// A rectangular grid of hexes with a junction on every shared edge.
struct Grid {
    rows: i32,
    cols: i32,
    pointy: bool,
    graph: TrackGraph,
    /// `edge_end[hex * 6 + e]`: the junction end of that hex edge, if the
    /// neighbour exists.
    edge_end: Vec<Option<End>>,
}

impl Grid {
    fn new(rows: i32, cols: i32, pointy: bool) -> Grid {
        let mut g = Grid { rows, cols, pointy, graph: TrackGraph::default(), edge_end: Vec::new() };
        for r in 0..rows {
            for c in 0..cols {
                let label = format!("{}{}", (b'A' + r as u8) as char, c + 1);
                std::sync::Arc::make_mut(&mut g.graph.hex_labels).push(label);
            }
        }
        g.edge_end = vec![None; (rows * cols * 6) as usize];
        for h in 0..rows * cols {
            for e in 0..6 {
                if let Some(n) = g.neighbour(h, e)
                    && h < n
                {
                    let j = g.graph.junctions.len() as u32;
                    g.graph.junctions.push(Junction { hexes: [h as u32, n as u32] });
                    g.edge_end[(h * 6 + e) as usize] = Some(End::Junction(j, 0));
                    g.edge_end[(n * 6 + (e + 3) % 6) as usize] = Some(End::Junction(j, 1));
                }
            }
        }
        g
    }

    /// The hex across edge `e` (0..6, clockwise, opposite = e + 3).
    fn neighbour(&self, h: i32, e: i32) -> Option<i32> {
        let (r, c) = (h / self.cols, h % self.cols);
        let (dr, dc) = if self.pointy {
            // Odd rows shifted right. Edges: E, SE, SW, W, NW, NE.
            let odd = r % 2 == 1;
            match (e, odd) {
                (0, _) => (0, 1),
                (1, false) => (1, 0),
                (1, true) => (1, 1),
                (2, false) => (1, -1),
                (2, true) => (1, 0),
                (3, _) => (0, -1),
                (4, false) => (-1, -1),
                (4, true) => (-1, 0),
                (5, false) => (-1, 0),
                _ => (-1, 1),
            }
        } else {
            // Odd columns shifted down. Edges: N, NE, SE, S, SW, NW.
            let odd = c % 2 == 1;
            match (e, odd) {
                (0, _) => (-1, 0),
                (1, false) => (-1, 1),
                (1, true) => (0, 1),
                (2, false) => (0, 1),
                (2, true) => (1, 1),
                (3, _) => (1, 0),
                (4, false) => (0, -1),
                (4, true) => (1, -1),
                (5, false) => (-1, -1),
                _ => (0, -1),
            }
        };
        let (nr, nc) = (r + dr, c + dc);
        (nr >= 0 && nr < self.rows && nc >= 0 && nc < self.cols).then_some(nr * self.cols + nc)
    }

    fn edge(&self, h: i32, e: i32) -> Option<End> {
        self.edge_end[(h * 6 + e.rem_euclid(6)) as usize]
    }

    fn stop(&mut self, h: i32, kind: StopKind, value: i64) -> StopId {
        self.graph.stops.push(Stop {
            hex: h as u32,
            kind,
            value,
            location: None,
            groups: 0,
            bonus: 0,
            tags: 0,
            terminal: false,
            blocked: false,
            own_token: false,
        });
        self.graph.stops.len() as StopId - 1
    }

    fn path(&mut self, h: i32, gauge: Gauge, a: Option<End>, b: Option<End>, tags: u32) {
        if let (Some(a), Some(b)) = (a, b) {
            self.graph.paths.push(TrackPath { hex: h as u32, gauge, a, b, tags });
        }
    }

    /// A station hex: the stop joined to every edge that has a neighbour.
    fn station(&mut self, h: i32, s: StopId, gauge: impl Fn(i32) -> Gauge) {
        for e in 0..6 {
            let end = self.edge(h, e);
            self.path(h, gauge(e), Some(End::Stop(s)), end, 0);
        }
    }

    /// A brown-style plain tile, rotated; every edge carries track, and
    /// some layouts share an edge between two tracks (switches).
    fn plain(&mut self, h: i32, shape: u64, rot: i32, gauges: [Gauge; 4], tags: u32) {
        let layouts: [&[(i32, i32)]; 4] = [
            &[(0, 3), (1, 4), (2, 5)],         // three straights crossing
            &[(0, 1), (2, 3), (4, 5)],         // three tight curves
            &[(0, 2), (1, 3), (4, 5)],         // two gentle curves crossing
            &[(0, 3), (0, 2), (1, 4), (3, 5)], // switches on edges 0 and 3
        ];
        for (k, &(a, b)) in layouts[(shape % 4) as usize].iter().enumerate() {
            let (ea, eb) = (self.edge(h, a + rot), self.edge(h, b + rot));
            self.path(h, gauges[k], ea, eb, if k == 0 { tags } else { 0 });
        }
    }
}

/// 10 × 10 flat-topped map in the style of late 1849: cities every few
/// hexes, towns between, brown track everywhere, mixed gauges, ports.
fn flat_1849() -> RouteProblem {
    let mut rng = Rng(1849);
    let mut g = Grid::new(10, 10, false);
    // Per track: standard 40%, narrow 25%, dual 35%.
    let gauge_of = |x: u64| match x % 20 {
        0..=7 => Gauge::Standard,
        8..=12 => Gauge::Narrow,
        _ => Gauge::Dual,
    };
    let mut tokens = 0;
    for h in 0..g.rows * g.cols {
        let (r, c) = (h / g.cols, h % g.cols);
        let pick = |rng: &mut Rng| gauge_of(rng.next());
        if (r % 3 == 1) && (c % 3 == 1) {
            // A city (9 of them), four holding the company's tokens.
            let s = g.stop(h, StopKind::City, 30 + 10 * rng.below(5) as i64);
            if tokens < 4 && (r + c) % 2 == 0 {
                g.graph.stops[s as usize].own_token = true;
                tokens += 1;
            }
            if h == 44 {
                g.graph.stops[s as usize].blocked = true;
            }
            let gs: Vec<Gauge> = (0..6).map(|_| pick(&mut rng)).collect();
            g.station(h, s, |e| gs[e as usize]);
        } else if rng.below(100) < 22 {
            // A town with four exits.
            let s = g.stop(h, StopKind::Town, 10 + 10 * rng.below(3) as i64);
            let rot = rng.below(6) as i32;
            let gauge = pick(&mut rng);
            for e in [0, 1, 3, 4] {
                let end = g.edge(h, e + rot);
                g.path(h, gauge, Some(End::Stop(s)), end, 0);
            }
            let (ea, eb) = (g.edge(h, 2 + rot), g.edge(h, 5 + rot));
            let gauge = pick(&mut rng);
            g.path(h, gauge, ea, eb, 0);
        } else {
            let shape = rng.below(4);
            let rot = rng.below(6) as i32;
            let gs = [pick(&mut rng), pick(&mut rng), pick(&mut rng), pick(&mut rng)];
            g.plain(h, shape, rot, gs, 0);
        }
    }
    // Ports on the west and south coasts, reached through their arrow.
    for (h, value) in [(30, 20), (95, 60), (9, 10)] {
        let s = g.stop(h, StopKind::Port, value);
        g.graph.stops[s as usize].terminal = true;
        for e in 0..6 {
            let end = g.edge(h, e);
            g.path(h, Gauge::Dual, Some(End::Stop(s)), end, 0);
        }
    }
    let train = |id: &str, max: u32, cost: [u32; 3]| TrainSpec {
        id: id.into(),
        distance: Distance::Hexes { max, count_start: false, cost },
        gauges: [true; 3],
        forbidden_tags: 0,
        multipliers: Vec::new(),
    };
    RouteProblem {
        graph: g.graph,
        trains: vec![train("16H", 16, [1, 2, 1]), train("R6H", 6, [2, 1, 1])],
        rules: RouteRules {
            min_stops: 2,
            min_cities: 1,
            ignore_for_minimum: vec![StopKind::Port],
            gauge_changes_at_stops_only: true,
            pair_bonuses: Vec::new(),
            path_tag_bonuses: Vec::new(),
        },
    }
}

/// 9 × 14 pointy-topped map in the style of late 1844: many cities and
/// towns, red off-boards on all four sides with transit bonuses, tunnels.
fn pointy_1844() -> RouteProblem {
    let mut rng = Rng(1844);
    let mut g = Grid::new(9, 14, true);
    let std = Gauge::Standard;
    let mut tokens = 0;
    let (north, south, east, west) = (0u32, 1u32, 2u32, 3u32);
    for h in 0..g.rows * g.cols {
        let (r, c) = (h / g.cols, h % g.cols);
        let border = r == 0 || r == g.rows - 1 || c == 0 || c == g.cols - 1;
        if border && (r + c) % 4 == 0 {
            // A red off-board: terminal, with a transit group.
            let group = if r == 0 {
                north
            } else if r == g.rows - 1 {
                south
            } else if c == 0 {
                west
            } else {
                east
            };
            let s = g.stop(h, StopKind::Offboard, 20 + 10 * rng.below(5) as i64);
            let st = &mut g.graph.stops[s as usize];
            st.terminal = true;
            st.groups = 1 << group;
            st.bonus = 20 + 10 * rng.below(3) as i64;
            g.station(h, s, |_| std);
        } else if (r % 2 == 1) && (c % 3 == 1) {
            let s = g.stop(h, StopKind::City, 20 + 10 * rng.below(6) as i64);
            if tokens < 5 && rng.below(3) == 0 {
                g.graph.stops[s as usize].own_token = true;
                tokens += 1;
            }
            g.station(h, s, |_| std);
        } else if rng.below(100) < 25 {
            let s = g.stop(h, StopKind::Town, 10 + 10 * rng.below(2) as i64);
            let rot = rng.below(6) as i32;
            for e in [0, 2, 3, 5] {
                let end = g.edge(h, e + rot);
                g.path(h, std, Some(End::Stop(s)), end, 0);
            }
            let (ea, eb) = (g.edge(h, 1 + rot), g.edge(h, 4 + rot));
            g.path(h, std, ea, eb, 0);
        } else {
            let shape = rng.below(4);
            let rot = rng.below(6) as i32;
            let tunnel = if rng.below(100) < 5 { 1 } else { 0 };
            g.plain(h, shape, rot, [std; 4], tunnel);
        }
    }
    // Make sure the company has tokens even if the dice were unkind.
    for s in g.graph.stops.iter_mut().filter(|s| s.kind == StopKind::City).step_by(4) {
        s.own_token = true;
    }
    let mut six = TrainSpec {
        id: "6".into(),
        distance: Distance::Stops { max: 6, express: false },
        gauges: [true, false, true],
        forbidden_tags: 0,
        multipliers: Vec::new(),
    };
    let mut eight = six.clone();
    eight.id = "8E".into();
    eight.distance = Distance::Stops { max: 8, express: true };
    six.id = "6".into();
    RouteProblem {
        graph: g.graph,
        trains: vec![eight, six],
        rules: RouteRules {
            min_stops: 2,
            min_cities: 0,
            ignore_for_minimum: Vec::new(),
            gauge_changes_at_stops_only: false,
            pair_bonuses: vec![PairBonus { a: north, b: south }, PairBonus { a: east, b: west }],
            path_tag_bonuses: vec![PathTagBonus { tag: 1, per_stop: 10 }],
        },
    }
}

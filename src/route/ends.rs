//! The paths touching each end of a track graph (each stop, each side of
//! each junction), as flat lists in path order: one allocation for all
//! ends instead of one per end. The search's incidence and the game's
//! board walks (`game::graph`) both read the graph through it.

use super::model::*;

pub struct EndLists {
    /// Ends are the stops first, then side 0 and side 1 of each junction;
    /// end `e`'s paths are `paths[start[e]..start[e + 1]]`.
    start: Vec<u32>,
    paths: Vec<u32>,
    n_stops: usize,
}

impl EndLists {
    /// Every path of the graph at both its ends (the graph's ends must be
    /// in range, as a board graph's are).
    pub fn of(g: &TrackGraph) -> EndLists {
        EndLists::new(g, |_| true)
    }

    /// The paths `keep` accepts, each at both its ends (once if both ends
    /// are the same junction side). `keep` must refuse a path whose ends
    /// are out of range.
    pub fn new(g: &TrackGraph, keep: impl Fn(&TrackPath) -> bool) -> EndLists {
        const NO_END: u32 = u32::MAX;
        let ns = g.stops.len();
        let n_ends = ns + g.junctions.len() * 2;
        // As a u32, like the graph's ids (no graph has so many ends that one
        // is NO_END).
        let end_index = |e: End| match e {
            End::Stop(s) => s,
            End::Junction(j, side) => (ns + j as usize * 2 + side as usize) as u32,
        };
        // Each path's ends, read once (the search builds these lists for
        // every problem: a second reading of the paths was a third of it).
        let mut path_ends: Vec<[u32; 2]> = Vec::with_capacity(g.paths.len());
        // Counts at `start[e + 2]`, summed into where each end's list
        // begins at `start[e + 1]`, which the filling below moves on to
        // where it ends: `start[e]` is then where end `e`'s list begins.
        let mut start = vec![0u32; n_ends + 2];
        for tp in &g.paths {
            let ends = if keep(tp) {
                let a = end_index(tp.a);
                [a, if tp.a == tp.b { NO_END } else { end_index(tp.b) }]
            } else {
                [NO_END; 2]
            };
            for e in ends {
                if e != NO_END {
                    start[e as usize + 2] += 1;
                }
            }
            path_ends.push(ends);
        }
        for e in 2..n_ends + 2 {
            start[e] += start[e - 1];
        }
        let mut paths = vec![0u32; start[n_ends + 1] as usize];
        for (id, ends) in path_ends.iter().enumerate() {
            for &e in ends {
                if e != NO_END {
                    let at = &mut start[e as usize + 1];
                    paths[*at as usize] = id as u32;
                    *at += 1;
                }
            }
        }
        start.truncate(n_ends + 1);
        EndLists { start, paths, n_stops: ns }
    }

    fn end(&self, e: usize) -> &[u32] {
        &self.paths[self.start[e] as usize..self.start[e + 1] as usize]
    }

    /// The paths touching stop `s`.
    pub fn at_stop(&self, s: usize) -> &[u32] {
        self.end(s)
    }

    /// The paths touching side `side` of junction `j`.
    pub fn at_junction(&self, j: usize, side: usize) -> &[u32] {
        self.end(self.n_stops + 2 * j + side)
    }

    pub fn n_stops(&self) -> usize {
        self.n_stops
    }

    pub fn n_junctions(&self) -> usize {
        (self.start.len() - 1 - self.n_stops) / 2
    }

    /// Keeps only the paths `keep` accepts, every end's list in its order.
    pub fn retain(&mut self, keep: impl Fn(u32) -> bool) {
        let mut kept = 0usize;
        let mut from = 0usize;
        for e in 0..self.start.len() - 1 {
            let to = self.start[e + 1] as usize;
            self.start[e] = kept as u32;
            for i in from..to {
                let q = self.paths[i];
                if keep(q) {
                    self.paths[kept] = q;
                    kept += 1;
                }
            }
            from = to;
        }
        let last = self.start.len() - 1;
        self.start[last] = kept as u32;
        self.paths.truncate(kept);
    }
}

//! Building a board graph hex by hex (`Builder`): for the whole board
//! (`BoardGraph::build_with`), or after a change on one hex from the graph
//! of the board before it (`after_change_at`).

use super::*;
use std::collections::BTreeMap;

impl BoardGraph {
    /// The board's graph (`build_track(t, st, None)`) after a change on
    /// hex `h` alone, made from `self`, the board's graph before it, when
    /// the hex stood as `before`; everything else the build reads is as
    /// it was (the caller compares it). `None` where the change could
    /// number the graph's tags, groups or locations otherwise (a build
    /// then).
    ///
    /// A tile laid on one hex changes the ids of the stops and paths of
    /// the hexes after it, and of the junctions their paths name first:
    /// those are copied with their ids moved, in the order a build names
    /// them, so the graph is the one a build gives, id for id (the route
    /// search's choices between equal runs follow the ids).
    pub fn after_change_at(&self, t: &Title, st: &GameState, h: HexId, before: &crate::game::state::HexState) -> Option<BoardGraph> {
        let hu = h as usize;
        let now = &st.board.hexes[hu];
        let here = self.stops_of(h);
        let (fs, fs_next) = (here.start as usize, here.end as usize);
        if now.tile == before.tile && now.rotation == before.rotation {
            // The same tile: only its stops' token flags can differ.
            let mut bg = self.clone();
            for id in fs..fs_next {
                let stop = &mut bg.graph.stops[id];
                (stop.own_token, stop.blocked) = stop_flags(t, st, h, (id - fs) as u8, stop.kind == RStopKind::City, None);
            }
            return Some(bg);
        }
        let old_tile = tile_of(t, h, before);
        let new_tile = tile_on(t, st, h);
        let hd = &t.map.hexes[hu];
        let markers: &[String] = st.board.markers.get(&h).map_or(&[], |m| m.as_slice());
        let mut names_tags = new_tile.stops.iter().flat_map(|s| s.tags.iter().chain(hd.tags.iter()).chain(markers.iter())).chain(new_tile.paths.iter().flat_map(|p| p.tags.iter()));
        let keeps_order = !self.tags.origin.contains(&h)
            && !self.groups.origin.contains(&h)
            && old_tile.stops.iter().chain(new_tile.stops.iter()).all(|s| s.location.is_none())
            && names_tags.all(|n| self.tags.named_before(n, h))
            && new_tile.stops.iter().flat_map(|s| s.groups.iter()).all(|n| self.groups.named_before(n, h));
        if !keeps_order {
            return None;
        }
        let g = &self.graph;
        let (fp, fp_next) = (g.paths.partition_point(|p| p.hex < h), g.paths.partition_point(|p| p.hex <= h));
        // The junctions the paths before the hex name are the first ones.
        let j0 = g.paths[..fp].iter().flat_map(|p| [p.a, p.b]).filter_map(|e| if let End::Junction(j, _) = e { Some(j as usize + 1) } else { None }).max().unwrap_or(0);
        let mut slots = vec![u32::MAX; t.map.hexes.len() * 6];
        for (j, &(jh, e)) in self.junction_at[..j0].iter().enumerate() {
            slots[jh as usize * 6 + e as usize] = j as u32;
        }
        let mut b = Builder::new(t, st, Some(slots), BoardGraph {
            graph: TrackGraph::default(),
            stop_at: self.stop_at[..fs].to_vec(),
            first_stop: self.first_stop[..hu].to_vec(),
            path_at: self.path_at[..fp].to_vec(),
            junction_at: self.junction_at[..j0].to_vec(),
            tags: self.tags.clone(),
            groups: self.groups.clone(),
        });
        b.g = TrackGraph { stops: g.stops[..fs].to_vec(), paths: g.paths[..fp].to_vec(), junctions: g.junctions[..j0].to_vec(), hex_labels: g.hex_labels.clone() };
        b.add_hex(t, st, h, None);
        // The hexes after it: their stops move by the difference, their
        // junctions are numbered as a build names them.
        let moved = b.g.stops.len() as i64 - fs_next as i64;
        b.g.stops.extend_from_slice(&g.stops[fs_next..]);
        b.bg.stop_at.extend_from_slice(&self.stop_at[fs_next..]);
        b.bg.first_stop.extend(self.first_stop[hu + 1..self.first_stop.len() - 1].iter().map(|f| (*f as i64 + moved) as u32));
        for (p, at) in g.paths[fp_next..].iter().zip(&self.path_at[fp_next..]) {
            let mut path = p.clone();
            for end in [&mut path.a, &mut path.b] {
                match end {
                    // (A path to a stop its tile lacks ends at stop 0, as built.)
                    End::Stop(id) if *id as usize >= fs_next => *id = (*id as i64 + moved) as u32,
                    End::Stop(_) => {}
                    End::Junction(j, _) => *j = b.junction(self.junction_at[*j as usize], || g.junctions[*j as usize].clone()),
                }
            }
            b.g.paths.push(path);
            b.bg.path_at.push(*at);
        }
        Some(b.finish(t))
    }
}

/// A board graph being built hex by hex, in hex order (`build_with`,
/// `after_change_at`).
pub(super) struct Builder<'t> {
    pub(super) g: TrackGraph,
    pub(super) bg: BoardGraph,
    band: usize,
    locations: BTreeMap<&'t str, u32>,
    /// (hex, edge) -> junction id, u32::MAX for none yet.
    slots: Vec<u32>,
}

impl<'t> Builder<'t> {
    /// `slots`: the junctions already named (`None`: none yet).
    pub(super) fn new(t: &Title, st: &GameState, slots: Option<Vec<u32>>, bg: BoardGraph) -> Builder<'t> {
        let slots = slots.unwrap_or_else(|| vec![u32::MAX; t.map.hexes.len() * 6]);
        let band = t.phases.get(st.phase).map_or(0, |p| p.revenue_band);
        Builder { g: TrackGraph::default(), bg, band, locations: BTreeMap::new(), slots }
    }

    /// The junction of (hex, edge) (its key: the lower hex of the two),
    /// numbered when first named.
    #[inline]
    fn junction(&mut self, key: (HexId, u8), made: impl FnOnce() -> Junction) -> u32 {
        let slot = key.0 as usize * 6 + key.1 as usize;
        match self.slots[slot] {
            u32::MAX => {
                let j = self.g.junctions.len() as u32;
                self.g.junctions.push(made());
                self.bg.junction_at.push(key);
                self.slots[slot] = j;
                j
            }
            j => j,
        }
    }

    /// The hex's stops and paths, after those of the hexes before it.
    pub(super) fn add_hex(&mut self, t: &'t Title, st: &GameState, h: HexId, corp: Option<CorpId>) {
        let hex = &t.map.hexes[h as usize];
        let tile = tile_on(t, st, h);
        let markers: &[String] = st.board.markers.get(&h).map_or(&[], |m| m.as_slice());
        let first = self.g.stops.len() as u32;
        self.bg.first_stop.push(first);
        for (si, s) in tile.stops.iter().enumerate() {
            let mut tags = 0u32;
            for tag in s.tags.iter().chain(hex.tags.iter()).chain(markers.iter()) {
                tags |= self.bg.tags.bit_from(tag, h);
            }
            let mut groups = 0u32;
            for gname in &s.groups {
                groups |= self.bg.groups.bit_from(gname, h);
            }
            let location = s.location.as_ref().map(|l| {
                let n = self.locations.len() as u32;
                *self.locations.entry(l.as_str()).or_insert(n)
            });
            let (own_token, blocked) = stop_flags(t, st, h, si as u8, s.kind == StopKind::City, corp);
            let mut value = stop_value(st, h, si as u8, &s.revenue, self.band);
            if let Some(c) = corp {
                value += st.board.stop_bonuses.iter().filter(|b| b.hex == h && b.stop as usize == si && b.corp == c).map(|b| b.amount).sum::<i64>();
            }
            self.bg.stop_at.push((h, si as u8));
            self.g.stops.push(Stop {
                hex: h,
                kind: route_kind(s.kind),
                value,
                location,
                groups,
                bonus: s.bonus,
                tags,
                terminal: s.terminal,
                blocked,
                own_token,
            });
        }
        let rot = rotation_on(t, st, h);
        for (pi, p) in tile.paths.iter().enumerate() {
            let end = |e: PathEnd, b: &mut Builder| -> End {
                match e {
                    PathEnd::Stop(s) => End::Stop(if (s as usize) < tile.stops.len() { first + s as u32 } else { 0 }),
                    PathEnd::Edge(e) => {
                        let edge = rotate(e, rot);
                        // The neighbour across the edge (on the grid or
                        // across a `[[link]]`) and its edge facing back.
                        let across = hex.across(edge);
                        let other = across.map(|(o, _)| o);
                        let key = match across {
                            Some((o, back)) if o < h => (o, back),
                            _ => (h, edge),
                        };
                        let side = if key.0 == h { 0 } else { 1 };
                        let hexes = || match other {
                            Some(o) if o < h => [o, h],
                            Some(o) => [h, o],
                            None => [h, u32::MAX],
                        };
                        End::Junction(b.junction(key, || Junction { hexes: hexes() }), side)
                    }
                }
            };
            let a = end(p.a, self);
            let b = end(p.b, self);
            let mut tags = 0u32;
            for tag in &p.tags {
                tags |= self.bg.tags.bit_from(tag, h);
            }
            self.g.paths.push(TrackPath { hex: h, gauge: p.gauge, a, b, tags });
            self.bg.path_at.push((h, pi as u16));
        }
    }

    pub(super) fn finish(mut self, t: &Title) -> BoardGraph {
        self.bg.first_stop.push(self.g.stops.len() as u32);
        // A junction against an impassable border joins nothing.
        for (j, &(h, e)) in self.bg.junction_at.iter().enumerate() {
            if t.map.hexes[h as usize].impassable & (1 << e) != 0 {
                self.g.junctions[j].hexes[1] = u32::MAX;
            }
        }
        self.bg.graph = self.g;
        self.bg
    }
}

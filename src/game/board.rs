//! Laying tiles and placing station tokens: legality and execution.

use super::graph::{city_index_of, free_slots, rotation_on, tile_on};
use super::ids::*;
use super::ops::{GameResult, Ops};
use super::var::Var;
use crate::hex::rotate;
use crate::route::Gauge;
use crate::tile::upgrade::{Fit, added_paths, fits_keeping, new_track};
use crate::title::KeptFits;
use crate::tile::{PathEnd, Tile};
use crate::title::schema::{AbilityDef, Color, SameColourUpgrades};
use crate::game::refusals::RuleKey;

/// Why an exit of a tile leads nowhere (`Ops::exit_blocked`).
enum ExitBlocked {
    OffMap,
    Impassable,
    /// Against a side without track of a permanent (gray, red, blue) hex.
    BlankSide(HexId),
}

/// Why a tile cannot go on a hex in any rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LayProblem {
    Locked,
    Blocked,
    Permanent,
    Hidden,
    Supply,
    Phase,
    UpgradeList,
    ColourOrder,
    Label,
}

/// A checked tile lay, ready to execute.
#[derive(Clone, Debug)]
pub struct LayPlan {
    pub hex: HexId,
    pub tile: u16,
    pub fit: Fit,
    /// Gauges of the track the tile adds.
    pub new_track: Vec<Gauge>,
    /// Terrain cost before title hooks and discounts.
    pub base_cost: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayRules {
    /// The tile must connect to the corporation's network.
    pub connection: bool,
    /// Respect the phase's tile colours.
    pub phase_colours: bool,
    /// Hidden tiles (placed only by abilities) may be laid.
    pub hidden: bool,
    /// The tile replaces whatever is on the hex with no upgrade checks, at
    /// the rotation given (1844's Furka-Oberalp line over a purple hex).
    pub replace: bool,
}

impl Default for LayRules {
    fn default() -> Self {
        LayRules { connection: true, phase_colours: true, hidden: false, replace: false }
    }
}

impl<'a> Ops<'a> {
    pub fn tile_index(&self, name: &str) -> GameResult<u16> {
        match self.t.tile_index.get(name) {
            Some(&i) => Ok(i as u16),
            None => {
                let hint = crate::title::compile::did_you_mean(name, self.t.tiles.iter().map(|t| t.name.as_str()));
                self.refuse(RuleKey::TileUnknown, format!("there is no tile \"{name}\"{}", hint.map(|h| format!(" ({h})")).unwrap_or_default()))
            }
        }
    }

    pub fn hex_index(&self, label: &str) -> GameResult<HexId> {
        match self.t.map.hex(label).or_else(|| self.t.map.hex(&label.to_uppercase())) {
            Some(h) => Ok(h),
            None => self.refuse(RuleKey::MapUnknownHex, format!("there is no hex {label} on this map")),
        }
    }

    /// The label a tile laid on the hex must carry now.
    fn required_label(&self, hex: HexId, new_color: Color) -> Option<&'a str> {
        let t: &'a crate::title::Title = self.t;
        let h = &t.map.hexes[hex as usize];
        if let Some(f) = &h.future_label
            && new_color.rank() >= f.color.rank()
        {
            return Some(f.label.as_str());
        }
        tile_on(t, self.st, hex).label.as_deref().or(h.tile.label.as_deref())
    }

    /// What stops a tile from going on a hex at all (any rotation),
    /// cheaply, without words: for listing moves.
    fn lay_problem(&self, hex: HexId, tile: u16, rules: LayRules) -> Option<LayProblem> {
        let t = self.t;
        let new: &Tile = &t.tiles[tile as usize];
        let old = tile_on(t, self.st, hex);
        if let Some(problem) = self.hex_locked_or_permanent(hex) {
            return Some(problem);
        }
        if new.hidden && !rules.hidden {
            return Some(LayProblem::Hidden);
        }
        if self.st.board.supply[tile as usize] == 0 {
            return Some(LayProblem::Supply);
        }
        if rules.phase_colours && !t.phases[self.st.phase].tiles.contains(&new.color) {
            return Some(LayProblem::Phase);
        }
        // A label mismatch is the most specific reason: checked first.
        if !self.label_fits(hex, new) {
            return Some(LayProblem::Label);
        }
        if !may_replace(t, old, new) {
            return Some(if upgrades_listed(old) { LayProblem::UpgradeList } else { LayProblem::ColourOrder });
        }
        if self.blocking_company(hex).is_some() {
            return Some(LayProblem::Blocked);
        }
        None
    }

    /// Every legal way (rotation) to lay `tile` on `hex`, ignoring the
    /// connection rule (checked by the caller against a reach computed
    /// once). No messages are built: this is the move lister's fast path.
    pub fn lay_options(&self, hex: HexId, tile: u16, rules: LayRules) -> Vec<LayPlan> {
        if self.lay_problem(hex, tile, rules).is_some() {
            return Vec::new();
        }
        self.plans(hex, tile)
    }

    /// Whether no tile may go on the hex now, whatever the tile: locked,
    /// permanent, or blocked by a private company (the problems of
    /// `lay_problem` that depend on the hex alone). The move lister asks
    /// once per hex, then [`Ops::listed_lay_options`] per tile.
    pub fn hex_closed(&self, hex: HexId) -> bool {
        self.hex_locked_or_permanent(hex).is_some() || self.blocking_company(hex).is_some()
    }

    /// The first two problems of `lay_problem`, which depend on the hex
    /// alone: a locked hex, a permanent one.
    fn hex_locked_or_permanent(&self, hex: HexId) -> Option<LayProblem> {
        let h = &self.t.map.hexes[hex as usize];
        if self.st.board.locked.contains_key(&hex) {
            Some(LayProblem::Locked)
        } else if matches!(h.color, Color::Gray | Color::Red | Color::Blue) || tile_on(self.t, self.st, hex).color == Color::Gray {
            Some(LayProblem::Permanent)
        } else {
            None
        }
    }

    /// Whether `new` carries the label a tile laid on the hex must now.
    fn label_fits(&self, hex: HexId, new: &Tile) -> bool {
        self.required_label(hex, new.color) == new.label.as_deref()
    }

    /// [`Ops::lay_options`] with the connection rule off, for a hex that is
    /// not [`Ops::hex_closed`] and a tile the lister took from the hex's
    /// replacements (`title::Replacements::on`: `may_replace` holds) that
    /// is not hidden, is of a colour of the phase and has a copy left:
    /// what `lay_problem` would still ask is the label.
    pub fn listed_lay_options(&self, hex: HexId, tile: u16) -> Vec<LayPlan> {
        if !self.label_fits(hex, &self.t.tiles[tile as usize]) {
            return Vec::new();
        }
        self.plans(hex, tile)
    }

    /// The rotations of `tile` that fit over the hex's tile with no track
    /// against a blocked exit, each once.
    fn plans(&self, hex: HexId, tile: u16) -> Vec<LayPlan> {
        let t = self.t;
        let new: &Tile = &t.tiles[tile as usize];
        let kept = self.kept_fits(hex, tile);
        if kept.fits.is_empty() {
            return Vec::new();
        }
        let closed = self.closed_exits(hex);
        let mut out: Vec<LayPlan> = Vec::new();
        for (fit, added) in kept.fits.iter().zip(&kept.new_track) {
            if out.iter().any(|p| p.fit.rotation == fit.rotation) || new.exits(fit.rotation) & closed != 0 {
                continue;
            }
            out.push(LayPlan { hex, tile, fit: fit.clone(), new_track: added.clone(), base_cost: t.map.hexes[hex as usize].cost });
        }
        out
    }

    /// The hex's sides no track may leave by (what `exit_blocked` refuses):
    /// off the map, an impassable border, the blank side of a permanent
    /// neighbour. One bit per side.
    fn closed_exits(&self, hex: HexId) -> u8 {
        let h = &self.t.map.hexes[hex as usize];
        (0..6u8).filter(|&e| self.side_blocked(h, e).is_some()).fold(0, |m, e| m | 1 << e)
    }

    /// Checks everything about laying `tile` on `hex` at `rotation` by
    /// `corp`, except money and the one-lay-per-turn limit; a refusal
    /// explains itself.
    pub fn check_lay(&self, corp: Option<CorpId>, hex: HexId, tile: u16, rotation: u8, rules: LayRules) -> GameResult<LayPlan> {
        let t = self.t;
        let h = &t.map.hexes[hex as usize];
        let new: &Tile = &t.tiles[tile as usize];
        let old = tile_on(t, self.st, hex);
        let old_rot = rotation_on(t, self.st, hex);
        if rotation > 5 {
            return self.refuse(RuleKey::TileRotation, "rotation must be 0 to 5");
        }
        if rules.replace {
            let fit = self.replacing_fit(hex, new, rotation)?;
            let added = new_track(old, old_rot, new, &fit);
            return Ok(LayPlan { hex, tile, fit, new_track: added, base_cost: 0 });
        }
        if let Some(problem) = self.lay_problem(hex, tile, rules) {
            return Err(self.describe_lay_problem(problem, hex, tile));
        }
        let all = self.fits(hex, tile);
        let fit = all.iter().find(|f| f.rotation == rotation).cloned();
        let Some(fit) = fit else {
            let any = !all.is_empty();
            // A tile of the wrong stop kinds on an empty hex has its own key,
            // so a title can cite the rule "towns take town tiles" (18FB-R-079).
            let stops_differ = !any && old.stops.iter().map(|s| s.kind).ne(new.stops.iter().map(|s| s.kind)) && old.paths.is_empty();
            return self.refuse(
                if stops_differ { RuleKey::TileStops } else { RuleKey::TileGeometry },
                if any {
                    format!("tile {} at rotation {rotation} would break existing track on {} (try another rotation)", new.name, h.label)
                } else if old.stops.iter().map(|s| s.kind).ne(new.stops.iter().map(|s| s.kind)) && old.paths.is_empty() {
                    format!("tile {} does not match {}'s {} (cities take city tiles, towns town tiles, plain hexes plain track)", new.name, h.label, describe_stops(old))
                } else {
                    format!("tile {} cannot replace {} on {}: it does not keep the existing track and stations", new.name, old.name, h.label)
                },
            );
        };
        if let Some(msg) = self.exit_problem(hex, new, rotation) {
            return self.refuse(RuleKey::TileExits, msg);
        }
        let added = new_track(old, old_rot, new, &fit);
        if rules.connection
            && let Some(c) = corp
        {
            self.check_connection(c, hex, new, &fit)?;
        }
        Ok(LayPlan { hex, tile, fit, new_track: added, base_cost: h.cost })
    }

    /// The ways `new` fits over the hex's tile: keeping all its track, or
    /// for a same-colour replacement under `same_colour_upgrades`, the
    /// track joined to something beyond the hex (`joined_paths`).
    fn fits(&self, hex: HexId, tile: u16) -> std::borrow::Cow<'a, [Fit]> {
        match self.kept_fits(hex, tile) {
            std::borrow::Cow::Borrowed(kept) => std::borrow::Cow::Borrowed(&kept.fits),
            std::borrow::Cow::Owned(kept) => std::borrow::Cow::Owned(kept.fits),
        }
    }

    /// [`Ops::fits`] with the track each fit adds.
    fn kept_fits(&self, hex: HexId, tile: u16) -> std::borrow::Cow<'a, KeptFits> {
        let t: &'a crate::title::Title = self.t;
        let new = &t.tiles[tile as usize];
        let old = tile_on(t, self.st, hex);
        let old_rot = rotation_on(t, self.st, hex);
        let same = t.settings.same_colour_upgrades == SameColourUpgrades::ConnectedTrack && old.color == new.color && old.color != Color::White;
        if same {
            let fits = fits_keeping(old, old_rot, new, Some(&self.joined_paths(hex)));
            return std::borrow::Cow::Owned(KeptFits::with_track(old, old_rot, new, fits));
        }
        // Keeping all the track, the fits depend on the two tiles alone:
        // the title keeps them.
        let placed = self.st.board.hexes[hex as usize].tile;
        match t.replacements.fits(hex as usize, placed, old_rot, tile, || KeptFits::of(old, old_rot, new)) {
            Some(kept) => std::borrow::Cow::Borrowed(kept),
            None => std::borrow::Cow::Owned(KeptFits::of(old, old_rot, new)),
        }
    }

    /// For each path of the hex's tile: whether it is joined to track
    /// beyond the hex, that is one of its edges faces a neighbour whose
    /// tile has track on that side (laid or pre-printed, a sea link or an
    /// off-board), across a passable border. A path between stops of the
    /// hex counts as joined: only track leading nowhere may be dropped.
    fn joined_paths(&self, hex: HexId) -> Vec<bool> {
        let h = &self.t.map.hexes[hex as usize];
        let tile = tile_on(self.t, self.st, hex);
        let rot = rotation_on(self.t, self.st, hex);
        let joined = |e: u8| {
            let edge = rotate(e, rot);
            match h.across(edge) {
                Some((n, back)) if h.impassable & (1 << edge) == 0 => tile_on(self.t, self.st, n).exits(rotation_on(self.t, self.st, n)) & (1 << back) != 0,
                _ => false,
            }
        };
        tile.paths
            .iter()
            .map(|p| {
                let edges: Vec<u8> = [p.a, p.b].iter().filter_map(|e| if let PathEnd::Edge(x) = e { Some(*x) } else { None }).collect();
                edges.is_empty() || edges.into_iter().any(joined)
            })
            .collect()
    }

    /// How a tile laid with `replace` takes over the hex's stops: stop i
    /// of the tile there becomes stop i of the new one, which must be a
    /// stop of the same kind with room for the tokens standing there. What
    /// belongs to a stop (tokens, a home, bonuses, values set by scripts)
    /// is kept by its index, so a replacing tile may add stops, never lose
    /// or change one.
    fn replacing_fit(&self, hex: HexId, new: &Tile, rotation: u8) -> GameResult<Fit> {
        let h = &self.t.map.hexes[hex as usize];
        let old = tile_on(self.t, self.st, hex);
        for (i, os) in old.stops.iter().enumerate() {
            let Some(ns) = new.stops.get(i).filter(|ns| ns.kind == os.kind) else {
                return self.refuse(
                    RuleKey::TileReplace,
                    format!("tile {} cannot replace the tile on {}: it has no {} for stop {i}, and a replacing tile keeps the hex's stops", new.name, h.title(), os.kind.name()),
                );
            };
            let tokens = self.st.board.hexes[hex as usize].tokens.get(i).map_or(0, |slots| slots.iter().flatten().count());
            if (ns.slots as usize) < tokens {
                return self.refuse(
                    RuleKey::TileReplace,
                    format!("tile {} cannot replace the tile on {}: its {} {i} has room for {} tokens, and {tokens} stand there", new.name, h.title(), ns.kind.name(), ns.slots),
                );
            }
        }
        Ok(Fit { rotation, stop_map: (0..old.stops.len() as u8).collect() })
    }

    fn describe_lay_problem(&self, problem: LayProblem, hex: HexId, tile: u16) -> super::ops::GameError {
        let t = self.t;
        let h = &t.map.hexes[hex as usize];
        let new: &Tile = &t.tiles[tile as usize];
        let old = tile_on(t, self.st, hex);
        let r = |key: RuleKey, msg: String| super::ops::refusal(t, key, msg);
        match problem {
            LayProblem::Locked => {
                let reason = self.st.board.locked.get(&hex).cloned().unwrap_or_default();
                r(RuleKey::TileLocked, format!("no tile may be laid on {}: {reason}", h.title()))
            }
            LayProblem::Blocked => r(RuleKey::TileBlocked, format!("{} is blocked: {}", h.title(), self.blocked_by_company(hex).unwrap_or_default())),
            LayProblem::Permanent => r(RuleKey::TilePermanent, format!("{} is a permanent hex and takes no tile", h.title())),
            LayProblem::Hidden => r(RuleKey::TileHidden, format!("tile {} is only placed by a special ability", new.name)),
            LayProblem::Supply => r(RuleKey::TileSupply, format!("no copy of tile {} is left", new.name)),
            LayProblem::Phase => {
                let phase = &t.phases[self.st.phase];
                let allowed: Vec<&str> = phase.tiles.iter().map(|c| c.name()).collect();
                r(RuleKey::TileColourPhase, format!("{} tiles are not available in phase {} (allowed: {})", new.color.name(), phase.name, allowed.join(", ")))
            }
            LayProblem::UpgradeList => {
                let list = old.upgrades.clone().unwrap_or_default();
                r(
                    RuleKey::TileUpgradeList,
                    format!("tile {} may not replace {} on {} (allowed: {})", new.name, old.name, h.label, if list.is_empty() { "none".into() } else { list.join(", ") }),
                )
            }
            LayProblem::ColourOrder => {
                let expect = match old.color {
                    Color::White => "a yellow tile",
                    Color::Yellow => "a green tile",
                    Color::Green => "a brown tile",
                    Color::Brown => "a gray tile",
                    _ => "no tile",
                };
                r(
                    RuleKey::TileColourOrder,
                    format!("{} has {} {}; it takes {expect}, not {} tile {}", h.label, old.color.name(), if old.color == Color::White { "land" } else { "track" }, new.color.name(), new.name),
                )
            }
            LayProblem::Label => {
                let label = self.required_label(hex, new.color);
                r(
                    RuleKey::TileLabel,
                    match (label, &new.label) {
                        (Some(l), _) => format!("{} needs a tile labelled {l}; {} is {}", h.label, new.name, new.label.as_deref().map_or("unlabelled".to_string(), |x| format!("labelled {x}"))),
                        (None, Some(l)) => format!("tile {} (labelled {l}) goes only on hexes labelled {l}", new.name),
                        (None, None) => "label mismatch".to_string(),
                    },
                )
            }
        }
    }

    /// Why the hex is blocked by a private company, in words.
    fn blocked_by_company(&self, hex: HexId) -> Option<String> {
        let co = &self.st.companies[self.blocking_company(hex)?];
        let def = &self.t.companies[co.def];
        Some(format!("{} ({}) blocks it while {}", def.name, co.id, match co.owner {
            CompanyOwner::Player(p) => format!("owned by {}", self.player_name(p)),
            _ => "unsold".to_string(),
        }))
    }

    /// The private company whose `blocks_hexes` ability blocks the hex now.
    /// Asked for every tile the move lister tries: the hex's label is
    /// compared with the ability's (the map's index holds each hex under
    /// its label), not looked up.
    fn blocking_company(&self, hex: HexId) -> Option<CompanyId> {
        let label = &self.t.map.hexes[hex as usize].label;
        self.st.companies.iter_enumerated().find_map(|(id, co)| {
            let def = &self.t.companies[co.def];
            let blocks = def.abilities.iter().any(|a| {
                let AbilityDef::BlocksHexes { hexes, while_owned_by } = a else { return false };
                let owned_ok = match (while_owned_by.as_deref(), co.owner) {
                    (_, CompanyOwner::Closed) => false,
                    (Some("player"), CompanyOwner::Player(_)) => true,
                    (Some("player"), _) => false,
                    (_, CompanyOwner::Bank) => true,
                    (None, _) => true,
                    _ => false,
                };
                owned_ok && hexes.iter().any(|l| l == label)
            });
            blocks.then_some(id)
        })
    }

    /// No track may run off the map, into an impassable border, or against
    /// the blank side of a permanent hex; the reason, if it does.
    fn exit_problem(&self, hex: HexId, tile: &Tile, rotation: u8) -> Option<String> {
        let h = &self.t.map.hexes[hex as usize];
        let (e, why) = self.exit_blocked(hex, tile, rotation)?;
        let side = self.t.map.layout.edge_name(e);
        Some(match why {
            ExitBlocked::OffMap => format!("at rotation {rotation}, tile {} runs off the map on the {side} side of {}", tile.name, h.label),
            ExitBlocked::Impassable => format!("at rotation {rotation}, tile {} runs into the impassable {side} border of {}", tile.name, h.label),
            ExitBlocked::BlankSide(n) => format!("at rotation {rotation}, tile {} runs against the blank side of {} ({side})", tile.name, self.t.map.hexes[n as usize].title()),
        })
    }

    /// The first exit of `tile` at `rotation` that leads nowhere, and why
    /// (`exit_problem` words it; the move lister needs only whether).
    fn exit_blocked(&self, hex: HexId, tile: &Tile, rotation: u8) -> Option<(u8, ExitBlocked)> {
        let h = &self.t.map.hexes[hex as usize];
        let exits = tile.exits(rotation);
        (0..6u8).filter(|e| exits & (1 << e) != 0).find_map(|e| self.side_blocked(h, e).map(|why| (e, why)))
    }

    /// Why track may not leave the hex by side `e`, if it may not.
    fn side_blocked(&self, h: &crate::title::compile::HexData, e: u8) -> Option<ExitBlocked> {
        let Some((n, back)) = h.across(e) else { return Some(ExitBlocked::OffMap) };
        if h.impassable & (1 << e) != 0 {
            return Some(ExitBlocked::Impassable);
        }
        let nh = &self.t.map.hexes[n as usize];
        if matches!(nh.color, Color::Gray | Color::Red | Color::Blue) {
            let ntile = tile_on(self.t, self.st, n);
            let nrot = rotation_on(self.t, self.st, n);
            if ntile.exits(nrot) & (1 << back) == 0 {
                return Some(ExitBlocked::BlankSide(n));
            }
        }
        None
    }

    /// The tile must extend the corporation's network (see `lay_connects`);
    /// a yellow tile may go on a hex holding one of its tokens regardless.
    fn check_connection(&self, corp: CorpId, hex: HexId, tile: &Tile, fit: &Fit) -> GameResult<()> {
        let upgrade = tile_on(self.t, self.st, hex).color != Color::White;
        let own_token_here = self.st.board.hexes[hex as usize].tokens.iter().flatten().any(|s| *s == Some(corp));
        if own_token_here && !upgrade {
            return Ok(());
        }
        let rotation = fit.rotation;
        let gauge_rule = self.t.route_rules.gauge_changes_at_stops_only;
        let net = crate::game::network::network(self.t, self.st, corp);
        let (bg, r) = (net.graph(), &net.reach);
        if lay_connects(self.t, self.st, &net, hex, tile, fit, gauge_rule) {
            return Ok(());
        }
        let h = &self.t.map.hexes[hex as usize];
        let reached_here = (0..6u8).any(|e| r.reaches_edge(hex, e)) || bg.stop_at.iter().enumerate().any(|(s, (x, _))| *x == hex && r.stops[s]);
        if upgrade && reached_here {
            return self.refuse(
                RuleKey::TileUpgradeRoute,
                format!(
                    "{} can neither run onto the track that tile {} adds on {} nor reach a station there whose value it raises",
                    self.corp_name(corp),
                    tile.name,
                    h.title()
                ),
            );
        }
        let touches = tile.paths.iter().any(|p| [p.a, p.b].iter().any(|e| matches!(e, PathEnd::Edge(x) if r.reaches_edge(hex, rotate(*x, rotation)))));
        if gauge_rule && touches {
            return self.refuse(
                RuleKey::TileGauge,
                format!(
                    "{}'s track reaches {} but on a gauge that does not join tile {}'s track at that edge (narrow and standard meet only at stations)",
                    self.corp_name(corp),
                    h.title(),
                    tile.name
                ),
            );
        }
        // The corporation reaches the hex, but not where this rotation
        // puts the tile's track: say so, and which rotations would meet it.
        let from: Vec<u8> = (0..6u8).filter(|e| r.reaches_edge(hex, *e)).collect();
        if !from.is_empty() {
            let meets = |rot: u8| tile.paths.iter().any(|p| [p.a, p.b].iter().any(|e| matches!(e, PathEnd::Edge(x) if r.reaches_edge(hex, rotate(*x, rot)))));
            let rotations: Vec<String> = (0..6u8).filter(|rot| meets(*rot)).map(|rot| rot.to_string()).collect();
            let sides: Vec<&str> = from.iter().map(|e| self.t.map.layout.edge_name(*e)).collect();
            let hint = if rotations.is_empty() { "no rotation of this tile meets it".to_string() } else { format!("rotation {} would meet it", rotations.join(" or ")) };
            return self.refuse(
                RuleKey::TileConnection,
                format!(
                    "tile {} at rotation {rotation} has no track where {}'s track reaches {} (from {}): {hint}",
                    tile.name,
                    self.corp_name(corp),
                    h.title(),
                    sides.join(", ")
                ),
            );
        }
        self.refuse(
            RuleKey::TileConnection,
            format!("{} cannot reach {} along its track: a new tile must connect to the corporation's network", self.corp_name(corp), h.title()),
        )
    }

    /// Lays a checked tile: the old tile returns to the supply, tokens
    /// move onto the new tile's matching cities.
    pub fn execute_lay(&mut self, plan: &LayPlan) {
        let hex = plan.hex;
        let old_tile = self.st.board.hexes[hex as usize].tile;
        let new = &self.t.tiles[plan.tile as usize];
        let old_tokens = std::mem::take(&mut self.st.board.hexes[hex as usize].tokens);
        let mut tokens: Vec<Vec<Option<CorpId>>> = new.stops.iter().map(|s| vec![None; s.slots as usize]).collect();
        for (i, slots) in old_tokens.iter().enumerate() {
            let Some(&to) = plan.fit.stop_map.get(i) else { continue };
            for c in slots.iter().flatten() {
                if let Some(slot) = tokens[to as usize].iter_mut().find(|s| s.is_none()) {
                    *slot = Some(*c);
                }
            }
        }
        // So do reservations and neutral tokens (`game::stations`).
        let marks: Vec<((HexId, u8), super::state::SlotMarks)> = self.st.board.marks.iter().filter(|((h, _), _)| *h == hex).map(|(k, m)| (*k, m.clone())).collect();
        for (k, m) in marks {
            self.st.board.marks.remove(&k);
            if let Some(&to) = plan.fit.stop_map.get(k.1 as usize) {
                self.st.board.marks.insert((hex, to), m);
            }
        }
        // Token records follow their stop. Only corporations with a token
        // here are written: a write copies a corporation the state shares
        // with its snapshots (`Shared`).
        for corp in self.st.corps.iter_mut() {
            if !corp.tokens.iter().any(|tk| tk.placed.is_some_and(|(h, _)| h == hex)) {
                continue;
            }
            for tk in corp.tokens.iter_mut() {
                if let Some((h, s)) = tk.placed
                    && h == hex
                    && let Some(&to) = plan.fit.stop_map.get(s as usize)
                {
                    tk.placed = Some((h, to));
                }
            }
        }
        if let Some(o) = old_tile
            && self.st.board.supply[o as usize] >= 0
        {
            self.st.board.supply[o as usize] += 1;
        }
        if self.st.board.supply[plan.tile as usize] > 0 {
            self.st.board.supply[plan.tile as usize] -= 1;
        }
        let hs = &mut self.st.board.hexes[hex as usize];
        hs.tile = Some(plan.tile);
        hs.rotation = plan.fit.rotation;
        hs.tokens = tokens.into();
        let label = self.t.map.hexes[hex as usize].label.clone();
        self.fx.event("tile_laid", [("hex", Var::Str(label)), ("tile", Var::Str(new.name.clone())), ("rotation", Var::Int(plan.fit.rotation as i64))]);
    }

    /// Can the pre-printed tile go back without losing a token? Reverting
    /// keeps each token on its stop (by index), so each stop holding
    /// tokens must have room for them on the printed tile; else they are
    /// to be removed first (a token left off the board would still count
    /// as placed).
    pub fn check_revert(&self, hex: HexId) -> GameResult<()> {
        let h = &self.t.map.hexes[hex as usize];
        for (i, slots) in self.st.board.hexes[hex as usize].tokens.iter().enumerate() {
            let tokens = slots.iter().flatten().count();
            let room = h.tile.stops.get(i).map_or(0, |s| s.slots as usize);
            if tokens > room {
                return self.refuse(
                    RuleKey::TileRevert,
                    format!("the printed tile of {} has room for {room} of the {tokens} tokens on its stop {i}: remove them first", h.title()),
                );
            }
        }
        Ok(())
    }

    /// Puts the pre-printed tile back (1849 earthquake); the laid tile
    /// returns to the supply. Tokens on the hex must fit (`check_revert`).
    pub fn revert_tile(&mut self, hex: HexId) {
        if let Some(o) = self.st.board.hexes[hex as usize].tile.take()
            && self.st.board.supply[o as usize] >= 0
        {
            self.st.board.supply[o as usize] += 1;
        }
        let pre = &self.t.map.hexes[hex as usize].tile;
        let hs = &mut self.st.board.hexes[hex as usize];
        hs.rotation = 0;
        let old = std::mem::take(&mut hs.tokens);
        hs.tokens = pre.stops.iter().map(|s| vec![None; s.slots as usize]).collect();
        // Keep any tokens that survive, city by city.
        for (i, slots) in old.iter().enumerate() {
            for c in slots.iter().flatten() {
                if let Some(slot) = hs.tokens.get_mut(i).and_then(|v| v.iter_mut().find(|s| s.is_none())) {
                    *slot = Some(*c);
                }
            }
        }
    }

    /// Checks placing a token of `corp` on stop `stop` of `hex`.
    pub fn check_token(&self, corp: CorpId, hex: HexId, stop: u8, need_route: bool) -> GameResult<()> {
        let h = &self.t.map.hexes[hex as usize];
        let tile = tile_on(self.t, self.st, hex);
        let Some(s) = tile.stops.get(stop as usize) else {
            return self.refuse(RuleKey::TokenNoCity, format!("{} has no such city", h.title()));
        };
        if !s.station() || s.slots == 0 {
            return self.refuse(RuleKey::TokenNoCity, format!("station tokens go in cities; {} here is a {}", h.title(), s.kind.name()));
        }
        if let Some(phase) = super::stations::closed_until(self.t, self.st, hex, stop) {
            return self.refuse(RuleKey::TokenNoSlot, format!("the slots of {} open in phase {phase}", h.title()));
        }
        let c = &self.st.corps[corp];
        if !c.tokens.iter().any(|t| t.placed.is_none() && !t.lost) {
            return self.refuse(RuleKey::TokenNoneLeft, format!("{} has no station token left", c.id));
        }
        if self.st.board.hexes[hex as usize].tokens.iter().flatten().any(|x| *x == Some(corp)) {
            return self.refuse(RuleKey::TokenSameHex, format!("{} already has a token on {}", c.id, h.title()));
        }
        if free_slots(self.t, self.st, hex, stop, Some(corp)) == 0 {
            let reserved = super::graph::reservations(self.t, self.st, hex, stop);
            let why = if reserved.iter().any(|r| *r != corp) {
                let names: Vec<&str> = reserved.iter().map(|r| self.corp_name(*r)).collect();
                format!(" (the free slot is reserved for {})", names.join(", "))
            } else {
                String::new()
            };
            return self.refuse(RuleKey::TokenNoSlot, format!("{} has no free slot{why}", h.title()));
        }
        if need_route {
            let net = crate::game::network::network(self.t, self.st, corp);
            let (bg, r) = (net.graph(), &net.reach);
            let sid = bg.stop_id(hex, stop);
            if !sid.is_some_and(|s| r.stops[s as usize]) {
                return self.refuse(RuleKey::TokenUnreachable, format!("{} cannot reach {} along its track without passing a full city", c.id, h.title()));
            }
        }
        Ok(())
    }

    /// Places the corporation's next unplaced token; returns its cost.
    pub fn execute_token(&mut self, corp: CorpId, hex: HexId, stop: u8) -> i64 {
        let c = &mut self.st.corps[corp];
        let Some(tk) = c.tokens.iter_mut().find(|t| t.placed.is_none() && !t.lost) else { return 0 };
        tk.placed = Some((hex, stop));
        let cost = tk.cost;
        if let Some(slot) = self.st.board.hexes[hex as usize].tokens.get_mut(stop as usize).and_then(|v| v.iter_mut().find(|s| s.is_none())) {
            *slot = Some(corp);
        }
        let label = self.t.map.hexes[hex as usize].label.clone();
        let name = self.corp_name(corp).to_string();
        self.fx.event("token_placed", [("corp", Var::Str(name)), ("hex", Var::Str(label))]);
        cost
    }

    /// Takes a token off the board: back to the charter, or lost.
    pub fn remove_token(&mut self, corp: CorpId, hex: HexId, lose: bool) {
        for slots in self.st.board.hexes[hex as usize].tokens.iter_mut() {
            for s in slots.iter_mut() {
                if *s == Some(corp) {
                    *s = None;
                }
            }
        }
        for tk in self.st.corps[corp].tokens.iter_mut() {
            if tk.placed.is_some_and(|(h, _)| h == hex) {
                tk.placed = None;
                tk.lost |= lose;
            }
        }
    }

    /// Puts `to`'s next token where `from`'s stands on a hex; `from`'s token
    /// returns to its charter (token acquisition, mergers).
    pub fn replace_token(&mut self, hex: HexId, from: CorpId, to: CorpId) -> GameResult<()> {
        let (fname, tname) = (self.corp_name(from).to_string(), self.corp_name(to).to_string());
        let label = self.t.map.hexes[hex as usize].label.clone();
        let Some(stop) = self.st.corps[from].tokens.iter().find_map(|t| t.placed.filter(|(h, _)| *h == hex).map(|(_, s)| s)) else {
            return self.refuse(RuleKey::TokenNoneThere, format!("{fname} has no token on {label}"));
        };
        if from != to && self.st.board.hexes[hex as usize].tokens.iter().flatten().any(|s| *s == Some(to)) {
            return self.refuse(RuleKey::TokenSameHex, format!("{tname} already has a token on {label}"));
        }
        if !self.st.corps[to].tokens.iter().any(|t| t.placed.is_none() && !t.lost) {
            return self.refuse(RuleKey::TokenNoneLeft, format!("{tname} has no station token left"));
        }
        if let Some(slot) = self.st.board.hexes[hex as usize].tokens.get_mut(stop as usize).and_then(|v| v.iter_mut().find(|s| **s == Some(from))) {
            *slot = Some(to);
        }
        if let Some(t) = self.st.corps[from].tokens.iter_mut().find(|t| t.placed == Some((hex, stop))) {
            t.placed = None;
        }
        if let Some(t) = self.st.corps[to].tokens.iter_mut().find(|t| t.placed.is_none() && !t.lost) {
            t.placed = Some((hex, stop));
        }
        self.fx.event("token_placed", [("corp", Var::Str(tname)), ("hex", Var::Str(label))]);
        Ok(())
    }

    /// Cheapest cost of the corporation's next token.
    pub fn next_token_cost(&self, corp: CorpId) -> Option<i64> {
        self.st.corps[corp].tokens.iter().find(|t| t.placed.is_none() && !t.lost).map(|t| t.cost)
    }

    pub fn city_index(&self, hex: HexId, stop: u8) -> Option<u8> {
        city_index_of(self.t, self.st, hex, stop)
    }
}

/// Does a track of the tile (at `rotation` on `hex`) meet the network's
/// track with a gauge that joins it?
/// Does the tile name the tiles that may replace it (a list that rules,
/// except on a blank hex)?
fn upgrades_listed(old: &Tile) -> bool {
    old.upgrades.is_some() && old.color != Color::White
}

/// May `new` replace `old` by the upgrade rules alone: one of the tiles
/// `old` lists, or else a tile of the next colour.
pub fn follows(old: &Tile, new: &Tile) -> bool {
    match &old.upgrades {
        Some(list) if upgrades_listed(old) => list.contains(&new.name),
        _ => new.color.rank() == old.color.rank().map(|r| r + 1),
    }
}

/// May `new` replace `old` by the title's upgrade rules alone: `follows`,
/// or a tile of the same colour under `[settings] same_colour_upgrades`
/// (1865's competitive upgrade): another tile, not a copy of the same, and
/// where `old` lists its upgrades the list alone decides. Label, stops and
/// track are checked as for any upgrade.
pub fn may_replace(t: &crate::title::Title, old: &Tile, new: &Tile) -> bool {
    may_replace_by(&t.settings, old, new)
}

/// [`may_replace`] under the title's settings (for `title::Replacements`,
/// which works it out once per title).
pub fn may_replace_by(settings: &crate::title::schema::Settings, old: &Tile, new: &Tile) -> bool {
    follows(old, new)
        || (settings.same_colour_upgrades == SameColourUpgrades::ConnectedTrack
            && old.color == new.color
            && old.color != Color::White
            && old.name != new.name)
}

/// The tiles a `same_colour_upgrades` title lets replace `old` besides
/// its upgrades: of its colour and label, another tile, with the same
/// stops. Which of them fit a hex depends on the track there that leads
/// somewhere, so this is what the tile views list, not a legality check.
pub fn same_colour_candidates(t: &crate::title::Title, old: &Tile) -> Vec<String> {
    if t.settings.same_colour_upgrades != SameColourUpgrades::ConnectedTrack || old.color == Color::White {
        return Vec::new();
    }
    let kinds = |tile: &Tile| {
        let mut k: Vec<String> = tile.stops.iter().map(|s| format!("{:?}", s.kind)).collect();
        k.sort();
        k
    };
    t.tiles
        .iter()
        .filter(|new| !new.hidden && new.name != old.name && new.color == old.color && new.label == old.label && kinds(new) == kinds(old))
        .map(|new| new.name.clone())
        .collect()
}

pub fn tile_connects(tile: &Tile, rotation: u8, hex: HexId, r: &super::graph::Reach, gauge_rule: bool) -> bool {
    tile.paths.iter().any(|p| {
        [p.a, p.b].iter().any(|end| match end {
            PathEnd::Edge(e) => r.arriving(hex, rotate(*e, rotation)).is_some_and(|arriving| gauge_joins(p.gauge, arriving, gauge_rule)),
            PathEnd::Stop(_) => false,
        })
    })
}

/// Does track of `gauge` continue track arriving with these gauges?
fn gauge_joins(gauge: Gauge, arriving: u8, gauge_rule: bool) -> bool {
    !gauge_rule
        || match gauge {
            Gauge::Dual => true,
            Gauge::Standard => arriving & 0b101 != 0,
            Gauge::Narrow => arriving & 0b110 != 0,
        }
}

/// Whether laying `tile` (at `fit`) on `hex` extends the network of the
/// corporation whose reach is `r`. On an empty hex, one of the tile's
/// tracks must meet track the corporation reaches, with a gauge that
/// joins. An upgrade must let the corporation run onto one of the track
/// pieces the new tile adds (from a hex side it reaches, or from a station
/// it reaches and may run through or holds a token on), or raise the value
/// of a station it reaches (1849-R-122; with `upgrade_value_stops =
/// "city"` only a city's, the 1998 game kit's E-22). With `upgrade_connection =
/// "any_track"`, reaching any track of the new tile will do, the track it
/// keeps included (1844-R-087).
#[allow(clippy::too_many_arguments)]
pub fn lay_connects(t: &crate::title::Title, st: &crate::game::state::GameState, net: &crate::game::network::Network, hex: HexId, tile: &Tile, fit: &Fit, gauge_rule: bool) -> bool {
    let (bg, r) = (net.graph(), &net.reach);
    let old = tile_on(t, st, hex);
    if old.color == Color::White {
        return tile_connects(tile, fit.rotation, hex, r, gauge_rule);
    }
    let old_rot = rotation_on(t, st, hex);
    let band = t.phases.get(st.phase).map_or(0, |p| p.revenue_band);
    let graph_stop = |i: usize| bg.stop_id(hex, i as u8);
    for (i, os) in old.stops.iter().enumerate() {
        let (Some(s), Some(&ns)) = (graph_stop(i), fit.stop_map.get(i)) else { continue };
        let counts = t.settings.upgrade_value_stops == crate::title::schema::UpgradeValueStops::CityOrTown || os.kind == crate::title::schema::StopKind::City;
        if counts && r.stops[s as usize] && tile.stops.get(ns as usize).is_some_and(|n| n.revenue.value(band) > os.revenue.value(band)) {
            return true;
        }
    }
    let paths = if t.settings.upgrade_connection == crate::title::schema::UpgradeConnection::AnyTrack { tile.paths.iter().collect() } else { added_paths(old, old_rot, tile, fit) };
    paths.iter().any(|p| {
        [p.a, p.b].iter().any(|end| match end {
            PathEnd::Edge(e) => r.arriving(hex, rotate(*e, fit.rotation)).is_some_and(|arriving| gauge_joins(p.gauge, arriving, gauge_rule)),
            PathEnd::Stop(ns) => fit.stop_map.iter().position(|m| m == ns).and_then(graph_stop).is_some_and(|s| {
                let flags = net.flags[s as usize];
                r.stops[s as usize] && (flags.own_token || !(flags.blocked || bg.graph.stops[s as usize].terminal))
            }),
        })
    })
}

fn describe_stops(t: &Tile) -> String {
    if t.stops.is_empty() {
        return "plain land".to_string();
    }
    let names: Vec<&str> = t.stops.iter().map(|s| s.kind.name()).collect();
    names.join(" and ")
}

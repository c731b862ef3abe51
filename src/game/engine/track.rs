//! The tile and token steps of an operating turn: laying and upgrading
//! track (terrain costs, the network rule and its exceptions) and placing
//! station tokens.

use crate::game::rules::{MaybeAnswer, as_list};
use crate::args;
use super::Engine;
use crate::game::board::LayRules;
use crate::game::graph::city_stop;
use crate::game::ids::*;
use crate::game::ops::{GameError, GameResult};
use crate::game::refusals::RuleKey;

/// Hexes where the network rule is lifted (see `relaxed_hexes`).
#[derive(Clone, Debug, Default)]
pub struct Relaxed {
    pub lay: Vec<HexId>,
    pub token: Vec<HexId>,
}

impl Engine<'_> {
    pub(super) fn lay_tile(&mut self, corp: CorpId, hex: &str, tile: &str, rotation: u8) -> GameResult<()> {
        let limit = self.tile_lay_limit(corp)?;
        if self.or().turn.tiles >= limit {
            return self.refuse(RuleKey::TileOnePerTurn, "only one tile may be laid per turn");
        }
        let rules = self.lay_rules(corp, hex)?;
        self.lay_tile_free(corp, hex, tile, rotation, rules, false)?;
        self.or_mut().turn.tiles += 1;
        if self.or().turn.tiles >= limit {
            let step = self.current_step().unwrap_or_default();
            self.step_done(step);
        }
        Ok(())
    }

    /// Hexes where the title lifts the network rule now (1849 P4): tiles
    /// may be laid there without a connection, tokens placed without a
    /// route. One hook call per question, not one per hex.
    pub fn relaxed_hexes(&mut self, corp: CorpId) -> GameResult<Relaxed> {
        if !self.rules.has_hook("relaxed_hexes") {
            return Ok(Relaxed::default());
        }
        let id = self.st.corps[corp].id.clone();
        let mut out = Relaxed::default();
        let Some(answer) = self.rules.hook("relaxed_hexes", self.st, self.fx, args![id])? else { return Ok(out) };
        let Some(table) = answer.table(0)? else { return Ok(out) };
        for (key, list) in [("lay", &mut out.lay), ("token", &mut out.token)] {
            let Some(v) = table.get(key) else { continue };
            let hexes = as_list(v).filter(|l| l.iter().all(|h| h.as_str().is_some())).ok_or_else(|| {
                GameError::Script(format!("script error in {}: `{key}` must be a list of hex names", answer.from()))
            })?;
            list.extend(hexes.iter().filter_map(|h| self.t.map.hex(h.as_str().unwrap_or_default())));
        }
        Ok(out)
    }

    /// The tile rules for a lay on one hex.
    pub fn lay_rules(&mut self, corp: CorpId, hex: &str) -> GameResult<LayRules> {
        let h = self.ops().hex_index(hex)?;
        let connection = !self.relaxed_hexes(corp)?.lay.contains(&h);
        Ok(LayRules { connection, ..LayRules::default() })
    }

    /// Whether a token needs a route to its city.
    pub fn token_needs_route(&mut self, corp: CorpId, hex: &str) -> GameResult<bool> {
        let h = self.ops().hex_index(hex)?;
        Ok(!self.relaxed_hexes(corp)?.token.contains(&h))
    }

    /// Lays a tile with the given rules, paying terrain unless `free`.
    pub fn lay_tile_free(&mut self, corp: CorpId, hex: &str, tile: &str, rotation: u8, rules: LayRules, free: bool) -> GameResult<()> {
        let h = self.ops().hex_index(hex)?;
        let ti = self.ops().tile_index(tile)?;
        let plan = self.ops().check_lay(Some(corp), h, ti, rotation, rules)?;
        let id = self.st.corps[corp].id.clone();
        self.rules.check("can_lay_tile", self.st, self.fx, args![id.clone(), self.t.map.hexes[h as usize].label.clone(), tile.to_string(), rotation])?;
        let cost = if free { 0 } else { self.terrain_cost(corp, h, &plan.new_track, plan.base_cost)? };
        if self.st.corps[corp].cash < cost {
            return self.refuse(RuleKey::MoneyInsufficient, format!("laying on {} costs {}; {id} has {}", self.t.map.hexes[h as usize].title(), self.t.money(cost), self.t.money(self.st.corps[corp].cash)));
        }
        self.ops().transfer(Purse::Corp(corp), Purse::Bank, cost)?;
        self.ops().execute_lay(&plan);
        let label = self.t.map.hexes[h as usize].title();
        self.fx.log.push(format!("{id} lays tile {tile} on {label} (rotation {}){}", plan.fit.rotation, if cost > 0 { format!(" for {}", self.t.money(cost)) } else { String::new() }));
        Ok(())
    }

    /// Terrain cost with company discounts and the title's hook.
    pub fn terrain_cost(&mut self, corp: CorpId, hex: HexId, new_track: &[crate::route::Gauge], base: i64) -> GameResult<i64> {
        use crate::title::schema::AbilityDef;
        let mut cost = base;
        let terrain = self.t.map.hexes[hex as usize].terrain.as_deref().unwrap_or_default();
        for co in self.st.companies.iter().filter(|c| c.owner == CompanyOwner::Corp(corp)) {
            for a in &self.t.companies[co.def].abilities {
                if let AbilityDef::TerrainDiscount { terrains, factor, gauges } = a {
                    let terrain_ok = terrains.is_empty() || terrains.iter().any(|x| x == terrain);
                    let gauge_ok = gauges.is_empty()
                        || new_track.iter().any(|g| gauges.iter().any(|n| g.name() == n));
                    if terrain_ok && gauge_ok {
                        cost = (cost as f64 * factor).round() as i64;
                    }
                }
            }
        }
        let names: Vec<String> = new_track.iter().map(|g| g.name().to_string()).collect();
        let id = self.st.corps[corp].id.clone();
        let label = self.t.map.hexes[hex as usize].label.clone();
        let hooked = self.rules.hook("terrain_cost", self.st, self.fx, args![id, label, names, cost])?.int(0)?;
        match hooked {
            Some(cost) => crate::game::money::from_hook("terrain_cost", cost, 0),
            None => Ok(cost),
        }
    }

    /// Tile lays allowed this turn: the step's `count`, plus what the
    /// title's `extra_tile_lays` hook adds (1844's P2, 1844-R-173).
    pub(super) fn tile_lay_limit(&mut self, corp: CorpId) -> GameResult<u32> {
        let base = self.step_param_int("lay_tile", "count").unwrap_or(1) as u32;
        if !self.rules.has_hook("extra_tile_lays") {
            return Ok(base);
        }
        let id = self.st.corps[corp].id.clone();
        let extra = self.rules.hook("extra_tile_lays", self.st, self.fx, args![id])?.int(0)?;
        Ok(base + extra.unwrap_or(0).max(0) as u32)
    }

    fn step_param_int(&self, step: &str, key: &str) -> Option<i64> {
        self.t.flow.step(step).and_then(|s| s.params.get(key)).and_then(|v| v.as_integer())
    }

    // ----------------------------------------------------------- tokens

    pub(super) fn place_token(&mut self, corp: CorpId, hex: &str, city: u8) -> GameResult<()> {
        if self.or().turn.tokens >= 1 {
            return self.refuse(RuleKey::TokenOnePerTurn, "only one station token may be placed per turn");
        }
        let h = self.ops().hex_index(hex)?;
        let Some(stop) = city_stop(self.t, self.st, h, city) else {
            return self.refuse(RuleKey::TokenNoCity, format!("{} has no city {}", self.t.map.hexes[h as usize].title(), city));
        };
        let need_route = self.token_needs_route(corp, hex)?;
        self.ops().check_token(corp, h, stop, need_route)?;
        let cost = self.ops().next_token_cost(corp).unwrap_or(0);
        let id = self.st.corps[corp].id.clone();
        let label = self.t.map.hexes[h as usize].label.clone();
        self.rules.check("can_place_token", self.st, self.fx, args![id.clone(), label])?;
        if self.st.corps[corp].cash < cost {
            return self.refuse(RuleKey::MoneyInsufficient, format!("the token costs {}; {id} has {}", self.t.money(cost), self.t.money(self.st.corps[corp].cash)));
        }
        self.ops().transfer(Purse::Corp(corp), Purse::Bank, cost)?;
        self.ops().execute_token(corp, h, stop);
        self.fx.log.push(format!("{id} places a station token on {}{}", self.t.map.hexes[h as usize].title(), if cost > 0 { format!(" for {}", self.t.money(cost)) } else { String::new() }));
        self.or_mut().turn.tokens += 1;
        let step = self.current_step().unwrap_or_default();
        self.step_done(step);
        Ok(())
    }

    // -------------------------------------------------------- dividends
}


//! A corporation's best run (what `run auto` would run now) over the
//! map: each train's route in its own colour, and a legend with each
//! train's stops and revenue.

use super::map;
use super::read;
use super::svg::{Anchor, Svg, escape};
use super::tile;
use crate::game::Game;
use crate::game::engine::Engine;
use crate::game::engine::run::stop_label;
use crate::game::graph::{rotation_on, tile_on};
use crate::game::ids::CorpId;
use crate::game::ops::Effects;
use crate::game::rules::TitleRules;

/// Distinct colours for the trains of one run, in train order.
pub const TRAIN_COLOURS: [&str; 6] = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#00a0a0"];

const LINE: f64 = 22.0;

/// One train's route, for the legend and for tests.
pub struct DrawnRoute {
    pub train: String,
    pub stops: Vec<String>,
    pub revenue: i64,
}

/// The best run of `corp` now, searched on a copy of the state with the
/// game's node budget, as `run auto` does.
pub fn best(g: &Game, corp: CorpId) -> Result<(crate::game::engine::run::Position, crate::route::Run, bool), String> {
    let mut st = g.state.clone();
    let mut fx = Effects::default();
    let mut engine = Engine::new(&g.title, &mut st, &mut fx, &*g.host);
    engine.best_run(corp).map_err(|e| format!("the route search failed: {e}"))
}

pub fn svg(g: &Game, corp: CorpId) -> Result<(String, Vec<DrawnRoute>), String> {
    let (t, st) = (&*g.title, &g.state);
    let found = if st.trains_of(corp).is_empty() { None } else { Some(best(g, corp)?) };
    let empty = crate::route::Run::default();
    let (run, ran_out) = found.as_ref().map_or((&empty, false), |(_, run, out)| (run, *out));
    let mut f = map::frame(t);
    let lines = run.routes.len().max(1) + 2;
    let map_bottom = f.size.1;
    f.size.1 += LINE * lines as f64;
    let mut svg = Svg::new(f.size.0, f.size.1, "#ffffff");
    map::draw(&mut svg, t, st, &f, map_bottom);
    let r = f.shape.r;
    let mut drawn = Vec::new();
    svg.open(&format!(r#"id="routes" data-corp="{}""#, escape(&read::corp_text(st, corp))));
    for (k, route) in run.routes.iter().enumerate() {
        let Some((pos, ..)) = &found else { break };
        let colour = TRAIN_COLOURS[k % TRAIN_COLOURS.len()];
        let train = pos.problem.trains[route.train].id.clone();
        svg.open(&format!(r#"class="route" data-train="{}" opacity="0.7""#, escape(&train)));
        for &p in &route.paths {
            let Some(&(hex, index)) = pos.board.path_at.get(p as usize) else { continue };
            let tl = tile_on(t, st, hex);
            let Some(path) = tl.paths.get(index as usize) else { continue };
            let rot = rotation_on(t, st, hex);
            let c = map::centre(t, &f, hex);
            let places = tile::places(tl, rot, c, &f.shape);
            let d = tile::path_d(tl, rot, path, c, &f.shape, &places);
            svg.path(&d, colour, r * 0.26, r#"stroke-linecap="round""#);
        }
        for &s in &route.stops {
            let Some(&(hex, stop)) = pos.board.stop_at.get(s as usize) else { continue };
            let tl = tile_on(t, st, hex);
            let c = map::centre(t, &f, hex);
            let at = tile::places(tl, rotation_on(t, st, hex), c, &f.shape).get(stop as usize).map_or(c, |p| p.at);
            svg.circle(at.0, at.1, r * 0.36, "none", Some((colour, r * 0.1)), r#"class="route-stop""#);
        }
        svg.close();
        let stops: Vec<String> = route.stops.iter().map(|s| stop_label(t, &pos.board, *s)).collect();
        drawn.push(DrawnRoute { train, stops, revenue: route.revenue });
    }
    svg.close();
    // The legend under the map.
    let mut y = f.size.1 - LINE * lines as f64 + LINE / 2.0;
    let who = read::corp_text(st, corp);
    let head = if run.routes.is_empty() {
        format!("{who}: no train has a route")
    } else {
        let mut s = format!("{who}'s best run (as `run auto`): {}", t.money(run.revenue));
        if ran_out {
            s.push_str(" — the search stopped at its node budget; a better run may exist");
        }
        if g.host.has_hook("run_bonus") {
            s.push_str(" (before the title's run bonus)");
        }
        s
    };
    svg.open(r#"class="legend""#);
    svg.text(20.0, y, 14.0, Anchor::Start, "#000", &head, r#"font-weight="bold""#);
    for (k, d) in drawn.iter().enumerate() {
        y += LINE;
        let colour = TRAIN_COLOURS[k % TRAIN_COLOURS.len()];
        svg.rect(20.0, y - 5.0, 30.0, 10.0, colour, None, "");
        svg.text(58.0, y, 13.0, Anchor::Start, "#000", &format!("{}: {} — {}", d.train, d.stops.join("-"), t.money(d.revenue)), "");
    }
    svg.close();
    Ok((svg.finish(), drawn))
}

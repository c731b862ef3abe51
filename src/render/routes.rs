//! A corporation's run over the map: its best run now (what `run auto`
//! would run), or its last run in the game's log (`logged`) on the board
//! as it was then. Each train's route in its own colour, and a legend with
//! each train's stops and revenue.

use super::map;
use super::read;
use super::svg::{Anchor, Svg, escape};
use super::tile;
use crate::game::Game;
use crate::game::action::Action;
use crate::game::engine::current_actor;
use crate::game::ids::Actor;
use crate::game::state::GameState;
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
    let found = if g.state.trains_of(corp).is_empty() { None } else { Some(best(g, corp)?) };
    draw(g, &g.state, corp, found, "best run (as `run auto`)")
}

/// The last run of `corp` in the game's log, on the board as it was just
/// before: the routes it declared, or for `run auto` the best run then
/// (the same search with the same budget, so the same routes). Replays
/// the log on a fresh game to find it.
pub fn logged(g: &Game, corp: CorpId) -> Result<(String, Vec<DrawnRoute>), String> {
    let mut replay = Game::with_host(g.title.clone(), g.host.clone(), g.setup.clone()).map_err(|e| format!("the game cannot be replayed: {e}"))?;
    let mut last: Option<(GameState, Action)> = None;
    for action in &g.actions {
        if matches!(action, Action::Run { .. }) && current_actor(&replay.title, &replay.state) == Some(Actor::Corp(corp)) {
            last = Some((replay.state.clone(), action.clone()));
        }
        replay.apply(action.clone()).map_err(|e| format!("the game cannot be replayed at `{action}`: {e}"))?;
    }
    let who = read::corp_text(&g.state, corp);
    let Some((mut st, Action::Run { routes })) = last else { return Err(format!("{who} has not run trains in this game")) };
    let mut fx = Effects::default();
    let mut engine = Engine::new(&g.title, &mut st, &mut fx, &*g.host);
    let found = if routes.is_empty() {
        engine.best_run(corp).map_err(|e| format!("the route search failed: {e}"))?
    } else {
        let (pos, run) = engine.declared_run(corp, &routes).map_err(|e| format!("the logged routes do not make a run: {e}"))?;
        (pos, run, false)
    };
    draw(g, &st, corp, Some(found), "last run in the log")
}

/// The map of `st` with `found`'s routes and the legend.
fn draw(g: &Game, st: &GameState, corp: CorpId, found: Option<(crate::game::engine::run::Position, crate::route::Run, bool)>, what: &str) -> Result<(String, Vec<DrawnRoute>), String> {
    let t = &*g.title;
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
        let mut s = format!("{who}'s {what}: {}", t.money(run.revenue));
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

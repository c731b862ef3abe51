//! `show map|market|tiles|routes [CORP] [logged] [FILE]`: writes a picture
//! of the game (src/render) and prints where. SVG by default, in the
//! system's temporary folder; a FILE ending in .png gives PNG. `logged`:
//! the corporation's last run in the log instead of its best run now.

use super::super::{Invocation, Reply, Session};
use super::names::find_corp;
use crate::game::flow::RoundData;
use crate::render::{self, Picture};
use serde_json::json;
use std::path::PathBuf;

pub fn run(s: &mut Session, inv: &Invocation) -> Reply {
    let g = &s.game;
    let Some(picture) = inv.args.first().and_then(|w| Picture::parse(w)) else {
        return Reply::error("show", "show what? `show map`, `show market`, `show tiles` or `show routes CORP` (add a file name ending in .png for PNG)");
    };
    let mut rest: Vec<&str> = inv.args[1..].to_vec();
    let picture = match rest.iter().position(|w| w.eq_ignore_ascii_case("logged")) {
        Some(i) if picture == Picture::Routes => {
            rest.remove(i);
            Picture::LoggedRoutes
        }
        Some(_) => return Reply::error("show", "`logged` goes with `show routes`: a corporation's last run in the log"),
        None => picture,
    };
    // A word with a dot or a slash is the file; another word, the corporation.
    let file = rest.iter().position(|w| w.contains('.') || w.contains('/')).map(|i| PathBuf::from(rest.remove(i)));
    let corp = match (picture, rest.first()) {
        (_, Some(w)) => match find_corp(g, w) {
            Ok(c) => Some(c),
            Err(e) => return Reply::error("show", e),
        },
        (Picture::Routes | Picture::LoggedRoutes, None) => match &g.state.flow.round.data {
            RoundData::Operating(o) if o.current.is_some() => o.current,
            _ => return Reply::error("show", "no corporation is operating: name one, e.g. `show routes RCS`"),
        },
        _ => None,
    };
    let name = if picture == Picture::LoggedRoutes { "logged-routes" } else { Picture::NAMES.iter().find(|n| Picture::parse(n) == Some(picture)).copied().unwrap_or("picture") };
    let path = file.unwrap_or_else(|| std::env::temp_dir().join(format!("railhead-{}-{name}.svg", g.title.id())));
    match render::write(g, picture, corp, &path) {
        Ok(()) => Reply::ok("show", format!("wrote {}", path.display()), json!({ "picture": name, "file": path.display().to_string() })),
        Err(e) => Reply::error("show", e),
    }
}

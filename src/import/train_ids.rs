//! The website's train ids -> ours. Both engines number the copies of a
//! train class in depot order ("3-0", "3-1", ...), but where a title keeps
//! a train as a class of its own the website may count it among another
//! class's copies (1844: EVA and the SBB's charter 5H are "5" cards there),
//! which shifts the numbering of that class. A recorded id is therefore
//! taken as it is when its owner holds a train of ours with that id, and
//! otherwise matched, once and for good, to a train of the owner of the
//! same website class that no other recorded id was matched to.

use crate::game::Game;
use crate::game::ids::*;
use std::collections::BTreeMap;

#[derive(Clone, Default)]
pub struct TrainIds {
    /// Our train class -> the website's (`[props.import_18xx] trains`).
    names: std::sync::Arc<BTreeMap<String, String>>,
    /// Recorded id -> ours, for the ids that differ.
    matched: std::sync::Arc<BTreeMap<String, String>>,
}

impl TrainIds {
    pub fn new(names: BTreeMap<String, String>) -> Self {
        TrainIds { names: std::sync::Arc::new(names), matched: Default::default() }
    }

    /// Our id of the train the record calls `recorded`, held by `owner` when known.
    pub fn resolve(&mut self, game: &Game, owner: Option<CorpId>, recorded: &str) -> String {
        if let Some(ours) = self.matched.get(recorded) {
            return ours.clone();
        }
        let Some(c) = owner else { return recorded.to_string() };
        let held = |t: &crate::game::state::Train| t.owner == TrainOwner::Corp(c);
        if game.state.trains.iter().any(|t| held(t) && t.id == recorded) {
            return recorded.to_string();
        }
        let class = recorded.rsplit_once('-').map_or(recorded, |(name, _)| name);
        let found = game.state.trains.iter().filter(|t| held(t)).find(|t| {
            let ours = &game.title.trains[t.class as usize].name;
            self.names.get(ours).unwrap_or(ours) == class && !self.matched.values().any(|m| *m == t.id)
        });
        match found {
            Some(t) => {
                std::sync::Arc::make_mut(&mut self.matched).insert(recorded.to_string(), t.id.clone());
                t.id.clone()
            }
            None => recorded.to_string(),
        }
    }
}

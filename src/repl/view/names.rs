//! Small pieces of text several views share: lists of trains, owners,
//! corporation lookups with suggestions.

use crate::game::Game;
use crate::game::ids::*;

/// "4H-0, 6H-1" or "none".
pub fn trains_of(g: &Game, c: CorpId) -> String {
    let ids: Vec<String> = g.state.trains_of(c).iter().map(|t| g.state.trains[*t as usize].id.clone()).collect();
    if ids.is_empty() { "none".to_string() } else { ids.join(", ") }
}

pub fn company_owner(g: &Game, o: CompanyOwner) -> String {
    match o {
        CompanyOwner::Bank => "bank (unsold)".to_string(),
        CompanyOwner::Player(p) => g.state.players[p as usize].name.clone(),
        CompanyOwner::Corp(c) => g.state.corps[c].id.clone(),
        CompanyOwner::Closed => "closed".to_string(),
    }
}

pub fn cert_owner(g: &Game, o: CertOwner) -> String {
    match o {
        CertOwner::Treasury => "treasury".to_string(),
        CertOwner::Pool => "pool".to_string(),
        CertOwner::Player(p) => g.state.players[p as usize].name.clone(),
        CertOwner::Corp(c) => g.state.corps[c].id.clone(),
        CertOwner::Removed => "removed".to_string(),
        CertOwner::Investor(i) => g.title.investor_id(i).to_string(),
    }
}

/// The corporation a word names, or why there is none.
pub fn find_corp(g: &Game, word: &str) -> Result<CorpId, String> {
    g.state.corp_index(word).ok_or_else(|| {
        let ids: Vec<&str> = g.state.corps.iter().map(|c| c.id.as_str()).collect();
        format!("no corporation '{word}' (corporations: {})", ids.join(", "))
    })
}

pub fn find_player(g: &Game, word: &str) -> Result<PlayerId, String> {
    g.state.player_index(word).ok_or_else(|| {
        let names: Vec<&str> = g.state.players.iter().map(|p| p.name.as_str()).collect();
        format!("no player '{word}' (players: {})", names.join(", "))
    })
}

/// A corporation's state in a word.
pub fn corp_state(g: &Game, c: CorpId) -> &'static str {
    let corp = &g.state.corps[c];
    if !corp.in_play {
        "out of play"
    } else if corp.floated {
        "floated"
    } else if corp.started {
        "started"
    } else if corp.closed {
        "closed"
    } else {
        "not started"
    }
}

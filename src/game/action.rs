//! Actions: everything a player (or a corporation's president) can do.
//! The action log of a game is a list of these; a save file is the title,
//! options, seed, setup and this list.

use super::var::Var;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShareSource {
    /// The corporation's treasury (IPO).
    Treasury,
    Pool,
    /// An investor's holding, by its id (1865's Dragons pool); written
    /// `{"investor": "dragons"}` in a log, after the other sources so
    /// theirs is unchanged.
    Investor(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DividendKind {
    Payout,
    Withhold,
    /// Half paid out, half withheld (titles that allow it).
    Half,
}

/// A route a player declares: the train and the stops in travel order,
/// optionally with the hexes crossed between consecutive stops when more
/// than one track joins them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RouteSpec {
    pub train: String,
    /// "C5", or "C20.1" for the second stop of a hex.
    pub stops: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub via: Vec<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Pass, or end the turn/step.
    Pass,
    /// Bid on a company in an auction, or raise in a resolution.
    Bid { company: String, price: i64 },
    /// A player buys a company at its current price, or an operating
    /// corporation buys one from a player at `price`.
    BuyCompany {
        company: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        price: Option<i64>,
    },
    /// Start a corporation: price, extra 10 % certificates, home city.
    Par {
        corp: String,
        price: i64,
        #[serde(default, skip_serializing_if = "is_zero")]
        extra: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        home: Option<String>,
    },
    /// Buy one certificate; `tag` picks a special one ("last"), `cert` a
    /// particular certificate by index.
    Buy {
        corp: String,
        from: ShareSource,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tag: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cert: Option<u16>,
    },
    /// Sell shares of one corporation: `percent` in total, exact
    /// certificates by index, or the certificate with a tag ("last").
    Sell {
        corp: String,
        percent: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        certs: Option<Vec<u16>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tag: Option<String>,
    },
    LayTile { hex: String, tile: String, rotation: u8 },
    PlaceToken {
        hex: String,
        #[serde(default, skip_serializing_if = "is_zero_u8")]
        city: u8,
    },
    /// Run trains: the declared routes, or the best run when empty.
    Run {
        #[serde(default)]
        routes: Vec<RouteSpec>,
    },
    Dividend { kind: DividendKind },
    /// Buy a train: a new or pool one by class/variant name, or a
    /// specific train ("6H-1") from another corporation at `price`.
    BuyTrain {
        train: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        variant: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        price: Option<i64>,
    },
    DiscardTrain { train: String },
    /// Issue treasury certificates into the pool (particular ones by index).
    Issue {
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        certs: Option<Vec<u16>>,
    },
    /// Buy one certificate back from the pool (a particular one by index).
    Redeem {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cert: Option<u16>,
    },
    /// Answer a pending question.
    Choose { choice: String },
    /// An action of a script-defined step or ability.
    Script {
        name: String,
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        args: BTreeMap<String, Var>,
    },
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}
fn is_zero_u8(v: &u8) -> bool {
    *v == 0
}

impl fmt::Display for Action {
    /// The REPL spelling of the action.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => write!(f, "pass"),
            Action::Bid { company, price } => write!(f, "bid {company} {price}"),
            Action::BuyCompany { company, price: None } => write!(f, "buy {company}"),
            Action::BuyCompany { company, price: Some(p) } => write!(f, "buy {company} {p}"),
            Action::Par { corp, price, extra, home } => {
                write!(f, "par {corp} {price}")?;
                if *extra > 0 {
                    write!(f, " +{extra}")?;
                }
                if let Some(h) = home {
                    write!(f, " {h}")?;
                }
                Ok(())
            }
            Action::Buy { corp, from, tag, cert } => {
                let src = match from {
                    ShareSource::Treasury => "treasury",
                    ShareSource::Pool => "pool",
                    ShareSource::Investor(id) => id.as_str(),
                };
                write!(f, "buy {corp} {src}")?;
                if let Some(t) = tag {
                    write!(f, " {t}")?;
                }
                if let Some(c) = cert {
                    write!(f, " #{c}")?;
                }
                Ok(())
            }
            Action::Sell { corp, tag: Some(t), .. } => write!(f, "sell {corp} {t}"),
            Action::Sell { corp, percent, certs, .. } => {
                if percent % 10 == 0 { write!(f, "sell {corp} {}", percent / 10)? } else { write!(f, "sell {corp} {percent}%")? }
                if let Some(c) = certs {
                    let s: Vec<String> = c.iter().map(|i| i.to_string()).collect();
                    write!(f, " certs {}", s.join(","))?;
                }
                Ok(())
            }
            Action::LayTile { hex, tile, rotation } => write!(f, "lay {hex} {tile} {rotation}"),
            Action::PlaceToken { hex, city } => {
                if *city == 0 { write!(f, "token {hex}") } else { write!(f, "token {hex}.{city}") }
            }
            Action::Run { routes } if routes.is_empty() => write!(f, "run auto"),
            Action::Run { routes } => {
                let parts: Vec<String> = routes.iter().map(|r| format!("{}:{}", r.train, r.stops.join("-"))).collect();
                write!(f, "run {}", parts.join(" "))
            }
            Action::Dividend { kind: DividendKind::Payout } => write!(f, "payout"),
            Action::Dividend { kind: DividendKind::Withhold } => write!(f, "withhold"),
            Action::Dividend { kind: DividendKind::Half } => write!(f, "half"),
            Action::BuyTrain { train, variant, price } => {
                write!(f, "train {train}")?;
                if let Some(v) = variant {
                    write!(f, " as {v}")?;
                }
                if let Some(p) = price {
                    write!(f, " {p}")?;
                }
                Ok(())
            }
            Action::DiscardTrain { train } => write!(f, "discard {train}"),
            Action::Issue { count, .. } => write!(f, "issue {count}"),
            Action::Redeem { cert: None } => write!(f, "redeem"),
            Action::Redeem { cert: Some(c) } => write!(f, "redeem #{c}"),
            Action::Choose { choice } => write!(f, "choose {choice}"),
            Action::Script { name, args } => {
                write!(f, "do {name}")?;
                for (k, v) in args {
                    match v {
                        Var::Str(s) => write!(f, " {k}={s}")?,
                        Var::Int(i) => write!(f, " {k}={i}")?,
                        Var::Bool(b) => write!(f, " {k}={b}")?,
                        other => write!(f, " {k}={}", serde_json::to_string(other).unwrap_or_default())?,
                    }
                }
                Ok(())
            }
        }
    }
}

/// An action as offered by the legal-move list: `range` says the price
/// field may take any value from `min` to `max`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMove {
    pub action: Action,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<(i64, i64)>,
}

impl LegalMove {
    pub fn exact(action: Action) -> Self {
        LegalMove { action, range: None }
    }
    pub fn ranged(action: Action, min: i64, max: i64) -> Self {
        LegalMove { action, range: Some((min, max)) }
    }
}

//! Values that title scripts keep in the game state (`game:set_var`).
//! Deterministic and hashable: no floats, maps ordered by key.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Var {
    Bool(bool),
    Int(i64),
    Str(String),
    List(Vec<Var>),
    Map(BTreeMap<String, Var>),
}

impl Var {
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Var::Int(i) => Some(*i),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Var::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Var::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

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
    /// A TOML value from title data (a company's `props`, an import's
    /// setup) as a script value. TOML floats are cut to whole numbers and
    /// dates kept as text: script values hold neither.
    pub fn from_toml(v: &toml::Value) -> Var {
        match v {
            toml::Value::String(s) => Var::Str(s.clone()),
            toml::Value::Integer(i) => Var::Int(*i),
            toml::Value::Float(f) => Var::Int(*f as i64),
            toml::Value::Boolean(b) => Var::Bool(*b),
            toml::Value::Array(a) => Var::List(a.iter().map(Var::from_toml).collect()),
            toml::Value::Table(t) => Var::Map(t.iter().map(|(k, v)| (k.clone(), Var::from_toml(v))).collect()),
            toml::Value::Datetime(d) => Var::Str(d.to_string()),
        }
    }

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

    /// The bytes the value counts for against the limits on what scripts
    /// keep (`crate::limits`): 16 for each value, plus the bytes of its
    /// strings and map keys. Close to what it takes in memory, and the
    /// same on every machine.
    pub fn weight(&self) -> usize {
        16 + match self {
            Var::Bool(_) | Var::Int(_) => 0,
            Var::Str(s) => s.len(),
            Var::List(items) => items.iter().map(Var::weight).sum(),
            Var::Map(m) => m.iter().map(|(k, v)| k.len() + v.weight()).sum(),
        }
    }
}

/// Named script values (`game:set_var`, a turn's `game:set_turn_var`)
/// with their total weight kept up to date, so that the bound on all of
/// them together (`limits::MAX_VARS_BYTES`) is checked in constant time.
/// Reads go through the map (`Deref`); writes through `insert` and
/// `remove`. Saved and hashed as the map alone would be, apart from the
/// weight, which follows from it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Vars {
    map: BTreeMap<String, Var>,
    weight: usize,
}

impl Vars {
    /// The weight of one entry: its key's bytes and its value's weight.
    pub fn entry_weight(key: &str, value: &Var) -> usize {
        key.len() + value.weight()
    }

    /// Keys and values together, by `entry_weight`.
    pub fn weight(&self) -> usize {
        self.weight
    }

    /// The total weight once `key` holds `value` (`None`: once it is gone).
    pub fn weight_with(&self, key: &str, value: Option<&Var>) -> usize {
        let old = self.map.get(key).map_or(0, |v| Vars::entry_weight(key, v));
        self.weight - old + value.map_or(0, |v| Vars::entry_weight(key, v))
    }

    pub fn insert(&mut self, key: String, value: Var) -> Option<Var> {
        self.weight = self.weight_with(&key, Some(&value));
        self.map.insert(key, value)
    }

    pub fn remove(&mut self, key: &str) -> Option<Var> {
        self.weight = self.weight_with(key, None);
        self.map.remove(key)
    }
}

impl std::ops::Deref for Vars {
    type Target = BTreeMap<String, Var>;
    fn deref(&self) -> &Self::Target {
        &self.map
    }
}

impl<'a> IntoIterator for &'a Vars {
    type Item = (&'a String, &'a Var);
    type IntoIter = std::collections::btree_map::Iter<'a, String, Var>;
    fn into_iter(self) -> Self::IntoIter {
        self.map.iter()
    }
}

impl FromIterator<(String, Var)> for Vars {
    fn from_iter<I: IntoIterator<Item = (String, Var)>>(iter: I) -> Vars {
        let mut vars = Vars::default();
        for (k, v) in iter {
            vars.insert(k, v);
        }
        vars
    }
}

impl Serialize for Vars {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.map.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Vars {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Vars, D::Error> {
        Ok(BTreeMap::<String, Var>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weight_of_vars_follows_every_change() {
        let mut vars = Vars::default();
        vars.insert("a".into(), Var::Str("xyz".into()));
        vars.insert("bb".into(), Var::List(vec![Var::Int(1), Var::Bool(true)]));
        assert_eq!(vars.weight(), (1 + 16 + 3) + (2 + 16 + 16 + 16));
        vars.insert("a".into(), Var::Int(5));
        assert_eq!(vars.weight(), (1 + 16) + (2 + 48));
        vars.remove("bb");
        vars.remove("missing");
        assert_eq!(vars.weight(), 17);
        let copy: Vars = serde_json::from_str(&serde_json::to_string(&vars).unwrap()).unwrap();
        assert_eq!(copy, vars);
    }
}

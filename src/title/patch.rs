//! Options as overlays: deep-merge a patch table into a file's table.
//!
//! Tables merge key by key. Arrays of tables merge element by element on
//! their `id` key (or `name`, or `players`): a patch element replaces the
//! keys it names in its match, `remove = true` deletes the match, and an
//! element with no match is appended. Any other value replaces the old one.

use toml::{Table, Value};

const MATCH_KEYS: [&str; 3] = ["id", "name", "players"];

pub fn merge(base: &mut Table, patch: &Table) {
    for (k, pv) in patch {
        match (base.get_mut(k), pv) {
            (Some(Value::Table(bt)), Value::Table(pt)) => merge(bt, pt),
            (Some(Value::Array(ba)), Value::Array(pa)) if is_keyed(pa) => merge_keyed(ba, pa),
            _ => {
                base.insert(k.clone(), pv.clone());
            }
        }
    }
}

fn key_of(v: &Value) -> Option<(&'static str, &Value)> {
    let t = v.as_table()?;
    MATCH_KEYS.iter().find_map(|k| t.get(*k).map(|val| (*k, val)))
}

fn is_keyed(a: &[Value]) -> bool {
    !a.is_empty() && a.iter().all(|v| key_of(v).is_some())
}

fn merge_keyed(base: &mut Vec<Value>, patch: &[Value]) {
    for pv in patch {
        let Some((k, want)) = key_of(pv) else { continue };
        let remove = pv.get("remove").and_then(Value::as_bool).unwrap_or(false);
        let pos = base.iter().position(|bv| bv.get(k) == Some(want));
        match (pos, remove) {
            (Some(i), true) => {
                base.remove(i);
            }
            (Some(i), false) => {
                if let (Some(bt), Some(pt)) = (base[i].as_table_mut(), pv.as_table()) {
                    merge(bt, pt);
                }
            }
            (None, false) => base.push(pv.clone()),
            (None, true) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Table {
        s.parse().unwrap()
    }

    #[test]
    fn arrays_of_tables_merge_on_their_name() {
        let mut base = t("[[train]]\nname = \"4H\"\ncount = 4\n[[train]]\nname = \"E\"\ncount = 0\n");
        merge(&mut base, &t("[[train]]\nname = \"E\"\ncount = 6\n[[train]]\nname = \"X\"\ncount = 1\n"));
        let trains = base["train"].as_array().unwrap();
        assert_eq!(trains.len(), 3);
        assert_eq!(trains[0]["count"].as_integer(), Some(4));
        assert_eq!(trains[1]["count"].as_integer(), Some(6));
        assert_eq!(trains[2]["name"].as_str(), Some("X"));
    }

    #[test]
    fn remove_deletes_the_match() {
        let mut base = t("[[corporation]]\nid = \"A\"\n[[corporation]]\nid = \"B\"\n");
        merge(&mut base, &t("[[corporation]]\nid = \"A\"\nremove = true\n"));
        assert_eq!(base["corporation"].as_array().unwrap().len(), 1);
    }

    #[test]
    fn tables_merge_deeply_and_scalars_replace() {
        let mut base = t("[settings]\na = 1\nb = 2\n");
        merge(&mut base, &t("[settings]\nb = 3\n"));
        assert_eq!(base["settings"]["a"].as_integer(), Some(1));
        assert_eq!(base["settings"]["b"].as_integer(), Some(3));
    }
}

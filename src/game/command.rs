//! Short commands for actions, as typed in the REPL and in scenario
//! tests: `bid P4 115`, `buy RCS pool`, `sell RCS 2`, `par AFG 100 +2 C1`,
//! `lay G13 8 2`, `token I8`, `run auto`, `payout`, `train 6H`, `pass`.
//! `Action`'s `Display` writes the same syntax, so the two round-trip.

use super::action::{Action, DividendKind, RouteSpec, ShareSource};
use super::var::Var;
use std::collections::BTreeMap;

/// Every command word, with its syntax and an example (for help and completion).
pub const COMMANDS: &[(&str, &str, &str)] = &[
    ("pass", "pass", "pass: end the turn or skip the current step"),
    ("bid", "bid COMPANY PRICE", "bid P4 115"),
    ("buy", "buy COMPANY [PRICE] | buy CORP [treasury|pool|INVESTOR] [TAG]", "buy P1 / buy RCS pool / buy RCS last / buy FMS dragons"),
    ("sell", "sell CORP SHARES | sell CORP PERCENT% | sell CORP TAG", "sell RCS 2"),
    ("par", "par CORP PRICE [+EXTRA] [HOME]", "par CTL 100 +2"),
    ("lay", "lay HEX TILE ROTATION", "lay G13 8 2"),
    ("token", "token [CORP] HEX[.CITY]", "token I8"),
    ("run", "run auto | run TRAIN:STOP-STOP-... ...", "run 4H-0:C5-D4-E1"),
    ("payout", "payout", "payout"),
    ("withhold", "withhold", "withhold"),
    ("half", "half", "half"),
    ("train", "train NAME [as VARIANT] [PRICE]", "train 6H / train 4H-1 120"),
    ("discard", "discard TRAIN", "discard 4H-1"),
    ("issue", "issue COUNT", "issue 2"),
    ("redeem", "redeem", "redeem"),
    ("choose", "choose CHOICE", "choose loan"),
    ("do", "do ACTION [key=value ...]", "do port_token hex=L14"),
];

fn num<T: std::str::FromStr>(word: Option<&&str>, what: &str, usage: &str) -> Result<T, String> {
    let w = word.ok_or_else(|| format!("missing {what}: {usage}"))?;
    w.trim_start_matches('+').parse::<T>().map_err(|_| format!("'{w}' is not a {what}: {usage}"))
}

fn is_company_id(w: &str) -> bool {
    // Companies are written P1, B2, T3...: a letter and digits, or lower-case.
    let mut c = w.chars();
    matches!(c.next(), Some(x) if x.is_ascii_alphabetic()) && c.as_str().chars().all(|x| x.is_ascii_digit()) && w.len() >= 2
}

/// Parses one command. `companies` tells company ids apart from
/// corporation ids where the syntax is shared (`buy P1` / `buy RCS`).
pub fn parse(text: &str, companies: &[String]) -> Result<Action, String> {
    parse_with(text, companies, &[])
}

/// Parses one command of a title with investors: `buy FMS dragons` buys
/// from the investor `dragons` (title.toml's `[[investor]]`).
pub fn parse_with(text: &str, companies: &[String], investors: &[String]) -> Result<Action, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(&head) = words.first() else { return Err("empty command".into()) };
    let usage = COMMANDS.iter().find(|(n, _, _)| *n == head).map(|(_, u, _)| *u).unwrap_or("");
    let arg = |i: usize| words.get(i).copied();
    let need = |i: usize, what: &str| arg(i).ok_or_else(|| format!("missing {what}: {usage}"));
    let action = match head {
        "pass" | "done" => Action::Pass,
        "bid" => Action::Bid { company: need(1, "company")?.to_string(), price: num(words.get(2), "price", usage)? },
        "buy" => {
            let what = need(1, "company or corporation")?;
            let is_company = companies.iter().any(|c| c.eq_ignore_ascii_case(what)) || (companies.is_empty() && is_company_id(what));
            if is_company {
                let price = match arg(2) {
                    Some(_) => Some(num(words.get(2), "price", usage)?),
                    None => None,
                };
                Action::BuyCompany { company: what.to_string(), price }
            } else {
                let mut from = ShareSource::Treasury;
                let mut tag = None;
                let mut cert = None;
                for w in &words[2..] {
                    match *w {
                        "pool" => from = ShareSource::Pool,
                        "treasury" | "ipo" => from = ShareSource::Treasury,
                        other if investors.iter().any(|i| i.eq_ignore_ascii_case(other)) => from = ShareSource::Investor(other.to_string()),
                        other => match other.strip_prefix('#') {
                            Some(n) => cert = Some(n.parse().map_err(|_| format!("'{other}' is not a certificate number"))?),
                            None => tag = Some(other.to_string()),
                        },
                    }
                }
                Action::Buy { corp: what.to_string(), from, tag, cert }
            }
        }
        "sell" => {
            let corp = need(1, "corporation")?.to_string();
            let amount = need(2, "number of shares")?;
            // `sell SBB 15%`: a percent that is no multiple of 10.
            if let Some(Ok(pct)) = amount.strip_suffix('%').map(|x| x.parse::<u32>()) {
                return Ok(Action::Sell { corp, percent: pct, certs: None, tag: None });
            }
            match amount.parse::<u32>() {
                Ok(n) => {
                    let certs = match (arg(3), arg(4)) {
                        (Some("certs"), Some(list)) => Some(
                            list.split(',').map(|x| x.parse::<u16>().map_err(|_| format!("'{x}' is not a certificate number"))).collect::<Result<Vec<_>, _>>()?,
                        ),
                        _ => None,
                    };
                    Action::Sell { corp, percent: n * 10, certs, tag: None }
                }
                // `sell RCS last`: the certificate with that tag.
                Err(_) => Action::Sell { corp, percent: 0, certs: None, tag: Some(amount.to_string()) },
            }
        }
        "par" | "start" => {
            let corp = need(1, "corporation")?.to_string();
            let price = num(words.get(2), "price", usage)?;
            let mut extra = 0;
            let mut home = None;
            for w in &words[3..] {
                if let Some(n) = w.strip_prefix('+') {
                    extra = n.parse().map_err(|_| format!("'{w}' is not +N extra certificates"))?;
                } else {
                    home = Some(w.to_string());
                }
            }
            Action::Par { corp, price, extra, home }
        }
        "lay" | "tile" => Action::LayTile {
            hex: need(1, "hex")?.to_string(),
            tile: need(2, "tile")?.to_string(),
            rotation: num(words.get(3), "rotation 0-5", usage)?,
        },
        "token" => {
            // `token HEX` or `token CORP HEX` (the corporation is implied).
            let spot = if words.len() >= 3 { need(2, "hex")? } else { need(1, "hex")? };
            let (hex, city) = match spot.split_once('.') {
                Some((h, c)) => (h.to_string(), c.parse::<u8>().map_err(|_| format!("'{c}' is not a city number"))?),
                None => (spot.to_string(), 0),
            };
            Action::PlaceToken { hex, city }
        }
        "run" => {
            if words.len() == 1 || arg(1) == Some("auto") || arg(1) == Some("best") {
                Action::Run { routes: Vec::new() }
            } else {
                let mut routes = Vec::new();
                for w in &words[1..] {
                    let (train, stops) = w.split_once(':').ok_or_else(|| format!("write each route as TRAIN:STOP-STOP, not '{w}'"))?;
                    let stops: Vec<String> = stops.split('-').map(str::to_string).collect();
                    routes.push(RouteSpec { train: train.to_string(), stops, via: Vec::new() });
                }
                Action::Run { routes }
            }
        }
        "payout" => Action::Dividend { kind: DividendKind::Payout },
        "withhold" => Action::Dividend { kind: DividendKind::Withhold },
        "half" => Action::Dividend { kind: DividendKind::Half },
        "train" => {
            let train = need(1, "train")?.to_string();
            let mut variant = None;
            let mut price = None;
            let mut i = 2;
            while i < words.len() {
                if words[i] == "as" {
                    variant = Some(need(i + 1, "variant")?.to_string());
                    i += 2;
                } else {
                    price = Some(num(words.get(i), "price", usage)?);
                    i += 1;
                }
            }
            Action::BuyTrain { train, variant, price }
        }
        "discard" => Action::DiscardTrain { train: need(1, "train")?.to_string() },
        "issue" => Action::Issue { count: num(words.get(1), "count", usage)?, certs: None },
        "redeem" => Action::Redeem {
            cert: match arg(1).and_then(|w| w.strip_prefix('#')) {
                Some(n) => Some(n.parse().map_err(|_| format!("'{n}' is not a certificate number"))?),
                None => None,
            },
        },
        "choose" => Action::Choose { choice: words[1..].join(" ") },
        "do" => {
            let name = need(1, "action name")?.to_string();
            let mut args = BTreeMap::new();
            for w in &words[2..] {
                let (k, v) = w.split_once('=').ok_or_else(|| format!("write arguments as key=value, not '{w}'"))?;
                let v = match v.parse::<i64>() {
                    Ok(i) => Var::Int(i),
                    Err(_) => match v {
                        "true" => Var::Bool(true),
                        "false" => Var::Bool(false),
                        s => Var::Str(s.to_string()),
                    },
                };
                args.insert(k.to_string(), v);
            }
            Action::Script { name, args }
        }
        other => {
            let names: Vec<&str> = COMMANDS.iter().map(|(n, _, _)| *n).collect();
            let hint = crate::title::compile::did_you_mean(other, names.iter().copied());
            return Err(format!("unknown command '{other}'{} (try `help`)", hint.map(|h| format!(" ({h})")).unwrap_or_default()));
        }
    };
    Ok(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_parse_round_trip() {
        let companies = vec!["P1".to_string(), "P4".to_string()];
        for text in [
            "pass",
            "bid P4 115",
            "buy P1",
            "buy P4 40",
            "buy RCS treasury",
            "buy RCS pool last",
            "buy RCS pool #3",
            "redeem #4",
            "sell RCS 2",
            "sell RCS last",
            "par AFG 68 +2 C1",
            "lay G13 8 2",
            "token I8",
            "token C20.1",
            "run auto",
            "run 4H-0:C5-D4-E1",
            "payout",
            "withhold",
            "train 6H",
            "train 2 as 2H",
            "train 4H-1 120",
            "discard 4H-1",
            "issue 2",
            "redeem",
            "choose loan",
            "do port_token hex=L14",
        ] {
            let a = parse(text, &companies).unwrap_or_else(|e| panic!("{text}: {e}"));
            let again = parse(&a.to_string(), &companies).unwrap();
            assert_eq!(a, again, "{text} -> {a}");
        }
    }

    #[test]
    fn mistakes_are_explained() {
        assert!(parse("bidd P4 1", &[]).unwrap_err().contains("did you mean `bid`"));
        assert!(parse("bid P4", &[]).unwrap_err().contains("missing price"));
        assert!(parse("lay G13 8 x", &[]).unwrap_err().contains("rotation"));
    }
}

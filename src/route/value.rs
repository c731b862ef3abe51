//! Valuing a route once its stops are known: stop weights, bonuses and the
//! choice of counted stops for express trains.
//!
//! Both the validator and the search value routes here, so a route is worth
//! the same wherever it is valued. (The exhaustive checker reaches this code
//! only through `validate.rs`.)

use super::model::*;

/// Every amount (stop value, factor × value, bonus) is clamped to this
/// magnitude, so sums over any route or run cannot overflow. Real values
/// are many orders of magnitude smaller.
pub(crate) const AMOUNT_LIMIT: i64 = 1 << 40;

pub(crate) fn clamp(x: i64) -> i64 {
    x.clamp(-AMOUNT_LIMIT, AMOUNT_LIMIT)
}

/// A stop's value for a train: value × the largest matching multiplier.
pub(crate) fn stop_weight(stop: &Stop, train: &TrainSpec) -> i64 {
    let factor = train
        .multipliers
        .iter()
        .filter(|(mask, _)| stop.tags & mask != 0)
        .map(|&(_, f)| f)
        .max()
        .unwrap_or(1);
    clamp(stop.value.saturating_mul(factor))
}

fn in_group(stop: &Stop, bit: u32) -> bool {
    bit < 32 && stop.groups & (1u32 << bit) != 0
}

/// Both end stops' bonus if the two ends join a bonus pair (either order).
/// However many pairs match, the bonus is earned once.
pub(crate) fn pair_bonus(rules: &RouteRules, first: &Stop, last: &Stop) -> i64 {
    let joined = rules.pair_bonuses.iter().any(|pb| {
        (in_group(first, pb.a) && in_group(last, pb.b))
            || (in_group(first, pb.b) && in_group(last, pb.a))
    });
    if joined {
        clamp(clamp(first.bonus) + clamp(last.bonus))
    } else {
        0
    }
}

/// The per-counted-stop bonus a route earns from the tags of its paths.
/// `PathTagBonus::tag` is a mask, like every other tag field.
pub(crate) fn per_stop_bonus(rules: &RouteRules, path_tags: u32) -> i64 {
    rules
        .path_tag_bonuses
        .iter()
        .filter(|b| path_tags & b.tag != 0)
        .map(|b| clamp(b.per_stop))
        .fold(0i64, |a, b| clamp(a + b))
}

/// Why a set of stops cannot be counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CountFail {
    TooFewStops { stops: u32, min: u32 },
    TooFewCities { cities: u32, min: u32 },
    NoOwnToken,
}

/// Does the stop count towards `min_stops`?
pub(crate) fn counts_for_minimum(rules: &RouteRules, stop: &Stop) -> bool {
    !rules.ignore_for_minimum.contains(&stop.kind)
}

/// Values a route that counts every stop it visits. `stops` is in travel
/// order; `path_tags` is the OR of its paths' tags.
pub(crate) fn value_all(
    p: &RouteProblem,
    train: &TrainSpec,
    stops: &[StopId],
    path_tags: u32,
) -> Result<i64, CountFail> {
    let g = &p.graph;
    let list: Vec<&Stop> = stops.iter().filter_map(|&s| g.stops.get(s as usize)).collect();
    check_counted(&p.rules, &list)?;
    let per = per_stop_bonus(&p.rules, path_tags);
    let mut total = 0i64;
    for s in &list {
        total = total.saturating_add(stop_weight(s, train)).saturating_add(per);
    }
    if let (Some(f), Some(l)) = (list.first(), list.last()) {
        total = total.saturating_add(pair_bonus(&p.rules, f, l));
    }
    Ok(total)
}

fn check_counted(rules: &RouteRules, counted: &[&Stop]) -> Result<(), CountFail> {
    let stops = counted.iter().filter(|s| counts_for_minimum(rules, s)).count() as u32;
    if stops < rules.min_stops {
        return Err(CountFail::TooFewStops { stops, min: rules.min_stops });
    }
    let cities = counted.iter().filter(|s| s.kind == StopKind::City).count() as u32;
    if cities < rules.min_cities {
        return Err(CountFail::TooFewCities { cities, min: rules.min_cities });
    }
    if !counted.iter().any(|s| s.own_token) {
        return Err(CountFail::NoOwnToken);
    }
    Ok(())
}

/// Values an express route: picks the counted subset of at most `max`
/// stops that earns the most, subject to the minimum and own-token rules.
/// Returns the revenue and the counted stops in travel order.
///
/// A small dynamic programme over the stops (state: how many counted, own
/// token seen, cities and minimum-stops seen, both capped at what the rules
/// need) is exact for any values, negative ones included. The pair bonus is
/// tried both ways: with both end stops forced into the count, and without.
pub(crate) fn value_express(
    p: &RouteProblem,
    train: &TrainSpec,
    max: u32,
    stops: &[StopId],
    path_tags: u32,
) -> Result<(i64, Vec<StopId>), CountFail> {
    let g = &p.graph;
    let rules = &p.rules;
    let list: Vec<(StopId, &Stop)> = stops
        .iter()
        .filter_map(|&s| g.stops.get(s as usize).map(|st| (s, st)))
        .collect();
    let n = list.len();
    let per = per_stop_bonus(rules, path_tags);
    let weights: Vec<i64> = list.iter().map(|(_, s)| stop_weight(s, train).saturating_add(per)).collect();
    let mut best: Option<(i64, Vec<bool>)> = None;
    let pair = match (list.first(), list.last()) {
        (Some(f), Some(l)) if n >= 2 => pair_bonus(rules, f.1, l.1),
        _ => 0,
    };
    // Without the pair bonus first, so that a tie keeps the simpler choice.
    let mut variants = vec![(false, 0i64)];
    if pair != 0 && max >= 2 {
        variants.push((true, pair));
    }
    for (force_ends, extra) in variants {
        if let Some((v, take)) = best_subset(rules, &list, &weights, max, force_ends) {
            let v = v.saturating_add(extra);
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, take));
            }
        }
    }
    match best {
        Some((v, take)) => {
            let counted = list.iter().zip(&take).filter(|(_, t)| **t).map(|((id, _), _)| *id).collect();
            Ok((v, counted))
        }
        None => {
            // Say why: report the rule the full stop list already breaks, or
            // else the count limit that makes the minimum unreachable.
            let all: Vec<&Stop> = list.iter().map(|(_, s)| *s).collect();
            match check_counted(rules, &all) {
                Err(e) => Err(e),
                Ok(()) => {
                    let stops = max.min(n as u32);
                    Err(CountFail::TooFewStops { stops, min: rules.min_stops.max(rules.min_cities) })
                }
            }
        }
    }
}

/// The best subset (as flags) of at most `max` items meeting the rules.
fn best_subset(
    rules: &RouteRules,
    list: &[(StopId, &Stop)],
    weights: &[i64],
    max: u32,
    force_ends: bool,
) -> Option<(i64, Vec<bool>)> {
    let n = list.len();
    let kmax = (max as usize).min(n);
    // More required stops than can be counted: nothing qualifies (and the
    // table below stays small whatever the rules say).
    if rules.min_stops as usize > kmax || rules.min_cities as usize > kmax {
        return None;
    }
    let ms = rules.min_stops as usize;
    let mc = rules.min_cities as usize;
    // State index: ((k * 2 + tok) * (mc + 1) + c) * (ms + 1) + s.
    let dims = (kmax + 1, 2usize, mc + 1, ms + 1);
    let size = dims.0 * dims.1 * dims.2 * dims.3;
    let idx = |k: usize, t: usize, c: usize, s: usize| ((k * 2 + t) * dims.2 + c) * dims.3 + s;
    const NONE: i64 = i64::MIN;
    let mut table = vec![NONE; (n + 1) * size];
    table[idx(0, 0, 0, 0)] = 0;
    for i in 0..n {
        let (_, stop) = list[i];
        let forced = force_ends && (i == 0 || i + 1 == n);
        let (cur, next) = table.split_at_mut((i + 1) * size);
        let cur = &cur[i * size..];
        let next = &mut next[..size];
        let is_city = (stop.kind == StopKind::City) as usize;
        let is_min = counts_for_minimum(rules, stop) as usize;
        for k in 0..=kmax {
            for t in 0..2 {
                for c in 0..=mc {
                    for s in 0..=ms {
                        let v = cur[idx(k, t, c, s)];
                        if v == NONE {
                            continue;
                        }
                        if !forced {
                            let j = idx(k, t, c, s);
                            if v > next[j] {
                                next[j] = v;
                            }
                        }
                        if k < kmax {
                            let t2 = t | stop.own_token as usize;
                            let c2 = (c + is_city).min(mc);
                            let s2 = (s + is_min).min(ms);
                            let j = idx(k + 1, t2, c2, s2);
                            let w = v.saturating_add(weights[i]);
                            if w > next[j] {
                                next[j] = w;
                            }
                        }
                    }
                }
            }
        }
    }
    // Best final state meeting the rules.
    let last = &table[n * size..];
    let mut end: Option<(i64, usize)> = None;
    for k in 0..=kmax {
        let j = idx(k, 1, mc, ms);
        let v = last[j];
        if v != NONE && end.is_none_or(|(b, _)| v > b) {
            end = Some((v, j));
        }
    }
    let (value, mut j) = end?;
    // Walk back: at each item prefer "not counted" when both explain the value.
    let mut take = vec![false; n];
    for i in (0..n).rev() {
        let (_, stop) = list[i];
        let forced = force_ends && (i == 0 || i + 1 == n);
        let prev = &table[i * size..(i + 1) * size];
        let v = table[(i + 1) * size + j];
        if !forced && prev[j] == v {
            continue;
        }
        // Decode j and find a predecessor that took item i.
        let s = j % dims.3;
        let c = (j / dims.3) % dims.2;
        let t = (j / (dims.3 * dims.2)) % 2;
        let k = j / (dims.3 * dims.2 * 2);
        let is_city = (stop.kind == StopKind::City) as usize;
        let is_min = counts_for_minimum(rules, stop) as usize;
        let mut found = None;
        'search: for pt in 0..2 {
            if (pt | stop.own_token as usize) != t {
                continue;
            }
            for pc in 0..=mc {
                if (pc + is_city).min(mc) != c {
                    continue;
                }
                for ps in 0..=ms {
                    if (ps + is_min).min(ms) != s || k == 0 {
                        continue;
                    }
                    let pj = idx(k - 1, pt, pc, ps);
                    if prev[pj] != NONE && prev[pj].saturating_add(weights[i]) == v {
                        found = Some(pj);
                        break 'search;
                    }
                }
            }
        }
        let pj = found?;
        take[i] = true;
        j = pj;
    }
    Some((value, take))
}

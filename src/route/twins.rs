//! Identical listed trains choosing from one sorted candidate list by bit
//! set operations (`search::Comb::take_bits`).
//!
//! The list's track is grouped into classes: paths that exactly the same
//! candidates use (a stretch's paths, mostly) are one class, so a
//! candidate's conflicts are the union of the users of a dozen classes
//! rather than of two dozen paths (the densest real position: 153 paths,
//! 59 classes), and only those after it in the list are kept
//! (`Conflicts`): a level narrows its twins' candidates to later ones.
//! Each level's candidates are a bit set over the list (`narrow`).

use super::bitset::Bits;
use super::model::PathId;

/// A list's track in classes, and the candidates using each class.
pub(super) struct TwinBits {
    /// Words of a bit set over the list.
    cw: usize,
    /// Each path's class (`NO_CLASS`: no candidate uses it).
    class_of: Vec<u32>,
    /// The candidates using class `c`: `users[c * cw..(c + 1) * cw]`.
    users: Vec<u64>,
    /// Each candidate's classes, `classes[at[k]..at[k + 1]]`.
    classes: Vec<u32>,
    at: Vec<u32>,
    /// Each candidate's classes as a bit set (`fw` words), for a quick
    /// test of two candidates.
    foot: Vec<u64>,
    fw: usize,
}

const NO_CLASS: u32 = u32::MAX;

/// Most memory the per-path users table built on the way may take
/// (bytes); a longer list is searched candidate by candidate
/// (`search::Comb::take`).
const TWIN_BITS_MAX_BYTES: usize = 16 << 20;

impl TwinBits {
    /// The classes of the paths of `routes` (the list, in order), `None`
    /// when the list is too long for bit sets.
    pub fn new<'r>(routes: impl ExactSizeIterator<Item = &'r [PathId]> + Clone, n_paths: usize) -> Option<TwinBits> {
        let n = routes.len();
        let cw = n.div_ceil(64).max(1);
        if n_paths.saturating_mul(cw).saturating_mul(8) > TWIN_BITS_MAX_BYTES {
            return None;
        }
        let mut by_path = vec![0u64; n_paths * cw];
        for (k, paths) in routes.clone().enumerate() {
            for &q in paths {
                by_path[q as usize * cw + k / 64] |= 1 << (k % 64);
            }
        }
        // Classes numbered in path order (the map is only probed).
        let mut class_of = vec![NO_CLASS; n_paths];
        let mut first_of: rustc_hash::FxHashMap<&[u64], u32> = Default::default();
        let mut rows: Vec<usize> = Vec::new();
        for q in 0..n_paths {
            let row = &by_path[q * cw..(q + 1) * cw];
            if row.iter().all(|&w| w == 0) {
                continue;
            }
            let next = rows.len() as u32;
            let c = *first_of.entry(row).or_insert(next);
            if c == next {
                rows.push(q);
            }
            class_of[q] = c;
        }
        let nc = rows.len();
        let mut users = vec![0u64; cw * nc];
        for (c, &q) in rows.iter().enumerate() {
            users[c * cw..(c + 1) * cw].copy_from_slice(&by_path[q * cw..(q + 1) * cw]);
        }
        let mut classes = Vec::new();
        let mut at = vec![0u32];
        for paths in routes {
            let from = classes.len();
            classes.extend(paths.iter().map(|&q| class_of[q as usize]));
            classes[from..].sort_unstable();
            let mut kept = from;
            for j in from..classes.len() {
                if j == from || classes[j] != classes[kept - 1] {
                    classes[kept] = classes[j];
                    kept += 1;
                }
            }
            classes.truncate(kept);
            at.push(classes.len() as u32);
        }
        let fw = nc.div_ceil(64).max(1);
        let mut foot = vec![0u64; n * fw];
        for k in 0..n {
            for &c in &classes[at[k] as usize..at[k + 1] as usize] {
                foot[k * fw + c as usize / 64] |= 1 << (c % 64);
            }
        }
        Some(TwinBits { cw, class_of, users, classes, at, foot, fw })
    }

    /// Do candidates `a` and `b` share a class?
    #[inline]
    fn share(&self, a: usize, b: usize) -> bool {
        let fw = self.fw;
        self.foot[a * fw..(a + 1) * fw].iter().zip(&self.foot[b * fw..(b + 1) * fw]).any(|(x, y)| x & y != 0)
    }

    /// The classes candidate `k` uses.
    pub fn classes(&self, k: usize) -> &[u32] {
        &self.classes[self.at[k] as usize..self.at[k + 1] as usize]
    }

    /// The classes of the paths in `used`.
    pub fn classes_used(&self, used: &Bits) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for (wi, &word) in used.words().iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let q = wi * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if let Some(&c) = self.class_of.get(q)
                    && c != NO_CLASS
                    && !out.contains(&c)
                {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The users of `classes` over words `w0..` of the list, ORed into `out`.
    fn users_into(&self, classes: &[u32], w0: usize, out: &mut [u64]) {
        let cw = self.cw;
        for &c in classes {
            let row = &self.users[c as usize * cw + w0..(c as usize + 1) * cw];
            out.iter_mut().zip(row).for_each(|(a, b)| *a |= b);
        }
    }

    /// The group's first level: candidates `..cut` of the list that use
    /// none of the classes `used`.
    pub fn start(&self, set: &mut Vec<u64>, cut: usize, used: &[u32]) {
        set.clear();
        // Only the words up to `cut`: scans for the next candidate end there.
        set.resize(cut.div_ceil(64).min(self.cw), 0);
        set_range(set, 0, cut);
        let mut out = vec![0u64; self.cw];
        self.users_into(used, 0, &mut out);
        set.iter_mut().zip(&out).for_each(|(a, b)| *a &= !b);
    }
}

/// Most memory the conflict rows of one list may take (bytes); past it
/// a row is computed again each time it is asked for.
const CONFLICTS_MAX_BYTES: usize = 64 << 20;

/// Each candidate's conflicts with the candidates after it (those sharing
/// a class with it), computed when first asked and kept: words
/// `(k + 1) / 64..` of candidate `k`'s row.
#[derive(Clone, Default)]
pub(super) struct Conflicts {
    rows: Vec<Option<Box<[u64]>>>,
    bytes: usize,
    scratch: Vec<u64>,
}

impl Conflicts {
    /// Words `(k + 1) / 64..` of the candidates sharing a class with `k`.
    fn row(&mut self, tb: &TwinBits, k: usize) -> &[u64] {
        let w0 = (k + 1) / 64;
        if self.rows.is_empty() {
            self.rows = vec![None; tb.at.len() - 1];
        }
        if self.rows[k].is_none() {
            let mut row = vec![0u64; tb.cw - w0];
            tb.users_into(tb.classes(k), w0, &mut row);
            if self.bytes + row.len() * 8 > CONFLICTS_MAX_BYTES {
                self.scratch = row;
                return &self.scratch;
            }
            self.bytes += row.len() * 8;
            self.rows[k] = Some(row.into_boxed_slice());
        }
        self.rows[k].as_deref().unwrap_or(&[])
    }
}

/// The next level's candidates: those of `set` after `k` and before `cut`
/// sharing no class with `k`, into `next`.
///
/// `next` ends at `cut`'s word (or `set`'s end) and is zero before
/// `k + 1`'s word, so scans for its candidates start after `k`.
pub(super) fn narrow(tb: &TwinBits, conf: &mut Conflicts, set: &[u64], k: usize, cut: usize, next: &mut Vec<u64>) {
    next.clear();
    let (w0, w1) = ((k + 1) / 64, cut.div_ceil(64).min(set.len()));
    if cut <= k + 1 || w1 <= w0 {
        return;
    }
    next.resize(w1, 0);
    let row = conf.row(tb, k);
    // The row starts at word (k + 1) / 64, like the words narrowed.
    // Zipped slices (no index checks) let this loop run on vector words.
    next[w0..w1].iter_mut().zip(&set[w0..w1]).zip(&row[..w1 - w0]).for_each(|((n, s), r)| *n = s & !r);
    next[w0] &= !0u64 << ((k + 1) % 64);
    if !cut.is_multiple_of(64) && w1 == cut.div_ceil(64) {
        next[w1 - 1] &= (1u64 << (cut % 64)) - 1;
    }
}

/// The first candidate of `set` after `k` and before `cut` sharing no
/// class with `k`: tested one by one while few have been, then found
/// with `k`'s conflicts.
pub(super) fn first_disjoint(tb: &TwinBits, conf: &mut Conflicts, set: &[u64], k: usize, cut: usize) -> Option<usize> {
    /// Candidates tested one by one before `k`'s conflicts are used.
    const TRIES: usize = 64;
    let mut at = first_bit(set, k + 1);
    for _ in 0..TRIES {
        let j = at.filter(|&j| j < cut)?;
        if !tb.share(k, j) {
            return Some(j);
        }
        at = first_bit(set, j + 1);
    }
    let from = at.filter(|&j| j < cut)?;
    let row = conf.row(tb, k);
    let w_row = (k + 1) / 64;
    let mut wi = from / 64;
    let mut word = set[wi] & !row[wi - w_row] & (!0u64 << (from % 64));
    loop {
        if word != 0 {
            return Some(wi * 64 + word.trailing_zeros() as usize).filter(|&j| j < cut);
        }
        wi += 1;
        if wi >= set.len() || wi * 64 >= cut {
            return None;
        }
        word = set[wi] & !row[wi - w_row];
    }
}

/// The first set bit at or after `from`.
pub(super) fn first_bit(set: &[u64], from: usize) -> Option<usize> {
    let mut wi = from / 64;
    let mut word = *set.get(wi)? & (!0u64).checked_shl((from % 64) as u32).unwrap_or(0);
    loop {
        if word != 0 {
            return Some(wi * 64 + word.trailing_zeros() as usize);
        }
        wi += 1;
        word = *set.get(wi)?;
    }
}

/// Sets bits `from..to` (within the set).
fn set_range(set: &mut [u64], from: usize, to: usize) {
    let to = to.min(set.len() * 64);
    let mut b = from;
    while b < to {
        if b.is_multiple_of(64) && b + 64 <= to {
            set[b / 64] = !0;
            b += 64;
        } else {
            set[b / 64] |= 1 << (b % 64);
            b += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sets narrowed by bit set operations over classes equal the sets
    /// built candidate by candidate from the paths.
    #[test]
    fn narrowed_sets_match_plain_sets() {
        // 400 candidates over 40 paths, each using a few of them (so that
        // some candidate has more than 64 candidates sharing track with it
        // after it).
        let mut seed = 7u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        let routes: Vec<Vec<PathId>> = (0..400).map(|_| (0..1 + next() % 5).map(|_| next() % 40).collect()).collect();
        let tb = TwinBits::new(routes.iter().map(|r| r.as_slice()), 40).unwrap();
        let uses = |k: usize, q: PathId| routes[k].contains(&q);
        let share = |a: usize, b: usize| routes[a].iter().any(|&q| uses(b, q));
        let mut used = Bits::new(40);
        used.set(3);
        used.set(17);
        let mut conf = Conflicts::default();
        let read = |set: &[u64]| {
            let mut out = Vec::new();
            let mut at = first_bit(set, 0);
            while let Some(k) = at {
                out.push(k);
                at = first_bit(set, k + 1);
            }
            out
        };
        let mut set0 = Vec::new();
        tb.start(&mut set0, 380, &tb.classes_used(&used));
        let level0: Vec<usize> = (0..380).filter(|&k| !routes[k].iter().any(|&q| used.get(q as usize))).collect();
        assert_eq!(read(&set0), level0);
        let mut by_rows = 0;
        for &f in &level0 {
            for cut in [380, 200] {
                let beside: Option<usize> = level0.iter().copied().find(|&k| k > f && k < cut && !share(f, k));
                assert_eq!(first_disjoint(&tb, &mut conf, &set0, f, cut), beside);
            }
            by_rows += (level0.iter().filter(|&&k| k > f && share(f, k)).count() > 64) as usize;
        }
        assert!(by_rows > 0);
        let k0 = level0[2];
        let mut set1 = Vec::new();
        narrow(&tb, &mut conf, &set0, k0, 350, &mut set1);
        let level1: Vec<usize> = level0.iter().copied().filter(|&k| k > k0 && k < 350 && !share(k0, k)).collect();
        assert_eq!(read(&set1), level1);
        let k1 = level1[1];
        let mut set2 = Vec::new();
        narrow(&tb, &mut conf, &set1, k1, 400, &mut set2);
        let level2: Vec<usize> = level1.iter().copied().filter(|&k| k > k1 && !share(k1, k)).collect();
        assert_eq!(read(&set2), level2);
    }
}

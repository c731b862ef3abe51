//! The exactly mergeable counters a study is made of: integer sums
//! ([`Moments`]), fixed-bin histograms ([`Histogram`]) and shared wins
//! ([`Shares`]). Each holds only integers, so adding two shards gives the
//! same bits as one run over the same games, in any order: no running
//! means, no floating-point sums whose last bits depend on the order.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Count, sum and sum of squares of integer observations. `i128`: a
/// million games of squared values in the tens of thousands stay far
/// from overflow (and the additions saturate rather than wrap).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    pub n: u64,
    pub sum: i128,
    pub sumsq: i128,
}

impl Moments {
    pub fn add(&mut self, x: i64) {
        let x = x as i128;
        self.n += 1;
        self.sum = self.sum.saturating_add(x);
        self.sumsq = self.sumsq.saturating_add(x * x);
    }

    pub fn merge(&mut self, other: &Moments) {
        self.n += other.n;
        self.sum = self.sum.saturating_add(other.sum);
        self.sumsq = self.sumsq.saturating_add(other.sumsq);
    }

    /// The mean; `None` without observations.
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum as f64 / self.n as f64)
    }

    /// The sample variance (n − 1 in the denominator); `None` below two
    /// observations. Computed as (n·Σx² − (Σx)²) / (n(n − 1)) in integers
    /// first, so no cancellation error before the one division.
    pub fn variance(&self) -> Option<f64> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as i128;
        let spread = n.saturating_mul(self.sumsq).saturating_sub(self.sum.saturating_mul(self.sum)).max(0);
        Some(spread as f64 / (n as f64 * (n - 1) as f64))
    }

    pub fn sd(&self) -> Option<f64> {
        self.variance().map(f64::sqrt)
    }
}

/// Counts in fixed integer bins: key = bin start (a multiple of `width`),
/// value = observations in [start, start + width). The width is part of
/// the histogram so a merge can refuse two different ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Histogram {
    pub width: i64,
    pub bins: BTreeMap<i64, u64>,
}

impl Histogram {
    /// A histogram with bins `width` wide (at least 1).
    pub fn new(width: i64) -> Histogram {
        Histogram { width: width.max(1), bins: BTreeMap::new() }
    }

    pub fn add(&mut self, x: i64) {
        *self.bins.entry(bin_start(x, self.width)).or_default() += 1;
    }

    pub fn merge(&mut self, other: &Histogram) -> Result<(), String> {
        if other.width != self.width {
            return Err(format!("bin widths differ ({} and {})", self.width, other.width));
        }
        for (start, count) in &other.bins {
            *self.bins.entry(*start).or_default() += count;
        }
        Ok(())
    }

    pub fn total(&self) -> u64 {
        self.bins.values().sum()
    }

    /// The same counts in coarser bins, `factor` of these per bin, so a
    /// histogram with many bins fits a text table or a chart.
    pub fn coarsened(&self, factor: i64) -> Histogram {
        let width = self.width.saturating_mul(factor.max(1));
        let mut out = Histogram::new(width);
        for (start, count) in &self.bins {
            *out.bins.entry(bin_start(*start, width)).or_default() += count;
        }
        out
    }

    /// Coarsened just enough to have at most `max_bins` bins, gaps filled.
    /// The factor is 1, 2 or 5 times a power of ten, so bins of 10 become
    /// bins of 20, 50, 100, 200, 500...: round numbers on an axis.
    pub fn at_most(&self, max_bins: usize) -> Histogram {
        let max_bins = max_bins.max(1);
        let mut power: i64 = 1;
        loop {
            for step in [1, 2, 5] {
                let factor = power.saturating_mul(step);
                let mut h = self.coarsened(factor);
                if h.span() <= max_bins as i128 || factor == i64::MAX {
                    h.fill_gaps();
                    return h;
                }
            }
            power = power.saturating_mul(10);
        }
    }

    /// Bins from the lowest to the highest, empty ones included.
    fn span(&self) -> i128 {
        match (self.bins.keys().next(), self.bins.keys().next_back()) {
            (Some(&lo), Some(&hi)) => (hi as i128 - lo as i128) / self.width as i128 + 1,
            _ => 0,
        }
    }

    /// Adds the empty bins between the lowest and the highest; only
    /// called once the span is known to be small.
    fn fill_gaps(&mut self) {
        let (Some(&lo), Some(&hi)) = (self.bins.keys().next(), self.bins.keys().next_back()) else { return };
        let mut start = lo;
        while start < hi {
            self.bins.entry(start).or_default();
            let Some(next) = start.checked_add(self.width) else { break };
            start = next;
        }
    }
}

/// The start of `x`'s bin: the multiple of `width` at or below it
/// (saturating at the very bottom of `i64`, where no multiple fits).
fn bin_start(x: i64, width: i64) -> i64 {
    x.saturating_sub(x.rem_euclid(width))
}

/// Wins shared among tied players: `by_tie[k]` = games won jointly with
/// k − 1 others. A tie of k gives each winner 1/k of a win; keeping the
/// tie sizes instead of the fractions keeps the sum exact.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shares {
    pub by_tie: BTreeMap<u32, u64>,
}

impl Shares {
    /// One win shared by `tied` winners (1 = outright).
    pub fn add(&mut self, tied: usize) {
        *self.by_tie.entry(tied.max(1) as u32).or_default() += 1;
    }

    pub fn merge(&mut self, other: &Shares) {
        for (k, count) in &other.by_tie {
            *self.by_tie.entry(*k).or_default() += count;
        }
    }

    /// Wins, ties counted as fractions.
    pub fn total(&self) -> f64 {
        self.by_tie.iter().map(|(k, count)| *count as f64 / (*k).max(1) as f64).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_give_mean_and_sample_sd() {
        let mut m = Moments::default();
        for x in [2, 4, 4, 4, 5, 5, 7, 9] {
            m.add(x);
        }
        assert_eq!(m.mean(), Some(5.0));
        // Σ(x − 5)² = 32, over n − 1 = 7.
        assert!((m.variance().unwrap() - 32.0 / 7.0).abs() < 1e-12);
    }

    #[test]
    fn moments_below_two_have_no_spread() {
        let mut m = Moments::default();
        assert_eq!((m.mean(), m.sd()), (None, None));
        m.add(3);
        assert_eq!((m.mean(), m.sd()), (Some(3.0), None));
    }

    #[test]
    fn merged_moments_equal_one_run() {
        let (mut a, mut b, mut all) = (Moments::default(), Moments::default(), Moments::default());
        for x in 0..50 {
            if x % 3 == 0 { a.add(x * 7) } else { b.add(x * 7) }
            all.add(x * 7);
        }
        a.merge(&b);
        assert_eq!(a, all);
    }

    #[test]
    fn histogram_bins_negative_values_downwards() {
        let mut h = Histogram::new(250);
        for x in [-1, 0, 249, 250, 1000] {
            h.add(x);
        }
        assert_eq!(h.bins, BTreeMap::from([(-250, 1), (0, 2), (250, 1), (1000, 1)]));
        assert!(h.merge(&Histogram::new(100)).is_err());
    }

    #[test]
    fn coarsening_keeps_counts_and_fills_gaps() {
        let mut h = Histogram::new(1);
        for x in [3, 4, 5, 30] {
            h.add(x);
        }
        let c = h.at_most(5);
        assert_eq!(c.width, 10, "{c:?}");
        assert_eq!(c.bins, BTreeMap::from([(0, 3), (10, 0), (20, 0), (30, 1)]));
        assert_eq!(c.total(), 4);
        assert_eq!(Histogram::new(10).at_most(5).bins.len(), 0);
        let mut wide = Histogram::new(10);
        wide.add(i64::MIN);
        wide.add(i64::MAX);
        assert!(wide.at_most(12).bins.len() <= 12);
    }

    #[test]
    fn shares_split_ties() {
        let mut s = Shares::default();
        s.add(1);
        s.add(2);
        s.add(4);
        assert!((s.total() - 1.75).abs() < 1e-12);
    }
}

//! Estimates with 95 % confidence intervals, and the two tests the
//! comparison uses. Plain formulas over counts and sums, so they are
//! cheap to recompute from a merged study; none of them returns NaN.

use super::tally::Moments;
use serde::{Deserialize, Serialize};

/// The normal quantile for a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A figure with its 95 % interval. `mean` is `None` without data; the
/// interval is `None` when it cannot be given (a mean of fewer than two
/// games, a proportion of none), and is shown as "—".
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    pub mean: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
    pub n: u64,
}

impl Estimate {
    /// The interval as a pair, when there is one.
    pub fn interval(&self) -> Option<(f64, f64)> {
        self.low.zip(self.high)
    }
}

/// A mean with the normal-approximation interval, mean ± 1.96·s/√n (s the
/// sample sd). With hundreds of games the t and normal quantiles agree to
/// the second decimal; with a handful the interval is a little narrow.
pub fn mean(m: &Moments) -> Estimate {
    let centre = m.mean();
    let half = m.sd().map(|sd| Z95 * sd / (m.n as f64).sqrt());
    Estimate {
        mean: centre,
        low: centre.zip(half).map(|(c, h)| c - h),
        high: centre.zip(half).map(|(c, h)| c + h),
        n: m.n,
    }
}

/// A proportion `successes / n` with the Wilson score interval: unlike
/// p ± 1.96·√(p(1−p)/n) it stays inside [0, 1] and does not collapse to a
/// point at 0 % or 100 %, which matter here (a seat that never wins, a
/// corporation that always floats). `successes` may be fractional (shared
/// wins).
pub fn proportion(successes: f64, n: u64) -> Estimate {
    if n == 0 {
        return Estimate::default();
    }
    let nf = n as f64;
    let p = (successes / nf).clamp(0.0, 1.0);
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / nf;
    let centre = (p + z2 / (2.0 * nf)) / denom;
    let half = Z95 * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt() / denom;
    Estimate { mean: Some(p), low: Some((centre - half).max(0.0)), high: Some((centre + half).min(1.0)), n }
}

/// A test statistic and its two-sided p-value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Test {
    pub z: f64,
    pub p: f64,
}

/// Welch's z for two means (unequal variances, normal approximation).
/// `None` when either side has fewer than two games or neither varies.
pub fn welch(a: &Moments, b: &Moments) -> Option<Test> {
    let (ma, mb) = (a.mean()?, b.mean()?);
    let se2 = a.variance()? / a.n as f64 + b.variance()? / b.n as f64;
    if se2 <= 0.0 {
        return None;
    }
    Some(test((mb - ma) / se2.sqrt()))
}

/// The two-proportion z-test with the pooled proportion. `None` when a
/// side is empty or the pooled proportion is 0 or 1 (no variation).
pub fn two_proportions(xa: f64, na: u64, xb: f64, nb: u64) -> Option<Test> {
    if na == 0 || nb == 0 {
        return None;
    }
    let (na, nb) = (na as f64, nb as f64);
    let pooled = (xa + xb) / (na + nb);
    let se2 = pooled * (1.0 - pooled) * (1.0 / na + 1.0 / nb);
    if se2 <= 0.0 || !se2.is_finite() {
        return None;
    }
    Some(test((xb / nb - xa / na) / se2.sqrt()))
}

fn test(z: f64) -> Test {
    Test { z, p: erfc(z.abs() / std::f64::consts::SQRT_2) }
}

/// The complementary error function, Chebyshev fit (Numerical Recipes'
/// `erfcc`), relative error below 1.2·10⁻⁷: ample for p-values.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07 + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moments(xs: &[i64]) -> Moments {
        let mut m = Moments::default();
        xs.iter().for_each(|x| m.add(*x));
        m
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn mean_interval_by_hand() {
        // Mean 5, s = √(32/7) = 2.13809, s/√8 = 0.75593, × 1.959964 = 1.481593.
        let e = mean(&moments(&[2, 4, 4, 4, 5, 5, 7, 9]));
        assert_eq!(e.mean, Some(5.0));
        let (lo, hi) = e.interval().unwrap();
        assert!(close(lo, 3.518407, 1e-5) && close(hi, 6.481593, 1e-5), "{lo} {hi}");
    }

    #[test]
    fn mean_of_one_game_has_no_interval() {
        let e = mean(&moments(&[7]));
        assert_eq!((e.mean, e.interval(), e.n), (Some(7.0), None, 1));
        assert_eq!(mean(&Moments::default()), Estimate::default());
    }

    #[test]
    fn wilson_by_hand() {
        // 8 of 10: p = .8, z² = 3.841459; centre = (.8 + .192073)/1.384146
        // = .716741; half = 1.959964·√(.016 + .009604)/1.384146 = .226575.
        let (lo, hi) = proportion(8.0, 10).interval().unwrap();
        assert!(close(lo, 0.490162, 1e-5) && close(hi, 0.943317, 1e-5), "{lo} {hi}");
        // 0 of 20: [0, z²/(n + z²)] = [0, 3.841459/23.841459 = .161125].
        let (lo, hi) = proportion(0.0, 20).interval().unwrap();
        assert!(lo == 0.0 && close(hi, 0.161125, 1e-5), "{lo} {hi}");
        assert_eq!(proportion(0.0, 0), Estimate::default());
    }

    #[test]
    fn p_values_by_hand() {
        assert!(close(test(1.959_964).p, 0.05, 1e-6));
        assert!(close(test(-2.575_829).p, 0.01, 1e-6));
        assert!(close(test(0.0).p, 1.0, 1e-6));
    }

    #[test]
    fn two_proportions_by_hand() {
        // 60/100 vs 40/100: pooled .5, se = √(.25·.02) = .070711, z = −2.828427.
        let t = two_proportions(60.0, 100, 40.0, 100).unwrap();
        assert!(close(t.z, -2.828427, 1e-5) && close(t.p, 0.004678, 1e-5), "{t:?}");
        assert_eq!(two_proportions(0.0, 10, 0.0, 10), None);
        assert_eq!(two_proportions(1.0, 0, 1.0, 10), None);
    }

    #[test]
    fn welch_by_hand() {
        // Means 2 and 5, variances 1 and 1, n 3 each: se = √(2/3), z = 3.674235.
        let t = welch(&moments(&[1, 2, 3]), &moments(&[4, 5, 6])).unwrap();
        assert!(close(t.z, 3.674235, 1e-5), "{t:?}");
        assert_eq!(welch(&moments(&[1, 1]), &moments(&[1, 1])), None);
        assert_eq!(welch(&moments(&[1]), &moments(&[1, 2])), None);
    }
}

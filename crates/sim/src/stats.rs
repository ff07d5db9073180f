//! Streaming statistics over simulated fights.
//!
//! Every accumulator is an integer count or sum, so merging partial results
//! is associative and commutative: the totals, and every figure derived
//! from them, are byte-identical whatever the thread count or chunking
//! (DESIGN.md invariant 1). Memory is bounded by the round limit, not by
//! the number of fights.

use serde::{Deserialize, Serialize};

/// A 95% Wilson score interval for `successes` out of `n` (z = 1.96).
pub fn wilson(successes: u64, n: u64) -> (f64, f64) {
    wilson_z(successes, n, 1.959_963_984_540_054)
}

/// A Wilson score interval with a given z.
pub fn wilson_z(successes: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n_f = n as f64;
    let p = successes as f64 / n_f;
    let z2 = z * z;
    let denom = 1.0 + z2 / n_f;
    let centre = (p + z2 / (2.0 * n_f)) / denom;
    let half = z * ((p * (1.0 - p) / n_f) + z2 / (4.0 * n_f * n_f)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Exact counts of small non-negative integers (rounds, hit points left).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Histogram {
    counts: Vec<u64>,
    total: u64,
    sum: u128,
}

impl Histogram {
    /// Counts one value.
    pub fn add(&mut self, v: u32) {
        let i = v as usize;
        if i >= self.counts.len() {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += 1;
        self.total += 1;
        self.sum += u128::from(v);
    }

    /// Adds another histogram's counts.
    pub fn merge(&mut self, other: &Histogram) {
        if other.counts.len() > self.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.total += other.total;
        self.sum += other.sum;
    }

    /// Number of values counted.
    pub fn len(&self) -> u64 {
        self.total
    }

    /// Whether nothing was counted.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The mean, or `None` when empty.
    pub fn mean(&self) -> Option<f64> {
        (self.total > 0).then(|| self.sum as f64 / self.total as f64)
    }

    /// The smallest value `v` with at least `q` of the mass at or below it
    /// (the lower quantile; exact, since values are counted one by one).
    pub fn quantile(&self, q: f64) -> Option<u32> {
        if self.total == 0 {
            return None;
        }
        let need = ((q.clamp(0.0, 1.0) * self.total as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (v, c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= need {
                return Some(v as u32);
            }
        }
        self.max()
    }

    /// The largest value counted.
    pub fn max(&self) -> Option<u32> {
        self.counts.iter().rposition(|&c| c > 0).map(|v| v as u32)
    }

    /// `(value, count)` for every value seen.
    pub fn iter(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(v, c)| (v as u32, *c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 50 of 100: the textbook interval is about [0.4038, 0.5962].
        let (lo, hi) = wilson(50, 100);
        assert!(
            (lo - 0.403_8).abs() < 1e-4 && (hi - 0.596_2).abs() < 1e-4,
            "{lo} {hi}"
        );
        // 0 of 10 still has a non-zero upper bound.
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.277_5).abs() < 1e-4, "{hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn histogram_quantiles_are_exact() {
        let mut h = Histogram::default();
        for v in [3, 1, 4, 1, 5, 9, 2, 6, 5, 3] {
            h.add(v);
        }
        assert_eq!(h.len(), 10);
        assert_eq!(h.mean(), Some(3.9));
        assert_eq!(h.quantile(0.5), Some(3));
        assert_eq!(h.quantile(0.1), Some(1));
        assert_eq!(h.quantile(0.9), Some(6));
        assert_eq!(h.max(), Some(9));
    }

    #[test]
    fn merging_in_any_order_gives_the_same_histogram() {
        let mut parts = Vec::new();
        for k in 0..4u32 {
            let mut h = Histogram::default();
            for v in 0..(k * 7 + 3) {
                h.add(v % (k + 2));
            }
            parts.push(h);
        }
        let mut a = Histogram::default();
        for p in &parts {
            a.merge(p);
        }
        let mut b = Histogram::default();
        for p in parts.iter().rev() {
            b.merge(p);
        }
        assert_eq!(a, b);
    }
}

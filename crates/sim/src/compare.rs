//! Comparing two scenarios: the difference of each side's win rate.
//!
//! The interval is Newcombe's hybrid score interval (his method 10), built
//! from the two Wilson intervals. It assumes the two samples independent;
//! `fray sim --compare` plays both with the same seeds, which usually
//! correlates them positively, and then this interval is conservative
//! (wider than needed), never overconfident for that reason.

use crate::report::SimReport;
use crate::stats::wilson;
use serde::Serialize;

/// One side present in both scenarios (matched by name).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideDifference {
    /// The side's name.
    pub name: String,
    /// Win rate in the first scenario.
    pub rate_a: f64,
    /// Win rate in the second scenario.
    pub rate_b: f64,
    /// `rate_b - rate_a`.
    pub difference: f64,
    /// 95% Newcombe interval of the difference.
    pub ci95: [f64; 2],
}

/// Both reports and the differences.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The first scenario.
    pub a: SimReport,
    /// The second scenario.
    pub b: SimReport,
    /// How the interval of a difference is computed.
    pub method: &'static str,
    /// Sides named in both, in the first scenario's order.
    pub sides: Vec<SideDifference>,
    /// Side names found in only one of the two scenarios.
    pub unmatched: Vec<String>,
}

/// The method named in reports.
pub const METHOD: &str = "Newcombe hybrid score interval from two 95% Wilson intervals";

impl Comparison {
    /// Compares two reports side by side.
    pub fn new(a: SimReport, b: SimReport) -> Comparison {
        let mut sides = Vec::new();
        let mut unmatched = Vec::new();
        for sa in &a.sides {
            match b.sides.iter().find(|sb| sb.name == sa.name) {
                Some(sb) => {
                    let ci = newcombe(sb.wins.count, b.fights, sa.wins.count, a.fights);
                    sides.push(SideDifference {
                        name: sa.name.clone(),
                        rate_a: sa.wins.rate,
                        rate_b: sb.wins.rate,
                        difference: sb.wins.rate - sa.wins.rate,
                        ci95: ci,
                    });
                }
                None => unmatched.push(sa.name.clone()),
            }
        }
        for sb in &b.sides {
            if !a.sides.iter().any(|sa| sa.name == sb.name) {
                unmatched.push(sb.name.clone());
            }
        }
        Comparison {
            a,
            b,
            method: METHOD,
            sides,
            unmatched,
        }
    }
}

/// 95% interval of `x1/n1 - x2/n2` (Newcombe 1998, method 10).
pub fn newcombe(x1: u64, n1: u64, x2: u64, n2: u64) -> [f64; 2] {
    let p = |x: u64, n: u64| if n == 0 { 0.0 } else { x as f64 / n as f64 };
    let (p1, p2) = (p(x1, n1), p(x2, n2));
    let (l1, u1) = wilson(x1, n1);
    let (l2, u2) = wilson(x2, n2);
    let d = p1 - p2;
    let lo = d - ((p1 - l1).powi(2) + (u2 - p2).powi(2)).sqrt();
    let hi = d + ((u1 - p1).powi(2) + (p2 - l2).powi(2)).sqrt();
    [lo.max(-1.0), hi.min(1.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newcombe_matches_the_published_example() {
        // Newcombe (1998), Table II example (b): 56/70 - 48/80, method 10
        // gives 0.0524 to 0.3339.
        let [lo, hi] = newcombe(56, 70, 48, 80);
        assert!((lo - 0.0524).abs() < 1e-4, "{lo}");
        assert!((hi - 0.3339).abs() < 1e-4, "{hi}");
    }

    #[test]
    fn equal_samples_give_an_interval_around_zero() {
        let [lo, hi] = newcombe(500, 1000, 500, 1000);
        assert!(lo < 0.0 && hi > 0.0 && (lo + hi).abs() < 1e-12);
        assert_eq!(newcombe(0, 0, 0, 0), [-1.0, 1.0]);
    }
}

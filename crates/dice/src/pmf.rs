//! Exact probability mass functions over `i64` values.
//!
//! A [`Pmf`] stores one big-integer count per value over a single common
//! denominator: `P(X = offset + i) = counts[i] / denom`. No floats are used
//! inside; accessors return exact [`Prob`] values and only the explicitly
//! named `*_f64` helpers round. Keeping a common denominator (instead of one
//! reduced rational per value) makes convolution a plain integer
//! multiply-add loop with no gcd per step, which is what makes exact
//! distributions of dozens of dice fast.
//!
//! Mass that was cut off (truncated explosions, see [`crate::DistOptions`]) is
//! never dropped silently: it is `denom - sum(counts)`, reported by
//! [`Pmf::leftover`]. Each reported probability is the exact probability of
//! "the result is `v` *and* no truncation happened"; the leftover is the exact
//! probability that a truncation happened.

mod table;

pub use table::{Fraction, Row};

use crate::error::DiceError;
use crate::limits::MAX_SUPPORT;
use crate::prob::Prob;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// An exact probability mass function over integers, with leftover mass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pmf {
    offset: i64,
    counts: Vec<BigUint>,
    denom: BigUint,
}

fn ratio(n: &BigUint, d: &BigUint) -> Prob {
    Prob::new(BigInt::from(n.clone()), BigInt::from(d.clone()))
}

fn big_f64(n: &BigUint) -> f64 {
    n.to_f64().unwrap_or(f64::INFINITY)
}

fn ratio_f64(n: &BigUint, d: &BigUint) -> f64 {
    // Scale both down together so huge denominators do not overflow f64.
    let bits = d.bits();
    if bits > 1000 {
        let shift = bits - 1000;
        big_f64(&(n >> shift)) / big_f64(&(d >> shift))
    } else {
        big_f64(n) / big_f64(d)
    }
}

impl Pmf {
    /// The certain value `v`.
    pub fn point(v: i64) -> Pmf {
        Pmf {
            offset: v,
            counts: vec![BigUint::one()],
            denom: BigUint::one(),
        }
    }

    /// No known mass at all: everything is leftover.
    pub fn nothing() -> Pmf {
        Pmf {
            offset: 0,
            counts: Vec::new(),
            denom: BigUint::one(),
        }
    }

    /// One fair die whose faces are `faces` (repeats allowed: a face listed
    /// twice is twice as likely).
    pub fn uniform(faces: &[i64]) -> Result<Pmf, DiceError> {
        if faces.is_empty() {
            return Err(DiceError::invalid("a die needs at least one face"));
        }
        let w: Vec<(i64, BigUint)> = faces.iter().map(|&f| (f, BigUint::one())).collect();
        Pmf::from_weights(w, BigUint::from(faces.len()))
    }

    /// Uniform over `lo..=hi`.
    pub fn range(lo: i64, hi: i64) -> Result<Pmf, DiceError> {
        if hi < lo {
            return Err(DiceError::invalid("empty range"));
        }
        let n = (hi - lo + 1) as usize;
        if n > MAX_SUPPORT {
            return Err(DiceError::limit(
                "distinct values in a distribution",
                MAX_SUPPORT as u64,
            ));
        }
        Ok(Pmf {
            offset: lo,
            counts: vec![BigUint::one(); n],
            denom: BigUint::from(n),
        })
    }

    /// Build from `(value, count)` pairs over `denom` (pairs may repeat).
    pub fn from_weights(
        weights: impl IntoIterator<Item = (i64, BigUint)>,
        denom: BigUint,
    ) -> Result<Pmf, DiceError> {
        let mut w: Vec<(i64, BigUint)> =
            weights.into_iter().filter(|(_, c)| !c.is_zero()).collect();
        if w.is_empty() {
            return Ok(Pmf {
                offset: 0,
                counts: Vec::new(),
                denom,
            });
        }
        w.sort_by_key(|(v, _)| *v);
        let lo = w[0].0;
        let hi = w[w.len() - 1].0;
        let span = (hi as i128 - lo as i128 + 1) as u128;
        if span > MAX_SUPPORT as u128 {
            return Err(DiceError::limit(
                "distinct values in a distribution",
                MAX_SUPPORT as u64,
            ));
        }
        let mut counts = vec![BigUint::zero(); span as usize];
        for (v, c) in w {
            counts[(v - lo) as usize] += c;
        }
        Ok(Pmf {
            offset: lo,
            counts,
            denom,
        })
    }

    pub(crate) fn raw(offset: i64, counts: Vec<BigUint>, denom: BigUint) -> Pmf {
        let mut p = Pmf {
            offset,
            counts,
            denom,
        };
        p.trim();
        p
    }

    pub(crate) fn counts(&self) -> &[BigUint] {
        &self.counts
    }

    pub(crate) fn offset(&self) -> i64 {
        self.offset
    }

    /// The common denominator of all counts.
    pub(crate) fn denom(&self) -> &BigUint {
        &self.denom
    }

    fn trim(&mut self) {
        while self.counts.last().is_some_and(|c| c.is_zero()) {
            self.counts.pop();
        }
        let lead = self.counts.iter().take_while(|c| c.is_zero()).count();
        if lead == self.counts.len() {
            self.counts.clear();
            self.offset = 0;
        } else if lead > 0 {
            self.counts.drain(..lead);
            self.offset += lead as i64;
        }
    }

    /// Divide all counts and the denominator by their gcd (keeps numbers small).
    ///
    /// The gcd starts from the count with the fewest bits, so it is small
    /// from the first step (the rare tails of exploding dice have tiny
    /// counts); while it fits in a `u64` each further count costs one short
    /// division, else one long division before the gcd.
    pub(crate) fn reduce(&mut self) {
        let mut g = self.denom.clone();
        let smallest = self
            .counts
            .iter()
            .filter(|c| !c.is_zero())
            .min_by_key(|c| c.bits());
        if let Some(c) = smallest {
            g = g.gcd(c);
        }
        for c in &self.counts {
            if g.is_one() {
                return;
            }
            if c.is_zero() {
                continue;
            }
            g = match g.to_u64() {
                Some(small) => {
                    let r = (c % small).to_u64().unwrap_or(0);
                    BigUint::from(small.gcd(&r))
                }
                None => {
                    let r = c % &g;
                    if r.is_zero() { g } else { g.gcd(&r) }
                }
            };
        }
        if g.is_one() || g.is_zero() {
            return;
        }
        for c in &mut self.counts {
            *c /= &g;
        }
        self.denom /= &g;
    }

    /// Number of values with non-zero probability.
    pub fn len(&self) -> usize {
        self.counts.iter().filter(|c| !c.is_zero()).count()
    }

    /// True when no value has known mass.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// Smallest value with non-zero probability.
    pub fn min(&self) -> Option<i64> {
        (!self.counts.is_empty()).then_some(self.offset)
    }

    /// Largest value with non-zero probability.
    pub fn max(&self) -> Option<i64> {
        (!self.counts.is_empty()).then(|| self.offset + self.counts.len() as i64 - 1)
    }

    fn count_at(&self, v: i64) -> Option<&BigUint> {
        let i = v.checked_sub(self.offset)?;
        if i < 0 {
            return None;
        }
        self.counts.get(i as usize)
    }

    /// P(X = v).
    pub fn p_eq(&self, v: i64) -> Prob {
        match self.count_at(v) {
            Some(c) => ratio(c, &self.denom),
            None => Prob::zero(),
        }
    }

    fn sum_where(&self, f: impl Fn(i64) -> bool) -> BigUint {
        let mut s = BigUint::zero();
        for (i, c) in self.counts.iter().enumerate() {
            if f(self.offset + i as i64) {
                s += c;
            }
        }
        s
    }

    /// P(X <= v) over the known mass.
    pub fn p_le(&self, v: i64) -> Prob {
        ratio(&self.sum_where(|x| x <= v), &self.denom)
    }
    /// P(X < v) over the known mass.
    pub fn p_lt(&self, v: i64) -> Prob {
        ratio(&self.sum_where(|x| x < v), &self.denom)
    }
    /// P(X >= v) over the known mass (the leftover is *not* added).
    pub fn p_ge(&self, v: i64) -> Prob {
        ratio(&self.sum_where(|x| x >= v), &self.denom)
    }
    /// P(X > v) over the known mass (the leftover is *not* added).
    pub fn p_gt(&self, v: i64) -> Prob {
        ratio(&self.sum_where(|x| x > v), &self.denom)
    }

    pub(crate) fn known_count(&self) -> BigUint {
        self.counts.iter().sum()
    }

    /// Total known probability, `1 - leftover`.
    pub fn total(&self) -> Prob {
        ratio(&self.known_count(), &self.denom)
    }

    /// Probability mass that was cut off by truncation (0 when exact).
    pub fn leftover(&self) -> Prob {
        let k = self.known_count();
        if k >= self.denom {
            Prob::zero()
        } else {
            ratio(&(&self.denom - k), &self.denom)
        }
    }

    /// Mean over the known mass: `sum(v * p(v)) / (1 - leftover)`. Exact.
    /// Returns 0 when there is no known mass.
    pub fn mean(&self) -> Prob {
        let (s, k) = self.moment_sums(1);
        if k.is_zero() {
            Prob::zero()
        } else {
            Prob::new(s, BigInt::from(k))
        }
    }

    fn moment_sums(&self, power: u32) -> (BigInt, BigUint) {
        let mut s = BigInt::zero();
        for (i, c) in self.counts.iter().enumerate() {
            let v = BigInt::from(self.offset + i as i64);
            s += v.pow(power) * BigInt::from(c.clone());
        }
        (s, self.known_count())
    }

    /// Variance over the known mass (conditional on no truncation). Exact.
    pub fn variance(&self) -> Prob {
        let (s2, k) = self.moment_sums(2);
        if k.is_zero() {
            return Prob::zero();
        }
        let m = self.mean();
        Prob::new(s2, BigInt::from(k)) - &m * &m
    }

    /// Standard deviation (f64, for display).
    pub fn std_dev(&self) -> f64 {
        prob_f64(&self.variance()).max(0.0).sqrt()
    }

    /// Mean as f64 (for display).
    pub fn mean_f64(&self) -> f64 {
        prob_f64(&self.mean())
    }

    /// Values with non-zero probability, ascending, with exact probabilities.
    pub fn iter(&self) -> impl Iterator<Item = (i64, Prob)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_zero())
            .map(|(i, c)| (self.offset + i as i64, ratio(c, &self.denom)))
    }

    /// Values with non-zero probability, ascending.
    pub fn support(&self) -> Vec<i64> {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_zero())
            .map(|(i, _)| self.offset + i as i64)
            .collect()
    }

    /// `(value, probability)` pairs rounded to f64 (for display and plots).
    pub fn to_f64(&self) -> Vec<(i64, f64)> {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_zero())
            .map(|(i, c)| (self.offset + i as i64, ratio_f64(c, &self.denom)))
            .collect()
    }

    /// P(X = v) as f64.
    pub fn p_eq_f64(&self, v: i64) -> f64 {
        self.count_at(v)
            .map(|c| ratio_f64(c, &self.denom))
            .unwrap_or(0.0)
    }

    /// Shift every value by `k`.
    pub fn shift(&self, k: i64) -> Result<Pmf, DiceError> {
        let offset = self.offset.checked_add(k).ok_or(DiceError::Overflow)?;
        check_value(offset)?;
        if let Some(m) = self.max() {
            check_value(m.checked_add(k).ok_or(DiceError::Overflow)?)?;
        }
        Ok(Pmf {
            offset,
            counts: self.counts.clone(),
            denom: self.denom.clone(),
        })
    }

    /// Multiply every probability by `num / den` (used to build mixtures).
    pub fn scale(&self, num: &BigUint, den: &BigUint) -> Pmf {
        let mut p = Pmf {
            offset: self.offset,
            counts: self.counts.iter().map(|c| c * num).collect(),
            denom: &self.denom * den,
        };
        p.trim();
        p
    }

    /// Pointwise sum of two (sub-)distributions: the mixture of disjoint
    /// events. The denominators are brought to their lcm.
    pub fn add(&self, other: &Pmf) -> Result<Pmf, DiceError> {
        if other.counts.is_empty() && other.denom == self.denom {
            return Ok(self.clone());
        }
        let l = self.denom.lcm(&other.denom);
        let fa = &l / &self.denom;
        let fb = &l / &other.denom;
        let (lo, hi) = match (self.min(), other.min()) {
            (None, None) => {
                return Ok(Pmf {
                    offset: 0,
                    counts: Vec::new(),
                    denom: l,
                });
            }
            (Some(_), None) => (self.offset, self.max().unwrap_or(self.offset)),
            (None, Some(_)) => (other.offset, other.max().unwrap_or(other.offset)),
            (Some(a), Some(b)) => (
                a.min(b),
                self.max().unwrap_or(a).max(other.max().unwrap_or(b)),
            ),
        };
        let span = (hi as i128 - lo as i128 + 1) as u128;
        if span > MAX_SUPPORT as u128 {
            return Err(DiceError::limit(
                "distinct values in a distribution",
                MAX_SUPPORT as u64,
            ));
        }
        let mut counts = vec![BigUint::zero(); span as usize];
        for (i, c) in self.counts.iter().enumerate() {
            counts[(self.offset - lo) as usize + i] += c * &fa;
        }
        for (i, c) in other.counts.iter().enumerate() {
            counts[(other.offset - lo) as usize + i] += c * &fb;
        }
        Ok(Pmf::raw(lo, counts, l))
    }

    /// Distribution of `X + Y` for independent `X`, `Y` (convolution).
    pub fn convolve(&self, other: &Pmf) -> Result<Pmf, DiceError> {
        if self.counts.is_empty() || other.counts.is_empty() {
            return Ok(Pmf {
                offset: 0,
                counts: Vec::new(),
                denom: &self.denom * &other.denom,
            });
        }
        let offset = self
            .offset
            .checked_add(other.offset)
            .ok_or(DiceError::Overflow)?;
        check_value(offset)?;
        let n = self.counts.len() + other.counts.len() - 1;
        if n > MAX_SUPPORT {
            return Err(DiceError::limit(
                "distinct values in a distribution",
                MAX_SUPPORT as u64,
            ));
        }
        check_value(offset + n as i64)?;
        let mut counts = vec![BigUint::zero(); n];
        // Iterate with the shorter one inside; skip zero counts.
        for (i, a) in self.counts.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for (j, b) in other.counts.iter().enumerate() {
                if !b.is_zero() {
                    counts[i + j] += a * b;
                }
            }
        }
        Ok(Pmf::raw(offset, counts, &self.denom * &other.denom))
    }

    /// Distribution of the sum of `n` independent copies (binary powering).
    pub fn power(&self, n: u64) -> Result<Pmf, DiceError> {
        let mut result = Pmf::point(0);
        let mut base = self.clone();
        let mut k = n;
        while k > 0 {
            if k & 1 == 1 {
                result = result.convolve(&base)?;
                result.reduce();
            }
            k >>= 1;
            if k > 0 {
                base = base.convolve(&base)?;
                base.reduce();
            }
        }
        Ok(result)
    }

    /// Apply `f` to every value (probabilities of values mapping to the same
    /// result add up).
    pub fn map(&self, f: impl Fn(i64) -> Result<i64, DiceError>) -> Result<Pmf, DiceError> {
        let mut w = Vec::with_capacity(self.counts.len());
        for (i, c) in self.counts.iter().enumerate() {
            if !c.is_zero() {
                let v = f(self.offset + i as i64)?;
                check_value(v)?;
                w.push((v, c.clone()));
            }
        }
        Pmf::from_weights(w, self.denom.clone())
    }

    /// Distribution of `f(X, Y)` for independent `X`, `Y`.
    pub fn combine(
        &self,
        other: &Pmf,
        f: impl Fn(i64, i64) -> Result<i64, DiceError>,
    ) -> Result<Pmf, DiceError> {
        let mut w = Vec::with_capacity(self.len().saturating_mul(other.len()).min(MAX_SUPPORT));
        for (i, a) in self.counts.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            let x = self.offset + i as i64;
            for (j, b) in other.counts.iter().enumerate() {
                if b.is_zero() {
                    continue;
                }
                let v = f(x, other.offset + j as i64)?;
                check_value(v)?;
                w.push((v, a * b));
            }
            if w.len() > 4 * MAX_SUPPORT {
                // Compact to keep memory bounded.
                let p = Pmf::from_weights(std::mem::take(&mut w), BigUint::one())?;
                w.extend(
                    p.counts
                        .into_iter()
                        .enumerate()
                        .map(|(k, c)| (p.offset + k as i64, c)),
                );
            }
        }
        Pmf::from_weights(w, &self.denom * &other.denom)
    }

    /// Keep only values satisfying `keep`; the rest becomes zero mass *not*
    /// leftover (it is returned separately as the second pmf).
    pub fn split(&self, keep: impl Fn(i64) -> bool) -> (Pmf, Pmf) {
        let mut a = self.clone();
        let mut b = self.clone();
        for (i, (ca, cb)) in a.counts.iter_mut().zip(b.counts.iter_mut()).enumerate() {
            if keep(self.offset + i as i64) {
                *cb = BigUint::zero();
            } else {
                *ca = BigUint::zero();
            }
        }
        a.trim();
        b.trim();
        (a, b)
    }

    /// Bring the pmf to denominator `d` (which must be a multiple of the
    /// current denominator).
    pub(crate) fn with_denom(&self, d: &BigUint) -> Pmf {
        let f = d / &self.denom;
        let mut p = self.scale(&f, &BigUint::one());
        p.denom = d.clone();
        p
    }
}

/// Check that a value is inside the supported range.
pub(crate) fn check_value(v: i64) -> Result<i64, DiceError> {
    if v.unsigned_abs() > crate::limits::MAX_ABS_VALUE as u64 {
        Err(DiceError::Overflow)
    } else {
        Ok(v)
    }
}

/// An exact probability rounded to f64.
pub fn prob_f64(p: &Prob) -> f64 {
    let n = p.numer();
    let d = p.denom();
    let bits = d.bits().max(n.bits());
    if bits > 1000 {
        let shift = bits - 1000;
        (n >> shift).to_f64().unwrap_or(f64::NAN) / (d >> shift).to_f64().unwrap_or(f64::NAN)
    } else {
        n.to_f64().unwrap_or(f64::NAN) / d.to_f64().unwrap_or(f64::NAN)
    }
}

impl std::fmt::Display for Pmf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (v, p) in self.to_f64() {
            writeln!(f, "{v:>6} {:>10.6}%", p * 100.0)?;
        }
        let l = prob_f64(&self.leftover());
        if l > 0.0 {
            writeln!(f, "leftover {l:e}")?;
        }
        Ok(())
    }
}

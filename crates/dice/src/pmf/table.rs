//! The rows of a distribution table: P(=), P(<=) and P(>=) for every value,
//! exact, in one running pass.
//!
//! Asking [`Pmf::p_le`] and [`Pmf::p_ge`] for every value re-sums the counts
//! for each row (quadratic), and every [`Prob`] reduces its fraction with a
//! binary gcd of big integers. A table of `10d10!kh5` (691 values with
//! 450-bit counts) spent most of `fray odds` there. Here the cumulative
//! counts are one running sum, and fractions are reduced against the
//! common denominator's prime factors (dice denominators are products of
//! side counts: `10^k`, `2^a 3^b`), found once; a denominator with a large
//! prime factor falls back to the gcd. The results are the same reduced
//! fractions, printed and rounded exactly as [`Prob`] and
//! [`prob_f64`](super::prob_f64) do.

use super::Pmf;
use crate::kind::Prob;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// Primes up to this bound are tried as factors of the denominator.
const SMALL_PRIME_BOUND: u32 = 1 << 12;

/// An exact probability as a reduced fraction of non-negative integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fraction {
    numer: BigUint,
    denom: BigUint,
}

impl Fraction {
    /// The reduced numerator.
    pub fn numer(&self) -> &BigUint {
        &self.numer
    }

    /// The reduced denominator (1 for 0 and 1).
    pub fn denom(&self) -> &BigUint {
        &self.denom
    }

    /// Rounded to `f64` exactly as [`prob_f64`](super::prob_f64) rounds the
    /// same [`Prob`].
    pub fn to_f64(&self) -> f64 {
        let bits = self.denom.bits().max(self.numer.bits());
        let f = |x: &BigUint| x.to_f64().unwrap_or(f64::NAN);
        if bits > 1000 {
            let shift = bits - 1000;
            f(&(&self.numer >> shift)) / f(&(&self.denom >> shift))
        } else {
            f(&self.numer) / f(&self.denom)
        }
    }

    /// The same value as a [`Prob`].
    pub fn to_prob(&self) -> Prob {
        Prob::new(
            BigInt::from(self.numer.clone()),
            BigInt::from(self.denom.clone()),
        )
    }
}

impl std::fmt::Display for Fraction {
    /// `n/d`, or `n` when the denominator is 1: what [`Prob`] prints.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.denom.is_one() {
            write!(f, "{}", self.numer)
        } else {
            write!(f, "{}/{}", self.numer, self.denom)
        }
    }
}

/// One row of a distribution table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The value.
    pub value: i64,
    /// P(X = value).
    pub eq: Fraction,
    /// P(X <= value) over the known mass.
    pub le: Fraction,
    /// P(X >= value) over the known mass (the leftover is not added).
    pub ge: Fraction,
}

/// Reduces `count / denom` for one fixed denominator.
struct Reducer<'a> {
    denom: &'a BigUint,
    /// The denominator's odd prime factors, when every prime factor is
    /// below [`SMALL_PRIME_BOUND`]; else `None` (use the gcd).
    odd: Option<Vec<OddPrime>>,
    /// The denominator's power of 2 (read from the counts' trailing zeros).
    twos: u64,
}

/// One odd prime power `p^e` of the denominator, with what dividing by it
/// needs.
struct OddPrime {
    e: u32,
    /// `p` itself.
    p: Divisor,
    /// The largest power of `p` below 2^64, `p^c`.
    chunk: Divisor,
    c: u32,
    /// `p` as a big integer, raised to the reduced denominator's factor
    /// `p^j` per fraction. Not a table of every `p^j`: a denominator of
    /// `3^100000` (exploding dice rerolled to the cap) made that table
    /// quadratic in memory and seconds long.
    base: BigUint,
}

/// An odd divisor with its inverse modulo 2^64, for exact division.
#[derive(Clone, Copy)]
struct Divisor {
    d: u64,
    inv: u64,
}

impl Divisor {
    fn new(d: u64) -> Divisor {
        // Newton's iteration doubles the correct low bits each step; an odd
        // d is its own inverse modulo 8 (3 bits), so 5 steps give 96.
        let mut inv = d;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(d.wrapping_mul(inv)));
        }
        Divisor { d, inv }
    }

    /// Divides the little-endian limbs `n` by `d` in place if `d` divides
    /// them, and says whether it did. Exact division by the inverse (as in
    /// GMP's `divexact_1`): one multiplication per limb and no division;
    /// the final borrow is 0 exactly when `d` divides `n`.
    fn divide(&self, n: &mut Vec<u64>, scratch: &mut Vec<u64>) -> bool {
        scratch.clear();
        let mut borrow = 0u64;
        for &limb in n.iter() {
            let (s, b) = limb.overflowing_sub(borrow);
            let q = s.wrapping_mul(self.inv);
            scratch.push(q);
            borrow = ((q as u128 * self.d as u128) >> 64) as u64 + b as u64;
        }
        if borrow != 0 {
            return false;
        }
        std::mem::swap(n, scratch);
        while n.last() == Some(&0) {
            n.pop();
        }
        true
    }
}

impl OddPrime {
    fn new(p: u32, e: u32) -> OddPrime {
        let (mut pc, mut c) = (p as u64, 1);
        while let Some(next) = pc.checked_mul(p as u64) {
            pc = next;
            c += 1;
        }
        OddPrime {
            e,
            p: Divisor::new(p as u64),
            chunk: Divisor::new(pc),
            c,
            base: BigUint::from(p),
        }
    }

    /// Divides `n` by `p` as often as it divides, at most `most` times;
    /// returns how often: a power below 2^64 at a time, then single `p`s.
    fn strip(&self, n: &mut Vec<u64>, most: u32, scratch: &mut Vec<u64>) -> u32 {
        let mut k = 0;
        while most - k >= self.c && self.chunk.divide(n, scratch) {
            k += self.c;
        }
        while k < most && self.p.divide(n, scratch) {
            k += 1;
        }
        k
    }
}

impl<'a> Reducer<'a> {
    fn new(denom: &'a BigUint) -> Self {
        let twos = denom.trailing_zeros().unwrap_or(0);
        let mut rest = (denom >> twos).to_u64_digits();
        let mut scratch = Vec::new();
        let mut odd = Vec::new();
        let mut p = 3u32;
        while rest != [1] && p < SMALL_PRIME_BOUND {
            let e = OddPrime::new(p, 0).strip(&mut rest, u32::MAX, &mut scratch);
            if e > 0 {
                odd.push(OddPrime::new(p, e));
            }
            p += 2;
        }
        Reducer {
            denom,
            odd: (rest == [1]).then_some(odd),
            twos,
        }
    }

    fn reduce(&self, count: &BigUint) -> Fraction {
        if count.is_zero() {
            return Fraction {
                numer: BigUint::zero(),
                denom: BigUint::one(),
            };
        }
        let Some(odd) = &self.odd else {
            let g = count.gcd(self.denom);
            return Fraction {
                numer: count / &g,
                denom: self.denom / &g,
            };
        };
        let k2 = count.trailing_zeros().unwrap_or(0).min(self.twos);
        let mut numer = (count >> k2).to_u64_digits();
        let mut scratch = Vec::with_capacity(numer.len());
        let mut denom = BigUint::one();
        for prime in odd {
            let k = prime.strip(&mut numer, prime.e, &mut scratch);
            denom *= prime.base.pow(prime.e - k);
        }
        let halves = numer
            .iter()
            .flat_map(|&d| [d as u32, (d >> 32) as u32])
            .collect();
        Fraction {
            numer: BigUint::new(halves),
            denom: denom << (self.twos - k2),
        }
    }
}

impl Pmf {
    /// Every value with P(=), P(<=) and P(>=), ascending, exact: the same
    /// fractions as [`Pmf::p_eq`], [`Pmf::p_le`] and [`Pmf::p_ge`], in one
    /// running pass (see the module documentation).
    pub fn table(&self) -> Vec<Row> {
        let reducer = Reducer::new(&self.denom);
        let known = self.known_count();
        let mut below = BigUint::zero();
        let mut rows = Vec::with_capacity(self.len());
        for (i, c) in self.counts.iter().enumerate() {
            if c.is_zero() {
                continue;
            }
            let ge = &known - &below;
            below += c;
            rows.push(Row {
                value: self.offset + i as i64,
                eq: reducer.reduce(c),
                le: reducer.reduce(&below),
                ge: reducer.reduce(&ge),
            });
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmf::prob_f64;
    use crate::{DistOptions, Expr};

    /// The table is exactly what the per-value accessors give, for
    /// denominators of small primes and with a large prime factor.
    #[test]
    fn table_matches_the_accessors() {
        for e in ["3d6", "4d10!kh3", "4dF", "d{0,2,3,4,5,6}!", "2d97", "1d6!p"] {
            let pmf = Expr::parse(e)
                .unwrap()
                .distribution(&DistOptions::default())
                .unwrap();
            let rows = pmf.table();
            assert_eq!(rows.len(), pmf.len(), "{e}");
            for (row, (v, p)) in rows.iter().zip(pmf.iter()) {
                assert_eq!(row.value, v);
                for (got, want) in [(&row.eq, p), (&row.le, pmf.p_le(v)), (&row.ge, pmf.p_ge(v))] {
                    assert_eq!(got.to_prob(), want, "{e} at {v}");
                    assert_eq!(got.to_string(), want.to_string());
                    assert_eq!(got.to_f64().to_bits(), prob_f64(&want).to_bits());
                }
            }
        }
    }

    /// Reducing against prime factors gives the gcd's fraction; a
    /// denominator with a prime above the bound (4099) uses the gcd.
    #[test]
    fn reducer_matches_the_gcd() {
        let smooth = BigUint::from(10u32).pow(40) * 216u32;
        let rough = BigUint::from(4099u32).pow(2) * 96u32;
        for denom in [&smooth, &rough] {
            let r = Reducer::new(denom);
            assert_eq!(r.odd.is_some(), denom == &smooth);
            for n in [0u64, 1, 2, 5, 216, 4099, 12_500_000, 9_999_999_967] {
                let count = BigUint::from(n) * BigUint::from(3u32).pow(5);
                let want = Prob::new(count.clone().into(), denom.clone().into());
                assert_eq!(r.reduce(&count).to_prob(), want);
                assert_eq!(r.reduce(&count).to_string(), want.to_string());
            }
        }
    }

    #[test]
    fn exact_division_tests_and_divides() {
        let mut scratch = Vec::new();
        let five = OddPrime::new(5, 100);
        let mut n = (BigUint::from(5u32).pow(60) * 7u32).to_u64_digits();
        assert_eq!(five.strip(&mut n, 100, &mut scratch), 60);
        assert_eq!(n, vec![7]);
        let three = OddPrime::new(3, 45);
        let mut n = BigUint::from(3u32).pow(50).to_u64_digits();
        assert_eq!(three.strip(&mut n, 45, &mut scratch), 45);
        assert_eq!(n, vec![243]);
        // Divisible or not, across limb boundaries, against plain division.
        for d in [3u64, 5, 7, 5u64.pow(27), 3u64.pow(40), u64::MAX] {
            let div = Divisor::new(d);
            assert_eq!(d.wrapping_mul(div.inv), 1);
            for m in [0u64, 1, 2, d - 1, 1 << 40] {
                let n = BigUint::from(d).pow(3) * 12_345u32 + m;
                let mut limbs = n.to_u64_digits();
                let divides = (&n % d).is_zero();
                assert_eq!(div.divide(&mut limbs, &mut scratch), divides, "{n} / {d}");
                let want = if divides { &n / d } else { n.clone() };
                assert_eq!(limbs, want.to_u64_digits());
            }
        }
    }
}

//! Exact path weights: machine-integer fractions on the hot path, big
//! rationals when a product overflows, and the outcomes of one roll kind.

use fray_dice::{Outcomes, Prob, RollKind, Rolled};

pub(super) fn zero() -> Prob {
    Prob::from_integer(0.into())
}

pub(super) fn one() -> Prob {
    Prob::from_integer(1.into())
}

/// The work a big-rational weight costs, in machine-fraction units.
pub(super) const BIG_WORK: u64 = 32;

/// A path weight. Products of dice probabilities have small denominators
/// (216 per 3d6), so weights stay exact machine integers `num / den` on the
/// hot path and fall back to big rationals only when a product overflows.
#[derive(Clone, Debug)]
pub(super) enum Weight {
    /// `num / den`, not necessarily reduced.
    Int(u128, u128),
    /// Anything larger.
    Big(Prob),
}

impl Weight {
    pub(super) fn of(p: &Prob) -> Weight {
        match (u128::try_from(p.numer()), u128::try_from(p.denom())) {
            (Ok(n), Ok(d)) if d > 0 => Weight::Int(n, d),
            _ => Weight::Big(p.clone()),
        }
    }

    /// The work one product or sum of this weight costs the budget: a big
    /// rational (past 128 bits: exploding dice) costs [`BIG_WORK`] times
    /// a machine fraction, about what it costs in time (issue 35: the
    /// d20-3d6 attack's leaves took 30 times a GURPS leaf).
    pub(super) fn work(&self) -> u64 {
        match self {
            Weight::Int(..) => 1,
            Weight::Big(_) => BIG_WORK,
        }
    }

    pub(super) fn prob(&self) -> Prob {
        match self {
            Weight::Int(n, d) => Prob::new((*n).into(), (*d).into()),
            Weight::Big(p) => p.clone(),
        }
    }

    /// This weight times outcome `idx` of `kind`.
    pub(super) fn times(&self, kind: &Kind, idx: usize) -> Weight {
        if let Some((nums, den)) = &kind.ints
            && let Some(&num) = nums.get(idx)
        {
            return self.times_ratio(num, *den);
        }
        let p = kind.probs.get(idx).cloned().unwrap_or_else(zero);
        Weight::Big(self.prob() * p)
    }

    /// This weight times another (a memo's conditional leaf times the
    /// weight of reaching its checkpoint).
    pub(super) fn times_weight(&self, other: &Weight) -> Weight {
        match other {
            Weight::Int(n, d) => self.times_ratio(*n, *d),
            Weight::Big(p) => Weight::Big(self.prob() * p),
        }
    }

    /// This weight times `num / den`: machine integers while they fit,
    /// reduced by their common factors before giving up on them (a long
    /// path of 3d6 rolls passes 2^128 unreduced long before it must).
    fn times_ratio(&self, num: u128, den: u128) -> Weight {
        let Weight::Int(n, d) = *self else {
            return Weight::Big(self.prob() * Prob::new(num.into(), den.into()));
        };
        if let (Some(a), Some(b)) = (n.checked_mul(num), d.checked_mul(den)) {
            return Weight::Int(a, b);
        }
        let (n, d) = reduced(n, d);
        let (num, den) = reduced(num, den);
        // Cross-reduce too: n/den and num/d.
        let (n, den) = reduced(n, den);
        let (num, d) = reduced(num, d);
        match (n.checked_mul(num), d.checked_mul(den)) {
            (Some(a), Some(b)) => Weight::Int(a, b),
            _ => Weight::Big(Prob::new(n.into(), d.into()) * Prob::new(num.into(), den.into())),
        }
    }
}

/// `n / d` divided by their greatest common divisor.
fn reduced(n: u128, d: u128) -> (u128, u128) {
    let g = gcd(n, d);
    if g > 1 { (n / g, d / g) } else { (n, d) }
}

/// Binary gcd on `u128` (a zero argument gives the other).
fn gcd(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// A sum of weights: one machine-integer fraction over the least common
/// denominator while it fits (path weights are products of dice
/// probabilities, so their denominators share their few prime factors and
/// the common one stays small), big rationals for the rest.
#[derive(Clone, Debug)]
pub(super) struct Acc {
    /// `num / den`, not reduced; `(0, 1)` when empty.
    int: (u128, u128),
    big: Prob,
}

impl Acc {
    pub(super) fn new() -> Acc {
        Acc {
            int: (0, 1),
            big: zero(),
        }
    }

    pub(super) fn add(&mut self, w: &Weight) {
        match w {
            Weight::Int(n, d) => match add_ratios(self.int, (*n, *d)) {
                Some(sum) => self.int = sum,
                None => self.big += w.prob(),
            },
            Weight::Big(p) => self.big += p,
        }
    }

    /// Adds another sum to this one.
    pub(super) fn add_acc(&mut self, other: &Acc) {
        let (n, d) = other.int;
        if n != 0 {
            self.add(&Weight::Int(n, d));
        }
        if other.big != zero() {
            self.big += &other.big;
        }
    }

    pub(super) fn prob(&self) -> Prob {
        let (n, d) = self.int;
        if n == 0 {
            return self.big.clone();
        }
        &self.big + Prob::new(n.into(), d.into())
    }

    /// This sum divided by `w`, reduced: a memo's leaf given the weight of
    /// reaching its checkpoint. Machine integers when both are (reduced
    /// and cross-reduced, so the quotient is in lowest terms without a big
    /// gcd); big rationals otherwise. A zero `w` gives the sum itself.
    pub(super) fn given(&self, w: &Weight) -> Weight {
        if self.big == zero()
            && let Weight::Int(wn, wd) = *w
            && wn > 0
        {
            let (n, d) = reduced(self.int.0, self.int.1);
            if n == 0 {
                return Weight::Int(0, 1);
            }
            let (wn, wd) = reduced(wn, wd);
            let (n, wn) = reduced(n, wn);
            let (wd, d) = reduced(wd, d);
            if let (Some(a), Some(b)) = (n.checked_mul(wd), d.checked_mul(wn)) {
                return Weight::Int(a, b);
            }
        }
        let p = w.prob();
        if p == zero() {
            Weight::of(&self.prob())
        } else {
            Weight::of(&(self.prob() / p))
        }
    }
}

/// `a + b` as machine integers, or `None` when it does not fit them.
///
/// Not reduced: sums are read once, as a reduced [`Prob`], at the end. The
/// leaves added to one sum mostly share their denominator (products of the
/// same dice), so the common cases are one addition (equal denominators) or
/// one multiplication (one divides the other); only other pairs pay for a
/// gcd. On overflow both sides are reduced and the sum tried again.
fn add_ratios(a: (u128, u128), b: (u128, u128)) -> Option<(u128, u128)> {
    if a.0 == 0 {
        return Some(b);
    }
    if b.0 == 0 {
        return Some(a);
    }
    sum_unreduced(a, b).or_else(|| sum_unreduced(reduced(a.0, a.1), reduced(b.0, b.1)))
}

/// `an/ad + bn/bd` over the least common denominator, not reduced.
fn sum_unreduced((an, ad): (u128, u128), (bn, bd): (u128, u128)) -> Option<(u128, u128)> {
    if ad == bd {
        return Some((an.checked_add(bn)?, ad));
    }
    let (fa, fb) = if ad > bd && ad % bd == 0 {
        (1, ad / bd)
    } else if bd > ad && bd % ad == 0 {
        (bd / ad, 1)
    } else {
        let g = gcd(ad, bd);
        (bd / g, ad / g)
    };
    let den = ad.checked_mul(fa)?;
    let num = an.checked_mul(fa)?.checked_add(bn.checked_mul(fb)?)?;
    Some((num, den))
}

/// The exact outcomes of one roll kind, with integer numerators over a
/// common denominator when they fit.
pub(super) struct Kind {
    pub(super) kind: RollKind,
    pub(super) rolled: Vec<Rolled>,
    pub(super) probs: Vec<Prob>,
    pub(super) ints: Option<(Vec<u128>, u128)>,
    pub(super) leftover: Prob,
}

impl Kind {
    /// The outcomes `o` of `kind`, enumerated at `tolerance`.
    ///
    /// A kind that is already cut (exploding golden dice, `leftover > 0`)
    /// is cut by total mass too ([`Outcomes::trim`]): its least likely
    /// outcomes are dropped while the whole cut stays below `tolerance`, and
    /// their mass joins the leftover. The dice crate cuts each die's explosions at one depth, so
    /// three golden dice list totals up to about 300 whose far tail (every
    /// total above about 130) holds less than 1e-12 together yet made most
    /// of the work below the roll; it also kept the common denominator of
    /// the outcomes (6^51) out of machine integers. Exact kinds are never cut.
    pub(super) fn new(kind: RollKind, o: Outcomes, tolerance: &Prob) -> Kind {
        let mut o = o;
        if o.leftover != zero() {
            o.trim(tolerance);
        }
        let Outcomes { outcomes, leftover } = o;
        let (rolled, probs): (Vec<Rolled>, Vec<Prob>) = outcomes.into_iter().unzip();
        Kind {
            kind,
            ints: Self::integers(&probs),
            rolled,
            probs,
            leftover,
        }
    }

    fn integers(probs: &[Prob]) -> Option<(Vec<u128>, u128)> {
        let mut den: u128 = 1;
        for p in probs {
            let d = u128::try_from(p.denom()).ok()?;
            den = (den / gcd(den, d)).checked_mul(d)?;
        }
        let nums = probs
            .iter()
            .map(|p| {
                let n = u128::try_from(p.numer()).ok()?;
                let d = u128::try_from(p.denom()).ok()?;
                n.checked_mul(den / d)
            })
            .collect::<Option<Vec<u128>>>()?;
        Some((nums, den))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_stay_exact_over_a_common_denominator() {
        let mut acc = Acc::new();
        acc.add(&Weight::Int(1, 6));
        acc.add(&Weight::Int(1, 4));
        acc.add(&Weight::Int(5, 216));
        acc.add(&Weight::Big(Prob::new(1.into(), 7.into())));
        let want = Prob::new(1.into(), 6.into())
            + Prob::new(1.into(), 4.into())
            + Prob::new(5.into(), 216.into())
            + Prob::new(1.into(), 7.into());
        assert_eq!(acc.prob(), want);
        // Past machine integers the sum moves to big rationals, still exact.
        let mut acc = Acc::new();
        acc.add(&Weight::Int(1, u128::MAX - 1));
        acc.add(&Weight::Int(1, u128::MAX - 2));
        let want = Prob::new(1.into(), (u128::MAX - 1).into())
            + Prob::new(1.into(), (u128::MAX - 2).into());
        assert_eq!(acc.prob(), want);
        assert_eq!(Acc::new().prob(), zero());
    }

    #[test]
    fn unreduced_sums_read_as_the_same_reduced_fraction() {
        // Equal denominators, one dividing the other, coprime ones, and
        // numerators near the top of u128 (reduced before the retry).
        let cases: [&[(u128, u128)]; 4] = [
            &[(36, 216), (54, 216), (18, 216)],
            &[(1, 6), (5, 36), (7, 216), (1, 2)],
            &[(2, 9), (3, 8), (5, 7)],
            &[
                (u128::MAX / 4, u128::MAX / 2),
                (u128::MAX / 4, u128::MAX / 2),
                (3, 6),
            ],
        ];
        for parts in cases {
            let mut acc = Acc::new();
            let mut want = zero();
            for &(n, d) in parts {
                acc.add(&Weight::Int(n, d));
                want += Prob::new(n.into(), d.into());
            }
            assert_eq!(acc.prob(), want, "{parts:?}");
        }
    }

    #[test]
    fn sums_given_a_weight_are_the_big_quotients() {
        // Shared factors on every side, a quotient too big for u128 (falls
        // back to big rationals), a zero sum and a zero weight.
        let cases: [(&[(u128, u128)], Weight); 6] = [
            (&[(36, 216), (54, 216)], Weight::Int(3, 36)),
            (&[(1, 6), (5, 36)], Weight::Int(10, 216)),
            (&[(7, 1 << 100)], Weight::Int(3 << 20, 1 << 90)),
            (&[(u128::MAX / 3, u128::MAX)], Weight::Int(1, u128::MAX - 4)),
            (&[], Weight::Int(1, 2)),
            (&[(2, 9)], Weight::Int(0, 1)),
        ];
        for (parts, w) in cases {
            let mut acc = Acc::new();
            for &(n, d) in parts {
                acc.add(&Weight::Int(n, d));
            }
            let want = if w.prob() == zero() {
                acc.prob()
            } else {
                acc.prob() / w.prob()
            };
            assert_eq!(acc.given(&w).prob(), want, "{parts:?} / {w:?}");
        }
        let mut acc = Acc::new();
        acc.add(&Weight::Big(Prob::new(1.into(), 3.into())));
        let w = Weight::Big(Prob::new(2.into(), 3.into()));
        assert_eq!(acc.given(&w).prob(), Prob::new(1.into(), 2.into()));
    }

    #[test]
    fn gcd_of_machine_integers() {
        assert_eq!(gcd(0, 7), 7);
        assert_eq!(gcd(12, 0), 12);
        assert_eq!(gcd(216, 36), 36);
        assert_eq!(gcd(1 << 100, 3 << 90), 1 << 90);
        assert_eq!(gcd(17, 5), 1);
    }

    #[test]
    fn long_products_reduce_before_leaving_machine_integers() {
        // Twenty 3d6 rolls at 108/216 each: 216^20 overflows u128 unreduced,
        // the reduced product (1/2^20) does not, and the value is exact.
        let kind = Kind::new(
            RollKind::three_d6(),
            RollKind::three_d6().outcomes(&zero()).unwrap(),
            &zero(),
        );
        let (nums, den) = kind.ints.clone().unwrap();
        assert_eq!(den, 216);
        let mut w = Weight::Int(1, 1);
        let mut exact = one();
        for _ in 0..20 {
            // Outcome 7 is a total of 10: 27 ways in 216.
            w = w.times(&kind, 7);
            exact *= Prob::new(nums[7].into(), 216.into());
        }
        assert!(matches!(w, Weight::Int(..)));
        assert_eq!(w.prob(), exact);
        let big = Weight::Big(Prob::new(1.into(), 3.into()));
        assert_eq!(
            w.times_weight(&big).prob(),
            exact * Prob::new(1.into(), 3.into())
        );
    }
}

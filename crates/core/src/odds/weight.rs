//! Exact path weights: machine-integer fractions on the hot path, big
//! rationals when a product overflows, and the outcomes of one roll kind.

use fray_dice::{Outcomes, Prob, RollKind, Rolled};

pub(super) fn zero() -> Prob {
    Prob::from_integer(0.into())
}

pub(super) fn one() -> Prob {
    Prob::from_integer(1.into())
}

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

    pub(super) fn prob(&self) -> Prob {
        match self {
            Weight::Int(n, d) => Prob::new((*n).into(), (*d).into()),
            Weight::Big(p) => p.clone(),
        }
    }

    /// This weight times outcome `idx` of `kind`.
    pub(super) fn times(&self, kind: &Kind, idx: usize) -> Weight {
        if let (Weight::Int(n, d), Some((nums, den))) = (self, &kind.ints)
            && let (Some(a), Some(b)) = (
                nums.get(idx).and_then(|m| n.checked_mul(*m)),
                d.checked_mul(*den),
            )
        {
            return Weight::Int(a, b);
        }
        let p = kind.probs.get(idx).cloned().unwrap_or_else(zero);
        Weight::Big(self.prob() * p)
    }
}

/// A sum of weights: integer numerators per denominator, big otherwise.
#[derive(Clone, Debug)]
pub(super) struct Acc {
    ints: Vec<(u128, u128)>,
    big: Prob,
}

impl Acc {
    pub(super) fn new() -> Acc {
        Acc {
            ints: Vec::new(),
            big: zero(),
        }
    }

    pub(super) fn add(&mut self, w: &Weight) {
        match w {
            Weight::Int(n, d) => {
                let full = self.ints.len() >= 64;
                match self.ints.iter_mut().find(|(den, _)| den == d) {
                    Some((_, sum)) => match sum.checked_add(*n) {
                        Some(x) => *sum = x,
                        None => self.big += w.prob(),
                    },
                    None if !full => self.ints.push((*d, *n)),
                    None => self.big += w.prob(),
                }
            }
            Weight::Big(p) => self.big += p,
        }
    }

    pub(super) fn prob(&self) -> Prob {
        let mut p = self.big.clone();
        for (d, n) in &self.ints {
            p += Prob::new((*n).into(), (*d).into());
        }
        p
    }
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
    pub(super) fn new(kind: RollKind, o: Outcomes) -> Kind {
        let (rolled, probs): (Vec<Rolled>, Vec<Prob>) = o.outcomes.into_iter().unzip();
        Kind {
            kind,
            ints: Self::integers(&probs),
            rolled,
            probs,
            leftover: o.leftover,
        }
    }

    fn integers(probs: &[Prob]) -> Option<(Vec<u128>, u128)> {
        fn gcd(mut a: u128, mut b: u128) -> u128 {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        }
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

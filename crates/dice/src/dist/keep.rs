//! Keep/drop of `n` identical dice: the order statistics of i.i.d. dice.
//!
//! The values are visited from the best down (highest first for `kh`/`dl`).
//! Let `U` be the generating polynomial, in the kept-score sum `z`, of the
//! values visited so far weighted by their counts, and `R_j = U^j` for
//! `j < kept`. At a value `v` with count `c`, score `s` and `B` = the count
//! of the worse values, the outcomes whose `kept`-th best die shows `v` are:
//! `j < kept` dice strictly better (`C(n, j)` choices of which, `R_j`), and
//! among the other `n - j` dice at least `kept - j` at `v`, the rest worse:
//! `W_j = sum_{i >= kept-j} C(n-j, i) c^i B^(n-j-i)`, each adding
//! `(kept - j) s` to the kept sum. So
//!
//! `result += C(n, j) W_j z^((kept-j) s) R_j`, then `U += c z^s`.
//!
//! The update `R_j += sum_i C(j, i) (c z^s)^i R_(j-i)` is done in place as a
//! Taylor shift: `kept - 1` sweeps of `R_j += c z^s R_(j-1)`, `j` descending,
//! each a multiply by the one count `c` (never by `c^i` or a binomial). The
//! work is `O(values * kept^2 * sums)` small multiply-adds, never the
//! `values^n` outcomes, and every state is one power of `U` (no binomial
//! bookkeeping per state).
//!
//! Counts are exact integers over `d^n` (`d` the die's denominator), the
//! same numbers the big-integer DP produced, but held in fixed-width limbs
//! ([`super::limbs`]): `R_j <= K^j` and the result `<= K^n`, `K` the die's
//! known count, so the widths are known up front and the inner loop never
//! allocates. The weights `C(n, j) W_j` are `BigUint`s, a few per value.

use super::Ctx;
use super::limbs;
use crate::error::DiceError;
use crate::limits::MAX_SUPPORT;
use crate::pmf::Pmf;
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// Sum of the scores of the `kept` best (highest or lowest) of `n` i.i.d.
/// dice whose one-die distribution is `x`; counts over `denom(x)^n`.
pub(super) fn keep_dp(
    x: &Pmf,
    n: u64,
    kept: u64,
    highest: bool,
    score: &dyn Fn(i64) -> i64,
    ctx: &mut Ctx,
) -> Result<Pmf, DiceError> {
    // `denom(x)^n` is charged before it is raised: exploding dice rerolled
    // to the cap have denominators of thousands of bits, and 8032 of them
    // made a power of a million limbs uncharged (`8032d3!d102r2`).
    ctx.charge_power(x.denom().bits(), n)?;
    let denom_n = || x.denom().pow(n as u32);
    let total = x.known_count();
    if kept == 0 {
        ctx.charge_power(total.bits(), n)?;
        return Ok(Pmf::raw(0, vec![total.pow(n as u32)], denom_n()));
    }
    let mut vals: Vec<(i64, BigUint)> = x
        .counts()
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_zero())
        .map(|(i, c)| (score(x.offset() + i as i64), c.clone()))
        .collect();
    if highest {
        vals.reverse();
    }
    let (Some(smin), Some(smax)) = (
        vals.iter().map(|v| v.0).min(),
        vals.iter().map(|v| v.0).max(),
    ) else {
        return Ok(Pmf::raw(0, Vec::new(), denom_n()));
    };
    let k = kept as usize;
    let lo = (kept as i64).checked_mul(smin).ok_or(DiceError::Overflow)?;
    (kept as i64).checked_mul(smax).ok_or(DiceError::Overflow)?;
    // Every kept sum from kept*smin to kept*smax can occur; this is the span
    // of the result, checked before anything is allocated.
    let step = (smax as i128 - smin as i128) as u128;
    if step * kept as u128 + 1 > MAX_SUPPORT as u128 {
        return Err(DiceError::limit(
            "distinct values in a distribution",
            MAX_SUPPORT as u64,
        ));
    }
    let step = step as usize;

    // Widths: R_j <= K^j; the result takes C(n, j) W_j R_j <= C(n, j) K^n.
    let kbits = total.bits();
    let choose_n = binomial_row(n, kept - 1);
    let cbits = choose_n.iter().map(|c| c.bits()).max().unwrap_or(1);
    let widths: Vec<usize> = (0..k).map(|j| limbs::width(j as u64 * kbits)).collect();
    let result_width = limbs::width(n * kbits + cbits) + 1;
    // Charged before anything is allocated.
    let limbs_allocated: u64 = widths
        .iter()
        .enumerate()
        .map(|(j, &w)| ((j * step + 1) * w) as u64)
        .sum::<u64>()
        .saturating_add(((k * step + 1) * result_width) as u64);
    ctx.charge(limbs_allocated)?;
    ctx.charge(Weights::cost(n, kept, result_width))?;
    let weights = Weights::new(n, kept, choose_n);
    let mut states: Vec<Poly> = widths
        .iter()
        .enumerate()
        .map(|(j, &w)| Poly::new(j * step + 1, w))
        .collect();
    let mut result = Poly::new(k * step + 1, result_width);
    states[0].data[0] = 1;
    states[0].hi = 1;

    let mut below = total.clone();
    let mut above_pows = weights.powers(&total);
    for (idx, (s, c)) in vals.iter().enumerate() {
        below -= c;
        ctx.charge(Weights::cost(n, kept, result_width))?;
        let below_pows = weights.powers(&below);
        let shift = (s - smin) as usize;
        // Finish: the kept-th best die shows this value.
        for (j, r) in states.iter().enumerate() {
            if r.is_empty() {
                continue;
            }
            let g = limbs::from_big(&weights.finish(j, c, &above_pows, &below_pows));
            ctx.charge((r.len() * r.width * g.len()) as u64)?;
            result.mul_add_from(r, (k - j) * shift, &g);
        }
        if idx + 1 == vals.len() {
            break;
        }
        // U += c z^s as a Taylor shift of the powers R_j = U^j.
        let cl = limbs::from_big(c);
        for sweep in 1..k {
            for j in (sweep..k).rev() {
                let (done, rest) = states.split_at_mut(j);
                let (src, dst) = (&done[j - 1], &mut rest[0]);
                if src.is_empty() {
                    continue;
                }
                ctx.charge((src.len() * src.width * cl.len()) as u64)?;
                dst.mul_add_from(src, shift, &cl);
            }
        }
        above_pows = below_pows;
    }
    let counts = result.data.chunks_exact(result.width).map(limbs::to_big);
    Ok(Pmf::raw(lo, counts.collect(), denom_n()))
}

/// A polynomial in the kept sum with fixed-width counts, and the window of
/// indices that may be non-zero.
struct Poly {
    data: Vec<u64>,
    width: usize,
    lo: usize,
    hi: usize,
}

impl Poly {
    fn new(size: usize, width: usize) -> Poly {
        Poly {
            data: vec![0; size * width],
            width,
            lo: 0,
            hi: 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.lo >= self.hi
    }

    fn len(&self) -> usize {
        self.hi - self.lo
    }

    /// `self[i + shift] += src[i] * m` over `src`'s window.
    fn mul_add_from(&mut self, src: &Poly, shift: usize, m: &[u64]) {
        let (w, sw) = (self.width, src.width);
        let from = &src.data[src.lo * sw..src.hi * sw];
        let to = &mut self.data[(src.lo + shift) * w..(src.hi + shift) * w];
        if let [c] = m {
            limbs::mul_add_limb_all(to, w, from, sw, *c);
        } else {
            for (acc, a) in to.chunks_exact_mut(w).zip(from.chunks_exact(sw)) {
                // Trimmed: counts of outcomes through rare values are far
                // below their bound, and the work follows the limbs used.
                let a = limbs::trim(a);
                if !a.is_empty() {
                    limbs::mul_add(acc, a, m);
                }
            }
        }
        if self.is_empty() {
            (self.lo, self.hi) = (src.lo + shift, src.hi + shift);
        } else {
            self.lo = self.lo.min(src.lo + shift);
            self.hi = self.hi.max(src.hi + shift);
        }
    }
}

/// The finishing weights `C(n, j) W_j`, from powers of the counts.
///
/// `W_j` is the tail `i >= kept - j` of the binomial expansion of
/// `(c + B)^(n-j)`. It is summed directly when that tail is the shorter part
/// (`kept` near `n`), otherwise taken as `(c + B)^(n-j)` minus the head, so
/// a value costs `O(kept * min(kept, n - kept))` big products however many
/// dice there are. `c + B` is the previous value's `B`: its powers are
/// reused.
struct Weights {
    n: u64,
    kept: u64,
    /// `C(n, j)` for `j < kept`.
    choose_n: Vec<BigUint>,
    /// Per `j`, with `N = n - j`: `C(N, e)` for `e <= n - kept` (the tail,
    /// term `i = N - e`), or `C(N, i)` for `i < kept - j` (the head).
    rows: Vec<Vec<BigUint>>,
    /// Per `j`: sum the tail (else subtract the head).
    tail: Vec<bool>,
    /// Exponents of `B` (and of `c + B`) used: `pow_lo..=pow_hi`.
    pow_lo: u64,
    pow_hi: u64,
}

impl Weights {
    fn tail(n: u64, kept: u64, j: u64) -> bool {
        n - kept < kept - j
    }

    /// Big products for [`Weights::new`], and again per value, in limbs of
    /// numbers up to `width` limbs.
    fn cost(n: u64, kept: u64, width: usize) -> u64 {
        let terms: u64 = (0..kept)
            .map(|j| 1 + (n - kept).min(kept - j))
            .fold(0, u64::saturating_add);
        terms.saturating_add(kept).saturating_mul(width as u64)
    }

    /// `choose_n` is `C(n, 0..kept)`.
    fn new(n: u64, kept: u64, choose_n: Vec<BigUint>) -> Weights {
        let tail: Vec<bool> = (0..kept).map(|j| Weights::tail(n, kept, j)).collect();
        let rows = (0..kept)
            .map(|j| {
                let last = if tail[j as usize] {
                    n - kept
                } else {
                    kept - j - 1
                };
                binomial_row(n - j, last)
            })
            .collect();
        let first_head = tail.iter().position(|&t| !t).map(|j| j as u64);
        Weights {
            n,
            kept,
            choose_n,
            rows,
            pow_lo: if tail[0] { 0 } else { n - kept + 1 },
            pow_hi: first_head.map_or(n - kept, |j| n - j),
            tail,
        }
    }

    /// `b^pow_lo ..= b^pow_hi`.
    fn powers(&self, b: &BigUint) -> Vec<BigUint> {
        let mut p = b.pow(self.pow_lo as u32);
        let mut v = Vec::with_capacity((self.pow_hi - self.pow_lo + 1) as usize);
        for _ in self.pow_lo..self.pow_hi {
            let next = &p * b;
            v.push(p);
            p = next;
        }
        v.push(p);
        v
    }

    /// `C(n, j) W_j` at a value of count `c`; `above` holds the powers of
    /// `c + B`, `below` those of `B`.
    fn finish(&self, j: usize, c: &BigUint, above: &[BigUint], below: &[BigUint]) -> BigUint {
        let big_n = self.n - j as u64;
        let need = self.kept - j as u64;
        let at = |e: u64| (e - self.pow_lo) as usize;
        let row = &self.rows[j];
        let mut sum = BigUint::zero();
        let w = if self.tail[j] {
            // i = N - e from `need` up to N, so e from n - kept down to 0.
            let mut cp = c.pow(need as u32);
            for e in (0..row.len()).rev() {
                sum += &row[e] * &cp * &below[at(e as u64)];
                if e > 0 {
                    cp *= c;
                }
            }
            sum
        } else {
            let mut cp = BigUint::one();
            for (i, b) in row.iter().enumerate() {
                sum += b * &cp * &below[at(big_n - i as u64)];
                if i + 1 < row.len() {
                    cp *= c;
                }
            }
            &above[at(big_n)] - sum
        };
        w * &self.choose_n[j]
    }
}

/// `C(m, 0..=hi)`.
fn binomial_row(m: u64, hi: u64) -> Vec<BigUint> {
    let mut row = vec![BigUint::one()];
    for i in 0..hi {
        let next = row[i as usize].clone() * BigUint::from(m - i) / BigUint::from(i + 1);
        row.push(next);
    }
    row
}

#[cfg(test)]
mod tests;

//! Exact distributions of dice expressions.
//!
//! Every expression the roller accepts has an exact distribution here, built
//! with the same rules as [`crate::roll`]:
//! * sums of identical dice by repeated squaring of the one-die [`Pmf`];
//! * rerolls exactly, including the reroll cap of the roller;
//! * explosions by unrolling the chain to a depth `D` chosen from the
//!   tolerance: the smallest `D` such that `n * q^(D+1) < tol` where `q` is
//!   the chance one roll explodes and `n` the number of dice. Chains longer
//!   than `D` become leftover (reported, never dropped). When `D` reaches the
//!   roller's cap ([`MAX_EXPLOSION_DEPTH`]) the result is exact under the cap
//!   rule (e.g. `1d1!` is exactly 101);
//! * keep/drop of identical dice by the order statistics of i.i.d. dice
//!   (module `keep`): values from the best down, with the powers of the better
//!   values' generating polynomial as the only state and fixed-width machine
//!   integers inside: `O(values * keep^2 * sums)`, never the `values^dice`
//!   outcomes. Exploding dice are ranked by their chain total, exactly as
//!   rolled;
//! * groups by convolution, or for keep/drop by a DP over the kept values
//!   (exact, bounded by the work limit);
//! * `+ - * /` between independent sub-expressions by convolution or
//!   pairwise combination; `/` rounds toward negative infinity.
//!
//! The tolerance is split evenly over the exploding terms, and leftovers
//! combine sub-additively, so the total leftover is below the tolerance.

use crate::ast::*;
use crate::error::DiceError;
use crate::kind::Prob;
use crate::limits::*;
use crate::pmf::Pmf;
use crate::roll::apply;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

mod keep;
mod limbs;

/// Options for exact evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistOptions {
    /// Explosions are truncated so that the total leftover is below this.
    /// Default `1/10^12`. Zero means "unroll to the roller's cap".
    pub tolerance: Prob,
    /// Most work units the evaluation may spend (at most, and by default,
    /// [`MAX_DIST_WORK`]): a smaller budget answers sooner with the same
    /// limit error (the fuzz targets use one).
    pub max_work: u64,
}

impl Default for DistOptions {
    fn default() -> Self {
        DistOptions {
            tolerance: Prob::new(BigInt::one(), BigInt::from(10u64.pow(12))),
            max_work: MAX_DIST_WORK,
        }
    }
}

struct Ctx {
    tol: Prob,
    work: u64,
    max_work: u64,
}

impl Ctx {
    fn charge(&mut self, units: u64) -> Result<(), DiceError> {
        self.work = self.work.saturating_add(units);
        if self.work > self.max_work {
            return Err(DiceError::limit(
                "work for an exact distribution (try fewer dice)",
                self.max_work,
            ));
        }
        Ok(())
    }

    /// Charges and reduces `p` to lowest terms. The binary gcd of its
    /// denominator is quadratic in its limbs `L`: charged `2 L^2`, which
    /// measured as long as the products' charge per unit. The leftover
    /// and the table reduce it again after. A denominator of 800,000 bits
    /// (`100d3!r2kh0`) spent seconds here uncharged.
    fn reduce(&mut self, p: &mut Pmf) -> Result<(), DiceError> {
        let l = limbs(p);
        self.charge(l.saturating_mul(l).saturating_mul(2))?;
        p.reduce();
        Ok(())
    }

    /// Charges raising a number of `bits` bits to the power `n`: the
    /// result's `L` limbs to the power 1.5 (the squarings' Karatsuba
    /// products, within a small factor).
    fn charge_power(&mut self, bits: u64, n: u64) -> Result<(), DiceError> {
        let l = bits.saturating_mul(n) / 64 + 1;
        self.charge(l.saturating_mul(l.isqrt()))
    }
}

fn limbs(p: &Pmf) -> u64 {
    p.denom().bits() / 64 + 1
}

/// Exact distribution of a parsed expression.
pub fn distribution(node: &Node, opts: &DistOptions) -> Result<Pmf, DiceError> {
    if opts.tolerance.is_negative() {
        return Err(DiceError::BadOption(
            "tolerance must not be negative".into(),
        ));
    }
    let k = count_exploding(node).max(1);
    let mut ctx = Ctx {
        tol: &opts.tolerance / Prob::from_integer(BigInt::from(k)),
        work: 0,
        max_work: opts.max_work.min(MAX_DIST_WORK),
    };
    let mut p = eval(node, &mut ctx)?;
    ctx.reduce(&mut p)?;
    Ok(p)
}

fn count_exploding(n: &Node) -> u64 {
    match n {
        Node::Num(_) => 0,
        Node::Dice(t) => u64::from(t.mods.explode.is_some()),
        Node::Group(g) => g.items.iter().map(count_exploding).sum(),
        Node::Neg(a) => count_exploding(a),
        Node::Bin(_, a, b) => count_exploding(a) + count_exploding(b),
    }
}

fn eval(n: &Node, ctx: &mut Ctx) -> Result<Pmf, DiceError> {
    match n {
        Node::Num(v) => Ok(Pmf::point(*v)),
        Node::Neg(a) => eval(a, ctx)?.map(|v| v.checked_neg().ok_or(DiceError::Overflow)),
        Node::Bin(op, a, b) => {
            let x = eval(a, ctx)?;
            let y = eval(b, ctx)?;
            binary(*op, &x, &y, ctx)
        }
        Node::Dice(t) => dice(t, ctx),
        Node::Group(g) => group(g, ctx),
    }
}

fn binary(op: BinOp, x: &Pmf, y: &Pmf, ctx: &mut Ctx) -> Result<Pmf, DiceError> {
    ctx.charge((x.len() as u64) * (y.len() as u64) * (limbs(x) + limbs(y)))?;
    if op == BinOp::Div && y.p_eq(0) > Prob::zero() {
        return Err(DiceError::DivisionByZero);
    }
    let mut r = match op {
        BinOp::Add => x.convolve(y)?,
        BinOp::Sub => x.convolve(&y.map(|v| v.checked_neg().ok_or(DiceError::Overflow))?)?,
        _ => {
            if let (Some(a), Some(b)) = (y.min(), y.max())
                && a == b
                && y.total().is_one()
            {
                x.map(|v| apply(op, v, a))?
            } else {
                x.combine(y, |a, b| apply(op, a, b))?
            }
        }
    };
    ctx.reduce(&mut r)?;
    Ok(r)
}

/// Score of one counted die: its value, or +1/-1/0 in success mode.
fn scorer(m: &Mods) -> impl Fn(i64) -> i64 + Copy + '_ {
    move |v| match m.success {
        None => v,
        Some(s) if s.matches(v) => 1,
        Some(_) if m.failure.is_some_and(|f| f.matches(v)) => -1,
        Some(_) => 0,
    }
}

/// One physical roll with rerolls, as an exact pmf over faces.
fn roll_pmf(t: &DiceTerm, ctx: &mut Ctx) -> Result<Pmf, DiceError> {
    let f = match &t.die {
        Die::Sides(s) => Pmf::range(1, *s as i64)?,
        d => Pmf::uniform(&d.faces())?,
    };
    let Some(r) = t.mods.reroll else { return Ok(f) };
    let (matching, keep) = f.split(|v| r.on.matches(v));
    let (mq, d) = (matching.known_count(), f.denom().clone());
    // After k allowed rerolls: R_k = keep + q * R_{k-1}, R_0 = F.
    let cap = if r.once { 1 } else { MAX_EXPLOSION_DEPTH };
    let mut acc = f.clone();
    for _ in 0..cap {
        // Each reroll scales every face's count, whose denominator grows
        // by a factor of `d` a level: a die of 80,011 faces rerolled to
        // the cap once spent seconds here uncharged (`11D80011=6r6`).
        ctx.charge((acc.len() as u64).saturating_mul(limbs(&acc) + 1))?;
        acc = keep.add(&acc.scale(&mq, &d))?;
        ctx.reduce(&mut acc)?;
    }
    Ok(acc)
}

/// Smallest depth `D <= cap` with `n * q^(D+1) < tol`; `q = e / d`.
fn depth_for(n: u64, e: &BigUint, d: &BigUint, tol: &Prob, cap: u32) -> u32 {
    if e.is_zero() {
        return 0;
    }
    let (tn, td) = (tol.numer(), tol.denom());
    let lhs_base = BigInt::from(n) * td;
    let (mut qe, mut qd) = (BigInt::from(e.clone()), BigInt::from(d.clone()));
    for depth in 0..cap {
        // n * qe/qd < tn/td  <=>  n * td * qe < tn * qd
        if &lhs_base * &qe < tn * &qd {
            return depth;
        }
        qe *= BigInt::from(e.clone());
        qd *= BigInt::from(d.clone());
    }
    cap
}

/// Distribution of one die's contribution: its chain total, or (for
/// separate-die success counting) its chain's summed scores.
fn die_pmf(t: &DiceTerm, ctx: &mut Ctx, score_each: bool) -> Result<Pmf, DiceError> {
    let r = roll_pmf(t, ctx)?;
    let score = scorer(&t.mods);
    let contrib = |v: i64, level: u32, kind: Option<ExplodeKind>| -> i64 {
        let c = if level > 0 && kind == Some(ExplodeKind::Penetrate) {
            v - 1
        } else {
            v
        };
        if score_each { score(c) } else { c }
    };
    let Some(e) = t.mods.explode else {
        return r.map(|v| Ok(contrib(v, 0, None)));
    };
    let (exp, non) = r.split(|v| e.on.matches(v));
    let cap = if e.kind == ExplodeKind::Once {
        1
    } else {
        MAX_EXPLOSION_DEPTH
    };
    let depth = depth_for(t.count.max(1), &exp.known_count(), r.denom(), &ctx.tol, cap);
    let k = Some(e.kind);
    // Innermost level: at the cap every face stops; otherwise exploding faces
    // are cut off (their mass becomes leftover).
    let mut y = if depth >= cap {
        r.map(|v| Ok(contrib(v, depth, k)))?
    } else {
        non.map(|v| Ok(contrib(v, depth, k)))?
    };
    for level in (0..depth).rev() {
        let n_l = non.map(|v| Ok(contrib(v, level, k)))?;
        let e_l = exp.map(|v| Ok(contrib(v, level, k)))?;
        ctx.charge((e_l.len() as u64) * (y.len() as u64) * (limbs(&y) + 1))?;
        let mut next = e_l.convolve(&y)?;
        next = next.add(&n_l.with_denom(next.denom()))?;
        y = next;
    }
    ctx.reduce(&mut y)?;
    Ok(y)
}

fn dice(t: &DiceTerm, ctx: &mut Ctx) -> Result<Pmf, DiceError> {
    let m = &t.mods;
    let separate = m.keep.is_none()
        && m.success.is_some()
        && matches!(
            m.explode.map(|e| e.kind),
            Some(ExplodeKind::Standard) | Some(ExplodeKind::Penetrate)
        );
    let n = t.count;
    let plain_sum = m.success.is_none() && m.keep.is_none_or(|k| k.kept(n).1 >= n);
    if let Some(e) = m.explode
        && plain_sum
        && matches!(e.kind, ExplodeKind::Standard | ExplodeKind::Compound)
        && let Some(p) = exploding_sum(&roll_pmf(t, ctx)?, e, n, ctx)?
    {
        return Ok(p);
    }
    let x = die_pmf(t, ctx, separate)?;
    if let Some(k) = m.keep {
        let (highest, kept) = k.kept(n);
        if kept < n {
            let score = scorer(m);
            return keep::keep_dp(&x, n, kept, highest, &score, ctx);
        }
    }
    let z = if m.success.is_some() && !separate {
        x.map(|v| Ok(scorer(m)(v)))?
    } else {
        x
    };
    let span = z.max().unwrap_or(0).saturating_sub(z.min().unwrap_or(0)) as u64 + 1;
    let size = span.saturating_mul(n);
    ctx.charge(
        size.saturating_mul(size)
            .saturating_mul(limbs(&z).saturating_mul(n).min(1 << 20))
            / 4,
    )?;
    z.power(n)
}

/// Fast exact sum of `n` exploding dice (no keep, no success counting).
///
/// With `N` the non-exploding faces and `E` the exploding ones, the sum has
/// generating function `N(z)^n / (1 - E(z))^n`. Dividing by `1 - E(z)` is the
/// recurrence `a[t] = b[t] + sum_e E_e a[t-e]`, linear in the number of
/// totals. Every total `t <= Tmax` gets its exact, *untruncated*
/// probability; the leftover is `P(total > Tmax)`, and `Tmax` is doubled
/// until it is below the tolerance. Counts are kept over `d^(n + J)`, where
/// `J` bounds the explosions below `Tmax`, so each division by `d` is exact.
/// Returns `None` (use the general path) when an exploding face is not
/// positive, every face explodes, or the roller's cap could matter.
fn exploding_sum(r: &Pmf, e: Explode, n: u64, ctx: &mut Ctx) -> Result<Option<Pmf>, DiceError> {
    let (exp, non) = r.split(|v| e.on.matches(v));
    let (Some(emin), Some(nmin)) = (exp.min(), non.min()) else {
        return Ok(None);
    };
    if emin <= 0 || n == 0 {
        return Ok(None);
    }
    let d = r.denom().clone();
    let edges: Vec<(usize, BigUint)> = exp
        .counts()
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_zero())
        .map(|(i, c)| ((exp.offset() + i as i64) as usize, c.clone()))
        .collect();
    // The power convolves the non-exploding faces with themselves: about
    // (faces x n)^2 / 4 products of counts, as the general path charges
    // (a 2d11002!11 once spent seconds here on a charge of 44,000).
    let size = (non.len() as u64).saturating_mul(n);
    ctx.charge(
        size.saturating_mul(size)
            .saturating_mul(limbs(&non).saturating_mul(n).min(1 << 20))
            / 4,
    )?;
    let base = non.power(n)?; // counts over d^n
    let tmin = base.offset();
    debug_assert_eq!(tmin, nmin.saturating_mul(n as i64));
    let mut span = (base.counts().len() as u64 + 1).saturating_mul(2).max(64);
    loop {
        if span > MAX_SUPPORT as u64 {
            return Ok(None);
        }
        let jmax = (span - 1) / emin as u64;
        if jmax >= MAX_EXPLOSION_DEPTH as u64 {
            return Ok(None);
        }
        let denom = d.pow((n + jmax) as u32);
        let lim = (jmax + n).saturating_mul(d.bits()) / 64 + 1;
        ctx.charge(
            n.saturating_mul(span)
                .saturating_mul(edges.len() as u64)
                .saturating_mul(lim),
        )?;
        let scale = d.pow(jmax as u32);
        let mut a: Vec<BigUint> = vec![BigUint::zero(); span as usize];
        for (i, c) in base.counts().iter().enumerate().take(span as usize) {
            a[i] = c * &scale;
        }
        for _ in 0..n {
            for i in 0..a.len() {
                let mut add = BigUint::zero();
                for (ev, ec) in &edges {
                    if i >= *ev {
                        add += ec * &a[i - ev];
                    }
                }
                if !add.is_zero() {
                    a[i] += add / &d;
                }
            }
        }
        let p = Pmf::raw(tmin, a, denom);
        if p.leftover() < ctx.tol {
            let mut p = p;
            ctx.reduce(&mut p)?;
            return Ok(Some(p));
        }
        span = span.saturating_mul(2);
    }
}

fn group(g: &Group, ctx: &mut Ctx) -> Result<Pmf, DiceError> {
    let items: Vec<Pmf> = g
        .items
        .iter()
        .map(|i| eval(i, ctx))
        .collect::<Result<_, _>>()?;
    let score = scorer(&g.mods);
    let n = items.len() as u64;
    if let Some(k) = g.mods.keep {
        let (highest, kept) = k.kept(n);
        if kept < n {
            return group_keep(&items, kept as usize, highest, &score, ctx);
        }
    }
    let mut acc = Pmf::point(0);
    for p in &items {
        let z = if g.mods.success.is_some() {
            p.map(|v| Ok(score(v)))?
        } else {
            p.clone()
        };
        ctx.charge((acc.len() as u64) * (z.len() as u64) * (limbs(&acc) + limbs(&z)))?;
        acc = acc.convolve(&z)?;
        ctx.reduce(&mut acc)?;
    }
    Ok(acc)
}

/// Keep the `kept` best of non-identical independent items: a DP whose state
/// is the sorted list of the best values so far.
fn group_keep(
    items: &[Pmf],
    kept: usize,
    highest: bool,
    score: &dyn Fn(i64) -> i64,
    ctx: &mut Ctx,
) -> Result<Pmf, DiceError> {
    let mut states: BTreeMap<Vec<i64>, BigUint> = BTreeMap::new();
    states.insert(Vec::new(), BigUint::one());
    let mut denom = BigUint::one();
    for p in items {
        let mut next: BTreeMap<Vec<i64>, BigUint> = BTreeMap::new();
        ctx.charge((states.len() as u64) * (p.len() as u64) * (kept as u64 + limbs(p)))?;
        for (st, cnt) in &states {
            for (i, c) in p.counts().iter().enumerate() {
                if c.is_zero() {
                    continue;
                }
                let v = p.offset() + i as i64;
                let mut s = st.clone();
                let pos = if highest {
                    s.partition_point(|&x| x >= v)
                } else {
                    s.partition_point(|&x| x <= v)
                };
                s.insert(pos, v);
                s.truncate(kept);
                *next.entry(s).or_default() += cnt * c;
            }
        }
        if next.len() > MAX_SUPPORT {
            return Err(DiceError::limit(
                "states in a group keep/drop distribution",
                MAX_SUPPORT as u64,
            ));
        }
        states = next;
        denom *= p.denom();
    }
    let mut w = Vec::with_capacity(states.len());
    for (st, cnt) in states {
        let mut total: i64 = 0;
        for v in st {
            total = total.checked_add(score(v)).ok_or(DiceError::Overflow)?;
        }
        w.push((total, cnt));
    }
    let mut p = Pmf::from_weights(w, denom)?;
    ctx.reduce(&mut p)?;
    Ok(p)
}

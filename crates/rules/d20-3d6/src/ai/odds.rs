//! The AIs' dice odds: the chance that 3 golden d6 and extra dice reach
//! a total (X-ATK-008/009, criticals every +8: X-DMG-002) and that one
//! side wins an opposed check (X-ATK-011, X-SPM-007/008), read from tables
//! worked out once per process.
//!
//! The seasoned AI asks these millions of times a battle (every foe's
//! swings at every hex it weighs), so a lookup is an index into a row:
//! [`Odds`] is one row, fetched once for all the totals of a roll, and an
//! opposed check's chance of rolling above a difference is kept summed
//! (the same sum, in the same order, as adding the row up at each ask).

use std::sync::OnceLock;

const LOW: i32 = -60;
const HIGH: i32 = 140;
const SPAN: usize = (HIGH - LOW) as usize + 1;
const EXTRA: i32 = 6;

/// One golden die's distribution by total: 0, 2, 3, 4, 5 with 1/6 each,
/// 6 + another die with 1/6, explosions cut after ten dice (80 totals).
fn golden_die() -> Vec<f64> {
    let n = 80usize;
    let mut die = vec![0f64; n];
    let mut scale = 1.0;
    let mut base = 0usize;
    for _ in 0..10 {
        for v in [0usize, 2, 3, 4, 5] {
            if base + v < n {
                die[base + v] += scale / 6.0;
            }
        }
        scale /= 6.0;
        base += 6;
    }
    die
}

/// The distribution of the sum of two independent totals.
fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0f64; a.len() + b.len()];
    for (i, x) in a.iter().enumerate() {
        if *x == 0.0 {
            continue;
        }
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// P(total >= i) for each i in 0..=dist.len() (the last none), each
/// summed upward from `i` as the table's rows always were, so the rows
/// keep their every bit; kept once per distribution instead of summed
/// again for each of the row's totals and the dice taken away (that took
/// 6 ms, before the first fight of every d20-3d6 simulation).
fn tails(dist: &[f64]) -> Vec<f64> {
    (0..=dist.len())
        .map(|from| dist[from..].iter().sum())
        .collect()
}

/// P(3 golden d6 + `extra` golden dice >= t) for t in LOW..=HIGH, extra in
/// -EXTRA..=EXTRA, explosions cut at a depth that leaves nothing visible
/// to a decision.
fn table() -> &'static Vec<[f64; SPAN]> {
    static T: OnceLock<Vec<[f64; SPAN]>> = OnceLock::new();
    T.get_or_init(|| {
        let die = golden_die();
        let three = convolve(&convolve(&die, &die), &die);
        let mut rows = Vec::new();
        for extra in -EXTRA..=EXTRA {
            let mut pos = three.clone();
            let mut neg = vec![1.0f64];
            for _ in 0..extra.unsigned_abs() {
                if extra > 0 {
                    pos = convolve(&pos, &die);
                } else {
                    neg = convolve(&neg, &die);
                }
            }
            let tails = tails(&pos);
            // P(pos - neg >= t).
            let mut row = [0f64; SPAN];
            for (k, slot) in row.iter_mut().enumerate() {
                let t = LOW + k as i32;
                let mut p = 0.0;
                for (j, q) in neg.iter().enumerate() {
                    if *q == 0.0 {
                        continue;
                    }
                    let need = t + j as i32;
                    let from = (need.max(0) as usize).min(pos.len());
                    p += q * tails[from];
                }
                *slot = p;
            }
            rows.push(row);
        }
        rows
    })
}

/// One row of the table: the chances of 3 golden d6 and `extra` golden
/// dice (fewer when negative) by the total to reach.
#[derive(Clone, Copy)]
pub struct Odds(&'static [f64; SPAN]);

impl Odds {
    /// The row for `extra` dice (clamped to the table's ±[`EXTRA`]).
    #[inline]
    pub fn of(extra: i32) -> Odds {
        Odds(&table()[(extra.clamp(-EXTRA, EXTRA) + EXTRA) as usize])
    }

    /// P(dice + `bonus` >= `t`), without the clamps of the automatic
    /// results: the chance of a margin (criticals, X-DMG-002).
    #[inline]
    pub fn tail(self, bonus: i32, t: i32) -> f64 {
        self.0[((t - bonus).clamp(LOW, HIGH) - LOW) as usize]
    }

    /// P(dice + `bonus` >= `defense`), never below three 6s (1/216) nor
    /// above all but three 1s (X-ATK-008/009).
    #[inline]
    pub fn chance(self, bonus: i32, defense: i32) -> f64 {
        self.tail(bonus, defense).clamp(1.0 / 216.0, 215.0 / 216.0)
    }
}

/// The chance that the dice plus `bonus` with `extra` dice reach `defense`:
/// never below three 6s (1/216) nor above all but three 1s (X-ATK-008/009).
pub fn chance(bonus: i32, extra: i32, defense: i32) -> f64 {
    Odds::of(extra).chance(bonus, defense)
}

/// The size dice an opposed check may carry (X-SPM-007), each way.
const SIZES: i32 = 3;
/// The differences an opposed table holds, each way.
const DIFF: i32 = 120;

/// One size's opposed check: the distribution of (3 golden d6 + `s`
/// dice) - (3 golden d6) by difference from -DIFF, and for each `t` from
/// -DIFF - 1 to DIFF the chance of a difference above it.
struct Opposed {
    diff: Vec<f64>,
    above: Vec<f64>,
}

impl Opposed {
    /// The chance of difference `d` (the ends hold everything beyond).
    #[inline]
    fn at(&self, d: i32) -> f64 {
        self.diff[(d.clamp(-DIFF, DIFF) + DIFF) as usize]
    }

    /// The chance of a difference above `t`: the sum of [`Opposed::at`]
    /// over `t + 1..=DIFF`, kept for the `t` a check meets, added up at
    /// the ask beyond them (the ends clamp, so a `t` below -DIFF - 1
    /// counts the lowest difference again).
    fn above(&self, t: i32) -> f64 {
        match usize::try_from(t.saturating_add(DIFF + 1)) {
            Ok(i) if i < self.above.len() => self.above[i],
            _ => self.sum_above(t),
        }
    }

    fn sum_above(&self, t: i32) -> f64 {
        (t + 1..=DIFF).map(|d| self.at(d)).sum()
    }
}

/// [`Opposed`] for each `s` in -SIZES..=SIZES.
fn opposed_table() -> &'static Vec<Opposed> {
    static T: OnceLock<Vec<Opposed>> = OnceLock::new();
    T.get_or_init(|| {
        let die = golden_die();
        let sum = |k: i32| {
            let mut v = vec![1.0f64];
            for _ in 0..k {
                v = convolve(&v, &die);
            }
            v
        };
        let mut rows = Vec::new();
        for s in -SIZES..=SIZES {
            let pos = sum(3 + s.max(0));
            let neg = sum(3 + (-s).max(0));
            let mut row = vec![0f64; (2 * DIFF + 1) as usize];
            for (i, x) in pos.iter().enumerate() {
                if *x < 1e-12 {
                    continue;
                }
                for (j, y) in neg.iter().enumerate() {
                    let d = (i as i32 - j as i32).clamp(-DIFF, DIFF);
                    row[(d + DIFF) as usize] += x * y;
                }
            }
            let mut size = Opposed {
                diff: row,
                above: Vec::new(),
            };
            size.above = (-DIFF - 1..=DIFF).map(|t| size.sum_above(t)).collect();
            rows.push(size);
        }
        rows
    })
}

/// The chance that the initiator of an opposed check wins (X-ATK-011,
/// X-FLW-002): its 3 golden d6 + `size` dice (X-SPM-007) + `mine` beat the
/// other's 3 golden d6 + `theirs`; a tie goes to the higher modifier, equal
/// modifiers roll again; three 1s for the initiator always lose (X-SPM-008).
pub fn opposed_chance(mine: i32, size: i32, theirs: i32) -> f64 {
    let row = &opposed_table()[(size.clamp(-SIZES, SIZES) + SIZES) as usize];
    // Win when diff > theirs - mine.
    let t = theirs - mine;
    let above = row.above(t);
    let tie = row.at(t);
    let p = match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => above + tie,
        std::cmp::Ordering::Less => above,
        std::cmp::Ordering::Equal => above / (1.0 - tie).max(1e-9),
    };
    (p * (1.0 - 1.0 / 216.0)).clamp(0.0, 1.0)
}

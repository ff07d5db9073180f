//! [`HexPos::line_to`]'s line walked in integers, hex by hex, without a
//! `Vec` ([`Line`]): the same hexes as hexx's floating-point line, for the
//! hot paths of the simulator (a ruleset walks a mover's line once per
//! move).
//!
//! hexx's line lerps from one centre to the other in `f32` and rounds each
//! point ([`hexx::Hex::round`]). The point of step `i` of `n` is exactly
//! `a + (b - a) * i / n`, a rational with denominator `n` (kept as a
//! quotient and remainder, moved on by one addition a step); every quantity
//! the rounding compares is then a multiple of `1 / 2n`. Where none of
//! those comparisons is an exact tie, `f32`'s error (far below `1 / 2n` for
//! the coordinates and lengths [`Line`] computes in integers) cannot change
//! the result, so the integer answer is hexx's. Where one is a tie, the
//! point is computed as hexx does, in `f32`, so ties round exactly as
//! [`HexPos::line_to`] rounds them. Long lines and far coordinates are
//! computed as hexx does throughout. A test holds both to each other.

use hexx::{Hex, Vec2};

use crate::hex::HexPos;

/// The longest line [`Line`] works out in integers.
const MAX_EXACT_LEN: i64 = 64;

/// The largest coordinate [`Line`] works out in integers.
const MAX_EXACT_COORD: i32 = 1024;

/// The hexes of the straight line from one hex centre to another, both ends
/// included: exactly [`HexPos::line_to`]'s, one at a time.
#[derive(Clone, Debug)]
pub struct Line {
    from: HexPos,
    to: HexPos,
    /// Steps: the distance (at least the one point of a line of length 0).
    n: i64,
    /// The next step to yield.
    i: i64,
    /// Whether to work in integers (short lines near the origin).
    exact: bool,
    /// The point of the last step yielded, scaled by `n`, as quotient and
    /// remainder by `n` per coordinate: `q * n + r` with `0 <= r < n`.
    /// Each step adds the difference of the ends (at most `n`), so no step
    /// divides.
    x: (i64, i64),
    y: (i64, i64),
}

impl Line {
    /// The line from `from` to `to`.
    #[must_use]
    pub fn new(from: HexPos, to: HexPos) -> Line {
        let n = i64::from(from.distance(to));
        let near = |p: HexPos| {
            p.q.unsigned_abs() <= MAX_EXACT_COORD.unsigned_abs()
                && p.r.unsigned_abs() <= MAX_EXACT_COORD.unsigned_abs()
        };
        Line {
            from,
            to,
            n,
            i: 0,
            exact: n <= MAX_EXACT_LEN && near(from) && near(to),
            x: (i64::from(from.q), 0),
            y: (i64::from(from.r), 0),
        }
    }

    /// Step `i`'s hex, as hexx computes it (the `f32` lerp, rounded).
    fn float_point(&self, i: i64) -> HexPos {
        let dist = self.n.max(1) as f32;
        let a = Vec2::new(self.from.q as f32, self.from.r as f32);
        let b = Vec2::new(self.to.q as f32, self.to.r as f32);
        HexPos::from(Hex::from(a.lerp(b, i as f32 / dist)))
    }

    /// Moves the scaled point on by one step.
    fn advance(&mut self) {
        let n = self.n;
        let add = |(q, r): (i64, i64), d: i64| {
            let r = r + d;
            if r >= n {
                (q + 1, r - n)
            } else if r < 0 {
                (q - 1, r + n)
            } else {
                (q, r)
            }
        };
        self.x = add(self.x, i64::from(self.to.q) - i64::from(self.from.q));
        self.y = add(self.y, i64::from(self.to.r) - i64::from(self.from.r));
    }

    /// The current point's hex in integers, or `None` at an exact tie of
    /// the rounding (then [`Line::float_point`] decides, as hexx does).
    fn exact_point(&self) -> Option<HexPos> {
        let n = self.n;
        // `f32::round` of q + r / n: what is left after it, in units of
        // 1 / n (a remainder of exactly one half is a tie).
        let round = |(q, r): (i64, i64)| -> Option<(i64, i64)> {
            match (2 * r).cmp(&n) {
                std::cmp::Ordering::Less => Some((q, r)),
                std::cmp::Ordering::Greater => Some((q + 1, r - n)),
                std::cmp::Ordering::Equal => None,
            }
        };
        let ((mut xr, fx), (mut yr, fy)) = (round(self.x)?, round(self.y)?);
        // `round(t / 2n)` for |t| <= 1.5n: -1, 0 or 1 (|t| = n is a tie).
        let unit = |t: i64| -> Option<i64> {
            match t.abs().cmp(&n) {
                std::cmp::Ordering::Less => Some(0),
                std::cmp::Ordering::Greater => Some(t.signum()),
                std::cmp::Ordering::Equal => None,
            }
        };
        // `0.5 * other + own`, in units of 1 / 2n, added to the coordinate
        // that rounding moved further.
        let (along_x, along_y) = (unit(2 * fx + fy), unit(2 * fy + fx));
        if fx.abs() > fy.abs() {
            xr += along_x?;
        } else if fx.abs() < fy.abs() {
            yr += along_y?;
        } else if along_x != Some(0) || along_y != Some(0) {
            // Equally far: `f32` decides which is corrected, and it matters.
            return None;
        }
        Some(HexPos::new(
            i32::try_from(xr).ok()?,
            i32::try_from(yr).ok()?,
        ))
    }
}

impl Iterator for Line {
    type Item = HexPos;

    fn next(&mut self) -> Option<HexPos> {
        if self.i > self.n {
            return None;
        }
        let i = self.i;
        self.i += 1;
        // The ends are the ends (hexx's lerp gives them exactly too).
        if i == 0 {
            return Some(self.from);
        }
        if i == self.n {
            return Some(self.to);
        }
        if !self.exact {
            return Some(self.float_point(i));
        }
        self.advance();
        Some(self.exact_point().unwrap_or_else(|| self.float_point(i)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.n + 1 - self.i).unwrap_or(0);
        (left, Some(left))
    }
}

impl ExactSizeIterator for Line {}

impl HexPos {
    /// [`HexPos::line_to`]'s hexes one at a time, worked out in integers
    /// where that is exact ([`Line`]), without collecting them.
    #[must_use]
    pub fn line_iter(self, to: HexPos) -> Line {
        Line::new(self, to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line between two hexes of a radius-7 area around a few
    /// centres (some off the origin, some far), against hexx's.
    #[test]
    fn same_hexes_as_line_to() {
        for centre in [
            HexPos::new(0, 0),
            HexPos::new(3, -2),
            HexPos::new(-40, 17),
            HexPos::new(1020, -1019),
            HexPos::new(4000, -3990),
            HexPos::new(100_000, 5),
        ] {
            let area = centre.area(7);
            for &a in &area {
                for &b in &area {
                    let line: Vec<HexPos> = a.line_iter(b).collect();
                    assert_eq!(line, a.line_to(b), "{a:?} -> {b:?}");
                }
            }
        }
    }

    /// The integers answer most points (the `f32` fallback is for exact
    /// ties, common on lines between the axes, absent along them), and each
    /// of their answers is hexx's.
    #[test]
    fn integers_answer_most_points() {
        let area = HexPos::new(2, -1).area(6);
        let (mut exact, mut all) = (0, 0);
        for &a in &area {
            for &b in &area {
                let mut line = Line::new(a, b);
                for i in 1..line.n {
                    all += 1;
                    line.advance();
                    if let Some(h) = line.exact_point() {
                        exact += 1;
                        assert_eq!(h, line.float_point(i), "{a:?} -> {b:?}, step {i}");
                    }
                }
            }
        }
        assert!(exact * 10 > all * 4, "{exact} of {all}");
        for to in [HexPos::new(9, 1), HexPos::new(1, -6), HexPos::new(-5, 7)] {
            let mut line = Line::new(HexPos::new(1, 1), to);
            assert!((1..line.n).all(|_| {
                line.advance();
                line.exact_point().is_some()
            }));
        }
    }

    /// Long lines, up to and past the integer limit.
    #[test]
    fn long_lines_match() {
        let o = HexPos::new(-3, 2);
        for (q, r) in [
            (60, -31),
            (61, 3),
            (62, -100),
            (64, 0),
            (65, -3),
            (-77, 200),
        ] {
            let b = HexPos::new(q, r);
            let line: Vec<HexPos> = o.line_iter(b).collect();
            assert_eq!(line, o.line_to(b), "{o:?} -> {b:?}");
            assert_eq!(o.line_iter(b).len(), line.len());
        }
    }
}

//! The square grid of d20-3d6: 1 m squares, eight neighbours, Chebyshev
//! distance (X-MOV-004: a diagonal step counts as 1).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hex::COORD_LIMIT;
use crate::walls::Walls;

/// A square: `x` grows to the east (screen right), `y` to the south
/// (screen down). Serialized as `{ x = 3, y = 4 }` (unknown keys are
/// errors; coordinates beyond [`COORD_LIMIT`] are rejected).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(try_from = "RawSquarePos")]
pub struct SquarePos {
    /// Column, east positive.
    pub x: i32,
    /// Row, south positive.
    pub y: i32,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawSquarePos {
    x: i32,
    y: i32,
}

impl TryFrom<RawSquarePos> for SquarePos {
    type Error = String;
    fn try_from(raw: RawSquarePos) -> Result<Self, Self::Error> {
        let pos = SquarePos::new(raw.x, raw.y);
        if pos.in_supported_range() {
            Ok(pos)
        } else {
            Err(format!(
                "square coordinate {pos} is out of range (|x|, |y| must be at most {COORD_LIMIT})"
            ))
        }
    }
}

impl fmt::Debug for SquarePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SquarePos({}, {})", self.x, self.y)
    }
}

impl fmt::Display for SquarePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(x {}, y {})", self.x, self.y)
    }
}

/// The eight steps, clockwise from north: N, NE, E, SE, S, SW, W, NW.
const STEPS: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

impl SquarePos {
    /// The origin square.
    pub const ORIGIN: Self = Self::new(0, 0);

    /// Builds a position.
    #[must_use]
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// Whether both coordinates are within [`COORD_LIMIT`].
    #[must_use]
    pub const fn in_supported_range(self) -> bool {
        self.x.unsigned_abs() <= COORD_LIMIT.unsigned_abs()
            && self.y.unsigned_abs() <= COORD_LIMIT.unsigned_abs()
    }

    /// Chebyshev distance `max(|dx|, |dy|)` (X-MOV-004), computed without
    /// overflow and saturating at `u32::MAX`.
    #[must_use]
    pub fn distance(self, other: Self) -> u32 {
        let dx = (i64::from(other.x) - i64::from(self.x)).abs();
        let dy = (i64::from(other.y) - i64::from(self.y)).abs();
        u32::try_from(dx.max(dy)).unwrap_or(u32::MAX)
    }

    /// The eight adjacent squares, clockwise from north (wrapping at the
    /// `i32` edge, far outside any map).
    #[must_use]
    pub fn neighbours(self) -> [Self; 8] {
        STEPS.map(|(dx, dy)| Self::new(self.x.wrapping_add(dx), self.y.wrapping_add(dy)))
    }

    /// All squares within Chebyshev `radius` (a `(2r+1)²` block), sorted by
    /// `y` then `x`. The radius is capped at [`COORD_LIMIT`].
    #[must_use]
    pub fn area(self, radius: u32) -> Vec<Self> {
        let r = i64::from(radius.min(COORD_LIMIT as u32));
        let mut out = Vec::new();
        for dy in -r..=r {
            for dx in -r..=r {
                if let Some(p) = self.offset(dx, dy) {
                    out.push(p);
                }
            }
        }
        out
    }

    /// The squares at exactly Chebyshev `radius` (the block's border),
    /// sorted by `y` then `x`.
    #[must_use]
    pub fn ring(self, radius: u32) -> Vec<Self> {
        let mut v = self.area(radius);
        v.retain(|p| p.distance(self) == radius.min(COORD_LIMIT as u32));
        v
    }

    fn offset(self, dx: i64, dy: i64) -> Option<Self> {
        let x = i32::try_from(i64::from(self.x) + dx).ok()?;
        let y = i32::try_from(i64::from(self.y) + dy).ok()?;
        Some(Self::new(x, y))
    }

    /// The squares on a Bresenham line from `self` to `to`, both included.
    ///
    /// Bresenham takes exactly one square per step along the major axis,
    /// so the line has `distance + 1` squares and consecutive squares are
    /// neighbours, matching the Chebyshev metric. Ties (exactly half way)
    /// round toward the end point's side; the line from `a` to `b` may thus
    /// differ from the reverse line in its middle squares.
    #[must_use]
    pub fn line_to(self, to: Self) -> Vec<Self> {
        let (x0, y0) = (i64::from(self.x), i64::from(self.y));
        let (dx, dy) = (i64::from(to.x) - x0, i64::from(to.y) - y0);
        let n = dx.abs().max(dy.abs());
        if n == 0 {
            return vec![self];
        }
        (0..=n)
            .filter_map(|i| {
                // Exact rational rounding (half away from the start).
                let fx = round_div(dx * i, n);
                let fy = round_div(dy * i, n);
                self.offset(fx, fy)
            })
            .collect()
    }
}

/// `a / b` rounded to nearest, halves rounded away from zero (b > 0).
fn round_div(a: i64, b: i64) -> i64 {
    let q = a.div_euclid(b);
    let r = a.rem_euclid(b);
    if 2 * r > b || (2 * r == b && a > 0) {
        q + 1
    } else {
        q
    }
}

/// Squares reachable within a budget, with the cheapest way there.
///
/// Ties between equally cheap routes: fewer steps first, then the first
/// found, settling squares in (cost, steps, y, x) order and trying
/// neighbours clockwise from north. Deterministic.
#[derive(Clone, Debug)]
pub struct SquareReach {
    start: SquarePos,
    budget: u32,
    cells: HashMap<SquarePos, (u32, u32, Option<SquarePos>)>,
}

/// Every square reachable from `start` for at most `budget`. Each step into
/// a square costs `enter(square)`; `None` means it cannot be entered. No
/// step crosses an edge `walls` blocks (see [`crate::Map::blocks_step`] for
/// diagonals; pass [`crate::NoWalls`] for none). Diagonal steps cost the
/// same as straight ones (X-MOV-004). Step costs of 0 are raised to 1 so
/// the search always ends.
pub fn square_reachable<F, W>(start: SquarePos, budget: u32, walls: &W, enter: F) -> SquareReach
where
    F: Fn(SquarePos) -> Option<u32>,
    W: Walls + ?Sized,
{
    let mut cells = HashMap::new();
    cells.insert(start, (0u32, 0u32, None));
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, 0u32, start.y, start.x)));
    while let Some(Reverse((cost, steps, y, x))) = heap.pop() {
        let here = SquarePos::new(x, y);
        match cells.get(&here) {
            Some(&(c, s, _)) if (c, s) < (cost, steps) => continue,
            _ => {}
        }
        for n in here.neighbours() {
            if walls.blocks_square_step(here, n) {
                continue;
            }
            let Some(step) = enter(n) else { continue };
            let Some(new_cost) = cost.checked_add(step.max(1)) else {
                continue;
            };
            if new_cost > budget {
                continue;
            }
            let new_steps = steps.saturating_add(1);
            let better = match cells.get(&n) {
                None => true,
                Some(&(c, s, _)) => (new_cost, new_steps) < (c, s),
            };
            if better {
                cells.insert(n, (new_cost, new_steps, Some(here)));
                heap.push(Reverse((new_cost, new_steps, n.y, n.x)));
            }
        }
    }
    SquareReach {
        start,
        budget,
        cells,
    }
}

impl SquareReach {
    /// Where the search started.
    #[must_use]
    pub fn start(&self) -> SquarePos {
        self.start
    }

    /// The budget searched with.
    #[must_use]
    pub fn budget(&self) -> u32 {
        self.budget
    }

    /// Cheapest cost to reach `pos`.
    #[must_use]
    pub fn cost_to(&self, pos: SquarePos) -> Option<u32> {
        self.cells.get(&pos).map(|c| c.0)
    }

    /// Every reachable square, sorted by `y` then `x`.
    #[must_use]
    pub fn squares(&self) -> Vec<SquarePos> {
        let mut v: Vec<SquarePos> = self.cells.keys().copied().collect();
        v.sort_unstable_by_key(|p| (p.y, p.x));
        v
    }

    /// The cheapest path to `pos` as `(square, cumulative cost)` pairs,
    /// starting with `(start, 0)`.
    #[must_use]
    pub fn path_to(&self, pos: SquarePos) -> Option<Vec<(SquarePos, u32)>> {
        let mut cur = pos;
        let mut rev = Vec::new();
        loop {
            let &(cost, _, prev) = self.cells.get(&cur)?;
            rev.push((cur, cost));
            match prev {
                Some(p) => cur = p,
                None => break,
            }
        }
        rev.reverse();
        Some(rev)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const O: SquarePos = SquarePos::ORIGIN;

    // rule: X-MOV-004
    #[test]
    fn diagonals_count_one() {
        assert_eq!(O.distance(SquarePos::new(3, 3)), 3);
        assert_eq!(O.distance(SquarePos::new(-2, 5)), 5);
        let m = square_reachable(O, 3, &crate::NoWalls, |_| Some(1));
        assert_eq!(m.cost_to(SquarePos::new(3, -3)), Some(3));
        assert_eq!(m.cost_to(SquarePos::new(4, 0)), None);
        assert_eq!(m.squares().len(), 49);
    }

    // rule: X-MOV-003
    #[test]
    fn difficult_squares_cost_double_and_walls_block() {
        let m = square_reachable(O, 10, &crate::NoWalls, |p| match (p.x, p.y) {
            (1, _) if p.y.abs() <= 5 => None,
            (2, 0) => Some(2),
            _ => Some(1),
        });
        assert_eq!(m.cost_to(SquarePos::new(1, 0)), None);
        // Around the wall at x = 1 (|y| <= 5): up to y = -6 and back.
        let p = m.path_to(SquarePos::new(2, -5)).unwrap();
        assert_eq!(p.first(), Some(&(O, 0)));
        assert_eq!(p.last().map(|l| l.1), m.cost_to(SquarePos::new(2, -5)));
    }

    #[test]
    fn lines() {
        let l = O.line_to(SquarePos::new(4, 2));
        assert_eq!(l.len(), 5);
        assert_eq!(l[0], O);
        assert_eq!(l[4], SquarePos::new(4, 2));
        for w in l.windows(2) {
            assert_eq!(w[0].distance(w[1]), 1);
        }
        assert_eq!(O.line_to(O), vec![O]);
    }

    #[test]
    fn serde_x_y() {
        let p: SquarePos = serde_json::from_str(r#"{"x": 1, "y": -2}"#).unwrap();
        assert_eq!(p, SquarePos::new(1, -2));
        assert!(serde_json::from_str::<SquarePos>(r#"{"x": 1, "y": -2, "z": 0}"#).is_err());
        assert!(serde_json::from_str::<SquarePos>(r#"{"x": 1}"#).is_err());
    }
}

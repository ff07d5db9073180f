//! Hex positions in axial coordinates, and the plain geometry on them
//! (distance, neighbours, rings, areas, lines, pointing).
//!
//! Everything here delegates to [`hexx`]; this module only fixes the
//! conventions (flat-top, `q`/`r` names, [`Facing`] instead of raw edge
//! directions) so the rulesets never see hexx types.

use std::fmt;

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::facing::Facing;

/// The largest absolute axial coordinate a [`HexPos`] read from a file may
/// have (about a million hexes, far beyond any battle map).
///
/// Keeping coordinates this small means no geometry on valid positions can
/// overflow `i32`, so nothing here can panic on positions that came from a
/// scenario file. Deserialization rejects larger values.
pub const COORD_LIMIT: i32 = 1 << 20;

/// A hex on a flat-top hex grid, in axial coordinates.
///
/// * `q` is the column: it grows toward the east (screen right);
/// * `r` grows toward the south-south-west, so that "north" (screen up) is
///   `(0, -1)`. The implicit third cube coordinate is `s = -q - r`.
///
/// Serialized as a table `{ q = 3, r = -1 }` (unknown keys are errors).
/// Scenario files use this form, e.g. `pos = { q = 2, r = 0 }`.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(try_from = "RawHexPos")]
pub struct HexPos {
    /// Column (east is +q).
    pub q: i32,
    /// Row on the south-south-west axis (north is `r - 1` at equal `q`).
    pub r: i32,
}

/// The wire form of [`HexPos`], checked against [`COORD_LIMIT`].
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawHexPos {
    q: i32,
    r: i32,
}

impl TryFrom<RawHexPos> for HexPos {
    type Error = String;
    fn try_from(raw: RawHexPos) -> Result<Self, Self::Error> {
        let pos = HexPos::new(raw.q, raw.r);
        if pos.in_supported_range() {
            Ok(pos)
        } else {
            Err(format!(
                "hex coordinate {pos} is out of range (|q|, |r| must be at most {COORD_LIMIT})"
            ))
        }
    }
}

impl fmt::Debug for HexPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HexPos({}, {})", self.q, self.r)
    }
}

impl fmt::Display for HexPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(q {}, r {})", self.q, self.r)
    }
}

impl From<Hex> for HexPos {
    fn from(h: Hex) -> Self {
        Self::new(h.x, h.y)
    }
}

impl From<HexPos> for Hex {
    fn from(p: HexPos) -> Self {
        Hex::new(p.q, p.r)
    }
}

impl HexPos {
    /// The origin hex `(0, 0)`.
    pub const ORIGIN: Self = Self::new(0, 0);

    /// Builds a position from axial coordinates.
    #[must_use]
    pub const fn new(q: i32, r: i32) -> Self {
        Self { q, r }
    }

    /// The third cube coordinate, `s = -q - r`.
    #[must_use]
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// Whether both coordinates are within [`COORD_LIMIT`].
    #[must_use]
    pub const fn in_supported_range(self) -> bool {
        self.q.unsigned_abs() <= COORD_LIMIT.unsigned_abs()
            && self.r.unsigned_abs() <= COORD_LIMIT.unsigned_abs()
    }

    #[inline]
    pub(crate) fn hex(self) -> Hex {
        Hex::from(self)
    }

    /// Number of hex steps between the two hexes (0 for the same hex).
    ///
    /// Computed in `i64` so it cannot overflow for any pair of `i32`
    /// coordinates; the result always fits in `u32` for positions within
    /// [`COORD_LIMIT`] and saturates beyond.
    #[must_use]
    #[inline]
    pub fn distance(self, other: Self) -> u32 {
        let dq = i64::from(other.q) - i64::from(self.q);
        let dr = i64::from(other.r) - i64::from(self.r);
        let ds = -dq - dr;
        let d = dq.abs().max(dr.abs()).max(ds.abs());
        u32::try_from(d).unwrap_or(u32::MAX)
    }

    /// The adjacent hex across the hexside `facing` points at.
    #[must_use]
    #[inline]
    pub fn neighbour(self, facing: Facing) -> Self {
        self.hex().neighbor(facing.edge_direction()).into()
    }

    /// The six adjacent hexes, in [`Facing`] order (N, NE, SE, S, SW, NW).
    #[must_use]
    #[inline]
    pub fn neighbours(self) -> [Self; 6] {
        Facing::ALL.map(|f| self.neighbour(f))
    }

    /// If `other` is adjacent, the facing that points at it.
    #[must_use]
    #[inline]
    pub fn direction_to_neighbour(self, other: Self) -> Option<Facing> {
        // Read off the axial difference (each facing's unit step, as in
        // `Facing::cube`) rather than trying the six neighbours.
        let dq = i64::from(other.q) - i64::from(self.q);
        let dr = i64::from(other.r) - i64::from(self.r);
        match (dq, dr) {
            (0, -1) => Some(Facing::N),
            (1, -1) => Some(Facing::Ne),
            (1, 0) => Some(Facing::Se),
            (0, 1) => Some(Facing::S),
            (-1, 1) => Some(Facing::Sw),
            (-1, 0) => Some(Facing::Nw),
            _ => None,
        }
    }

    /// The hexes at exactly `radius` steps (just `self` for radius 0).
    ///
    /// Order is hexx's ring order, which is fixed and deterministic.
    #[must_use]
    pub fn ring(self, radius: u32) -> Vec<Self> {
        self.hex()
            .ring(clamp_radius(radius))
            .map(Self::from)
            .collect()
    }

    /// All hexes within `radius` steps, `self` included (`3r(r+1)+1` hexes).
    ///
    /// Order is by `q`, then `r` (hexx's range order).
    #[must_use]
    pub fn area(self, radius: u32) -> Vec<Self> {
        self.hex()
            .range(clamp_radius(radius))
            .map(Self::from)
            .collect()
    }

    /// The hexes a straight line from the centre of `self` to the centre of
    /// `to` passes through, both ends included (`distance + 1` hexes), for
    /// lines of fire and sight.
    ///
    /// Uses hexx's lerp-and-round line. When the line runs exactly along a
    /// hexside, the rounding picks one side deterministically; a ruleset that
    /// wants the "either side" rule can use [`HexPos::line_variants`].
    #[must_use]
    pub fn line_to(self, to: Self) -> Vec<Self> {
        self.hex().line_to(to.hex()).map(Self::from).collect()
    }

    /// The two lines obtained by nudging the end points a tiny amount to one
    /// side and to the other (the usual way to resolve a line that runs
    /// exactly along hexsides). When the line never touches a hexside the
    /// two are equal. Each has `distance + 1` hexes and the exact end points.
    #[must_use]
    pub fn line_variants(self, to: Self) -> [Vec<Self>; 2] {
        [self.nudged_line(to, 1.0), self.nudged_line(to, -1.0)]
    }

    fn nudged_line(self, to: Self, sign: f64) -> Vec<Self> {
        let n = self.distance(to);
        // Cube coordinates in f64: exact for every supported coordinate.
        let (aq, ar) = (f64::from(self.q), f64::from(self.r));
        let (bq, br) = (f64::from(to.q), f64::from(to.r));
        // Nudge along (1, 2, -3) in cube coordinates: parallel to no line
        // that can graze a hexside (those run along the corner directions
        // such as (1, 1, -2)), so every tie is broken to one side.
        let (eq, er) = (1e-6 * sign, 2e-6 * sign);
        let (aq, ar, bq, br) = (aq + eq, ar + er, bq + eq, br + er);
        let steps = f64::from(n.max(1));
        (0..=n)
            .map(|i| {
                if i == 0 {
                    return self;
                }
                if i == n {
                    return to;
                }
                let t = f64::from(i) / steps;
                cube_round(aq + (bq - aq) * t, ar + (br - ar) * t)
            })
            .collect()
    }

    /// The facing from `self` that best points at `target`: the hexside
    /// whose direction makes the smallest angle with the line to the target.
    ///
    /// `None` when `target == self` (no direction).
    ///
    /// **Tie-break**: when the target lies exactly on the line through a
    /// corner of the hex (halfway between two hexside directions, e.g. the
    /// hex two east and one north-east of a flat-top hex), the more
    /// **clockwise** of the two facings wins. The rule is rotation-invariant:
    /// rotating the whole picture rotates the answer.
    #[must_use]
    #[inline]
    pub fn facing_toward(self, target: Self) -> Option<Facing> {
        if target == self {
            return None;
        }
        let d = delta_cube(self, target);
        // Maximize the cube dot product (proportional to the cosine of the
        // angle because all six directions have the same length). A tie is
        // always two adjacent facings; take the clockwise one of the pair.
        let scores = Facing::ALL.map(|f| dot(d, f.cube()));
        let best = scores.iter().copied().max().unwrap_or(0);
        // Ties are two adjacent facings: take the best one whose clockwise
        // neighbour is not also best, so (NE, SE) gives SE and (NW, N) gives N.
        let idx = (0..6)
            .find(|&i| scores[i] == best && scores[(i + 1) % 6] != best)
            .unwrap_or(0);
        Some(Facing::from_index(idx as u8))
    }
}

/// Cube delta `target - from` as `i64` (never overflows).
#[inline]
pub(crate) fn delta_cube(from: HexPos, target: HexPos) -> [i64; 3] {
    let dq = i64::from(target.q) - i64::from(from.q);
    let dr = i64::from(target.r) - i64::from(from.r);
    [dq, dr, -dq - dr]
}

#[inline]
pub(crate) fn dot(a: [i64; 3], b: [i64; 3]) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Radii above [`COORD_LIMIT`] are meaningless on a map and would overflow
/// hexx's `i32` arithmetic.
fn clamp_radius(radius: u32) -> u32 {
    radius.min(COORD_LIMIT as u32)
}

/// Rounds fractional axial coordinates to the nearest hex (cube rounding).
#[expect(clippy::cast_possible_truncation)]
fn cube_round(q: f64, r: f64) -> HexPos {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    HexPos::new(rq as i32, rr as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn north_is_minus_r() {
        assert_eq!(HexPos::ORIGIN.neighbour(Facing::N), HexPos::new(0, -1));
        assert_eq!(HexPos::ORIGIN.neighbour(Facing::Ne), HexPos::new(1, -1));
        assert_eq!(HexPos::ORIGIN.neighbour(Facing::Se), HexPos::new(1, 0));
        assert_eq!(HexPos::ORIGIN.neighbour(Facing::S), HexPos::new(0, 1));
        assert_eq!(HexPos::ORIGIN.neighbour(Facing::Sw), HexPos::new(-1, 1));
        assert_eq!(HexPos::ORIGIN.neighbour(Facing::Nw), HexPos::new(-1, 0));
    }

    #[test]
    fn distance_examples() {
        let o = HexPos::ORIGIN;
        assert_eq!(o.distance(o), 0);
        assert_eq!(o.distance(HexPos::new(3, -3)), 3);
        assert_eq!(o.distance(HexPos::new(2, 1)), 3);
        assert_eq!(
            HexPos::new(i32::MIN, 0).distance(HexPos::new(i32::MAX, 0)),
            u32::MAX
        );
    }

    #[test]
    fn facing_toward_straight_and_ties() {
        let o = HexPos::ORIGIN;
        assert_eq!(o.facing_toward(o), None);
        assert_eq!(o.facing_toward(HexPos::new(0, -5)), Some(Facing::N));
        assert_eq!(o.facing_toward(HexPos::new(1, -3)), Some(Facing::N));
        // Due east (2, -1) is exactly between NE and SE: clockwise wins.
        assert_eq!(o.facing_toward(HexPos::new(2, -1)), Some(Facing::Se));
        // Between NW and N: (-1, -1). Clockwise of NW is N.
        assert_eq!(o.facing_toward(HexPos::new(-1, -1)), Some(Facing::N));
        // Between S and SW: (-1, 2). Clockwise of S is SW.
        assert_eq!(o.facing_toward(HexPos::new(-1, 2)), Some(Facing::Sw));
    }

    #[test]
    fn direction_to_neighbour_is_the_neighbour_that_matches() {
        let from = HexPos::new(-4, 7);
        for other in from.area(3) {
            let plain = Facing::ALL
                .into_iter()
                .find(|&f| from.neighbour(f) == other);
            assert_eq!(from.direction_to_neighbour(other), plain, "{other}");
        }
    }

    #[test]
    fn serde_is_q_r_table() {
        let p: HexPos = serde_json::from_str(r#"{"q": 3, "r": -1}"#).unwrap();
        assert_eq!(p, HexPos::new(3, -1));
        assert_eq!(serde_json::to_string(&p).unwrap(), r#"{"q":3,"r":-1}"#);
        assert!(serde_json::from_str::<HexPos>(r#"{"q": 3, "r": -1, "x": 0}"#).is_err());
        assert!(serde_json::from_str::<HexPos>(r#"{"q": 2000000, "r": 0}"#).is_err());
        let t: toml::Value = toml::from_str("pos = { q = 1, r = 2 }").unwrap();
        let p: HexPos = t["pos"].clone().try_into().unwrap();
        assert_eq!(p, HexPos::new(1, 2));
    }

    #[test]
    fn line_variants_differ_along_hexsides() {
        let o = HexPos::ORIGIN;
        let [a, b] = o.line_variants(HexPos::new(2, -1));
        assert_eq!(a.len(), 3);
        assert_eq!(b.len(), 3);
        assert_ne!(a[1], b[1]);
        let [c, d] = o.line_variants(HexPos::new(0, 4));
        assert_eq!(c, d);
        assert_eq!(c, o.line_to(HexPos::new(0, 4)));
    }
}

//! Where a hex lies relative to a figure's facing: GURPS arcs (front, side,
//! back), the finer six-way bearing of margin-3d6, and left/right.
//!
//! All functions work for any target hex, adjacent or far, and use exact
//! integer cube arithmetic, so boundary cases are decided by rule, never by
//! floating-point noise.
//!
//! # The arcs (GURPS)
//!
//! Rotate the picture so the figure faces north. Draw the two rows of hexes
//! that leave the figure's hex through its front-left and front-right
//! hexsides (NW and NE): the 120° cone between them, **both rows
//! included**, is the **front** arc. The two rows through the back-side
//! hexsides (SW and SE) bound the **back** arc, the 120° cone behind, with
//! those rows **excluded**. What remains (two 60° cones, one each flank,
//! including the SE and SW rows) is the **side** arc.
//!
//! Boundary rule: a hex exactly on the line between two arcs belongs to the
//! more forward one (front before side, side before back). That is the
//! GURPS Basic convention for the front boundary, and it is what gives the
//! adjacent counts 3 front, 2 side, 1 back.
//!
//! Within 3 hexes of a figure `X` facing north (one character per hex; each
//! hex spans two text lines, so adjacent columns are offset by one line;
//! printed by the `arcs_picture` example). Left: GURPS arcs (F front, s side, b back).
//! Right: margin-3d6 bearings (F front, l/r front-side left/right, L/R side
//! left/right, b rear).
//!
//! ```text
//!       F                       F
//!     F   F                   F   F
//!   F   F   F               l   F   r
//! F   F   F   F           l   F   F   r
//!   F   F   F               l   F   r
//! s   F   F   s           l   l   r   r
//!   s   X   s               l   X   r
//! s   s   s   s           L   L   R   R
//!   s   b   s               L   b   R
//! s   b   b   s           L   L   R   R
//!   b   b   b               L   b   R
//!     b   b                   b   b
//!       b                       b
//! ```
//!
//! # Ahead of a figure (DragonQuest's Ranged Zone, DQ-00-014)
//!
//! The GURPS front arc is also DragonQuest's default Ranged Zone
//! (`wedge_120`: the hexes between and on the two rows leaving the front
//! hexes `f - 1` and `f + 1`). [`in_front_half`] gives the alternative
//! `half_plane_180`: every hex whose centre lies strictly ahead of the line
//! through the figure's two side corners. At distance 1 both are the three
//! front hexes.
//!
//! # The bearings (margin-3d6, M-FLO-006)
//!
//! Each of the six hexsides owns the 60° cone centred on its direction, so
//! the adjacent hexes are exactly: front, front-side left/right, side
//! left/right, rear. A far hex gets the bearing of the hexside whose
//! direction is closest to the line toward it (the same measure as
//! [`HexPos::facing_toward`]); on an exact tie (the hex lies on the line
//! through a corner of the figure's hex) the more forward bearing wins.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::facing::Facing;
use crate::hex::{HexPos, delta_cube, dot};

/// A GURPS attack arc.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Arc {
    /// The 120° cone ahead, its boundary rows included.
    Front,
    /// Either flank.
    Side,
    /// The 120° cone behind, its boundary rows excluded.
    Back,
}

/// Left or right of a figure, as the figure sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Counter-clockwise from the facing.
    Left,
    /// Clockwise from the facing.
    Right,
}

/// The six-way bearing of margin-3d6 (M-FLO-006): one per hexside.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RelativeBearing {
    /// Through the faced hexside.
    Front,
    /// Through the hexside next to the front one.
    FrontSide(Side),
    /// Through the hexside next to the rear one.
    Side(Side),
    /// Through the hexside opposite the facing.
    Rear,
}

impl RelativeBearing {
    /// The bearing for a signed turn from the facing (positive clockwise);
    /// any value wraps.
    #[must_use]
    pub const fn from_turn(turn: i8) -> Self {
        match Facing::N.signed_turn_to(Facing::N.turn(turn)) {
            0 => Self::Front,
            1 => Self::FrontSide(Side::Right),
            -1 => Self::FrontSide(Side::Left),
            2 => Self::Side(Side::Right),
            -2 => Self::Side(Side::Left),
            _ => Self::Rear,
        }
    }

    /// The left/right part, if any (`None` for front and rear).
    #[must_use]
    pub const fn side(self) -> Option<Side> {
        match self {
            Self::FrontSide(s) | Self::Side(s) => Some(s),
            Self::Front | Self::Rear => None,
        }
    }
}

/// Where each component of the offset turned back to north comes from, by
/// facing: an index into `[q, r, s, -q, -r, -s]` of the plain offset.
/// Undoing a facing turns counter-clockwise once per hexside,
/// `(q, r, s) -> (-s, -q, -r)`; six turns are the identity, so the
/// turned offset is one of six signed permutations, read here instead of
/// turned a hexside at a time (`rotation_table_is_the_turns` checks it
/// against the turns).
const UNTURN: [[usize; 3]; 6] = [
    [0, 1, 2], // N: (q, r, s)
    [5, 3, 4], // NE: (-s, -q, -r)
    [1, 2, 0], // SE: (r, s, q)
    [3, 4, 5], // S: (-q, -r, -s)
    [2, 0, 1], // SW: (s, q, r)
    [4, 5, 3], // NW: (-r, -s, -q)
];

/// Offset of `target` from `from` in the frame where `facing` is north.
#[inline]
fn rotated(from: HexPos, facing: Facing, target: HexPos) -> [i64; 3] {
    let [q, r, s] = delta_cube(from, target);
    let signed = [q, r, s, -q, -r, -s];
    UNTURN[usize::from(facing.index())].map(|i| signed[i])
}

/// The GURPS arc `target` is in, for a figure at `from` facing `facing`;
/// `None` for the figure's own hex. Boundary hexes go to the more forward
/// arc (see the module docs).
#[must_use]
#[inline]
pub fn arc(from: HexPos, facing: Facing, target: HexPos) -> Option<Arc> {
    if from == target {
        return None;
    }
    Some(arc_turned(rotated(from, facing, target)))
}

/// The arc of an offset already turned so that the facing is north (not
/// the own hex).
#[inline]
fn arc_turned([_, r, s]: [i64; 3]) -> Arc {
    // Front cone: spanned by NE (1,-1,0) and NW (-1,0,1), closed.
    if r <= 0 && s >= 0 {
        Arc::Front
    // Back cone: spanned by SE (1,0,-1) and SW (-1,1,0), open.
    } else if r > 0 && s < 0 {
        Arc::Back
    } else {
        Arc::Side
    }
}

/// [`arc`] and [`side_of`] together, from one turned offset: a defense
/// asks both for the same hex.
#[must_use]
#[inline]
pub fn arc_and_side(from: HexPos, facing: Facing, target: HexPos) -> (Option<Arc>, Option<Side>) {
    let turned = rotated(from, facing, target);
    let arc = (from != target).then(|| arc_turned(turned));
    (arc, side_turned(turned))
}

/// Whether the centre of `target` lies strictly ahead of the line through
/// the two corners on the figure's flanks (DQ-00-014 `half_plane_180`);
/// false for the own hex.
#[must_use]
#[inline]
pub fn in_front_half(from: HexPos, facing: Facing, target: HexPos) -> bool {
    // Facing north, that line is the row through the centre: ahead means
    // 2r + q < 0, that is r < s.
    let [_, r, s] = rotated(from, facing, target);
    r < s
}

/// Whether `target` is left or right of the figure's centre line; `None`
/// when it lies on that line (dead ahead, dead behind, or the own hex).
#[must_use]
#[inline]
pub fn side_of(from: HexPos, facing: Facing, target: HexPos) -> Option<Side> {
    side_turned(rotated(from, facing, target))
}

/// The side of an offset already turned so that the facing is north.
#[inline]
fn side_turned([q, _, _]: [i64; 3]) -> Option<Side> {
    match q {
        0 => None,
        q if q > 0 => Some(Side::Right),
        _ => Some(Side::Left),
    }
}

/// The margin-3d6 bearing of `target`; `None` for the own hex. Ties go to
/// the more forward bearing.
#[must_use]
pub fn bearing(from: HexPos, facing: Facing, target: HexPos) -> Option<RelativeBearing> {
    if from == target {
        return None;
    }
    let d = delta_cube(from, target);
    let mut best: Option<(i64, u8, i8)> = None;
    for f in Facing::ALL {
        let score = dot(d, f.cube());
        let turn = facing.signed_turn_to(f);
        let back = turn.unsigned_abs();
        let better = match best {
            None => true,
            Some((s, b, _)) => score > s || (score == s && back < b),
        };
        if better {
            best = Some((score, back, turn));
        }
    }
    best.map(|(_, _, turn)| RelativeBearing::from_turn(turn))
}

#[cfg(test)]
mod tests {
    use super::*;

    const O: HexPos = HexPos::ORIGIN;

    // rule: G-DEF-014
    #[test]
    fn adjacent_arcs_facing_north() {
        let expect = [
            (Facing::N, Arc::Front),
            (Facing::Ne, Arc::Front),
            (Facing::Nw, Arc::Front),
            (Facing::Se, Arc::Side),
            (Facing::Sw, Arc::Side),
            (Facing::S, Arc::Back),
        ];
        for (dir, a) in expect {
            assert_eq!(arc(O, Facing::N, O.neighbour(dir)), Some(a), "{dir}");
        }
        assert_eq!(arc(O, Facing::N, O), None);
    }

    // rule: G-DEF-014
    #[test]
    fn far_hexes_and_boundaries() {
        // Along the NE row: boundary, counts as front.
        assert_eq!(arc(O, Facing::N, HexPos::new(4, -4)), Some(Arc::Front));
        // Due east (2,-1): between the NE and SE rows: side.
        assert_eq!(arc(O, Facing::N, HexPos::new(2, -1)), Some(Arc::Side));
        // Along the SE row: boundary of side and back: side.
        assert_eq!(arc(O, Facing::N, HexPos::new(3, 0)), Some(Arc::Side));
        // Just inside the back cone.
        assert_eq!(arc(O, Facing::N, HexPos::new(2, 1)), Some(Arc::Back));
        assert_eq!(arc(O, Facing::N, HexPos::new(0, 7)), Some(Arc::Back));
        // Rotation: facing SE, the hex due south-west-ish is back.
        assert_eq!(arc(O, Facing::Se, HexPos::new(-3, 0)), Some(Arc::Back));
        assert_eq!(arc(O, Facing::Se, HexPos::new(3, 0)), Some(Arc::Front));
    }

    // rule: M-FLO-006
    #[test]
    fn adjacent_bearings() {
        use RelativeBearing::{Front, FrontSide, Rear};
        let f = Facing::Ne;
        assert_eq!(bearing(O, f, O.neighbour(Facing::Ne)), Some(Front));
        assert_eq!(
            bearing(O, f, O.neighbour(Facing::Se)),
            Some(FrontSide(Side::Right))
        );
        assert_eq!(
            bearing(O, f, O.neighbour(Facing::N)),
            Some(FrontSide(Side::Left))
        );
        assert_eq!(
            bearing(O, f, O.neighbour(Facing::S)),
            Some(RelativeBearing::Side(Side::Right))
        );
        assert_eq!(
            bearing(O, f, O.neighbour(Facing::Nw)),
            Some(RelativeBearing::Side(Side::Left))
        );
        assert_eq!(bearing(O, f, O.neighbour(Facing::Sw)), Some(Rear));
    }

    // rule: M-FLO-006
    #[test]
    fn bearing_ties_go_forward() {
        use RelativeBearing::{Front, FrontSide};
        // (2,-1) is between NE and SE. Facing N: NE is front-side, SE side.
        assert_eq!(
            bearing(O, Facing::N, HexPos::new(2, -1)),
            Some(FrontSide(Side::Right))
        );
        // (1,-2) is between N and NE: front.
        assert_eq!(bearing(O, Facing::N, HexPos::new(1, -2)), Some(Front));
        // (1,1) is between SE and S: side, not rear.
        assert_eq!(
            bearing(O, Facing::N, HexPos::new(1, 1)),
            Some(RelativeBearing::Side(Side::Right))
        );
    }

    /// The offset turned back one hexside at a time, as [`UNTURN`] replaces.
    fn turned_by_steps(from: HexPos, facing: Facing, target: HexPos) -> [i64; 3] {
        let mut v = delta_cube(from, target);
        for _ in 0..facing.index() {
            v = [-v[2], -v[0], -v[1]];
        }
        v
    }

    #[test]
    fn rotation_table_is_the_turns() {
        let from = HexPos::new(3, -2);
        for facing in Facing::ALL {
            for target in from.area(6) {
                assert_eq!(
                    rotated(from, facing, target),
                    turned_by_steps(from, facing, target),
                    "{facing} {target}"
                );
            }
        }
    }

    // rule: G-DEF-014
    #[test]
    fn arc_and_side_together_are_each_alone() {
        for from in [O, HexPos::new(-7, 3), HexPos::new(1000, -999)] {
            for facing in Facing::ALL {
                for target in from.area(12) {
                    assert_eq!(
                        arc_and_side(from, facing, target),
                        (arc(from, facing, target), side_of(from, facing, target)),
                        "{facing} {target}"
                    );
                }
            }
        }
    }

    #[test]
    fn left_and_right() {
        assert_eq!(side_of(O, Facing::N, HexPos::new(1, -1)), Some(Side::Right));
        assert_eq!(side_of(O, Facing::N, HexPos::new(-1, 0)), Some(Side::Left));
        assert_eq!(side_of(O, Facing::N, HexPos::new(0, -3)), None);
        assert_eq!(side_of(O, Facing::N, HexPos::new(0, 3)), None);
        assert_eq!(side_of(O, Facing::S, HexPos::new(1, 0)), Some(Side::Left));
    }
}

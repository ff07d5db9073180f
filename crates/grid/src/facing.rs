//! The six hexside directions a figure can face.

use std::fmt;

use hexx::EdgeDirection;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One of the six hexsides of a flat-top hex, numbered clockwise from north.
///
/// ```text
///            N (0)
///          _______
///  NW (5) /       \ NE (1)
///        /         \
///        \         /
///  SW (4) \_______/ SE (2)
///
///            S (3)
/// ```
///
/// Serialized as the lowercase compass name: `"n"`, `"ne"`, `"se"`, `"s"`,
/// `"sw"`, `"nw"` (so `facing = "ne"` in a scenario file). Names were
/// chosen over numbers because a typo in a name is an error, while a wrong
/// number silently turns the figure.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Debug,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Facing {
    /// North, toward `(0, -1)`: screen up.
    #[default]
    N = 0,
    /// North-east, toward `(1, -1)`.
    Ne = 1,
    /// South-east, toward `(1, 0)`.
    Se = 2,
    /// South, toward `(0, 1)`.
    S = 3,
    /// South-west, toward `(-1, 1)`.
    Sw = 4,
    /// North-west, toward `(-1, 0)`.
    Nw = 5,
}

impl fmt::Display for Facing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Facing {
    /// All six facings in clockwise order starting from north.
    pub const ALL: [Self; 6] = [Self::N, Self::Ne, Self::Se, Self::S, Self::Sw, Self::Nw];

    /// The index 0..6 (clockwise from north).
    #[must_use]
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The facing with index `i % 6`, so any `u8` is accepted.
    #[must_use]
    #[inline]
    pub const fn from_index(i: u8) -> Self {
        Self::ALL[(i % 6) as usize]
    }

    /// The lowercase compass name used in files (`"ne"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::N => "n",
            Self::Ne => "ne",
            Self::Se => "se",
            Self::S => "s",
            Self::Sw => "sw",
            Self::Nw => "nw",
        }
    }

    /// Turns by `sides` hexsides: positive is clockwise (to the figure's
    /// right), negative counter-clockwise. Any value is accepted; it wraps.
    #[must_use]
    #[inline]
    pub const fn turn(self, sides: i8) -> Self {
        let i = (self as i16 + sides as i16).rem_euclid(6);
        Self::ALL[i as usize]
    }

    /// The facing pointing the other way (three sides round).
    #[must_use]
    #[inline]
    pub const fn opposite(self) -> Self {
        self.turn(3)
    }

    /// The shortest signed turn from `self` to `to`, in `-2..=3`: positive
    /// is clockwise. A half turn is reported as `+3` (clockwise) so the
    /// answer is unique.
    #[must_use]
    #[inline]
    pub const fn signed_turn_to(self, to: Self) -> i8 {
        let d = (to as i8 - self as i8).rem_euclid(6);
        if d > 3 { d - 6 } else { d }
    }

    /// Number of hexside turns needed to go from `self` to `to`, in `0..=3`.
    #[must_use]
    #[inline]
    pub const fn turn_distance(self, to: Self) -> u8 {
        self.signed_turn_to(to).unsigned_abs()
    }

    /// hexx's edge direction for this facing (flat-top: hexx numbers its
    /// directions clockwise from the south-east, so north is hexx's 4).
    #[must_use]
    #[inline]
    pub fn edge_direction(self) -> EdgeDirection {
        match self {
            Self::N => EdgeDirection::FLAT_NORTH,
            Self::Ne => EdgeDirection::FLAT_NORTH_EAST,
            Self::Se => EdgeDirection::FLAT_SOUTH_EAST,
            Self::S => EdgeDirection::FLAT_SOUTH,
            Self::Sw => EdgeDirection::FLAT_SOUTH_WEST,
            Self::Nw => EdgeDirection::FLAT_NORTH_WEST,
        }
    }

    /// The facing for a hexx edge direction.
    #[must_use]
    #[inline]
    pub fn from_edge_direction(dir: EdgeDirection) -> Self {
        Self::from_index(dir.index() + 2)
    }

    /// Unit step in cube coordinates `(q, r, s)`.
    #[inline]
    pub(crate) const fn cube(self) -> [i64; 3] {
        match self {
            Self::N => [0, -1, 1],
            Self::Ne => [1, -1, 0],
            Self::Se => [1, 0, -1],
            Self::S => [0, 1, -1],
            Self::Sw => [-1, 1, 0],
            Self::Nw => [-1, 0, 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning() {
        assert_eq!(Facing::N.turn(1), Facing::Ne);
        assert_eq!(Facing::N.turn(-1), Facing::Nw);
        assert_eq!(Facing::Se.turn(-8), Facing::N);
        assert_eq!(Facing::Sw.turn(i8::MIN), Facing::Sw.turn(-128 % 6));
        assert_eq!(Facing::Sw.opposite(), Facing::Ne);
        assert_eq!(Facing::N.turn_distance(Facing::S), 3);
        assert_eq!(Facing::N.turn_distance(Facing::Nw), 1);
        assert_eq!(Facing::N.signed_turn_to(Facing::Sw), -2);
        assert_eq!(Facing::N.signed_turn_to(Facing::S), 3);
    }

    #[test]
    fn hexx_mapping_round_trips_and_matches_cube() {
        for f in Facing::ALL {
            assert_eq!(Facing::from_edge_direction(f.edge_direction()), f);
            let h = f.edge_direction().into_hex();
            let [q, r, _] = f.cube();
            assert_eq!([i64::from(h.x), i64::from(h.y)], [q, r]);
            // hexx's clockwise agrees with ours.
            assert_eq!(
                Facing::from_edge_direction(f.edge_direction().clockwise()),
                f.turn(1)
            );
        }
    }

    #[test]
    fn serde_names() {
        assert_eq!(serde_json::to_string(&Facing::Ne).unwrap(), "\"ne\"");
        let f: Facing = serde_json::from_str("\"sw\"").unwrap();
        assert_eq!(f, Facing::Sw);
        assert!(serde_json::from_str::<Facing>("\"east\"").is_err());
        assert!(serde_json::from_str::<Facing>("1").is_err());
    }
}

//! A figure's place on the hex map: its hex and its facing. Figures that
//! fill more hexes are [`crate::Footprint`]s (a lying figure is
//! [`crate::Footprint::lying`]).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::arc::{self, Arc, RelativeBearing, Side};
use crate::facing::Facing;
use crate::hex::HexPos;

/// A hex and a facing: everything the geometry needs to know about where a
/// figure stands. Serialized as `{ pos = { q = 0, r = 0 }, facing = "n" }`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pose {
    /// The hex the figure stands in (its head hex when lying).
    pub pos: HexPos,
    /// The hexside it faces.
    pub facing: Facing,
}

impl Pose {
    /// Builds a pose.
    #[must_use]
    pub const fn new(pos: HexPos, facing: Facing) -> Self {
        Self { pos, facing }
    }

    /// The hex straight ahead.
    #[must_use]
    #[inline]
    pub fn front_hex(self) -> HexPos {
        self.pos.neighbour(self.facing)
    }

    /// The GURPS arc of `target` (see [`arc::arc`]).
    #[must_use]
    #[inline]
    pub fn arc_of(self, target: HexPos) -> Option<Arc> {
        arc::arc(self.pos, self.facing, target)
    }

    /// The margin-3d6 bearing of `target` (see [`arc::bearing`]).
    #[must_use]
    #[inline]
    pub fn bearing_of(self, target: HexPos) -> Option<RelativeBearing> {
        arc::bearing(self.pos, self.facing, target)
    }

    /// Left or right of the centre line (see [`arc::side_of`]).
    #[must_use]
    #[inline]
    pub fn side_of(self, target: HexPos) -> Option<Side> {
        arc::side_of(self.pos, self.facing, target)
    }

    /// The arc and the side of `target` at once (see [`arc::arc_and_side`]).
    #[must_use]
    #[inline]
    pub fn arc_and_side(self, target: HexPos) -> (Option<Arc>, Option<Side>) {
        arc::arc_and_side(self.pos, self.facing, target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pose_serde() {
        let p: Pose = toml::from_str("pos = { q = 1, r = -2 }\nfacing = \"sw\"").unwrap();
        assert_eq!(p, Pose::new(HexPos::new(1, -2), Facing::Sw));
        assert!(toml::from_str::<Pose>("pos = { q = 1, r = -2 }\nfacing = \"west\"").is_err());
    }
}

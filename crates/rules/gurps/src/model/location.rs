//! Hit locations: the random table, aiming penalties, wounding multipliers
//! by location and crippling thresholds (checklist section 10).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A hit location. Sided limbs are one location each (right arm, left arm).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// Eye (only by aiming).
    Eye,
    /// Skull.
    Skull,
    /// Face.
    Face,
    /// Neck.
    Neck,
    /// Chest: the torso.
    Torso,
    /// Vitals (only by aiming).
    Vitals,
    /// Groin (only by aiming, G-LOC-001 default table).
    Groin,
    /// Right arm.
    RightArm,
    /// Left arm (the shield arm by convention).
    LeftArm,
    /// Right leg.
    RightLeg,
    /// Left leg.
    LeftLeg,
    /// Right hand.
    RightHand,
    /// Left hand.
    LeftHand,
    /// Right foot.
    RightFoot,
    /// Left foot.
    LeftFoot,
    /// Tail.
    Tail,
}

/// How many locations there are (array sizes for per-location DR).
pub const LOCATION_COUNT: usize = 16;

/// Every location, in declaration order.
pub const ALL: [Location; LOCATION_COUNT] = [
    Location::Eye,
    Location::Skull,
    Location::Face,
    Location::Neck,
    Location::Torso,
    Location::Vitals,
    Location::Groin,
    Location::RightArm,
    Location::LeftArm,
    Location::RightLeg,
    Location::LeftLeg,
    Location::RightHand,
    Location::LeftHand,
    Location::RightFoot,
    Location::LeftFoot,
    Location::Tail,
];

/// The broad kind of a location, for wounding and crippling rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Eye.
    Eye,
    /// Skull.
    Skull,
    /// Face.
    Face,
    /// Neck.
    Neck,
    /// Torso or groin.
    Torso,
    /// Vitals.
    Vitals,
    /// Arm, leg or tail: crippled at more than HP/2.
    Limb,
    /// Hand or foot: crippled at more than HP/3.
    Extremity,
}

impl Location {
    /// Index into per-location arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The broad kind of this location.
    pub fn part(self) -> Part {
        use Location::*;
        match self {
            Eye => Part::Eye,
            Skull => Part::Skull,
            Face => Part::Face,
            Neck => Part::Neck,
            Torso | Groin => Part::Torso,
            Vitals => Part::Vitals,
            RightArm | LeftArm | RightLeg | LeftLeg | Tail => Part::Limb,
            RightHand | LeftHand | RightFoot | LeftFoot => Part::Extremity,
        }
    }

    /// G-LOC-002: the penalty to aim at this location.
    #[inline]
    pub fn aim_penalty(self) -> i32 {
        use Location::*;
        match self {
            Eye => -9,
            Skull => -7,
            Face | Neck => -5,
            Torso => 0,
            Vitals | Groin => -3,
            RightArm | LeftArm | RightLeg | LeftLeg => -2,
            Tail => -3,
            RightHand | LeftHand | RightFoot | LeftFoot => -4,
        }
    }

    /// G-LOC-003: locations where a miss by exactly 1 hits the torso.
    pub fn misses_into_torso(self) -> bool {
        use Location::*;
        matches!(self, Eye | Skull | Face | Groin | Neck | Vitals)
    }

    /// Whether a 3d random roll can give this location (G-LOC-001).
    pub fn is_random_result(self) -> bool {
        !matches!(self, Location::Eye | Location::Vitals | Location::Groin)
    }

    /// The armor key scenario files use (`torso`, `arms`, `skull`...).
    pub fn armor_key(self) -> &'static str {
        use Location::*;
        match self {
            Eye => "eyes",
            Skull => "skull",
            Face => "face",
            Neck => "neck",
            Torso => "torso",
            Vitals => "vitals",
            Groin => "groin",
            RightArm | LeftArm => "arms",
            RightLeg | LeftLeg => "legs",
            RightHand | LeftHand => "hands",
            RightFoot | LeftFoot => "feet",
            Tail => "tail",
        }
    }

    /// Whether this location is the head (knockdown and critical head blows).
    pub fn is_head(self) -> bool {
        matches!(self, Location::Eye | Location::Skull | Location::Face)
    }

    /// A short name for narration.
    pub fn name(self) -> &'static str {
        use Location::*;
        match self {
            Eye => "eye",
            Skull => "skull",
            Face => "face",
            Neck => "neck",
            Torso => "torso",
            Vitals => "vitals",
            Groin => "groin",
            RightArm => "right arm",
            LeftArm => "left arm",
            RightLeg => "right leg",
            LeftLeg => "left leg",
            RightHand => "right hand",
            LeftHand => "left hand",
            RightFoot => "right foot",
            LeftFoot => "left foot",
            Tail => "tail",
        }
    }
}

impl Location {
    /// The name used in files: `"right_arm"`, `"neck"`.
    pub fn key(self) -> String {
        self.name().replace(' ', "_")
    }
}

/// A location name that names no location.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown location `{given}`: expected \"random\" or one of {}",
    known_keys()
)]
pub struct UnknownLocation {
    /// The name as written.
    pub given: String,
}

/// Every location's file name, comma-separated.
fn known_keys() -> String {
    let names: Vec<String> = ALL.iter().map(|l| l.key()).collect();
    names.join(", ")
}

impl std::str::FromStr for Location {
    type Err = UnknownLocation;
    fn from_str(s: &str) -> Result<Self, UnknownLocation> {
        ALL.into_iter()
            .find(|l| l.key() == s)
            .ok_or_else(|| UnknownLocation { given: s.into() })
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which random hit-location table to use (G-LOC-001 decision).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HitTable {
    /// The summary's table: 9-11 chest.
    #[default]
    Summary,
    /// Basic Set: 9-10 torso, 11 groin.
    Basic,
}

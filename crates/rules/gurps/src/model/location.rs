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
    /// Right foreleg (a four- or six-legged body, G-LOC-006 decision).
    RightForeleg,
    /// Left foreleg.
    LeftForeleg,
    /// Right middle leg (a six-legged body).
    RightMidleg,
    /// Left middle leg.
    LeftMidleg,
    /// Right hind leg.
    RightHindleg,
    /// Left hind leg.
    LeftHindleg,
    /// Right wing (G-LOC-001: winged bodies).
    RightWing,
    /// Left wing.
    LeftWing,
}

/// How many locations there are (array sizes for per-location DR).
pub const LOCATION_COUNT: usize = 24;

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
    Location::RightForeleg,
    Location::LeftForeleg,
    Location::RightMidleg,
    Location::LeftMidleg,
    Location::RightHindleg,
    Location::LeftHindleg,
    Location::RightWing,
    Location::LeftWing,
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
    /// Arm, leg, wing or tail: crippled at more than HP/2.
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
            RightForeleg | LeftForeleg | RightMidleg | LeftMidleg | RightHindleg | LeftHindleg => {
                Part::Limb
            }
            RightWing | LeftWing => Part::Limb,
            RightHand | LeftHand | RightFoot | LeftFoot => Part::Extremity,
        }
    }

    /// A leg of any body: a biped's, or a fore, middle or hind leg.
    #[inline]
    pub fn is_leg(self) -> bool {
        use Location::*;
        matches!(
            self,
            RightLeg
                | LeftLeg
                | RightForeleg
                | LeftForeleg
                | RightMidleg
                | LeftMidleg
                | RightHindleg
                | LeftHindleg
        )
    }

    /// A foot.
    #[inline]
    pub fn is_foot(self) -> bool {
        matches!(self, Location::RightFoot | Location::LeftFoot)
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
            RightForeleg | LeftForeleg | RightMidleg | LeftMidleg | RightHindleg | LeftHindleg => {
                -2
            }
            RightWing | LeftWing => -2,
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
            RightForeleg | LeftForeleg | RightMidleg | LeftMidleg | RightHindleg | LeftHindleg => {
                "legs"
            }
            RightWing | LeftWing => "wings",
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
            RightForeleg => "right foreleg",
            LeftForeleg => "left foreleg",
            RightMidleg => "right midleg",
            LeftMidleg => "left midleg",
            RightHindleg => "right hindleg",
            LeftHindleg => "left hindleg",
            RightWing => "right wing",
            LeftWing => "left wing",
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

/// A body type: which random hit-location table a figure is struck on and
/// which locations it has at all (G-LOC-001, G-LOC-006 decision). The
/// humanoid is the summary's; the others are the Basic Set's (B552), the
/// ones GCS writes as a character's `settings.body_type`.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum BodyType {
    /// Two arms, two legs: the summary's table (G-LOC-001).
    #[default]
    Humanoid,
    /// Four legs and a tail: a wolf, a bear, a horse.
    Quadruped,
    /// A quadruped with wings: a griffin, a dragon.
    WingedQuadruped,
    /// Six legs: a giant beetle.
    Hexapod,
    /// Six legs and wings: a giant wasp.
    WingedHexapod,
    /// No limbs: a snake, a worm.
    Vermiform,
    /// No limbs but wings: a winged serpent.
    WingedVermiform,
    /// A serpent's body with a tail: a naga's lower half.
    Serpentoid,
    /// Two legs, two wings, a tail: a bird.
    Avian,
    /// A horse's body with a man's arms.
    Centaur,
}

impl BodyType {
    /// How many body types there are.
    pub const COUNT: usize = 10;

    /// Every body type, in declaration order.
    pub const ALL: [BodyType; BodyType::COUNT] = [
        BodyType::Humanoid,
        BodyType::Quadruped,
        BodyType::WingedQuadruped,
        BodyType::Hexapod,
        BodyType::WingedHexapod,
        BodyType::Vermiform,
        BodyType::WingedVermiform,
        BodyType::Serpentoid,
        BodyType::Avian,
        BodyType::Centaur,
    ];

    /// The name used in files: `"quadruped"`, `"winged_quadruped"`.
    pub fn key(self) -> &'static str {
        match self {
            BodyType::Humanoid => "humanoid",
            BodyType::Quadruped => "quadruped",
            BodyType::WingedQuadruped => "winged_quadruped",
            BodyType::Hexapod => "hexapod",
            BodyType::WingedHexapod => "winged_hexapod",
            BodyType::Vermiform => "vermiform",
            BodyType::WingedVermiform => "winged_vermiform",
            BodyType::Serpentoid => "serpentoid",
            BodyType::Avian => "avian",
            BodyType::Centaur => "centaur",
        }
    }
}

impl BodyType {
    /// How many legs the body stands on (B54-55 for more than two); each
    /// leg is a location of its own.
    pub const fn legs(self) -> u32 {
        match self {
            BodyType::Humanoid | BodyType::Avian => 2,
            BodyType::Quadruped | BodyType::WingedQuadruped | BodyType::Centaur => 4,
            BodyType::Hexapod | BodyType::WingedHexapod => 6,
            BodyType::Vermiform | BodyType::WingedVermiform | BodyType::Serpentoid => 0,
        }
    }

    /// G-LOC-010 decision with Basic B54-55: how many crippled legs (or
    /// feet) put the figure down: one of two, two of four, four of six (it
    /// goes on with three). A body without legs never falls for them.
    pub const fn legs_to_fall(self) -> u32 {
        match self.legs() {
            0 => u32::MAX,
            2 => 1,
            4 => 2,
            n => n - 2,
        }
    }

    /// Basic B54-55: Move in tenths with `lost` crippled legs that leave
    /// the figure standing: half with one of four lost, 20% less for each
    /// of six (down to 40%).
    pub const fn move_tenths(self, lost: u32) -> i32 {
        match self.legs() {
            4 if lost >= 1 => 5,
            6 => 10 - 2 * (if lost > 3 { 3 } else { lost }) as i32,
            _ => 10,
        }
    }
}

impl fmt::Display for BodyType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

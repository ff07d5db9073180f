//! Hit locations (M-LOC-001, M-LOC-003) and the damage types (M-DMG-003).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A damage type: crushing, cutting or impaling (M-DMG-003).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DamageType {
    /// Crushing (Cr).
    Cr,
    /// Cutting (Cut).
    Cut,
    /// Impaling (Imp).
    Imp,
}

impl DamageType {
    /// The short name of the rules.
    pub const fn name(self) -> &'static str {
        match self {
            DamageType::Cr => "cr",
            DamageType::Cut => "cut",
            DamageType::Imp => "imp",
        }
    }
}

/// A hit location (M-LOC-001). The knee counts as a leg and the heart as
/// the vital organs for armor (M-LOC-003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// The body (the critical table's "torso").
    #[default]
    Torso,
    /// The vital organs.
    Vitals,
    /// The heart.
    Heart,
    /// The head (skull and face).
    Head,
    /// The brain.
    Brain,
    /// The neck.
    Neck,
    /// The mouth.
    Mouth,
    /// The eyes (open face).
    Eyes,
    /// The eyes through a helm's visor.
    EyesThroughHelm,
    /// The weapon (near) arm.
    WeaponArm,
    /// The shield (far) arm.
    ShieldArm,
    /// A hand (the weapon hand unless `random` said otherwise).
    Hand,
    /// The off hand.
    OffHand,
    /// A leg (the near leg).
    Leg,
    /// The far leg.
    FarLeg,
    /// A knee.
    Knee,
    /// A foot.
    Foot,
    /// The off-side foot.
    OffFoot,
}

/// The armor key a location reads (`covers` in armor.toml).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    /// Torso.
    Torso,
    /// Vital organs (and the heart).
    Vitals,
    /// Both arms.
    Arms,
    /// Both hands.
    Hands,
    /// Both legs (and knees).
    Legs,
    /// Both feet.
    Feet,
    /// The head.
    Head,
    /// The neck.
    Neck,
    /// The mouth.
    Mouth,
    /// The eyes.
    Eyes,
    /// The brain (top of the head).
    Brain,
}

impl Cover {
    /// How many there are (the discriminants run 0 to `COUNT - 1`).
    pub const COUNT: usize = Cover::Brain as usize + 1;
}

/// Which limb a location is, for crippling (M-CKS-001/002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Limb {
    /// The weapon arm.
    WeaponArm,
    /// The shield arm.
    ShieldArm,
    /// The weapon hand.
    WeaponHand,
    /// The off hand.
    OffHand,
    /// The near leg.
    NearLeg,
    /// The far leg.
    FarLeg,
    /// The near foot.
    NearFoot,
    /// The far foot.
    FarFoot,
}

impl Limb {
    /// All limbs, in bit order.
    pub const ALL: [Limb; 8] = [
        Limb::WeaponArm,
        Limb::ShieldArm,
        Limb::WeaponHand,
        Limb::OffHand,
        Limb::NearLeg,
        Limb::FarLeg,
        Limb::NearFoot,
        Limb::FarFoot,
    ];

    /// Its bit in a crippled-limbs mask.
    #[inline(always)]
    pub const fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// An extremity (hand or foot: HT/3) rather than a limb (HT/2).
    pub const fn extremity(self) -> bool {
        matches!(
            self,
            Limb::WeaponHand | Limb::OffHand | Limb::NearFoot | Limb::FarFoot
        )
    }

    /// An arm or hand (crippled: no attack, parry or block with it; -2 PD for an arm).
    pub const fn upper(self) -> bool {
        matches!(
            self,
            Limb::WeaponArm | Limb::ShieldArm | Limb::WeaponHand | Limb::OffHand
        )
    }

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Limb::WeaponArm => "weapon arm",
            Limb::ShieldArm => "shield arm",
            Limb::WeaponHand => "weapon hand",
            Limb::OffHand => "off hand",
            Limb::NearLeg => "near leg",
            Limb::FarLeg => "far leg",
            Limb::NearFoot => "near foot",
            Limb::FarFoot => "far foot",
        }
    }
}

impl Location {
    /// The armor key it reads.
    #[inline(always)]
    pub const fn cover(self) -> Cover {
        match self {
            Location::Torso => Cover::Torso,
            Location::Vitals | Location::Heart => Cover::Vitals,
            Location::Head => Cover::Head,
            Location::Brain => Cover::Brain,
            Location::Neck => Cover::Neck,
            Location::Mouth => Cover::Mouth,
            Location::Eyes | Location::EyesThroughHelm => Cover::Eyes,
            Location::WeaponArm | Location::ShieldArm => Cover::Arms,
            Location::Hand | Location::OffHand => Cover::Hands,
            Location::Leg | Location::FarLeg | Location::Knee => Cover::Legs,
            Location::Foot | Location::OffFoot => Cover::Feet,
        }
    }

    /// The head group: head, neck, mouth, eyes and brain (M-CKS-006,
    /// M-EFF-001/002: head blows).
    pub const fn is_head(self) -> bool {
        matches!(
            self,
            Location::Head
                | Location::Brain
                | Location::Neck
                | Location::Mouth
                | Location::Eyes
                | Location::EyesThroughHelm
        )
    }

    /// The limb it cripples, if any (M-CKS-001/002; the knee is a leg).
    pub const fn limb(self) -> Option<Limb> {
        match self {
            Location::WeaponArm => Some(Limb::WeaponArm),
            Location::ShieldArm => Some(Limb::ShieldArm),
            Location::Hand => Some(Limb::WeaponHand),
            Location::OffHand => Some(Limb::OffHand),
            Location::Leg | Location::Knee => Some(Limb::NearLeg),
            Location::FarLeg => Some(Limb::FarLeg),
            Location::Foot => Some(Limb::NearFoot),
            Location::OffFoot => Some(Limb::FarFoot),
            _ => None,
        }
    }

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Location::Torso => "torso",
            Location::Vitals => "vital organs",
            Location::Heart => "heart",
            Location::Head => "head",
            Location::Brain => "brain",
            Location::Neck => "neck",
            Location::Mouth => "mouth",
            Location::Eyes => "eyes",
            Location::EyesThroughHelm => "eyes through the helm",
            Location::WeaponArm => "weapon arm",
            Location::ShieldArm => "shield arm",
            Location::Hand => "weapon hand",
            Location::OffHand => "off hand",
            Location::Leg => "near leg",
            Location::FarLeg => "far leg",
            Location::Knee => "knee",
            Location::Foot => "near foot",
            Location::OffFoot => "far foot",
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The wound multiplier for damage that got through DR (M-WND-001/002,
/// M-CKS-005/007), as a fraction with its name and rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Factor {
    /// Multiplied by this...
    pub num: i32,
    /// ...then divided by this, rounding down.
    pub den: i32,
    /// "×1.5 cutting".
    pub label: &'static str,
    /// The rule.
    pub rule: &'static str,
}

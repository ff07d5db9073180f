//! Hit locations as rules: the random hit-location table (G-LOC-001), what
//! each damage type may target, wounding multipliers by location and the
//! crippling thresholds and injury caps of limbs and extremities.

use crate::model::damage::DamageType;
use crate::model::location::{BodyType, HitTable, Location, Part};
use crate::model::sheet::Trait;
use crate::model::state::Fighter;
use crate::rules::tables::body::{self, Row};

/// G-LOC-001: the location for a 3d roll; `side` (1-6 from a d6, odd =
/// right) picks the side of hands and feet, which the table leaves open.
pub fn random_location(roll: i32, side_die: i32, table: HitTable) -> Location {
    use Location::*;
    let right = side_die % 2 == 1;
    match roll {
        ..=4 => Skull,
        5 => Face,
        6 | 7 => RightLeg,
        8 => RightArm,
        9 | 10 => Torso,
        11 if table == HitTable::Basic => Groin,
        11 => Torso,
        12 => LeftArm,
        13 | 14 => LeftLeg,
        15 if right => RightHand,
        15 => LeftHand,
        16 if right => RightFoot,
        16 => LeftFoot,
        _ => Neck,
    }
}

/// Whether the random table's result needs the side die (hands and feet).
pub fn needs_side_die(roll: i32) -> bool {
    matches!(roll, 15 | 16)
}

/// G-LOC-001, G-LOC-006 decision: the row of `t`'s own table for a 3d
/// roll: its body's (a wolf's B552 quadruped table), with the summary's
/// note for a winged humanoid (a 9 strikes a wing, G-LOC-001).
#[inline]
pub fn row_for(t: &Fighter, roll: i32, table: HitTable) -> Row {
    let b = t.stats.body_type;
    if b == BodyType::Humanoid && roll == 9 && t.has(Trait::Winged) {
        return Row::Sided(Location::RightWing, Location::LeftWing);
    }
    body::row(b, table, roll)
}

/// G-LOC-011..017: wounding multiplier in halves for a damage type at a
/// location (x1.5 = 3, x4 = 8).
pub fn multiplier_halves(loc: Location, t: DamageType) -> i32 {
    use DamageType::*;
    let base = t.torso_multiplier_halves();
    match loc.part() {
        // G-LOC-011: skull x4 except toxic; G-LOC-012: eye x4.
        Part::Skull | Part::Eye if t != Toxic => 8,
        Part::Skull | Part::Eye => base,
        // G-LOC-013: face, corrosion x1.5.
        Part::Face if t == Corrosion => 3,
        Part::Face => base,
        // G-LOC-014: neck, crushing and corrosion x1.5, cutting x2.
        Part::Neck => match t {
            Crushing | Corrosion => 3,
            Cutting => 4,
            _ => base,
        },
        // G-LOC-015: vitals, imp and any pi x3; tight-beam burning x2.
        Part::Vitals if t.is_piercing_or_impaling() => 6,
        Part::Vitals if t == TightBurning => 4,
        Part::Vitals => base,
        // G-LOC-016: groin as torso (decision).
        Part::Torso => base,
        // G-LOC-017: limbs and extremities, imp, pi+ and pi++ drop to x1.
        Part::Limb | Part::Extremity => match t {
            Impaling | LargePiercing | HugePiercing => 2,
            _ => base,
        },
    }
}

/// G-LOC-015 decision: only impaling, piercing and tight-beam burning may target the vitals;
/// G-LOC-012 decision: the eye likewise (imp, pi, tight-beam burning).
pub fn may_target(loc: Location, t: DamageType) -> bool {
    match loc {
        Location::Vitals | Location::Eye => {
            t.is_piercing_or_impaling() || t == DamageType::TightBurning
        }
        _ => true,
    }
}

/// G-LOC-005 / G-LOC-006: whether a figure has the location at all: the
/// ones its body has (a wolf's forelegs, no arms; a snake no limbs), a
/// tail with the `tail` trait and wings with `winged`, and no arms or hands
/// on a humanoid-table creature with more than two legs (the `quadruped`
/// trait: its forelegs are legs). An aim at a missing part is refused
/// rather than hitting it with no armor.
#[inline]
pub fn has_location(t: &Fighter, loc: Location) -> bool {
    let b = t.stats.body_type;
    match loc {
        Location::Tail => body::has(b, loc) || t.has(Trait::Tail),
        Location::RightWing | Location::LeftWing => body::has(b, loc) || t.has(Trait::Winged),
        Location::RightArm | Location::LeftArm | Location::RightHand | Location::LeftHand => {
            body::has(b, loc) && !(b == BodyType::Humanoid && t.has(Trait::Quadruped))
        }
        _ => body::has(b, loc),
    }
}

/// The part of its own body a figure strikes itself on, strains or hurts
/// by a critical miss (G-EXT-009, G-EXT-010): `preferred` (a humanoid's
/// right hand, arm, foot or leg), or on a body without it the nearest it
/// has: a foreleg for an arm, a forefoot for a hand, else the torso.
pub fn own_part(t: &Fighter, preferred: Location) -> Location {
    use Location::*;
    let stand_ins: &[Location] = match preferred {
        RightHand => &[RightFoot, RightForeleg, RightLeg],
        RightArm => &[RightForeleg, RightLeg],
        RightFoot => &[RightForeleg, RightLeg],
        RightLeg => &[RightHindleg, RightForeleg],
        _ => &[],
    };
    std::iter::once(preferred)
        .chain(stand_ins.iter().copied())
        .find(|&l| has_location(t, l))
        .unwrap_or(Torso)
}

/// The leg worth aiming at to cripple (G-LOC-007): a biped's right leg,
/// else the first leg the body has (a wolf's right foreleg); the right leg
/// when it has none (the aim is then refused and the AI leaves it).
pub fn leg_to_aim(t: &Fighter) -> Location {
    use Location::*;
    [RightLeg, RightForeleg, RightHindleg, RightMidleg]
        .into_iter()
        .find(|&l| has_location(t, l))
        .unwrap_or(RightLeg)
}

/// G-LOC-010 decision with Basic B54-55: whether crippled legs keep `t`
/// off its feet: one of a biped's two (a foot counts as its leg), two of
/// four, four of six.
#[inline]
pub fn legs_fail(t: &Fighter) -> bool {
    !t.crippled.is_empty() && t.legs_lost() >= t.stats.body_type.legs_to_fall()
}

/// G-ATK-023 decision: which damage types may target chinks in armor:
/// impaling, any piercing, and tight-beam burning (Basic B400).
pub fn may_target_chinks(t: DamageType) -> bool {
    t.is_piercing_or_impaling() || t == DamageType::TightBurning
}

/// G-LOC-007: the crippling threshold; injury must be strictly greater.
pub fn crippling_threshold(loc: Location, max_hp: i32) -> Option<i32> {
    match loc.part() {
        Part::Limb => Some(max_hp / 2),
        Part::Extremity => Some(max_hp / 3),
        Part::Eye => Some(max_hp / 10),
        _ => None,
    }
}

/// G-LOC-008: injury to a limb or extremity beyond what cripples it is lost.
pub fn cap_injury(loc: Location, max_hp: i32, injury: i32) -> i32 {
    match loc.part() {
        Part::Limb | Part::Extremity => {
            let threshold = crippling_threshold(loc, max_hp).unwrap_or(0);
            injury.min(threshold + 1)
        }
        _ => injury,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DamageType::*;
    use Location::*;

    #[test]
    fn random_table_matches_the_summary() {
        // rule: G-LOC-001
        let t = HitTable::Summary;
        let got: Vec<Location> = (3..=18).map(|r| random_location(r, 1, t)).collect();
        assert_eq!(
            got,
            [
                Skull, Skull, Face, RightLeg, RightLeg, RightArm, Torso, Torso, Torso, LeftArm,
                LeftLeg, LeftLeg, RightHand, RightFoot, Neck, Neck
            ]
        );
        assert_eq!(random_location(15, 2, t), LeftHand);
        assert_eq!(random_location(11, 1, HitTable::Basic), Groin);
        assert!(!Vitals.is_random_result() && !Eye.is_random_result());
    }

    #[test]
    fn aiming_penalties() {
        // rule: G-LOC-002
        let p: Vec<i32> = [
            Eye, Skull, Face, Neck, Torso, Vitals, Groin, LeftArm, RightLeg, LeftHand, RightFoot,
            Tail,
        ]
        .iter()
        .map(|l| l.aim_penalty())
        .collect();
        assert_eq!(p, [-9, -7, -5, -5, 0, -3, -3, -2, -2, -4, -4, -3]);
    }

    #[test]
    fn wounding_by_location() {
        // rule: G-LOC-011, G-LOC-012, G-LOC-013, G-LOC-014, G-LOC-015, G-LOC-016, G-LOC-017
        assert_eq!(multiplier_halves(Skull, Crushing), 8);
        assert_eq!(multiplier_halves(Skull, Toxic), 2);
        assert_eq!(multiplier_halves(Eye, Impaling), 8);
        assert_eq!(multiplier_halves(Face, Corrosion), 3);
        assert_eq!(multiplier_halves(Face, Cutting), 3);
        assert_eq!(
            (
                multiplier_halves(Neck, Crushing),
                multiplier_halves(Neck, Cutting)
            ),
            (3, 4)
        );
        assert_eq!(multiplier_halves(Neck, Impaling), 4);
        assert_eq!(
            (
                multiplier_halves(Vitals, Impaling),
                multiplier_halves(Vitals, SmallPiercing)
            ),
            (6, 6)
        );
        assert_eq!(multiplier_halves(Vitals, TightBurning), 4);
        assert_eq!(multiplier_halves(Groin, Impaling), 4);
        assert_eq!(
            (
                multiplier_halves(LeftArm, Impaling),
                multiplier_halves(RightFoot, HugePiercing)
            ),
            (2, 2)
        );
        assert_eq!(multiplier_halves(LeftArm, Cutting), 3);
        assert!(
            !may_target(Vitals, Cutting)
                && may_target(Vitals, Piercing)
                && !may_target(Eye, Crushing)
        );
    }

    #[test]
    fn crippling_needs_more_than_the_threshold_and_caps_injury() {
        // rule: G-LOC-007, G-LOC-008
        assert_eq!(crippling_threshold(LeftArm, 12), Some(6));
        assert_eq!(crippling_threshold(RightHand, 12), Some(4));
        assert_eq!(crippling_threshold(Eye, 12), Some(1));
        assert_eq!(crippling_threshold(Torso, 12), None);
        assert_eq!(cap_injury(LeftArm, 12, 20), 7);
        assert_eq!(cap_injury(RightFoot, 12, 20), 5);
        assert_eq!(cap_injury(Torso, 12, 20), 20);
    }
}

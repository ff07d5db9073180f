//! The system's tables as `const` data and small functions of numbers,
//! each cited to its checklist ID.

use crate::model::location::Location;
use crate::model::options::StBeyond;

/// M-DMG-009: thrust and swing for ST 4..=27, decoded from the run-together
/// printed table (cell "16714" = ST 16, thrust 7, swing 14).
pub const ST_TABLE: [(i32, i32); 24] = [
    (0, 0),   // 4
    (1, 1),   // 5
    (2, 2),   // 6
    (3, 3),   // 7
    (3, 4),   // 8
    (4, 5),   // 9
    (4, 6),   // 10
    (5, 7),   // 11
    (5, 8),   // 12
    (6, 10),  // 13
    (6, 11),  // 14
    (7, 13),  // 15
    (7, 14),  // 16
    (8, 16),  // 17
    (8, 17),  // 18
    (9, 19),  // 19
    (10, 20), // 20
    (10, 22), // 21
    (11, 24), // 22
    (12, 26), // 23
    (12, 28), // 24
    (13, 30), // 25
    (14, 32), // 26
    (14, 34), // 27
];

/// Thrust and swing for `st` (M-DMG-009). M-DMG-010: below ST 4, 0/0;
/// above 27, thrust = floor((2 ST - 10) / 3) and swing = 2 ST - 20, or the
/// ST 27 row with `st_table_beyond = clamp`.
pub fn st_damage(st: i32, beyond: StBeyond) -> (i32, i32) {
    if st < 4 {
        return (0, 0);
    }
    if st <= 27 {
        return ST_TABLE[(st - 4) as usize];
    }
    match beyond {
        StBeyond::Extrapolate => ((2 * st - 10) / 3, 2 * st - 20),
        StBeyond::Clamp => ST_TABLE[23],
    }
}

/// What an attack's net successes do to its damage (M-DMG-013).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fraction {
    /// This percentage of normal damage.
    Percent(i32),
    /// Roll on the Critical Hit table (6 or more).
    Critical,
}

/// M-DMG-013: 0 → 25%, 1 → 50%, 2 → 75%, 3-5 → 100%, 6+ → critical.
#[inline(always)]
pub const fn fraction(net: i32) -> Option<Fraction> {
    match net {
        i32::MIN..=-1 => None,
        0 => Some(Fraction::Percent(25)),
        1 => Some(Fraction::Percent(50)),
        2 => Some(Fraction::Percent(75)),
        3..=5 => Some(Fraction::Percent(100)),
        _ => Some(Fraction::Critical),
    }
}

/// M-DMG-014: floor(base × pct / 100); cutting and impaling with a base of
/// at least 1 never round below 1.
pub const fn scaled(base: i32, pct: i32, sharp: bool) -> i32 {
    let d = base * pct / 100;
    if sharp && base >= 1 && d < 1 { 1 } else { d }
}

/// A Critical Hit table result (M-CRT-003/004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CritHit {
    /// 3 or 18: torso knocked out, elsewhere ×3.
    TorsoKnockout,
    /// 4 or 13: ignores armor, normal damage.
    IgnoresArmor,
    /// 5 or 17: ×3.
    Triple,
    /// 6 or 16: ×2.
    Double,
    /// 7: normal damage, stunned until a Will roll.
    Stun,
    /// 8 or 12: limb crippled for 6 rounds, otherwise normal.
    LimbNormal,
    /// 9-11: normal damage.
    Normal,
    /// 14: limb crippled for 6 rounds, otherwise ×2.
    LimbDouble,
    /// 15: drops its weapon, ×2.
    DropDouble,
}

/// M-CRT-003/004: the Critical Hit table on 3d6.
pub const fn crit_hit(roll: i32) -> CritHit {
    match roll {
        3 | 18 => CritHit::TorsoKnockout,
        4 | 13 => CritHit::IgnoresArmor,
        5 | 17 => CritHit::Triple,
        6 | 16 => CritHit::Double,
        7 => CritHit::Stun,
        8 | 12 => CritHit::LimbNormal,
        14 => CritHit::LimbDouble,
        15 => CritHit::DropDouble,
        _ => CritHit::Normal,
    }
}

/// A Critical Miss table result (M-CRT-001/002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CritMiss {
    /// 3-4, 17-18: the weapon breaks unless solid metal.
    Breaks,
    /// 5: hits itself for ½ damage (not impaling or ranged).
    HitSelfHalf,
    /// 6: hits itself for ¼ damage.
    HitSelfQuarter,
    /// 7 or 13: loses balance.
    LoseBalance,
    /// 8 or 12: the weapon turns in the hand: a round to ready it.
    Turns,
    /// 9-11: drops the weapon (a fragile one may break).
    Drops,
    /// 14: the weapon flies 1d yards (a missile weapon is dropped).
    Flies,
    /// 15: strained shoulder, weapon arm crippled for 30 minutes.
    Shoulder,
    /// 16: melee: falls down; ranged: loses balance.
    Falls,
}

/// M-CRT-001/002: the Critical Miss table on 3d6.
pub const fn crit_miss(roll: i32) -> CritMiss {
    match roll {
        3 | 4 | 17 | 18 => CritMiss::Breaks,
        5 => CritMiss::HitSelfHalf,
        6 => CritMiss::HitSelfQuarter,
        7 | 13 => CritMiss::LoseBalance,
        8 | 12 => CritMiss::Turns,
        14 => CritMiss::Flies,
        15 => CritMiss::Shoulder,
        16 => CritMiss::Falls,
        _ => CritMiss::Drops,
    }
}

/// M-LOC-001: the called-shot penalty of a location.
pub const fn location_penalty(l: Location) -> i32 {
    match l {
        Location::Torso => 0,
        Location::Vitals => -3,
        Location::Heart => -8,
        Location::Head => -5,
        Location::Brain => -7,
        Location::Neck => -7,
        Location::Mouth => -8,
        Location::Eyes => -9,
        Location::EyesThroughHelm => -10,
        Location::WeaponArm => -2,
        Location::ShieldArm => -4,
        Location::Hand | Location::OffHand => -5,
        Location::Leg | Location::FarLeg => -2,
        Location::Knee => -4,
        Location::Foot | Location::OffFoot => -5,
    }
}

/// M-RHL-001: the random hit location for a 3d6 roll and, for the hand
/// and foot rows, a 1d6 (1-4: weapon side).
pub const fn random_location(roll: i32, side_d6: i32) -> Location {
    let near = side_d6 <= 4;
    match roll {
        3 => Location::Brain,
        4 => Location::Head,
        5 => Location::ShieldArm,
        6 => {
            if near {
                Location::Hand
            } else {
                Location::OffHand
            }
        }
        7 => Location::WeaponArm,
        8..=11 => Location::Torso,
        12 => Location::FarLeg,
        13 | 14 => Location::Leg,
        15 | 16 => {
            if near {
                Location::Foot
            } else {
                Location::OffFoot
            }
        }
        _ => Location::Vitals,
    }
}

/// Whether a random-location roll needs the 1d6 side roll (M-RHL-001).
pub const fn needs_side_roll(roll: i32) -> bool {
    matches!(roll, 6 | 15 | 16)
}

/// M-RNG-003: (range in yards, speed in mph, penalty), row by row.
pub const RANGE_SPEED: [(u32, u32, i32); 16] = [
    (5, 10, -1),
    (10, 15, -2),
    (20, 20, -3),
    (35, 30, -4),
    (55, 45, -5),
    (80, 70, -6),
    (110, 100, -7),
    (145, 150, -8),
    (185, 200, -9),
    (230, 300, -10),
    (280, 450, -11),
    (330, 700, -12),
    (380, 1000, -13),
    (430, 1500, -14),
    (480, 2000, -15),
    (530, 3000, -16),
];

/// M-RNG-002/004: the range modifier for a distance in yards (0 = the same
/// hex, read as the 1 ft row): 1 ft +5, 1 yd +2, 2 yd 0, then the first row
/// whose range is at least the distance; -16 beyond 530 yd.
pub fn range_modifier(yards: u32) -> i32 {
    match yards {
        0 => 5,
        1 => 2,
        2 => 0,
        _ => RANGE_SPEED
            .iter()
            .find(|r| r.0 >= yards)
            .map_or(-16, |r| r.2),
    }
}

/// M-RNG-004: the speed penalty for a target that moved `hexes` this round
/// (mph ≈ 0.68 × hexes, computed as hexes × 68 / 100): the last row whose
/// speed is at most that; 0 below 10 mph.
pub fn speed_modifier(hexes: u32) -> i32 {
    let mph = hexes * 68 / 100;
    RANGE_SPEED
        .iter()
        .rev()
        .find(|r| r.1 <= mph)
        .map_or(0, |r| r.2)
}

/// M-RNG-001: accuracy offsets a range penalty, never past 0.
pub fn with_accuracy(range: i32, acc: i32) -> i32 {
    if range < 0 {
        (range + acc).min(0)
    } else {
        range
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn st_table_rule_m_dmg_009_and_m_dmg_010() {
        // rule: M-DMG-009
        assert_eq!(st_damage(12, StBeyond::Extrapolate), (5, 8));
        assert_eq!(st_damage(16, StBeyond::Extrapolate), (7, 14));
        assert_eq!(st_damage(13, StBeyond::Extrapolate), (6, 10));
        assert_eq!(st_damage(20, StBeyond::Extrapolate), (10, 20));
        // thrust <= swing, both non-decreasing
        for w in ST_TABLE.windows(2) {
            assert!(w[0].0 <= w[1].0 && w[0].1 <= w[1].1);
        }
        // rule: M-DMG-010
        assert_eq!(st_damage(3, StBeyond::Extrapolate), (0, 0));
        for st in 16..=27 {
            assert_eq!((2 * st - 10) / 3, st_damage(st, StBeyond::Extrapolate).0);
        }
        for st in 20..=27 {
            assert_eq!(2 * st - 20, st_damage(st, StBeyond::Extrapolate).1);
        }
        assert_eq!(st_damage(30, StBeyond::Extrapolate), (16, 40));
        assert_eq!(st_damage(30, StBeyond::Clamp), (14, 34));
    }

    #[test]
    fn fraction_and_rounding_rule_m_dmg_013_m_dmg_014() {
        // rule: M-DMG-013
        assert_eq!(fraction(-1), None);
        assert_eq!(fraction(0), Some(Fraction::Percent(25)));
        assert_eq!(fraction(2), Some(Fraction::Percent(75)));
        assert_eq!(fraction(5), Some(Fraction::Percent(100)));
        assert_eq!(fraction(6), Some(Fraction::Critical));
        // rule: M-DMG-014
        assert_eq!(scaled(10, 50, true), 5);
        assert_eq!(scaled(3, 25, true), 1);
        assert_eq!(scaled(3, 25, false), 0);
        assert_eq!(scaled(0, 25, true), 0);
    }

    #[test]
    fn critical_tables_rule_m_crt_001_to_004() {
        // rule: M-CRT-001
        assert_eq!(crit_miss(3), CritMiss::Breaks);
        assert_eq!(crit_miss(5), CritMiss::HitSelfHalf);
        assert_eq!(crit_miss(6), CritMiss::HitSelfQuarter);
        assert_eq!(crit_miss(13), CritMiss::LoseBalance);
        assert_eq!(crit_miss(12), CritMiss::Turns);
        // rule: M-CRT-002
        assert_eq!(crit_miss(10), CritMiss::Drops);
        assert_eq!(crit_miss(14), CritMiss::Flies);
        assert_eq!(crit_miss(15), CritMiss::Shoulder);
        assert_eq!(crit_miss(16), CritMiss::Falls);
        // rule: M-CRT-003
        assert_eq!(crit_hit(18), CritHit::TorsoKnockout);
        assert_eq!(crit_hit(13), CritHit::IgnoresArmor);
        assert_eq!(crit_hit(17), CritHit::Triple);
        assert_eq!(crit_hit(6), CritHit::Double);
        assert_eq!(crit_hit(7), CritHit::Stun);
        // rule: M-CRT-004
        assert_eq!(crit_hit(12), CritHit::LimbNormal);
        assert_eq!(crit_hit(10), CritHit::Normal);
        assert_eq!(crit_hit(14), CritHit::LimbDouble);
        assert_eq!(crit_hit(15), CritHit::DropDouble);
    }

    #[test]
    fn hit_location_tables_rule_m_loc_001_m_rhl_001() {
        // rule: M-LOC-001
        assert_eq!(location_penalty(Location::Head), -5);
        assert_eq!(location_penalty(Location::EyesThroughHelm), -10);
        assert_eq!(location_penalty(Location::ShieldArm), -4);
        assert_eq!(location_penalty(Location::Heart), -8);
        // rule: M-RHL-001
        assert_eq!(random_location(3, 1), Location::Brain);
        assert_eq!(random_location(6, 4), Location::Hand);
        assert_eq!(random_location(6, 5), Location::OffHand);
        assert_eq!(random_location(10, 1), Location::Torso);
        assert_eq!(random_location(12, 1), Location::FarLeg);
        assert_eq!(random_location(16, 6), Location::OffFoot);
        assert_eq!(random_location(18, 1), Location::Vitals);
    }

    #[test]
    fn range_and_speed_rule_m_rng_001_to_004() {
        // rule: M-RNG-002
        assert_eq!(range_modifier(0), 5);
        assert_eq!(range_modifier(1), 2);
        assert_eq!(range_modifier(2), 0);
        // rule: M-RNG-003
        assert_eq!(range_modifier(5), -1);
        assert_eq!(range_modifier(6), -2);
        assert_eq!(range_modifier(145), -8);
        assert_eq!(range_modifier(480), -15);
        // rule: M-RNG-004
        assert_eq!(range_modifier(600), -16);
        assert_eq!(speed_modifier(14), 0);
        assert_eq!(speed_modifier(15), -1);
        // rule: M-RNG-001
        assert_eq!(with_accuracy(-4, 3), -1);
        assert_eq!(with_accuracy(-2, 4), 0);
        assert_eq!(with_accuracy(2, 4), 2);
    }
}

//! Critical tables: the Critical Head Blow Table (G-EXT-008), the armed
//! Critical Miss Table (G-EXT-009) and the Unarmed Critical Miss Table
//! (G-EXT-010).
//!
//! Each table takes a 3d6 total; a value outside 3..=18 reads as the
//! nearest row (3 or 18), so no input panics.

use crate::model::damage::{DamageType, Dice};

/// A 3d6 total clamped to the tables' rows.
fn row(roll: i32) -> i32 {
    roll.clamp(3, 18)
}

// ---------------------------------------------------------------------------
// Critical Head Blow Table (G-EXT-008)

/// The basic damage of a critical head blow (G-EXT-008).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeadBlowDamage {
    /// The damage as rolled.
    Rolled,
    /// The most the attack's dice can roll.
    Maximum,
    /// The rolled damage x2.
    Double,
    /// The rolled damage x3.
    Triple,
}

impl HeadBlowDamage {
    /// The basic damage, given the `rolled` total and the `maximum` the
    /// dice could roll.
    pub fn basic_damage(self, rolled: i32, maximum: i32) -> i32 {
        match self {
            HeadBlowDamage::Rolled => rolled,
            HeadBlowDamage::Maximum => maximum,
            HeadBlowDamage::Double => rolled.saturating_mul(2),
            HeadBlowDamage::Triple => rolled.saturating_mul(3),
        }
    }
}

/// How the victim's DR counts against a critical head blow (G-EXT-008).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeadBlowDr {
    /// Full DR.
    Full,
    /// Half DR, rounded up.
    HalfRoundedUp,
    /// No DR.
    Ignored,
}

impl HeadBlowDr {
    /// The DR that counts, from the location's `dr` (negative reads as 0).
    pub fn effective_dr(self, dr: i32) -> i32 {
        let dr = dr.max(0);
        match self {
            HeadBlowDr::Full => dr,
            HeadBlowDr::HalfRoundedUp => dr / 2 + dr % 2,
            HeadBlowDr::Ignored => 0,
        }
    }
}

/// The extra effect of a critical head blow's row (G-EXT-008).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeadBlowEffect {
    /// Nothing beyond the damage.
    None,
    /// Any damage that gets through DR is a major wound (rows 4-5).
    MajorWoundIfPenetrates,
    /// A face or skull hit becomes an eye hit, even for attacks that cannot
    /// normally target the eye (rows 6-7). When that is impossible (e.g.
    /// an attack from behind) the caller uses `head_blow(4)` instead.
    BecomesEyeHit,
    /// The victim must Do Nothing on its next turn, but may defend (row 8).
    DoNothingNextTurn,
    /// If damage gets through DR, crushing deafens and other types scar
    /// (rows 12-13); see [`deafen_or_scar`].
    DeafenOrScar,
    /// The victim drops its weapon, one at random if it holds two (row 14).
    DropsWeapon,
}

/// One row of the Critical Head Blow Table (G-EXT-008): how to figure the
/// damage and DR, and the row's extra effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeadBlow {
    /// The basic damage.
    pub damage: HeadBlowDamage,
    /// How DR counts.
    pub dr: HeadBlowDr,
    /// The extra effect.
    pub effect: HeadBlowEffect,
}

/// G-EXT-008: the Critical Head Blow Table row for a 3d6 `roll`, used for
/// critical hits on the skull, face or eye (G-LOC-018): 3 maximum damage
/// ignoring DR; 4-5 DR halved (rounded up) and any penetrating damage is a
/// major wound; 6-7 the hit becomes an eye hit (if impossible, the caller
/// falls back to row 4); 8 normal damage and the victim Does Nothing next
/// turn but may defend; 9-11 normal damage; 12-13 deafen (crushing) or scar
/// (other types) if damage gets through; 14 the victim drops its weapon; 15
/// maximum damage; 16 double damage; 17 DR halved (rounded up); 18 triple
/// damage. "Normal" damage keeps the head's usual wounding.
pub fn head_blow(roll: i32) -> HeadBlow {
    use HeadBlowDamage as D;
    use HeadBlowDr as R;
    use HeadBlowEffect as E;
    let (damage, dr, effect) = match row(roll) {
        3 => (D::Maximum, R::Ignored, E::None),
        4 | 5 => (D::Rolled, R::HalfRoundedUp, E::MajorWoundIfPenetrates),
        6 | 7 => (D::Rolled, R::Full, E::BecomesEyeHit),
        8 => (D::Rolled, R::Full, E::DoNothingNextTurn),
        12 | 13 => (D::Rolled, R::Full, E::DeafenOrScar),
        14 => (D::Rolled, R::Full, E::DropsWeapon),
        15 => (D::Maximum, R::Full, E::None),
        16 => (D::Double, R::Full, E::None),
        17 => (D::Rolled, R::HalfRoundedUp, E::None),
        18 => (D::Triple, R::Full, E::None),
        // 9-11
        _ => (D::Rolled, R::Full, E::None),
    };
    HeadBlow { damage, dr, effect }
}

/// What rows 12-13 of the Critical Head Blow Table do when damage gets
/// through DR (G-EXT-008).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeafenOrScar {
    /// Crushing damage deafens the victim.
    Deafened,
    /// Other damage scars: this many levels of appearance lost.
    Scarred {
        /// Appearance levels lost (1, or 2 for burning or corrosion).
        appearance_levels: i32,
    },
}

/// G-EXT-008, rows 12-13: crushing deafens; other types scar for -1
/// appearance level, -2 for burning (tight-beam too) or corrosion.
pub fn deafen_or_scar(damage_type: DamageType) -> DeafenOrScar {
    match damage_type {
        DamageType::Crushing => DeafenOrScar::Deafened,
        DamageType::Burning | DamageType::TightBurning | DamageType::Corrosion => {
            DeafenOrScar::Scarred {
                appearance_levels: 2,
            }
        }
        _ => DeafenOrScar::Scarred {
            appearance_levels: 1,
        },
    }
}

// ---------------------------------------------------------------------------
// Critical Miss Table, armed (G-EXT-009)

/// A row of the armed Critical Miss Table (G-EXT-009).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CriticalMiss {
    /// 3, 4, 17, 18: the weapon breaks and is useless. A solid crushing,
    /// magic or fine weapon rolls again and breaks only on a second
    /// "breaks" result; on any other result it is dropped instead.
    WeaponBreaks,
    /// 5 (full damage) or 6 (`half`): you hit your own arm or leg (50/50)
    /// with the attack. Impaling or piercing melee attacks and all ranged
    /// attacks roll again and hit you only on a second 5 or 6.
    HitSelf {
        /// Half damage (row 6).
        half: bool,
    },
    /// 7 or 13: off balance; no further action (not even a free action)
    /// until your next turn, and active defenses -2 until then. Also a
    /// ranged attacker's 16.
    OffBalance,
    /// 8 or 12: the weapon turns in your hand and needs an extra Ready
    /// maneuver before it can be used again.
    WeaponTurns,
    /// 9-11: you drop the weapon (a cheap weapon breaks instead).
    DropWeapon,
    /// 14: a swung melee weapon flies 1d yards straight forward or back
    /// (50/50), and anyone on that spot rolls DX or takes half damage from
    /// it. Thrusts, ranged attacks and parries just drop the weapon.
    WeaponFlies,
    /// 15: strained shoulder; the weapon arm cannot attack or defend for 30
    /// minutes (the weapon need not be dropped).
    StrainedShoulder,
    /// 16: you fall down (a ranged attacker gets 7, off balance, instead).
    FallDown,
}

/// G-EXT-009: the armed Critical Miss Table row for a 3d6 `roll`, before any
/// qualifier: 3, 4, 17, 18 breaks; 5 hit self; 6 hit self for half; 7, 13
/// off balance; 8, 12 weapon turns; 9-11 drop; 14 weapon flies; 15 strained
/// shoulder; 16 fall down. See [`critical_miss_for`] and
/// [`resolve_critical_miss`] for the qualifiers.
pub fn critical_miss(roll: i32) -> CriticalMiss {
    match row(roll) {
        3 | 4 | 17 | 18 => CriticalMiss::WeaponBreaks,
        5 => CriticalMiss::HitSelf { half: false },
        6 => CriticalMiss::HitSelf { half: true },
        7 | 13 => CriticalMiss::OffBalance,
        8 | 12 => CriticalMiss::WeaponTurns,
        14 => CriticalMiss::WeaponFlies,
        15 => CriticalMiss::StrainedShoulder,
        16 => CriticalMiss::FallDown,
        // 9-11
        _ => CriticalMiss::DropWeapon,
    }
}

/// G-EXT-009: the row with the ranged qualifier: a ranged attacker's 16
/// (fall down) is result 7 (off balance) instead.
pub fn critical_miss_for(roll: i32, ranged: bool) -> CriticalMiss {
    match critical_miss(roll) {
        CriticalMiss::FallDown if ranged => CriticalMiss::OffBalance,
        miss => miss,
    }
}

/// What the caller knows about a critically failed armed attack, for the
/// qualifiers of G-EXT-009.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MissedAttack {
    /// A ranged attack (16 becomes 7; 5 and 6 roll again; 14 drops).
    pub ranged: bool,
    /// An impaling or piercing melee attack (5 and 6 roll again).
    pub impaling_or_piercing: bool,
    /// A swung melee attack: only these make the weapon fly on 14.
    pub swung: bool,
    /// A solid crushing, magic or fine weapon (breaks roll again).
    pub resists_breaking: bool,
    /// A cheap weapon (breaks on 9-11 instead of being dropped).
    pub cheap: bool,
}

/// G-EXT-009: whether the first `roll` calls for a second 3d6 roll: a
/// "breaks" result with a weapon that resists breaking, or a "hit yourself"
/// result with an impaling or piercing melee attack or any ranged attack.
pub fn critical_miss_rolls_again(roll: i32, attack: MissedAttack) -> bool {
    match critical_miss(roll) {
        CriticalMiss::WeaponBreaks => attack.resists_breaking,
        CriticalMiss::HitSelf { .. } => attack.ranged || attack.impaling_or_piercing,
        _ => false,
    }
}

/// The row's result with the qualifiers that need no second roll: a
/// ranged 16 is 7, a cheap weapon breaks on 9-11, and a weapon that was not
/// swung is dropped on 14 (G-EXT-009).
fn qualified(roll: i32, attack: MissedAttack) -> CriticalMiss {
    match critical_miss_for(roll, attack.ranged) {
        CriticalMiss::DropWeapon if attack.cheap => CriticalMiss::WeaponBreaks,
        CriticalMiss::WeaponFlies if attack.ranged || !attack.swung => CriticalMiss::DropWeapon,
        miss => miss,
    }
}

/// G-EXT-009: the final result of an armed critical miss with every
/// mechanical qualifier applied. `second_roll` is read only when
/// [`critical_miss_rolls_again`] says so (pass anything otherwise).
///
/// - A weapon that resists breaking breaks only if the second roll is a
///   "breaks" row too; otherwise it is dropped.
/// - A "hit yourself" that rolls again hits only on a second 5 or 6 (with
///   that roll's full or half damage); otherwise the second roll's result
///   stands.
///
/// Interpretation: the second roll never calls for a third. A "breaks" on
/// it leaves a breakage-resistant weapon merely dropped, and the other
/// qualifiers (ranged 16, cheap 9-11, unswung 14) apply to it as usual.
pub fn resolve_critical_miss(roll: i32, second_roll: i32, attack: MissedAttack) -> CriticalMiss {
    if !critical_miss_rolls_again(roll, attack) {
        return qualified(roll, attack);
    }
    if critical_miss(roll) == CriticalMiss::WeaponBreaks {
        // Only a "breaks" row (3, 4, 17, 18) breaks it; anything else drops it.
        return match critical_miss(second_roll) {
            CriticalMiss::WeaponBreaks => CriticalMiss::WeaponBreaks,
            _ => CriticalMiss::DropWeapon,
        };
    }
    // A "hit yourself" rolled again: a second 5 or 6 hits, else that stands.
    match qualified(second_roll, attack) {
        CriticalMiss::WeaponBreaks if attack.resists_breaking => CriticalMiss::DropWeapon,
        second => second,
    }
}

// ---------------------------------------------------------------------------
// Unarmed Critical Miss Table (G-EXT-010)

/// G-EXT-010, row 15: the injury a torn muscle does to the limb, 1d-3.
pub const TORN_MUSCLE_INJURY: Dice = Dice { dice: 1, adds: -3 };

/// A row of the Unarmed Critical Miss Table (G-EXT-010), for punches,
/// kicks, bites, claws, slams and grapples.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnarmedMiss {
    /// 3 or 18: you knock yourself out; roll HT every 30 minutes to wake.
    KnockSelfOut,
    /// 4 or 17: strained limb, 1 HP of injury and the limb unusable for 30
    /// minutes; a bite or butt causes moderate pain instead.
    StrainedLimb {
        /// Row 17: an animal with IQ 3-5 flees.
        animal_flees: bool,
    },
    /// 5 or 16 (full), 6 (`half`): you hit something solid and take your
    /// own thrust crushing damage to the body part used; on 6 natural
    /// weapons break as well (-1 damage until healed).
    HitSolid {
        /// Half damage, and natural weapons break (row 6).
        half: bool,
    },
    /// 7 or 14: stumble; an attacker ends 1 yard past the foe, facing away
    /// from it; a parrier falls down.
    Stumble,
    /// 8: you fall down.
    FallDown,
    /// 9-11: off balance, as armed result 7 (no further action until your
    /// next turn, defenses -2).
    OffBalance,
    /// 12: trip; roll DX (DX-4 if kicking, see [`trip_roll_modifier`]) or
    /// fall down.
    Trip,
    /// 13: dropped guard; defenses -2 next turn, and Feint penalties
    /// against you count double.
    DroppedGuard,
    /// 15: torn muscle; [`TORN_MUSCLE_INJURY`] to the limb, -1 to attack
    /// and defense next turn, and [`torn_muscle_penalty`] to actions with
    /// that limb until healed.
    TornMuscle,
}

/// G-EXT-010: the Unarmed Critical Miss Table row for a 3d6 `roll`: 3/18
/// knock yourself out; 4/17 strained limb; 5/16 hit something solid; 6 the
/// same at half damage; 7/14 stumble; 8 fall down; 9-11 off balance; 12
/// trip; 13 dropped guard; 15 torn muscle.
pub fn unarmed_critical_miss(roll: i32) -> UnarmedMiss {
    match row(roll) {
        3 | 18 => UnarmedMiss::KnockSelfOut,
        4 => UnarmedMiss::StrainedLimb {
            animal_flees: false,
        },
        17 => UnarmedMiss::StrainedLimb { animal_flees: true },
        5 | 16 => UnarmedMiss::HitSolid { half: false },
        6 => UnarmedMiss::HitSolid { half: true },
        7 | 14 => UnarmedMiss::Stumble,
        8 => UnarmedMiss::FallDown,
        12 => UnarmedMiss::Trip,
        13 => UnarmedMiss::DroppedGuard,
        15 => UnarmedMiss::TornMuscle,
        // 9-11
        _ => UnarmedMiss::OffBalance,
    }
}

/// G-EXT-010, row 12: the modifier to the DX roll against tripping: -4 if
/// the attack was a kick, else 0.
pub fn trip_roll_modifier(kicking: bool) -> i32 {
    if kicking { -4 } else { 0 }
}

/// G-EXT-010, row 15: the penalty to actions with a torn muscle's limb until
/// it heals: -3, or -1 with High Pain Threshold.
pub fn torn_muscle_penalty(high_pain_threshold: bool) -> i32 {
    if high_pain_threshold { -1 } else { -3 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hb(damage: HeadBlowDamage, dr: HeadBlowDr, effect: HeadBlowEffect) -> HeadBlow {
        HeadBlow { damage, dr, effect }
    }

    #[test]
    fn g_ext_008_every_row_of_the_head_blow_table() {
        // rule: G-EXT-008
        use HeadBlowDamage as D;
        use HeadBlowDr as R;
        use HeadBlowEffect as E;
        let rows = [
            (3, hb(D::Maximum, R::Ignored, E::None)),
            (
                4,
                hb(D::Rolled, R::HalfRoundedUp, E::MajorWoundIfPenetrates),
            ),
            (
                5,
                hb(D::Rolled, R::HalfRoundedUp, E::MajorWoundIfPenetrates),
            ),
            (6, hb(D::Rolled, R::Full, E::BecomesEyeHit)),
            (7, hb(D::Rolled, R::Full, E::BecomesEyeHit)),
            (8, hb(D::Rolled, R::Full, E::DoNothingNextTurn)),
            (9, hb(D::Rolled, R::Full, E::None)),
            (10, hb(D::Rolled, R::Full, E::None)),
            (11, hb(D::Rolled, R::Full, E::None)),
            (12, hb(D::Rolled, R::Full, E::DeafenOrScar)),
            (13, hb(D::Rolled, R::Full, E::DeafenOrScar)),
            (14, hb(D::Rolled, R::Full, E::DropsWeapon)),
            (15, hb(D::Maximum, R::Full, E::None)),
            (16, hb(D::Double, R::Full, E::None)),
            (17, hb(D::Rolled, R::HalfRoundedUp, E::None)),
            (18, hb(D::Triple, R::Full, E::None)),
        ];
        for (roll, expected) in rows {
            assert_eq!(head_blow(roll), expected, "roll {roll}");
        }
        // Out-of-range totals read as the nearest row.
        assert_eq!(head_blow(i32::MIN), head_blow(3));
        assert_eq!(head_blow(2), head_blow(3));
        assert_eq!(head_blow(19), head_blow(18));
        assert_eq!(head_blow(i32::MAX), head_blow(18));
    }

    #[test]
    fn g_ext_008_damage_and_dr_arithmetic() {
        // rule: G-EXT-008
        assert_eq!(HeadBlowDamage::Rolled.basic_damage(7, 12), 7);
        assert_eq!(HeadBlowDamage::Maximum.basic_damage(7, 12), 12);
        assert_eq!(HeadBlowDamage::Double.basic_damage(7, 12), 14);
        assert_eq!(HeadBlowDamage::Triple.basic_damage(7, 12), 21);
        assert_eq!(HeadBlowDamage::Triple.basic_damage(i32::MAX, 0), i32::MAX);
        // Half DR rounds up.
        let half = HeadBlowDr::HalfRoundedUp;
        let rows = [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (7, 4)];
        for (dr, counted) in rows {
            assert_eq!(half.effective_dr(dr), counted, "DR {dr}");
        }
        assert_eq!(half.effective_dr(i32::MAX), i32::MAX / 2 + 1);
        assert_eq!(HeadBlowDr::Full.effective_dr(5), 5);
        assert_eq!(HeadBlowDr::Ignored.effective_dr(5), 0);
        assert_eq!(HeadBlowDr::Full.effective_dr(-2), 0);
    }

    #[test]
    fn g_ext_008_deafen_or_scar_by_type() {
        // rule: G-EXT-008 (rows 12-13)
        use DamageType::*;
        assert_eq!(deafen_or_scar(Crushing), DeafenOrScar::Deafened);
        for t in [Burning, TightBurning, Corrosion] {
            assert_eq!(
                deafen_or_scar(t),
                DeafenOrScar::Scarred {
                    appearance_levels: 2
                }
            );
        }
        for t in [
            Cutting,
            Impaling,
            SmallPiercing,
            Piercing,
            LargePiercing,
            HugePiercing,
            Toxic,
            Fatigue,
        ] {
            assert_eq!(
                deafen_or_scar(t),
                DeafenOrScar::Scarred {
                    appearance_levels: 1
                },
                "{t}"
            );
        }
    }

    #[test]
    fn g_ext_009_every_row_of_the_critical_miss_table() {
        // rule: G-EXT-009
        use CriticalMiss::*;
        let rows = [
            (3, WeaponBreaks),
            (4, WeaponBreaks),
            (5, HitSelf { half: false }),
            (6, HitSelf { half: true }),
            (7, OffBalance),
            (8, WeaponTurns),
            (9, DropWeapon),
            (10, DropWeapon),
            (11, DropWeapon),
            (12, WeaponTurns),
            (13, OffBalance),
            (14, WeaponFlies),
            (15, StrainedShoulder),
            (16, FallDown),
            (17, WeaponBreaks),
            (18, WeaponBreaks),
        ];
        for (roll, expected) in rows {
            assert_eq!(critical_miss(roll), expected, "roll {roll}");
            // A melee attacker gets the bare row.
            assert_eq!(critical_miss_for(roll, false), expected, "roll {roll}");
            let ranged = if roll == 16 { OffBalance } else { expected };
            assert_eq!(critical_miss_for(roll, true), ranged, "ranged {roll}");
        }
        assert_eq!(critical_miss(i32::MIN), WeaponBreaks);
        assert_eq!(critical_miss(i32::MAX), WeaponBreaks);
    }

    #[test]
    fn g_ext_009_who_rolls_again() {
        // rule: G-EXT-009
        let plain = MissedAttack::default();
        let fine = MissedAttack {
            resists_breaking: true,
            ..plain
        };
        let ranged = MissedAttack {
            ranged: true,
            ..plain
        };
        let thrust = MissedAttack {
            impaling_or_piercing: true,
            ..plain
        };
        for roll in 3..=18 {
            let breaks = matches!(roll, 3 | 4 | 17 | 18);
            let hit_self = matches!(roll, 5 | 6);
            assert!(!critical_miss_rolls_again(roll, plain), "{roll}");
            assert_eq!(critical_miss_rolls_again(roll, fine), breaks, "{roll}");
            assert_eq!(critical_miss_rolls_again(roll, ranged), hit_self, "{roll}");
            assert_eq!(critical_miss_rolls_again(roll, thrust), hit_self, "{roll}");
        }
    }

    #[test]
    fn g_ext_009_resolved_without_a_second_roll() {
        // rule: G-EXT-009
        use CriticalMiss::*;
        let swing = MissedAttack {
            swung: true,
            ..MissedAttack::default()
        };
        let thrust = MissedAttack::default();
        let cheap = MissedAttack {
            cheap: true,
            ..swing
        };
        let ranged = MissedAttack {
            ranged: true,
            ..MissedAttack::default()
        };
        for roll in 3..=18 {
            assert_eq!(resolve_critical_miss(roll, 0, swing), critical_miss(roll));
        }
        // 14: only a swing flies; a thrust or a shot just drops the weapon.
        assert_eq!(resolve_critical_miss(14, 0, thrust), DropWeapon);
        assert_eq!(resolve_critical_miss(14, 0, ranged), DropWeapon);
        // 9-11: a cheap weapon breaks.
        for roll in 9..=11 {
            assert_eq!(resolve_critical_miss(roll, 0, cheap), WeaponBreaks);
        }
        assert_eq!(resolve_critical_miss(12, 0, cheap), WeaponTurns);
        // 16: a ranged attacker is off balance instead.
        assert_eq!(resolve_critical_miss(16, 0, ranged), OffBalance);
        assert_eq!(resolve_critical_miss(16, 0, swing), FallDown);
    }

    #[test]
    fn g_ext_009_breakage_resistant_weapon_second_roll() {
        // rule: G-EXT-009
        use CriticalMiss::*;
        let fine = MissedAttack {
            resists_breaking: true,
            swung: true,
            ..MissedAttack::default()
        };
        for first in [3, 4, 17, 18] {
            for second in 3..=18 {
                let expected = if matches!(second, 3 | 4 | 17 | 18) {
                    WeaponBreaks
                } else {
                    DropWeapon
                };
                assert_eq!(resolve_critical_miss(first, second, fine), expected);
            }
        }
    }

    #[test]
    fn g_ext_009_hit_self_second_roll() {
        // rule: G-EXT-009
        use CriticalMiss::*;
        let thrust = MissedAttack {
            impaling_or_piercing: true,
            ..MissedAttack::default()
        };
        let ranged = MissedAttack {
            ranged: true,
            ..MissedAttack::default()
        };
        for first in [5, 6] {
            // Only a second 5 or 6 hits, at that roll's damage.
            assert_eq!(
                resolve_critical_miss(first, 5, thrust),
                HitSelf { half: false }
            );
            assert_eq!(
                resolve_critical_miss(first, 6, ranged),
                HitSelf { half: true }
            );
            // Otherwise the second result stands, with its qualifiers.
            assert_eq!(resolve_critical_miss(first, 10, thrust), DropWeapon);
            assert_eq!(resolve_critical_miss(first, 8, ranged), WeaponTurns);
            assert_eq!(resolve_critical_miss(first, 16, ranged), OffBalance);
            assert_eq!(resolve_critical_miss(first, 16, thrust), FallDown);
            assert_eq!(resolve_critical_miss(first, 14, thrust), DropWeapon);
            assert_eq!(resolve_critical_miss(first, 3, thrust), WeaponBreaks);
        }
        // Interpretation: no third roll; a resistant weapon is dropped.
        let fine_thrust = MissedAttack {
            resists_breaking: true,
            ..thrust
        };
        assert_eq!(resolve_critical_miss(5, 18, fine_thrust), DropWeapon);
    }

    #[test]
    fn g_ext_010_every_row_of_the_unarmed_table() {
        // rule: G-EXT-010
        use UnarmedMiss::*;
        let rows = [
            (3, KnockSelfOut),
            (
                4,
                StrainedLimb {
                    animal_flees: false,
                },
            ),
            (5, HitSolid { half: false }),
            (6, HitSolid { half: true }),
            (7, Stumble),
            (8, FallDown),
            (9, OffBalance),
            (10, OffBalance),
            (11, OffBalance),
            (12, Trip),
            (13, DroppedGuard),
            (14, Stumble),
            (15, TornMuscle),
            (16, HitSolid { half: false }),
            (17, StrainedLimb { animal_flees: true }),
            (18, KnockSelfOut),
        ];
        for (roll, expected) in rows {
            assert_eq!(unarmed_critical_miss(roll), expected, "roll {roll}");
        }
        assert_eq!(unarmed_critical_miss(-7), KnockSelfOut);
        assert_eq!(unarmed_critical_miss(40), KnockSelfOut);
    }

    #[test]
    fn g_ext_010_trip_and_torn_muscle_numbers() {
        // rule: G-EXT-010
        assert_eq!(trip_roll_modifier(false), 0);
        assert_eq!(trip_roll_modifier(true), -4);
        assert_eq!(TORN_MUSCLE_INJURY, Dice { dice: 1, adds: -3 });
        assert_eq!(torn_muscle_penalty(false), -3);
        assert_eq!(torn_muscle_penalty(true), -1);
    }
}

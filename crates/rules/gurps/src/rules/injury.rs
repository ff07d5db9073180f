//! Damage and injury: steps 3-8 of the attack checklist (G-TURN-004):
//! damage roll, hit location, DR, wounding, injury and its effects.
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::damage::{DamageType, Dice};
use crate::model::data::FollowUp;
use crate::model::location::Location;
use crate::model::state::Fighter;
use fray_core::CombatantId;
/// Effects of the Critical Hit Table (G-EXT-007) or the Critical Head Blow
/// Table (G-EXT-008) on the damage step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CriticalEffect {
    /// Multiply basic damage (2 or 3).
    pub multiply: i32,
    /// Use maximum normal damage.
    pub maximum: bool,
    /// DR counts at half, rounded down (G-EXT-007).
    pub half_dr: bool,
    /// DR counts at half, rounded up (G-EXT-008).
    pub half_dr_up: bool,
    /// DR does not count (G-EXT-008 row 3).
    pub ignore_dr: bool,
    /// Any injury counts as a major wound.
    pub major: bool,
    /// Double shock (max -8) and the hit limb crippled briefly.
    pub double_shock: bool,
    /// The victim drops what it holds.
    pub drop: bool,
    /// The victim drops its weapon (G-EXT-008 row 14).
    pub drop_weapon: bool,
    /// The victim must Do Nothing on its next turn (G-EXT-008 row 8).
    pub do_nothing_next: bool,
    /// Deafened (crushing) or scarred (other types) if damage gets through (G-EXT-008 rows 12-13).
    pub deafen_or_scar: bool,
}

/// G-EXT-008: the effect of a Critical Head Blow Table row; rows 6-7 (an
/// eye hit) are handled by the caller, which reads them as row 4 when the
/// eye cannot be hit.
pub fn head_blow_effect(roll: i32) -> CriticalEffect {
    use crate::rules::tables::critical::{
        HeadBlowDamage as D, HeadBlowDr as R, HeadBlowEffect as E,
    };
    let row = crate::rules::tables::head_blow(roll);
    let mut e = CriticalEffect::default();
    match row.damage {
        D::Rolled => {}
        D::Maximum => e.maximum = true,
        D::Double => e.multiply = 2,
        D::Triple => e.multiply = 3,
    }
    match row.dr {
        R::Full => {}
        R::HalfRoundedUp => e.half_dr_up = true,
        R::Ignored => e.ignore_dr = true,
    }
    match row.effect {
        E::None | E::BecomesEyeHit => {}
        E::MajorWoundIfPenetrates => e.major = true,
        E::DoNothingNextTurn => e.do_nothing_next = true,
        E::DeafenOrScar => e.deafen_or_scar = true,
        E::DropsWeapon => e.drop_weapon = true,
    }
    e
}

/// G-EXT-007: the Critical Hit Table row for a 3d roll.
pub fn critical_hit_effect(roll: i32) -> CriticalEffect {
    let mut e = CriticalEffect::default();
    match roll {
        3 | 18 => e.multiply = 3,
        4 | 17 => e.half_dr = true,
        5 | 16 => e.multiply = 2,
        6 | 15 => e.maximum = true,
        7 | 13 | 14 => e.major = true,
        8 => e.double_shock = true,
        12 => e.drop = true,
        _ => {}
    }
    e
}

/// What hits: the attacker's weapon damage, type and extras.
#[derive(Clone, Copy, Debug)]
pub struct Blow {
    /// Who strikes.
    pub attacker: CombatantId,
    /// Who is struck.
    pub target: CombatantId,
    /// Damage dice after adds.
    pub dice: Dice,
    /// Extra damage (All-Out Attack Strong...) with its rule.
    pub bonus: Option<(&'static str, i32, &'static str)>,
    /// Damage type.
    pub damage_type: DamageType,
    /// Armor divisor.
    pub armor_divisor: f32,
    /// The location aimed at; `None` for a random roll.
    pub aimed: Option<Location>,
    /// Critical hit effects.
    pub critical: CriticalEffect,
    /// Aimed at a chink in the armor: worn DR counts half (G-ATK-023).
    pub chinks: bool,
    /// A shot at or beyond its 1/2D range: basic damage halved (G-DMG-002).
    pub half: bool,
    /// How the blow pushes the target back (G-KB-001..004).
    pub push: Push,
    /// The follow-up the blow carries, when it gets through DR (decision,
    /// docs/rules/gurps.md).
    pub follow_up: Option<FollowUp>,
    /// A follow-up's own damage: it is already past DR (decision).
    pub past_dr: bool,
}

impl Blow {
    /// A blow with no extras: no bonus, no armor divisor, no critical
    /// effect, full damage, the usual knockback. Callers change what
    /// differs with struct update syntax.
    pub fn plain(
        attacker: CombatantId,
        target: CombatantId,
        dice: Dice,
        damage_type: DamageType,
        location: Location,
    ) -> Blow {
        Blow {
            attacker,
            target,
            dice,
            bonus: None,
            damage_type,
            armor_divisor: 1.0,
            aimed: Some(location),
            critical: CriticalEffect::default(),
            chinks: false,
            half: false,
            push: Push::Normal,
            follow_up: None,
            past_dr: false,
        }
    }
}

/// What knockback a blow can do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Push {
    /// Crushing blows, and cutting ones that fail to penetrate (G-KB-001).
    #[default]
    Normal,
    /// A shove: double knockback and no injury (G-ATK-020).
    Shove,
    /// None: a slam's fall check stands in for it (decision).
    None,
}

/// Decision (follow-up attacks, docs/rules/gurps.md): where a follow-up's
/// damage counts: a toxic one (venom) goes through the whole body, as the
/// torso (no location multiplier, nothing crippled; fatigue always does,
/// G-DMG-006 decision); any other (fire, acid) strikes the location the
/// carrier struck.
pub fn follow_up_location(damage_type: DamageType, struck: Location) -> Location {
    match damage_type {
        DamageType::Toxic | DamageType::Fatigue => Location::Torso,
        _ => struck,
    }
}

/// G-DMG-003: the target's DR at `loc` against a damage type: split DR
/// (mail 4/2) counts its lower number against crushing.
pub fn armor_dr(t: &Fighter, loc: Location, damage_type: DamageType) -> i32 {
    if damage_type == DamageType::Crushing {
        t.crushing_dr[loc.index()]
    } else {
        t.dr[loc.index()]
    }
}

/// G-EXT-019 / G-DMG-003: DR after an armor divisor (round down; fractional
/// divisors multiply DR and count DR 0 as 1).
pub fn divided_dr(dr: i32, divisor: f32) -> i32 {
    if divisor >= 1.0 {
        (dr as f32 / divisor).floor() as i32
    } else if divisor > 0.0 {
        (dr.max(1) as f32 / divisor).floor() as i32
    } else {
        dr
    }
}

/// G-DMG-004/005: injury from penetrating damage: multiplied, rounded down,
/// at least 1 when anything got through.
pub fn injury_from(penetrating: i32, multiplier_halves: i32) -> i32 {
    if penetrating <= 0 {
        return 0;
    }
    (penetrating * multiplier_halves / 2).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armor_divisors_round_down() {
        // rule: G-EXT-019, G-DMG-003
        assert_eq!(divided_dr(5, 2.0), 2);
        assert_eq!(divided_dr(6, 3.0), 2);
        assert_eq!(divided_dr(0, 0.5), 2);
        assert_eq!(divided_dr(3, 0.5), 6);
        assert_eq!(divided_dr(4, 1.0), 4);
    }

    #[test]
    fn injury_rounds_down_but_is_at_least_one() {
        // rule: G-DMG-005
        assert_eq!(injury_from(0, 3), 0);
        assert_eq!(injury_from(1, 1), 1);
        assert_eq!(injury_from(3, 3), 4);
        assert_eq!(injury_from(5, 4), 10);
    }

    #[test]
    fn critical_hit_table_rows() {
        // rule: G-EXT-007
        assert_eq!(critical_hit_effect(3).multiply, 3);
        assert_eq!(critical_hit_effect(16).multiply, 2);
        assert!(critical_hit_effect(17).half_dr && critical_hit_effect(15).maximum);
        assert!(
            critical_hit_effect(13).major
                && critical_hit_effect(8).double_shock
                && critical_hit_effect(12).drop
        );
        assert_eq!(critical_hit_effect(10), CriticalEffect::default());
    }
}

//! Attacking a weapon to break it: weapon DR, injury to the weapon
//! (G-ATK-012), weapon HP and state (G-ATK-013).

use crate::model::damage::DamageType;
use crate::model::data::WeaponMaterial;

/// G-ATK-012: the weapon's DR: wood 2, metal and wood 4, solid metal 6.
pub fn weapon_dr(material: WeaponMaterial) -> i32 {
    match material {
        WeaponMaterial::Wood => 2,
        WeaponMaterial::MetalAndWood => 4,
        WeaponMaterial::SolidMetal => 6,
    }
}

/// G-ATK-012: the multiplier for damage past a weapon's DR, as a fraction
/// `(numerator, denominator)`: pi- 1/10, pi 1/5, pi+ 1/3, pi++ and imp 1/2,
/// cr 1, cut 3/2. Decision: the source's "IMP/PI+ x1/2" reads as imp/pi++.
///
/// Interpretation (the sources are silent): burning, tight-beam burning and
/// corrosion are x1, as Basic leaves them for objects; toxic and fatigue
/// damage harm only living beings, so they give `None` (no injury to a
/// weapon) *(verify)*.
pub fn breaking_multiplier(damage_type: DamageType) -> Option<(i32, i32)> {
    use DamageType::*;
    match damage_type {
        SmallPiercing => Some((1, 10)),
        Piercing => Some((1, 5)),
        LargePiercing => Some((1, 3)),
        HugePiercing | Impaling => Some((1, 2)),
        Crushing | Burning | TightBurning | Corrosion => Some((1, 1)),
        Cutting => Some((3, 2)),
        Toxic | Fatigue => None,
    }
}

/// G-ATK-012: injury to a weapon from `penetrating` damage (what got past
/// its DR): the damage times [`breaking_multiplier`], rounded down, but at
/// least 1 when any damage got through (Decision). 0 when nothing got
/// through or the type cannot harm an object.
pub fn weapon_injury(penetrating: i32, damage_type: DamageType) -> i32 {
    if penetrating <= 0 {
        return 0;
    }
    match breaking_multiplier(damage_type) {
        None => 0,
        Some((num, den)) => (penetrating.saturating_mul(num) / den).max(1),
    }
}

/// G-ATK-013: a weapon's HP by weight in pounds: under 1/2 lb 4; under 1 lb
/// 6; under 2 lb 8; under 3 lb 10; under 5 lb 12; under 8 lb 14; under 11 lb
/// 16; under 16 lb 18; under 27 lb 20.
///
/// Interpretation: 27 lb or more stays at 20 HP. The source's table stops
/// there, every Dungeon Fantasy weapon weighs less, and further bands would
/// need weight limits the sources do not give. A negative or NaN weight
/// reads as the lightest row.
pub fn weapon_hp(weight_lb: f32) -> i32 {
    const ROWS: [(f32, i32); 9] = [
        (0.5, 4),
        (1.0, 6),
        (2.0, 8),
        (3.0, 10),
        (5.0, 12),
        (8.0, 14),
        (11.0, 16),
        (16.0, 18),
        (27.0, 20),
    ];
    if weight_lb.is_nan() {
        return 4;
    }
    for (under, hp) in ROWS {
        if weight_lb < under {
            return hp;
        }
    }
    20
}

/// A weapon's condition by its HP (G-ATK-013).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WeaponState {
    /// Above 0 HP: usable.
    Intact,
    /// 0 HP or less: disabled (unusable until repaired).
    Disabled,
    /// -1xHP or less: destroyed.
    Destroyed,
}

/// G-ATK-013: a weapon with `hp_left` of `hp_max` HP: at 0 or less it is
/// disabled, at -1xHP or less destroyed.
pub fn weapon_state(hp_left: i32, hp_max: i32) -> WeaponState {
    if hp_left <= hp_max.saturating_neg() {
        WeaponState::Destroyed
    } else if hp_left <= 0 {
        WeaponState::Disabled
    } else {
        WeaponState::Intact
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DamageType::*;

    #[test]
    fn g_atk_012_weapon_dr_by_material() {
        // rule: G-ATK-012
        assert_eq!(weapon_dr(WeaponMaterial::Wood), 2);
        assert_eq!(weapon_dr(WeaponMaterial::MetalAndWood), 4);
        assert_eq!(weapon_dr(WeaponMaterial::SolidMetal), 6);
    }

    #[test]
    fn g_atk_012_multiplier_for_every_damage_type() {
        // rule: G-ATK-012 (Decision: imp and pi++ x1/2)
        assert_eq!(breaking_multiplier(SmallPiercing), Some((1, 10)));
        assert_eq!(breaking_multiplier(Piercing), Some((1, 5)));
        assert_eq!(breaking_multiplier(LargePiercing), Some((1, 3)));
        assert_eq!(breaking_multiplier(HugePiercing), Some((1, 2)));
        assert_eq!(breaking_multiplier(Impaling), Some((1, 2)));
        assert_eq!(breaking_multiplier(Crushing), Some((1, 1)));
        assert_eq!(breaking_multiplier(Cutting), Some((3, 2)));
        assert_eq!(breaking_multiplier(Burning), Some((1, 1)));
        assert_eq!(breaking_multiplier(TightBurning), Some((1, 1)));
        assert_eq!(breaking_multiplier(Corrosion), Some((1, 1)));
        assert_eq!(breaking_multiplier(Toxic), None);
        assert_eq!(breaking_multiplier(Fatigue), None);
    }

    #[test]
    fn g_atk_012_injury_rounds_down_with_minimum_1() {
        // rule: G-ATK-012
        let rows = [
            (SmallPiercing, 9, 1),
            (SmallPiercing, 10, 1),
            (SmallPiercing, 25, 2),
            (Piercing, 4, 1),
            (Piercing, 9, 1),
            (Piercing, 10, 2),
            (LargePiercing, 2, 1),
            (LargePiercing, 8, 2),
            (LargePiercing, 9, 3),
            (HugePiercing, 1, 1),
            (HugePiercing, 7, 3),
            (Impaling, 1, 1),
            (Impaling, 8, 4),
            (Crushing, 1, 1),
            (Crushing, 7, 7),
            (Cutting, 1, 1),
            (Cutting, 3, 4),
            (Cutting, 4, 6),
            (Burning, 5, 5),
            (Corrosion, 5, 5),
        ];
        for (t, penetrating, injury) in rows {
            assert_eq!(weapon_injury(penetrating, t), injury, "{t} {penetrating}");
        }
    }

    #[test]
    fn g_atk_012_nothing_through_dr_no_injury() {
        // rule: G-ATK-012
        for t in [Crushing, Cutting, Impaling, SmallPiercing, Burning] {
            assert_eq!(weapon_injury(0, t), 0);
            assert_eq!(weapon_injury(-3, t), 0);
        }
        assert_eq!(weapon_injury(10, Toxic), 0);
        assert_eq!(weapon_injury(10, Fatigue), 0);
        assert_eq!(weapon_injury(i32::MAX, Cutting), i32::MAX / 2);
    }

    #[test]
    fn g_atk_013_every_weight_row() {
        // rule: G-ATK-013: (a weight in the row, the row's upper limit
        // just below, HP)
        let rows = [
            (0.0, 0.49, 4),
            (0.5, 0.99, 6),
            (1.0, 1.99, 8),
            (2.0, 2.99, 10),
            (3.0, 4.99, 12),
            (5.0, 7.99, 14),
            (8.0, 10.99, 16),
            (11.0, 15.99, 18),
            (16.0, 26.99, 20),
        ];
        for (low, high, hp) in rows {
            assert_eq!(weapon_hp(low), hp, "{low} lb");
            assert_eq!(weapon_hp(high), hp, "{high} lb");
        }
    }

    #[test]
    fn g_atk_013_beyond_the_table_and_odd_weights() {
        // rule: G-ATK-013 (interpretation: 27 lb or more stays at 20)
        assert_eq!(weapon_hp(27.0), 20);
        assert_eq!(weapon_hp(100.0), 20);
        assert_eq!(weapon_hp(f32::INFINITY), 20);
        assert_eq!(weapon_hp(-1.0), 4);
        assert_eq!(weapon_hp(f32::NAN), 4);
    }

    #[test]
    fn g_atk_013_disabled_at_0_destroyed_at_minus_hp() {
        // rule: G-ATK-013
        assert_eq!(weapon_state(12, 12), WeaponState::Intact);
        assert_eq!(weapon_state(1, 12), WeaponState::Intact);
        assert_eq!(weapon_state(0, 12), WeaponState::Disabled);
        assert_eq!(weapon_state(-11, 12), WeaponState::Disabled);
        assert_eq!(weapon_state(-12, 12), WeaponState::Destroyed);
        assert_eq!(weapon_state(-30, 12), WeaponState::Destroyed);
        assert_eq!(weapon_state(i32::MIN, i32::MIN), WeaponState::Destroyed);
    }
}

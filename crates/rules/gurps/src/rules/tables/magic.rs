//! Spell tables: energy reduction by skill (G-EXT-030), range penalties
//! (G-SPL-003/004, G-SPL-013) and the resisted-spell skill cap (G-SPL-005).

use crate::model::data::Implement;
use crate::model::spell::{Spell, SpellClass};

/// G-EXT-030: energy cost reduction by effective skill: 0 below 15, 1 at
/// 15-19, 2 at 20-24 and 1 more per further 5 points. Which spells get it
/// is the caller's (not blocking spells, G-SPL-012; only a missile's base
/// cost, G-SPL-010).
pub fn energy_reduction(effective_skill: i32) -> i32 {
    if effective_skill < 15 {
        0
    } else {
        (effective_skill - 10) / 5
    }
}

/// G-SPL-003/004: range penalty of a Regular or Area spell, -1 per hex from
/// the caster to the subject (to the nearest hex of an Area spell's area);
/// a Wizard's Baton cancels 1 point and a Staff 2, which never makes a
/// bonus.
pub fn spell_range_penalty(hexes: u32, implement: Option<Implement>) -> i32 {
    let cancelled = match implement {
        None => 0,
        Some(Implement::Baton) => 1,
        Some(Implement::Staff) => 2,
    };
    let hexes = i32::try_from(hexes).unwrap_or(i32::MAX);
    -(hexes.saturating_sub(cancelled).max(0))
}

/// G-SPL-013: an Information spell's range penalty by the radius searched,
/// in map tiles: 0 up to 25, -1 up to 150, -2 up to 300 (1 mile). `None`
/// beyond 300 tiles: the sources give no row for it, so the engine treats
/// such a search as out of range rather than inventing one. The -1 per
/// known item ignored is the caller's.
pub fn information_range_penalty(tiles: u32) -> Option<i32> {
    match tiles {
        0..=25 => Some(0),
        26..=150 => Some(-1),
        151..=300 => Some(-2),
        _ => None,
    }
}

/// G-SPL-005: the cap on effective skill for a resisted spell against a
/// living subject or one with IQ 6 or more (the caller's test): 16, or the
/// subject's resistance if higher (Decision: cap = max(16, resistance)).
pub fn resisted_skill_cap(skill: i32, resistance: i32) -> i32 {
    skill.min(resistance.max(16))
}

/// The energy a successful casting costs at effective skill `skill`
/// (G-EXT-030): the reduction comes off the whole cost, never below 0; a missile's only
/// off its base cost, not off the energy that makes it bigger
/// (G-SPL-010); a blocking spell gets none (G-SPL-012).
pub fn spell_cost(spell: &Spell, skill: i32, energy: u8, radius: u8) -> i32 {
    let total = spell.area_energy(energy, radius) as i32;
    let cut = energy_reduction(skill);
    match spell.class {
        SpellClass::Blocking => total,
        SpellClass::Missile => {
            let base = i32::from(spell.cost).min(total);
            (base - cut).max(0) + (total - base)
        }
        _ => (total - cut).max(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::spell::test_spells::{fireball, spell};
    use crate::model::spell::{Blocks, Effect};

    #[test]
    fn g_ext_030_energy_reduction_by_skill() {
        // rule: G-EXT-030
        let rows = [
            (i32::MIN, 0),
            (0, 0),
            (14, 0),
            (15, 1),
            (19, 1),
            (20, 2),
            (24, 2),
            (25, 3),
            (29, 3),
            (30, 4),
            (34, 4),
            (35, 5),
            (i32::MAX, (i32::MAX - 10) / 5),
        ];
        for (skill, reduction) in rows {
            assert_eq!(energy_reduction(skill), reduction, "skill {skill}");
        }
    }

    #[test]
    fn g_spl_003_minus_1_per_hex() {
        // rule: G-SPL-003
        assert_eq!(spell_range_penalty(0, None), 0);
        assert_eq!(spell_range_penalty(1, None), -1);
        assert_eq!(spell_range_penalty(2, None), -2);
        assert_eq!(spell_range_penalty(7, None), -7);
        assert_eq!(spell_range_penalty(u32::MAX, None), -i32::MAX);
    }

    #[test]
    fn g_spl_004_baton_cancels_1_staff_2_never_a_bonus() {
        // rule: G-SPL-004
        let b = Some(Implement::Baton);
        let s = Some(Implement::Staff);
        assert_eq!(spell_range_penalty(0, b), 0);
        assert_eq!(spell_range_penalty(1, b), 0);
        assert_eq!(spell_range_penalty(2, b), -1);
        assert_eq!(spell_range_penalty(7, b), -6);
        assert_eq!(spell_range_penalty(0, s), 0);
        assert_eq!(spell_range_penalty(1, s), 0);
        assert_eq!(spell_range_penalty(2, s), 0);
        assert_eq!(spell_range_penalty(3, s), -1);
        assert_eq!(spell_range_penalty(7, s), -5);
        assert_eq!(spell_range_penalty(u32::MAX, s), 2 - i32::MAX);
    }

    #[test]
    fn g_spl_013_information_range_bands() {
        // rule: G-SPL-013
        assert_eq!(information_range_penalty(0), Some(0));
        assert_eq!(information_range_penalty(25), Some(0));
        assert_eq!(information_range_penalty(26), Some(-1));
        assert_eq!(information_range_penalty(150), Some(-1));
        assert_eq!(information_range_penalty(151), Some(-2));
        assert_eq!(information_range_penalty(300), Some(-2));
        assert_eq!(information_range_penalty(301), None);
        assert_eq!(information_range_penalty(u32::MAX), None);
    }

    #[test]
    fn g_spl_005_skill_capped_at_16_or_resistance() {
        // rule: G-SPL-005 (Decision: cap = max(16, resistance))
        assert_eq!(resisted_skill_cap(12, 10), 12);
        assert_eq!(resisted_skill_cap(16, 10), 16);
        assert_eq!(resisted_skill_cap(20, 10), 16);
        assert_eq!(resisted_skill_cap(20, 16), 16);
        assert_eq!(resisted_skill_cap(20, 17), 17);
        assert_eq!(resisted_skill_cap(20, 25), 20);
        assert_eq!(resisted_skill_cap(18, 18), 18);
        assert_eq!(resisted_skill_cap(i32::MAX, i32::MIN), 16);
    }

    #[test]
    fn g_ext_030_reduction_comes_off_regular_and_area_costs() {
        // rule: G-EXT-030
        let heal = Spell {
            max_energy: Some(3),
            ..spell(SpellClass::Regular, 1, Effect::Heal { hp_per_energy: 1 })
        };
        assert_eq!(spell_cost(&heal, 14, 3, 1), 3);
        assert_eq!(spell_cost(&heal, 15, 3, 1), 2);
        assert_eq!(spell_cost(&heal, 20, 3, 1), 1);
        assert_eq!(spell_cost(&heal, 25, 2, 1), 0, "never below 0");
        let area = Spell {
            min_radius: Some(2),
            ..spell(SpellClass::Area, 3, Effect::Sleep)
        };
        assert_eq!(spell_cost(&area, 12, 3, 2), 6, "3 per yard of radius");
        assert_eq!(spell_cost(&area, 15, 3, 2), 5);
    }

    #[test]
    fn g_spl_010_missiles_reduce_only_the_base_cost() {
        // rule: G-SPL-010
        let f = fireball();
        assert_eq!(spell_cost(&f, 14, 3, 1), 3);
        assert_eq!(
            spell_cost(&f, 15, 3, 1),
            2,
            "the first die is free, the others are not"
        );
        assert_eq!(
            spell_cost(&f, 20, 3, 1),
            2,
            "high skill cannot cut the enlargement"
        );
        assert_eq!(spell_cost(&f, 15, 1, 1), 0);
    }

    #[test]
    fn g_spl_012_blocking_spells_get_no_reduction() {
        // rule: G-SPL-012
        let b = spell(
            SpellClass::Blocking,
            1,
            Effect::Block {
                against: Blocks::Any,
            },
        );
        assert_eq!(spell_cost(&b, 25, 1, 1), 1);
    }
}

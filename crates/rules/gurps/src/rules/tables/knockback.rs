//! Knockback distance, the roll to stay up, collision damage (G-KB-002..004)
//! and falling damage on the same scale (G-EXT-033).

use crate::model::damage::Dice;

/// G-KB-003: Perfect Balance's bonus to the roll against falling down after
/// knockback. The caller adds it to [`knockback_roll_modifier`].
pub const PERFECT_BALANCE_BONUS: i32 = 4;

/// G-KB-002: hexes of knockback = floor(basic damage / (target ST - 2)).
///
/// `basic_damage` is the damage rolled, before DR (G-KB-002 decision); which
/// damage can knock back at all is G-KB-001, the caller's. Decision: a
/// target with ST 3 or less is pushed 1 hex per point of damage (the
/// divisor would be 1 or less). Zero or negative damage moves nobody.
pub fn knockback_hexes(basic_damage: i32, target_st: i32) -> u32 {
    let damage = basic_damage.max(0).unsigned_abs();
    if target_st <= 3 {
        damage
    } else {
        // target_st > 3, so the divisor is at least 2 and fits a u32.
        damage / (target_st - 2).unsigned_abs()
    }
}

/// G-KB-003: the modifier to the knocked-back target's roll (best of DX,
/// Acrobatics or Judo, G-DICE-002) to stay on its feet: +1 minus the hexes
/// moved, i.e. 0 for 1 hex and -1 per hex after the first. Perfect Balance
/// adds [`PERFECT_BALANCE_BONUS`]; a failure means falling prone.
pub fn knockback_roll_modifier(hexes: u32) -> i32 {
    let hexes = i32::try_from(hexes).unwrap_or(i32::MAX);
    1i32.saturating_sub(hexes)
}

/// G-KB-004: crushing damage to a target knocked into something or someone,
/// by the hexes it travelled (the G-KB-004 decision: it stops at the
/// obstacle): 1 hex 1d-3; 2 hexes 1d-2; 3-4 hexes 1d-1; 1d per full 5 hexes
/// (5-9 1d, 10-14 2d...). `None` for 0 hexes. The total is at least 0, so
/// the caller clamps the rolled result.
pub fn collision_damage(hexes: u32) -> Option<Dice> {
    match hexes {
        0 => None,
        1 => Some(Dice { dice: 1, adds: -3 }),
        2 => Some(Dice { dice: 1, adds: -2 }),
        3..=4 => Some(Dice { dice: 1, adds: -1 }),
        // u32::MAX / 5 fits an i32.
        _ => Some(Dice {
            dice: i32::try_from(hexes / 5).unwrap_or(i32::MAX),
            adds: 0,
        }),
    }
}

/// G-EXT-033 (proposal, *verify*): falling damage by yards fallen, on the
/// collision scale of G-KB-004: 1 yd 1d-3; 2 yd 1d-2; 3-4 yd 1d-1; 1d per
/// full 5 yd. `None` for no fall. Crushing, at least 0 like a collision.
pub fn falling_damage(yards: u32) -> Option<Dice> {
    collision_damage(yards)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(dice: i32, adds: i32) -> Dice {
        Dice { dice, adds }
    }

    #[test]
    fn g_kb_002_floor_of_damage_over_st_minus_2() {
        // rule: G-KB-002
        assert_eq!(knockback_hexes(7, 10), 0);
        assert_eq!(knockback_hexes(8, 10), 1);
        assert_eq!(knockback_hexes(15, 10), 1);
        assert_eq!(knockback_hexes(16, 10), 2);
        assert_eq!(knockback_hexes(24, 10), 3);
        assert_eq!(knockback_hexes(1, 4), 0);
        assert_eq!(knockback_hexes(2, 4), 1);
        assert_eq!(knockback_hexes(5, 4), 2);
        assert_eq!(knockback_hexes(30, 12), 3);
        assert_eq!(knockback_hexes(i32::MAX, i32::MAX), 1);
    }

    #[test]
    fn g_kb_002_st_3_or_less_one_hex_per_point() {
        // rule: G-KB-002 (Decision: ST 3 or less, 1 hex per point)
        for st in [i32::MIN, -1, 0, 1, 2, 3] {
            assert_eq!(knockback_hexes(5, st), 5, "ST {st}");
        }
        assert_eq!(knockback_hexes(i32::MAX, 3), i32::MAX as u32);
    }

    #[test]
    fn g_kb_002_no_damage_no_knockback() {
        // rule: G-KB-002
        assert_eq!(knockback_hexes(0, 10), 0);
        assert_eq!(knockback_hexes(-5, 10), 0);
        assert_eq!(knockback_hexes(i32::MIN, 1), 0);
    }

    #[test]
    fn g_kb_003_plus_1_minus_hexes() {
        // rule: G-KB-003
        assert_eq!(knockback_roll_modifier(0), 1);
        assert_eq!(knockback_roll_modifier(1), 0);
        assert_eq!(knockback_roll_modifier(2), -1);
        assert_eq!(knockback_roll_modifier(3), -2);
        assert_eq!(knockback_roll_modifier(10), -9);
        assert_eq!(knockback_roll_modifier(u32::MAX), 1 - i32::MAX);
        assert_eq!(PERFECT_BALANCE_BONUS, 4);
    }

    #[test]
    fn g_kb_004_every_row() {
        // rule: G-KB-004
        assert_eq!(collision_damage(0), None);
        assert_eq!(collision_damage(1), Some(d(1, -3)));
        assert_eq!(collision_damage(2), Some(d(1, -2)));
        assert_eq!(collision_damage(3), Some(d(1, -1)));
        assert_eq!(collision_damage(4), Some(d(1, -1)));
        for hexes in 5..=9 {
            assert_eq!(collision_damage(hexes), Some(d(1, 0)), "{hexes}");
        }
        for hexes in 10..=14 {
            assert_eq!(collision_damage(hexes), Some(d(2, 0)), "{hexes}");
        }
        assert_eq!(collision_damage(15), Some(d(3, 0)));
        assert_eq!(collision_damage(49), Some(d(9, 0)));
        assert_eq!(collision_damage(50), Some(d(10, 0)));
        assert_eq!(collision_damage(u32::MAX), Some(d(858_993_459, 0)));
    }

    #[test]
    fn g_ext_033_falling_uses_the_collision_scale() {
        // rule: G-EXT-033
        assert_eq!(falling_damage(0), None);
        assert_eq!(falling_damage(1), Some(d(1, -3)));
        assert_eq!(falling_damage(2), Some(d(1, -2)));
        assert_eq!(falling_damage(3), Some(d(1, -1)));
        assert_eq!(falling_damage(4), Some(d(1, -1)));
        assert_eq!(falling_damage(5), Some(d(1, 0)));
        assert_eq!(falling_damage(9), Some(d(1, 0)));
        assert_eq!(falling_damage(10), Some(d(2, 0)));
        for yards in 0..=200 {
            assert_eq!(falling_damage(yards), collision_damage(yards));
        }
    }
}

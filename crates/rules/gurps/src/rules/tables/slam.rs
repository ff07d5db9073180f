//! Slam damage (G-ATK-015).

use super::range::speed_range_band;
use crate::model::damage::Dice;

/// G-ATK-015: the slam bonus per die of damage by hexes moved this turn:
/// 0-2 +0, 3 +1, 4-5 +2, 6-7 +3, 8-10 +4, 11-15 +5, then +1 per further
/// speed/range band (16-20 +6, 21-30 +7, 31-50 +8, 51-70 +9, 71-100 +10...).
///
/// The source's rows are exactly the speed/range bands of G-RNG-001 (the
/// bonus is the band number), so the whole table is read from
/// [`speed_range_band`] and the two tables cannot disagree.
pub fn slam_bonus_per_die(hexes_moved: u32) -> i32 {
    // At most 56 bands fit in a u32, so the cast is exact.
    speed_range_band(hexes_moved) as i32
}

/// G-ATK-015: slam damage, the slammer's thrust damage -2 with the bonus of
/// [`slam_bonus_per_die`] added once per die (`2d-1` thrust after 4 hexes
/// is `2d-1-2+2x2` = `2d+1`). Both sides deal crushing damage (G-ATK-016).
pub fn slam_damage(thrust: Dice, hexes_moved: u32) -> Dice {
    let bonus = slam_bonus_per_die(hexes_moved).saturating_mul(thrust.dice.max(0));
    Dice {
        dice: thrust.dice,
        adds: thrust.adds.saturating_sub(2).saturating_add(bonus),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(dice: i32, adds: i32) -> Dice {
        Dice { dice, adds }
    }

    #[test]
    fn g_atk_015_every_row_of_the_source() {
        // rule: G-ATK-015 (CHT › Slam: 0-2=+0, 3=+1, 4-5=+2, 6-7=+3,
        // 8-10=+4, 11-15=+5)
        let expected = [0, 0, 0, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5];
        for (hexes, bonus) in expected.into_iter().enumerate() {
            assert_eq!(slam_bonus_per_die(hexes as u32), bonus, "{hexes} hexes");
        }
    }

    #[test]
    fn g_atk_015_tail_follows_the_speed_range_bands() {
        // rule: G-ATK-015, G-RNG-001
        let bands = [
            (16, 20, 6),
            (21, 30, 7),
            (31, 50, 8),
            (51, 70, 9),
            (71, 100, 10),
            (101, 150, 11),
            (151, 200, 12),
            (201, 300, 13),
            (301, 500, 14),
            (501, 700, 15),
            (701, 1000, 16),
        ];
        for (first, last, bonus) in bands {
            for hexes in first..=last {
                assert_eq!(slam_bonus_per_die(hexes), bonus, "{hexes} hexes");
            }
        }
        assert_eq!(slam_bonus_per_die(u32::MAX), 56);
    }

    #[test]
    fn g_atk_015_bonus_is_minus_the_speed_range_penalty() {
        // rule: G-ATK-015, G-RNG-001: one table, read two ways.
        for hexes in 0..=5000 {
            assert_eq!(
                slam_bonus_per_die(hexes),
                -super::super::range::speed_range_penalty(hexes)
            );
        }
    }

    #[test]
    fn g_atk_015_damage_is_thrust_minus_2_plus_bonus_per_die() {
        // rule: G-ATK-015
        assert_eq!(slam_damage(d(1, -2), 0), d(1, -4));
        assert_eq!(slam_damage(d(1, -2), 2), d(1, -4));
        assert_eq!(slam_damage(d(1, -2), 3), d(1, -3));
        assert_eq!(slam_damage(d(1, 0), 5), d(1, 0));
        assert_eq!(slam_damage(d(2, -1), 4), d(2, 1));
        assert_eq!(slam_damage(d(2, -1), 7), d(2, 3));
        assert_eq!(slam_damage(d(2, 0), 10), d(2, 6));
        assert_eq!(slam_damage(d(3, 1), 15), d(3, 14));
        assert_eq!(slam_damage(d(2, 0), 16), d(2, 10));
        assert_eq!(slam_damage(d(2, 0), 25), d(2, 12));
    }

    #[test]
    fn g_atk_015_huge_values_saturate() {
        // rule: G-ATK-015
        let big = slam_damage(d(i32::MAX, i32::MAX), u32::MAX);
        assert_eq!(big, d(i32::MAX, i32::MAX));
        let low = slam_damage(d(1, i32::MIN), 0);
        assert_eq!(low, d(1, i32::MIN));
    }
}

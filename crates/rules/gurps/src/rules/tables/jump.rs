//! Jump distances: the Jump maneuver (G-JMP-001) and, for opt `jump=basic`,
//! Basic Set jumping (G-EXT-032).

/// G-JMP-001: hexes a Jump maneuver crosses: the better of Move/2 and
/// Jumping skill/4, x2 with a running start, x1/2 because the engine always
/// counts as "in combat" (Decision), rounded down once at the end (the same
/// result as rounding each step down). A running start means the jumper
/// moved at least 1 hex straight forward earlier this turn (the caller's
/// test). Never negative.
pub fn jump_hexes(basic_move: i32, jumping_skill: Option<i32>, running_start: bool) -> i32 {
    // In quarter hexes: Move/2 is 2*Move quarters, Jumping/4 is Jumping.
    let quarters = (2 * i64::from(basic_move)).max(jumping_skill.map_or(0, i64::from));
    let run = if running_start { 2 } else { 1 };
    // x run, x1/2 in combat, / 4 quarters.
    let hexes = (quarters.max(0) * run) / 8;
    i32::try_from(hexes).unwrap_or(i32::MAX)
}

/// The Basic Move a Basic Set jump uses (G-EXT-032): Basic Move, or half
/// the Jumping skill (rounded down) if that is higher.
fn jumping_move(basic_move: i32, jumping_skill: Option<i32>) -> i64 {
    let from_skill = jumping_skill.map_or(i64::MIN, |s| i64::from(s) / 2);
    i64::from(basic_move).max(from_skill)
}

/// G-EXT-032 (opt `jump=basic`, *verify*): standing broad jump in feet =
/// 2 x Basic Move - 3, with half of Jumping skill (rounded down, an
/// interpretation) replacing Basic Move if it is higher. Never negative.
/// Running starts and other Basic modifiers are not covered.
pub fn basic_broad_jump_feet(basic_move: i32, jumping_skill: Option<i32>) -> i32 {
    let feet = (2 * jumping_move(basic_move, jumping_skill) - 3).max(0);
    i32::try_from(feet).unwrap_or(i32::MAX)
}

/// G-EXT-032 (opt `jump=basic`, *verify*): standing high jump in inches =
/// 6 x Basic Move - 10, with half of Jumping skill (rounded down) replacing
/// Basic Move if it is higher. Never negative.
pub fn basic_high_jump_inches(basic_move: i32, jumping_skill: Option<i32>) -> i32 {
    let inches = (6 * jumping_move(basic_move, jumping_skill) - 10).max(0);
    i32::try_from(inches).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g_jmp_001_move_over_2_halved_in_combat() {
        // rule: G-JMP-001: (Move, standing, running start)
        let rows = [
            (0, 0, 0),
            (1, 0, 0),
            (2, 0, 1),
            (3, 0, 1),
            (4, 1, 2),
            (5, 1, 2),
            (6, 1, 3),
            (7, 1, 3),
            (8, 2, 4),
            (10, 2, 5),
            (12, 3, 6),
        ];
        for (basic_move, standing, running) in rows {
            assert_eq!(
                jump_hexes(basic_move, None, false),
                standing,
                "Move {basic_move}"
            );
            assert_eq!(
                jump_hexes(basic_move, None, true),
                running,
                "Move {basic_move}"
            );
        }
    }

    #[test]
    fn g_jmp_001_jumping_skill_over_4_when_better() {
        // rule: G-JMP-001: Jumping/4 beats Move/2 only when Jumping > 2xMove
        assert_eq!(jump_hexes(5, Some(10), false), 1);
        assert_eq!(jump_hexes(5, Some(16), false), 2);
        assert_eq!(jump_hexes(5, Some(16), true), 4);
        assert_eq!(jump_hexes(5, Some(15), true), 3);
        assert_eq!(jump_hexes(5, Some(20), true), 5);
        assert_eq!(jump_hexes(4, Some(14), false), 1);
        assert_eq!(jump_hexes(4, Some(14), true), 3);
        assert_eq!(jump_hexes(6, Some(12), true), 3);
        assert_eq!(jump_hexes(6, Some(3), true), 3);
    }

    #[test]
    fn g_jmp_001_never_negative_and_no_overflow() {
        // rule: G-JMP-001
        assert_eq!(jump_hexes(-5, None, true), 0);
        assert_eq!(jump_hexes(-5, Some(-20), false), 0);
        assert_eq!(jump_hexes(i32::MAX, None, true), i32::MAX / 2);
        assert_eq!(jump_hexes(0, Some(i32::MAX), true), i32::MAX / 4);
        assert_eq!(jump_hexes(i32::MIN, Some(i32::MIN), true), 0);
    }

    #[test]
    fn g_ext_032_broad_and_high_jump_by_basic_move() {
        // rule: G-EXT-032: (Basic Move, broad feet, high inches)
        let rows = [
            (1, 0, 0),
            (2, 1, 2),
            (3, 3, 8),
            (4, 5, 14),
            (5, 7, 20),
            (6, 9, 26),
            (7, 11, 32),
            (8, 13, 38),
        ];
        for (basic_move, feet, inches) in rows {
            assert_eq!(basic_broad_jump_feet(basic_move, None), feet);
            assert_eq!(basic_high_jump_inches(basic_move, None), inches);
        }
    }

    #[test]
    fn g_ext_032_half_jumping_skill_replaces_move_if_higher() {
        // rule: G-EXT-032
        assert_eq!(basic_broad_jump_feet(5, Some(10)), 7);
        assert_eq!(basic_broad_jump_feet(5, Some(12)), 9);
        assert_eq!(basic_broad_jump_feet(5, Some(13)), 9);
        assert_eq!(basic_broad_jump_feet(5, Some(8)), 7);
        assert_eq!(basic_high_jump_inches(5, Some(14)), 32);
        assert_eq!(basic_high_jump_inches(5, Some(9)), 20);
        assert_eq!(basic_broad_jump_feet(i32::MAX, None), i32::MAX);
        assert_eq!(basic_high_jump_inches(i32::MIN, Some(i32::MIN)), 0);
    }
}

//! Special maneuvers as opposed checks (X-SPM, X-ATK-011, X-FLW-002).

use crate::common::*;
use fray_d20_3d6::model::action::{Action, Maneuver};
use fray_d20_3d6::model::sheet::Size;
use fray_d20_3d6::model::state::Condition;
use fray_d20_3d6::resolve::maneuver::size_dice;

fn m(kind: Maneuver) -> Action {
    Action::Maneuver { kind, target: B }
}

#[test]
fn trip_is_athletics_against_fortitude_and_strength_rule_x_spm_005() {
    // rule: X-SPM-005, X-ATK-011, X-FLW-002, X-SPM-001
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    // A: 12 + Athletics 7 = 19; B: 6 + Fort 6 + STR 3 = 15.
    act(
        &mut s,
        A,
        m(Maneuver::Trip),
        vec![f(&[4, 4, 4]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert!(s.fighter(B).cond.has(Condition::Prone));
    assert_eq!(s.turn.attacks, 1, "a maneuver counts as an attack");
    assert_eq!(s.turn.actions, 1);
}

#[test]
fn three_ones_backfire_rule_x_spm_008() {
    // rule: X-SPM-008
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    act(
        &mut s,
        A,
        m(Maneuver::Trip),
        vec![f(&[1, 1, 1]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert!(s.fighter(A).cond.has(Condition::Prone));
    assert!(!s.fighter(B).cond.has(Condition::Prone));
}

#[test]
fn grapple_then_pin_and_escape_rule_x_spm_004() {
    // rule: X-SPM-004, X-CON-013, X-CON-014
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    act(
        &mut s,
        A,
        m(Maneuver::Grapple),
        vec![f(&[4, 4, 4]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert_eq!(s.fighter(B).grappled_by, Some(A));
    s.turn.actions = 3;
    s.turn.attacks = 0;
    act(
        &mut s,
        A,
        m(Maneuver::Grapple),
        vec![f(&[4, 4, 4]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert!(s.fighter(B).pinned);
    // B cannot walk away; it escapes with Athletics 7 against Fort 6 + STR 3.
    turn_of(&mut s, B);
    assert_eq!(
        refused(
            &s,
            B,
            &Action::Move {
                to: fray_core::grid::SquarePos::new(9, 5)
            }
        ),
        Some("X-CON-014")
    );
    act(
        &mut s,
        B,
        Action::Escape,
        vec![f(&[5, 5, 5]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert_eq!(s.fighter(B).grappled_by, None);
}

#[test]
fn disarm_feint_bull_rush_and_overrun_rule_x_spm_001_002_003_006() {
    // rule: X-SPM-001, X-SPM-002, X-SPM-003, X-SPM-006
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    act(
        &mut s,
        A,
        m(Maneuver::Disarm),
        vec![f(&[4, 4, 4]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert_eq!(s.fighter(B).main, None);
    // Feint: B loses DEX against A's next melee attack.
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    act(
        &mut s,
        A,
        m(Maneuver::Feint),
        vec![f(&[4, 4, 4]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    let ev = act(
        &mut s,
        A,
        Action::Attack(fray_d20_3d6::model::action::Strike::new(B, 0)),
        vec![f(&[2, 2, 3]), t(1)],
        vec![],
    )
    .unwrap();
    assert_eq!(rolls(&ev, "attack")[0].target, Some(17));
    // Bull rush: margin 12 pushes 1 + 2 m.
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    act(
        &mut s,
        A,
        m(Maneuver::BullRush),
        vec![f(&[6, 6, 6, 2, 2, 2]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    // A: 24 + 7 = 31, B: 6 + 9 = 15: margin 16, 1 + 3 m; A follows.
    assert_eq!(s.fighter(B).pos.x, 6 + 4);
    assert_eq!(s.fighter(A).pos.x, 5 + 4);
    // With `bull_rush_follow = false` the attacker stays.
    let mut s = state(
        "[options]\nbull_rush_follow = false",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword"], "shield = \"shield\"")),
            entry("B", "b", 6, 5, &fighter(&["sword"], "shield = \"shield\"")),
        ],
    );
    turn_of(&mut s, A);
    act(
        &mut s,
        A,
        m(Maneuver::BullRush),
        vec![f(&[6, 6, 6, 2, 2, 2]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert_eq!((s.fighter(A).pos.x, s.fighter(B).pos.x), (5, 10));
    // Overrun: through to the square beyond.
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    // A: 12 + 7 = 19; B: 6 + Reflex 2 = 8.
    act(
        &mut s,
        A,
        m(Maneuver::Overrun),
        vec![f(&[4, 4, 4]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert_eq!(s.fighter(A).pos.x, 7);
}

#[test]
fn size_dice_for_the_initiator_rule_x_spm_007() {
    // rule: X-SPM-007
    let mut s = duel(&["sword"], 2);
    assert_eq!(size_dice(&s, A, B), 0);
    let mut stats = (*s.fighter(A).stats).clone();
    stats.size = Size::Huge;
    s.fighter_mut(A).stats = std::sync::Arc::new(stats);
    assert_eq!(size_dice(&s, A, B), 2);
    assert_eq!(size_dice(&s, B, A), -2);
}

#[test]
fn overrun_woven_into_a_move_passes_through_or_stops_rule_x_spm_006() {
    // rule: X-SPM-006, X-MAN-004, X-MOV-011
    use fray_core::grid::SquarePos;
    // A at (5, 5) runs east over B at (8, 5) to (10, 5): 2 actions.
    let mut s = duel(&["sword"], 3);
    s.fighter_mut(B).reactions = 0;
    turn_of(&mut s, A);
    let run = Action::OverrunMove {
        to: SquarePos::new(10, 5),
        target: B,
    };
    // A: 4+4+4 + Athletics 7 = 19 against B's 2+2+2 + Reflex 2 = 8.
    act(
        &mut s,
        A,
        run.clone(),
        vec![f(&[4, 4, 4]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert_eq!(s.fighter(A).pos, SquarePos::new(10, 5));
    assert_eq!(s.fighter(B).pos, SquarePos::new(8, 5));
    assert_eq!((s.turn.actions, s.turn.attacks), (1, 1));
    // Lost: A stops in the last square before B.
    let mut s = duel(&["sword"], 3);
    s.fighter_mut(B).reactions = 0;
    turn_of(&mut s, A);
    act(&mut s, A, run, vec![f(&[2, 2, 2]), f(&[5, 5, 5])], vec![]).unwrap();
    assert_eq!(s.fighter(A).pos, SquarePos::new(7, 5));
    // Not crossing the target, not straight, or ending in it: refused.
    let s = duel(&["sword"], 3);
    let mut s2 = s.clone();
    turn_of(&mut s2, A);
    for (to, rule) in [
        (SquarePos::new(7, 5), "X-SPM-006"),
        (SquarePos::new(10, 6), "X-SPM-006"),
        (SquarePos::new(8, 5), "X-MOV-011"),
    ] {
        assert_eq!(
            refused(&s2, A, &Action::OverrunMove { to, target: B }),
            Some(rule),
            "{to}"
        );
    }
}

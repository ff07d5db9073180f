//! The round and the turn (X-SEQ, X-ACT, X-QCK-004..006, X-CON-010/011).

use crate::common::*;
use fray_core::Next;
use fray_d20_3d6::model::action::{Action, Answer};
use fray_d20_3d6::model::state::{Condition, Life};
use fray_d20_3d6::rules::life::{ROUND_SECONDS, ROUNDS_PER_MINUTE, ROUNDS_PER_TIME_TURN};
use fray_d20_3d6::rules::turn::{critical_initiative, sort_initiative};

#[test]
fn initiative_orders_turns_from_the_highest_rule_x_seq_001() {
    // rule: X-SEQ-001, X-SEQ-005, X-ACT-001
    let mut s = duel(&["sword"], 1);
    // A's 4+4+4 less B's 2+2+2: A leads by 6; no critical initiative.
    let (n, _) = next(&mut s, vec![f(&[4, 4, 4, 2, 2, 2])], vec![]);
    assert_eq!(n, Next::Act(A));
    assert_eq!(s.order, vec![A, B]);
    assert_eq!(s.turn.actions, 3);
    // Spend the turn: then B acts.
    act(&mut s, A, Action::EndTurn, vec![], vec![]).unwrap();
    let (n, _) = next(&mut s, vec![], vec![]);
    assert_eq!(n, Next::Act(B));
    // Ties: total, then DEX, then a roll-off.
    let mut rows = vec![(A, 10, 1), (B, 12, 0), (C, 10, 3)];
    let ties = sort_initiative(&mut rows);
    assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), vec![B, C, A]);
    assert!(ties.is_empty());
    let mut rows = vec![(A, 10, 1), (B, 10, 1)];
    assert_eq!(sort_initiative(&mut rows), vec![(0, 2)]);
}

#[test]
fn critical_initiative_gives_extra_actions_rule_x_seq_002_003() {
    // rule: X-SEQ-002, X-SEQ-003
    assert_eq!(critical_initiative(7, true), (false, false));
    assert_eq!(critical_initiative(8, true), (true, false));
    assert_eq!(critical_initiative(16, true), (true, true));
    assert_eq!(critical_initiative(16, false), (false, true));
    let mut s = duel(&["sword"], 1);
    // 6+2, 6+2, 6+2 less 2, 2, 2: A leads by 18.
    let (n, _) = next(
        &mut s,
        vec![f(&[6, 6, 6, 2, 2, 2, 2, 2, 2])],
        vec![Answer::ExtraImmediate],
    );
    assert_eq!(n, Next::Act(A));
    assert_eq!(s.fighter(A).immediates, 2);
    assert_eq!(s.turn.actions, 4);
}

#[test]
fn deafened_is_minus_four_on_initiative_rule_x_con_010() {
    // rule: X-CON-010
    let mut s = duel(&["sword"], 1);
    s.fighter_mut(A).cond.set(Condition::Deafened, true);
    // A leads the dice by 3, but -4: B first.
    let (n, _) = next(&mut s, vec![f(&[4, 4, 3, 2, 2, 4])], vec![]);
    assert_eq!(n, Next::Act(B));
}

#[test]
fn nauseated_has_one_action_rule_x_con_011() {
    // rule: X-CON-011, X-ACT-002, X-ACT-003
    let mut s = duel(&["sword"], 1);
    s.fighter_mut(A).cond.set(Condition::Nauseated, true);
    let (n, _) = next(&mut s, vec![f(&[4, 4, 4, 2, 2, 2])], vec![]);
    assert_eq!(n, Next::Act(A));
    assert_eq!(s.turn.actions, 1);
    assert!(!fray_d20_3d6::rules::turn::may_interrupt(
        s.fighter(A),
        &s.options
    ));
}

#[test]
fn the_dying_lose_one_hp_at_their_turn_rule_x_lif_003() {
    // rule: X-LIF-003, X-CON-008
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword"], "")),
            entry("B", "b", 6, 5, &fighter(&["sword"], "")),
            entry("C", "b", 7, 5, &fighter(&["sword"], "")),
        ],
    );
    s.fighter_mut(B).hp = -2;
    s.fighter_mut(B).life = Life::Dying;
    turn_of(&mut s, A);
    s.order = vec![A, B, C];
    act(&mut s, A, Action::EndTurn, vec![], vec![]).unwrap();
    let (n, _) = next(&mut s, vec![], vec![]);
    assert_eq!(n, Next::Act(C));
    assert_eq!(s.fighter(B).hp, -3);
}

#[test]
fn surprise_blocks_reactions_until_the_first_turn_rule_x_seq_004() {
    // rule: X-SEQ-004, X-DEF-002
    let mut s = duel(&["sword"], 1);
    s.fighter_mut(B).cond.set(Condition::Surprised, true);
    assert!(!fray_d20_3d6::rules::turn::may_interrupt(
        s.fighter(B),
        &s.options
    ));
    turn_of(&mut s, B);
    act(&mut s, B, Action::EndTurn, vec![], vec![]).unwrap();
    next(&mut s, vec![], vec![]);
    assert!(!s.fighter(B).cond.has(Condition::Surprised));
}

#[test]
fn the_time_scale_rule_x_qck_004_006() {
    // rule: X-QCK-004, X-QCK-005, X-QCK-006
    assert_eq!(ROUND_SECONDS, 10);
    assert_eq!(ROUNDS_PER_MINUTE * ROUND_SECONDS, 60);
    assert_eq!(ROUNDS_PER_TIME_TURN, 6 * 10);
}

#[test]
fn x_seq_001_nine_tied_on_total_and_dex_roll_a_d6_each_and_equal_rolls_roll_again() {
    // rule: X-SEQ-001 (a roll-off takes eight)
    let entries: Vec<String> = (0..9)
        .map(|i| {
            let side = if i % 2 == 0 { "a" } else { "b" };
            entry(
                &format!("F{i}"),
                side,
                2 + 5 * i,
                5,
                &fighter(&["sword"], ""),
            )
        })
        .collect();
    let mut s = state("", &entries);
    // Everyone 3+3+3: all tied. Then d6s 2 5 1 6 3 5 4 1 2; the pairs
    // tied on 5, 2 and 1 roll again in that order: 3 4, 6 1, 2 5.
    let mut dice = vec![f(&[3, 3, 3]); 9];
    dice.extend([2, 5, 1, 6, 3, 5, 4, 1, 2, 3, 4, 6, 1, 2, 5].map(t));
    let (_, events) = next(&mut s, dice, vec![]);
    let order: Vec<u16> = s.order.iter().map(|c| c.0).collect();
    assert_eq!(order, [3, 5, 1, 6, 4, 0, 8, 7, 2]);
    assert_eq!(rolls(&events, "initiative tie").len(), 15);
}

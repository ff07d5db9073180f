//! The round: initiative, the order, checks and contests (M-FLO).

use crate::common::*;
use fray_core::Next;
use fray_margin_3d6::model::action::Action;

#[test]
fn order_by_speed_then_dx_then_one_roll_off_m_flo_002() {
    // rule: M-FLO-002, M-FLO-001
    // A: DX 12 HT 12 (speed 6); B: DX 14 HT 10 (speed 6, higher DX); C: DX 10 HT 10 (speed 5).
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &sheet(10, 12, 12, "")),
        fighter("B", "b", 0, -3, "s", &sheet(10, 14, 10, "")),
        fighter("C", "b", 3, -3, "s", &sheet(10, 10, 10, "")),
    ]);
    assert_eq!(next(&mut s, &[]), Next::Act(B));
    assert_eq!(s.order, vec![B, A, C]);
    // Two tied on speed and DX: one roll-off at the start (lowest first).
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &sheet(10, 12, 12, "")),
        fighter("B", "b", 0, -3, "s", &sheet(10, 12, 12, "")),
    ]);
    // A rolls 12, B rolls 9: B first.
    let log = fray_core::InputLog::<fray_margin_3d6::Margin>::scripted(
        [],
        [fray_core::RollInput::Faces(vec![12, 9])],
        [],
    );
    let (n, _) = fray_core::script::next(&mut s, &log).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(n, Next::Act(B));
    assert_eq!(s.order, vec![B, A]);
    // Later rounds keep the order without a new roll.
    act(&mut s, B, Action::DoNothing, &[], &[]);
    assert_eq!(next(&mut s, &[]), Next::Act(A));
    act(&mut s, A, Action::DoNothing, &[], &[]);
    assert_eq!(next(&mut s, &[]), Next::Act(B));
    assert_eq!(s.round, 2);
}

#[test]
fn a_target_below_three_cannot_be_rolled_m_flo_003() {
    // rule: M-FLO-003, M-FLO-004
    // Skill 14, called shot to the eyes through a helm (-10) and stunned (-4): target 0, no roll.
    let mut s = duel(&swordsman(), &dummy());
    s.fighters[0].stun = Some(fray_margin_3d6::model::state::Stun::NextTurn);
    let mut st = fray_margin_3d6::model::action::Strike::at(B);
    st.location = Some(fray_margin_3d6::model::location::Location::EyesThroughHelm);
    act(&mut s, A, Action::Attack(st), &[], &[]);
    assert_eq!(lost(&s, B), 0);
}

#[test]
fn attacks_reach_the_front_arc_only_m_flo_006() {
    // rule: M-FLO-006
    let s = state(&[
        fighter("A", "a", 0, 0, "s", &swordsman()),
        fighter("B", "b", 0, -1, "s", &dummy()),
    ]);
    let e = fray_margin_3d6::rules::maneuver::check(&s, A, &attack(B)).unwrap_err();
    assert_eq!(e.rule, "M-FLO-006");
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -3, "s", &dummy()),
    ]);
    assert_eq!(
        fray_margin_3d6::rules::maneuver::check(&s, A, &attack(B))
            .unwrap_err()
            .rule,
        "M-FLO-006"
    );
}

#[test]
fn the_duel_plays_to_the_end_under_a_seed() {
    // rule: M-FLO-001
    let s = state(&[
        templated("A", "a", -1, 0, "se", "man_at_arms"),
        templated("B", "b", 1, 0, "nw", "man_at_arms"),
    ]);
    let o1 = fight(s.clone(), 5);
    let o2 = fight(s, 5);
    assert_eq!(o1, o2);
}

#[test]
fn the_state_serializes_for_the_odds_merges() {
    // The exact odds merge identical states by their postcard bytes.
    let s = state(&[
        templated("A", "a", -1, 0, "se", "man_at_arms"),
        templated("B", "b", 1, 0, "nw", "man_at_arms"),
    ]);
    let bytes = postcard::to_stdvec(&s).expect("the state serializes");
    // Equal states give equal bytes (they merge); a different one does not.
    assert_eq!(postcard::to_stdvec(&s.clone()).unwrap(), bytes);
    let mut later = s.clone();
    later.round += 1;
    assert_ne!(postcard::to_stdvec(&later).unwrap(), bytes);
}

#[test]
fn m_flo_002_nine_tied_roll_3d6_each_lowest_first_and_equal_rolls_roll_again() {
    // rule: M-FLO-002 (a roll-off takes eight)
    let figures: Vec<String> = (0..9)
        .map(|i| {
            let side = if i % 2 == 0 { "a" } else { "b" };
            fighter(
                &format!("F{i}"),
                side,
                2 * i - 8,
                0,
                "n",
                &sheet(10, 12, 12, ""),
            )
        })
        .collect();
    let mut s = state(&figures);
    // 3d6 each: 12 9 15 9 4 10 18 7 11; F1 and F3 roll again: 14 then 6.
    let rolls = [12, 9, 15, 9, 4, 10, 18, 7, 11, 14, 6];
    let log = fray_core::InputLog::<fray_margin_3d6::Margin>::scripted(
        [],
        rolls.map(fray_core::RollInput::Total),
        [],
    );
    let (n, _) = fray_core::script::next(&mut s, &log).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(n, Next::Act(fray_core::CombatantId(4)));
    let order: Vec<u16> = s.order.iter().map(|c| c.0).collect();
    assert_eq!(order, [4, 7, 3, 1, 5, 8, 0, 2, 6]);
}

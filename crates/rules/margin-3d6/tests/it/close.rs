//! Slams, grapples, takedowns, tackles and breaking free (M-UNA-003..012).

use crate::common::*;
use fray_core::grid::HexPos;
use fray_margin_3d6::model::action::Action;
use fray_margin_3d6::model::state::{Posture, Stun};
use fray_margin_3d6::rules::maneuver::check;

fn wrestler() -> String {
    sheet(12, 12, 12, "skills = { brawling = 12 }")
}

fn foe() -> String {
    sheet(10, 10, 12, "hp = 200")
}

#[test]
fn slam_knocks_down_and_stuns_m_una_003_m_una_004_m_una_005() {
    // rule: M-UNA-003, M-UNA-004, M-UNA-005
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &wrestler()),
        fighter("B", "b", 0, -3, "s", &foe()),
    ]);
    // DX 12 vs DX 10: 8 (4 successes) beats 12 (a failure); the slammer's ST 10 vs 12 keeps it up.
    act(
        &mut s,
        A,
        Action::Slam {
            target: B,
            to: Some(HexPos::new(0, -2)),
        },
        &[8, 12, 10],
        &[],
    );
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    assert_eq!(s.fighter(B).stun, Some(Stun::NextTurn));
    assert_eq!(s.fighter(A).posture, Posture::Standing);
    // Nobody wins: both stay up.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &wrestler()),
        fighter("B", "b", 0, -3, "s", &foe()),
    ]);
    act(
        &mut s,
        A,
        Action::Slam {
            target: B,
            to: Some(HexPos::new(0, -2)),
        },
        &[13, 12],
        &[],
    );
    assert_eq!(s.fighter(B).posture, Posture::Standing);
}

#[test]
fn grapple_bring_down_pin_m_una_006() {
    // rule: M-UNA-006
    let mut s = duel(&wrestler(), &foe());
    act(
        &mut s,
        A,
        Action::Grapple {
            target: B,
            two_hands: false,
        },
        &[8, 12],
        &[],
    );
    assert_eq!(s.fighter(B).held_by, Some((A, 1)));
    // Held: its weapon arm cannot attack, and it cannot leave its hex.
    assert!(
        check(
            &s,
            B,
            &Action::Move {
                to: HexPos::new(0, -3),
                face: None,
                evade: 0,
                shoot: None
            }
        )
        .is_err()
    );
    act(
        &mut s,
        A,
        Action::Grapple {
            target: B,
            two_hands: false,
        },
        &[8, 12],
        &[],
    );
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    act(
        &mut s,
        A,
        Action::Grapple {
            target: B,
            two_hands: true,
        },
        &[8, 12],
        &[],
    );
    assert!(s.fighter(B).pinned);
}

#[test]
fn takedown_m_una_007() {
    // rule: M-UNA-007
    let mut s = duel(&wrestler(), &foe());
    assert_eq!(
        check(&s, A, &Action::Takedown { target: B })
            .unwrap_err()
            .rule,
        "M-UNA-007"
    );
    s.fighters[1].held_by = Some((A, 1));
    act(&mut s, A, Action::Takedown { target: B }, &[8, 12], &[]);
    assert_eq!(s.fighter(B).posture, Posture::Lying);
}

#[test]
fn break_free_m_una_011_m_una_012() {
    // rule: M-UNA-011, M-UNA-012
    let mut s = duel(&wrestler(), &foe());
    s.fighters[1].held_by = Some((A, 1));
    // ST 10 vs the holder's ST 12: 6 (4 successes) against 14 (a failure).
    act(&mut s, B, Action::BreakFree { to: None }, &[6, 14], &[]);
    assert_eq!(s.fighter(B).held_by, None);
    // Pinned with both hands: the holder gets +10, and a failure waits 4 rounds.
    s.fighters[1].held_by = Some((A, 2));
    s.fighters[1].pinned = true;
    act(&mut s, B, Action::BreakFree { to: None }, &[6, 14], &[]);
    assert!(s.fighter(B).held_by.is_some());
    assert_eq!(
        check(&s, B, &Action::BreakFree { to: None })
            .unwrap_err()
            .rule,
        "M-UNA-012"
    );
}

#[test]
fn flying_tackle_m_una_008_m_una_009_m_una_010() {
    // rule: M-UNA-008, M-UNA-009, M-UNA-010
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &wrestler()),
        fighter("B", "b", 0, -4, "s", &foe()),
    ]);
    // The dodge (5) fails on 12; ST 12 + 2 - 2 = 12: 5 (7 successes) against 12: a grapple too.
    act(
        &mut s,
        A,
        Action::FlyingTackle {
            target: B,
            to: Some(HexPos::new(0, -3)),
        },
        &[12, 5, 12],
        &[],
    );
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    assert_eq!(s.fighter(B).held_by, Some((A, 2)));
    assert_eq!(s.fighter(A).posture, Posture::Lying);
    // Dodged: the tackler falls.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &wrestler()),
        fighter("B", "b", 0, -4, "s", &foe()),
    ]);
    act(
        &mut s,
        A,
        Action::FlyingTackle {
            target: B,
            to: Some(HexPos::new(0, -3)),
        },
        &[5],
        &[],
    );
    assert_eq!(s.fighter(A).posture, Posture::Lying);
    assert_eq!(s.fighter(B).posture, Posture::Standing);
}

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
    // The slam is the entry into the foe's hex: both now share it.
    assert_eq!(s.fighter(A).pos, s.fighter(B).pos);
    assert_eq!(s.fighter(A).moved, 3);
    // A slam comes only on first entering: not from inside the hex.
    assert_eq!(
        check(
            &s,
            A,
            &Action::Slam {
                target: B,
                to: None
            }
        )
        .unwrap_err()
        .rule,
        "M-UNA-003"
    );
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
    assert_eq!(s.fighter(A).pos, HexPos::new(0, -3));
    // The entry is the move's last hex: the step before it is at most
    // MV - 1 (MV 6 here), so a foe 7 hexes off is out of a slam's range.
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &wrestler()),
        fighter("B", "b", 0, -7, "s", &foe()),
    ]);
    let far = Action::Slam {
        target: B,
        to: Some(HexPos::new(0, -6)),
    };
    assert_eq!(check(&s, A, &far).unwrap_err().rule, "M-UNA-003");
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &wrestler()),
        fighter("B", "b", 0, -6, "s", &foe()),
    ]);
    let near = Action::Slam {
        target: B,
        to: Some(HexPos::new(0, -5)),
    };
    assert!(check(&s, A, &near).is_ok());
}

#[test]
fn grapple_bring_down_pin_m_una_006() {
    // rule: M-UNA-006
    let mut s = duel(&wrestler(), &foe());
    // No movement: the grappler must already be in the foe's hex.
    let grab = Action::Grapple {
        target: B,
        two_hands: false,
        wrest: false,
    };
    assert_eq!(check(&s, A, &grab).unwrap_err().rule, "M-UNA-006");
    s.place(fray_core::CombatantId(0), s.fighter(B).pos);
    act(
        &mut s,
        A,
        Action::Grapple {
            target: B,
            two_hands: false,
            wrest: false,
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
                shoot: None,
                swing: None
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
            wrest: false,
        },
        &[8, 12],
        &[],
    );
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    // (B has no weapon to wrest; that ST contest is below.)
    act(
        &mut s,
        A,
        Action::Grapple {
            target: B,
            two_hands: true,
            wrest: false,
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
    s.place(fray_core::CombatantId(0), s.fighter(B).pos);
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
    s.place(fray_core::CombatantId(0), s.fighter(B).pos);
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
    // The tackler ends in the foe's hex (M-UNA-008 "handled like a slam").
    assert_eq!(s.fighter(A).pos, s.fighter(B).pos);
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
    // Dodged, it falls short, in the hex it reached.
    assert_eq!(s.fighter(A).pos, HexPos::new(0, -3));
}

#[test]
fn close_combat_in_a_shared_hex_m_pat_004_m_una_003_m_una_006() {
    // rule: M-PAT-004, M-UNA-003, M-UNA-006
    let armed = "skills = { broadsword = 12, brawling = 12 }\nweapons = [\"Broadsword\"]";
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &sheet(12, 12, 12, armed)),
        fighter(
            "B",
            "b",
            0,
            -2,
            "s",
            &sheet(10, 10, 12, "hp = 200\nweapons = [\"Broadsword\"]"),
        ),
        fighter("C", "a", 2, -2, "n", &wrestler()),
    ]);
    // A slams from the next hex: a tie (13 against 12), and both stand in B's hex.
    act(
        &mut s,
        A,
        Action::Slam {
            target: B,
            to: Some(HexPos::new(0, -1)),
        },
        &[13, 12],
        &[],
    );
    let hex = s.fighter(B).pos;
    assert_eq!(s.fighter(A).pos, hex);
    // The sword in close combat: -2 (skill 12, 10); a punch: none.
    let mut m = fray_core::Total::default();
    fray_margin_3d6::rules::attack::to_hit(
        &s,
        A,
        &fray_margin_3d6::model::action::Strike::at(B),
        hex,
        Default::default(),
        &mut m,
    );
    assert_eq!(m.0, 10);
    let mut punch = fray_margin_3d6::model::action::Strike::at(B);
    punch.unarmed = Some(fray_margin_3d6::model::action::Unarmed::Punch);
    let mut m = fray_core::Total::default();
    fray_margin_3d6::rules::attack::to_hit(&s, A, &punch, hex, Default::default(), &mut m);
    assert_eq!(m.0, 12);
    // Both may strike from the shared hex, at any facing.
    assert!(check(&s, B, &attack(A)).is_ok());
    assert!(check(&s, A, &Action::Attack(punch)).is_ok());
    // No third figure enters: neither a move nor a slam.
    let into = Action::Move {
        to: hex,
        face: None,
        evade: 0,
        shoot: None,
        swing: None,
    };
    assert!(check(&s, C, &into).is_err());
    let slam = Action::Slam {
        target: B,
        to: Some(HexPos::new(1, -2)),
    };
    assert_eq!(check(&s, C, &slam).unwrap_err().rule, "M-UNA-003");
    // A grapple from the shared hex seizes B (11 against 13) ...
    act(
        &mut s,
        A,
        Action::Grapple {
            target: B,
            two_hands: false,
            wrest: false,
        },
        &[11, 13],
        &[],
    );
    assert_eq!(s.fighter(B).held_by, Some((A, 1)));
    // ... and the hold lasts only while the holder stays in the hex.
    let away = Action::Move {
        to: HexPos::new(0, 0),
        face: None,
        evade: 0,
        shoot: None,
        swing: None,
    };
    act(&mut s, A, away, &[], &[]);
    assert_eq!(s.fighter(B).held_by, None);
    // Unheld, a figure may leave a shared hex like any other.
    s.place(fray_core::CombatantId(0), hex);
    let out = Action::Move {
        to: HexPos::new(0, -3),
        face: None,
        evade: 0,
        shoot: None,
        swing: None,
    };
    assert!(check(&s, B, &out).is_ok());
}

#[test]
fn wresting_a_held_foes_weapon_away_m_una_006() {
    // rule: M-UNA-006
    let armed = sheet(
        10,
        10,
        12,
        "hp = 200
skills = { broadsword = 12 }
weapons = [\"Broadsword\"]",
    );
    let mut s = duel(&wrestler(), &armed);
    s.place(fray_core::CombatantId(0), s.fighter(B).pos);
    s.fighters[1].held_by = Some((A, 1));
    let wrest = Action::Grapple {
        target: B,
        two_hands: false,
        wrest: true,
    };
    // A lost ST contest (ST 12: 13 against ST 10: 9) changes nothing.
    act(&mut s, A, wrest.clone(), &[13, 9], &[]);
    assert!(!s.fighter(B).weapons[0].lost);
    // Won (8 against 12): the sword is gone and B still stands.
    act(&mut s, A, wrest, &[8, 12], &[]);
    assert!(s.fighter(B).weapons[0].lost);
    assert_eq!(s.fighter(B).posture, Posture::Standing);
    assert!(check(&s, B, &attack(A)).is_err());
}

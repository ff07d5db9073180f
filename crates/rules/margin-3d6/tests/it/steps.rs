//! The short moves that maneuvers give with them (M-MIS-007, M-MEL-011,
//! M-MEL-012, M-UNA-012), the feinter's next maneuver (M-MEL-007) and
//! cover from hexes and figures (M-RNG-005), with the AI's use of them.

use crate::common::*;
use fray_core::Total;
use fray_core::grid::HexPos;
use fray_margin_3d6::ai::action as ai_action;
use fray_margin_3d6::model::action::{Action, Strike};
use fray_margin_3d6::model::state::{Posture, State};
use fray_margin_3d6::rules::attack::{HitCtx, cover, to_hit};
use fray_margin_3d6::rules::maneuver::check;

fn archer(skill: i32) -> String {
    sheet(
        12,
        12,
        12,
        &format!("skills = {{ crossbow = {skill} }}\nweapons = [\"Crossbow\"]"),
    )
}

fn hit(s: &State, ctx: HitCtx) -> i32 {
    let mut m = Total::default();
    to_hit(s, A, &Strike::at(B), s.fighter(A).pos, ctx, &mut m);
    m.0
}

fn aim(to: Option<HexPos>) -> Action {
    Action::Aim {
        target: B,
        weapon: 0,
        to,
    }
}

fn big() -> String {
    sheet(10, 10, 12, "hp = 200")
}

fn guard() -> String {
    sheet(
        10,
        10,
        12,
        "skills = { broadsword = 12 }\nweapons = [\"Broadsword\"]\nhp = 200",
    )
}

#[test]
fn aim_moves_half_mv_before_a_first_round_only_m_mis_007() {
    // rule: M-MIS-007, M-MIS-008
    // MV 6 (DX 12 + HT 12: Speed 6): ½ MV is 3 hexes.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &archer(10)),
        fighter("B", "b", 0, -6, "s", &big()),
    ]);
    assert_eq!(
        check(&s, A, &aim(Some(HexPos::new(0, 4))))
            .unwrap_err()
            .rule,
        "M-MIS-007",
        "4 hexes is more than ½ MV"
    );
    act(&mut s, A, aim(Some(HexPos::new(0, 3))), &[], &[]);
    assert_eq!(s.fighter(A).pos, HexPos::new(0, 3));
    assert_eq!(s.fighter(A).aim, Some((B, 1)));
    assert_eq!(s.fighter(A).moved, 3);
    // A second round of aim at the same target allows no movement.
    assert_eq!(
        check(&s, A, &aim(Some(HexPos::new(0, 2))))
            .unwrap_err()
            .rule,
        "M-MIS-007"
    );
    act(&mut s, A, aim(None), &[], &[]);
    assert_eq!(s.fighter(A).aim, Some((B, 2)));
}

#[test]
fn ready_weapon_steps_one_hex_m_mel_012() {
    // rule: M-MEL-012
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -3, "s", &big()),
    ]);
    s.fighters[0].weapons[0].ready = false;
    let far = Action::ReadyWeapon {
        weapon: 0,
        to: Some(HexPos::new(0, -2)),
    };
    assert_eq!(check(&s, A, &far).unwrap_err().rule, "M-MEL-012");
    // The AI readies and steps toward the foe out of reach.
    let a = ai_action(&s, A);
    assert_eq!(
        a,
        Action::ReadyWeapon {
            weapon: 0,
            to: Some(HexPos::new(0, -1)),
        }
    );
    act(&mut s, A, a, &[], &[]);
    assert!(s.fighter(A).weapons[0].ready);
    assert_eq!(s.fighter(A).pos, HexPos::new(0, -1));
    // Next to its foe the AI readies in place.
    let mut s = duel(&swordsman(), &big());
    s.fighters[0].weapons[0].ready = false;
    assert_eq!(
        ai_action(&s, A),
        Action::ReadyWeapon {
            weapon: 0,
            to: None
        }
    );
}

#[test]
fn wait_steps_one_hex_and_names_its_trigger_hexes_m_mel_011() {
    // rule: M-MEL-011
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -4, "s", &guard()),
    ]);
    let wait = |to, hexes: Vec<HexPos>| Action::Wait {
        weapon: 0,
        mode: 0,
        to,
        hexes,
    };
    // More than 1 hex, or a trigger hex out of the broadsword's reach 1: refused.
    assert_eq!(
        check(&s, B, &wait(Some(HexPos::new(0, -2)), vec![]))
            .unwrap_err()
            .rule,
        "M-MEL-011"
    );
    assert_eq!(
        check(
            &s,
            B,
            &wait(Some(HexPos::new(0, -3)), vec![HexPos::new(0, 0)])
        )
        .unwrap_err()
        .rule,
        "M-MEL-011"
    );
    // B steps to (0,-3) and waits for (1,-3) alone.
    act(
        &mut s,
        B,
        wait(Some(HexPos::new(0, -3)), vec![HexPos::new(1, -3)]),
        &[],
        &[],
    );
    assert_eq!(s.fighter(B).pos, HexPos::new(0, -3));
    // A walks to (0,-2), in reach but not named: no strike, B keeps waiting.
    act(
        &mut s,
        A,
        Action::Move {
            to: HexPos::new(0, -2),
            face: None,
            evade: 0,
            shoot: None,
            swing: None,
        },
        &[],
        &[],
    );
    assert!(s.fighter(B).guard.wait.is_some());
    // On into (1,-3): the named hex, B strikes (12) and misses on 16.
    let ev = act(
        &mut s,
        A,
        Action::Move {
            to: HexPos::new(1, -3),
            face: None,
            evade: 0,
            shoot: None,
            swing: None,
        },
        &[16],
        &[],
    );
    assert!(noted(&ev, "M-MEL-011"));
    assert_eq!(s.fighter(B).guard.wait, None);
}

#[test]
fn breaking_free_gives_a_one_hex_step_m_una_012() {
    // rule: M-UNA-012, M-UNA-011
    let mut s = duel(&sheet(12, 12, 12, "skills = { brawling = 12 }"), &guard());
    // The holder is in B's hex (M-UNA-006).
    s.place(fray_core::CombatantId(0), s.fighter(B).pos);
    s.fighters[1].held_by = Some((A, 1));
    // The AI, held with a sword in hand, breaks free and steps out of the
    // shared hex: every neighbour is 1 from the holder, the first in hex order.
    let a = ai_action(&s, B);
    assert_eq!(
        a,
        Action::BreakFree {
            to: Some(HexPos::new(-1, -1))
        }
    );
    // ST 10 vs 12: 6 (4 successes) against 14 (a failure): free, and the step.
    act(&mut s, B, a.clone(), &[6, 14], &[]);
    assert_eq!(s.fighter(B).held_by, None);
    assert_eq!(s.fighter(B).pos, HexPos::new(-1, -1));
    assert_eq!(s.fighter(B).pos.distance(s.fighter(A).pos), 1);
    // Still held after a lost contest: no step.
    let mut s = duel(&sheet(12, 12, 12, "skills = { brawling = 12 }"), &guard());
    s.place(fray_core::CombatantId(0), s.fighter(B).pos);
    s.fighters[1].held_by = Some((A, 1));
    act(&mut s, B, a, &[14, 6], &[]);
    assert!(s.fighter(B).held_by.is_some());
    assert_eq!(s.fighter(B).pos, HexPos::new(0, -1));
    // The step is 1 hex at most.
    assert_eq!(
        check(
            &s,
            B,
            &Action::BreakFree {
                to: Some(HexPos::new(0, -3))
            }
        )
        .unwrap_err()
        .rule,
        "M-UNA-012"
    );
}

#[test]
fn no_missile_attack_after_a_feint_m_mel_007() {
    // rule: M-MEL-007
    let both = sheet(
        12,
        12,
        12,
        "skills = { broadsword = 14, knife = 14, thrown_knife = 14 }\nweapons = [\"Broadsword\", \"Throwing Knife\"]",
    );
    let mut s = duel(&both, &big());
    act(
        &mut s,
        A,
        Action::Feint {
            target: B,
            weapon: 0,
        },
        &[10, 10],
        &[],
    );
    assert!(s.fighter(A).just_feinted);
    let throw = Action::Attack(Strike::at(B).with(1, 0));
    assert_eq!(check(&s, A, &throw).unwrap_err().rule, "M-MEL-007");
    assert_eq!(
        check(&s, A, &Action::RapidAttack(Strike::at(B).with(1, 0)))
            .unwrap_err()
            .rule,
        "M-MEL-007"
    );
    // A melee attack is allowed, and after any other maneuver the missile again.
    assert!(check(&s, A, &attack(B)).is_ok());
    act(&mut s, A, Action::DoNothing, &[], &[]);
    assert!(!s.fighter(A).just_feinted);
    assert!(check(&s, A, &throw).is_ok());
}

#[test]
fn cover_from_hexes_and_figures_in_the_way_m_rng_005() {
    // rule: M-RNG-005
    // The best-fitting single entry, not a sum.
    assert_eq!(cover(Posture::Standing, 0), 0);
    assert_eq!(cover(Posture::Standing, 3), 3);
    assert_eq!(cover(Posture::Kneeling, 0), 2);
    assert_eq!(cover(Posture::Kneeling, 5), 5);
    assert_eq!(cover(Posture::Lying, 0), 4);
    assert_eq!(cover(Posture::Lying, 2), 5);
    assert_eq!(cover(Posture::Lying, 4), 7);
    // Crossbow 14 (Acc 4) at 3 hexes: range -1 + 4 = +3, capped at 0: 14.
    let open = state(&[
        fighter("A", "a", 0, 0, "n", &archer(14)),
        fighter("B", "b", 0, -3, "s", &big()),
    ]);
    let base = hit(&open, HitCtx::default());
    // Half the body showing from the hex's cover: -3.
    let s = state_with(
        "",
        "[[map.terrain]]\nterrain = \"cover\"\nvalue = 3\nhexes = [{ q = 0, r = -3 }]",
        &[
            fighter("A", "a", 0, 0, "n", &archer(14)),
            fighter("B", "b", 0, -3, "s", &big()),
        ],
    );
    assert_eq!(hit(&s, HitCtx::default()), base - 3);
    // Lying behind it, head down: -7.
    let mut s = s;
    s.fighters[1].posture = Posture::Lying;
    assert_eq!(hit(&s, HitCtx::default()), base - 7);
    // A standing figure in the line of fire: -4; lying down, none.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &archer(14)),
        fighter("B", "b", 0, -3, "s", &big()),
        fighter("C", "a", 0, -1, "n", &big()),
    ]);
    assert_eq!(hit(&s, HitCtx::default()), base - 4);
    s.fighters[2].posture = Posture::Lying;
    assert_eq!(hit(&s, HitCtx::default()), base);
}

#[test]
fn the_ai_steps_back_from_a_melee_foe_as_it_first_aims_m_mis_007() {
    // rule: M-MIS-007
    // Crossbow 10 < SS 12: the AI aims; the foe has only a sword, 5 hexes off.
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &archer(10)),
        fighter("B", "b", 0, -5, "s", &guard()),
    ]);
    match ai_action(&s, A) {
        Action::Aim {
            target: B,
            to: Some(to),
            ..
        } => {
            assert_eq!(to.distance(HexPos::new(0, -5)), 8);
            assert!(check(&s, A, &aim(Some(to))).is_ok());
        }
        other => panic!("expected an aim with a step back, got {other:?}"),
    }
    // Against another shooter it aims in place.
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &archer(10)),
        fighter("B", "b", 0, -5, "s", &archer(10)),
    ]);
    assert!(matches!(ai_action(&s, A), Action::Aim { to: None, .. }));
}

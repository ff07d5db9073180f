//! Missile combat: snap shots, aim, reloads, rates of fire, range and
//! speed (M-ROA, M-MIS, M-RNG, M-PAT-003).

use crate::common::*;
use fray_core::Total;
use fray_margin_3d6::model::action::{Action, Answer, DefenseKind, Strike};
use fray_margin_3d6::model::state::{Posture, State};
use fray_margin_3d6::rules::attack::{HitCtx, to_hit};
use fray_margin_3d6::rules::maneuver::check;

fn shooter(skill: i32, weapon: &str, skill_name: &str) -> String {
    sheet(
        12,
        12,
        12,
        &format!("skills = {{ {skill_name} = {skill} }}\nweapons = [\"{weapon}\"]"),
    )
}

fn target_at(q: i32, r: i32) -> String {
    fighter("B", "b", q, r, "s", &sheet(10, 10, 12, "hp = 200"))
}

fn hit(s: &State, ctx: HitCtx) -> i32 {
    let mut m = Total::default();
    to_hit(s, A, &Strike::at(B), s.fighter(A).pos, ctx, &mut m);
    m.0
}

#[test]
fn snap_shot_and_aim_m_roa_004_m_mis_001_m_mis_007_m_mis_008() {
    // rule: M-ROA-004, M-MIS-001, M-MIS-007, M-MIS-008, M-RNG-001
    // Crossbow 10 < SS 12, 3 hexes: range -1, Acc 4: 0; snap shot -3.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &shooter(10, "Crossbow", "crossbow")),
        target_at(0, -3),
    ]);
    assert_eq!(hit(&s, HitCtx::default()), 7);
    act(
        &mut s,
        A,
        Action::Aim {
            target: B,
            weapon: 0,
            to: None,
        },
        &[],
        &[],
    );
    // One round aimed below SS: no -3, no bonus yet.
    assert_eq!(hit(&s, HitCtx::default()), 10);
    act(
        &mut s,
        A,
        Action::Aim {
            target: B,
            weapon: 0,
            to: None,
        },
        &[],
        &[],
    );
    assert_eq!(hit(&s, HitCtx::default()), 11);
    for _ in 0..4 {
        act(
            &mut s,
            A,
            Action::Aim {
                target: B,
                weapon: 0,
                to: None,
            },
            &[],
            &[],
        );
    }
    assert_eq!(hit(&s, HitCtx::default()), 13, "capped at +3");
    // Skill at SS: +1 a round from the first.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &shooter(12, "Crossbow", "crossbow")),
        target_at(0, -3),
    ]);
    act(
        &mut s,
        A,
        Action::Aim {
            target: B,
            weapon: 0,
            to: None,
        },
        &[],
        &[],
    );
    assert_eq!(hit(&s, HitCtx::default()), 13);
    // Any other maneuver loses the aim (M-MIS-008).
    act(&mut s, A, Action::DoNothing, &[], &[]);
    assert_eq!(s.fighter(A).aim, None);
}

#[test]
fn crossbows_reload_after_each_shot_m_roa_006_m_mis_009() {
    // rule: M-ROA-006, M-MIS-009
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &shooter(14, "Crossbow", "crossbow")),
        target_at(0, -3),
    ]);
    act(&mut s, A, attack(B), &[16], &[]);
    assert!(!s.fighter(A).weapons[0].loaded);
    assert_eq!(check(&s, A, &attack(B)).unwrap_err().rule, "M-MIS-009");
    act(&mut s, A, Action::Reload { weapon: 0 }, &[], &[]);
    assert!(s.fighter(A).weapons[0].loaded);
    // Ranged Rapid Attack: once a round with the reload folded in, no active defense.
    s.fighters[0].weapons[0].loaded = false;
    act(&mut s, A, Action::RapidAttack(Strike::at(B)), &[16], &[]);
    assert!(s.fighter(A).guard.no_active);
}

#[test]
fn light_missiles_twice_a_round_thrice_rapid_m_roa_005_m_mis_002_m_mis_003() {
    // rule: M-ROA-005, M-MIS-002, M-MIS-003, M-ROA-001
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &shooter(14, "Short Bow", "bow")),
        target_at(0, -3),
    ]);
    // Two shots, both missing.
    act(&mut s, A, attack(B), &[16, 16], &[]);
    assert_eq!(s.fighter(A).weapons[0].ammo, Some(18));
    act(
        &mut s,
        A,
        Action::RapidAttack(Strike::at(B)),
        &[16, 16, 16],
        &[],
    );
    assert_eq!(s.fighter(A).weapons[0].ammo, Some(15));
    assert!(s.fighter(A).guard.no_active);
    let rapid = HitCtx {
        shot: 1,
        rapid: true,
        ..HitCtx::default()
    };
    assert_eq!(hit(&s, rapid), hit(&s, HitCtx::default()) - 1);
    // Below SS: one shot, and no Ranged Rapid Attack.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &shooter(9, "Short Bow", "bow")),
        target_at(0, -3),
    ]);
    act(&mut s, A, attack(B), &[15], &[]);
    assert_eq!(
        check(&s, A, &Action::RapidAttack(Strike::at(B)))
            .unwrap_err()
            .rule,
        "M-MIS-002"
    );
}

#[test]
fn range_speed_cover_obstructions_elevation_m_rng_003_to_008() {
    // rule: M-RNG-003, M-RNG-004, M-RNG-005, M-RNG-006, M-RNG-007, M-RNG-008
    // Longbow 15 (SS 15, Acc 3) at 10 hexes: -2 + 3 = 0.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &shooter(15, "Longbow", "bow")),
        target_at(0, -10),
    ]);
    assert_eq!(hit(&s, HitCtx::default()), 15);
    // The target ran 15 hexes this round: 10 mph: -1.
    s.fighters[1].moved = 15;
    assert_eq!(hit(&s, HitCtx::default()), 14);
    s.fighters[1].moved = 0;
    // Heavy evasion -2, an erratic creature's -3 wins.
    s.fighters[1].evading = 2;
    assert_eq!(hit(&s, HitCtx::default()), 13);
    s.fighters[1].erratic = 3;
    assert_eq!(hit(&s, HitCtx::default()), 12);
    s.fighters[1].evading = 0;
    s.fighters[1].erratic = 0;
    // Kneeling target: -2.
    s.fighters[1].posture = Posture::Kneeling;
    assert_eq!(hit(&s, HitCtx::default()), 13);
    // Obstructions on the line: 3 + 3, capped at -5.
    let s = state_with(
        "",
        "[[map.terrain]]\nterrain = \"obstruction\"\nvalue = 3\nhexes = [{ q = 0, r = -4 }, { q = 0, r = -6 }]",
        &[
            fighter("A", "a", 0, 0, "n", &shooter(15, "Longbow", "bow")),
            target_at(0, -10),
        ],
    );
    assert_eq!(hit(&s, HitCtx::default()), 10);
    // The target 12 ft (4 yd) higher: range 14 yd: -3 + 3 = 0; 12 ft lower: 8 yd: -2 + 3.
    let s = state_with(
        "",
        "[[map.terrain]]\nheight = 12\nhexes = [{ q = 0, r = -10 }]",
        &[
            fighter("A", "a", 0, 0, "n", &shooter(15, "Longbow", "bow")),
            target_at(0, -10),
        ],
    );
    assert_eq!(hit(&s, HitCtx::default()), 15);
}

#[test]
fn pop_up_and_shooting_on_the_move_m_mis_004_m_pat_003() {
    // rule: M-MIS-004, M-PAT-003, M-AOD-006
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &shooter(14, "Crossbow", "crossbow")),
        target_at(0, -3),
    ]);
    let popup = HitCtx {
        popup: true,
        ..HitCtx::default()
    };
    assert_eq!(hit(&s, popup), 12);
    // Walking with a crossbow: -1 × 3.
    let walking = HitCtx {
        moving: Some(1),
        ..HitCtx::default()
    };
    assert_eq!(hit(&s, walking), 11);
    let running = HitCtx {
        moving: Some(5),
        ..HitCtx::default()
    };
    assert_eq!(hit(&s, running), 8);
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &shooter(14, "Crossbow", "crossbow")),
        target_at(0, -4),
    ]);
    let mut shot = Strike::at(B);
    shot.to = None;
    act(
        &mut s,
        A,
        Action::Move {
            to: fray_core::grid::HexPos::new(0, -1),
            face: None,
            evade: 0,
            shoot: Some(shot),
            swing: None,
        },
        &[16],
        &[],
    );
    assert_eq!(s.fighter(A).pos, fray_core::grid::HexPos::new(0, -1));
    assert!(!s.fighter(A).weapons[0].loaded);
}

#[test]
fn thrown_weapons_may_be_parried_m_def_003() {
    // rule: M-DEF-003
    let mut s = state(&[
        fighter(
            "A",
            "a",
            0,
            0,
            "n",
            &shooter(14, "Throwing Knife", "thrown_knife"),
        ),
        fighter(
            "B",
            "b",
            0,
            -2,
            "s",
            &sheet(
                10,
                10,
                12,
                "hp = 200\nskills = { broadsword = 14 }\nweapons = [\"Broadsword\"]",
            ),
        ),
    ]);
    // Throwing knife 14, 2 hexes: 0; roll 11: 3 successes; parry 7 - 2 = 5: roll 5, AD 2: net 1.
    act(
        &mut s,
        A,
        Action::Attack(Strike::at(B)),
        &[11, 5, 16],
        &[Answer::Defend {
            kind: DefenseKind::Parry,
            weapon: Some(0),
        }],
    );
    assert_eq!(s.fighter(B).guard.parries, 1);
}

#[test]
fn losing_sight_cancels_aim_m_mod_005() {
    // rule: M-MOD-005
    let wall = "[[map.terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = -2 }]";
    let s = state_with(
        "",
        wall,
        &[
            fighter("A", "a", 0, 0, "n", &shooter(14, "Crossbow", "crossbow")),
            target_at(0, -4),
        ],
    );
    assert_eq!(check(&s, A, &attack(B)).unwrap_err().rule, "M-MOD-005");
    // Aiming at a foe that then goes out of sight: the aim is gone at A's next turn.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &shooter(14, "Crossbow", "crossbow")),
        target_at(0, -4),
    ]);
    s.tie_rank = vec![0, 1];
    s.fighters[0].aim = Some((B, 2));
    let mut walled = state_with(
        "",
        wall,
        &[
            fighter("A", "a", 0, 0, "n", &shooter(14, "Crossbow", "crossbow")),
            target_at(0, -4),
        ],
    );
    walled.fighters[0].aim = s.fighters[0].aim;
    walled.tie_rank = vec![0, 1];
    assert_eq!(next(&mut walled, &[]), fray_core::Next::Act(A));
    assert_eq!(walled.fighter(A).aim, None);
    assert_eq!(next(&mut s, &[]), fray_core::Next::Act(A));
    assert_eq!(s.fighter(A).aim, Some((B, 2)));
}

#[test]
fn a_dodged_missile_strikes_behind_m_mmt_001() {
    // rule: M-MMT-001, M-OPT-001
    let figures = [
        fighter("A", "a", 0, 0, "n", &shooter(14, "Crossbow", "crossbow")),
        target_at(0, -3),
        fighter("C", "b", 0, -4, "s", &sheet(10, 10, 12, "hp = 200")),
    ];
    let mut s = state_with("stray_missiles = true", "", &figures);
    // 11 vs 14: 3 successes; B dodges (5) on 3: AD 4: stopped; the rear hex at 12: 9 hits C,
    // who does not defend: 3 net: 9 imp × 2 = 18; C's Will roll 10.
    act(
        &mut s,
        A,
        attack(B),
        &[11, 3, 9, 10],
        &[
            Answer::Defend {
                kind: DefenseKind::Dodge,
                weapon: None,
            },
            Answer::NoDefense,
        ],
    );
    assert_eq!(lost(&s, C), 18);
    assert_eq!(lost(&s, B), 0);
    // Off by default: nothing strays.
    let mut s = state(&figures);
    act(
        &mut s,
        A,
        attack(B),
        &[11, 3],
        &[Answer::Defend {
            kind: DefenseKind::Dodge,
            weapon: None,
        }],
    );
    assert_eq!(lost(&s, C), 0);
}

//! Ranged combat, played with scripted dice: range and speed, Aim, shots
//! and reloading, half damage, defenses against missiles, the line of
//! fire, and the position and situation modifiers.
//!
//! A is an archer (ST 10, DX 12, Bow-14: thr+1 = 1d-1 imp, Acc 2, 1/2D 150,
//! Max 200, Bulk -7, two turns to reload) at (0,0) facing north, Speed 6;
//! B is a swordsman (DX 10, HT 10, Speed 5) ten hexes north, so A acts first.

use crate::common::*;
use fray_core::grid::HexPos;
use fray_core::{ModList, Total};
use fray_gurps::model::action::{Action, AllOutVariant, Answer, Charge, Dive, Strike};
use fray_gurps::model::state::{AimState, DefenseKind, Posture, State};
use fray_gurps::rules::attack::{How, to_hit};
use fray_gurps::rules::defense::{Incoming, options};

fn archer(extra: &str) -> String {
    sheet(
        10,
        12,
        10,
        12,
        &format!(
            "skills = {{ Bow = 14, \"Thrown Weapon (Knife)\" = 14 }}\nweapons = [\"Bow\", \"Throwing Knife\"]\n{extra}"
        ),
    )
}

fn target(extra: &str) -> String {
    sheet(
        12,
        10,
        10,
        10,
        &format!(
            "skills = {{ Broadsword = 13, Shield = 12 }}\nweapons = [\"Broadsword\"]\n{extra}"
        ),
    )
}

/// A at the origin, B `d` hexes north facing south, and `others` after them.
fn range(d: i32, a_extra: &str, b_extra: &str, terrain: &str, others: &[String]) -> State {
    let mut all = vec![
        fighter("A", "a", 0, 0, "n", &archer(a_extra)),
        fighter("B", "b", 0, -d, "s", &target(b_extra)),
    ];
    all.extend(others.iter().cloned());
    let sc = scenario_sized(20, terrain, "", &all);
    fray_gurps::setup::setup(&sc, &armory()).unwrap()
}

fn shoot(at: fray_core::CombatantId) -> Action {
    Action::Attack {
        strike: strike(at),
        step: None,
        extra: None,
        giant_step: None,
    }
}

fn skill(s: &State, strike: &Strike) -> i32 {
    to_hit::<Total>(s, A, strike, How::ATTACK).0
}

fn aim(braced: bool) -> Action {
    Action::Aim {
        target: B,
        weapon: 0,
        mode: 0,
        braced,
        step: None,
    }
}

// rule: G-RNG-001, G-ATK-025, G-MATK-001
#[test]
fn a_shot_takes_the_range_penalty_and_spends_the_arrow() {
    // 10 yards: -4. Bow-14 -> 10; a miss (14) changes nothing else.
    let l = log(vec![("A", shoot(B))], &[14], vec![]);
    let (s, ev) = run_steps(range(10, "", "", "", &[]), &l, 1);
    let r = roll(&ev, "attack");
    assert_eq!(r.target, Some(10));
    assert_eq!(modifier(r, "range and speed"), Some(-4));
    let bow = &s.fighter(A).weapons[0];
    assert!(!bow.loaded() && bow.ready());
    assert_eq!(bow.reload_left(), 2);
    assert!(
        fray_gurps::rules::maneuver::check(&s, A, &shoot(B))
            .unwrap_err()
            .reason
            .contains("not loaded")
    );
    // Two Ready maneuvers reload it (G-RDY-001).
    let mut s2 = s.clone();
    let l = log(
        vec![
            ("B", Action::DoNothing),
            ("A", Action::Ready { weapon: 0 }),
            ("B", Action::DoNothing),
            ("A", Action::Ready { weapon: 0 }),
        ],
        &[],
        vec![],
    );
    s2.cursor = Some(0);
    let (s2, _) = run_steps(s2, &l, 4);
    assert!(s2.fighter(A).weapons[0].loaded());
    // Every band of the table, rounding up to the next row.
    for (d, pen) in [
        (2, 0),
        (3, -1),
        (4, -2),
        (5, -2),
        (7, -3),
        (11, -5),
        (15, -5),
    ] {
        let s = range(d, "", "", "", &[]);
        assert_eq!(skill(&s, &strike(B)), 14 + pen, "{d} yards");
    }
}

// rule: G-RNG-002, G-MOV-001
#[test]
fn a_target_that_moved_adds_its_speed_to_the_range() {
    let mut s = range(10, "", "", "", &[]);
    s.fighters[1].moved = 5;
    // 10 + 5 = 15 yards: -5.
    let m: ModList = to_hit(&s, A, &strike(B), How::ATTACK);
    assert_eq!(m.total(), 9);
    assert!(m.iter().any(|x| x.rule == "G-RNG-002" && x.value == -5));
}

// rule: G-AIM-001, G-AIM-002, G-RNG-003
#[test]
fn aim_adds_acc_then_one_and_two_more_and_one_for_bracing() {
    let with_aim = |turns, braced| {
        let mut s = range(10, "", "", "", &[]);
        s.fighters[0].aim = Some(AimState {
            target: B,
            weapon: 0,
            mode: 0,
            turns,
            braced,
        });
        skill(&s, &strike(B))
    };
    // No Aim: no Acc.
    assert_eq!(skill(&range(10, "", "", "", &[]), &strike(B)), 10);
    assert_eq!(with_aim(1, false), 12);
    assert_eq!(with_aim(2, false), 13);
    assert_eq!(with_aim(3, false), 14);
    assert_eq!(with_aim(5, false), 14);
    assert_eq!(with_aim(3, true), 15);
    // Played: Aim, B waits, Aim again, B waits, shoot at 10 + 3.
    let l = log(
        vec![
            ("A", aim(false)),
            ("B", Action::DoNothing),
            ("A", aim(false)),
            ("B", Action::DoNothing),
            ("A", shoot(B)),
        ],
        &[16],
        vec![],
    );
    let (s, ev) = run_steps(range(10, "", "", "", &[]), &l, 5);
    assert_eq!(roll(&ev, "attack").target, Some(13));
    assert_eq!(modifier(roll(&ev, "attack"), "Aim"), Some(3));
    // The shot spends the Aim.
    assert!(s.fighter(A).aim.is_none());
}

// rule: G-AIM-003
#[test]
fn bracing_needs_a_rest_and_allows_no_step() {
    let s = range(10, "", "", "", &[]);
    let err = fray_gurps::rules::maneuver::check(&s, A, &aim(true)).unwrap_err();
    assert!(err.reason.contains("rest"), "{err}");
    let mut kneeling = s.clone();
    kneeling.fighters[0].posture = Posture::Kneeling;
    assert!(fray_gurps::rules::maneuver::check(&kneeling, A, &aim(true)).is_ok());
    let rock = "[[map.terrain]]\nterrain = \"obstruction\"\nhexes = [{ q = 1, r = 0 }]";
    assert!(
        fray_gurps::rules::maneuver::check(&range(6, "", "", rock, &[]), A, &aim(true)).is_ok()
    );
    let stepping = Action::Aim {
        target: B,
        weapon: 0,
        mode: 0,
        braced: true,
        step: Some(fray_gurps::model::action::Step {
            to: None,
            face: None,
            after: false,
            posture: None,
        }),
    };
    assert_eq!(
        fray_gurps::rules::maneuver::check(&kneeling, A, &stepping)
            .unwrap_err()
            .rule,
        "G-AIM-003"
    );
    // Aim needs a ranged weapon.
    let melee = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
        ],
    );
    assert_eq!(
        fray_gurps::rules::maneuver::check(&melee, A, &aim(false))
            .unwrap_err()
            .rule,
        "G-AIM-001"
    );
}

// rule: G-AIM-004, G-AIM-005
#[test]
fn aim_is_lost_by_defending_by_a_failed_will_roll_when_hurt_and_by_other_maneuvers() {
    // C stands next to A and attacks while A aims; A dodges (Dodge 8): the Aim is gone.
    let c = fighter(
        "C",
        "b",
        0,
        -1,
        "s",
        &sheet(
            12,
            9,
            10,
            12,
            "skills = { Broadsword = 12 }\nweapons = [\"Broadsword\"]",
        ),
    );
    let s = range(10, "", "", "", std::slice::from_ref(&c));
    let l = log(
        vec![("A", aim(false)), ("C", attack(A))],
        &[10, 5],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (after, ev) = run_steps(s.clone(), &l, 2);
    assert!(after.fighter(A).aim.is_none());
    assert!(notes(&ev).iter().any(|n| n.1 == "G-AIM-004"));
    // Hurt (4 cut: 6 injury, a major wound for HP 10, so a knockdown roll
    // too) and failing Will (10): the Aim is gone; passing keeps it.
    for (will_roll, kept) in [(12, false), (9, true)] {
        let l = log(
            vec![("A", aim(false)), ("C", attack(A))],
            &[10, 4, will_roll, 10],
            vec![Answer::NoDefense],
        );
        let (after, ev) = run_steps(s.clone(), &l, 2);
        assert_eq!(roll(&ev, "keep the aim").target, Some(10));
        assert_eq!(after.fighter(A).aim.is_some(), kept);
    }
    // Any maneuver but Aim (here Do Nothing) ends it.
    let l = log(
        vec![
            ("A", aim(false)),
            ("C", Action::DoNothing),
            ("B", Action::DoNothing),
            ("A", Action::DoNothing),
        ],
        &[],
        vec![],
    );
    let (after, _) = run_steps(s, &l, 4);
    assert!(after.fighter(A).aim.is_none());
}

// rule: G-DMG-002, G-MATK-001
#[test]
fn thrown_knives_leave_the_hand_and_halve_damage_at_half_range() {
    // ST 10 thrower: knife 1/2D 5, Max 10. B at 6: -2 range; hit, no defense,
    // 1d-2 imp rolled 3 -> halved to 1 -> x2 = 2 injury.
    let knife = Strike {
        weapon: 1,
        ..strike(B)
    };
    let throw = Action::Attack {
        strike: knife,
        step: None,
        extra: None,
        giant_step: None,
    };
    let l = log(vec![("A", throw.clone())], &[9, 3], vec![Answer::NoDefense]);
    let (s, ev) = run_steps(range(6, "", "", "", &[]), &l, 1);
    assert!(notes(&ev).iter().any(|n| n.1 == "G-DMG-002"));
    assert_eq!(damage(&ev)[0].2, 1);
    assert_eq!(s.fighter(B).hp, 10);
    let k = &s.fighter(A).weapons[1];
    assert!(!k.ready());
    assert_eq!(k.dropped_at, Some(HexPos::new(0, -6)));
    // Beyond Max (10 yards): no throw.
    let err =
        fray_gurps::rules::maneuver::check(&range(11, "", "", "", &[]), A, &throw).unwrap_err();
    assert!(err.reason.contains("Max"), "{err}");
}

// rule: G-EXT-024, G-ATK-002
#[test]
fn missiles_are_dodged_or_blocked_thrown_weapons_also_parried_never_with_retreat() {
    let s = range(3, "", "shield = \"Medium Shield\"", "", &[]);
    let arrow = Incoming {
        melee: false,
        ..Incoming::melee(&s, A, B)
    };
    let kinds = |inc: &Incoming| -> Vec<(DefenseKind, i32, Option<i32>)> {
        options(&s, inc, None)
            .into_iter()
            .map(|o| (o.kind, o.value, o.with_retreat))
            .collect()
    };
    // Dodge 8 + DB 2; Block 12/2 + 3 + 2; no Parry; no retreat.
    assert_eq!(
        kinds(&arrow),
        [
            (DefenseKind::Dodge, 10, None),
            (DefenseKind::Block, 11, None)
        ]
    );
    // A light thrown knife is parried at -2 (Parry 9 + DB 2 - 2).
    let knife = Incoming {
        thrown: Some(true),
        ..arrow
    };
    assert!(kinds(&knife).contains(&(DefenseKind::Parry, 9, None)));
    let axe = Incoming {
        thrown: Some(false),
        ..arrow
    };
    assert!(kinds(&axe).contains(&(DefenseKind::Parry, 10, None)));
    // Leading the target: only the Dodge takes the Deceptive penalty.
    let lead = Incoming {
        deceptive: 1,
        ..arrow
    };
    assert_eq!(
        kinds(&lead),
        [
            (DefenseKind::Dodge, 9, None),
            (DefenseKind::Block, 11, None)
        ]
    );
}

// rule: G-DEF-012
#[test]
fn dodge_and_drop_adds_three_against_that_archer_for_the_turn_and_leaves_you_prone() {
    let drop = Answer::Defend {
        kind: DefenseKind::Dodge,
        weapon: None,
        retreat: false,
        feverish: false,
        acrobatic: false,
        dive: Some(Dive::Drop),
    };
    let l = log(vec![("A", shoot(B))], &[8, 11], vec![drop]);
    let (s, ev) = run_steps(range(5, "", "", "", &[]), &l, 1);
    let d = roll(&ev, "dodge");
    assert_eq!((d.target, d.verdict), (Some(11), "success"));
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    assert_eq!(s.fighter(B).dropped_vs, Some(A));
    // Lying now (-3), the +3 stays against A's next shots this turn.
    let inc = Incoming {
        melee: false,
        ..Incoming::melee(&s, A, B)
    };
    let dodge = options(&s, &inc, None)[0].value;
    assert_eq!(dodge, 8 - 3 + 3);
    // Not against melee attacks.
    let mut close = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
        ],
    );
    close.fighters[1].dropped_vs = Some(A);
    assert_eq!(
        options(&close, &Incoming::melee(&close, A, B), None)[0].value,
        8
    );
}

// rule: G-DEF-013
#[test]
fn dive_for_cover_adds_three_and_a_success_steps_away_prone() {
    let dive = Answer::Defend {
        kind: DefenseKind::Dodge,
        weapon: None,
        retreat: false,
        feverish: false,
        acrobatic: false,
        dive: Some(Dive::Cover),
    };
    let l = log(vec![("A", shoot(B))], &[8, 11], vec![dive]);
    let (s, _) = run_steps(range(5, "", "", "", &[]), &l, 1);
    assert_eq!(s.fighter(B).pose.pos, HexPos::new(0, -6));
    assert_eq!(s.fighter(B).posture, Posture::Lying);
}

// rule: G-POS-001, G-POS-008
#[test]
fn lying_targets_are_minus_two_everywhere_kneeling_ones_on_torso_and_legs() {
    let mut s = range(2, "", "", "", &[]);
    let skull = strike_at(B, fray_gurps::model::location::Location::Skull);
    assert_eq!((skill(&s, &strike(B)), skill(&s, &skull)), (14, 7));
    s.fighters[1].posture = Posture::Kneeling;
    assert_eq!((skill(&s, &strike(B)), skill(&s, &skull)), (12, 7));
    s.fighters[1].posture = Posture::Lying;
    assert_eq!((skill(&s, &strike(B)), skill(&s, &skull)), (12, 5));
}

// rule: G-RNG-007, G-DICE-004
#[test]
fn figures_in_the_way_cost_four_each_and_a_miss_may_hit_one_of_them() {
    let c = fighter("C", "a", 0, -3, "n", &sheet(12, 9, 10, 12, ""));
    let s = range(6, "", "", "", std::slice::from_ref(&c));
    // 6 yards -3, C in the way -4: 7.
    assert_eq!(skill(&s, &strike(B)), 7);
    // A misses B (12); the stray shot rolls against C (3 yards: 14 - 1) at
    // most at 9: 8 hits;
    // C does not defend; damage 1d-1 rolled 4, location 10 (torso): x2 = 8,
    // a major wound: knockdown roll 10 holds.
    let l = log(
        vec![("A", shoot(B))],
        &[12, 8, 4, 10, 10],
        vec![Answer::NoDefense],
    );
    let (after, ev) = run_steps(s, &l, 1);
    let stray = roll(&ev, "stray shot");
    assert_eq!(stray.target, Some(9));
    assert_eq!(modifier(stray, "a stray shot: at most 9"), Some(-4));
    assert_eq!(after.fighter(C).hp, 12 - 8);
}

// rule: G-ATK-027
#[test]
fn cover_and_height_change_the_shot() {
    let rocks = |n: usize| {
        let hexes = ["{ q = 0, r = -2 }", "{ q = 0, r = -3 }"][..n].join(", ");
        format!("[[map.terrain]]\nterrain = \"obstruction\"\nhexes = [{hexes}]")
    };
    assert_eq!(skill(&range(5, "", "", &rocks(1), &[]), &strike(B)), 12 - 2);
    assert_eq!(skill(&range(5, "", "", &rocks(2), &[]), &strike(B)), 12 - 4);
    let ledge = "[[map.terrain]]\nheight = 2\nhexes = [{ q = 0, r = 0 }]";
    assert_eq!(skill(&range(5, "", "", ledge, &[]), &strike(B)), 12 + 1);
    let pit = "[[map.terrain]]\nheight = 2\nhexes = [{ q = 0, r = -5 }]";
    assert_eq!(skill(&range(5, "", "", pit, &[]), &strike(B)), 12 - 1);
    // A wall blocks the shot.
    let wall = "[[map.terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = -2 }]";
    let err =
        fray_gurps::rules::maneuver::check(&range(5, "", "", wall, &[]), A, &shoot(B)).unwrap_err();
    assert!(err.reason.contains("wall"), "{err}");
}

// rule: G-AOA-001, G-MAA-003
#[test]
fn all_out_shots_are_determined_only_and_move_and_attack_shots_lose_bulk_and_aim() {
    let s = range(5, "", "", "", &[]);
    let aoa = |variant| Action::AllOutAttack {
        variant,
        strike: strike(B),
        advance: 0,
    };
    assert!(fray_gurps::rules::maneuver::check(&s, A, &aoa(AllOutVariant::Determined)).is_ok());
    assert!(fray_gurps::rules::maneuver::check(&s, A, &aoa(AllOutVariant::Strong)).is_err());
    let det = How::all_out(AllOutVariant::Determined);
    assert_eq!(to_hit::<Total>(&s, A, &strike(B), det).0, 12 + 1);
    let mut aimed = s.clone();
    aimed.fighters[0].aim = Some(AimState {
        target: B,
        weapon: 0,
        mode: 0,
        turns: 3,
        braced: false,
    });
    let maa = How {
        move_and_attack: Some(false),
        ..How::ATTACK
    };
    // Bow Bulk -7 is worse than -2, and the Aim does not count.
    assert_eq!(to_hit::<Total>(&aimed, A, &strike(B), maa).0, 12 - 7);
    let charge = Action::MoveAndAttack(Charge {
        to: HexPos::new(0, -1),
        face: None,
        path: Vec::new(),
        strike: strike(B),
        at: None,
        heroic: false,
    });
    assert!(fray_gurps::rules::maneuver::check(&s, A, &charge).is_ok());
}

// rule: G-ATK-026, G-EXT-026
#[test]
fn situation_modifiers_bad_footing_darkness_blindness_distraction_large_shield() {
    let mud = "[[map.terrain]]\nterrain = \"treacherous\"\nhexes = [{ q = 0, r = 0 }]";
    assert_eq!(skill(&range(2, "", "", mud, &[]), &strike(B)), 12);
    let mut s = range(2, "", "", "", &[]);
    s.options.darkness = 3;
    assert_eq!(skill(&s, &strike(B)), 11);
    s.options.darkness = 0;
    s.fighters[0].situation.blind = true;
    assert_eq!(skill(&s, &strike(B)), 4);
    s.fighters[0].situation.blind = false;
    s.fighters[0].situation.distraction = 3;
    assert_eq!(skill(&s, &strike(B)), 11);
    let big = state(
        "",
        &[
            fighter(
                "A",
                "a",
                0,
                0,
                "n",
                &format!("{}\nshield = \"Large Shield\"", swordsman(12, 14)),
            ),
            fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
        ],
    );
    let m: ModList = to_hit(&big, A, &strike(B), How::ATTACK);
    assert_eq!(m.total(), 12);
}

// rule: G-ATK-021, G-ATK-027
#[test]
fn striking_down_from_above_is_minus_two_and_the_foe_defends_at_minus_two() {
    let ledge = "[[map.terrain]]\nheight = 1\nhexes = [{ q = 0, r = 0 }]";
    let sc = scenario_on(
        ledge,
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
        ],
    );
    let s = fray_gurps::setup::setup(&sc, &armory()).unwrap();
    let m: ModList = to_hit(&s, A, &strike(B), How::ATTACK);
    assert_eq!(m.total(), 12);
    let o = options(&s, &Incoming::melee(&s, A, B), None);
    // Dodge 8 - 2.
    assert_eq!(o[0].value, 6);
    // The other way round: no penalty for striking up.
    let up: ModList = to_hit(&s, B, &strike(A), How::ATTACK);
    assert_eq!(up.total(), 13);
}

// rule: G-ATK-022
#[test]
fn a_spear_striking_past_a_foe_takes_minus_four() {
    let spear = sheet(
        12,
        12,
        10,
        12,
        "skills = { Spear = 14 }\nweapons = [\"Spear\"]",
    );
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &spear),
            fighter("B", "b", 0, -2, "s", &swordsman(11, 13)),
            fighter("C", "b", 0, -1, "s", &swordsman(11, 13)),
        ],
    );
    assert_eq!(to_hit::<Total>(&s, A, &strike(B), How::ATTACK).0, 10);
    // A friend in the way costs nothing.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &spear),
            fighter("B", "b", 0, -2, "s", &swordsman(11, 13)),
            fighter("C", "a", 0, -1, "n", &swordsman(11, 13)),
        ],
    );
    assert_eq!(to_hit::<Total>(&s, A, &strike(B), How::ATTACK).0, 14);
}

// rule: G-ATK-024
#[test]
fn melee_to_hit_adds_the_size_difference() {
    let big = sheet(12, 10, 10, 12, "sm = 2");
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &big),
        ],
    );
    assert_eq!(to_hit::<Total>(&s, A, &strike(B), How::ATTACK).0, 16);
}

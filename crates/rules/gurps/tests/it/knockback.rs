//! Knockback, slams, shield rushes and shoves, blunt trauma and corrosion,
//! played with scripted dice.
//!
//! A: ST 12 DX 12, Broadsword-14 (sw+1 = 1d+3 cut; thr+1 = 1d cr, mode 1),
//! at (0,0) facing north, acts first. B stands north of A facing south.

use crate::common::*;
use fray_core::grid::HexPos;
use fray_gurps::model::action::{Action, Answer, Shove, Slam, SlamWith, Strike};
use fray_gurps::model::state::{Posture, State};

fn a() -> String {
    swordsman(12, 14)
}

/// A light foe (ST 4: knocked back a hex per 2 points) with 30 HP.
fn light(extra: &str) -> String {
    sheet(
        4,
        11,
        10,
        12,
        &format!("hp = 30\nskills = {{ Broadsword = 13 }}\nweapons = [\"Broadsword\"]\n{extra}"),
    )
}

fn thrust() -> Action {
    Action::Attack {
        strike: Strike {
            mode: 1,
            ..strike(B)
        },
        step: None,
        extra: None,
        giant_step: None,
    }
}

fn on(terrain: &str, b: &str) -> State {
    let sc = scenario_on(
        terrain,
        "",
        &[
            fighter("A", "a", 0, 0, "n", &a()),
            fighter("B", "b", 0, -1, "s", b),
        ],
    );
    fray_gurps::setup::setup(&sc, &armory()).unwrap()
}

// rule: G-KB-001, G-KB-002, G-KB-003, G-TURN-004
#[test]
fn a_crushing_blow_knocks_back_straight_away_and_the_target_may_fall() {
    // 1d cr rolled 4: 4 / (4 - 2) = 2 hexes north; footing: DX 11 + 1 - 2 = 10; 11 falls.
    let l = log(vec![("A", thrust())], &[10, 4, 11], vec![Answer::NoDefense]);
    let (s, ev) = run_steps(on("", &light("")), &l, 1);
    assert_eq!(s.fighter(B).pose.pos, HexPos::new(0, -3));
    let r = roll(&ev, "keep footing after knockback");
    assert_eq!(r.target, Some(10));
    assert_eq!(modifier(r, "knocked back"), Some(-1));
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    // Perfect Balance: +4.
    let l = log(vec![("A", thrust())], &[10, 4, 11], vec![Answer::NoDefense]);
    let (s, _) = run_steps(on("", &light("traits = [\"perfect_balance\"]")), &l, 1);
    assert_eq!(s.fighter(B).posture, Posture::Standing);
    // A cutting blow that gets through does not push; one stopped by DR does.
    let l = log(vec![("A", attack(B))], &[10, 4], vec![Answer::NoDefense]);
    let (s, _) = run_steps(on("", &light("")), &l, 1);
    assert_eq!(s.fighter(B).pose.pos, HexPos::new(0, -1));
    // 8 cut against DR 10: 4 hexes; footing DX 11 + 1 - 4 = 8; 8 holds.
    let l = log(vec![("A", attack(B))], &[10, 8, 8], vec![Answer::NoDefense]);
    let (s, _) = run_steps(on("", &light("natural_dr = 10")), &l, 1);
    assert_eq!(s.fighter(B).pose.pos, HexPos::new(0, -5));
}

// rule: G-KB-004
#[test]
fn knocked_into_a_wall_the_target_takes_collision_damage() {
    let wall = "[[map.terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = -3 }]";
    // 2 hexes, but the wall stops B after 1: 1d-3 for 1 hex (rolled 1); footing 10: 5 holds.
    let l = log(
        vec![("A", thrust())],
        &[10, 4, 1, 5],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(on(wall, &light("")), &l, 1);
    assert_eq!(s.fighter(B).pose.pos, HexPos::new(0, -2));
    assert!(notes(&ev).iter().any(|n| n.1 == "G-KB-004"));
    assert_eq!(s.fighter(B).hp, 30 - 4 - 1);
}

fn shove(both_hands: bool) -> Action {
    Action::Shove(Shove {
        target: B,
        both_hands,
        step: None,
    })
}

// rule: G-ATK-020
#[test]
fn a_shove_pushes_twice_as_far_and_hurts_nobody() {
    // DX 12: 10 hits; one hand: 1d-1 -1 = 1d-2, rolled 4: 2 hexes, doubled 4.
    // Footing: 11 + 1 - 4 = 8; 8 holds.
    let l = log(
        vec![("A", shove(false))],
        &[10, 4, 8],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(on("", &light("")), &l, 1);
    assert_eq!(roll(&ev, "shove").target, Some(12));
    assert_eq!(s.fighter(B).pose.pos, HexPos::new(0, -5));
    assert_eq!(s.fighter(B).hp, 30);
    assert_eq!(damage(&ev)[0].4, 0);
    // Not at a foe two hexes away.
    let far = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &a()),
            fighter("B", "b", 0, -2, "s", &light("")),
        ],
    );
    assert!(fray_gurps::rules::maneuver::check(&far, A, &shove(true)).is_err());
}

fn slam(with: SlamWith, path: &[(i32, i32)], shield_rush: bool) -> Action {
    Action::Slam(Slam {
        target: B,
        with,
        path: path.iter().map(|&(q, r)| HexPos::new(q, r)).collect(),
        shield_rush,
    })
}

fn charging(a_extra: &str) -> State {
    state(
        "",
        &[
            fighter("A", "a", 0, 3, "n", &format!("{}\n{a_extra}", a())),
            fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
        ],
    )
}

// rule: G-ATK-014, G-ATK-015, G-ATK-016, G-MAA-004
#[test]
fn a_running_slam_hurts_both_and_the_one_who_dealt_half_falls() {
    // Three hexes run: thrust 1d-1, -2, +1 per die: 1d-2 each. A rolls DX 12: 10.
    // A deals 4, B 2: B took twice what it dealt: down.
    let l = log(
        vec![(
            "A",
            slam(SlamWith::Charge, &[(0, 2), (0, 1), (0, 0)], false),
        )],
        &[10, 4, 2],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(charging(""), &l, 1);
    assert_eq!(roll(&ev, "slam").target, Some(12));
    let dmg = damage(&ev);
    assert_eq!((dmg[0].0.as_str(), dmg[0].2), ("B", 4));
    assert_eq!((dmg[1].0.as_str(), dmg[1].2), ("A", 2));
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    assert_eq!(s.fighter(A).posture, Posture::Standing);
    // Close damage: the one who dealt less rolls DX (B: 11, rolls 12: down).
    let l = log(
        vec![(
            "A",
            slam(SlamWith::Charge, &[(0, 2), (0, 1), (0, 0)], false),
        )],
        &[10, 4, 3, 12],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(charging(""), &l, 1);
    assert_eq!(roll(&ev, "stay up after the slam").target, Some(11));
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    // The Attack maneuver allows one step at most.
    assert!(
        fray_gurps::rules::maneuver::check(
            &charging(""),
            A,
            &slam(SlamWith::Attack, &[(0, 2), (0, 1)], false)
        )
        .is_err()
    );
}

// rule: G-ATK-018
#[test]
fn a_shield_rush_adds_the_db_to_yours_and_takes_it_off_theirs() {
    let l = log(
        vec![("A", slam(SlamWith::Charge, &[(0, 2), (0, 1), (0, 0)], true))],
        &[10, 4, 4],
        vec![Answer::NoDefense],
    );
    let (_, ev) = run_steps(charging("shield = \"Medium Shield\""), &l, 1);
    let dmg = damage(&ev);
    assert_eq!((dmg[0].2, dmg[1].2), (6, 2));
    // No shield, no rush.
    assert!(
        fray_gurps::rules::maneuver::check(
            &charging(""),
            A,
            &slam(SlamWith::Charge, &[(0, 2), (0, 1), (0, 0)], true)
        )
        .is_err()
    );
}

// rule: G-ATK-017, G-AOA-001
#[test]
fn a_dodged_slam_carries_the_slammer_on_past() {
    let l = log(
        vec![(
            "A",
            slam(SlamWith::Determined, &[(0, 2), (0, 1), (0, 0)], false),
        )],
        &[10, 5],
        vec![defend(fray_gurps::model::state::DefenseKind::Dodge, false)],
    );
    let (s, ev) = run_steps(charging(""), &l, 1);
    assert_eq!(roll(&ev, "slam").target, Some(16));
    assert_eq!(s.fighter(A).pose.pos, HexPos::new(0, -2));
}

// rule: G-EXT-021
#[test]
fn flexible_armor_lets_blunt_trauma_through() {
    // Mail (flexible, DR 4) and natural DR 2: the thrust's 6 cr stops at DR 6,
    // but 1 HP per full 5 of crushing comes through.
    let b = format!("{}\narmor = [\"Mail\"]\nnatural_dr = 2", swordsman(11, 13));
    let l = log(vec![("A", thrust())], &[10, 6], vec![Answer::NoDefense]);
    let (s, ev) = run_steps(on("", &b), &l, 1);
    assert!(notes(&ev).iter().any(|n| n.1 == "G-EXT-021"));
    assert_eq!(s.fighter(B).hp, 11);
}

// rule: G-EXT-022
#[test]
fn corrosion_eats_armor() {
    let acid = sheet(
        12,
        12,
        10,
        12,
        "skills = { Brawling = 14 }\nweapons = [\"Acid Touch\"]",
    );
    let b = format!("{}\narmor = [\"Mail\"]", swordsman(11, 13));
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &acid),
            fighter("B", "b", 0, -1, "s", &b),
        ],
    );
    // 2d cor rolled 10: 6 through; the mail loses 2 DR on the torso.
    let l = log(vec![("A", attack(B))], &[10, 10], vec![Answer::NoDefense]);
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(
        s.fighter(B).dr[fray_gurps::model::location::Location::Torso.index()],
        2
    );
}

fn at_weapon(weapon: u8, disarm: bool) -> Action {
    Action::Attack {
        strike: Strike {
            at_weapon: Some(fray_gurps::model::action::AtWeapon { weapon, disarm }),
            ..strike(B)
        },
        step: None,
        extra: None,
        giant_step: None,
    }
}

// rule: G-ATK-008, G-ATK-009, G-ATK-012, G-ATK-013
#[test]
fn striking_a_weapon_breaks_it_past_its_dr_and_hp() {
    let b = format!("{}\nshield = \"Medium Shield\"", swordsman(11, 13));
    let s = on("", &b);
    // Reach 1: -4. B may not Block, and the shield DB does not count: Dodge 8.
    let l = log(
        vec![("A", at_weapon(0, false))],
        &[10, 9, 9],
        vec![defend(fray_gurps::model::state::DefenseKind::Dodge, false)],
    );
    let (after, ev) = run_steps(s.clone(), &l, 1);
    let r = roll(&ev, "attack");
    assert_eq!(
        (r.target, modifier(r, "strike at a weapon")),
        (Some(10), Some(-4))
    );
    assert_eq!(roll(&ev, "dodge").target, Some(8));
    // Dodge failed: 9 cut vs the sword's DR 4 (metal and wood): 5 x1.5 = 7
    // of its 12 HP (3 lb: under 5 lb).
    assert_eq!(after.fighter(B).weapons[0].hp, 12 - 7);
    assert!(!after.fighter(B).weapons[0].broken());
    let inc = fray_gurps::rules::defense::Incoming {
        at_weapon: true,
        ..fray_gurps::rules::defense::Incoming::melee(&s, A, B)
    };
    let kinds: Vec<_> = fray_gurps::rules::defense::options(&s, &inc, None)
        .into_iter()
        .map(|o| o.kind)
        .collect();
    assert!(!kinds.contains(&fray_gurps::model::state::DefenseKind::Block));
    // Two good blows break it: 5 HP - 7 = -2, disabled.
    let l = log(
        vec![
            ("A", at_weapon(0, false)),
            ("B", Action::DoNothing),
            ("A", at_weapon(0, false)),
        ],
        &[10, 9, 9, 10, 9, 9],
        vec![defend(fray_gurps::model::state::DefenseKind::Dodge, false); 2],
    );
    let (after, _) = run_steps(s, &l, 3);
    assert!(after.fighter(B).weapons[0].broken());
}

// rule: G-ATK-009, G-ATK-010, G-ATK-011, G-DICE-003
#[test]
fn a_disarm_is_a_contest_of_st_or_dx_that_can_send_the_weapon_flying() {
    let s = on("", &swordsman(11, 13));
    // -4 and -2 (not a fencing weapon): 8. No defense.
    // Contest: A best of ST 12 / DX 12 = 12, rolls 8 (by 4); B 12, rolls 12 (by 0): A wins.
    // 1d 1: the sword lands north of B.
    let l = log(
        vec![("A", at_weapon(0, true))],
        &[8, 8, 12, 1],
        vec![Answer::NoDefense],
    );
    let (after, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(modifier(roll(&ev, "attack"), "disarm"), Some(-2));
    assert_eq!(
        after.fighter(B).weapons[0].dropped_at,
        Some(HexPos::new(0, -2))
    );
    // B wins by 1: the sword stays in hand, unready.
    let l = log(
        vec![("A", at_weapon(0, true))],
        &[8, 10, 9],
        vec![Answer::NoDefense],
    );
    let (after, _) = run_steps(s.clone(), &l, 1);
    let w = &after.fighter(B).weapons[0];
    assert!(!w.ready() && w.dropped_at.is_none());
    // B wins by 3: nothing.
    let l = log(
        vec![("A", at_weapon(0, true))],
        &[8, 12, 9],
        vec![Answer::NoDefense],
    );
    let (after, _) = run_steps(s, &l, 1);
    assert!(after.fighter(B).weapons[0].ready());
}

// rule: G-EXT-025, G-DEF-008
#[test]
fn heavy_weapons_cannot_be_parried_by_the_weak_and_may_break_light_parries() {
    // ST 4: Basic Lift 3.2 lb; the 3 lb broadsword can be parried, a 4 lb axe cannot.
    let weak = sheet(
        4,
        12,
        10,
        12,
        "hp = 30\nskills = { Broadsword = 13 }\nweapons = [\"Broadsword\"]",
    );
    let axeman = sheet(
        12,
        12,
        10,
        12,
        "skills = { \"Axe/Mace\" = 14 }\nweapons = [\"Axe\"]",
    );
    let vs_axe = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &axeman),
            fighter("B", "b", 0, -1, "s", &weak),
        ],
    );
    let kinds = |s: &State| -> Vec<fray_gurps::model::state::DefenseKind> {
        fray_gurps::rules::defense::options(
            s,
            &fray_gurps::rules::defense::Incoming {
                weapon: Some((0, 0)),
                ..fray_gurps::rules::defense::Incoming::melee(s, A, B)
            },
            None,
        )
        .into_iter()
        .map(|o| o.kind)
        .collect()
    };
    assert!(!kinds(&vs_axe).contains(&fray_gurps::model::state::DefenseKind::Parry));
    let vs_sword = on("", &weak);
    assert!(kinds(&vs_sword).contains(&fray_gurps::model::state::DefenseKind::Parry));
    // A 1 lb knife parrying a 3 lb sword: 1d at most 2 breaks it.
    let dagger = sheet(
        12,
        11,
        10,
        12,
        "skills = { Knife = 14 }\nweapons = [\"Knife\"]",
    );
    let l = log(
        vec![("A", attack(B))],
        &[10, 5, 2],
        vec![defend(fray_gurps::model::state::DefenseKind::Parry, false)],
    );
    let (after, ev) = run_steps(on("", &dagger), &l, 1);
    assert_eq!(roll(&ev, "parry breakage").total, 2);
    assert!(after.fighter(B).weapons[0].broken());
}

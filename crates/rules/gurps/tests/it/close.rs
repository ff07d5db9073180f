//! Close combat and evading, played with scripted dice.
//!
//! A (ST 12 DX 12, Broadsword-14 and Knife-14: the knife is weapon 1,
//! thr imp at reach C or 1, Speed 6) stands at (0,1) facing north; B (DX 11,
//! Broadsword-13, Shield-12 with a medium shield, Speed 5.75) at (0,0)
//! facing south. A acts first.

use crate::common::*;
use fray_core::grid::{Facing, HexPos};
use fray_gurps::model::action::{Action, Step, Strike};
use fray_gurps::model::state::{DefenseKind, State};
use fray_gurps::rules::defense::{Incoming, options};

fn knifer() -> String {
    sheet(
        12,
        12,
        10,
        12,
        "skills = { Broadsword = 14, Knife = 14 }\nweapons = [\"Broadsword\", \"Knife\"]",
    )
}

fn b() -> String {
    sheet(
        12,
        11,
        10,
        12,
        "skills = { Broadsword = 13, Shield = 12 }\nweapons = [\"Broadsword\"]\nshield = \"Medium Shield\"",
    )
}

fn apart(others: &[String]) -> State {
    let mut all = vec![
        fighter("A", "a", 0, 1, "n", &knifer()),
        fighter("B", "b", 0, 0, "s", &b()),
    ];
    all.extend(others.iter().cloned());
    state("", &all)
}

fn step_to(q: i32, r: i32) -> Action {
    Action::AllOutDefense {
        variant: fray_gurps::model::action::DefenseVariant::Double,
        step: Some(Step {
            to: Some(HexPos::new(q, r)),
            face: None,
            after: false,
            posture: None,
        }),
        path: Vec::new(),
    }
}

/// A steps into B's hex (as an All-Out Defense's step) and B waits: close combat.
fn together() -> State {
    let l = log(vec![("A", step_to(0, 0))], &[], vec![]);
    run_steps(apart(&[]), &l, 1).0
}

fn knife(target: fray_core::CombatantId) -> Action {
    Action::Attack {
        strike: Strike {
            weapon: 1,
            ..strike(target)
        },
        step: None,
        extra: None,
        giant_step: None,
    }
}

// rule: G-CC-001
#[test]
fn stepping_into_a_foes_hex_starts_close_combat_and_controls_three_sides() {
    let s = together();
    assert_eq!(s.fighter(A).pose.pos, HexPos::new(0, 0));
    assert!(s.in_close_combat(A) && s.in_close_combat(B));
    let c = s.fighter(A).close.unwrap();
    // A came in through the south side: it holds south and the two beside it.
    assert_eq!(c.sides, [Facing::Se, Facing::S, Facing::Sw]);
    // A Move may end in a foe's hex too.
    let mv = Action::Move {
        to: HexPos::new(0, 0),
        face: None,
        path: Default::default(),
        posture: None,
    };
    assert!(fray_gurps::rules::maneuver::check(&apart(&[]), A, &mv).is_ok());
}

// rule: G-CC-002, G-TAC-009
#[test]
fn leaving_through_a_controlled_side_means_evading() {
    let s = together();
    // North is not A's: B steps out freely.
    let l = log(vec![("B", step_to(0, -1))], &[], vec![]);
    let (after, _) = run_steps(s.clone(), &l, 1);
    assert_eq!(after.fighter(B).pose.pos, HexPos::new(0, -1));
    assert!(!after.in_close_combat(A));
    // South is A's: B must evade. B: DX 11 - 5 (A stands) + 5 (toward A's
    // back) = 11, rolls 8 (by 3); A: DX 12, rolls 12 (by 0): B gets out.
    let l = log(vec![("B", step_to(0, 1))], &[8, 12], vec![]);
    let (after, ev) = run_steps(s.clone(), &l, 1);
    let r = roll(&ev, "evade");
    assert_eq!(r.target, Some(11));
    assert_eq!(after.fighter(B).pose.pos, HexPos::new(0, 1));
    // A wins: B stays in close combat.
    let l = log(vec![("B", step_to(0, 1))], &[12, 8], vec![]);
    let (after, _) = run_steps(s, &l, 1);
    assert_eq!(after.fighter(B).pose.pos, HexPos::new(0, 0));
}

// rule: G-CC-003
#[test]
fn only_reach_c_weapons_strike_in_close_combat() {
    let s = together();
    let sword = attack(B);
    let err = fray_gurps::rules::maneuver::check(&s, A, &sword).unwrap_err();
    assert_eq!(err.rule, "G-CC-003", "{err}");
    assert!(fray_gurps::rules::maneuver::check(&s, A, &knife(B)).is_ok());
}

// rule: G-CC-004
#[test]
fn a_shield_hampers_its_bearers_attacks_in_close_combat() {
    // A, with a shield, steps into B's hex: on that turn the shield costs
    // nothing; from its next turn on, its DB (2) comes off A's attacks.
    let shielded = sheet(
        12,
        12,
        10,
        12,
        "skills = { Knife = 14, Shield = 12 }\nweapons = [\"Knife\"]\nshield = \"Medium Shield\"",
    );
    let s2 = state(
        "",
        &[
            fighter("A", "a", 0, 1, "n", &shielded),
            fighter("B", "b", 0, 0, "s", &b()),
        ],
    );
    let l = log(
        vec![("A", step_to(0, 0)), ("B", Action::DoNothing)],
        &[],
        vec![],
    );
    let (mut s2, _) = run_steps(s2, &l, 2);
    let how = fray_gurps::rules::attack::How::ATTACK;
    // The turn A came in is over; on its next turn the shield costs -2.
    s2.fighters[0].turns += 1;
    let hit = fray_gurps::rules::attack::to_hit::<fray_core::ModList>(&s2, A, &strike(B), how);
    assert_eq!(hit.total(), 12);
    assert!(hit.iter().any(|m| m.rule == "G-CC-004" && m.value == -2));
}

// rule: G-CC-005
#[test]
fn in_close_combat_no_block_and_only_reach_c_parries() {
    let s = together();
    let kinds: Vec<DefenseKind> = options(&s, &Incoming::melee(&s, A, B), None)
        .into_iter()
        .map(|o| o.kind)
        .collect();
    // B: Dodge only (its broadsword has no reach C; no Block).
    assert_eq!(kinds, [DefenseKind::Dodge]);
    let kinds: Vec<(DefenseKind, Option<u8>)> = options(&s, &Incoming::melee(&s, B, A), None)
        .into_iter()
        .map(|o| (o.kind, o.weapon))
        .collect();
    // A: Dodge, and a Parry with the knife only.
    assert_eq!(
        kinds,
        [(DefenseKind::Dodge, None), (DefenseKind::Parry, Some(1))]
    );
}

// rule: G-CC-006, G-DEF-009
#[test]
fn retreating_out_of_close_combat_takes_the_usual_bonus() {
    let s = together();
    // A stabs B (10); B dodges retreating: Dodge 8 + 3 = 11 (the shield's DB
    // counts too: 13); 9 succeeds and B is out of the hex.
    let l = log(
        vec![("A", knife(B))],
        &[10, 9],
        vec![defend(DefenseKind::Dodge, true)],
    );
    let mut s2 = s.clone();
    s2.cursor = None;
    s2.round = 0;
    s2.order.clear();
    let (after, ev) = run_steps(s2, &l, 1);
    let d = roll(&ev, "dodge");
    assert_eq!(modifier(d, "retreat"), Some(3));
    assert_ne!(after.fighter(B).pose.pos, HexPos::new(0, 0));
    assert!(!after.in_close_combat(A));
}

// rule: G-CC-008, G-CC-009
#[test]
fn striking_into_a_close_combat_is_at_minus_two_and_a_miss_may_hit_another() {
    // C, A's friend, stands at (1,-1) with a spear and strikes at B, who is
    // in close combat with A.
    let spear = sheet(
        12,
        10,
        10,
        12,
        "skills = { Spear = 14 }\nweapons = [\"Spear\"]",
    );
    let s = together();
    let mut s = s;
    let c = fray_gurps::setup::setup(
        &scenario(
            "",
            &[
                fighter("A", "a", 0, 1, "n", &knifer()),
                fighter("B", "b", 0, 0, "s", &b()),
                fighter("C", "a", 1, -1, "sw", &spear),
            ],
        ),
        &armory(),
    )
    .unwrap()
    .fighters[2]
        .clone();
    s.fighters.push(c);
    s.reindex();
    let hit = fray_gurps::rules::attack::to_hit::<fray_core::ModList>(
        &s,
        C,
        &strike(B),
        fray_gurps::rules::attack::How::ATTACK,
    );
    assert!(hit.iter().any(|m| m.rule == "G-CC-008" && m.value == -2));
    assert_eq!(hit.total(), 12);
    // C misses (14): the blow may fall on A, the other figure there: at 9
    // at most (14 - 2 = 12 -> 9); 9 hits; A dodges (5) and nobody is left.
    s.order = vec![C];
    s.cursor = None;
    let l = log(
        vec![("C", attack(B))],
        &[14, 9, 5],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (_, ev) = run_steps(s, &l, 1);
    let r = roll(&ev, "strike into the melee");
    assert_eq!(r.target, Some(9));
}

// rule: G-RDY-002
#[test]
fn readying_in_close_combat_needs_a_dx_roll() {
    let mut s = together();
    s.fighters[0].weapons[1].set_ready(false);
    let mut fresh = s.clone();
    fresh.cursor = None;
    fresh.round = 0;
    fresh.order.clear();
    // DX 12: 13 fails: the knife drops and the turn is lost.
    let l = log(vec![("A", Action::Ready { weapon: 1 })], &[13], vec![]);
    let (after, ev) = run_steps(fresh.clone(), &l, 1);
    assert_eq!(roll(&ev, "ready in close quarters").target, Some(12));
    assert_eq!(
        after.fighter(A).weapons[1].dropped_at,
        Some(HexPos::new(0, 0))
    );
    let l = log(vec![("A", Action::Ready { weapon: 1 })], &[12], vec![]);
    let (after, _) = run_steps(fresh, &l, 1);
    assert!(after.fighter(A).weapons[1].ready());
}

// rule: G-RNG-004
#[test]
fn a_shot_from_close_combat_is_at_minus_bulk() {
    let archer = sheet(12, 12, 10, 12, "skills = { Bow = 14 }\nweapons = [\"Bow\"]");
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &archer),
            fighter("B", "b", 0, 0, "s", &b()),
            fighter("C", "b", 0, -3, "s", &b()),
        ],
    );
    let m = fray_gurps::rules::attack::to_hit::<fray_core::ModList>(
        &s,
        A,
        &strike(C),
        fray_gurps::rules::attack::How::ATTACK,
    );
    assert!(m.iter().any(|x| x.rule == "G-RNG-004" && x.value == -7));
}

// rule: G-TAC-009, G-MAA-005
#[test]
fn a_route_through_a_foe_calls_for_an_evade() {
    // A runs north through B's hex to (0,-1): B stands (-5) and faces A (no bonus).
    let s = apart(&[]);
    let run = Action::Move {
        to: HexPos::new(0, -1),
        face: None,
        path: vec![HexPos::new(0, 0), HexPos::new(0, -1)].into(),
        posture: None,
    };
    assert!(fray_gurps::rules::maneuver::check(&s, A, &run).is_ok());
    let l = log(vec![("A", run.clone())], &[6, 12], vec![]);
    let (after, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(roll(&ev, "evade").target, Some(7));
    assert_eq!(after.fighter(A).pose.pos, HexPos::new(0, -1));
    // B wins: A's move ends in B's hex, in close combat.
    let l = log(vec![("A", run)], &[12, 6], vec![]);
    let (after, _) = run_steps(s.clone(), &l, 1);
    assert_eq!(after.fighter(A).pose.pos, HexPos::new(0, 0));
    assert!(after.in_close_combat(A));
    // In a Move and Attack the evade is at -2 more.
    let charge = Action::MoveAndAttack(fray_gurps::model::action::Charge {
        to: HexPos::new(0, -1),
        face: None,
        path: vec![HexPos::new(0, 0), HexPos::new(0, -1)],
        strike: Strike {
            weapon: 1,
            ..strike(B)
        },
        at: Some(1),
        heroic: false,
    });
    // B stops A in its hex, and A stabs from there (16 misses).
    let l = log(vec![("A", charge)], &[12, 6, 16], vec![]);
    let (_, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "evade").target, Some(5));
}

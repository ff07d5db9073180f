//! Posture changes with a step, crouching, sprinting and jumping.
//!
//! A (DX 12 HT 12: Speed 6, Move 6) stands at (0,0) facing north on a
//! radius-30 map; B, far off at (8,8), does nothing.

use crate::common::*;
use fray_core::Engine;
use fray_core::grid::HexPos;
use fray_gurps::model::action::{Action, Jump, Step};
use fray_gurps::model::state::{Posture, State};

fn hex(q: i32, r: i32) -> HexPos {
    HexPos::new(q, r)
}

fn alone_with(terrain: &str, options: &str, a: &str) -> State {
    setup_on(terrain, options, a)
}

fn setup_on(terrain: &str, options: &str, a: &str) -> State {
    fray_gurps::setup::setup(
        &scenario_sized(
            30,
            terrain,
            options,
            &[
                fighter("A", "a", 0, 0, "n", a),
                fighter("B", "b", 8, 8, "s", &swordsman(11, 13)),
            ],
        ),
        &armory(),
    )
    .expect("sets up")
}

fn plain() -> State {
    alone_with("", "", &swordsman(12, 14))
}

fn posture_step(to: Option<HexPos>, posture: Posture) -> Step {
    Step {
        to,
        face: None,
        after: false,
        posture: Some(posture),
    }
}

fn aod(step: Step) -> Action {
    Action::AllOutDefense {
        variant: fray_gurps::model::action::DefenseVariant::Double,
        step: Some(step),
        path: Vec::new(),
    }
}

fn north(n: i32) -> Action {
    north_as(n, None)
}

fn north_as(n: i32, posture: Option<Posture>) -> Action {
    Action::Move {
        to: hex(0, -n),
        face: None,
        path: (1..=n).map(|k| hex(0, -k)).collect(),
        posture,
    }
}

fn illegal(s: &State, a: &Action) -> fray_core::Illegal {
    fray_gurps::rules::maneuver::check(s, A, a).expect_err("illegal")
}

// rule: G-CPO-002, G-POS-011
#[test]
fn kneeling_and_standing_up_can_be_the_step_of_a_maneuver() {
    let mut s = plain();
    s.fighters[0].posture = Posture::Kneeling;
    // Standing up as the step of an All-Out Defense.
    let l = log(
        vec![("A", aod(posture_step(None, Posture::Standing)))],
        &[],
        vec![],
    );
    let (after, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(after.fighter(A).posture, Posture::Standing);
    assert!(conditions(&ev).iter().any(|(_, _, r)| *r == "G-CPO-002"));
    // The step is spent on it: no hex as well.
    let err = illegal(&s, &aod(posture_step(Some(hex(0, -1)), Posture::Standing)));
    assert_eq!(err.rule, "G-CPO-002", "{err}");
    // Kneeling down likewise; lying down is not a step.
    let s = plain();
    assert!(
        fray_gurps::rules::maneuver::check(&s, A, &aod(posture_step(None, Posture::Kneeling)))
            .is_ok()
    );
    let err = illegal(&s, &aod(posture_step(None, Posture::Lying)));
    assert_eq!(err.rule, "G-CPO-002, G-POS-010", "{err}");
}

// rule: G-POS-010, G-POS-003
#[test]
fn crouching_is_free_with_a_step_or_a_short_move_and_rising_is_free() {
    // A steps a hex and drops into a crouch at its end.
    let l = log(
        vec![("A", aod(posture_step(Some(hex(0, -1)), Posture::Crouching)))],
        &[],
        vec![],
    );
    let (after, _) = run_steps(plain(), &l, 1);
    assert_eq!(after.fighter(A).pose.pos, hex(0, -1));
    assert_eq!(after.fighter(A).posture, Posture::Crouching);
    // Crouching, 5 hexes cost 7.5 of Move 6; rising first they cost 5.
    let mut s = plain();
    s.fighters[0].posture = Posture::Crouching;
    assert!(fray_gurps::rules::maneuver::check(&s, A, &north(5)).is_err());
    let rise = north_as(5, Some(Posture::Standing));
    let l = log(vec![("A", rise)], &[], vec![]);
    let (after, _) = run_steps(s, &l, 1);
    assert_eq!(after.fighter(A).posture, Posture::Standing);
    assert_eq!(after.fighter(A).pose.pos, hex(0, -5));
    // Dropping into a crouch after a Move: after one hex only.
    let crouch = |n| north_as(n, Some(Posture::Crouching));
    assert!(fray_gurps::rules::maneuver::check(&plain(), A, &crouch(1)).is_ok());
    assert_eq!(illegal(&plain(), &crouch(2)).rule, "G-POS-010");
}

// rule: G-MOV-002
#[test]
fn a_second_turn_of_moving_straight_ahead_sprints_one_hex_further() {
    // Move 6. The first turn cannot go 7 hexes; after a turn of moving it can,
    // straight ahead only.
    let s = alone_with("", "", &swordsman(12, 14));
    let far = s.clone();
    assert!(fray_gurps::rules::maneuver::check(&far, A, &north(7)).is_err());
    let l = log(
        vec![
            ("A", north(6)),
            ("B", Action::DoNothing),
            ("A", shifted(north(7), 6)),
        ],
        &[],
        vec![],
    );
    let (after, ev) = run_steps(far.clone(), &l, 3);
    assert_eq!(after.fighter(A).pose.pos, hex(0, -13));
    assert!(
        conditions(&ev)
            .iter()
            .any(|(_, w, r)| w.contains("sprints") && *r == "G-MOV-002")
    );
    // Not with a turn in it.
    let (mid, _) = run_some(far, &l, 2);
    // Seven hexes whose last is a sidestep: no sprint, so out of reach.
    let bent = Action::Move {
        to: hex(1, -12),
        face: None,
        path: vec![
            hex(0, -7),
            hex(0, -8),
            hex(0, -9),
            hex(0, -10),
            hex(0, -11),
            hex(0, -12),
            hex(1, -12),
        ]
        .into(),
        posture: None,
    };
    assert!(fray_gurps::rules::maneuver::check(&mid, A, &bent).is_err());
}

// rule: G-MOV-002
#[test]
fn the_basic_option_sprints_a_fifth_of_move() {
    let quick = sheet(
        12,
        12,
        10,
        12,
        "basic_move = 10\nskills = { Broadsword = 14 }\nweapons = [\"Broadsword\"]",
    );
    let s = alone_with("", "sprint = \"basic\"", &quick);
    let l = log(
        vec![
            ("A", north(10)),
            ("B", Action::DoNothing),
            ("A", shifted(north(12), 10)),
        ],
        &[],
        vec![],
    );
    let (after, _) = run_steps(s, &l, 3);
    assert_eq!(after.fighter(A).pose.pos, hex(0, -22));
}

/// `a` with every hex moved `by` hexes further north.
fn shifted(a: Action, by: i32) -> Action {
    match a {
        Action::Move {
            to,
            face,
            path,
            posture,
        } => Action::Move {
            to: hex(to.q, to.r - by),
            face,
            path: path.iter().map(|h| hex(h.q, h.r - by)).collect(),
            posture,
        },
        other => other,
    }
}

// rule: G-MOV-003
#[test]
fn every_fifteen_turns_of_sprinting_an_ht_roll_or_lose_1_fp() {
    let mut s = alone_with("", "", &swordsman(12, 14));
    s.fighters[0].move_streak = 1;
    s.fighters[0].sprint_turns = 14;
    let l = log(vec![("A", north(7))], &[14], vec![]);
    let (after, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "keep sprinting").target, Some(12));
    assert_eq!(after.fighter(A).fp, 11);
    assert_eq!(after.fighter(A).sprint_turns, 0);
}

const WATER: &str =
    "[[map.terrain]]\nterrain = \"water\"\nhexes = [{ q = 0, r = -2 }, { q = 0, r = -3 }]";

// rule: G-JMP-001
#[test]
fn a_jump_spans_half_move_halved_in_combat_doubled_by_a_run_up() {
    // Move 6: 6/2 = 3, halved in combat: 1 hex standing, 3 with a run-up.
    let s = alone_with(WATER, "", &swordsman(12, 14));
    let jump = |run_up, length| Action::Jump(Jump { run_up, length });
    assert!(fray_gurps::rules::maneuver::check(&s, A, &jump(0, 1)).is_ok());
    assert_eq!(illegal(&s, &jump(0, 2)).rule, "G-JMP-001");
    // One hex run, then over the stream (two hexes of water) to (0,-4).
    let l = log(vec![("A", jump(1, 3))], &[], vec![]);
    let (after, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(after.fighter(A).pose.pos, hex(0, -4));
    assert_eq!(after.fighter(A).moved, 4);
    assert!(maneuvers(&ev).contains(&("A".into(), "G-JMP-001")));
    assert_eq!(illegal(&s, &jump(1, 4)).rule, "G-JMP-001");
    // Jumping skill 16: 16/4 = 4, halved: 2 standing.
    let jumper = sheet(
        12,
        12,
        10,
        12,
        "skills = { Broadsword = 14, Jumping = 16 }\nweapons = [\"Broadsword\"]",
    );
    let s = alone_with(WATER, "", &jumper);
    assert!(fray_gurps::rules::maneuver::check(&s, A, &jump(0, 2)).is_ok());
    // Not from a crouch; not onto a wall.
    let mut low = plain();
    low.fighters[0].posture = Posture::Crouching;
    assert!(illegal(&low, &jump(0, 1)).reason.contains("standing"));
    let walled = alone_with(
        "[[map.terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = -2 }]",
        "",
        &swordsman(12, 14),
    );
    assert!(illegal(&walled, &jump(1, 3)).reason.contains("wall"));
}

fn fallen(body_toward: (i32, i32)) -> (State, Vec<fray_gurps::model::event::Event>) {
    // B lies at (0,-2); asked where its body goes, it answers `body_toward`.
    let prone = swordsman(11, 13);
    let text = scenario_sized(
        30,
        "",
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -2, "s", &prone).replace(
                "[combatants.sheet]",
                "posture = \"lying\"\n[combatants.sheet]",
            ),
        ],
    );
    let s = fray_gurps::setup::setup(&text, &armory()).expect("sets up");
    let l = log(
        vec![("A", Action::DoNothing)],
        &[],
        vec![fray_gurps::model::action::Answer::Fall {
            hex: hex(body_toward.0, body_toward.1),
        }],
    );
    run_steps(s, &l, 1)
}

// rule: G-POS-009, G-TAC-001
#[test]
fn a_lying_humanoid_fills_a_second_hex_of_its_choice() {
    let (s, ev) = fallen((0, -1));
    assert_eq!(s.fighter(B).body, Some(hex(0, -1)));
    assert!(conditions(&ev).iter().any(|(_, _, r)| *r == "G-POS-009"));
    // Its legs at (0,-1) are in reach of A's sword from (0,0).
    assert!(fray_gurps::rules::maneuver::check(&s, A, &attack(B)).is_ok());
    // Nobody ends a move there, though it can be crossed.
    let onto = Action::Move {
        to: hex(0, -1),
        face: None,
        path: vec![hex(0, -1)].into(),
        posture: None,
    };
    assert!(fray_gurps::rules::maneuver::check(&s, A, &onto).is_err());
    // Lying the other way, B is out of reach.
    let (s, _) = fallen((0, -3));
    assert!(fray_gurps::rules::maneuver::check(&s, A, &attack(B)).is_err());
    // A hex not offered is refused.

    let q = fray_gurps::model::action::Question::Fall {
        chooser: B,
        faller: B,
        options: vec![hex(0, -3)].into(),
    };
    let bad = fray_gurps::model::action::Answer::Fall { hex: hex(5, 5) };
    assert!(fray_gurps::Gurps::check_answer(&q, &bad).is_err());
    assert_eq!(
        fray_gurps::Gurps::addressee(&q),
        fray_core::Addressee::Combatant(B)
    );
}

// rule: G-POS-009
#[test]
fn getting_up_frees_the_second_hex() {
    let (s, _) = fallen((0, -3));
    let l = log(
        vec![(
            "B",
            Action::ChangePosture {
                to: Posture::Kneeling,
            },
        )],
        &[],
        vec![],
    );
    let (after, _) = run_steps(s, &l, 1);
    assert_eq!(after.fighter(B).body, None);
}

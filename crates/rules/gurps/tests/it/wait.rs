//! Wait, Stop Thrust and opportunity fire, played with scripted dice.
//!
//! W (the waiter, DX 12, Speed 6) acts before M (the mover, DX 11, Speed
//! 5.75, Move 5). W stands at (0,0) facing south, toward M.

use crate::common::*;
use fray_core::CombatantId;
use fray_core::grid::HexPos;
use fray_gurps::model::action::{Action, Aim, AllOutVariant, Response, Step, Trigger, Wait};
use fray_gurps::model::event::{Event, Moved};
use fray_gurps::model::state::{DefenseKind, Stance, State, Waiting};

const W: CombatantId = A;
const M: CombatantId = B;

fn hex(q: i32, r: i32) -> HexPos {
    HexPos::new(q, r)
}

fn setup_with(waiter: &str, wq: i32, wr: i32, mover: &str, mr: i32) -> State {
    state(
        "",
        &[
            fighter("W", "w", wq, wr, "s", waiter),
            fighter("M", "m", 0, mr, "n", mover),
        ],
    )
}

fn sword_wait(trigger: Trigger, step: Option<Step>) -> Action {
    Action::Wait(Wait {
        trigger,
        response: Response::Attack {
            weapon: 0,
            mode: 0,
            location: Aim::default(),
            all_out: None,
        },
        step,
    })
}

fn in_reach() -> Trigger {
    Trigger::InReach { foe: None }
}

fn step_to(q: i32, r: i32) -> Option<Step> {
    Some(Step {
        to: Some(hex(q, r)),
        face: None,
        after: false,
        posture: None,
    })
}

fn move_along(path: &[(i32, i32)]) -> Action {
    let path: Vec<HexPos> = path.iter().map(|&(q, r)| hex(q, r)).collect();
    Action::Move {
        to: *path.last().unwrap(),
        face: None,
        path: path.into(),
        posture: None,
    }
}

/// The index of the first event that moves `who` into `to`.
fn moved_into(events: &[Event], who: &str, to: HexPos) -> usize {
    let words = fray_gurps::rules::movement::describe(fray_core::grid::Pose::new(
        to,
        fray_core::grid::Facing::N,
    ));
    let hex_words = words.split(" facing").next().unwrap().to_string();
    events
        .iter()
        .position(|e| matches!(e, Event::Moved(Moved { who: w, to, .. }) if w == who && to.starts_with(&hex_words)))
        .unwrap_or_else(|| panic!("{who} never moves into {hex_words}\n{}", narrate(events)))
}

fn first_roll(events: &[Event], label: &str) -> usize {
    events
        .iter()
        .position(|e| matches!(e, Event::Roll { roll } if roll.label == label))
        .unwrap_or_else(|| panic!("no {label} roll\n{}", narrate(events)))
}

// rule: G-WAIT-001
#[test]
fn a_wait_goes_off_when_a_foe_comes_in_reach_and_the_foe_moves_on() {
    // W steps to (0,1) and waits; M walks (0,4), (0,3), (0,2), (1,2). At
    // (0,2) it is in reach: W strikes (10, skill 14), M dodges (5), and M
    // walks on to (1,2).
    let s = setup_with(&swordsman(12, 14), 0, 0, &swordsman(11, 13), 5);
    let l = log(
        vec![
            ("W", sword_wait(in_reach(), step_to(0, 1))),
            ("M", move_along(&[(0, 4), (0, 3), (0, 2), (1, 2)])),
        ],
        &[10, 5],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (after, ev) = run_steps(s, &l, 2);
    let strike = first_roll(&ev, "attack");
    assert!(moved_into(&ev, "M", hex(0, 2)) < strike);
    assert!(strike < moved_into(&ev, "M", hex(1, 2)));
    assert_eq!(after.fighter(M).pose.pos, hex(1, 2));
    assert!(after.fighter(W).waiting.is_none(), "a Wait goes off once");
    assert!(
        notes(&ev)
            .iter()
            .any(|(t, r)| t.contains("Wait goes off") && *r == "G-WAIT-001")
    );
}

// rule: G-WAIT-001
#[test]
fn a_wait_that_never_goes_off_ends_with_the_next_turn() {
    let s = setup_with(&swordsman(12, 14), 0, 0, &swordsman(11, 13), 5);
    let l = log(
        vec![
            ("W", sword_wait(in_reach(), None)),
            ("M", Action::DoNothing),
            ("W", Action::DoNothing),
        ],
        &[],
        vec![],
    );
    let (after, _) = run_some(s.clone(), &l, 2);
    assert!(after.fighter(W).waiting.is_some());
    let (after, _) = run_steps(s, &l, 3);
    assert!(after.fighter(W).waiting.is_none());
}

// rule: G-WAIT-002
#[test]
fn a_waiter_that_did_not_step_steps_in_as_part_of_the_response() {
    // No step on W's turn: when M reaches (0,2), two hexes off, W steps to
    // (0,1) and strikes.
    let s = setup_with(&swordsman(12, 14), 0, 0, &swordsman(11, 13), 5);
    let l = log(
        vec![
            ("W", sword_wait(in_reach(), None)),
            ("M", move_along(&[(0, 4), (0, 3), (0, 2)])),
        ],
        &[10, 5],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (after, ev) = run_steps(s, &l, 2);
    assert_eq!(after.fighter(W).pose.pos, hex(0, 1));
    assert!(moved_into(&ev, "W", hex(0, 1)) < first_roll(&ev, "attack"));
    // Having stepped on its own turn, W waits for M to come into reach.
    let s = setup_with(&swordsman(12, 14), 0, -1, &swordsman(11, 13), 5);
    let l = log(
        vec![
            ("W", sword_wait(in_reach(), step_to(0, 0))),
            ("M", move_along(&[(0, 4), (0, 3), (0, 2)])),
        ],
        &[],
        vec![],
    );
    let (after, _) = run_steps(s, &l, 2);
    assert!(
        after.fighter(W).waiting.is_some(),
        "M stopped two hexes off"
    );
}

fn waiting_all_out(defended: bool) -> State {
    let mut s = setup_with(&swordsman(12, 14), 0, 1, &swordsman(11, 13), 5);
    s.order = vec![M, W];
    s.fighters[0].waiting = Some(Waiting {
        wait: Wait {
            trigger: in_reach(),
            response: Response::Attack {
                weapon: 0,
                mode: 0,
                location: Aim::default(),
                all_out: Some(AllOutVariant::Determined),
            },
            step: None,
        },
        stepped: true,
        defended,
    });
    s
}

// rule: G-WAIT-003
#[test]
fn defending_before_the_trigger_turns_a_waiting_all_out_attack_into_an_attack() {
    let l = log(
        vec![("M", move_along(&[(0, 4), (0, 3), (0, 2)]))],
        &[10, 5],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (after, ev) = run_steps(waiting_all_out(false), &l, 1);
    assert!(maneuvers(&ev).contains(&("W".into(), "G-AOA-001")));
    assert_eq!(
        after.fighter(W).stance,
        Stance::AllOutAttack,
        "no defense after it"
    );
    let (after, ev) = run_steps(waiting_all_out(true), &l, 1);
    assert!(maneuvers(&ev).contains(&("W".into(), "G-MATK-001")));
    assert_eq!(after.fighter(W).stance, Stance::Normal);
}

fn spearman() -> String {
    sheet(
        12,
        12,
        10,
        12,
        "skills = { Spear = 14 }\nweapons = [\"Spear\"]",
    )
}

fn stop_thrust(step: Option<Step>) -> Action {
    Action::Wait(Wait {
        trigger: Trigger::StopThrust,
        response: Response::Attack {
            weapon: 0,
            mode: 0,
            location: Aim::default(),
            all_out: None,
        },
        step,
    })
}

// rule: G-STP-001, G-STP-002
#[test]
fn a_stop_thrust_meets_a_charge_with_extra_damage() {
    // W steps to (0,0) and sets the spear (reach 2). M (in mail) comes on
    // three hexes: at (0,2) the spear takes it: 10 to hit, M dodges and
    // fails (16), thr 1d-1, +2 for the spear, +1 for three hexes toward W:
    // 1d+2 rolls 7 impaling, DR 4, x2 = 6 injury.
    let mailed = format!("{}\narmor = [\"Mail\"]", swordsman(11, 13));
    let s = setup_with(&spearman(), 0, -1, &mailed, 5);
    let l = log(
        vec![
            ("W", stop_thrust(step_to(0, 0))),
            ("M", move_along(&[(0, 4), (0, 3), (0, 2)])),
        ],
        &[10, 16, 7],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (after, ev) = run_steps(s, &l, 2);
    assert!(
        notes(&ev)
            .iter()
            .any(|(t, r)| t.contains("Stop Thrust: +1") && *r == "G-STP-002")
    );
    let d = damage(&ev);
    assert_eq!(roll(&ev, "damage").dice, "1d6+2");
    assert_eq!((d[0].2, d[0].4), (7, 6), "{d:?}");
    assert_eq!(after.fighter(M).hp, 6);
}

// rule: G-STP-001
#[test]
fn a_stop_thrust_needs_a_thrusting_weapon() {
    let s = setup_with(&swordsman(12, 14), 0, 0, &swordsman(11, 13), 5);
    let swing = stop_thrust(None);
    let err = fray_gurps::rules::maneuver::check(&s, W, &swing).unwrap_err();
    assert_eq!(err.rule, "G-STP-001", "{err}");
    let thrust = Action::Wait(Wait {
        trigger: Trigger::StopThrust,
        response: Response::Attack {
            weapon: 0,
            mode: 1,
            location: Aim::default(),
            all_out: None,
        },
        step: None,
    });
    assert!(fray_gurps::rules::maneuver::check(&s, W, &thrust).is_ok());
}

fn archer() -> String {
    sheet(10, 12, 10, 12, "skills = { Bow = 14 }\nweapons = [\"Bow\"]")
}

fn watch(hexes: &[(i32, i32)], line: bool) -> Action {
    Action::Wait(Wait {
        trigger: Trigger::Enters {
            hexes: hexes.iter().map(|&(q, r)| hex(q, r)).collect(),
            line,
        },
        response: Response::Attack {
            weapon: 0,
            mode: 0,
            location: Aim::default(),
            all_out: None,
        },
        step: None,
    })
}

// rule: G-RNG-005
#[test]
fn opportunity_fire_takes_a_penalty_for_the_area_watched() {
    // Three hexes: -2. M walks into (0,6): the arrow flies (a miss, 16).
    let s = setup_with(&archer(), 0, 0, &swordsman(11, 13), 8);
    let l = log(
        vec![
            ("W", watch(&[(0, 4), (0, 5), (0, 6)], false)),
            ("M", move_along(&[(0, 7), (0, 6), (0, 5)])),
        ],
        &[16],
        vec![],
    );
    let (_, ev) = run_steps(s, &l, 2);
    let shot = roll(&ev, "attack");
    assert_eq!(modifier(shot, "watching an area"), Some(-2));
    assert!(first_roll(&ev, "attack") < moved_into(&ev, "M", hex(0, 5)));
    // The area penalty by size.
    use fray_gurps::rules::wait::watch_penalty;
    let table: Vec<i32> = [1, 2, 3, 4, 5, 6, 7, 10, 11, 40]
        .iter()
        .map(|&n| watch_penalty(n, false))
        .collect();
    assert_eq!(table, [0, -1, -2, -2, -3, -3, -4, -4, -5, -5]);
    assert_eq!(watch_penalty(9, true), -2);
    // A "line" must be straight.
    let s = setup_with(&archer(), 0, 0, &swordsman(11, 13), 8);
    let bent = watch(&[(0, 4), (1, 4), (0, 6)], true);
    assert!(fray_gurps::rules::maneuver::check(&s, W, &bent).is_err());
    assert!(
        fray_gurps::rules::maneuver::check(&s, W, &watch(&[(0, 4), (0, 5), (0, 6)], true)).is_ok()
    );
}

// rule: G-RNG-006
#[test]
fn watching_one_hex_counts_as_aiming() {
    // W watches (0,5) for two turns; M steps in on the second: Acc 2 + 1.
    let s = setup_with(&archer(), 0, 0, &swordsman(11, 13), 7);
    let l = log(
        vec![
            ("W", watch(&[(0, 5)], false)),
            ("M", Action::DoNothing),
            ("W", watch(&[(0, 5)], false)),
            ("M", move_along(&[(0, 6), (0, 5)])),
        ],
        &[16],
        vec![],
    );
    let (_, ev) = run_steps(s, &l, 4);
    let shot = roll(&ev, "attack");
    assert_eq!(modifier(shot, "Aim"), Some(3));
    assert_eq!(modifier(shot, "watching an area"), None);
}

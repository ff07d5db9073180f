//! Tactical movement: costs in movement points and the final facing.
//! Costs from `fray_gurps::rules::movement::reach` are in half points.

use crate::common::*;
use fray_core::grid::{Facing, HexPos};
use fray_gurps::model::action::{Action, Step};
use fray_gurps::model::state::{Posture, State};
use fray_gurps::setup::setup;

/// A (Move 6) at the origin facing north; B far away.
fn open(extra: &str) -> State {
    on("", extra)
}

fn on(terrain: &str, extra: &str) -> State {
    let a = sheet(
        12,
        12,
        10,
        12,
        &format!("skills = {{ Broadsword = 14 }}\nweapons = [\"Broadsword\"]\n{extra}"),
    );
    let sc = scenario_on(
        terrain,
        "",
        &[
            fighter("A", "a", 0, 0, "n", &a),
            fighter("B", "b", 6, 0, "s", &swordsman(11, 13)),
        ],
    );
    setup(&sc, &armory()).unwrap()
}

fn mv(q: i32, r: i32, face: Option<Facing>) -> Action {
    Action::Move {
        to: HexPos::new(q, r),
        face,
        path: Default::default(),
        posture: None,
    }
}

// rule: G-TAC-004
#[test]
fn forward_moves_cost_one_point_and_turn_with_the_path() {
    let s = open("");
    let reach = fray_gurps::rules::movement::reach(&s, A, 6);
    assert_eq!(reach.cost_to(HexPos::new(1, -1), Facing::Ne), Some(2));
    assert_eq!(reach.cost_to(HexPos::new(-1, 0), Facing::Nw), Some(2));
    let (pose, hexes) =
        fray_gurps::rules::movement::plan_move(&s, A, HexPos::new(1, -1), None, &[]).unwrap();
    assert_eq!(
        (pose.pos, pose.facing, hexes),
        (HexPos::new(1, -1), Facing::Ne, 1)
    );
}

// rule: G-TAC-005
#[test]
fn sidesteps_and_backward_moves_cost_two_and_keep_facing() {
    let s = open("");
    let reach = fray_gurps::rules::movement::reach(&s, A, 6);
    assert_eq!(reach.cost_to(HexPos::new(0, 1), Facing::N), Some(4));
    assert_eq!(reach.cost_to(HexPos::new(1, 0), Facing::N), Some(4));
    let (pose, _) =
        fray_gurps::rules::movement::plan_move(&s, A, HexPos::new(0, 1), None, &[]).unwrap();
    assert_eq!(pose.facing, Facing::N);
    // With Move 1, a backward step is out of reach.
    let slow = open("basic_move = 1");
    assert!(
        fray_gurps::rules::movement::plan_move(&slow, A, HexPos::new(0, 1), None, &[]).is_err()
    );
    assert!(
        fray_gurps::rules::movement::plan_move(&slow, A, HexPos::new(0, -1), None, &[]).is_ok()
    );
}

// rule: G-TAC-006
#[test]
fn each_hexside_turned_costs_one_point() {
    let s = open("");
    let reach = fray_gurps::rules::movement::reach(&s, A, 6);
    assert_eq!(reach.cost_to(HexPos::new(0, 0), Facing::Ne), Some(2));
    assert_eq!(reach.cost_to(HexPos::new(0, 0), Facing::S), Some(6));
}

// rule: G-TAC-007
#[test]
fn terrain_and_posture_add_to_the_cost_of_each_hex() {
    let t = "[[map.terrain]]\nterrain = \"obstruction\"\nhexes = [{ q = 0, r = -1 }]\n[[map.terrain]]\nterrain = \"gentle_slope\"\nhexes = [{ q = 1, r = -1 }]\n[[map.terrain]]\nterrain = \"wall\"\nhexes = [{ q = -1, r = 0 }]";
    let s = on(t, "");
    let reach = fray_gurps::rules::movement::reach(&s, A, 6);
    assert_eq!(reach.cost_to(HexPos::new(0, -1), Facing::N), Some(4));
    assert_eq!(reach.cost_to(HexPos::new(1, -1), Facing::Ne), Some(3));
    assert_eq!(reach.cost_to(HexPos::new(-1, 0), Facing::Nw), None);
    // Crouching +1/2, kneeling +2 per hex.
    let mut s = open("");
    s.fighters[0].posture = Posture::Crouching;
    assert_eq!(
        fray_gurps::rules::movement::reach(&s, A, 6).cost_to(HexPos::new(0, -1), Facing::N),
        Some(3)
    );
    s.fighters[0].posture = Posture::Kneeling;
    assert_eq!(
        fray_gurps::rules::movement::reach(&s, A, 6).cost_to(HexPos::new(0, -1), Facing::N),
        Some(6)
    );
    // Lying: one hex per turn, whatever the Move.
    s.fighters[0].posture = Posture::Lying;
    assert!(fray_gurps::rules::movement::plan_move(&s, A, HexPos::new(0, -2), None, &[]).is_err());
    assert_eq!(
        fray_gurps::rules::movement::plan_move(&s, A, HexPos::new(0, -1), None, &[])
            .unwrap()
            .1,
        1
    );
}

// rule: G-TAC-008
#[test]
fn any_final_facing_with_half_the_points_left_else_one_hexside() {
    let s = open("basic_move = 4");
    // 2 of 4 points used: any facing, even one that turning would not pay for.
    assert!(fray_gurps::rules::maneuver::check(&s, A, &mv(0, -2, Some(Facing::S))).is_ok());
    // 3 of 4 used: one hexside at most.
    let err = fray_gurps::rules::maneuver::check(&s, A, &mv(0, -3, Some(Facing::Se))).unwrap_err();
    assert_eq!(err.rule, "G-TAC-008", "{err}");
    assert!(fray_gurps::rules::maneuver::check(&s, A, &mv(0, -3, Some(Facing::Ne))).is_ok());
    let l = log(vec![("A", mv(0, -2, Some(Facing::S)))], &[], vec![]);
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(s.fighter(A).pose.pos, HexPos::new(0, -2));
    assert_eq!(s.fighter(A).facing(), Facing::S);
}

// rule: G-TAC-003, G-AOD-003
#[test]
fn a_step_turns_to_any_facing_for_free() {
    let s = open("");
    let turn = Action::AllOutDefense {
        variant: fray_gurps::model::action::DefenseVariant::Double,
        step: Some(Step {
            to: Some(HexPos::new(0, 1)),
            face: Some(Facing::S),
            after: false,
            posture: None,
        }),
        path: Vec::new(),
    };
    let l = log(vec![("A", turn)], &[], vec![]);
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(s.fighter(A).pose.pos, HexPos::new(0, 1));
    assert_eq!(s.fighter(A).facing(), Facing::S);
    assert_eq!(s.fighter(A).moved, 1);
}

// rule: G-TAC-001
#[test]
fn melee_attacks_go_to_the_front_arc_only() {
    // B stands right beside A (side arc): no attack until A turns.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 1, 0, "nw", &swordsman(11, 13)),
        ],
    );
    let err = fray_gurps::rules::maneuver::check(&s, A, &attack(B)).unwrap_err();
    assert!(err.reason.contains("front arc"), "{err}");
    let turned = Action::Attack {
        strike: strike(B),
        step: Some(Step {
            to: None,
            face: Some(Facing::Se),
            after: false,
            posture: None,
        }),
        extra: None,
        giant_step: None,
    };
    assert!(fray_gurps::rules::maneuver::check(&s, A, &turned).is_ok());
}

// rule: G-FAT-001, G-EXT-028
#[test]
fn below_a_third_of_fp_move_and_dodge_halve_and_half_move_rounds_up() {
    let mut s = open("basic_move = 5");
    assert_eq!(s.fighter(A).current_move(), 5);
    // Half of Move 5 is 3 for All-Out Attack.
    assert!(fray_gurps::rules::maneuver::advance_pose(&s, A, 3).is_ok());
    assert!(fray_gurps::rules::maneuver::advance_pose(&s, A, 4).is_err());
    s.fighters[0].fp = 3; // FP 12: 3 is below 4
    assert_eq!(s.fighter(A).current_move(), 3);
    let inc = fray_gurps::rules::defense::Incoming::melee(&s, B, A);
    // Dodge 9 halves to 5; B stands in A's side arc: -2.
    let o = fray_gurps::rules::defense::options(&s, &inc, None);
    assert_eq!(o[0].value, 3);
}

fn along(q: i32, r: i32, route: &[(i32, i32)]) -> Action {
    Action::Move {
        to: HexPos::new(q, r),
        face: None,
        path: route.iter().map(|&(q, r)| HexPos::new(q, r)).collect(),
        posture: None,
    }
}

// rule: G-MOV-001, G-TAC-004, G-TAC-005
#[test]
fn a_declared_route_is_priced_hex_by_hex() {
    let s = open("basic_move = 4");
    // Straight north: 3 points.
    let straight = along(0, -3, &[(0, -1), (0, -2), (0, -3)]);
    assert!(fray_gurps::rules::maneuver::check(&s, A, &straight).is_ok());
    // A dog-leg to the same hex through (1,-1) costs more but fits Move 4.
    let detour = along(0, -3, &[(1, -1), (1, -2), (0, -2), (0, -3)]);
    assert!(fray_gurps::rules::maneuver::check(&s, A, &detour).is_ok());
    let l = log(vec![("A", detour)], &[], vec![]);
    let (after, _) = run_steps(s.clone(), &l, 1);
    assert_eq!(after.fighter(A).pose.pos, HexPos::new(0, -3));
    assert_eq!(after.fighter(A).moved, 4);
    // Three hexes back: turning two hexsides first and walking forward
    // (2 + 3 points) beats three backward steps (6), but Move 4 is short.
    let back = along(0, 3, &[(0, 1), (0, 2), (0, 3)]);
    let err = fray_gurps::rules::maneuver::check(&s, A, &back).unwrap_err();
    assert!(err.reason.contains("costs 5 movement points"), "{err}");
}

#[test]
fn a_route_must_join_up_end_at_the_goal_and_avoid_walls() {
    let s = open("");
    let gap = along(0, -3, &[(0, -1), (0, -3)]);
    let err = fray_gurps::rules::maneuver::check(&s, A, &gap).unwrap_err();
    assert!(
        err.reason.contains("path hex 2 (q 0, r -3) is not next"),
        "{err}"
    );
    let wrong_end = along(0, -3, &[(0, -1), (0, -2)]);
    assert!(
        fray_gurps::rules::maneuver::check(&s, A, &wrong_end)
            .unwrap_err()
            .reason
            .contains("must end at")
    );
    // A wall cannot be entered.
    let walled = on(
        "[[map.terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = -2 }]",
        "",
    );
    let through = along(0, -3, &[(0, -1), (0, -2), (0, -3)]);
    let err = fray_gurps::rules::maneuver::check(&walled, A, &through).unwrap_err();
    assert!(err.reason.contains("cannot be entered"), "{err}");
}

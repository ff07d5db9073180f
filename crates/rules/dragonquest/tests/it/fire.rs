//! Ranged attacks (DQ-16-001..005, DQ-00-010, DQ-00-014) and weapons
//! lodging in their targets (DQ-20-008..010).

use crate::common::*;
use fray_core::grid::HexPos;
use fray_core::{InputLog, RollInput, SideId};
use fray_dragonquest::DragonQuest;
use fray_dragonquest::model::action::{Action, Activity, Answer};
use fray_dragonquest::rules::actions::check;

const BOW: (&str, &str) = ("weapons", "[{ id = \"long_bow\", rank = 2 }]");

/// Step 1 goes to A's side ([9, 1]) which acts first; then `rolls`.
fn shoot(actions: Vec<(&str, Action)>, rolls: &[i32]) -> InputLog<DragonQuest> {
    shoot_with(actions, rolls, vec![])
}

/// The same, with more answers after the side's choice.
fn shoot_with(
    actions: Vec<(&str, Action)>,
    rolls: &[i32],
    more: Vec<Answer>,
) -> InputLog<DragonQuest> {
    let mut r = vec![RollInput::Faces(vec![9, 1])];
    r.extend(rolls.iter().map(|&t| RollInput::Total(t)));
    InputLog::scripted(actions, r, [vec![Answer::Side(SideId(0))], more].concat())
}

#[test]
fn fire_strikes_the_target_and_a_class_a_missile_lodges() {
    // rule: DQ-16-001, DQ-20-008, DQ-00-002
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 3, "n", &[BOW]),
            fighter("B", "b", 0, -2, "s", &[]),
        ],
    );
    let l = shoot(vec![("A", Action::fire(B))], &[40, 1]);
    let (s, ev) = run_steps(s, &l, 1);
    // 55 + 15 + 8 - 15 = 63.
    assert_eq!(roll(&ev, "strike").target, Some(63), "{}", narrate(&ev));
    assert_eq!(s.fig(B).ft, 15);
    assert_eq!(s.fig(B).status.lodged.len(), 1);
    assert_eq!(fray_dragonquest::rules::values::mod_ag(s.fig(B)), 12);
}

#[test]
fn dq_20_008_a_fifth_missile_lodges_beside_four_and_costs_its_modag_too() {
    // rule: DQ-20-008, DQ-00-002
    let mut s = state(
        "",
        &[
            fighter("A", "a", 0, 3, "n", &[BOW]),
            fighter("B", "b", 0, -2, "s", &[]),
        ],
    );
    for _ in 0..4 {
        s.figures[1].status.lodged.push((0, 3));
    }
    assert_eq!(fray_dragonquest::rules::values::mod_ag(s.fig(B)), 3);
    let l = shoot(vec![("A", Action::fire(B))], &[40, 1]);
    let (s, ev) = run_steps(s, &l, 1);
    assert!(
        narrate(&ev).contains("has a missile lodged in it"),
        "{}",
        narrate(&ev)
    );
    assert_eq!(s.fig(B).status.lodged.len(), 5);
    assert_eq!(fray_dragonquest::rules::values::mod_ag(s.fig(B)), 0);
}

#[test]
fn figures_on_the_line_are_strike_checked_first_and_the_first_hit_stops_it() {
    // rule: DQ-16-004
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 3, "n", &[BOW]),
            fighter("B", "b", 0, -2, "s", &[]),
            fighter("C", "a", 0, 1, "n", &[]),
        ],
    );
    // C (a friend in the way) is missed (90), B is hit (40).
    // Side a has two figures to act in step 3: it picks A first.
    let first = vec![Answer::Figure(A)];
    let l = shoot_with(vec![("A", Action::fire(B))], &[90, 40, 1], first.clone());
    let (s2, ev) = run_some(s.clone(), &l, 1);
    assert!(happened(&ev, "line of fire"));
    assert_eq!(s2.fig(B).ft, 15);
    assert_eq!(s2.fig(C).ft, 20);
    // C hit (40): the missile stops there.
    let l = shoot_with(vec![("A", Action::fire(B))], &[40, 1], first);
    let (s3, _) = run_some(s, &l, 1);
    assert_eq!(s3.fig(C).ft, 15);
    assert_eq!(s3.fig(B).ft, 20);
}

#[test]
fn a_missile_that_misses_flies_on_to_one_and_a_half_times_its_range() {
    // rule: DQ-16-002
    let s = state(
        "",
        &[
            fighter(
                "A",
                "a",
                0,
                3,
                "n",
                &[("weapons", "[{ id = \"dagger\", rank = 2 }]")],
            ),
            fighter("B", "b", 0, -2, "s", &[]),
            fighter("C", "b", 0, -6, "s", &[]),
        ],
    );
    // Dagger range 8: out to 12 hexes; C is 9 away, behind B.
    let l = shoot(vec![("A", Action::fire(B))], &[90, 40, 1]);
    let (s, ev) = run_some(s, &l, 1);
    assert_eq!(s.fig(C).ft, 20 - 1, "D10 1 + 0: {}", narrate(&ev));
    // The thrown dagger left the hand.
    assert_eq!(s.fig(A).main, None);
}

#[test]
fn no_line_of_fire_outside_the_ranged_zone_or_through_obscuring_hexes_spends_the_action() {
    // rule: DQ-16-001, DQ-16-003, DQ-16-005, DQ-00-014
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 3, "s", &[BOW]),
            fighter("B", "b", 0, -2, "s", &[]),
        ],
    );
    let l = shoot(vec![("A", Action::fire(B))], &[]);
    let (_, ev) = run_some(s, &l, 1);
    assert!(happened(&ev, "no line of fire"), "{}", narrate(&ev));
    let s = state(
        "\n[[map.terrain]]\nterrain = \"obscuring\"\nhexes = [{ q = 0, r = 0 }]",
        &[
            fighter("A", "a", 0, 3, "n", &[BOW]),
            fighter("B", "b", 0, -2, "s", &[]),
        ],
    );
    let l = shoot(vec![("A", Action::fire(B))], &[]);
    let (_, ev) = run_some(s, &l, 1);
    assert!(happened(&ev, "no line of fire"));
    // The target's own hex may be obscured.
    let s = state(
        "\n[[map.terrain]]\nterrain = \"obscuring\"\nhexes = [{ q = 0, r = -2 }]",
        &[
            fighter("A", "a", 0, 3, "n", &[BOW]),
            fighter("B", "b", 0, -2, "s", &[]),
        ],
    );
    let l = shoot(vec![("A", Action::fire(B))], &[90]);
    let (_, ev) = run_some(s, &l, 1);
    assert_eq!(roll(&ev, "strike").label, "strike");
    assert_eq!(modifier(roll(&ev, "strike"), "obscured target"), None);
}

#[test]
fn an_obscured_target_takes_the_options_modifier() {
    // rule: DQ-16-003
    let s = state(
        "obscured_target_sc_mod = -10\n[[map.terrain]]\nterrain = \"obscuring\"\nhexes = [{ q = 0, r = -2 }]",
        &[
            fighter("A", "a", 0, 3, "n", &[BOW]),
            fighter("B", "b", 0, -2, "s", &[]),
        ],
    );
    let l = shoot(vec![("A", Action::fire(B))], &[90]);
    let (_, ev) = run_some(s, &l, 1);
    assert_eq!(modifier(roll(&ev, "strike"), "obscured target"), Some(-10));
}

#[test]
fn shots_beyond_range_are_refused() {
    // rule: DQ-00-010
    let s = state(
        "",
        &[
            fighter(
                "A",
                "a",
                0,
                5,
                "n",
                &[("weapons", "[{ id = \"net\", rank = 1 }]")],
            ),
            fighter("B", "b", 0, -2, "s", &[]),
        ],
    );
    assert_eq!(
        check(&s, A, &Action::fire(B)).unwrap_err().rule,
        "DQ-00-010"
    );
}

#[test]
fn pulling_out_a_lodged_weapon_is_a_pass_and_a_pole_weapon_hurts() {
    // rule: DQ-20-009, DQ-20-010
    let s = state(
        "",
        &[
            fighter(
                "A",
                "a",
                0,
                3,
                "n",
                &[("weapons", "[{ id = \"spear\", rank = 2 }]")],
            ),
            fighter("B", "b", 0, -2, "s", &[]),
        ],
    );
    let l = shoot(vec![("A", Action::fire(B))], &[40, 1]);
    let (mut s, _) = run_some(s, &l, 1);
    assert_eq!(
        fray_dragonquest::rules::values::mod_ag(s.fig(B)),
        10,
        "a lodged pole weapon: -5"
    );
    let pull = Action::Pass {
        activity: Activity::PullOut,
        to: None,
        facing: None,
    };
    assert!(check(&s, B, &pull).is_ok());
    s.seq.slot = None;
    let l = log(vec![("B", pull)], &[5], vec![]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "removal damage").rule, "DQ-20-010");
    assert!(s.fig(B).status.lodged.is_empty());
    // 5 - 2 = 3 FT, ignoring armor.
    assert_eq!(s.fig(B).ft, 20 - 4 - 3);
    let _ = HexPos::new(0, 0);
}

#[test]
fn a_friend_may_pull_out_a_lodged_weapon_and_a_barbed_one_hurts() {
    // rule: DQ-20-010
    let mut s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &[]),
            fighter("B", "a", 1, 0, "n", &[]),
            fighter("C", "b", -6, 6, "n", &[]),
        ],
    );
    s.fig_mut(B)
        .status
        .lodged
        .push((fray_dragonquest::state::LODGED_BARBED, 3));
    let from = |c: fray_core::CombatantId| Action::Pass {
        activity: Activity::PullOutFrom(c.0),
        to: None,
        facing: None,
    };
    assert!(check(&s, A, &from(B)).is_ok());
    // Not from a foe, nor from a figure with nothing lodged.
    assert!(check(&s, C, &from(B)).is_err());
    assert!(check(&s, B, &from(A)).is_err());
    // Step 1 to side a, A first; removal damage D10 7 - 4 = 3 FT.
    let mut l = log(
        vec![("A", from(B))],
        &[],
        vec![Answer::Side(SideId(0)), Answer::Figure(A)],
    );
    l.loose.rolls = vec![RollInput::Faces(vec![9, 1]), RollInput::Total(7)];
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(
        modifier(roll(&ev, "removal damage"), "barbed weapon"),
        Some(-4)
    );
    assert!(s.fig(B).status.lodged.is_empty());
    assert_eq!(s.fig(B).ft, 20 - 3);
}

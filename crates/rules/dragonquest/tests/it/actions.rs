//! What a figure may declare (DQ-13, DQ-14, DQ-15): refusals by rule ID,
//! and the movement allowances.

use crate::common::*;
use fray_core::Engine;
use fray_core::grid::{Facing, HexPos};
use fray_dragonquest::model::action::{Action, Activity, Answer, AttackKind};
use fray_dragonquest::model::state::{Hold, Posture, State};
use fray_dragonquest::rules::actions::{self, check};
use fray_dragonquest::rules::{movement, values};

fn rule_of(r: Result<(), fray_core::Illegal>) -> &'static str {
    r.expect_err("refused").rule
}

fn h(q: i32, r: i32) -> HexPos {
    HexPos::new(q, r)
}

#[test]
fn engaged_figures_choose_engaged_actions_only() {
    // rule: DQ-13-001, DQ-00-020
    let s = duel(&[], &[]);
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Move {
                to: h(0, 2),
                facing: None
            }
        )),
        "DQ-13-001"
    );
    assert_eq!(rule_of(check(&s, A, &Action::fire(B))), "DQ-13-001");
    assert_eq!(rule_of(check(&s, A, &Action::Retreat)), "DQ-14-011");
    assert!(check(&s, A, &attack(B)).is_ok());
    assert!(
        check(
            &s,
            A,
            &Action::Evade {
                to: None,
                facing: None
            }
        )
        .is_ok()
    );
    assert!(check(&s, A, &Action::PASS).is_ok());
    assert!(check(&s, A, &Action::Close { target: B }).is_ok());
}

#[test]
fn close_combat_allows_grapple_pass_and_withdraw_only() {
    // rule: DQ-13-019
    let mut s = duel(&[], &[]);
    s.figures[0].status.close = true;
    s.figures[1].status.close = true;
    s.figures[0].pos = h(0, -1);
    assert_eq!(rule_of(check(&s, A, &attack(B))), "DQ-13-019");
    assert!(
        check(
            &s,
            A,
            &Action::Grapple {
                target: B,
                restrain: false
            }
        )
        .is_ok()
    );
    assert!(
        check(
            &s,
            A,
            &Action::Withdraw {
                to: h(0, 0),
                posture: None,
                strike: None
            }
        )
        .is_ok()
    );
}

#[test]
fn melee_attack_inside_the_zone_may_shift_one_hex_within_it() {
    // rule: DQ-13-002
    let s = duel(&[], &[]);
    // B (0,-1) facing south: its zone is (-1,0), (0,0), (1,-1).
    assert!(
        check(
            &s,
            A,
            &Action::Attack {
                target: B,
                kind: AttackKind::Normal,
                from: Some(h(1, -1))
            }
        )
        .is_ok()
    );
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Attack {
                target: B,
                kind: AttackKind::Normal,
                from: Some(h(1, 0))
            }
        )),
        "DQ-13-002"
    );
}

#[test]
fn melee_attack_from_outside_the_zone_moves_half_tmr_without_turning_first() {
    // rule: DQ-13-003
    // B at (0,-1) faces north: A behind it at (0,1) facing north, 2 hexes away.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 1, "n", &[]),
            fighter("B", "b", 0, -1, "n", &[]),
        ],
    );
    assert!(
        check(
            &s,
            A,
            &Action::Attack {
                target: B,
                kind: AttackKind::Normal,
                from: Some(h(0, 0))
            }
        )
        .is_ok()
    );
    // Facing south-east, the step does not bring B into A's zone.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 1, "se", &[]),
            fighter("B", "b", 0, -1, "n", &[]),
        ],
    );
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Attack {
                target: B,
                kind: AttackKind::Normal,
                from: Some(h(0, 0))
            }
        )),
        "DQ-13-003"
    );
}

#[test]
fn evading_in_a_zone_moves_one_hex_within_it_with_one_facing_change() {
    // rule: DQ-13-004, DQ-13-005, DQ-14-010
    let s = duel(&[], &[]);
    assert!(
        check(
            &s,
            A,
            &Action::Evade {
                to: Some(h(1, -1)),
                facing: Some(Facing::Ne)
            }
        )
        .is_ok()
    );
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Evade {
                to: Some(h(0, 1)),
                facing: None
            }
        )),
        "DQ-13-004"
    );
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Evade {
                to: Some(h(1, -1)),
                facing: Some(Facing::Se)
            }
        )),
        "DQ-13-005"
    );
    // Not in a foe's zone: ½ TMR (6 -> 3).
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "s", &[]),
            fighter("B", "b", 0, -1, "n", &[]),
        ],
    );
    assert!(
        check(
            &s,
            A,
            &Action::Evade {
                to: Some(h(0, 3)),
                facing: None
            }
        )
        .is_ok()
    );
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Evade {
                to: Some(h(0, 4)),
                facing: None
            }
        )),
        "DQ-13-005"
    );
}

#[test]
fn withdrawing_from_mutual_zones_steps_into_a_rear_hex_with_a_posture() {
    // rule: DQ-13-006, DQ-13-007, DQ-13-008, DQ-00-013
    let s = duel(&[], &[]);
    // A faces north: rear hexes are (1,0), (0,1), (-1,1).
    let off = Action::Withdraw {
        to: h(0, 1),
        posture: Some(Posture::Offensive),
        strike: Some(B),
    };
    assert!(check(&s, A, &off).is_ok());
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Withdraw {
                to: h(-1, 0),
                posture: Some(Posture::Offensive),
                strike: None
            }
        )),
        "DQ-13-006"
    );
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Withdraw {
                to: h(0, 1),
                posture: None,
                strike: None
            }
        )),
        "DQ-13-006"
    );
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Withdraw {
                to: h(0, 1),
                posture: Some(Posture::Defensive),
                strike: None
            }
        )),
        "DQ-13-008"
    );
    // Offensive: the strike at -20, then the step.
    let l = log(vec![("A", off)], &[90], vec![Answer::First(true)]);
    let (s2, ev) = run_steps(s, &l, 1);
    assert_eq!(
        modifier(roll(&ev, "strike"), "offensive withdraw"),
        Some(-20)
    );
    assert_eq!(s2.fig(A).pos, h(0, 1));
    // Defensive with a shield: +20 Defense.
    let s = duel(&[("shield", "\"buckler\"")], &[]);
    let def = Action::Withdraw {
        to: h(0, 1),
        posture: Some(Posture::Defensive),
        strike: None,
    };
    let l = log(vec![("A", def)], &[], vec![Answer::First(true)]);
    let (s, _) = run_steps(s, &l, 1);
    assert!(s.fig(A).status.defensive);
    let d = values::defense(&s, s.fig(A), values::Quarter::Front);
    assert_eq!(d.posture, 20);
}

#[test]
fn withdrawing_when_the_foe_is_not_in_the_zone_is_a_normal_move() {
    // rule: DQ-13-009
    // A faces away from B; B's zone holds A: A may move its full TMR.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "s", &[]),
            fighter("B", "b", 0, -1, "s", &[]),
        ],
    );
    assert!(
        check(
            &s,
            A,
            &Action::Withdraw {
                to: h(0, 5),
                posture: None,
                strike: None
            }
        )
        .is_ok()
    );
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Withdraw {
                to: h(0, 5),
                posture: Some(Posture::Offensive),
                strike: None
            }
        )),
        "DQ-13-009"
    );
}

#[test]
fn pass_moves_one_hex_in_a_zone_two_elsewhere() {
    // rule: DQ-13-010, DQ-13-011, DQ-13-012, DQ-14-014
    let s = duel(&[], &[]);
    assert_eq!(actions::pass_allowance(&s, A), 1);
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "s", &[]),
            fighter("B", "b", 0, -1, "s", &[]),
        ],
    );
    // A is in B's zone: one hex.
    assert_eq!(actions::pass_allowance(&s, A), 1);
    // B is engaged but outside A's zone: two hexes.
    assert_eq!(actions::pass_allowance(&s, B), 2);
    let s = state(
        "",
        &[
            fighter("A", "a", -5, 0, "s", &[]),
            fighter("B", "b", 5, 0, "s", &[]),
        ],
    );
    assert_eq!(actions::pass_allowance(&s, A), 2);
    let p = |q, r| Action::Pass {
        activity: Activity::None,
        to: Some(h(q, r)),
        facing: None,
    };
    assert!(check(&s, A, &p(-5, 2)).is_ok());
    assert_eq!(rule_of(check(&s, A, &p(-5, 3))), "DQ-14-014");
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Pass {
                activity: Activity::StandUp,
                to: None,
                facing: None
            }
        )),
        "DQ-00-017"
    );
}

#[test]
fn movement_costs_tmr_per_hex_stops_in_a_foes_zone_and_always_allows_one_hex() {
    // rule: DQ-14-001, DQ-14-002, DQ-14-003, DQ-14-004
    let s = state(
        "",
        &[
            fighter("A", "a", -4, 0, "se", &[]),
            fighter("B", "b", 4, 0, "nw", &[]),
        ],
    );
    assert!(
        check(
            &s,
            A,
            &Action::Move {
                to: h(2, 0),
                facing: Some(Facing::N)
            }
        )
        .is_ok()
    );
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Move {
                to: h(3, -1),
                facing: None
            }
        )),
        "DQ-14-001"
    );
    // B's zone (facing nw): (3,0), (4,-1), (3,1). Entering (3,0) stops A,
    // so (3,-1) beyond it is out of reach even within TMR.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "se", &[]),
            fighter("B", "b", 4, 0, "nw", &[("tmr", "9")]),
        ],
    );
    let reach = movement::reach(&s, A, 9, false);
    assert!(reach.iter().any(|r| r.head == h(3, 0)));
    assert!(!reach.iter().any(|r| r.head == h(4, 1) && r.steps <= 5));
    // A TMR of 0 still moves one hex.
    let s = state(
        "",
        &[
            fighter("A", "a", -4, 0, "se", &[("tmr", "0")]),
            fighter("B", "b", 4, 0, "nw", &[]),
        ],
    );
    assert!(
        check(
            &s,
            A,
            &Action::Move {
                to: h(-3, 0),
                facing: None
            }
        )
        .is_ok()
    );
}

#[test]
fn rough_terrain_costs_more() {
    // rule: DQ-14-001
    let s = state(
        "\n[[map.terrain]]\nterrain = \"rough\"\nvalue = 2\nhexes = [{ q = -3, r = 0 }]",
        &[
            fighter("A", "a", -4, 0, "se", &[("tmr", "2")]),
            fighter("B", "b", 4, 0, "nw", &[]),
        ],
    );
    assert_eq!(movement::enter_cost(&s, h(-3, 0)), 3);
    assert_eq!(movement::enter_cost(&s, h(-3, 1)), 1);
}

#[test]
fn crawling_is_a_quarter_tmr_and_prone_figures_only_pass_or_crawl() {
    // rule: DQ-14-006, DQ-00-017
    assert_eq!(values::crawl(9), 2);
    assert_eq!(values::crawl(3), 1);
    let mut s = state(
        "",
        &[
            fighter("A", "a", -4, 0, "se", &[("tmr", "8")]),
            fighter("B", "b", 4, 0, "nw", &[]),
        ],
    );
    s.figures[0].status.prone = true;
    assert!(
        check(
            &s,
            A,
            &Action::Move {
                to: h(-2, 0),
                facing: None
            }
        )
        .is_ok()
    );
    assert!(
        check(
            &s,
            A,
            &Action::Move {
                to: h(-1, 0),
                facing: None
            }
        )
        .is_err()
    );
    assert_eq!(rule_of(check(&s, A, &Action::Retreat)), "DQ-00-017");
}

#[test]
fn charges_move_half_tmr_or_full_with_a_pole_weapon() {
    // rule: DQ-14-007, DQ-14-008, DQ-14-015
    let s = state(
        "",
        &[
            fighter("A", "a", -4, 0, "se", &[]),
            fighter("B", "b", 0, 0, "nw", &[]),
        ],
    );
    assert_eq!(actions::charge_allowance(&s, A), 3);
    assert!(
        check(
            &s,
            A,
            &Action::Charge {
                target: B,
                to: h(-1, 0),
                kind: AttackKind::Normal
            }
        )
        .is_ok()
    );
    let s = state(
        "",
        &[
            fighter(
                "A",
                "a",
                -6,
                0,
                "se",
                &[("weapons", "[{ id = \"spear\", rank = 1 }]")],
            ),
            fighter("B", "b", 0, 0, "nw", &[]),
        ],
    );
    assert_eq!(actions::charge_allowance(&s, A), 6);
    assert!(
        check(
            &s,
            A,
            &Action::Charge {
                target: B,
                to: h(-1, 0),
                kind: AttackKind::Normal
            }
        )
        .is_ok()
    );
    assert_eq!(values::half(5, true), 2);
    assert_eq!(values::half(1, true), 1);
}

#[test]
fn charge_and_close_moves_half_tmr_without_facing_changes() {
    // rule: DQ-14-009
    let s = state(
        "",
        &[
            fighter("A", "a", -3, 0, "se", &[]),
            fighter("B", "b", 0, 0, "nw", &[]),
        ],
    );
    // Facing se, A reaches (-1,0) with B at its front-right... B at (0,0) is
    // the se neighbour of (-1,0): in the zone.
    assert!(
        check(
            &s,
            A,
            &Action::ChargeAndClose {
                target: B,
                to: h(-1, 0)
            }
        )
        .is_ok()
    );
    let s = state(
        "",
        &[
            fighter("A", "a", -3, 0, "n", &[]),
            fighter("B", "b", 0, 0, "nw", &[]),
        ],
    );
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::ChargeAndClose {
                target: B,
                to: h(-1, 0)
            }
        )),
        "DQ-14-009"
    );
}

#[test]
fn retreat_steps_two_hexes_straight_back() {
    // rule: DQ-14-011
    let s = state(
        "",
        &[
            fighter("A", "a", -4, 0, "n", &[]),
            fighter("B", "b", 4, 0, "nw", &[]),
        ],
    );
    let l = log(vec![("A", Action::Retreat)], &[], vec![]);
    let mut s2 = s.clone();
    s2.seq.winner = None;
    let _ = s2;
    // Step 1 rolls the roll-off (both free): A's side wins and goes first.
    let l2 = fray_core::InputLog {
        loose: fray_core::StepInputs {
            actions: l.loose.actions,
            rolls: vec![fray_core::RollInput::Faces(vec![9, 1])],
            answers: vec![Answer::Side(fray_core::SideId(0))],
        },
        steps: vec![],
    };
    let (s, _) = run_steps(s, &l2, 1);
    assert_eq!(s.fig(A).pos, h(-4, 2));
    assert_eq!(s.fig(A).facing(), Facing::N);
}

#[test]
fn firing_allows_no_move_except_a_loaded_crossbow() {
    // rule: DQ-14-012, DQ-14-013
    let s = state(
        "",
        &[
            fighter(
                "A",
                "a",
                -4,
                0,
                "se",
                &[("weapons", "[{ id = \"crossbow\", rank = 1 }]")],
            ),
            fighter("B", "b", 4, 0, "nw", &[]),
        ],
    );
    assert!(check(&s, A, &Action::fire(B)).is_ok());
    let mut s2 = s.clone();
    s2.figures[0].weapons[0].loaded = false;
    assert_eq!(rule_of(check(&s2, A, &Action::fire(B))), "DQ-14-013");
    assert!(
        check(
            &s2,
            A,
            &Action::Pass {
                activity: Activity::Reload,
                to: None,
                facing: None
            }
        )
        .is_ok()
    );
}

#[test]
fn low_and_high_agility_adjust_tmr_per_action() {
    // rule: DQ-15-001, DQ-15-002
    let s = state(
        "",
        &[
            fighter("A", "a", -4, 0, "se", &[("ag", "8")]),
            fighter("B", "b", 4, 0, "nw", &[("ag", "23")]),
        ],
    );
    use fray_dragonquest::rules::values::MoveKind;
    assert_eq!(values::ag_tmr_mod(s.fig(A), MoveKind::Attack, false), -1);
    assert_eq!(
        values::ag_tmr_mod(s.fig(A), MoveKind::PoleCharge, false),
        -1
    );
    assert_eq!(values::ag_tmr_mod(s.fig(A), MoveKind::Withdraw, false), 0);
    assert_eq!(values::ag_tmr_mod(s.fig(B), MoveKind::Withdraw, false), 1);
    assert_eq!(values::ag_tmr_mod(s.fig(B), MoveKind::PoleCharge, false), 0);
    assert_eq!(actions::tmr_for(&s, B, MoveKind::Evade), 7);
}

#[test]
fn a_stunned_figure_may_only_recover() {
    // rule: DQ-15-004
    let mut s = duel(&[], &[]);
    s.figures[0].status.stunned = true;
    assert_eq!(rule_of(check(&s, A, &attack(B))), "DQ-15-004");
    assert!(check(&s, A, &Action::Recover).is_ok());
    let s = duel(&[], &[]);
    assert_eq!(rule_of(check(&s, A, &Action::Recover)), "DQ-19-006");
}

#[test]
fn legal_menus_hold_only_actions_the_check_accepts() {
    // rule: DQ-00-020

    let s = duel(&[], &[]);
    let menu = fray_dragonquest::DragonQuest::legal_actions(&s, A);
    assert!(menu.contains(&attack(B)));
    assert!(menu.iter().all(|a| check(&s, A, a).is_ok()));
    assert!(!menu.iter().any(|a| matches!(a, Action::Move { .. })));
}

#[test]
fn a_jump_costs_a_tmr_per_five_feet_and_a_bad_landing_leaves_the_jumper_prone() {
    // rule: DQ-14-005
    let s = state(
        "",
        &[
            fighter("A", "a", -4, 0, "n", &[]),
            fighter("B", "b", 5, 0, "nw", &[]),
        ],
    );
    assert!(check(&s, A, &Action::Jump { to: h(-4, -3) }).is_ok());
    assert_eq!(
        rule_of(check(&s, A, &Action::Jump { to: h(-4, -7) })),
        "DQ-14-005"
    );
    let l = fray_core::InputLog {
        loose: fray_core::StepInputs {
            actions: vec![fray_core::inputs::ScriptedAction {
                actor: "A".into(),
                action: Action::Jump { to: h(-4, -3) },
            }],
            rolls: vec![
                fray_core::RollInput::Faces(vec![9, 1]),
                fray_core::RollInput::Total(46),
            ],
            answers: vec![Answer::Side(fray_core::SideId(0))],
        },
        steps: vec![],
    };
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "land the jump").target, Some(45));
    assert_eq!(s.fig(A).pos, h(-4, -3));
    assert!(s.fig(A).status.prone);
}

#[test]
fn a_loaded_crossbow_may_move_two_hexes_with_the_shot() {
    // rule: DQ-14-013, DQ-14-012
    let xbow = ("weapons", "[{ id = \"crossbow\", rank = 1 }]");
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 4, "n", &[xbow]),
            fighter("B", "b", 0, -4, "s", &[]),
        ],
    );
    let shot = |step: (i32, i32), after| Action::Fire {
        target: B,
        step: Some(h(step.0, step.1)),
        after,
    };
    assert!(check(&s, A, &shot((0, 2), false)).is_ok());
    assert_eq!(rule_of(check(&s, A, &shot((0, 1), false))), "DQ-14-013");
    let bow = ("weapons", "[{ id = \"long_bow\", rank = 1 }]");
    let s2 = state(
        "",
        &[
            fighter("A", "a", 0, 4, "n", &[bow]),
            fighter("B", "b", 0, -4, "s", &[]),
        ],
    );
    assert_eq!(rule_of(check(&s2, A, &shot((0, 3), false))), "DQ-14-012");
    let l = fray_core::InputLog {
        loose: fray_core::StepInputs {
            actions: vec![fray_core::inputs::ScriptedAction {
                actor: "A".into(),
                action: shot((0, 2), true),
            }],
            rolls: vec![
                fray_core::RollInput::Faces(vec![9, 1]),
                fray_core::RollInput::Total(95),
            ],
            answers: vec![Answer::Side(fray_core::SideId(0))],
        },
        steps: vec![],
    };
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(s.fig(A).pos, h(0, 2));
    assert!(!s.fig(A).weapons[0].loaded);
}

#[test]
fn half_tmr_rounds_down_or_to_the_nearest_hex() {
    // rule: DQ-14-015
    let opts = |text: &str| -> fray_dragonquest::model::options::Options {
        toml::from_str(text).expect("options")
    };
    assert_eq!(values::half_of(&opts(""), 5), 2);
    assert_eq!(
        values::half_of(&opts("movement_rounding = \"nearest\""), 5),
        3
    );
    assert_eq!(
        values::half_of(&opts("movement_rounding = \"nearest\""), 4),
        2
    );
    assert_eq!(values::half_of(&opts("min_one_hex = false"), 1), 0);
    // A TMR-5 charge (no pole weapon) reaches 2 hexes, or 3 rounding to
    // the nearest.
    let five = [("tmr", "5")];
    let charge = Action::Charge {
        target: B,
        to: h(-1, 0),
        kind: AttackKind::Normal,
    };
    let down = state(
        "",
        &[
            fighter("A", "a", -4, 0, "se", &five),
            fighter("B", "b", 0, 0, "nw", &[]),
        ],
    );
    assert_eq!(actions::charge_allowance(&down, A), 2);
    assert!(check(&down, A, &charge).is_err());
    let nearest = state(
        "movement_rounding = \"nearest\"",
        &[
            fighter("A", "a", -4, 0, "se", &five),
            fighter("B", "b", 0, 0, "nw", &[]),
        ],
    );
    assert_eq!(actions::charge_allowance(&nearest, A), 3);
    assert!(check(&nearest, A, &charge).is_ok());
}

#[test]
fn a_facing_change_costs_tmr_when_the_option_says_so() {
    // rule: DQ-14-002
    let go = |facing| Action::Move {
        to: h(4, 0),
        facing: Some(facing),
    };
    let figs = || {
        [
            fighter("A", "a", 0, 0, "se", &[("tmr", "5")]),
            fighter("B", "b", -8, 8, "n", &[]),
        ]
    };
    // Free by default: 4 hexes and a half turn within TMR 5.
    let free = state("", &figs());
    assert!(check(&free, A, &go(fray_core::grid::Facing::Nw)).is_ok());
    // At 1 TMR per hexside: one side turned fits, three do not.
    let paid = state("facing_change_cost = 1", &figs());
    assert!(check(&paid, A, &go(fray_core::grid::Facing::S)).is_ok());
    let e = check(&paid, A, &go(fray_core::grid::Facing::Nw)).unwrap_err();
    assert_eq!(e.rule, "DQ-14-002");
}

/// Plays one Retreat of A (facing north at (-4, 0)) with its AG, the step-1
/// roll-off won by A's side.
fn retreat_with_ag(ag: &str) -> State {
    let s = state(
        "",
        &[
            fighter("A", "a", -4, 0, "n", &[("ag", ag)]),
            fighter("B", "b", 4, 0, "nw", &[]),
        ],
    );
    let l = fray_core::InputLog {
        loose: fray_core::StepInputs {
            actions: log(vec![("A", Action::Retreat)], &[], vec![]).loose.actions,
            rolls: vec![fray_core::RollInput::Faces(vec![9, 1])],
            answers: vec![Answer::Side(fray_core::SideId(0))],
        },
        steps: vec![],
    };
    run_steps(s, &l, 1).0
}

#[test]
fn retreat_takes_the_agility_adjustment_like_a_pass() {
    // rule: DQ-14-011, DQ-15-001, DQ-15-002
    // modAG 8 or less: 1 hex; 9 to 21: 2; 22 to 25: 3 (the fixed 2 adjusted
    // as a Pass's, decision `ag_tmr_mod_on_fixed_moves`).
    assert_eq!(retreat_with_ag("8").fig(A).pos, h(-4, 1));
    assert_eq!(retreat_with_ag("15").fig(A).pos, h(-4, 2));
    let s = retreat_with_ag("23");
    assert_eq!(s.fig(A).pos, h(-4, 3));
    assert_eq!(s.fig(A).facing(), Facing::N);
    assert_eq!(actions::retreat_steps(&s, A), 3);
    // modAG 26 or more gets no +1 (`very_high_ag_tmr_bonus` off).
    assert_eq!(retreat_with_ag("26").fig(A).pos, h(-4, 2));
}

#[test]
fn a_dropped_weapon_is_picked_up_from_its_hex_and_readied() {
    // rule: DQ-13-012, DQ-19-004
    // B (AG 20, first by IV) has dropped its broadsword in its hex.
    let mut s = duel(&[], &[("ag", "20")]);
    {
        let b = s.fig_mut(B);
        b.weapons[0].hold = Hold::Dropped;
        b.weapons[0].at = Some(h(0, -1));
        b.main = None;
    }
    let pick = |to: Option<HexPos>| Action::Pass {
        activity: Activity::PickUp(0),
        to,
        facing: None,
    };
    assert!(check(&s, B, &pick(None)).is_ok());
    // From another hex the Pass must move there first (1 hex in A's zone).
    let mut moved = s.clone();
    moved.fig_mut(B).pos = h(1, -2);
    moved.fig_mut(B).heading = fray_core::grid::Heading::Side(Facing::S);
    assert_eq!(rule_of(check(&moved, B, &pick(None))), "DQ-13-012");
    assert!(check(&moved, B, &pick(Some(h(0, -1)))).is_ok());
    // The menu offers the pick-up with its move.

    let menu = fray_dragonquest::DragonQuest::legal_actions(&moved, B);
    assert!(menu.contains(&pick(Some(h(0, -1)))));
    // Picked up, it is in hand at once: B Passes (first by IV), A Passes.
    let l = log(
        vec![("B", pick(None)), ("A", Action::PASS)],
        &[],
        vec![Answer::First(true)],
    );
    let (s, ev) = run_steps(s, &l, 2);
    assert!(happened(&ev, "picks up its broadsword"), "{}", narrate(&ev));
    assert_eq!(s.fig(B).main, Some(0));
    assert_eq!(s.fig(B).weapons[0].hold, Hold::Stowed);
    assert_eq!(s.fig(B).weapons[0].at, None);
}

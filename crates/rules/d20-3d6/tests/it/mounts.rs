//! Mounts (X-MAN-018, X-QCK-008..010): rider and mount linked, moving as
//! one, the mount's 2 actions in the rider's turn, the Ride check when
//! hit, the mounted +2, and falls.

use crate::common::*;
use fray_core::Next;
use fray_core::grid::SquarePos;
use fray_d20_3d6::model::action::{Action, Answer, Maneuver, Strike};
use fray_d20_3d6::model::data::parse_file;
use fray_d20_3d6::model::scenario::Scenario;
use fray_d20_3d6::model::state::{Condition, State};
use fray_d20_3d6::rules::attack::{Mode, Swing};
use fray_d20_3d6::setup::setup_with;

/// The mount the tests use: a Large horse (2x2 squares), Move 10,
/// Defense 11, a club for its hooves.
fn horse(name: &str) -> String {
    format!(
        "[combatants.mount]\nname = \"{name}\"\n[combatants.mount.sheet]\nsize = \"large\"\n\
         move_m = 10\nabilities = {{ str = 4, dex = 1, con = 3 }}\nbab = 3\n\
         saves = {{ fort = 7, ref = 5, will = 2 }}\nhp = {{ max = 30 }}\nproficient = [\"club\"]\n\
         [[combatants.mount.sheet.weapon]]\nname = \"club\"\n"
    )
}

/// A rides the horse (id C, after the two named) with its head square at
/// (5, 5), filling (5..=6, 5..=6); B stands at (7 + `dist`, 5), next to
/// the horse's space when `dist` is 0.
fn mounted(dist: i32, ride: i32) -> State {
    let rider = fighter(&["sword"], "shield = \"shield\"").replace(
        "first_aid = 1 }",
        &format!("first_aid = 1, ride = {ride} }}"),
    );
    state(
        "",
        &[
            format!("{}{}", entry("A", "a", 5, 5, &rider), horse("Horse")),
            entry(
                "B",
                "b",
                7 + dist,
                5,
                &fighter(&["sword"], "shield = \"shield\""),
            ),
        ],
    )
}

fn at(x: i32, y: i32) -> SquarePos {
    SquarePos::new(x, y)
}

/// Makes it A's turn with 3 actions and the horse's 2.
fn rider_turn(s: &mut State) {
    turn_of(s, A);
    s.turn.mount_actions = 2;
}

#[test]
fn setup_links_rider_and_mount_in_one_space_rule_x_dat_008_x_qck_008() {
    // rule: X-DAT-008, X-QCK-008
    let s = mounted(1, 0);
    assert_eq!(s.fighters.len(), 3);
    let (a, h) = (s.fighter(A), s.fighter(C));
    assert_eq!(&*h.name, "Horse");
    assert_eq!(a.steed, Some(C));
    assert!(a.mounted);
    assert_eq!(h.rider, Some(A));
    assert_eq!(h.side, a.side);
    assert_eq!((a.pos, a.edge()), (h.pos, 2));
    assert_eq!(s.riding(A), Some(C));
    assert_eq!(s.ridden_by(C), Some(A));
}

#[test]
fn bad_mounts_are_refused_where_they_are_written_rule_x_qck_008() {
    // rule: X-QCK-008, X-DAT-011
    let armory = parse_file("test", ARMORY).unwrap();
    let build = |mount: &str| {
        let text = format!(
            "ruleset = \"d20-3d6\"\nname = \"t\"\n[map]\nkind = \"square\"\nwidth = 30\nheight = 20\n{}{mount}\n{}",
            entry("A", "a", 5, 5, &fighter(&["sword"], "")),
            entry("B", "b", 12, 5, &fighter(&["sword"], "")),
        );
        let sc: Scenario = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        setup_with(&sc, &armory).map(|_| ())
    };
    assert!(build(&horse("Horse")).is_ok());
    // No larger than its rider.
    let pony = horse("Pony").replace("size = \"large\"", "size = \"medium\"");
    let e = build(&pony).unwrap_err();
    assert_eq!(e.path, "combatants[0].mount");
    // A name someone has.
    let e = build(&horse("B")).unwrap_err();
    assert_eq!(e.path, "combatants[0].mount.name");
    // An unknown template.
    let e = build("[combatants.mount]\nname = \"H\"\ntemplate = \"unicorn\"\n").unwrap_err();
    assert_eq!(e.path, "combatants[0].mount.template");
}

#[test]
fn the_rider_spends_the_mounts_two_actions_moving_as_one_rule_x_qck_008() {
    // rule: X-QCK-008, X-MOV-001
    let mut s = mounted(14, 0);
    rider_turn(&mut s);
    // The horse's Move is 10: a ride of 5 squares east, no normal action.
    act(&mut s, A, Action::Ride { to: at(10, 5) }, vec![], vec![]).unwrap();
    assert_eq!(s.fighter(C).pos, at(10, 5));
    assert_eq!(s.fighter(A).pos, at(10, 5));
    assert_eq!((s.turn.actions, s.turn.mount_actions), (3, 1));
    // Beyond the horse's Move in one ride: refused.
    assert_eq!(
        refused(&s, A, &Action::Ride { to: at(10, 16) }),
        Some("X-QCK-008")
    );
    act(&mut s, A, Action::Ride { to: at(15, 5) }, vec![], vec![]).unwrap();
    assert_eq!(s.fighter(A).pos, at(15, 5));
    // Its 2 actions are spent; the rider's own feet are not its to use.
    assert_eq!(
        refused(&s, A, &Action::Ride { to: at(16, 5) }),
        Some("X-QCK-008")
    );
    assert_eq!(
        refused(&s, A, &Action::Move { to: at(17, 5) }),
        Some("X-QCK-008")
    );
    // B (at 21, 5) is 5 m from the horse's space: nobody else may step in it.
    assert_eq!(
        refused(&s, B, &Action::Move { to: at(16, 6) }),
        Some("X-MOV-011")
    );
    assert_eq!(s.turn.actions, 3);
}

#[test]
fn mounts_follow_their_riders_initiative_with_no_turn_of_their_own_rule_x_qck_008() {
    // rule: X-QCK-008, X-SEQ-001
    let mut s = mounted(1, 0);
    // Two rollers (the horse rolls none): A's 4s less B's 2s.
    let (n, events) = next(&mut s, vec![f(&[4, 4, 4, 2, 2, 2])], vec![]);
    assert_eq!(n, Next::Act(A));
    assert_eq!(s.order, vec![A, C, B]);
    assert_eq!((s.turn.actions, s.turn.mount_actions), (3, 2));
    assert!(
        events
            .iter()
            .any(|e| e.to_string().contains("2 mount actions")),
        "{events:?}"
    );
    act(&mut s, A, Action::EndTurn, vec![], vec![]).unwrap();
    assert_eq!(s.turn.mount_actions, 0);
    // The horse's slot comes next but its actions went into A's turn.
    let (n, _) = next(&mut s, vec![], vec![]);
    assert_eq!(n, Next::Act(B));
}

#[test]
fn a_riderless_mount_acts_in_its_own_slot_with_two_actions_rule_x_qck_008() {
    // rule: X-QCK-008
    let mut s = mounted(1, 0);
    let (_, _) = next(&mut s, vec![f(&[4, 4, 4, 2, 2, 2])], vec![]);
    // A gets off before spending the horse's actions, then ends its turn.
    act(&mut s, A, Action::Dismount { to: at(4, 4) }, vec![], vec![]).unwrap();
    act(&mut s, A, Action::EndTurn, vec![], vec![]).unwrap();
    let h = s.fighter(C);
    assert!(h.carried, "its actions went to A's turn this round");
    let (n, _) = next(&mut s, vec![], vec![]);
    assert_eq!(n, Next::Act(B));
    act(&mut s, B, Action::EndTurn, vec![], vec![]).unwrap();
    // Round 2: A's turn has no mount actions; the horse then has 2 of its own.
    let (n, _) = next(&mut s, vec![], vec![]);
    assert_eq!(n, Next::Act(A));
    assert_eq!(s.turn.mount_actions, 0);
    act(&mut s, A, Action::EndTurn, vec![], vec![]).unwrap();
    let (n, _) = next(&mut s, vec![], vec![]);
    assert_eq!(n, Next::Act(C));
    assert_eq!(s.turn.actions, 2);
}

#[test]
fn mounting_and_dismounting_cost_two_actions_rule_x_man_018() {
    // rule: X-MAN-018
    let mut s = mounted(4, 0);
    rider_turn(&mut s);
    // Off, into a free square beside the horse's space.
    assert_eq!(
        refused(&s, A, &Action::Dismount { to: at(9, 5) }),
        Some("X-MAN-018")
    );
    act(&mut s, A, Action::Dismount { to: at(4, 5) }, vec![], vec![]).unwrap();
    let a = s.fighter(A);
    assert!(!a.mounted && a.steed == Some(C));
    assert_eq!((a.pos, a.edge()), (at(4, 5), 1));
    assert!(!a.cond.has(Condition::Prone));
    assert_eq!((s.turn.actions, s.turn.mount_actions), (1, 0));
    assert_eq!(s.riding(A), None);
    // Back on: 2 actions, and only 1 is left.
    assert_eq!(refused(&s, A, &Action::Mount), Some("X-ACT-001"));
    rider_turn(&mut s);
    s.turn.mount_actions = 0;
    act(&mut s, A, Action::Mount, vec![], vec![]).unwrap();
    assert_eq!(s.turn.actions, 1);
    assert_eq!(s.riding(A), Some(C));
    assert_eq!((s.fighter(A).pos, s.fighter(A).edge()), (at(5, 5), 2));
    // Not from afar.
    act(&mut s, A, Action::EndTurn, vec![], vec![]).unwrap();
    rider_turn(&mut s);
    act(&mut s, A, Action::Dismount { to: at(4, 4) }, vec![], vec![]).unwrap();
    s.fighter_mut(A).pos = at(2, 2);
    rider_turn(&mut s);
    assert_eq!(refused(&s, A, &Action::Mount), Some("X-MAN-018"));
}

#[test]
fn a_hurt_rider_makes_a_ride_check_or_falls_prone_rule_x_qck_009() {
    // rule: X-QCK-009, X-FLW-001
    // B (at 7, 5) is next to the horse's space; it strikes A.
    let mut s = mounted(0, 4);
    turn_of(&mut s, B);
    let hit = Action::Attack(Strike::new(A, 0));
    // 5+5+5 + 10 = 25 against Defense 18: a hit; 1d8 = 3, +3 STR.
    // Ride: 5+5+2 + 4 = 16 against DC 15: it stays on.
    let ev = act(
        &mut s,
        B,
        hit.clone(),
        vec![f(&[5, 5, 5]), f(&[3]), f(&[5, 5, 2])],
        vec![],
    )
    .unwrap();
    assert_eq!(verdicts(&ev, "stay mounted"), vec!["success"]);
    assert_eq!(s.riding(A), Some(C));
    // Again: Ride 2+2+2 + 4 = 10: thrown, prone, in the first free square
    // beside the horse (north-west first).
    let ev = act(
        &mut s,
        B,
        hit,
        vec![f(&[5, 5, 5]), f(&[3]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert_eq!(verdicts(&ev, "stay mounted"), vec!["failure"]);
    let a = s.fighter(A);
    assert_eq!(s.riding(A), None);
    assert!(a.cond.has(Condition::Prone));
    assert_eq!((a.pos, a.edge()), (at(4, 4), 1));
    // A miss asks for nothing.
    let mut s = mounted(0, 4);
    turn_of(&mut s, B);
    act(
        &mut s,
        B,
        Action::Attack(Strike::new(A, 0)),
        vec![f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert_eq!(s.riding(A), Some(C));
}

#[test]
fn a_rider_falls_when_its_mount_goes_down_rule_x_man_018() {
    // rule: X-MAN-018, X-LIF-002
    let mut s = mounted(0, 4);
    s.fighter_mut(C).hp = 1;
    turn_of(&mut s, B);
    // B cuts the horse down (Defense 11): 2+2+2 + 10, 1d8 = 3 + 3.
    act(
        &mut s,
        B,
        Action::Attack(Strike::new(C, 0)),
        vec![f(&[2, 2, 2]), f(&[3])],
        vec![],
    )
    .unwrap();
    assert!(!s.fighter(C).able());
    assert_eq!(s.riding(A), None);
    assert!(s.fighter(A).cond.has(Condition::Prone));
    assert_eq!(s.fighter(A).pos, at(4, 4));
}

#[test]
fn a_rider_gets_two_against_smaller_foes_on_foot_rule_x_qck_010() {
    // rule: X-QCK-010, X-SIT-002
    let s = mounted(0, 0);
    let sw = |_: &State| Swing {
        attacker: A,
        mode: Mode::Single,
        strike: Strike::new(B, 0),
    };
    let (mounted_bonus, _, _) = fray_d20_3d6::ai::totals(&s, &sw(&s));
    let mut on_foot = s.clone();
    on_foot.fighter_mut(A).mounted = false;
    on_foot.fighter_mut(A).space = 1;
    on_foot.fighter_mut(A).pos = at(6, 5);
    let (foot_bonus, _, _) = fray_d20_3d6::ai::totals(&on_foot, &sw(&on_foot));
    assert_eq!(mounted_bonus - foot_bonus, 2);
    // Not against a Large foe (no smaller than the horse).
    let mut big = s.clone();
    big.fighters[B.index()].stats = std::sync::Arc::new(fray_d20_3d6::model::state::Stats {
        size: fray_d20_3d6::model::sheet::Size::Large,
        ..(*big.fighter(B).stats).clone()
    });
    let (big_bonus, _, _) = fray_d20_3d6::ai::totals(&big, &sw(&big));
    assert_eq!(big_bonus, foot_bonus);
    assert!(fray_d20_3d6::rules::attack::mounted_over(&s, A, B));
}

#[test]
fn mounted_riders_are_neither_tripped_nor_pushed_but_their_mounts_are_rule_x_qck_008() {
    // rule: X-QCK-008, X-SPM-005, X-MAN-018
    let mut s = mounted(0, 0);
    turn_of(&mut s, B);
    for kind in [Maneuver::Trip, Maneuver::BullRush, Maneuver::Overrun] {
        assert_eq!(
            refused(&s, B, &Action::Maneuver { kind, target: A }),
            Some("X-QCK-008")
        );
    }
    // Trip the horse: Athletics 7 + 5+5+5 - 2 against its Fort 7 + STR 4 + 2+2+2.
    act(
        &mut s,
        B,
        Action::Maneuver {
            kind: Maneuver::Trip,
            target: C,
        },
        // B is a size smaller: one penalty die (X-SPM-007).
        vec![f(&[5, 5, 5, 2]), f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert!(s.fighter(C).cond.has(Condition::Prone));
    assert_eq!(s.riding(A), None);
    assert!(s.fighter(A).cond.has(Condition::Prone));
}

#[test]
fn the_mount_provokes_as_it_carries_its_rider_away_rule_x_qck_008_x_act_007() {
    // rule: X-QCK-008, X-ACT-007
    let mut s = mounted(0, 0);
    rider_turn(&mut s);
    // B threatens the horse; riding away offers B a free attack on the
    // horse, the mover. Declined, nothing is rolled.
    act(
        &mut s,
        A,
        Action::Ride { to: at(1, 5) },
        vec![],
        vec![Answer::Decline],
    )
    .unwrap();
    assert_eq!(s.fighter(B).record.opportunity, 0);
    // Taken: three 1s miss the horse (X-ATK-008), and they ride on.
    let mut s = mounted(0, 0);
    rider_turn(&mut s);
    act(
        &mut s,
        A,
        Action::Ride { to: at(1, 5) },
        vec![f(&[1, 1, 1])],
        vec![Answer::Strike { weapon: 0 }],
    )
    .unwrap();
    assert_eq!(s.fighter(B).record.opportunity, 1);
    assert_eq!(s.fighter(A).pos, at(1, 5));
}

#[test]
fn the_ai_rides_in_then_strikes_rule_x_qck_008() {
    // rule: X-QCK-008
    let mut s = mounted(12, 0);
    rider_turn(&mut s);
    let a = fray_d20_3d6::ai::action(&s, A);
    assert!(matches!(a, Action::Ride { .. }), "{a:?}");
    act(&mut s, A, a, vec![], vec![]).unwrap();
    let a = fray_d20_3d6::ai::action(&s, A);
    assert!(matches!(a, Action::Ride { .. }), "{a:?}");
    act(&mut s, A, a, vec![], vec![]).unwrap();
    let a = fray_d20_3d6::ai::action(&s, A);
    assert!(matches!(a, Action::Attack(_)), "{a:?}");
}

//! The pulse sequence (DQ-12), surprise (DQ-11) and the action
//! restrictions that shape a slot (DQ-15).

use crate::common::*;
use fray_core::Engine;
use fray_core::grid::HexPos;
use fray_core::{CombatantId, InputLog, RollInput, SideId};
use fray_dragonquest::DragonQuest;
use fray_dragonquest::model::action::{Action, Answer};
use fray_dragonquest::rules::{initiative, values, zones};

fn log_faces(
    actions: Vec<(&str, Action)>,
    rolls: Vec<RollInput>,
    answers: Vec<Answer>,
) -> InputLog<DragonQuest> {
    InputLog::scripted(actions, rolls, answers)
}

fn mv(q: i32, r: i32) -> Action {
    Action::Move {
        to: HexPos::new(q, r),
        facing: None,
    }
}

#[test]
fn the_pulse_is_five_seconds_and_counts_up() {
    // rule: DQ-12-002, DQ-00-019, DQ-00-016
    let s = duel(&[], &[]);
    let l = log(
        vec![("A", attack(B)), ("B", attack(A)), ("A", attack(B))],
        &[90, 90, 90],
        vec![Answer::First(true), Answer::First(true)],
    );
    let (s, _) = run_steps(s, &l, 3);
    assert_eq!(s.pulse, 2);
}

#[test]
fn non_engaged_initiative_is_a_leaders_roll_off_and_the_winner_picks_the_side() {
    // rule: DQ-12-001, DQ-12-003
    // A (PC 10, Military Scientist 2) and B (PC 12) far apart: 10 + 12 vs
    // 12 + 10 ... A rolls 3 (+12 = 15), B rolls 2 (+12 = 14): A's side wins
    // and lets B's side go first.
    let s = state(
        "",
        &[
            fighter("A", "a", -5, 0, "se", &[("military_scientist", "2")]),
            fighter("B", "b", 5, 0, "nw", &[("pc", "12")]),
        ],
    );
    let l = log_faces(
        vec![("B", mv(4, 0)), ("A", mv(-4, 0))],
        vec![RollInput::Faces(vec![3, 2])],
        vec![Answer::Side(SideId(1))],
    );
    let (_, ev) = run_steps(s, &l, 2);
    assert_eq!(
        roll(&ev, "side initiative").verdict,
        "first side wins",
        "{}",
        narrate(&ev)
    );
}

#[test]
fn a_stunned_or_engaged_leader_is_replaced_by_the_highest_pc_without_military_scientist() {
    // rule: DQ-12-004
    let mut s = state(
        "",
        &[
            fighter(
                "A",
                "a",
                -5,
                0,
                "se",
                &[("military_scientist", "3"), ("pc", "15")],
            ),
            fighter("A2", "a", -5, 2, "se", &[("pc", "11")]),
            fighter("B", "b", 5, 0, "nw", &[]),
        ],
    );
    let side = SideId(0);
    let leader = initiative::leader(&s, side);
    assert_eq!(leader, Some(A));
    assert_eq!(
        initiative::side_roller(&s, side, leader, |id| zones::engaged(&s, id)),
        Some((A, 18))
    );
    s.figures[0].status.stunned = true;
    assert_eq!(
        initiative::side_roller(&s, side, leader, |id| zones::engaged(&s, id)),
        Some((B, 11))
    );
    s.figures[1].status.stunned = true;
    assert_eq!(
        initiative::side_roller(&s, side, leader, |id| zones::engaged(&s, id)),
        None
    );
}

#[test]
fn iv_is_modag_plus_pc_plus_rank_and_the_top_figure_may_go_last() {
    // rule: DQ-12-005, DQ-12-006
    let s = duel(&[], &[]);
    assert_eq!(values::iv(s.fig(A)), 16 + 10 + 2);
    assert_eq!(values::iv(s.fig(B)), 15 + 10 + 2);
    // A chooses to act last: B strikes first.
    let l = log(
        vec![("B", attack(A)), ("A", attack(B))],
        &[90, 90],
        vec![Answer::First(false)],
    );
    let (_, ev) = run_steps(s, &l, 2);
    let strikers: Vec<_> = rolls(&ev)
        .iter()
        .filter(|r| r.label == "strike")
        .map(|r| r.roller.clone())
        .collect();
    assert_eq!(strikers, [Some("B".to_string()), Some("A".to_string())]);
}

#[test]
fn iv_ties_go_to_modag_then_a_d10_roll_off() {
    // rule: DQ-12-006
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &[]),
            fighter("B", "b", 0, -1, "s", &[]),
        ],
    );
    // Equal IV and modAG: the roll-off puts B (party 1) first.
    let l = log_faces(
        vec![("B", attack(A))],
        vec![RollInput::Faces(vec![2, 7]), RollInput::Total(90)],
        vec![Answer::First(true)],
    );
    let (_, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "IV tie").rule, "DQ-12-006");
}

#[test]
fn dq_12_006_ten_figures_tied_on_iv_roll_a_d10_each_and_equal_rolls_roll_again() {
    // rule: DQ-12-006
    // Two rows of five, side a facing south over side b facing north: one
    // engagement of ten figures with the same IV and modAG.
    let mut figures = Vec::new();
    for (side, r, facing) in [("a", 0, "s"), ("b", 1, "n")] {
        for q in -2..=2 {
            let n = figures.len();
            figures.push(fighter(&format!("X{n}"), side, q, r, facing, &[]));
        }
    }
    let s = state("", &figures);
    // X0..X9 roll 3 9 9 1 5 2 8 6 4 7; X1 and X2 roll again: 2 and 7.
    let rolls: Vec<RollInput> = [3, 9, 9, 1, 5, 2, 8, 6, 4, 7, 2, 7, 90]
        .into_iter()
        .map(RollInput::Total)
        .collect();
    let l = log_faces(
        vec![("X2", attack(CombatantId(7)))],
        rolls,
        vec![Answer::First(true)],
    );
    let (_, ev) = run_steps(s, &l, 1);
    let text = narrate(&ev);
    let line = text
        .lines()
        .find(|l| l.contains("engagement order"))
        .unwrap_or_else(|| panic!("{text}"));
    let at = |n: usize| {
        line.find(&format!("X{n} "))
            .unwrap_or_else(|| panic!("{line}"))
    };
    let expected = [2, 1, 6, 9, 7, 4, 8, 0, 5, 3];
    assert!(expected.windows(2).all(|w| at(w[0]) < at(w[1])), "{line}");
    assert_eq!(text.matches("rolls IV tie").count(), 12, "{text}");
}

#[test]
fn stunned_figures_and_rear_hexes_reorder_an_engagement() {
    // rule: DQ-12-007, DQ-19-005
    // B in A's rear hex acts before A despite the lower IV.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &[("ag", "16")]),
            fighter("B", "b", 0, 1, "n", &[]),
        ],
    );
    let mut order = vec![A, B];
    initiative::constrain(&s, &mut order);
    assert_eq!(order, [B, A]);
    // A stunned figure goes to the bottom.
    let mut s = duel(&[], &[]);
    s.figures[0].status.stunned = true;
    let mut order = vec![A, B];
    initiative::constrain(&s, &mut order);
    assert_eq!(order, [B, A]);
}

/// Four figures in a ring, each standing in the rear hex of the next (A's
/// rear holds B, B's C, C's D, D's A), and `others` bystanders of side "a"
/// rows away: no order puts every rear-hex foe first.
fn rear_hex_ring(others: usize) -> fray_dragonquest::state::State {
    let mut figures = vec![
        fighter("A", "a", 0, 0, "s", &[]),
        fighter("B", "b", -1, 0, "ne", &[]),
        fighter("C", "a", -2, 1, "n", &[]),
        fighter("D", "b", -1, 1, "sw", &[]),
    ];
    let far = (-10..=10)
        .flat_map(|q| (3..=10).map(move |r| (q, r)))
        .filter(|&(q, r): &(i32, i32)| q.abs() + r.abs() + (q + r).abs() <= 20);
    for (i, (q, r)) in far.take(others).enumerate() {
        figures.push(fighter(&format!("X{i}"), "a", q, r, "n", &[]));
    }
    state("", &figures)
}

#[test]
fn dq_12_007_a_ring_of_rear_hex_foes_falls_back_to_iv_order_whatever_its_size() {
    // rule: DQ-12-007
    for others in [0, 62] {
        let s = rear_hex_ring(others);
        let ring = [A, B, C, CombatantId(3), A];
        for pair in ring.windows(2) {
            assert!(zones::in_rear(&s, pair[0], pair[1]), "{pair:?}");
            assert!(!zones::in_rear(&s, pair[1], pair[0]), "{pair:?}");
        }
        let iv_order: Vec<CombatantId> = (0..4 + others).map(CombatantId::of_index).collect();
        let mut order = iv_order.clone();
        initiative::constrain(&s, &mut order);
        assert_eq!(order, iv_order, "{} figures", 4 + others);
    }
}

#[test]
fn engagements_are_adjacent_foes_with_one_in_the_others_melee_zone() {
    // rule: DQ-12-008, DQ-00-013
    use fray_dragonquest::rules::zones;
    let s = duel(&[], &[]);
    assert!(zones::engaged_pair(&s, A, B));
    // Back to back: adjacent but neither in the other's zone.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "s", &[]),
            fighter("B", "b", 0, -1, "n", &[]),
        ],
    );
    assert!(!zones::engaged_pair(&s, A, B));
    // An unconscious figure engages no one.
    let mut s = duel(&[], &[]);
    s.figures[1].life = fray_dragonquest::state::Life::Unconscious;
    assert!(!zones::engaged_pair(&s, A, B));
    let mut groups = fray_dragonquest::state::SeqList::new();
    zones::engagements(&duel(&[], &[]), &mut groups);
    assert_eq!(groups.as_slice(), [0, 0]);
}

#[test]
fn modag_26_takes_two_different_actions_in_its_slot() {
    // rule: DQ-15-003
    let s = duel(&[("ag", "26")], &[]);
    let evade = Action::Evade {
        to: None,
        facing: None,
    };
    let l = log(
        vec![("A", attack(B)), ("A", evade)],
        &[90],
        vec![Answer::First(true)],
    );
    let (s, _) = run_steps(s, &l, 2);
    assert!(s.fig(A).status.evading);
    // The same action twice is refused.
    let s = duel(&[("ag", "26")], &[]);
    let l = log(
        vec![("A", attack(B)), ("A", attack(B))],
        &[90],
        vec![Answer::First(true)],
    );
    let mut oracle = fray_core::InputOracle::strict(&l);
    let mut sink = fray_core::VecSink::default();
    let mut s = s;
    fray_core::engine::step::<DragonQuest, _, _>(&mut s, &mut oracle, &mut sink).unwrap();
    match fray_core::engine::step::<DragonQuest, _, _>(&mut s, &mut oracle, &mut sink) {
        Err(fray_core::Halt::Illegal(refused)) => assert_eq!(refused.why.rule, "DQ-15-003"),
        other => panic!("{other:?}"),
    }
}

/// DQ-15-003 (decision): the second action is optional. After a Pass, a
/// second Pass that moves is the same action twice and refused, but an
/// empty Pass declines the second action and ends the slot. The AI falls
/// back on that empty Pass when it finds nothing else to do (the fuzzer's
/// mounted knight of modAG 30, `fuzz/regressions/scenario/`, passed twice
/// and was refused).
#[test]
fn dq_15_003_an_empty_pass_declines_the_second_action_of_a_slot() {
    let step = Action::Pass {
        activity: fray_dragonquest::model::action::Activity::None,
        to: Some(fray_core::grid::HexPos::new(0, 1)),
        facing: None,
    };
    for (second, refused) in [(step.clone(), true), (Action::PASS, false)] {
        let mut s = duel(&[("ag", "26")], &[]);
        let l = log(
            vec![("A", Action::PASS), ("A", second)],
            &[],
            vec![Answer::First(true)],
        );
        let mut oracle = fray_core::InputOracle::strict(&l);
        let mut sink = fray_core::VecSink::default();
        fray_core::engine::step::<DragonQuest, _, _>(&mut s, &mut oracle, &mut sink).unwrap();
        let slot = s.seq.slot.expect("A's slot");
        assert_eq!(slot.left, 1, "a Pass leaves the second action");
        match fray_core::engine::step::<DragonQuest, _, _>(&mut s, &mut oracle, &mut sink) {
            Err(fray_core::Halt::Illegal(r)) => {
                assert!(refused, "{r:?}");
                assert_eq!(r.why.rule, "DQ-15-003");
            }
            Ok(_) => {
                assert!(!refused, "a Pass that moves, twice");
                assert!(
                    s.seq.slot.is_none_or(|t| t.who != A || t.left == 0),
                    "the empty Pass ends the slot"
                );
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn surprise_gives_the_advantaged_side_a_free_pulse() {
    // rule: DQ-11-001, DQ-11-004

    let sc = scenario_with(
        "surprise = \"a\"",
        "",
        &[
            fighter("A", "a", -3, 0, "se", &[]),
            fighter("B", "b", 3, 0, "nw", &[]),
        ],
    );
    let s = DragonQuest::setup(&sc).unwrap();
    assert!(s.fig(B).status.surprised);
    // Pulse 1: only A acts (no roll: B cannot act); pulse 2 both.
    let l = log_faces(
        vec![("A", mv(-1, 0)), ("A", mv(0, 0)), ("B", mv(1, 0))],
        vec![RollInput::Faces(vec![5, 2])],
        vec![Answer::Side(SideId(0))],
    );
    let (s, _) = run_steps(s, &l, 3);
    assert_eq!(s.pulse, 2);
    assert!(!s.fig(B).status.surprised);
}

#[test]
fn the_start_distance_is_checked_as_the_scenario_asks() {
    // rule: DQ-11-002, DQ-11-003

    let near = [
        fighter("A", "a", -2, 0, "se", &[]),
        fighter("B", "b", 2, 0, "nw", &[]),
    ];
    let text = |opt: &str, top: &str| {
        let mut sc = scenario_with(top, "", &near);
        sc.options.start_distance_check = match opt {
            "error" => fray_dragonquest::model::options::DistanceCheck::Error,
            _ => fray_dragonquest::model::options::DistanceCheck::Warn,
        };
        DragonQuest::setup(&sc)
    };
    assert!(text("error", "").is_err());
    assert!(text("warn", "").is_ok());
    assert!(text("error", "surprise = \"a\"").is_ok());
    let s = text("warn", "").unwrap();
    assert!(
        fray_dragonquest::setup::start_distance_problem(&s)
            .unwrap()
            .contains("DQ-11-002")
    );
}

#[test]
fn the_default_warning_is_shown_by_validate_and_by_the_fight() {
    // rule: DQ-11-002, DQ-11-003, DQ-11-004

    let near = [
        fighter("A", "a", -2, 0, "se", &[]),
        fighter("B", "b", 2, 0, "nw", &[]),
    ];
    let with = |opt: fray_dragonquest::model::options::DistanceCheck| {
        let mut sc = scenario_with("", "", &near);
        sc.options.start_distance_check = opt;
        sc
    };
    use fray_dragonquest::model::options::DistanceCheck;
    // `fray validate` prints `Engine::setup_warnings`.
    let w = DragonQuest::setup_warnings(&with(DistanceCheck::Warn));
    assert_eq!(w.len(), 1);
    assert!(w[0].message.contains("4 hexes apart"), "{}", w[0].message);
    assert!(w[0].message.contains("DQ-11-002"));
    assert!(DragonQuest::setup_warnings(&with(DistanceCheck::Off)).is_empty());
    let far = scenario_with(
        "",
        "",
        &[
            fighter("A", "a", -4, 0, "se", &[]),
            fighter("B", "b", 4, 0, "nw", &[]),
        ],
    );
    let mut far = far;
    far.options.start_distance_check = DistanceCheck::Warn;
    assert!(DragonQuest::setup_warnings(&far).is_empty());
    // The fight says it at the start of its first pulse (narration and JSON
    // are the same events).
    let s = DragonQuest::setup(&with(DistanceCheck::Warn)).unwrap();
    let l = log(
        vec![("A", Action::PASS)],
        &[],
        vec![Answer::Side(SideId(0))],
    );
    let mut l = l;
    l.loose.rolls = vec![RollInput::Faces(vec![9, 1])];
    let (_, ev) = run_some(s, &l, 1);
    let warning = ev.iter().find_map(|e| match e {
        fray_dragonquest::model::event::Event::Warning { text, rule } => Some((text, *rule)),
        _ => None,
    });
    let (text, rule) = warning.unwrap_or_else(|| panic!("no warning in\n{}", narrate(&ev)));
    assert_eq!(rule, "DQ-11-002");
    assert!(text.contains("4 hexes apart"));
    assert!(matches!(
        ev[0],
        fray_dragonquest::model::event::Event::Pulse { pulse: 1 }
    ));
    assert!(matches!(
        ev[1],
        fray_dragonquest::model::event::Event::Warning { .. }
    ));
    // With the check off, nothing is said.
    let s = DragonQuest::setup(&with(DistanceCheck::Off)).unwrap();
    let (_, ev) = run_some(s, &l, 1);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, fray_dragonquest::model::event::Event::Warning { .. }))
    );
}

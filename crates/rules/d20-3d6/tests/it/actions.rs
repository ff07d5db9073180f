//! The main actions and their order (X-ACT-004/005, X-MAN-011..013,
//! X-RNG-007, X-CON-005).

use crate::common::*;
use fray_core::grid::SquarePos;
use fray_d20_3d6::model::action::{Action, Strike};
use fray_d20_3d6::model::state::Condition;
use fray_d20_3d6::rules::legal::cost;

#[test]
fn free_actions_cost_nothing_rule_x_act_004() {
    // rule: X-ACT-004, X-MUL-005
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword", "kris"], "")),
            entry("B", "b", 6, 5, &fighter(&["sword"], "")),
        ],
    );
    s.fighter_mut(A).off = Some(1);
    turn_of(&mut s, A);
    assert_eq!(cost(&s, A, &Action::OffhandDefense), 0);
    act(&mut s, A, Action::OffhandDefense, vec![], vec![]).unwrap();
    assert_eq!(s.turn.actions, 3);
    assert!(s.fighter(A).offhand_defense);
}

#[test]
fn senseless_orders_are_refused_rule_x_act_005() {
    // rule: X-ACT-005, X-MAN-013
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["club", "sword"], "")),
            entry("B", "b", 6, 5, &fighter(&["sword"], "")),
        ],
    );
    turn_of(&mut s, A);
    // The sword is sheathed: no attack with it.
    assert_eq!(
        refused(&s, A, &Action::Attack(Strike::new(B, 1))),
        Some("X-ACT-005")
    );
    // Drawing costs an action, but is free after a move.
    assert_eq!(cost(&s, A, &Action::Sheathe { weapon: 0 }), 1);
    act(
        &mut s,
        A,
        Action::Disengage {
            to: SquarePos::new(4, 5),
        },
        vec![],
        vec![],
    )
    .unwrap();
    act(
        &mut s,
        A,
        Action::Move {
            to: SquarePos::new(4, 6),
        },
        vec![],
        vec![],
    )
    .unwrap();
    assert_eq!(cost(&s, A, &Action::Sheathe { weapon: 0 }), 0);
    act(&mut s, A, Action::Sheathe { weapon: 0 }, vec![], vec![]).unwrap();
    assert_eq!(
        cost(
            &s,
            A,
            &Action::Draw {
                weapon: 1,
                offhand: false
            }
        ),
        1
    );
}

#[test]
fn precise_strike_adds_a_plain_d4_rule_x_man_011() {
    // rule: X-MAN-011
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    // d4 = 3; 2+2+2 + 10 + 3 = 19.
    let ev = act(
        &mut s,
        A,
        Action::PreciseStrike(Strike::new(B, 0)),
        vec![t(3), f(&[2, 2, 2]), t(1)],
        vec![],
    )
    .unwrap();
    assert_eq!(rolls(&ev, "attack")[0].total, 19);
    assert_eq!(s.turn.actions, 1);
    assert_eq!(s.turn.attacks, 1);
}

#[test]
fn standing_up_rule_x_man_012() {
    // rule: X-MAN-012, X-ACT-002, X-ATK-011
    let mut s = duel(&["sword"], 1);
    s.fighter_mut(A).cond.set(Condition::Prone, true);
    turn_of(&mut s, A);
    // The Immediate: 5+5+0 + Acrobatics 2 = 12 vs DC 13, fails.
    act(
        &mut s,
        A,
        Action::StandUp { immediate: true },
        vec![f(&[5, 5, 1])],
        vec![],
    )
    .unwrap();
    assert!(s.fighter(A).cond.has(Condition::Prone));
    assert_eq!(s.fighter(A).immediates, 0);
    assert_eq!(
        refused(&s, A, &Action::StandUp { immediate: true }),
        Some("X-ACT-002")
    );
    // A normal action always works.
    act(
        &mut s,
        A,
        Action::StandUp { immediate: false },
        vec![],
        vec![],
    )
    .unwrap();
    assert!(!s.fighter(A).cond.has(Condition::Prone));
    assert_eq!(s.turn.actions, 2);
}

#[test]
fn a_fumbled_shot_into_melee_hits_someone_near_rule_x_rng_007() {
    // rule: X-RNG-007
    let mut s = state(
        "",
        &[
            entry("A", "a", 1, 5, &fighter(&["bow"], "")),
            entry("B", "b", 8, 5, &fighter(&["sword"], "")),
            entry("C", "a", 9, 5, &fighter(&["sword"], "")),
        ],
    );
    turn_of(&mut s, A);
    // Three 1s at an engaged target: C, the only one next to B, is hit for 1d8 + 0.
    let ev = act(
        &mut s,
        A,
        Action::Attack(Strike::new(B, 0)),
        vec![f(&[1, 1, 1]), t(5)],
        vec![],
    )
    .unwrap();
    assert_eq!(verdicts(&ev, "attack"), vec!["automatic miss"]);
    assert_eq!(s.fighter(C).hp, 42 - 5 - 2);
}

#[test]
fn confusion_rolls_a_d6_each_turn_rule_x_con_005() {
    // rule: X-CON-005
    let mut s = duel(&["sword"], 1);
    s.fighter_mut(A).cond.set(Condition::Confused, true);
    s.order = vec![B, A];
    s.round = 1;
    s.cursor = 1;
    // 2: A does nothing; the turn passes to the next round and B.
    let (n, _) = next(&mut s, vec![t(2)], vec![]);
    assert_eq!(n, fray_core::Next::Act(B));
    // 5: A attacks the nearest (B): 2+2+2 + 10 = 16, three times with -0/-5/-10.
    let mut s = duel(&["sword"], 1);
    s.fighter_mut(A).cond.set(Condition::Confused, true);
    s.order = vec![B, A];
    s.round = 1;
    s.cursor = 1;
    let (_, ev) = next(
        &mut s,
        vec![t(5), f(&[2, 2, 2]), f(&[2, 2, 2]), f(&[2, 2, 2])],
        vec![],
    );
    assert_eq!(verdicts(&ev, "attack"), vec!["miss", "miss", "miss"]);
}

#[test]
fn a_misspelt_field_is_refused_with_its_place_not_read_as_another_action_rule_x_act_005() {
    // rule: X-ACT-005, X-MAN-012, X-DAT-011 (issue 34: `imediate` was
    // dropped silently and the action taken as a Stand Up with a normal
    // action)
    use fray_core::scenario::SourceFile;
    use fray_d20_3d6::D20;
    let good = SourceFile::new(
        "inputs.toml",
        "actions = [\n  { actor = \"A\", action = { stand_up = { immediate = true } } },\n]\n",
    );
    let log = fray_core::run::load_inputs::<D20>(&good).expect("a good script");
    assert_eq!(
        log.loose.actions[0].action,
        Action::StandUp { immediate: true }
    );
    let bad = SourceFile::new(
        "inputs.toml",
        "actions = [\n  { actor = \"A\", action = { stand_up = { imediate = true } } },\n]\n",
    );
    let err = fray_core::run::load_inputs::<D20>(&bad)
        .expect_err("a misspelt field is refused")
        .to_string();
    assert!(err.contains("imediate"), "{err}");
    assert!(
        err.contains("immediate"),
        "names the field it expects: {err}"
    );
    assert!(err.contains("inputs.toml:2"), "says where: {err}");
    // The same in an action given alone (the table's typed actions, `fray odds --action`).
    for (text, bad) in [
        (
            "{ attack = { target = 1, weapon = 0, trust_to_lcuk = true } }",
            "trust_to_lcuk",
        ),
        ("{ move = { to = { x = 3, y = 4 }, run = true } }", "run"),
        ("{ draw = { weapon = 0, off_hand = true } }", "off_hand"),
    ] {
        let wrapped = format!("action = {text}");
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct One {
            action: Action,
        }
        let e = toml::from_str::<One>(&wrapped).expect_err(text).to_string();
        assert!(e.contains(bad), "{text}: {e}");
        assert!(e.contains("line 1, column"), "{text}: {e}");
    }
    // Answers too.
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Reply {
        answer: fray_d20_3d6::model::action::Answer,
    }
    let e = toml::from_str::<Reply>("answer = { strike = { weapon = 0, wepon = 1 } }")
        .expect_err("unknown field in an answer")
        .to_string();
    assert!(e.contains("wepon"), "{e}");
}

#[test]
fn x_rng_007_a_stray_shot_picks_among_everyone_near_however_many() {
    // rule: X-RNG-007
    // B is colossal (6 m) and twenty of A's friends stand round it.
    let mut entries = vec![
        entry("A", "a", 1, 5, &fighter(&["bow"], "")),
        entry("B", "b", 10, 5, &fighter(&["sword"], "size = \"colossal\"")),
    ];
    let ring = (9..=16)
        .flat_map(|x| (4..=11).map(move |y| (x, y)))
        .filter(|&(x, y)| x == 9 || x == 16 || y == 4 || y == 11);
    for (i, (x, y)) in ring.take(20).enumerate() {
        entries.push(entry(&format!("R{i}"), "a", x, y, &fighter(&["sword"], "")));
    }
    let mut s = state("", &entries);
    turn_of(&mut s, A);
    // Three 1s: astray, a d20 among the twenty: the last of them, R19.
    act(
        &mut s,
        A,
        Action::Attack(Strike::new(B, 0)),
        vec![f(&[1, 1, 1]), t(20), t(5)],
        vec![],
    )
    .unwrap();
    let hurt: Vec<usize> = (2..22).filter(|&i| s.fighters[i].hp < 42).collect();
    assert_eq!(hurt, [21]);
}

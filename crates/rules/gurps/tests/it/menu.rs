//! The table's menus (`fray play`): the maneuvers listed for a person and
//! how actions and answers are worded, with the names and values of the
//! fight.

use crate::common::*;
use fray_core::Engine;
use fray_core::TableView;

use fray_core::grid::HexPos;
use fray_gurps::Gurps;
use fray_gurps::model::action::{Action, Answer, DefenseOption, Dive, Question};
use fray_gurps::model::location::Location;
use fray_gurps::model::state::{DefenseKind, State};

/// A (Broadsword) two hexes from B: one step short of reach.
fn apart() -> State {
    state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -2, "s", &swordsman(12, 12)),
        ],
    )
}

// rule: G-TAC-003, G-MAA-001, G-MOV-001
#[test]
fn a_foe_out_of_reach_gets_a_move_toward_it_a_step_and_attack_and_a_move_and_attack() {
    let s = apart();
    let menu = Gurps::legal_actions(&s, A);
    let next_to_b = |to: HexPos| to.distance(HexPos::new(0, -2)) == 1;
    assert!(
        menu.iter()
            .any(|a| matches!(a, Action::Move { to, .. } if next_to_b(*to))),
        "{menu:?}"
    );
    assert!(
        menu.iter().any(|a| matches!(
            a,
            Action::Attack { step: Some(st), strike, .. }
                if st.to.is_some_and(next_to_b) && strike.target == B
        )),
        "{menu:?}"
    );
    assert!(
        menu.iter().any(
            |a| matches!(a, Action::MoveAndAttack(c) if next_to_b(c.to) && c.strike.target == B)
        ),
        "{menu:?}"
    );
    // Every entry is one the rules accept now, and a step is offered only
    // where the strike cannot reach without it.
    for a in &menu {
        assert!(Gurps::check_action(&s, A, a).is_ok(), "{a}");
        if let Action::Attack {
            strike,
            step: Some(_),
            ..
        } = a
        {
            let plain = Action::Attack {
                strike: *strike,
                step: None,
                extra: None,
                giant_step: None,
            };
            assert!(Gurps::check_action(&s, A, &plain).is_err(), "{a}");
        }
    }
    // Toe to toe there is nothing to approach: plain attacks only.
    let close = duel(&swordsman(12, 14), &swordsman(12, 12));
    let menu = Gurps::legal_actions(&close, A);
    assert!(
        !menu
            .iter()
            .any(|a| matches!(a, Action::Move { .. } | Action::MoveAndAttack(_)))
    );
    assert!(
        !menu
            .iter()
            .any(|a| matches!(a, Action::Attack { step: Some(_), .. }))
    );
}

// rule: G-TAC-003, G-MAA-001
#[test]
fn actions_read_with_names_weapons_modes_and_locations() {
    let s = apart();
    let words = |a: &Action| Gurps::describe_action(&s, A, a);
    let neck = Action::Attack {
        strike: strike_at(B, Location::Neck).with(0, 1),
        step: None,
        extra: None,
        giant_step: None,
    };
    assert_eq!(
        words(&neck),
        "Attack B with Broadsword (thrust) at the neck"
    );
    let menu = Gurps::legal_actions(&s, A);
    let stepped = menu
        .iter()
        .find(|a| matches!(a, Action::Attack { step: Some(_), .. }))
        .unwrap();
    assert!(words(stepped).starts_with("Step to "), "{}", words(stepped));
    assert!(
        words(stepped).ends_with(", then Attack B with Broadsword (swing)"),
        "{}",
        words(stepped)
    );
    let moved = menu
        .iter()
        .find(|a| matches!(a, Action::Move { .. }))
        .unwrap();
    assert!(words(moved).ends_with(", next to B"), "{}", words(moved));
    let feint = Action::Feint {
        target: B,
        weapon: 0,
        step: None,
    };
    assert_eq!(words(&feint), "Feint B with Broadsword");
}

fn question(s: &State) -> Question {
    let _ = s;
    Question::Defend {
        defender: B,
        attacker: A,
        attack: "A attacks B with Broadsword".into(),
        options: vec![
            DefenseOption {
                kind: DefenseKind::Dodge,
                weapon: None,
                value: 9,
                with_retreat: Some(12),
            },
            DefenseOption {
                kind: DefenseKind::Parry,
                weapon: Some(0),
                value: 10,
                with_retreat: Some(11),
            },
        ]
        .into(),
        second: false,
        extra_effort: true,
        ranged: true,
    }
}

fn answer(kind: DefenseKind, retreat: bool, feverish: bool, acrobatic: bool) -> Answer {
    Answer::Defend {
        kind,
        weapon: (kind == DefenseKind::Parry).then_some(0),
        retreat,
        feverish,
        acrobatic,
        dive: None,
    }
}

// rule: G-DEF-009, G-EFF-005, G-DEF-011, G-DEF-012
#[test]
fn each_defense_answer_shows_the_value_it_defends_at() {
    let s = apart();
    let q = question(&s);
    let words = |a: &Answer| Gurps::describe_answer(&s, &q, a);
    assert_eq!(
        words(&answer(DefenseKind::Dodge, false, false, false)),
        "Dodge: 9"
    );
    assert_eq!(
        words(&answer(DefenseKind::Dodge, true, false, false)),
        "Dodge and retreat: 12"
    );
    assert_eq!(
        words(&answer(DefenseKind::Parry, true, true, false)),
        "Parry with Broadsword and retreat, feverishly (1 FP): 13"
    );
    assert_eq!(
        words(&answer(DefenseKind::Dodge, false, false, true)),
        "Acrobatic Dodge: 11 if the Acrobatics roll succeeds, 7 if not"
    );
    let drop = Answer::Defend {
        kind: DefenseKind::Dodge,
        weapon: None,
        retreat: false,
        feverish: false,
        acrobatic: false,
        dive: Some(Dive::Drop),
    };
    assert_eq!(words(&drop), "Dodge and Drop: 12");
    assert_eq!(words(&Answer::NoDefense), "no defense");
    // The menu lists every answer the rules accept, each worded.
    for a in Gurps::answer_options(&q) {
        assert!(Gurps::check_answer(&q, &a).is_ok(), "{a}");
        assert!(!words(&a).is_empty());
    }
}

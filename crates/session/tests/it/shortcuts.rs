//! Typed shortcuts read against each ruleset's menus.

use crate::common::{Checking, can_attack, start, to_next_actor, turn_where};
use fray_core::Engine;
use fray_core::Fight;
use fray_core::Ruleset;
use fray_core::TableView;
use fray_gurps::Gurps;
use fray_gurps::model::action::{Action, Aim, AllOutVariant, Extra};
use fray_gurps::model::location::Location;
use fray_session::view::shortcut::{ShortcutError, parse};

fn melee() -> (fray_gurps::state::State, fray_core::CombatantId) {
    turn_where::<Gurps>("duel", 1, can_attack::<Gurps>)
}

// rule: G-LOC-002 (aimed at the neck), G-TURN-003 (first weapon, no option)
#[test]
fn gurps_attack_foe_neck() {
    let (state, actor) = melee();
    let foe = Gurps::roster(&state)
        .into_iter()
        .find(|c| c.id != actor)
        .unwrap();
    let first = foe.name.split_whitespace().last().unwrap().to_lowercase();
    let menu = Gurps::action_menu(&state, actor);
    let a = parse(&menu, &format!("attack {first} neck")).unwrap();
    let Action::Attack { strike, extra, .. } = a else {
        panic!("{a:?}")
    };
    assert_eq!(strike.target, foe.id);
    assert_eq!(strike.location, Aim::At(Location::Neck));
    assert_eq!((strike.weapon, strike.mode, strike.deceptive), (0, 0, 0));
    assert_eq!(*extra, None);
}

// rule: G-ATK-001 (Deceptive Attack level 2 with a named weapon and mode)
#[test]
fn gurps_attack_with_weapon_mode_and_deceptive_level() {
    let (state, actor) = melee();
    let menu = Gurps::action_menu(&state, actor);
    let a = parse(&menu, "attack sir broadsword thrust torso deceptive 2");
    // Both knights are "Sir ...": the one foe is the only target listed.
    let a = a.unwrap();
    let Action::Attack { strike, .. } = a else {
        panic!("{a:?}")
    };
    assert_eq!((strike.weapon, strike.mode, strike.deceptive), (0, 1, 2));
}

// rule: G-ATK-006 (Rapid Strike), G-AOA-003 (All-Out Attack, Double)
#[test]
fn gurps_rapid_strike_and_all_out_double() {
    let (state, actor) = melee();
    let menu = Gurps::action_menu(&state, actor);
    let a = parse(&menu, "attack sir broad swing torso rapid").unwrap();
    assert!(matches!(
        a,
        Action::Attack {
            extra: Some(Extra::Rapid { .. }),
            ..
        }
    ));
    let a = parse(&menu, "all-out double sir").unwrap();
    assert!(matches!(
        a,
        Action::AllOutAttack {
            variant: AllOutVariant::Double,
            ..
        }
    ));
}

// rule: G-MOV-001 (moves by destination)
#[test]
fn gurps_move_retreat_and_toward() {
    let (state, actor) = melee();
    let menu = Gurps::action_menu(&state, actor);
    let a = parse(&menu, "move retreat").unwrap();
    assert!(matches!(a, Action::Move { .. }), "{a:?}");
    assert!(Gurps::check_action(&state, actor, a).is_ok());
    let mut state = start::<Gurps>("knight-vs-orcs");
    let mut oracle = Checking::<Gurps>::seeded(3);
    let actor = to_next_actor::<Gurps>(&mut state, &mut oracle).unwrap();
    let menu = Gurps::action_menu(&state, actor);
    let a = parse(&menu, "move toward runt").unwrap();
    assert!(matches!(a, Action::Move { .. }), "{a:?}");
}

#[test]
fn gurps_unknown_and_ambiguous_words_name_the_choices() {
    let mut state = start::<Gurps>("knight-vs-orcs");
    let mut oracle = Checking::<Gurps>::seeded(3);
    let actor = to_next_actor::<Gurps>(&mut state, &mut oracle).unwrap();
    let menu = Gurps::action_menu(&state, actor);
    let toward = |name: &str| {
        menu.paths()
            .into_iter()
            .find(|(labels, _)| labels.last() == Some(&name))
            .map(|(_, a)| a)
    };
    // "orc" names the Orc whole, not the Orc chief.
    assert_eq!(parse(&menu, "move toward orc").ok(), toward("toward Orc"));
    match parse(&menu, "move toward") {
        Err(ShortcutError::Ambiguous { word, matches }) => {
            assert_eq!(word, "toward");
            assert!(
                matches.contains(&"toward Orc chief".to_string()),
                "{matches:?}"
            );
        }
        other => panic!("{other:?}"),
    }
    match parse(&menu, "fly") {
        Err(ShortcutError::Unknown { word, choices, .. }) => {
            assert_eq!(word, "fly");
            assert!(choices.contains(&"Move".to_string()), "{choices:?}");
        }
        other => panic!("{other:?}"),
    }
}

/// The default menus of the other rulesets read shortcuts too: every
/// leaf's own labels, typed, reach that leaf.
fn every_path_typed_reaches_its_leaf<R: Ruleset>(stem: &str) {
    let mut state = start::<R>(stem);
    let mut oracle = Checking::<R>::seeded(5);
    let actor = to_next_actor::<R>(&mut state, &mut oracle).unwrap();
    let menu = R::action_menu(&state, actor);
    for (labels, leaf) in menu.paths() {
        let typed = labels.join(" ");
        match parse(&menu, &typed) {
            Ok(found) => assert_eq!(found, leaf, "{typed}"),
            // Labels that share all their words with another (two foes
            // both called "Goblin") are ambiguous as typed: a typed error.
            Err(ShortcutError::Ambiguous { .. } | ShortcutError::TooMany { .. }) => {}
            Err(e) => panic!("{stem}: `{typed}`: {e}"),
        }
    }
}

#[test]
fn dragonquest_shortcuts_follow_the_labels() {
    every_path_typed_reaches_its_leaf::<fray_dragonquest::DragonQuest>("duel");
}

#[test]
fn d20_shortcuts_follow_the_labels() {
    every_path_typed_reaches_its_leaf::<fray_d20_3d6::D20>("duel");
}

#[test]
fn margin_shortcuts_follow_the_labels() {
    every_path_typed_reaches_its_leaf::<fray_margin_3d6::Margin>("duel");
}

#[test]
fn gurps_shortcuts_follow_the_labels() {
    every_path_typed_reaches_its_leaf::<Gurps>("knight-vs-orcs");
}

// rule: G-DEF-009 (retreat), G-EFF-005 (feverish defense)
#[test]
fn gurps_defend_parry_and_retreat() {
    use fray_gurps::model::action::{Answer, DefenseOption, Question};
    use fray_gurps::state::DefenseKind;
    let state = start::<Gurps>("duel");
    let q = Question::Defend {
        defender: fray_core::CombatantId(0),
        attacker: fray_core::CombatantId(1),
        attack: "Sir Gawain swings".into(),
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
                value: 11,
                with_retreat: Some(12),
            },
        ]
        .into(),
        second: false,
        extra_effort: true,
        ranged: false,
    };
    let menu = Gurps::answer_menu(&state, &q);
    let parry = |retreat, feverish| Answer::Defend {
        kind: DefenseKind::Parry,
        weapon: Some(0),
        retreat,
        feverish,
        acrobatic: false,
        dive: None,
    };
    assert_eq!(parse(&menu, "defend parry"), Ok(&parry(false, false)));
    assert_eq!(parse(&menu, "parry retreat"), Ok(&parry(true, false)));
    assert_eq!(parse(&menu, "par fev"), Ok(&parry(false, true)));
    assert_eq!(parse(&menu, "no"), Ok(&Answer::NoDefense));
    for a in menu.leaves() {
        assert!(Gurps::check_answer(&q, a).is_ok(), "{a:?}");
    }
}

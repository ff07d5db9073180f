//! Every leaf of every menu is a legal action or answer, in the first turns
//! of every bundled scenario of every ruleset; and the lists stay short.

use crate::common::{Checking, load, play_ai, scenarios, start, to_next_actor};
use fray_core::Fight;
use fray_core::Ruleset;
use fray_core::TableView;
use fray_core::menu::SHORT_LIST;
use fray_d20_3d6::D20;
use fray_dragonquest::DragonQuest;
use fray_gurps::Gurps;
use fray_margin_3d6::Margin;

/// Turns played into each scenario.
const STEPS: usize = 8;

/// Walks the first turns of every bundled scenario of `R`: each action
/// menu's leaves pass `check_action`, each answer menu's `check_answer`.
/// No list is longer than [`SHORT_LIST`].
fn every_leaf_is_legal<R: Ruleset>() {
    for path in scenarios::<R>() {
        let mut state = load::<R>(&path);
        let mut oracle = Checking::<R>::seeded(7);
        let mut most = 0;
        for _ in 0..STEPS {
            let Some(actor) = to_next_actor::<R>(&mut state, &mut oracle) else {
                break;
            };
            let menu = R::action_menu(&state, actor);
            assert!(!menu.is_empty(), "{}: an empty menu", path.display());
            most = most.max(menu.longest_list());
            for (labels, a) in menu.paths() {
                if let Err(e) = R::check_action(&state, actor, a) {
                    panic!("{}: {} is refused: {e}", path.display(), labels.join(" > "));
                }
            }
            play_ai::<R>(&mut state, &mut oracle, actor);
        }
        assert!(
            oracle.refused.is_empty(),
            "{}: answers refused: {:?}",
            path.display(),
            oracle.refused
        );
        // The default menus of the other rulesets group their legal
        // actions by verb, so no list runs long either.
        assert!(most <= SHORT_LIST, "{}: a list of {most}", path.display());
    }
}

#[test]
fn gurps_menus_hold_only_legal_actions_and_answers() {
    every_leaf_is_legal::<Gurps>();
}

#[test]
fn dragonquest_menus_hold_only_legal_actions_and_answers() {
    every_leaf_is_legal::<DragonQuest>();
}

#[test]
fn d20_menus_hold_only_legal_actions_and_answers() {
    every_leaf_is_legal::<D20>();
}

#[test]
fn margin_menus_hold_only_legal_actions_and_answers() {
    every_leaf_is_legal::<Margin>();
}

/// Issue 15: the knight-vs-orcs menu reached 80 entries in one list.
#[test]
fn knight_vs_orcs_lists_stay_short() {
    let mut state = start::<Gurps>("knight-vs-orcs");
    let mut oracle = Checking::<Gurps>::seeded(3);
    for _ in 0..STEPS {
        let Some(actor) = to_next_actor::<Gurps>(&mut state, &mut oracle) else {
            break;
        };
        let menu = Gurps::action_menu(&state, actor);
        assert!(
            menu.longest_list() <= SHORT_LIST,
            "{}: a list of {}:\n{menu:#?}",
            Gurps::name(&state, actor),
            menu.longest_list()
        );
        play_ai::<Gurps>(&mut state, &mut oracle, actor);
    }
    assert!(
        oracle.longest <= SHORT_LIST,
        "a defense list of {}",
        oracle.longest
    );
}

/// Issue 15: every legal action of the first turns of every bundled
/// scenario of `R` is a leaf of its menu tree, so a person can reach it by
/// menus alone. Returns what was missed, in words, per scenario.
fn unreachable<R: Ruleset>() -> Vec<String> {
    let mut missed = Vec::new();
    for path in scenarios::<R>() {
        let mut state = load::<R>(&path);
        let mut oracle = Checking::<R>::seeded(7);
        for _ in 0..STEPS {
            let Some(actor) = to_next_actor::<R>(&mut state, &mut oracle) else {
                break;
            };
            let menu = R::action_menu(&state, actor);
            let leaves = menu.leaves();
            for a in R::legal_actions(&state, actor) {
                if !leaves.contains(&&a) {
                    missed.push(format!(
                        "{}: {}: {}",
                        path.file_name().unwrap().to_string_lossy(),
                        R::name(&state, actor),
                        R::describe_action(&state, actor, &a)
                    ));
                }
            }
            play_ai::<R>(&mut state, &mut oracle, actor);
        }
    }
    missed
}

#[test]
fn gurps_every_legal_action_is_in_the_menu() {
    let missed = unreachable::<Gurps>();
    assert!(missed.is_empty(), "{missed:#?}");
}

#[test]
fn dragonquest_every_legal_action_is_in_the_menu() {
    let missed = unreachable::<DragonQuest>();
    assert!(missed.is_empty(), "{missed:#?}");
}

#[test]
fn d20_every_legal_action_is_in_the_menu() {
    let missed = unreachable::<D20>();
    assert!(missed.is_empty(), "{missed:#?}");
}

#[test]
fn margin_every_legal_action_is_in_the_menu() {
    let missed = unreachable::<Margin>();
    assert!(missed.is_empty(), "{missed:#?}");
}

/// Every leaf of the menus of the first turns of every bundled GURPS
/// scenario, with the actor's state.
fn gurps_leaves() -> Vec<fray_gurps::model::action::Action> {
    let mut out = Vec::new();
    for path in scenarios::<Gurps>() {
        let mut state = load::<Gurps>(&path);
        let mut oracle = Checking::<Gurps>::seeded(7);
        for _ in 0..STEPS {
            let Some(actor) = to_next_actor::<Gurps>(&mut state, &mut oracle) else {
                break;
            };
            out.extend(
                Gurps::action_menu(&state, actor)
                    .leaves()
                    .into_iter()
                    .cloned(),
            );
            play_ai::<Gurps>(&mut state, &mut oracle, actor);
        }
    }
    out
}

// rule: G-ATK-014 (Slam), G-ATK-018 (Shield Rush), G-ATK-020 (Shove),
// G-EFF-003 (Heroic Charge), G-ATK-006 (Rapid Strike), G-EFF-006 (Flurry)
#[test]
fn gurps_menus_reach_slams_shoves_heroic_charges_and_flurries() {
    use fray_gurps::model::action::{Action, Extra};
    let leaves = gurps_leaves();
    let has = |f: &dyn Fn(&Action) -> bool| leaves.iter().any(f);
    assert!(has(&|a| matches!(a, Action::Slam(s) if !s.shield_rush)));
    assert!(has(&|a| matches!(a, Action::Slam(s) if s.shield_rush)));
    assert!(has(&|a| matches!(a, Action::Shove(_))));
    assert!(has(&|a| matches!(a, Action::MoveAndAttack(c) if c.heroic)));
    assert!(has(&|a| matches!(
        a,
        Action::Attack {
            extra: Some(Extra::Rapid { flurry: true, .. }),
            ..
        }
    )));
}

/// `move C4` in each ruleset: a free cell next to the actor, by its name
/// on the map, gives a legal move; a name off the map and words that are
/// no name are told apart.
fn move_by_cell_name<R: Ruleset>(stem: &str) {
    use fray_session::view::cell::{MoveError, move_to};
    let (state, actor) = crate::common::turn_where::<R>(stem, 1, |_, _| true);
    let view = R::map_view(&state).expect("a map");
    let names = view.names();
    let here = view
        .figures
        .iter()
        .find(|f| f.id == actor)
        .expect("the actor is on the map")
        .cells[0];
    let mut moved = 0;
    for &cell in &view.cells {
        if (cell.a - here.a).abs() > 1 || (cell.b - here.b).abs() > 1 || cell == here {
            continue;
        }
        let name = names.name(cell);
        match move_to::<R>(&state, actor, &format!("move {name}")) {
            Some(Ok(a)) => {
                R::check_action(&state, actor, &a).expect("a legal move");
                moved += 1;
            }
            Some(Err(MoveError::NotAllowed { .. })) => {}
            other => panic!("move {name}: {other:?}"),
        }
        // The same name in lower case, after "to".
        assert!(move_to::<R>(&state, actor, &format!("move to {}", name.to_lowercase())).is_some());
    }
    assert!(
        moved > 0,
        "{stem}: no cell next to the actor could be moved to"
    );
    assert!(matches!(
        move_to::<R>(&state, actor, "move ZZ99"),
        Some(Err(MoveError::OffTheMap { .. }))
    ));
    assert!(move_to::<R>(&state, actor, "move toward").is_none());
    assert!(move_to::<R>(&state, actor, "attack C4").is_none());
}

// rule: G-MOV-001 (a move to a named hex)
#[test]
fn gurps_move_to_a_named_hex() {
    move_by_cell_name::<Gurps>("duel");
}

// rule: DQ-14-001 (a move to a named hex)
#[test]
fn dragonquest_move_to_a_named_hex() {
    move_by_cell_name::<DragonQuest>("duel");
}

// rule: X-MAN-004 (a move to a named square)
#[test]
fn d20_move_to_a_named_square() {
    move_by_cell_name::<D20>("duel");
}

// rule: M-AOD-006 (a move to a named hex)
#[test]
fn margin_move_to_a_named_hex() {
    move_by_cell_name::<Margin>("duel");
}

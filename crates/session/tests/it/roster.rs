//! Late arrivals and removals (issue 15): a figure joins from a template of
//! the scenario's data and takes its place in the turn order, or leaves the
//! field; both are log entries that undo, redo and saved games keep, and
//! neither can make the AI's memo answer for a roster that is gone.

use crate::game::{gm, knight, ov, play, redo, start, undo};
use fray_core::Engine;
use fray_core::Fight;
use fray_core::{CombatantId, Override, Refusal};
use fray_gurps::Gurps;
use fray_session::{Given, Refused, Session};

fn join(name: &str, template: &str, side: &str, cell: [i32; 2]) -> Override {
    Override::AddCombatant {
        name: name.into(),
        template: template.into(),
        side: side.into(),
        cell,
    }
}

fn names(session: &Session<Gurps>) -> Vec<String> {
    Gurps::roster(session.state())
        .into_iter()
        .map(|c| c.name)
        .collect()
}

fn order(session: &Session<Gurps>) -> Vec<String> {
    let s = session.state();
    s.order
        .iter()
        .map(|&id| Gurps::name(s, id).to_string())
        .collect()
}

/// The state as JSON: two games are the same when these are.
fn json(session: &Session<Gurps>) -> String {
    serde_json::to_string(session.state()).unwrap()
}

#[test]
fn a_late_arrival_joins_the_order_by_basic_speed() {
    // rule: G-EXT-015 (order by Basic Speed, then DX)
    let mut session = knight();
    play(&mut session, 3);
    let said = ov(
        &mut session,
        join("Squire Tom", "squire", "knight", [-2, 0]),
    )
    .expect("joins");
    assert!(said[0].starts_with("Squire Tom (squire"), "{said:?}");
    assert!(said[1].contains("in the turn order"), "{said:?}");
    assert_eq!(
        names(&session).last().map(String::as_str),
        Some("Squire Tom")
    );
    assert!(order(&session).contains(&"Squire Tom".to_string()));
    let s = session.state();
    let tom = s.fighter(CombatantId(4));
    assert_eq!(tom.side, fray_core::SideId(0));
    assert_eq!(
        *tom.controller,
        fray_core::Controller::Human,
        "the side's controller"
    );
    let speeds: Vec<(i32, i32)> = s
        .order
        .iter()
        .map(|&id| (s.fighter(id).stats.speed_quarters, s.fighter(id).stats.dx))
        .collect();
    assert!(
        speeds.windows(2).all(|w| w[0] >= w[1]),
        "the order stays by Basic Speed then DX: {speeds:?}"
    );
    // The fight goes on with the newcomer in it, to the end.
    play(&mut session, 400);
    assert!(session.over().is_some());
}

#[test]
fn a_join_before_the_first_turn_is_ordered_with_everyone() {
    // rule: G-EXT-015
    let mut session = knight();
    ov(&mut session, join("Grub", "goblin", "Orcs", [5, 1])).unwrap();
    assert!(
        session.state().order.is_empty(),
        "the order is fixed at the first turn"
    );
    play(&mut session, 1);
    assert_eq!(session.state().order.len(), 5);
}

#[test]
fn joins_are_undone_redone_and_resumed() {
    let mut session = knight();
    play(&mut session, 2);
    ov(
        &mut session,
        join("Squire Tom", "squire", "Knight", [-2, 0]),
    )
    .unwrap();
    play(&mut session, 6);
    let after = json(&session);
    let resumed =
        Session::resume(start("knight-vs-orcs-table.toml"), session.saved_game()).unwrap();
    assert_eq!(json(&resumed), after, "a resumed game is the game");
    assert_eq!(
        session.saved_game().to_toml().unwrap(),
        resumed.saved_game().to_toml().unwrap()
    );
    // Undo back past the join (the knight's actions are decided at the table too).
    while names(&session).contains(&"Squire Tom".to_string()) {
        assert!(matches!(undo(&mut session), Ok(n) if n > 0));
    }
    assert!(!order(&session).contains(&"Squire Tom".to_string()));
    while session.can_redo() {
        redo(&mut session).unwrap();
    }
    assert_eq!(json(&session), after, "redo gives the same game back");
}

#[test]
fn arrivals_are_refused_with_typed_reasons() {
    let mut session = knight();
    let refused = |s: &mut Session<Gurps>, o| match ov(s, o) {
        Err(Refused::Override(r)) => r,
        other => panic!("not refused: {other:?}"),
    };
    assert!(matches!(
        refused(&mut session, join("Tom", "dragon", "Knight", [-2, 0])),
        Refusal::UnknownTemplate { template, known } if template == "dragon" && known.contains("squire")
    ));
    assert_eq!(
        refused(&mut session, join("Tom", "squire", "Elves", [-2, 0])),
        Refusal::UnknownSide("Elves".into())
    );
    assert_eq!(
        refused(&mut session, join("orc RUNT", "squire", "Knight", [-2, 0])),
        Refusal::NameTaken("orc RUNT".into())
    );
    assert_eq!(
        refused(&mut session, join("Tom", "squire", "Knight", [9, 0])),
        Refusal::OffMap { cell: [9, 0] }
    );
    assert_eq!(
        refused(&mut session, join("Tom", "squire", "Knight", [-1, 0])),
        Refusal::CellTaken {
            cell: [-1, 0],
            by: "Sir Ector".into()
        }
    );
    assert_eq!(
        refused(
            &mut session,
            Override::RemoveCombatant {
                who: "Nobody".into()
            }
        ),
        Refusal::UnknownCombatant("Nobody".into())
    );
    assert_eq!(session.revision(), 1, "refusals stay out of the log");
}

#[test]
fn a_removed_figure_leaves_the_map_the_order_and_the_results() {
    let mut session = knight();
    play(&mut session, 3);
    let before = order(&session);
    let said = ov(
        &mut session,
        Override::RemoveCombatant { who: "orc".into() },
    )
    .unwrap();
    assert_eq!(
        said,
        ["Orc leaves the field (game master): out of the turn order and the results."]
    );
    assert_eq!(names(&session), ["Sir Ector", "Orc chief", "Orc runt"]);
    let mut expected = before.clone();
    expected.retain(|n| n != "Orc");
    assert_eq!(order(&session), expected, "the others keep their order");
    let s = session.state();
    assert!(
        s.at(fray_core::grid::HexPos::new(4, 0)).next().is_none() || {
            // Someone else may have moved there; never the removed orc.
            s.at(fray_core::grid::HexPos::new(4, 0))
                .all(|id| Gurps::name(s, id) != "Orc")
        }
    );
    let mut tallies = vec![fray_core::Tally::default(); Gurps::combatants(s)];
    Gurps::tally(s, &mut tallies);
    assert_eq!(tallies.len(), 3, "out of the results");
    play(&mut session, 400);
    assert!(session.over().is_some());
}

#[test]
fn removing_the_figure_acting_first_keeps_the_round() {
    // rule: G-EXT-015 (the order is kept; the next figure acts next)
    let mut session = knight();
    // A second figure on the knight's side, so the fight goes on without him.
    ov(
        &mut session,
        join("Squire Tom", "squire", "Knight", [-2, 0]),
    )
    .unwrap();
    // The orcs' dice by hand, so the table stops after the knight's turn.
    crate::game::dice(
        &mut session,
        fray_session::DiceRule {
            who: fray_session::Roller::Side("Orcs".into()),
            mode: fray_session::DiceMode::Hand,
        },
    )
    .unwrap();
    play(&mut session, 1);
    let s = session.state();
    let (round, cursor) = (s.round, s.cursor);
    assert_eq!(cursor, Some(0), "the knight acts first");
    let acted = Gurps::name(s, s.order[cursor.unwrap()]).to_string();
    let next = Gurps::name(s, s.order[cursor.unwrap() + 1]).to_string();
    ov(&mut session, Override::RemoveCombatant { who: acted }).unwrap();
    // The table is paused (an orc acts next): the GM plays one turn.
    assert!(crate::game::step(&mut session));
    let s = session.state();
    assert_eq!(s.round, round, "still the same round");
    assert_eq!(Gurps::name(s, s.order[s.cursor.unwrap()]), next);
}

#[test]
fn what_pointed_at_a_removed_figure_lapses() {
    use fray_gurps::model::state::{AimState, Feint, Grip, GripAt};
    let mut state = start("knight-vs-orcs-table.toml");
    let (orc, runt) = (CombatantId(2), CombatantId(3));
    {
        let knight = state.fighter_mut(CombatantId(0));
        knight.feint = Some(Feint {
            target: orc,
            margin: 2,
            expires_before_turn: 3,
        });
        knight.retreated_from = Some(runt);
    }
    state.fighter_mut(CombatantId(1)).aim = Some(AimState {
        target: orc,
        weapon: 0,
        mode: 0,
        turns: 1,
        braced: false,
    });
    state.fighter_mut(runt).aim = Some(AimState {
        target: CombatantId(0),
        weapon: 0,
        mode: 0,
        turns: 1,
        braced: false,
    });
    let grip = Grip {
        target: orc,
        at: GripAt::Body(fray_gurps::model::location::Location::Torso),
        hands: 2,
        pinned: false,
    };
    state.set_grip(CombatantId(1), Some(grip));
    let mut session = Session::<Gurps>::new(state, 1);
    ov(
        &mut session,
        Override::RemoveCombatant { who: "Orc".into() },
    )
    .unwrap();
    let s = session.state();
    let knight = s.fighter(CombatantId(0));
    assert_eq!(knight.feint, None, "a feint on it lapses");
    assert_eq!(
        knight.retreated_from,
        Some(CombatantId(2)),
        "the runt moved down one id"
    );
    assert_eq!(s.fighter(CombatantId(1)).aim, None, "an Aim at it lapses");
    assert_eq!(s.fighter(CombatantId(1)).grip, None, "a grip on it lets go");
    assert_eq!(s.grips, 0);
    assert_eq!(s.fighter(CombatantId(2)).name.as_ref(), "Orc runt");
    assert_eq!(
        s.fighter(CombatantId(2)).aim.map(|a| a.target),
        Some(CombatantId(0))
    );
}

/// The same table session, with the AI's memo on or off: a join, moves, an
/// undo, another join of another template where the first stood, a removal.
fn roster_game() -> String {
    let mut session = knight();
    play(&mut session, 3);
    ov(&mut session, join("Grub", "goblin", "Orcs", [5, 1])).unwrap();
    play(&mut session, 8);
    while names(&session).contains(&"Grub".to_string()) {
        undo(&mut session).unwrap();
    }
    ov(&mut session, join("Grub", "hobgoblin", "Orcs", [5, 1])).unwrap();
    play(&mut session, 10);
    ov(
        &mut session,
        Override::RemoveCombatant {
            who: "Orc chief".into(),
        },
    )
    .unwrap();
    play(&mut session, 400);
    session.saved_game().to_toml().unwrap()
}

#[test]
fn a_roster_change_never_gets_a_stale_memo_answer() {
    // Debug builds also check every memo read against a fresh answer.
    fray_gurps::ai::memo::set_enabled(true);
    let remembered = roster_game();
    fray_gurps::ai::memo::set_enabled(false);
    let fresh = roster_game();
    fray_gurps::ai::memo::set_enabled(true);
    assert_eq!(remembered, fresh);
}

#[test]
fn an_arrival_on_a_wall_and_negative_damage_are_refused() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/gurps/knight-vs-orcs-table.toml");
    let text = std::fs::read_to_string(path).unwrap()
        + "\n[[map.terrain]]\nterrain = \"wall\"\nhexes = [{ q = -3, r = 0 }]\n";
    let file = fray_core::scenario::SourceFile::new("walled.toml", text);
    let state = fray_core::run::load::<Gurps>(file).unwrap().state;
    let mut session = Session::<Gurps>::new(state, 1);
    assert_eq!(
        ov(&mut session, join("Tom", "squire", "Knight", [-3, 0])),
        Err(Refused::Override(Refusal::CellBlocked { cell: [-3, 0] }))
    );
    assert!(matches!(
        ov(
            &mut session,
            Override::Damage {
                who: "Orc".into(),
                amount: -3
            }
        ),
        Err(Refused::Override(Refusal::BadAmount(_)))
    ));
}

#[test]
fn removing_an_attacker_drops_the_question_it_raised() {
    use fray_core::Pending;
    use fray_gurps::model::action::Question;
    let mut session = knight();
    // Play on, the knight always taking his first action, until he is asked
    // to defend against an orc.
    let attacker = loop {
        assert!(session.over().is_none(), "the orcs attacked the knight");
        let Some(w) = session.waiting().cloned() else {
            gm(&mut session, Given::Continue).unwrap();
            continue;
        };
        let given = match w.pending {
            Pending::Action(actor) => Given::Action {
                actor: None,
                action: Gurps::legal_actions(&w.state, actor).remove(0),
            },
            Pending::Answer(q) if matches!(*q, Question::Defend { .. }) => {
                let Question::Defend { attacker, .. } = *q else {
                    unreachable!()
                };
                break Gurps::name(&w.state, attacker).to_string();
            }
            Pending::Roll(_) => Given::RollForMe,
            other => panic!("unexpected {other:?}"),
        };
        gm(&mut session, given).unwrap();
    };
    // Nobody at the table answered yet: the GM may take the attacker off,
    // and the step is tried again without it.
    ov(
        &mut session,
        Override::RemoveCombatant {
            who: attacker.clone(),
        },
    )
    .unwrap();
    assert!(!names(&session).contains(&attacker));
    if let Some(w) = session.waiting()
        && let Pending::Answer(q) = &w.pending
        && let Question::Defend { attacker: a, .. } = &**q
    {
        assert_ne!(Gurps::name(&w.state, *a), attacker);
    }
}

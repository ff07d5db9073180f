//! Saved games: this format, the first format, and what does not load.

use crate::game::{knight, play, start};
use fray_core::{InputLog, Ruleset};
use fray_gurps::Gurps;
use fray_session::{Entry, SaveError, SavedGame, Session};

#[test]
fn a_game_of_the_first_format_still_loads_and_replays() {
    let mut session = knight();
    play(&mut session, 5);
    // The first format: three queues per step, no sources.
    let steps = session
        .entries()
        .iter()
        .map(|e| {
            let Entry::Step(inputs) = e else {
                panic!("only steps here")
            };
            let mut s = fray_core::StepInputs::<Gurps>::default();
            for i in inputs {
                match i {
                    fray_session::Input::Action { actor, action, .. } => {
                        s.actions.push(fray_core::inputs::ScriptedAction {
                            actor: actor.clone(),
                            action: action.clone(),
                        });
                    }
                    fray_session::Input::Answer { answer, .. } => s.answers.push(answer.clone()),
                    fray_session::Input::Roll { roll, .. } => s.rolls.push(roll.clone()),
                }
            }
            s
        })
        .collect();
    let old = InputLog::<Gurps>::from_steps(steps);
    let saved = SavedGame::from_input_log(&old, 3);
    let (resumed, _) = Session::resume(start("knight-vs-orcs-table.toml"), saved).unwrap();
    assert_eq!(
        serde_json::to_string(resumed.state()).unwrap(),
        serde_json::to_string(session.state()).unwrap()
    );
}

#[test]
fn a_newer_version_or_another_ruleset_is_a_clear_error() {
    let mut saved = knight().saved_game();
    saved.version = 9;
    assert_eq!(saved.check(), Err(SaveError::Version { found: 9 }));
    let mut saved = knight().saved_game();
    saved.ruleset = "dragonquest".into();
    assert!(matches!(saved.check(), Err(SaveError::Ruleset { .. })));
}

#[test]
fn a_log_for_another_scenario_does_not_replay() {
    let mut session = knight();
    play(&mut session, 3);
    let err = Session::resume(start("duel-human.toml"), session.saved_game())
        .err()
        .expect("does not fit");
    assert!(
        matches!(err, fray_session::SessionError::Replay { entry: 1, .. }),
        "{err}"
    );
    assert_eq!(Gurps::ID, "gurps");
}

//! Saved games: this format, the earlier ones, what does not load, and the
//! dice a save carries checked against its seed.

use crate::game::{knight, play, start};
use fray_core::Fight;
use fray_core::InputLog;
use fray_core::scenario::SourceFile;
use fray_gurps::Gurps;
use fray_session::{Entry, Origin, SaveError, SavedGame, Session, SessionError};

#[test]
fn a_game_of_the_first_format_still_loads_and_replays() {
    let mut session = knight();
    play(&mut session, 5);
    // The first format: three queues per step, no sources.
    let steps = session
        .in_effect()
        .filter_map(|r| match &r.entry {
            Entry::Step(inputs) => Some(inputs),
            _ => None,
        })
        .map(|inputs| {
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
    let resumed = Session::resume(start("knight-vs-orcs-table.toml"), saved).unwrap();
    assert_eq!(
        serde_json::to_string(resumed.state()).unwrap(),
        serde_json::to_string(session.state()).unwrap()
    );
}

#[test]
fn a_game_of_version_2_still_loads_with_its_scenario_named() {
    let text = "version = 2\nruleset = \"gurps\"\nseed = 3\n\n[[entries]]\n\
                override = { damage = { who = \"Orc\", amount = 2 } }\n";
    let saved = SavedGame::<Gurps>::read(&SourceFile::new("old.toml", text), 1).unwrap();
    assert!(
        saved.scenario.is_none(),
        "version 2 names its scenario elsewhere"
    );
    let resumed = Session::resume(start("knight-vs-orcs-table.toml"), saved).unwrap();
    let orc = Gurps::roster(resumed.state())
        .into_iter()
        .find(|c| c.name == "Orc")
        .unwrap();
    assert_eq!(orc.pool("HP"), Some((11, 13)));
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
    let SessionError::Replay { entry, .. } = &err;
    assert!(*entry >= 2, "{err}");
}

/// The scenario carried whole: the bouncer's GCS file and the knight, read
/// from the bundled folder, reopen from nothing but the save's text.
#[test]
fn a_save_carries_its_scenario_and_files_and_reopens_from_any_folder() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/gurps/bouncer-vs-knight.toml");
    let file = SourceFile::read(&path).unwrap();
    let (origin, loaded) = Origin::read::<Gurps>(file, None).unwrap();
    assert_eq!(origin.files.len(), 1, "the GCS file is carried");
    let mut session = Session::<Gurps>::open(loaded.state, 4, Some(origin));
    crate::game::gm(&mut session, fray_session::Given::Continue).unwrap();
    let text = session.saved_game().to_toml().unwrap();
    // Read back in another folder: nothing on disk is needed.
    let saved = SavedGame::<Gurps>::read(&SourceFile::new("/nowhere/game.toml", &text), 1).unwrap();
    let origin = saved.scenario.clone().expect("carried");
    let reopened = Session::resume(origin.load::<Gurps>().unwrap().state, saved).unwrap();
    assert_eq!(
        serde_json::to_string(reopened.state()).unwrap(),
        serde_json::to_string(session.state()).unwrap()
    );
    assert_eq!(reopened.over(), session.over());
}

/// A die the session rolled, edited by hand, and a changed seed: refused
/// with the record's number.
#[test]
fn dice_the_seed_rolled_are_checked_against_the_seed() {
    let mut session = knight();
    play(&mut session, 4);
    let text = session.saved_game().to_toml().unwrap();
    let parse = |t: &str| SavedGame::<Gurps>::read(&SourceFile::new("g.toml", t), 1).unwrap();
    // The first die the session rolled, told another total.
    let mut edited = parse(&text);
    let (rev, roll) = edited
        .records
        .iter_mut()
        .find_map(|r| {
            let rev = r.rev;
            let Entry::Step(inputs) = &mut r.entry else {
                return None;
            };
            inputs
                .iter_mut()
                .find_map(|i| match i {
                    fray_session::Input::Roll {
                        roll,
                        by: fray_session::By::Auto,
                    } => Some(roll),
                    _ => None,
                })
                .map(|roll| (rev, roll))
        })
        .expect("an auto die");
    let fray_core::RollInput::Exact(rolled) = roll else {
        panic!("auto dice are exact");
    };
    let other = if rolled.total == 10 { 11 } else { 10 };
    *roll = fray_core::RollInput::Total(other);
    let err = Session::resume(start("knight-vs-orcs-table.toml"), edited)
        .err()
        .expect("an edited die is refused");
    let SessionError::Replay { entry, why } = &err;
    assert_eq!(*entry, rev, "{err}");
    assert!(why.contains("marked as rolled by the session"), "{why}");
    // The seed changed: its dice are not the ones in the log.
    let mut reseeded = parse(&text);
    reseeded.seed += 1;
    let err = Session::resume(start("knight-vs-orcs-table.toml"), reseeded)
        .err()
        .expect("another seed is refused");
    assert!(err.to_string().contains("seed"), "{err}");
    // Untouched, it loads.
    assert!(Session::resume(start("knight-vs-orcs-table.toml"), parse(&text)).is_ok());
}

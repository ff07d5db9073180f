//! Playing a game out: the AI decides and the table's streams roll for
//! everyone, so a saved game played out from any of its steps goes on
//! exactly as the whole game played out from the start.

use crate::common::{load, scenarios};
use fray_core::Engine;
use fray_core::Ruleset;
use fray_d20_3d6::D20;
use fray_dragonquest::DragonQuest;
use fray_gurps::Gurps;
use fray_margin_3d6::Margin;
use fray_session::{Given, SavedGame, Seat, Session};

/// Each step's events, in words, and the result.
fn played_out<R: Ruleset>(session: &mut Session<R>) -> (Vec<Vec<String>>, String) {
    let mut steps = Vec::new();
    let outcome = session
        .play_out(|events| steps.push(events.iter().map(|e| e.to_string()).collect()))
        .unwrap_or_else(|e| panic!("the game stopped: {e:?}"));
    (steps, format!("{outcome:?}"))
}

/// Plays every bundled scenario of `R` out with `seed`, then resumes a
/// game saved after the first, middle and last step and plays it out: the
/// steps after the save and the result are the same.
fn resumed_games_go_on_as_the_whole_game<R: Ruleset>(seed: u64) {
    for path in scenarios::<R>() {
        let start = load::<R>(&path);
        let mut whole = Session::new(start.clone(), seed);
        let (steps, result) = played_out(&mut whole);
        assert!(!steps.is_empty(), "{}: no step was played", path.display());
        for saved_at in [0, 1, steps.len() / 2, steps.len() - 1] {
            // The opening record and the first `saved_at` steps.
            let records = whole.records()[..1 + saved_at].to_vec();
            let saved = SavedGame::<R>::new(seed, None, records);
            let mut resumed = Session::resume(start.clone(), saved).unwrap();
            let (rest, rest_result) = played_out(&mut resumed);
            assert_eq!(
                rest,
                steps[saved_at..],
                "{}: saved after step {saved_at}",
                path.display()
            );
            assert_eq!(rest_result, result, "{}", path.display());
        }
    }
}

#[test]
fn gurps_games_played_out_from_a_save_go_on_as_from_the_start() {
    // Covers the table scenarios, whose knights are played by people.
    resumed_games_go_on_as_the_whole_game::<Gurps>(7);
}

#[test]
fn dragonquest_games_played_out_from_a_save_go_on_as_from_the_start() {
    resumed_games_go_on_as_the_whole_game::<DragonQuest>(3);
}

#[test]
fn d20_3d6_games_played_out_from_a_save_go_on_as_from_the_start() {
    resumed_games_go_on_as_the_whole_game::<D20>(2);
}

#[test]
fn margin_3d6_games_played_out_from_a_save_go_on_as_from_the_start() {
    resumed_games_go_on_as_the_whole_game::<Margin>(5);
}

#[test]
fn a_played_out_game_is_the_game_a_person_who_always_says_roll_for_me_and_ai_plays() {
    // A person at the table who hands every roll to "roll for me" and lets
    // the AI's choice stand gets the same fight as playing it out.
    let start = load::<Gurps>(
        &scenarios::<Gurps>()
            .into_iter()
            .find(|p| p.ends_with("duel-human.toml"))
            .expect("the bundled duel-human scenario"),
    );
    let mut out = Session::<Gurps>::new(start.clone(), 11);
    let (steps, _) = played_out(&mut out);
    let mut table = Session::<Gurps>::new(start, 11);
    while table.over().is_none() {
        let given = match table.waiting().cloned() {
            None => Given::Continue,
            Some(w) => match w.pending {
                fray_core::Pending::Action(actor) => Given::Action {
                    actor: None,
                    action: Gurps::ai_action(&w.state, actor),
                },
                fray_core::Pending::Answer(q) => Given::Answer(Gurps::ai_answer(&w.state, &q)),
                fray_core::Pending::Roll(_) => Given::RollForMe,
            },
        };
        table
            .submit(&Seat::Gm, given)
            .unwrap_or_else(|e| panic!("refused: {e}"));
    }
    let seen: Vec<String> = table
        .records_after(0)
        .flat_map(|(_, told)| told.iter().map(ToString::to_string))
        .collect();
    assert_eq!(seen, steps.concat());
}

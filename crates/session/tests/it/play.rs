//! Play, save, resume, undo and redo: the same dice whatever the path.

use crate::game::{knight, play, start};
use fray_core::Pending;
use fray_gurps::Gurps;
use fray_session::{Attempt, DiceMode, DiceRule, Roller, SavedGame, Session, Undone};

/// The knight-vs-orcs game as a GM runs it: the orcs' dice rolled by hand
/// (the table types 10 in `play`), then after two steps a GM override.
fn gm_game() -> Session<Gurps> {
    let mut session = knight();
    session
        .set_dice(DiceRule {
            who: Roller::Side("Orcs".into()),
            mode: DiceMode::Hand,
        })
        .unwrap();
    play(&mut session, 2);
    session
        .apply_override(fray_core::Override::Damage {
            who: "Orc".into(),
            amount: 3,
        })
        .unwrap();
    session
}

#[test]
fn a_resumed_game_is_byte_for_byte_the_game_played_straight_through() {
    let mut straight = gm_game();
    let all = play(&mut straight, 30);
    assert!(straight.over().is_some() || straight.steps() == 30);
    for cut in [2, 4, 11] {
        let mut first = gm_game();
        let mut events = play(&mut first, cut);
        let text = first.saved_game().to_toml().expect("writes");
        let saved: SavedGame<Gurps> = toml::from_str(&text).expect("reads back");
        saved.check().expect("this version");
        let (mut resumed, _) =
            Session::resume(start("knight-vs-orcs-table.toml"), saved).expect("replays");
        events.extend(play(&mut resumed, 30));
        assert_eq!(events, all, "cut after {cut} steps");
        assert_eq!(
            resumed.saved_game().to_toml().unwrap(),
            straight.saved_game().to_toml().unwrap()
        );
    }
}

#[test]
fn the_replay_of_a_resumed_game_shows_the_saved_events() {
    let mut first = knight();
    let events = play(&mut first, 5);
    let (_, replayed) =
        Session::resume(start("knight-vs-orcs-table.toml"), first.saved_game()).unwrap();
    let replayed: Vec<String> = replayed.iter().map(ToString::to_string).collect();
    assert_eq!(replayed, events);
}

#[test]
fn undo_keeps_the_ai_dice_and_redo_gives_back_exactly_what_was_undone() {
    let mut session = knight();
    play(&mut session, 6);
    let before = session.saved_game();
    let state = serde_json::to_string(session.state()).unwrap();
    let Ok(Undone::Entries(n)) = session.undo() else {
        panic!("an undo of whole entries");
    };
    assert!(n >= 1);
    assert!(session.can_redo());
    let (redone, _) = session.redo().expect("redoes");
    assert_eq!(redone, n);
    assert_eq!(session.saved_game(), before);
    assert_eq!(serde_json::to_string(session.state()).unwrap(), state);
    // Undone, then the same choices made again: the AI's dice come back.
    session.undo().expect("undoes");
    play(&mut session, 6);
    assert_eq!(session.saved_game(), before);
    assert!(
        !session.can_redo(),
        "the redo was used up by playing it again"
    );
}

#[test]
fn the_gm_rolls_for_the_orcs_by_hand_after_dice_orcs_hand() {
    let mut session = knight();
    session
        .set_dice(DiceRule {
            who: Roller::Side("Orcs".into()),
            mode: DiceMode::Hand,
        })
        .unwrap();
    // The turn-order tie is the orcs' first roll: now asked at the table.
    let Attempt::Waiting {
        state,
        pending: Pending::Roll(req),
        ..
    } = session.attempt()
    else {
        panic!("the orcs' roll is asked");
    };
    let roller = req.roller.expect("a figure rolls");
    assert_eq!(
        <Gurps as fray_core::Ruleset>::name(&state, roller),
        "Orc chief"
    );
    // The setting is in the log: undo takes it back.
    assert_eq!(session.undo(), Ok(Undone::Entries(1)));
    assert!(session.dice().is_empty());
}

#[test]
fn roll_for_me_depends_only_on_the_seed_the_step_and_the_request() {
    let a = fray_session::dice::stream(3, 5, 1);
    let b = fray_session::dice::stream(3, 5, 1);
    let c = fray_session::dice::stream(3, 5, 2);
    let kind = fray_core::dice::RollKind::three_d6();
    let (mut a, mut b, mut c) = (a, b, c);
    let xs: Vec<_> = (0..8).map(|_| kind.sample(&mut a)).collect();
    let ys: Vec<_> = (0..8).map(|_| kind.sample(&mut b)).collect();
    let zs: Vec<_> = (0..8).map(|_| kind.sample(&mut c)).collect();
    assert_eq!(xs, ys);
    assert_ne!(xs, zs);
}

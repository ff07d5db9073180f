//! Play, save, resume, undo and redo: the same dice whatever the path.

use crate::game::{dice, gm, knight, play, redo, start, undo};
use fray_core::Pending;
use fray_gurps::Gurps;
use fray_session::{DiceMode, DiceRule, Given, Roller, SavedGame, Session};

/// The knight-vs-orcs game as a GM runs it: the orcs' dice rolled by hand
/// (the table types 10 in `play`), then after two steps a GM override.
fn gm_game() -> Session<Gurps> {
    let mut session = knight();
    dice(
        &mut session,
        DiceRule {
            who: Roller::Side("Orcs".into()),
            mode: DiceMode::Hand,
        },
    )
    .unwrap();
    play(&mut session, 2);
    crate::game::ov(
        &mut session,
        fray_core::Override::Damage {
            who: "Orc".into(),
            amount: 3,
        },
    )
    .unwrap();
    session
}

#[test]
fn a_resumed_game_is_byte_for_byte_the_game_played_straight_through() {
    let mut straight = gm_game();
    let all = play(&mut straight, 30);
    assert!(straight.over().is_some() || straight.steps() >= 30);
    for cut in [2, 4, 11] {
        let mut first = gm_game();
        let mut events = play(&mut first, cut);
        let text = first.saved_game().to_toml().expect("writes");
        let saved: SavedGame<Gurps> = toml::from_str(&text).expect("reads back");
        saved.check().expect("this version");
        let mut resumed =
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
fn a_resumed_game_tells_each_record_what_the_live_table_told() {
    let mut first = knight();
    play(&mut first, 5);
    let resumed = Session::resume(start("knight-vs-orcs-table.toml"), first.saved_game()).unwrap();
    let words = |s: &Session<Gurps>| -> Vec<Vec<String>> {
        s.records_after(0)
            .map(|(_, told)| told.iter().map(ToString::to_string).collect())
            .collect()
    };
    assert_eq!(words(&resumed), words(&first));
}

#[test]
fn undo_keeps_the_ai_dice_and_redo_gives_back_exactly_what_was_undone() {
    let mut session = knight();
    play(&mut session, 6);
    let state = serde_json::to_string(session.state()).unwrap();
    let in_effect: Vec<_> = session.in_effect().cloned().collect();
    let n = undo(&mut session).expect("undoes");
    assert!(n >= 1, "whole entries");
    assert!(session.can_redo());
    let (redone, _) = redo(&mut session).expect("redoes");
    assert_eq!(redone, n);
    assert_eq!(session.in_effect().cloned().collect::<Vec<_>>(), in_effect);
    assert_eq!(serde_json::to_string(session.state()).unwrap(), state);
    // Undone, then the same choices made again: the AI's dice come back.
    undo(&mut session).expect("undoes");
    play(&mut session, 6);
    let entries = |v: &[fray_session::Record<Gurps>]| -> Vec<_> {
        v.iter().map(|r| r.entry.clone()).collect()
    };
    assert_eq!(
        entries(&session.in_effect().cloned().collect::<Vec<_>>()),
        entries(&in_effect)
    );
    assert!(
        !session.can_redo(),
        "the redo was used up by playing it again"
    );
}

#[test]
fn the_gm_rolls_for_the_orcs_by_hand_after_dice_orcs_hand() {
    let mut session = knight();
    dice(
        &mut session,
        DiceRule {
            who: Roller::Side("Orcs".into()),
            mode: DiceMode::Hand,
        },
    )
    .unwrap();
    // The turn-order tie is the orcs' first roll: now asked at the table.
    let w = session.waiting().expect("a roll is asked");
    let Pending::Roll(req) = &w.pending else {
        panic!("the orcs' roll is asked");
    };
    let roller = req.roller.expect("a figure rolls");
    assert_eq!(
        <Gurps as fray_core::Fight>::name(&w.state, roller),
        "Orc chief"
    );
    // The setting is in the log: undo takes it back.
    assert_eq!(undo(&mut session), Ok(1));
    assert!(session.dice().is_empty());
}

#[test]
fn nothing_is_rewritten_undo_and_redo_are_records_of_their_own() {
    let mut session = knight();
    play(&mut session, 4);
    let before: Vec<_> = session.records().to_vec();
    undo(&mut session).unwrap();
    redo(&mut session).unwrap();
    let after = session.records();
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "earlier records unchanged"
    );
    let kinds: Vec<&str> = after[before.len()..]
        .iter()
        .map(|r| r.entry.kind())
        .collect();
    assert_eq!(kinds, ["undo", "redo"]);
    assert!(after.iter().enumerate().all(|(i, r)| r.rev == i as u64 + 1));
    // Continuing after the redo needs no continue: a person is waited for.
    assert!(session.waiting().is_some());
    assert!(gm(&mut session, Given::Continue).is_err());
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

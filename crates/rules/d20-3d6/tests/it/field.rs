//! A large field plays as a small one (issue 35): on a field of more than
//! `SMALL_FIELD` fighters the state keeps an index of who stands where
//! (`State::occupancy`), and the same fight played with the index turned
//! off (every lookup a pass over the field) narrates byte for byte the
//! same. Debug builds, where the tests run, also compare the index with
//! the fighters after every step and every answer it gives with a pass.

use fray_core::Engine;
use fray_core::occupancy::SMALL_FIELD;
use fray_d20_3d6::D20;
use fray_d20_3d6::state::State;
use fray_sim::field_check;

/// Two armies of `columns` by `ranks` fighters, two squares apart
/// (`scripts/battle`'s layout).
fn battle(columns: i32, ranks: i32, rounds: u32) -> State {
    let text = field_check::battle(
        "d20-3d6",
        "square",
        "fighter",
        (columns, ranks, rounds),
        |x, y, _| format!("position = {{ x = {x}, y = {y} }}"),
    );
    let scenario = toml::from_str(&text).expect("the battle parses");
    D20::setup(&scenario).expect("the battle sets up")
}

#[test]
fn a_battle_plays_the_same_with_and_without_the_occupancy_index() {
    // rule: X-MOV-011 (no one ends in an occupied space, looked up by the
    // index), X-ACT-007 (threatened squares)
    let start = battle(12, 2, 6);
    assert!(start.fighters.len() > SMALL_FIELD);
    assert!(start.occupancy.indexed(), "a large field keeps the index");
    assert!(start.occupancy_in_step());
    let mut scanned = start.clone();
    scanned.occupancy = Default::default();
    let differs = field_check::first_difference::<D20>(&start, &scanned, 3).unwrap();
    assert_eq!(differs, None, "the first seed that plays differently");
}

#[test]
fn the_index_follows_every_move_of_a_fight() {
    // rule: X-MOV-001
    let mut state = battle(12, 2, 5);
    let start: Vec<_> = state.fighters.iter().map(|f| f.pos).collect();
    field_check::steps_keeping::<D20>(&mut state, 7, |s| s.occupancy_in_step()).unwrap();
    let moved = state
        .fighters
        .iter()
        .zip(&start)
        .filter(|(f, p)| f.pos != **p)
        .count();
    assert!(moved > 0, "fighters moved");
    for f in &state.fighters {
        assert!(state.occupancy.at(f.pos).next().is_some());
    }
}

//! A large field plays as a small one (issue 35): on a field of more than
//! `SMALL_FIELD` figures the state keeps an index of who stands where
//! (`State::occupancy`), and the same fight played with the index turned
//! off (every lookup a pass over the field) narrates byte for byte the
//! same. Debug builds, where the tests run, also compare the index with
//! the fighters after every step and every answer it gives with a pass.

use fray_core::Engine;
use fray_core::occupancy::SMALL_FIELD;
use fray_margin_3d6::Margin;
use fray_margin_3d6::model::state::State;
use fray_sim::field_check;

/// Two armies of `columns` by `ranks` men-at-arms, two hexes apart
/// (`scripts/battle`'s layout).
fn battle(columns: i32, ranks: i32, rounds: u32) -> State {
    let text = field_check::battle(
        "margin-3d6",
        "hex",
        "man_at_arms",
        (columns, ranks, rounds),
        field_check::hex_place,
    );
    let scenario = toml::from_str(&text).expect("the battle parses");
    Margin::setup(&scenario).expect("the battle sets up")
}

#[test]
fn a_battle_plays_the_same_with_and_without_the_occupancy_index() {
    // rule: M-FLO-006 (moves round foes and into free hexes, looked up by
    // the index), M-FLO-001
    let start = battle(12, 2, 8);
    assert!(start.fighters.len() > SMALL_FIELD);
    assert!(start.occupancy.indexed(), "a large field keeps the index");
    assert!(start.occupancy_in_step());
    let mut scanned = start.clone();
    scanned.occupancy = Default::default();
    let differs = field_check::first_difference::<Margin>(&start, &scanned, 3).unwrap();
    assert_eq!(differs, None, "the first seed that plays differently");
}

#[test]
fn the_index_follows_every_move_of_a_fight() {
    // rule: M-FLO-006
    let mut state = battle(12, 2, 6);
    let start: Vec<_> = state.fighters.iter().map(|f| f.pos).collect();
    field_check::steps_keeping::<Margin>(&mut state, 7, |s| s.occupancy_in_step()).unwrap();
    let moved = state
        .fighters
        .iter()
        .zip(&start)
        .filter(|(f, p)| f.pos != **p)
        .count();
    assert!(moved > 0, "figures moved");
    for f in &state.fighters {
        let here: Vec<_> = state.occupancy.at(f.pos).collect();
        assert!(!here.is_empty());
    }
}

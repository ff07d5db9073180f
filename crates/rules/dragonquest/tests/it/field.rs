//! A large field plays as a small one (issue 35): on a field of more than
//! `SMALL_FIELD` figures the state keeps an index of who stands where
//! (`State::occupancy`), and the same fight played with the index turned
//! off (every lookup a pass over the field) narrates byte for byte the
//! same. Debug builds, where the tests run, also compare the index with
//! the fighters after every step and every answer it gives with a pass.

use fray_core::Engine;
use fray_core::occupancy::SMALL_FIELD;
use fray_dragonquest::DragonQuest;
use fray_dragonquest::model::state::State;
use fray_sim::field_check;

/// Two armies of `columns` by `ranks` swordsmen, two hexes apart
/// (`scripts/battle`'s layout).
fn battle(columns: i32, ranks: i32, rounds: u32) -> State {
    let text = field_check::battle(
        "dragonquest",
        "hex",
        "swordsman",
        (columns, ranks, rounds),
        field_check::hex_place,
    );
    let scenario = toml::from_str(&text).expect("the battle parses");
    DragonQuest::setup(&scenario).expect("the battle sets up")
}

#[test]
fn a_battle_plays_the_same_with_and_without_the_occupancy_index() {
    // rule: DQ-14-004 (moves stop in foes' melee zones, found by
    // the index), DQ-12-008 (engagements)
    let start = battle(12, 2, 8);
    assert!(start.figures.len() > SMALL_FIELD);
    assert!(start.occupancy.indexed(), "a large field keeps the index");
    assert!(start.occupancy_in_step());
    let mut scanned = start.clone();
    scanned.occupancy = Default::default();
    let differs = field_check::first_difference::<DragonQuest>(&start, &scanned, 3).unwrap();
    assert_eq!(differs, None, "the first seed that plays differently");
}

#[test]
fn the_index_follows_every_move_of_a_fight() {
    // rule: DQ-14-001
    let mut state = battle(12, 2, 6);
    let start: Vec<_> = state.figures.iter().map(|f| f.pos).collect();
    field_check::steps_keeping::<DragonQuest>(&mut state, 7, |s| s.occupancy_in_step()).unwrap();
    let moved = state
        .figures
        .iter()
        .zip(&start)
        .filter(|(f, p)| f.pos != **p)
        .count();
    assert!(moved > 0, "figures moved");
    for f in &state.figures {
        let here: Vec<_> = state.occupancy.at(f.pos).collect();
        assert!(!here.is_empty());
    }
}

#[test]
fn a_ring_holds_every_hex_at_its_distance_once() {
    // The nearest-foe search walks rings through the index (issue 35).
    use fray_core::grid::HexPos;
    use fray_dragonquest::model::state::{hex_distance, ring};
    let center = HexPos::new(3, -2);
    for r in 0..=7u32 {
        let mut hexes: Vec<HexPos> = ring(center, r).collect();
        assert!(
            hexes.iter().all(|&h| hex_distance(center, h) == r),
            "ring {r}"
        );
        hexes.sort();
        hexes.dedup();
        assert_eq!(
            hexes.len(),
            if r == 0 { 1 } else { 6 * r as usize },
            "ring {r}"
        );
    }
}

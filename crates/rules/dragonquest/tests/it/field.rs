//! A large field plays as a small one (issue 35): on a field of more than
//! `SMALL_FIELD` figures the state keeps an index of who stands where
//! (`State::occupancy`), and the same fight played with the index turned
//! off (every lookup a pass over the field) narrates byte for byte the
//! same. Debug builds, where the tests run, also compare the index with
//! the fighters after every step and every answer it gives with a pass.

use fray_dragonquest::DragonQuest;
use fray_dragonquest::model::state::State;
use fray_sim::field_check;

// rule: DQ-14-004 (moves stop in foes' melee zones, found by
// the index), DQ-12-008 (engagements): the same fight
// with and without the index.
// rule: DQ-14-001: the index after every move.
fray_sim::field_check_tests! {
    ruleset: DragonQuest, state: State, figures: figures,
    battle: ("hex", "swordsman", field_check::hex_place),
    same: (12, 2, 8), moves: (12, 2, 6),
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

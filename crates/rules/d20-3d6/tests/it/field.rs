//! A large field plays as a small one (issue 35): on a field of more than
//! `SMALL_FIELD` fighters the state keeps an index of who stands where
//! (`State::occupancy`), and the same fight played with the index turned
//! off (every lookup a pass over the field) narrates byte for byte the
//! same. Debug builds, where the tests run, also compare the index with
//! the fighters after every step and every answer it gives with a pass.

use fray_d20_3d6::D20;
use fray_d20_3d6::state::State;

// rule: X-MOV-011 (no one ends in an occupied space, looked up by the
// index), X-ACT-007 (threatened squares): the same fight
// with and without the index.
// rule: X-MOV-001: the index after every move.
fray_sim::field_check_tests! {
    ruleset: D20, state: State, figures: fighters,
    battle: ("square", "fighter", |x, y, _| format!("position = {{ x = {x}, y = {y} }}")),
    same: (12, 2, 6), moves: (12, 2, 5),
}

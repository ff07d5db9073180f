//! A large field plays as a small one (issue 35): on a field of more than
//! `SMALL_FIELD` figures the state keeps an index of who stands where
//! (`State::occupancy`), and the same fight played with the index turned
//! off (every lookup a pass over the field) narrates byte for byte the
//! same. Debug builds, where the tests run, also compare the index with
//! the fighters after every step and every answer it gives with a pass.

use fray_margin_3d6::Margin;
use fray_margin_3d6::model::state::State;
use fray_sim::field_check;

// rule: M-FLO-006 (moves round foes and into free hexes, looked up by
// the index), M-FLO-001: the same fight
// with and without the index.
// rule: M-FLO-006: the index after every move.
fray_sim::field_check_tests! {
    ruleset: Margin, state: State, figures: fighters,
    battle: ("hex", "man_at_arms", field_check::hex_place),
    same: (12, 2, 8), moves: (12, 2, 6),
}

//! The AI's table of choices (`ai::memo`, shared by the threads) changes no fight:
//! every bundled scenario narrates byte for byte the same with and without
//! it, and the simulator reports the same on 1 and 4 threads. The
//! simulator's path allocates nothing once the table has seen a fight's
//! situations. The first two are [`fray_sim::memo_check`]'s.

use fray_core::Engine;
use fray_core::{NullSink, SimOracle};
use fray_d20_3d6::D20;
use fray_d20_3d6::ai::memo;
use fray_d20_3d6::model::scenario::Scenario;
use fray_d20_3d6::model::state::State;
use fray_sim::memo_check::{self, MemoSwitches};

const SCENARIOS: [(&str, &str); 6] = [
    (
        "duel",
        include_str!("../../../../../scenarios/d20-3d6/duel.toml"),
    ),
    (
        "adept_and_guard",
        include_str!("../../../../../scenarios/d20-3d6/adept_and_guard.toml"),
    ),
    (
        "large_monster",
        include_str!("../../../../../scenarios/d20-3d6/large_monster.toml"),
    ),
    (
        "mounted_knight",
        include_str!("../../../../../scenarios/d20-3d6/mounted_knight.toml"),
    ),
    (
        "party_vs_goblins",
        include_str!("../../../../../scenarios/d20-3d6/party_vs_goblins.toml"),
    ),
    (
        "ranged_skirmish",
        include_str!("../../../../../scenarios/d20-3d6/ranged_skirmish.toml"),
    ),
];

fn start(text: &str) -> State {
    let s: Scenario = toml::from_str(text).unwrap();
    D20::setup(&s).unwrap()
}

const SWITCHES: MemoSwitches = MemoSwitches {
    set_enabled: memo::set_enabled,
    clear: memo::clear,
    len: memo::len,
};

#[test]
fn the_memo_changes_no_fight_of_any_bundled_scenario() {
    // rule: X-FLW-001 (the same fights, only faster)
    for (name, text) in SCENARIOS {
        let start = start(text);
        let fights = if name == "duel" { 40 } else { 8 };
        let entries = memo_check::changes_no_fight::<D20>(&start, fights, SWITCHES)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        // Fights of more fighters than a key holds are worked out every time.
        let fits = start.fighters.len() <= memo::FIGHTERS;
        assert_eq!(entries > 0, fits, "{name}: remembered or not");
    }
}

#[test]
fn the_memo_forgets_a_scenario_whose_sheets_changed() {
    // rule: X-ATK-007 (the choice that depends on the target's Defense)
    use crate::common::*;
    use fray_d20_3d6::model::action::{Action, Strike};
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    s.turn.actions = 1;
    let plain = Action::Attack(Strike::new(B, 0));
    assert_eq!(D20::ai_action(&s, A), plain);
    // The same state with a higher Defense in a new sheet, reindexed as
    // every change of a sheet is (a new roster): a new choice.
    let mut stats = (*s.fighter(B).stats).clone();
    stats.defense_skill += 12;
    let higher = std::sync::Arc::new(stats);
    let lower = std::mem::replace(&mut s.fighter_mut(B).stats, higher.clone());
    s.reindex();
    let want = fray_d20_3d6::ai::decide(&s, A);
    assert_eq!(D20::ai_action(&s, A), want);
    assert!(matches!(want, Action::Attack(st) if st.trust_to_luck));
    // Swapped back under the same roster: debug builds catch it (release
    // builds trust the roster: the memo compares one number, not every
    // sheet).
    s.fighter_mut(B).stats = lower;
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| D20::ai_action(&s, A)));
    assert_eq!(caught.is_err(), cfg!(debug_assertions));
    s.reindex();
    assert_eq!(D20::ai_action(&s, A), plain);
}

#[test]
fn the_simulator_reports_the_same_on_one_and_four_threads() {
    // rule: X-FLW-001
    let start = start(SCENARIOS[0].1);
    let run = |threads| memo_check::report_on::<D20>(&start, 3000, threads).unwrap();
    assert_eq!(run(1), run(4));
}

#[test]
fn the_duel_allocates_nothing_per_fight_once_the_memo_is_warm() {
    // rule: X-FLW-001 (the sampling path allocates nothing)
    let start = start(SCENARIOS[0].1);
    memo::set_enabled(true);
    // As in release builds: a hit is not recomputed to be checked.
    memo::set_verify(false);
    // The allocations of one fight, and whether it taught the table a new
    // situation (the seasoned AI then weighs its plans on copies of the
    // state, and asks a foe's AI what it would answer: that allocates).
    let play = |trial: u64| {
        let mut s = start.clone();
        let mut oracle = SimOracle::<D20>::new(fray_core::dice::trial_rng(1, trial));
        let before = memo::len();
        let count = allocation_counter::measure(|| {
            fray_core::engine::run(&mut s, &mut oracle, &mut NullSink).unwrap();
        })
        .count_total;
        (count, memo::len() > before)
    };
    for trial in 0..3000 {
        play(trial);
    }
    let n = 500;
    let (mut total, mut known, mut new) = (0, 0u64, 0u64);
    for trial in 3000..3000 + n {
        let (count, learned) = play(trial);
        if learned {
            new += 1;
        } else {
            total += count;
            known += 1;
        }
    }
    // What is left per fight of known situations is the turn order and the
    // initiative rows (three small vectors).
    memo::set_verify(cfg!(debug_assertions));
    assert!(known > 0, "every one of {n} fights met a new situation");
    assert!(
        total <= 4 * known,
        "{total} allocations in {known} fights ({} per fight; {new} others met a new situation)",
        total as f64 / known as f64
    );
}

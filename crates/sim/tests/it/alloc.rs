//! Issues 10 and 38: no allocation on the simulator's path. Each ruleset's
//! duel is played the way `fray sim`'s workers play it (one state refilled
//! from the start with `clone_from` before each fight,
//! [`simulate::play_one`]); after a warm-up that gives the worker's state
//! its room and fills the AI memo with most of the duel's situations, a
//! fight allocates nothing but in rare steps (see [`Budget`]). Counted by
//! the `allocation-counter` crate on this thread only (the other tests of
//! this binary run on their own threads), deterministically: the same
//! seeded fights every run.
//!
//! Debug builds check the rules again as they play (worded refusals, the
//! AI's decisions worked out afresh beside the memo's), and those checks
//! allocate: the counts are made where they are off, as the simulator
//! runs. `scripts/test` runs them so (`cargo test -p fray-sim --profile
//! profiling --test it alloc`).

use fray_core::{Ruleset, Tally};
use fray_sim::{probe, simulate};

/// Fights played before counting: the state's buffers and the AI memo's
/// tables are allocated once, and most of the duel's situations met.
const WARM_UP: u64 = 5_000;

/// Fights counted.
const COUNTED: u64 = 300;

/// Allocations the counted fights of one duel may make: each a little
/// above what they make today (the counts are deterministic), so that one
/// allocation a fight, 300 more, fails.
struct Budget {
    /// Rounds a fight lasts on average, more than this (a check that the
    /// fights were played out: the duels last 2.7 to 13.5 rounds).
    rounds: u64,
    /// At most this many, all told.
    count: u64,
    /// What makes them.
    why: &'static str,
}

/// Plays `scenario`'s duel as a simulator worker does and returns the
/// allocations of the counted fights, with the rounds of all the fights.
fn allocations<R: Ruleset>(scenario: &str) -> (allocation_counter::AllocationInfo, u64) {
    let path = format!("{}/../../scenarios/{scenario}", env!("CARGO_MANIFEST_DIR"));
    let start = probe::load::<R>(&path).expect("the bundled duel loads");
    let mut state = start.clone();
    let mut tallies = vec![Tally::default(); 2];
    let mut rounds = 0u64;
    let mut play = |trials: std::ops::Range<u64>, rounds: &mut u64| {
        for trial in trials {
            let outcome = simulate::play_one::<R>(&start, &mut state, 1, trial, &mut tallies)
                .expect("the duel plays to its end");
            *rounds += u64::from(outcome.rounds);
        }
    };
    play(0..WARM_UP, &mut rounds);
    let counted = allocation_counter::measure(|| play(WARM_UP..WARM_UP + COUNTED, &mut rounds));
    (counted, rounds)
}

/// Checks `scenario`'s counted fights against `budget`.
fn check<R: Ruleset>(scenario: &str, budget: Budget) {
    let (counted, rounds) = allocations::<R>(scenario);
    assert!(
        rounds > budget.rounds * (WARM_UP + COUNTED),
        "{scenario}: fights of more than {} rounds on average",
        budget.rounds
    );
    assert!(
        counted.count_total <= budget.count,
        "{scenario}: {} allocations ({} bytes) in {COUNTED} duels, where {} ({} at most): \
         the simulator's path allocates again",
        counted.count_total,
        counted.bytes_total,
        budget.why,
        budget.count,
    );
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "debug builds' checks allocate: run with --profile profiling"
)]
fn gurps_duel_refilled_as_the_simulator_does_allocates_only_rarely() {
    check::<fray_gurps::Gurps>(
        "gurps/duel.toml",
        Budget {
            rounds: 4,
            // 5 in these 300 fights when written.
            count: COUNTED / 10,
            why: "only a strike refused with a worded reason (`rules/attack.rs`) \
                  and a fresh route search of the AI (`fray_grid::seek`'s store) allocate",
        },
    );
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "debug builds' checks allocate: run with --profile profiling"
)]
fn dragonquest_duel_refilled_as_the_simulator_does_allocates_only_rarely() {
    check::<fray_dragonquest::DragonQuest>(
        "dragonquest/duel.toml",
        Budget {
            rounds: 4,
            // None in these 300 fights when written.
            count: COUNTED / 10,
            why: "only a memo table's growth allocates",
        },
    );
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "debug builds' checks allocate: run with --profile profiling"
)]
fn margin_duel_refilled_as_the_simulator_does_allocates_only_rarely() {
    check::<fray_margin_3d6::Margin>(
        "margin-3d6/duel.toml",
        Budget {
            rounds: 2,
            // 44 in these 300 fights when written.
            count: COUNTED / 3,
            why: "only the AI's fresh decisions allocate (the names and worded \
                  refusals of the maneuvers it checks)",
        },
    );
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "debug builds' checks allocate: run with --profile profiling"
)]
fn d20_duel_refilled_as_the_simulator_does_allocates_only_on_fresh_decisions() {
    check::<fray_d20_3d6::D20>(
        "d20-3d6/duel.toml",
        Budget {
            rounds: 2,
            // 121 in these 300 fights (753 before the copies a fresh
            // decision weighs its moves on were lent from the thread's
            // spares): the seasoned AI still meets new situations after
            // 5,000 duels, and words the moves it refuses.
            count: 160,
            why: "only the AI's fresh decisions allocate (their lists of moves, and \
                  the moves they refuse, worded)",
        },
    );
}

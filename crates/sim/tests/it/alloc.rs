//! Issue 10: no allocation on the simulator's path. The reference duel is
//! played the way `fray sim`'s workers play it (one state refilled from the
//! start with `clone_from` before each fight, [`simulate::play_one`]);
//! after a warm-up that gives the worker's state its room and fills this
//! thread's AI memo, a fight allocates nothing but for a few rare worded
//! strings and fresh route searches (see [`RARE`]). Counted by the
//! `allocation-counter` crate on this thread only (the other tests of this
//! binary run on their own threads), deterministically: the same seeded
//! fights every run.

use fray_core::Tally;
use fray_gurps::Gurps;
use fray_sim::{probe, simulate};

/// Fights played before counting: the state's buffers and the AI memo's
/// tables are allocated once, and most of the duel's situations met.
const WARM_UP: u64 = 100;

/// Fights counted.
const COUNTED: u64 = 300;

/// Allocations the counted fights may make, all of them rare: a strike
/// refused by its check with a worded reason (`rules/attack.rs`:
/// `check_weapon`, `check_target`), and the AI's route search when it
/// works a Move out afresh (`fray_grid::seek`'s store). Ten in these 300
/// fights when written (the gurps16alloc branch's commits), with a
/// strained limb's words among them, since built only for a narrator;
/// one allocation in every fight would be 300.
const RARE: u64 = COUNTED / 10;

/// Debug builds check the rules again as they play (worded refusals, the
/// AI's decisions worked out afresh beside the memo's), and those checks
/// allocate: the count is made where they are off, as the simulator runs
/// (`cargo test -p fray-sim --profile profiling --test it alloc`, or
/// `--release`).
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "debug builds' checks allocate: run with --profile profiling"
)]
fn a_duel_refilled_as_the_simulator_does_allocates_only_rarely() {
    let start = probe::load::<Gurps>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/gurps/duel.toml"
    ))
    .expect("the bundled duel loads");
    let mut state = start.clone();
    let mut tallies = vec![Tally::default(); 2];
    let mut rounds = 0u64;
    let mut play = |trials: std::ops::Range<u64>, rounds: &mut u64| {
        for trial in trials {
            let outcome = simulate::play_one::<Gurps>(&start, &mut state, 1, trial, &mut tallies)
                .expect("the duel plays to its end");
            *rounds += u64::from(outcome.rounds);
        }
    };
    play(0..WARM_UP, &mut rounds);
    let counted = allocation_counter::measure(|| play(WARM_UP..WARM_UP + COUNTED, &mut rounds));
    assert!(rounds > 4 * (WARM_UP + COUNTED), "fights of several rounds");
    assert!(
        counted.count_total <= RARE,
        "{} allocations ({} bytes) in {COUNTED} duels: the simulator's path allocates again",
        counted.count_total,
        counted.bytes_total
    );
}

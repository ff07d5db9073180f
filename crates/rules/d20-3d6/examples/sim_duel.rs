//! Plays a bundled scenario the way the simulator does, without the CLI,
//! for profiling this crate alone (`cargo build --profile profiling -p
//! fray-d20-3d6 --example sim_duel`, then `perf` or `valgrind
//! --tool=callgrind` on `target/profiling/examples/sim_duel`):
//!
//! `sim_duel [SCENARIO] [FIGHTS] [memo|nomemo]`
//!
//! One thread, fights `0..FIGHTS` of seed 1 as `fray sim` seeds them;
//! prints the wins per side and the rounds played, so runs with and
//! without the AI's table can be compared.

use fray_core::{NullSink, Ruleset, SimOracle};
use fray_d20_3d6::D20;
use fray_d20_3d6::model::scenario::Scenario;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "scenarios/d20-3d6/duel.toml".into());
    let fights: u64 = args.next().map_or(Ok(10_000), |n| n.parse())?;
    fray_d20_3d6::ai::memo::set_enabled(args.next().is_none_or(|m| m != "nomemo"));
    let scenario: Scenario = toml::from_str(&std::fs::read_to_string(&path)?)?;
    let start = D20::setup(&scenario)?;
    let mut wins = std::collections::BTreeMap::<String, u64>::new();
    let mut rounds = 0u64;
    for trial in 0..fights {
        let mut state = start.clone();
        let mut oracle = SimOracle::<D20>::new(fray_core::dice::trial_rng(1, trial));
        let outcome = fray_core::engine::run(&mut state, &mut oracle, &mut NullSink)
            .map_err(|e| format!("fight {trial}: {e}"))?;
        let side = outcome
            .winner
            .map_or("none".to_string(), |s| state.sides[s.index()].clone());
        *wins.entry(side).or_default() += 1;
        rounds += u64::from(outcome.rounds);
    }
    println!(
        "wins {wins:?}, rounds {rounds}, choices remembered {}",
        fray_d20_3d6::ai::memo::len()
    );
    Ok(())
}

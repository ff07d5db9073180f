//! Plays the bundled duel (or the scenario given second) many times on
//! one thread, as `fray sim` seeds it, and prints fights per second,
//! allocations per fight, the wins and the AI memo's reuse; with
//! `FRAY_MEMO=off` in the environment it plays without the AI's table, for
//! comparison. A quick probe while optimizing (profile it with `cargo build
//! --profile profiling -p fray-d20-3d6 --example d20_3d6_fight_rate`, then
//! `perf` or callgrind on `target/profiling/examples/d20_3d6_fight_rate`).
//! `d20_3d6_fight_rate [N] [SCENARIO]`.

use fray_d20_3d6::D20;
use fray_sim::probe;

fn main() -> Result<(), String> {
    let (n, path) = probe::args(
        10_000,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../scenarios/d20-3d6/duel.toml"
        ),
    );
    fray_d20_3d6::ai::memo::set_enabled(probe::memo_wanted());
    let start = probe::load::<D20>(&path)?;
    let mut played = Ok(probe::Serial::default());
    let counted = allocation_counter::measure(|| played = probe::play_serially::<D20>(&start, n));
    let played = played?;
    println!("{}", played.summary(counted.count_total, "rounds"));
    println!("AI memo: {} entries", fray_d20_3d6::ai::memo::len());
    Ok(())
}

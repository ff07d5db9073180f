//! Plays the bundled duel (or the scenario given second) many times on
//! one thread, as `fray sim` seeds it, and prints fights per second,
//! allocations per fight and the AI memo's reuse: a quick probe while
//! optimizing (`fray sim` under `time` and the criterion benchmarks are the
//! figures docs/performance.md reports). `dragonquest_fight_rate [N] [SCENARIO]`;
//! with `FRAY_MEMO=off` in the environment the AI's memo is off.

use fray_dragonquest::DragonQuest;
use fray_sim::probe;

fn main() -> Result<(), String> {
    let (n, path) = probe::args(
        100_000,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../scenarios/dragonquest/duel.toml"
        ),
    );
    let start = probe::load::<DragonQuest>(&path)?;
    fray_dragonquest::ai::memo::set_enabled(probe::memo_wanted());
    let mut played = Ok(probe::Serial::default());
    let counted =
        allocation_counter::measure(|| played = probe::play_serially::<DragonQuest>(&start, n));
    let played = played?;
    println!("{}", played.summary(counted.count_total, "pulses"));
    let c = fray_dragonquest::ai::memo::counts();
    println!(
        "AI memo: {} entries, {} hits, {} misses, {} not keyed",
        fray_dragonquest::ai::memo::len(),
        c.hits,
        c.misses,
        c.unkeyed
    );
    Ok(())
}

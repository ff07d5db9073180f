//! Plays the bundled duel (or the scenario given second) many times on
//! one thread, as `fray sim` seeds it, and prints fights per second,
//! allocations per fight and the AI memo's reuse: a quick probe while
//! optimizing (`fray sim` under `time` and the criterion benchmarks are the
//! figures docs/performance.md reports). `gurps_fight_rate [N] [SCENARIO]`;
//! with `FRAY_MEMO=off` in the environment the AI's memo is off (every
//! decision worked out afresh), to weigh the AI's whole cost.

use fray_gurps::Gurps;
use fray_sim::probe;

fn main() -> Result<(), String> {
    let (n, path) = probe::args(
        100_000,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../scenarios/gurps/duel.toml"
        ),
    );
    let start = probe::load::<Gurps>(&path)?;
    fray_gurps::ai::memo::set_enabled(probe::memo_wanted());
    let mut played = Ok(probe::Serial::default());
    let counted = allocation_counter::measure(|| played = probe::play_serially::<Gurps>(&start, n));
    let played = played?;
    println!("{}", played.summary(counted.count_total, "rounds"));
    let (read, kept, uncovered) = fray_gurps::ai::memo::counts();
    println!(
        "AI decisions: {read} read back from the memo, {kept} worked out and kept, \
         {uncovered} worked out outside it ({:.1}% read back)",
        100.0 * read as f64 / (read + kept + uncovered).max(1) as f64
    );
    let (short, long) = fray_gurps::ai::memo::kept();
    println!("AI memo: {short} decisions kept with short keys, {long} with long keys");
    Ok(())
}

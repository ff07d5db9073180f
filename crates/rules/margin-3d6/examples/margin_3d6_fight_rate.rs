//! Plays the bundled duel (or the scenario given second) many times on
//! one thread, as `fray sim` seeds it, and prints fights per second,
//! allocations per fight and the AI memo's reuse: a quick probe while
//! optimizing (`fray sim` under `time` and the criterion benchmarks are the
//! figures docs/performance.md reports). `margin_3d6_fight_rate [N] [SCENARIO]`;
//! with `FRAY_MEMO=off` in the environment the AI's memo is off (every
//! choice worked out), to weigh the memo's lookups against the AI's work.

use fray_margin_3d6::Margin;
use fray_sim::probe;

fn main() -> Result<(), String> {
    let (n, path) = probe::args(
        100_000,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../scenarios/margin-3d6/duel.toml"
        ),
    );
    let start = probe::load::<Margin>(&path)?;
    fray_margin_3d6::ai::memo::set_enabled(probe::memo_wanted());
    let mut played = Ok(probe::Serial::default());
    let counted =
        allocation_counter::measure(|| played = probe::play_serially::<Margin>(&start, n));
    let played = played?;
    println!("{}", played.summary(counted.count_total, "rounds"));
    let c = fray_margin_3d6::ai::memo::counts();
    println!(
        "AI memo: {} entries, {} hits, {} misses, {} not keyed",
        fray_margin_3d6::ai::memo::len(),
        c.hits,
        c.misses,
        c.unkeyed
    );
    Ok(())
}

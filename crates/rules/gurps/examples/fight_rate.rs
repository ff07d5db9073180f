//! Plays the bundled duel (or the scenario given second) many times with
//! the simulator's oracle and prints fights per second: a quick probe while
//! optimizing (the criterion benchmark in crates/sim/benches is the
//! reference figure). `fight_rate [N] [SCENARIO]`.

use fray_core::scenario::SourceFile;
use fray_core::{NullSink, SimOracle, engine, run};
use fray_gurps::Gurps;
use std::time::Instant;

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../scenarios/gurps/duel.toml"
    );
    let path = std::env::args().nth(2).unwrap_or_else(|| path.to_string());
    let file = SourceFile::read(std::path::Path::new(&path)).expect("a scenario file");
    let start = run::load::<Gurps>(file).expect("loads").state;
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200_000);
    let t = Instant::now();
    let mut rounds = 0u64;
    for i in 0..n {
        let mut state = start.clone();
        let mut oracle = SimOracle::<Gurps>::new(fray_core::dice::trial_rng(1, i));
        let o = engine::run(&mut state, &mut oracle, &mut NullSink).expect("runs");
        rounds += u64::from(o.rounds);
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{n} fights in {secs:.3} s: {:.0} fights/s, mean {:.2} rounds",
        n as f64 / secs,
        rounds as f64 / n as f64
    );
}

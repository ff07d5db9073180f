//! A battle of 2,000 GURPS knights (issue 9): two armies of 100 columns by
//! 10 ranks face each other across a gap of two hexes and fight for 10
//! rounds, default AI. What a turn costs must not grow with the size of the
//! field: the front ranks fight, the ranks behind look for a way in.
//!
//! Figures and the commands that produced them: `docs/performance.md`.

use criterion::{Criterion, criterion_group, criterion_main};
use fray_core::dice::trial_rng;
use fray_core::scenario::SourceFile;
use fray_core::{NullSink, SimOracle, engine, run};
use fray_gurps::Gurps;
use fray_gurps::state::State;
use std::fmt::Write;

/// `columns` columns of `ranks` knights a side, on an odd-q rectangle.
fn battle(columns: u32, ranks: u32, rounds: u32) -> State {
    let height = 2 * ranks + 2;
    let mut toml = format!(
        "ruleset = \"gurps\"\nname = \"Battle\"\nmax_rounds = {rounds}\n\n\
         [map]\nkind = \"hex\"\nwidth = {columns}\nheight = {height}\n"
    );
    for q in 0..columns {
        for rank in 0..ranks {
            for (side, row, facing) in [("North", rank, "s"), ("South", height - 1 - rank, "n")] {
                // Odd-q offset rows to axial r.
                let r = i64::from(row) - i64::from(q).div_euclid(2);
                write!(
                    toml,
                    "\n[[combatants]]\nname = \"{side} {q}-{rank}\"\nside = \"{side}\"\n\
                     template = \"knight\"\nposition = {{ q = {q}, r = {r} }}\nfacing = \"{facing}\"\n"
                )
                .expect("writing to a String");
            }
        }
    }
    run::load::<Gurps>(SourceFile::new("battle.toml", toml))
        .expect("the battle loads")
        .state
}

fn battles(c: &mut Criterion) {
    let mut g = c.benchmark_group("gurps battle, 10 rounds");
    g.sample_size(10);
    for (columns, ranks) in [(25, 10), (100, 10)] {
        let start = battle(columns, ranks, 10);
        let knights = 2 * columns * ranks;
        g.bench_function(format!("{knights} knights"), |b| {
            b.iter(|| {
                let mut state = start.clone();
                let mut oracle = SimOracle::<Gurps>::new(trial_rng(1, 0));
                engine::run(&mut state, &mut oracle, &mut NullSink).expect("the battle plays")
            })
        });
    }
    g.finish();
}

criterion_group!(benches, battles);
criterion_main!(benches);

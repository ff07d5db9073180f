//! The performance bar of issue 3: the reference fight (two GURPS knights,
//! `scenarios/gurps/duel.toml`, default AI, to the end) against a floor loop
//! that rolls exactly the dice of the median fight and nothing else.
//!
//! Figures and the commands that produced them: `docs/performance.md`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_core::Flow;
use fray_core::dice::{RollKind, Rolled, trial_rng};
use fray_core::scenario::SourceFile;
use fray_core::{CombatantId, NullSink, Oracle, SimOracle, engine, run};
use fray_gurps::Gurps;
use fray_gurps::state::State;
use std::hint::black_box;
use std::path::Path;

fn duel() -> State {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/gurps/duel.toml");
    let file = SourceFile::read(&path).expect("the duel is readable");
    run::load::<Gurps>(file).expect("the duel loads").state
}

/// The simulator's oracle, remembering the kind of every roll it answers.
struct Counting {
    inner: SimOracle<Gurps>,
    kinds: Vec<RollKind>,
}

impl Oracle<Gurps> for Counting {
    fn roll(&mut self, state: &State, req: &fray_core::RollRequest) -> Flow<Rolled, Gurps> {
        self.kinds.push(req.kind);
        self.inner.roll(state, req)
    }
    fn answer(
        &mut self,
        state: &State,
        q: &<Gurps as fray_core::Fight>::Question,
    ) -> Flow<<Gurps as fray_core::Fight>::Answer, Gurps> {
        self.inner.answer(state, q)
    }
    fn action(
        &mut self,
        state: &State,
        actor: CombatantId,
    ) -> Flow<<Gurps as fray_core::Fight>::Action, Gurps> {
        self.inner.action(state, actor)
    }
}

/// The rolls of the median fight (by number of rolls) among 1001 seeded fights.
fn median_fight_rolls(start: &State) -> Vec<RollKind> {
    let mut fights: Vec<Vec<RollKind>> = (0..1001)
        .map(|i| {
            let mut state = start.clone();
            let mut oracle = Counting {
                inner: SimOracle::new(trial_rng(1, i)),
                kinds: Vec::new(),
            };
            engine::run(&mut state, &mut oracle, &mut NullSink).expect("the duel plays");
            oracle.kinds
        })
        .collect();
    fights.sort_by_key(Vec::len);
    fights.swap_remove(500)
}

fn reference_fight(c: &mut Criterion) {
    let start = duel();
    let mut g = c.benchmark_group("gurps duel");
    g.throughput(Throughput::Elements(1));
    let mut trial = 0u64;
    // One state refilled from the start for every fight, as `fray sim`'s
    // workers do (`clone_from` reuses its buffers).
    let mut state = start.clone();
    g.bench_function("fight to the end", |b| {
        b.iter(|| {
            state.clone_from(&start);
            let mut oracle = SimOracle::<Gurps>::new(trial_rng(1, trial));
            trial += 1;
            engine::run(&mut state, &mut oracle, &mut NullSink).expect("the duel plays")
        })
    });
    let rolls = median_fight_rolls(&start);
    eprintln!("median fight: {} rolls", rolls.len());
    let mut trial = 0u64;
    g.bench_function("floor: the median fight's dice only", |b| {
        b.iter(|| {
            let mut rng = trial_rng(1, trial);
            trial += 1;
            let mut sum = 0i32;
            for k in &rolls {
                sum = sum.wrapping_add(black_box(k).sample(&mut rng).total);
            }
            sum
        })
    });
    g.finish();
}

criterion_group!(benches, reference_fight);
criterion_main!(benches);

//! Plays the bundled duel (or the scenario given second) many times with
//! the simulator's oracle and prints fights per second and allocations per
//! fight: a quick probe while optimizing (`fray sim` under `time` is the
//! figure docs/performance.md reports). `fight_rate [N] [SCENARIO]`.

use fray_core::scenario::SourceFile;
use fray_core::{NullSink, SimOracle, engine, run};
use fray_margin_3d6::Margin;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The system allocator, counting the allocations (and reallocations) made
/// through it, so that the simulator's path can be checked for them.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../scenarios/margin-3d6/duel.toml"
    );
    let path = std::env::args().nth(2).unwrap_or_else(|| path.to_string());
    let file = SourceFile::read(std::path::Path::new(&path)).expect("a scenario file");
    let start = run::load::<Margin>(file).expect("loads").state;
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let t = Instant::now();
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut rounds = 0u64;
    for i in 0..n {
        let mut state = start.clone();
        let mut oracle = SimOracle::<Margin>::new(fray_core::dice::trial_rng(1, i));
        let o = engine::run(&mut state, &mut oracle, &mut NullSink).expect("runs");
        rounds += u64::from(o.rounds);
    }
    let secs = t.elapsed().as_secs_f64();
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
    println!(
        "{n} fights in {secs:.3} s: {:.0} fights/s, mean {:.2} rounds, {:.1} allocations a fight",
        n as f64 / secs,
        rounds as f64 / n as f64,
        allocations as f64 / n as f64
    );
    let c = fray_margin_3d6::ai::memo::counts();
    println!(
        "AI memo: {} entries, {} hits, {} misses, {} not keyed",
        fray_margin_3d6::ai::memo::len(),
        c.hits,
        c.misses,
        c.unkeyed
    );
}

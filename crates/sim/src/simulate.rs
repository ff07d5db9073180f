//! Playing many seeded fights on all cores.
//!
//! Trial `i` is seeded from `(seed, i)` alone (`fray_dice::trial_rng`), and
//! trials are grouped in fixed chunks of [`CHUNK`] whose integer totals are
//! merged in whatever order the threads finish. Since neither the seeds nor
//! the sums depend on scheduling, the report is byte-identical for any
//! thread count (DESIGN.md invariant 1).

use crate::report::{Roster, SimReport};
use crate::totals::Totals;
use fray_core::dice::trial_rng;
use fray_core::{NullSink, Outcome, Ruleset, SimOracle, Tally, engine};
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

/// Fights per chunk: large enough that merging costs nothing, small enough
/// that threads share the work evenly and progress moves.
pub const CHUNK: u64 = 4096;

/// What to simulate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimConfig {
    /// Number of fights.
    pub trials: u64,
    /// The base seed; fight `i` uses `trial_rng(seed, i)`.
    pub seed: u64,
    /// Worker threads; `None` uses every core.
    pub threads: Option<usize>,
    /// Fights per unit of work ([`CHUNK`] unless testing). Like the thread
    /// count, it changes how work is shared, never the results.
    pub chunk: u64,
}

impl SimConfig {
    /// `trials` fights from `seed` on every core.
    pub fn new(trials: u64, seed: u64) -> Self {
        SimConfig {
            trials,
            seed,
            threads: None,
            chunk: CHUNK,
        }
    }

    /// The same, on `threads` worker threads (`None`: every core).
    pub fn with_threads(self, threads: Option<usize>) -> Self {
        SimConfig { threads, ..self }
    }
}

/// Why a simulation could not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// The thread pool could not be built.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// A fight stopped before its end (with the simulator's oracle this
    /// means a ruleset bug: an illegal AI action, a stuck fight).
    #[error("fight #{trial} (seed {seed}) stopped: {message}")]
    Trial {
        /// The index of the first fight that failed.
        trial: u64,
        /// The base seed.
        seed: u64,
        /// What stopped it.
        message: String,
    },
}

/// Plays `config.trials` fights from `start` and reports their statistics.
///
/// `progress` is told how many fights each finished chunk held (for a
/// progress bar); it is called from worker threads.
pub fn simulate<R: Ruleset>(
    start: &R::State,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SimReport, SimError> {
    // Refuses to build for a ruleset whose pools or counters overflow a Tally.
    let () = R::DECLARATIONS_FIT;
    let roster = Roster::of::<R>(start);
    let totals = totals::<R>(start, config, roster.sides.len(), progress)?;
    Ok(SimReport::build(&roster, config, &totals))
}

/// The integer totals of a simulation, before any float is computed.
pub fn totals<R: Ruleset>(
    start: &R::State,
    config: &SimConfig,
    sides: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Totals, SimError> {
    totals_of::<R>(start, config, 0..config.trials, sides, progress)
}

/// The integer totals of the fights `trials` of `config.seed` alone (fight
/// `i` seeded by `trial_rng(seed, i)` as in a whole run; `config.trials` is
/// not read). Since a fight's dice depend only on `(seed, i)` and totals
/// merge by addition, the totals of any split of `0..n` into ranges add up
/// to those of the whole run: the Python bindings' sweeps cut a point's
/// fights into shards this way and merge them exactly.
pub fn totals_of<R: Ruleset>(
    start: &R::State,
    config: &SimConfig,
    trials: Range<u64>,
    sides: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Totals, SimError> {
    if config.threads == Some(1) {
        return totals_here::<R>(start, config, trials, sides, progress);
    }
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(t) = config.threads {
        builder = builder.num_threads(t.max(1));
    }
    let pool = builder
        .build()
        .map_err(|e| SimError::Threads(e.to_string()))?;
    let combatants = R::combatants(start);
    shared_out(
        &pool,
        trials,
        config.chunk.max(1),
        &|| Totals::new(sides, combatants),
        // Each worker's tallies and its one state, refilled from `start`
        // for every fight (`clone_from` reuses its buffers).
        &|| (vec![Tally::default(); combatants], start.clone()),
        &|(tallies, state), fights, totals| {
            let n = fights.end - fights.start;
            run_chunk::<R>(start, state, config.seed, fights, tallies, totals)?;
            progress(n);
            Ok(())
        },
    )
}

/// Plays a chunk of fights with a worker's own `W`, adding into its totals.
type PlayChunk<'a, W> = dyn Fn(&mut W, Range<u64>, &mut Totals) -> Result<(), SimError> + Sync + 'a;

/// Plays the fights `trials` in chunks of `chunk` on every worker of
/// `pool`, and merges what the workers added up.
///
/// The chunks are handed out in order from one counter: a worker that runs
/// out takes the next, so the last one to finish is at most one chunk
/// behind. (Rayon's splitting of `0..chunks` let a worker run a block of
/// chunks alone at the end while the other slept: up to 42 ms of a
/// one-second million, docs/performance.md.) A worker makes its own
/// `W` with `worker` when it takes its first chunk (a sim of fewer chunks
/// than threads, a field of thousands of figures say, copies the start
/// only for the workers it has work for), and `play` adds a chunk into
/// the worker's totals, made by `empty`.
///
/// The error is that of the earliest failing fight, whatever the
/// scheduling: a chunk that starts after the lowest failure found so far
/// is skipped, and every chunk before it is still played.
fn shared_out<W>(
    pool: &rayon::ThreadPool,
    trials: Range<u64>,
    chunk: u64,
    empty: &(dyn Fn() -> Totals + Sync),
    worker: &(dyn Fn() -> W + Sync),
    play: &PlayChunk<'_, W>,
) -> Result<Totals, SimError> {
    let chunks = (trials.end.saturating_sub(trials.start)).div_ceil(chunk);
    let next = AtomicU64::new(0);
    let first_failure = AtomicU64::new(u64::MAX);
    let per_worker = pool.broadcast(|_| {
        let mut own: Option<W> = None;
        let mut totals = empty();
        loop {
            let c = next.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                return Ok(totals);
            }
            let begin = trials.start + c * chunk;
            let end = trials.end.min(begin.saturating_add(chunk));
            if begin > first_failure.load(Ordering::Relaxed) {
                continue;
            }
            let own = own.get_or_insert_with(worker);
            if let Err(e) = play(own, begin..end, &mut totals) {
                if let SimError::Trial { trial, .. } = &e {
                    first_failure.fetch_min(*trial, Ordering::Relaxed);
                }
                return Err(e);
            }
        }
    });
    let mut merged = empty();
    let mut failed: Option<SimError> = None;
    for outcome in per_worker {
        match outcome {
            Ok(totals) => merged.merge(&totals),
            Err(e) => {
                failed = Some(match failed.take() {
                    Some(f) => first_of(f, e),
                    None => e,
                });
            }
        }
    }
    failed.map_or(Ok(merged), Err)
}

/// [`totals_of`] on the calling thread alone (`threads == Some(1)`): no
/// pool is built, and the thread's own caches (the AI's per-thread memo)
/// stay warm from one call to the next, as they do on a Dask worker that
/// plays shard after shard of one scenario. The same chunks are played and
/// added up, so the totals are those of any other thread count.
fn totals_here<R: Ruleset>(
    start: &R::State,
    config: &SimConfig,
    trials: Range<u64>,
    sides: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Totals, SimError> {
    let combatants = R::combatants(start);
    let chunk = config.chunk.max(1);
    let mut tallies = vec![Tally::default(); combatants];
    let mut state = start.clone();
    let mut totals = Totals::new(sides, combatants);
    let mut begin = trials.start;
    while begin < trials.end {
        let end = trials.end.min(begin.saturating_add(chunk));
        run_chunk::<R>(
            start,
            &mut state,
            config.seed,
            begin..end,
            &mut tallies,
            &mut totals,
        )?;
        progress(end - begin);
        begin = end;
    }
    Ok(totals)
}

/// Plays the fights `trials`, reusing the caller's tally buffer and its
/// state (refilled from `start` before each fight).
fn run_chunk<R: Ruleset>(
    start: &R::State,
    state: &mut R::State,
    seed: u64,
    trials: Range<u64>,
    tallies: &mut [Tally],
    totals: &mut Totals,
) -> Result<(), SimError> {
    for trial in trials {
        let outcome = play_one::<R>(start, state, seed, trial, tallies)?;
        totals.record(&outcome, tallies);
    }
    Ok(())
}

/// One fight as a worker plays it: `state` refilled from `start`
/// (`clone_from` reuses its buffers), fight `trial` of `seed` played to its
/// end with the simulator's oracle and no sink, and the combatants tallied
/// into `tallies`. Public so that a test can count what a fight allocates
/// (issue 10: nothing, once the worker's state has its room).
#[inline]
pub fn play_one<R: Ruleset>(
    start: &R::State,
    state: &mut R::State,
    seed: u64,
    trial: u64,
    tallies: &mut [Tally],
) -> Result<Outcome, SimError> {
    state.clone_from(start);
    let mut oracle = SimOracle::<R>::new(trial_rng(seed, trial));
    let outcome = engine::run(state, &mut oracle, &mut NullSink).map_err(|e| SimError::Trial {
        trial,
        seed,
        message: e.to_string(),
    })?;
    R::tally(state, tallies);
    Ok(outcome)
}

/// Of two errors, the one of the earlier fight (so the report does not
/// depend on which thread failed first).
fn first_of(a: SimError, b: SimError) -> SimError {
    match (&a, &b) {
        (SimError::Trial { trial: x, .. }, SimError::Trial { trial: y, .. }) if y < x => b,
        (SimError::Threads(_), SimError::Trial { .. }) => b,
        _ => a,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trial(trial: u64) -> SimError {
        SimError::Trial {
            trial,
            seed: 1,
            message: "stuck".into(),
        }
    }

    #[test]
    fn the_earliest_failing_fight_is_reported_whatever_the_order() {
        assert_eq!(first_of(trial(9), trial(4)), trial(4));
        assert_eq!(first_of(trial(4), trial(9)), trial(4));
        assert_eq!(first_of(SimError::Threads("x".into()), trial(9)), trial(9));
    }

    /// Fights 57 and 123 of 0..200 fail, in chunks of 10: on any number
    /// of threads the error names fight 57, and every fight before it was
    /// played; with no failure, every fight is added up once.
    #[test]
    fn shared_out_reports_the_earliest_failure_and_plays_everything_before_it() {
        for threads in [1, 2, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let before = &AtomicU64::new(0);
            let failing = |fails: &'static [u64]| {
                move |(): &mut (), fights: Range<u64>, totals: &mut Totals| {
                    for t in fights {
                        if fails.contains(&t) {
                            return Err(trial(t));
                        }
                        totals.fights += 1;
                        if t < 57 {
                            before.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    Ok(())
                }
            };
            let empty = || Totals::new(1, 0);
            let got = shared_out(&pool, 0..200, 10, &empty, &|| (), &failing(&[123, 57]));
            assert_eq!(got.err(), Some(trial(57)), "{threads} threads");
            assert_eq!(before.load(Ordering::Relaxed), 57, "{threads} threads");
            let all = shared_out(&pool, 5..200, 10, &empty, &|| (), &failing(&[]));
            assert_eq!(all.map(|t| t.fights), Ok(195), "{threads} threads");
        }
    }

    #[test]
    fn config_defaults_to_every_core_and_the_standard_chunk() {
        let c = SimConfig::new(10, 2);
        assert_eq!((c.threads, c.chunk), (None, CHUNK));
        assert_eq!(c.with_threads(Some(3)).threads, Some(3));
    }
}

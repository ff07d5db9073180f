//! A quick probe while optimizing a ruleset: its fights played one after
//! another on this thread, exactly as `fray sim` seeds them, with the
//! time taken, the rounds played and the wins per side.
//!
//! Each ruleset's `examples/<ruleset>_fight_rate.rs` wraps [`play_serially`] in an
//! allocation counter (the `allocation-counter` crate, a dev-dependency
//! there, never of the CLI), so allocations per fight come with the rate.
//! `fray sim` under `time`, and the criterion benchmarks, stay the figures
//! docs/performance.md reports.

use fray_core::scenario::SourceFile;
use fray_core::{NullSink, Ruleset, SimOracle, engine, run};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

/// What [`play_serially`] measured.
#[derive(Clone, Debug, Default)]
pub struct Serial {
    /// Fights played.
    pub fights: u64,
    /// Wall time, in seconds.
    pub secs: f64,
    /// Rounds (or pulses) played, all fights together.
    pub rounds: u64,
    /// Wins per side name (`none` for a draw).
    pub wins: BTreeMap<String, u64>,
}

impl Serial {
    /// Fights per second.
    pub fn rate(&self) -> f64 {
        self.fights as f64 / self.secs.max(f64::MIN_POSITIVE)
    }

    /// Mean rounds a fight.
    pub fn mean_rounds(&self) -> f64 {
        self.rounds as f64 / self.fights.max(1) as f64
    }

    /// The probe's line: fights, time, rate, mean rounds (named by the
    /// ruleset's word for them, `rounds` or `pulses`), `allocations` (all
    /// fights together, as the example's counter measured them) a fight,
    /// and the wins.
    pub fn summary(&self, allocations: u64, rounds_word: &str) -> String {
        format!(
            "{} fights in {:.3} s: {:.0} fights/s, mean {:.2} {rounds_word}, {:.1} allocations a fight; wins {:?}",
            self.fights,
            self.secs,
            self.rate(),
            self.mean_rounds(),
            allocations as f64 / self.fights.max(1) as f64,
            self.wins
        )
    }
}

/// The probe's command line: `[FIGHTS] [SCENARIO]`, with defaults.
pub fn args(default_fights: u64, default_scenario: &str) -> (u64, String) {
    let mut args = std::env::args().skip(1);
    let fights = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(default_fights);
    let scenario = args.next().unwrap_or_else(|| default_scenario.to_string());
    (fights, scenario)
}

/// Whether the AI's memo is wanted: every probe turns it off when
/// `FRAY_MEMO=off` is in the environment, to weigh the memo's lookups
/// against the AI's own work.
pub fn memo_wanted() -> bool {
    std::env::var("FRAY_MEMO").ok().is_none_or(|v| v != "off")
}

/// The start state of the scenario at `path`.
pub fn load<R: Ruleset>(path: &str) -> Result<R::State, String> {
    let file = SourceFile::read(Path::new(path)).map_err(|e| e.to_string())?;
    run::load::<R>(file)
        .map(|loaded| loaded.state)
        .map_err(|e| e.to_string())
}

/// Plays fights `0..fights` of seed 1 from `start`, one after another.
pub fn play_serially<R: Ruleset>(start: &R::State, fights: u64) -> Result<Serial, String> {
    let t = Instant::now();
    let mut out = Serial {
        fights,
        ..Serial::default()
    };
    let mut tally = vec![0u64; R::roster(start).len() + 1];
    let sides = side_names::<R>(start);
    // One state, refilled from `start` for every fight as `fray sim`'s
    // workers do (`clone_from` reuses its buffers).
    let mut state = start.clone();
    for trial in 0..fights {
        state.clone_from(start);
        let mut oracle = SimOracle::<R>::new(fray_core::dice::trial_rng(1, trial));
        let outcome = engine::run(&mut state, &mut oracle, &mut NullSink)
            .map_err(|e| format!("fight {trial}: {e}"))?;
        out.rounds += u64::from(outcome.rounds);
        let slot = outcome.winner.map_or(0, |s| s.index() + 1);
        if let Some(n) = tally.get_mut(slot) {
            *n += 1;
        }
    }
    out.secs = t.elapsed().as_secs_f64();
    for (slot, n) in tally.into_iter().enumerate().filter(|(_, n)| *n > 0) {
        let name = match slot {
            0 => "none".to_string(),
            s => sides
                .get(s - 1)
                .cloned()
                .unwrap_or_else(|| format!("side {s}")),
        };
        out.wins.insert(name, n);
    }
    Ok(out)
}

/// Side names by index, from the roster.
fn side_names<R: Ruleset>(state: &R::State) -> Vec<String> {
    let mut names: Vec<(usize, String)> = R::roster(state)
        .into_iter()
        .map(|c| (c.side.index(), c.side_name))
        .collect();
    names.sort();
    names.dedup_by_key(|(i, _)| *i);
    let mut out = Vec::new();
    for (i, name) in names {
        out.resize(i, String::new());
        out.push(name);
    }
    out
}

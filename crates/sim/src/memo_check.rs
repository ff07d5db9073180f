//! The check every ruleset's AI memo owes its tests: the table of
//! decisions changes no fight. Fights are narrated event by event with
//! the table off, then twice with it on (the first pass fills it, the
//! second reads it back), and compared byte for byte; the simulator's
//! report must not depend on the thread count either.
//!
//! A ruleset's `tests/it/memo.rs` names its scenarios and how many fights
//! each gets, and hands over its memo's switches ([`MemoSwitches`]).

use crate::{SimConfig, SimReport, simulate};
use fray_core::{InputLog, Ruleset, run};
use std::fmt::Write;

/// A ruleset's decision table, as its tests switch it.
#[derive(Clone, Copy, Debug)]
pub struct MemoSwitches {
    /// Turns lookups on or off for this thread.
    pub set_enabled: fn(bool),
    /// Starts this thread on a new, empty table.
    pub clear: fn(),
    /// Entries in the table this thread reads.
    pub len: fn() -> usize,
}

/// Why [`changes_no_fight`] failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemoCheckError {
    /// A fight stopped with an error (the seed and the error).
    Failed(u64, String),
    /// The memo changed the fight of `seed` on `pass` with the table on
    /// (0 while filling it, 1 while reading it back).
    Changed {
        /// The fight's seed.
        seed: u64,
        /// The pass with the table on.
        pass: u8,
    },
}

/// The whole narration of the fight of `seed`, every event on a line.
pub fn narration<R: Ruleset>(start: &R::State, seed: u64) -> Result<String, MemoCheckError> {
    let mut state = start.clone();
    let mut out = String::new();
    run::fight::<R>(&mut state, &InputLog::default(), seed, |e| {
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{e:?}");
    })
    .map_err(|e| MemoCheckError::Failed(seed, e.to_string()))?;
    Ok(out)
}

/// Plays seeds `0..fights` of `start` with the table off, then twice with
/// it on, and gives the entries the table holds after, or the first fight
/// it changed. The table is left on.
pub fn changes_no_fight<R: Ruleset>(
    start: &R::State,
    fights: u64,
    memo: MemoSwitches,
) -> Result<usize, MemoCheckError> {
    (memo.set_enabled)(false);
    let plain = (0..fights)
        .map(|seed| narration::<R>(start, seed))
        .collect::<Result<Vec<String>, _>>()?;
    (memo.set_enabled)(true);
    (memo.clear)();
    for pass in 0..2 {
        for (seed, want) in (0..fights).zip(&plain) {
            if narration::<R>(start, seed)? != *want {
                return Err(MemoCheckError::Changed { seed, pass });
            }
        }
    }
    Ok((memo.len)())
}

/// The simulator's report of `fights` fights of `start` (seed 7) on
/// `threads` threads, to compare across thread counts.
pub fn report_on<R: Ruleset>(
    start: &R::State,
    fights: u64,
    threads: usize,
) -> Result<SimReport, String> {
    let config = SimConfig::new(fights, 7).with_threads(Some(threads));
    simulate::<R>(start, &config, &|_| {}).map_err(|e| e.to_string())
}

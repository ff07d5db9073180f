//! The checks a ruleset's large-field index owes its tests (issue 35): on a
//! field of more than `fray_core::occupancy::SMALL_FIELD` figures the state
//! keeps an index of who stands where, and the same fight played with the
//! index turned off (every lookup a pass over the field) must narrate byte
//! for byte the same, and the index must follow every move.
//!
//! A ruleset's `tests/it/field.rs` writes its battle ([`battle`] lays out
//! the armies) and hands over the state with and without the index.

use crate::memo_check::{MemoCheckError, narration};
use fray_core::{InputOracle, NullSink, Progress, Ruleset, engine};

/// Two armies of `columns` by `ranks` figures of `template`, facing each
/// other two rows apart (`scripts/battle`'s layout), as scenario TOML for
/// `ruleset` on a map of `kind` (`hex` or `square`) with `rounds` rounds.
/// `place(column, row, north)` writes a figure's place keys
/// (`position = ...`, and a facing where the ruleset has one).
pub fn battle(
    ruleset: &str,
    kind: &str,
    template: &str,
    (columns, ranks, rounds): (i32, i32, u32),
    place: impl Fn(i32, i32, bool) -> String,
) -> String {
    let height = 2 * ranks + 2;
    let mut text = format!(
        "ruleset = \"{ruleset}\"\nname = \"Battle\"\nmax_rounds = {rounds}\n[map]\nkind = \"{kind}\"\nwidth = {columns}\nheight = {height}\n"
    );
    for column in 0..columns {
        for rank in 0..ranks {
            for (side, row) in [("North", rank), ("South", height - 1 - rank)] {
                let north = side == "North";
                text += &format!(
                    "[[combatants]]\nname = \"{side} {column}-{rank}\"\nside = \"{side}\"\ntemplate = \"{template}\"\n{}\n",
                    place(column, row, north)
                );
            }
        }
    }
    text
}

/// The place keys of a figure in column `q`, row `row` of a hex battle
/// (flat-top hexes in offset columns), facing the other army.
pub fn hex_place(q: i32, row: i32, north: bool) -> String {
    let (r, facing) = (row - q / 2, if north { "s" } else { "n" });
    format!("position = {{ q = {q}, r = {r} }}\nfacing = \"{facing}\"")
}

/// Plays seeds `1..=seeds` from `indexed` and from `scanned` (the same
/// state with its index off) and gives the first seed whose narrations
/// differ, if any.
pub fn first_difference<R: Ruleset>(
    indexed: &R::State,
    scanned: &R::State,
    seeds: u64,
) -> Result<Option<u64>, MemoCheckError> {
    for seed in 1..=seeds {
        if narration::<R>(indexed, seed)? != narration::<R>(scanned, seed)? {
            return Ok(Some(seed));
        }
    }
    Ok(None)
}

/// Plays the fight of `seed` from `state` step by step (dice and choices
/// from the seed) and asks `in_step` after every step; gives the number of
/// steps, or the step after which `in_step` said no, or why it halted.
pub fn steps_keeping<R: Ruleset>(
    state: &mut R::State,
    seed: u64,
    in_step: impl Fn(&R::State) -> bool,
) -> Result<usize, String> {
    let mut oracle = InputOracle::<R>::script(&Default::default(), seed);
    let mut sink = NullSink;
    let mut steps = 0;
    loop {
        steps += 1;
        match engine::step(state, &mut oracle, &mut sink) {
            Ok(Progress::Over(_)) => return Ok(steps),
            Ok(_) if in_step(state) => {}
            Ok(_) => return Err(format!("out of step after step {steps}")),
            Err(e) => return Err(format!("halted: {e}")),
        }
    }
}

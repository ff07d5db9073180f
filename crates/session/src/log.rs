//! The table's log: append-only records, each with its revision number and
//! the seat that gave it.
//!
//! Nothing in the log is ever rewritten, so a store appends one row per
//! record and a watcher that missed some catches up from its last revision.
//! What is in effect is derived by reading the records in order: an
//! [`Entry::Undo`] takes earlier records out of effect and an
//! [`Entry::Redo`] puts them back; both are records themselves.
//!
//! A person's input to the step in progress is a record of its own
//! ([`Entry::Input`]), so nothing acknowledged is lost while a step waits
//! for someone else. When the step completes, an [`Entry::Step`] record
//! holds every input it consumed in order (the people's again, and the
//! AI's choices and the dice the session rolled), which is what a replay
//! reads.

use crate::dice::DiceRule;
use crate::seat::{Seat, SeatPlan};
use fray_core::{Override, RollInput, Ruleset};
use serde::{Deserialize, Serialize};

/// Where an input came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// Typed by a person at the table.
    Table,
    /// Rolled by the session for a person who asked ("roll for me"):
    /// checked against the seed when a game is loaded.
    ForMe,
    /// The AI's choice, or dice the session rolled on its own (checked
    /// against the seed when a game is loaded).
    Auto,
    /// Read from a saved game of the first format, which did not say.
    Old,
}

impl By {
    /// Whether a person gave it (typed, or asked the session to roll).
    pub fn is_person(self) -> bool {
        matches!(self, By::Table | By::ForMe)
    }
}

/// One input a step consumed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    bound(serialize = "", deserialize = ""),
    rename_all = "snake_case",
    deny_unknown_fields
)]
pub enum Input<R: Ruleset> {
    /// A declared action, with the name of its actor.
    Action {
        /// Who acts.
        actor: String,
        /// What it declares.
        action: R::Action,
        /// From whom.
        by: By,
    },
    /// An answer to a question.
    Answer {
        /// The answer.
        answer: R::Answer,
        /// From whom.
        by: By,
    },
    /// A roll.
    Roll {
        /// The dice.
        roll: RollInput,
        /// From whom.
        by: By,
    },
}

impl<R: Ruleset> Input<R> {
    /// Which queue it answers: 0 actions, 1 answers, 2 rolls.
    pub(crate) fn kind(&self) -> usize {
        match self {
            Input::Action { .. } => 0,
            Input::Answer { .. } => 1,
            Input::Roll { .. } => 2,
        }
    }

    /// Where it came from.
    pub fn by(&self) -> By {
        match self {
            Input::Action { by, .. } | Input::Answer { by, .. } | Input::Roll { by, .. } => *by,
        }
    }
}

/// What one record did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    bound(serialize = "", deserialize = ""),
    rename_all = "snake_case",
    deny_unknown_fields
)]
pub enum Entry<R: Ruleset> {
    /// The table was opened: always the first record.
    Open,
    /// A person's input to the step in progress.
    Input(Input<R>),
    /// One step of the engine completed (one action, or the end), with
    /// every input it consumed, in order.
    Step(Vec<Input<R>>),
    /// A game master's override, applied between steps.
    Override(Override),
    /// A dice setting: who rolls by hand from now on.
    Dice(DiceRule),
    /// The players' seats and what they see, from now on.
    Seats(SeatPlan),
    /// Records taken out of effect, by revision, last in effect last.
    Undo(Vec<u64>),
    /// Records put back in effect, by revision, in the order they apply.
    Redo(Vec<u64>),
}

impl<R: Ruleset> Entry<R> {
    /// The kind in a word, for summaries and stores: `input`, `step`...
    pub fn kind(&self) -> &'static str {
        match self {
            Entry::Open => "open",
            Entry::Input(_) => "input",
            Entry::Step(_) => "step",
            Entry::Override(_) => "override",
            Entry::Dice(_) => "dice",
            Entry::Seats(_) => "seats",
            Entry::Undo(_) => "undo",
            Entry::Redo(_) => "redo",
        }
    }
}

/// One record of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""), deny_unknown_fields)]
pub struct Record<R: Ruleset> {
    /// Its revision: 1 for the first record, one more for each after.
    pub rev: u64,
    /// The seat that gave it (for a step, the seat whose input set it off).
    pub seat: Seat,
    /// What it did.
    pub entry: Entry<R>,
}

/// What a record made happen, as the table tells it: the events of the
/// steps it played, and the words of overrides and of the table itself.
#[derive(Clone, Debug)]
pub enum Told<R: Ruleset> {
    /// An event of the fight.
    Event(R::Event),
    /// What an override or the table did, in words.
    Said(String),
}

impl<R: Ruleset> std::fmt::Display for Told<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Told::Event(e) => e.fmt(f),
            Told::Said(s) => f.write_str(s),
        }
    }
}

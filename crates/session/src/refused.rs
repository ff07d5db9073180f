//! Why the table refused an input. A refused input changes nothing: no
//! record is written, and the table waits for the same thing as before.

use crate::seat::Seat;
use fray_core::dice::DiceError;
use fray_core::{Illegal, Refusal};

/// Why the table refused an input from a seat. Code tells them apart by
/// variant; front ends show the words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// A watcher only reads.
    #[error("a watcher reads the table but gives nothing")]
    Watcher,
    /// Only the game master's seat may do this.
    #[error("only the game master may {0}")]
    GmOnly(&'static str),
    /// The input is another seat's to give.
    #[error("this is for {wanted} to give, not {seat}")]
    NotYours {
        /// Who gave it.
        seat: Seat,
        /// Whose it is.
        wanted: Seat,
    },
    /// The table does not wait for this kind of input now.
    #[error("the table waits for {waiting}, not for {given}")]
    NotWanted {
        /// What it waits for, in words.
        waiting: String,
        /// What was given.
        given: &'static str,
    },
    /// The action names another actor than the one whose turn it is.
    #[error("it is {turn}'s turn, not {given}'s")]
    WrongActor {
        /// Whose turn it is.
        turn: String,
        /// Whom the action names.
        given: String,
    },
    /// The rules do not allow this action or answer now.
    #[error("not allowed: {0}")]
    Illegal(Illegal),
    /// Dice that the requested roll cannot show.
    #[error("impossible roll: {0}")]
    BadRoll(DiceError),
    /// The step refused the input when it was played (in words).
    #[error("not accepted: {0}")]
    Rejected(String),
    /// The fight is over (undo first).
    #[error("the fight is over: undo first")]
    Over,
    /// Nobody is waited for: the table is paused (at the start, after an
    /// undo or a redo).
    #[error("the table is paused: the game master plays on (continue or step) or redoes")]
    Paused,
    /// The fight cannot go on (a scripted figure with no inputs left).
    #[error("the fight cannot go on: {0}")]
    Stuck(String),
    /// An override, dice setting or seating while a person's inputs wait
    /// in the step in progress.
    #[error("a step is in progress: finish it or undo its inputs first")]
    StepInProgress,
    /// Nothing was decided at the table yet.
    #[error("nothing to undo: no one at the table has decided anything yet")]
    NothingToUndo,
    /// No undo to give back.
    #[error("nothing to redo")]
    NothingToRedo,
    /// Continue or step when the table is not paused.
    #[error("the table is not paused: it waits for a person, or the fight is over")]
    NotPaused,
    /// The ruleset refused the override.
    #[error("{0}")]
    Override(#[from] Refusal),
    /// A seating that does not fit the fight.
    #[error("seats: {0}")]
    Seats(String),
}

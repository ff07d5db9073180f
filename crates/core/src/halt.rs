//! Why resolution stops before a step completes, and the result type every
//! resolution function returns.
//!
//! Resolution code returns [`Flow<T, R>`]: either its value or a [`Halt`]
//! that unwinds the step. Nothing of a halted step is committed; callers that
//! must not keep half a step (interactive play) run it on a clone.

use crate::ids::CombatantId;
use crate::roll::RollRequest;
use crate::ruleset::Fight;
use fray_dice::{DiceError, RollKind};
use std::fmt;

/// The result of a resolution step: a value, or why the step halted.
pub type Flow<T, R> = Result<T, Halt<R>>;

/// What an oracle is waiting for when a person has not answered yet.
#[derive(Clone, Debug)]
pub enum Pending<R: Fight> {
    /// A combatant's action for this turn.
    Action(CombatantId),
    /// A roll that a person makes (or asks the engine to make). Boxed, as
    /// the question is: a halt is rare, and a small [`Halt`] keeps every
    /// [`Flow`] in registers (see [`Halt`]).
    Roll(Box<RollRequest>),
    /// A question for a controller (a combatant's, a side's or the GM's).
    /// Boxed: a question may carry its options inline (no allocation when
    /// the simulator's AI answers it on the spot), and a halt is rare, so
    /// only a halted question pays for the box while every `Flow` stays small.
    Answer(Box<R::Question>),
}

/// Why a step halted before completing. Nothing of the step is committed.
///
/// Two words: every payload larger than a word is boxed (a halt is rare),
/// so a [`Flow`] of a small value (`()`, `bool`, an `i32`) is returned in
/// registers rather than through memory on every resolution call. A test
/// pins the size (`halt_is_two_words`).
#[derive(Clone, Debug)]
pub enum Halt<R: Fight> {
    /// A person must answer first; the step is retried with the answer.
    Pending(Pending<R>),
    /// A declared action is not allowed (boxed with its actor, see
    /// [`Halt::illegal`]: an id beside the box would make the halt three
    /// words, as a test pins).
    Illegal(Box<IllegalAction>),
    /// A scripted or typed input does not fit (boxed: a halt is rare, and a
    /// small `Flow` keeps every resolution call cheap).
    BadInput(Box<InputError>),
    /// The exact-odds enumeration already knows what follows this point (a
    /// merged checkpoint, [`crate::Cx::checkpoint`]); only its oracle halts so.
    Merged,
}

impl<R: Fight> Halt<R> {
    /// A halt for an input that does not fit.
    pub fn bad_input(e: InputError) -> Self {
        Halt::BadInput(Box::new(e))
    }

    /// A halt for an action of `who` the rules refuse.
    pub fn illegal(who: CombatantId, why: crate::Illegal) -> Self {
        Halt::Illegal(Box::new(IllegalAction { who, why }))
    }

    /// A halt for a roll a person must make first.
    pub fn roll(req: RollRequest) -> Self {
        Halt::Pending(Pending::Roll(Box::new(req)))
    }
}

/// An action the rules refuse, and whose it was ([`Halt::Illegal`]).
#[derive(Clone, Debug)]
pub struct IllegalAction {
    /// The combatant whose action it was.
    pub who: CombatantId,
    /// Why the rules refuse it.
    pub why: crate::Illegal,
}

/// An input (from a script, a saved game or a person) that does not fit
/// what the resolution asks for, or a resolution that cannot go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// A supplied roll is impossible for the dice requested.
    #[error("roll {number} ({label}, {kind}): {error}")]
    BadRoll {
        /// 1-based number of the roll in the fight.
        number: usize,
        /// What the roll was for.
        label: &'static str,
        /// The dice requested.
        kind: RollKind,
        /// Why the input does not fit.
        error: DiceError,
    },
    /// A strict script has no dice left.
    #[error("the script ran out of dice at roll {number} ({label}, {kind})")]
    OutOfDice {
        /// 1-based number of the roll in the fight.
        number: usize,
        /// What the roll was for.
        label: &'static str,
        /// The dice requested.
        kind: RollKind,
    },
    /// A strict script has no answer left.
    #[error("the script has no answer left for: {question}")]
    OutOfAnswers {
        /// The question, in words.
        question: String,
    },
    /// A script has no action left for a combatant it controls.
    #[error("the script has no action left for `{actor}`")]
    OutOfActions {
        /// The actor's name.
        actor: String,
    },
    /// The script's next action belongs to someone else.
    #[error("the script's next action is for `{scripted}`, but it is `{actor}`'s turn")]
    WrongActor {
        /// Whom the script names.
        scripted: String,
        /// Whose turn it is.
        actor: String,
    },
    /// An answer that does not fit its question.
    #[error("answer to \"{question}\": {why}")]
    BadAnswer {
        /// The question, in words.
        question: String,
        /// Why the answer does not fit.
        why: crate::Illegal,
    },
    /// The fight did not end within the step limit.
    #[error("the fight did not end within {0} steps")]
    TooManySteps(u32),
    /// An oracle that cannot go on (the odds enumeration's own limits).
    #[error("{0}")]
    Oracle(String),
}

impl<R: Fight> From<InputError> for Halt<R> {
    fn from(e: InputError) -> Self {
        Halt::bad_input(e)
    }
}

impl<R: Fight> fmt::Display for Halt<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Halt::Pending(Pending::Action(who)) => {
                write!(f, "waiting for the action of combatant {who}")
            }
            Halt::Pending(Pending::Roll(req)) => {
                write!(f, "waiting for a roll of {} ({})", req.kind, req.label)
            }
            Halt::Pending(Pending::Answer(q)) => write!(f, "waiting for an answer: {q}"),
            Halt::Illegal(refused) => write!(f, "illegal action: {}", refused.why),
            Halt::BadInput(why) => write!(f, "{why}"),
            Halt::Merged => f.write_str("the enumeration already knows what follows"),
        }
    }
}

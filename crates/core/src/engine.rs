//! The step driver: ask the ruleset what happens next, get the actor's
//! action from the oracle, check it, resolve it.
//!
//! A step either completes or stops with an [`Interrupt`]. Callers that must
//! not commit a half-resolved step (interactive play) run it on a clone of
//! the state and keep the clone only when the step completes.

use crate::event::EventSink;
use crate::ids::CombatantId;
use crate::oracle::Oracle;
use crate::roll::RollRequest;
use crate::ruleset::{Illegal, Next, Outcome, Ruleset};
use fray_dice::Rolled;
use std::fmt;
use std::marker::PhantomData;

/// The handle resolution code uses for rolls, questions and events.
pub struct Ctx<'a, R: Ruleset, O: Oracle<R>, S: EventSink<R::Event>> {
    oracle: &'a mut O,
    sink: &'a mut S,
    _ruleset: PhantomData<fn() -> R>,
}

impl<'a, R: Ruleset, O: Oracle<R>, S: EventSink<R::Event>> Ctx<'a, R, O, S> {
    /// A context over an oracle and a sink.
    pub fn new(oracle: &'a mut O, sink: &'a mut S) -> Self {
        Ctx {
            oracle,
            sink,
            _ruleset: PhantomData,
        }
    }

    /// Rolls dice through the oracle.
    #[inline]
    pub fn roll(&mut self, state: &R::State, req: RollRequest) -> Result<Rolled, Interrupt<R>> {
        self.oracle.roll(state, &req)
    }

    /// Asks the question's addressee through the oracle.
    pub fn ask(
        &mut self,
        state: &R::State,
        question: &R::Question,
    ) -> Result<R::Answer, Interrupt<R>> {
        let answer = self.oracle.answer(state, question)?;
        R::check_answer(question, &answer)
            .map_err(|e| Interrupt::BadInput(format!("answer to \"{question}\": {e}")))?;
        Ok(answer)
    }

    /// Whether events are wanted; lets callers skip building expensive ones.
    #[inline]
    pub fn narrating(&self) -> bool {
        S::ENABLED
    }

    /// Emits the event built by `make`, which runs only when events are wanted.
    #[inline]
    pub fn emit(&mut self, make: impl FnOnce() -> R::Event) {
        if S::ENABLED {
            self.sink.push(make());
        }
    }

    /// The oracle, for the driver.
    pub fn oracle(&mut self) -> &mut O {
        self.oracle
    }
}

/// What an oracle is waiting for when a person has not answered yet.
#[derive(Clone, Debug)]
pub enum Pending<R: Ruleset> {
    /// A combatant's action for this turn.
    Action(CombatantId),
    /// A roll that a person makes (or asks the engine to make).
    Roll(RollRequest),
    /// A question for a controller.
    Answer(R::Question),
}

/// Why a step stopped before completing. Nothing of the step is committed.
#[derive(Clone, Debug)]
pub enum Interrupt<R: Ruleset> {
    /// A person must answer first.
    Pending(Pending<R>),
    /// A declared action is not allowed.
    Illegal(CombatantId, Illegal),
    /// A scripted or typed input does not fit (wrong kind, impossible dice, script ran out).
    BadInput(String),
}

impl<R: Ruleset> fmt::Display for Interrupt<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Interrupt::Pending(Pending::Action(who)) => {
                write!(f, "waiting for the action of combatant {who}")
            }
            Interrupt::Pending(Pending::Roll(req)) => {
                write!(f, "waiting for a roll of {} ({})", req.kind, req.label)
            }
            Interrupt::Pending(Pending::Answer(q)) => write!(f, "waiting for an answer: {q}"),
            Interrupt::Illegal(_, why) => write!(f, "illegal action: {why}"),
            Interrupt::BadInput(why) => write!(f, "{why}"),
        }
    }
}

/// What one completed step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress<A> {
    /// `actor` declared and resolved `action`.
    Acted(CombatantId, A),
    /// The fight is over.
    Over(Outcome),
}

/// Runs one step: the ruleset's `next`, then the actor's action.
pub fn step<R: Ruleset, O: Oracle<R>, S: EventSink<R::Event>>(
    state: &mut R::State,
    oracle: &mut O,
    sink: &mut S,
) -> Result<Progress<R::Action>, Interrupt<R>> {
    let mut ctx = Ctx::<R, O, S>::new(oracle, sink);
    match R::next(state, &mut ctx)? {
        Next::Over(outcome) => Ok(Progress::Over(outcome)),
        Next::Act(actor) => {
            let action = ctx.oracle().action(state, actor)?;
            R::check_action(state, actor, &action).map_err(|e| Interrupt::Illegal(actor, e))?;
            R::resolve(state, actor, &action, &mut ctx)?;
            Ok(Progress::Acted(actor, action))
        }
    }
}

/// The most steps one fight may take before it is declared stuck.
/// Rulesets end fights by their own round limits long before this.
pub const MAX_STEPS: u32 = 1_000_000;

/// Runs steps until the fight is over.
pub fn run<R: Ruleset, O: Oracle<R>, S: EventSink<R::Event>>(
    state: &mut R::State,
    oracle: &mut O,
    sink: &mut S,
) -> Result<Outcome, Interrupt<R>> {
    for _ in 0..MAX_STEPS {
        if let Progress::Over(outcome) = step(state, oracle, sink)? {
            return Ok(outcome);
        }
    }
    Err(Interrupt::BadInput(format!(
        "the fight did not end within {MAX_STEPS} steps"
    )))
}

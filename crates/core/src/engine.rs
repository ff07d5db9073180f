//! The step driver: ask the ruleset what happens next, get the actor's
//! action from the oracle, check it, resolve it.
//!
//! A step either completes or halts ([`Halt`]). Callers that must not
//! commit a half-resolved step (interactive play) run it on a clone of the
//! state and keep the clone only when the step completes.

use crate::ctx::Ctx;
use crate::event::EventSink;
use crate::halt::{Flow, Halt, InputError};
use crate::ids::CombatantId;
use crate::oracle::Oracle;
use crate::ruleset::{Next, Outcome, Ruleset};

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
) -> Flow<Progress<R::Action>, R> {
    let mut cx = Ctx::<R, O, S>::new(oracle, sink);
    match R::next(state, &mut cx)? {
        Next::Over(outcome) => Ok(Progress::Over(outcome)),
        Next::Act(actor) => {
            let action = cx.oracle().action(state, actor)?;
            check(state, actor, &action, O::AI_ONLY)?;
            R::resolve(state, actor, &action, &mut cx)?;
            Ok(Progress::Acted(actor, action))
        }
    }
}

/// Checks the declared action, unless it is the ruleset's own AI's choice
/// and the ruleset promises those are legal ([`Engine::AI_ACTIONS_ARE_LEGAL`]):
/// then only debug builds check, and a violation is a bug, so it panics.
fn check<R: Ruleset>(
    state: &R::State,
    actor: CombatantId,
    action: &R::Action,
    ai_only: bool,
) -> Result<(), Halt<R>> {
    if ai_only && R::AI_ACTIONS_ARE_LEGAL {
        if cfg!(debug_assertions) {
            if let Err(e) = R::check_action(state, actor, action) {
                panic!("{actor:?}'s AI chose an illegal action {action:?}: {e}");
            }
        }
        return Ok(());
    }
    R::check_action(state, actor, action).map_err(|e| Halt::illegal(actor, e))
}

/// The most steps one fight may take before it is declared stuck.
/// Rulesets end fights by their own round limits long before this.
pub const MAX_STEPS: u32 = 1_000_000;

/// Runs steps until the fight is over.
pub fn run<R: Ruleset, O: Oracle<R>, S: EventSink<R::Event>>(
    state: &mut R::State,
    oracle: &mut O,
    sink: &mut S,
) -> Flow<Outcome, R> {
    for _ in 0..MAX_STEPS {
        if let Progress::Over(outcome) = step(state, oracle, sink)? {
            return Ok(outcome);
        }
    }
    Err(InputError::TooManySteps(MAX_STEPS).into())
}

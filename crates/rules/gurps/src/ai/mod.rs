//! The AIs of GURPS. The default (`ai`, `ai:aggressive`, ...) is the
//! seasoned one ([`seasoned`]): it weighs feints, Deceptive Attacks, hit
//! locations, defenses, All-Out maneuvers and its footing by their real
//! chances. The first AI is kept as `ai:basic` (`ai:basic-aggressive`, ...)
//! so that people and tests can compare the two ([`basic`]).
//!
//! Both are deterministic (no dice of their own) and both only declare
//! maneuvers `rules::maneuver::check` accepts: the simulator, the table and
//! the tests run the same resolution code whichever AI chose.

use crate::model::action::{Action, Answer, Question};
use crate::model::state::State;
use fray_core::CombatantId;

mod bands;
mod basic;
mod grappling;
mod magic;
pub mod memo;
mod seasoned;
mod tables;

pub(crate) use basic::approach;
use basic::expected_injury;

/// Whether `who` is played by the first AI (`ai:basic...`).
fn is_basic(state: &State, who: CombatantId) -> bool {
    state.fighter(who).is_basic_ai()
}

/// The AI's maneuver for `me`, always a legal one.
pub fn action(state: &State, me: CombatantId) -> Action {
    if is_basic(state, me) {
        memo::recall(state, me, basic::action)
    } else {
        memo::recall(state, me, seasoned::action)
    }
}

/// The AI's answer to a question put to one of its figures: the defense
/// [`crate::rules::defense::ai_choice`] picks (both minds' choices live
/// there, so that resolution may take it without building the question),
/// or where a fallen body lies.
pub fn answer(state: &State, q: &Question) -> Answer {
    match q {
        Question::Defend {
            defender, options, ..
        } => crate::rules::defense::ai_choice(state, *defender, options),
        Question::Fall {
            faller, options, ..
        } => basic::fall(state, *faller, options),
    }
}

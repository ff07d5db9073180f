//! The AIs of margin-3d6. The default (`ai`, `ai:aggressive`,
//! `ai:defensive`) is the seasoned one ([`seasoned`]): it weighs every
//! blow by its exact odds against the foe's best defense (the attack's
//! successes less the defense's AD, M-DEF-011), picks the weapon mode, the
//! hit location and the hex to strike from (a foe's flank or back), goes
//! all out or feints when that pays, and picks up a dropped weapon. The
//! first AI is kept as `ai:basic` (`ai:basic-aggressive`,
//! `ai:basic-defensive`) so that the two can be compared ([`basic`]).
//!
//! Both are deterministic (no dice of their own) and both only declare
//! maneuvers `rules::maneuver::check` accepts: the simulator, the table and
//! the tests run the same resolution code whichever AI chose. Both answer
//! a defense question with the defense of the best target
//! (`rules::defense::best_answer`), which the simulator also takes without
//! building the question.

use crate::model::action::{Action, Answer, Question};
use crate::model::state::State;
use fray_core::CombatantId;

mod basic;
pub mod memo;
mod odds;
mod seasoned;
mod table;

/// The AI's tactics (`ai:<tactics>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tactics {
    /// Balanced.
    Default,
    /// All-Out Attack whenever it can hit (the first AI); the seasoned AI
    /// weighs its own blows more than the foe's.
    Aggressive,
    /// Retreats and defends more (the first AI); the seasoned AI weighs
    /// the foe's blows more than its own.
    Defensive,
}

impl Tactics {
    /// The names setup accepts.
    pub const NAMES: [&'static str; 6] = fray_core::controller::STANDARD_TACTICS;

    /// From a controller's tactics name; `basic-<tactics>` reads as
    /// `<tactics>`, `basic` as the default.
    #[inline(always)]
    pub fn of(name: Option<&str>) -> Tactics {
        match name.map(fray_core::controller::tactic_word) {
            Some("aggressive") => Tactics::Aggressive,
            Some("defensive") => Tactics::Defensive,
            _ => Tactics::Default,
        }
    }

    /// Whether the controller asks for the first AI (`ai:basic`,
    /// `ai:basic-aggressive`, ...), kept so that the two can be compared.
    #[inline]
    pub fn is_basic(name: Option<&str>) -> bool {
        name.is_some_and(fray_core::controller::is_basic_name)
    }
}

/// Whether `who` is played by the first AI (`ai:basic...`).
#[inline]
fn is_basic(state: &State, who: CombatantId) -> bool {
    Tactics::is_basic(state.controllers[who.index()].tactics())
}

/// The AI's maneuver, checked once so that the engine may trust it
/// (`Engine::AI_ACTIONS_ARE_LEGAL`), and remembered per thread when the
/// same situation came up before ([`memo`]).
pub fn remembered(state: &State, who: CombatantId) -> Action {
    if is_basic(state, who) {
        basic::remembered(state, who)
    } else {
        seasoned::remembered(state, who)
    }
}

/// The AI's maneuver, worked out (not remembered).
pub fn action(state: &State, who: CombatantId) -> Action {
    if is_basic(state, who) {
        basic::action(state, who)
    } else {
        seasoned::action(state, who)
    }
}

/// The AI's answer: the defense with the best target (M-DEF-012); none
/// only when nothing is offered; an opportunity shooter unable to tell
/// friend from foe shoots (M-MIS-006).
pub fn answer(_state: &State, q: &Question) -> Answer {
    match q {
        Question::Fire { .. } => Answer::Fire { fire: true },
        Question::Defend { options, .. } => crate::rules::defense::best_answer(options),
    }
}

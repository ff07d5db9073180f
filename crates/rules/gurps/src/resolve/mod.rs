//! Resolution: turn sequence, maneuvers, attacks, defenses and injury.
//!
//! Each module is one step of the GURPS attack checklist (G-TURN-004) or
//! one part of the turn; they call each other in that order.

pub mod aftermath;
pub mod attack;
pub mod check;
pub mod critical;
pub mod defense;
pub mod effort;
pub mod footwork;
pub mod grapple;
pub mod injury;
pub mod magic;
pub mod maneuver;
pub mod movement;
pub mod position;
pub mod ranged;
pub mod resume;
pub mod sequence;
pub mod slam;
pub mod strikes;
pub mod surprise;
pub mod turn;
pub mod wait;

use crate::Gurps;
use crate::model::state::State;
use fray_core::{CombatantId, Cx};

/// Logs a change in `who`'s condition under a rule ID. `what` is written
/// out only when someone narrates (pass `format_args!`: the simulator's
/// path then builds no string).
pub(crate) fn say(
    state: &State,
    who: CombatantId,
    what: impl std::fmt::Display,
    rule: &'static str,
    cx: &mut impl Cx<Gurps>,
) {
    cx.condition(rule, &state.fighter(who).name, || what.to_string());
}

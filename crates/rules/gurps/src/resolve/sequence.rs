//! The attack sequence (G-TURN-004) as named stages that the exact odds can
//! merge at and resume from.
//!
//! A strike runs to-hit → defense (the defender's choice and roll, or the
//! Critical Hit Table) → damage (the roll, location, DR, wounding) → its
//! aftermath (shock, knockdown, death checks) → the maneuver's next strike
//! or its end. Two points of that sequence are *stages*: where the defense
//! starts ([`Landed`]) and where the damage starts ([`Through`]). There,
//! what follows depends on the state and the stage's record alone (the
//! record is the tag of the checkpoint), so every path that reaches the
//! same record in the same state merges, and the rolls before it are never
//! replayed.
//!
//! A stage of a strike of the actor's own maneuver (the strike's number,
//! [`Nth`], is known) is a resume point ([`fray_core::Cx::resume_point`]):
//! [`crate::resolve::resume`] finishes the strike from the record and then does what the
//! maneuver does after that strike ([`crate::resolve::maneuver::after_strike`]), the very
//! functions the normal path calls, so the two cannot drift apart. A strike
//! whose rest the record does not say (a Move and Attack, which walks on
//! after it; a Wait going off inside another fighter's action, G-WAIT-001)
//! stays a plain checkpoint.
//!
//! Stages are pure bookkeeping: no rule is decided here, and sampling and
//! play pass them at no cost (the simulator's context ignores checkpoints).

use crate::Flow;
use crate::Gurps;
use crate::model::location::Location;
use crate::model::state::State;
use crate::rules::attack::Landing;
use crate::rules::injury::CriticalEffect;
use fray_core::{CombatantId, Cx};
use serde::Serialize;

/// Resume point before the second strike of an All-Out Attack (Double), a
/// Rapid Strike or a Dual-Weapon Attack (G-AOA-003, G-ATK-004..007).
pub const SECOND_STRIKE: u32 = 1;
/// Resume point where a strike that hit meets its defense ([`Landed`]).
pub const DEFENSE: u32 = 2;
/// Resume point where a blow past the defense rolls its damage ([`Through`]).
pub const DAMAGE: u32 = 3;

/// A strike's number in the actor's own maneuver (0 for the first, 1 for
/// the second of two), which says what the maneuver does after it; `None`
/// when the odds cannot rebuild the rest from the stage (a Move and
/// Attack, a strike into a crowd of someone else's action).
pub type Nth = Option<u8>;

/// A strike that hit, before the defense or the Critical Hit Table
/// (G-TURN-004 step 2).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Landed {
    pub(crate) attacker: CombatantId,
    pub(crate) nth: Nth,
    pub(crate) hit: Landing,
}

/// A blow past any defense, before its damage roll (G-TURN-004 steps 3-8):
/// the critical's effect on the damage and the location it lands on, if
/// already known.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Through {
    pub(crate) attacker: CombatantId,
    pub(crate) nth: Nth,
    pub(crate) hit: Landing,
    pub(crate) critical: CriticalEffect,
    pub(crate) aimed: Option<Location>,
}

/// Marks a stage: a resume point (`step`) for a strike of the actor's own
/// maneuver, a plain checkpoint otherwise. `record` is all the rest of the
/// strike carries on with.
pub(crate) fn mark(
    state: &State,
    attacker: CombatantId,
    nth: Nth,
    record: &(impl Serialize + Clone + 'static),
    step: u32,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    if nth.is_some() && state.fighter(attacker).responding.is_none() {
        cx.resume_point(state, record, step)
    } else {
        cx.checkpoint(state, record)
    }
}

/// Marks the point before an action's second strike: a resume point for the
/// exact odds ([`SECOND_STRIKE`]), unless the strike belongs to a
/// Wait going off inside another fighter's action (G-WAIT-001), whose rest
/// is that action's, not this one.
pub(crate) fn before_second_strike(
    state: &State,
    actor: CombatantId,
    tag: &(impl serde::Serialize + Clone + 'static),
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    if state.fighter(actor).responding.is_some() {
        cx.checkpoint(state, tag)
    } else {
        cx.resume_point(state, tag, SECOND_STRIKE)
    }
}

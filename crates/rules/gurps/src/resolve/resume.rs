//! The rest of an action from a resume point of the exact odds: the top of
//! `resolve/`, calling the very functions the normal path calls (the
//! stages of [`crate::resolve::sequence`], the maneuver's next strike), so
//! the two cannot drift apart; nothing below calls back into it.

use crate::Flow;
use crate::Gurps;
use crate::model::action::Action;
use crate::model::state::State;
use crate::resolve::sequence::{DAMAGE, DEFENSE, Landed, Nth, SECOND_STRIKE, Through};
use crate::resolve::{attack, maneuver};
use fray_core::odds::ResumeAt;
use fray_core::{CombatantId, Cx};

/// The rest of `action` from its resume point `at`: exactly what
/// [`maneuver::resolve`] does after the [`crate::resolve::sequence::mark`]
/// (or the second strike's point,
/// [`crate::resolve::sequence::before_second_strike`]) that recorded it.
pub fn resume(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    at: &ResumeAt,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    match at.step() {
        SECOND_STRIKE => maneuver::second_strike(state, actor, action, cx),
        DEFENSE => {
            let landed = *at.record::<Landed>()?;
            attack::defense_stage(state, landed, cx)?;
            after(state, actor, action, landed.nth, cx)
        }
        DAMAGE => {
            let through = *at.record::<Through>()?;
            attack::damage_stage(state, through, cx)?;
            after(state, actor, action, through.nth, cx)
        }
        // No other point is marked.
        _ => Ok(()),
    }
}

/// What the maneuver does after its strike `nth` (always known at a
/// resume point, see [`crate::resolve::sequence::mark`]).
fn after(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    nth: Nth,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    match nth {
        Some(n) => maneuver::after_strike(state, actor, action, n, cx),
        None => Ok(()),
    }
}

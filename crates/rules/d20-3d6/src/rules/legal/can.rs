//! What several legality checks share: a living foe, and whether the
//! actor may move at all or on its own feet.

use crate::model::state::{Condition, Life, State};
use fray_core::{CombatantId, Illegal};

/// `target` is another combatant, not dead (`rule` names the refusal).
pub(super) fn foe(
    state: &State,
    actor: CombatantId,
    target: CombatantId,
    rule: &'static str,
) -> Result<(), Illegal> {
    if !state.exists(target) || target == actor {
        return Err(Illegal::input(format!("{target} is not another combatant")));
    }
    if state.fighter(target).life == Life::Dead {
        return Err(Illegal::new(
            rule,
            format!("{} is dead", state.fighter(target).name),
        ));
    }
    Ok(())
}

/// Whether `actor` may move at all: not pinned (X-CON-014), not held by a
/// grapple (X-CON-013), not prone (X-CON-001).
pub(super) fn can_move(state: &State, actor: CombatantId) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    if f.pinned {
        return Err(Illegal::new("X-CON-014", "pinned: no movement"));
    }
    if f.grappled_by.is_some() && !state.options.grappled_can_move {
        return Err(Illegal::new("X-CON-013", "grappled: escape first"));
    }
    if f.cond.has(Condition::Prone) {
        return Err(Illegal::new("X-CON-001", "prone: stand up first"));
    }
    Ok(())
}

/// [`can_move`], on its own feet: X-QCK-008, a rider moves only as its
/// mount carries it (Ride).
pub(super) fn on_foot(state: &State, actor: CombatantId) -> Result<(), Illegal> {
    can_move(state, actor)?;
    if state.riding(actor).is_some() {
        return Err(Illegal::new(
            "X-QCK-008",
            "mounted: the mount carries the rider (ride, or dismount first)",
        ));
    }
    Ok(())
}

//! Whether a figure may defend or stand up (X-MAN-008, X-MAN-009,
//! X-MAN-012, X-MUL-005).

use crate::model::state::{Condition, State};
use fray_core::{CombatantId, Illegal};

/// X-MAN-008: Prepared Defense once a turn, unless the option stacks it.
pub(super) fn check_prepared_defense(state: &State, actor: CombatantId) -> Result<(), Illegal> {
    if state.fighter(actor).prepared && !state.options.prep_defense_stack {
        return Err(Illegal::new("X-MAN-008", "Prepared Defense once a turn"));
    }
    Ok(())
}

/// X-MAN-009: no Total Defense after attacking (when the option forbids it).
pub(super) fn check_total_defense(state: &State) -> Result<(), Illegal> {
    if state.turn.attacks > 0 && state.options.total_defense_forbids_attacks {
        return Err(Illegal::new(
            "X-MAN-009",
            "no Total Defense after attacking",
        ));
    }
    Ok(())
}

/// X-MUL-005: an off-hand weapon not used to attack this turn.
pub(super) fn check_offhand_defense(state: &State, actor: CombatantId) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    if f.off.is_none() || state.turn.offhand_attack || f.offhand_defense {
        return Err(Illegal::new(
            "X-MUL-005",
            "needs an off-hand weapon not used to attack this turn",
        ));
    }
    Ok(())
}

/// X-MAN-012: standing up from prone; as an Immediate action, one must be
/// left (X-ACT-002).
pub(super) fn check_stand_up(
    state: &State,
    actor: CombatantId,
    immediate: bool,
) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    if !f.cond.has(Condition::Prone) {
        return Err(Illegal::new("X-MAN-012", "not prone"));
    }
    if immediate && (f.immediates == 0 || !crate::rules::turn::may_interrupt(f, &state.options)) {
        return Err(Illegal::new("X-ACT-002", "no Immediate action left"));
    }
    Ok(())
}

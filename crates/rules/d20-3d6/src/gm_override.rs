//! Game-master overrides (issue 15): HP is the vital pool; NL (nonlethal damage) may be set. Outside the rules, so no
//! dice; what follows from a low pool comes from the rules' own checks.

use crate::model::state::State;
use fray_core::{CombatantId, Override, Refusal};

fn pool(state: &mut State, id: CombatantId, index: usize) -> (&mut i32, i32) {
    let f = state.fighter_mut(id);
    match index {
        0 => (&mut f.hp, f.stats.hp_max),
        _ => (&mut f.nonlethal, f.stats.hp_max),
    }
}

pub fn apply(state: &mut State, ov: &Override) -> Result<Vec<String>, Refusal> {
    fray_core::overrides::apply_to_pools::<crate::D20>(state, ov, 0, pool)
}

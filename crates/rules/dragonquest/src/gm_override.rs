//! Game-master overrides (issue 15): EN (Endurance) is the vital pool; FT (Fatigue) may be set. Outside the rules, so no
//! dice; what follows from a low pool comes from the rules' own checks.

use crate::model::state::State;
use fray_core::{CombatantId, Override, Refusal};

fn pool(state: &mut State, id: CombatantId, index: usize) -> (&mut i32, i32) {
    let f = state.fig_mut(id);
    match index {
        0 => (&mut f.en, f.stats.en),
        _ => (&mut f.ft, f.stats.ft),
    }
}

pub fn apply(state: &mut State, ov: &Override) -> Result<Vec<String>, Refusal> {
    fray_core::overrides::apply_to_pools::<crate::DragonQuest>(state, ov, 0, pool)
}

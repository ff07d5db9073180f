//! Turn order (M-FLO-001/002) and who can still fight.

use crate::model::state::{Fighter, State};
use fray_core::CombatantId;

/// M-FLO-002: the sort key of a fighter: Basic Speed (exact quarters) and
/// DX, highest first; ties by the roll-off's place, lowest roll first.
pub fn order_key(state: &State, id: CombatantId) -> (i32, i32, u8, u16) {
    let f = state.fighter(id);
    let rank = state.tie_rank.get(id.index()).copied().unwrap_or(0);
    (-f.stats.speed4, -f.stats.dx, rank, id.0)
}

/// The groups of fighters tied on Basic Speed and DX (M-FLO-002), in order.
pub fn tied_groups(state: &State) -> Vec<Vec<CombatantId>> {
    let mut ids: Vec<CombatantId> = state.ids().collect();
    ids.sort_by_key(|&id| {
        let f = state.fighter(id);
        (-f.stats.speed4, -f.stats.dx, id.0)
    });
    let mut groups: Vec<Vec<CombatantId>> = Vec::new();
    for id in ids {
        let f = state.fighter(id);
        match groups.last_mut() {
            Some(g)
                if {
                    let o = state.fighter(g[0]);
                    o.stats.speed4 == f.stats.speed4 && o.stats.dx == f.stats.dx
                } =>
            {
                g.push(id)
            }
            _ => groups.push(vec![id]),
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// Whether a figure can still fight: conscious and alive (a figure at 0 HP
/// or below is incapacitated but still in the fight, M-PEN-002).
pub fn can_fight(f: &Fighter) -> bool {
    f.awake()
}

/// M-PEN-002/006: incapacitated: no attacking maneuvers.
pub fn incapacitated(f: &Fighter) -> bool {
    f.hp <= 0 || (f.stats.fatigue > 0 && f.fatigue <= 0)
}

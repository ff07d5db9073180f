//! Turn order (M-FLO-001/002) and who can still fight.

use crate::model::state::{Fighter, State};
use fray_core::CombatantId;

/// M-FLO-002: the sort key of a fighter: Basic Speed (exact quarters) and
/// DX, highest first; ties by the roll-off's place, lowest roll first.
#[inline]
pub fn order_key(state: &State, id: CombatantId) -> (i32, i32, u16, u16) {
    let f = state.fighter(id);
    let rank = state.tie_rank.get(id.index()).copied().unwrap_or(0);
    (-f.stats.speed4, -f.stats.dx, rank, id.0)
}

/// M-FLO-002: what a tie is on: Basic Speed (exact quarters) and DX,
/// highest first. Fighters with equal keys roll off once.
pub fn speed_key(f: &Fighter) -> (i32, i32) {
    (-f.stats.speed4, -f.stats.dx)
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

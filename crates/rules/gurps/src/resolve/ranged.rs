//! Ranged attacks (checklist section 9): range and the target's speed,
//! Aim, the line of fire (walls, cover, figures in the way, stray shots),
//! half damage, and what a shot spends.

use crate::model::state::State;
use fray_core::CombatantId;
use fray_core::grid::HexPos;

/// Spends the shot: a thrown weapon leaves the hand and lands in the
/// target's hex (decision); a missile weapon must be reloaded with Ready
/// maneuvers, as many as its Shots column says (G-RDY-001). Aim is used up.
pub fn spend_shot(
    state: &mut State,
    attacker: CombatantId,
    wi: usize,
    mi: usize,
    target_hex: HexPos,
) {
    let f = state.fighter_mut(attacker);
    f.aim = None;
    let Some(w) = f.weapons.get_mut(wi) else {
        return;
    };
    if w.is_thrown(mi) {
        w.set_ready(false);
        w.dropped_at = Some(target_hex);
    } else {
        w.set_loaded(false);
        w.set_reload_left(w.mode(mi).and_then(|m| m.reload).unwrap_or(1).max(1));
    }
}

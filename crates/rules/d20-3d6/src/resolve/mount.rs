//! Mounts (X-MAN-018, X-QCK-008..010): the rider spends its mount's 2
//! actions on movement that carries them both and gets on and off for 2
//! actions; keeping the seat when hit and falling when either of them
//! goes down are in `resolve/saddle` (re-exported here).
//!
//! A rider and its mount are two combatants linked both ways
//! (`Fighter::steed`, `Fighter::mounted`, `Fighter::rider`). While it
//! rides, the rider fills its mount's space (`Fighter::space`) and moves
//! only with it (`State::set_pos` carries it along).

use crate::model::state::State;
use crate::resolve::movement::walk;
use crate::resolve::saddle::set_down;
use crate::rules::movement::plan;
use crate::{D20, Flow};
use fray_core::grid::SquarePos;
use fray_core::{CombatantId, Cx, Halt};

pub use crate::resolve::saddle::{STAY_MOUNTED_DC, after_down, fall, landing, stay_mounted};

/// X-QCK-008: the rider spends one of its mount's actions on a Move of up
/// to the mount's base Move; the mount's path provokes as its own
/// movement (X-ACT-007) and the rider goes where it goes. Like any
/// movement it allows one free draw (X-MAN-013).
pub fn ride(
    state: &mut State,
    rider: CombatantId,
    to: SquarePos,
    cx: &mut impl Cx<D20>,
) -> Flow<()> {
    let Some(m) = state.riding(rider) else {
        return Ok(());
    };
    state.turn.mount_actions = state.turn.mount_actions.saturating_sub(1);
    let mf = state.fighter(m);
    let path = plan(state, m, to, mf.stats.move_m, mf.total_defense, "X-QCK-008")
        .map_err(|e| Halt::illegal(rider, e))?;
    state.turn.free_draws += 1;
    walk(state, m, &path, true, "carries its rider", cx)?;
    Ok(())
}

/// X-MAN-018: `rider` gets on its adjacent mount and fills its space.
pub fn get_on(state: &mut State, rider: CombatantId, cx: &mut impl Cx<D20>) {
    let Some(m) = state.fighter(rider).steed else {
        return;
    };
    let (to, space, facing) = {
        let mf = state.fighter(m);
        (mf.pos, mf.space, mf.facing)
    };
    let from = state.fighter(rider).pos;
    state.set_pos(rider, to);
    let f = state.fighter_mut(rider);
    f.mounted = true;
    f.space = space;
    f.facing = facing;
    let name = &*f.name;
    cx.moved(name, "mounts", from, to);
}

/// X-MAN-018: `rider` gets off into `to`, a free square beside the mount.
pub fn get_off(state: &mut State, rider: CombatantId, to: SquarePos, cx: &mut impl Cx<D20>) {
    if state.riding(rider).is_some() {
        set_down(state, rider, to, false, "dismounts", cx);
    }
}

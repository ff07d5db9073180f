//! Keeping and losing the saddle (X-MAN-018, X-QCK-009): where a rider
//! lands beside its mount, falls when either of them goes down, and the
//! Ride check to stay on when hit. A leaf of `resolve/`: the attack and
//! life procedures call it, and it calls only the checks.

use crate::model::state::{Condition, State};
use crate::resolve::check::check;
use crate::rules::geometry::{fits, occupant, space_distance};
use crate::{D20, Flow};
use fray_core::grid::SquarePos;
use fray_core::{CombatantId, Cx, ModList};

/// X-QCK-009: the DC of the Ride check to stay in the saddle when hit.
pub const STAY_MOUNTED_DC: i32 = 15;

/// The square where `rider` lands beside its mount: the first free one,
/// row by row from the north-west, at 1 m from the mount's space
/// (X-MAN-018, X-QCK-009). `None` when every such square is taken.
pub fn landing(state: &State, rider: CombatantId) -> Option<SquarePos> {
    let f = state.fighter(rider);
    let m = state.fighter(f.steed?);
    let e = f.stats.size.edge();
    let (mp, me) = (m.pos, m.space);
    let r = i32::from(e);
    for y in mp.y - r..=mp.y + i32::from(me) {
        for x in mp.x - r..=mp.x + i32::from(me) {
            let p = SquarePos::new(x, y);
            if space_distance(p, e, mp, me) == 1
                && fits(state, p, e)
                && occupant(state, p, e, rider).is_none()
            {
                return Some(p);
            }
        }
    }
    None
}

/// Takes `rider` off its mount to `to`, prone when it falls; the mount's
/// actions left this turn are lost with it (X-MAN-018, X-QCK-009).
pub(crate) fn set_down(
    state: &mut State,
    rider: CombatantId,
    to: SquarePos,
    prone: bool,
    why: &'static str,
    cx: &mut impl Cx<D20>,
) {
    let from = state.fighter(rider).pos;
    state.set_pos(rider, to);
    let f = state.fighter_mut(rider);
    f.mounted = false;
    f.space = f.stats.size.edge();
    if prone {
        f.cond.set(Condition::Prone, true);
    }
    if state.turn.actor == Some(rider) {
        state.turn.mount_actions = 0;
    }
    cx.moved(&state.fighter(rider).name, why, from, to);
}

/// X-QCK-009, X-MAN-018: `rider` falls prone into the first free square
/// beside its mount. With nowhere to land it stays on (noted).
pub fn fall(state: &mut State, rider: CombatantId, why: &'static str, cx: &mut impl Cx<D20>) {
    if state.riding(rider).is_none() {
        return;
    }
    match landing(state, rider) {
        Some(to) => set_down(state, rider, to, true, why, cx),
        None => {
            let name = &*state.fighter(rider).name;
            cx.note("X-QCK-009", || {
                format!("{name} has nowhere to fall and stays on its mount")
            });
        }
    }
}

/// X-MAN-018 (decision): whoever of a rider and its mount goes down, the
/// rider falls: a helpless rider slides off, a mount that drops throws it.
pub fn after_down(state: &mut State, who: CombatantId, cx: &mut impl Cx<D20>) {
    if state.riding(who).is_some() {
        fall(state, who, "falls from the saddle", cx);
    }
    if let Some(r) = state.ridden_by(who) {
        fall(state, r, "falls as its mount goes down", cx);
    }
}

/// X-QCK-009: a rider who took damage from an attack and still sits its
/// mount makes a Ride check against DC 15 or falls prone beside it.
pub fn stay_mounted(state: &mut State, rider: CombatantId, cx: &mut impl Cx<D20>) -> Flow<()> {
    if state.riding(rider).is_none() || !state.fighter(rider).able() {
        return Ok(());
    }
    let bonus = ModList::base("Ride", state.fighter(rider).stats.skills.ride, "X-DAT-003");
    let dc = ModList::base("DC", STAY_MOUNTED_DC, "X-QCK-009");
    let c = check(
        state,
        rider,
        &bonus,
        0,
        &dc,
        "stay mounted",
        "X-QCK-009",
        cx,
    )?;
    if !c.success {
        fall(state, rider, "is thrown from the saddle", cx);
    }
    Ok(())
}

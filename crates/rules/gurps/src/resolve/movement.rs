//! Movement on the hex map: steps, moves along paths, retreats, and the
//! costs GURPS puts on them (checklist section 8).

use crate::Flow;
use crate::Gurps;
use crate::model::state::{Posture, State};
use crate::resolve::position::{evade, set_pose, set_pose_from, set_pose_joining};
use crate::rules::movement::{Planned, RouteHexes, exit_controller, pose_after_hexes, route_hexes};
use fray_core::grid::Pose;
use fray_core::{CombatantId, Cx};

/// Takes a checked step; leaving close combat through a side a foe
/// controls needs an Evade first (G-CC-002, G-TAC-009), and a failed one
/// leaves the figure where it was. Returns whether the figure may go on
/// ([`step_noting`] tells more).
pub fn take_step(
    state: &mut State,
    mover: CombatantId,
    step: &crate::model::action::Step,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    step_noting(state, mover, step, cx).map(|s| s != Stepped::Stopped)
}

/// How a step went ([`step_noting`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stepped {
    /// A Wait went off on the way and the figure may not go on
    /// (G-WAIT-001).
    Stopped,
    /// The figure may go on, but more than its place may have changed: an
    /// Evade was rolled (G-CC-002), the posture changed (G-POS-010), the
    /// step entered a foe's hex (close combat, G-CC-001), or a foe waits
    /// (G-WAIT-001: its Wait may have gone off).
    Eventful,
    /// Only the figure's pose (the one declared: the step as
    /// [`crate::model::action::Step::pose_after`] has it) and its count of hexes
    /// moved changed: the same posture, no close combat entered, no Evade,
    /// no foe waiting, nothing rolled and nobody else touched.
    Quiet,
}

/// [`take_step`], telling whether the step was [`Stepped::Quiet`].
pub(crate) fn step_noting(
    state: &mut State,
    mover: CombatantId,
    step: &crate::model::action::Step,
    cx: &mut impl Cx<Gurps>,
) -> Flow<Stepped> {
    let from = state.fighter(mover).pose;
    let to = Pose::new(
        step.to.unwrap_or(from.pos),
        step.face.unwrap_or(from.facing),
    );
    let mut quiet = true;
    if let Some(foe) = step.to.and_then(|h| exit_controller(state, mover, h)) {
        quiet = false;
        if !evade(state, mover, foe, to.pos, false, cx)? {
            let name = &*state.fighter(mover).name;
            cx.note("G-CC-002", || {
                format!("{name} fails to break away and stays in close combat")
            });
            return Ok(Stepped::Eventful);
        }
    }
    let posture = state.fighter(mover).posture;
    // Most steps name no posture: the legs are read only for one that does.
    let after = if step.posture.is_some() {
        let lame = crate::rules::footwork::legs_crippled(state.fighter(mover));
        crate::rules::footwork::step_posture(posture, lame, step).unwrap_or(posture)
    } else {
        posture
    };
    quiet &= after == posture;
    // Rising from a crouch comes first, dropping into one last (G-POS-010).
    if after == Posture::Standing {
        crate::resolve::position::set_posture(state, mover, after, cx);
    }
    let mut going = true;
    if to != from {
        quiet &= !set_pose_joining(state, mover, to, None, "steps", cx);
        if step.to.is_some() {
            state.fighter_mut(mover).moved += 1;
            // G-WAIT-001: a foe's Wait may go off (`on_enter` asks nothing
            // more when no foe waits).
            if crate::rules::wait::watched(state, mover) {
                quiet = false;
                going = crate::resolve::wait::on_enter(state, mover, &[from.pos, to.pos], cx)?;
            }
        }
    }
    if going && after != Posture::Standing {
        crate::resolve::position::set_posture(state, mover, after, cx);
    }
    Ok(match (going, quiet) {
        (false, _) => Stepped::Stopped,
        (true, false) => Stepped::Eventful,
        (true, true) => Stepped::Quiet,
    })
}

/// Walks a planned route hex by hex (G-MOV-001), stopping after `stop_after`
/// hexes if given: a foe controlling the side it leaves a close combat by
/// (G-CC-002) or standing in a hex it passes through (G-TAC-009) must be
/// evaded, and one that wins keeps the mover there, in close combat.
/// Returns the hexes entered and whether it got as far as it meant to.
pub fn walk_route(
    state: &mut State,
    mover: CombatantId,
    planned: &Planned,
    stop_after: Option<u32>,
    charging: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<(u32, bool)> {
    // On the stack: the simulator's path allocates nothing for them.
    let hexes: RouteHexes = route_hexes(&planned.path).collect();
    let limit = stop_after.map_or(hexes.len(), |n| (n as usize).min(hexes.len()));
    let start = state.fighter(mover).pose.pos;
    let side = state.fighter(mover).side;
    let before = |i: usize| if i == 0 { start } else { hexes[i - 1] };
    // G-WAIT-001: with a foe waiting, the mover goes hex by hex so that
    // its Wait can go off where the trigger happens.
    let watched = crate::rules::wait::watched(state, mover);
    // The hexes gone through, for a waiting foe's trigger: kept only when
    // one waits (the simulator's path allocates nothing for it otherwise).
    let mut trail = Vec::new();
    if watched {
        trail.push(start);
    }
    for (i, &hex) in hexes.iter().enumerate().take(limit) {
        let mut blockers: smallvec::SmallVec<[CombatantId; 4]> = smallvec::SmallVec::new();
        if i == 0 {
            blockers.extend(exit_controller(state, mover, hex));
        }
        if i + 1 < hexes.len() {
            blockers.extend(state.ids().filter(|&id| {
                let o = state.fighter(id);
                o.side != side && o.is_conscious() && o.pose.pos == hex
            }));
        }
        for foe in blockers {
            if evade(state, mover, foe, before(i), charging, cx)? {
                continue;
            }
            // Stopped: in the foe's hex when passing through it, else where it stood.
            let (stop, entered) = if state.fighter(foe).pose.pos == hex {
                (hex, i as u32 + 1)
            } else {
                (before(i), i as u32)
            };
            let facing = state.fighter(mover).facing();
            if stop != state.fighter(mover).pose.pos {
                let prev = if entered == 0 { start } else { before(i) };
                set_pose_from(
                    state,
                    mover,
                    Pose::new(stop, facing),
                    prev,
                    "is stopped",
                    cx,
                );
            }
            let name = &*state.fighter(mover).name;
            cx.note("G-TAC-009", || {
                format!("{name} is stopped and stays in close combat")
            });
            state.fighter_mut(mover).moved = entered;
            return Ok((entered, false));
        }
        if watched {
            let pose = pose_after_hexes(&planned.path, i as u32 + 1);
            set_pose_from(state, mover, pose, before(i), "moves", cx);
            state.fighter_mut(mover).moved = i as u32 + 1;
            trail.push(hex);
            if !crate::resolve::wait::on_enter(state, mover, &trail, cx)? {
                return Ok((i as u32 + 1, false));
            }
        }
    }
    let end = if limit == hexes.len() {
        planned.end
    } else {
        pose_after_hexes(&planned.path, limit as u32)
    };
    if end != state.fighter(mover).pose {
        let prev = if limit >= 2 { hexes[limit - 2] } else { start };
        set_pose_from(state, mover, end, prev, "moves", cx);
    }
    state.fighter_mut(mover).moved = limit as u32;
    Ok((limit as u32, true))
}

/// G-AOA-005: advances `n` hexes straight ahead to `to`, hex by hex when a
/// foe waits (G-WAIT-001). Returns whether the figure may go on.
pub fn advance(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    n: u8,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    if !crate::rules::wait::watched(state, mover) {
        set_pose(state, mover, to, "advances", cx);
        state.fighter_mut(mover).moved = u32::from(n);
        return Ok(true);
    }
    let mut trail = vec![state.fighter(mover).pose.pos];
    for k in 1..=n {
        let p = state.fighter(mover).pose;
        set_pose(
            state,
            mover,
            Pose::new(p.pos.neighbour(p.facing), p.facing),
            "advances",
            cx,
        );
        state.fighter_mut(mover).moved = u32::from(k);
        trail.push(state.fighter(mover).pose.pos);
        if !crate::resolve::wait::on_enter(state, mover, &trail, cx)? {
            return Ok(false);
        }
    }
    Ok(true)
}

//! Movement on the hex map: steps, moves along paths, retreats, and the
//! costs GURPS puts on them (checklist section 8).

use crate::Flow;
use crate::Gurps;
use crate::model::event::Event;
use crate::model::state::{Posture, State};
use crate::rules::movement::{
    Planned, RouteHexes, describe, exit_controller, pose_after_hexes, retreat_hex, route_hexes,
};
use fray_core::grid::{HexPos, Pose};
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
    /// [`crate::rules::strikes::after`] has it) and its count of hexes
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
            let name = state.fighter(mover).name.clone();
            cx.emit(|| Event::Note {
                text: format!("{name} fails to break away and stays in close combat"),
                rule: "G-CC-002",
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
        crate::resolve::footwork::set_posture(state, mover, after, cx);
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
        crate::resolve::footwork::set_posture(state, mover, after, cx);
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
            let name = state.fighter(mover).name.clone();
            cx.emit(|| Event::Note {
                text: format!("{name} is stopped and stays in close combat"),
                rule: "G-TAC-009",
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

/// Moves a combatant and records it.
pub fn set_pose(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    why: &'static str,
    cx: &mut impl Cx<Gurps>,
) {
    set_pose_joining(state, mover, to, None, why, cx);
}

/// [`set_pose`] (or [`set_pose_from`], with `prev`): returns whether the
/// move started a close combat (G-CC-001).
fn set_pose_joining(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    prev: Option<HexPos>,
    why: &'static str,
    cx: &mut impl Cx<Gurps>,
) -> bool {
    let from = place_told(state, mover, to, prev, why, cx);
    from.pos != to.pos && enter_hex(state, mover, prev.unwrap_or(from.pos), to.pos, cx)
}

/// Places `mover` at `to` (its body trailing into `prev`, or the hex it
/// left) and tells of the move; returns where it stood.
fn place_told(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    prev: Option<HexPos>,
    why: &'static str,
    cx: &mut impl Cx<Gurps>,
) -> Pose {
    let from = state.fighter(mover).pose;
    let prev = prev.unwrap_or(from.pos);
    state.place(mover, to, trailed_body(state.fighter(mover), to.pos, prev));
    cx.emit(|| Event::Moved {
        who: state.fighter(mover).name.to_string(),
        from: describe(from),
        to: describe(to),
        why,
    });
    from
}

/// G-POS-009: a sprawled body that moves to `to` drags its second hex
/// behind it (into the hex it left); otherwise it is placed again afterwards.
fn trailed_body(f: &crate::model::state::Fighter, to: HexPos, left: HexPos) -> Option<HexPos> {
    match f.body {
        Some(_) if to != left => (to.distance(left) == 1).then_some(left),
        body => body,
    }
}

/// [`set_pose`] for a move whose last hex before `to` was `prev` (the side
/// it came in by matters for close combat, G-CC-001).
pub fn set_pose_from(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    prev: HexPos,
    why: &'static str,
    cx: &mut impl Cx<Gurps>,
) {
    set_pose_joining(state, mover, to, Some(prev), why, cx);
}

/// G-CC-001: leaving a hex gives up its hexsides; coming into a foe's hex
/// starts close combat, and the entrant controls the side it came through
/// and the two beside it. Returns whether the figure is in close combat
/// now.
fn enter_hex(
    state: &mut State,
    mover: CombatantId,
    from: HexPos,
    to: HexPos,
    cx: &mut impl Cx<Gurps>,
) -> bool {
    let joined = crate::rules::movement::in_close_combat(state, mover);
    let f = state.fighter_mut(mover);
    f.close = None;
    if !joined {
        return false;
    }
    let turn = f.turns;
    if let Some(side) = to.direction_to_neighbour(from) {
        f.close = Some(crate::model::state::CloseEntry {
            hex: to,
            sides: [side.turn(-1), side, side.turn(1)],
            turn,
        });
    }
    let name = f.name.clone();
    cx.emit(|| Event::Note {
        text: format!("{name} enters close combat"),
        rule: "G-CC-001",
    });
    true
}

/// G-TAC-009: the Evade contest of DX against a foe trying to stop the
/// mover: -5 against a standing foe, -2 kneeling, +5 lying; +2 coming from
/// the foe's side, +5 from behind; -2 in a Move and Attack (G-MAA-005).
/// Returns whether the mover got past (a tie lets it through, decision).
pub fn evade(
    state: &mut State,
    mover: CombatantId,
    foe: CombatantId,
    from: HexPos,
    charging: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    use crate::resolve::check::{self, Check};
    let (m, o) = (state.fighter(mover), state.fighter(foe));
    let mut mine = fray_core::ModList::base("DX", m.stats.dx, "");
    let posture = match o.posture {
        Posture::Standing | Posture::Crouching => -5,
        Posture::Kneeling | Posture::Sitting => -2,
        Posture::Crawling | Posture::Lying => 5,
    };
    mine.add("foe's posture", posture, "G-TAC-009");
    let arc = match o.pose.arc_of(from) {
        Some(fray_core::grid::Arc::Side) => 2,
        Some(fray_core::grid::Arc::Back) => 5,
        _ => 0,
    };
    mine.add("from the foe's side or back", arc, "G-TAC-009");
    if charging {
        mine.add("Move and Attack", -2, "G-MAA-005");
    }
    let theirs = fray_core::ModList::base("DX", o.stats.dx, "");
    let a = check::roll(state, cx, Check::new(mover, "evade", "G-TAC-009"), &mine)?;
    let b = check::roll(
        state,
        cx,
        Check::new(foe, "stop the evader", "G-TAC-009"),
        &theirs,
    )?;
    let contest = fray_core::dice::systems::gurps::quick_contest(a.roll, a.level, b.roll, b.level);
    Ok(contest.winner != fray_core::dice::systems::gurps::Winner::B)
}

/// Takes the retreat step (facing unchanged) and remembers it for the turn.
pub fn retreat(
    state: &mut State,
    defender: CombatantId,
    attacker: CombatantId,
    cx: &mut impl Cx<Gurps>,
) {
    let from = state.fighter(attacker).pose.pos;
    let hex = retreat_hex(state, defender, from);
    retreat_to(state, defender, attacker, hex, cx);
}

/// [`retreat`] to `hex`, the step [`retreat_hex`] gives away from the
/// attacker (found already for the defense's options); `None`: no step.
pub(crate) fn retreat_to(
    state: &mut State,
    defender: CombatantId,
    attacker: CombatantId,
    hex: Option<HexPos>,
    cx: &mut impl Cx<Gurps>,
) {
    if let Some(h) = hex {
        // [`set_pose`] without [`enter_hex`]'s search for a foe in the new
        // hex: the step is into a free hex ([`retreat_hex`]: no living
        // figure but the defender there), so it starts no close combat
        // (G-CC-001) and only gives up the hexsides it held. Debug builds
        // check that search.
        let facing = state.fighter(defender).facing();
        let from = place_told(state, defender, Pose::new(h, facing), None, "retreats", cx);
        debug_assert!(
            from.pos == h || !crate::rules::movement::in_close_combat(state, defender),
            "a retreat stepped into a foe's hex"
        );
        let f = state.fighter_mut(defender);
        if from.pos != h {
            f.close = None;
        }
        f.retreated_from = Some(attacker);
        return;
    }
    state.fighter_mut(defender).retreated_from = Some(attacker);
}

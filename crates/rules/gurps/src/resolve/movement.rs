//! Movement on the hex map: steps, moves along paths, retreats, and the
//! costs GURPS puts on them (checklist section 8).

use crate::Gurps;
use crate::event::Event;
use crate::state::{Posture, State};
use fray_core::grid::{Facing, HexPos, MoveCosts, Pose, ReachMap, Terrain, reachable};
use fray_core::{CombatantId, Ctx, EventSink, Oracle};

/// G-TAC-004..006 in half points: forward 1, sidestep or back 2, turn 1.
pub const FORWARD: u16 = 2;
/// Sidestep or backward move, in half points (G-TAC-005).
pub const SIDESTEP: u16 = 4;
/// One hexside turned, in half points (G-TAC-006).
pub const TURN: u16 = 2;

/// G-TAC-007: the extra cost, in half points, to enter `hex`; `None` when
/// it cannot be entered (off the map, a wall, a foe or an unconscious body
/// standing there). Allies can be passed at +1 point (a minor obstruction).
pub fn enter_cost(state: &State, mover: CombatantId, hex: HexPos) -> Option<u16> {
    let terrain = state.map.terrain_at(hex)?;
    if !terrain.is_passable() {
        return None;
    }
    let me = state.fighter(mover);
    let mut extra = 0u16;
    if let Some(other) = state.occupant(hex, Some(mover)) {
        let o = state.fighter(other);
        if o.side != me.side || !o.is_conscious() {
            return None;
        }
        extra += 2;
    }
    for t in terrain.iter() {
        extra += match t {
            Terrain::Obstruction
            | Terrain::Treacherous
            | Terrain::Water
            | Terrain::SteepSlope
            | Terrain::Stairs => 2,
            Terrain::GentleSlope => 1,
            Terrain::Difficult => 2,
            Terrain::Wall => return None,
        };
    }
    // Posture surcharge per hex: crouching +1/2, kneeling or crawling +2.
    extra += match me.posture {
        Posture::Crouching => 1,
        Posture::Kneeling | Posture::Crawling => 4,
        _ => 0,
    };
    Some(extra)
}

/// Every place `mover` can reach with `points` movement points (G-TAC-002).
pub fn reach(state: &State, mover: CombatantId, points: i32) -> ReachMap {
    let f = state.fighter(mover);
    let costs = MoveCosts::new(FORWARD, SIDESTEP, TURN, |h| enter_cost(state, mover, h));
    reachable(f.pose.pos, f.facing(), (points.max(0) as u32) * 2, &costs)
}

/// Whether a hex is free to end a move or step in.
pub fn free(state: &State, mover: CombatantId, hex: HexPos) -> bool {
    state.map.passable(hex) && state.occupant(hex, Some(mover)).is_none()
}

/// G-TAC-003: a step, to an adjacent free hex and/or to any facing.
pub fn check_step(
    state: &State,
    mover: CombatantId,
    step: &crate::action::Step,
) -> Result<(), String> {
    let f = state.fighter(mover);
    if let Some(to) = step.to {
        if f.pose.pos.distance(to) != 1 {
            return Err(format!(
                "a step goes to an adjacent hex; {to} is {} hexes away",
                f.pose.pos.distance(to)
            ));
        }
        if !free(state, mover, to) {
            return Err(format!(
                "cannot step into {to}: it is occupied, impassable or off the map"
            ));
        }
        if f.posture == Posture::Lying {
            return Err("a lying figure cannot step (G-POS-007)".into());
        }
    }
    Ok(())
}

/// Takes a checked step.
pub fn take_step<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    mover: CombatantId,
    step: &crate::action::Step,
    ctx: &mut fray_core::Ctx<'_, Gurps, O, S>,
) {
    let from = state.fighter(mover).pose;
    let to = Pose::new(
        step.to.unwrap_or(from.pos),
        step.face.unwrap_or(from.facing),
    );
    if to != from {
        set_pose(state, mover, to, "steps", ctx);
        if step.to.is_some() {
            state.fighter_mut(mover).moved += 1;
        }
    }
}

/// Moves a combatant and records it.
pub fn set_pose<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    why: &'static str,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) {
    let f = state.fighter_mut(mover);
    let from = f.pose;
    f.pose = to;
    let name = f.name.clone();
    ctx.emit(|| Event::Moved {
        who: name.to_string(),
        from: describe(from),
        to: describe(to),
        why,
    });
}

/// `(3,-1) facing ne`.
pub fn describe(p: Pose) -> String {
    format!("{} facing {}", p.pos, p.facing)
}

/// The path and final facing of a Move (G-MOV-001, G-TAC-002..008), or why not.
pub fn plan_move(
    state: &State,
    mover: CombatantId,
    to: HexPos,
    face: Option<Facing>,
) -> Result<(Pose, u32), String> {
    let f = state.fighter(mover);
    let points = f.current_move();
    if f.posture == Posture::Lying {
        // G-TAC-007: a lying figure moves 1 hex per turn regardless.
        if f.pose.pos.distance(to) > 1 || !free(state, mover, to) {
            return Err("a lying figure crawls at most 1 hex, into a free hex".into());
        }
        return Ok((
            Pose::new(to, face.unwrap_or(f.facing())),
            u32::from(f.pose.pos != to),
        ));
    }
    if f.posture == Posture::Sitting && to != f.pose.pos {
        return Err("a sitting figure cannot move (G-POS-005)".into());
    }
    if to != f.pose.pos && !free(state, mover, to) {
        return Err(format!(
            "cannot end a move in {to}: occupied, impassable or off the map"
        ));
    }
    let map = reach(state, mover, points);
    let (cost, end_facing) = map
        .cheapest_to(to)
        .ok_or_else(|| format!("{to} is out of reach with Move {points}"))?;
    let total = map.budget();
    let path = map
        .path_to(to, end_facing)
        .ok_or_else(|| format!("{to} is out of reach"))?;
    let hexes = path.hexes_moved() as u32;
    let facing = match face {
        None => end_facing,
        Some(want) => {
            // G-TAC-008: any facing with at least half the points left, else one hexside.
            if map.cost_to(to, want).is_some()
                || fray_core::grid::final_facings(end_facing, total, total - cost).contains(&want)
            {
                want
            } else {
                return Err(format!(
                    "cannot end facing {want}: more than half the movement points are used, so only one hexside of turn is left (G-TAC-008)"
                ));
            }
        }
    };
    Ok((Pose::new(to, facing), hexes))
}

/// G-DEF-009: the hex a retreating defender steps into: a free neighbour
/// farther from the attacker, straight away first.
pub fn retreat_hex(state: &State, defender: CombatantId, attacker: CombatantId) -> Option<HexPos> {
    let d = state.fighter(defender).pose.pos;
    let a = state.fighter(attacker).pose.pos;
    let now = d.distance(a);
    let away = a.facing_toward(d);
    let mut best: Option<(u32, u8, HexPos)> = None;
    for facing in Facing::ALL {
        let h = d.neighbour(facing);
        if h.distance(a) <= now || !free(state, defender, h) {
            continue;
        }
        let straight = away.map_or(3, |w| facing.turn_distance(w));
        let key = (u32::MAX - h.distance(a), straight, h);
        if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
            best = Some(key);
        }
    }
    best.map(|b| b.2)
}

/// Takes the retreat step (facing unchanged) and remembers it for the turn.
pub fn retreat<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    defender: CombatantId,
    attacker: CombatantId,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) {
    if let Some(h) = retreat_hex(state, defender, attacker) {
        let facing = state.fighter(defender).facing();
        set_pose(state, defender, Pose::new(h, facing), "retreats", ctx);
    }
    state.fighter_mut(defender).retreated_from = Some(attacker);
}

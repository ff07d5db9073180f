//! Wait (G-WAIT-001..003), Stop Thrust (G-STP-001/002) and opportunity
//! fire (G-RNG-005/006): a declared trigger, watched while foes move, and
//! the response that interrupts them.
//!
//! Triggers are where foes move (decision): each hex a foe enters on its
//! own turn is checked against every Wait in force, in turn order.
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::action::{Action, AllOutVariant, Response, Step, Strike, Trigger, Wait};
use crate::model::damage::DamageBase;
use crate::model::state::{Posture, State, Waiting};
use fray_core::CombatantId;
use fray_core::Illegal;
use fray_core::grid::{HexPos, Pose};
/// The most hexes one Wait may watch.
pub(crate) const MAX_WATCHED: usize = 64;

/// G-RNG-005: the penalty for watching `hexes` hexes (or one line).
pub fn watch_penalty(hexes: usize, line: bool) -> i32 {
    if line {
        return -2;
    }
    match hexes {
        0 | 1 => 0,
        2 => -1,
        3..=4 => -2,
        5..=6 => -3,
        7..=10 => -4,
        _ => -5,
    }
}

/// Checks a Wait as declared.
pub fn check(state: &State, actor: CombatantId, w: &Wait) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    if let Some(s) = &w.step {
        crate::rules::movement::check_step(state, actor, s)?;
    }
    let weapon = match w.response {
        Response::Attack { weapon, .. }
        | Response::Feint { weapon }
        | Response::Ready { weapon } => weapon,
    };
    let carried = f
        .weapons
        .get(usize::from(weapon))
        .ok_or_else(|| Illegal::input(format!("{} has no weapon {weapon}", f.name)))?;
    if let Response::Attack { mode, all_out, .. } = w.response {
        let m = carried.mode(usize::from(mode)).ok_or_else(|| {
            Illegal::input(format!("{} has no attack mode {mode}", carried.weapon.name))
        })?;
        if !carried.ready() {
            return Err(Illegal::new(
                "G-RDY-001",
                format!("{} is not ready", carried.weapon.name),
            ));
        }
        if !m.is_melee() && all_out.is_some_and(|v| v != AllOutVariant::Determined) {
            return Err(Illegal::new(
                "G-AOA-001..004",
                "a ranged All-Out Attack can only be Determined",
            ));
        }
        if w.trigger == Trigger::StopThrust
            && !(m.is_melee() && m.damage.base == DamageBase::Thrust)
        {
            return Err(Illegal::new(
                "G-STP-001",
                format!(
                    "Stop Thrust needs a ready thrusting weapon; {} {} is not one",
                    carried.weapon.name, m.name
                ),
            ));
        }
    } else if w.trigger == Trigger::StopThrust {
        return Err(Illegal::new(
            "G-STP-001",
            "Stop Thrust responds with an Attack or All-Out Attack",
        ));
    }
    if let Trigger::Enters { hexes, line } = &w.trigger {
        if hexes.is_empty() || hexes.len() > MAX_WATCHED {
            return Err(Illegal::new(
                "G-RNG-005",
                format!("watch 1 to {MAX_WATCHED} hexes"),
            ));
        }
        if let Some(h) = hexes.iter().find(|&&h| !state.map.contains(h)) {
            return Err(Illegal::input(format!(
                "the watched hex {h} is off the map"
            )));
        }
        if *line && !straight(hexes) {
            return Err(Illegal::new(
                "G-RNG-005",
                "the watched hexes do not make one straight line",
            ));
        }
    }
    if let Trigger::InReach { foe: Some(foe) } = w.trigger
        && !state.active_foes(actor).any(|id| id == foe)
    {
        return Err(Illegal::input(format!("{foe} is not a foe still fighting")));
    }
    Ok(())
}

/// Whether the hexes all lie on the line from the first to the farthest.
pub(crate) fn straight(hexes: &[HexPos]) -> bool {
    let first = hexes[0];
    let Some(&far) = hexes.iter().max_by_key(|h| first.distance(**h)) else {
        return false;
    };
    let line = first.line_to(far);
    hexes.iter().all(|h| line.contains(h))
}

/// Whether any foe of `mover` is waiting: the cheap test before walking hex by hex.
pub fn watched(state: &State, mover: CombatantId) -> bool {
    let side = state.fighter(mover).side;
    state
        .fighters
        .iter()
        .any(|f| f.waiting.is_some() && f.side != side)
}

/// Whether the mover is as it was: conscious, not stunned, same posture and place.
pub(crate) fn able(state: &State, mover: CombatantId, (pose, posture): (Pose, Posture)) -> bool {
    let m = state.fighter(mover);
    m.is_conscious() && m.stun.is_none() && m.posture == posture && m.pose == pose
}

/// G-STP-002: the hexes of the trail that brought it nearer to `to`.
pub(crate) fn toward(trail: &[HexPos], to: HexPos) -> u32 {
    trail
        .windows(2)
        .filter(|w| w[1].distance(to) < w[0].distance(to))
        .count() as u32
}

/// The response as a legal maneuver at `foe`, with a step toward it when
/// the waiter took none on its own turn (G-WAIT-002; decision: the first
/// that works of no step, turning in place, then the neighbouring hexes in
/// order), or `None` when it cannot be made now.
pub(crate) fn response(
    state: &State,
    waiter: CombatantId,
    foe: CombatantId,
    waiting: &Waiting,
) -> Option<Action> {
    let f = state.fighter(waiter);
    let target = state.fighter(foe).pose.pos;
    let mut steps: Vec<Option<Step>> = vec![None];
    if !waiting.stepped {
        let hexes = std::iter::once(f.pose.pos).chain(f.pose.pos.neighbours());
        for hex in hexes {
            if let Some(face) = hex.facing_toward(target) {
                let to = (hex != f.pose.pos).then_some(hex);
                if Pose::new(hex, face) != f.pose {
                    steps.push(Some(Step {
                        to,
                        face: Some(face),
                        after: false,
                        posture: None,
                    }));
                }
            }
        }
    }
    let build = |step: Option<Step>| -> Option<Action> {
        Some(match waiting.wait.response {
            Response::Attack {
                weapon,
                mode,
                location,
                all_out,
            } => {
                let strike = Strike::at(foe).with(weapon, mode).aimed(location);
                match all_out {
                    // G-WAIT-003: a defense since the Wait makes it a plain Attack.
                    Some(variant) if !waiting.defended => {
                        if step.is_some() {
                            return None;
                        }
                        Action::AllOutAttack {
                            variant,
                            strike,
                            advance: 0,
                        }
                    }
                    _ => Action::Attack {
                        strike,
                        step,
                        extra: None,
                        giant_step: None,
                    },
                }
            }
            Response::Feint { weapon } => Action::Feint {
                target: foe,
                weapon,
                step,
            },
            Response::Ready { weapon } => {
                if step.is_some() {
                    return None;
                }
                Action::Ready { weapon }
            }
        })
    };
    steps
        .into_iter()
        .filter_map(build)
        .find(|a| crate::rules::maneuver::check(state, waiter, a).is_ok())
}

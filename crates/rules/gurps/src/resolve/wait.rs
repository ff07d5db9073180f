//! Wait (G-WAIT-001..003), Stop Thrust (G-STP-001/002) and opportunity
//! fire (G-RNG-005/006): a declared trigger, watched while foes move, and
//! the response that interrupts them.
//!
//! Triggers are where foes move (decision): each hex a foe enters on its
//! own turn is checked against every Wait in force, in turn order.

use crate::Flow;
use crate::Gurps;
use crate::action::{Action, AllOutVariant, Response, Step, Strike, Trigger, Wait};
use crate::damage::DamageBase;
use crate::event::Event;
use crate::resolve::{maneuver, movement};
use crate::state::{AimState, Posture, Responding, State, Waiting, Watch};
use fray_core::grid::{HexPos, Pose};
use fray_core::{CombatantId, Cx};

/// The most hexes one Wait may watch.
const MAX_WATCHED: usize = 64;

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
pub fn check(state: &State, actor: CombatantId, w: &Wait) -> Result<(), String> {
    let f = state.fighter(actor);
    if let Some(s) = &w.step {
        movement::check_step(state, actor, s)?;
    }
    let weapon = match w.response {
        Response::Attack { weapon, .. }
        | Response::Feint { weapon }
        | Response::Ready { weapon } => weapon,
    };
    let carried = f
        .weapons
        .get(usize::from(weapon))
        .ok_or_else(|| format!("{} has no weapon {weapon}", f.name))?;
    if let Response::Attack { mode, all_out, .. } = w.response {
        let m = carried
            .mode(usize::from(mode))
            .ok_or_else(|| format!("{} has no attack mode {mode}", carried.weapon.name))?;
        if !carried.ready {
            return Err(format!("{} is not ready (G-RDY-001)", carried.weapon.name));
        }
        if !m.is_melee() && all_out.is_some_and(|v| v != AllOutVariant::Determined) {
            return Err("a ranged All-Out Attack can only be Determined (G-AOA-001..004)".into());
        }
        if w.trigger == Trigger::StopThrust
            && !(m.is_melee() && m.damage.base == DamageBase::Thrust)
        {
            return Err(format!(
                "Stop Thrust needs a ready thrusting weapon; {} {} is not one (G-STP-001)",
                carried.weapon.name, m.name
            ));
        }
    } else if w.trigger == Trigger::StopThrust {
        return Err("Stop Thrust responds with an Attack or All-Out Attack (G-STP-001)".into());
    }
    if let Trigger::Enters { hexes, line } = &w.trigger {
        if hexes.is_empty() || hexes.len() > MAX_WATCHED {
            return Err(format!("watch 1 to {MAX_WATCHED} hexes (G-RNG-005)"));
        }
        if let Some(h) = hexes.iter().find(|&&h| !state.map.contains(h)) {
            return Err(format!("the watched hex {h} is off the map"));
        }
        if *line && !straight(hexes) {
            return Err("the watched hexes do not make one straight line (G-RNG-005)".into());
        }
    }
    if let Trigger::InReach { foe: Some(foe) } = w.trigger
        && !state.active_foes(actor).any(|id| id == foe)
    {
        return Err(format!("{foe} is not a foe still fighting"));
    }
    Ok(())
}

/// Whether the hexes all lie on the line from the first to the farthest.
fn straight(hexes: &[HexPos]) -> bool {
    let first = hexes[0];
    let Some(&far) = hexes.iter().max_by_key(|h| first.distance(**h)) else {
        return false;
    };
    let line = first.line_to(far);
    hexes.iter().all(|h| line.contains(h))
}

/// Resolves a checked Wait: the step, then the Wait stands until the
/// waiter's next turn (G-WAIT-001); watching one hex with a ranged weapon
/// adds up like Aim (G-RNG-006).
pub fn resolve(
    state: &mut State,
    actor: CombatantId,
    w: &Wait,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    if let Some(s) = &w.step {
        movement::take_step(state, actor, s, cx)?;
    }
    let watch = match (&w.trigger, w.response) {
        (Trigger::Enters { hexes, .. }, Response::Attack { weapon, mode, .. })
            if hexes.len() == 1
                && state.fighter(actor).weapons[usize::from(weapon)]
                    .is_ranged(usize::from(mode)) =>
        {
            let turns = match state.fighter(actor).watch {
                Some(p) if (p.hex, p.weapon, p.mode) == (hexes[0], weapon, mode) => {
                    p.turns.saturating_add(1)
                }
                _ => 1,
            };
            Some(Watch {
                hex: hexes[0],
                weapon,
                mode,
                turns,
            })
        }
        _ => None,
    };
    let f = state.fighter_mut(actor);
    f.watch = watch;
    f.waiting = Some(Waiting {
        wait: w.clone(),
        stepped: w.step.is_some_and(|s| s.to.is_some()),
        defended: false,
    });
    Ok(())
}

/// Whether any foe of `mover` is waiting: the cheap test before walking hex by hex.
pub fn watched(state: &State, mover: CombatantId) -> bool {
    let side = state.fighter(mover).side;
    state
        .fighters
        .iter()
        .any(|f| f.waiting.is_some() && f.side != side)
}

/// G-WAIT-003: defending while waiting turns a planned All-Out Attack into an Attack.
pub fn defended(state: &mut State, who: CombatantId) {
    if let Some(w) = state.fighter_mut(who).waiting.as_mut() {
        w.defended = true;
    }
}

/// `mover` has just entered the last hex of `trail` (which starts where
/// it stood): every Wait it sets off goes off, in turn order. Returns
/// whether the mover may go on (not knocked down, stunned, out or pushed).
pub fn on_enter(
    state: &mut State,
    mover: CombatantId,
    trail: &[HexPos],
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    if trail.len() < 2 || !watched(state, mover) {
        return Ok(true);
    }
    let before = {
        let m = state.fighter(mover);
        (m.pose, m.posture)
    };
    let order: Vec<CombatantId> = if state.order.is_empty() {
        state.ids().collect()
    } else {
        state.order.clone()
    };
    for waiter in order {
        if !able(state, mover, before) {
            return Ok(false);
        }
        let w = state.fighter(waiter);
        let Some(waiting) = w.waiting.clone() else {
            continue;
        };
        if w.side == state.fighter(mover).side || !w.is_conscious() {
            continue;
        }
        let here = w.pose.pos;
        let toward = toward(trail, here);
        let set_off = match &waiting.wait.trigger {
            Trigger::InReach { foe } => foe.is_none_or(|f| f == mover),
            Trigger::Enters { hexes, .. } => hexes.contains(trail.last().expect("two hexes")),
            // G-STP-001: the last hex entered brought the foe nearer.
            Trigger::StopThrust => {
                let n = trail.len();
                trail[n - 1].distance(here) < trail[n - 2].distance(here)
            }
        };
        if !set_off {
            continue;
        }
        let Some(action) = response(state, waiter, mover, &waiting) else {
            continue;
        };
        fire(state, waiter, mover, &waiting, toward, action, cx)?;
    }
    Ok(able(state, mover, before))
}

/// Whether the mover is as it was: conscious, not stunned, same posture and place.
fn able(state: &State, mover: CombatantId, (pose, posture): (Pose, Posture)) -> bool {
    let m = state.fighter(mover);
    m.is_conscious() && m.stun.is_none() && m.posture == posture && m.pose == pose
}

/// G-STP-002: the hexes of the trail that brought it nearer to `to`.
fn toward(trail: &[HexPos], to: HexPos) -> u32 {
    trail
        .windows(2)
        .filter(|w| w[1].distance(to) < w[0].distance(to))
        .count() as u32
}

/// The response as a legal maneuver at `foe`, with a step toward it when
/// the waiter took none on its own turn (G-WAIT-002; decision: the first
/// that works of no step, turning in place, then the neighbouring hexes in
/// order), or `None` when it cannot be made now.
fn response(
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
        .find(|a| maneuver::check(state, waiter, a).is_ok())
}

/// Sets the Wait off: the response is resolved at once, with Stop Thrust's
/// extra damage, the watched area's penalty and the turns of watching one
/// hex as Aim.
fn fire(
    state: &mut State,
    waiter: CombatantId,
    foe: CombatantId,
    waiting: &Waiting,
    toward: u32,
    action: Action,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let (rule, thrust_bonus, watch_penalty) = match &waiting.wait.trigger {
        Trigger::StopThrust => ("G-STP-001", (toward / 2) as i32, 0),
        Trigger::Enters { hexes, line } => {
            let ranged = match waiting.wait.response {
                Response::Attack { weapon, mode, .. } => {
                    state.fighter(waiter).weapons[usize::from(weapon)].is_ranged(usize::from(mode))
                }
                _ => false,
            };
            let pen = if ranged {
                watch_penalty(hexes.len(), *line)
            } else {
                0
            };
            ("G-RNG-005", 0, pen)
        }
        Trigger::InReach { .. } => ("G-WAIT-001", 0, 0),
    };
    let (w_name, f_name) = (
        state.fighter(waiter).name.clone(),
        state.fighter(foe).name.clone(),
    );
    cx.emit(|| Event::Note {
        text: format!("{w_name}'s Wait goes off: {f_name} comes on"),
        rule,
    });
    let w = state.fighter_mut(waiter);
    w.waiting = None;
    w.responding = Some(Responding {
        foe,
        thrust_bonus,
        watch_penalty,
    });
    // G-RNG-006: turns spent watching the one hex count as Aim.
    if let Some(watch) = w.watch.take() {
        w.aim = Some(AimState {
            target: foe,
            weapon: watch.weapon,
            mode: watch.mode,
            turns: watch.turns,
            braced: false,
        });
    }
    let result = maneuver::resolve(state, waiter, &action, cx);
    state.fighter_mut(waiter).responding = None;
    result
}

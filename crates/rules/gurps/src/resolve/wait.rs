//! Wait (G-WAIT-001..003), Stop Thrust (G-STP-001/002) and opportunity
//! fire (G-RNG-005/006): a declared trigger, watched while foes move, and
//! the response that interrupts them.
//!
//! Triggers are where foes move (decision): each hex a foe enters on its
//! own turn is checked against every Wait in force, in turn order.

use crate::Flow;
use crate::Gurps;
use crate::model::action::{Action, Response, Trigger, Wait};
use crate::model::state::{AimState, Responding, State, Waiting, Watch};
use crate::resolve::movement;
use crate::rules::wait::{able, response, toward, watch_penalty, watched};
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Cx};

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
    // The waiters in turn order (in id order before it is fixed), read by
    // place rather than copied: a response moves nobody in the order.
    let fixed = !state.order.is_empty();
    let waiters = if fixed {
        state.order.len()
    } else {
        state.fighters.len()
    };
    for at in 0..waiters {
        let waiter = if fixed {
            state.order[at]
        } else {
            CombatantId::of_index(at)
        };
        if !able(state, mover, before) {
            return Ok(false);
        }
        let w = state.fighter(waiter);
        let Some(waiting) = &w.waiting else {
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
        // Taken rather than cloned (its watched hexes are a `Vec`): `fire`
        // ends the Wait, and it is put back when no response can be made
        // now (`response` reads the Wait it is given, not the waiter's).
        let Some(waiting) = state.fighter_mut(waiter).waiting.take() else {
            continue;
        };
        let Some(action) = response(state, waiter, mover, &waiting) else {
            state.fighter_mut(waiter).waiting = Some(waiting);
            continue;
        };
        fire(state, waiter, mover, &waiting, toward, action, cx)?;
    }
    debug_assert_eq!(
        waiters,
        if fixed {
            state.order.len()
        } else {
            state.fighters.len()
        },
        "a Wait's response changed the turn order"
    );
    Ok(able(state, mover, before))
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
    cx.note(rule, || {
        format!("{w_name}'s Wait goes off: {f_name} comes on")
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
    // Resolved through the engine, as an action declared on a turn is: the
    // Wait's action is one (G-WAIT-001), and the moves that set it off
    // depend on no maneuver.
    let result = <Gurps as fray_core::Engine>::resolve(state, waiter, &action, cx);
    state.fighter_mut(waiter).responding = None;
    result
}

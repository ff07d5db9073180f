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
    if !within_strike(state, waiter, foe, waiting) {
        return None;
    }
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

/// Whether a melee response could reach `foe` at all: within the longest
/// reach of its weapon (reach C counts as one yard) plus the one step
/// G-WAIT-002 allows. A bound, never a verdict: it only spares the
/// maneuver checks of waiters far from where a foe moves (a field of
/// 2,000 figures asks every Wait at each hex walked); ranged responses and
/// Ready are not bounded here.
fn within_strike(state: &State, waiter: CombatantId, foe: CombatantId, waiting: &Waiting) -> bool {
    let f = state.fighter(waiter);
    let weapon = |w: u8| f.weapons.get(usize::from(w)).map(|c| &c.weapon.modes);
    let reach = |m: &crate::model::data::AttackMode| m.max_reach().max(1);
    let bound = match waiting.wait.response {
        Response::Attack {
            weapon: w, mode, ..
        } => weapon(w)
            .and_then(|modes| modes.get(usize::from(mode)))
            .filter(|m| m.is_melee())
            .map(reach),
        // A Feint strikes with any melee mode of the weapon (G-FNT-001).
        Response::Feint { weapon: w } => {
            weapon(w).and_then(|modes| modes.iter().filter(|m| m.is_melee()).map(reach).max())
        }
        Response::Ready { .. } => None,
    };
    let Some(reach) = bound else {
        return true;
    };
    let limit = reach + u32::from(!waiting.stepped);
    let t = state.fighter(foe);
    let near = |hex: HexPos| f.pose.pos.distance(hex) <= limit;
    near(t.pose.pos) || t.body.is_some_and(near)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::action::Aim;

    /// G-WAIT-001, G-WAIT-002: the quick bound passes over only waiters no
    /// response could reach. A knight's sword (reach 1) with the step a
    /// response may take reaches a foe two hexes off, not three; having
    /// stepped on its turn, only one. A Ready reaches anywhere.
    #[test]
    fn g_wait_002_a_melee_response_is_bounded_by_its_reach_and_step() {
        let mut s = crate::test_support::scenario("duel.toml");
        let (waiter, foe) = (CombatantId(0), CombatantId(1));
        let carried = &s.fighter(waiter).weapons[0];
        let mode = carried
            .weapon
            .modes
            .iter()
            .position(|m| m.is_melee())
            .unwrap() as u8;
        assert_eq!(carried.mode(usize::from(mode)).unwrap().max_reach(), 1);
        let waiting = |response, stepped| Waiting {
            wait: Wait {
                trigger: Trigger::InReach { foe: None },
                response,
                step: None,
            },
            stepped,
            defended: false,
        };
        let strike = Response::Attack {
            weapon: 0,
            mode,
            location: Aim::Random,
            all_out: None,
        };
        let here = s.fighter(waiter).pose.pos;
        let face = s.fighter(foe).pose.facing;
        for (off, stepped, within) in [
            (1, true, true),
            (2, true, false),
            (2, false, true),
            (3, false, false),
        ] {
            let at = HexPos::new(here.q + off, here.r);
            s.place(foe, Pose::new(at, face), None);
            let w = waiting(strike, stepped);
            assert_eq!(
                within_strike(&s, waiter, foe, &w),
                within,
                "{off} off, stepped {stepped}"
            );
            let feint = waiting(Response::Feint { weapon: 0 }, stepped);
            assert_eq!(within_strike(&s, waiter, foe, &feint), within);
            let ready = waiting(Response::Ready { weapon: 0 }, stepped);
            assert!(within_strike(&s, waiter, foe, &ready));
        }
    }
}

//! The Attack and Move and Attack maneuvers around their strikes: steps
//! before and after (G-MATK-001, G-TAC-003, Giant Step G-EFF-004), the
//! second strike of a Rapid Strike or Dual-Weapon Attack (G-ATK-004..007),
//! and the route of a Move and Attack (G-MAA-001..007).

use crate::Flow;
use crate::Gurps;
use crate::action::{Charge, Extra, Step, Strike};
use crate::event::Event;
use crate::resolve::attack::{self, How, Multi};
use crate::resolve::defense::may_pay_fp;
use crate::resolve::{effort, movement};
use crate::state::{Stance, State};
use fray_core::grid::Pose;
use fray_core::{CombatantId, Cx};

/// The steps of an Attack in the order they are taken: those before the
/// strike, then those after it (each with whether it is the Giant Step).
fn ordered(step: Option<&Step>, giant: Option<&Step>) -> Vec<(Step, bool)> {
    let all = [step.map(|s| (*s, false)), giant.map(|s| (*s, true))];
    let mut out: Vec<(Step, bool)> = all
        .iter()
        .flatten()
        .filter(|(s, _)| !s.after)
        .copied()
        .collect();
    out.extend(all.iter().flatten().filter(|(s, _)| s.after).copied());
    out
}

/// The pose after a step from `from`.
pub fn after(from: Pose, s: &Step) -> Pose {
    Pose::new(s.to.unwrap_or(from.pos), s.face.unwrap_or(from.facing))
}

/// How the main strike and the second one are made.
fn hows(strike: &Strike, extra: Option<&Extra>) -> (How, How) {
    match extra {
        None => (How::ATTACK, How::ATTACK),
        Some(Extra::Rapid { flurry, .. }) => {
            let h = How {
                multi: Some(Multi::Rapid { flurry: *flurry }),
                ..How::ATTACK
            };
            (h, h)
        }
        Some(Extra::Dual { strike: second }) => {
            let same_target = second.target == strike.target;
            (
                How {
                    multi: Some(Multi::DualMain { same_target }),
                    ..How::ATTACK
                },
                How {
                    multi: Some(Multi::DualOff { same_target }),
                    ..How::ATTACK
                },
            )
        }
    }
}

/// The second strike of an Extra.
fn second(extra: &Extra) -> &Strike {
    match extra {
        Extra::Rapid { strike, .. } | Extra::Dual { strike } => strike,
    }
}

/// Checks an Attack maneuver: steps, strikes and the extra effort they need.
pub fn check_attack(
    state: &State,
    actor: CombatantId,
    strike: &Strike,
    step: Option<&Step>,
    extra: Option<&Extra>,
    giant: Option<&Step>,
) -> Result<(), String> {
    let f = state.fighter(actor);
    if giant.is_some() && step.is_none() {
        return Err("Giant Step is a second step: declare the first one too (G-EFF-004)".into());
    }
    let fp_needed = i32::from(giant.is_some())
        + match extra {
            Some(Extra::Rapid { flurry: true, .. }) => 2,
            _ => 0,
        };
    if fp_needed > 0 && !may_pay_fp(f) {
        return Err(format!(
            "{} has no FP left for extra effort (decision, docs/rules/gurps.md)",
            f.name
        ));
    }
    let steps = ordered(step, giant);
    let mut pose = f.pose;
    for (s, _) in steps.iter().filter(|(s, _)| !s.after) {
        movement::check_step_from(state, actor, pose, s)?;
        pose = after(pose, s);
    }
    let (main_how, second_how) = hows(strike, extra);
    let (w, m) = attack::check_strike_as(state, actor, strike, main_how)?;
    attack::in_reach_from(state, actor, pose, strike.target, w, m)?;
    if let Some(x) = extra {
        let s2 = second(x);
        let (w2, m2) = attack::check_strike_as(state, actor, s2, second_how)?;
        attack::in_reach_from(state, actor, pose, s2.target, w2, m2)?;
        check_extra(state, actor, strike, x)?;
    }
    for (s, _) in steps.iter().filter(|(s, _)| s.after) {
        movement::check_step_from(state, actor, pose, s)?;
        pose = after(pose, s);
    }
    Ok(())
}

/// G-ATK-004..007: what a Rapid Strike or Dual-Weapon Attack requires.
fn check_extra(
    state: &State,
    actor: CombatantId,
    main: &Strike,
    extra: &Extra,
) -> Result<(), String> {
    let f = state.fighter(actor);
    let mode =
        |s: &Strike| f.weapons[usize::from(s.weapon)].weapon.modes[usize::from(s.mode)].clone();
    match extra {
        Extra::Rapid { strike, .. } => {
            if strike.weapon != main.weapon {
                return Err(
                    "both strikes of a Rapid Strike use the same weapon (G-ATK-006)".into(),
                );
            }
            if !mode(main).is_melee() || !mode(strike).is_melee() {
                return Err("Rapid Strike trades a melee attack (G-ATK-006)".into());
            }
        }
        Extra::Dual { strike } => {
            if strike.weapon == main.weapon {
                return Err(
                    "a Dual-Weapon Attack strikes with two different weapons or hands (G-ATK-004)"
                        .into(),
                );
            }
            if mode(main).two_handed || mode(strike).two_handed {
                return Err(
                    "a Dual-Weapon Attack needs a weapon in each hand, not a two-handed one (G-ATK-004)"
                        .into(),
                );
            }
            if strike.target != main.target && state.options.dual_targets_adjacent {
                let a = state.fighter(main.target).pose.pos;
                let b = state.fighter(strike.target).pose.pos;
                if a.distance(b) != 1 {
                    return Err(
                        "the two foes of a Dual-Weapon Attack must stand next to each other (G-ATK-005)"
                            .into(),
                    );
                }
            }
        }
    }
    Ok(())
}

/// Resolves a checked Attack maneuver.
pub fn resolve_attack(
    state: &mut State,
    actor: CombatantId,
    strike: &Strike,
    step: Option<&Step>,
    extra: Option<&Extra>,
    giant: Option<&Step>,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let steps = ordered(step, giant);
    for (s, is_giant) in steps.iter().filter(|(s, _)| !s.after) {
        // A Wait that went off on the way may have stopped the attacker.
        if !take(state, actor, s, *is_giant, cx)? {
            return Ok(());
        }
    }
    let (main_how, second_how) = hows(strike, extra);
    attack::resolve(state, actor, *strike, main_how, cx)?;
    if let Some(x) = extra {
        // G-EXT-009 row 7: off balance, no further action this turn.
        if state.fighter(actor).off_balance {
            cx.emit(|| Event::Note {
                text: "off balance: the second strike is lost".into(),
                rule: "G-EXT-009",
            });
        } else {
            attack::resolve(state, actor, *second(x), second_how, cx)?;
        }
    }
    for (s, is_giant) in steps.iter().filter(|(s, _)| s.after) {
        // The step after was checked at declaration; whatever happened since
        // (a foe retreating into the hex, a fall) may forbid it now.
        let from = state.fighter(actor).pose;
        if let Err(why) = movement::check_step_from(state, actor, from, s) {
            cx.emit(|| Event::Note {
                text: format!("the step after the attack is not taken: {why}"),
                rule: "G-TAC-003",
            });
            continue;
        }
        take(state, actor, s, *is_giant, cx)?;
    }
    Ok(())
}

/// Takes one step, paying for a Giant Step (G-EFF-004).
fn take(
    state: &mut State,
    actor: CombatantId,
    s: &Step,
    giant: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    if giant {
        effort::spend(state, actor, 1, "Giant Step", "G-EFF-004", cx)?;
    }
    movement::take_step(state, actor, s, cx)
}

/// A Move and Attack as planned: the route walked, where the attack
/// happens and where the move ends.
pub struct Planned {
    /// The pose from which the strike is made.
    pub strike_from: Pose,
    /// Hexes entered before the strike.
    pub before: u32,
    /// The whole route.
    pub route: movement::Planned,
}

/// G-MAA-001..007: checks a Move and Attack and plans it.
pub fn plan_charge(state: &State, actor: CombatantId, c: &Charge) -> Result<Planned, String> {
    let (strike, heroic) = (&c.strike, c.heroic);
    let f = state.fighter(actor);
    if heroic && !may_pay_fp(f) {
        return Err(format!(
            "{} has no FP left for a Heroic Charge (decision, docs/rules/gurps.md)",
            f.name
        ));
    }
    let planned = movement::plan_route(state, actor, c.to, c.face, &c.path)?;
    let hexes = planned.hexes;
    let before = c.at.unwrap_or(hexes);
    if before > hexes {
        return Err(format!(
            "the attack comes after {before} hexes, but the route has only {hexes}"
        ));
    }
    let strike_from = movement::pose_after_hexes(&planned.path, before);
    let how = How {
        move_and_attack: Some(heroic),
        ..How::ATTACK
    };
    let (w, m) = attack::check_strike_as(state, actor, strike, how)?;
    attack::in_reach_from(state, actor, strike_from, strike.target, w, m)?;
    Ok(Planned {
        strike_from,
        before,
        route: planned,
    })
}

/// Resolves a checked Move and Attack (G-MAA-001..006).
pub fn resolve_charge(
    state: &mut State,
    actor: CombatantId,
    order: &Charge,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let charge = plan_charge(state, actor, order)
        .map_err(|e| fray_core::Halt::Illegal(actor, fray_core::Illegal::input(e)))?;
    let (strike, heroic) = (&order.strike, order.heroic);
    state.fighter_mut(actor).stance = Stance::MoveAndAttack;
    if heroic {
        effort::spend(state, actor, 1, "Heroic Charge", "G-EFF-003", cx)?;
    }
    // G-MAA-005: rolls on the way (Evading) are at -2.
    let (_, on) = movement::walk_route(state, actor, &charge.route, Some(charge.before), true, cx)?;
    if !on {
        // Stopped by a foe on the way: the strike is made from there, if it
        // reaches and the attacker is still up to it (a Wait may have gone off).
        if !movement::able(state, actor) {
            return Ok(());
        }
        let from = state.fighter(actor).pose;
        let (wi, mi) = (usize::from(strike.weapon), usize::from(strike.mode));
        if !attack::reaches_from(state, actor, from, strike.target, wi, mi) {
            return Ok(());
        }
    }
    let how = How {
        move_and_attack: Some(heroic),
        ..How::ATTACK
    };
    attack::resolve(state, actor, *strike, how, cx)?;
    let f = state.fighter(actor);
    // A fall, a knockout or a stop during the attack ends the move there.
    if on && f.is_conscious() && f.posture == crate::state::Posture::Standing {
        let rest = movement::rest_of(&charge.route, charge.before);
        let done = state.fighter(actor).moved;
        movement::walk_route(state, actor, &rest, None, true, cx)?;
        state.fighter_mut(actor).moved += done;
    }
    Ok(())
}

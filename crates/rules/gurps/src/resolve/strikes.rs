//! The Attack and Move and Attack maneuvers around their strikes: steps
//! before and after (G-MATK-001, G-TAC-003, Giant Step G-EFF-004), the
//! second strike of a Rapid Strike or Dual-Weapon Attack (G-ATK-004..007),
//! and the route of a Move and Attack (G-MAA-001..007).

use crate::Flow;
use crate::Gurps;
use crate::model::action::{Charge, Extra, Step, Strike};
use crate::model::state::{Stance, State};
use crate::resolve::attack::{self, Since};
use crate::resolve::movement::Stepped;
use crate::resolve::sequence::before_second_strike;
use crate::resolve::{effort, movement};
use crate::rules::attack::How;
use crate::rules::strikes::{hows, ordered, plan_charge, second};
use fray_core::{CombatantId, Cx};

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
    // Most Attacks take no step: nothing to order then.
    let steps = if step.is_none() && giant.is_none() {
        arrayvec::ArrayVec::new()
    } else {
        ordered(step, giant)
    };
    // Whether the steps before the strike left it as it was declared.
    let mut quiet = true;
    for (s, is_giant) in steps.iter().filter(|(s, _)| !s.after) {
        // A Wait that went off on the way may have stopped the attacker.
        match take_noting(state, actor, s, *is_giant, cx)? {
            Stepped::Stopped => return Ok(()),
            Stepped::Eventful => quiet = false,
            // A Giant Step pays FP, which the strike's checks read.
            Stepped::Quiet => quiet &= !*is_giant,
        }
    }
    let (main_how, _) = hows(strike, extra);
    // With no step before it, or only quiet ones, the strike is made as it
    // was declared ([`declared_after`]).
    let since = if quiet && declared_after(strike, &steps) {
        Since::Declared
    } else {
        Since::Changed
    };
    attack::resolve_nth(state, actor, *strike, main_how, Some(0), since, cx)?;
    after_strike(state, actor, strike, (step, giant), extra, 0, cx)
}

/// What an Attack does after its strike `n` (0 or 1): after the first, the
/// second strike of a Rapid Strike or Dual-Weapon Attack (G-ATK-004..007),
/// lost if a critical miss left the attacker off balance (G-EXT-009); then
/// the steps after the attack. The exact odds resume here too
/// ([`crate::resolve::maneuver::after_strike`]).
pub(crate) fn after_strike(
    state: &mut State,
    actor: CombatantId,
    strike: &Strike,
    (step, giant): (Option<&Step>, Option<&Step>),
    extra: Option<&Extra>,
    n: u8,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    if n == 0 {
        match extra {
            // G-EXT-009 row 7: off balance, no further action this turn.
            Some(_) if state.fighter(actor).off_balance() => {
                cx.note("G-EXT-009", || {
                    "off balance: the second strike is lost".into()
                });
            }
            Some(x) => {
                // The first strike's many outcomes come to a few states: the
                // second strike (and the steps after) depend on the state
                // alone, and `maneuver::second_strike` carries on from here.
                let tag = (actor, *strike, *x, step.copied(), giant.copied());
                before_second_strike(state, actor, &tag, cx)?;
                second_strike(state, actor, strike, x, cx)?;
                return after_strike(state, actor, strike, (step, giant), extra, 1, cx);
            }
            None => {}
        }
    }
    if step.is_none() && giant.is_none() {
        return Ok(());
    }
    steps_after(state, actor, &ordered(step, giant), cx)
}

/// The second strike of a Rapid Strike or Dual-Weapon Attack
/// (G-ATK-004..007).
pub(crate) fn second_strike(
    state: &mut State,
    actor: CombatantId,
    strike: &Strike,
    extra: &Extra,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let (_, second_how) = hows(strike, Some(extra));
    attack::resolve_nth(
        state,
        actor,
        *second(extra),
        second_how,
        Some(1),
        Since::Changed,
        cx,
    )
}

/// The steps taken after the attack (G-MATK-001, G-TAC-003).
fn steps_after(
    state: &mut State,
    actor: CombatantId,
    steps: &[(Step, bool)],
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    for (s, is_giant) in steps.iter().filter(|(s, _)| s.after) {
        // The step after was checked at declaration; whatever happened since
        // (a foe retreating into the hex, a fall) may forbid it now.
        let from = state.fighter(actor).pose;
        if let Err(why) = crate::rules::movement::check_step_from(state, actor, from, s) {
            cx.note("G-TAC-003", || {
                format!("the step after the attack is not taken: {why}")
            });
            continue;
        }
        take(state, actor, s, *is_giant, cx)?;
    }
    Ok(())
}

/// Whether an Attack's strike, after steps before it that were all
/// [`Stepped::Quiet`] (and no Giant Step), is still the strike its
/// declaration checked ([`crate::rules::strikes::check_attack`]): that
/// check tested the reach from the pose after the steps, and the strike's
/// other checks in the state before them. A quiet step changed only the
/// attacker's pose and its count of hexes moved; of the strike's checks
/// only the eyes' (G-LOC-012: not from behind the target) reads where the
/// attacker stands, so a strike at the eyes after a step that left the
/// hex is checked again. Debug builds check every strike taken as
/// declared again ([`Since::Declared`]).
fn declared_after(strike: &Strike, steps: &[(Step, bool)]) -> bool {
    let moved = steps.iter().any(|(s, _)| !s.after && s.to.is_some());
    !moved || strike.location.location() != Some(crate::model::location::Location::Eye)
}

/// Takes one step, paying for a Giant Step (G-EFF-004).
fn take(
    state: &mut State,
    actor: CombatantId,
    s: &Step,
    giant: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    take_noting(state, actor, s, giant, cx).map(|s| s != Stepped::Stopped)
}

/// [`take`], telling how the step went ([`movement::step_noting`]).
fn take_noting(
    state: &mut State,
    actor: CombatantId,
    s: &Step,
    giant: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<Stepped> {
    if giant {
        effort::spend(state, actor, 1, "Giant Step", "G-EFF-004", cx)?;
    }
    movement::step_noting(state, actor, s, cx)
}

/// Resolves a checked Move and Attack (G-MAA-001..006).
pub fn resolve_charge(
    state: &mut State,
    actor: CombatantId,
    order: &Charge,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let charge =
        plan_charge(state, actor, order).map_err(|e| fray_core::Halt::illegal(actor, e))?;
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
        if !crate::rules::movement::able(state, actor) {
            return Ok(());
        }
        let from = state.fighter(actor).pose;
        let (wi, mi) = (usize::from(strike.weapon), usize::from(strike.mode));
        if !crate::rules::attack::reaches_from(state, actor, from, strike.target, wi, mi) {
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
    if on && f.is_conscious() && f.posture == crate::model::state::Posture::Standing {
        let rest = crate::rules::movement::rest_of(&charge.route, charge.before);
        let done = state.fighter(actor).moved;
        movement::walk_route(state, actor, &rest, None, true, cx)?;
        state.fighter_mut(actor).moved += done;
    }
    Ok(())
}

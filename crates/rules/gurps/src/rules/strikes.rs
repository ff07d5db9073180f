//! The Attack and Move and Attack maneuvers around their strikes: steps
//! before and after (G-MATK-001, G-TAC-003, Giant Step G-EFF-004), the
//! second strike of a Rapid Strike or Dual-Weapon Attack (G-ATK-004..007),
//! and the route of a Move and Attack (G-MAA-001..007).
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::action::{Charge, Extra, Step, Strike};
use crate::model::state::State;
use crate::rules::attack::{How, Multi};
use crate::rules::defense::may_pay_fp;
use fray_core::CombatantId;
use fray_core::Illegal;
use fray_core::grid::Pose;
/// The steps of an Attack in the order they are taken: those before the
/// strike, then those after it (each with whether it is the Giant Step).
/// A fixed-size list: the simulator's path allocates nothing here.
pub(crate) fn ordered(
    step: Option<&Step>,
    giant: Option<&Step>,
) -> arrayvec::ArrayVec<(Step, bool), 2> {
    // Pushed one by one: collecting through iterator adapters cost about
    // 140 instructions a call, twice an Attack.
    let mut out = arrayvec::ArrayVec::new();
    for after in [false, true] {
        if let Some(s) = step.filter(|s| s.after == after) {
            out.push((*s, false));
        }
        if let Some(s) = giant.filter(|s| s.after == after) {
            out.push((*s, true));
        }
    }
    out
}

/// How the main strike and the second one are made.
pub(crate) fn hows(strike: &Strike, extra: Option<&Extra>) -> (How, How) {
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
pub(crate) fn second(extra: &Extra) -> &Strike {
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
) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    if giant.is_some() && step.is_none() {
        return Err(Illegal::new(
            "G-EFF-004",
            "Giant Step is a second step: declare the first one too",
        ));
    }
    let fp_needed = i32::from(giant.is_some())
        + match extra {
            Some(Extra::Rapid { flurry: true, .. }) => 2,
            _ => 0,
        };
    if fp_needed > 0 && !may_pay_fp(f) {
        return Err(Illegal::input(format!(
            "{} has no FP left for extra effort (decision, docs/rules/gurps.md)",
            f.name
        )));
    }
    let steps = ordered(step, giant);
    let mut pose = f.pose;
    for (s, _) in steps.iter().filter(|(s, _)| !s.after) {
        crate::rules::movement::check_step_from(state, actor, pose, s)?;
        pose = s.pose_after(pose);
    }
    let (main_how, second_how) = hows(strike, extra);
    let (w, m) = crate::rules::attack::check_strike_as(state, actor, strike, main_how)?;
    crate::rules::attack::in_reach_from(state, actor, pose, strike.target, w, m)?;
    if let Some(x) = extra {
        let s2 = second(x);
        let (w2, m2) = crate::rules::attack::check_strike_as(state, actor, s2, second_how)?;
        crate::rules::attack::in_reach_from(state, actor, pose, s2.target, w2, m2)?;
        check_extra(state, actor, strike, x)?;
    }
    for (s, _) in steps.iter().filter(|(s, _)| s.after) {
        crate::rules::movement::check_step_from(state, actor, pose, s)?;
        pose = s.pose_after(pose);
    }
    Ok(())
}

/// G-ATK-004..007: what a Rapid Strike or Dual-Weapon Attack requires.
pub(crate) fn check_extra(
    state: &State,
    actor: CombatantId,
    main: &Strike,
    extra: &Extra,
) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    let mode =
        |s: &Strike| f.weapons[usize::from(s.weapon)].weapon.modes[usize::from(s.mode)].clone();
    match extra {
        Extra::Rapid { strike, .. } => {
            if strike.weapon != main.weapon {
                return Err(Illegal::new(
                    "G-ATK-006",
                    "both strikes of a Rapid Strike use the same weapon",
                ));
            }
            if !mode(main).is_melee() || !mode(strike).is_melee() {
                return Err(Illegal::new(
                    "G-ATK-006",
                    "Rapid Strike trades a melee attack",
                ));
            }
        }
        Extra::Dual { strike } => {
            if strike.weapon == main.weapon {
                return Err(Illegal::new(
                    "G-ATK-004",
                    "a Dual-Weapon Attack strikes with two different weapons or hands",
                ));
            }
            if mode(main).two_handed || mode(strike).two_handed {
                return Err(Illegal::new(
                    "G-ATK-004",
                    "a Dual-Weapon Attack needs a weapon in each hand, not a two-handed one",
                ));
            }
            if strike.target != main.target && state.options.dual_targets_adjacent {
                let a = state.fighter(main.target).pose.pos;
                let b = state.fighter(strike.target).pose.pos;
                if a.distance(b) != 1 {
                    return Err(Illegal::new(
                        "G-ATK-005",
                        "the two foes of a Dual-Weapon Attack must stand next to each other",
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A Move and Attack as planned: the route walked, where the attack
/// happens and where the move ends.
pub struct Planned {
    /// The pose from which the strike is made.
    pub strike_from: Pose,
    /// Hexes entered before the strike.
    pub before: u32,
    /// The whole route.
    pub route: crate::rules::movement::Planned,
}

/// G-MAA-001..007: checks a Move and Attack and plans it.
pub fn plan_charge(state: &State, actor: CombatantId, c: &Charge) -> Result<Planned, Illegal> {
    let (strike, heroic) = (&c.strike, c.heroic);
    let f = state.fighter(actor);
    if heroic && !may_pay_fp(f) {
        return Err(Illegal::input(format!(
            "{} has no FP left for a Heroic Charge (decision, docs/rules/gurps.md)",
            f.name
        )));
    }
    let planned = crate::rules::movement::plan_route(state, actor, c.to, c.face, &c.path)?;
    let hexes = planned.hexes;
    let before = c.at.unwrap_or(hexes);
    if before > hexes {
        return Err(Illegal::input(format!(
            "the attack comes after {before} hexes, but the route has only {hexes}"
        )));
    }
    let strike_from = crate::rules::movement::pose_after_hexes(&planned.path, before);
    let how = How {
        move_and_attack: Some(heroic),
        ..How::ATTACK
    };
    let (w, m) = crate::rules::attack::check_strike_as(state, actor, strike, how)?;
    crate::rules::attack::in_reach_from(state, actor, strike_from, strike.target, w, m)?;
    Ok(Planned {
        strike_from,
        before,
        route: planned,
    })
}

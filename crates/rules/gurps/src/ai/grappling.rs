//! The grappler's plan: a figure better at wrestling than with its weapons
//! takes the foe by the neck and strangles it (G-GRP-001, G-GRP-009); one
//! held fast breaks free (G-GRP-016).

use crate::model::action::{Action, Grapple, Step};
use crate::model::location::Location;
use crate::model::state::{GripAt, State};
use fray_core::CombatantId;
use fray_core::grid::Pose;

/// The grappling skills the AI weighs (G-DICE-002).
const GRAPPLING: [&str; 3] = ["Judo", "Sumo Wrestling", "Wrestling"];

/// Whether `me` would rather grapple: it knows a grappling skill at least
/// as well as the skill of every ready weapon it holds (fists and feet
/// aside).
pub fn prefers_grappling(state: &State, me: CombatantId) -> bool {
    let f = state.fighter(me);
    let Some(grappling) = f.skill_level(&GRAPPLING) else {
        return false;
    };
    f.weapons
        .iter()
        .filter(|w| w.ready() && w.weapon.unarmed.is_none())
        .flat_map(|w| w.skill.iter().copied())
        .all(|s| s <= grappling)
}

/// What to do about grips first: break a pin, or, for a grappler, work the
/// hold (strangle at the neck, else take the foe down or let go) or take
/// a new one on `target`.
pub fn plan(state: &State, me: CombatantId, target: CombatantId) -> Option<Action> {
    let legal = |a: Action| {
        crate::rules::maneuver::check(state, me, &a)
            .is_ok()
            .then_some(a)
    };
    if state.held_by(me).is_some_and(|(_, g)| g.pinned) {
        return legal(Action::Grapple(Grapple::BreakFree));
    }
    if !prefers_grappling(state, me) {
        return None;
    }
    if let Some(grip) = state.fighter(me).grip {
        let next = match grip.at {
            GripAt::Body(Location::Neck) => Grapple::Strangle,
            _ if grip.target != target => Grapple::Release,
            GripAt::Body(_) => Grapple::Takedown,
            GripAt::Item(_) => Grapple::TakeItem,
        };
        return legal(Action::Grapple(next)).or_else(|| legal(Action::Grapple(Grapple::Release)));
    }
    grab_neck(state, me, target)
}

/// A grab at the neck from here, or after turning or a step toward the foe.
fn grab_neck(state: &State, me: CombatantId, target: CombatantId) -> Option<Action> {
    let f = state.fighter(me);
    let goal = state.fighter(target).pose.pos;
    let grab = |step: Option<Step>| {
        Action::Grapple(Grapple::Grab {
            target,
            location: Location::Neck,
            item: None,
            hands: 2,
            step,
        })
    };
    let mut tries = vec![None];
    let mut hexes = vec![f.pose.pos];
    hexes.extend(
        f.pose
            .pos
            .neighbours()
            .into_iter()
            .filter(|n| n.distance(goal) <= 1),
    );
    for hex in hexes {
        if let Some(face) = hex.facing_toward(goal) {
            let to = (hex != f.pose.pos).then_some(hex);
            if Pose::new(hex, face) != f.pose {
                tries.push(Some(Step {
                    to,
                    face: Some(face),
                    after: false,
                    posture: None,
                }));
            }
        }
    }
    tries
        .into_iter()
        .map(grab)
        .find(|a| crate::rules::maneuver::check(state, me, a).is_ok())
        .filter(|_| !grapple_blocked(state, me))
}

/// G-CPO-002: a kneeling grappler (neither holding nor held) rises as the
/// step of a grab at the neck instead of spending a turn standing up.
pub fn plan_rising(state: &State, me: CombatantId, target: CombatantId) -> Option<Action> {
    let f = state.fighter(me);
    if !prefers_grappling(state, me) || f.grip.is_some() || state.held_by(me).is_some() {
        return None;
    }
    let goal = state.fighter(target).pose.pos;
    let face = f.pose.pos.facing_toward(goal);
    [face, None].into_iter().find_map(|face| {
        let grab = Action::Grapple(Grapple::Grab {
            target,
            location: Location::Neck,
            item: None,
            hands: 2,
            step: Some(Step {
                to: None,
                face,
                after: false,
                posture: Some(crate::model::state::Posture::Standing),
            }),
        });
        crate::rules::maneuver::check(state, me, &grab)
            .is_ok()
            .then_some(grab)
    })
}

/// A grappler held by someone else fights that hold first.
fn grapple_blocked(state: &State, me: CombatantId) -> bool {
    state.held_by(me).is_some() && state.fighter(me).grip.is_none()
}

/// The fallback when the chosen maneuver turns out illegal (a grip can
/// forbid it): break free when held, else Do Nothing.
pub fn fallback(state: &State, me: CombatantId) -> Action {
    let free = Action::Grapple(Grapple::BreakFree);
    if crate::rules::maneuver::check(state, me, &free).is_ok() {
        free
    } else {
        Action::DoNothing
    }
}

/// Whether weapon `wi`, mode `mi` may strike now as far as grips go.
pub fn may_strike(state: &State, me: CombatantId, wi: usize, mi: usize) -> bool {
    crate::rules::grapple::may_strike(state, me, wi, mi).is_ok()
}

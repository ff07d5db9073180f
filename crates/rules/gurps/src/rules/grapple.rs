//! Grappling (checklist section 16): grabbing, what a grip does to both
//! sides, takedowns, pins, strangling, taking items, and breaking free.
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::action::{Action, Grapple};
use crate::model::location::{Location, Part};
use crate::model::state::{GripAt, Life, Posture, State};
use fray_core::CombatantId;
use fray_core::Illegal;
/// The grappling skills a grab or a takedown may use (G-DICE-002).
pub(crate) const GRAPPLING: [&str; 3] = ["Judo", "Sumo Wrestling", "Wrestling"];

/// A figure's best grappling score: DX or a grappling skill (G-GRP-001).
pub(crate) fn grapple_score(state: &State, who: CombatantId) -> i32 {
    let f = state.fighter(who);
    f.best_skill(&GRAPPLING, f.stats.dx)
}

/// G-GRP-002: the penalty to grab a location (or the held item).
pub(crate) fn grab_penalty(at: GripAt) -> i32 {
    match at {
        GripAt::Item(_) => -4,
        GripAt::Body(l) => match l.part() {
            Part::Torso | Part::Vitals => 0,
            Part::Limb => -1,
            Part::Extremity => -2,
            Part::Neck | Part::Skull | Part::Face | Part::Eye => -3,
        },
    }
}

/// G-GRP-004: grabbed figures roll at -4 for DX and DX-based rolls.
pub const GRABBED_DX: i32 = -4;

/// Checks a grappling action (G-GRP-001..017).
pub fn check(state: &State, actor: CombatantId, g: &Grapple) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    match g {
        Grapple::Grab {
            target,
            location,
            item,
            hands,
            step,
        } => check_grab(
            state,
            actor,
            *target,
            *location,
            *item,
            *hands,
            step.as_ref(),
        ),
        Grapple::Takedown
        | Grapple::Pin
        | Grapple::Strangle
        | Grapple::TakeItem
        | Grapple::ForceDrop => check_hold_move(state, actor, g),
        Grapple::Release => f
            .grip
            .map(|_| ())
            .ok_or_else(|| Illegal::input("there is no hold to release")),
        Grapple::BreakFree => state
            .held_by(actor)
            .map(|_| ())
            .ok_or_else(|| Illegal::input(format!("{} is not held", f.name))),
    }
}

/// A grab (G-GRP-001..003): free hands, a living foe within reach C
/// (after the step, if any), and a part or ready weapon that can be held.
fn check_grab(
    state: &State,
    actor: CombatantId,
    target: CombatantId,
    location: Location,
    item: Option<u8>,
    hands: u8,
    step: Option<&crate::model::action::Step>,
) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    if f.grip.is_some() {
        return Err(Illegal::input("let go of the present hold first"));
    }
    if !(1..=4).contains(&hands) {
        return Err(Illegal::input("a grab uses 1 to 4 hands"));
    }
    if !state.exists(target) || target == actor || state.fighter(target).life == Life::Dead {
        return Err(Illegal::input("a grab needs a living foe"));
    }
    if let Some(s) = step {
        crate::rules::movement::check_step(state, actor, s)?;
    }
    let from = step.map_or(f.pose, |s| s.pose_after(f.pose));
    let t = state.fighter(target);
    let d = from.pos.distance(t.pose.pos);
    if d > 1 || (d == 1 && from.arc_of(t.pose.pos) != Some(fray_core::grid::Arc::Front)) {
        return Err(Illegal::input(format!(
            "{} is out of reach: a grab reaches C (decision)",
            t.name
        )));
    }
    if let Some(i) = item
        && !t
            .weapons
            .get(usize::from(i))
            .is_some_and(|w| w.ready() && w.weapon.unarmed.is_none() && w.spell.is_none())
    {
        return Err(Illegal::input(format!(
            "{} holds no ready weapon {i} to grab",
            t.name
        )));
    }
    match location {
        Location::Eye | Location::Vitals => {
            Err(Illegal::input(format!("cannot grab the {location}")))
        }
        _ if !crate::rules::location::has_location(t, location) => {
            Err(Illegal::input(format!("{} has no {location}", t.name)))
        }
        _ => Ok(()),
    }
}

/// What a hold allows: a takedown (G-GRP-007), a pin (G-GRP-008), a
/// strangle (G-GRP-009), taking (G-GRP-003) or forcing a drop (G-GRP-005).
fn check_hold_move(state: &State, actor: CombatantId, g: &Grapple) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    let grip = f
        .grip
        .ok_or_else(|| Illegal::input("there is no hold to work from"))?;
    let t = state.fighter(grip.target);
    match g {
        Grapple::Takedown if t.posture == Posture::Lying => Err(Illegal::new(
            "G-GRP-007",
            "a takedown is for a standing foe",
        )),
        Grapple::Pin if t.posture != Posture::Lying || grip.at != GripAt::Body(Location::Torso) => {
            Err(Illegal::new(
                "G-GRP-008",
                "a pin needs a prone foe held by the torso",
            ))
        }
        Grapple::Strangle if grip.at != GripAt::Body(Location::Neck) => Err(Illegal::new(
            "G-GRP-009 decision",
            "strangling needs a hold on the neck",
        )),
        Grapple::TakeItem if !matches!(grip.at, GripAt::Item(_)) => Err(Illegal::new(
            "G-GRP-003",
            "taking an item needs a hold on it",
        )),
        Grapple::ForceDrop
            if !matches!(
                grip.at,
                GripAt::Body(Location::RightArm | Location::RightHand)
            ) =>
        {
            Err(Illegal::new(
                "G-GRP-005",
                "forcing a drop needs a hold on the weapon arm",
            ))
        }
        _ => Ok(()),
    }
}

/// G-CC-007: the assistants' share: the scores of up to `max` other
/// figures holding the same foe, added, then divided by 5 (decision).
pub(crate) fn assistance(
    state: &State,
    actor: CombatantId,
    target: CombatantId,
    max: usize,
    score: impl Fn(CombatantId) -> i32,
) -> i32 {
    let side = state.fighter(actor).side;
    let total: i32 = state
        .grabbers(target)
        .filter(|&id| id != actor && state.fighter(id).side == side)
        .take(max)
        .map(score)
        .sum();
    total / 5
}

/// ST for ST rolls and contests: halved below 1/3 FP, rounding up (G-FAT-001 decision).
pub(crate) fn st_for_rolls(state: &State, who: CombatantId) -> i32 {
    let f = state.fighter(who);
    if f.low_fp() {
        (f.stats.st + 1) / 2
    } else {
        f.stats.st
    }
}

/// Whether `who` may use weapon `wi` at all while grips are on (strike
/// or parry): not the item a foe holds (G-GRP-003), nor a limb a foe holds
/// (G-GRP-005), nor hands busy holding a foe (G-GRP-006, G-GRP-011).
/// Decision: weapons are held in the right hand and the shield on the left
/// arm; a one-handed grip uses the left hand.
#[inline]
pub fn weapon_free(state: &State, who: CombatantId, wi: usize) -> Result<(), Illegal> {
    if state.grips == 0 {
        // Nobody holds anyone ([`State::grips`]): no held weapon or limb,
        // no busy hands (inlined: the parry options and the strike's check
        // ask at every weapon).
        return Ok(());
    }
    weapon_free_gripped(state, who, wi)
}

/// [`weapon_free`] once someone holds someone.
fn weapon_free_gripped(state: &State, who: CombatantId, wi: usize) -> Result<(), Illegal> {
    let f = state.fighter(who);
    let Some(w) = f.weapons.get(wi) else {
        return Ok(());
    };
    let limb = match w.weapon.unarmed {
        Some(crate::model::data::Unarmed::Kick) => Limb::Leg,
        Some(crate::model::data::Unarmed::Bite) => Limb::Head,
        // A wolf's claws are its forelegs.
        _ if !crate::rules::location::has_location(f, Location::RightHand) => Limb::Leg,
        _ => Limb::Hand,
    };
    for by in state.grabbers(who) {
        let Some(grip) = state.fighter(by).grip else {
            continue;
        };
        let held = match grip.at {
            GripAt::Item(i) => usize::from(i) == wi,
            GripAt::Body(Location::RightArm | Location::RightHand) => limb == Limb::Hand,
            GripAt::Body(l) if l.is_leg() || l.is_foot() => limb == Limb::Leg,
            GripAt::Body(Location::Neck | Location::Skull | Location::Face) => limb == Limb::Head,
            GripAt::Body(_) => false,
        };
        if held {
            return Err(Illegal::new(
                "G-GRP-003, G-GRP-005",
                format!(
                    "{} holds {}",
                    state.fighter(by).name,
                    match grip.at {
                        GripAt::Item(_) => "that weapon",
                        _ => "that limb",
                    }
                ),
            ));
        }
    }
    if let Some(g) = f.grip
        && limb == Limb::Hand
    {
        let two_handed = w.weapon.modes.iter().any(|m| m.two_handed);
        let reach_c = w.weapon.modes.iter().any(|m| m.is_melee() && m.reaches(0));
        if g.hands >= 2 || two_handed || !reach_c {
            return Err(Illegal::new(
                "G-GRP-006, G-GRP-011",
                "the hands are busy holding the foe; only a free hand with a reach C weapon strikes or parries",
            ));
        }
    }
    Ok(())
}

/// Whether `who` may strike with weapon `wi` and mode `mi`: the weapon is
/// free ([`weapon_free`]), no ranged attack while holding a foe (G-GRP-012),
/// and a held figure strikes with reach C only (G-GRP-014).
#[inline]
pub fn may_strike(state: &State, who: CombatantId, wi: usize, mi: usize) -> Result<(), Illegal> {
    if state.grips == 0 {
        // Nobody holds anyone ([`State::grips`]): no held weapon, no grip
        // of the striker's own, nobody holding it.
        return Ok(());
    }
    may_strike_gripped(state, who, wi, mi)
}

/// [`may_strike`] once someone holds someone.
fn may_strike_gripped(
    state: &State,
    who: CombatantId,
    wi: usize,
    mi: usize,
) -> Result<(), Illegal> {
    weapon_free_gripped(state, who, wi)?;
    let Some(m) = state.fighter(who).weapons.get(wi).and_then(|w| w.mode(mi)) else {
        return Ok(());
    };
    if state.fighter(who).grip.is_some_and(|g| !g.pinned) && !m.is_melee() {
        return Err(Illegal::new(
            "G-GRP-012",
            "no ranged attacks while holding a foe",
        ));
    }
    if state.held_by(who).is_some() && !(m.is_melee() && m.reaches(0)) {
        return Err(Illegal::new(
            "G-GRP-014",
            "a grabbed figure strikes with reach C only",
        ));
    }
    Ok(())
}

/// Whether `who` may block: not with the shield arm held (G-GRP-005) nor
/// while holding a foe (G-GRP-006; decision: the shield hand is among the
/// grabbing hands).
#[inline]
pub fn may_block(state: &State, who: CombatantId) -> bool {
    if state.grips == 0 {
        return true; // Nobody holds anyone ([`State::grips`]).
    }
    let arm_held = state.grabbers(who).any(|by| {
        matches!(
            state.fighter(by).grip.map(|g| g.at),
            Some(GripAt::Body(Location::LeftArm | Location::LeftHand))
        )
    });
    !arm_held && state.fighter(who).grip.is_none()
}

/// Maneuvers a grip rules out (G-GRP-012, G-GRP-013, G-GRP-017): a pinned
/// figure only breaks free; holder and held do not Aim or Feint; the holder
/// moves only with the foe pinned or at twice its ST (decision: it then
/// lets go, the foe is not dragged along).
pub fn allows(state: &State, actor: CombatantId, action: &Action) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    if let Some((_, grip)) = state.held_by(actor)
        && grip.pinned
        && !matches!(
            action,
            Action::Grapple(Grapple::BreakFree) | Action::DoNothing
        )
    {
        return Err(Illegal::new(
            "G-GRP-017",
            format!("{} is pinned and can only try to break free", f.name),
        ));
    }
    let holding = f.grip.is_some_and(|g| !g.pinned);
    let held = state.held_by(actor).is_some();
    if !(holding || held) {
        return Ok(());
    }
    let rule = if holding { "G-GRP-012" } else { "G-GRP-013" };
    let feint = matches!(
        action,
        Action::Feint { .. }
            | Action::AllOutAttack {
                variant: crate::model::action::AllOutVariant::Feint,
                ..
            }
    );
    if feint
        || matches!(
            action,
            Action::Aim { .. } | Action::Wait(_) | Action::Concentrate(_)
        )
    {
        return Err(Illegal::new(
            rule,
            "no Aim, Feint, Concentrate or Wait while holding or held",
        ));
    }
    if holding {
        let g = f.grip.expect("holding");
        let strong = f.stats.st >= 2 * state.fighter(g.target).stats.st;
        let moves = match action {
            Action::Move { .. } | Action::MoveAndAttack(_) | Action::Slam(_) => true,
            Action::Attack {
                step, giant_step, ..
            } => step.is_some_and(|s| s.to.is_some()) || giant_step.is_some_and(|s| s.to.is_some()),
            Action::AllOutAttack { advance, .. } => *advance > 0,
            Action::AllOutDefense { step, .. }
            | Action::Feint { step, .. }
            | Action::Aim { step, .. } => step.is_some_and(|s| s.to.is_some()),
            Action::Shove(s) => s.step.is_some_and(|s| s.to.is_some()),
            _ => false,
        };
        if moves && !strong {
            return Err(Illegal::new(
                "G-GRP-012",
                "holding a foe, a figure moves only with the foe pinned or with twice its ST; let go first",
            ));
        }
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Limb {
    Hand,
    Leg,
    Head,
}

/// The words and rule ID of a grappling action, for the log.
pub fn describe(state: &State, g: &Grapple) -> (String, &'static str) {
    let foe = |id: CombatantId| state.fighter(id).name.clone();
    match g {
        Grapple::Grab {
            target,
            location,
            item: None,
            ..
        } => (
            format!("Grab {} by the {location}", foe(*target)),
            "G-GRP-001",
        ),
        Grapple::Grab {
            target,
            item: Some(i),
            ..
        } => (format!("Grab {}'s weapon {i}", foe(*target)), "G-GRP-003"),
        Grapple::Takedown => ("Takedown".into(), "G-GRP-007"),
        Grapple::Pin => ("Pin".into(), "G-GRP-008"),
        Grapple::Strangle => ("Strangle".into(), "G-GRP-009"),
        Grapple::TakeItem => ("Take the held item".into(), "G-GRP-003"),
        Grapple::ForceDrop => ("Force a drop".into(), "G-GRP-005"),
        Grapple::Release => ("Let go".into(), "G-GRP-012"),
        Grapple::BreakFree => ("Break free".into(), "G-GRP-016"),
    }
}

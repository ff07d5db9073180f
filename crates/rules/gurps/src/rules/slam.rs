//! Bodily attacks: the Slam and the Shield Rush (G-ATK-014..018, G-MAA-004)
//! and the Shove (G-ATK-020).
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::action::{Shove, Slam, SlamWith};
use crate::model::state::{Posture, State};
use fray_core::Illegal;
use fray_core::grid::{Arc, Pose};
use fray_core::{CombatantId, ModList};
/// A checked slam: where the slammer strikes from and how far it came.
pub struct Planned {
    /// The pose at the end of the run, next to the target.
    pub from: Pose,
    /// Hexes moved this turn, which set the damage bonus (G-ATK-015).
    pub hexes: u32,
    /// The run, when longer than a step.
    pub run: Option<crate::rules::movement::Planned>,
}

/// Whether the shield can rush: a ready shield, not a buckler or a cloak (G-ATK-018).
pub(crate) fn rush_shield(state: &State, who: CombatantId) -> Option<i32> {
    let s = state.fighter(who).shield.as_ref()?;
    let name = s.name.to_ascii_lowercase();
    (s.ready && !name.contains("buckler") && !name.contains("cloak")).then_some(s.db)
}

/// G-ATK-014: checks a slam and plans its run.
pub fn plan(state: &State, actor: CombatantId, order: &Slam) -> Result<Planned, Illegal> {
    let f = state.fighter(actor);
    let target = order.target;
    if !state.exists(target) || target == actor {
        return Err(Illegal::input("a slam needs another figure to slam"));
    }
    if state.fighter(target).life == crate::model::state::Life::Dead {
        return Err(Illegal::input(format!(
            "{} is dead",
            state.fighter(target).name
        )));
    }
    if f.posture != Posture::Standing {
        return Err(Illegal::input(
            "only a standing figure can slam (decision, docs/rules/gurps.md)",
        ));
    }
    if order.shield_rush && rush_shield(state, actor).is_none() {
        return Err(Illegal::new(
            "G-ATK-018",
            "a Shield Rush needs a ready shield; not a buckler or a cloak",
        ));
    }
    let mut run = None;
    let (from, hexes) = match (order.with, order.path.as_slice()) {
        (_, []) => (f.pose, 0),
        (SlamWith::Attack, [to]) => {
            let step = crate::model::action::Step {
                to: Some(*to),
                face: f.pose.pos.facing_toward(state.fighter(target).pose.pos),
                after: false,
                posture: None,
            };
            crate::rules::movement::check_step(state, actor, &step)?;
            (step.pose_after(f.pose), 1)
        }
        (SlamWith::Attack, _) => {
            return Err(Illegal::new(
                "G-ATK-014",
                "with the Attack maneuver a slam follows one step at most",
            ));
        }
        (_, route) => {
            let to = *route.last().unwrap_or(&f.pose.pos);
            let p = crate::rules::movement::plan_route(state, actor, to, None, route)?;
            let end = (p.end, p.hexes);
            run = Some(p);
            end
        }
    };
    let t = state.fighter(target).pose.pos;
    if from.pos.distance(t) != 1 || from.arc_of(t) != Some(Arc::Front) {
        return Err(Illegal::input(format!(
            "a slam needs {} in a front hex next to the slammer at the end of its run",
            state.fighter(target).name
        )));
    }
    Ok(Planned { from, hexes, run })
}

/// The to-hit roll of a slam: the best of DX, Brawling and Sumo Wrestling
/// (G-ATK-014), with shock, posture, size and the All-Out bonus.
pub(crate) fn slam_skill(
    state: &State,
    actor: CombatantId,
    target: CombatantId,
    with: SlamWith,
) -> ModList {
    let a = state.fighter(actor);
    let best = a.best_skill(&["Brawling", "Sumo Wrestling"], a.stats.dx);
    let mut mods = ModList::base("best of DX, Brawling, Sumo Wrestling", best, "G-ATK-014");
    mods.add("shock", a.shock, "G-INJ-001");
    if with == SlamWith::Determined {
        mods.add("All-Out Attack (Determined)", 4, "G-AOA-001");
    }
    mods.add(
        "size difference",
        state.fighter(target).stats.sm - a.stats.sm,
        "G-ATK-024",
    );
    mods
}

/// G-ATK-020: checks a shove: a foe next to the shover, in front.
pub fn check_shove(state: &State, actor: CombatantId, order: &Shove) -> Result<(), Illegal> {
    if let Some(s) = &order.step {
        crate::rules::movement::check_step(state, actor, s)?;
    }
    let from = order.step.as_ref().map_or(state.fighter(actor).pose, |s| {
        s.pose_after(state.fighter(actor).pose)
    });
    if !state.exists(order.target) || order.target == actor {
        return Err(Illegal::input("a shove needs another figure"));
    }
    let t = state.fighter(order.target).pose.pos;
    if from.pos.distance(t) != 1 || from.arc_of(t) != Some(Arc::Front) {
        return Err(Illegal::input(format!(
            "{} must be in a front hex next to the shover",
            state.fighter(order.target).name
        )));
    }
    Ok(())
}

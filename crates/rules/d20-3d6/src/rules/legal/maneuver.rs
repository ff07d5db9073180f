//! Whether a special maneuver may be made (X-SPM, X-QCK-008).

use crate::model::action::Maneuver;
use crate::model::state::State;
use crate::rules::geometry::{distance, natural_reach};
use crate::rules::legal::can::{foe, on_foot};
use fray_core::grid::SquarePos;
use fray_core::{CombatantId, Illegal};

/// X-SPM: a special maneuver at a living foe within reach; an attack in
/// the progression is barred after Total Defense (X-MAN-009), an Overrun
/// goes on foot, and rider and mount are one for the maneuvers that move.
pub(super) fn check_maneuver(
    state: &State,
    actor: CombatantId,
    kind: Maneuver,
    target: CombatantId,
) -> Result<(), Illegal> {
    let o = &*state.options;
    let f = state.fighter(actor);
    foe(state, actor, target, kind.rule())?;
    if kind != Maneuver::Feint
        && kind != Maneuver::Overrun
        && o.maneuvers_use_attack_progression
        && f.total_defense
        && o.total_defense_forbids_attacks
    {
        return Err(Illegal::new(
            "X-MAN-009",
            "no attacks after Total Defense this turn",
        ));
    }
    let reach = crate::rules::geometry::best_reach(f)
        .unwrap_or(0)
        .max(natural_reach(f));
    if distance(state, actor, target) > reach {
        return Err(Illegal::new(kind.rule(), "the target must be within reach"));
    }
    if kind == Maneuver::Overrun {
        on_foot(state, actor)?;
    }
    // X-QCK-008 (decision): rider and mount move as one, so a
    // mounted rider neither pushes, trips nor overruns, nor is
    // pushed, tripped or overrun: those go to the mount.
    let moves = matches!(
        kind,
        Maneuver::BullRush | Maneuver::Trip | Maneuver::Overrun
    );
    if moves && state.riding(actor).is_some() {
        return Err(Illegal::new(
            "X-QCK-008",
            "a mounted rider cannot make this maneuver",
        ));
    }
    if moves && state.riding(target).is_some() {
        return Err(Illegal::new(
            "X-QCK-008",
            "the target is mounted: aim the maneuver at its mount",
        ));
    }
    if kind == Maneuver::Disarm && {
        let t = state.fighter(target);
        t.main.is_none() && t.off.is_none()
    } {
        return Err(Illegal::new("X-SPM-001", "the target holds no weapon"));
    }
    Ok(())
}

/// X-SPM-004: escaping needs a grapple to escape from.
pub(super) fn check_escape(state: &State, actor: CombatantId) -> Result<(), Illegal> {
    if state.fighter(actor).grappled_by.is_none() {
        return Err(Illegal::new("X-SPM-004", "not grappled"));
    }
    Ok(())
}

/// X-SPM-006: an overrun on foot through an unmounted foe along its path.
pub(super) fn check_overrun_move(
    state: &State,
    actor: CombatantId,
    to: SquarePos,
    target: CombatantId,
) -> Result<(), Illegal> {
    foe(state, actor, target, "X-SPM-006")?;
    on_foot(state, actor)?;
    if state.riding(target).is_some() {
        return Err(Illegal::new(
            "X-QCK-008",
            "the target is mounted: aim the maneuver at its mount",
        ));
    }
    crate::rules::movement::overrun_path(state, actor, to, target).map(|_| ())
}

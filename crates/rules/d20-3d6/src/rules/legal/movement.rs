//! Whether a figure may move: a Charge, a Move, a Run or a Disengage on
//! foot, a Ride, getting on and off a mount (X-MAN-004..006, X-MAN-010,
//! X-MAN-018, X-QCK-008).

use crate::model::action::Strike;
use crate::model::state::{Condition, State};
use crate::rules::attack::Mode;
use crate::rules::geometry::{distance, weapon_reach};
use crate::rules::legal::can::{can_move, on_foot};
use crate::rules::legal::strike::check_strike;
use crate::rules::movement::{charge_path, plan};
use fray_core::grid::SquarePos;
use fray_core::{CombatantId, Illegal};

/// X-MAN-006: a charge on foot, a strike allowed as a charge, a straight
/// path, ending with the target within reach.
pub(super) fn check_charge(
    state: &State,
    actor: CombatantId,
    to: SquarePos,
    strike: &Strike,
) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    on_foot(state, actor)?;
    check_strike(state, actor, strike, Mode::Charge)?;
    charge_path(state, actor, to)?;
    let t = state.fighter(strike.target);
    let reach = weapon_reach(f, strike.weapon).unwrap_or(0);
    if crate::rules::geometry::space_distance(to, f.edge(), t.pos, t.edge()) > reach {
        return Err(Illegal::new(
            "X-MAN-006",
            "the charge must end with the target within reach",
        ));
    }
    Ok(())
}

/// X-MAN-004/005: a Move or a Run on foot along a path within
/// `allowance` metres (`rule` names the movement limit).
pub(super) fn check_move(
    state: &State,
    actor: CombatantId,
    to: SquarePos,
    allowance: u32,
    rule: &'static str,
) -> Result<(), Illegal> {
    on_foot(state, actor)?;
    let f = state.fighter(actor);
    plan(state, actor, to, allowance, f.total_defense, rule).map(|_| ())
}

/// X-MAN-010: a Disengage on foot moves exactly 1 m.
pub(super) fn check_disengage(
    state: &State,
    actor: CombatantId,
    to: SquarePos,
) -> Result<(), Illegal> {
    on_foot(state, actor)?;
    let f = state.fighter(actor);
    if f.pos.distance(to) != 1 {
        return Err(Illegal::new("X-MAN-010", "Disengage moves exactly 1 m"));
    }
    plan(state, actor, to, 2, f.total_defense, "X-MAN-010").map(|_| ())
}

/// X-QCK-008: a Ride spends one of the mount's actions left this turn on
/// a path of up to the mount's base Move; the mount must be able to move.
pub fn check_ride(state: &State, actor: CombatantId, to: SquarePos) -> Result<(), Illegal> {
    let Some(m) = state.riding(actor) else {
        return Err(Illegal::new("X-QCK-008", "not mounted"));
    };
    if state.turn.mount_actions == 0 {
        return Err(Illegal::new(
            "X-QCK-008",
            "the mount has no actions left this turn",
        ));
    }
    let f = state.fighter(actor);
    if f.pinned || (f.grappled_by.is_some() && !state.options.grappled_can_move) {
        return Err(Illegal::new("X-CON-013", "grappled: escape first"));
    }
    let mf = state.fighter(m);
    if !mf.able() || mf.cond.has(Condition::Prone) || mf.pinned || mf.grappled_by.is_some() {
        return Err(Illegal::new(
            "X-QCK-008",
            format!("{} cannot move now", mf.name),
        ));
    }
    plan(state, m, to, mf.stats.move_m, mf.total_defense, "X-QCK-008").map(|_| ())
}

/// X-MAN-018: getting on one's own adjacent mount, able to carry a rider.
pub(super) fn check_mount(state: &State, actor: CombatantId) -> Result<(), Illegal> {
    can_move(state, actor)?;
    let f = state.fighter(actor);
    let Some(m) = f.steed else {
        return Err(Illegal::new("X-MAN-018", "has no mount"));
    };
    if f.mounted {
        return Err(Illegal::new("X-MAN-018", "already mounted"));
    }
    let mf = state.fighter(m);
    if !mf.able() || mf.cond.has(Condition::Prone) {
        return Err(Illegal::new(
            "X-MAN-018",
            format!("{} cannot carry a rider now", mf.name),
        ));
    }
    if distance(state, actor, m) > 1 {
        return Err(Illegal::new(
            "X-MAN-018",
            format!("{} must be adjacent", mf.name),
        ));
    }
    Ok(())
}

/// X-MAN-018: getting off into a free square beside the mount.
pub(super) fn check_dismount(
    state: &State,
    actor: CombatantId,
    to: SquarePos,
) -> Result<(), Illegal> {
    can_move(state, actor)?;
    let Some(m) = state.riding(actor) else {
        return Err(Illegal::new("X-MAN-018", "not mounted"));
    };
    let f = state.fighter(actor);
    let (mf, e) = (state.fighter(m), f.stats.size.edge());
    let free = crate::rules::geometry::fits(state, to, e)
        && crate::rules::geometry::occupant(state, to, e, actor).is_none();
    if crate::rules::geometry::space_distance(to, e, mf.pos, mf.space) != 1 || !free {
        return Err(Illegal::new(
            "X-MAN-018",
            format!("{to} is not a free square beside the mount"),
        ));
    }
    Ok(())
}

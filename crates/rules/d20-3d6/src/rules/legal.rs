//! What may be declared now, with typed refusals naming the rule
//! (X-ACT-001..005, X-MAN, X-MUL, X-SPM, X-RNG-003): the dispatcher here,
//! one module per family of actions below it.

mod aid;
mod can;
mod defense;
mod items;
mod maneuver;
mod movement;
mod strike;

use crate::model::action::Action;
use crate::model::sheet::Place;
use crate::model::state::State;
use crate::rules::attack::Mode;
use crate::rules::legal::aid::check_first_aid;
use crate::rules::legal::defense::{
    check_offhand_defense, check_prepared_defense, check_stand_up, check_total_defense,
};
use crate::rules::legal::items::{
    check_draw, check_drink_potion, check_give_potion, check_reload, check_sheathe,
    check_take_potion,
};
use crate::rules::legal::maneuver::{check_escape, check_maneuver, check_overrun_move};
use crate::rules::legal::movement::{
    check_charge, check_disengage, check_dismount, check_mount, check_move,
};
use fray_core::{CombatantId, Illegal};

pub use crate::rules::legal::aid::check_cast;
pub use crate::rules::legal::movement::check_ride;
pub use crate::rules::legal::strike::check_strike;

/// Normal actions an action costs now (X-MAN, X-MAN-014/015 by where the potion is).
pub fn cost(state: &State, actor: CombatantId, action: &Action) -> u8 {
    match action {
        Action::TakePotion { potion } => {
            let f = state.fighter(actor);
            match f.potions.get(usize::from(*potion)).and_then(|p| p.at) {
                Some(Place::Backpack) => 2,
                _ => 1,
            }
        }
        Action::Maneuver { kind, .. } => kind.cost(),
        // X-MAN-013: one free draw or sheathe per Movement or Run action.
        Action::Draw { .. } | Action::Sheathe { .. } if state.turn.free_draws > 0 => 0,
        Action::Escape => state.options.escape_actions,
        // X-MAN-007: the spell's own cost.
        Action::Cast { spell, .. } => state
            .fighter(actor)
            .spells
            .get(usize::from(*spell))
            .map_or(2, |k| k.spell.actions),
        a => a.cost(),
    }
}

/// Checks a declared action: the actions it costs against those left
/// (X-ACT-001), then its own conditions, one named step per kind of action.
pub fn check(state: &State, actor: CombatantId, action: &Action) -> Result<(), Illegal> {
    check_budget(state, actor, action)?;
    let f = state.fighter(actor);
    match action {
        Action::EndTurn => Ok(()),
        Action::Attack(s) => check_strike(state, actor, s, Mode::Single),
        Action::OffhandAttack(s) => check_strike(state, actor, s, Mode::Offhand),
        Action::PreciseStrike(s) => check_strike(state, actor, s, Mode::Precise),
        Action::Charge { to, strike } => check_charge(state, actor, *to, strike),
        Action::Move { to } => check_move(state, actor, *to, f.stats.move_m, "X-MOV-001"),
        Action::Run { to } => check_move(state, actor, *to, 2 * f.stats.move_m, "X-MOV-002"),
        Action::Disengage { to } => check_disengage(state, actor, *to),
        Action::PreparedDefense => check_prepared_defense(state, actor),
        Action::TotalDefense => check_total_defense(state),
        Action::OffhandDefense => check_offhand_defense(state, actor),
        Action::StandUp { immediate } => check_stand_up(state, actor, *immediate),
        Action::Draw { weapon, offhand } => check_draw(state, actor, *weapon, *offhand),
        Action::Sheathe { weapon } => check_sheathe(state, actor, *weapon),
        Action::Reload { weapon } => check_reload(state, actor, *weapon),
        Action::TakePotion { potion } => check_take_potion(state, actor, *potion),
        Action::DrinkPotion { potion } => check_drink_potion(state, actor, *potion),
        Action::GivePotion { potion, to } => check_give_potion(state, actor, *potion, *to),
        Action::FirstAid { patient } => check_first_aid(state, actor, *patient),
        Action::Maneuver { kind, target } => check_maneuver(state, actor, *kind, *target),
        Action::Escape => check_escape(state, actor),
        Action::Cast { spell, target } => check_cast(state, actor, *spell, *target),
        Action::Ride { to } => check_ride(state, actor, *to),
        Action::OverrunMove { to, target } => check_overrun_move(state, actor, *to, *target),
        Action::Mount => check_mount(state, actor),
        Action::Dismount { to } => check_dismount(state, actor, *to),
    }
}

/// X-ACT-001: the action costs no more normal actions than are left.
fn check_budget(state: &State, actor: CombatantId, action: &Action) -> Result<(), Illegal> {
    let need = cost(state, actor, action);
    if need > state.turn.actions {
        return Err(Illegal::new(
            "X-ACT-001",
            format!("needs {need} actions, {} left", state.turn.actions),
        ));
    }
    Ok(())
}

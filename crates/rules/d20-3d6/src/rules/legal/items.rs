//! Whether a figure may handle its weapons and potions (X-MAN-013,
//! X-MAN-015..017, X-RNG-010).

use crate::model::sheet::Place;
use crate::model::state::{Life, State};
use crate::rules::geometry::distance;
use fray_core::{CombatantId, Illegal};

/// X-MAN-013: drawing a weapon not in hand into a free hand (both for a
/// two-handed one).
pub(super) fn check_draw(
    state: &State,
    actor: CombatantId,
    weapon: u8,
    offhand: bool,
) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    let Some(a) = f.weapon(weapon) else {
        return Err(Illegal::input(format!("no weapon {weapon}")));
    };
    if f.holds(weapon) {
        return Err(Illegal::new("X-MAN-013", "already in hand"));
    }
    let two = a.weapon.hands >= 2;
    let free = if two {
        f.main.is_none() && f.off.is_none() && !f.shield
    } else if offhand {
        f.off.is_none() && !f.shield
    } else {
        f.main.is_none()
    };
    if !free {
        return Err(Illegal::new("X-MAN-013", "no free hand"));
    }
    Ok(())
}

/// X-MAN-013: sheathing a weapon in hand.
pub(super) fn check_sheathe(state: &State, actor: CombatantId, weapon: u8) -> Result<(), Illegal> {
    if !state.fighter(actor).holds(weapon) {
        return Err(Illegal::new("X-MAN-013", "not in hand"));
    }
    Ok(())
}

/// X-RNG-010: reloading an unloaded crossbow.
pub(super) fn check_reload(state: &State, actor: CombatantId, weapon: u8) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    let ok = f.weapon(weapon).is_some_and(|a| a.weapon.crossbow)
        && f.unloaded & (1 << weapon.min(7)) != 0;
    if !ok {
        return Err(Illegal::new("X-RNG-010", "nothing to reload"));
    }
    Ok(())
}

/// Where potion `potion` of `actor` is, if it has one.
fn potion_at(state: &State, actor: CombatantId, potion: u8) -> Option<Place> {
    state
        .fighter(actor)
        .potions
        .get(usize::from(potion))
        .and_then(|p| p.at)
}

/// X-MAN-015: taking out a potion from the belt or the pack.
pub(super) fn check_take_potion(
    state: &State,
    actor: CombatantId,
    potion: u8,
) -> Result<(), Illegal> {
    match potion_at(state, actor, potion) {
        Some(Place::Belt) | Some(Place::Backpack) => Ok(()),
        _ => Err(Illegal::new(
            "X-MAN-015",
            "no such potion on the belt or in the pack",
        )),
    }
}

/// X-MAN-016: drinking a potion in hand.
pub(super) fn check_drink_potion(
    state: &State,
    actor: CombatantId,
    potion: u8,
) -> Result<(), Illegal> {
    match potion_at(state, actor, potion) {
        Some(Place::Hand) => Ok(()),
        _ => Err(Illegal::new("X-MAN-016", "the potion must be in hand")),
    }
}

/// X-MAN-017: giving a potion in hand to an adjacent drinker, willing or
/// helpless.
pub(super) fn check_give_potion(
    state: &State,
    actor: CombatantId,
    potion: u8,
    to: CombatantId,
) -> Result<(), Illegal> {
    if potion_at(state, actor, potion) != Some(Place::Hand) {
        return Err(Illegal::new("X-MAN-017", "the potion must be in hand"));
    }
    if !state.exists(to) || to == actor || distance(state, actor, to) > 1 {
        return Err(Illegal::new("X-MAN-017", "the drinker must be adjacent"));
    }
    let t = state.fighter(to);
    if t.life == Life::Dead || (state.foes(actor, to) && !t.helpless()) {
        return Err(Illegal::new(
            "X-MAN-017",
            "the drinker must be willing or helpless",
        ));
    }
    Ok(())
}

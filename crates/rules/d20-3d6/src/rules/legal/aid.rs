//! Whether a figure may give First Aid (X-LIF-006) or cast a spell
//! (X-MAN-007).

use crate::model::data::SpellEffect;
use crate::model::state::{Life, State};
use crate::rules::geometry::distance;
use fray_core::{CombatantId, Illegal};

/// X-LIF-006: First Aid on an adjacent patient at 0 HP or dying.
pub(super) fn check_first_aid(
    state: &State,
    actor: CombatantId,
    patient: CombatantId,
) -> Result<(), Illegal> {
    if !state.exists(patient) || patient == actor || distance(state, actor, patient) > 1 {
        return Err(Illegal::new("X-LIF-006", "the patient must be adjacent"));
    }
    let p = state.fighter(patient);
    if p.hp > 0 || p.life == Life::Dead {
        return Err(Illegal::new(
            "X-LIF-006",
            "First Aid helps at 0 HP or dying",
        ));
    }
    Ok(())
}

/// X-MAN-007: a spell known with casts left, at a living creature within
/// its range; damage at a foe, healing at an ally or oneself.
pub fn check_cast(
    state: &State,
    actor: CombatantId,
    spell: u8,
    target: CombatantId,
) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    let Some(k) = f.spells.get(usize::from(spell)) else {
        return Err(Illegal::input(format!("no spell {spell}")));
    };
    if k.left == Some(0) {
        return Err(Illegal::new(
            "X-MAN-007",
            format!("no casts of {} left", k.spell.name),
        ));
    }
    if !state.exists(target) {
        return Err(Illegal::input(format!("{target} is not a combatant")));
    }
    let t = state.fighter(target);
    if t.life == Life::Dead {
        return Err(Illegal::new("X-MAN-007", format!("{} is dead", t.name)));
    }
    match k.spell.effect {
        SpellEffect::Damage if !state.foes(actor, target) => {
            return Err(Illegal::new(
                "X-MAN-007",
                format!("{} is meant for foes", k.spell.name),
            ));
        }
        SpellEffect::Heal if state.foes(actor, target) => {
            return Err(Illegal::new(
                "X-MAN-007",
                format!("{} is meant for allies", k.spell.name),
            ));
        }
        _ => {}
    }
    let dist = if target == actor {
        0
    } else {
        distance(state, actor, target)
    };
    if dist > k.spell.range_m {
        return Err(Illegal::new(
            "X-MAN-007",
            format!(
                "{} is {dist} m away, beyond the {} m of {}",
                t.name, k.spell.range_m, k.spell.name
            ),
        ));
    }
    Ok(())
}

//! X-FLW-001 step 1: whether an attack may be made.

use crate::model::action::Strike;
use crate::model::options::LowLevelOption;
use crate::model::state::State;
use crate::rules::attack::{Mode, Swing, cover, increment, is_ranged};
use crate::rules::geometry::{distance, weapon_reach};
use crate::rules::legal::can::foe;
use fray_core::{CombatantId, Illegal};

/// X-FLW-001 step 1 for an attack: the weapon in hand, the target within
/// reach or range, a crossbow loaded, Total Defense and the low-level
/// option respected.
pub fn check_strike(
    state: &State,
    actor: CombatantId,
    s: &Strike,
    mode: Mode,
) -> Result<(), Illegal> {
    let o = &*state.options;
    let f = state.fighter(actor);
    foe(state, actor, s.target, "X-FLW-001")?;
    let Some(armed) = f.weapon(s.weapon) else {
        return Err(Illegal::input(format!("no weapon {}", s.weapon)));
    };
    let held = match mode {
        Mode::Offhand => f.off == Some(s.weapon),
        _ => f.holds(s.weapon),
    };
    if !held {
        let rule = if mode == Mode::Offhand {
            "X-MUL-002"
        } else {
            "X-ACT-005"
        };
        return Err(Illegal::new(
            rule,
            format!("{} is not in the right hand", armed.weapon.name),
        ));
    }
    if mode.counted() && f.total_defense && o.total_defense_forbids_attacks {
        return Err(Illegal::new(
            "X-MAN-009",
            "no attacks after Total Defense this turn",
        ));
    }
    if mode.counted() && (s.low_level || state.turn.low_level) {
        if o.low_level_option == LowLevelOption::Off || f.stats.bab >= 6 {
            return Err(Illegal::new(
                "X-MUL-006",
                "the low-level option needs BAB below 6",
            ));
        }
        if state.turn.attacks >= 2
            || (s.low_level && state.turn.attacks > 0 && !state.turn.low_level)
        {
            return Err(Illegal::new(
                "X-MUL-006",
                "the low-level option covers exactly two attacks, chosen from the first",
            ));
        }
    }
    let sw = Swing {
        attacker: actor,
        mode,
        strike: *s,
    };
    let dist = distance(state, actor, s.target);
    if is_ranged(state, &sw) {
        let range = armed.weapon.range_m.unwrap_or(1);
        if increment(dist, range) > o.max_range_increments {
            return Err(Illegal::new(
                "X-RNG-003",
                format!("beyond {} range increments", o.max_range_increments),
            ));
        }
        if armed.weapon.crossbow && f.unloaded & (1 << s.weapon.min(7)) != 0 {
            return Err(Illegal::new("X-RNG-010", "the crossbow must be reloaded"));
        }
        if o.complete_cover_blocks && cover(state, actor, s.target) >= 3 {
            return Err(Illegal::new("X-DEF-009", "the target has complete cover"));
        }
    } else if mode != Mode::Charge {
        let reach = weapon_reach(f, s.weapon).unwrap_or(0);
        if dist > reach {
            return Err(Illegal::new(
                "X-MOV-009",
                format!(
                    "{} is {dist} m away, beyond reach {reach} m",
                    state.fighter(s.target).name
                ),
            ));
        }
    }
    Ok(())
}

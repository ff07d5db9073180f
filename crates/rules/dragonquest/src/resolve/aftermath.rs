//! After the fight (DQ-24-001..006): one infection check per wounded figure.
//! Made only when someone reads the fight (narration), so the simulator
//! spends no dice on it; the cure and daily damage are `fray aftermath`'s
//! day-by-day rolls (`infection_days`).

use crate::model::state::State;
use crate::resolve::{check, counts_as_one, d10_sum, effect};
use crate::rules::infection;
use crate::{DragonQuest, Flow};
use fray_core::{CombatantId, Cx, ModList};

/// DQ-24-001..004: each wounded, living figure's infection check.
pub fn infection(state: &mut State, cx: &mut impl Cx<DragonQuest>) -> Flow<()> {
    if state.aftermath_done || !cx.narrating() {
        return Ok(());
    }
    state.aftermath_done = true;
    for i in 0..state.figures.len() {
        let id = CombatantId::of_index(i);
        let f = state.fig(id);
        if f.life == crate::model::state::Life::Dead {
            continue;
        }
        let Some(chance) = infection::chance(f) else {
            continue;
        };
        let mut mods = ModList::base("base", 10, "DQ-24-001");
        if f.record.en_lost > 0 {
            mods.add("EN damage taken", 20 + f.record.en_lost, "DQ-24-002");
        }
        if f.record.natural_wound {
            mods.add("bite, claw or talon", 20, "DQ-24-003");
        }
        mods.add("cap at 100", chance - mods.total(), "DQ-24-004");
        if check(state, cx, Some(id), "infection", "DQ-24-001", &mods)? {
            state.fig_mut(id).status.infected = true;
            effect(state, cx, id, "is infected", "DQ-24-001");
        }
    }
    Ok(())
}

/// DQ-24-005, DQ-24-006: one day of an infection: the cure roll (D100 under
/// the original EN), else D10 - 5 EN damage (at least 1). Returns whether
/// the figure is cured.
pub fn infection_day(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    id: CombatantId,
) -> Flow<bool> {
    let en = state.fig(id).stats.en;
    let le = state.options.infection_cure_compare == crate::model::options::CureCompare::Le;
    let mods = ModList::base("original EN", if le { en } else { en - 1 }, "DQ-24-005");
    if check(state, cx, Some(id), "infection cure", "DQ-24-005", &mods)? {
        state.fig_mut(id).status.infected = false;
        effect(state, cx, id, "is cured of the infection", "DQ-24-005");
        return Ok(true);
    }
    let sum = d10_sum(
        state,
        cx,
        Some(id),
        ("infection damage", "DQ-24-006"),
        || ModList::base("D - 5", -5, "DQ-24-006"),
        counts_as_one,
        -5,
    )?;
    let dmg = infection::daily_damage(sum + 5);
    crate::resolve::damage::wound(
        state,
        cx,
        id,
        crate::resolve::damage::Hurt::direct(None, dmg, true, "infection", "DQ-24-006"),
    )?;
    Ok(false)
}

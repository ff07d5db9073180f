//! Fire and throw (DQ-16-001..005, DQ-14-012, DQ-14-013, DQ-20-008).

use crate::model::action::AttackKind;
use crate::model::data::Category;
use crate::model::state::{Hold, State};
use crate::resolve::effect;
use crate::resolve::strike::{Blow, strike_at};
use crate::rules::fire::{Line, line};
use crate::{DragonQuest, Flow};
use fray_core::{CombatantId, Cx};

/// DQ-16-001..005: the shot is committed when declared. With no line of
/// fire (outside the Ranged Zone, or blocked) the action is spent. Figures
/// on the line are strike-checked in order of distance, friend or foe
/// (DQ-16-004), then the target, then figures on the extension to 1.5 ×
/// range (DQ-16-002); the first hit stops the missile.
pub fn fire(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    target: CombatantId,
) -> Flow<()> {
    let f = state.fig(a);
    let Some(i) = f.main else { return Ok(()) };
    let w = f.weapons[usize::from(i)].weapon;
    let from = f.pos;
    let order = match line(state, a, from, target, w.range) {
        Line::Blocked => {
            effect(
                state,
                cx,
                a,
                "has no line of fire: the action is spent",
                "DQ-16-005",
            );
            return Ok(());
        }
        Line::OutsideZone => {
            effect(
                state,
                cx,
                a,
                "has no line of fire inside its Ranged Zone: the action is spent",
                "DQ-16-001",
            );
            return Ok(());
        }
        Line::Open(order) => order,
    };
    for (n, o) in order.into_iter().enumerate() {
        let mut blow = Blow::melee(AttackKind::Normal, from);
        blow.ranged = true;
        blow.mishaps = n == 0;
        // DQ-16-003: the option's modifier for a target in an obscured hex.
        let obscured = state.options.obscured_target_sc_mod;
        if o == target
            && obscured != 0
            && state.fig(o).cells().iter().any(|&c| {
                state
                    .map
                    .terrain_at(c)
                    .is_some_and(|t| t.value(crate::model::terrain::OBSCURING).is_some())
            })
        {
            blow.situation = obscured;
            blow.situation_label = "obscured target";
            blow.situation_rule = "DQ-16-003";
        }
        if o != target {
            effect(state, cx, o, "is in the line of fire", "DQ-16-004");
        }
        if strike_at(state, cx, a, o, blow)?.hit {
            loosed(state, a, i);
            return Ok(());
        }
    }
    loosed(state, a, i);
    effect(
        state,
        cx,
        a,
        "misses: the missile falls to the ground",
        "DQ-16-002",
    );
    Ok(())
}

/// The missile has left: a crossbow is unloaded (DQ-14-013), a thrown
/// weapon is out of the hand (unless a mishap already took it).
fn loosed(state: &mut State, a: CombatantId, i: u8) {
    let f = state.fig_mut(a);
    if let Some(h) = f.weapons.get_mut(usize::from(i)) {
        if h.weapon.crossbow {
            h.loaded = false;
        }
        // Breath and magical energy leave nothing to throw away.
        let kept = matches!(h.weapon.category, Category::Missile) || h.weapon.ignores_armor();
        if !kept && h.hold == Hold::Stowed {
            h.hold = Hold::Dropped;
            // Decision: a thrown weapon lands out of the fighters' reach.
            h.at = None;
            if f.main == Some(i) {
                f.main = None;
            }
        }
    }
}

//! Poisoned weapons (DQ-20-004..007): the poison's effect on a wound, and
//! the nick checks of anyone but an Assassin who handles a poisoned weapon.

use crate::model::state::State;
use crate::resolve::damage::{Hurt, wound};
use crate::resolve::{check, effect};
use crate::rules::values;
use crate::{DragonQuest, Flow};
use fray_core::{CombatantId, Cx, ModList};

/// The poison still potent on weapon `i` of `who` (DQ-20-007: until the
/// pulse it expires), if any.
fn potent(state: &State, who: CombatantId, i: u8) -> Option<i32> {
    let h = state.fig(who).weapons.get(usize::from(i))?;
    let p = h.poison?;
    (state.pulse < p.expires).then_some(p.poison.en_damage)
}

/// DQ-20-005, DQ-20-007: a hit with weapon `i` of `a` that did 1 or more
/// effective damage to `d` delivers the poison (its EN damage, ignoring
/// armor), which is then used up.
pub fn on_wound(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    i: u8,
    d: CombatantId,
    done: i32,
) -> Flow<()> {
    if done < 1 {
        return Ok(());
    }
    let Some(amount) = potent(state, a, i) else {
        return Ok(());
    };
    if let Some(h) = state.fig_mut(a).weapons.get_mut(usize::from(i)) {
        h.poison = None;
    }
    if state.fig(d).life == crate::model::state::Life::Dead {
        return Ok(());
    }
    effect(state, cx, d, "is poisoned", "DQ-20-005");
    wound(
        state,
        cx,
        d,
        Hurt::direct(Some(a), amount, true, "poison", "DQ-20-005"),
    )?;
    Ok(())
}

/// DQ-20-006: handling (readying or putting away) poisoned weapon `i`:
/// anyone but an Assassin rolls D100 <= 3 × modMD or nicks himself, taking
/// the poison's effect (which uses it up, DQ-20-007).
pub fn handle(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    who: CombatantId,
    i: u8,
    what: &'static str,
) -> Flow<()> {
    let Some(amount) = potent(state, who, i) else {
        return Ok(());
    };
    if state.fig(who).assassin {
        return Ok(());
    }
    let chance = ModList::base("3 × modMD", 3 * values::mod_md(state.fig(who)), "DQ-20-006");
    if check(state, cx, Some(who), what, "DQ-20-006", &chance)? {
        return Ok(());
    }
    if let Some(h) = state.fig_mut(who).weapons.get_mut(usize::from(i)) {
        h.poison = None;
    }
    effect(
        state,
        cx,
        who,
        "nicks itself with the poisoned weapon",
        "DQ-20-006",
    );
    wound(
        state,
        cx,
        who,
        Hurt::direct(None, amount, true, "poison", "DQ-20-006"),
    )?;
    Ok(())
}

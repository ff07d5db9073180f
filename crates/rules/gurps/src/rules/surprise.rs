//! How a fight begins: total surprise freezes and stuns the side caught
//! unaware (G-TURN-005); partial surprise is an initiative roll between
//! the sides' leaders, and the losers start stunned (G-TURN-006).
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::sheet::Trait;
use crate::model::state::{State, Surprise};
use fray_core::{CombatantId, ModList, SideId};
/// Rerolls of a tied initiative before the tie stands (nobody stunned).
pub(crate) const MAX_REROLLS: u32 = 20;

/// A side's leader: the combatant marked `leader`, else its first one.
pub(crate) fn leader(state: &State, side: SideId) -> Option<CombatantId> {
    let members: Vec<CombatantId> = state
        .ids()
        .filter(|&id| state.fighter(id).side == side)
        .collect();
    let marked = members.iter().copied().find(|&id| state.fighter(id).leader);
    marked.or(members.first().copied())
}

/// G-TURN-006: the initiative modifiers of one side's leader against the
/// other leaders: Combat Reflexes +2 (+1 if only another member has it),
/// +1 for the highest IQ, +1 for the best Tactics, and the scenario's bonus.
pub(crate) fn initiative_mods(
    state: &State,
    surprise: &Surprise,
    side: SideId,
    leaders: &[(SideId, CombatantId)],
) -> ModList {
    let me = leaders
        .iter()
        .find(|(s, _)| *s == side)
        .map(|&(_, id)| id)
        .expect("a leader");
    let f = state.fighter(me);
    let mut mods = ModList::base("initiative bonuses", 0, "G-TURN-006");
    let member_cr = state.ids().any(|id| {
        id != me && state.fighter(id).side == side && state.fighter(id).has(Trait::CombatReflexes)
    });
    let cr = if f.has(Trait::CombatReflexes) {
        2
    } else if member_cr {
        1
    } else {
        0
    };
    mods.add("Combat Reflexes", cr, "G-TURN-006");
    let best_of_others = |score: &dyn Fn(CombatantId) -> Option<i32>| {
        leaders
            .iter()
            .filter(|&&(s, _)| s != side)
            .filter_map(|&(_, id)| score(id))
            .max()
    };
    let iq = |id: CombatantId| Some(state.fighter(id).stats.iq);
    if best_of_others(&iq).is_none_or(|o| f.stats.iq > o) {
        mods.add("higher IQ", 1, "G-TURN-006");
    }
    let tactics = |id: CombatantId| state.fighter(id).skill_level(&["Tactics"]);
    if let Some(t) = tactics(me)
        && best_of_others(&tactics).is_none_or(|o| t > o)
    {
        mods.add("better Tactics", 1, "G-TURN-006");
    }
    let name = &state.sides[usize::from(side.0)];
    mods.add(
        "preparation",
        surprise.bonus.get(name).copied().unwrap_or(0),
        "G-TURN-006",
    );
    mods
}

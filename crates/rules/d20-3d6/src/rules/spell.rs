//! Spells (X-MAN-007): the Magic check's bonus and dice, and who is
//! Distracted (X-CON-003, X-MOV-007). The summary defines no Magic check;
//! the engine's hook is 3 golden d6 + the sheet's `magic` skill against
//! the spell's DC, with the golden rules of X-ATK-011.

use crate::model::state::{Condition, Fighter};
use fray_core::Mods;

/// X-CON-003, X-MOV-007: Distracted for spellcasting: the Distracted
/// condition (a grapple sets it, X-CON-013) or a run since its last turn
/// began (the same period as X-MOV-006).
pub fn distracted(f: &Fighter) -> bool {
    f.cond.has(Condition::Distracted) || f.ran
}

/// The Magic check's flat bonus (the sheet's `magic` skill, X-DAT-003)
/// and its dice modifiers, netted (X-ATK-010): -1d6 when Distracted
/// (X-CON-003, X-MOV-007), -1d6 when Frightened (X-CON-004).
pub fn magic_check(f: &Fighter, plus: &mut impl Mods, dice: &mut impl Mods) {
    plus.add("Magic", f.stats.skills.magic, "X-DAT-003");
    if f.cond.has(Condition::Distracted) {
        dice.add("distracted", -1, "X-CON-003");
    } else if f.ran {
        dice.add("ran (distracted)", -1, "X-MOV-007");
    }
    if f.cond.has(Condition::Frightened) {
        dice.add("frightened", -1, "X-CON-004");
    }
}

//! Infection after combat (DQ-24-001..006). Pure chances; the rolls are
//! `resolve::aftermath`'s. Infection goes by the day (DQ-00-019): one
//! check after the fight.

use crate::model::state::Figure;

/// DQ-24-001..004 (decision: one check per figure): 10, + (20 + EN lost)
/// if it lost EN, + 20 for a wound from a bite, claw or talon, capped at
/// 100. `None` when it took no wound at all.
pub fn chance(f: &Figure) -> Option<i32> {
    if f.record.taken <= 0 {
        return None;
    }
    let mut c = 10;
    if f.record.en_lost > 0 {
        c += 20 + f.record.en_lost;
    }
    if f.record.natural_wound {
        c += 20;
    }
    Some(c.min(100))
}

/// DQ-24-005: the daily cure roll succeeds under the original EN (`le`
/// switches to "at or under").
pub fn cured(roll: i32, original_en: i32, le: bool) -> bool {
    if le {
        roll <= original_en
    } else {
        roll < original_en
    }
}

/// DQ-24-006: the daily damage of an uncured infection, D10 - 5, raised
/// to 1.
pub fn daily_damage(d10: i32) -> i32 {
    (d10 - 5).max(1)
}

//! The round and the turn: budgets of actions (X-ACT-001..003, X-SEQ-005,
//! X-CON-011), critical initiative (X-SEQ-002/003) and the order (X-SEQ-001).

use crate::model::options::Options;
use crate::model::state::{Condition, Fighter};
use fray_core::CombatantId;

/// Normal actions a turn (X-ACT-001).
pub const NORMAL_ACTIONS: u8 = 3;

/// A mount's actions a turn (X-QCK-008).
pub const MOUNT_ACTIONS: u8 = 2;

/// X-ACT-001, X-SEQ-003, X-CON-011, X-DEF-008, X-QCK-008: normal actions
/// for a turn starting now: 3 (a mount 2), plus critical initiative's
/// extra; 1 when nauseated; at most `stunned_max_actions` when stunned.
pub fn budget(f: &Fighter, o: &Options) -> u8 {
    let base = if f.is_mount() {
        MOUNT_ACTIONS
    } else {
        NORMAL_ACTIONS
    };
    let mut n = base + f.bonus_actions;
    if f.cond.has(Condition::Nauseated) {
        n = n.min(1);
    }
    if f.cond.has(Condition::Stunned)
        && let Some(cap) = o.stunned_max_actions
    {
        n = n.min(cap);
    }
    n
}

/// X-SEQ-002/003: what an initiative margin over the best opponent gives:
/// (an extra Reaction or Immediate, an extra normal action).
pub fn critical_initiative(margin: i32, cumulative: bool) -> (bool, bool) {
    match margin {
        m if m >= 16 => (cumulative, true),
        m if m >= 8 => (true, false),
        _ => (false, false),
    }
}

/// X-SEQ-001: sorts (id, total, DEX) from the highest total down, ties to
/// the higher DEX; returns the runs still tied (start, length) for a roll-off.
pub fn sort_initiative(rows: &mut [(CombatantId, i32, i32)]) -> Vec<(usize, usize)> {
    rows.sort_by(|a, b| (b.1, b.2, a.0).cmp(&(a.1, a.2, b.0)));
    let mut ties = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let mut j = i + 1;
        while j < rows.len() && (rows[j].1, rows[j].2) == (rows[i].1, rows[i].2) {
            j += 1;
        }
        if j - i > 1 {
            ties.push((i, j - i));
        }
        i = j;
    }
    ties
}

/// X-CON-011, X-SEQ-004: whether `f` may spend a Reaction or Immediate now.
pub fn may_interrupt(f: &Fighter, o: &Options) -> bool {
    f.able()
        && !f.cond.has(Condition::Nauseated)
        && !(o.surprise_blocks_reactions && f.cond.has(Condition::Surprised) && !f.acted)
}

//! Turn sequence: the fixed order by Basic Speed, rounds, and what happens
//! at the start of each combatant's turn.
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::state::State;
use fray_core::{EndReason, Outcome, SideId};

/// The fight is over when at most one side has a conscious combatant.
pub fn fight_over(state: &State) -> Option<Outcome> {
    let mut standing: Option<SideId> = None;
    for f in &state.fighters {
        if f.is_conscious() {
            match standing {
                None => standing = Some(f.side),
                Some(s) if s != f.side => return None,
                Some(_) => {}
            }
        }
    }
    Some(Outcome {
        winner: standing,
        reason: if standing.is_some() {
            EndReason::Victory
        } else {
            EndReason::MutualDestruction
        },
        rounds: state.round,
    })
}

/// G-INJ-001..004, G-EXT-027: the shock penalty for the injury taken since
/// the last turn: -1 per HP (per floor(HP/10) from 20 HP up, G-INJ-002
/// decision), at most `cap` (4, or 8 after a doubled groin hit); none with
/// High Pain Threshold, doubled with Low Pain Threshold.
pub fn shock_penalty(max_hp: i32, injury: i32, high_pain: bool, low_pain: bool, cap: i32) -> i32 {
    if high_pain || injury <= 0 {
        return 0;
    }
    let per = if max_hp >= 20 { max_hp / 10 } else { 1 };
    let mut points = injury / per;
    if low_pain {
        points *= 2;
    }
    -points.min(cap)
}

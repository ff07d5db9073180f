//! Initiative (DQ-12-003..007, DQ-19-005): who rolls for a side, and the
//! order inside an engagement. Pure functions; the dice are `resolve::pulse`'s.

use crate::model::state::State;
use crate::rules::{values, zones};
use fray_core::{CombatantId, SideId};

/// DQ-12-003, DQ-12-004: who rolls for `side` and what he adds: the leader
/// (PC + Military Scientist rank) if he is eligible, else the eligible
/// figure with the highest PC (PC only). Eligible: conscious, not stunned,
/// not engaged (`engaged`: the pulse's engagements, DQ-12-008, worked out
/// once at its start rather than searched again per figure). `None`: the
/// side does not roll and loses step 1.
pub fn side_roller(
    state: &State,
    side: SideId,
    leader: Option<CombatantId>,
    engaged: impl Fn(CombatantId) -> bool,
) -> Option<(CombatantId, i32)> {
    let eligible = |id: CombatantId| {
        let f = state.fig(id);
        f.side == side && f.in_fight() && !f.status.stunned && !engaged(id)
    };
    if let Some(l) = leader.filter(|&l| eligible(l)) {
        let f = state.fig(l);
        return Some((l, f.stats.pc + i32::from(f.military_scientist)));
    }
    state
        .ids()
        .filter(|&id| eligible(id))
        .max_by_key(|&id| (state.fig(id).stats.pc, std::cmp::Reverse(id.0)))
        .map(|id| (id, state.fig(id).stats.pc))
}

/// DQ-12-003 (decision): the leader is the figure marked `leader`, else the
/// side's figure with the highest PC (lowest id on ties).
pub fn leader(state: &State, side: SideId) -> Option<CombatantId> {
    let on_side = || state.ids().filter(move |&id| state.fig(id).side == side);
    on_side()
        .find(|&id| state.fig(id).leader)
        .or_else(|| on_side().max_by_key(|&id| (state.fig(id).stats.pc, std::cmp::Reverse(id.0))))
}

/// DQ-12-006: the IV sort key, highest first: IV, then modAG; exact ties
/// are broken by a roll-off (`resolve::pulse`).
pub fn iv_key(state: &State, id: CombatantId) -> (i32, i32) {
    let f = state.fig(id);
    // `values::iv` with its modAG worked out once (armor, shield and
    // lodged weapons are summed for it).
    let ag = values::mod_ag(f);
    (
        ag + f.stats.pc + i32::from(values::rank(f).unwrap_or(0)),
        ag,
    )
}

/// DQ-12-007, DQ-19-005: the constraints applied after sorting by IV:
/// stunned figures go to the bottom, and an opponent standing in a
/// figure's rear hex acts before that figure. A loop (a ring of figures,
/// each in the rear of the next) falls back to IV order, in an engagement
/// of any size.
pub fn constrain(state: &State, order: &mut [CombatantId]) {
    // Stunned last, keeping the IV order otherwise.
    if order.iter().any(|&id| state.fig(id).status.stunned) {
        order.sort_by_key(|&id| state.fig(id).status.stunned);
    }
    // Two figures (every engagement of a duel): the loop below moves the
    // second ahead when it stands in the first one's rear and not the other
    // way round, and its second pass moves nothing back; the same, once.
    if let [victim, foe] = *order {
        if state.hostile(victim, foe)
            && !state.fig(foe).status.stunned
            && zones::in_rear(state, victim, foe)
            && !zones::in_rear(state, foe, victim)
        {
            order.swap(0, 1);
        }
        return;
    }
    // The order to fall back to, copied at the first move (most orders
    // need none): on the stack up to 64 figures, on the heap beyond, so
    // that an engagement of any size falls back whole.
    let mut original: Option<smallvec::SmallVec<[CombatantId; 64]>> = None;
    let n = order.len();
    // Bubble each rear-hex opponent ahead of its victim; a bounded number
    // of passes detects loops.
    for _ in 0..=n {
        let mut moved = false;
        for i in 0..n {
            for j in (i + 1)..n {
                let (victim, foe) = (order[i], order[j]);
                if state.hostile(victim, foe)
                    && !state.fig(foe).status.stunned
                    && zones::in_rear(state, victim, foe)
                    && !zones::in_rear(state, foe, victim)
                {
                    if original.is_none() {
                        original = Some(order.iter().copied().collect());
                    }
                    let f = order[j];
                    order.copy_within(i..j, i + 1);
                    order[i] = f;
                    moved = true;
                }
            }
        }
        if !moved {
            return;
        }
    }
    if let Some(original) = original {
        order.copy_from_slice(&original);
    }
}

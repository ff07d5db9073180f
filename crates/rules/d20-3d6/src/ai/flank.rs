//! Flanking (X-SIT-001) at one target, found once for every swing at it.
//!
//! Whether a swing flanks its target is a search of the squares round the
//! target for an ally of the attacker that threatens it. The AI weighs the
//! swing of every foe within a Move of its figure ([`super::seasoned`]'s
//! threats): on a field of 2,000 figures that was the same search a
//! hundred times per plan. The fighters that threaten the target do not
//! depend on who swings, so they are found once per state weighed and
//! each swing asks only them ([`crate::rules::geometry::flanks`]), which
//! gives what [`crate::rules::geometry::flanked`] gives.

use super::near;
use crate::model::state::State;
use crate::rules::geometry::{flanks, longest_reach, threatens_at};
use fray_core::CombatantId;

/// The most threatening fighters kept; a crowd beyond it (huge creatures
/// round a tiny one) falls back to the rule's own search.
const MOST: usize = 16;

/// The fighters that threaten one target where it stands, in id order:
/// the only ones that can flank it. Valid for the state it was found in.
pub struct Flankers {
    target: CombatantId,
    ids: arrayvec::ArrayVec<CombatantId, MOST>,
}

impl Flankers {
    /// The fighters that threaten `target` in `state`; `None` on a field
    /// without an index (a duel: the rule's pass costs less than this)
    /// or when more than [`MOST`] do.
    pub fn of(state: &State, target: CombatantId) -> Option<Flankers> {
        if !state.occupancy.indexed() {
            return None;
        }
        let t = state.fighter(target);
        let mut ids = arrayvec::ArrayVec::new();
        for o in near::around(state, target, longest_reach(state)) {
            if o != target && threatens_at(state, o, t.pos, t.edge()) {
                ids.try_push(o).ok()?;
            }
        }
        Some(Flankers { target, ids })
    }

    /// Whether a swing of `attacker` at the target flanks it (X-SIT-001).
    pub fn flank(&self, state: &State, attacker: CombatantId) -> bool {
        self.ids
            .iter()
            .any(|&o| flanks(state, attacker, self.target, o))
    }
}

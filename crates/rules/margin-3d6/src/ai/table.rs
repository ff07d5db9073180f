//! Per-thread tables of what the AI's strike search reads that depends only
//! on the fighters' fixed parts: the injury weight of each weapon mode (and
//! each unarmed strike) against each foe's torso (M-DMG-008), so that the
//! search sums only the to-hit, which changes from turn to turn.
//!
//! A strike's injury at full damage depends on the striker's ST (halved
//! while it is incapacitated, M-PAT-009 with M-PEN-002/006), the weapon's
//! mode and maximum damage, the foe's DR at the torso (armor, innate and
//! magical) and the scenario's switches: all of it fixed in a fight but
//! the one halving flag, which is part of the index. The table is pinned
//! like the choices' memo ([`super::memo`]): by the state's [`Stamp`]
//! (the fighters' sheets, weapons and armor) and the options' `Arc`, so
//! one thread's table serves every fight of a simulation, which all start
//! from clones of one state; a state under another stamp starts it again.
//! Entries are filled on first use; debug builds recompute every entry
//! read and compare.

use super::injury_weight;
use crate::model::action::{Strike, Unarmed};
use crate::model::options::Options;
use crate::model::state::State;
use crate::rules::turn::incapacitated;
use fray_core::CombatantId;
use fray_core::memo::Stamp;
use std::cell::RefCell;
use std::sync::Arc;

/// Fighters a table holds at most (bigger fights work every weight out).
const FIGHTERS: usize = 16;

/// Weapons and modes per weapon a table holds at most.
const WEAPONS: usize = 8;
const MODES: usize = 4;

/// The unarmed strikes the AI weighs, in its order (M-UNA-001).
const UNARMED: [Unarmed; 3] = [Unarmed::Punch, Unarmed::Kick, Unarmed::Bite];

/// Slots a (striker, foe) pair has: every weapon's modes, then the three
/// unarmed strikes; each slot two entries (ST whole, ST halved).
const SLOTS: usize = WEAPONS * MODES + UNARMED.len();

/// An entry not worked out yet (weights are 1 or more).
const UNKNOWN: i64 = 0;

/// One thread's table and what it was filled under.
#[derive(Default)]
struct Table {
    stamp: Option<Stamp>,
    options: Option<Arc<Options>>,
    weights: Vec<i64>,
}

impl Table {
    /// Empties the table when `state` is not the one it was filled under.
    #[inline]
    fn pin(&mut self, state: &State) {
        let same = self.stamp.as_ref().is_some_and(|s| s.same(&state.stamp))
            && self
                .options
                .as_ref()
                .is_some_and(|o| Arc::ptr_eq(o, &state.options));
        if !same {
            self.stamp = Some(state.stamp.clone());
            self.options = Some(state.options.clone());
            self.weights.clear();
            self.weights
                .resize(FIGHTERS * FIGHTERS * SLOTS * 2, UNKNOWN);
        }
    }
}

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table::default());
}

/// The entry of strike `s` by `who`, or `None` when the table does not
/// hold it (a called shot, a shield bash, too many fighters, weapons or
/// modes).
#[inline]
fn slot(state: &State, who: CombatantId, s: &Strike) -> Option<usize> {
    let n = state.fighters.len();
    if n > FIGHTERS || s.location.is_some() || s.target.index() >= n {
        return None;
    }
    let kind = match s.unarmed {
        None => {
            let (w, m) = (usize::from(s.weapon), usize::from(s.mode));
            if w >= WEAPONS || m >= MODES {
                return None;
            }
            w * MODES + m
        }
        Some(u) => WEAPONS * MODES + UNARMED.iter().position(|&x| x == u)?,
    };
    let halved = usize::from(incapacitated(state.fighter(who)));
    Some(((who.index() * FIGHTERS + s.target.index()) * SLOTS + kind) * 2 + halved)
}

/// This thread's table, pinned to `state`, for one strike search by `who`.
pub(super) struct Weights<'a> {
    table: &'a mut Table,
    state: &'a State,
    who: CombatantId,
}

impl Weights<'_> {
    /// The injury weight of strike `s` at full damage against its
    /// target's torso ([`injury_weight`] with no bonus).
    #[inline]
    pub(super) fn get(&mut self, s: &Strike) -> i64 {
        let (state, who) = (self.state, self.who);
        let Some(i) = slot(state, who, s) else {
            return injury_weight(state, who, s, 0);
        };
        let w = &mut self.table.weights[i];
        if *w == UNKNOWN {
            *w = injury_weight(state, who, s, 0);
        }
        debug_assert_eq!(
            *w,
            injury_weight(state, who, s, 0),
            "the AI's injury table is stale: renew `State::stamp` where a sheet changes"
        );
        *w
    }
}

/// Runs `search` with this thread's table pinned to `state` (one
/// thread-local access and one pin check for a whole strike search).
#[inline]
pub(super) fn with<R>(
    state: &State,
    who: CombatantId,
    search: impl FnOnce(&mut Weights<'_>) -> R,
) -> R {
    TABLE.with(|t| {
        let table = &mut *t.borrow_mut();
        table.pin(state);
        search(&mut Weights { table, state, who })
    })
}

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

use super::basic::injury_weight;
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

/// Slots a (striker, foe) pair has: every weapon's modes, then the three
/// unarmed strikes the AI weighs (punch, kick, bite: M-UNA-001); each slot
/// two entries (ST whole, ST halved).
const SLOTS: usize = WEAPONS * MODES + 3;

/// An entry not worked out yet (weights are 1 or more).
const UNKNOWN: i64 = 0;

/// One thread's table and what it was filled under.
struct Table {
    stamp: Option<Stamp>,
    options: Option<Arc<Options>>,
    weights: Vec<i64>,
    /// Per (striker, foe, weapon, ST halved): the weapon's first mode of
    /// the highest weight, in the low 8 bits, and that weight above them
    /// (0: not worked out yet).
    best: Vec<u64>,
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
            self.best.clear();
            self.best.resize(FIGHTERS * FIGHTERS * WEAPONS * 2, 0);
        }
    }
}

thread_local! {
    // Built empty at compile time: no lazy initialisation to test on
    // every search (`Table::pin` fills it).
    static TABLE: RefCell<Table> = const {
        RefCell::new(Table {
            stamp: None,
            options: None,
            weights: Vec::new(),
            best: Vec::new(),
        })
    };
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
        Some(Unarmed::Punch) => WEAPONS * MODES,
        Some(Unarmed::Kick) => WEAPONS * MODES + 1,
        Some(Unarmed::Bite) => WEAPONS * MODES + 2,
        Some(Unarmed::ShieldBash) => return None,
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
    #[inline(always)]
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

impl Weights<'_> {
    /// The first of weapon strike `s`'s `modes` with the highest weight,
    /// and that weight (`s.mode` is ignored); `None` when the weapon has
    /// no mode. The chance to hit is the same for every mode of a weapon,
    /// so this is the mode the AI weighs best whenever it can hit.
    #[inline]
    pub(super) fn best_mode(&mut self, s: &Strike, modes: usize) -> Option<(u8, i64)> {
        let (state, who) = (self.state, self.who);
        let n = state.fighters.len();
        let w = usize::from(s.weapon);
        let cached = n <= FIGHTERS
            && s.location.is_none()
            && s.unarmed.is_none()
            && s.target.index() < n
            && w < WEAPONS
            && (1..=MODES).contains(&modes);
        if !cached {
            return self.modes_weighed(s, modes);
        }
        let halved = usize::from(incapacitated(state.fighter(who)));
        let i = ((who.index() * FIGHTERS + s.target.index()) * WEAPONS + w) * 2 + halved;
        if self.table.best[i] == 0 {
            let (m, weight) = self.modes_weighed(s, modes)?;
            self.table.best[i] = u64::from(m) | (weight as u64) << 8;
        }
        let packed = self.table.best[i];
        let found = ((packed & 0xff) as u8, (packed >> 8) as i64);
        debug_assert_eq!(Some(found), self.modes_weighed(s, modes));
        Some(found)
    }

    /// [`Self::best_mode`] worked out mode by mode.
    fn modes_weighed(&mut self, s: &Strike, modes: usize) -> Option<(u8, i64)> {
        let mut best: Option<(u8, i64)> = None;
        for m in 0..modes.min(usize::from(u8::MAX)) {
            let w = self.get(&s.with(s.weapon, m as u8));
            if best.is_none_or(|(_, b)| w > b) {
                best = Some((m as u8, w));
            }
        }
        best
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

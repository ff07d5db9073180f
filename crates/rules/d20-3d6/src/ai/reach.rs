//! How far any fighter of the field could strike in its next turn: the
//! radius round a figure within which the seasoned AI weighs the foes that
//! may attack it (issue 35).
//!
//! A pass over the field per decision cost a fifth of a 2,000-figure
//! battle. The radius is kept for the fight instead, as a bound that does
//! not change in one: every weapon a fighter carries, in hand or not, with
//! its Move or two of its mount's. A larger radius than the weapons in
//! hand give only widens the search ([`super::near::around`]); every foe
//! found is still tested ([`super::seasoned`]'s `may_attack`), so the
//! same foes count, in the same order.
//!
//! The bound reads the options and each fighter's sheet, weapons and
//! mount, which change only with the roster: it is kept per thread for
//! the options (held by identity, so that an address compared against can
//! be neither freed and reused nor changed in place) and the roster the
//! occupancy index was built for
//! ([`crate::model::standing::Occupants::roster`]); another scenario, a
//! late arrival or a fighter taken off works it out again. A check of
//! every fighter's sheet and weapons per decision was a tenth of a
//! 2,000-figure battle. Debug builds work the bound out again at every
//! decision and compare.

use crate::model::options::Options;
use crate::model::state::{Fighter, State};
use crate::rules::geometry::weapon_reach;
use std::cell::{Cell, RefCell};
use std::sync::Arc;

/// What the fight's bound was worked out for: the options, and the
/// roster of the occupancy index.
struct Pins {
    options: Arc<Options>,
    roster: u64,
}

impl Pins {
    fn of(state: &State) -> Pins {
        Pins {
            options: state.options.clone(),
            roster: state.occupancy.roster(),
        }
    }

    fn matches(&self, state: &State) -> bool {
        self.roster == state.occupancy.roster() && Arc::ptr_eq(&self.options, &state.options)
    }
}

thread_local! {
    /// The fight's bound and what it was worked out from.
    static FIGHT: RefCell<Option<(Pins, u32)>> = const { RefCell::new(None) };
    /// The bound of the field whose plan is being weighed
    /// ([`with_strike_radius`]), so that each weighing inside does not
    /// look it up again.
    static WEIGHING: Cell<Option<u32>> = const { Cell::new(None) };
}

/// How far any fighter of the field could strike in its next turn (a
/// melee weapon's reach and a Move, or two of its mount's; a ranged
/// weapon's range increments), at least: on a field with an occupancy
/// index (else everyone is looked at anyway: 0).
pub fn strike_radius(state: &State) -> u32 {
    if !state.occupancy.indexed() {
        return 0;
    }
    match WEIGHING.with(Cell::get) {
        Some(r) => r,
        None => fight_bound(state),
    }
}

/// Runs `weigh` with the field's [`strike_radius`] looked up once: every
/// state weighed inside is `state` with its mover moved or marked, which
/// leaves every fighter's weapons, sheet and mount as they were.
pub fn with_strike_radius<T>(state: &State, weigh: impl FnOnce() -> T) -> T {
    if !state.occupancy.indexed() {
        return weigh();
    }
    let r = fight_bound(state);
    let before = WEIGHING.with(|c| c.replace(Some(r)));
    let out = weigh();
    WEIGHING.with(|c| c.set(before));
    out
}

/// The fight's bound, kept while the pins match.
fn fight_bound(state: &State) -> u32 {
    let r = FIGHT.with(|c| {
        let mut kept = c.borrow_mut();
        match &*kept {
            Some((pins, r)) if pins.matches(state) => *r,
            _ => {
                let r = field_bound(state, |f| 0..f.weapons.len() as u8);
                *kept = Some((Pins::of(state), r));
                r
            }
        }
    });
    debug_assert_eq!(
        r,
        field_bound(state, |f| 0..f.weapons.len() as u8),
        "the strike bound of a roster whose sheets changed without a reindex"
    );
    r
}

/// The farthest strike of the `weapons` of each fighter, by a pass over
/// the field.
fn field_bound<I: Iterator<Item = u8>>(state: &State, weapons: impl Fn(&Fighter) -> I) -> u32 {
    let most = state.options.max_range_increments;
    let mut radius = 0u32;
    for f in &state.fighters {
        let mount = f.steed.map_or(0, |m| 2 * state.fighter(m).stats.move_m);
        let mv = f.stats.move_m.max(mount);
        for w in weapons(f) {
            let Some(a) = f.weapon(w) else { continue };
            let r = match weapon_reach(f, w) {
                Some(reach) => reach.saturating_add(mv),
                None if a.weapon.melee => 0,
                // `increment` counts a range of 0 as 1.
                None => a.weapon.range_m.unwrap_or(1).max(1).saturating_mul(most),
            };
            radius = radius.max(r);
        }
    }
    radius
}

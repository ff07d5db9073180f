//! The state as the exact odds' checkpoints write it into their merge keys
//! ([`fray_core::odds::ActionEffects::write_key`]).
//!
//! The default key is the whole state, so every checkpoint of an action
//! kept a copy of every figure on the field: about 30 MB more a figure on
//! the brawl (issue 35). This key writes only what differs from the
//! action's start state: the figures that changed (by index, whole), and
//! the turn's fields; a shared part (`Arc`) still the start's own
//! allocation, or a list equal to the start's, is one byte. The start
//! state lives as long as the keys, so two equal keys are two equal states:
//! a merge here is one the whole state would have made.
//!
//! Every field is named in the pattern below (no `..`), so a field added
//! to [`State`] fails to compile here until the key writes it.

use crate::model::state::{Fighter, State};
use serde::ser::{Serialize, Serializer};
use std::sync::Arc;

/// Appends `state`'s key to `out`; `false` when postcard cannot write it.
pub(crate) fn write(start: &State, state: &State, out: &mut Vec<u8>) -> bool {
    let buf = std::mem::take(out);
    match postcard::to_extend(&StateKey { start, state }, buf) {
        Ok(buf) => {
            *out = buf;
            true
        }
        Err(_) => false,
    }
}

/// An `Arc` written as `None` when it is the start's very allocation.
struct Same<'a, T: ?Sized>(&'a Arc<T>, &'a Arc<T>);

impl<T: ?Sized + Serialize> Serialize for Same<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if Arc::ptr_eq(self.0, self.1) {
            s.serialize_none()
        } else {
            s.serialize_some(&**self.0)
        }
    }
}

/// A list written as `None` when it equals the start's.
struct Equal<'a, T>(&'a [T], &'a [T]);

impl<T: Serialize + PartialEq> Serialize for Equal<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 == self.1 {
            s.serialize_none()
        } else {
            s.serialize_some(self.0)
        }
    }
}

/// The figures that differ from the start's, as (index, figure); all of
/// them, each with its index, when the roster itself changed.
struct Changed<'a>(&'a [Fighter], &'a [Fighter]);

impl Serialize for Changed<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (now, start) = (self.0, self.1);
        let same_roster = now.len() == start.len();
        let changed: Vec<(usize, &Fighter)> = now
            .iter()
            .enumerate()
            .filter(|&(i, f)| !same_roster || *f != start[i])
            .collect();
        (now.len(), changed).serialize(s)
    }
}

/// The state next to the action's start state.
struct StateKey<'a> {
    start: &'a State,
    state: &'a State,
}

impl Serialize for StateKey<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let State {
            name,
            sides,
            seats,
            controllers,
            fighters,
            order,
            tie_rank,
            cursor,
            round,
            max_rounds,
            options,
            aftermath_done,
            deferred,
            // Not in the state's written form either: derived, cached or
            // fixed through a fight.
            order_sorted: _,
            occupancy: _,
            standing: _,
            map: _,
            open_map: _,
            armory: _,
            stamp: _,
        } = self.state;
        let st = self.start;
        (
            (
                Same(name, &st.name),
                Same(sides, &st.sides),
                Same(seats, &st.seats),
                Same(controllers, &st.controllers),
                Same(options, &st.options),
            ),
            Changed(fighters, &st.fighters),
            Equal(order, &st.order),
            Equal(tie_rank, &st.tie_rank),
            (cursor, round, max_rounds, aftermath_done, deferred),
        )
            .serialize(s)
    }
}

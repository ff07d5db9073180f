//! One copy of the state per decision for weighing moves, moved and put
//! back rather than copied again for every square weighed (issue 35).
//!
//! The seasoned AI weighs a move by the state it would leave: the mover
//! elsewhere, perhaps marked (ran, charged) and with fewer actions. A
//! copy of a 2,000-figure state per square weighed was an eighth of a
//! battle. [`Scratch`] fills the copy once, at the first move a decision
//! weighs; each weighing moves the mover in the copy and, after it, puts
//! back what a weighing may change: the mover (with its rider, who moves
//! with it) and the turn. The copy then equals the state again, its index
//! included (kept sorted, so the same entries are the same index).
//!
//! The copy itself is the thread's, kept from one decision to the next and
//! refilled with `clone_from` (issue 38): its buffers are reused, and its
//! `Arc`s, the same as the state's, write no reference count that other
//! worker threads share ([`fray_core::refill`]). Each decision's
//! [`Scratch`] has a number of its own; the copy remembers whose it is, so
//! a decision weighed inside another refills it before use.
//!
//! A weighing that keeps the moved state and goes on from it (a
//! disengaging step, then another) takes a copy of its own, [`copy_of`]:
//! lent from the thread's spares, refilled the same way, and given back
//! when dropped. The spares stay with the thread: as many as its deepest
//! weighing held at once.

use crate::model::state::State;
use crate::rules::geometry::fitting_space;
use fray_core::CombatantId;
use fray_core::grid::SquarePos;
use std::cell::{Cell, RefCell};

thread_local! {
    /// The thread's copy, with the number of the [`Scratch`] that filled it.
    static COPY: RefCell<(u64, Option<State>)> = const { RefCell::new((0, None)) };
    /// The number the next [`Scratch`] takes.
    static NEXT: Cell<u64> = const { Cell::new(1) };
    /// Copies [`copy_of`] lent and had back, for its next loans.
    static SPARE: RefCell<Vec<State>> = const { RefCell::new(Vec::new()) };
}

/// A copy of a state the weighing may keep changing (a move, then another
/// from there), lent from the thread's spares and given back when dropped.
///
/// A fresh `clone` of the state would write the reference count of every
/// `Arc` it holds (options, map, sheets, weapons): lines the other worker
/// threads read on every swing, which their cores then fetched back from
/// this one's. A spare refilled with `clone_from` writes none of them
/// ([`fray_core::refill`]; issue 38).
pub struct Lent(Option<State>);

/// A copy of `state`, lent ([`Lent`]).
pub fn copy_of(state: &State) -> Lent {
    let spare = SPARE.with(|s| s.borrow_mut().pop());
    Lent(Some(match spare {
        Some(mut s) => {
            s.clone_from(state);
            s
        }
        None => state.clone(),
    }))
}

impl std::ops::Deref for Lent {
    type Target = State;

    fn deref(&self) -> &State {
        // Taken out only by `drop`.
        self.0
            .as_ref()
            .unwrap_or_else(|| unreachable!("a lent copy is held until dropped"))
    }
}

impl std::ops::DerefMut for Lent {
    fn deref_mut(&mut self) -> &mut State {
        self.0
            .as_mut()
            .unwrap_or_else(|| unreachable!("a lent copy is held until dropped"))
    }
}

impl Drop for Lent {
    fn drop(&mut self) {
        if let Some(s) = self.0.take() {
            // A thread being torn down has no spares left to keep it in.
            let _ = SPARE.try_with(|spare| spare.borrow_mut().push(s));
        }
    }
}

/// One decision's use of the thread's copy, filled from its state at the
/// first use. Valid for that state only: a decision makes its own.
pub struct Scratch {
    id: u64,
}

impl Default for Scratch {
    fn default() -> Scratch {
        let id = NEXT.with(|n| {
            let id = n.get();
            n.set(id.wrapping_add(1).max(1));
            id
        });
        Scratch { id }
    }
}

impl Scratch {
    /// `weigh`'s answer on `state` with `me` at `to` (its space as it
    /// would fit there, as [`State::place`] puts it). `weigh` may change
    /// `me` and the turn, nothing else.
    pub fn moved<T>(
        &self,
        state: &State,
        me: CombatantId,
        to: SquarePos,
        weigh: impl FnOnce(&mut State) -> T,
    ) -> T {
        let edge = fitting_space(state, me, to).unwrap_or(state.fighter(me).space);
        COPY.with(|copy| {
            let Ok(mut slot) = copy.try_borrow_mut() else {
                // A weighing inside a weighing: a copy of its own.
                let mut s = state.clone();
                s.place(me, to, edge);
                return weigh(&mut s);
            };
            let (owner, kept) = &mut *slot;
            let s = match kept {
                Some(s) if *owner == self.id => s,
                Some(s) => {
                    s.clone_from(state);
                    s
                }
                None => kept.insert(state.clone()),
            };
            *owner = self.id;
            s.place(me, to, edge);
            let out = weigh(s);
            put_back(s, state, me);
            out
        })
    }
}

/// Puts `me` (and the rider it carries) and the turn back as in `state`.
fn put_back(s: &mut State, state: &State, me: CombatantId) {
    let f = state.fighter(me);
    s.set_pos(me, f.pos);
    // Refilled in place: no allocation, no reference count written.
    s.fighter_mut(me).clone_from(f);
    if let Some(r) = state.ridden_by(me) {
        s.fighter_mut(r).clone_from(state.fighter(r));
    }
    s.turn = state.turn;
    debug_assert!(s.occupancy_in_step(), "the scratch state's index");
}

//! A bounded, per-thread table of decisions, shared by the rulesets' AIs.
//!
//! A ruleset's AI is a pure function of the state it is shown: no dice, no
//! clock, nothing kept between calls. The simulator plays the same few
//! situations over and over (every fight starts from the same state), so
//! a decision worked out once can be read back the next time the same
//! situation comes up, in this fight or a later one. This module holds the
//! ruleset-independent part of that machinery; each ruleset keeps only
//!
//! * its **key** (`K`): exactly what its AI reads of the state that can
//!   change in a fight, packed into words (see [`Words`]);
//! * its **pins** (`P`, a [`Pins`]): the parts of a fight that never change
//!   in it (options, map, sheets), held by `Arc` identity. The table holds
//!   clones of those `Arc`s, so an address it compares against can be
//!   neither freed and reused nor changed in place (`Arc::make_mut` clones
//!   a shared value). When a state is built on other parts (another
//!   scenario, a test that swapped a sheet) the table is emptied first;
//!   A fixed part kept in plain fields rather than behind an `Arc` of its
//!   own (a figure's sheet, say) is pinned through a [`Stamp`] the state
//!   carries: compared by address on every lookup, the fields themselves
//!   compared only when the stamp is new (and, in debug builds, on every
//!   lookup, to catch a change made without a new stamp);
//! * its `thread_local!` [`Memo`], so threads share nothing (no locks) and
//!   output stays byte-identical whatever the number of threads.
//!
//! The table stops growing at its capacity, so its memory is bounded;
//! lookups go on. Nothing depends on what it holds: a hit returns what the
//! AI would have computed. Debug builds (the tests) check that: every hit
//! is recomputed and compared ([`Memo::verify`], on by default when
//! `debug_assertions` are).

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;
use std::thread::LocalKey;

/// A key of up to `N` packed words, built in place without allocating.
pub type Words<const N: usize> = arrayvec::ArrayVec<u64, N>;

/// A key buffer the table can reuse: emptied before each key is written.
pub trait Key: Hash + Eq + Clone + Default {
    /// Makes the buffer empty again.
    fn reset(&mut self);
}

impl<const N: usize> Key for Words<N> {
    #[inline]
    fn reset(&mut self) {
        self.clear();
    }
}

/// The parts of a state `S` that never change in a fight, held by
/// identity (clones of its `Arc`s).
pub trait Pins<S: ?Sized> {
    /// The parts of `state`.
    fn of(state: &S) -> Self;
    /// Whether `state` is built on exactly these parts.
    fn matches(&self, state: &S) -> bool;
}

/// An identity for the parts of a state that never change in a fight but
/// live in plain fields (a figure's characteristics, weapons, controller):
/// the state carries one, every clone of it shares it (a clone is a
/// reference count, no allocation), and whatever changes such a part
/// (setup, a late arrival, a test editing a sheet) gives the state a new one
/// with [`Stamp::renew`]. A ruleset's [`Pins`] then compare the stamp by
/// address (one comparison a lookup, once per simulator thread in effect:
/// every fight is a clone of the same start) instead of every fixed field
/// on every lookup.
///
/// The stamp cannot see a field changed without a renewal; a ruleset's
/// pins should keep the fields too and compare them in debug builds
/// ([`Stamp::CHECK_FIELDS`]), so the tests catch a forgotten renewal.
#[derive(Debug)]
pub struct Stamp(std::sync::Arc<()>);

impl Clone for Stamp {
    fn clone(&self) -> Stamp {
        Stamp(self.0.clone())
    }

    /// Writes no reference count when both are the same stamp already
    /// ([`crate::refill`]).
    fn clone_from(&mut self, source: &Stamp) {
        crate::refill::arc(&mut self.0, &source.0);
    }
}

impl Stamp {
    /// Whether pins should also compare the stamped fields on every lookup:
    /// in debug builds (the tests), to catch a change made without
    /// [`Stamp::renew`].
    pub const CHECK_FIELDS: bool = cfg!(debug_assertions);

    /// A stamp no other state has.
    pub fn new() -> Stamp {
        Stamp(std::sync::Arc::new(()))
    }

    /// Gives the state a stamp of its own (its stamped fields changed):
    /// a table pinned under the old one starts again.
    pub fn renew(&mut self) {
        *self = Stamp::new();
    }

    /// Whether both are the same stamp (clones of one another).
    #[inline]
    pub fn same(&self, other: &Stamp) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Default for Stamp {
    fn default() -> Stamp {
        Stamp::new()
    }
}

/// One thread's table: the pins it was filled under, the decisions by
/// key, and the key being looked up.
pub struct Memo<K, V, P> {
    pins: Option<P>,
    table: HashMap<K, V, foldhash::fast::FixedState>,
    scratch: K,
    capacity: usize,
    enabled: bool,
    verify: bool,
    counts: Counts,
}

/// How the lookups of a table went (for measuring a key's reuse).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Decisions read back.
    pub hits: u64,
    /// Decisions worked out and remembered (or not, once full).
    pub misses: u64,
    /// Situations the key cannot hold, worked out every time.
    pub unkeyed: u64,
}

impl<K: Key, V, P> Memo<K, V, P> {
    /// An empty table that keeps at most `capacity` entries; on, and
    /// verifying every hit in debug builds.
    pub fn new(capacity: usize) -> Self {
        Memo {
            pins: None,
            table: HashMap::default(),
            scratch: K::default(),
            capacity,
            enabled: true,
            verify: cfg!(debug_assertions),
            counts: Counts::default(),
        }
    }

    /// Empties the table (switches stay as they are).
    pub fn clear(&mut self) {
        self.pins = None;
        self.table = HashMap::default();
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The most entries it keeps.
    pub fn capacity(&self) -> usize {
        self.capacity
    }
}

/// What a lookup found.
enum Found<V> {
    /// The remembered decision.
    Hit(V),
    /// Not seen yet: remember what is worked out.
    Miss,
    /// A situation the key cannot hold: work it out, remember nothing.
    Unkeyed,
}

/// The thread's table behind a `thread_local!`.
pub type Local<K, V, P> = LocalKey<RefCell<Memo<K, V, P>>>;

/// The decision for `state`: the remembered one, or `choose`'s, remembered.
///
/// `key` writes the situation into the table's own buffer (empty when it
/// is called; no copy of it on a hit) and returns `None` when the
/// situation does not fit the key (nothing is remembered then). `choose`
/// runs outside the table's borrow, so it may not come back here for the
/// same table. With [`Memo::verify`] on, a hit is recomputed and must be
/// equal (a panic names both otherwise: the key misses something the AI
/// reads).
pub fn recall<S: ?Sized, K: Key, V: Clone + PartialEq + Debug, P: Pins<S>>(
    memo: &'static Local<K, V, P>,
    state: &S,
    key: impl FnOnce(&mut K, &S) -> Option<()>,
    choose: impl Fn() -> V,
) -> V {
    let (found, verify) = memo.with(|m| {
        let m = &mut *m.borrow_mut();
        if !m.enabled {
            return (Found::Unkeyed, false);
        }
        if !m.pins.as_ref().is_some_and(|p| p.matches(state)) {
            m.table = HashMap::default();
            m.pins = Some(P::of(state));
        }
        m.scratch.reset();
        let found = match key(&mut m.scratch, state) {
            None => {
                m.counts.unkeyed += 1;
                Found::Unkeyed
            }
            Some(()) => match m.table.get(&m.scratch) {
                Some(v) => {
                    m.counts.hits += 1;
                    Found::Hit(v.clone())
                }
                None => {
                    m.counts.misses += 1;
                    Found::Miss
                }
            },
        };
        (found, m.verify)
    });
    match found {
        Found::Hit(v) => {
            if verify {
                let fresh = choose();
                assert!(
                    fresh == v,
                    "decision memo: remembered {v:?}, but the AI now chooses {fresh:?}"
                );
            }
            v
        }
        Found::Unkeyed => choose(),
        Found::Miss => {
            let v = choose();
            memo.with(|m| {
                let m = &mut *m.borrow_mut();
                if m.table.len() < m.capacity {
                    let k = m.scratch.clone();
                    m.table.insert(k, v.clone());
                }
            });
            v
        }
    }
}

/// Turns the thread's table on or off (on by default); tests play fights
/// both ways and compare them.
pub fn set_enabled<K: Key, V, P>(memo: &'static Local<K, V, P>, on: bool) {
    memo.with(|m| m.borrow_mut().enabled = on);
}

/// Turns the recompute-and-compare check of every hit on or off (on by
/// default in debug builds only).
pub fn set_verify<K: Key, V, P>(memo: &'static Local<K, V, P>, on: bool) {
    memo.with(|m| m.borrow_mut().verify = on);
}

/// Entries in the thread's table.
pub fn len<K: Key, V, P>(memo: &'static Local<K, V, P>) -> usize {
    memo.with(|m| m.borrow().len())
}

/// How the thread's lookups went since it started.
pub fn counts<K: Key, V, P>(memo: &'static Local<K, V, P>) -> Counts {
    memo.with(|m| m.borrow().counts)
}

/// Empties the thread's table.
pub fn clear<K: Key, V, P>(memo: &'static Local<K, V, P>) {
    memo.with(|m| m.borrow_mut().clear());
}

/// Declares a ruleset AI's table on each thread, `MEMO`, with the
/// functions tests and the profiling examples use: `set_enabled`,
/// `set_verify`, `len`, `counts` and `clear`. The ruleset keeps its key
/// and its `remembered`, which calls [`recall`] with `&MEMO`.
#[macro_export]
macro_rules! memo_table {
    ($key:ty, $value:ty, $pins:ty, $capacity:expr) => {
        thread_local! {
            static MEMO: ::std::cell::RefCell<$crate::memo::Memo<$key, $value, $pins>> =
                ::std::cell::RefCell::new($crate::memo::Memo::new($capacity));
        }

        /// Turns the table on or off for this thread (on by default); tests
        /// compare fights played both ways.
        pub fn set_enabled(on: bool) {
            $crate::memo::set_enabled(&MEMO, on);
        }

        /// Turns the check of every hit against a fresh computation on or
        /// off for this thread (on in debug builds); tests that count what
        /// the simulator's path allocates turn it off, as release builds
        /// have it.
        pub fn set_verify(on: bool) {
            $crate::memo::set_verify(&MEMO, on);
        }

        /// Entries in this thread's table.
        pub fn len() -> usize {
            $crate::memo::len(&MEMO)
        }

        /// How this thread's lookups went (hits, misses, situations not
        /// keyed).
        pub fn counts() -> $crate::memo::Counts {
            $crate::memo::counts(&MEMO)
        }

        /// Empties this thread's table.
        pub fn clear() {
            $crate::memo::clear(&MEMO);
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::sync::Arc;

    /// A toy state: a fixed part by identity, a changing number.
    struct S {
        fixed: Arc<u32>,
        n: u64,
    }

    struct P(Arc<u32>);

    impl Pins<S> for P {
        fn of(s: &S) -> Self {
            P(s.fixed.clone())
        }
        fn matches(&self, s: &S) -> bool {
            Arc::ptr_eq(&self.0, &s.fixed)
        }
    }

    thread_local! {
        static M: RefCell<Memo<Words<2>, u64, P>> = RefCell::new(Memo::new(3));
        static CALLS: Cell<u32> = const { Cell::new(0) };
    }

    fn decide(s: &S) -> u64 {
        CALLS.with(|c| c.set(c.get() + 1));
        s.n * u64::from(*s.fixed)
    }

    fn ask(s: &S) -> u64 {
        recall(
            &M,
            s,
            |k, s| {
                if s.n >= 100 {
                    return None;
                }
                k.push(s.n);
                Some(())
            },
            || decide(s),
        )
    }

    fn calls() -> u32 {
        CALLS.with(Cell::get)
    }

    #[test]
    fn remembers_up_to_capacity_and_forgets_on_new_pins() {
        set_verify(&M, false);
        let fixed = Arc::new(3);
        let s = |n| S {
            fixed: fixed.clone(),
            n,
        };
        assert_eq!(ask(&s(1)), 3);
        assert_eq!(ask(&s(1)), 3);
        assert_eq!(calls(), 1, "the second is a hit");
        for n in 2..10 {
            ask(&s(n));
        }
        assert_eq!(len(&M), 3, "bounded");
        // Unkeyed situations are worked out every time.
        let before = calls();
        ask(&s(200));
        ask(&s(200));
        assert_eq!(calls(), before + 2);
        // Another fixed part: the table starts again.
        let other = S {
            fixed: Arc::new(3),
            n: 1,
        };
        assert_eq!(ask(&other), 3);
        assert_eq!(len(&M), 1);
        set_enabled(&M, false);
        ask(&other);
        assert_eq!(len(&M), 1);
        set_enabled(&M, true);
        clear(&M);
        assert_eq!(len(&M), 0);
    }

    #[test]
    fn stamps_are_shared_by_clones_and_new_when_renewed() {
        let a = Stamp::new();
        let mut b = a.clone();
        assert!(a.same(&b), "a clone shares its stamp");
        assert!(!a.same(&Stamp::new()), "a new stamp is no other's");
        b.renew();
        assert!(!a.same(&b), "a renewed stamp is its own");
        assert!(b.same(&b.clone()));
    }

    #[test]
    #[should_panic(expected = "decision memo")]
    fn verify_catches_a_key_that_misses_an_input() {
        set_verify(&M, true);
        let fixed = Arc::new(3);
        let a = S {
            fixed: fixed.clone(),
            n: 4,
        };
        ask(&a);
        // A key that leaves out what changed: the check fires.
        recall(
            &M,
            &a,
            |k, _| {
                k.push(4);
                Some(())
            },
            || 5,
        );
    }
}

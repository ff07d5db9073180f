//! A bounded table of decisions, shared by a simulation's threads, for
//! the rulesets' AIs.
//!
//! A ruleset's AI is a pure function of the state it is shown: no dice, no
//! clock, nothing kept between calls. The simulator plays the same few
//! situations over and over (every fight starts from the same state), so
//! a decision worked out once can be read back the next time the same
//! situation comes up, in this fight or a later one, on this thread or
//! another. This module holds the ruleset-independent part of that
//! machinery; each ruleset keeps only
//!
//! * its **key** (`K`): exactly what its AI reads of the state that can
//!   change in a fight, packed into words (see [`Words`]);
//! * its **pins** (`P`, a [`Pins`]): the parts of a fight that never change
//!   in it (options, map, sheets), held by `Arc` identity. A table holds
//!   clones of those `Arc`s, so an address it compares against can be
//!   neither freed and reused nor changed in place (`Arc::make_mut` clones
//!   a shared value). A state built on other parts (another scenario, a
//!   test that swapped a sheet) is looked up in another table.
//!   A fixed part kept in plain fields rather than behind an `Arc` of its
//!   own (a figure's sheet, say) is pinned through a [`Stamp`] the state
//!   carries: compared by address on every lookup, the fields themselves
//!   compared only when the stamp is new (and, in debug builds, on every
//!   lookup, to catch a change made without a new stamp);
//! * its declaration, [`memo_table!`](crate::memo_table): one [`Tables`]
//!   per ruleset, and a `thread_local!` [`Memo`], each thread's view.
//!
//! **One table per set of pins, shared by every thread** that plays a
//! state built on them: a simulation's threads all clone the same start,
//! so a situation is worked out once for all of them, and a second thread
//! costs a few hundred bytes instead of a table of its own (issue 38).
//! A table is an array of write-once 4-byte slots, probed linearly from
//! the key's digest, each pointing into a store of write-once entries
//! (`OnceLock`) kept in the order they were made: a slot is never emptied
//! or overwritten, so a lookup needs no lock and sees an entry whole or
//! not at all. (Written here rather than taken from a concurrent map
//! crate: those lock a shard or pin an epoch on every read, or resize
//! under writers; a table that only fills up to a bound needs neither.)
//! The registry ([`Tables`]) is locked only when a thread meets a state
//! on other pins.
//! What a thread sees cannot change its fights: a hit returns what the AI
//! would have computed, so output stays byte-identical whatever the
//! number of threads or the order they fill the table in.
//!
//! **An entry keeps the key's [`Digest`], not the key**: its 128-bit
//! XXH3 hash, and the decision. A lookup waits on memory more than on
//! instructions (its slot, then its entry, both read at random in tables
//! of megabytes), and a key is up to 150 bytes in a duel and 464 in a
//! fight of eight: kept whole, an entry would spread over three to eight
//! cache lines that a hit reads; the digest and the decision take a line
//! or less (docs/performance.md, "The memo keeps digests"). Two keys
//! with the same digest would share a decision; with a table of at most
//! 2^24 entries the chance that a key meets another's digest is at most
//! 2^24 / 2^128 = 2^-104 a lookup (XXH3 passes SMHasher's collision and
//! distribution tests), far below the machine's own error rate, so the
//! table is treated as exact. Debug builds still recompute every hit and
//! compare ([`set_verify`]).
//!
//! A table stops growing at its capacity, so its memory is bounded;
//! lookups go on. Debug builds (the tests) check that a hit is what the
//! AI computes: every hit is recomputed and compared ([`set_verify`], on by
//! default when `debug_assertions` are). A table lives while a thread
//! looks up in it: the registry holds it weakly.

use std::cell::RefCell;
use std::fmt::Debug;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};
use std::thread::LocalKey;

/// A key of up to `N` packed words, built in place without allocating.
///
/// A plain array and a length, not an `ArrayVec`: a duel writes a key at
/// every decision, and in the release build (fat LTO) pushing its words
/// one by one into an `ArrayVec` (the length loaded, tested and stored at
/// each word) was 4.6% of DragonQuest's duel. [`Words::push_all`] tests
/// the room once and stores the words: DragonQuest's 100,000 duels 6.498G
/// → 6.368G instructions (release, callgrind).
///
/// Its [`Digest`] is that of its written words' bytes (their length
/// included: XXH3 reads it).
#[derive(Clone, Debug)]
pub struct Words<const N: usize> {
    words: [u64; N],
    len: usize,
}

impl<const N: usize> Words<N> {
    /// Appends `word`; `None` (nothing appended) when the key is full.
    #[inline]
    pub fn push(&mut self, word: u64) -> Option<()> {
        self.push_all([word])
    }

    /// Appends `words`, all or none: `None` when they do not all fit.
    #[inline]
    pub fn push_all<const M: usize>(&mut self, words: [u64; M]) -> Option<()> {
        // Assigned as one array: the words go from registers to their
        // places (a slice copy went through the stack first).
        let room: &mut [u64; M] = self.words.get_mut(self.len..)?.first_chunk_mut()?;
        *room = words;
        self.len += M;
        Some(())
    }

    /// The words written so far.
    #[inline]
    pub fn as_slice(&self) -> &[u64] {
        &self.words[..self.len]
    }
}

impl<const N: usize> Default for Words<N> {
    fn default() -> Self {
        Words {
            words: [0; N],
            len: 0,
        }
    }
}

impl<const N: usize> Key for Words<N> {
    #[inline]
    fn reset(&mut self) {
        self.len = 0;
    }

    #[inline]
    fn digest(&self) -> Digest {
        use zerocopy::IntoBytes;
        Digest::of(self.as_slice().as_bytes())
    }
}

/// A key buffer the table can reuse: emptied before each key is written.
pub trait Key: Default {
    /// Makes the buffer empty again.
    fn reset(&mut self);
    /// What a table keeps of the key written.
    fn digest(&self) -> Digest;
}

/// What a table keeps of a key, and all it compares: the 128-bit XXH3
/// hash of the key's bytes (the module's documentation says why a digest
/// stands for the key). Its first word places it in the table's slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Digest([u64; 2]);

impl Digest {
    /// The digest of a key written as `bytes`.
    #[inline]
    pub fn of(bytes: &[u8]) -> Digest {
        let d = xxhash_rust::xxh3::xxh3_128(bytes);
        // The two halves of the hash, kept as words (8-byte aligned: an
        // entry stays small).
        #[allow(clippy::cast_possible_truncation)]
        let halves = [d as u64, (d >> 64) as u64];
        Digest(halves)
    }

    /// The bits a table probes and fingerprints by.
    fn placing(self) -> u64 {
        self.0[0]
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

/// One thread's view: the table it reads (the one pinned to the last
/// state it was shown), the key being looked up, its switches and counts.
pub struct Memo<K: 'static, V: 'static, P: 'static> {
    tables: &'static Tables<V, P>,
    table: Option<Arc<Table<V, P>>>,
    scratch: K,
    capacity: usize,
    enabled: bool,
    verify: bool,
    counts: Counts,
}

/// How the lookups of a thread went (for measuring a key's reuse).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Decisions read back.
    pub hits: u64,
    /// Decisions worked out and remembered (or not, once full).
    pub misses: u64,
    /// Situations the key cannot hold, worked out every time.
    pub unkeyed: u64,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.hits += other.hits;
        self.misses += other.misses;
        self.unkeyed += other.unkeyed;
    }
}

impl Counts {
    /// Every lookup, whatever it found.
    pub fn lookups(&self) -> u64 {
        self.hits + self.misses + self.unkeyed
    }
}

impl<K: Key, V, P> Memo<K, V, P> {
    /// A view of `tables` whose tables keep at most `capacity` entries;
    /// on, and verifying every hit in debug builds.
    pub fn new(capacity: usize, tables: &'static Tables<V, P>) -> Self {
        Memo {
            tables,
            table: None,
            scratch: K::default(),
            capacity,
            enabled: true,
            verify: cfg!(debug_assertions),
            counts: Counts::default(),
        }
    }

    /// Entries in the table this thread reads (shared with the threads
    /// that read it too).
    pub fn len(&self) -> usize {
        self.table.as_ref().map_or(0, |t| t.len())
    }

    /// Whether the table this thread reads holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The most entries a table keeps.
    pub fn capacity(&self) -> usize {
        self.capacity
    }
}

impl<K, V, P> Memo<K, V, P> {
    /// Lets go of the table this thread reads and takes it out of the
    /// registry: this thread, and any that meets its pins next, starts a
    /// new, empty one (threads still reading the old one keep it).
    pub fn clear(&mut self) {
        if let Some(table) = self.table.take() {
            self.tables
                .live()
                .retain(|t| !std::ptr::eq(t.as_ptr(), Arc::as_ptr(&table)));
        }
    }
}

/// Every live table of one ruleset's AI, found by their pins; declared
/// once per ruleset as a `static` by [`memo_table!`](crate::memo_table).
/// It holds them weakly: a table no thread reads any more is freed.
pub struct Tables<V, P> {
    live: Mutex<Vec<Weak<Table<V, P>>>>,
}

impl<V, P> Tables<V, P> {
    /// No table yet.
    pub const fn new() -> Self {
        Tables {
            live: Mutex::new(Vec::new()),
        }
    }

    /// The registry, locked (a panic elsewhere leaves the list whole: it
    /// is only ever pushed to and filtered).
    fn live(&self) -> std::sync::MutexGuard<'_, Vec<Weak<Table<V, P>>>> {
        self.live.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<V, P> Default for Tables<V, P> {
    fn default() -> Self {
        Tables::new()
    }
}

impl<V: Clone + PartialEq, P> Tables<V, P> {
    /// The live table pinned to the parts of `state`, or a new one keeping
    /// at most `capacity` entries, registered for the threads that meet
    /// the same parts later. [`recall`] calls it; a ruleset whose lookup
    /// does not fit `recall` (GURPS keeps decisions relative to the
    /// deciding figure) calls it, [`Table::find`] and [`Table::insert`]
    /// itself.
    pub fn pinned<S: ?Sized>(&self, state: &S, capacity: usize) -> Arc<Table<V, P>>
    where
        P: Pins<S>,
    {
        let mut live = self.live();
        live.retain(|t| t.strong_count() > 0);
        let found = live
            .iter()
            .filter_map(Weak::upgrade)
            .find(|t| t.pins.matches(state));
        found.unwrap_or_else(|| {
            let table = Arc::new(Table::new(P::of(state), capacity));
            live.push(Arc::downgrade(&table));
            table
        })
    }
}

/// Entries in a chunk of a table's store: entries are stored in the order
/// they are made, so a table that keeps a few hundred (a fight at the
/// table, a fuzzer's input) allocates a chunk or two, and a full one no
/// more than its entries.
const ENTRIES: usize = 256;

/// Slots probed from a key's home slot before a lookup gives up (a table
/// at most half full rarely needs more than a few).
const PROBES: usize = 32;

/// The most entries a table keeps: an entry's index and at least 8 bits
/// of fingerprint share a slot's 32 bits.
const MOST: usize = (1 << 24) - 1;

/// A chunk of the store, allocated on the first entry of the chunk before
/// it: each entry a key's digest and its decision.
type Chunk<V> = OnceLock<Box<[OnceLock<(Digest, V)>]>>;

/// A chunk's entries, all empty.
fn empty_chunk<V>() -> Box<[OnceLock<(Digest, V)>]> {
    (0..ENTRIES).map(|_| OnceLock::new()).collect()
}

/// One set of pins' decisions.
///
/// A slot is 4 bytes: the key's fingerprint (its digest's top bits)
/// above its entry's index plus one, 0 when empty. Slots are twice as
/// many as the entries a table keeps (a power of two), probed linearly
/// from the digest's low bits; entries (a digest and a decision) sit in a
/// store of chunks, in the order they were made. So a hit reads one line
/// of a small array (512 KiB for 2^16 entries, about a core's own cache)
/// and the line of its entry; a fingerprint that differs costs no read of
/// an entry. A slot is written once (compare-and-swap from empty) after
/// its entry, and read with acquire ordering, so a reader that sees a
/// slot sees its entry.
pub struct Table<V, P> {
    pins: P,
    slots: Box<[AtomicU32]>,
    /// Bits of a slot that hold the entry's index plus one.
    index_bits: u32,
    store: Box<[Chunk<V>]>,
    /// Entries taken from the store (one a thread may lose to a race for
    /// the same key: it is then kept once, and its second entry unread).
    taken: AtomicUsize,
    capacity: usize,
}

impl<V, P> Table<V, P> {
    /// Entries kept.
    pub fn len(&self) -> usize {
        self.taken.load(Ordering::Relaxed).min(self.capacity)
    }

    /// Whether it keeps nothing yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The parts of a fight it is pinned to.
    pub fn pins(&self) -> &P {
        &self.pins
    }
}

impl<V: Clone + PartialEq, P> Table<V, P> {
    fn new(pins: P, capacity: usize) -> Self {
        let capacity = capacity.clamp(1, MOST);
        let slots = (capacity * 2).next_power_of_two();
        Table {
            pins,
            slots: (0..slots).map(|_| AtomicU32::new(0)).collect(),
            index_bits: usize::BITS - capacity.leading_zeros(),
            store: (0..capacity.div_ceil(ENTRIES))
                .map(|_| OnceLock::new())
                .collect(),
            taken: AtomicUsize::new(0),
            capacity,
        }
    }

    /// The digest's top bits, as many as a slot holds beside an index.
    fn fingerprint(&self, digest: Digest) -> u32 {
        // The top 32 - index_bits bits of the placing word: they fit in 32.
        #[allow(clippy::cast_possible_truncation)]
        let top = (digest.placing() >> (32 + self.index_bits)) as u32;
        top
    }

    /// The slots `digest` may sit in, in probing order.
    fn probe(&self, digest: Digest) -> impl Iterator<Item = &AtomicU32> {
        let mask = self.slots.len() - 1;
        // Truncating the digest to an index is the point.
        #[allow(clippy::cast_possible_truncation)]
        let home = digest.placing() as usize;
        (0..PROBES).map(move |i| &self.slots[home.wrapping_add(i) & mask])
    }

    /// The entry a filled slot points at, if its fingerprint is `print`.
    fn entry(&self, slot: u32, print: u32) -> Option<&(Digest, V)> {
        if slot >> self.index_bits != print {
            return None;
        }
        let index = (slot & ((1 << self.index_bits) - 1)) as usize - 1;
        self.store[index / ENTRIES].get()?[index % ENTRIES].get()
    }

    /// The decision kept under the key of `digest` ([`Key::digest`],
    /// [`Digest::of`]), if any: the probe stops at the first empty slot,
    /// since an entry takes the first empty slot of its probe and slots are
    /// never emptied.
    pub fn find(&self, digest: Digest) -> Option<&V> {
        let print = self.fingerprint(digest);
        for slot in self.probe(digest) {
            let slot = slot.load(Ordering::Acquire);
            if slot == 0 {
                return None;
            }
            if let Some((d, v)) = self.entry(slot, print)
                && *d == digest
            {
                return Some(v);
            }
        }
        None
    }

    /// Keeps `value` under the key of `digest` in the first empty slot of
    /// its probe, unless the table is full, the probe finds no empty slot,
    /// or another thread kept it first.
    pub fn insert(&self, digest: Digest, value: &V) {
        if self.taken.load(Ordering::Relaxed) >= self.capacity || self.find(digest).is_some() {
            return;
        }
        let index = self.taken.fetch_add(1, Ordering::Relaxed);
        if index >= self.capacity {
            return;
        }
        let chunk = self.store[index / ENTRIES].get_or_init(empty_chunk);
        // The index is this thread's alone: the entry is empty.
        let _ = chunk[index % ENTRIES].set((digest, value.clone()));
        // The first entry of a chunk makes the next chunk: it is there long
        // before any thread needs it, so no thread waits on another that is
        // making it. (Made when first needed, a chunk kept the other thread
        // asleep in `get_or_init` whenever it inserted meanwhile: some 300
        // sleeps in a million GURPS duels on two threads, each lasting what
        // an idle core takes to wake, 0.2 ms on average and up to 160 ms.)
        if index % ENTRIES == 0
            && let Some(next) = self.store.get(index / ENTRIES + 1)
        {
            next.get_or_init(empty_chunk);
        }
        let print = self.fingerprint(digest);
        // `index < capacity <= MOST`, so index + 1 fits below the print.
        #[allow(clippy::cast_possible_truncation)]
        let filled = print << self.index_bits | (index + 1) as u32;
        for slot in self.probe(digest) {
            match slot.compare_exchange(0, filled, Ordering::Release, Ordering::Acquire) {
                Ok(_) => return,
                Err(other) => {
                    if self.entry(other, print).is_some_and(|(d, _)| *d == digest) {
                        return;
                    }
                }
            }
        }
    }
}

/// What a lookup found.
enum Found<V> {
    /// The remembered decision.
    Hit(V),
    /// Not seen yet: remember what is worked out, under this digest, in
    /// the table the thread reads, if it is still pinned to the state's
    /// parts (another lookup made meanwhile may have pinned another; the
    /// thread's lookups so far, this one included, [`Counts::lookups`],
    /// tell whether one was made).
    Miss(Digest, u64),
    /// A situation the key cannot hold: work it out, remember nothing.
    Unkeyed,
}

/// The thread's view behind a `thread_local!`.
pub type Local<K, V, P> = LocalKey<RefCell<Memo<K, V, P>>>;

/// The decision for `state`: the remembered one, or `choose`'s, remembered.
///
/// `key` writes the situation into the view's own buffer (empty when it
/// is called; no copy of it on a hit) and returns `None` when the
/// situation does not fit the key (nothing is remembered then). `choose`
/// runs outside the view's borrow, so it may not come back here for the
/// same table. With [`set_verify`] on, a hit is recomputed and must be
/// equal (a panic names both otherwise: the key misses something the AI
/// reads).
pub fn recall<S: ?Sized, K: Key, V: Clone + PartialEq + Debug, P: Pins<S>>(
    memo: &'static Local<K, V, P>,
    state: &S,
    key: impl Fn(&mut K, &S) -> Option<()>,
    choose: impl Fn() -> V,
) -> V {
    let (found, verify) = memo.with(|m| {
        let m = &mut *m.borrow_mut();
        if !m.enabled {
            return (Found::Unkeyed, false);
        }
        if !m.table.as_ref().is_some_and(|t| t.pins.matches(state)) {
            m.table = Some(m.tables.pinned(state, m.capacity));
        }
        m.scratch.reset();
        let found = match (key(&mut m.scratch, state), &m.table) {
            (Some(()), Some(table)) => {
                let digest = m.scratch.digest();
                match table.find(digest) {
                    Some(v) => {
                        m.counts.hits += 1;
                        Found::Hit(v.clone())
                    }
                    None => {
                        m.counts.misses += 1;
                        Found::Miss(digest, m.counts.lookups())
                    }
                }
            }
            _ => {
                m.counts.unkeyed += 1;
                Found::Unkeyed
            }
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
        Found::Miss(digest, seen) => {
            let v = choose();
            memo.with(|m| {
                let m = &*m.borrow();
                // A lookup made while `v` was worked out (a foe's predicted
                // answer) may have pinned another table: `v` is kept only
                // in a table of this state's pins.
                if m.counts.lookups() != seen
                    && !m.table.as_ref().is_some_and(|t| t.pins.matches(state))
                {
                    return;
                }
                if let Some(table) = &m.table {
                    table.insert(digest, &v);
                }
            });
            v
        }
    }
}

/// Turns the thread's lookups on or off (on by default); tests play
/// fights both ways and compare them.
pub fn set_enabled<K: Key, V, P>(memo: &'static Local<K, V, P>, on: bool) {
    memo.with(|m| m.borrow_mut().enabled = on);
}

/// Turns the recompute-and-compare check of every hit on or off (on by
/// default in debug builds only).
pub fn set_verify<K: Key, V, P>(memo: &'static Local<K, V, P>, on: bool) {
    memo.with(|m| m.borrow_mut().verify = on);
}

/// Entries in the table the thread reads.
pub fn len<K: Key, V, P>(memo: &'static Local<K, V, P>) -> usize {
    memo.with(|m| m.borrow().len())
}

/// How the thread's lookups went since it started.
pub fn counts<K: Key, V, P>(memo: &'static Local<K, V, P>) -> Counts {
    memo.with(|m| m.borrow().counts)
}

/// Starts the thread on a new, empty table ([`Memo::clear`]).
pub fn clear<K: Key, V, P>(memo: &'static Local<K, V, P>) {
    memo.with(|m| m.borrow_mut().clear());
}

/// Declares a ruleset AI's tables, `TABLES`, and each thread's view of
/// them, `MEMO`, with the functions tests and the profiling examples use:
/// `set_enabled`, `set_verify`, `len`, `counts` and `clear`. The ruleset
/// keeps its key and its `remembered`, which calls [`recall`] with
/// `&MEMO`.
#[macro_export]
macro_rules! memo_table {
    ($key:ty, $value:ty, $pins:ty, $capacity:expr) => {
        static TABLES: $crate::memo::Tables<$value, $pins> = $crate::memo::Tables::new();

        thread_local! {
            static MEMO: ::std::cell::RefCell<$crate::memo::Memo<$key, $value, $pins>> =
                ::std::cell::RefCell::new($crate::memo::Memo::new($capacity, &TABLES));
        }

        /// Turns lookups on or off for this thread (on by default); tests
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

        /// Entries in the table this thread reads (shared by the threads
        /// that play fights of the same start).
        pub fn len() -> usize {
            $crate::memo::len(&MEMO)
        }

        /// How this thread's lookups went (hits, misses, situations not
        /// keyed).
        pub fn counts() -> $crate::memo::Counts {
            $crate::memo::counts(&MEMO)
        }

        /// Starts this thread on a new, empty table.
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

    static TABLES: Tables<u64, P> = Tables::new();

    thread_local! {
        static M: RefCell<Memo<Words<2>, u64, P>> = RefCell::new(Memo::new(3, &TABLES));
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
                k.push(s.n)
            },
            || decide(s),
        )
    }

    /// A key of two words.
    fn words(w: [u64; 2]) -> Words<2> {
        let mut k = Words::default();
        assert_eq!(k.push_all(w), Some(()));
        k
    }

    #[test]
    fn words_take_all_or_none() {
        let mut w = Words::<3>::default();
        assert_eq!(w.push_all([1, 2]), Some(()));
        assert_eq!(w.push_all([3, 4]), None, "two words do not fit in one");
        assert_eq!(w.as_slice(), [1, 2], "nothing appended");
        assert_eq!(w.push(3), Some(()));
        assert_eq!(w.push(4), None, "full");
        assert_eq!(w.as_slice(), [1, 2, 3]);
        w.reset();
        assert!(w.as_slice().is_empty());
        assert_eq!(
            w.digest(),
            Words::<3>::default().digest(),
            "digested as the words written, not the room"
        );
    }

    /// The digest tells apart what a key's words differ by: a word
    /// changed, words swapped, a word more or less (zeros too).
    #[test]
    fn words_digest_by_every_word_its_place_and_the_length() {
        let key = |ws: &[u64]| {
            let mut k = Words::<8>::default();
            for &w in ws {
                assert_eq!(k.push(w), Some(()));
            }
            k.digest()
        };
        let mut seen = std::collections::HashSet::new();
        let keys: [&[u64]; 10] = [
            &[],
            &[0],
            &[0, 0],
            &[0, 0, 0],
            &[1, 2, 3, 4, 5],
            &[2, 1, 3, 4, 5],
            &[3, 2, 1, 4, 5],
            &[1, 2, 3, 4, 6],
            &[1, 2, 3, 4],
            &[1, 2, 3, 4, 5, 0],
        ];
        for ws in keys {
            assert!(seen.insert(key(ws)), "{ws:?} digests as another key does");
        }
    }

    /// The digest reads the written words only, whatever a reused buffer
    /// held past them; a full key's differs from another's by any one word.
    #[test]
    fn words_digest_their_written_words_full_or_short() {
        let key = |ws: &[u64], stale: &[u64]| {
            let mut k = Words::<4>::default();
            for &w in stale {
                k.push(w);
            }
            k.reset();
            for &w in ws {
                assert_eq!(k.push(w), Some(()));
            }
            k.digest()
        };
        let full = key(&[1, 2, 3, 4], &[]);
        assert_eq!(full, key(&[1, 2, 3, 4], &[9, 9, 9, 9]));
        for i in 0..4 {
            let mut ws = [1, 2, 3, 4];
            ws[i] ^= 1 << 40;
            assert_ne!(full, key(&ws, &[]), "word {i} differs");
        }
        let short = key(&[1, 2], &[]);
        assert_eq!(
            short,
            key(&[1, 2], &[7, 7, 7]),
            "stale words past the length"
        );
        assert_eq!(short, key(&[1, 2], &[7, 7, 7, 7]), "a full stale buffer");
        assert_ne!(short, key(&[1, 2, 0], &[]), "another length");
        assert_ne!(short, key(&[1, 3], &[]));
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

    /// A decision whose working out asks another (a foe's answer): each
    /// is remembered under its own key.
    fn ask_nested(s: &S) -> u64 {
        recall(
            &M,
            s,
            |k, s| k.push(s.n),
            || {
                let inner = S {
                    fixed: s.fixed.clone(),
                    n: s.n + 50,
                };
                decide(s) + ask(&inner)
            },
        )
    }

    #[test]
    fn a_lookup_made_while_working_one_out_keeps_both_keys() {
        set_verify(&M, false);
        clear(&M);
        let fixed = Arc::new(2);
        let s = |n| S {
            fixed: fixed.clone(),
            n,
        };
        assert_eq!(ask_nested(&s(1)), 2 + 102);
        let before = calls();
        assert_eq!(ask_nested(&s(1)), 2 + 102, "the outer one is remembered");
        assert_eq!(ask(&s(51)), 102, "and the inner one");
        assert_eq!(calls(), before, "both are hits");
        clear(&M);
    }

    #[test]
    fn threads_shown_the_same_pins_share_one_table() {
        set_verify(&M, false);
        let fixed = Arc::new(5);
        let s = |n| S {
            fixed: fixed.clone(),
            n,
        };
        for n in 1..=3 {
            ask(&s(n));
        }
        let (answers, calls_there, len_there) = std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    set_verify(&M, false);
                    let answers: Vec<u64> = (1..=3).map(|n| ask(&s(n))).collect();
                    (answers, calls(), len(&M))
                })
                .join()
                .unwrap()
        });
        assert_eq!(answers, [5, 10, 15]);
        assert_eq!(calls_there, 0, "the other thread read every decision back");
        assert_eq!(len_there, 3);
        // Cleared here, a new table for this thread; the other one's is gone
        // with it (no thread reads it).
        clear(&M);
        ask(&s(1));
        assert_eq!(len(&M), 1);
    }

    #[test]
    fn a_table_keeps_every_entry_up_to_its_capacity_and_each_once() {
        let table: Table<u64, ()> = Table::new((), 1000);
        let key = |n: u64| words([n, n / 7]).digest();
        for n in 0..1000 {
            let d = key(n);
            assert_eq!(table.find(d), None);
            table.insert(d, &(n * 3));
            table.insert(d, &(n * 3));
        }
        assert_eq!(table.len(), 1000, "each once");
        for n in 0..1000 {
            assert_eq!(table.find(key(n)), Some(&(n * 3)), "{n}");
        }
        table.insert(key(5000), &1);
        assert_eq!(table.find(key(5000)), None, "full: not kept");
    }

    /// A chunk is made by the first entry of the chunk before it, so that
    /// an insert finds its chunk made and no thread sleeps on another
    /// making it; the last chunk makes none beyond the store.
    #[test]
    fn the_first_entry_of_a_chunk_makes_the_next() {
        let table: Table<u64, ()> = Table::new((), 2 * ENTRIES);
        let made = |t: &Table<u64, ()>| t.store.iter().filter(|c| c.get().is_some()).count();
        assert_eq!(made(&table), 0, "nothing before the first entry");
        let key = |n: u64| words([n, 2]).digest();
        table.insert(key(0), &0);
        assert_eq!(made(&table), 2, "the first chunk and the next");
        for n in 1..=ENTRIES as u64 {
            table.insert(key(n), &n);
        }
        assert_eq!(made(&table), 2, "no chunk beyond the store");
        assert_eq!(table.find(key(ENTRIES as u64)), Some(&(ENTRIES as u64)));
    }

    #[test]
    fn threads_racing_to_keep_the_same_keys_keep_each_one_findable() {
        let table: Table<u64, ()> = Table::new((), 1000);
        let key = |n: u64| words([n, 1]).digest();
        let fill = || {
            for n in 0..500 {
                table.insert(key(n), &(n + 1));
            }
        };
        std::thread::scope(|scope| {
            scope.spawn(fill);
            scope.spawn(fill);
        });
        for n in 0..500 {
            assert_eq!(table.find(key(n)), Some(&(n + 1)), "{n}");
        }
        assert!((500..=1000).contains(&table.len()), "{}", table.len());
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
    /// `memo_table!`: the table, the view and the functions it declares.
    mod declared {
        use super::{P, S};
        use crate::memo::{Counts, Words, recall};
        use std::sync::Arc;

        crate::memo_table!(Words<3>, u64, P, 8);

        fn ask(s: &S) -> u64 {
            recall(&MEMO, s, |k: &mut Words<3>, s| k.push(s.n), || s.n + 1)
        }

        #[test]
        fn the_functions_read_and_switch_the_view() {
            let s = S {
                fixed: Arc::new(1),
                n: 5,
            };
            // Every hit below is checked against its closure.
            set_verify(true);
            assert_eq!(ask(&s), 6);
            assert_eq!(ask(&s), 6, "read back");
            assert_eq!(len(), 1);
            let all = Counts {
                hits: 1,
                misses: 1,
                unkeyed: 0,
            };
            assert_eq!(counts(), all);
            set_enabled(false);
            ask(&s);
            assert_eq!(counts(), all, "off: nothing looked up");
            set_enabled(true);
            clear();
            assert_eq!(len(), 0, "a new table");
        }
    }
}

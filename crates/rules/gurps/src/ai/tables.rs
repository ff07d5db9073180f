//! The seasoned AI's table of blow injuries: what one hit with given dice
//! does against given DR, wounding and limb cap is a pure function of
//! those four numbers, and a fight meets only a few dozen of them, so each
//! is worked out once per thread and then read back (issue 10: per-fight
//! tables instead of the same sums every turn).
//!
//! The tables are two-way set-associative and fixed in size (allocated
//! once per thread, on first use), and a slot holds its full key, so a
//! read gives exactly what the sum would (the AI's choices do not depend
//! on what ran before on the thread). Two ways, not one: with one, two
//! keys a fight meets every turn that share a slot pushed each other out
//! turn after turn (in the duel, 2.6% of the blows' injuries were worked
//! out again that way, and nearly every feint's value), and each time the
//! sums ran again.

use crate::model::damage::Dice;
use std::cell::RefCell;

/// Sets of two slots in the injury table (a power of two).
const SETS: usize = 512;

/// What a blow's injury depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    dice: Dice,
    dr: i32,
    mult_halves: i32,
    cap: i32,
}

/// One hit's injury: its mean, and the chance it reaches the limb cap
/// (that it cripples, G-LOC-008).
#[derive(Clone, Copy, Debug)]
pub(super) struct Injury {
    pub mean: f64,
    pub p_cap: f64,
}

/// A two-way set-associative table of values by their full keys, kept per
/// thread: a key sits in either slot of its set; the one found or made
/// last moves to the first, so the keys met again stay.
struct Assoc<K, V> {
    slots: Vec<Option<(K, V)>>,
}

impl<K: Copy + Eq, V: Copy> Assoc<K, V> {
    const fn new() -> Assoc<K, V> {
        Assoc { slots: Vec::new() }
    }

    /// The value kept for `key` in set `set` (of `sets`), if any. The
    /// slots are compared where they are (copying both out first, as a
    /// match on the pair did, cost more than the comparison).
    fn get(&mut self, sets: usize, set: usize, key: &K) -> Option<V> {
        if self.slots.is_empty() {
            self.slots.resize(2 * sets, None);
        }
        let i = 2 * set;
        if let Some((k, v)) = &self.slots[i]
            && k == key
        {
            return Some(*v);
        }
        if let Some((k, v)) = &self.slots[i + 1]
            && k == key
        {
            let v = *v;
            self.slots.swap(i, i + 1);
            return Some(v);
        }
        None
    }

    /// Keeps `value` for `key` first in set `set`; the set's first moves
    /// to second, and its second is forgotten.
    fn keep(&mut self, set: usize, key: K, value: V) {
        let i = 2 * set;
        self.slots[i + 1] = self.slots[i];
        self.slots[i] = Some((key, value));
    }
}

/// The set of a key hashed (FNV-1a over its words) to `h`, after a final
/// mix so that keys that differ in one field spread over the sets.
fn set_of(mut h: u64, sets: usize) -> usize {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    (h as usize) & (sets - 1)
}

thread_local! {
    static TABLE: RefCell<Assoc<Key, Injury>> = const { RefCell::new(Assoc::new()) };
}

/// A cheap, fixed mix of the key to pick its set.
fn slot(k: &Key) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for v in [k.dice.dice, k.dice.adds, k.dr, k.mult_halves, k.cap] {
        h = (h ^ u64::from(v as u32)).wrapping_mul(0x0100_0000_01b3);
    }
    set_of(h, SETS)
}

/// The injury of one hit with `dice` against `dr`, wounding `mult_halves`,
/// capped at `cap` (`cap` at `i32::MAX / 4` or more: no cap, and no chance
/// to cripple is worked out).
pub(super) fn blow_injury(dice: Dice, dr: i32, mult_halves: i32, cap: i32) -> Injury {
    let key = Key {
        dice,
        dr,
        mult_halves,
        cap,
    };
    let set = slot(&key);
    if let Some(v) = TABLE.with(|t| t.borrow_mut().get(SETS, set, &key)) {
        return v;
    }
    let v = Injury {
        mean: super::expected_injury(dice, 0, dr, mult_halves, cap),
        p_cap: if cap < i32::MAX / 4 {
            super::seasoned::p_at_least(dice, dr, mult_halves, cap)
        } else {
            0.0
        },
    };
    TABLE.with(|t| t.borrow_mut().keep(set, key, v));
    v
}

/// The most reaching blows a feint's key holds (more: not kept).
pub(super) const FEINT_KEY_BLOWS: usize = 16;

/// Sets of two slots in the feint table (a power of two).
const FEINT_SETS: usize = 256;

/// What the value of feinting first depends on: the feint's skill, the
/// foe's resistance, the foe's best defense, and each blow that reaches
/// after it (its skill and its expected injury, to the bit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FeintKey {
    pub skill: i32,
    pub resistance: i32,
    pub defense: i32,
    pub len: u8,
    pub blows: [(i32, u64); FEINT_KEY_BLOWS],
}

thread_local! {
    static FEINTS: RefCell<Assoc<FeintKey, f64>> = const { RefCell::new(Assoc::new()) };
}

/// The expected injury of feint-then-strike for `key`, worked out by
/// `compute` the first time a thread meets the key (a decision reused
/// while the situation it depends on is unchanged).
pub(super) fn feint_after(key: &FeintKey, compute: impl FnOnce() -> f64) -> f64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |v: u64| h = (h ^ v).wrapping_mul(0x0100_0000_01b3);
    mix(u64::from(key.skill as u32));
    mix(u64::from(key.resistance as u32));
    mix(u64::from(key.defense as u32));
    for &(s, i) in &key.blows[..usize::from(key.len)] {
        mix(u64::from(s as u32));
        mix(i);
    }
    let set = set_of(h, FEINT_SETS);
    if let Some(v) = FEINTS.with(|t| t.borrow_mut().get(FEINT_SETS, set, key)) {
        return v;
    }
    let v = compute();
    FEINTS.with(|t| t.borrow_mut().keep(set, *key, v));
    v
}

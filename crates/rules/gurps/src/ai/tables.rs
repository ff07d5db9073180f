//! The seasoned AI's table of blow injuries: what one hit with given dice
//! does against given DR, wounding and limb cap is a pure function of
//! those four numbers, and a fight meets only a few dozen of them, so each
//! is worked out once per thread and then read back (issue 10: per-fight
//! tables instead of the same sums every turn).
//!
//! The table is direct-mapped and fixed in size: nothing is allocated, and
//! a slot holds its full key, so a read gives exactly what the sum would
//! (the AI's choices do not depend on what ran before on the thread).

use crate::model::damage::Dice;
use std::cell::RefCell;

/// Slots in the table (a power of two).
const SLOTS: usize = 256;

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

type Table = [Option<(Key, Injury)>; SLOTS];

thread_local! {
    static TABLE: RefCell<Table> = const { RefCell::new([None; SLOTS]) };
}

/// A cheap, fixed mix of the key to pick its slot.
fn slot(k: &Key) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for v in [k.dice.dice, k.dice.adds, k.dr, k.mult_halves, k.cap] {
        h = (h ^ u64::from(v as u32)).wrapping_mul(0x0100_0000_01b3);
    }
    (h >> 32) as usize & (SLOTS - 1)
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
    let i = slot(&key);
    TABLE.with(|t| {
        if let Some((k, v)) = t.borrow()[i]
            && k == key
        {
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
        t.borrow_mut()[i] = Some((key, v));
        v
    })
}

/// The most reaching blows a feint's key holds (more: not kept).
pub(super) const FEINT_KEY_BLOWS: usize = 16;

/// Slots in the feint table (a power of two).
const FEINT_SLOTS: usize = 64;

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

type Feints = [Option<(FeintKey, f64)>; FEINT_SLOTS];

thread_local! {
    static FEINTS: RefCell<Feints> = const { RefCell::new([None; FEINT_SLOTS]) };
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
    let i = (h >> 32) as usize & (FEINT_SLOTS - 1);
    FEINTS.with(|t| {
        if let Some((k, v)) = t.borrow()[i]
            && k == *key
        {
            return v;
        }
        let v = compute();
        t.borrow_mut()[i] = Some((*key, v));
        v
    })
}

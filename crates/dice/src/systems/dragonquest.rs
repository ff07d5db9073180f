//! DragonQuest dice: `D10` (1-10) and `D100` (1-100, "00" reads 100).
//!
//! Rule: dragonquest checklist, Conventions › Dice: a bare `D` is a D10
//! ("D-4" means D10 - 4); a check written "roll <= k x X" is a D100 roll that
//! succeeds on <=. Percentage tests are done in integers.
//!
//! The strike roll is a D100 read in bands ([`strike_roll`], [`strike`]);
//! initiative ties are roll-offs ([`side_initiative`], [`iv_tie_break`]).

use crate::kind::{Bands, First, Prob, Reads, RollKind, RollOff, RollOffError};
use num_bigint::BigInt;

/// One D10.
pub const D10: RollKind = RollKind::d(1, 10);
/// One D100 (percentile).
pub const D100: RollKind = RollKind::d(1, 100);

/// A D100 check succeeds when `roll <= chance` (Conventions › Dice).
/// A chance of 100 or more always succeeds, 0 or less never does.
pub fn percentile_check(roll: i32, chance: i32) -> bool {
    roll <= chance
}

/// Exact P(D100 <= chance) = clamp(chance, 0, 100) / 100.
pub fn percentile_odds(chance: i32) -> Prob {
    Prob::new(BigInt::from(chance.clamp(0, 100)), BigInt::from(100))
}

/// Roll a D100 check (sampler path: no allocation). Returns (roll, success).
#[inline]
pub fn roll_percentile<R: rand::Rng + ?Sized>(rng: &mut R, chance: i32) -> (i32, bool) {
    let r = D100.sample(rng).total;
    (r, percentile_check(r, chance))
}

/// A D10 check that succeeds on `roll <= target`.
pub fn d10_check(roll: i32, target: i32) -> bool {
    roll <= target
}

/// Exact P(D10 <= target).
pub fn d10_odds(target: i32) -> Prob {
    Prob::new(BigInt::from(target.clamp(0, 10)), BigInt::from(10))
}

/// Integer percentage test as DQ writes it: `roll * 100 <= numer * pct`
/// compared without rounding (e.g. `roll*100 <= modSC*15`). Exposed so
/// rulesets do not reimplement the comparison in floats.
pub fn percentage_test(roll: i64, numer: i64, pct: i64) -> bool {
    roll.saturating_mul(100) <= numer.saturating_mul(pct)
}

/// DQ-12-003: each side's leader rolls D10 + PC + Military Scientist rank
/// (`modifiers`, first side first); the higher total wins, ties rerolled
/// (`nonengaged_initiative_tie = reroll`). One request settles it.
pub const fn side_initiative(modifiers: [i32; 2]) -> RollKind {
    RollKind::RollOff(RollOff::pair_of_die(10, modifiers, First::Highest))
}

/// DQ-12-006: figures tied on IV and modAG roll D10 off, highest first,
/// rerolling ties, for their whole order. Errors when `tied` is outside
/// `2..=`[`crate::kind::MAX_ROLL_OFF_PARTIES`].
pub fn iv_tie_break(tied: usize) -> Result<RollKind, RollOffError> {
    // Built once for each number of parties and read back: built at every
    // tie, the kind was written field by field and at once read back as
    // whole words, which stalled the core at every tied pulse (issue 38).
    static KINDS: std::sync::LazyLock<[Option<RollKind>; crate::kind::MAX_ROLL_OFF_PARTIES + 1]> =
        std::sync::LazyLock::new(|| std::array::from_fn(|n| tie_roll_off(n).ok()));
    match KINDS.get(tied).copied().flatten() {
        Some(kind) => Ok(kind),
        None => tie_roll_off(tied),
    }
}

/// [`iv_tie_break`]'s roll-off, built.
fn tie_roll_off(tied: usize) -> Result<RollKind, RollOffError> {
    RollOff::among(tied, 1, 10, First::Highest, Reads::Order).map(RollKind::RollOff)
}

/// Mishaps of a strike roll (DQ-17-004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Mishap {
    /// A roll of 99: the weapon may have broken.
    MayBreak,
    /// A roll of 100: the weapon may have been dropped.
    MayDrop,
}

/// What a strike roll means: everything the strike rules read from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Strike {
    /// DQ-17-003: D100 <= modSC hits (never when modSC <= 0).
    pub hit: bool,
    /// DQ-18-003: roll <= 15% of modSC: the damage goes to EN, ignoring armor.
    pub to_endurance: bool,
    /// DQ-18-004: roll <= 5% of modSC (`roll*100 <= modSC*5`): grievous injury.
    pub grievous: bool,
    /// DQ-17-007: the roll came out more than 30 above modSC, so an evading
    /// defender may parry.
    pub parry_window: bool,
    /// DQ-17-004: 99 or 100, tested on every strike roll.
    pub mishap: Option<Mishap>,
}

/// Reads a strike roll against `mod_sc` (DQ-17-003, DQ-17-004, DQ-17-007,
/// DQ-18-003, DQ-18-004), with the integer percentage tests.
pub fn strike(roll: i32, mod_sc: i32) -> Strike {
    let hit = mod_sc > 0 && roll <= mod_sc;
    Strike {
        hit,
        to_endurance: hit && percentage_test(roll as i64, mod_sc as i64, 15),
        grievous: hit && percentage_test(roll as i64, mod_sc as i64, 5),
        parry_window: roll as i64 > mod_sc as i64 + 30,
        mishap: match roll {
            99 => Some(Mishap::MayBreak),
            100 => Some(Mishap::MayDrop),
            _ => None,
        },
    }
}

/// The bands of a strike roll against `mod_sc`: every roll of a band reads
/// the same [`Strike`] (the contract of [`Bands`]). Cuts: 5% and 15% of
/// modSC (rounded down, as the integer tests compare), modSC, modSC + 30,
/// 98 and 99.
pub fn strike_bands(mod_sc: i32) -> Bands {
    let c = mod_sc as i64;
    let cuts = [
        (c * 5).div_euclid(100),
        (c * 15).div_euclid(100),
        c,
        c + 30,
        98,
        99,
    ]
    .map(|x| x.clamp(0, 100) as i32);
    match Bands::new(100, &cuts) {
        Ok(b) => b,
        // Six cuts always fit: never taken.
        Err(_) => D100_BANDS,
    }
}

const D100_BANDS: Bands = Bands::whole(100);

/// The strike roll as a typed kind: a D100 that samples, plays and narrates
/// the real roll while the exact odds branch over at most 7 bands.
pub fn strike_roll(mod_sc: i32) -> RollKind {
    RollKind::Banded(strike_bands(mod_sc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d100_and_d10_conventions_dice() {
        // rule: dragonquest Conventions › Dice
        assert!(percentile_check(45, 45));
        assert!(!percentile_check(46, 45));
        assert_eq!(percentile_odds(45), Prob::new(9.into(), 20.into()));
        assert_eq!(percentile_odds(150), Prob::from_integer(1.into()));
        assert_eq!(percentile_odds(-3), Prob::from_integer(0.into()));
        assert_eq!(d10_odds(7), Prob::new(7.into(), 10.into()));
        assert_eq!(D100.max_total(), Some(100));
        assert_eq!(D100.from_total(100).map(|r| r.total), Ok(100));
        assert!(percentage_test(3, 20, 15)); // 15% of 20 is 3
        assert!(!percentage_test(4, 20, 15));
    }
}

//! DragonQuest dice: `D10` (1-10) and `D100` (1-100, "00" reads 100).
//!
//! Rule: dragonquest checklist, Conventions › Dice: a bare `D` is a D10
//! ("D-4" means D10 - 4); a check written "roll <= k x X" is a D100 roll that
//! succeeds on <=. Percentage tests are done in integers.

use crate::kind::{Prob, RollKind};
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

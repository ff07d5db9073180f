//! d20-3d6 attack rolls and checks with golden d6.
//!
//! Rules: X-ATK-004 (hit if total >= Defense, option `hit_compare`),
//! X-ATK-005/006 (golden d6, see [`RollKind::Golden`]), X-ATK-007 / X-ATK-010
//! (bonus dice are extra golden dice that never count for the naturals),
//! X-ATK-008 (three base 1s: automatic miss), X-ATK-009 (three base 6s:
//! automatic hit), X-ATK-011 (checks: total >= DC, same automatic results),
//! X-ATK-010 (penalty dice: negative `extra`, subtracted), X-SEQ-001 (the
//! initiative tie-break roll-off, [`initiative_tie_break`]).

use crate::error::DiceError;
use crate::kind::{First, Natural, Prob, Reads, RollKind, RollOff, RollOffError, Rolled};
use num_traits::Zero;

/// How the total is compared with Defense (X-ATK-004 `hit_compare`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum HitCompare {
    /// total >= Defense (default).
    #[default]
    Ge,
    /// total > Defense.
    Gt,
}

/// Options of an attack roll or check.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct AttackOptions {
    /// X-ATK-004.
    pub hit_compare: HitCompare,
}

/// The attack (or check) roll: 3 golden d6 + `extra` bonus golden dice + `bonus`.
/// A negative `extra` subtracts that many golden dice (X-ATK-010: bonus and
/// penalty dice netted first, e.g. running X-MOV-005 with trust to luck
/// X-ATK-007 nets to 0).
pub const fn attack_kind(extra: i8, bonus: i32) -> RollKind {
    RollKind::Golden {
        base: 3,
        extra,
        modifier: bonus,
    }
}

/// A judged attack roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Attack {
    /// The roll (total includes the bonus).
    pub rolled: Rolled,
    /// The Defense (or DC) it was compared with.
    pub defense: i32,
    /// total - Defense (feeds criticals, X-DMG-002).
    pub margin: i32,
    /// Did it hit (or succeed)?
    pub hit: bool,
    /// Decided by the natural roll (X-ATK-008/009), not the total.
    pub automatic: bool,
}

/// Judge a rolled attack against `defense`.
/// X-ATK-008: three base 1s miss whatever the total. X-ATK-009: three base
/// 6s always hit. Otherwise X-ATK-004: hit if total >= Defense (or > with
/// [`HitCompare::Gt`]).
pub fn attack(rolled: Rolled, defense: i32, opts: AttackOptions) -> Attack {
    let margin = rolled.total.saturating_sub(defense);
    let by_total = match opts.hit_compare {
        HitCompare::Ge => margin >= 0,
        HitCompare::Gt => margin > 0,
    };
    let (hit, automatic) = match rolled.natural {
        Natural::AllLowest => (false, true),
        Natural::AllHighest => (true, true),
        Natural::Mixed => (by_total, false),
    };
    Attack {
        rolled,
        defense,
        margin,
        hit,
        automatic,
    }
}

/// X-ATK-011: a check is the same roll against a DC.
pub fn check(rolled: Rolled, dc: i32) -> Attack {
    attack(rolled, dc, AttackOptions::default())
}

/// Roll and judge an attack (sampler path: no allocation).
#[inline]
pub fn roll_attack<R: rand::Rng + ?Sized>(
    rng: &mut R,
    extra: i8,
    bonus: i32,
    defense: i32,
    opts: AttackOptions,
) -> Attack {
    attack(attack_kind(extra, bonus).sample(rng), defense, opts)
}

/// Exact odds of an attack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackOdds {
    /// P(hit), automatic hits included.
    pub hit: Prob,
    /// P(miss), automatic misses included.
    pub miss: Prob,
    /// P(three base 1s), X-ATK-008.
    pub automatic_miss: Prob,
    /// P(three base 6s), X-ATK-009 (up to the leftover).
    pub automatic_hit: Prob,
    /// Mass of explosion chains cut off. Without penalty dice all of it has
    /// totals above every listed outcome (a hit unless the Defense is higher
    /// still); with penalty dice it may fall on either side.
    pub leftover: Prob,
}

/// Exact odds of an attack roll with `extra` bonus dice and `bonus`
/// against `defense`, explosions truncated below `tolerance`.
pub fn attack_odds(
    extra: i8,
    bonus: i32,
    defense: i32,
    opts: AttackOptions,
    tolerance: &Prob,
) -> Result<AttackOdds, DiceError> {
    let o = attack_kind(extra, bonus).outcomes(tolerance)?;
    let (mut hit, mut miss, mut am, mut ah) =
        (Prob::zero(), Prob::zero(), Prob::zero(), Prob::zero());
    for (r, p) in &o.outcomes {
        let a = attack(*r, defense, opts);
        match r.natural {
            Natural::AllLowest => am += p,
            Natural::AllHighest => ah += p,
            Natural::Mixed => {}
        }
        if a.hit {
            hit += p;
        } else {
            miss += p;
        }
    }
    Ok(AttackOdds {
        hit,
        miss,
        automatic_miss: am,
        automatic_hit: ah,
        leftover: o.leftover,
    })
}

/// X-SEQ-001: combatants tied on the initiative total and on DEX roll a
/// plain d6 off, highest first, repeated until the tie breaks, for their
/// whole order. Errors when `tied` is outside
/// `2..=`[`crate::kind::MAX_ROLL_OFF_PARTIES`].
pub fn initiative_tie_break(tied: usize) -> Result<RollKind, RollOffError> {
    RollOff::among(tied, 1, 6, First::Highest, Reads::Order).map(RollKind::RollOff)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dist::DistOptions;
    use num_traits::One;

    fn tol() -> Prob {
        DistOptions::default().tolerance
    }

    #[test]
    fn hit_on_total_rule_x_atk_004() {
        // rule: X-ATK-004
        let r = Rolled::new(15, Natural::Mixed);
        assert!(attack(r, 15, AttackOptions::default()).hit);
        assert!(
            !attack(
                r,
                15,
                AttackOptions {
                    hit_compare: HitCompare::Gt
                }
            )
            .hit
        );
        assert_eq!(attack(r, 12, AttackOptions::default()).margin, 3);
    }

    #[test]
    fn automatic_results_rule_x_atk_008_009() {
        // rule: X-ATK-008, X-ATK-009
        let low = Rolled::new(30, Natural::AllLowest);
        assert!(!attack(low, 5, AttackOptions::default()).hit);
        let high = Rolled::new(20, Natural::AllHighest);
        let a = attack(high, 99, AttackOptions::default());
        assert!(a.hit && a.automatic && a.margin < 0);
        let odds = attack_odds(0, 0, 1000, AttackOptions::default(), &tol()).unwrap();
        assert_eq!(odds.automatic_miss, Prob::new(1.into(), 216.into()));
        assert!(odds.hit >= odds.automatic_hit);
        assert!(
            (&odds.hit - &odds.automatic_hit).is_zero()
                || odds.hit < Prob::new(1.into(), 200.into())
        );
    }

    #[test]
    fn odds_sum_to_one_rule_x_atk_005_006_007() {
        // rule: X-ATK-005, X-ATK-006, X-ATK-007
        let odds = attack_odds(1, 2, 15, AttackOptions::default(), &tol()).unwrap();
        assert_eq!(&odds.hit + &odds.miss + &odds.leftover, Prob::one());
        assert!(odds.leftover < tol());
        // Defense 0 with a bonus of 0: everything hits except three 1s.
        let odds = attack_odds(0, 0, 0, AttackOptions::default(), &tol()).unwrap();
        assert_eq!(odds.miss, Prob::new(1.into(), 216.into()));
    }

    #[test]
    fn checks_rule_x_atk_011() {
        // rule: X-ATK-011
        assert!(check(Rolled::new(12, Natural::Mixed), 12).hit);
        assert!(!check(Rolled::new(12, Natural::AllLowest), 0).hit);
    }
}

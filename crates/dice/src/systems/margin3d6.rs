//! margin-3d6 checks: 3d6 roll-under with successes (GURPS 3e ancestry).
//!
//! Rules: M-FLO-003 (successes), M-FLO-004 (criticals), M-FLO-005 (contests),
//! M-FLO-002 (the initiative tie-break roll-off, [`initiative_tie_break`]).

use super::three_d6::{ratio, totals};
use crate::kind::{First, Prob, Reads, RollKind, RollOff, RollOffError};

/// M-FLO-002: figures tied on Basic Speed and DX roll 3d6 off once at the
/// start of combat, lowest roll first, rerolled while tied, for their whole
/// order. Errors when `tied` is outside
/// `2..=`[`crate::kind::MAX_ROLL_OFF_PARTIES`].
pub fn initiative_tie_break(tied: usize) -> Result<RollKind, RollOffError> {
    RollOff::among(tied, 3, 6, First::Lowest, Reads::Order).map(RollKind::RollOff)
}

/// The result class of a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// M-FLO-004.
    CriticalSuccess,
    /// M-FLO-003.
    Success,
    /// M-FLO-003.
    Failure,
    /// M-FLO-004.
    CriticalFailure,
}

impl Outcome {
    /// Critical or plain success.
    #[inline]
    pub fn is_success(self) -> bool {
        matches!(self, Outcome::CriticalSuccess | Outcome::Success)
    }
}

/// Options (config switches of the checklist).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CheckOptions {
    /// M-FLO-003 `min_target` (default 3): below it no roll is allowed and
    /// the attempt fails.
    pub min_target: i32,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions { min_target: 3 }
    }
}

/// A judged check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Check {
    /// The 3d6 total (`None`: target below `min_target`, no roll allowed).
    pub roll: Option<i32>,
    /// The effective target.
    pub target: i32,
    /// `target - roll` (negative: missed by that much); 0 when not rolled.
    pub margin: i32,
    /// The outcome.
    pub outcome: Outcome,
}

impl Check {
    /// Successes scored (M-FLO-003): the margin on a success, at least 0
    /// (a natural 3 or 4 succeeds with `max(0, target - roll)`); 0 on failure.
    #[inline]
    pub fn successes(&self) -> i32 {
        if self.outcome.is_success() {
            self.margin.max(0)
        } else {
            0
        }
    }
}

/// May a check be rolled at all (M-FLO-003 `min_target`)?
#[inline]
pub fn may_roll(target: i32, opts: CheckOptions) -> bool {
    target >= opts.min_target
}

/// Judge a roll. M-FLO-003: success on roll <= target; 3 and 4 always
/// succeed, 17 and 18 always fail; below `min_target` the attempt fails
/// without a roll (the given roll is ignored). M-FLO-004: critical success
/// on 3-4, on 5 at target >= 15, on 6 at >= 16; critical failure on 18, on
/// 17 at target <= 15, or on any roll >= target + 10.
#[inline]
pub fn check(roll: i32, target: i32, opts: CheckOptions) -> Check {
    if !may_roll(target, opts) {
        return Check {
            roll: None,
            target,
            margin: 0,
            outcome: Outcome::Failure,
        };
    }
    let r = roll.clamp(3, 18);
    let margin = target.saturating_sub(roll);
    let outcome = if r <= 4 || (r == 5 && target >= 15) || (r == 6 && target >= 16) {
        Outcome::CriticalSuccess
    } else if r == 18 || (r == 17 && target <= 15) || r >= target.saturating_add(10) {
        Outcome::CriticalFailure
    } else if r >= 17 || r > target {
        Outcome::Failure
    } else {
        Outcome::Success
    };
    Check {
        roll: Some(roll),
        target,
        margin,
        outcome,
    }
}

/// Roll and judge (sampler path: no allocation). No dice are rolled when
/// the target is below `min_target`.
#[inline]
pub fn roll_check<R: rand::Rng + ?Sized>(rng: &mut R, target: i32, opts: CheckOptions) -> Check {
    if !may_roll(target, opts) {
        return check(0, target, opts);
    }
    check(RollKind::three_d6().sample(rng).total, target, opts)
}

/// Exact odds of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOdds {
    /// P(critical success).
    pub critical_success: Prob,
    /// P(plain success).
    pub success: Prob,
    /// P(plain failure).
    pub failure: Prob,
    /// P(critical failure).
    pub critical_failure: Prob,
    /// P(exactly `k` successes) for k = 0.. (index k), successes only.
    pub successes: Vec<Prob>,
}

/// Exact odds of a check (M-FLO-003/004).
pub fn check_odds(target: i32, opts: CheckOptions) -> CheckOdds {
    let mut w = [0u64; 4];
    let mut s: Vec<u64> = Vec::new();
    for (t, ways) in totals() {
        let c = check(t, target, opts);
        let i = match c.outcome {
            Outcome::CriticalSuccess => 0,
            Outcome::Success => 1,
            Outcome::Failure => 2,
            Outcome::CriticalFailure => 3,
        };
        w[i] += ways as u64;
        if c.outcome.is_success() {
            let k = c.successes() as usize;
            if s.len() <= k {
                s.resize(k + 1, 0);
            }
            s[k] += ways as u64;
        }
    }
    CheckOdds {
        critical_success: ratio(w[0], 216),
        success: ratio(w[1], 216),
        failure: ratio(w[2], 216),
        critical_failure: ratio(w[3], 216),
        successes: s.into_iter().map(|x| ratio(x, 216)).collect(),
    }
}

/// Who won a contest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Winner {
    /// First side.
    A,
    /// Second side.
    B,
    /// Nobody wins; nothing changes.
    Nobody,
}

/// A resolved contest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Contest {
    /// First side.
    pub a: Check,
    /// Second side.
    pub b: Check,
    /// Who won.
    pub winner: Winner,
    /// The winner's successes: its successes - max(0, loser's successes).
    pub successes: i32,
}

/// M-FLO-005: if only one succeeds it wins; if both succeed the one with
/// more successes wins; if both fail or successes are equal, nobody wins.
/// Winner's successes = its successes - max(0, the loser's successes).
pub fn contest(a: Check, b: Check) -> Contest {
    let (sa, sb) = (a.outcome.is_success(), b.outcome.is_success());
    let winner = match (sa, sb) {
        (true, false) => Winner::A,
        (false, true) => Winner::B,
        (true, true) if a.successes() > b.successes() => Winner::A,
        (true, true) if b.successes() > a.successes() => Winner::B,
        _ => Winner::Nobody,
    };
    let successes = match winner {
        Winner::A => a.successes() - b.successes().max(0),
        Winner::B => b.successes() - a.successes().max(0),
        Winner::Nobody => 0,
    };
    Contest {
        a,
        b,
        winner,
        successes,
    }
}

/// Exact contest odds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContestOdds {
    /// P(A wins).
    pub a_wins: Prob,
    /// P(B wins).
    pub b_wins: Prob,
    /// P(nobody wins).
    pub nobody: Prob,
}

/// Exact odds of a contest over both 3d6 rolls (M-FLO-005).
pub fn contest_odds(target_a: i32, target_b: i32, opts: CheckOptions) -> ContestOdds {
    let mut w = [0u64; 3];
    for (ra, wa) in totals() {
        for (rb, wb) in totals() {
            let c = contest(check(ra, target_a, opts), check(rb, target_b, opts));
            let i = match c.winner {
                Winner::A => 0,
                Winner::B => 1,
                Winner::Nobody => 2,
            };
            w[i] += wa as u64 * wb as u64;
        }
    }
    ContestOdds {
        a_wins: ratio(w[0], 46656),
        b_wins: ratio(w[1], 46656),
        nobody: ratio(w[2], 46656),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::{One, Zero};

    #[test]
    fn successes_rule_m_flo_003() {
        // rule: M-FLO-003
        let o = CheckOptions::default();
        assert_eq!(check(9, 12, o).successes(), 3);
        assert_eq!(check(12, 12, o).successes(), 0);
        assert!(check(12, 12, o).outcome.is_success());
        assert_eq!(check(4, 3, o).successes(), 0); // natural 4 succeeds at target 3
        assert!(check(4, 3, o).outcome.is_success());
        assert!(!check(17, 20, o).outcome.is_success());
        assert_eq!(check(10, 2, o).roll, None);
        assert!(check_odds(2, o).failure.is_one());
        assert_eq!(
            check_odds(10, o).critical_success + check_odds(10, o).success,
            ratio(1, 2)
        );
        let s = check_odds(12, o).successes;
        assert_eq!(s[0], ratio(25, 216)); // roll 12 exactly
        assert_eq!(s.iter().sum::<Prob>(), ratio(160, 216));
    }

    #[test]
    fn criticals_rule_m_flo_004() {
        // rule: M-FLO-004
        let o = CheckOptions::default();
        assert_eq!(check(5, 15, o).outcome, Outcome::CriticalSuccess);
        assert_eq!(check(6, 15, o).outcome, Outcome::Success);
        assert_eq!(check(17, 16, o).outcome, Outcome::Failure);
        assert_eq!(check(17, 15, o).outcome, Outcome::CriticalFailure);
        assert_eq!(check(15, 5, o).outcome, Outcome::CriticalFailure);
        assert_eq!(check_odds(16, o).critical_success, ratio(20, 216));
    }

    #[test]
    fn contest_rule_m_flo_005() {
        // rule: M-FLO-005
        let o = CheckOptions::default();
        let c = contest(check(8, 12, o), check(10, 12, o));
        assert_eq!((c.winner, c.successes), (Winner::A, 2));
        let c = contest(check(8, 12, o), check(13, 12, o));
        assert_eq!((c.winner, c.successes), (Winner::A, 4));
        assert_eq!(
            contest(check(13, 12, o), check(14, 12, o)).winner,
            Winner::Nobody
        );
        assert_eq!(
            contest(check(10, 12, o), check(10, 12, o)).winner,
            Winner::Nobody
        );
        let odds = contest_odds(12, 12, o);
        assert_eq!(odds.a_wins, odds.b_wins);
        assert!(!odds.nobody.is_zero());
        assert_eq!(&odds.a_wins + &odds.b_wins + &odds.nobody, Prob::one());
    }
}

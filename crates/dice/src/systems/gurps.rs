//! GURPS success rolls and contests (3d6 roll-under).
//!
//! Rules: G-EXT-001 (success and margin), G-EXT-002 (critical success),
//! G-EXT-003 (critical failure), G-EXT-004 (Quick Contest), G-EXT-005
//! (Regular Contest), G-EXT-034 (dice notation, see [`crate::RollKind`]).

use super::three_d6::{ratio, totals};
use crate::kind::{Prob, RollKind};
use num_traits::{One, Zero};

/// The four results of a success roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// G-EXT-002.
    CriticalSuccess,
    /// G-EXT-001.
    Success,
    /// G-EXT-001.
    Failure,
    /// G-EXT-003.
    CriticalFailure,
}

impl Outcome {
    /// Critical or plain success.
    #[inline]
    pub fn is_success(self) -> bool {
        matches!(self, Outcome::CriticalSuccess | Outcome::Success)
    }
}

/// Options of a success roll.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct SuccessOptions {
    /// A ranged attack roll: "10 or more above the level" is *not* a
    /// critical failure (G-EXT-003, B348/B382).
    pub ranged: bool,
    /// Bonuses that do not widen the critical-success range (Telegraphic
    /// Attack's +4, G-DICE-005): critical successes are judged at
    /// `level - critical_excluded`; critical failures at the full level,
    /// since G-DICE-005 concerns the critical-success range only.
    pub critical_excluded: i32,
}

/// A judged success roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct SuccessRoll {
    /// The 3d6 total.
    pub roll: i32,
    /// The effective level rolled against.
    pub level: i32,
    /// `level - roll` (negative = margin of failure), G-EXT-001.
    pub margin: i32,
    /// The outcome.
    pub outcome: Outcome,
}

/// G-EXT-001: no roll may be attempted at an effective level below 3,
/// except defense rolls. Callers check this; [`judge`] does not enforce it.
pub fn may_attempt(level: i32, defense: bool) -> bool {
    defense || level >= 3
}

/// Judge a 3d6 roll against an effective level.
///
/// G-EXT-001: success on roll <= level, margin = level - roll.
/// G-EXT-002: critical success on 3-4 always, 5 at level >= 15, 6 at >= 16.
/// G-EXT-003: 17 and 18 always fail; 18 is always a critical failure, 17 is
/// one at level <= 15 (else a plain failure), and any roll >= level + 10 is
/// one except for ranged attack rolls. 3 and 4 always succeed.
/// Rolls outside 3..=18 (not possible on 3d6) are treated as 3 or 18.
pub fn judge(roll: i32, level: i32, opts: SuccessOptions) -> SuccessRoll {
    let r = roll.clamp(3, 18);
    let margin = level.saturating_sub(roll);
    let crit = level.saturating_sub(opts.critical_excluded);
    let outcome = if r <= 4 || (r == 5 && crit >= 15) || (r == 6 && crit >= 16) {
        Outcome::CriticalSuccess
    } else if r == 18 || (r == 17 && level <= 15) || (!opts.ranged && r >= level.saturating_add(10))
    {
        Outcome::CriticalFailure
    } else if r >= 17 || r > level {
        Outcome::Failure
    } else {
        Outcome::Success
    };
    SuccessRoll {
        roll,
        level,
        margin,
        outcome,
    }
}

/// Roll 3d6 and judge it (sampler path: no allocation).
#[inline]
pub fn roll_success<R: rand::Rng + ?Sized>(
    rng: &mut R,
    level: i32,
    opts: SuccessOptions,
) -> SuccessRoll {
    judge(RollKind::three_d6().sample(rng).total, level, opts)
}

/// The 3d6 of a success roll read in bands: one band per [`Outcome`] (so at
/// most four, G-EXT-001..003), split further where a rule reads the margin
/// against a threshold. `margins` are those thresholds: each `m` separates
/// "margin >= m" from "margin < m" (a miss by exactly one needs `0` and `-1`;
/// "fails by 5 or more" needs `-4`). Every roll of a band gives the same
/// outcome and the same side of every threshold, which is the contract of
/// [`RollKind::Banded`]: exact odds branch four ways or so instead of sixteen,
/// while sampling and narration see the real roll. At most three thresholds
/// (four outcome bands plus three cuts fill [`crate::kind::MAX_BAND_CUTS`]).
pub fn success_bands(level: i32, opts: SuccessOptions, margins: &[i32]) -> RollKind {
    let mut cuts = [0i32; crate::kind::MAX_BAND_CUTS];
    let mut n = 0;
    let mut push = |c: i32| {
        if n < cuts.len() && (3..18).contains(&c) && !cuts[..n].contains(&c) {
            cuts[n] = c;
            n += 1;
        }
    };
    for roll in 3..18 {
        if judge(roll, level, opts).outcome != judge(roll + 1, level, opts).outcome {
            push(roll);
        }
    }
    for &m in margins.iter().take(3) {
        // margin >= m  <=>  roll <= level - m.
        push(level.saturating_sub(m));
    }
    match crate::kind::Bands::sum(3, 6, &cuts[..n]) {
        Ok(bands) => RollKind::Banded(bands),
        // Unreachable (3d6, at most seven cuts), but the plain roll is
        // always correct.
        Err(_) => RollKind::three_d6(),
    }
}

/// Exact probabilities of the four outcomes (they sum to 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuccessOdds {
    /// P(critical success).
    pub critical_success: Prob,
    /// P(plain success), criticals excluded.
    pub success: Prob,
    /// P(plain failure).
    pub failure: Prob,
    /// P(critical failure).
    pub critical_failure: Prob,
}

impl SuccessOdds {
    /// P(any success).
    pub fn any_success(&self) -> Prob {
        &self.critical_success + &self.success
    }
}

/// Exact odds of a success roll at `level` (G-EXT-001..003).
pub fn success_odds(level: i32, opts: SuccessOptions) -> SuccessOdds {
    let mut w = [0u64; 4];
    for (t, ways) in totals() {
        let i = match judge(t, level, opts).outcome {
            Outcome::CriticalSuccess => 0,
            Outcome::Success => 1,
            Outcome::Failure => 2,
            Outcome::CriticalFailure => 3,
        };
        w[i] += ways as u64;
    }
    SuccessOdds {
        critical_success: ratio(w[0], 216),
        success: ratio(w[1], 216),
        failure: ratio(w[2], 216),
        critical_failure: ratio(w[3], 216),
    }
}

/// Who won a contest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Winner {
    /// The first side.
    A,
    /// The second side.
    B,
    /// Nobody (equal margins).
    Tie,
}

/// A resolved Quick Contest (G-EXT-004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct QuickContest {
    /// First side's roll.
    pub a: SuccessRoll,
    /// Second side's roll.
    pub b: SuccessRoll,
    /// Who won.
    pub winner: Winner,
    /// The difference between the two margins (0 on a tie).
    pub margin_of_victory: i32,
}

/// G-EXT-004: if only one side succeeds it wins; otherwise the larger
/// margin wins (margin of success, or smaller margin of failure); equal
/// margins mean nobody wins. Margin of victory = difference of the margins.
pub fn quick_contest(roll_a: i32, level_a: i32, roll_b: i32, level_b: i32) -> QuickContest {
    let a = judge(roll_a, level_a, SuccessOptions::default());
    let b = judge(roll_b, level_b, SuccessOptions::default());
    let (sa, sb) = (a.outcome.is_success(), b.outcome.is_success());
    let winner = if sa && !sb {
        Winner::A
    } else if sb && !sa {
        Winner::B
    } else if a.margin > b.margin {
        Winner::A
    } else if b.margin > a.margin {
        Winner::B
    } else {
        Winner::Tie
    };
    let margin_of_victory = match winner {
        Winner::Tie => 0,
        _ => a.margin.saturating_sub(b.margin).saturating_abs(),
    };
    QuickContest {
        a,
        b,
        winner,
        margin_of_victory,
    }
}

/// Exact odds of a contest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContestOdds {
    /// P(A wins).
    pub a_wins: Prob,
    /// P(B wins).
    pub b_wins: Prob,
    /// P(nobody wins).
    pub tie: Prob,
}

/// Exact Quick Contest odds over both 3d6 rolls (G-EXT-004).
pub fn quick_contest_odds(level_a: i32, level_b: i32) -> ContestOdds {
    let mut w = [0u64; 3];
    for (ra, wa) in totals() {
        for (rb, wb) in totals() {
            let i = match quick_contest(ra, level_a, rb, level_b).winner {
                Winner::A => 0,
                Winner::B => 1,
                Winner::Tie => 2,
            };
            w[i] += wa as u64 * wb as u64;
        }
    }
    ContestOdds {
        a_wins: ratio(w[0], 46656),
        b_wins: ratio(w[1], 46656),
        tie: ratio(w[2], 46656),
    }
}

/// G-EXT-005: if the higher level is above 14, lower both by the same amount
/// so the higher becomes 14.
pub fn regular_contest_levels(level_a: i32, level_b: i32) -> (i32, i32) {
    let hi = level_a.max(level_b);
    if hi > 14 {
        let d = hi - 14;
        (level_a.saturating_sub(d), level_b.saturating_sub(d))
    } else {
        (level_a, level_b)
    }
}

/// One round of a Regular Contest at already-normalised levels (G-EXT-005):
/// decided only when one side succeeds and the other fails; `None` means
/// roll again next turn.
pub fn regular_contest_round(
    roll_a: i32,
    level_a: i32,
    roll_b: i32,
    level_b: i32,
) -> Option<Winner> {
    let a = judge(roll_a, level_a, SuccessOptions::default())
        .outcome
        .is_success();
    let b = judge(roll_b, level_b, SuccessOptions::default())
        .outcome
        .is_success();
    match (a, b) {
        (true, false) => Some(Winner::A),
        (false, true) => Some(Winner::B),
        _ => None,
    }
}

/// Exact Regular Contest odds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegularContestOdds {
    /// P(A eventually wins).
    pub a_wins: Prob,
    /// P(B eventually wins) = 1 - a_wins.
    pub b_wins: Prob,
    /// Expected number of rounds until decided.
    pub expected_rounds: Prob,
    /// The normalised levels actually rolled against.
    pub levels: (i32, i32),
}

/// Exact Regular Contest odds (G-EXT-005), levels normalised first. With
/// per-round success chances `pa`, `pb`: A wins a round w.p. `x = pa(1-pb)`,
/// B w.p. `y = pb(1-pa)`; rounds are geometric, so P(A wins) = x/(x+y) and
/// the expected number of rounds is 1/(x+y). 3-4 always succeed and 17-18
/// always fail, so `x + y > 0` for every pair of levels.
pub fn regular_contest_odds(level_a: i32, level_b: i32) -> RegularContestOdds {
    let levels = regular_contest_levels(level_a, level_b);
    let pa = success_odds(levels.0, SuccessOptions::default()).any_success();
    let pb = success_odds(levels.1, SuccessOptions::default()).any_success();
    let x = &pa * (Prob::one() - &pb);
    let y = &pb * (Prob::one() - &pa);
    let s = &x + &y;
    if s.is_zero() {
        // Unreachable with 3d6, kept for safety: no panic on division.
        return RegularContestOdds {
            a_wins: Prob::zero(),
            b_wins: Prob::zero(),
            expected_rounds: Prob::zero(),
            levels,
        };
    }
    let a_wins = &x / &s;
    RegularContestOdds {
        b_wins: Prob::one() - &a_wins,
        a_wins,
        expected_rounds: Prob::one() / s,
        levels,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn success_rule_g_ext_001() {
        // rule: G-EXT-001
        assert_eq!(
            success_odds(10, SuccessOptions::default()).any_success(),
            ratio(1, 2)
        );
        assert_eq!(
            success_odds(12, SuccessOptions::default()).any_success(),
            ratio(160, 216)
        );
        assert_eq!(judge(9, 12, SuccessOptions::default()).margin, 3);
        assert_eq!(judge(14, 12, SuccessOptions::default()).margin, -2);
        assert!(!may_attempt(2, false));
        assert!(may_attempt(2, true));
    }

    #[test]
    fn critical_success_rule_g_ext_002() {
        // rule: G-EXT-002
        let o = SuccessOptions::default();
        assert_eq!(judge(4, 3, o).outcome, Outcome::CriticalSuccess);
        assert_eq!(judge(5, 14, o).outcome, Outcome::Success);
        assert_eq!(judge(5, 15, o).outcome, Outcome::CriticalSuccess);
        assert_eq!(judge(6, 15, o).outcome, Outcome::Success);
        assert_eq!(judge(6, 16, o).outcome, Outcome::CriticalSuccess);
        assert_eq!(success_odds(10, o).critical_success, ratio(4, 216));
        assert_eq!(success_odds(16, o).critical_success, ratio(20, 216));
        // 3 and 4 succeed even at level 0.
        assert!(judge(4, 0, o).outcome.is_success());
    }

    #[test]
    fn telegraphic_bonus_does_not_widen_criticals_g_dice_005() {
        // rule: G-DICE-005
        let tele = SuccessOptions {
            critical_excluded: 4,
            ..SuccessOptions::default()
        };
        // Skill 12 +4 = 16: a 6 would be critical at 16, but not at 12.
        assert_eq!(judge(6, 16, tele).outcome, Outcome::Success);
        assert_eq!(
            judge(6, 16, SuccessOptions::default()).outcome,
            Outcome::CriticalSuccess
        );
        // G-DICE-005 narrows the critical-success range only: a 17 at an
        // effective 18 (14 + 4) is a plain failure, as at 18 without it,
        // and 16 is no critical failure at an effective 7 (3 + 4).
        assert_eq!(judge(17, 18, tele).outcome, Outcome::Failure);
        assert_eq!(judge(17, 16, tele).outcome, Outcome::Failure);
        assert_eq!(judge(16, 7, tele).outcome, Outcome::Failure);
        assert_eq!(judge(17, 15, tele).outcome, Outcome::CriticalFailure);
        assert_eq!(success_odds(16, tele).critical_success, ratio(4, 216));
    }

    #[test]
    fn critical_failure_rule_g_ext_003() {
        // rule: G-EXT-003
        let o = SuccessOptions::default();
        let r = SuccessOptions {
            ranged: true,
            ..SuccessOptions::default()
        };
        assert_eq!(judge(18, 25, o).outcome, Outcome::CriticalFailure);
        assert_eq!(judge(17, 15, o).outcome, Outcome::CriticalFailure);
        assert_eq!(judge(17, 16, o).outcome, Outcome::Failure);
        assert_eq!(judge(16, 6, o).outcome, Outcome::CriticalFailure);
        assert_eq!(judge(16, 6, r).outcome, Outcome::Failure);
        assert_eq!(judge(15, 6, o).outcome, Outcome::Failure);
        let s = success_odds(10, o);
        assert_eq!(s.critical_failure, ratio(4, 216)); // 17, 18
        assert_eq!(
            s.any_success() + s.failure + s.critical_failure,
            Prob::one()
        );
        assert_eq!(success_odds(20, o).any_success(), ratio(212, 216));
    }

    #[test]
    fn quick_contest_rule_g_ext_004() {
        // rule: G-EXT-004
        let q = quick_contest(8, 12, 10, 12);
        assert_eq!((q.winner, q.margin_of_victory), (Winner::A, 2));
        assert_eq!(quick_contest(13, 12, 14, 12).winner, Winner::A); // smaller failure
        assert_eq!(quick_contest(10, 12, 10, 12).winner, Winner::Tie);
        let o = quick_contest_odds(12, 12);
        assert_eq!(o.a_wins, o.b_wins);
        assert_eq!(&o.a_wins + &o.b_wins + &o.tie, Prob::one());
    }

    #[test]
    fn regular_contest_rule_g_ext_005() {
        // rule: G-EXT-005
        assert_eq!(regular_contest_levels(18, 16), (14, 12));
        assert_eq!(regular_contest_levels(12, 10), (12, 10));
        assert_eq!(regular_contest_round(9, 12, 13, 12), Some(Winner::A));
        assert_eq!(regular_contest_round(9, 12, 9, 12), None);
        let o = regular_contest_odds(10, 10);
        assert_eq!(o.a_wins, ratio(1, 2));
        assert_eq!(o.expected_rounds, ratio(2, 1)); // x + y = 2 * 1/4
        assert_eq!(regular_contest_odds(20, 18).levels, (14, 12));
    }
}

//! Ties larger than one roll-off takes ([`fray_dice::kind::MAX_ROLL_OFF_PARTIES`]
//! parties): each party rolls a die of its own, the totals place them, and
//! parties with equal totals roll again among themselves, as a table does
//! when the whole group cannot roll off at once (DQ-12-006, X-SEQ-001,
//! M-FLO-002). The rulesets roll and record; this orders.

use fray_dice::kind::First;
use smallvec::SmallVec;

/// Rounds of rolls before parties still tied keep the order they came in:
/// with dice a tie dies out within a round or two; only a scripted log
/// can tie for ever.
pub const ROUNDS: u8 = 8;

/// Puts the `tied` parties in order, best first: `roll(party)` rolls
/// that party's own die (recording it as the ruleset does) and gives its
/// total; `first` says whether the highest or the lowest total places
/// first. Parties with equal totals roll again among themselves, for up to
/// [`ROUNDS`] rounds, and keep the order they came in after that.
pub fn by_own_rolls<T: Copy, E>(
    tied: &mut [T],
    first: First,
    mut roll: impl FnMut(T) -> Result<i32, E>,
) -> Result<(), E> {
    settle(tied, first, 0, &mut roll)
}

/// One round of rolls among `parties`, then a round more for each run of
/// equal totals.
fn settle<T: Copy, E>(
    parties: &mut [T],
    first: First,
    round: u8,
    roll: &mut impl FnMut(T) -> Result<i32, E>,
) -> Result<(), E> {
    if parties.len() < 2 || round >= ROUNDS {
        return Ok(());
    }
    let mut rolled: SmallVec<[(i32, T); 16]> = SmallVec::new();
    for &p in parties.iter() {
        rolled.push((roll(p)?, p));
    }
    // Stable: equal totals keep their order until they roll again.
    match first {
        First::Highest => rolled.sort_by_key(|&(total, _)| std::cmp::Reverse(total)),
        First::Lowest => rolled.sort_by_key(|&(total, _)| total),
    }
    for (slot, &(_, p)) in parties.iter_mut().zip(&rolled) {
        *slot = p;
    }
    let mut i = 0;
    while i < rolled.len() {
        let j = i + rolled[i..]
            .iter()
            .take_while(|r| r.0 == rolled[i].0)
            .count();
        settle(&mut parties[i..j], first, round + 1, roll)?;
        i = j;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Totals read from a list, in the order asked.
    fn scripted(totals: &[i32]) -> impl FnMut(usize) -> Result<i32, ()> + '_ {
        let mut next = totals.iter();
        move |_| next.next().copied().ok_or(())
    }

    #[test]
    fn dq_12_006_highest_first_and_equal_totals_roll_again() {
        // Parties 0..4 roll 3 9 1 9; 1 and 3 roll again: 2 then 5.
        let mut order = [0, 1, 2, 3];
        by_own_rolls(&mut order, First::Highest, scripted(&[3, 9, 1, 9, 2, 5])).unwrap();
        assert_eq!(order, [3, 1, 0, 2]);
    }

    #[test]
    fn m_flo_002_lowest_first() {
        let mut order = [0, 1, 2];
        by_own_rolls(&mut order, First::Lowest, scripted(&[12, 4, 9])).unwrap();
        assert_eq!(order, [1, 2, 0]);
    }

    #[test]
    fn x_seq_001_a_tie_that_never_breaks_keeps_its_order_after_the_last_round() {
        let mut asked = 0;
        let mut order = [0, 1, 2];
        by_own_rolls(&mut order, First::Highest, |_| {
            asked += 1;
            Ok::<i32, ()>(6)
        })
        .unwrap();
        assert_eq!(order, [0, 1, 2]);
        assert_eq!(asked, 3 * usize::from(ROUNDS));
    }

    #[test]
    fn a_roll_that_fails_stops_the_order() {
        assert!(by_own_rolls(&mut [0, 1, 2], First::Highest, scripted(&[1, 2])).is_err());
    }
}

//! Integer totals over a batch of fights: what each trial adds, and how two
//! batches merge.
//!
//! Only counts and integer sums live here, never floats and never a record
//! per fight, so merging is exact, associative and commutative: a run split
//! into any chunks on any number of threads adds up to the same totals, and
//! memory does not grow with the number of fights.

use crate::stats::Histogram;
use fray_core::{EndReason, MAX_COUNTERS, MAX_POOLS, Outcome, SideId, Tally};
use serde::{Deserialize, Serialize};

/// Totals for one combatant.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatantTotals {
    /// Fights it ended neither down nor dead.
    pub survived: u64,
    /// Fights it ended unconscious or incapacitated.
    pub down: u64,
    /// Fights it ended dead.
    pub dead: u64,
    /// Injury it inflicted, over all fights.
    pub dealt: i64,
    /// Injury it took, over all fights.
    pub taken: i64,
    /// Each declared pool at the end, summed over the fights its side won
    /// (in [`Fight::POOLS`](fray_core::Fight::POOLS) order).
    pub pools_when_won: [i64; MAX_POOLS],
    /// Each declared counter, summed over all fights (in
    /// [`Fight::COUNTERS`](fray_core::Fight::COUNTERS) order).
    pub counters: [u64; MAX_COUNTERS],
}

impl CombatantTotals {
    fn merge(&mut self, o: &CombatantTotals) {
        self.survived += o.survived;
        self.down += o.down;
        self.dead += o.dead;
        self.dealt += o.dealt;
        self.taken += o.taken;
        for (a, b) in self.pools_when_won.iter_mut().zip(&o.pools_when_won) {
            *a += b;
        }
        for (a, b) in self.counters.iter_mut().zip(&o.counters) {
            *a += b;
        }
    }
}

/// Totals for a batch of fights. Serializable so that totals computed
/// elsewhere (a Dask worker's shard) travel back to be merged.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    /// Fights played.
    pub fights: u64,
    /// Wins per side, by side index.
    pub wins: Vec<u64>,
    /// Fights nobody survived able to fight (or ended with no winner and
    /// no round limit).
    pub draws: u64,
    /// Fights stopped by the scenario's round limit.
    pub round_limit: u64,
    /// Rounds of every fight, round-limit stops included.
    pub rounds: Histogram,
    /// Rounds of the fights each side won, by side index.
    pub rounds_by_winner: Vec<Histogram>,
    /// Per combatant, in id order.
    pub combatants: Vec<CombatantTotals>,
}

impl Totals {
    /// Empty totals for `sides` sides and `combatants` combatants.
    pub fn new(sides: usize, combatants: usize) -> Self {
        Totals {
            wins: vec![0; sides],
            rounds_by_winner: vec![Histogram::default(); sides],
            combatants: vec![CombatantTotals::default(); combatants],
            ..Totals::default()
        }
    }

    /// Adds one fight: its outcome and the combatants' tallies at the end.
    pub fn record(&mut self, outcome: &Outcome, tallies: &[Tally]) {
        self.fights += 1;
        self.rounds.add(outcome.rounds);
        match (outcome.winner, outcome.reason) {
            (Some(side), _) => {
                let s = side.index();
                self.grow_sides(s + 1);
                self.wins[s] += 1;
                self.rounds_by_winner[s].add(outcome.rounds);
            }
            (None, EndReason::RoundLimit) => self.round_limit += 1,
            (None, _) => self.draws += 1,
        }
        if self.combatants.len() < tallies.len() {
            self.combatants
                .resize(tallies.len(), CombatantTotals::default());
        }
        for (c, t) in self.combatants.iter_mut().zip(tallies) {
            c.survived += u64::from(!t.down && !t.dead);
            c.down += u64::from(t.down);
            c.dead += u64::from(t.dead);
            c.dealt += i64::from(t.dealt);
            c.taken += i64::from(t.taken);
            for (a, &b) in c.counters.iter_mut().zip(&t.counters) {
                *a += u64::from(b);
            }
            if outcome.winner == Some(t.side) {
                for (a, &b) in c.pools_when_won.iter_mut().zip(&t.pools) {
                    *a += i64::from(b);
                }
            }
        }
    }

    /// Adds another batch.
    pub fn merge(&mut self, o: &Totals) {
        self.fights += o.fights;
        self.grow_sides(o.wins.len());
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            *a += b;
        }
        for (a, b) in self.rounds_by_winner.iter_mut().zip(&o.rounds_by_winner) {
            a.merge(b);
        }
        self.draws += o.draws;
        self.round_limit += o.round_limit;
        self.rounds.merge(&o.rounds);
        if self.combatants.len() < o.combatants.len() {
            self.combatants
                .resize(o.combatants.len(), CombatantTotals::default());
        }
        for (a, b) in self.combatants.iter_mut().zip(&o.combatants) {
            a.merge(b);
        }
    }

    /// Wins of one side (0 for a side never seen).
    pub fn wins_of(&self, side: SideId) -> u64 {
        self.wins.get(side.index()).copied().unwrap_or(0)
    }

    /// Makes room for at least `n` sides (a ruleset reporting a side the
    /// roster did not list is counted, not dropped).
    fn grow_sides(&mut self, n: usize) {
        if self.wins.len() < n {
            self.wins.resize(n, 0);
            self.rounds_by_winner.resize(n, Histogram::default());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(side: u8, health: i32, dealt: i32, down: bool, dead: bool) -> Tally {
        let mut t = Tally {
            side: SideId(side),
            dealt,
            taken: 10 - health,
            down,
            dead,
            ..Tally::default()
        };
        t.pools[..2].copy_from_slice(&[health, 5]);
        t.pool_max[..2].copy_from_slice(&[10, 10]);
        t.counters[..2].copy_from_slice(&[u32::from(down), 1]);
        t
    }

    fn outcome(winner: Option<u8>, reason: EndReason, rounds: u32) -> Outcome {
        Outcome {
            winner: winner.map(SideId),
            reason,
            rounds,
        }
    }

    fn fights() -> Vec<(Outcome, [Tally; 2])> {
        vec![
            (
                outcome(Some(0), EndReason::Victory, 3),
                [tally(0, 7, 12, false, false), tally(1, -2, 3, false, true)],
            ),
            (
                outcome(Some(1), EndReason::Victory, 5),
                [tally(0, 0, 4, true, false), tally(1, 4, 10, false, false)],
            ),
            (
                outcome(None, EndReason::MutualDestruction, 8),
                [tally(0, -1, 9, true, false), tally(1, -3, 11, false, true)],
            ),
            (
                outcome(None, EndReason::RoundLimit, 20),
                [tally(0, 6, 4, false, false), tally(1, 6, 4, false, false)],
            ),
            (
                outcome(Some(0), EndReason::Victory, 4),
                [tally(0, 9, 10, false, false), tally(1, 0, 1, true, false)],
            ),
        ]
    }

    #[test]
    fn record_counts_outcomes_and_combatants() {
        let mut t = Totals::new(2, 2);
        for (o, ts) in fights() {
            t.record(&o, &ts);
        }
        assert_eq!(t.fights, 5);
        assert_eq!(t.wins, vec![2, 1]);
        assert_eq!((t.draws, t.round_limit), (1, 1));
        assert_eq!(t.rounds.len(), 5);
        assert_eq!(
            t.rounds_by_winner[0].iter().collect::<Vec<_>>(),
            [(3, 1), (4, 1)]
        );
        let a = &t.combatants[0];
        assert_eq!((a.survived, a.down, a.dead), (3, 2, 0));
        assert_eq!(a.pools_when_won[0], 7 + 9, "only the fights side 0 won");
        assert_eq!(a.pools_when_won[1], 10);
        assert_eq!(a.pools_when_won[2..], [0, 0], "undeclared pools stay 0");
        assert_eq!(a.dealt, 12 + 4 + 9 + 4 + 10);
        assert_eq!(
            a.counters[0], 2,
            "knocked down in the two fights it ended down"
        );
        assert_eq!(a.counters[1], 5);
        assert_eq!(a.counters[2..], [0; MAX_COUNTERS - 2]);
        let b = &t.combatants[1];
        assert_eq!((b.survived, b.down, b.dead), (2, 1, 2));
        assert_eq!(b.pools_when_won[0], 4);
    }

    #[test]
    fn merging_any_split_in_any_order_gives_the_same_totals() {
        let all = fights();
        let mut whole = Totals::new(2, 2);
        for (o, ts) in &all {
            whole.record(o, ts);
        }
        for split in 0..=all.len() {
            let (x, y) = all.split_at(split);
            let mut a = Totals::new(2, 2);
            x.iter().for_each(|(o, ts)| a.record(o, ts));
            let mut b = Totals::new(2, 2);
            y.iter().for_each(|(o, ts)| b.record(o, ts));
            let mut ab = a.clone();
            ab.merge(&b);
            let mut ba = b.clone();
            ba.merge(&a);
            assert_eq!(ab, whole, "split at {split}");
            assert_eq!(ba, whole, "split at {split}, reversed");
        }
    }

    #[test]
    fn a_side_missing_from_the_roster_is_counted() {
        let mut t = Totals::new(1, 1);
        t.record(
            &outcome(Some(3), EndReason::Victory, 2),
            &[tally(3, 5, 1, false, false)],
        );
        assert_eq!(t.wins, vec![0, 0, 0, 1]);
        assert_eq!(t.wins_of(SideId(3)), 1);
        assert_eq!(t.wins_of(SideId(9)), 0);
        let mut empty = Totals::new(2, 2);
        empty.merge(&t);
        assert_eq!(empty.wins, vec![0, 0, 0, 1]);
    }
}

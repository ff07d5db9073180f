//! Who stands where on a large field: an index from positions to the
//! figures there, kept by a ruleset's state beside its figures (issue 35).
//!
//! Without it, "who is in this hex (or square)?" is a pass over every
//! figure, and a turn asks it for every hex a move search prices: on a
//! field of 2,000 figures a turn's cost grows with the field. The index is
//! a sorted list of `(position, id)` pairs, so a lookup is a binary search
//! and the figures at a position come in id order, the order the passes
//! gave (the same answers, the same fights).
//!
//! A duel gains nothing from it (two figures are scanned faster than they
//! are searched) and would pay for its upkeep, so the index is kept only
//! on fields of more than [`SMALL_FIELD`] figures, and always in debug
//! builds, where every ruleset compares it with a full pass after every
//! step ([`Occupancy::agrees`]) and its answers with the pass's: every
//! test that plays a fight checks the index. A state whose index is off
//! ([`Occupancy::indexed`] false) scans as before; updates to it cost a
//! branch.
//!
//! The ruleset decides what an entry means (a figure's hex, each hex of a
//! large creature, a rider's...): it writes an entry wherever it moves a
//! figure, and filters what it reads (life, posture) as its passes did.

use crate::CombatantId;
use smallvec::SmallVec;

/// The index's entries: a duel's (kept in debug builds) on the stack, so
/// that copying its state for the next simulated fight allocates nothing.
type Cells<P> = SmallVec<[(P, CombatantId); 4]>;

/// Fields of this many figures or fewer keep no index in release builds:
/// their passes cost less than the index's upkeep.
pub const SMALL_FIELD: usize = 32;

/// The positions figures fill, sorted by position then id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occupancy<P> {
    cells: Cells<P>,
    indexed: bool,
}

impl<P> Default for Occupancy<P> {
    fn default() -> Self {
        Occupancy {
            cells: Cells::new(),
            indexed: false,
        }
    }
}

impl<P: Ord + Copy> Occupancy<P> {
    /// The index of a field of `figures` figures whose entries are
    /// `places` (any order; duplicates kept once): kept when the field is
    /// larger than [`SMALL_FIELD`] (always in debug builds), else off and
    /// empty.
    pub fn of(figures: usize, places: impl IntoIterator<Item = (P, CombatantId)>) -> Self {
        if figures <= SMALL_FIELD && !cfg!(debug_assertions) {
            return Occupancy::default();
        }
        Self::with(places)
    }

    /// The index of `places`, kept whatever the field's size (tests, and
    /// [`Occupancy::agrees`]).
    pub fn with(places: impl IntoIterator<Item = (P, CombatantId)>) -> Self {
        let mut cells: Cells<P> = places.into_iter().collect();
        cells.sort_unstable();
        cells.dedup();
        Occupancy {
            cells,
            indexed: true,
        }
    }

    /// Whether the index is kept: when not, [`Occupancy::at`] answers
    /// nothing and the ruleset scans its figures.
    #[inline]
    pub fn indexed(&self) -> bool {
        self.indexed
    }

    /// Whether the index is off, or holds exactly `places` (debug builds
    /// assert it after every step).
    pub fn agrees(&self, places: impl IntoIterator<Item = (P, CombatantId)>) -> bool {
        !self.indexed || self.cells == Self::with(places).cells
    }

    /// The figures with an entry at `p`, in id order (none when the index
    /// is off).
    #[inline]
    pub fn at(&self, p: P) -> impl Iterator<Item = CombatantId> + '_ {
        let start = self.cells.partition_point(|&(q, _)| q < p);
        self.cells[start..]
            .iter()
            .take_while(move |&&(q, _)| q == p)
            .map(|&(_, id)| id)
    }

    /// The entries whose position lies in `lo..=hi`, in position then id
    /// order (none when the index is off): one binary search, then a walk.
    /// A search box asks it once per run of positions that lie together in
    /// the sort order (a row of the box: on a square grid sorted by `x`
    /// then `y`, the squares of one `x` from `y0` to `y1`) rather than
    /// once per square, so a box of `n` by `n` squares costs `n` searches.
    #[inline]
    pub fn span(&self, lo: P, hi: P) -> impl Iterator<Item = (P, CombatantId)> + '_ {
        let start = self.cells.partition_point(|&(q, _)| q < lo);
        self.cells[start..]
            .iter()
            .take_while(move |&&(q, _)| q <= hi)
            .copied()
    }

    /// Records that `id`'s entry at `from` is now at `to`.
    #[inline]
    pub fn relocate(&mut self, from: P, to: P, id: CombatantId) {
        if self.indexed && from != to {
            self.remove(from, id);
            self.insert(to, id);
        }
    }

    /// Records that `id` has no entry at `p` any more.
    #[inline]
    pub fn remove(&mut self, p: P, id: CombatantId) {
        if self.indexed
            && let Ok(i) = self.cells.binary_search(&(p, id))
        {
            self.cells.remove(i);
        }
    }

    /// Records an entry of `id` at `p`.
    #[inline]
    pub fn insert(&mut self, p: P, id: CombatantId) {
        if self.indexed
            && let Err(i) = self.cells.binary_search(&(p, id))
        {
            self.cells.insert(i, (p, id));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(o: &Occupancy<(i32, i32)>, p: (i32, i32)) -> Vec<u16> {
        o.at(p).map(|c| c.0).collect()
    }

    #[test]
    fn figures_at_a_place_come_in_id_order() {
        let c = CombatantId;
        let mut o = Occupancy::with([((1, 0), c(2)), ((1, 0), c(0)), ((0, 0), c(1))]);
        assert_eq!(ids(&o, (1, 0)), [0, 2]);
        assert_eq!(ids(&o, (0, 0)), [1]);
        assert_eq!(ids(&o, (5, 5)), Vec::<u16>::new());
        o.relocate((0, 0), (1, 0), c(1));
        assert_eq!(ids(&o, (1, 0)), [0, 1, 2]);
        assert!(o.agrees([((1, 0), c(0)), ((1, 0), c(1)), ((1, 0), c(2))]));
        o.remove((1, 0), c(0));
        o.remove((7, 7), c(0));
        o.insert((1, 0), c(2));
        assert_eq!(ids(&o, (1, 0)), [1, 2]);
        assert!(!o.agrees([((1, 0), c(1))]));
    }

    #[test]
    fn a_span_gives_the_entries_between_its_ends() {
        let c = CombatantId;
        let o = Occupancy::with([
            ((1, 4), c(3)),
            ((1, 2), c(5)),
            ((1, 2), c(1)),
            ((0, 3), c(0)),
            ((2, 2), c(2)),
        ]);
        let span: Vec<_> = o.span((1, 2), (1, 4)).map(|(p, id)| (p, id.0)).collect();
        assert_eq!(span, [((1, 2), 1), ((1, 2), 5), ((1, 4), 3)]);
        assert_eq!(o.span((1, 5), (1, 9)).count(), 0);
        assert_eq!(o.span((0, 0), (9, 9)).count(), 5);
        assert_eq!(
            Occupancy::<(i32, i32)>::default()
                .span((0, 0), (9, 9))
                .count(),
            0
        );
    }

    #[test]
    fn an_index_that_is_off_stays_empty() {
        let mut o = Occupancy::<(i32, i32)>::default();
        o.insert((1, 1), CombatantId(0));
        o.relocate((1, 1), (2, 2), CombatantId(0));
        assert!(!o.indexed());
        assert_eq!(ids(&o, (2, 2)), Vec::<u16>::new());
        assert!(o.agrees([((9, 9), CombatantId(3))]));
    }
}

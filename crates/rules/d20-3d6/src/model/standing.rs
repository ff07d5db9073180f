//! Who stands on each square of the map, one load a square (issue 35): a
//! dense grid over the map beside the sorted occupancy index
//! ([`fray_core::occupancy::Occupancy`]), which answers "who is on this
//! square?" by a binary search. A move search asks "who fills this
//! space?" for every square it prices, and on a field of 2,000 figures
//! nearly every square it asks about is empty or holds one figure: the
//! grid says so at once, and sends only a square of several figures (or
//! one off the map) to the search.
//!
//! It holds nothing of its own: each cell is worked out from the sorted
//! index after every change to it, so the two always agree (debug builds
//! compare them after every step).

use fray_core::CombatantId;
use fray_core::grid::{MapSpec, SquarePos};
use fray_core::occupancy::Occupancy;
use std::sync::atomic::{AtomicU64, Ordering};

/// No figure on the square.
const EMPTY: u16 = 0;
/// Several figures, or one whose id does not fit: ask the sorted index.
const MANY: u16 = u16::MAX;
/// The most cells the grid covers: a larger map keeps none and every
/// question goes to the sorted index.
const MAX_CELLS: usize = 1 << 20;

/// Who stands where: the sorted index and its dense grid, kept together
/// so that no move can update one and not the other.
#[derive(Clone, Debug, Default)]
pub struct Occupants {
    index: Occupancy<SquarePos>,
    grid: Standing,
    /// The roster the index was built for ([`Occupants::roster`]).
    roster: u64,
}

/// The next [`Occupants::roster`] to hand out: 0 is the default index's.
static NEXT_ROSTER: AtomicU64 = AtomicU64::new(1);

impl Occupants {
    /// The index of a field of `figures` figures standing at `places`
    /// ([`Occupancy::of`]), with a grid over `spec` when it is kept.
    pub fn of(
        figures: usize,
        places: impl IntoIterator<Item = (SquarePos, CombatantId)>,
        spec: &MapSpec,
    ) -> Self {
        let index = Occupancy::of(figures, places);
        let grid = if index.indexed() {
            Standing::over(spec, |p| index.at(p))
        } else {
            Standing::default()
        };
        let roster = NEXT_ROSTER.fetch_add(1, Ordering::Relaxed);
        Occupants {
            index,
            grid,
            roster,
        }
    }

    /// A number no other index built in this run has, copied with the
    /// state: the roster of fighters it was built for. The index is built
    /// afresh whenever the roster changes ([`crate::model::state::State::reindex`]:
    /// setup, a late arrival, a fighter taken off), the only times a
    /// fighter's sheet, weapons, spells or mount change, so a value worked
    /// out from those (the AI's strike bound, `ai::reach`) stays true while
    /// the roster is the same, and the AI's memo pins them all by this one
    /// number (`ai::memo`). A test that swaps a sheet in place must
    /// reindex; debug builds catch one that does not.
    #[inline]
    pub fn roster(&self) -> u64 {
        self.roster
    }

    /// Whether the index is kept ([`Occupancy::indexed`]).
    #[inline]
    pub fn indexed(&self) -> bool {
        self.index.indexed()
    }

    /// Whether the grid covers the map: when not, [`Occupants::on`] always
    /// answers [`OnSquare::Ask`].
    #[inline]
    pub fn has_grid(&self) -> bool {
        !self.grid.is_empty()
    }

    /// The figures at `p`, in id order ([`Occupancy::at`]).
    #[inline]
    pub fn at(&self, p: SquarePos) -> impl Iterator<Item = CombatantId> + '_ {
        self.index.at(p)
    }

    /// The entries from `lo` to `hi` in the index's order
    /// ([`Occupancy::span`]).
    #[inline]
    pub fn span(
        &self,
        lo: SquarePos,
        hi: SquarePos,
    ) -> impl Iterator<Item = (SquarePos, CombatantId)> + '_ {
        self.index.span(lo, hi)
    }

    /// What the grid knows of `p`.
    #[inline]
    pub fn on(&self, p: SquarePos) -> OnSquare {
        self.grid.on(p)
    }

    /// Records that `id` moved from `from` to `to`, in the index and in
    /// the two cells of the grid.
    #[inline]
    pub fn relocate(&mut self, from: SquarePos, to: SquarePos, id: CombatantId) {
        if self.index.indexed() && from != to {
            self.index.relocate(from, to, id);
            self.grid.refresh(from, self.index.at(from));
            self.grid.refresh(to, self.index.at(to));
        }
    }

    /// Whether the index is off or holds exactly `places`, and the grid
    /// agrees with it (debug builds assert it after every step).
    pub fn agrees(&self, places: impl IntoIterator<Item = (SquarePos, CombatantId)>) -> bool {
        self.index.agrees(places) && self.grid.agrees(|p| self.index.at(p))
    }
}

/// What the grid knows of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnSquare {
    /// Nobody stands there.
    Empty,
    /// Exactly this figure.
    One(CombatantId),
    /// Several figures, or a square off the grid: the sorted index knows.
    Ask,
}

/// The dense grid: the map's `cols` by `rows` squares from `(0, 0)`, each
/// cell [`EMPTY`], [`MANY`] or a figure's id + 1. Empty (no cells) when
/// the occupancy index is off (a small field) or the map is too large or
/// not a rectangle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Standing {
    cols: u32,
    rows: u32,
    cells: Vec<u16>,
}

impl Standing {
    /// The grid over `spec`'s squares with the figures of `at` (the sorted
    /// index's answer for a square).
    pub fn over<I: Iterator<Item = CombatantId>>(
        spec: &MapSpec,
        at: impl Fn(SquarePos) -> I,
    ) -> Self {
        let (Some(cols), Some(rows)) = (spec.width, spec.height) else {
            return Standing::default();
        };
        let Some(n) = (cols as usize)
            .checked_mul(rows as usize)
            .filter(|&n| n <= MAX_CELLS && i32::try_from(cols).is_ok())
        else {
            return Standing::default();
        };
        let mut grid = Standing {
            cols,
            rows,
            cells: vec![EMPTY; n],
        };
        for i in 0..n {
            let p = SquarePos::new((i % cols as usize) as i32, (i / cols as usize) as i32);
            grid.cells[i] = cell(at(p));
        }
        grid
    }

    /// Whether the grid covers nothing (the index is off, or the map is
    /// too large or not a rectangle): every square is [`OnSquare::Ask`].
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// What the grid knows of `p`.
    #[inline]
    pub fn on(&self, p: SquarePos) -> OnSquare {
        match self.index(p).map(|i| self.cells[i]) {
            None | Some(MANY) => OnSquare::Ask,
            Some(EMPTY) => OnSquare::Empty,
            Some(v) => OnSquare::One(CombatantId(v - 1)),
        }
    }

    /// Works out `p`'s cell again from `at` (the sorted index's answer
    /// for it) after a change there.
    #[inline]
    pub fn refresh(&mut self, p: SquarePos, at: impl Iterator<Item = CombatantId>) {
        if let Some(i) = self.index(p) {
            self.cells[i] = cell(at);
        }
    }

    /// Whether every cell is what `at` (the sorted index) says (debug
    /// builds assert it after every step).
    pub fn agrees<I: Iterator<Item = CombatantId>>(&self, at: impl Fn(SquarePos) -> I) -> bool {
        (0..self.cells.len()).all(|i| {
            let cols = self.cols as usize;
            let p = SquarePos::new((i % cols) as i32, (i / cols) as i32);
            self.cells[i] == cell(at(p))
        })
    }

    /// The cell of `p`, if the grid covers it.
    #[inline]
    fn index(&self, p: SquarePos) -> Option<usize> {
        let (x, y) = (u32::try_from(p.x).ok()?, u32::try_from(p.y).ok()?);
        (x < self.cols && y < self.rows).then(|| (y * self.cols + x) as usize)
    }
}

/// The cell of a square whose figures are `ids`.
fn cell(mut ids: impl Iterator<Item = CombatantId>) -> u16 {
    match (ids.next(), ids.next()) {
        (None, _) => EMPTY,
        (Some(id), None) if id.0 < MANY - 1 => id.0 + 1,
        _ => MANY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::grid::MapKind;
    use fray_core::occupancy::Occupancy;

    #[test]
    fn the_grid_follows_the_sorted_index() {
        let spec = MapSpec::rectangle(MapKind::Square, 4, 3);
        let c = CombatantId;
        let p = SquarePos::new;
        let mut o = Occupancy::with([(p(1, 1), c(0)), (p(1, 1), c(2)), (p(3, 2), c(1))]);
        let mut g = Standing::over(&spec, |q| o.at(q).collect::<Vec<_>>().into_iter());
        assert_eq!(g.on(p(0, 0)), OnSquare::Empty);
        assert_eq!(g.on(p(1, 1)), OnSquare::Ask);
        assert_eq!(g.on(p(3, 2)), OnSquare::One(c(1)));
        assert_eq!(g.on(p(4, 0)), OnSquare::Ask);
        assert_eq!(g.on(p(-1, 0)), OnSquare::Ask);
        o.relocate(p(1, 1), p(0, 2), c(2));
        g.refresh(p(1, 1), o.at(p(1, 1)));
        g.refresh(p(0, 2), o.at(p(0, 2)));
        assert_eq!(g.on(p(1, 1)), OnSquare::One(c(0)));
        assert_eq!(g.on(p(0, 2)), OnSquare::One(c(2)));
        assert!(g.agrees(|q| o.at(q).collect::<Vec<_>>().into_iter()));
    }
}

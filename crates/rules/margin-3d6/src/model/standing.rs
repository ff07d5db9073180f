//! Who stands on each hex of the map, one load a hex (issue 35): a dense
//! grid over the map's box beside the sorted occupancy index
//! ([`fray_core::occupancy::Occupancy`]), which answers "who is in this
//! hex?" by a binary search. A move search asks it for every hex it
//! prices, and on a field of 2,000 figures nearly every hex it asks about
//! is empty or holds one figure: the grid says so at once, and sends only
//! a hex of several figures (or one off its box) to the search.
//!
//! It holds nothing of its own: each cell is worked out from the sorted
//! index after every change to it, so the two always agree (debug builds
//! compare them after every step).

use fray_core::CombatantId;
use fray_core::grid::{HexPos, MapSpec};

/// No figure on the hex.
const EMPTY: u16 = 0;
/// Several figures, or one whose id does not fit: ask the sorted index.
const MANY: u16 = u16::MAX;
/// The most cells the grid covers: a larger map keeps none and every
/// question goes to the sorted index.
const MAX_CELLS: usize = 1 << 20;

/// What the grid knows of a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnHex {
    /// Nobody stands there.
    Empty,
    /// Exactly this figure.
    One(CombatantId),
    /// Several figures, or a hex off the grid: the sorted index knows.
    Ask,
}

/// The dense grid: a box of axial `(q, r)` around the map, each cell
/// [`EMPTY`], [`MANY`] or a figure's id + 1. Empty (no cells) when the
/// occupancy index is off (a small field) or the map is too large.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    q0: i32,
    r0: i32,
    rows: u32,
    cols: u32,
    cells: Vec<u16>,
}

impl Standing {
    /// The grid over `spec`'s hexes with the figures of `at` (the sorted
    /// index's answer for a hex).
    pub fn over<I: Iterator<Item = CombatantId>>(spec: &MapSpec, at: impl Fn(HexPos) -> I) -> Self {
        let Some((q0, r0, cols, rows)) = hex_box(spec) else {
            return Standing::default();
        };
        let Some(n) = (cols as usize)
            .checked_mul(rows as usize)
            .filter(|&n| n <= MAX_CELLS)
        else {
            return Standing::default();
        };
        let mut grid = Standing {
            q0,
            r0,
            rows,
            cols,
            cells: vec![EMPTY; n],
        };
        for i in 0..n {
            let h = grid.hex(i);
            grid.cells[i] = cell(at(h));
        }
        grid
    }

    /// What the grid knows of `hex`.
    #[inline]
    pub fn on(&self, hex: HexPos) -> OnHex {
        match self.index(hex).map(|i| self.cells[i]) {
            None | Some(MANY) => OnHex::Ask,
            Some(EMPTY) => OnHex::Empty,
            Some(v) => OnHex::One(CombatantId(v - 1)),
        }
    }

    /// Writes `hex`'s cell afresh from the sorted index's figures there.
    #[inline]
    pub fn renew(&mut self, hex: HexPos, ids: impl Iterator<Item = CombatantId>) {
        if let Some(i) = self.index(hex) {
            self.cells[i] = cell(ids);
        }
    }

    #[inline]
    fn index(&self, h: HexPos) -> Option<usize> {
        let dq = u32::try_from(i64::from(h.q) - i64::from(self.q0)).ok()?;
        let dr = u32::try_from(i64::from(h.r) - i64::from(self.r0)).ok()?;
        (dq < self.cols && dr < self.rows).then(|| dq as usize * self.rows as usize + dr as usize)
    }

    fn hex(&self, i: usize) -> HexPos {
        let rows = self.rows as usize;
        HexPos::new(self.q0 + (i / rows) as i32, self.r0 + (i % rows) as i32)
    }
}

/// The cell for the figures `ids` of one hex.
fn cell(mut ids: impl Iterator<Item = CombatantId>) -> u16 {
    match (ids.next(), ids.next()) {
        (None, _) => EMPTY,
        (Some(id), None) => id.0.checked_add(1).filter(|&v| v != MANY).unwrap_or(MANY),
        _ => MANY,
    }
}

/// The axial box `(q0, r0, cols, rows)` holding every hex of the map: a
/// hexagon of radius R is `q, r` in `-R..=R`; a rectangle of `w × h`
/// (odd-q offset rows) is `q` in `0..w`, `r` from `-(w - 1) / 2` to `h - 1`.
fn hex_box(spec: &MapSpec) -> Option<(i32, i32, u32, u32)> {
    if let Some(r) = spec.radius {
        let r = i32::try_from(r).ok()?;
        let side = u32::try_from(2 * i64::from(r) + 1).ok()?;
        return Some((-r, -r, side, side));
    }
    let (w, h) = (spec.width?, spec.height?);
    let (w, h) = (i32::try_from(w).ok()?, i32::try_from(h).ok()?);
    if w <= 0 || h <= 0 {
        return None;
    }
    let r0 = -((w - 1) / 2);
    let rows = u32::try_from(i64::from(h) - i64::from(r0)).ok()?;
    Some((0, r0, w as u32, rows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::grid::MapKind;

    fn rect(w: u32, h: u32) -> MapSpec {
        MapSpec::rectangle(MapKind::Hex, w, h)
    }

    #[test]
    fn a_cell_says_empty_one_or_ask() {
        let spec = rect(5, 4);
        let a = HexPos::new(1, 1);
        let b = HexPos::new(2, 0);
        let at = |h: HexPos| {
            let ids: Vec<CombatantId> = match (h == a, h == b) {
                (true, _) => vec![CombatantId(3)],
                (_, true) => vec![CombatantId(1), CombatantId(4)],
                _ => vec![],
            };
            ids.into_iter()
        };
        let mut g = Standing::over(&spec, at);
        assert_eq!(g.on(a), OnHex::One(CombatantId(3)));
        assert_eq!(g.on(b), OnHex::Ask);
        assert_eq!(g.on(HexPos::new(0, 0)), OnHex::Empty);
        assert_eq!(g.on(HexPos::new(-1, 0)), OnHex::Ask);
        assert_eq!(g.on(HexPos::new(0, 90)), OnHex::Ask);
        g.renew(a, std::iter::empty());
        assert_eq!(g.on(a), OnHex::Empty);
    }

    #[test]
    fn the_box_holds_every_hex_of_a_rectangle() {
        let spec = rect(7, 3);
        let g = Standing::over(&spec, |_| std::iter::empty());
        let spec = rect(7, 3);
        let map = fray_core::grid::Map::new(spec, &crate::model::terrain::VOCABULARY);
        for c in map.expect("a map").cells() {
            if let fray_core::grid::Cell::Hex(h) = c {
                assert_eq!(g.on(h), OnHex::Empty, "{h}");
            }
        }
    }
}

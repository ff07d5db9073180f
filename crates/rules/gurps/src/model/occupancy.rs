//! Who stands where: an index from hexes to the figures in them.
//!
//! Without it, "who is in this hex" is a pass over every fighter, and a
//! turn asks it hundreds of times (each hex a move search prices, each
//! hex a line crosses): on a field of 2,000 knights the turn's cost grew
//! with the field (issue 9). The index is a sorted list of `(hex, id)`
//! pairs, one for each figure's hex and one for a sprawled body's second
//! hex, so a lookup is a binary search and the figures in a hex come in id
//! order, the order the scans gave. Dead figures stay in it (their bodies
//! still lie there); queries filter on life as before.
//!
//! [`crate::model::state::State::place`] is the one way to move a figure
//! or its body; `State::check_occupancy` compares the index with the
//! fighters, and the ruleset asserts it after every step in debug builds.

use fray_core::CombatantId;
use fray_core::grid::HexPos;
use smallvec::SmallVec;

/// The index's entries: on the stack for a field of up to eight entries
/// (the duel's two figures and their bodies), so neither the start
/// state's clone nor the first body that falls allocates (issue 10).
type Cells = SmallVec<[(HexPos, CombatantId); INLINE]>;

/// How many entries [`Cells`] holds on the stack.
const INLINE: usize = 8;

/// An entry as one integer in the list's order (the hex's `q`, then its
/// `r`, then the id; each coordinate's sign bit flipped, so that signed
/// coordinates order as the unsigned bits do): one comparison for
/// [`Occupancy::find`]'s scan instead of the derived tuple order's three.
/// A unit test checks it orders as the tuples do.
#[inline]
fn rank((hex, id): (HexPos, CombatantId)) -> u128 {
    let flip = |c: i32| u128::from((c as u32) ^ 0x8000_0000);
    (flip(hex.q) << 48) | (flip(hex.r) << 16) | u128::from(id.0)
}

/// The hexes figures fill, sorted by hex then id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Occupancy {
    cells: Cells,
    /// How many neighbouring entries of `cells` name the same hex: 0 when
    /// no two figures (or a figure and a body) share a hex, so "who else is
    /// here" is answered without a search ([`Occupancy::crowded`]). Kept
    /// by [`Occupancy::insert`], [`Occupancy::remove`] and
    /// [`Occupancy::relocate`].
    shared: u32,
}

impl Occupancy {
    /// The index of figures standing at `places` (id order: each figure's
    /// hex and its body's hex, if any).
    pub fn of(places: impl Iterator<Item = (HexPos, Option<HexPos>)>) -> Self {
        let mut cells = Cells::new();
        for (i, (pos, body)) in places.enumerate() {
            let id = CombatantId::of_index(i);
            cells.push((pos, id));
            if let Some(b) = body {
                cells.push((b, id));
            }
        }
        cells.sort_unstable();
        cells.dedup();
        let shared = cells.windows(2).filter(|w| w[0].0 == w[1].0).count() as u32;
        Occupancy { cells, shared }
    }

    /// Whether any hex holds two entries (two figures, or a figure and
    /// another's sprawled body): `false` means every figure is alone in its
    /// hex, so nobody is in close combat (G-CC-001) and nobody strikes into
    /// one (G-CC-008).
    #[inline]
    pub fn crowded(&self) -> bool {
        self.shared > 0
    }

    /// Whether the entry at `i` shares its hex with a neighbouring entry:
    /// the sorted list keeps a hex's entries together, so removing (or
    /// inserting) the entry at `i` changes [`Occupancy::shared`] by exactly
    /// this (1 when it is in a run of two or more, else 0).
    #[inline]
    fn link(&self, i: usize) -> u32 {
        let cells: &[(HexPos, CombatantId)] = &self.cells;
        let hex = cells[i].0;
        let before = i > 0 && cells[i - 1].0 == hex;
        let after = cells.get(i + 1).is_some_and(|c| c.0 == hex);
        u32::from(before || after)
    }

    /// Where `key` is in the sorted list (`Ok`), or where it would go
    /// (`Err`): `binary_search`'s answer. A list on the stack (eight
    /// entries at most; the duel's two to four) is scanned from the front,
    /// which there costs fewer instructions than the halving (issue 10:
    /// `relocate` went from 157 to 173 instructions a call when the list
    /// moved into a `SmallVec`, whose every probe asks inline or heap).
    /// Debug builds compare with `binary_search`.
    #[inline]
    fn find(&self, key: (HexPos, CombatantId)) -> Result<usize, usize> {
        let cells: &[(HexPos, CombatantId)] = &self.cells;
        let found = if cells.len() <= INLINE {
            let rank = rank(key);
            match cells.iter().position(|&c| self::rank(c) >= rank) {
                Some(i) if cells[i] == key => Ok(i),
                Some(i) => Err(i),
                None => Err(cells.len()),
            }
        } else {
            cells.binary_search(&key)
        };
        debug_assert_eq!(found, cells.binary_search(&key), "the occupancy scan");
        found
    }

    /// The figures (any state of life) filling `hex`, in id order.
    #[inline]
    pub fn at(&self, hex: HexPos) -> impl Iterator<Item = CombatantId> + '_ {
        let start = self.cells.partition_point(|&(h, _)| h < hex);
        self.cells[start..]
            .iter()
            .take_while(move |&&(h, _)| h == hex)
            .map(|&(_, id)| id)
    }

    /// Records that `id` moved from `from` to `to`: shifts only the
    /// entries between the two places (a step moves a figure past a
    /// handful, not the whole field; on a small field past none or one).
    #[inline]
    pub fn relocate(&mut self, from: HexPos, to: HexPos, id: CombatantId) {
        if from == to {
            return;
        }
        let Ok(i) = self.find((from, id)) else {
            return self.insert(to, id);
        };
        self.shared -= self.link(i);
        // Most moves keep the entry's place in the order (a duel's two
        // figures stepping about): when the new entry sorts strictly
        // between its neighbours, it is rewritten where it is, without the
        // search for its new place. (Equal to a neighbour means the figure
        // is there already: the search below.)
        let key = rank((to, id));
        let cells = &mut self.cells[..];
        let after_prev = i == 0 || rank(cells[i - 1]) < key;
        if after_prev && cells.get(i + 1).is_none_or(|&c| key < rank(c)) {
            cells[i] = (to, id);
            self.shared += self.link(i);
            debug_assert!(self.cells.is_sorted(), "the occupancy rewritten in place");
            return;
        }
        let k = match self.find((to, id)) {
            // Already there too (a body on the hex it moves to): just leave.
            Ok(_) => {
                self.cells.remove(i);
                return;
            }
            Err(j) => {
                // Its place once it has left `i`: the entries between move
                // one place towards `i`, one by one (no call to a rotate).
                let k = if j > i { j - 1 } else { j };
                let cells = &mut self.cells[..];
                for m in i..k {
                    cells[m] = cells[m + 1];
                }
                for m in (k..i).rev() {
                    cells[m + 1] = cells[m];
                }
                cells[k] = (to, id);
                k
            }
        };
        self.shared += self.link(k);
    }

    /// Records that `id` no longer fills `hex`.
    pub fn remove(&mut self, hex: HexPos, id: CombatantId) {
        if let Ok(i) = self.find((hex, id)) {
            self.shared -= self.link(i);
            self.cells.remove(i);
        }
    }

    /// Records that `id` fills `hex`.
    pub fn insert(&mut self, hex: HexPos, id: CombatantId) {
        if let Err(i) = self.find((hex, id)) {
            self.cells.insert(i, (hex, id));
            self.shared += self.link(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(q: i32, r: i32) -> HexPos {
        HexPos { q, r }
    }

    #[test]
    fn figures_in_a_hex_come_in_id_order_with_bodies() {
        let places = [
            (hex(1, 0), None),
            (hex(0, 0), Some(hex(1, 0))),
            (hex(1, 0), None),
        ];
        let mut o = Occupancy::of(places.into_iter());
        let ids = |o: &Occupancy, h| o.at(h).map(|c| c.0).collect::<Vec<_>>();
        assert_eq!(ids(&o, hex(1, 0)), [0, 1, 2]);
        assert_eq!(ids(&o, hex(0, 0)), [1]);
        assert_eq!(ids(&o, hex(5, 5)), Vec::<u16>::new());
        o.remove(hex(1, 0), CombatantId(1));
        o.insert(hex(2, 0), CombatantId(1));
        assert_eq!(ids(&o, hex(1, 0)), [0, 2]);
        assert_eq!(ids(&o, hex(2, 0)), [1]);
        // Staying put changes nothing; moving keeps the order, forward and back.
        o.relocate(hex(0, 0), hex(0, 0), CombatantId(1));
        assert_eq!(ids(&o, hex(0, 0)), [1]);
        o.relocate(hex(0, 0), hex(3, 0), CombatantId(1));
        assert_eq!(ids(&o, hex(0, 0)), Vec::<u16>::new());
        assert_eq!(ids(&o, hex(3, 0)), [1]);
        o.relocate(hex(3, 0), hex(1, 0), CombatantId(1));
        assert_eq!(ids(&o, hex(1, 0)), [0, 1, 2]);
        o.relocate(hex(1, 0), hex(2, 0), CombatantId(1));
        assert_eq!(ids(&o, hex(1, 0)), [0, 2]);
        assert_eq!(
            o,
            Occupancy::of([(hex(1, 0), None), (hex(2, 0), None), (hex(1, 0), None)].into_iter())
        );
        // Removing what is not there, or inserting twice, changes nothing.
        o.remove(hex(7, 7), CombatantId(0));
        o.insert(hex(2, 0), CombatantId(1));
        assert_eq!(ids(&o, hex(2, 0)), [1]);
    }

    /// [`rank`] orders entries as the `(hex, id)` tuples do, negative,
    /// extreme and equal coordinates too.
    #[test]
    fn the_rank_orders_as_the_entries() {
        let coords = [i32::MIN, -70_000, -2, -1, 0, 1, 3, 65_536, i32::MAX];
        let mut entries = Vec::new();
        for &q in &coords {
            for &r in &coords {
                for id in [0u16, 1, 7, u16::MAX] {
                    entries.push((hex(q, r), CombatantId(id)));
                }
            }
        }
        for a in &entries {
            for b in &entries {
                assert_eq!(rank(*a).cmp(&rank(*b)), a.cmp(b), "{a:?} against {b:?}");
            }
        }
    }

    /// The count behind [`Occupancy::crowded`] is the one a fresh index
    /// counts, after every insert, remove and move of a long walk of
    /// figures and bodies over a small patch (so hexes fill and empty).
    #[test]
    fn the_shared_count_follows_every_change() {
        let recount =
            |o: &Occupancy| o.cells.windows(2).filter(|w| w[0].0 == w[1].0).count() as u32;
        let mut o = Occupancy::of([(hex(0, 0), None), (hex(1, 0), None)].into_iter());
        assert!(!o.crowded());
        let mut at = [hex(0, 0), hex(1, 0), hex(2, 0)];
        o.insert(at[2], CombatantId(2));
        let mut seed = 7u32;
        let mut next = |n: u32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) % n
        };
        for _ in 0..2_000 {
            let id = next(3) as usize;
            let to = hex(next(3) as i32, next(2) as i32);
            match next(3) {
                0 => {
                    o.relocate(at[id], to, CombatantId::of_index(id));
                    at[id] = to;
                }
                1 => o.insert(to, CombatantId::of_index(id)),
                _ => o.remove(to, CombatantId::of_index(id)),
            }
            assert_eq!(o.shared, recount(&o));
            assert_eq!(o.crowded(), o.shared > 0);
            // Still sorted without repeats: `relocate`'s shifts keep the order.
            assert!(o.cells.windows(2).all(|w| w[0] < w[1]));
        }
    }
}

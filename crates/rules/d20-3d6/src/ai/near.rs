//! The fighters near a square, found through the state's occupancy index
//! (issue 35) rather than by a pass over the field.
//!
//! On a field of 2,000 fighters the AI's questions ("the nearest foes",
//! "who could strike me here") were each a pass over everyone. These
//! searches look only at the squares round the asker when the index is
//! kept ([`fray_core::occupancy`]), and give exactly what the passes gave:
//! the same fighters, in id order, so sums and ties come out the same.
//! A search that would look at more squares than there are fighters scans
//! the field instead.

use crate::model::state::State;
use crate::rules::geometry::distance;
use fray_core::CombatantId;
use fray_core::grid::SquarePos;

/// The fighters a search found, in id order.
type Ids = Vec<CombatantId>;

/// The fighters round a square: everyone (a small field, no index, no
/// allocation) or those the index found.
pub enum Around {
    All(std::ops::Range<u16>),
    Found(std::vec::IntoIter<CombatantId>),
}

impl Iterator for Around {
    type Item = CombatantId;
    #[inline]
    fn next(&mut self) -> Option<CombatantId> {
        match self {
            Around::All(r) => r.next().map(CombatantId),
            Around::Found(i) => i.next(),
        }
    }
}

/// Every fighter (any state of life) whose space could lie within `reach`
/// squares of the space of `me`, in id order: the fighters of the squares
/// round it when the index is kept, else everyone. A superset: callers
/// keep their own tests of distance.
pub fn around(state: &State, me: CombatantId, reach: u32) -> Around {
    let f = state.fighter(me);
    match boxed(state, f.pos, f.edge(), reach, 1) {
        Some(ids) => Around::Found(ids.into_iter()),
        None => Around::All(0..state.fighters.len() as u16),
    }
}

/// The fighters with a corner in the box round the space at `pos` (edge
/// `edge`) that holds every space within `reach` of it, in id order;
/// `None` when the index is off or when the box, each square costed as
/// `cost` fighters of a scan, is dearer than a scan of the field.
fn boxed(state: &State, pos: SquarePos, edge: u8, reach: u32, cost: i64) -> Option<Ids> {
    if !state.occupancy.indexed() {
        return None;
    }
    // A space of edge `widest` whose corner lies up to `widest - 1`
    // squares up or left of the box still reaches into it (as
    // `State::first_near`).
    let reach = i64::from(reach);
    let back = i64::from(state.widest) - 1 + reach;
    let ahead = i64::from(edge.max(1)) - 1 + reach;
    let side = back + ahead + 1;
    if side * side * cost > state.fighters.len() as i64 {
        return None;
    }
    let (back, ahead) = (back as i32, ahead as i32);
    // The index sorts squares by `x` then `y`: the squares of one `x`
    // lie together, so each is one search and a walk
    // ([`crate::model::standing::Occupants::span`]).
    let (y0, y1) = (pos.y.saturating_sub(back), pos.y.saturating_add(ahead));
    let mut ids = Ids::new();
    for x in pos.x.saturating_sub(back)..=pos.x.saturating_add(ahead) {
        let column = state
            .occupancy
            .span(SquarePos::new(x, y0), SquarePos::new(x, y1));
        ids.extend(column.map(|(_, id)| id));
    }
    ids.sort_unstable();
    Some(ids)
}

/// What a square of [`nearest`]'s boxes costs, in fighters of a pass: its
/// binary search, and the smaller boxes searched before it. Only the
/// time changes with it: any box or a pass finds the same fighters.
const NEAREST_SQUARE_COST: i64 = 8;

/// The `K` fighters nearest `me` for which `keep` holds, nearest first,
/// ties to fewer HP, then the lower id (as a pass over the field would
/// rank them): searched in growing boxes round `me` when the index is
/// kept, as all fighters within a box's reach are in it, until a box
/// would cost more than a pass ([`NEAREST_SQUARE_COST`]: a pass ranks
/// only the fighters `keep` holds for and looks again at no square).
pub fn nearest<const K: usize>(
    state: &State,
    me: CombatantId,
    keep: impl Fn(CombatantId) -> bool,
) -> arrayvec::ArrayVec<CombatantId, K> {
    let rank = |o: CombatantId| (distance(state, me, o), state.fighter(o).hp, o);
    let f = state.fighter(me);
    let mut reach = 2u32;
    loop {
        let Some(ids) = boxed(state, f.pos, f.edge(), reach, NEAREST_SQUARE_COST) else {
            return best_k(state.ids().filter(|&o| keep(o)).map(rank));
        };
        let within = ids
            .into_iter()
            .filter(|&o| keep(o) && distance(state, me, o) <= reach);
        let found: arrayvec::ArrayVec<CombatantId, K> = best_k(within.map(rank));
        if found.is_full() {
            return found;
        }
        reach *= 2;
    }
}

/// The `K` smallest keys' fighters, smallest first, kept without allocating.
fn best_k<const K: usize>(
    keys: impl Iterator<Item = (u32, i32, CombatantId)>,
) -> arrayvec::ArrayVec<CombatantId, K> {
    let mut near: arrayvec::ArrayVec<(u32, i32, CombatantId), K> = arrayvec::ArrayVec::new();
    for key in keys {
        let at = near.iter().position(|k| key < *k).unwrap_or(near.len());
        if at < K {
            if near.is_full() {
                near.pop();
            }
            near.insert(at, key);
        }
    }
    near.into_iter().map(|(_, _, o)| o).collect()
}

//! The way a figure moves (M-FLO-006 decision, M-DAT-008): hex by hex,
//! never through a wall or across a hexside that blocks entry, never
//! through a conscious foe's hex, and an obstruction (M-RNG-008) costs
//! `obstruction_move_cost` hexes of the move to cross. Friends and fallen
//! figures are passed through; the hex a move ends in must be free
//! ([`crate::rules::maneuver::free_hex`]).
//!
//! Every move of a maneuver (Move, the step before an attack, Aim, Ready,
//! Wait, Break Free, a slam's, a tackle's or a charge's approach, a Wild
//! Swing on the move) is checked here: its cost from the figure's hex to
//! the hex it names is the cheapest way there, within the maneuver's
//! allowance. The figure goes by the straight line when that line is open
//! and costs no more than its length, else by the cheapest way round
//! (first in facing order among equals), and waiting figures see it enter
//! every hex of that way (M-MEL-011, M-MIS-005).
//!
//! Pure, and allocation-free for every move up to [`INLINE_REACH`] hexes:
//! the search is a bucketed Dijkstra over a box of hexes just large
//! enough for its limit, on the stack up to that reach (every figure of
//! the bundled data) and on the heap beyond it (a sheet's MV may be 100).

use crate::model::bounds::MOVE_MAX;
use crate::model::state::{Fighter, State};
use crate::model::terrain::OBSTRUCTION;
use arrayvec::ArrayVec;
use fray_core::CombatantId;
use fray_core::grid::{Facing, HexPos};
use smallvec::SmallVec;
use std::cell::RefCell;

/// The longest move searched, in hexes of cost: above every maneuver's
/// allowance (full MV + 1 running, + 1 for a tackle; MV is at most
/// [`MOVE_MAX`]), so no allowance is ever cut.
pub const MAX_REACH: u32 = 120;

/// Searches up to this reach keep their box on the stack.
pub const INLINE_REACH: u32 = 20;

/// The side of the box of hexes within `reach` of its centre.
const fn side(reach: u32) -> usize {
    (2 * reach + 1) as usize
}

const INLINE_CELLS: usize = side(INLINE_REACH) * side(INLINE_REACH);

const _: () = assert!(
    MOVE_MAX as u32 + 2 <= MAX_REACH
        && side(MAX_REACH) * side(MAX_REACH) <= 1 << 16
        && MAX_REACH < FAR as u32,
    "every allowance is searched, its cells indexed by u16 and its costs kept in u8"
);

/// No cost yet.
const FAR: u8 = u8::MAX;

/// The hexes of a move after its start, the last one its end.
pub type Way = SmallVec<[HexPos; INLINE_REACH as usize]>;

/// Whether `o` stops `who`'s move through its hex: a conscious figure of
/// another side.
#[inline]
fn blocker(who: &Fighter, o: &Fighter) -> bool {
    o.side != who.side && o.awake()
}

/// What entering `to` from its neighbour `from` costs `who` (M-RNG-008:
/// an obstruction costs `obstruction_move_cost`), or `None` when it
/// cannot be entered on the way: off the map, a wall, across a hexside
/// that blocks entry, or a conscious foe's hex.
#[inline]
pub fn enter_cost(state: &State, who: CombatantId, from: HexPos, to: HexPos) -> Option<u32> {
    if !state.map.passable(to) || state.map.blocks_step(from, to) {
        return None;
    }
    let me = state.fighter(who);
    if state
        .first_at(to, |i, o| i != who && blocker(me, o))
        .is_some()
    {
        return None;
    }
    if state.open_map {
        return Some(1);
    }
    let obstruction = state
        .map
        .terrain_at(to)
        .and_then(|t| t.value(OBSTRUCTION))
        .is_some();
    Some(if obstruction {
        state.options.obstruction_move_cost.max(1)
    } else {
        1
    })
}

/// The cost of the straight line from `from` to `to` when every hex on it
/// may be entered, else `None`.
#[inline]
fn straight(state: &State, who: CombatantId, from: HexPos, to: HexPos) -> Option<u32> {
    let mut cost = 0;
    let mut at = from;
    for hex in from.line_iter(to).skip(1) {
        cost += enter_cost(state, who, at, hex)?;
        at = hex;
    }
    Some(cost)
}

/// The cheapest cost of a move from `from` to `to` for `who`, if it is at
/// most `limit` (the line first: on open ground it is the distance).
#[inline]
pub fn cost(state: &State, who: CombatantId, from: HexPos, to: HexPos, limit: u32) -> Option<u32> {
    if from == to {
        return Some(0);
    }
    if from.distance(to) > limit.min(MAX_REACH) {
        return None;
    }
    let line = straight(state, who, from, to);
    if line.is_some_and(|c| c as usize == from.distance(to) as usize) {
        return line.filter(|&c| c <= limit);
    }
    Reach::to(state, who, from, to, limit).cost(to)
}

/// The hexes a move from `from` to `to` goes through (after `from`, ending
/// at `to`), if one costs at most `limit`: the straight line when it is
/// the cheapest, else the cheapest way round.
pub fn way(state: &State, who: CombatantId, from: HexPos, to: HexPos, limit: u32) -> Option<Way> {
    let mut out = Way::new();
    if from == to {
        return Some(out);
    }
    if from.distance(to) > limit.min(MAX_REACH) {
        return None;
    }
    if straight(state, who, from, to).is_some_and(|c| c == from.distance(to)) {
        out.extend(from.line_iter(to).skip(1));
        return Some(out);
    }
    Reach::to(state, who, from, to, limit).way(to)
}

/// The cheapest cost to every hex within a limit from one hex, with the
/// way back (a bucketed Dijkstra; costs are small integers).
pub struct Reach {
    frame: Frame,
    cells: Cells,
}

/// Where a search's box stands: the hexes within `limit` of `centre`, in a
/// square of `side` by `side` cells.
#[derive(Clone, Copy)]
struct Frame {
    centre: HexPos,
    limit: u32,
    side: usize,
}

impl Frame {
    #[inline]
    fn index(self, h: HexPos) -> Option<usize> {
        if self.centre.distance(h) > self.limit {
            return None;
        }
        let m = self.limit as i32;
        let (dq, dr) = (h.q - self.centre.q + m, h.r - self.centre.r + m);
        Some(dq as usize * self.side + dr as usize)
    }

    #[inline]
    fn hex(self, i: usize) -> HexPos {
        let m = self.limit as i32;
        HexPos::new(
            self.centre.q + (i / self.side) as i32 - m,
            self.centre.r + (i % self.side) as i32 - m,
        )
    }
}

/// A box's cells, one byte a hex each for its cost and for the facing
/// stepped to reach it (from its previous hex): on the stack up to
/// [`INLINE_REACH`], on the heap beyond. Read as two slices, so the search
/// indexes plain slices whichever holds them. The stack variant is the
/// large one on purpose: boxing it would allocate on every search.
#[allow(clippy::large_enum_variant)]
enum Cells {
    Stack {
        cost: [u8; INLINE_CELLS],
        came: [u8; INLINE_CELLS],
    },
    Heap {
        cost: Vec<u8>,
        came: Vec<u8>,
    },
}

impl Cells {
    /// `n` cells, each of no cost yet.
    fn new(n: usize) -> Cells {
        if n <= INLINE_CELLS {
            Cells::Stack {
                cost: [FAR; INLINE_CELLS],
                came: [0; INLINE_CELLS],
            }
        } else {
            Cells::Heap {
                cost: vec![FAR; n],
                came: vec![0; n],
            }
        }
    }

    #[inline]
    fn cost(&self) -> &[u8] {
        match self {
            Cells::Stack { cost, .. } => cost,
            Cells::Heap { cost, .. } => cost,
        }
    }

    #[inline]
    fn came(&self) -> &[u8] {
        match self {
            Cells::Stack { came, .. } => came,
            Cells::Heap { came, .. } => came,
        }
    }

    #[inline]
    fn both_mut(&mut self) -> (&mut [u8], &mut [u8]) {
        match self {
            Cells::Stack { cost, came } => (cost, came),
            Cells::Heap { cost, came } => (cost, came),
        }
    }
}

impl Reach {
    /// Searches from `from` for `who`, up to `limit` (at most [`MAX_REACH`]).
    pub fn from(state: &State, who: CombatantId, from: HexPos, limit: u32) -> Reach {
        Reach::until(state, who, from, limit, |_, _| false)
    }

    /// [`Reach::from`], stopped once `to` has its final cost: what [`cost`]
    /// and [`way`] ask. The answers for `to` are the full search's (its
    /// cost and way are final once the costs up to it are expanded, and a
    /// later expansion only lowers a higher cost), having expanded only the
    /// hexes that cost no more than it.
    pub fn to(state: &State, who: CombatantId, from: HexPos, to: HexPos, limit: u32) -> Reach {
        Reach::until(state, who, from, limit, |r, c| {
            r.cost(to).is_some_and(|t| t <= c)
        })
    }

    /// [`Reach::from`], stopped early once `done(reach, c)` holds after the
    /// hexes of cost `c` have been expanded: then every hex of cost `c` or
    /// less has its final cost (and way), every other hex costs more than
    /// `c` or is out of reach, and [`Reach::cost`] answers at most its
    /// final cost... or more than `c` (a search that only compares costs up
    /// to `c` gets the answers of the full search, in fewer hexes: issue 35).
    pub fn until(
        state: &State,
        who: CombatantId,
        from: HexPos,
        limit: u32,
        mut done: impl FnMut(&Reach, u32) -> bool,
    ) -> Reach {
        let limit = limit.min(MAX_REACH);
        let side = side(limit);
        let frame = Frame {
            centre: from,
            limit,
            side,
        };
        let mut r = Reach {
            frame,
            cells: Cells::new(side * side),
        };
        // Buckets by cost modulo 4: an entry cost is at most 3 more than
        // the cost being expanded (a larger one is cut to 3, see below),
        // so the four never mix two costs.
        let mut buckets: [SmallVec<[u16; INLINE_CELLS]>; 4] = Default::default();
        let start = frame.index(from).unwrap_or(0);
        r.cells.both_mut().0[start] = 0;
        buckets[0].push(start as u16);
        for c in 0..=limit {
            let b = (c % 4) as usize;
            let (cost, came) = r.cells.both_mut();
            // Read in place (no copy of the bucket): a step costs 1 to 3,
            // so nothing is pushed to bucket `b` while it is read.
            let mut k = 0;
            while let Some(&i) = buckets[b].get(k) {
                k += 1;
                let i = usize::from(i);
                if u32::from(cost[i]) != c {
                    continue;
                }
                let at = frame.hex(i);
                for dir in Facing::ALL {
                    let next = at.neighbour(dir);
                    let Some(j) = frame.index(next) else { continue };
                    // A step costs at least 1: a hex already at `c + 1`
                    // or less, or a step past the limit, gains nothing,
                    // so its entry is not asked (most neighbours are such).
                    if c + 1 >= u32::from(cost[j]) || c + 1 > limit {
                        continue;
                    }
                    let Some(step) = enter_cost(state, who, at, next) else {
                        continue;
                    };
                    let nc = c + step.min(3);
                    if nc <= limit && nc < u32::from(cost[j]) {
                        cost[j] = nc as u8;
                        came[j] = dir as u8;
                        buckets[(nc % 4) as usize].push(j as u16);
                    }
                }
            }
            buckets[b].clear();
            if done(&r, c) {
                break;
            }
        }
        r
    }

    /// The cheapest cost to `h`, if within the limit.
    #[inline]
    pub fn cost(&self, h: HexPos) -> Option<u32> {
        let c = self.cells.cost()[self.frame.index(h)?];
        (c != FAR).then_some(u32::from(c))
    }

    /// Every hex the search reached (the centre too), in the box's order:
    /// what a caller that weighs each reachable hex walks, instead of every
    /// hex within the limit (most of which, for a long allowance, lie off
    /// the map or behind walls).
    pub fn reached(&self) -> impl Iterator<Item = HexPos> + '_ {
        let frame = self.frame;
        self.cells
            .cost()
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != FAR)
            .map(move |(i, _)| frame.hex(i))
    }

    /// The hexes of the cheapest way to `h` (after the centre, ending at `h`).
    pub fn way(&self, h: HexPos) -> Option<Way> {
        self.cost(h)?;
        let came = self.cells.came();
        let mut back = Way::new();
        let mut at = h;
        while at != self.frame.centre {
            back.push(at);
            let dir = Facing::ALL[usize::from(came[self.frame.index(at)?])];
            at = at.neighbour(dir.turn(3));
        }
        back.reverse();
        Some(back)
    }
}

/// One decision's searches, each made once: [`cost`] asked for many hexes
/// from one start (a foe's step round the figure, the figure's own step
/// round each foe) answers from one [`Reach`] instead of searching again
/// for each hex. The answers are [`cost`]'s. Keeps up to `N` searches (a
/// [`Reach`] is 3.4 KB, on the stack); past that it asks [`cost`].
pub struct Reaches<const N: usize> {
    kept: RefCell<ArrayVec<Searched, N>>,
}

/// A search kept by [`Reaches`], with what it was asked.
struct Searched {
    who: CombatantId,
    from: HexPos,
    limit: u32,
    reach: Reach,
}

impl<const N: usize> Default for Reaches<N> {
    fn default() -> Self {
        Reaches {
            kept: RefCell::new(ArrayVec::new()),
        }
    }
}

impl<const N: usize> Reaches<N> {
    /// [`cost`], from the search kept for `(who, from, limit)` when there
    /// is one (made now when there is room).
    pub fn cost(
        &self,
        state: &State,
        who: CombatantId,
        from: HexPos,
        to: HexPos,
        limit: u32,
    ) -> Option<u32> {
        if from == to {
            return Some(0);
        }
        if from.distance(to) > limit.min(MAX_REACH) {
            return None;
        }
        let mut kept = self.kept.borrow_mut();
        let at = kept
            .iter()
            .position(|s| s.who == who && s.from == from && s.limit == limit);
        let at = match at {
            Some(at) => at,
            None if kept.is_full() => return cost(state, who, from, to, limit),
            None => {
                let reach = Reach::from(state, who, from, limit);
                kept.push(Searched {
                    who,
                    from,
                    limit,
                    reach,
                });
                kept.len() - 1
            }
        };
        kept[at].reach.cost(to)
    }
}

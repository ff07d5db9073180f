//! Movement-point paths on the hex grid: a Dijkstra search over
//! `(hex, facing)` states with costs supplied by the ruleset.
//!
//! The geometry is generic; a ruleset describes its costs with
//! [`MoveCosts`]. GURPS (G-TAC-004..007), in half-point units, is
//! `forward: 2, sidestep: 4, turn: 2` with the terrain extras from the map
//! in the `enter` callback.
//!
//! Moves from a state `(hex, facing)`:
//! * **forward**: into the faced hex or one of the two front-diagonal hexes,
//!   for `forward`; the new facing is the direction of travel;
//! * **sidestep** (or backward): into any of the three other neighbours,
//!   for `sidestep`, facing unchanged;
//! * **turn**: one hexside either way, for `turn`, staying in place.
//!
//! Entering a hex also costs `enter(hex)`; `None` means it cannot be
//! entered (wall, occupied, off the map). A step across an edge that blocks
//! entry (a wall on a hexside) is refused when the costs carry the map's
//! [`Walls`] ([`MoveCosts::with_walls`]).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use crate::hex::COORD_LIMIT;

use crate::arc::Side;
use crate::facing::Facing;
use crate::hex::HexPos;
use crate::pose::Pose;
use crate::walls::{NoWalls, Walls};

/// Movement costs, all in the same unit (GURPS uses half points so that
/// the +1/2 terrain costs are integers).
///
/// Step costs of 0 are treated as 1 so that every search ends; turning may
/// be free.
#[derive(Clone, Copy, Debug)]
pub struct MoveCosts<F, W = NoWalls> {
    /// Into the faced hex or a front-diagonal hex (facing follows travel).
    pub forward: u16,
    /// Into any other neighbour, keeping the facing.
    pub sidestep: u16,
    /// Per hexside turned.
    pub turn: u16,
    /// Extra cost to enter a hex, or `None` if it cannot be entered.
    pub enter: F,
    /// Edges no step may cross.
    pub walls: W,
}

/// An `enter` callback for open ground: every hex costs nothing extra.
#[must_use]
pub fn open_ground(_: HexPos) -> Option<u16> {
    Some(0)
}

impl<F: Fn(HexPos) -> Option<u16>> MoveCosts<F> {
    /// Costs with the given step prices and entry callback, and no walls.
    pub const fn new(forward: u16, sidestep: u16, turn: u16, enter: F) -> Self {
        Self {
            forward,
            sidestep,
            turn,
            enter,
            walls: NoWalls,
        }
    }
}

impl<F, W> MoveCosts<F, W> {
    /// The same costs, refusing every step across an edge `walls` blocks
    /// (pass the [`crate::Map`]).
    pub fn with_walls<W2: Walls>(self, walls: W2) -> MoveCosts<F, W2> {
        MoveCosts {
            forward: self.forward,
            sidestep: self.sidestep,
            turn: self.turn,
            enter: self.enter,
            walls,
        }
    }
}

/// What one step of a [`Path`] does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StepKind {
    /// Forward or front-diagonal move; the facing is now the travel direction.
    Forward,
    /// Sidestep or backward move; facing unchanged.
    Sidestep,
    /// Turn one hexside to the given side, in place.
    Turn(Side),
}

/// One step of a [`Path`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PathStep {
    /// What the step does.
    pub kind: StepKind,
    /// Where the figure is and faces after the step.
    pub pose: Pose,
    /// The cost of this step alone (including the entry cost).
    pub cost: u32,
    /// The cost from the start up to and including this step.
    pub total: u32,
}

/// Steps a [`Path`] holds on the stack: a Move of seven or eight hexes, its
/// turns included (every Move in the bundled fights); longer paths spill
/// to the heap.
pub const STEPS_INLINE: usize = 8;

/// A [`Path`]'s steps: inline up to [`STEPS_INLINE`], so planning a move
/// allocates nothing (issue 10: a simulated fight allocates nothing).
pub type Steps = smallvec::SmallVec<[PathStep; STEPS_INLINE]>;

/// A cheapest route from a [`ReachMap`]'s start to one `(hex, facing)`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Path {
    /// Where the move starts.
    pub start: Pose,
    /// The steps, in order (empty when the goal is the start).
    pub steps: Steps,
}

impl Path {
    /// Total cost of the path.
    #[must_use]
    pub fn cost(&self) -> u32 {
        self.steps.last().map_or(0, |s| s.total)
    }

    /// Where the path ends.
    #[must_use]
    pub fn end(&self) -> Pose {
        self.steps.last().map_or(self.start, |s| s.pose)
    }

    /// Number of hexes entered (turns excluded), e.g. for slam bonuses.
    #[must_use]
    pub fn hexes_moved(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| !matches!(s.kind, StepKind::Turn(_)))
            .count()
    }
}

type State = (HexPos, Facing);

#[derive(Clone, Copy, Debug)]
struct Entry {
    cost: u32,
    steps: u32,
    prev: Option<(State, StepKind, u32)>,
}

/// Every `(hex, facing)` reachable within a budget, with the cheapest way
/// to get there.
///
/// Ties: among equally cheap routes the one with fewer steps wins; among
/// those, the first found, with states settled in order of (cost, steps,
/// q, r, facing) and moves tried forward (straight, left, right), turns
/// (right, left), then sidesteps (clockwise from the one right of the back
/// hex). The result is therefore fully deterministic.
#[derive(Clone, Debug)]
pub struct ReachMap {
    start: Pose,
    budget: u32,
    states: Store,
}

/// Largest dense table (states) before the search falls back to a hash map.
const DENSE_LIMIT: usize = 1 << 18;

/// Where the search keeps its states: a dense table over the hexes within
/// reach (every step costs at least the cheaper of forward and sidestep, so
/// nothing farther can be reached), or a hash map for huge budgets.
/// The dense table makes the search several times faster: it runs inside the
/// simulator's AI on every move.
#[derive(Clone, Debug)]
enum Store {
    Dense {
        origin: HexPos,
        radius: i32,
        entries: Vec<Option<Entry>>,
    },
    Sparse(HashMap<State, Entry>),
}

impl Store {
    fn new(origin: HexPos, radius: u32) -> Store {
        let side = 2 * u64::from(radius) + 1;
        let size = side.saturating_mul(side).saturating_mul(6);
        let in_range = i64::from(origin.q).abs() + i64::from(radius) < i64::from(COORD_LIMIT)
            && i64::from(origin.r).abs() + i64::from(radius) < i64::from(COORD_LIMIT);
        if size <= DENSE_LIMIT as u64 && in_range {
            Store::Dense {
                origin,
                radius: radius as i32,
                entries: vec![None; size as usize],
            }
        } else {
            Store::Sparse(HashMap::new())
        }
    }

    fn index(origin: HexPos, radius: i32, (hex, f): State) -> Option<usize> {
        cell_index(origin, radius as u32, hex).map(|c| c * 6 + usize::from(f.index()))
    }

    fn get(&self, key: &State) -> Option<&Entry> {
        match self {
            Store::Dense {
                origin,
                radius,
                entries,
            } => Store::index(*origin, *radius, *key).and_then(|i| entries[i].as_ref()),
            Store::Sparse(map) => map.get(key),
        }
    }

    fn insert(&mut self, key: State, entry: Entry) {
        match self {
            Store::Dense {
                origin,
                radius,
                entries,
            } => {
                if let Some(i) = Store::index(*origin, *radius, key) {
                    entries[i] = Some(entry);
                }
            }
            Store::Sparse(map) => {
                map.insert(key, entry);
            }
        }
    }

    fn iter(&self) -> Box<dyn Iterator<Item = (State, &Entry)> + '_> {
        match self {
            Store::Dense {
                origin,
                radius,
                entries,
            } => {
                let side = 2 * *radius + 1;
                let origin = *origin;
                let radius = *radius;
                Box::new(entries.iter().enumerate().filter_map(move |(i, e)| {
                    let e = e.as_ref()?;
                    let i = i as i32;
                    let f = Facing::from_index((i % 6) as u8);
                    let cell = i / 6;
                    let hex = HexPos::new(
                        origin.q + cell / side - radius,
                        origin.r + cell % side - radius,
                    );
                    Some(((hex, f), e))
                }))
            }
            Store::Sparse(map) => Box::new(map.iter().map(|(k, e)| (*k, e))),
        }
    }
}

/// Searches every `(hex, facing)` reachable from `start` facing `facing`
/// for at most `budget` (in the unit of `costs`).
pub fn reachable<F, W>(
    start: HexPos,
    facing: Facing,
    budget: u32,
    costs: &MoveCosts<F, W>,
) -> ReachMap
where
    F: Fn(HexPos) -> Option<u16>,
    W: Walls,
{
    search(start, facing, budget, costs, None).0
}

/// Where a guided search ([`seek`]) is headed: hexes `within` of `goal`,
/// of which it takes the first `accept`ed one.
struct Guide<'a> {
    goal: HexPos,
    within: u32,
    accept: &'a dyn Fn(HexPos, Facing) -> bool,
}

/// The cheapest path within `budget` from `start` to a `(hex, facing)` that
/// `accept` takes, where every accepted hex lies within `within` of `goal`.
///
/// An A* search: the estimate of what is left is the cheapest step price
/// times the hexes still to cover to come `within` of `goal`, which never
/// overestimates, so the path found is a cheapest one. Among equally cheap
/// accepted states the lowest `(hex, facing)` wins. When nothing accepted
/// is in reach the search has visited everything within budget and
/// returns `None`. Rulesets use it for a declared move and for an AI
/// closing in, where a full [`reachable`] map would be wasted work.
pub fn seek<F, W>(
    start: Pose,
    budget: u32,
    costs: &MoveCosts<F, W>,
    goal: HexPos,
    within: u32,
    accept: &dyn Fn(HexPos, Facing) -> bool,
) -> Option<Path>
where
    F: Fn(HexPos) -> Option<u16>,
    W: Walls,
{
    let guide = Guide {
        goal,
        within,
        accept,
    };
    let (map, found) = search(start.pos, start.facing, budget, costs, Some(&guide));
    found.and_then(|(hex, f)| map.path_to(hex, f))
}

/// The search behind [`reachable`] (no guide: every state within budget)
/// and [`seek`] (a guide: A* until the goal is settled).
fn search<F, W>(
    start: HexPos,
    facing: Facing,
    budget: u32,
    costs: &MoveCosts<F, W>,
    guide: Option<&Guide<'_>>,
) -> (ReachMap, Option<State>)
where
    F: Fn(HexPos) -> Option<u16>,
    W: Walls,
{
    let forward = u32::from(costs.forward.max(1));
    let sidestep = u32::from(costs.sidestep.max(1));
    let turn = u32::from(costs.turn);
    let radius = budget / forward.min(sidestep);
    let cheapest_step = forward.min(sidestep);
    let estimate = |hex: HexPos| -> u32 {
        guide.map_or(0, |g| {
            cheapest_step.saturating_mul(hex.distance(g.goal).saturating_sub(g.within))
        })
    };
    let mut states = Store::new(start, radius);
    // Entry costs asked once per hex: the callback may be expensive.
    const UNKNOWN: u32 = u32::MAX;
    const BLOCKED: u32 = u32::MAX - 1;
    let side = 2 * i64::from(radius) + 1;
    let mut enter_cache = match &states {
        Store::Dense { .. } => vec![UNKNOWN; (side * side) as usize],
        Store::Sparse(_) => Vec::new(),
    };
    let mut enter = |to: HexPos| -> Option<u32> {
        let cell = match cell_index(start, radius, to) {
            Some(c) if !enter_cache.is_empty() => c,
            _ => return (costs.enter)(to).map(u32::from),
        };
        if enter_cache[cell] == UNKNOWN {
            enter_cache[cell] = (costs.enter)(to).map_or(BLOCKED, u32::from);
        }
        match enter_cache[cell] {
            BLOCKED => None,
            c => Some(c),
        }
    };
    let mut heap = BinaryHeap::new();
    states.insert(
        (start, facing),
        Entry {
            cost: 0,
            steps: 0,
            prev: None,
        },
    );
    heap.push(Reverse((estimate(start), 0u32, 0u32, start, facing)));
    let mut found: Option<(u32, State)> = None;

    while let Some(Reverse((bound, cost, steps, hex, f))) = heap.pop() {
        match states.get(&(hex, f)) {
            Some(e) if (e.cost, e.steps) < (cost, steps) => continue,
            _ => {}
        }
        if let Some(g) = guide {
            if let Some((best, _)) = found
                && bound > best
            {
                break;
            }
            if (g.accept)(hex, f) && found.is_none_or(|(c, at)| (cost, (hex, f)) < (c, at)) {
                found = Some((cost, (hex, f)));
            }
        }
        let moves = candidate_moves(hex, f, forward, sidestep, turn);
        for (to, to_f, kind, base) in moves {
            let step_cost = if matches!(kind, StepKind::Turn(_)) {
                base
            } else if costs.walls.blocks_hex_step(hex, to) {
                continue;
            } else {
                match enter(to) {
                    Some(extra) => base + extra,
                    None => continue,
                }
            };
            let Some(new_cost) = cost.checked_add(step_cost) else {
                continue;
            };
            if new_cost > budget {
                continue;
            }
            let new_steps = steps.saturating_add(1);
            let better = match states.get(&(to, to_f)) {
                None => true,
                Some(e) => (new_cost, new_steps) < (e.cost, e.steps),
            };
            if better {
                states.insert(
                    (to, to_f),
                    Entry {
                        cost: new_cost,
                        steps: new_steps,
                        prev: Some(((hex, f), kind, step_cost)),
                    },
                );
                let bound = new_cost.saturating_add(estimate(to));
                heap.push(Reverse((bound, new_cost, new_steps, to, to_f)));
            }
        }
    }
    let map = ReachMap {
        start: Pose::new(start, facing),
        budget,
        states,
    };
    (map, found.map(|(_, at)| at))
}

/// The eight steps from `hex` facing `f` and what each costs before the
/// entered hex's own cost: forward and the two forward diagonals (turning
/// with the step), the two turns in place, and the three sidesteps.
#[inline]
fn candidate_moves(
    hex: HexPos,
    f: Facing,
    forward: u32,
    sidestep: u32,
    turn: u32,
) -> [(HexPos, Facing, StepKind, u32); 8] {
    let mut moves: [(HexPos, Facing, StepKind, u32); 8] = [(hex, f, StepKind::Forward, 0); 8];
    moves[0] = (hex.neighbour(f), f, StepKind::Forward, forward);
    moves[1] = (
        hex.neighbour(f.turn(-1)),
        f.turn(-1),
        StepKind::Forward,
        forward,
    );
    moves[2] = (
        hex.neighbour(f.turn(1)),
        f.turn(1),
        StepKind::Forward,
        forward,
    );
    moves[3] = (hex, f.turn(1), StepKind::Turn(Side::Right), turn);
    moves[4] = (hex, f.turn(-1), StepKind::Turn(Side::Left), turn);
    moves[5] = (hex.neighbour(f.turn(2)), f, StepKind::Sidestep, sidestep);
    moves[6] = (hex.neighbour(f.turn(3)), f, StepKind::Sidestep, sidestep);
    moves[7] = (hex.neighbour(f.turn(4)), f, StepKind::Sidestep, sidestep);
    moves
}

/// The cell index of `hex` in a dense table of `radius` around `origin`.
fn cell_index(origin: HexPos, radius: u32, hex: HexPos) -> Option<usize> {
    let r = i64::from(radius);
    let dq = i64::from(hex.q) - i64::from(origin.q) + r;
    let dr = i64::from(hex.r) - i64::from(origin.r) + r;
    let side = 2 * r + 1;
    ((0..side).contains(&dq) && (0..side).contains(&dr)).then(|| (dq * side + dr) as usize)
}

impl ReachMap {
    /// Where the search started.
    #[must_use]
    pub fn start(&self) -> Pose {
        self.start
    }

    /// The budget searched with.
    #[must_use]
    pub fn budget(&self) -> u32 {
        self.budget
    }

    /// Cheapest cost to stand in `hex` facing `facing`, if within budget.
    #[must_use]
    pub fn cost_to(&self, hex: HexPos, facing: Facing) -> Option<u32> {
        self.states.get(&(hex, facing)).map(|e| e.cost)
    }

    /// Cheapest cost to stand in `hex` with any facing, and that facing
    /// (the lowest-numbered facing among equally cheap ones).
    #[must_use]
    pub fn cheapest_to(&self, hex: HexPos) -> Option<(u32, Facing)> {
        Facing::ALL
            .into_iter()
            .filter_map(|f| self.cost_to(hex, f).map(|c| (c, f)))
            .min()
    }

    /// Budget left after reaching `(hex, facing)` the cheapest way.
    #[must_use]
    pub fn remaining(&self, hex: HexPos, facing: Facing) -> Option<u32> {
        self.cost_to(hex, facing).map(|c| self.budget - c)
    }

    /// Every reachable hex, sorted by `(q, r)`.
    #[must_use]
    pub fn hexes(&self) -> Vec<HexPos> {
        let mut v: Vec<HexPos> = self.states.iter().map(|((h, _), _)| h).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Every reachable `(hex, facing)` with its cost, sorted by hex then
    /// facing.
    #[must_use]
    pub fn states(&self) -> Vec<(Pose, u32)> {
        let mut v: Vec<(Pose, u32)> = self
            .states
            .iter()
            .map(|((h, f), e)| (Pose::new(h, f), e.cost))
            .collect();
        v.sort_unstable_by_key(|(p, _)| (p.pos, p.facing));
        v
    }

    /// The cheapest path to stand in `hex` facing `facing`, or `None` when
    /// that is out of reach.
    #[must_use]
    pub fn path_to(&self, hex: HexPos, facing: Facing) -> Option<Path> {
        let mut entry = self.states.get(&(hex, facing))?;
        let mut state = (hex, facing);
        let mut rev = Steps::new();
        while let Some((prev, kind, cost)) = entry.prev {
            rev.push(PathStep {
                kind,
                pose: Pose::new(state.0, state.1),
                cost,
                total: entry.cost,
            });
            state = prev;
            entry = self.states.get(&prev)?;
        }
        rev.reverse();
        Some(Path {
            start: self.start,
            steps: rev,
        })
    }
}

/// Whether a figure that had `total` movement points and has `left` of
/// them may end its move facing any direction: true when at least half
/// remain (`2 * left >= total`). Otherwise it may only turn one hexside.
/// This is GURPS' G-TAC-008 rule stated on plain numbers; a ruleset with a
/// stricter reading compares the numbers itself.
#[must_use]
pub fn may_face_any(total: u32, left: u32) -> bool {
    2 * u64::from(left) >= u64::from(total)
}

/// The facings a figure facing `facing` may pick at the end of its move
/// (see [`may_face_any`]): all six, or the current one and one hexside
/// either way. Ordered by turn distance, right before left.
#[must_use]
pub fn final_facings(facing: Facing, total: u32, left: u32) -> Vec<Facing> {
    let turns: &[i8] = if may_face_any(total, left) {
        &[0, 1, -1, 2, -2, 3]
    } else {
        &[0, 1, -1]
    };
    turns.iter().map(|&t| facing.turn(t)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const O: HexPos = HexPos::ORIGIN;

    fn gurps_open() -> MoveCosts<fn(HexPos) -> Option<u16>> {
        MoveCosts::new(2, 4, 2, open_ground)
    }

    // rule: G-TAC-004
    #[test]
    fn forward_moves_cost_one_point_and_take_the_travel_direction() {
        let m = reachable(O, Facing::N, 2, &gurps_open());
        assert_eq!(m.cost_to(O.neighbour(Facing::N), Facing::N), Some(2));
        assert_eq!(m.cost_to(O.neighbour(Facing::Ne), Facing::Ne), Some(2));
        assert_eq!(m.cost_to(O.neighbour(Facing::Nw), Facing::Nw), Some(2));
        // Front-diagonal keeps no old facing for free.
        assert_eq!(m.cost_to(O.neighbour(Facing::Ne), Facing::N), None);
        let p = m.path_to(O.neighbour(Facing::Ne), Facing::Ne).unwrap();
        assert_eq!(p.steps.len(), 1);
        assert_eq!(p.steps[0].kind, StepKind::Forward);
    }

    // rule: G-TAC-005
    #[test]
    fn sidestep_and_backward_cost_two_points_and_keep_facing() {
        let m = reachable(O, Facing::N, 4, &gurps_open());
        for d in [Facing::Se, Facing::S, Facing::Sw] {
            assert_eq!(m.cost_to(O.neighbour(d), Facing::N), Some(4), "{d}");
            let p = m.path_to(O.neighbour(d), Facing::N).unwrap();
            assert_eq!(p.steps[0].kind, StepKind::Sidestep);
        }
        // Out of a 1-point budget.
        let m = reachable(O, Facing::N, 2, &gurps_open());
        assert_eq!(m.cheapest_to(O.neighbour(Facing::S)), None);
    }

    // rule: G-TAC-006
    #[test]
    fn turning_costs_per_hexside() {
        let m = reachable(O, Facing::N, 10, &gurps_open());
        assert_eq!(m.cost_to(O, Facing::Ne), Some(2));
        assert_eq!(m.cost_to(O, Facing::S), Some(6));
        let p = m.path_to(O, Facing::Sw).unwrap();
        assert_eq!(p.steps.len(), 2);
        assert!(p.steps.iter().all(|s| s.kind == StepKind::Turn(Side::Left)));
        assert_eq!(p.cost(), 4);
    }

    // rule: G-TAC-007
    #[test]
    fn entry_costs_add_and_none_blocks() {
        let wall = HexPos::new(0, -2);
        let rough = HexPos::new(0, -1);
        let costs = MoveCosts::new(2, 4, 2, move |h: HexPos| {
            if h == wall {
                None
            } else if h == rough {
                Some(2)
            } else {
                Some(0)
            }
        });
        let m = reachable(O, Facing::N, 20, &costs);
        assert_eq!(m.cost_to(rough, Facing::N), Some(4));
        assert_eq!(m.cheapest_to(wall), None);
        // Around the wall: the hex beyond is still reachable.
        assert!(m.cheapest_to(HexPos::new(0, -3)).is_some());
    }

    #[test]
    fn path_totals_are_cumulative_and_deterministic() {
        let m1 = reachable(O, Facing::N, 14, &gurps_open());
        let m2 = reachable(O, Facing::N, 14, &gurps_open());
        let goal = HexPos::new(3, -5);
        let p = m1.path_to(goal, Facing::N).unwrap();
        assert_eq!(Some(p), m2.path_to(goal, Facing::N));
        let p = m1.path_to(goal, Facing::N).unwrap();
        let mut sum = 0;
        for s in &p.steps {
            sum += s.cost;
            assert_eq!(s.total, sum);
        }
        assert_eq!(p.end(), Pose::new(goal, Facing::N));
        assert_eq!(m1.hexes(), m2.hexes());
        assert_eq!(m1.states(), m2.states());
    }

    // rule: G-TAC-008
    #[test]
    fn final_facing_depends_on_half_the_points() {
        assert!(may_face_any(7, 4));
        assert!(may_face_any(8, 4));
        assert!(!may_face_any(7, 3));
        assert_eq!(final_facings(Facing::N, 7, 4).len(), 6);
        assert_eq!(
            final_facings(Facing::N, 7, 3),
            vec![Facing::N, Facing::Ne, Facing::Nw]
        );
        assert!(may_face_any(u32::MAX, u32::MAX / 2 + 1));
    }
}

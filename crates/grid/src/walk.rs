//! The cheapest way to move through a given sequence of hexes.
//!
//! A declared move names the hexes it passes through ("along this row,
//! then round the pillar"); the rules price it. [`walk`] finds the cheapest
//! facings along that fixed route with the same [`MoveCosts`] as
//! [`crate::reachable`]: each hex entered by a forward move (into one of
//! the three front hexes, taking the travel direction as the new facing) or
//! a sidestep (any other neighbour, keeping the facing), with turns in place
//! between steps as needed. A small dynamic program over the six facings
//! per hex, so checking a declared move costs a few hundred operations
//! instead of a search.

use crate::arc::Side;
use crate::facing::Facing;
use crate::hex::HexPos;
use crate::path::{MoveCosts, Path, PathStep, StepKind, Steps};
use crate::pose::Pose;
use crate::walls::Walls;

/// Why a route cannot be walked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkError {
    /// Hex `index` of the route is not next to the hex before it.
    NotAdjacent {
        /// Position in the route (0 = the first hex entered).
        index: usize,
    },
    /// Hex `index` of the route cannot be entered (wall, occupied, off the map).
    Blocked {
        /// Position in the route.
        index: usize,
    },
    /// The step into hex `index` crosses an edge that blocks entry (a wall
    /// on the hexside).
    Crossing {
        /// Position in the route.
        index: usize,
    },
}

const UNREACHED: u32 = u32::MAX;

/// Hexsides of turn between two facings, by index, the facing turned to
/// first (`TURN_DISTANCE[to][from]`): the dynamic program's inner loop
/// reads it instead of working it out 36 times a hex.
const TURN_DISTANCE: [[u8; 6]; 6] = {
    let mut t = [[0u8; 6]; 6];
    let mut to = 0;
    while to < 6 {
        let mut from = 0;
        while from < 6 {
            t[to][from] =
                Facing::from_index(from as u8).turn_distance(Facing::from_index(to as u8));
            from += 1;
        }
        to += 1;
    }
    t
};

/// One hex of the route: the cheapest cost to stand there with each
/// facing after turning in place, and how each was reached.
#[derive(Clone, Copy, Debug)]
struct Layer {
    /// Cost on arrival (before turning), per facing.
    arrive: [u32; 6],
    /// For each arrival facing, the facing held in the previous hex and the kind of move.
    arrive_from: [(Facing, StepKind); 6],
    /// Cost after turning in place, per facing.
    settle: [u32; 6],
    /// For each settled facing, the arrival facing it turned from.
    settle_from: [Facing; 6],
    /// The settled facing the walk being rebuilt holds here (written by
    /// [`rebuild`]'s backward pass, read by its forward pass).
    chosen: Facing,
    /// The extra cost of entering this hex (0 for the start), as the
    /// program priced it: [`rebuild`] reads it rather than asking again.
    extra: u32,
}

impl Layer {
    /// Whether two layers are the program's same answer (what a walk reads
    /// of them; `chosen` is [`rebuild`]'s scratch).
    fn same(&self, other: &Layer) -> bool {
        self.arrive == other.arrive
            && self.arrive_from == other.arrive_from
            && self.settle == other.settle
            && self.settle_from == other.settle_from
            && self.extra == other.extra
    }
}

/// The program's layers, one per hex: on the stack for routes of up to
/// [`LAYERS_INLINE`] hexes after the start (a Move's route in play), on the
/// heap beyond.
type Layers = smallvec::SmallVec<[Layer; LAYERS_INLINE + 1]>;

/// Hexes a route may have before [`Layers`] leaves the stack.
const LAYERS_INLINE: usize = 11;

/// Turns from `from` to `to` the short way (clockwise on a half turn),
/// as (side, number of hexsides).
fn turns(from: Facing, to: Facing) -> (Side, u8) {
    let right = (to.index() + 6 - from.index()) % 6;
    if right <= 3 {
        (Side::Right, right)
    } else {
        (Side::Left, 6 - right)
    }
}

/// Settles a layer: the cheapest facing after turning in place from any
/// arrival facing (the lowest-numbered one on a tie). Only the facings
/// reached count (a step reaches one to four of the six), taken in
/// increasing order, so the answer and its ties are those of trying all six.
#[inline]
fn settle(layer: &mut Layer, turn: u32) {
    let arrive = layer.arrive;
    let mut reached = [0usize; 6];
    let mut n = 0;
    for (from, &c) in arrive.iter().enumerate() {
        if c != UNREACHED {
            reached[n] = from;
            n += 1;
        }
    }
    let reached = &reached[..n];
    for (to, distances) in TURN_DISTANCE.iter().enumerate() {
        let mut best = (UNREACHED, to);
        for &from in reached {
            let cost = arrive[from].saturating_add(turn * u32::from(distances[from]));
            if cost < best.0 {
                best = (cost, from);
            }
        }
        layer.settle[to] = best.0;
        layer.settle_from[to] = Facing::from_index(best.1 as u8);
    }
}

/// The cheapest path from `start` through `route` (the hexes entered, in
/// order), ending facing `end` when given or else the cheapest way (the
/// lowest-numbered facing on a tie). Turns in place are taken just before
/// the step that needs them, and at the end for `end`.
pub fn walk<F, W>(
    start: Pose,
    route: &[HexPos],
    end: Option<Facing>,
    costs: &MoveCosts<F, W>,
) -> Result<Path, WalkError>
where
    F: Fn(HexPos) -> Option<u16>,
    W: Walls,
{
    let mut priced = price(start, route, costs)?;
    let end = end.unwrap_or_else(|| priced.cheapest_end());
    Ok(priced.path(end, costs))
}

/// [`walk`] both ways at once: `(walk(.., None, ..), walk(.., Some(end), ..))`,
/// from one pass of the dynamic program (the two differ only in the
/// facing they end with), so a move that names its final facing prices
/// its route once rather than twice.
///
/// # Errors
/// As [`walk`]: the route has a gap, a blocked hex or a walled hexside.
pub fn walk_both<F, W>(
    start: Pose,
    route: &[HexPos],
    end: Facing,
    costs: &MoveCosts<F, W>,
) -> Result<(Path, Path), WalkError>
where
    F: Fn(HexPos) -> Option<u16>,
    W: Walls,
{
    let mut priced = price(start, route, costs)?;
    let cheapest = priced.cheapest_end();
    let free = priced.path(cheapest, costs);
    let turned = priced.path(end, costs);
    Ok((free, turned))
}

/// A route priced by one pass of the walk's dynamic program: what it costs
/// to end with each facing ([`Priced::cost`]), and the path for any of
/// them rebuilt only when asked ([`Priced::path`]). A Move that names its
/// final facing needs the cheapest walk's cost but usually only the path
/// that turns: it rebuilds (and allocates) that one alone.
#[derive(Clone, Debug)]
pub struct Priced<'r> {
    start: Pose,
    route: &'r [HexPos],
    layers: Layers,
}

/// Prices `route` from `start` (see [`walk`]); the paths come from
/// [`Priced::path`].
///
/// # Errors
/// As [`walk`]: the route has a gap, a blocked hex or a walled hexside.
pub fn price<'r, F, W>(
    start: Pose,
    route: &'r [HexPos],
    costs: &MoveCosts<F, W>,
) -> Result<Priced<'r>, WalkError>
where
    F: Fn(HexPos) -> Option<u16>,
    W: Walls,
{
    Ok(Priced {
        start,
        route,
        layers: program(start, route, costs)?,
    })
}

impl Priced<'_> {
    /// The facing a walk left free ends with: the cheapest, the
    /// lowest-numbered on a tie.
    #[must_use]
    pub fn cheapest_end(&self) -> Facing {
        cheapest_end(&self.layers, self.start)
    }

    /// The cost of the cheapest walk ending facing `end`: what
    /// `self.path(end, ..).cost()` adds up to (checked in debug builds).
    #[must_use]
    pub fn cost(&self, end: Facing) -> u32 {
        self.layers[self.layers.len() - 1].settle[usize::from(end.index())]
    }

    /// The steps of the cheapest walk ending facing `end`, with the costs
    /// the route was priced with.
    pub fn path<F, W>(&mut self, end: Facing, costs: &MoveCosts<F, W>) -> Path
    where
        F: Fn(HexPos) -> Option<u16>,
    {
        let path = rebuild(self.start, self.route, &mut self.layers, end, costs);
        debug_assert_eq!(path.cost(), self.cost(end));
        debug_assert_eq!(path.end().facing, end);
        path
    }
}

/// The facing a walk left free ends with: the cheapest, the
/// lowest-numbered on a tie.
fn cheapest_end(layers: &[Layer], start: Pose) -> Facing {
    let last = &layers[layers.len() - 1];
    Facing::ALL
        .into_iter()
        .min_by_key(|f| (last.settle[usize::from(f.index())], f.index()))
        .unwrap_or(start.facing)
}

/// What the walk's dynamic program reads of a route: the start facing, the
/// prices of a step forward, a sidestep and a turn, and for each hex
/// entered its direction from the one before and its extra entry cost.
/// The program ([`layers_of`]) is a pure function of it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Priceable {
    facing: Facing,
    prices: [u32; 3],
    steps: smallvec::SmallVec<[(Facing, u32); LAYERS_INLINE]>,
}

/// The routes [`program`] priced last on a thread ([`REMEMBERED`] of them),
/// with their layers; the oldest gives way.
struct Remembered {
    slots: [Option<(Priceable, Layers)>; REMEMBERED],
    next: usize,
}

/// How many priced routes a thread keeps: a duel's two openings (the first
/// to act differs from fight to fight), with room to spare.
const REMEMBERED: usize = 4;

std::thread_local! {
    /// The last routes [`program`] priced on this thread and their layers:
    /// every duel's opening Move walks one of the same routes from the
    /// same poses, so the simulator prices each once a thread, not once a
    /// fight. Only routes whose layers stay on the stack are kept (no
    /// allocation).
    static LAST: std::cell::RefCell<Remembered> = const {
        std::cell::RefCell::new(Remembered {
            slots: [const { None }; REMEMBERED],
            next: 0,
        })
    };
}

/// The dynamic program over the six facings, one layer per hex (the start
/// first): the route's steps checked and priced in order (the first
/// refusal wins), then [`layers_of`] those, or the layers remembered for
/// the same steps (debug builds work them out again and compare).
fn program<F, W>(
    start: Pose,
    route: &[HexPos],
    costs: &MoveCosts<F, W>,
) -> Result<Layers, WalkError>
where
    F: Fn(HexPos) -> Option<u16>,
    W: Walls,
{
    let mut steps = smallvec::SmallVec::new();
    let mut here = start.pos;
    for (index, &to) in route.iter().enumerate() {
        let dir = here
            .direction_to_neighbour(to)
            .ok_or(WalkError::NotAdjacent { index })?;
        if costs.walls.blocks_hex_step(here, to) {
            return Err(WalkError::Crossing { index });
        }
        let extra = (costs.enter)(to).ok_or(WalkError::Blocked { index })?;
        steps.push((dir, u32::from(extra)));
        here = to;
    }
    let key = Priceable {
        facing: start.facing,
        prices: [
            u32::from(costs.forward.max(1)),
            u32::from(costs.sidestep.max(1)),
            u32::from(costs.turn),
        ],
        steps,
    };
    if route.len() > LAYERS_INLINE {
        return Ok(layers_of(&key));
    }
    Ok(LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((_, layers)) = last.slots.iter().flatten().find(|(seen, _)| *seen == key) {
            debug_assert!(
                layers_of(&key)
                    .iter()
                    .zip(layers.iter())
                    .all(|(a, b)| a.same(b)),
                "remembered walk layers differ"
            );
            return layers.clone();
        }
        let layers = layers_of(&key);
        let at = last.next;
        last.slots[at] = Some((key, layers.clone()));
        last.next = (at + 1) % REMEMBERED;
        layers
    }))
}

/// The program's layers for priced steps ([`program`]).
fn layers_of(key: &Priceable) -> Layers {
    let [forward, sidestep, turn] = key.prices;
    let mut first = Layer {
        arrive: [UNREACHED; 6],
        arrive_from: [(key.facing, StepKind::Forward); 6],
        settle: [UNREACHED; 6],
        settle_from: [key.facing; 6],
        chosen: key.facing,
        extra: 0,
    };
    first.arrive[usize::from(key.facing.index())] = 0;
    settle(&mut first, turn);
    let mut layers = Layers::with_capacity(key.steps.len() + 1);
    layers.push(first);
    for &(dir, extra) in &key.steps {
        let prev = &layers[layers.len() - 1];
        let mut next = Layer {
            arrive: [UNREACHED; 6],
            arrive_from: [(dir, StepKind::Forward); 6],
            settle: [UNREACHED; 6],
            settle_from: [dir; 6],
            chosen: dir,
            extra,
        };
        for held in Facing::ALL {
            let c = prev.settle[usize::from(held.index())];
            if c == UNREACHED {
                continue;
            }
            // Forward into a front hex (facing follows travel), else a sidestep.
            let (facing, kind, price) =
                if TURN_DISTANCE[usize::from(dir.index())][usize::from(held.index())] <= 1 {
                    (dir, StepKind::Forward, forward)
                } else {
                    (held, StepKind::Sidestep, sidestep)
                };
            let cost = c.saturating_add(price + extra);
            let slot = usize::from(facing.index());
            if cost < next.arrive[slot] {
                next.arrive[slot] = cost;
                next.arrive_from[slot] = (held, kind);
            }
        }
        settle(&mut next, turn);
        layers.push(next);
    }
    layers
}

/// Rebuilds the steps of the cheapest walk ending facing `end`: a backward
/// pass marks the facing held at each hex (and counts the steps), a
/// forward pass writes them, so a path longer than [`Steps`] holds inline
/// is allocated once, at its size.
fn rebuild<F, W>(
    start: Pose,
    route: &[HexPos],
    layers: &mut [Layer],
    end: Facing,
    costs: &MoveCosts<F, W>,
) -> Path
where
    F: Fn(HexPos) -> Option<u16>,
{
    let forward = u32::from(costs.forward.max(1));
    let sidestep = u32::from(costs.sidestep.max(1));
    let turn = u32::from(costs.turn);
    // Walk back: at hex i the settled facing, turned to from the arrival
    // facing; the facing held in hex i - 1 is the one the arrival came from.
    let mut settled = end;
    let mut count = 0usize;
    for i in (0..layers.len()).rev() {
        let layer = &mut layers[i];
        layer.chosen = settled;
        let arrived = layer.settle_from[usize::from(settled.index())];
        count += usize::from(i > 0) + usize::from(turns(arrived, settled).1);
        settled = layer.arrive_from[usize::from(arrived.index())].0;
    }
    let mut steps = Steps::with_capacity(count);
    let mut total = 0u32;
    let mut push = |kind: StepKind, pose: Pose, cost: u32, steps: &mut Steps| {
        total = total.saturating_add(cost);
        steps.push(PathStep {
            kind,
            pose,
            cost,
            total,
        });
    };
    for (i, layer) in layers.iter().enumerate() {
        let settled = layer.chosen;
        let arrived = layer.settle_from[usize::from(settled.index())];
        let hex = if i == 0 { start.pos } else { route[i - 1] };
        if i > 0 {
            let kind = layer.arrive_from[usize::from(arrived.index())].1;
            let price = match kind {
                StepKind::Forward => forward,
                _ => sidestep,
            };
            push(
                kind,
                Pose::new(hex, arrived),
                price + layer.extra,
                &mut steps,
            );
        }
        // Turns in place: before the next move, or at the end.
        let (side, n) = turns(arrived, settled);
        let mut f = arrived;
        for _ in 0..n {
            f = f.turn(if side == Side::Right { 1 } else { -1 });
            push(StepKind::Turn(side), Pose::new(hex, f), turn, &mut steps);
        }
    }
    Path { start, steps }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::{open_ground, reachable};

    const O: HexPos = HexPos::ORIGIN;

    fn gurps() -> MoveCosts<fn(HexPos) -> Option<u16>> {
        MoveCosts::new(2, 4, 2, open_ground)
    }

    // rule: G-TAC-004
    #[test]
    fn straight_ahead_costs_one_point_a_hex() {
        let route = [HexPos::new(0, -1), HexPos::new(0, -2), HexPos::new(0, -3)];
        let p = walk(Pose::new(O, Facing::N), &route, None, &gurps()).unwrap();
        assert_eq!(p.cost(), 6);
        assert_eq!(p.end(), Pose::new(HexPos::new(0, -3), Facing::N));
        assert!(p.steps.iter().all(|s| s.kind == StepKind::Forward));
    }

    // rule: G-TAC-005
    // rule: G-TAC-006
    #[test]
    fn backing_up_is_a_sidestep_and_turning_around_costs_per_hexside() {
        let back = [O.neighbour(Facing::S)];
        // Cheapest: sidestep backward for 2 points, keeping the facing.
        let p = walk(Pose::new(O, Facing::N), &back, None, &gurps()).unwrap();
        assert_eq!((p.cost(), p.end().facing), (4, Facing::N));
        // Ending facing south: turn two hexsides so the south hex is a front
        // diagonal, then step forward (4 + 2), cheaper than stepping back and
        // turning around (4 + 6).
        let p = walk(Pose::new(O, Facing::N), &back, Some(Facing::S), &gurps()).unwrap();
        assert_eq!(p.cost(), 6);
        assert_eq!(p.steps.last().unwrap().kind, StepKind::Forward);
    }

    #[test]
    fn a_walk_never_beats_the_search_and_matches_it_along_the_searched_route() {
        let m = reachable(O, Facing::N, 14, &gurps());
        for (goal, facing) in [
            (HexPos::new(3, -5), Facing::N),
            (HexPos::new(-2, 1), Facing::Sw),
            (HexPos::new(2, 0), Facing::S),
        ] {
            let searched = m.path_to(goal, facing).unwrap();
            let route: Vec<HexPos> = searched
                .steps
                .iter()
                .filter(|s| !matches!(s.kind, StepKind::Turn(_)))
                .map(|s| s.pose.pos)
                .collect();
            let walked = walk(Pose::new(O, Facing::N), &route, Some(facing), &gurps()).unwrap();
            assert_eq!(walked.cost(), searched.cost(), "{goal} {facing}");
            assert_eq!(walked.end(), searched.end());
            let mut sum = 0;
            for s in &walked.steps {
                sum += s.cost;
                assert_eq!(s.total, sum);
            }
        }
    }

    // rule: G-TAC-008
    #[test]
    fn walk_both_is_the_free_walk_and_the_turned_walk_from_one_pass() {
        let routes: [&[HexPos]; 4] = [
            &[],
            &[HexPos::new(0, -1), HexPos::new(1, -2), HexPos::new(2, -2)],
            &[O.neighbour(Facing::S), HexPos::new(-1, 1)],
            &[
                HexPos::new(1, -1),
                HexPos::new(1, 0),
                HexPos::new(0, 1),
                HexPos::new(-1, 1),
            ],
        ];
        for route in routes {
            for start in Facing::ALL {
                for end in Facing::ALL {
                    let from = Pose::new(O, start);
                    let (free, turned) = walk_both(from, route, end, &gurps()).unwrap();
                    assert_eq!(free, walk(from, route, None, &gurps()).unwrap());
                    assert_eq!(turned, walk(from, route, Some(end), &gurps()).unwrap());
                }
            }
        }
        let far = [HexPos::new(0, -2)];
        assert_eq!(
            walk_both(Pose::new(O, Facing::N), &far, Facing::S, &gurps()),
            Err(WalkError::NotAdjacent { index: 0 })
        );
    }

    #[test]
    fn the_turn_table_is_the_turn_distance() {
        for a in Facing::ALL {
            for b in Facing::ALL {
                assert_eq!(
                    TURN_DISTANCE[usize::from(b.index())][usize::from(a.index())],
                    a.turn_distance(b)
                );
            }
        }
    }

    /// [`settle`] as it was: every arrival facing tried, in order.
    fn settle_all_six(arrive: [u32; 6], turn: u32) -> ([u32; 6], [Facing; 6]) {
        let mut settled = ([UNREACHED; 6], [Facing::N; 6]);
        for (to, distances) in TURN_DISTANCE.iter().enumerate() {
            let mut best = (UNREACHED, to);
            for (from, (&c, &d)) in arrive.iter().zip(distances).enumerate() {
                if c == UNREACHED {
                    continue;
                }
                let cost = c.saturating_add(turn * u32::from(d));
                if cost < best.0 {
                    best = (cost, from);
                }
            }
            settled.0[to] = best.0;
            settled.1[to] = Facing::from_index(best.1 as u8);
        }
        settled
    }

    #[test]
    fn settling_the_reached_facings_is_settling_all_six() {
        // Every pattern of reached facings, with costs that tie and differ.
        let values = [0, 2, 4, 7, UNREACHED - 1];
        for mask in 0u32..64 {
            for seed in 0..values.len() {
                let mut arrive = [UNREACHED; 6];
                for (i, a) in arrive.iter_mut().enumerate() {
                    if mask & (1 << i) != 0 {
                        *a = values[(seed + i * i) % values.len()];
                    }
                }
                for turn in [0, 1, 2] {
                    let mut layer = Layer {
                        arrive,
                        arrive_from: [(Facing::N, StepKind::Forward); 6],
                        settle: [0; 6],
                        settle_from: [Facing::S; 6],
                        chosen: Facing::N,
                        extra: 0,
                    };
                    settle(&mut layer, turn);
                    assert_eq!(
                        (layer.settle, layer.settle_from),
                        settle_all_six(arrive, turn),
                        "{arrive:?} {turn}"
                    );
                }
            }
        }
    }

    #[test]
    fn gaps_and_walls_are_errors_with_the_index() {
        let far = [HexPos::new(0, -2)];
        assert_eq!(
            walk(Pose::new(O, Facing::N), &far, None, &gurps()),
            Err(WalkError::NotAdjacent { index: 0 })
        );
        let wall = HexPos::new(0, -2);
        let costs = MoveCosts::new(2, 4, 2, move |h: HexPos| (h != wall).then_some(0));
        let route = [HexPos::new(0, -1), wall];
        assert_eq!(
            walk(Pose::new(O, Facing::N), &route, None, &costs),
            Err(WalkError::Blocked { index: 1 })
        );
    }

    #[test]
    fn an_empty_route_only_turns() {
        let p = walk(Pose::new(O, Facing::N), &[], Some(Facing::Se), &gurps()).unwrap();
        assert_eq!(p.cost(), 4);
        assert_eq!(p.end(), Pose::new(O, Facing::Se));
        let p = walk(Pose::new(O, Facing::N), &[], None, &gurps()).unwrap();
        assert!(p.steps.is_empty());
    }

    // rule: G-TAC-004
    // rule: G-TAC-008
    #[test]
    fn a_priced_route_costs_what_its_paths_add_up_to() {
        let rough = |h: HexPos| Some(if h.q == 1 { 2 } else { 0 });
        let costs = MoveCosts::new(2, 4, 2, rough);
        let route = [
            HexPos::new(0, -1),
            HexPos::new(1, -2),
            HexPos::new(1, -1),
            HexPos::new(0, 0),
        ];
        for facing in Facing::ALL {
            let start = Pose::new(O, facing);
            for n in 0..=route.len() {
                let mut priced = price(start, &route[..n], &costs).unwrap();
                let cheapest = priced.cheapest_end();
                assert_eq!(
                    priced.path(cheapest, &costs),
                    walk(start, &route[..n], None, &costs).unwrap()
                );
                for end in Facing::ALL {
                    let path = priced.path(end, &costs);
                    assert_eq!(path.cost(), priced.cost(end));
                    assert_eq!(path, walk(start, &route[..n], Some(end), &costs).unwrap());
                }
            }
        }
    }

    #[test]
    fn the_remembered_route_is_priced_as_afresh() {
        let start = Pose::new(O, Facing::Ne);
        let a = [HexPos::new(0, -1), HexPos::new(1, -2)];
        // The same steps from elsewhere: the same layers, read back.
        let shifted = Pose::new(HexPos::new(3, 3), Facing::Ne);
        let b = [HexPos::new(3, 2), HexPos::new(4, 1)];
        let costs = gurps();
        let fresh = |start: Pose, route: &[HexPos]| {
            let mut steps = smallvec::SmallVec::new();
            let mut here = start.pos;
            for &to in route {
                steps.push((here.direction_to_neighbour(to).unwrap(), 0));
                here = to;
            }
            layers_of(&Priceable {
                facing: start.facing,
                prices: [2, 4, 2],
                steps,
            })
        };
        for (start, route) in [
            (start, &a[..]),
            (start, &a[..]),
            (shifted, &b[..]),
            (start, &a[..1]),
        ] {
            let layers = program(start, route, &costs).unwrap();
            let again = fresh(start, route);
            assert_eq!(layers.len(), again.len());
            assert!(layers.iter().zip(again.iter()).all(|(x, y)| x.same(y)));
        }
        // A different entry cost is a different route.
        let rough = MoveCosts::new(2, 4, 2, |_| Some(2));
        let mut priced = price(start, &a, &rough).unwrap();
        assert_eq!(priced.cost(Facing::Ne), 2 + 2 + 2 + 2);
        assert_eq!(priced.path(Facing::Ne, &rough).cost(), 8);
    }
}

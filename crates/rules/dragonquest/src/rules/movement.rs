//! Movement on the hex grid (DQ-14-001..006, DQ-22-002, DQ-22-003): where a
//! figure can go for a number of TMR points, with the stop rule.

use crate::model::state::{Figure, State, footprint};
use crate::model::terrain::ROUGH;
use crate::rules::zones;
use fray_core::CombatantId;
use fray_core::grid::{Facing, Heading, HexPos};

/// One place a figure can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Head hex.
    pub head: HexPos,
    /// Heading there.
    pub heading: Heading,
    /// TMR spent.
    pub cost: i32,
    /// Hexes stepped.
    pub steps: i32,
}

/// DQ-14-001: the TMR cost of entering `hex` (1, plus `rough`'s value).
pub fn enter_cost(state: &State, hex: HexPos) -> i32 {
    1 + state
        .map
        .terrain_at(hex)
        .and_then(|t| t.value(ROUGH))
        .map_or(0, i32::from)
}

/// Whether `who` may fill `hex`: on the map, passable, and no other living
/// figure there (a rider in the saddle fills no hex: its mount does, DQ-23).
pub fn free_for(state: &State, who: CombatantId, hex: HexPos) -> bool {
    state.map.passable(hex)
        && state
            .first_at(hex, |o, f| {
                o != who && !f.aboard && f.life != crate::model::state::Life::Dead
            })
            .is_none()
}

/// Whether any cell of a body at (head, heading) lies in a foe's melee zone.
fn in_foe_mz(state: &State, who: CombatantId, f: &Figure, head: HexPos, heading: Heading) -> bool {
    footprint(f.shape, head, heading)
        .cells()
        .iter()
        .any(|&c| zones::hex_in_foe_mz(state, who, c))
}

/// Every place `who` can reach spending at most `budget` TMR, by breadth
/// first over (head, heading). 1-hex figures step any way and keep their
/// heading (facing changes are free, DQ-14-002, and chosen at the end);
/// multi-hex figures step only into a front hex and pivot about the head
/// at 1 TMR per 2 corners (DQ-22-002, DQ-22-003). DQ-14-004: a step into a
/// foe's melee zone ends the move. DQ-14-003: one step is always allowed.
/// `keep_facing` forbids pivots (DQ-14-009).
pub fn reach(state: &State, who: CombatantId, budget: i32, keep_facing: bool) -> Vec<Reach> {
    let f = state.fig(who);
    let start = Reach {
        head: f.pos,
        heading: f.heading,
        cost: 0,
        steps: 0,
    };
    // Every step costs at least 1, so nothing lies further than `budget`
    // hexes (one more for the free first hex): index places in a square of
    // that radius, one slot per heading.
    let radius = budget.max(1) + 1;
    let side = (2 * radius + 1) as usize;
    let slot = |h: HexPos, heading: Heading| -> Option<usize> {
        let (dq, dr) = (h.q - f.pos.q + radius, h.r - f.pos.r + radius);
        let inside = (0..side as i32).contains(&dq) && (0..side as i32).contains(&dr);
        inside.then(|| ((dq as usize * side + dr as usize) * 6) + usize::from(heading.sixths()))
    };
    let mut index = vec![u32::MAX; side * side * 6];
    let mut out = vec![start];
    if let Some(k) = slot(start.head, start.heading) {
        index[k] = 0;
    }
    // A work list of places to expand; a place whose cost drops is expanded again.
    let mut work: Vec<u32> = vec![0];
    let multi = !f.is_single();
    while let Some(i) = work.pop() {
        let cur = out[i as usize];
        if cur.steps > 0 && in_foe_mz(state, who, f, cur.head, cur.heading) {
            continue;
        }
        let mut next: arrayvec::ArrayVec<(HexPos, Heading, i32, i32), 12> =
            arrayvec::ArrayVec::new();
        let dirs: arrayvec::ArrayVec<Facing, 6> = match cur.heading {
            Heading::Side(_) => Facing::ALL.into_iter().collect(),
            Heading::Corner(c) => c.sides().into_iter().collect(),
        };
        for d in dirs {
            let head = cur.head.neighbour(d);
            let fits = if multi {
                footprint(f.shape, head, cur.heading)
                    .cells()
                    .iter()
                    .all(|&c| free_for(state, who, c))
            } else {
                free_for(state, who, head)
            };
            if !fits || state.map.blocks_step(cur.head, head) {
                continue;
            }
            let total = cur.cost + enter_cost(state, head);
            // DQ-14-003: the first hex is always allowed.
            if total <= budget || (cur.steps == 0 && cur.cost == 0) {
                next.push((head, cur.heading, total, cur.steps + 1));
            }
        }
        if multi && !keep_facing {
            for turn in [-1i8, 1, -2, 2, 3] {
                let heading = cur.heading.turn(turn);
                // DQ-22-003: 1 TMR per 2 corners, rounded up.
                let cost = cur.cost + (i32::from(turn.unsigned_abs()) + 1) / 2;
                let body = footprint(f.shape, cur.head, heading);
                if cost <= budget && body.cells().iter().all(|&c| free_for(state, who, c)) {
                    next.push((cur.head, heading, cost, cur.steps));
                }
            }
        }
        for (head, heading, cost, steps) in next {
            let Some(k) = slot(head, heading) else {
                continue;
            };
            match index[k] {
                u32::MAX => {
                    index[k] = out.len() as u32;
                    work.push(out.len() as u32);
                    out.push(Reach {
                        head,
                        heading,
                        cost,
                        steps,
                    });
                }
                j if out[j as usize].cost > cost => {
                    out[j as usize].cost = cost;
                    out[j as usize].steps = steps;
                    work.push(j);
                }
                _ => {}
            }
        }
    }
    out
}

/// The straight way to `to` for a 1-hex figure, if it is open and within
/// `budget`: every hex free, no blocking edge, no foe's melee zone before
/// the last hex (DQ-14-004), the first hex always allowed (DQ-14-003). The
/// quick answer for the common case; [`route`] searches when it fails.
pub fn line_route(state: &State, who: CombatantId, to: HexPos, budget: i32) -> Option<Reach> {
    let f = state.fig(who);
    if !f.is_single() || f.pos.distance(to) > budget.max(1) as u32 {
        return None;
    }
    let start = Reach {
        head: f.pos,
        heading: f.heading,
        cost: 0,
        steps: 0,
    };
    if to == f.pos {
        return Some(start);
    }
    let last = f.pos.distance(to) as usize;
    let (mut cost, mut prev) = (0, f.pos);
    for (k, h) in line(f.pos, to).enumerate().skip(1) {
        if !free_for(state, who, h) || state.map.blocks_step(prev, h) {
            return None;
        }
        cost += enter_cost(state, h);
        if cost > budget && k > 1 {
            return None;
        }
        if k < last && zones::hex_in_foe_mz(state, who, h) {
            return None;
        }
        prev = h;
    }
    Some(Reach {
        head: to,
        heading: f.heading,
        cost,
        steps: last as i32,
    })
}

/// The hexes of the straight line from `from` to `to`, both ends included
/// (`distance + 1` of them): the same line as [`HexPos::line_to`], walked
/// without collecting it (the simulator's path allocates nothing) and in
/// integers where that is exact ([`fray_core::grid::Line`]).
pub fn line(from: HexPos, to: HexPos) -> impl Iterator<Item = HexPos> {
    from.line_iter(to)
}

/// A way to get the head to `to` within `budget`, if any: the straight
/// line when it is open, else the cheapest route found by [`reach`].
pub fn route(
    state: &State,
    who: CombatantId,
    to: HexPos,
    budget: i32,
    keep_facing: bool,
) -> Option<Reach> {
    if let Some(r) = line_route(state, who, to, budget) {
        return Some(r);
    }
    reach(state, who, budget, keep_facing)
        .into_iter()
        .filter(|r| r.head == to)
        .min_by_key(|r| (r.cost, r.heading.sixths()))
}

/// DQ-14-011: the hexes of a Retreat, `steps` straight back (2, adjusted
/// by DQ-15-001/002: `rules::actions::retreat_steps`), stopping at the
/// first blocked hex.
pub fn retreat_hexes(state: &State, who: CombatantId, steps: i32) -> arrayvec::ArrayVec<HexPos, 3> {
    let f = state.fig(who);
    let back = f.facing().opposite();
    let mut out = arrayvec::ArrayVec::new();
    let mut at = f.pos;
    for _ in 0..steps.clamp(0, 3) {
        let n = at.neighbour(back);
        if !free_for(state, who, n) {
            break;
        }
        out.push(n);
        at = n;
    }
    out
}

/// DQ-22-004, DQ-22-005: a trample's way, straight ahead along one side of
/// the monster's facing corner (decision: a trample is a straight move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TramplePath {
    /// The head's hexes, one per step, the last where it ends (each step
    /// costs a TMR at least, and a trample is limited by the TMR).
    pub heads: arrayvec::ArrayVec<HexPos, { crate::model::bounds::TMR_MAX as usize }>,
    /// The 1-hex figures in the way, in the order the body reaches them:
    /// eight inline, any number in all.
    pub victims: smallvec::SmallVec<[CombatantId; 8]>,
}

/// The way of `who`'s trample to `to` within `budget` TMR, or why not: a
/// multi-hex figure only; every hex passable and free of multi-hex
/// figures; at least one 1-hex figure in the way; DQ-14-004's stop rule for
/// the melee zones of figures that are not trampled (decision: a figure
/// being run over does not stop the monster); DQ-14-003's first hex.
pub fn trample_path(
    state: &State,
    who: CombatantId,
    to: HexPos,
    budget: i32,
) -> Result<TramplePath, &'static str> {
    let f = state.fig(who);
    let Heading::Corner(corner) = f.heading else {
        return Err("only a multi-hex monster tramples");
    };
    if f.is_single() {
        return Err("only a multi-hex monster tramples");
    }
    let steps = f.pos.distance(to);
    let Some(dir) = corner.sides().into_iter().find(|&d| {
        let mut h = f.pos;
        for _ in 0..steps {
            h = h.neighbour(d);
        }
        steps > 0 && h == to
    }) else {
        return Err("a trample goes straight ahead, along a side of the facing corner");
    };
    let mut path = TramplePath {
        heads: arrayvec::ArrayVec::new(),
        victims: smallvec::SmallVec::new(),
    };
    let (mut at, mut cost) = (f.pos, 0);
    for k in 1..=steps {
        let head = at.neighbour(dir);
        if state.map.blocks_step(at, head) {
            return Err("a wall stands in the way");
        }
        cost += enter_cost(state, head);
        if cost > budget && k > 1 {
            return Err("the trample is longer than the TMR");
        }
        let body = footprint(f.shape, head, f.heading).cells();
        for &c in &body {
            if !state.map.passable(c) {
                return Err("a wall stands in the way");
            }
            for o in state.ids() {
                let of = state.fig(o);
                if o == who || of.life == crate::model::state::Life::Dead || !of.occupies(c) {
                    continue;
                }
                if !of.is_single() {
                    return Err("another multi-hex figure is in the way");
                }
                if !path.victims.contains(&o) {
                    path.victims.push(o);
                }
            }
        }
        if path.heads.try_push(head).is_err() {
            return Err("the trample is longer than the TMR");
        }
        at = head;
    }
    if path.victims.is_empty() {
        return Err("no 1-hex figure is in the way: Move instead");
    }
    // DQ-14-004: entering the zone of a foe not run over ends the move.
    let stopped = path.heads.iter().take(path.heads.len() - 1).any(|&head| {
        footprint(f.shape, head, f.heading)
            .cells()
            .iter()
            .any(|&c| {
                state.ids().any(|o| {
                    !path.victims.contains(&o)
                        && state.hostile(o, who)
                        && zones::projects_mz(state, state.fig(o))
                        && zones::melee_zone(state.fig(o)).contains(&c)
                })
            })
    });
    if stopped {
        return Err("the move must stop on entering a foe's melee zone");
    }
    Ok(path)
}

/// DQ-22-005 (decision): the empty hex nearest `from` (up to 3 hexes away)
/// where a trampled figure is pushed, nearest first, then by q and r.
pub fn push_hex(state: &State, who: CombatantId, from: HexPos) -> Option<HexPos> {
    (1..=3).find_map(|d| {
        let mut ring: arrayvec::ArrayVec<HexPos, 18> = arrayvec::ArrayVec::new();
        for dq in -d..=d {
            for dr in -d..=d {
                let h = HexPos::new(from.q + dq, from.r + dr);
                if from.distance(h) == d as u32 && free_for(state, who, h) {
                    let _ = ring.try_push(h);
                }
            }
        }
        ring.into_iter().min_by_key(|h| (h.q, h.r))
    })
}

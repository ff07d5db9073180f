//! Paths on the square grid (X-MOV-001..004, X-MOV-011, X-MAN-009): what a
//! move may cross and what it costs.

use crate::model::state::State;
use crate::rules::geometry::{enter_cost, fits, fitting_space, natural_space, occupant};
use arrayvec::ArrayVec;
use fray_core::grid::{SquarePos, square_reachable};
use fray_core::{CombatantId, Illegal};

/// The most steps one move may take: a Run at the largest Move (X-MOV-002),
/// every step costing at least 1 m.
pub const MAX_STEPS: usize = 2 * crate::model::bounds::MOVE_M_MAX as usize;

/// A path: the squares entered, in order (the start left out).
pub type Path = ArrayVec<SquarePos, MAX_STEPS>;

/// Whether `mover` may step into the space at `pos`: on the map, passable,
/// no foe there (allies may be passed through, X-MOV-011); and its cost
/// (X-MOV-003 difficult terrain, doubled under Total Defense, X-MAN-009).
/// A space too narrow for its size is entered squeezed, at twice the cost
/// (X-SIT-011, decision: squeezing through is slow going).
fn step_cost(state: &State, mover: CombatantId, pos: SquarePos, double: bool) -> Option<u32> {
    let edge = fitting_space(state, mover, pos)?;
    let blocked = state
        .first_near(pos, edge, 0, |o, f| {
            o != mover
                && state.foes(o, mover)
                && f.life != crate::model::state::Life::Dead
                && crate::rules::geometry::overlaps(pos, edge, f)
        })
        .is_some();
    if blocked {
        return None;
    }
    let squeezed = edge < natural_space(state.fighter(mover));
    let c = enter_cost(state, pos, edge) * if squeezed { 2 } else { 1 };
    Some(if double { c * 2 } else { c })
}

/// The cheapest path for `mover` to `to` within `budget` metres
/// (X-MOV-004: a diagonal costs 1 like a straight step); the end must be
/// free of everyone (X-MOV-011). Tries the straight greedy route first (no
/// search, no allocation), then searches.
pub fn plan(
    state: &State,
    mover: CombatantId,
    to: SquarePos,
    budget: u32,
    double: bool,
    rule: &'static str,
) -> Result<Path, Illegal> {
    let f = state.fighter(mover);
    if to == f.pos {
        return Err(Illegal::input("already there"));
    }
    let Some(edge) = fitting_space(state, mover, to) else {
        return Err(Illegal::new(
            rule,
            format!("{to} is off the map or blocked"),
        ));
    };
    if let Some(o) = occupant(state, to, edge, mover) {
        return Err(Illegal::new(
            "X-MOV-011",
            format!("{to} is taken by {}", state.fighter(o).name),
        ));
    }
    // Greedy: step diagonally toward the goal, then straight.
    let mut path = Path::new();
    let mut at = f.pos;
    let mut cost = 0u32;
    let mut ok = true;
    while at != to {
        let (dx, dy) = crate::rules::geometry::toward(at, to);
        let next = SquarePos::new(at.x + i32::from(dx), at.y + i32::from(dy));
        if state.map.blocks_step(at, next) {
            ok = false;
            break;
        }
        match step_cost(state, mover, next, double) {
            Some(c) if cost + c <= budget && path.try_push(next).is_ok() => {
                cost += c;
                at = next;
            }
            _ => {
                ok = false;
                break;
            }
        }
    }
    if ok {
        return Ok(path);
    }
    let reach = square_reachable(f.pos, budget, &*state.map, |p| {
        step_cost(state, mover, p, double)
    });
    let steps = reach.path_to(to).ok_or_else(|| {
        Illegal::new(
            rule,
            format!("{to} is beyond {budget} m of movement from {}", f.pos),
        )
    })?;
    let mut path = Path::new();
    for (p, _) in steps.into_iter().skip(1) {
        path.try_push(p)
            .map_err(|_| Illegal::new(rule, "the path is too long"))?;
    }
    Ok(path)
}

/// X-MAN-006: a charge's path: a straight line of at least
/// `charge_min_distance_m`, at most base Move, through free squares with
/// no difficult terrain.
pub fn charge_path(state: &State, mover: CombatantId, to: SquarePos) -> Result<Path, Illegal> {
    let f = state.fighter(mover);
    let dist = f.pos.distance(to);
    if dist < state.options.charge_min_distance_m {
        return Err(Illegal::new(
            "X-MAN-006",
            format!(
                "a charge covers at least {} m",
                state.options.charge_min_distance_m
            ),
        ));
    }
    if dist > f.stats.move_m {
        return Err(Illegal::new(
            "X-MAN-006",
            "a charge covers at most base Move",
        ));
    }
    if occupant(state, to, f.edge(), mover).is_some() || !fits(state, to, f.edge()) {
        return Err(Illegal::new("X-MAN-006", format!("{to} is not free")));
    }
    let (dx, dy) = (to.x - f.pos.x, to.y - f.pos.y);
    let n = dx.abs().max(dy.abs());
    let mut path = Path::new();
    let mut prev = f.pos;
    for i in 1..=n {
        let p = SquarePos::new(
            f.pos.x + (dx * i + n / 2 * dx.signum()) / n,
            f.pos.y + (dy * i + n / 2 * dy.signum()) / n,
        );
        let free = occupant(state, p, f.edge(), mover).is_none()
            && fits(state, p, f.edge())
            && enter_cost(state, p, f.edge()) == 1
            && !state.map.blocks_step(prev, p);
        if !free {
            return Err(Illegal::new(
                "X-MAN-006",
                format!("the line of the charge is blocked at {p}"),
            ));
        }
        path.try_push(p)
            .map_err(|_| Illegal::new("X-MAN-006", "the charge is too long"))?;
        prev = p;
    }
    Ok(path)
}

/// X-SPM-006 woven into a Move: a straight run (orthogonal or diagonal) of
/// at most base Move from the mover's square to `to`, crossing `target`'s
/// space; every other square on the way free of foes, `to` free of
/// everyone (X-MOV-011). The squares before the target's space, and those
/// from it on.
pub fn overrun_path(
    state: &State,
    mover: CombatantId,
    to: SquarePos,
    target: CombatantId,
) -> Result<(Path, Path), Illegal> {
    let f = state.fighter(mover);
    let t = state.fighter(target);
    let e = f.edge();
    let (dx, dy) = (to.x - f.pos.x, to.y - f.pos.y);
    if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return Err(Illegal::new(
            "X-SPM-006",
            "an overrun runs in a straight line, along a row, a column or a diagonal",
        ));
    }
    if !fits(state, to, e) || occupant(state, to, e, mover).is_some() {
        return Err(Illegal::new("X-MOV-011", format!("{to} is not free")));
    }
    let step = (dx.signum(), dy.signum());
    let n = dx.abs().max(dy.abs());
    let (mut before, mut after) = (Path::new(), Path::new());
    let (mut prev, mut cost, mut through) = (f.pos, 0u32, false);
    for i in 1..=n {
        let p = SquarePos::new(f.pos.x + step.0 * i, f.pos.y + step.1 * i);
        let in_target = crate::rules::geometry::overlaps(p, e, t);
        let other_foe = state.ids().any(|o| {
            o != mover
                && o != target
                && state.foes(o, mover)
                && state.fighter(o).life != crate::model::state::Life::Dead
                && crate::rules::geometry::overlaps(p, e, state.fighter(o))
        });
        if state.map.blocks_step(prev, p) || !fits(state, p, e) || other_foe {
            return Err(Illegal::new(
                "X-SPM-006",
                format!("the line of the overrun is blocked at {p}"),
            ));
        }
        let c = enter_cost(state, p, e);
        cost += if f.total_defense { 2 * c } else { c };
        through |= in_target;
        let side = if through { &mut after } else { &mut before };
        side.try_push(p)
            .map_err(|_| Illegal::new("X-SPM-006", "the path is too long"))?;
        prev = p;
    }
    if !through {
        return Err(Illegal::new(
            "X-SPM-006",
            format!("the line does not cross {}", t.name),
        ));
    }
    if cost > f.stats.move_m {
        return Err(Illegal::new(
            "X-SPM-006",
            format!("{cost} m of movement, beyond base Move"),
        ));
    }
    Ok((before, after))
}

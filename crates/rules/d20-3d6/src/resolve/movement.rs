//! Moving along a path with the attacks of opportunity it provokes
//! (X-ACT-006, X-ACT-007), grapples that end (X-SPM-004), and the fleeing
//! of the confused (X-CON-005).

use crate::model::action::{Answer, Question, Strike, Trigger};
use crate::model::event::Declared;
use crate::model::options::Opportunity;
use crate::model::state::{Condition, State};
use crate::resolve::attack::swing;
use crate::rules::attack::{Mode, Swing};
use crate::rules::geometry::{self, distance, space_distance, threatens_at, toward, weapon_reach};
use crate::rules::movement::{Path, plan};
use crate::rules::turn::may_interrupt;
use crate::{D20, Flow};
use arrayvec::ArrayVec;
use fray_core::grid::SquarePos;
use fray_core::{CombatantId, Cx};

/// The melee weapons in `who`'s hands (two at most) that reach a space at
/// `dist`.
pub fn reaching_weapons(state: &State, who: CombatantId, dist: u32) -> ArrayVec<u8, 2> {
    let f = state.fighter(who);
    [f.main, f.off]
        .into_iter()
        .flatten()
        .filter(|&w| weapon_reach(f, w).is_some_and(|r| r >= dist))
        .collect()
}

/// Asks `reactor` whether it spends its Reaction on a free attack on
/// `victim`, and resolves it (X-ACT-003, X-ACT-006).
pub fn offer_reaction(
    state: &mut State,
    reactor: CombatantId,
    victim: CombatantId,
    trigger: Trigger,
    cx: &mut impl Cx<D20>,
) -> Flow<bool> {
    let f = state.fighter(reactor);
    if f.reactions == 0 || !may_interrupt(f, &state.options) {
        return Ok(false);
    }
    let dist = distance(state, reactor, victim);
    let weapons = reaching_weapons(state, reactor, dist);
    if weapons.is_empty() {
        return Ok(false);
    }
    let answer = cx.ask(state, || Question::Reaction {
        reactor,
        trigger,
        weapons: weapons.clone(),
    })?;
    let Answer::Strike { weapon } = answer else {
        return Ok(false);
    };
    let (mode, rule, what) = match trigger {
        Trigger::Opportunity { .. } => (Mode::Opportunity, "X-ACT-007", "attack of opportunity"),
        Trigger::SetVsCharge { .. } => (Mode::SetVsCharge, "X-QCK-003", "set against the charge"),
    };
    let f = state.fighter_mut(reactor);
    f.reactions -= 1;
    if mode == Mode::Opportunity {
        f.record.opportunity += 1;
    }
    let name = &*f.name;
    cx.emit(|| {
        Declared {
            who: name.to_string(),
            what: what.into(),
            rule,
        }
        .into()
    });
    swing(
        state,
        Swing {
            attacker: reactor,
            mode,
            strike: Strike::new(victim, weapon),
        },
        cx,
    )?;
    Ok(true)
}

/// X-ACT-007: `mover` is about to leave its square: every foe that
/// threatens it may strike first, in id order.
fn opportunity(state: &mut State, mover: CombatantId, cx: &mut impl Cx<D20>) -> Flow<()> {
    if state.options.attacks_of_opportunity == Opportunity::Off {
        return Ok(());
    }
    let (pos, edge) = {
        let f = state.fighter(mover);
        (f.pos, f.edge())
    };
    for o in state.ids() {
        if !state.fighter(mover).able() {
            break;
        }
        if o == mover || !state.foes(o, mover) || !threatens_at(state, o, pos, edge) {
            continue;
        }
        offer_reaction(state, o, mover, Trigger::Opportunity { mover }, cx)?;
    }
    Ok(())
}

/// Walks `mover` along `path`; each step out of a threatened square
/// provokes when `provoke` (Disengage and being pushed do not). Stops if
/// the mover goes down. Returns whether it got to the end.
pub fn walk(
    state: &mut State,
    mover: CombatantId,
    path: &Path,
    provoke: bool,
    why: &'static str,
    cx: &mut impl Cx<D20>,
) -> Flow<bool> {
    let from = state.fighter(mover).pos;
    let was_squeezed = squeezed(state, mover);
    let mut done = true;
    // X-MOV-011: the last square of the path it could have stopped in
    // (where it started, at first): no one else's space.
    let mut last_legal = (from, state.fighter(mover).space);
    for &next in path {
        if provoke {
            opportunity(state, mover, cx)?;
        }
        if !state.fighter(mover).able() {
            done = false;
            fall_back(state, mover, last_legal, cx);
            break;
        }
        let f = state.fighter_mut(mover);
        f.facing = toward(f.pos, next);
        let space = f.space;
        let edge = geometry::fitting_space(state, mover, next).unwrap_or(space);
        state.place(mover, next, edge);
        if geometry::occupant(state, next, edge, mover).is_none() {
            last_legal = (next, edge);
        }
    }
    let to = state.fighter(mover).pos;
    if to != from {
        let name = &*state.fighter(mover).name;
        cx.moved(name, why, from, to);
    }
    if squeezed(state, mover) != was_squeezed {
        announce_squeeze(state, mover, cx);
    }
    release_out_of_reach(state, mover, cx);
    if let Some(r) = state.ridden_by(mover) {
        release_out_of_reach(state, r, cx);
    }
    Ok(done)
}

/// X-MOV-011: a mover that goes down (an attack of opportunity, X-ACT-007)
/// while passing through an ally's square may not stay there: it ends in
/// the last square of its path it could have stopped in, `last`, the
/// square it started from when there was none. (An interpretation: the
/// summary says nothing; the fall happens on its way, before the step
/// out of that square, so it lies where its move could last have ended.)
fn fall_back(
    state: &mut State,
    mover: CombatantId,
    (pos, edge): (SquarePos, u8),
    cx: &mut impl Cx<D20>,
) {
    let (here, space) = {
        let f = state.fighter(mover);
        (f.pos, f.space)
    };
    let Some(other) = geometry::occupant(state, here, space, mover) else {
        return;
    };
    if here == pos {
        return;
    }
    relocate(state, mover, pos, edge, cx);
    let (name, whose) = (&*state.fighter(mover).name, &*state.fighter(other).name);
    cx.note("X-MOV-011", || {
        format!(
            "{name} goes down in {whose}'s square {here}, where no one may stop, and ends in {pos}, the last square of its path it could stop in"
        )
    });
}

fn squeezed(state: &State, who: CombatantId) -> bool {
    state.fighter(who).cond.has(Condition::Squeezed)
}

/// Puts `who` at `pos` in a space of edge `edge` (a push, a follow, an
/// overrun) and says so when it comes to squeeze or has room again.
pub fn relocate(
    state: &mut State,
    who: CombatantId,
    pos: SquarePos,
    edge: u8,
    cx: &mut impl Cx<D20>,
) {
    let was_squeezed = squeezed(state, who);
    state.place(who, pos, edge);
    if squeezed(state, who) != was_squeezed {
        announce_squeeze(state, who, cx);
    }
}

/// X-SIT-011: says that `who` now stands squeezed into a space narrower
/// than its size's, or has room again.
fn announce_squeeze(state: &State, who: CombatantId, cx: &mut impl Cx<D20>) {
    let f = state.fighter(who);
    let what = if f.cond.has(Condition::Squeezed) {
        format!("squeezes into a {} m space (-1d6 to attack)", f.space)
    } else {
        "has room again and is no longer squeezed".to_string()
    };
    let name = &*f.name;
    cx.condition("X-SIT-011", name, || what);
}

/// X-SPM-004: a grapple ends when the grappler and its target are out of
/// each other's reach.
pub fn release_out_of_reach(state: &mut State, who: CombatantId, cx: &mut impl Cx<D20>) {
    for t in state.ids() {
        let held = state.fighter(t).grappled_by;
        let pair = match held {
            Some(g) if g == who || t == who => Some(g),
            _ => None,
        };
        let Some(g) = pair else { continue };
        let reach = geometry::natural_reach(state.fighter(g))
            .max(geometry::best_reach(state.fighter(g)).unwrap_or(0));
        if distance(state, g, t) > reach {
            let f = state.fighter_mut(t);
            f.grappled_by = None;
            f.pinned = false;
            let name = &*f.name;
            cx.condition("X-SPM-004", name, || "is no longer grappled".into());
        }
    }
}

/// X-CON-005 (3): a confused creature spends its actions moving away from
/// the nearest creature.
pub fn flee(state: &mut State, who: CombatantId, actions: u8, cx: &mut impl Cx<D20>) -> Flow<()> {
    for _ in 0..actions {
        let f = state.fighter(who);
        let Some(near) = state
            .ids()
            .filter(|&o| o != who && state.fighter(o).life != crate::model::state::Life::Dead)
            .min_by_key(|&o| distance(state, who, o))
        else {
            return Ok(());
        };
        let (dx, dy) = toward(state.fighter(near).pos, f.pos);
        let (dx, dy) = if (dx, dy) == (0, 0) { (1, 0) } else { (dx, dy) };
        let m = f.stats.move_m as i32;
        let mut best: Option<Path> = None;
        for k in (1..=m).rev() {
            let to = SquarePos::new(f.pos.x + i32::from(dx) * k, f.pos.y + i32::from(dy) * k);
            if let Ok(p) = plan(state, who, to, f.stats.move_m, f.total_defense, "X-CON-005") {
                best = Some(p);
                break;
            }
        }
        let Some(path) = best else { return Ok(()) };
        if !walk(state, who, &path, true, "flees (confused)", cx)? {
            return Ok(());
        }
    }
    Ok(())
}

/// The square from which `who` (edge `e`) at `from` reaches a space at
/// `tpos` (edge `te`) within `reach`, nearest to `from`: the AI's and the
/// confused creature's way in.
pub fn approach(
    state: &State,
    who: CombatantId,
    tpos: SquarePos,
    te: u8,
    reach: u32,
    budget: u32,
) -> Option<(SquarePos, Path)> {
    let f = state.fighter(who);
    let from = f.pos;
    let e = f.edge();
    if space_distance(from, e, tpos, te) <= reach {
        return None;
    }
    // Candidate squares around the target, nearest to us first.
    let r = reach as i32 + i32::from(e);
    let mut best: Option<(u32, SquarePos)> = None;
    for dy in -r..=r + i32::from(te) {
        for dx in -r..=r + i32::from(te) {
            let p = SquarePos::new(tpos.x + dx, tpos.y + dy);
            let d = from.distance(p);
            if d > budget || best.is_some_and(|(bd, bp)| (d, (p.y, p.x)) >= (bd, (bp.y, bp.x))) {
                continue;
            }
            // The space it would fill there: squeezed where it is narrow (X-SIT-011).
            let Some(pe) = geometry::free_space(state, who, p) else {
                continue;
            };
            let gap = space_distance(p, pe, tpos, te);
            if gap > reach || gap == 0 {
                continue;
            }
            best = Some((d, p));
        }
    }
    let (_, p) = best?;
    let path = plan(state, who, p, budget, f.total_defense, "X-MOV-001").ok()?;
    Some((p, path))
}

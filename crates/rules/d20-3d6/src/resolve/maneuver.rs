//! Special maneuvers as opposed checks (X-SPM-001..008, X-FLW-002) and
//! escaping a grapple.

use crate::model::action::Maneuver;
use crate::model::state::{Condition, State};
use crate::resolve::check::opposed;
use crate::resolve::movement::{release_out_of_reach, relocate, walk};
use crate::rules::geometry::{free_space, toward};
use crate::{D20, Flow};
use fray_core::grid::SquarePos;
use fray_core::{CombatantId, Cx, ModList};

/// X-SPM-007: the initiator's size dice: +1d6 per category larger, -1d6 per smaller.
pub fn size_dice(state: &State, a: CombatantId, d: CombatantId) -> i8 {
    let diff = state.fighter(a).stats.size.rank() - state.fighter(d).stats.size.rank();
    diff.clamp(-8, 8) as i8
}

fn note(state: &State, who: CombatantId, what: String, rule: &'static str, cx: &mut impl Cx<D20>) {
    let name = &*state.fighter(who).name;
    cx.condition(rule, name, || what);
}

/// The two sides' bonuses for a maneuver.
fn bonuses(state: &State, kind: Maneuver, a: CombatantId, d: CombatantId) -> (ModList, ModList) {
    let (fa, fd) = (&state.fighter(a).stats, &state.fighter(d).stats);
    let r = kind.rule();
    match kind {
        Maneuver::Disarm => {
            let mut x = ModList::base("BAB", fa.bab, r);
            x.add("STR or DEX", fa.str.max(fa.dex), r);
            let mut y = ModList::base("BAB", fd.bab, r);
            y.add("STR or DEX", fd.str.max(fd.dex), r);
            (x, y)
        }
        Maneuver::Feint => {
            let mut x = ModList::base("BAB", fa.bab, r);
            x.add("Bluff", fa.skills.bluff, r);
            let mut y = ModList::base("BAB", fd.bab, r);
            y.add("Sense Motive", fd.skills.sense, r);
            (x, y)
        }
        Maneuver::BullRush | Maneuver::Grapple | Maneuver::Trip => {
            let x = ModList::base("Athletics", fa.skills.athletics, r);
            let mut y = ModList::base("Fortitude", fd.saves.fort, r);
            y.add("STR", fd.str, r);
            (x, y)
        }
        Maneuver::Overrun => {
            let x = ModList::base(
                "Athletics or Acrobatics",
                fa.skills.athletics.max(fa.skills.acrobatics),
                r,
            );
            let y = ModList::base("Reflex", fd.saves.reflex, r);
            (x, y)
        }
    }
}

/// Resolves a special maneuver (X-FLW-002): size dice and the
/// multiple-attack penalty (X-SPM-001), the opposed check, the effect, or
/// on the initiator's three 1s the effect on itself (X-SPM-008).
pub fn maneuver(
    state: &mut State,
    a: CombatantId,
    kind: Maneuver,
    d: CombatantId,
    cx: &mut impl Cx<D20>,
) -> Flow<bool> {
    let Some(margin) = contest(state, a, kind, d, cx)? else {
        return Ok(false);
    };
    effect(state, a, kind, d, margin, cx);
    Ok(true)
}

/// X-FLW-002 up to the effect: the multiple-attack count (X-MUL-001), size
/// dice (X-SPM-007), the opposed check (X-ATK-011) and, on the initiator's
/// three 1s, the backfire (X-SPM-008). The winning margin, `None` when
/// the initiator lost.
pub fn contest(
    state: &mut State,
    a: CombatantId,
    kind: Maneuver,
    d: CombatantId,
    cx: &mut impl Cx<D20>,
) -> Flow<Option<i32>> {
    let (mut x, y) = bonuses(state, kind, a, d);
    let counted = kind != Maneuver::Feint && state.options.maneuvers_use_attack_progression;
    if counted {
        let n = i32::from(state.turn.attacks);
        x.add(
            "multiple attacks",
            -state.options.multiple_attack_step * n,
            "X-MUL-001",
        );
        state.turn.attacks += 1;
    }
    let dice = size_dice(state, a, d);
    let r = opposed(state, a, &x, dice, d, &y, kind.name(), kind.rule(), cx)?;
    if r.backfire {
        backfire(state, a, kind, d, cx);
        return Ok(None);
    }
    if !r.won {
        if kind == Maneuver::Overrun {
            note(
                state,
                a,
                "is stopped by the overrun's target".into(),
                "X-SPM-006",
                cx,
            );
        }
        return Ok(None);
    }
    Ok(Some(r.margin))
}

/// X-SPM-006 woven into a Move: the mover walks the straight line up to
/// its target (provoking as any move), overruns it, and on success walks
/// on through the target's space to the end; on failure it stops in the
/// last free square before the target.
pub fn overrun_move(
    state: &mut State,
    a: CombatantId,
    to: SquarePos,
    d: CombatantId,
    cx: &mut impl Cx<D20>,
) -> Flow<()> {
    let (before, after) = crate::rules::movement::overrun_path(state, a, to, d)
        .map_err(|e| fray_core::Halt::illegal(a, e))?;
    state.turn.free_draws += 1;
    if !walk(state, a, &before, true, "moves", cx)? || !state.fighter(a).able() {
        return Ok(());
    }
    if contest(state, a, Maneuver::Overrun, d, cx)?.is_some() {
        if state.options.overrun_knocks_prone {
            state.fighter_mut(d).cond.set(Condition::Prone, true);
        }
        walk(state, a, &after, true, "overruns", cx)?;
    }
    Ok(())
}

/// The effect of a won maneuver (X-SPM-001..006), one step per kind.
fn effect(
    state: &mut State,
    a: CombatantId,
    kind: Maneuver,
    d: CombatantId,
    margin: i32,
    cx: &mut impl Cx<D20>,
) {
    match kind {
        Maneuver::Disarm => disarm(state, d, cx),
        Maneuver::Feint => {
            state.fighter_mut(a).feint = Some((d, false));
            note(
                state,
                d,
                "is feinted: no DEX to Defense against the next melee attack".into(),
                "X-SPM-002",
                cx,
            );
        }
        Maneuver::BullRush => bull_rush(state, a, d, margin, cx),
        Maneuver::Grapple => grapple(state, a, d, cx),
        Maneuver::Trip => trip(state, d, cx),
        Maneuver::Overrun => overrun_through(state, a, d, cx),
    }
}

/// X-SPM-001: the defender drops the weapon in its main hand, else the
/// one in its off hand.
fn disarm(state: &mut State, d: CombatantId, cx: &mut impl Cx<D20>) {
    let t = state.fighter_mut(d);
    let dropped = t.main.take().or_else(|| t.off.take());
    if let Some(w) = dropped {
        let wname = t.weapons[usize::from(w)].weapon.name.clone();
        note(
            state,
            d,
            format!("is disarmed: drops {wname}"),
            "X-SPM-001",
            cx,
        );
    }
}

/// X-SPM-003: 1 m, +1 per full 5 of margin, straight away; an obstacle
/// stops it. The attacker may follow (`bull_rush_follow`): as far as the
/// push went, straight on, stopping at an obstacle; it is part of the
/// maneuver and provokes nothing (X-ACT-007).
fn bull_rush(
    state: &mut State,
    a: CombatantId,
    d: CombatantId,
    margin: i32,
    cx: &mut impl Cx<D20>,
) {
    let metres = 1 + margin.max(0) / 5;
    let step = toward(state.fighter(a).pos, state.fighter(d).pos);
    let moved = slide(state, d, step, metres, cx);
    note(
        state,
        d,
        format!("is pushed back {moved} m"),
        "X-SPM-003",
        cx,
    );
    if state.options.bull_rush_follow && moved > 0 {
        let followed = slide(state, a, step, moved, cx);
        if followed > 0 {
            note(state, a, format!("follows {followed} m"), "X-SPM-003", cx);
        }
    }
    release_out_of_reach(state, d, cx);
}

/// Moves `who` up to `metres` squares by `(dx, dy)`, stopping where it
/// would not fit or a wall blocks the step; how far it went.
fn slide(
    state: &mut State,
    who: CombatantId,
    (dx, dy): (i8, i8),
    metres: i32,
    cx: &mut impl Cx<D20>,
) -> i32 {
    let mut moved = 0;
    for _ in 0..metres {
        let f = state.fighter(who);
        let next = SquarePos::new(f.pos.x + i32::from(dx), f.pos.y + i32::from(dy));
        let Some(edge) = free_space(state, who, next) else {
            break;
        };
        if state.map.blocks_step(f.pos, next) {
            break;
        }
        relocate(state, who, next, edge, cx);
        moved += 1;
    }
    moved
}

/// X-CON-013/014: a grapple, or a pin when the attacker holds it already.
fn grapple(state: &mut State, a: CombatantId, d: CombatantId, cx: &mut impl Cx<D20>) {
    let t = state.fighter_mut(d);
    if t.grappled_by == Some(a) {
        t.pinned = true;
        note(state, d, "is pinned".into(), "X-CON-014", cx);
    } else {
        t.grappled_by = Some(a);
        t.pinned = false;
        t.cond.set(Condition::Distracted, true);
        note(state, d, "is grappled".into(), "X-CON-013", cx);
    }
}

/// X-SPM-005: the defender falls prone; X-MAN-018 (decision): a tripped
/// mount throws its rider.
fn trip(state: &mut State, d: CombatantId, cx: &mut impl Cx<D20>) {
    state.fighter_mut(d).cond.set(Condition::Prone, true);
    note(
        state,
        d,
        "is tripped and falls prone".into(),
        "X-SPM-005",
        cx,
    );
    if let Some(r) = state.ridden_by(d) {
        crate::resolve::saddle::fall(state, r, "falls as its mount is tripped", cx);
    }
}

/// X-SPM-006: the mover passes through to the square beyond, the defender
/// knocked prone when `overrun_knocks_prone`.
fn overrun_through(state: &mut State, a: CombatantId, d: CombatantId, cx: &mut impl Cx<D20>) {
    let (dx, dy) = toward(state.fighter(a).pos, state.fighter(d).pos);
    let t = state.fighter(d);
    let beyond = SquarePos::new(t.pos.x + i32::from(dx), t.pos.y + i32::from(dy));
    if let Some(edge) = free_space(state, a, beyond) {
        let from = state.fighter(a).pos;
        relocate(state, a, beyond, edge, cx);
        let name = &*state.fighter(a).name;
        cx.moved(name, "overruns", from, beyond);
    }
    if state.options.overrun_knocks_prone {
        state.fighter_mut(d).cond.set(Condition::Prone, true);
    }
}

/// X-SPM-008: the maneuver lands on its initiator.
fn backfire(
    state: &mut State,
    a: CombatantId,
    kind: Maneuver,
    d: CombatantId,
    cx: &mut impl Cx<D20>,
) {
    match kind {
        Maneuver::Disarm => {
            let f = state.fighter_mut(a);
            if let Some(w) = f.main.take().or_else(|| f.off.take()) {
                let wname = f.weapons[usize::from(w)].weapon.name.clone();
                note(
                    state,
                    a,
                    format!("fumbles the disarm and drops {wname}"),
                    "X-SPM-008",
                    cx,
                );
            }
        }
        Maneuver::Trip => {
            state.fighter_mut(a).cond.set(Condition::Prone, true);
            note(
                state,
                a,
                "fumbles the trip and falls prone".into(),
                "X-SPM-008",
                cx,
            );
        }
        Maneuver::Grapple => {
            let f = state.fighter_mut(a);
            f.grappled_by = Some(d);
            f.cond.set(Condition::Distracted, true);
            note(
                state,
                a,
                "fumbles the grapple and is grappled".into(),
                "X-SPM-008",
                cx,
            );
        }
        Maneuver::Feint => {
            state.fighter_mut(d).feint = Some((a, false));
            note(
                state,
                a,
                "fumbles the feint and is feinted".into(),
                "X-SPM-008",
                cx,
            );
        }
        Maneuver::BullRush | Maneuver::Overrun => {
            state.fighter_mut(a).cond.set(Condition::Prone, true);
            note(state, a, "fumbles and falls prone".into(), "X-SPM-008", cx);
        }
    }
}

/// X-SPM-004: escaping: the better of Athletics and Acrobatics against the
/// grappler's Fortitude + STR.
pub fn escape(state: &mut State, who: CombatantId, cx: &mut impl Cx<D20>) -> Flow<bool> {
    let Some(g) = state.fighter(who).grappled_by else {
        return Ok(false);
    };
    let f = &state.fighter(who).stats;
    let x = ModList::base(
        "Athletics or Acrobatics",
        f.skills.athletics.max(f.skills.acrobatics),
        "X-SPM-004",
    );
    let gs = &state.fighter(g).stats;
    let mut y = ModList::base("Fortitude", gs.saves.fort, "X-SPM-004");
    y.add("STR", gs.str, "X-SPM-004");
    let r = opposed(state, who, &x, 0, g, &y, "escape", "X-SPM-004", cx)?;
    if r.won {
        let f = state.fighter_mut(who);
        f.grappled_by = None;
        f.pinned = false;
        f.cond.set(Condition::Distracted, false);
        note(state, who, "escapes the grapple".into(), "X-SPM-004", cx);
    }
    Ok(r.won)
}

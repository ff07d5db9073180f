//! Interrupts in another figure's move: Wait (M-MEL-011) and Opportunity
//! Fire (M-MIS-005/006). The mover is checked hex by hex along its way;
//! at the first hex that triggers a waiter it pauses there while the blow
//! or shot resolves, then carries on if it still can.

use crate::model::action::{Answer, Question, Strike};
use crate::model::state::{State, Waiting, Watch, trigger_bit};
use crate::resolve::attack::{Blow, attack};
use crate::resolve::check::{self, roll_plain};
use crate::rules::attack::{HitCtx, held, in_front_arc, unarmed_skill};
use crate::{Flow, Margin};
use fray_core::dice::systems::margin3d6::Winner;
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Cx, ModList};

/// M-MIS-005: whether the shooter at `from` watching `watch` sees `hex` in
/// its area, and the penalty for that area.
pub fn watched(
    from: HexPos,
    facing: fray_core::grid::Facing,
    watch: Watch,
    hex: HexPos,
) -> Option<i32> {
    if hex == from {
        return None;
    }
    match watch {
        Watch::Hex(h) => (h == hex).then_some(-2),
        Watch::Front => in_front_arc(from, facing, hex).then_some(-4),
        Watch::Line(dir) => {
            let d = from.distance(hex);
            let mut p = from;
            for _ in 0..d {
                p = p.neighbour(dir);
            }
            (p == hex).then_some(-5)
        }
    }
}

/// The mover went from `start` to `to`; `attacking` is the foe its
/// maneuver attacks, if any.
#[inline(never)]
pub fn entered(
    state: &mut State,
    mover: CombatantId,
    start: HexPos,
    to: HexPos,
    attacking: Option<CombatantId>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    if !state
        .fighters
        .iter()
        .any(|f| f.guard.wait.is_some() && f.awake())
    {
        return Ok(());
    }
    // The hexes it went through: the way the move was checked by
    // (M-FLO-006 decision, `rules::path`).
    let longest = crate::rules::maneuver::longest_move(state, mover);
    let way = crate::rules::path::way(state, mover, start, to, longest)
        .unwrap_or_else(|| start.line_iter(to).skip(1).collect());
    for hex in way {
        state.place(mover, hex);
        for w in state.ids().collect::<Vec<_>>() {
            if w == mover || !state.fighter(mover).awake() {
                continue;
            }
            let f = state.fighter(w);
            let Some(wait) = f.guard.wait.filter(|_| f.awake()) else {
                continue;
            };
            match wait {
                Waiting::Strike {
                    weapon,
                    mode,
                    hexes,
                } => {
                    // M-MEL-011: only the named trigger hexes, if any.
                    if hexes == 0
                        || trigger_bit(state.fighter(w).pos, hex).is_some_and(|b| hexes & b != 0)
                    {
                        strike_first(state, w, mover, weapon, mode, attacking, cx)?
                    }
                }
                Waiting::Fire {
                    weapon,
                    watch,
                    confirm,
                } => fire(state, w, mover, weapon, watch, confirm, cx)?,
            }
        }
        if !state.fighter(mover).awake() {
            return Ok(());
        }
    }
    state.place(mover, to);
    Ok(())
}

/// The mover's skill with the strike its maneuver makes (for the contest).
fn mover_skill(state: &State, mover: CombatantId) -> i32 {
    let f = state.fighter(mover);
    f.weapons.iter().find(|h| h.ready && !h.lost).map_or_else(
        || unarmed_skill(f, crate::model::action::Unarmed::Punch),
        |h| h.skill,
    )
}

/// M-MEL-011: a foe comes within the waiter's reach: the waiter strikes
/// first, unless the mover attacks it this turn and wins a contest of
/// weapon skills (then the waiter strikes once the mover's action is over).
#[allow(clippy::too_many_arguments)]
fn strike_first(
    state: &mut State,
    w: CombatantId,
    mover: CombatantId,
    weapon: u8,
    mode: u8,
    attacking: Option<CombatantId>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let (f, m) = (state.fighter(w), state.fighter(mover));
    if f.side == m.side {
        return Ok(());
    }
    let s = Strike::at(mover).with(weapon, mode);
    let Some(h) = held(f, &s) else { return Ok(()) };
    let d = f.pos.distance(m.pos);
    if d == 0 || d > u32::from(h.weapon.reach) || !h.ready || h.lost {
        return Ok(());
    }
    let skill = h.skill;
    state.fighter_mut(w).guard.wait = None;
    cx.note("M-MEL-011", || {
        format!(
            "{} strikes as {} comes in",
            state.fighter(w).name,
            state.fighter(mover).name
        )
    });
    if attacking == Some(w) {
        let ms = mover_skill(state, mover);
        let a = check::roll(
            state,
            cx,
            w,
            "Wait contest",
            "M-MEL-011",
            &ModList::base("weapon skill", skill, ""),
        )?;
        let b = check::roll(
            state,
            cx,
            mover,
            "Wait contest",
            "M-MEL-011",
            &ModList::base("weapon skill", ms, ""),
        )?;
        if check::judged(state, cx, w, a, mover, b).winner == Winner::B {
            state.deferred = Some((w, mover));
            return Ok(());
        }
    }
    strike_now(state, w, s, HitCtx::default(), cx)
}

/// The waiter turns to the foe and strikes or shoots from where it stands.
fn strike_now(
    state: &mut State,
    w: CombatantId,
    s: Strike,
    ctx: HitCtx,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let tp = state.fighter(s.target).pos;
    let f = state.fighter_mut(w);
    if let Some(dir) = f.pos.facing_toward(tp) {
        f.facing = dir;
    }
    let from = f.pos;
    attack(
        state,
        Blow {
            attacker: w,
            strike: s,
            ctx,
            bonus: 0,
        },
        from,
        cx,
    )
}

/// M-MIS-005/006: a figure enters the watched area: the shooter fires
/// once, at −2 / −4 / −5 by area, −2 more with a PER roll to tell friend
/// from foe (a success holds fire at friends; a failure leaves it to the
/// controller); the Snap Shot −3 applies as usual. The PER roll is by
/// sight: the hearing penalty never applies (M-MOD-002 decision).
fn fire(
    state: &mut State,
    w: CombatantId,
    mover: CombatantId,
    weapon: u8,
    watch: Watch,
    confirm: bool,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let (f, m) = (state.fighter(w), state.fighter(mover));
    let Some(area) = watched(f.pos, f.facing, watch, m.pos) else {
        return Ok(());
    };
    let s = Strike::at(mover).with(weapon, 0);
    let Some(h) = held(f, &s) else { return Ok(()) };
    if h.lost
        || !h.loaded
        || h.ammo == Some(0)
        || h.weapon
            .max_range
            .is_some_and(|r| f.pos.distance(m.pos) > r)
    {
        return Ok(());
    }
    if !state
        .map
        .hex_sight(f.pos, m.pos)
        .is_clear(fray_core::grid::Graze::Either)
    {
        return Ok(());
    }
    let friend = f.side == m.side;
    let mut penalty = area;
    if confirm {
        penalty -= 2;
        let per = f.stats.per;
        let c = roll_plain(
            state,
            cx,
            w,
            "PER to tell friend from foe",
            "M-MIS-006",
            "PER",
            per,
        )?;
        if c.outcome.is_success() {
            if friend {
                return Ok(());
            }
        } else {
            let a = cx.ask(state, || Question::Fire {
                shooter: w,
                target: mover,
            })?;
            if a == (Answer::Fire { fire: false }) {
                return Ok(());
            }
        }
    }
    state.fighter_mut(w).guard.wait = None;
    cx.note("M-MIS-005", || {
        format!(
            "{} fires at {} entering the area",
            state.fighter(w).name,
            state.fighter(mover).name
        )
    });
    let ctx = HitCtx {
        opportunity: penalty,
        ..HitCtx::default()
    };
    strike_now(state, w, s, ctx, cx)
}

/// A deferred Wait strike, once the mover's action is over (M-MEL-011).
pub fn deferred(state: &mut State, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let Some((w, mover)) = state.deferred.take() else {
        return Ok(());
    };
    let (f, m) = (state.fighter(w), state.fighter(mover));
    if !f.awake() || !m.awake() || f.pos.distance(m.pos) > 1 {
        return Ok(());
    }
    let Some(i) = f
        .weapons
        .iter()
        .position(|h| h.ready && !h.lost && !h.weapon.ranged())
    else {
        return Ok(());
    };
    strike_now(
        state,
        w,
        Strike::at(mover).with(i as u8, 0),
        HitCtx::default(),
        cx,
    )
}

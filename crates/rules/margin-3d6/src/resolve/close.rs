//! Slams, tackles and grappling (M-UNA-003..012), as contests (M-FLO-005).
//!
//! A slam, a flying tackle and an All-Out Charge close from the next hex
//! and end in the foe's hex ([`enter`]); the two figures then share it, in
//! close combat (M-PAT-004), where grapples and takedowns are made. A hold
//! lasts while the holder stays in the held figure's hex ([`release`]).

use crate::model::data::ShieldSize;
use crate::model::state::{AodKind, Fighter, Life, Posture, State, Stun};
use crate::resolve::check::{self, roll_plain};
use crate::resolve::injury;
use crate::{Flow, Margin};
use fray_core::dice::systems::margin3d6::{Check, Outcome, Winner};
use fray_core::grid::RelativeBearing;
use fray_core::{CombatantId, Cx, ModList};

/// M-UNA-003, M-UNA-008, M-MEL-008: the closing figure ends its move in
/// the foe's hex, the last hex of the move, and the two share it (close
/// combat, M-PAT-004). Nothing happens when the foe is dead or was knocked
/// out of reach (knockback), or when its hex holds a third figure.
pub fn enter(state: &mut State, who: CombatantId, target: CombatantId, cx: &mut impl Cx<Margin>) {
    let tp = state.fighter(target).pos;
    let f = state.fighter(who);
    if f.pos == tp || f.pos.distance(tp) > 1 || state.fighter(target).life == Life::Dead {
        return;
    }
    let crowded = state
        .first_at(tp, |i, o| i != who && i != target && o.life != Life::Dead)
        .is_some();
    if crowded || !state.map.passable(tp) {
        return;
    }
    state.place(who, tp);
    let f = state.fighter_mut(who);
    f.moved = f.moved.saturating_add(1);
    cx.note("M-PAT-004", || {
        format!(
            "{} enters {}'s hex: close combat",
            state.fighter(who).name,
            state.fighter(target).name
        )
    });
}

/// M-UNA-006, M-UNA-011: a hold lasts while the holder is awake and in
/// the held figure's hex; once either has left it (a step, a retreat,
/// knockback) or the holder is out of the fight, the held figure is free.
#[inline(always)]
pub fn release(state: &mut State) {
    for i in 0..state.fighters.len() {
        let Some((holder, _)) = state.fighters[i].held_by else {
            continue;
        };
        let h = &state.fighters[holder.index()];
        if h.pos != state.fighters[i].pos || !h.awake() {
            let f = &mut state.fighters[i];
            f.held_by = None;
            f.pinned = false;
        }
    }
}

fn big_shield(f: &Fighter) -> bool {
    f.ready_shield()
        .is_some_and(|s| s.size != ShieldSize::Small)
}

/// Boxing/10, added to slams, grapples and Break Free (M-UNA-004/006/011).
fn boxing(f: &Fighter) -> i32 {
    f.skills.boxing.map_or(0, |b| b / 10)
}

/// "Running": a Move last turn and more than ½ MV this turn (M-UNA-004).
fn running(f: &Fighter) -> bool {
    f.ran && i32::from(f.moved) * 2 > f.stats.mv
}

fn note(state: &State, cx: &mut impl Cx<Margin>, text: String, rule: &'static str) {
    let _ = state;
    cx.note(rule, || text);
}

/// Knocks `who` down unless it braced and makes its DX check (M-UNA-005, M-AOD-004).
fn knock_down(state: &mut State, who: CombatantId, cx: &mut impl Cx<Margin>) -> Flow<bool> {
    let f = state.fighter(who);
    if f.guard.aod == Some(AodKind::Brace) {
        let dx = f.stats.dx;
        let c = roll_plain(
            state,
            cx,
            who,
            "DX to stay up (braced)",
            "M-AOD-004",
            "DX",
            dx,
        )?;
        if c.outcome.is_success() {
            return Ok(false);
        }
    }
    state.fighter_mut(who).posture = Posture::Lying;
    note(
        state,
        cx,
        format!("{} is knocked down", state.fighter(who).name),
        "M-UNA-005",
    );
    Ok(true)
}

/// M-UNA-003..005: a slam: a DX contest with the slammer's modifiers;
/// the loser is knocked down unless braced (and stunned, M-UNA-005); if
/// it falls, the winner rolls ST or falls too, unless it rolled a
/// critical success. Nobody winning leaves both standing.
pub fn slam(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    extra: i32,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let (a, t) = (state.fighter(who), state.fighter(target));
    let mut m = ModList::base("DX", a.stats.dx, "M-UNA-003");
    match crate::rules::attack::bearing(t.pos, t.facing, a.pos) {
        Some(RelativeBearing::Side(_)) => m.add("from the side", 2, "M-UNA-004"),
        Some(RelativeBearing::Rear) => m.add("from behind", 4, "M-UNA-004"),
        _ => &mut m,
    };
    if t.posture != Posture::Standing {
        m.add("target down", 2, "M-UNA-004");
    }
    if running(a) {
        m.add("running", 2, "M-UNA-004");
    }
    if running(t) {
        m.add("target running", -2, "M-UNA-004");
    }
    if big_shield(a) {
        m.add("shield", 2, "M-UNA-004");
    }
    if big_shield(t) {
        m.add("target's shield", -2, "M-UNA-004");
    }
    m.add("Boxing", boxing(a), "M-UNA-004");
    m.add("charge", extra, "M-MEL-009");
    let dx = t.stats.dx;
    let ca = check::roll(state, cx, who, "slam", "M-UNA-003", &m)?;
    let cb = roll_plain(state, cx, target, "resist slam", "M-UNA-003", "DX", dx)?;
    let c = check::judged(state, cx, who, ca, target, cb);
    let (winner, loser, win_check) = match c.winner {
        Winner::A => (who, target, ca),
        Winner::B => (target, who, cb),
        Winner::Nobody => {
            note(state, cx, "the slam: nobody wins".into(), "M-UNA-005");
            return Ok(());
        }
    };
    if knock_down(state, loser, cx)? {
        injury::stun(state, loser, Stun::NextTurn, cx);
        if win_check.outcome != Outcome::CriticalSuccess {
            let st = state.fighter(winner).stats.st;
            let c = roll_plain(state, cx, winner, "ST to stay up", "M-UNA-005", "ST", st)?;
            if !c.outcome.is_success() {
                state.fighter_mut(winner).posture = Posture::Lying;
            }
        }
    }
    Ok(())
}

/// M-UNA-008..010: a flying tackle: the foe may dodge unless tackled from
/// behind (a dodge throws the tackler down); then an ST contest with the
/// tackler's modifiers. The tackler always ends on the ground; the loser
/// is knocked down unless braced; a win by 5+ successes grapples. Returns
/// whether the tackle reached the foe (it was not dodged), so that the
/// tackler ends in the foe's hex.
pub fn tackle(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    closed: u32,
    cx: &mut impl Cx<Margin>,
) -> Flow<bool> {
    let (a, t) = (state.fighter(who), state.fighter(target));
    let behind =
        crate::rules::attack::bearing(t.pos, t.facing, a.pos) == Some(RelativeBearing::Rear);
    let mut failed_dodge = false;
    if !behind && t.awake() && !t.guard.no_active && t.guard.aod != Some(AodKind::Brace) {
        let dodge = crate::rules::defense::dodge_score(t);
        let c = roll_plain(
            state,
            cx,
            target,
            "dodge the tackle",
            "M-UNA-008",
            "Dodge",
            dodge,
        )?;
        if c.outcome.is_success() {
            state.fighter_mut(who).posture = Posture::Lying;
            note(
                state,
                cx,
                "the tackle is dodged: the tackler falls".into(),
                "M-UNA-008",
            );
            return Ok(false);
        }
        failed_dodge = true;
    }
    let (a, t) = (state.fighter(who), state.fighter(target));
    let mut m = ModList::base("ST", a.stats.st, "M-UNA-009");
    if closed > 1 || running(a) {
        m.add("closing", 2, "M-UNA-009");
    }
    if running(t) {
        m.add("foe running", -2, "M-UNA-009");
    }
    if big_shield(a) {
        m.add("shield", 2, "M-UNA-009");
    }
    if big_shield(t) {
        m.add("foe's shield", -2, "M-UNA-009");
    }
    if behind {
        m.add("from behind", 2, "M-UNA-009");
    }
    if failed_dodge {
        m.add("foe failed to dodge", -2, "M-UNA-009");
    }
    let st = t.stats.st;
    let ca = check::roll(state, cx, who, "tackle", "M-UNA-009", &m)?;
    let cb = roll_plain(state, cx, target, "resist tackle", "M-UNA-009", "ST", st)?;
    let c = check::judged(state, cx, who, ca, target, cb);
    match c.winner {
        Winner::A => {
            knock_down(state, target, cx)?;
            if ca.successes() >= 5 {
                state.fighter_mut(target).held_by = Some((who, 2));
                note(state, cx, "the tackle grapples".into(), "M-UNA-010");
            }
        }
        Winner::B | Winner::Nobody => {}
    }
    state.fighter_mut(who).posture = Posture::Lying;
    Ok(true)
}

/// M-UNA-006: a grapple: a DX contest (+3 two hands, +3 against a
/// kneeling or lying foe, Boxing/10) seizes the foe's weapon arm; against
/// a foe already held and standing, an ST contest brings it down or, with
/// `wrest`, wrests its weapon away (the first ready melee weapon, dropped
/// out of the fight as in M-CRT-002); against a held foe on the ground,
/// one more ST contest pins it.
pub fn grapple(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    two_hands: bool,
    wrest: bool,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let (a, t) = (state.fighter(who), state.fighter(target));
    let held = t.held_by.is_some_and(|(by, _)| by == who);
    let hands = if two_hands { 2 } else { 1 };
    if !held {
        let mut m = ModList::base("DX", a.stats.dx, "M-UNA-006");
        if two_hands {
            m.add("two hands", 3, "M-UNA-006");
        }
        if matches!(
            t.posture,
            Posture::Kneeling | Posture::Lying | Posture::Crawling
        ) {
            m.add("foe down", 3, "M-UNA-006");
        }
        m.add("Boxing", boxing(a), "M-UNA-006");
        let dx = t.stats.dx;
        let c = contested(state, cx, who, target, &m, "DX", dx, "grapple")?;
        if c == Winner::A {
            state.fighter_mut(target).held_by = Some((who, hands));
            note(state, cx, "seized".into(), "M-UNA-006");
        }
        return Ok(());
    }
    let st = t.stats.st;
    let m = ModList::base("ST", a.stats.st, "M-UNA-006");
    let down = t.posture != Posture::Standing;
    let c = contested(state, cx, who, target, &m, "ST", st, "grapple (ST)")?;
    if c == Winner::A {
        let f = state.fighter_mut(target);
        if wrest && !down {
            if let Some(h) = f
                .weapons
                .iter_mut()
                .find(|h| h.ready && !h.lost && !h.weapon.ranged())
            {
                h.lost = true;
                h.ready = false;
                note(state, cx, "its weapon is wrested away".into(), "M-UNA-006");
            }
        } else if down {
            f.pinned = true;
            f.held_by = Some((who, hands));
            if hands == 2 {
                f.break_free_from = 0;
            }
            note(state, cx, "pinned".into(), "M-UNA-006");
        } else {
            f.posture = Posture::Lying;
            note(state, cx, "brought down".into(), "M-UNA-006");
        }
    }
    Ok(())
}

/// A contest of `m` for `who` against `plain` for `target`.
#[allow(clippy::too_many_arguments)]
fn contested(
    state: &State,
    cx: &mut impl Cx<Margin>,
    who: CombatantId,
    target: CombatantId,
    m: &ModList,
    label: &'static str,
    plain: i32,
    what: &'static str,
) -> Flow<Winner> {
    let a: Check = check::roll(state, cx, who, what, "M-FLO-005", m)?;
    let b = roll_plain(state, cx, target, "resist", "M-FLO-005", label, plain)?;
    Ok(check::judged(state, cx, who, a, target, b).winner)
}

/// M-UNA-007: a takedown: the best of ST, DX and Boxing against the foe's
/// ST; the loser falls and loses its grip on the other.
pub fn takedown(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let a = state.fighter(who);
    let best = a.stats.st.max(a.stats.dx).max(a.skills.boxing.unwrap_or(0));
    let st = state.fighter(target).stats.st;
    let c = contested(
        state,
        cx,
        who,
        target,
        &ModList::base("best of ST, DX, Boxing", best, "M-UNA-007"),
        "ST",
        st,
        "takedown",
    )?;
    let (loser, other) = match c {
        Winner::A => (target, who),
        Winner::B => (who, target),
        Winner::Nobody => return Ok(()),
    };
    state.fighter_mut(loser).posture = Posture::Lying;
    if state
        .fighter(other)
        .held_by
        .is_some_and(|(by, _)| by == loser)
    {
        let f = state.fighter_mut(other);
        f.held_by = None;
        f.pinned = false;
    }
    note(
        state,
        cx,
        format!("{} is taken down", state.fighter(loser).name),
        "M-UNA-007",
    );
    Ok(())
}

/// M-UNA-011/012: Break Free: an ST contest (+ Boxing/10) against the
/// holder, who gets +5 for a one-hand pin or a two-hand hold, +10 for a
/// two-hand pin (and then only every 4th round).
pub fn break_free(state: &mut State, who: CombatantId, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let f = state.fighter(who);
    let Some((holder, hands)) = f.held_by else {
        return Ok(());
    };
    let mut m = ModList::base("ST", f.stats.st, "M-UNA-011");
    m.add("Boxing", boxing(f), "M-UNA-011");
    let bonus = match (f.pinned, hands) {
        (true, 2) => 10,
        (true, _) | (false, 2) => 5,
        _ => 0,
    };
    let hst = state.fighter(holder).stats.st + bonus;
    let c = contested(state, cx, who, holder, &m, "ST and hold", hst, "break free")?;
    if c == Winner::A {
        let f = state.fighter_mut(who);
        f.held_by = None;
        f.pinned = false;
        note(state, cx, "breaks free".into(), "M-UNA-011");
    } else if bonus == 10 {
        state.fighter_mut(who).break_free_from = state.round + 4;
    }
    Ok(())
}

//! Applying effective damage and its effects (DQ-18-002, DQ-19-001..004,
//! DQ-16-014).

use crate::model::event::Event;
use crate::model::state::{Hold, Life, State};
use crate::resolve::{check, effect, name};
use crate::rules::{damage, values};
use crate::{DragonQuest, Flow};
use fray_core::{CombatantId, Cx, ModList};

/// One attack's effective damage, and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hurt {
    /// The figure that dealt it, if any.
    pub by: Option<CombatantId>,
    /// Effective damage (after armor).
    pub amount: i32,
    /// Straight to EN (DQ-18-003).
    pub to_en: bool,
    /// From a bite, claw or talon (DQ-24-003).
    pub natural: bool,
    /// The rule, for the event.
    pub rule: &'static str,
}

/// Effective damage to `target` from `by` (if a figure): FT then EN
/// (DQ-18-002), or EN directly (`to_en`, DQ-18-003); then restraint
/// (DQ-16-014), death and unconsciousness (DQ-19-001, DQ-19-002), stun and
/// the dropped-weapon check (DQ-19-003, DQ-19-004). Returns the damage taken.
pub fn wound(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    target: CombatantId,
    hurt: Hurt,
) -> Flow<i32> {
    let Hurt {
        by,
        amount: effective,
        to_en,
        natural,
        rule,
    } = hurt;
    if effective <= 0 {
        return Ok(0);
    }
    let overflow = state.options.ft_overflow_to_en;
    let f = state.fig_mut(target);
    let landing = damage::land(f, effective, to_en, overflow);
    f.ft -= landing.ft;
    f.en -= landing.en;
    f.record.taken += landing.ft + landing.en;
    f.record.en_lost += landing.en;
    if natural {
        f.record.natural_wound = true;
    }
    let (ft_left, en_left) = (f.ft, f.en);
    if let Some(b) = by {
        state.fig_mut(b).record.dealt += landing.ft + landing.en;
    }
    if landing.ft > 0 {
        cx.emit(|| Event::Damage {
            who: name(state, target),
            amount: landing.ft,
            pool: "FT",
            left: ft_left,
            rule,
        });
    }
    if landing.en > 0 {
        cx.emit(|| Event::Damage {
            who: name(state, target),
            amount: landing.en,
            pool: "EN",
            left: en_left,
            rule,
        });
    }
    // DQ-16-014: 1 or more effective damage from someone else frees the
    // figure this one restrains.
    for i in 0..state.figures.len() {
        let id = CombatantId(i as u16);
        if state.fig(id).status.restrained_by == Some(target) && by != Some(id) {
            state.fig_mut(id).status.restrained_by = None;
            effect(state, cx, id, "is no longer restrained", "DQ-16-014");
        }
    }
    let before = state.fig(target).life;
    let after = damage::life_after(state.fig(target));
    if after != before {
        state.fig_mut(target).life = after;
        match after {
            Life::Dead => effect(state, cx, target, "dies", "DQ-19-001"),
            Life::Unconscious => effect(state, cx, target, "falls unconscious", "DQ-19-002"),
            Life::Conscious => {}
        }
    }
    if after != Life::Conscious {
        helpless(state, cx, target);
        return Ok(effective);
    }
    // DQ-19-003: more than a third of the original EN in one attack stuns.
    if values::stuns(effective, state.fig(target).stats.en) && !state.fig(target).status.stunned {
        let f = state.fig_mut(target);
        f.status.stunned = true;
        f.record.stuns += 1;
        effect(state, cx, target, "is stunned", "DQ-19-003");
        helpless(state, cx, target);
        drop_check(state, cx, target)?;
    }
    Ok(effective)
}

/// DQ-16-015 (decision `restrain_release_on_helpless`): a restrainer that is
/// stunned, unconscious or dead lets go; a figure out of the fight leaves
/// close combat.
fn helpless(state: &mut State, cx: &mut impl Cx<DragonQuest>, who: CombatantId) {
    // DQ-23-001: a rider or mount going down ends the ride.
    crate::resolve::mounted::after_hurt(state, cx, who);
    for i in 0..state.figures.len() {
        let id = CombatantId(i as u16);
        if state.fig(id).status.restrained_by == Some(who) {
            state.fig_mut(id).status.restrained_by = None;
            effect(state, cx, id, "is no longer restrained", "DQ-16-015");
        }
    }
}

/// DQ-19-004: a newly stunned figure keeps its prepared weapon on D100 <=
/// 3 × modMD, else drops it. A natural weapon (a wolf's bite) is part of
/// the body: nothing to drop, no roll (decision).
pub fn drop_check(state: &mut State, cx: &mut impl Cx<DragonQuest>, who: CombatantId) -> Flow<()> {
    let f = state.fig(who);
    let Some(i) = f
        .main
        .filter(|_| f.weapon().is_some_and(|h| h.weapon.droppable()))
    else {
        return Ok(());
    };
    let chance = ModList::base("3 × modMD", 3 * values::mod_md(state.fig(who)), "DQ-19-004");
    if !check(state, cx, Some(who), "keep weapon", "DQ-19-004", &chance)? {
        drop_weapon(state, cx, who, i, "drops its weapon", "DQ-19-004");
    }
    Ok(())
}

/// The weapon `i` falls in the figure's hex; a natural weapon, part of the
/// body, stays where it is (decision, DQ-19-004).
pub fn drop_weapon(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    who: CombatantId,
    i: u8,
    what: &'static str,
    rule: &'static str,
) {
    let f = state.fig_mut(who);
    let at = f.pos;
    match f.weapons.get_mut(usize::from(i)) {
        Some(h) if h.weapon.droppable() => {
            h.hold = Hold::Dropped;
            h.at = Some(at);
        }
        _ => return,
    }
    if f.main == Some(i) {
        f.main = None;
    }
    if f.off == Some(i) {
        f.off = None;
    }
    effect(state, cx, who, what, rule);
}

//! Applying effective damage and its effects (DQ-18-002, DQ-19-001..004,
//! DQ-16-014).

use crate::model::event::{Event, Wound};
use crate::model::state::{Hold, Life, State};
use crate::resolve::{check, effect, effect_with, name, weapon_name};
use crate::rules::{damage, values};
use crate::{DragonQuest, Flow};
use fray_core::{CombatantId, Cx, ModList};

/// One attack's effective damage, how it came about and where it comes
/// from.
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
    /// The damage check it came from (DQ-18-001), or the fixed amount.
    pub check: i32,
    /// Armor protection taken off the check.
    pub armor: i32,
    /// Why armor did not count, when it did not.
    pub bypass: Option<&'static str>,
    /// Halved by a Passive resistance roll (DQ-18-007).
    pub halved: bool,
}

impl Hurt {
    /// Damage no armor stops (a poison, a removal, 1 point of a Disarm, an
    /// infection), `why` saying so: its check is its amount.
    pub fn direct(
        by: Option<CombatantId>,
        amount: i32,
        to_en: bool,
        why: &'static str,
        rule: &'static str,
    ) -> Hurt {
        Hurt {
            by,
            amount,
            to_en,
            natural: false,
            rule,
            check: amount,
            armor: 0,
            bypass: Some(why),
            halved: false,
        }
    }
}

/// DQ-19-003: the least effective damage that stuns a figure of original
/// EN `en` (more than a third of it).
pub fn stun_threshold(en: i32) -> i32 {
    en.div_euclid(3) + 1
}

/// Effective damage to `target` from `by` (if a figure): FT then EN
/// (DQ-18-002), or EN directly (`to_en`, DQ-18-003); then restraint
/// (DQ-16-014), death and unconsciousness (DQ-19-001, DQ-19-002), stun and
/// the dropped-weapon check (DQ-19-003, DQ-19-004). Returns the damage taken.
/// The event shows the check, the armor, the pools before and after and
/// the stun threshold, also when the armor stops it all.
pub fn wound(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    target: CombatantId,
    hurt: Hurt,
) -> Flow<i32> {
    let Hurt {
        by,
        amount,
        to_en,
        natural,
        ..
    } = hurt;
    let effective = amount.max(0);
    let overflow = state.options.ft_overflow_to_en;
    let f = state.fig_mut(target);
    let (ft0, en0) = (f.ft, f.en);
    let landing = damage::land(f, effective, to_en, overflow);
    f.ft -= landing.ft;
    f.en -= landing.en;
    f.record.taken += landing.ft + landing.en;
    f.record.en_lost += landing.en;
    if natural && effective > 0 {
        f.record.natural_wound = true;
    }
    if let Some(b) = by {
        state.fig_mut(b).record.dealt += landing.ft + landing.en;
    }
    cx.emit(|| {
        let f = state.fig(target);
        let lost = effective - landing.ft - landing.en;
        let mut rules = vec![hurt.rule];
        if hurt.bypass.is_none() && hurt.rule != "DQ-18-001" {
            rules.insert(0, "DQ-18-001");
        }
        if effective <= 0 {
            rules.truncate(1);
        } else {
            if lost > 0 && !rules.contains(&"DQ-18-002") {
                rules.push("DQ-18-002");
            }
            rules.push("DQ-19-003");
        }
        Event::Damage(Wound {
            who: name(state, target),
            check: hurt.check,
            armor: hurt.armor,
            bypass: hurt.bypass,
            halved: hurt.halved,
            amount: effective,
            ft: (landing.ft, ft0, f.ft),
            en: (landing.en, en0, f.en),
            lost,
            stuns_at: stun_threshold(f.stats.en),
            rules,
        })
    });
    if effective <= 0 {
        return Ok(0);
    }
    // DQ-16-014: 1 or more effective damage from someone else frees the
    // figure this one restrains.
    for i in 0..state.figures.len() {
        let id = CombatantId::of_index(i);
        if state.fig(id).status.restrained_by == Some(target) && by != Some(id) {
            state.fig_mut(id).status.restrained_by = None;
            effect(state, cx, id, "is no longer restrained", "DQ-16-014");
        }
    }
    let before = state.fig(target).life;
    let after = damage::life_after(state.fig(target));
    if after != before {
        state.fig_mut(target).life = after;
        if after != Life::Conscious {
            life_changed(state, cx, target, after);
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
        effect_with(state, cx, target, "DQ-19-003", || {
            format!(
                "is stunned: {effective} is more than a third of its original EN {}",
                state.fig(target).stats.en
            )
        });
        helpless(state, cx, target);
        drop_check(state, cx, target)?;
    }
    Ok(effective)
}

/// DQ-19-001, DQ-19-002: the death or unconsciousness a wound brought, said
/// with the EN that brought it.
fn life_changed(state: &State, cx: &mut impl Cx<DragonQuest>, who: CombatantId, life: Life) {
    let en = state.fig(who).en;
    match life {
        Life::Dead => effect_with(state, cx, who, "DQ-19-001", || format!("dies: EN {en}")),
        Life::Unconscious => effect_with(state, cx, who, "DQ-19-002", || {
            format!("falls unconscious: EN {en} is 3 or less")
        }),
        Life::Conscious => {}
    }
}

/// DQ-16-015 (decision `restrain_release_on_helpless`): a restrainer that is
/// stunned, unconscious or dead lets go; a figure out of the fight leaves
/// close combat.
fn helpless(state: &mut State, cx: &mut impl Cx<DragonQuest>, who: CombatantId) {
    // DQ-23-001: a rider or mount going down ends the ride.
    crate::resolve::mounted::after_hurt(state, cx, who);
    for i in 0..state.figures.len() {
        let id = CombatantId::of_index(i);
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
    let f = state.fig_mut(who);
    if f.main == Some(i) {
        f.main = None;
    }
    if f.off == Some(i) {
        f.off = None;
    }
    effect_with(state, cx, who, rule, || {
        format!("{what}: its {} lies at {at}", weapon_name(state, who, i))
    });
}

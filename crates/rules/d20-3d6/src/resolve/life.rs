//! Life: health after damage (X-LIF-001..004, X-CON-007), First Aid
//! (X-LIF-006, X-LIF-008, X-LIF-009), potions and magical healing
//! (X-MAN-014..017, X-LIF-005, X-LIF-010), and recovery out of combat
//! (X-LIF-007, X-LIF-011..013).

use crate::model::event::Event;
use crate::model::options::DyingMagicHeal;
use crate::model::sheet::Place;
use crate::model::state::{Condition, Life, State};
use crate::resolve::check::check;
use crate::rules::life::{
    HOUR_AT_ZERO_DC, first_aid_dc, life_of, max_hp_recovery, nonlethal_per_hour, rest_heal,
};
use crate::{D20, Flow};
use fray_core::dice::RollKind;
use fray_core::{CombatantId, Cx, ModList, RollRecord, RollRequest};

/// Sets `who`'s health from its HP and nonlethal damage, and narrates a
/// change. Going down (X-CON-007): it falls prone, drops what it holds,
/// lets go of anyone it grapples (X-SPM-004), and a rider falls from its
/// mount, or off a mount that went down (X-MAN-018).
pub fn update_life(state: &mut State, who: CombatantId, cx: &mut impl Cx<D20>) {
    let model = state.options.nonlethal_model;
    let f = state.fighter_mut(who);
    let was = f.life;
    let now = life_of(f.hp, f.nonlethal, f.stats.con, was, model);
    if now == was {
        return;
    }
    f.life = now;
    // X-CON-008: dying is HP below zero, losing 1 a round.
    if now == Life::Dying {
        f.record.dying += 1;
    }
    if !now.fine() {
        f.cond.set(Condition::Prone, true);
        f.main = None;
        f.off = None;
    }
    if now == Life::Unconscious || now == Life::Fine {
        f.first_aid_tries = 0;
    }
    let (what, rule) = match now {
        Life::Fine => ("is conscious again", "X-LIF-001"),
        Life::KnockedOut => ("is knocked out by nonlethal damage", "X-LIF-014"),
        Life::Unconscious => ("falls unconscious at 0 HP", "X-LIF-002"),
        Life::Dying => ("is dying", "X-LIF-003"),
        Life::Dead => ("dies", "X-LIF-004"),
    };
    if !now.fine() {
        for o in &mut state.fighters {
            if o.grappled_by == Some(who) {
                o.grappled_by = None;
                o.pinned = false;
            }
        }
    }
    cx.condition(rule, &state.fighter(who).name, || what.into());
    if !now.fine() {
        crate::resolve::saddle::after_down(state, who, cx);
    }
}

/// X-LIF-005, X-LIF-010, X-LIF-014: magical healing of `amount`: a dying
/// creature is set to 1 HP (`dying_magic_heal`); otherwise HP rise by the
/// full amount up to the maximum less `max_hp_loss`; nonlethal damage falls
/// by the same amount.
pub fn magic_heal(state: &mut State, who: CombatantId, amount: i32, cx: &mut impl Cx<D20>) {
    let mode = state.options.dying_magic_heal;
    let f = state.fighter_mut(who);
    if f.life == Life::Dead {
        return;
    }
    let cap = f.stats.hp_max - f.max_hp_loss;
    f.hp = if f.hp < 0 {
        match mode {
            DyingMagicHeal::SetTo1 => 1,
            DyingMagicHeal::FromZero => amount.min(cap),
        }
    } else {
        (f.hp + amount).min(cap)
    };
    f.nonlethal = (f.nonlethal - amount).max(0);
    let (name, hp) = (&*f.name, f.hp);
    cx.condition("X-LIF-005", name, || {
        format!("is healed by {amount} (HP {hp})")
    });
    update_life(state, who, cx);
}

/// X-MAN-016, X-MAN-017: `drinker` drinks potion `potion` of `owner`.
pub fn drink(
    state: &mut State,
    owner: CombatantId,
    potion: u8,
    drinker: CombatantId,
    cx: &mut impl Cx<D20>,
) -> Flow<()> {
    // Its dice alone: a clone of the potion would write its name's shared
    // reference count (issue 38).
    let Some(heal) = state
        .fighter(owner)
        .potions
        .get(usize::from(potion))
        .map(|p| p.heal)
    else {
        return Ok(());
    };
    let kind = RollKind::Sum {
        dice: u16::from(heal.count),
        sides: u16::from(heal.sides),
        modifier: i32::from(heal.plus),
    };
    let req = RollRequest::new(Some(owner), kind, "potion", "X-LIF-005");
    let r = cx.roll(state, req)?;
    let shown = crate::resolve::Shown::last(cx, req.kind);
    let name = &*state.fighter(owner).name;
    cx.emit(|| Event::Roll {
        roll: shown.on(RollRecord::new(&req, Some(name), r)),
    });
    // X-QCK-007: used up; nothing recharges within a fight.
    state.fighter_mut(owner).potions[usize::from(potion)].at = None;
    magic_heal(state, drinker, r.total.max(1), cx);
    Ok(())
}

/// X-MAN-014, X-MAN-015: a potion from the backpack or belt into the hand.
pub fn take_potion(state: &mut State, who: CombatantId, potion: u8) {
    if let Some(p) = state.fighter_mut(who).potions.get_mut(usize::from(potion)) {
        p.at = Some(Place::Hand);
    }
}

/// X-LIF-006, X-LIF-008, X-LIF-009: First Aid. At 0 HP, DC 12 gives 1 HP;
/// dying, DC 12 + the negative HP + 2 per earlier attempt brings the
/// patient to 0, stable.
pub fn first_aid(
    state: &mut State,
    healer: CombatantId,
    patient: CombatantId,
    cx: &mut impl Cx<D20>,
) -> Flow<bool> {
    let p = state.fighter(patient);
    let dying = p.hp < 0;
    let dc_value = first_aid_dc(p.hp, p.first_aid_tries);
    let mut dc = ModList::base("DC", 12, if dying { "X-LIF-008" } else { "X-LIF-006" });
    if dying {
        dc.add("negative HP", -p.hp, "X-LIF-008");
        dc.add(
            "earlier attempts",
            2 * i32::from(p.first_aid_tries),
            "X-LIF-009",
        );
    }
    debug_assert_eq!(dc.total(), dc_value);
    let bonus = ModList::base(
        "First Aid",
        state.fighter(healer).stats.skills.first_aid,
        "X-DAT-003",
    );
    let rule = if dying { "X-LIF-008" } else { "X-LIF-006" };
    let c = check(state, healer, &bonus, 0, &dc, "first aid", rule, cx)?;
    let f = state.fighter_mut(patient);
    if c.success {
        f.hp = if dying { 0 } else { 1 };
        f.first_aid_tries = 0;
    } else if dying {
        f.first_aid_tries = f.first_aid_tries.saturating_add(1);
    }
    update_life(state, patient, cx);
    Ok(c.success)
}

/// X-LIF-007: after an hour at 0 HP, a Fortitude save against DC 15: 1 HP
/// on success, -1 (dying) on failure.
pub fn hour_at_zero(state: &mut State, who: CombatantId, cx: &mut impl Cx<D20>) -> Flow<bool> {
    if state.fighter(who).hp != 0 {
        return Ok(false);
    }
    let bonus = ModList::base(
        "Fortitude",
        state.fighter(who).stats.saves.fort,
        "X-DAT-002",
    );
    let dc = ModList::base("DC", HOUR_AT_ZERO_DC, "X-LIF-007");
    let c = check(state, who, &bonus, 0, &dc, "fortitude", "X-LIF-007", cx)?;
    state.fighter_mut(who).hp = if c.success { 1 } else { -1 };
    update_life(state, who, cx);
    Ok(c.success)
}

/// X-LIF-011..013: 8 hours of rest: HP back (CON + ECL), nonlethal damage
/// back at CON per hour, maximum HP loss back by 1d4 + CON.
pub fn rest(state: &mut State, who: CombatantId, cx: &mut impl Cx<D20>) -> Flow<()> {
    let rule = state.options.rest_heal;
    let f = state.fighter(who);
    if f.life == Life::Dead {
        return Ok(());
    }
    let back = rest_heal(f.stats.con, f.stats.ecl, f.stats.bab, rule);
    let nl = 8 * nonlethal_per_hour(f.stats.con);
    let mut max_back = 0;
    if f.max_hp_loss > 0 {
        let req = RollRequest::new(Some(who), RollKind::d(1, 4), "max HP recovery", "X-LIF-013");
        let r = cx.roll(state, req)?;
        max_back = max_hp_recovery(r.total, f.stats.con);
    }
    let f = state.fighter_mut(who);
    f.max_hp_loss = (f.max_hp_loss - max_back).max(0);
    if f.hp > 0 {
        f.hp = (f.hp + back).min(f.stats.hp_max - f.max_hp_loss);
    }
    f.nonlethal = (f.nonlethal - nl).max(0);
    update_life(state, who, cx);
    Ok(())
}

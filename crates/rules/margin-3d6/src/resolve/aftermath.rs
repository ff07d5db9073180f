//! After the battle (`[options] aftermath = true`): each wounded survivor
//! is treated by the best helper of its side, bleeds if `bleeding` is on,
//! and is told when it wakes, how it heals and what its crippled limbs
//! come to (M-BLD, M-HEA, M-NAT). Events only; the fight's outcome stands.

use crate::model::location::Limb;
use crate::model::state::{Life, State};
use crate::resolve::check::{roll_plain, table_roll};
use crate::resolve::injury;
use crate::rules::aftermath::{
    bleeding_penalty, daily_healing_target, first_aid_heal, physician_heal, treatment_minutes,
    untrained_target, wake_hours,
};
use crate::{Flow, Margin};
use fray_core::dice::systems::margin3d6::Outcome;
use fray_core::{CombatantId, Cx};

fn say(cx: &mut impl Cx<Margin>, text: String, rule: &'static str) {
    cx.note(rule, || text);
}

/// The best helper on `patient`'s side: (helper, skill target, physician?).
fn helper(state: &State, patient: CombatantId, physician: bool) -> Option<(CombatantId, i32)> {
    let side = state.fighter(patient).side;
    state
        .ids()
        .filter(|&h| {
            let f = state.fighter(h);
            f.side == side && f.awake()
        })
        .filter_map(|h| {
            let f = state.fighter(h);
            let skill = if physician {
                f.skills.physician
            } else {
                f.skills
                    .first_aid
                    .or(f.skills.physician)
                    .or(Some(untrained_target(f.stats.iq)))
            };
            skill.map(|s| (h, s))
        })
        .max_by_key(|&(h, s)| (s, std::cmp::Reverse(h.0)))
}

/// Plays the aftermath for every wounded, living figure; then fatigue
/// comes back at 1 point a minute of rest (M-PEN-007).
pub fn run(state: &mut State, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let rest = state.options.post_battle_minutes.min(10_000) as i32;
    for f in state.fighters.iter_mut().filter(|f| f.life != Life::Dead) {
        f.fatigue = (f.fatigue + rest).min(f.stats.fatigue);
    }
    for id in state.ids().collect::<Vec<_>>() {
        if state.fighter(id).life == Life::Dead || state.fighter(id).record.taken <= 0 {
            continue;
        }
        patient(state, id, cx)?;
    }
    Ok(())
}

/// M-HEA-001..003, M-BLD-001/002: treatment (each attempt taking 1 minute
/// per HP lost, retried until it succeeds) while the wound bleeds a roll a
/// minute; then Physician once; then waking, healing, lasting injuries.
fn patient(state: &mut State, id: CombatantId, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let minutes = state.options.post_battle_minutes;
    let mut bleeding = state.options.bleeding;
    // M-BLD-002: a lost limb (twice the crippling blow) or an organ critical needs Physician.
    let needs_physician = state.fighter(id).needs_physician;
    let mut treated = false;
    let mut next_try = 0u32;
    for minute in 0..minutes {
        if state.fighter(id).life == Life::Dead {
            return Ok(());
        }
        if !treated
            && minute == next_try
            && let Some((h, skill)) = helper(state, id, needs_physician)
        {
            let lost = state.fighter(id).stats.hp - state.fighter(id).hp;
            next_try = minute + treatment_minutes(lost);
            let c = roll_plain(state, cx, h, "First Aid", "M-HEA-001", "skill", skill)?;
            if c.outcome.is_success() {
                treated = true;
                let heal = first_aid_heal(c.outcome == Outcome::CriticalSuccess);
                heal_by(state, id, heal);
                say(cx, format!("first aid heals {heal} HP"), "M-HEA-001");
                // M-BLD-002: a medical success stops the bleeding (the
                // helper used Physician where only Physician will do).
                bleeding = false;
            } else if c.outcome == Outcome::CriticalFailure
                && state.fighter(h).skills.first_aid.is_none()
            {
                // M-HEA-003: the untrained helper's critical failure does 1 HP more.
                state.fighter_mut(id).hp -= 1;
                say(
                    cx,
                    "the untrained helper does 1 HP more".into(),
                    "M-HEA-003",
                );
            }
        }
        if bleeding {
            let f = state.fighter(id);
            let target = f.stats.ht + bleeding_penalty(f.record.taken);
            let c = roll_plain(
                state,
                cx,
                id,
                "bleeding",
                "M-BLD-001",
                "HT and wounds",
                target,
            )?;
            match c.outcome {
                Outcome::CriticalSuccess => {
                    bleeding = false;
                    say(cx, "the bleeding stops".into(), "M-BLD-001");
                }
                Outcome::Success => {}
                Outcome::Failure | Outcome::CriticalFailure => {
                    let loss = if c.outcome == Outcome::CriticalFailure {
                        2
                    } else {
                        1
                    };
                    state.fighter_mut(id).hp -= loss;
                    state.fighter_mut(id).record.taken += loss;
                    if injury::death(state, id, cx)? {
                        return Ok(());
                    }
                }
            }
        }
        if (treated || helper(state, id, false).is_none()) && !bleeding {
            break;
        }
    }
    // M-HEA-002: Physician, once, stacking with First Aid.
    let mut physician = None;
    if let Some((h, skill)) = helper(state, id, true) {
        let c = roll_plain(state, cx, h, "Physician", "M-HEA-002", "Physician", skill)?;
        if c.outcome.is_success() {
            let crit = c.outcome == Outcome::CriticalSuccess;
            let d = if crit {
                0
            } else {
                table_roll(state, cx, Some(h), 1, "Physician healing", "M-HEA-002")?
            };
            let heal = physician_heal(d, crit);
            heal_by(state, id, heal);
            physician = Some(crit);
            say(cx, format!("the physician heals {heal} HP"), "M-HEA-002");
        }
    }
    recovery(state, id, physician, cx)
}

fn heal_by(state: &mut State, id: CombatantId, n: i32) {
    let f = state.fighter_mut(id);
    f.hp = (f.hp + n).min(f.stats.hp);
}

/// M-NAT-001..005: waking, the daily healing roll, and crippled limbs.
fn recovery(
    state: &mut State,
    id: CombatantId,
    physician: Option<bool>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let f = state.fighter(id);
    let (hp, ht, name) = (f.hp, f.stats.ht, f.name.clone());
    if f.life == Life::Unconscious {
        let hours = wake_hours(hp);
        if hp < -ht {
            // M-NAT-004: past the hours, a plain HT roll or a coma.
            let c = roll_plain(state, cx, id, "HT against coma", "M-NAT-004", "HT", ht)?;
            if c.outcome.is_success() {
                say(cx, format!("{name} wakes after {hours} hours"), "M-NAT-004");
            } else {
                say(
                    cx,
                    format!("{name} falls into a coma and leaves the scenario"),
                    "M-NAT-004",
                );
            }
        } else {
            say(cx, format!("{name} wakes after {hours} hours"), "M-NAT-003");
        }
    }
    if hp < state.fighter(id).stats.hp {
        let target = daily_healing_target(ht, physician);
        say(
            cx,
            format!("{name} heals 1 HP on each day's HT roll of {target} or less"),
            "M-NAT-001",
        );
    }
    // M-NAT-005: each crippling (not the temporary ones).
    for limb in Limb::ALL {
        let f = state.fighter(id);
        let temporary = f.crippled_until.iter().flatten().any(|(l, _)| *l == limb);
        if !f.is_crippled(limb) || temporary {
            continue;
        }
        let c = roll_plain(
            state,
            cx,
            id,
            "HT for a crippled limb",
            "M-NAT-005",
            "HT",
            ht,
        )?;
        let what = match c.outcome {
            Outcome::CriticalSuccess | Outcome::Success => "heals fully".to_string(),
            Outcome::Failure => {
                let months = table_roll(state, cx, Some(id), 1, "months more", "M-NAT-005")?;
                format!("is a lasting injury: {months} months more")
            }
            Outcome::CriticalFailure => "is crippled for good".to_string(),
        };
        say(cx, format!("{name}'s {} {what}", limb.name()), "M-NAT-005");
    }
    Ok(())
}

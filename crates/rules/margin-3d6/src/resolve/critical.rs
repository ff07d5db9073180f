//! The Critical Miss table's effects (M-CRT-001/002), for an attack's or a
//! parry's critical failure (M-DEF-004).

use crate::model::action::Strike;
use crate::model::event::Event;
use crate::model::location::{DamageType, Limb, Location};
use crate::model::state::{Posture, State};
use crate::resolve::check::table_roll;
use crate::resolve::injury::{self, Wound};
use crate::rules::armor::dr_at;
use crate::rules::damage::{basic, wound};
use crate::rules::tables::{CritMiss, crit_miss};
use crate::{Flow, Margin};
use fray_core::{CombatantId, Cx};

/// Rolls the Critical Miss table for `who`: for its attack `strike`, or for
/// the parrying weapon `parry`.
pub fn miss(
    state: &mut State,
    who: CombatantId,
    strike: Option<Strike>,
    parry: Option<u8>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let r = table_roll(state, cx, Some(who), 3, "critical miss", "M-CRT-001")?;
    let mut result = crit_miss(r);
    let index = strike.map_or(parry, |s| {
        if s.unarmed.is_some() {
            None
        } else {
            Some(s.weapon)
        }
    });
    let weapon = index.and_then(|i| {
        state
            .fighter(who)
            .weapons
            .get(usize::from(i))
            .map(|h| (i, h.weapon.clone()))
    });
    let ranged = weapon.as_ref().is_some_and(|(_, w)| w.ranged());
    // M-CRT-002 decision: results that name the weapon are a loss of balance unarmed.
    if weapon.is_none()
        && matches!(
            result,
            CritMiss::Breaks | CritMiss::Turns | CritMiss::Drops | CritMiss::Flies
        )
    {
        result = CritMiss::LoseBalance;
    }
    cx.emit(|| Event::Note {
        text: format!("critical miss: {result:?}"),
        rule: if r <= 8 || r == 12 || r == 13 || r >= 17 {
            "M-CRT-001"
        } else {
            "M-CRT-002"
        },
    });
    let round = state.round;
    match result {
        CritMiss::Breaks => {
            if let Some((i, w)) = weapon
                && !w.solid_metal
            {
                lose(state, who, i);
            }
        }
        CritMiss::HitSelfHalf | CritMiss::HitSelfQuarter => {
            let Some(s) = strike else { return Ok(()) };
            let f = state.fighter(who);
            let b = basic(f, &s, 0, &state.options);
            if b.kind == DamageType::Imp || ranged || b.bite {
                return Ok(());
            }
            let d = if result == CritMiss::HitSelfHalf {
                b.full / 2
            } else {
                b.full / 4
            };
            let dr = dr_at(f, Location::Torso, b.kind, &state.options);
            let loss = wound(d - dr, b.kind, Location::Torso, &state.options);
            injury::apply(
                state,
                Wound {
                    target: who,
                    attacker: None,
                    loss,
                    location: Location::Torso,
                    kind: b.kind,
                    crippled: None,
                    critical: None,
                },
                cx,
            )?;
        }
        CritMiss::LoseBalance => state.fighter_mut(who).guard.off_balance = true,
        CritMiss::Turns => {
            if let Some((i, _)) = weapon
                && let Some(h) = state.fighter_mut(who).weapons.get_mut(usize::from(i))
            {
                h.ready = false;
            }
        }
        CritMiss::Drops | CritMiss::Flies => {
            if let Some((i, w)) = weapon {
                lose(state, who, i);
                if w.fragile {
                    // M-CRT-002: a fragile weapon may break; dropped or broken, it is out of the fight.
                    let _ = table_roll(
                        state,
                        cx,
                        Some(who),
                        1,
                        "fragile weapon breaks",
                        "M-CRT-002",
                    )?;
                }
            }
        }
        CritMiss::Shoulder => injury::cripple(state, who, Limb::WeaponArm, Some(round + 600), cx),
        CritMiss::Falls => {
            if ranged {
                state.fighter_mut(who).guard.off_balance = true;
            } else {
                state.fighter_mut(who).posture = Posture::Lying;
            }
        }
    }
    Ok(())
}

fn lose(state: &mut State, who: CombatantId, i: u8) {
    if let Some(h) = state.fighter_mut(who).weapons.get_mut(usize::from(i)) {
        h.lost = true;
        h.ready = false;
    }
}

//! Game-master overrides for GURPS (issue 15): outside the rules, so no
//! dice; what follows from them comes from the rules on later turns (the
//! shock of GM damage on the figure's next turn, G-INJ-001; consciousness
//! rolls at 0 HP or less, G-INJ-011).
//!
//! The hooks of `fray_core::GmPowers`, which sorts each override to one
//! of them; names, sides, free cells and shifted ids come from
//! `fray_core::overrides`.

use crate::Gurps;
use crate::model::state::{Life, Posture, State, Stun};
use fray_core::grid::HexPos;
use fray_core::overrides::{
    Arrival, DelayWords, Refusal, cell_taken, checked_amount, checked_value, combatant_named,
    joined, lowered, new_name, next_id, open_cell, pool_index, raised, shift_order, shifted,
    side_named, slot_in, unknown_condition, unsupported,
};
use fray_core::ruleset::Said;
use fray_core::{CombatantId, GmPowers, Illegal, Override};
use std::sync::Arc;

/// The conditions a GM may add or remove, in the roster's words.
const CONDITIONS: &str = "stunned, mentally stunned, crouching, kneeling, sitting, crawling, \
    lying (remove only), shock (remove only), mortal wound, asleep, unconscious, dead";

/// G-INJ-014: dead at -5xHP, without a roll.
fn dead_at_minus_five(state: &mut State, id: fray_core::CombatantId) -> Option<String> {
    let f = state.fighter_mut(id);
    (f.life != Life::Dead && f.hp <= -5 * f.stats.hp.max(1)).then(|| {
        f.life = Life::Dead;
        format!("{} dies (-5xHP, G-INJ-014).", f.name)
    })
}

/// After the roster changed: the indexes rebuilt, the map behind a new
/// `Arc` and a new stamp, so that the AI's memo, which names fixed data by
/// its address and empties itself on a new map or stamp, cannot answer for
/// the roster before.
fn fresh(state: &mut State) {
    state.reindex();
    state.stamp.renew();
    state.map = Arc::new(state.map.as_ref().clone());
}

/// G-EXT-015 fixes the turn order at the first turn; a delayed figure keeps
/// its new place.
const DELAY: DelayWords = DelayWords {
    rule: "G-EXT-015",
    no_order: "the turn order is fixed at the first turn: delay after it",
    span: "this round",
    holds: "from now on",
};

impl GmPowers for Gurps {
    fn change_pool(state: &mut State, ov: &Override) -> Said {
        match ov {
            Override::Damage { who, amount } => {
                let amount = checked_amount(who, *amount)?;
                let id = combatant_named::<Gurps>(state, who)?;
                let f = state.fighter_mut(id);
                let before = f.hp;
                f.hp = lowered(f.hp, amount);
                // G-INJ-001: GM injury counts toward shock on the next turn.
                f.injury_since_turn = f.injury_since_turn.saturating_add(amount);
                f.record.taken = f.record.taken.saturating_add(amount);
                let mut said = vec![format!(
                    "{} takes {amount} injury (game master): HP {before} -> {}.",
                    f.name, f.hp
                )];
                said.extend(dead_at_minus_five(state, id));
                Ok(said)
            }
            Override::Heal { who, amount } => {
                let amount = checked_amount(who, *amount)?;
                let id = combatant_named::<Gurps>(state, who)?;
                let f = state.fighter_mut(id);
                let before = f.hp;
                f.hp = raised(f.hp, amount, f.stats.hp);
                Ok(vec![format!(
                    "{} heals {amount} (game master): HP {before} -> {}.",
                    f.name, f.hp
                )])
            }
            Override::SetPool { who, pool, value } => {
                let id = combatant_named::<Gurps>(state, who)?;
                let index = pool_index::<Gurps>(pool)?;
                let f = state.fighter_mut(id);
                let (label, now, max) = match index {
                    0 => ("HP", &mut f.hp, f.stats.hp),
                    _ => ("FP", &mut f.fp, f.stats.fp),
                };
                let value = checked_value(label, who, *value, max)?;
                let before = std::mem::replace(now, value);
                let mut said = vec![format!(
                    "{}'s {label} set to {value} (game master, was {before}).",
                    f.name
                )];
                if index == 0 {
                    said.extend(dead_at_minus_five(state, id));
                }
                Ok(said)
            }
            other => Err(unsupported::<Gurps>(other)),
        }
    }

    fn change_condition(state: &mut State, who: &str, condition: &str, add: bool) -> Said {
        let id = combatant_named::<Gurps>(state, who)?;
        let cond = condition.trim().to_lowercase();
        let unknown = || unknown_condition(condition, CONDITIONS);
        let posture = match cond.as_str() {
            "crouching" => Some(Posture::Crouching),
            "kneeling" => Some(Posture::Kneeling),
            "sitting" => Some(Posture::Sitting),
            "crawling" => Some(Posture::Crawling),
            "lying" | "prone" => Some(Posture::Lying),
            _ => None,
        };
        let f = state.fighter(id);
        let name = f.name.to_string();
        if let Some(p) = posture {
            if add && p == Posture::Lying {
                // G-POS-009: a lying figure fills a second hex, which the
                // rules choose when it falls; a GM cannot place it by fiat.
                return Err(unknown());
            }
            if add {
                state.fighter_mut(id).posture = p;
            } else if f.posture == p {
                let pose = f.pose;
                state.fighter_mut(id).posture = Posture::Standing;
                state.place(id, pose, None);
            } else {
                return Err(Refusal::Illegal(Illegal::input(format!(
                    "{name} is not {}",
                    p.name()
                ))));
            }
        } else {
            let f = state.fighter_mut(id);
            match (cond.as_str(), add) {
                ("stunned", _) => f.stun = add.then_some(Stun::Physical),
                ("mentally stunned", true) => f.stun = Some(Stun::Mental),
                ("shock", false) => f.shock = 0,
                ("mortal wound", _) => f.set_mortal_wound(add),
                ("asleep", _) => f.set_asleep(add),
                ("unconscious", true) => f.life = Life::Unconscious,
                ("unconscious", false) | ("dead", false) => f.life = Life::Conscious,
                ("dead", true) => f.life = Life::Dead,
                _ => return Err(unknown()),
            }
        }
        Ok(fray_core::overrides::condition_said(&name, &cond, add))
    }

    /// G-EXT-015 fixes the order; a GM may still let a figure that has not
    /// acted this round act after the next one, from now on.
    fn delay(state: &mut State, who: &str) -> Said {
        let id = combatant_named::<Gurps>(state, who)?;
        let cursor = state.cursor;
        let after = DELAY.delay(&mut state.order, id, who, |at| {
            cursor.is_some_and(|c| at <= c)
        })?;
        Ok(DELAY.said(&state.fighter(id).name, &state.fighter(after).name))
    }

    /// A late arrival (issue 15): built from a template of the scenario's data
    /// like a scenario's figure ([`crate::setup::newcomer`]), standing on an
    /// empty hex of the map. Once the order is fixed it takes its place by
    /// Basic Speed, then DX (G-EXT-015), after those it ties with (no roll: the
    /// override stays diceless); a place before the figure acting now is
    /// first reached next round.
    fn join(state: &mut State, name: &str, template: &str, side: &str, cell: [i32; 2]) -> Said {
        let name = new_name::<Gurps>(state, name)?;
        let side = side_named(&state.sides, side)?;
        let at = HexPos::new(cell[0], cell[1]);
        open_cell(&state.map, cell, at)?;
        if let Some(o) = state.at(at).next() {
            return Err(cell_taken(cell, &state.fighter(o).name));
        }
        let id = next_id(state.fighters.len())?;
        let arrival = Arrival::new(&name, template, side, at);
        let fighter = crate::setup::newcomer(state, &arrival)?;
        let (speed, template) = (fighter.stats.speed_quarters, template.to_string());
        state.fighters.push(fighter);
        fresh(state);
        let key = |s: &State, id: CombatantId| {
            let f = s.fighter(id);
            (f.stats.speed_quarters, f.stats.dx)
        };
        let mut order = std::mem::take(&mut state.order);
        let speed = format!("Basic Speed {}", f64::from(speed) / 4.0);
        let side = &state.sides[side.index()];
        let mut said = vec![format!("{}.", joined(&name, &template, &speed, side, at))];
        if !order.is_empty() {
            let mut cursor = state.cursor;
            slot_in(&mut order, &mut cursor, id, |i| key(state, i));
            state.cursor = cursor;
            let place = order.iter().position(|&o| o == id).unwrap_or(0);
            said.push(match place.checked_sub(1).and_then(|p| order.get(p)) {
                Some(&before) => format!(
                    "{name} acts after {} in the turn order (G-EXT-015).",
                    state.fighter(before).name
                ),
                None => format!("{name} acts first in the turn order (G-EXT-015)."),
            });
        }
        state.order = order;
        Ok(said)
    }

    /// A figure taken off the field (issue 15): out of the fighters, the map
    /// and the turn order, so out of every result. What pointed at it lapses (a
    /// grip on it, an Aim, a feint, a Wait for it, a spell cast on it); the
    /// figures after it in the list move down one id.
    fn remove(state: &mut State, who: &str) -> Said {
        let id = combatant_named::<Gurps>(state, who)?;
        let name = state.fighter(id).name.to_string();
        state.fighters.remove(id.index());
        let keep = |x: CombatantId| shifted(id, x);
        for f in &mut state.fighters {
            f.retreated_from = f.retreated_from.and_then(keep);
            f.dropped_vs = f.dropped_vs.and_then(keep);
            f.thrown_by = f.thrown_by.and_then(keep);
            f.casting = f.casting.and_then(|mut c| match c.subject {
                Some(s) => keep(s).map(|s| {
                    c.subject = Some(s);
                    c
                }),
                None => Some(c),
            });
            f.feint = f.feint.and_then(|mut x| {
                x.target = keep(x.target)?;
                Some(x)
            });
            f.aim = f.aim.and_then(|mut x| {
                x.target = keep(x.target)?;
                Some(x)
            });
            f.grip = f.grip.and_then(|mut x| {
                x.target = keep(x.target)?;
                Some(x)
            });
            f.responding = f.responding.and_then(|mut x| {
                x.foe = keep(x.foe)?;
                Some(x)
            });
            f.waiting = f.waiting.take().and_then(|mut w| {
                if let crate::model::action::Trigger::InReach { foe: Some(foe) } =
                    &mut w.wait.trigger
                {
                    *foe = keep(*foe)?;
                }
                Some(w)
            });
        }
        if shift_order(id, &mut state.order, &mut state.cursor) {
            // The removed figure was first and acting: the round starts again
            // at the next one, counted as the same round.
            state.round = state.round.saturating_sub(1);
        }
        fresh(state);
        Ok(vec![format!(
            "{name} leaves the field (game master): out of the turn order and the results."
        )])
    }
}

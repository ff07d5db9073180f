//! Game-master overrides (issue 15): HP is the vital pool; Fatigue may be
//! set. Outside the rules, so no dice; what follows from a low pool comes
//! from the rules' own checks. Conditions go on and off in the system's
//! words (stunned M-EFF-001, knocked down M-EFF-003, postures, off balance
//! M-CRT-001); a figure may delay in this round's order (M-FLO-001); late
//! arrivals join from a template and figures leave the field.
//!
//! The hooks of `fray_core::GmPowers`, which sorts each override to one
//! of them; names, sides, free cells and shifted ids come from
//! `fray_core::overrides`.

use crate::Margin;
use crate::model::state::{Life, Posture, State, Stun};
use fray_core::grid::HexPos;
use fray_core::overrides::{
    Arrival, DelayWords, Refusal, cell_taken, combatant_named, joined, new_name, next_id,
    open_cell, shift_order, shifted, side_named, unknown_condition,
};
use fray_core::ruleset::Said;
use fray_core::{CombatantId, GmPowers, Illegal, Override};
use std::sync::Arc;

fn pool(state: &mut State, id: CombatantId, index: usize) -> (&mut i32, i32) {
    let f = state.fighter_mut(id);
    match index {
        0 => (&mut f.hp, f.stats.hp),
        _ => (&mut f.fatigue, f.stats.fatigue),
    }
}

/// The conditions a GM may add or remove, in the roster's words.
const CONDITIONS: &str = "stunned, knocked down (lying), crouching, kneeling, sitting, crawling, \
    off balance, unconscious, dead (remove only)";

/// After the roster changed: the map behind a new `Arc` and a new stamp
/// (`State::stamp`), so an AI memo that names fixed data by its address
/// starts afresh; the occupancy index built again (ids moved).
fn fresh(state: &mut State) {
    state.map = Arc::new(state.map.as_ref().clone());
    state.stamp.renew();
    state.order_sorted = false;
    state.reindex();
}

/// M-FLO-001 orders each round afresh: a delay holds for this round.
const DELAY: DelayWords = DelayWords {
    rule: "M-FLO-001",
    no_order: "the order is made at the first turn: delay after it",
    span: "this round",
    holds: "this round",
};

impl GmPowers for Margin {
    /// Damage and healing on the vital pool (the first), any pool set.
    fn change_pool(state: &mut State, ov: &Override) -> Said {
        fray_core::overrides::apply_to_pools::<Margin>(state, ov, 0, pool)
    }

    /// A condition set or cleared: a stun that ends at the figure's next turn
    /// (M-EFF-001), knocked down (lying, M-EFF-003) or another posture, off
    /// balance (M-CRT-001), unconscious; `dead` can be taken back.
    fn change_condition(state: &mut State, who: &str, condition: &str, add: bool) -> Said {
        let id = combatant_named::<Margin>(state, who)?;
        let word = condition.trim().to_lowercase();
        let posture = match word.as_str() {
            "knocked down" | "lying" | "prone" => Some(Posture::Lying),
            "crouching" => Some(Posture::Crouching),
            "kneeling" => Some(Posture::Kneeling),
            "sitting" => Some(Posture::Sitting),
            "crawling" => Some(Posture::Crawling),
            _ => None,
        };
        let f = state.fighter_mut(id);
        let name = f.name.to_string();
        match (posture, word.as_str(), add) {
            (Some(p), _, true) => f.posture = p,
            (Some(p), _, false) if f.posture == p => f.posture = Posture::Standing,
            (Some(p), _, false) => {
                return Err(Refusal::Illegal(Illegal::input(format!(
                    "{name} is not {}",
                    p.name()
                ))));
            }
            (None, "stunned", true) => f.stun = Some(Stun::NextTurn),
            (None, "stunned", false) => {
                f.stun = None;
                f.guard.stun_held = false;
            }
            (None, "off balance", _) => f.guard.off_balance = add,
            (None, "unconscious", true) => f.life = Life::Unconscious,
            (None, "unconscious" | "dead", false) => f.life = Life::Conscious,
            _ => {
                return Err(unknown_condition(condition, CONDITIONS));
            }
        }
        Ok(fray_core::overrides::condition_said(&name, &word, add))
    }

    /// M-FLO-001 orders each round afresh by Basic Speed; a GM may let a
    /// figure that has not acted this round act after the next one, for this
    /// round (the next round is ordered by the rules again).
    fn delay(state: &mut State, who: &str) -> Said {
        let id = combatant_named::<Margin>(state, who)?;
        let cursor = state.cursor;
        let after = DELAY.delay(&mut state.order, id, who, |at| {
            cursor.is_some_and(|c| at <= c)
        })?;
        // Next round is ordered by the rules again.
        state.order_sorted = false;
        Ok(DELAY.said(&state.fighter(id).name, &state.fighter(after).name))
    }

    /// A late arrival (issue 15): built like a scenario's figure from a
    /// template of the scenario's data, on an empty hex. Decision: the order
    /// is made each round (M-FLO-001/002), so it first acts next round, placed
    /// by Basic Speed and DX and after those it ties with (no roll-off: the
    /// override stays diceless).
    fn join(state: &mut State, name: &str, template: &str, side: &str, cell: [i32; 2]) -> Said {
        let name = new_name::<Margin>(state, name)?;
        let side = side_named(&state.sides, side)?;
        let at = HexPos::new(cell[0], cell[1]);
        open_cell(&state.map, cell, at)?;
        if let Some(o) = state.at(at) {
            return Err(cell_taken(cell, &state.fighter(o).name));
        }
        next_id(state.fighters.len())?;
        let arrival = Arrival::new(&name, template, side, at);
        let (fighter, controller) = crate::setup::newcomer(state, &arrival)?;
        state.fighters.push(fighter);
        let mut controllers = state.controllers.to_vec();
        controllers.push(controller);
        state.controllers = controllers.into();
        if !state.tie_rank.is_empty() {
            state.tie_rank.push(u16::MAX);
        }
        fresh(state);
        let side = &state.sides[side.index()];
        Ok(vec![format!(
            "{}; it acts from the next round (M-FLO-001).",
            joined(&name, template, "", side, at)
        )])
    }

    /// A figure taken off the field (issue 15): out of the fighters, the map
    /// and the order, so out of every result. What pointed at it lapses: an Aim
    /// at it, a feint by it, a hold by it (M-UNA-006), Single Foe Defense
    /// against it, a deferred Wait strike; the figures after it in the list
    /// move down one id (in the lists of foes feared and parried too).
    fn remove(state: &mut State, who: &str) -> Said {
        let id = combatant_named::<Margin>(state, who)?;
        let name = state.fighter(id).name.to_string();
        let i = id.index();
        state.fighters.remove(i);
        let mut controllers = state.controllers.to_vec();
        controllers.remove(i);
        state.controllers = controllers.into();
        if i < state.tie_rank.len() {
            state.tie_rank.remove(i);
        }
        let keep = |x: CombatantId| shifted(id, x);
        for f in &mut state.fighters {
            f.guard.single_foe = f.guard.single_foe.and_then(keep);
            f.aim = f.aim.and_then(|(t, n)| Some((keep(t)?, n)));
            f.feinted = f.feinted.and_then(|(t, m, r)| Some((keep(t)?, m, r)));
            if f.held_by.is_some_and(|(h, _)| h == id) {
                f.pinned = false;
            }
            f.held_by = f.held_by.and_then(|(t, n)| Some((keep(t)?, n)));
            f.feared = f.feared.iter().filter_map(|&x| keep(x)).collect();
            f.parried_foes = f.parried_foes.iter().filter_map(|&x| keep(x)).collect();
        }
        state.deferred = state.deferred.and_then(|(w, m)| Some((keep(w)?, keep(m)?)));
        if shift_order(id, &mut state.order, &mut state.cursor) {
            // It was first and acting: the round starts again at the next one,
            // counted as the same round.
            state.round = state.round.saturating_sub(1);
        }
        fresh(state);
        Ok(vec![format!(
            "{name} leaves the field (game master): out of the order and the results."
        )])
    }
}

//! Game-master overrides (issue 15): HP is the vital pool; NL (nonlethal
//! damage) may be set. Outside the rules, so no dice; what follows from a
//! low pool comes from the rules' own checks. Conditions go on and off by
//! their names (X-CON-*), fatigue a level at a time (X-DEF-004); a figure
//! may delay in the initiative order (X-SEQ-001); late arrivals join from a
//! template and figures leave the field.
//!
//! The hooks of `fray_core::GmPowers`, which sorts each override to one
//! of them; names, sides, free cells and shifted ids come from
//! `fray_core::overrides`.

use crate::D20;
use crate::model::state::{Condition, Life, State, Turn};
use fray_core::grid::SquarePos;
use fray_core::overrides::{
    Arrival, DelayWords, Refusal, cell_taken, combatant_named, joined, new_name, next_id,
    open_cell, shift_all, shifted, side_named, unknown_condition,
};
use fray_core::ruleset::Said;
use fray_core::{CombatantId, GmPowers, Illegal, Override};
use std::sync::Arc;

fn pool(state: &mut State, id: CombatantId, index: usize) -> (&mut i32, i32) {
    let f = state.fighter_mut(id);
    match index {
        0 => (&mut f.hp, f.stats.hp_max),
        _ => (&mut f.nonlethal, f.stats.hp_max),
    }
}

/// The words a GM may use, beside the conditions' own names.
const MORE: &str = "fatigued (a level, X-DEF-004), grappled and pinned (remove only), \
    unconscious, dead (remove only: back to fine)";

/// After the roster changed: the map behind a new `Arc`, so the AI's memo
/// (which pins the map and each fighter's data by address) starts afresh;
/// the occupancy index built again (ids moved).
fn fresh(state: &mut State) {
    state.map = Arc::new(state.map.as_ref().clone());
    state.reindex();
}

/// X-SEQ-001: initiative is rolled at the first turn; a delayed figure
/// keeps its new place.
const DELAY: DelayWords = DelayWords {
    rule: "X-SEQ-001",
    no_order: "initiative is rolled at the first turn: delay after it",
    span: "this round",
    holds: "from now on",
};

impl GmPowers for D20 {
    /// Damage and healing on the vital pool (the first), any pool set.
    fn change_pool(state: &mut State, ov: &Override) -> Said {
        fray_core::overrides::apply_to_pools::<D20>(state, ov, 0, pool)
    }

    /// X-CON-*: a condition set or cleared by name; `fatigued` adds or takes
    /// one level of fatigue (0 to 3, X-DEF-004); `grappled` and `pinned` come
    /// off (the hold ends, X-CON-013/014); `unconscious` knocks out and
    /// `dead` can be taken back.
    fn change_condition(state: &mut State, who: &str, condition: &str, add: bool) -> Said {
        let id = combatant_named::<D20>(state, who)?;
        let word = condition.trim().to_lowercase();
        let f = state.fighter_mut(id);
        let name = f.name.to_string();
        if let Some(c) = Condition::ALL.into_iter().find(|c| c.name() == word) {
            f.cond.set(c, add);
        } else {
            match (word.as_str(), add) {
                ("fatigued", true) if f.fatigue < 3 => f.fatigue += 1,
                ("fatigued", false) if f.fatigue > 0 => f.fatigue -= 1,
                ("fatigued", _) => {
                    return Err(Refusal::Illegal(Illegal::new(
                        "X-DEF-004",
                        format!("{name}'s fatigue is {} (levels run 0 to 3)", f.fatigue),
                    )));
                }
                ("grappled" | "pinned", false) => {
                    f.grappled_by = None;
                    f.pinned = false;
                }
                ("unconscious", true) => f.life = Life::Unconscious,
                ("unconscious" | "dead", false) if !f.life.fine() => f.life = Life::Fine,
                _ => {
                    let mut known: Vec<&str> = Condition::ALL.iter().map(|c| c.name()).collect();
                    known.push(MORE);
                    return Err(unknown_condition(condition, &known.join(", ")));
                }
            }
        }
        Ok(fray_core::overrides::condition_said(&name, &word, add))
    }

    /// X-SEQ-001 fixes the order by initiative; a GM may still let a figure
    /// that has not had its turn this round act after the next one, for the
    /// rest of the fight (or until initiative is rolled again).
    fn delay(state: &mut State, who: &str) -> Said {
        let id = combatant_named::<D20>(state, who)?;
        // `cursor` is the next slot to play: those before it have had their turn.
        let (cursor, acting) = (state.cursor, state.turn.actor == Some(id));
        let after = DELAY.delay(&mut state.order, id, who, |at| at < cursor || acting)?;
        Ok(DELAY.said(&state.fighter(id).name, &state.fighter(after).name))
    }

    /// A late arrival (issue 15): built like a scenario's figure from a
    /// template of the scenario's data, on a free, enterable space of the map.
    /// Decision: it rolls no initiative (the override stays diceless): it acts
    /// last, this round if the round is not over; with initiative rolled every
    /// round (`initiative_frequency = every_round`) it rolls with everyone from
    /// the next round (X-SEQ-001).
    fn join(state: &mut State, name: &str, template: &str, side: &str, cell: [i32; 2]) -> Said {
        let name = new_name::<D20>(state, name)?;
        let side = side_named(&state.sides, side)?;
        let at = SquarePos::new(cell[0], cell[1]);
        open_cell(&state.map, cell, at)?;
        let id = next_id(state.fighters.len())?;
        let arrival = Arrival::new(&name, template, side, at);
        let fighter = crate::setup::newcomer(state, &arrival)?;
        let edge = fighter.edge();
        if !crate::rules::geometry::fits(state, at, edge) {
            return Err(Refusal::CellBlocked { cell });
        }
        let taken = state.ids().find(|&o| {
            let f = state.fighter(o);
            f.life != Life::Dead && crate::rules::geometry::overlaps(at, edge, f)
        });
        if let Some(o) = taken {
            return Err(cell_taken(cell, &state.fighter(o).name));
        }
        state.fighters.push(fighter);
        let side = &state.sides[side.index()];
        let mut said = vec![format!("{}.", joined(&name, template, "", side, at))];
        if !state.order.is_empty() {
            state.order.push(id);
            said.push(format!(
                "{name} acts last in the initiative order (X-SEQ-001)."
            ));
        }
        fresh(state);
        Ok(said)
    }

    /// A figure taken off the field (issue 15): out of the fighters and the
    /// initiative order, so out of every result. What pointed at it lapses: a
    /// hold on it (X-CON-013), a feint at it (X-SPM-002); a rider whose mount
    /// leaves stands on its own, a mount whose rider leaves acts on its own
    /// (X-QCK-008). The figures after it in the list move down one id.
    fn remove(state: &mut State, who: &str) -> Said {
        let id = combatant_named::<D20>(state, who)?;
        let name = state.fighter(id).name.to_string();
        if state.turn.actor == Some(id) {
            state.turn = Turn::default();
        }
        if let Some(at) = state.order.iter().position(|&o| o == id)
            && at < state.cursor
        {
            state.cursor -= 1;
        }
        shift_all(id, &mut state.order);
        state.fighters.remove(id.index());
        let keep = |x: CombatantId| shifted(id, x);
        for f in &mut state.fighters {
            if f.steed == Some(id) {
                f.steed = None;
                f.mounted = false;
                f.space = f.stats.size.edge();
            }
            f.steed = f.steed.and_then(keep);
            f.rider = f.rider.and_then(keep);
            if f.grappled_by == Some(id) {
                f.pinned = false;
            }
            f.grappled_by = f.grappled_by.and_then(keep);
            f.feint = f.feint.and_then(|(t, b)| Some((keep(t)?, b)));
        }
        state.turn.actor = state.turn.actor.and_then(keep);
        fresh(state);
        Ok(vec![format!(
            "{name} leaves the field (game master): out of the initiative order and the results."
        )])
    }
}

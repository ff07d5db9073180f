//! Game-master overrides (issue 15): EN (Endurance) is the vital pool; FT
//! (Fatigue) may be set. Outside the rules, so no dice; what follows from a
//! low pool comes from the rules' own checks. Conditions go on and off in
//! the system's words (stunned DQ-19-003, prone, knocked out DQ-16-017,
//! restrained DQ-16-014, entangled DQ-16-012); a figure may let the next
//! one in its engagement act first (DQ-12-006); late arrivals join from a
//! template and figures leave the field.
//!
//! The hooks of `fray_core::GmPowers`, which sorts each override to one
//! of them; names, sides, free cells and shifted ids come from
//! `fray_core::overrides`.

use crate::DragonQuest;
use crate::model::state::{Life, State};
use fray_core::grid::HexPos;
use fray_core::overrides::{
    Arrival, DelayWords, cell_taken, combatant_named, joined, new_name, next_id, open_cell,
    shift_all, shifted, side_named, unknown_condition,
};
use fray_core::ruleset::Said;
use fray_core::{CombatantId, GmPowers, Override};
use std::sync::Arc;

/// Not engaged and not in step 3 of this pulse: a late arrival's place in
/// the pulse it joins (`u16::MAX` is "not engaged", group labels are ids).
const ARRIVED: u16 = u16::MAX - 1;

fn pool(state: &mut State, id: CombatantId, index: usize) -> (&mut i32, i32) {
    let f = state.fig_mut(id);
    match index {
        0 => (&mut f.en, f.stats.en),
        _ => (&mut f.ft, f.stats.ft),
    }
}

/// The conditions a GM may add or remove, in the roster's words.
const CONDITIONS: &str = "stunned, prone, knocked out (remove only), restrained (remove only), \
    entangled, unconscious, dead (remove only)";

/// After the roster changed: the map behind a new `Arc`, so an AI memo that
/// names fixed data by its address starts afresh.
fn fresh(state: &mut State) {
    state.map = Arc::new(state.map.as_ref().clone());
    state.stamp.renew();
    state.reindex();
}

/// DQ-12-006 orders an engagement's figures by IV within a pulse; its
/// queue holds only those still to act in it.
const DELAY: DelayWords = DelayWords {
    rule: "DQ-12-006",
    no_order: "{who} is not waiting its turn in the engagement being played",
    span: "in its engagement",
    holds: "in this engagement",
};

impl GmPowers for DragonQuest {
    /// Damage and healing on the vital pool (the first), any pool set.
    fn change_pool(state: &mut State, ov: &Override) -> Said {
        fray_core::overrides::apply_to_pools::<DragonQuest>(state, ov, 0, pool)
    }

    /// A condition set or cleared: stunned (DQ-19-003), prone; a knockout
    /// (DQ-16-017), a restraint (DQ-16-014) and being entangled (DQ-16-012)
    /// end; `entangled` may also be added; unconscious, and `dead` taken back.
    fn change_condition(state: &mut State, who: &str, condition: &str, add: bool) -> Said {
        let id = combatant_named::<DragonQuest>(state, who)?;
        let word = condition.trim().to_lowercase();
        let f = state.fig_mut(id);
        let name = f.name.to_string();
        let st = &mut f.status;
        match (word.as_str(), add) {
            ("stunned", _) => st.stunned = add,
            ("prone", _) => st.prone = add,
            ("knocked out", false) => st.knocked_out = 0,
            ("restrained", false) => st.restrained_by = None,
            ("entangled", true) => st.entangled = Some(0),
            ("entangled", false) => st.entangled = None,
            ("unconscious", true) => f.life = Life::Unconscious,
            ("unconscious" | "dead", false) => f.life = Life::Conscious,
            _ => {
                return Err(unknown_condition(condition, CONDITIONS));
            }
        }
        Ok(fray_core::overrides::condition_said(&name, &word, add))
    }

    /// DQ-12-006 orders the figures of an engagement by IV within a pulse; a GM
    /// may let a figure still to act in the engagement being played act after
    /// the next one. Outside an engagement's queue there is no order to change
    /// (step 3 goes side by side, DQ-12-001).
    fn delay(state: &mut State, who: &str) -> Said {
        let id = combatant_named::<DragonQuest>(state, who)?;
        // The engagement's queue holds only those still to act in it.
        let after = DELAY.delay(&mut state.seq.queue, id, who, |_| false)?;
        Ok(DELAY.said(&state.fig(id).name, &state.fig(after).name))
    }

    /// A late arrival (issue 15): built like a scenario's figure from a
    /// template of the scenario's data, every hex of its body on the map, open
    /// and empty. Decision: it takes no part in the pulse under way; from the
    /// next pulse it is engaged or not by the rules (DQ-12-001) and ordered by
    /// its IV like everyone.
    fn join(state: &mut State, name: &str, template: &str, side: &str, cell: [i32; 2]) -> Said {
        let name = new_name::<DragonQuest>(state, name)?;
        let side = side_named(&state.sides, side)?;
        let at = HexPos::new(cell[0], cell[1]);
        open_cell(&state.map, cell, at)?;
        next_id(state.figures.len() + 2)?;
        let arrival = Arrival::new(&name, template, side, at);
        let figure = crate::setup::newcomer(state, &arrival)?;
        for hex in figure.body().cells() {
            open_cell(&state.map, cell, hex)?;
            if let Some(o) = state.at(hex) {
                return Err(cell_taken(cell, &state.fig(o).name));
            }
        }
        state.figures.push(figure);
        if !state.seq.group_of.is_empty() {
            state.seq.group_of.push(ARRIVED);
        }
        fresh(state);
        let side = &state.sides[side.index()];
        Ok(vec![format!(
            "{}; it acts from the next pulse (DQ-12-001).",
            joined(&name, template, "", side, at)
        )])
    }

    /// A figure taken off the field (issue 15): out of the figures, the map
    /// and the pulse's engagements and queues, so out of every result. What
    /// pointed at it lapses: a restraint by it (DQ-16-014), a rider's mount or
    /// a mount's rider (DQ-23: the rider stands on its own). The figures after
    /// it in the list move down one id, and so do the engagements they label.
    fn remove(state: &mut State, who: &str) -> Said {
        let id = combatant_named::<DragonQuest>(state, who)?;
        let name = state.fig(id).name.to_string();
        let i = id.index();
        let keep = |x: CombatantId| shifted(id, x);
        // An engagement is labelled by its first member's id: one labelled by
        // the removed figure takes the next member's.
        let seq = &mut state.seq;
        let next_label = seq
            .group_of
            .iter()
            .enumerate()
            .find(|&(j, &g)| j != i && usize::from(g) == i)
            .map(|(j, _)| j);
        let relabel = |g: u16| -> Option<u16> {
            if g == u16::MAX || g == ARRIVED {
                return Some(g);
            }
            let g = if usize::from(g) == i {
                u16::try_from(next_label?).ok()?
            } else {
                g
            };
            keep(CombatantId(g)).map(|c| c.0)
        };
        if i < seq.group_of.len() {
            seq.group_of.remove(i);
        }
        for g in seq.group_of.iter_mut() {
            *g = relabel(*g).unwrap_or(u16::MAX);
        }
        seq.groups = seq.groups.iter().filter_map(|&g| relabel(g)).collect();
        shift_all(id, &mut seq.queue);
        seq.slot = seq.slot.and_then(|mut s| {
            s.who = keep(s.who)?;
            Some(s)
        });
        state.figures.remove(i);
        for f in &mut state.figures {
            f.status.restrained_by = f.status.restrained_by.and_then(keep);
            if f.steed == Some(id) {
                f.aboard = false;
            }
            f.steed = f.steed.and_then(keep);
            f.rider = f.rider.and_then(keep);
        }
        fresh(state);
        Ok(vec![format!(
            "{name} leaves the field (game master): out of the pulse and the results."
        )])
    }
}

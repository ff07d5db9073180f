//! What one action amounts to, for the exact odds: `hit` (strike checks
//! that hit), `damage` (effective damage to the target), `to_en` (EN lost
//! by the target), `stun`, `unconscious`, `dead`, `grievous`, `fall`,
//! `mishap` (the attacker broke or dropped its weapon or lost an action).

use crate::model::action::{Action, Answer, Question};
use crate::model::event::Event;
use crate::model::state::{Life, State};
use fray_core::CombatantId;
use fray_core::odds::ActionEffects;

impl ActionEffects for crate::DragonQuest {
    fn effects(
        before: &State,
        after: &State,
        actor: CombatantId,
        action: &Action,
        events: &[Event],
    ) -> Vec<(&'static str, i64)> {
        let hits = events
            .iter()
            .filter(|e| matches!(e, Event::Roll { roll, .. } if roll.rule == "DQ-17-003" && roll.verdict != "miss"))
            .count() as i64;
        let mut out = vec![("hit", hits)];
        if let Some(t) = action.target().filter(|t| t.index() < before.figures.len()) {
            let (b, a) = (before.fig(t), after.fig(t));
            out.push(("damage", i64::from(a.record.taken - b.record.taken)));
            out.push(("to_en", i64::from(b.en - a.en)));
            out.push(("stun", i64::from(!b.status.stunned && a.status.stunned)));
            out.push((
                "unconscious",
                i64::from(b.life == Life::Conscious && a.life == Life::Unconscious),
            ));
            out.push((
                "dead",
                i64::from(b.life != Life::Dead && a.life == Life::Dead),
            ));
            out.push(("grievous", i64::from(a.record.grievous - b.record.grievous)));
            out.push(("fall", i64::from(a.record.falls - b.record.falls)));
            out.push((
                "knocked_out",
                i64::from(b.status.knocked_out == 0 && a.status.knocked_out > 0),
            ));
        }
        let (b, a) = (before.fig(actor), after.fig(actor));
        let mishap = (b.main.is_some() && a.main.is_none())
            || (!b.status.lose_action && a.status.lose_action);
        out.push(("mishap", i64::from(mishap)));
        out
    }

    fn describe_decision(state: &State, question: &Question, answer: &Answer) -> String {
        crate::describe::answer(state, question, answer)
    }
}

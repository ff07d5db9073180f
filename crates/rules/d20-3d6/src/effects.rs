//! What one action amounts to, for exact odds (`fray odds --action`),
//! spells (X-MAN-007) included.
//! Features come from the events (which rolls hit, how many criticals,
//! automatic results) and from the target's state before and after.

use crate::D20;
use crate::model::action::{Action, Answer, Question};
use crate::model::event::Event;
use crate::model::state::{Life, State};
use fray_core::CombatantId;
use fray_core::Engine;
use fray_core::Fight;
use fray_core::odds::ActionEffects;

impl ActionEffects for D20 {
    /// The features, about the action's target:
    ///
    /// * `hit`: attack rolls of the action that hit (X-ATK-004, X-ATK-009);
    /// * `automatic_miss`: three 1s on an attack (X-ATK-008);
    /// * `automatic_hit`: three 6s that hit below Defense (X-ATK-009);
    /// * `criticals`: criticals scored (X-DMG-002);
    /// * `exploded`: damage dice that exploded (X-DMG-005);
    /// * `damage`: HP plus nonlethal damage the target took (X-DMG-010);
    /// * `target_down`: 1 if the target could act before and cannot after
    ///   (X-LIF-002/003, X-LIF-014);
    /// * `target_dead`: 1 if it died (X-LIF-004);
    /// * `success`: successful checks of a maneuver, First Aid or a spell's
    ///   Magic check (X-ATK-011, X-MAN-007).
    fn effects(
        before: &State,
        after: &State,
        actor: CombatantId,
        action: &Action,
        events: &[Event],
    ) -> Vec<(&'static str, i64)> {
        let (mut hit, mut auto_miss, mut auto_hit, mut crits, mut exploded, mut success) =
            (0i64, 0i64, 0i64, 0i64, 0i64, 0i64);
        let me = D20::name(before, actor);
        for e in events {
            if let Event::Roll { roll } = e {
                match (roll.label, roll.verdict) {
                    ("attack", "hit") => hit += 1,
                    ("attack", "critical hit") => {
                        hit += 1;
                        crits += i64::from(roll.margin.unwrap_or(0) / 8);
                    }
                    ("attack", "automatic hit") => {
                        hit += 1;
                        auto_hit += 1;
                    }
                    ("attack", "automatic miss") => auto_miss += 1,
                    ("damage explosion", _) => exploded += 1,
                    (_, "success" | "automatic success") if roll.roller.as_deref() == Some(me) => {
                        success += 1
                    }
                    ("attack", "blind miss") => {}
                    _ => {}
                }
                if roll.label == "miss chance" && roll.verdict == "blind miss" {
                    hit -= 1;
                }
            }
        }
        if let Some(cap) = before.options.max_criticals {
            crits = crits.min(i64::from(cap) * hit.max(1));
        }
        let mut out = vec![
            ("hit", hit),
            ("automatic_miss", auto_miss),
            ("automatic_hit", auto_hit),
            ("criticals", crits),
            ("exploded", exploded),
            ("success", success),
        ];
        let target = action.target().or(match action {
            Action::FirstAid { patient } => Some(*patient),
            _ => None,
        });
        if let Some(t) = target.filter(|t| before.exists(*t) && after.exists(*t)) {
            let (b, a) = (before.fighter(t), after.fighter(t));
            let damage = (b.hp - a.hp).max(0) + (a.nonlethal - b.nonlethal).max(0);
            out.push(("damage", i64::from(damage)));
            out.push(("target_down", i64::from(b.life.fine() && !a.life.fine())));
            out.push((
                "target_dead",
                i64::from(b.life != Life::Dead && a.life == Life::Dead),
            ));
        }
        out
    }

    fn describe_decision(state: &State, question: &Question, answer: &Answer) -> String {
        format!(
            "{}: {}",
            D20::addressee_name(state, D20::addressee(question)),
            crate::describe::answer(state, question, answer)
        )
    }
}

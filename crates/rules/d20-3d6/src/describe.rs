//! Menu wording for people at the table.

use crate::model::action::{Answer, Question, Trigger};
use crate::model::state::State;

/// An answer in the words of the fight.
pub fn answer(state: &State, question: &Question, answer: &Answer) -> String {
    match (question, answer) {
        (
            Question::Reaction {
                reactor, trigger, ..
            },
            Answer::Strike { weapon },
        ) => {
            let wname = state
                .fighter(*reactor)
                .weapon(*weapon)
                .map_or_else(|| format!("weapon {weapon}"), |a| a.weapon.name.clone());
            let victim = match trigger {
                Trigger::Opportunity { mover } => *mover,
                Trigger::SetVsCharge { charger } => *charger,
            };
            let what = match trigger {
                Trigger::Opportunity { .. } => "attack of opportunity",
                Trigger::SetVsCharge { .. } => "set vs charge (-1d6)",
            };
            format!(
                "Spend the Reaction: {what} on {} with {wname}",
                state.fighter(victim).name
            )
        }
        (_, Answer::Decline) => "Let it pass".into(),
        (_, Answer::ExtraReaction) => "An extra Reaction this round".into(),
        (_, Answer::ExtraImmediate) => "An extra Immediate this round".into(),
        (_, a) => a.to_string(),
    }
}

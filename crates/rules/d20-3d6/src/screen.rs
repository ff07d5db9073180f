//! What a player's seat reads of an event when the GM hides figures
//! (`npcs = "hidden"`, [`fray_core::view::Screen`]): rolls screened by the
//! core, a hidden figure's damage told without its HP, and the initiative
//! order without a hidden figure's total.

use crate::model::event::{Event, Note};
use fray_core::view::Screen;

/// `event` as a seat behind `screen` reads it.
pub fn event(event: &Event, screen: &Screen<'_>) -> Event {
    match event {
        Event::Roll { roll } => Event::Roll {
            roll: screen.roll(roll),
        },
        Event::Damage {
            target,
            amount,
            nonlethal,
            rules,
            ..
        } if screen.hides(target) => {
            let kind = if *nonlethal { " nonlethal" } else { "" };
            Event::Note(Note {
                text: format!("{target} takes {amount}{kind} damage"),
                rule: rules.first().copied().unwrap_or("X-DMG-001"),
            })
        }
        // The adds' terms are the attacker's sheet, which the damage event
        // does not name: while any figure is hidden, the sum only.
        Event::Damage { terms, .. } if screen.hides_any() && !terms.is_empty() => {
            let mut e = event.clone();
            if let Event::Damage { terms, .. } = &mut e {
                terms.clear();
            }
            e
        }
        Event::Initiative { order } => match screen.order(order) {
            Some(words) => Event::Note(Note {
                text: format!("Initiative: {words}"),
                rule: "X-SEQ-001",
            }),
            None => event.clone(),
        },
        other => other.clone(),
    }
}

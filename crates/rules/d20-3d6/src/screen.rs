//! What a player's seat reads of an event when the GM hides figures
//! (`npcs = "hidden"`, [`fray_core::view::Screen`]): rolls screened by the
//! core, a hidden figure's damage told without its HP, and the initiative
//! order without a hidden figure's total.

use crate::model::event::Event;
use fray_core::view::Screen;

/// `event` as a seat behind `screen` reads it.
pub fn event(event: &Event, screen: &Screen<'_>) -> Event {
    match event {
        Event::Roll { roll } => {
            let mut roll = roll.clone();
            roll.screen(screen);
            Event::Roll { roll }
        }
        Event::Damage {
            target,
            amount,
            nonlethal,
            rules,
            ..
        } if screen.hides(target) => {
            let kind = if *nonlethal { " nonlethal" } else { "" };
            Event::Note {
                text: format!("{target} takes {amount}{kind} damage"),
                rule: rules.first().copied().unwrap_or("X-DMG-001"),
            }
        }
        Event::Initiative { order } if order.iter().any(|(n, _)| screen.hides(n)) => {
            let parts: Vec<String> = order
                .iter()
                .map(|(n, t)| match screen.hides(n) {
                    true => n.clone(),
                    false => format!("{n} ({t})"),
                })
                .collect();
            Event::Note {
                text: format!("Initiative: {}", parts.join(", ")),
                rule: "X-SEQ-001",
            }
        }
        other => other.clone(),
    }
}

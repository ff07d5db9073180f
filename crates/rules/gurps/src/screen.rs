//! What a player's seat reads of an event when the GM hides figures
//! (`npcs = "hidden"`, [`fray_core::view::Screen`]): rolls screened by the
//! core, a hidden figure's damage told without its DR and HP, and the turn
//! order without its Basic Speed.

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
            location,
            basic,
            damage_type,
            injury,
            rules,
            ..
        } if screen.hides(target) => Event::Note {
            text: format!(
                "{target} takes {basic} {damage_type} to the {location}: {injury} injury"
            ),
            rule: rules.first().copied().unwrap_or("G-DMG-001"),
        },
        Event::TurnOrder { order } if order.iter().any(|(n, _)| screen.hides(n)) => {
            let parts: Vec<String> = order
                .iter()
                .map(|(n, s)| match screen.hides(n) {
                    true => n.clone(),
                    false => format!("{n} ({s})"),
                })
                .collect();
            Event::Note {
                text: format!("Turn order by Basic Speed: {}", parts.join(", ")),
                rule: "G-EXT-015",
            }
        }
        other => other.clone(),
    }
}

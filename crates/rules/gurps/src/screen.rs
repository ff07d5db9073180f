//! What a player's seat reads of an event when the GM hides figures
//! (`npcs = "hidden"`, [`fray_core::view::Screen`]): rolls screened by the
//! core, a hidden figure's damage told without its DR and HP, and the turn
//! order without its Basic Speed.

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
            location,
            basic,
            damage_type,
            injury,
            rules,
            ..
        } if screen.hides(target) => Event::Note(Note {
            text: format!(
                "{target} takes {basic} {damage_type} to the {location}: {injury} injury"
            ),
            rule: rules.first().copied().unwrap_or("G-DMG-001"),
        }),
        Event::TurnOrder { order } => match screen.order(order) {
            Some(words) => Event::Note(Note {
                text: format!("Turn order by Basic Speed: {words}"),
                rule: "G-EXT-015",
            }),
            None => event.clone(),
        },
        other => other.clone(),
    }
}

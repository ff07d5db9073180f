//! What a player's seat reads of an event when the GM hides figures
//! (`npcs = "hidden"`, [`fray_core::view::Screen`]): rolls screened by the
//! core, and a hidden figure's damage told without its DR.

use crate::model::event::{Event, Note};
use fray_core::view::Screen;

/// `event` as a seat behind `screen` reads it.
pub fn event(event: &Event, screen: &Screen<'_>) -> Event {
    match event {
        Event::Roll(roll) => Event::Roll(screen.roll(roll)),
        Event::Damage {
            name,
            location,
            kind,
            damage,
            injury,
            ..
        } if screen.hides(name) => Event::Note(Note {
            text: format!(
                "{name} takes {damage} {} to the {location}: {injury} HP lost",
                kind.name()
            ),
            rule: "M-DMG-007",
        }),
        other => other.clone(),
    }
}

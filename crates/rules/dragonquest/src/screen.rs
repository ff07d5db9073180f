//! What a player's seat reads of an event when the GM hides figures
//! (`npcs = "hidden"`, [`fray_core::view::Screen`]): rolls screened by the
//! core, a hidden figure's damage told without the pool left, and orders
//! without a hidden figure's IV.

use crate::model::event::Event;
use fray_core::view::Screen;

/// `event` as a seat behind `screen` reads it.
pub fn event(event: &Event, screen: &Screen<'_>) -> Event {
    match event {
        Event::Roll { roll } => Event::Roll {
            roll: screen.roll(roll),
        },
        Event::Damage {
            who,
            amount,
            pool,
            rule,
            ..
        } if screen.hides(who) => Event::Declared {
            who: who.clone(),
            what: format!("takes {amount} {pool}"),
            rule,
        },
        Event::Order { what, order, rule } => match screen.order(order) {
            Some(words) => Event::Declared {
                who: what.to_string(),
                what: words,
                rule,
            },
            None => event.clone(),
        },
        other => other.clone(),
    }
}

//! What a player's seat reads of an event when the GM hides figures
//! (`npcs = "hidden"`, [`fray_core::view::Screen`]): rolls screened by the
//! core, a hidden figure's damage told without the pool left, and orders
//! without a hidden figure's IV.

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
        Event::Order { what, order, rule } if order.iter().any(|(n, _)| screen.hides(n)) => {
            let parts: Vec<String> = order
                .iter()
                .map(|(n, iv)| match screen.hides(n) {
                    true => n.clone(),
                    false => format!("{n} ({iv})"),
                })
                .collect();
            Event::Declared {
                who: what.to_string(),
                what: parts.join(", "),
                rule,
            }
        }
        other => other.clone(),
    }
}

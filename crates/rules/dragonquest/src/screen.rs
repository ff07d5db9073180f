//! What a player's seat reads of an event when the GM hides figures
//! (`npcs = "hidden"`, [`fray_core::view::Screen`]): rolls screened by the
//! core (and a hidden roller's note left out), a hidden figure's damage
//! told without its armor, FT and EN, orders without a hidden figure's IV
//! and its parts, and side initiative without a hidden leader's numbers.

use crate::model::event::Event;
use fray_core::view::Screen;
use std::borrow::Cow;

/// `event` as a seat behind `screen` reads it.
pub fn event(event: &Event, screen: &Screen<'_>) -> Event {
    match event {
        Event::Roll { roll, note } => {
            let hidden = roll.roller.as_deref().is_some_and(|r| screen.hides(r));
            Event::Roll {
                roll: screen.roll(roll),
                note: note.clone().filter(|_| !hidden),
            }
        }
        Event::Initiative { sides, winner, .. }
            if sides.iter().any(|s| screen.hides(&s.roller)) =>
        {
            Event::Declared {
                who: "Side initiative".into(),
                what: format!("{winner} wins"),
                rule: "DQ-12-003",
            }
        }
        Event::Initiative {
            roll,
            sides,
            winner,
        } => Event::Initiative {
            roll: screen.roll(roll),
            sides: sides.clone(),
            winner: winner.clone(),
        },
        Event::Damage(w) if screen.hides(&w.who) => Event::Effect {
            who: w.who.clone(),
            what: Cow::Owned(format!(
                "takes a blow of {} (its armor and endurance hidden)",
                w.check
            )),
            rule: w.rules.first().copied().unwrap_or("DQ-19-001"),
        },
        Event::Order { order } => {
            let ivs: Vec<(String, i32)> = order.iter().map(|p| (p.name.clone(), p.iv)).collect();
            match screen.order(&ivs) {
                Some(words) => Event::Declared {
                    who: "Order".into(),
                    what: words,
                    rule: "DQ-12-006",
                },
                None => event.clone(),
            }
        }
        other => other.clone(),
    }
}

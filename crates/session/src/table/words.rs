//! Typed words made into the request they stand for, as at the terminal:
//! `move C4` (a move to the cell named C4 on the map, [`crate::view::cell`])
//! and the words of the menus' choices at once (`attack orc chief neck`,
//! `parry retreat`, [`crate::view::shortcut`]). A page sends a clicked
//! cell or a typed line, gets the request back with its value, shows it,
//! and sends it as any other request: nothing is given by reading words.

use super::protocol::{ErrorReply, Request};
use crate::seat::{self, Seat};
use crate::session::Session;
use crate::view::{cell, shortcut};
use fray_core::{Pending, Ruleset};

fn refusal(code: &str, message: impl Into<String>) -> ErrorReply {
    ErrorReply {
        error: code.to_string(),
        message: message.into(),
        rule: None,
    }
}

/// The request `text` stands for, for the pending action or answer, from
/// `seat`: refused `not_wanted` when no action or answer is waited for,
/// `not_yours` when it is another seat's, `bad_request` with the reason
/// when the words fit no choice.
pub(super) fn read<R: Ruleset>(
    session: &Session<R>,
    seat: &Seat,
    text: &str,
) -> Result<Request, ErrorReply> {
    let not_wanted = || refusal("not_wanted", "the table waits for no action or answer");
    let waiting = session.waiting().ok_or_else(not_wanted)?;
    let wanted = session.seat_for(&waiting.state, &waiting.pending);
    if !seat::may_give(seat, &wanted) {
        return Err(refusal(
            "not_yours",
            format!("this is for {wanted} to give, not {seat}"),
        ));
    }
    let bad = |e: &dyn std::fmt::Display| refusal("bad_request", e.to_string());
    let value = |v: &dyn erased::Value| v.json().map_err(|e| bad(&e));
    match &waiting.pending {
        Pending::Action(actor) => {
            let action = match cell::move_to::<R>(&waiting.state, *actor, text) {
                Some(moved) => moved.map_err(|e| bad(&e))?,
                None => {
                    let menu = R::action_menu(&waiting.state, *actor);
                    shortcut::parse(&menu, text).map_err(|e| bad(&e))?.clone()
                }
            };
            Ok(Request::Act {
                actor: Some(R::name(&waiting.state, *actor).to_string()),
                action: value(&action)?,
            })
        }
        Pending::Answer(q) => {
            let menu = R::answer_menu(&waiting.state, q);
            let answer = shortcut::parse(&menu, text).map_err(|e| bad(&e))?.clone();
            Ok(Request::Answer {
                answer: value(&answer)?,
            })
        }
        Pending::Roll(_) => Err(not_wanted()),
    }
}

mod erased {
    /// A serializable value as JSON.
    pub trait Value {
        fn json(&self) -> Result<serde_json::Value, serde_json::Error>;
    }

    impl<T: serde::Serialize> Value for T {
        fn json(&self) -> Result<serde_json::Value, serde_json::Error> {
            serde_json::to_value(self)
        }
    }
}

//! The table's JSON: what a seat sends ([`Request`]) and what it gets back
//! ([`Reply`], [`ErrorReply`], the views of [`super::view`]), with a
//! JSON Schema ([`schema`]) so a browser or another language can use it.
//!
//! A ruleset's own values (an action, an answer, an event) travel as the
//! ruleset's JSON, as `fray fight --json` writes them; a seat never needs to
//! build one by hand: the menus of [`super::view::PendingView`] carry every
//! legal choice with its value, to be sent back as it is.

use super::view::{RecordView, TableView};
use crate::dice::DiceRule;
use crate::refused::Refused;
use crate::seat::SeatPlan;
use fray_core::Override;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a seat sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// The action of the figure whose turn it is, as a menu leaf's value.
    Act {
        /// Whom it is for (checked against whose turn it is), if said.
        #[serde(default)]
        actor: Option<String>,
        /// The ruleset's action.
        action: serde_json::Value,
    },
    /// The answer to the question asked, as a menu leaf's value.
    Answer {
        /// The ruleset's answer.
        answer: serde_json::Value,
    },
    /// Dice rolled at the table for the roll asked.
    Roll {
        /// What the dice showed.
        roll: DiceShown,
    },
    /// "Roll for me": the table rolls the roll asked.
    RollForMe,
    /// A game master's override.
    Override(Override),
    /// A game master's command as typed at the terminal (`damage Orc 3`,
    /// `dice Orcs hand`, `end Knights`).
    Command {
        /// The words.
        line: String,
    },
    /// Who rolls by hand from now on (the GM's).
    Dice(DiceRule),
    /// The players' seats and what they see (the GM's).
    Seats(SeatPlan),
    /// Take back the last input (a player: its own last input of the step
    /// in progress) or the last decision (the GM).
    Undo,
    /// Give back what the last undo took (the GM's).
    Redo,
    /// Play on when the table is paused, at the start or after an undo or
    /// a redo, until a person is waited for (the GM's).
    Continue,
    /// Play one turn that needs no person, then pause again (the GM's).
    Step,
}

/// Dice as a person typed them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DiceShown {
    /// The total (`11` for 3d6).
    Total(i32),
    /// Each die (`[3, 4, 4]`); for a roll-off, each party's roll and then
    /// the rerolls.
    Faces(Vec<i32>),
}

/// The answer to an accepted request: the records it wrote, as the seat
/// that sent it sees them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    /// The table's revision after it.
    pub revision: u64,
    /// The records written, oldest first.
    pub records: Vec<RecordView>,
}

/// Why a request was refused; it changed nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ErrorReply {
    /// A stable code to tell refusals apart (`not_yours`, `illegal`,
    /// `bad_request`...).
    pub error: String,
    /// The reason, in words.
    pub message: String,
    /// The checklist ID of the rule that refuses it, if one does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

/// Why the table did not take a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The table refused it (a seat, a rule, the fight's state).
    #[error(transparent)]
    Refused(#[from] Refused),
    /// It is not a request the table can read (JSON that does not fit, an
    /// action of another shape, a command that does not parse).
    #[error("bad request: {0}")]
    BadRequest(String),
}

impl TableError {
    /// The error as JSON.
    pub fn reply(&self) -> ErrorReply {
        let (code, rule) = match self {
            TableError::BadRequest(_) => ("bad_request", None),
            TableError::Refused(r) => (refusal_code(r), refusal_rule(r)),
        };
        ErrorReply {
            error: code.to_string(),
            message: self.to_string(),
            rule,
        }
    }
}

fn refusal_code(r: &Refused) -> &'static str {
    match r {
        Refused::Watcher => "watcher",
        Refused::GmOnly(_) => "gm_only",
        Refused::NotYours { .. } => "not_yours",
        Refused::NotWanted { .. } => "not_wanted",
        Refused::WrongActor { .. } => "wrong_actor",
        Refused::Illegal(_) => "illegal",
        Refused::BadRoll(_) => "bad_roll",
        Refused::Rejected(_) => "rejected",
        Refused::Over => "over",
        Refused::Paused => "paused",
        Refused::Stuck(_) => "stuck",
        Refused::StepInProgress => "step_in_progress",
        Refused::NothingToUndo => "nothing_to_undo",
        Refused::NothingToRedo => "nothing_to_redo",
        Refused::NotPaused => "not_paused",
        Refused::Override(_) => "override_refused",
        Refused::Seats(_) => "bad_seats",
    }
}

fn refusal_rule(r: &Refused) -> Option<String> {
    match r {
        Refused::Illegal(i) if !i.rule.is_empty() => Some(i.rule.to_string()),
        _ => None,
    }
}

/// The JSON Schema of the table's protocol: the requests a seat sends, the
/// replies, the errors, the view of the table and the records of its log.
pub fn schema() -> serde_json::Value {
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    /// Fray's table protocol.
    struct TableProtocol {
        /// What a seat sends.
        request: Request,
        /// The answer to an accepted request.
        reply: Reply,
        /// A refused request.
        error: ErrorReply,
        /// The table as one seat sees it.
        view: TableView,
        /// One record of the log, as one seat sees it.
        record: RecordView,
        /// The AI's suggestion, when taken apart from the view.
        suggestion: super::suggest::SuggestionView,
    }
    serde_json::to_value(schemars::schema_for!(TableProtocol)).unwrap_or_default()
}

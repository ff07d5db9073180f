//! The AI's suggestion for a seat, worked out apart from the view.
//!
//! A view carries what the ruleset's AI would give for the action or the
//! answer waited for (`pending.suggested`), and on a state the AI has not
//! met that decision can take milliseconds. A server that tells every page
//! of a table about a new record takes the view without it
//! ([`crate::Table::view_without_suggestion`]) and a [`Suggester`]: a copy
//! of the state and of what is pending, cheap to take while it holds the
//! table, whose [`Suggester::run`] works the decision out afterwards on
//! any thread, so the pages are told first and the table is not held.

use super::view::suggestion;
use fray_core::{Pending, Ruleset};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The AI's decision for one seat at one revision, still to be worked out.
pub struct Suggester {
    revision: u64,
    job: Box<dyn FnOnce() -> Option<serde_json::Value> + Send>,
}

/// What the AI would give, for the revision it was worked out at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SuggestionView {
    /// The revision of the view it belongs to.
    pub revision: u64,
    /// The action or answer, to send back as it is (as `pending.suggested`).
    pub suggested: serde_json::Value,
}

impl Suggester {
    /// A suggester for `pending` in `state` (copied) at `revision`.
    pub(crate) fn of<R: Ruleset>(revision: u64, state: &R::State, pending: &Pending<R>) -> Self {
        let (state, pending) = (state.clone(), pending.clone());
        Suggester {
            revision,
            job: Box::new(move || suggestion::<R>(&state, &pending)),
        }
    }

    /// The revision it is for.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Works the decision out.
    pub fn run(self) -> Option<SuggestionView> {
        let revision = self.revision;
        (self.job)().map(|suggested| SuggestionView {
            revision,
            suggested,
        })
    }
}

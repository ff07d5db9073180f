//! The exact odds of an action of the pending turn, before it is given
//! (the web table shows them under the menu).
//!
//! The odds engine ([`fray_core::odds::resolve_odds`]) resolves the action
//! from the state the table waits in over every outcome of its rolls, the
//! defender's choices taken by the ruleset's AI. It is bounded by a budget
//! of leaves (complete sequences of roll outcomes), not by time, so the
//! same request always gets the same answer: an action whose tree is
//! bigger is refused (`too_big`), or answered for the part explored with
//! `complete: false`.
//!
//! Who may ask: the seat that may give the action (its player, the GM).
//! While figures are hidden from players (`npcs = "hidden"`), only the GM:
//! the odds of a blow would tell a player the hidden foe's defenses.

use crate::seat::{self, Seat};
use crate::session::Session;
use crate::view::named;
use fray_core::dice::{Prob, prob_f64};
use fray_core::odds::{ActionOdds, OddsError, OddsOptions};
use fray_core::{CombatantId, NpcView, Pending, Ruleset};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::protocol::ErrorReply;

/// The odds engine of a ruleset: [`fray_core::odds::resolve_odds`].
pub(super) type OddsFn<R> = fn(
    &<R as fray_core::Fight>::State,
    CombatantId,
    &<R as fray_core::Fight>::Action,
    &OddsOptions,
) -> Result<ActionOdds, OddsError>;

/// The most joint outcomes a view lists (the likeliest).
pub const MAX_OUTCOMES: usize = 8;

/// The odds of one action, as a seat reads them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OddsView {
    /// Who acts.
    pub actor: String,
    /// The action, in the ruleset's words.
    pub action: String,
    /// Each effect the ruleset names (`hit`, `injury`...), in its order.
    pub features: Vec<FeatureView>,
    /// The likeliest joint outcomes (at most [`MAX_OUTCOMES`]).
    pub outcomes: Vec<OutcomeOdds>,
    /// The choices the AI took for the others (a defense), each with how
    /// likely it was taken.
    pub decisions: Vec<DecisionOdds>,
    /// Whether every sequence of rolls was explored (else the figures
    /// cover only the part explored).
    pub complete: bool,
    /// The sequences of rolls explored.
    pub leaves: u64,
}

/// One effect's odds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureView {
    /// The ruleset's name (`hit`).
    pub name: String,
    /// The probability that it happens (is not 0).
    pub p: f64,
    /// The same, exact (`91/216`).
    pub exact: String,
    /// Its mean value.
    pub mean: f64,
}

/// One joint outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutcomeOdds {
    /// The effects that are not 0, as `name = value` (empty: nothing happens).
    pub effects: Vec<String>,
    /// Its probability.
    pub p: f64,
}

/// A choice the AI took, with its probability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DecisionOdds {
    /// The choice in words.
    pub text: String,
    /// How likely it was taken.
    pub p: f64,
}

/// Why the odds were not given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OddsRefused {
    /// The table was made without its ruleset's odds engine.
    #[error("this table has no odds engine")]
    NoEngine,
    /// The table does not wait for a figure's action.
    #[error("the table does not wait for an action")]
    NoAction,
    /// The action is another seat's to give.
    #[error("this action is for {wanted} to give, not {seat}")]
    NotYours {
        /// Who asked.
        seat: Seat,
        /// Whose it is.
        wanted: Seat,
    },
    /// Figures are hidden from the players: the odds would tell their sheets.
    #[error("the odds are the game master's while figures are hidden from the players")]
    Hidden,
    /// The value is not an action of this ruleset.
    #[error("bad request: {0}")]
    BadRequest(String),
    /// The rules do not allow the action now.
    #[error("not allowed: {0}")]
    Illegal(fray_core::Illegal),
    /// The action's tree of rolls is bigger than the budget.
    #[error("too many possible rolls to count within the budget ({0} sequences)")]
    TooBig(u64),
    /// The odds engine could not count it.
    #[error("no odds: {0}")]
    Engine(String),
}

impl OddsRefused {
    /// The refusal as the table's JSON error.
    pub fn reply(&self) -> ErrorReply {
        let code = match self {
            OddsRefused::NoEngine => "no_odds",
            OddsRefused::NoAction => "not_wanted",
            OddsRefused::NotYours { .. } => "not_yours",
            OddsRefused::Hidden => "hidden",
            OddsRefused::BadRequest(_) => "bad_request",
            OddsRefused::Illegal(_) => "illegal",
            OddsRefused::TooBig(_) => "too_big",
            OddsRefused::Engine(_) => "no_odds",
        };
        let rule = match self {
            OddsRefused::Illegal(i) if !i.rule.is_empty() => Some(i.rule.to_string()),
            _ => None,
        };
        ErrorReply {
            error: code.to_string(),
            message: self.to_string(),
            rule,
        }
    }
}

/// The odds of `action` for the pending turn of `session`, asked by `seat`.
pub(super) fn of_pending<R: Ruleset>(
    session: &Session<R>,
    engine: OddsFn<R>,
    seat: &Seat,
    action: &serde_json::Value,
    max_leaves: u64,
) -> Result<OddsView, OddsRefused> {
    let waiting = session.waiting().ok_or(OddsRefused::NoAction)?;
    let Pending::Action(actor) = &waiting.pending else {
        return Err(OddsRefused::NoAction);
    };
    let wanted = session.seat_for(&waiting.state, &waiting.pending);
    if !seat::may_give(seat, &wanted) {
        return Err(OddsRefused::NotYours {
            seat: seat.clone(),
            wanted,
        });
    }
    let plan = session.plan();
    if plan.npcs == NpcView::Hidden && plan.screened(seat) {
        return Err(OddsRefused::Hidden);
    }
    let action: R::Action = serde_json::from_value(action.clone())
        .map_err(|e| OddsRefused::BadRequest(e.to_string()))?;
    R::check_action(&waiting.state, *actor, &action).map_err(OddsRefused::Illegal)?;
    let opts = OddsOptions {
        max_leaves,
        ..OddsOptions::default()
    };
    let odds = engine(&waiting.state, *actor, &action, &opts).map_err(|e| match e {
        OddsError::TooManyLeaves(n) => OddsRefused::TooBig(n),
        other => OddsRefused::Engine(other.to_string()),
    })?;
    let roster = R::roster(&waiting.state);
    Ok(view(&odds, |text| named(text, &roster)))
}

/// The odds as a seat reads them, the figures named by `name`.
fn view(odds: &ActionOdds, name: impl Fn(&str) -> String) -> OddsView {
    let zero = Prob::from_integer(0.into());
    OddsView {
        actor: odds.actor_name.clone(),
        action: name(&odds.action),
        features: odds
            .features
            .iter()
            .map(|f| FeatureView {
                name: f.name.to_string(),
                p: prob_f64(&f.p_nonzero),
                exact: f.p_nonzero.to_string(),
                mean: prob_f64(&f.mean),
            })
            .collect(),
        outcomes: odds
            .outcomes
            .iter()
            .take(MAX_OUTCOMES)
            .map(|(effects, p)| OutcomeOdds {
                effects: effects.iter().map(|(n, v)| format!("{n} = {v}")).collect(),
                p: prob_f64(p),
            })
            .collect(),
        decisions: odds
            .decisions
            .iter()
            .map(|(text, p)| DecisionOdds {
                text: name(text),
                p: prob_f64(p),
            })
            .collect(),
        complete: odds.unexplored == zero,
        leaves: odds.leaves,
    }
}

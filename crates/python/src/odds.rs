//! `fray.odds`: exact distributions, of a dice expression or of one
//! declared action in a scenario, in the shapes `fray odds --json` prints.

use crate::errors::Failure;
use crate::guard;
use crate::scenario::Scenario;
use fray_core::Ruleset;
use fray_core::dice::{DistOptions, Expr};
use fray_core::odds::{self as exact, ActionEffects, OddsOptions};
use fray_session::odds_json;
use fray_session::with_ruleset;
use pyo3::prelude::*;
use serde_json::Value;

/// The exact distribution of a dice expression, as `fray odds EXPR --json`.
fn dice(text: &str) -> Result<Value, Failure> {
    let expr = Expr::parse(text).map_err(|e| Failure::Dice(format!("`{text}`: {e}")))?;
    let pmf = expr
        .distribution(&DistOptions::default())
        .map_err(|e| Failure::Dice(format!("`{text}`: {e}")))?;
    Ok(odds_json::dice(text, &pmf))
}

/// An action: a TOML inline value as `fray odds --action` takes it, or the
/// ruleset's JSON of it (a menu's `value`).
#[derive(Clone, Debug)]
pub enum ActionArg {
    /// `{ attack = { strike = { target = 1 } } }`, or a bare word.
    Toml(String),
    /// The JSON shape (from a Python dict or a string naming a unit action).
    Json(Value),
}

impl ActionArg {
    /// The ruleset's action.
    fn parse<R: Ruleset>(&self, what: &str) -> Result<R::Action, Failure> {
        match self {
            ActionArg::Json(v) => serde_json::from_value(v.clone())
                .map_err(|e| Failure::Odds(format!("{what}: not an action of {}: {e}", R::ID))),
            ActionArg::Toml(text) => odds_json::action_from_toml::<R>(text)
                .map_err(|e| Failure::Odds(format!("{what} `{text}`: {}", e.message))),
        }
    }
}

/// What `fray odds --scenario` is asked.
pub struct ActionQuery {
    /// The action measured.
    pub action: ActionArg,
    /// Who acts (default: whoever acts first).
    pub actor: Option<String>,
    /// Actions taken earlier in the same turn.
    pub after: Vec<ActionArg>,
    /// The most roll sequences to enumerate.
    pub max_outcomes: u64,
}

fn action_odds<R: ActionEffects>(s: &Scenario, q: &ActionQuery) -> Result<Value, Failure> {
    let action = q.action.parse::<R>("action")?;
    let earlier = q
        .after
        .iter()
        .map(|a| a.parse::<R>("after"))
        .collect::<Result<Vec<_>, _>>()?;
    let loaded = s.load::<R>()?;
    let actor = match &q.actor {
        Some(name) => Some(
            odds_json::find_actor::<R>(&loaded.state, name)
                .map_err(|why| Failure::Odds(format!("actor: {why}")))?,
        ),
        None => None,
    };
    let opts = OddsOptions {
        max_leaves: q.max_outcomes,
        ..OddsOptions::default()
    };
    let odds = exact::turn_odds::<R>(&loaded.state, actor, &earlier, &action, &opts)
        .map_err(|e| Failure::Odds(format!("{}: {e}", s.origin.name)))?;
    let text = match &q.action {
        ActionArg::Toml(t) => t.clone(),
        ActionArg::Json(v) => v.to_string(),
    };
    Ok(odds_json::action(
        &odds,
        &R::roster(&loaded.state),
        &s.origin.name,
        R::ID,
        &text,
    ))
}

/// A Python action argument: a `str` is TOML (as on the command line), any
/// other value its JSON shape.
pub fn action_arg(v: &Bound<'_, PyAny>) -> Result<ActionArg, Failure> {
    if let Ok(s) = v.extract::<String>() {
        return Ok(ActionArg::Toml(s));
    }
    pythonize::depythonize::<Value>(v)
        .map(ActionArg::Json)
        .map_err(|e| Failure::Value(format!("an action is a TOML string or a dict: {e}")))
}

/// The exact distribution of a dice expression (`fray odds EXPR --json`).
#[pyfunction]
pub fn odds_dice<'py>(py: Python<'py>, expr: String) -> PyResult<Bound<'py, PyAny>> {
    let v = guard::run(py, || dice(&expr))?;
    Ok(pythonize::pythonize(py, &v)?)
}

/// The exact odds of one action in a scenario (`fray odds --scenario ... --json`).
#[pyfunction]
#[pyo3(signature = (scenario, action, actor = None, after = Vec::new(), max_outcomes = exact::DEFAULT_MAX_LEAVES))]
pub fn odds_action<'py>(
    py: Python<'py>,
    scenario: &Scenario,
    action: &Bound<'py, PyAny>,
    actor: Option<String>,
    after: Vec<Bound<'py, PyAny>>,
    max_outcomes: u64,
) -> PyResult<Bound<'py, PyAny>> {
    use crate::errors::IntoPy;
    let query = (|| {
        Ok::<_, Failure>(ActionQuery {
            action: action_arg(action)?,
            actor,
            after: after.iter().map(action_arg).collect::<Result<_, _>>()?,
            max_outcomes,
        })
    })()
    .or_raise(py)?;
    let v = guard::run(py, || {
        with_ruleset!(scenario.ruleset.as_str(), R => action_odds::<R>(scenario, &query),
            other => Err(Failure::Value(fray_session::registry::unsupported(other))))
    })?;
    Ok(pythonize::pythonize(py, &v)?)
}

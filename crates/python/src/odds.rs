//! `fray.odds`: exact distributions, of a dice expression or of one
//! declared action in a scenario, in the shapes `fray odds --json` prints.

use crate::errors::Failure;
use crate::guard;
use crate::scenario::Scenario;
use fray_core::dice::{DistOptions, Expr, Prob, prob_f64};
use fray_core::odds::{self as exact, ActionEffects, ActionOdds, OddsOptions};
use fray_core::{CombatantId, CombatantView, Ruleset};
use fray_session::view::named;
use fray_session::with_ruleset;
use pyo3::prelude::*;
use serde_json::{Value, json};

/// The exact distribution of a dice expression, as `fray odds EXPR --json`.
fn dice(text: &str) -> Result<Value, Failure> {
    let expr = Expr::parse(text).map_err(|e| Failure::Dice(format!("`{text}`: {e}")))?;
    let pmf = expr
        .distribution(&DistOptions::default())
        .map_err(|e| Failure::Dice(format!("`{text}`: {e}")))?;
    let table: Vec<Value> = pmf
        .table()
        .iter()
        .map(|r| {
            json!({
                "value": r.value,
                "p_eq": r.eq.to_string(), "p_le": r.le.to_string(), "p_ge": r.ge.to_string(),
                "p_eq_f64": r.eq.to_f64(), "p_le_f64": r.le.to_f64(), "p_ge_f64": r.ge.to_f64(),
            })
        })
        .collect();
    let leftover = pmf.leftover();
    Ok(json!({
        "expression": text,
        "distribution": table,
        "mean": pmf.mean().to_string(),
        "mean_f64": pmf.mean_f64(),
        "std_dev": pmf.std_dev(),
        "leftover": leftover.to_string(),
        "leftover_f64": prob_f64(&leftover),
    }))
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
            ActionArg::Toml(text) => {
                #[derive(serde::Deserialize)]
                #[serde(bound = "A: serde::de::DeserializeOwned", deny_unknown_fields)]
                struct Doc<A> {
                    action: A,
                }
                let bare =
                    !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                let doc = if bare {
                    format!("action = \"{text}\"")
                } else {
                    format!("action = {text}")
                };
                toml::from_str::<Doc<R::Action>>(&doc)
                    .map(|d| d.action)
                    .map_err(|e| Failure::Odds(format!("{what} `{text}`: {}", e.message().trim())))
            }
        }
    }
}

fn find_actor<R: Ruleset>(state: &R::State, name: &str) -> Result<CombatantId, Failure> {
    let ids = (0..R::combatants(state)).map(|i| CombatantId(i as u16));
    ids.clone()
        .find(|&id| R::name(state, id) == name)
        .ok_or_else(|| {
            let names: Vec<String> = ids.map(|id| format!("`{}`", R::name(state, id))).collect();
            Failure::Odds(format!(
                "actor: no combatant is named `{name}`; the scenario has {}",
                names.join(", ")
            ))
        })
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
        Some(name) => Some(find_actor::<R>(&loaded.state, name)?),
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
    Ok(action_json(
        &odds,
        &R::roster(&loaded.state),
        &s.origin.name,
        R::ID,
        &text,
    ))
}

fn exact_json(p: &Prob) -> Value {
    json!({ "exact": p.to_string(), "f64": prob_f64(p) })
}

/// The odds as `fray odds --scenario ... --json` prints them.
fn action_json(
    o: &ActionOdds,
    roster: &[CombatantView],
    path: &str,
    ruleset: &str,
    text: &str,
) -> Value {
    let features: Vec<_> = o
        .features
        .iter()
        .map(|f| {
            json!({
                "name": f.name,
                "p_nonzero": exact_json(&f.p_nonzero),
                "mean": exact_json(&f.mean),
                "distribution": f.distribution.iter()
                    .map(|(v, p)| json!({ "value": v, "p": exact_json(p) }))
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    let outcomes: Vec<_> = o
        .outcomes
        .iter()
        .map(|(effects, p)| {
            let map: serde_json::Map<String, Value> = effects
                .iter()
                .map(|(n, v)| (n.to_string(), json!(v)))
                .collect();
            json!({ "effects": map, "p": exact_json(p) })
        })
        .collect();
    let decisions: Vec<_> = o
        .decisions
        .iter()
        .map(|(d, p)| json!({ "decision": d, "decision_named": named(d, roster), "p": exact_json(p) }))
        .collect();
    json!({
        "scenario": path,
        "ruleset": ruleset,
        "actor": o.actor_name,
        "actor_id": o.actor.0,
        "action": text,
        "action_words": o.action,
        "action_named": named(&o.action, roster),
        "roll_sequences": o.leaves,
        "features": features,
        "outcomes": outcomes,
        "decisions": decisions,
        "leftover": exact_json(&o.leftover),
        "merged_at_checkpoints": o.merged,
        "unexplored": exact_json(&o.unexplored),
        "turn_ended_before": exact_json(&o.ended),
    })
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

//! Exact odds as JSON: one shape for every front end (`fray odds --json`,
//! Python's `fray.odds`), and the readings of an odds query they share
//! (the actor by name, an action written as TOML).

use crate::view::named;
use fray_core::dice::{Pmf, Prob, prob_f64};
use fray_core::odds::ActionOdds;
use fray_core::{CombatantId, CombatantView, Ruleset};
use serde_json::{Value, json};
use std::ops::Range;

/// The distribution of the dice expression `text`: every value with its
/// exact and decimal P(=), P(<=), P(>=), the mean, the standard deviation,
/// and the probability left beyond truncated explosions.
pub fn dice(text: &str, pmf: &Pmf) -> Value {
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
    json!({
        "expression": text,
        "distribution": table,
        "mean": pmf.mean().to_string(),
        "mean_f64": pmf.mean_f64(),
        "std_dev": pmf.std_dev(),
        "leftover": leftover.to_string(),
        "leftover_f64": prob_f64(&leftover),
    })
}

/// A probability, exact and as a decimal.
fn exact(p: &Prob) -> Value {
    json!({ "exact": p.to_string(), "f64": prob_f64(p) })
}

/// The odds of one action in `scenario`: its features, outcomes and
/// decisions, what was left out and why. The action's and decisions'
/// words keep the ids (`#1`) tools match on, each beside a copy with the
/// figures named.
pub fn action(
    o: &ActionOdds,
    roster: &[CombatantView],
    scenario: &str,
    ruleset: &str,
    text: &str,
) -> Value {
    let features: Vec<_> = o
        .features
        .iter()
        .map(|f| {
            json!({
                "name": f.name,
                "p_nonzero": exact(&f.p_nonzero),
                "mean": exact(&f.mean),
                "distribution": f.distribution.iter()
                    .map(|(v, p)| json!({ "value": v, "p": exact(p) }))
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
            json!({ "effects": map, "p": exact(p) })
        })
        .collect();
    let decisions: Vec<_> = o
        .decisions
        .iter()
        .map(|(d, p)| json!({ "decision": d, "decision_named": named(d, roster), "p": exact(p) }))
        .collect();
    json!({
        "scenario": scenario,
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
        "leftover": exact(&o.leftover),
        "merged_at_checkpoints": o.merged,
        "unexplored": exact(&o.unexplored),
        "turn_ended_before": exact(&o.ended),
    })
}

/// The combatant named `name`, or why not, listing the names there are.
pub fn find_actor<R: Ruleset>(state: &R::State, name: &str) -> Result<CombatantId, String> {
    let ids = R::ids(state);
    ids.clone()
        .find(|&id| R::name(state, id) == name)
        .ok_or_else(|| {
            let names: Vec<String> = ids.map(|id| format!("`{}`", R::name(state, id))).collect();
            format!(
                "no combatant is named `{name}`; the scenario has {}",
                names.join(", ")
            )
        })
}

/// Why an action written as TOML does not read: the message and where in
/// the text given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionTomlError {
    /// What is wrong.
    pub message: String,
    /// The bytes of the text it points at, if it points anywhere.
    pub span: Option<Range<usize>>,
}

/// The ruleset's action written as a TOML inline value
/// (`{ attack = { strike = { target = 1 } } }`), or a bare word for a unit
/// action (`do_nothing`), as `fray odds --action` and input scripts write it.
pub fn action_from_toml<R: Ruleset>(text: &str) -> Result<R::Action, ActionTomlError> {
    #[derive(serde::Deserialize)]
    #[serde(bound = "A: serde::de::DeserializeOwned", deny_unknown_fields)]
    struct Doc<A> {
        action: A,
    }
    const KEY: &str = "action = ";
    let bare = !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let doc = if bare {
        format!("{KEY}\"{text}\"")
    } else {
        format!("{KEY}{text}")
    };
    toml::from_str::<Doc<R::Action>>(&doc)
        .map(|d| d.action)
        .map_err(|e| {
            let shift = KEY.len() + usize::from(bare);
            let span = e.span().map(|r| {
                let start = r.start.saturating_sub(shift).min(text.len());
                let end = r.end.saturating_sub(shift).clamp(start, text.len());
                start..end
            });
            ActionTomlError {
                message: e.message().trim().to_string(),
                span,
            }
        })
}

//! `fray.fight`: one fight played to its end, as `fray fight --json` tells
//! it: a `start` line (title, ruleset, seed, roster), one line per event
//! (the ruleset's own JSON of it), an `end` line (outcome, roster), and
//! beside each event its narration, as `fray fight` prints it.

use crate::errors::Failure;
use crate::guard;
use crate::scenario::Scenario;
use fray_core::{InputLog, Ruleset, run};
use fray_session::with_ruleset;
use pyo3::prelude::*;
use serde_json::{Value, json};

/// A fight told: the JSON lines and the narration of each event.
struct Told {
    lines: Vec<Value>,
    narration: Vec<String>,
}

fn play<R: Ruleset>(s: &Scenario, seed: u64) -> Result<Told, Failure> {
    let loaded = s.load::<R>()?;
    let mut state = loaded.state;
    let start = R::roster(&state);
    let mut lines = vec![json!({
        "event": "start", "scenario": s.title, "ruleset": R::ID, "seed": seed, "roster": start,
    })];
    let mut narration = Vec::new();
    let mut bad: Option<String> = None;
    let (outcome, _) = run::fight::<R>(&mut state, &InputLog::default(), seed, |event| {
        match serde_json::to_value(&event) {
            Ok(v) => lines.push(v),
            Err(e) => bad = Some(e.to_string()),
        }
        narration.push(event.to_string());
    })
    .map_err(|halt| Failure::Sim(format!("{}: {halt}", s.origin.name)))?;
    if let Some(e) = bad {
        return Err(Failure::Value(format!("cannot encode an event: {e}")));
    }
    lines.push(json!({"event": "end", "outcome": outcome, "roster": R::roster(&state)}));
    Ok(Told { lines, narration })
}

/// Plays `scenario` from `seed`: `(lines, narration)`, the lines being
/// `fray fight --json`'s (start, each event, end) as dicts.
#[pyfunction]
pub fn fight_lines<'py>(
    py: Python<'py>,
    scenario: &Scenario,
    seed: u64,
) -> PyResult<(Bound<'py, PyAny>, Vec<String>)> {
    let told = guard::run(py, || {
        with_ruleset!(scenario.ruleset.as_str(), R => play::<R>(scenario, seed),
            other => Err(Failure::Value(fray_session::registry::unsupported(other))))
    })?;
    Ok((pythonize::pythonize(py, &told.lines)?, told.narration))
}

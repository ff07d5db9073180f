//! `fray.Table`: the session layer's table (`fray_session::Table`) for a
//! Python program that drives a fight seat by seat.
//!
//! Nothing here decides anything: every request goes to the table as the
//! JSON of `docs/table.md` (a Python dict or str is turned into it), and
//! what comes back is that JSON as Python values. A refused request raises
//! `fray.TableError` with the table's `code`, `message` and `rule`, and
//! changes nothing. A seat is `"gm"`, `"watcher"`, `{"player": "Alice"}`
//! or a bare player name.

use crate::errors::{Failure, IntoPy};
use crate::guard;
use crate::scenario::Scenario;
use fray_session::Seat;
use fray_session::table::protocol::ErrorReply;
use pyo3::prelude::*;
use serde_json::Value;
use std::sync::Mutex;

/// A fight at a table.
#[pyclass(module = "fray._native", name = "Table")]
pub struct Table {
    inner: Mutex<fray_session::Table>,
}

fn refused(e: ErrorReply) -> Failure {
    Failure::Table {
        code: e.error,
        message: e.message,
        rule: e.rule,
    }
}

fn open_failure(e: fray_session::table::OpenError) -> Failure {
    match e {
        fray_session::table::OpenError::File(f) => Failure::Scenario(f),
        other => Failure::Value(other.to_string()),
    }
}

/// A seat from Python: `"gm"`, `"watcher"`, `{"player": name}` or a name.
fn seat(v: &Bound<'_, PyAny>) -> Result<Seat, Failure> {
    if let Ok(s) = v.extract::<String>() {
        return Ok(match s.as_str() {
            "gm" => Seat::Gm,
            "watcher" => Seat::Watcher,
            _ => Seat::Player(s),
        });
    }
    pythonize::depythonize::<Seat>(v).map_err(|e| {
        Failure::Value(format!(
            "a seat is \"gm\", \"watcher\", {{\"player\": NAME}} or a player's name: {e}"
        ))
    })
}

/// A request from Python: a dict (or a bare word such as `"continue"`) in
/// the shapes of `docs/table.md`.
fn json_of(v: &Bound<'_, PyAny>, what: &str) -> Result<Value, Failure> {
    pythonize::depythonize::<Value>(v).map_err(|e| {
        Failure::Value(format!(
            "{what} must be JSON-shaped (dict, list, str, number): {e}"
        ))
    })
}

fn parse_json(text: &str) -> Result<Value, Failure> {
    serde_json::from_str(text).map_err(|e| Failure::Value(format!("bad JSON from the table: {e}")))
}

impl Table {
    fn with<T>(
        &self,
        f: impl FnOnce(&mut fray_session::Table) -> Result<T, Failure>,
    ) -> Result<T, Failure> {
        // A poisoned lock means an earlier call panicked (caught at the
        // boundary); the table itself changes only through whole requests.
        let mut t = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut t)
    }
}

fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, v)?)
}

#[pymethods]
impl Table {
    /// Opens a table on `scenario` with `seed` (default: the scenario's,
    /// else 1). It opens paused when the AI acts first (send `"continue"`).
    #[new]
    #[pyo3(signature = (scenario, seed = None))]
    fn open(py: Python<'_>, scenario: &Bound<'_, PyAny>, seed: Option<u64>) -> PyResult<Table> {
        let s: Scenario = crate::scenario::scenario_arg(py, scenario)?;
        guard::run(py, || {
            fray_session::Table::open(s.origin.clone(), seed)
                .map(|t| Table {
                    inner: Mutex::new(t),
                })
                .map_err(open_failure)
        })
    }

    /// Reopens a saved game (the text `Table.save()` gave, or `fray play`'s).
    #[staticmethod]
    #[pyo3(signature = (text, name = "<saved game>"))]
    fn load(py: Python<'_>, text: String, name: &str) -> PyResult<Table> {
        guard::run(py, || {
            fray_session::Table::load(name, &text)
                .map(|t| Table {
                    inner: Mutex::new(t),
                })
                .map_err(open_failure)
        })
    }

    /// Gives `request` from `seat`; the reply (`{"revision", "records"}`),
    /// or `fray.TableError` if refused (nothing changed then).
    fn submit<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        request: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self::seat(seat).or_raise(py)?;
        let request = json_of(request, "a request").or_raise(py)?.to_string();
        let reply = guard::run(py, || {
            self.with(|t| match t.submit_json(&seat, &request) {
                Ok(json) => parse_json(&json),
                Err(json) => {
                    let e: ErrorReply = serde_json::from_str(&json)
                        .map_err(|e| Failure::Value(format!("bad error from the table: {e}")))?;
                    Err(refused(e))
                }
            })
        })?;
        to_py(py, &reply)
    }

    /// The table as `seat` sees it (`TableView`).
    fn view<'py>(&self, py: Python<'py>, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let seat = self::seat(seat).or_raise(py)?;
        let v = guard::run(py, || {
            self.with(|t| {
                serde_json::to_value(t.view(&seat)).map_err(|e| Failure::Value(e.to_string()))
            })
        })?;
        to_py(py, &v)
    }

    /// The log's records after revision `after`, as `seat` sees them.
    #[pyo3(signature = (seat, after = 0))]
    fn records<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        after: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self::seat(seat).or_raise(py)?;
        let v = guard::run(py, || {
            self.with(|t| {
                serde_json::to_value(t.records_after(&seat, after))
                    .map_err(|e| Failure::Value(e.to_string()))
            })
        })?;
        to_py(py, &v)
    }

    /// The request typed words stand for (`move C4`, `attack orc chief
    /// neck`), from `seat`; nothing is given (submit it to give it).
    fn words<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        text: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self::seat(seat).or_raise(py)?;
        let v = guard::run(py, || {
            self.with(|t| {
                let r = t.words(&seat, text).map_err(refused)?;
                serde_json::to_value(r).map_err(|e| Failure::Value(e.to_string()))
            })
        })?;
        to_py(py, &v)
    }

    /// The exact odds of `action` (a menu leaf's `value`) for the figure
    /// whose turn it is, asked by `seat`.
    #[pyo3(signature = (seat, action, max_outcomes = fray_core::odds::DEFAULT_MAX_LEAVES))]
    fn odds<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        action: &Bound<'py, PyAny>,
        max_outcomes: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self::seat(seat).or_raise(py)?;
        let action = json_of(action, "an action").or_raise(py)?;
        let v = guard::run(py, || {
            self.with(|t| {
                let o = t
                    .odds(&seat, &action, max_outcomes)
                    .map_err(|e| refused(e.reply()))?;
                serde_json::to_value(o).map_err(|e| Failure::Value(e.to_string()))
            })
        })?;
        to_py(py, &v)
    }

    /// The whole game as a self-contained saved game (TOML).
    fn save(&self, py: Python<'_>) -> PyResult<String> {
        guard::run(py, || {
            self.with(|t| t.save().map_err(|e| Failure::Value(e.to_string())))
        })
    }

    /// The ruleset id.
    #[getter]
    fn ruleset(&self, py: Python<'_>) -> PyResult<&'static str> {
        guard::run(py, || self.with(|t| Ok(t.ruleset())))
    }

    /// The revision of the last record.
    #[getter]
    fn revision(&self, py: Python<'_>) -> PyResult<u64> {
        guard::run(py, || self.with(|t| Ok(t.revision())))
    }

    /// The seed of the table's dice.
    #[getter]
    fn seed(&self, py: Python<'_>) -> PyResult<u64> {
        guard::run(py, || self.with(|t| Ok(t.seed())))
    }

    /// Whether the fight is over.
    #[getter]
    fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        guard::run(py, || self.with(|t| Ok(t.is_over())))
    }
}

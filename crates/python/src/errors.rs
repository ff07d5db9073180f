//! What can go wrong on the Rust side, and how it reaches Python.
//!
//! Rust work runs without the GIL ([`crate::guard::run`]) and so cannot
//! build Python objects; it returns a [`Failure`], which becomes an
//! exception of `fray.errors` once the GIL is back. The exception classes
//! are defined in Python (`python/fray/errors.py`) so that they can inherit
//! from both `fray.FrayError` and the builtin a caller expects
//! (`ValueError` for bad input): a `ScenarioError` carries `.file`, `.line`
//! and `.column` as attributes, a `TableError` `.code` and `.rule`.

use fray_core::scenario::FileError;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A failure of Rust work, turned into a Python exception by [`Failure::into_py_err`].
#[derive(Debug)]
pub enum Failure {
    /// A scenario, data or GCS file that does not read or set up.
    Scenario(FileError),
    /// A change of a scenario (`with_sheet`, a sweep point) that the
    /// scenario refuses: the error in the changed scenario, and what was
    /// changed, in words.
    Sheet {
        /// What the caller asked for (`Sir Bors's sheet: skillz = ...`).
        context: String,
        /// Why it is refused (the ruleset's words: `unknown field ...`).
        message: String,
        /// Where, in the changed scenario's text, when known.
        at: Option<FileError>,
    },
    /// A simulation that stopped (a ruleset bug: an illegal AI action...).
    Sim(String),
    /// A dice expression that does not parse or is too large.
    Dice(String),
    /// An action that does not read, or odds that cannot be computed.
    Odds(String),
    /// A request the table refuses: its code, words and rule.
    Table {
        /// The stable code (`not_yours`, `illegal`...).
        code: String,
        /// The reason.
        message: String,
        /// The checklist ID, when a rule refuses it.
        rule: Option<String>,
    },
    /// An argument of the wrong shape.
    Value(String),
    /// A panic caught at the boundary: a bug, reported instead of crashing
    /// the interpreter.
    Panic(String),
}

impl From<FileError> for Failure {
    fn from(e: FileError) -> Self {
        Failure::Scenario(e)
    }
}

/// The place a file error points at: file, and line and column when known.
pub fn place(e: &FileError) -> (String, Option<usize>, Option<usize>, String) {
    match e {
        FileError::Io { file, message } => (file.clone(), None, None, message.clone()),
        FileError::TooLarge { file, .. } => (file.clone(), None, None, e.to_string()),
        FileError::NotUtf8 {
            file, line, col, ..
        } => (file.clone(), Some(*line), Some(*col), e.to_string()),
        FileError::At(at) => (
            at.file.clone(),
            Some(at.line),
            Some(at.col),
            at.message.clone(),
        ),
    }
}

impl Failure {
    /// The Python exception for this failure (needs the GIL).
    pub fn into_py_err(self, py: Python<'_>) -> PyErr {
        let built = match self {
            Failure::Scenario(e) => {
                let (file, line, column, message) = place(&e);
                raise(
                    py,
                    "ScenarioError",
                    e.to_string(),
                    &[
                        ("file", file.into_bound_py_any(py)),
                        ("line", line.into_bound_py_any(py)),
                        ("column", column.into_bound_py_any(py)),
                        ("message", message.into_bound_py_any(py)),
                    ],
                )
            }
            Failure::Sheet {
                context,
                message,
                at,
            } => {
                let (file, line, column) = match &at {
                    Some(e) => {
                        let (f, l, c, _) = place(e);
                        (Some(f), l, c)
                    }
                    None => (None, None, None),
                };
                let whole = match (&file, line, column) {
                    (Some(f), Some(l), Some(c)) => {
                        format!("{context}: {message} (at {f}:{l}:{c} of the changed scenario)")
                    }
                    _ => format!("{context}: {message}"),
                };
                raise(
                    py,
                    "SheetError",
                    whole,
                    &[
                        ("file", file.into_bound_py_any(py)),
                        ("line", line.into_bound_py_any(py)),
                        ("column", column.into_bound_py_any(py)),
                        ("message", message.into_bound_py_any(py)),
                    ],
                )
            }
            Failure::Sim(m) => raise(py, "SimError", m, &[]),
            Failure::Dice(m) => raise(py, "DiceError", m, &[]),
            Failure::Odds(m) => raise(py, "OddsError", m, &[]),
            Failure::Table {
                code,
                message,
                rule,
            } => raise(
                py,
                "TableError",
                match &rule {
                    Some(r) => format!("{code}: {message} ({r})"),
                    None => format!("{code}: {message}"),
                },
                &[
                    ("code", code.into_bound_py_any(py)),
                    ("message", message.into_bound_py_any(py)),
                    ("rule", rule.into_bound_py_any(py)),
                ],
            ),
            Failure::Value(m) => raise(py, "ArgumentError", m, &[]),
            Failure::Panic(m) => raise(
                py,
                "FrayError",
                format!("internal error (a bug in Fray, please report it): {m}"),
                &[],
            ),
        };
        built.unwrap_or_else(|e| e)
    }
}

/// Builds `fray.errors.<class>(message)` with `attrs` set on it.
fn raise(
    py: Python<'_>,
    class: &str,
    message: String,
    attrs: &[(&str, PyResult<Bound<'_, PyAny>>)],
) -> Result<PyErr, PyErr> {
    let class = py.import("fray.errors")?.getattr(class)?;
    let kwargs = PyDict::new(py);
    for (k, v) in attrs {
        match v {
            Ok(v) => kwargs.set_item(k, v)?,
            Err(e) => return Err(e.clone_ref(py)),
        }
    }
    let value = class.call((message,), Some(&kwargs))?;
    Ok(PyErr::from_value(value))
}

/// `Result<T, Failure>` to `PyResult<T>`.
pub trait IntoPy<T> {
    /// Converts the failure, if any, to its Python exception.
    fn or_raise(self, py: Python<'_>) -> PyResult<T>;
}

impl<T> IntoPy<T> for Result<T, Failure> {
    fn or_raise(self, py: Python<'_>) -> PyResult<T> {
        self.map_err(|f| f.into_py_err(py))
    }
}

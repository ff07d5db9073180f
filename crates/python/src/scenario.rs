//! `fray.Scenario`: a scenario carried whole, checked when made.
//!
//! A scenario is held as a [`fray_session::Origin`]: its text, the data
//! files it was read with and the files it names beside itself (GCS
//! characters). It is therefore self-contained: it pickles to a Dask worker
//! on another machine and loads there exactly as here, without the files.
//! Every scenario object has been set up once when made, so a
//! `fray.Scenario` in hand is a valid one; changed copies (`with_values`,
//! `with_sheet`) are checked the same way.

use crate::edit::{self, Edit};
use crate::errors::{Failure, IntoPy};
use crate::guard;
use fray_core::Ruleset;
use fray_core::run::{self, Loaded};
use fray_core::scenario::SourceFile;
use fray_session::registry::unsupported_in;
use fray_session::{Origin, with_ruleset};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};
use std::path::PathBuf;

/// A combatant as the scenario sets it up: name and side.
#[derive(Clone, Debug)]
pub struct Member {
    /// Its name.
    pub name: String,
    /// Its side's name.
    pub side: String,
}

/// A checked scenario of any ruleset.
#[pyclass(
    frozen,
    skip_from_py_object,
    module = "fray._native",
    name = "Scenario"
)]
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The texts.
    pub origin: Origin,
    /// The ruleset id.
    pub ruleset: String,
    /// The scenario's `name`, else the path it was read by (as `fray sim`
    /// titles its report).
    pub title: String,
    /// The scenario's `seed`, if it has one.
    pub seed: Option<u64>,
    /// The combatants in id order.
    pub members: Vec<Member>,
}

impl Scenario {
    /// Checks an origin: reads its ruleset and sets it up.
    pub fn check(origin: Origin) -> Result<Scenario, Failure> {
        let file = origin.file();
        let id = run::ruleset_of(&file)?;
        let header = run::header(&file)?;
        let members = with_ruleset!(id.as_str(), R => members::<R>(&origin.load::<R>()?),
            other => return Err(Failure::Scenario(unsupported_in(&file, other))));
        Ok(Scenario {
            title: header.name.unwrap_or_else(|| origin.name.clone()),
            seed: header.seed,
            ruleset: id,
            members,
            origin,
        })
    }

    /// Reads a scenario file with its data (as `fray sim FILE --data DIR`).
    pub fn read(path: PathBuf, data: Option<PathBuf>) -> Result<Scenario, Failure> {
        let file = SourceFile::read(&path)?;
        Self::from_source(file, data)
    }

    /// A scenario from its text; relative data folders and GCS files are
    /// read beside `file.name`.
    pub fn from_source(file: SourceFile, data: Option<PathBuf>) -> Result<Scenario, Failure> {
        let id = run::ruleset_of(&file)?;
        let origin = with_ruleset!(id.as_str(), R => Origin::read::<R>(file, data.as_deref())?.0,
            other => return Err(Failure::Scenario(unsupported_in(&file, other))));
        Self::check(origin)
    }

    /// Sets the scenario up for `R` (the caller has matched `R` to
    /// [`Scenario::ruleset`]).
    pub fn load<R: Ruleset>(&self) -> Result<Loaded<R>, Failure> {
        Ok(self.origin.load::<R>()?)
    }

    /// A copy with `edits` made, checked; `context` words a refusal.
    pub fn edited(&self, edits: &[Edit], context: &str) -> Result<Scenario, Failure> {
        let text = edit::apply(&self.origin.text, edits).map_err(|e| Failure::Sheet {
            context: context.to_string(),
            message: e.0,
            at: None,
        })?;
        let origin = Origin {
            text,
            ..self.origin.clone()
        };
        Scenario::check(origin).map_err(|f| match f {
            Failure::Scenario(e) => Failure::Sheet {
                context: context.to_string(),
                message: crate::errors::place(&e).3,
                at: Some(e),
            },
            other => other,
        })
    }

    /// The scenario as JSON (the origin), for pickling.
    fn to_json(&self) -> String {
        serde_json::to_string(&self.origin).unwrap_or_default()
    }
}

fn members<R: Ruleset>(loaded: &Loaded<R>) -> Vec<Member> {
    R::roster(&loaded.state)
        .into_iter()
        .map(|v| Member {
            name: v.name,
            side: v.side_name,
        })
        .collect()
}

/// A failure for a bad argument.
fn value(message: impl Into<String>) -> Failure {
    Failure::Value(message.into())
}

#[pymethods]
impl Scenario {
    /// Reads a scenario file (TOML), with the data files of `data` (a
    /// folder, as `--data DIR`) and of its own `data` key, and the GCS
    /// files it names. Raises `fray.ScenarioError` (with `.file`, `.line`,
    /// `.column`) if it does not read or set up.
    #[staticmethod]
    #[pyo3(signature = (path, data = None))]
    fn from_file(py: Python<'_>, path: PathBuf, data: Option<PathBuf>) -> PyResult<Scenario> {
        guard::run(py, || Scenario::read(path, data))
    }

    /// A scenario from its TOML text; `name` is the name errors give (and
    /// relative data folders and GCS files are read beside it).
    #[staticmethod]
    #[pyo3(signature = (text, name = "<string>", data = None))]
    fn from_toml(
        py: Python<'_>,
        text: String,
        name: &str,
        data: Option<PathBuf>,
    ) -> PyResult<Scenario> {
        let file = SourceFile::new(name, text);
        guard::run(py, || Scenario::from_source(file, data))
    }

    /// A copy with each `(target, value)` set: a target is `Name/path`
    /// inside a combatant's entry (`Sir Bors/sheet.skills.Broadsword`) or a
    /// path from the top (`max_rounds`). Raises `fray.SheetError` when the
    /// target does not exist or the changed scenario is refused.
    fn with_values(
        &self,
        py: Python<'_>,
        values: Vec<(String, Bound<'_, PyAny>)>,
    ) -> PyResult<Scenario> {
        let edits = to_edits(&values).or_raise(py)?;
        let context = edits
            .iter()
            .map(|e| format!("{} = {}", e.target, e.value))
            .collect::<Vec<_>>()
            .join(", ");
        guard::run(py, || self.edited(&edits, &context))
    }

    /// A copy with fields of `combatant`'s sheet set (`skills={"Broadsword":
    /// 16}`, `st=13`): maps merge key by key into the sheet (and over its
    /// template's), other values replace. Raises `fray.SheetError` for an
    /// unknown combatant or a field its ruleset's sheet does not have.
    #[pyo3(signature = (combatant, **fields))]
    fn with_sheet(
        &self,
        py: Python<'_>,
        combatant: &str,
        fields: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Scenario> {
        let mut values = Vec::new();
        if let Some(fields) = fields {
            for (k, v) in fields.iter() {
                let key: String = k.extract()?;
                values.push((format!("{combatant}/sheet.\"{key}\""), v));
            }
        }
        if values.is_empty() {
            return Err(value("with_sheet: name at least one field to change").into_py_err(py));
        }
        let edits = to_edits(&values).or_raise(py)?;
        let context = format!(
            "{combatant}'s sheet: {}",
            edits
                .iter()
                .zip(fields.into_iter().flat_map(|f| f.keys()))
                .map(|(e, k)| format!("{k} = {}", e.value))
                .collect::<Vec<_>>()
                .join(", ")
        );
        guard::run(py, || self.edited(&edits, &context))
    }

    /// The ruleset id (`gurps`).
    #[getter]
    fn ruleset(&self) -> &str {
        &self.ruleset
    }

    /// The scenario's title (its `name`, else the path).
    #[getter]
    fn title(&self) -> &str {
        &self.title
    }

    /// The name the scenario was read by (its path, or the name given).
    #[getter]
    fn path(&self) -> &str {
        &self.origin.name
    }

    /// The scenario's text (after any change).
    #[getter]
    fn toml(&self) -> &str {
        &self.origin.text
    }

    /// The scenario's default seed (its `seed` key), if any.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The combatants' names, in order.
    #[getter]
    fn combatants(&self) -> Vec<String> {
        self.members.iter().map(|m| m.name.clone()).collect()
    }

    /// The side of each combatant, in order.
    #[getter]
    fn sides_of_combatants(&self) -> Vec<String> {
        self.members.iter().map(|m| m.side.clone()).collect()
    }

    /// The sides' names, in side order (as reports list them).
    #[getter]
    fn sides(&self) -> Vec<String> {
        let mut sides: Vec<String> = Vec::new();
        for m in &self.members {
            if !sides.contains(&m.side) {
                sides.push(m.side.clone());
            }
        }
        sides
    }

    fn __repr__(&self) -> String {
        format!(
            "Scenario({:?}, ruleset={:?}, combatants={:?})",
            self.title,
            self.ruleset,
            self.combatants()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Scenario>()
            .is_ok_and(|o| o.get().origin == self.origin)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.origin.text.hash(&mut h);
        self.origin.name.hash(&mut h);
        h.finish()
    }

    /// Pickles as its texts (JSON), so a scenario travels to a Dask worker
    /// with everything it needs.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let rebuild = py.import("fray._native")?.getattr("_scenario_from_json")?;
        let json = PyBytes::new(py, slf.get().to_json().as_bytes());
        Ok((rebuild, PyTuple::new(py, [json])?))
    }
}

/// Rebuilds a pickled [`Scenario`] (checked again: a pickle is data).
#[pyfunction]
pub fn _scenario_from_json(py: Python<'_>, json: &[u8]) -> PyResult<Scenario> {
    let origin: Origin = serde_json::from_slice(json)
        .map_err(|e| value(format!("not a pickled fray.Scenario: {e}")))
        .or_raise(py)?;
    guard::run(py, || Scenario::check(origin))
}

/// Python `(target, value)` pairs as edits (values through JSON shapes).
pub fn to_edits(values: &[(String, Bound<'_, PyAny>)]) -> Result<Vec<Edit>, Failure> {
    values
        .iter()
        .map(|(target, v)| {
            let value: serde_json::Value = pythonize::depythonize(v).map_err(|e| {
                value(format!(
                    "{target}: {e}: a value must be a number, a string, a bool, a list or a dict"
                ))
            })?;
            Ok(Edit {
                target: target.clone(),
                value,
            })
        })
        .collect()
}

/// A scenario argument: a `Scenario`, or a path to read.
pub fn scenario_arg(py: Python<'_>, arg: &Bound<'_, PyAny>) -> PyResult<Scenario> {
    if let Ok(s) = arg.cast::<Scenario>() {
        return Ok(s.get().clone());
    }
    match arg.extract::<PathBuf>() {
        Ok(path) => guard::run(py, || Scenario::read(path, None)),
        Err(_) => Err(value(format!(
            "expected a fray.Scenario or a path to a scenario file, not {}",
            arg.get_type().name()?
        ))
        .into_py_err(py)),
    }
}

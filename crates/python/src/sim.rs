//! `fray.sim` and the shards of a sweep: the simulator of `fray sim`, with
//! the GIL released.
//!
//! `sim_report` is `fray sim`: the same [`fray_sim::simulate`], so the same
//! scenario, fights and seed give the same report, byte for byte once
//! serialized. A sweep's shard is [`shard_totals`]: the integer totals of
//! fights `begin..end` of a seed ([`fray_sim::totals_of`]), which add up
//! exactly ([`Totals::merge`]) whatever the cut; [`report_of`] turns the
//! merged totals into the same report.

use crate::errors::{Failure, IntoPy};
use crate::guard;
use crate::scenario::Scenario;
use fray_core::Ruleset;
use fray_session::{Origin, with_ruleset};
use fray_sim::report::Roster;
use fray_sim::{SimConfig, SimReport};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use std::any::Any;
use std::sync::{Arc, Mutex};

/// The integer totals of some fights of one scenario and seed.
#[pyclass(skip_from_py_object, module = "fray._native", name = "Totals")]
#[derive(Clone, Debug, Default)]
pub struct Totals {
    inner: fray_sim::Totals,
}

#[pymethods]
impl Totals {
    /// Empty totals (adding them changes nothing).
    #[new]
    fn new() -> Self {
        Totals::default()
    }

    /// Fights counted.
    #[getter]
    fn fights(&self) -> u64 {
        self.inner.fights
    }

    /// Wins per side, by side index.
    #[getter]
    fn wins(&self) -> Vec<u64> {
        self.inner.wins.clone()
    }

    /// Adds `other`'s counts to these (exact: integers only).
    fn merge(&mut self, other: &Totals) {
        self.inner.merge(&other.inner);
    }

    /// The totals as bytes (postcard), for storage or transport.
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = postcard::to_stdvec(&self.inner)
            .map_err(|e| Failure::Value(format!("cannot encode totals: {e}")))
            .or_raise(py)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Totals from [`Totals::to_bytes`].
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: &[u8]) -> PyResult<Totals> {
        postcard::from_bytes(data)
            .map(|inner| Totals { inner })
            .map_err(|e| Failure::Value(format!("not fray totals: {e}")))
            .or_raise(py)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Totals>()
            .is_ok_and(|o| o.borrow().inner == self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "Totals(fights={}, wins={:?})",
            self.inner.fights, self.inner.wins
        )
    }

    /// Pickles as bytes, so shards come back from Dask workers.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let rebuild = py
            .import("fray._native")?
            .getattr("Totals")?
            .getattr("from_bytes")?;
        let bytes = slf.borrow().to_bytes(py)?;
        Ok((rebuild, PyTuple::new(py, [bytes])?))
    }
}

/// What a report comes back as: the report (as `fray sim --json`) and its
/// CSV (as `fray sim --csv`).
type ReportOut = (serde_json::Value, String);

fn encode(report: &SimReport) -> Result<ReportOut, Failure> {
    let json = serde_json::to_value(report)
        .map_err(|e| Failure::Value(format!("cannot encode the report: {e}")))?;
    let mut csv = Vec::new();
    fray_sim::csv::write(&mut csv, &[report])
        .map_err(|e| Failure::Value(format!("cannot write the CSV: {e}")))?;
    Ok((json, String::from_utf8_lossy(&csv).into_owned()))
}

fn config(fights: u64, seed: u64, threads: Option<usize>) -> SimConfig {
    SimConfig::new(fights, seed).with_threads(threads)
}

fn simulate<R: Ruleset>(
    s: &Scenario,
    fights: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<SimReport, Failure> {
    let loaded = s.load::<R>()?;
    let mut report =
        fray_sim::simulate::<R>(&loaded.state, &config(fights, seed, threads), &|_| {})
            .map_err(|e| Failure::Sim(format!("{}: {e}", s.origin.name)))?;
    report.scenario = s.title.clone();
    Ok(report)
}

fn shard<R: Ruleset>(
    s: &Scenario,
    seed: u64,
    range: std::ops::Range<u64>,
    threads: Option<usize>,
) -> Result<fray_sim::Totals, Failure>
where
    R::State: 'static,
{
    let start = start_state::<R>(s)?;
    let sides = Roster::of::<R>(&start).sides.len();
    fray_sim::totals_of::<R>(&start, &config(0, seed, threads), range, sides, &|_| {})
        .map_err(|e| Failure::Sim(format!("{}: {e}", s.origin.name)))
}

/// The starting states of the last scenarios this process's shards set up.
///
/// A worker plays shard after shard of the same point: keeping its state
/// (rather than setting the scenario up again) keeps the state's identity,
/// so the AI's per-thread memo, pinned to it, stays warm from one shard to
/// the next, as it does through one `fray sim` run. The figures are the same
/// either way; only the time to warm the memo is saved.
type Kept = (Origin, Arc<dyn Any + Send + Sync>);
static STATES: Mutex<Vec<Kept>> = Mutex::new(Vec::new());

/// How many scenarios [`STATES`] keeps (a sweep's tasks go point by point).
const KEEP_STATES: usize = 8;

fn start_state<R: Ruleset>(s: &Scenario) -> Result<Arc<R::State>, Failure>
where
    R::State: 'static,
{
    let cached = {
        let states = STATES.lock().unwrap_or_else(|p| p.into_inner());
        states
            .iter()
            .rev()
            .find(|(o, _)| *o == s.origin)
            .map(|(_, state)| Arc::clone(state))
    };
    if let Some(state) = cached.and_then(|a| a.downcast::<R::State>().ok()) {
        return Ok(state);
    }
    let state = Arc::new(s.load::<R>()?.state);
    let mut states = STATES.lock().unwrap_or_else(|p| p.into_inner());
    if states.len() >= KEEP_STATES {
        states.remove(0);
    }
    states.push((
        s.origin.clone(),
        Arc::clone(&state) as Arc<dyn Any + Send + Sync>,
    ));
    Ok(state)
}

fn report<R: Ruleset>(
    s: &Scenario,
    totals: &fray_sim::Totals,
    seed: u64,
) -> Result<SimReport, Failure> {
    let loaded = s.load::<R>()?;
    let roster = Roster::of::<R>(&loaded.state);
    let mut report = SimReport::build(&roster, &config(totals.fights, seed, None), totals);
    report.scenario = s.title.clone();
    Ok(report)
}

fn unsupported(s: &Scenario) -> Failure {
    Failure::Value(fray_session::registry::unsupported(&s.ruleset))
}

fn to_py(py: Python<'_>, (json, csv): ReportOut) -> PyResult<(Bound<'_, PyAny>, String)> {
    Ok((pythonize::pythonize(py, &json)?, csv))
}

/// `fray sim`: `fights` fights from `seed` on `threads` threads (every core
/// when `None`); the report as a dict (as `--json`) and as CSV text (as `--csv`).
#[pyfunction]
#[pyo3(signature = (scenario, fights, seed, threads = None))]
pub fn sim_report<'py>(
    py: Python<'py>,
    scenario: &Scenario,
    fights: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let out = guard::run(py, || {
        let r = with_ruleset!(scenario.ruleset.as_str(), R => simulate::<R>(scenario, fights, seed, threads)?,
            _other => return Err(unsupported(scenario)));
        encode(&r)
    })?;
    to_py(py, out)
}

/// The totals of fights `begin..end` of `seed` (fight `i` seeded by
/// `(seed, i)`, as in `fray sim`): a shard of a sweep.
#[pyfunction]
#[pyo3(signature = (scenario, seed, begin, end, threads = None))]
pub fn shard_totals(
    py: Python<'_>,
    scenario: &Scenario,
    seed: u64,
    begin: u64,
    end: u64,
    threads: Option<usize>,
) -> PyResult<Totals> {
    if end < begin {
        return Err(Failure::Value(format!(
            "a shard's end ({end}) is before its beginning ({begin})"
        ))
        .into_py_err(py));
    }
    guard::run(py, || {
        let inner = with_ruleset!(scenario.ruleset.as_str(), R => shard::<R>(scenario, seed, begin..end, threads)?,
            _other => return Err(unsupported(scenario)));
        Ok(Totals { inner })
    })
}

/// The report of merged totals, as [`sim_report`] gives it.
#[pyfunction]
pub fn report_of<'py>(
    py: Python<'py>,
    scenario: &Scenario,
    totals: &Totals,
    seed: u64,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let out = guard::run(py, || {
        let r = with_ruleset!(scenario.ruleset.as_str(), R => report::<R>(scenario, &totals.inner, seed)?,
            _other => return Err(unsupported(scenario)));
        encode(&r)
    })?;
    to_py(py, out)
}

/// The seed of one point of a sweep: `splitmix64(splitmix64(seed) ^
/// fnv1a64(key))`, where `key` is the point's canonical text (its values as
/// compact JSON with sorted keys). It depends on the sweep's seed and the
/// point's values only: not on the grid's order or size, the cluster, the
/// workers or the shards. Fight `i` of the point is then seeded by
/// `(point seed, i)`, as fight `i` of `fray sim --seed <point seed>`.
#[pyfunction]
pub fn point_seed(seed: u64, key: &str) -> u64 {
    use fray_core::dice::splitmix64;
    splitmix64(splitmix64(seed) ^ fnv1a64(key.as_bytes()))
}

/// FNV-1a, 64 bits: a fixed, documented hash of the point's text.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_its_published_values() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn point_seeds_differ_by_point_and_by_sweep_seed() {
        let a = point_seed(1, r#"{"x":1}"#);
        assert_ne!(a, point_seed(1, r#"{"x":2}"#));
        assert_ne!(a, point_seed(2, r#"{"x":1}"#));
        assert_eq!(a, point_seed(1, r#"{"x":1}"#));
    }
}

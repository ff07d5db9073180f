//! `fray._native`: the Rust half of the `fray` Python package.
//!
//! The Python package (`python/fray/`) is the API people use; this module is
//! what it calls. Every function here is thin over the crates the CLI uses
//! (`fray-session` for scenarios and the table, `fray-sim` for the
//! simulator, `fray-core` for the odds), so Python gets the CLI's results
//! for the same inputs, and no rule is re-implemented here.
//!
//! The boundary's invariants:
//! * the GIL is released for all Rust work, and no panic crosses into
//!   Python ([`guard`]);
//! * every error is a `fray.FrayError` subclass, a scenario's with its file,
//!   line and column ([`errors`]);
//! * scenarios and totals pickle (as their texts, and as bytes), so a sweep's
//!   shards run on any Dask worker and merge exactly ([`scenario`], [`sim`]).
//!
//! Modules: [`scenario`] (`Scenario`, checked when made) and [`edit`]
//! (changes by field), [`sim`] (`fray sim`, shards, totals, point seeds),
//! [`fight`], [`odds`], [`table`].

pub mod edit;
pub mod errors;
pub mod fight;
pub mod guard;
pub mod odds;
pub mod scenario;
pub mod sim;
pub mod table;

use pyo3::prelude::*;

/// The rulesets this build plays: `(id, name)` pairs.
#[pyfunction]
fn rulesets() -> Vec<(&'static str, &'static str)> {
    fray_session::registry::REGISTERED
        .iter()
        .map(|r| (r.id, r.name))
        .collect()
}

/// The module `fray._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn fray_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("CHUNK", fray_sim::CHUNK)?;
    m.add_class::<scenario::Scenario>()?;
    m.add_class::<sim::Totals>()?;
    m.add_class::<table::Table>()?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(guard::_gil_probe_wait, m)?)?;
    m.add_function(wrap_pyfunction!(guard::_gil_probe_release, m)?)?;
    m.add_function(wrap_pyfunction!(scenario::_scenario_from_json, m)?)?;
    m.add_function(wrap_pyfunction!(sim::sim_report, m)?)?;
    m.add_function(wrap_pyfunction!(sim::shard_totals, m)?)?;
    m.add_function(wrap_pyfunction!(sim::report_of, m)?)?;
    m.add_function(wrap_pyfunction!(sim::point_seed, m)?)?;
    m.add_function(wrap_pyfunction!(fight::fight_lines, m)?)?;
    m.add_function(wrap_pyfunction!(odds::odds_dice, m)?)?;
    m.add_function(wrap_pyfunction!(odds::odds_action, m)?)?;
    Ok(())
}

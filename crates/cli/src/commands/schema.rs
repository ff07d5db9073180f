//! `fray schema RULESET`: the JSON Schema of scenario files, for editors;
//! `fray schema table`: the JSON Schema of the table's protocol (what a
//! seat sends and reads, `docs/table.md`).

use crate::out::{self, Result};

use fray_session::registry::{REGISTERED, unsupported};
use fray_session::with_ruleset;
use std::io::Write;

/// Arguments of `fray schema`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The ruleset whose scenario schema to print (`fray systems` lists
    /// them), or `table` for the table's JSON protocol; without one, the
    /// choices are listed.
    pub ruleset: Option<String>,
}

/// The schema of a ruleset's scenario files, as JSON.
pub fn schema_of(id: &str) -> std::result::Result<serde_json::Value, String> {
    with_ruleset!(id, R => {
        let schema = schemars::schema_for!(<R as fray_core::Fight>::Scenario);
        serde_json::to_value(&schema).map_err(|e| e.to_string())
    }, other => Err(unsupported(other)))
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let Some(id) = &args.ruleset else {
        let ids: Vec<&str> = REGISTERED.iter().map(|r| r.id).collect();
        return Err(out::message(format!(
            "name the ruleset: fray schema RULESET, one of {} (or `table` for the table's protocol)",
            ids.join(", ")
        )));
    };
    let schema = match id.as_str() {
        "table" => fray_session::table::protocol::schema(),
        id => schema_of(id).map_err(out::message)?,
    };
    let text = serde_json::to_string_pretty(&schema).map_err(out::message)?;
    let mut w = out::stdout();
    out::line(&mut w, text)?;
    w.flush()?;
    Ok(())
}

//! `fray schema [RULESET]`: the JSON Schema of scenario files, for editors.

use crate::out::{self, Result};
use crate::registry::{unsupported, with_ruleset};
use fray_core::Ruleset;
use std::io::Write;

/// Arguments of `fray schema`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The ruleset whose scenario schema to print.
    #[arg(default_value = "gurps")]
    pub ruleset: String,
}

/// The schema of a ruleset's scenario files, as JSON.
pub fn schema_of(id: &str) -> std::result::Result<serde_json::Value, String> {
    with_ruleset!(id, R => {
        let schema = schemars::schema_for!(<R as Ruleset>::Scenario);
        serde_json::to_value(&schema).map_err(|e| e.to_string())
    }, other => Err(unsupported(other)))
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let schema = schema_of(&args.ruleset).map_err(out::message)?;
    let text = serde_json::to_string_pretty(&schema).map_err(out::message)?;
    let mut w = out::stdout();
    out::line(&mut w, text)?;
    w.flush()?;
    Ok(())
}

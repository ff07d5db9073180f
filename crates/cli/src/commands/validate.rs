//! `fray validate SCENARIO`: parse and set up a scenario, play nothing.

use crate::out::{self, Result};
use fray_core::Engine;
use fray_core::Fight;

use fray_core::run;
use fray_session::registry::unsupported_in;
use fray_session::with_ruleset;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `fray validate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file (TOML).
    pub scenario: PathBuf,
    /// A folder of more data files (`*.toml`: weapons, armor, templates...)
    /// read with the bundled ones and the scenario's own `data` folder.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let file = super::read(&args.scenario)?;
    let id = run::ruleset_of(&file).map_err(out::fail)?;
    let (summary, warnings) = with_ruleset!(id.as_str(), R => {
        let loaded = run::load_with::<R>(file, args.data.as_deref()).map_err(out::fail)?;
        let roster = R::roster(&loaded.state);
        // Legal but likely not meant: each at its line and column.
        let warnings: Vec<String> = R::setup_warnings(&loaded.scenario)
            .iter()
            .map(|e| format!("warning: {}", loaded.file.setup_error(e)))
            .collect();
        (format!("{}: valid {} scenario with {} combatants", args.scenario.display(), R::ID, roster.len()), warnings)
    }, other => return Err(out::fail(unsupported_in(&file, other))));
    let mut w = out::stdout();
    for warning in warnings {
        out::line(&mut w, warning)?;
    }
    out::line(&mut w, summary)?;
    w.flush()?;
    Ok(())
}

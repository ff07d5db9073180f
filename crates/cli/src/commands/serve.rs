//! `fray serve`: the web table, where a game master and players fight
//! together in their browsers (docs/web.md). The server lives in
//! `fray-server`; this only hands it the options.

use crate::out::{self, Result};

/// The options of `fray serve` (`--addr`, `--db`, limits).
pub type Args = fray_server::Args;

/// Serves until interrupted.
pub fn run(args: &Args) -> Result {
    fray_server::run(args).map_err(|e| out::message(format!("fray serve: {e}")))
}

//! One module per subcommand.

pub mod fight;
pub mod import;
pub mod list;
pub mod odds;
pub mod play;
pub mod roll;
pub mod schema;
pub mod serve;
pub mod show;
pub mod sim;
pub mod systems;
pub mod validate;

use crate::out::{self, Failure};
use fray_core::scenario::SourceFile;
use std::path::Path;

/// Reads a file, or fails with the path and the reason.
pub fn read(path: &Path) -> Result<SourceFile, Failure> {
    SourceFile::read(path).map_err(out::fail)
}

/// Attaches the expression as source code to a dice error, so the pointer shows it.
pub fn dice_error(expr: &str, e: fray_core::dice::DiceError) -> Failure {
    Failure::Report(miette::Report::new(e).with_source_code(expr.to_string()))
}

//! `fray import FILE.gcs [--out sheet.toml]`: a GCS character as a GURPS
//! sheet, with a report of what was used and what was left out.

use crate::out::{self, Result};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `fray import`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The GCS character file (`.gcs`, GCS 5 and later).
    pub file: PathBuf,
    /// Write the sheet here; without it the sheet goes to standard output
    /// and the report to standard error.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let shown = args.file.display();
    let imported =
        fray_gurps::import::read(&args.file).map_err(|e| out::message(format!("{shown}: {e}")))?;
    let body = toml::to_string(&imported.sheet)
        .map_err(|e| out::message(format!("{shown}: the sheet does not write as TOML: {e}")))?;
    let sheet = format!(
        "# {}, imported from {} by `fray import`.\n# Paste under `[combatants.sheet]`, or name the file with `gcs = \"...\"`.\n{body}",
        imported.name,
        args.file
            .file_name()
            .map_or_else(|| shown.to_string(), |n| n.to_string_lossy().into_owned()),
    );
    let report = format!("{}: {}\n{}", shown, imported.name, imported.report);
    match &args.out {
        Some(path) => {
            std::fs::write(path, sheet)
                .map_err(|e| out::message(format!("{}: {e}", path.display())))?;
            let mut w = out::stdout();
            write!(w, "{report}")?;
            out::line(&mut w, format!("wrote {}", path.display()))?;
            w.flush()?;
        }
        None => {
            let mut w = out::stdout();
            write!(w, "{sheet}")?;
            w.flush()?;
            eprint!("{report}");
        }
    }
    Ok(())
}

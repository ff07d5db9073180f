//! Output and failure plumbing shared by the commands.

use std::io::{self, Write};

/// Why a command stopped.
pub enum Failure {
    /// A problem to show the user (file, expression, rules), with position.
    Report(miette::Report),
    /// stdout was closed (e.g. piped into `head`): stop quietly.
    BrokenPipe,
}

impl From<miette::Report> for Failure {
    fn from(r: miette::Report) -> Self {
        Failure::Report(r)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Report(miette::miette!("cannot write the output: {e}"))
        }
    }
}

/// What every command returns.
pub type Result<T = ()> = std::result::Result<T, Failure>;

/// A buffered, locked stdout that reports write errors instead of panicking.
pub fn stdout() -> io::BufWriter<io::StdoutLock<'static>> {
    io::BufWriter::new(io::stdout().lock())
}

/// Turns any diagnostic into a failure.
pub fn fail(d: impl miette::Diagnostic + Send + Sync + 'static) -> Failure {
    Failure::Report(miette::Report::new(d))
}

/// A plain message failure.
pub fn message(text: impl std::fmt::Display) -> Failure {
    Failure::Report(miette::miette!("{text}"))
}

/// Writes a line.
pub fn line(w: &mut impl Write, text: impl std::fmt::Display) -> Result {
    writeln!(w, "{text}")?;
    Ok(())
}

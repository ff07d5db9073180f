//! The web table on its own (the same as `fray serve`), for the server's
//! tests and for a deployment that wants no other command.

use clap::Parser;
use std::process::ExitCode;

/// Fray's web table: a game master and players fight in their browsers.
#[derive(Parser, Debug)]
#[command(name = "fray-server", version, about)]
struct Cli {
    #[command(flatten)]
    args: fray_server::Args,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match fray_server::run(&cli.args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

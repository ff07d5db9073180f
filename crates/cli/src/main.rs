//! `fray`: the command-line front end of the Fray combat engine.
//!
//! Thin by design: it parses arguments, reads files, dispatches to the
//! ruleset named in the scenario, and prints. Rules live in the rules
//! crates, the protocol in `fray-core`, dice in `fray-dice`.

mod commands;
mod out;
mod progress;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Fray: tactical combat played exactly by the rules.
#[derive(Parser, Debug)]
#[command(name = "fray", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Roll a dice expression and show every die.
    Roll(commands::roll::Args),
    /// Exact probabilities of a dice expression.
    Odds(commands::odds::Args),
    /// Play a scenario to the end and narrate every roll.
    Fight(commands::fight::Args),
    /// Run a fight at the terminal: people decide and roll, AI acts on its own.
    Play(commands::play::Args),
    /// The web table: a game master and players fight in their browsers.
    Serve(commands::serve::Args),
    /// Play many seeded fights on all cores: win rates, lengths, per-combatant figures.
    Sim(commands::sim::Args),
    /// Make a GCS character file into a GURPS sheet, and report what was left out.
    Import(commands::import::Args),
    /// Check a scenario file without playing it.
    Validate(commands::validate::Args),
    /// Print the JSON Schema of a ruleset's scenario files.
    Schema(commands::schema::Args),
    /// List the rulesets and their checklist coverage.
    Systems(commands::systems::Args),
    /// List the templates, weapons, armor, shields or spells a scenario may name.
    List(commands::list::Args),
    /// Show a template as the TOML a scenario accepts.
    Show(commands::show::Args),
}

fn main() -> ExitCode {
    keep_error_lines_whole_off_a_terminal();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Roll(a) => commands::roll::run(&a),
        Command::Odds(a) => commands::odds::run(&a),
        Command::Fight(a) => commands::fight::run(&a),
        Command::Play(a) => commands::play::run(&a),
        Command::Serve(a) => commands::serve::run(&a),
        Command::Sim(a) => commands::sim::run(&a),
        Command::Import(a) => commands::import::run(&a),
        Command::Validate(a) => commands::validate::run(&a),
        Command::Schema(a) => commands::schema::run(&a),
        Command::Systems(a) => commands::systems::run(&a),
        Command::List(a) => commands::list::run(&a),
        Command::Show(a) => commands::show::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(out::Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(out::Failure::Report(report)) => {
            eprintln!("{report:?}");
            ExitCode::from(1)
        }
    }
}

/// Errors wrap to the terminal's width on a terminal only: in a log or a
/// pipe a message stays on one line, whatever the length of the paths in
/// it, so that tools and people can search it.
fn keep_error_lines_whole_off_a_terminal() {
    use std::io::IsTerminal;
    if std::io::stderr().is_terminal() {
        return;
    }
    // A hook can be set once; the only earlier setter would be this function.
    let _ = miette::set_hook(Box::new(|_| {
        Box::new(miette::MietteHandlerOpts::new().wrap_lines(false).build())
    }));
}

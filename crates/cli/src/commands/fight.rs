//! `fray fight SCENARIO`: play a scenario to the end, narrating every roll.

use crate::out::{self, Result};
use fray_core::run::{self, Header};
use fray_core::scenario::SourceFile;
use fray_core::{CombatantView, EndReason, InputLog, Outcome, Ruleset};
use fray_session::registry::unsupported_in;
use fray_session::with_ruleset;
use fray_session::{SaveHeader, SavedGame, Session, Told};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `fray fight`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file (TOML).
    pub scenario: PathBuf,
    /// Seed (default: the scenario's `seed`, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// JSON lines instead of narration.
    #[arg(long)]
    pub json: bool,
    /// Scripted dice, answers and actions (TOML), used before the RNG and
    /// AI; or a game saved by `fray play` (with a `version`), replayed with its
    /// GM overrides and then played out by the AI with the table's own dice
    /// streams (as `fray play` goes on when everyone says "roll for me").
    #[arg(long)]
    pub inputs: Option<PathBuf>,
    /// A folder of more data files (`*.toml`: weapons, armor, templates...)
    /// read with the bundled ones and the scenario's own `data` folder.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let file = super::read(&args.scenario)?;
    let id = run::ruleset_of(&file).map_err(out::fail)?;
    with_ruleset!(id.as_str(), R => fight::<R>(args, file),
        other => Err(out::fail(unsupported_in(&file, other))))
}

fn fight<R: Ruleset>(args: &Args, file: SourceFile) -> Result {
    let header: Header = run::header(&file).map_err(out::fail)?;
    let scenario_text = file.text.clone();
    let loaded = run::load_with::<R>(file, args.data.as_deref()).map_err(out::fail)?;
    let inputs = match &args.inputs {
        Some(path) => read_inputs::<R>(path)?,
        None => Inputs::Script(InputLog::default(), None),
    };
    let seed = args.seed.or(header.seed).unwrap_or(1);
    let name = header
        .name
        .unwrap_or_else(|| args.scenario.display().to_string());
    let scenario_file = loaded.file;
    let mut state = loaded.state;
    let mut w = out::stdout();
    let start = R::roster(&state);
    // A saved game: its seed, replayed from the start; the fight goes on from there.
    let (seed, script, inputs_file, saved) = match inputs {
        Inputs::Script(log, file) => (seed, log, file, None),
        Inputs::Saved(saved) => (saved.seed, InputLog::default(), None, Some(saved)),
    };
    if args.json {
        let doc = json!({"event": "start", "scenario": name, "ruleset": R::ID, "seed": seed, "roster": start});
        out::line(&mut w, doc)?;
    } else {
        out::line(&mut w, format_args!("{name} ({}, seed {seed})", R::NAME))?;
        for c in &start {
            out::line(&mut w, format_args!("  {}", describe(c)))?;
        }
    }
    // Events stream out as they happen; the first write error stops the output.
    let mut write_error: Option<std::io::Error> = None;
    let json = args.json;
    let mut say = |text: String| {
        if write_error.is_none()
            && let Err(e) = writeln!(w, "{text}")
        {
            write_error = Some(e);
        }
    };
    let result = match saved {
        Some(saved) => {
            let path = args.inputs.as_deref().unwrap_or(args.scenario.as_path());
            if let Some(carried) = &saved.scenario
                && carried.text != scenario_text
            {
                return Err(out::message(format!(
                    "{}: this game was played with another text of {}",
                    path.display(),
                    args.scenario.display()
                )));
            }
            let session = Session::resume(state.clone(), saved)
                .map_err(|e| out::message(format!("{}: {e}", path.display())))?;
            play_saved_out(session, &mut state, json, &mut say)
        }
        None => run::fight_script::<R>(&mut state, &script, seed, |event| {
            say(event_line::<R>(&event, json))
        })
        .map_err(|(halt, at)| match (at, &inputs_file) {
            // An illegal action of the script, at its place in the file.
            (Some(path), Some(file)) => {
                Stop::At(file.setup_error(&fray_core::SetupError::new(path, halt.to_string())))
            }
            _ => Stop::Halt(halt),
        }),
    };
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let (outcome, unused) = result.map_err(|e| match e {
        Stop::At(at) => out::fail(at),
        Stop::Halt(halt) => match script_without_actions::<R>(&halt, &start) {
            // A `script` figure the inputs give no action: at its controller.
            Some(at) => out::fail(scenario_file.setup_error(&fray_core::SetupError::new(
                at,
                format!("{halt}: a `script` controller plays only the actions of --inputs"),
            ))),
            None => out::message(format!("{}: {halt}", args.scenario.display())),
        },
    })?;
    let end = R::roster(&state);
    if json {
        out::line(
            &mut w,
            json!({"event": "end", "outcome": outcome, "roster": end}),
        )?;
    } else {
        out::line(&mut w, verdict(&outcome, &end))?;
        for c in &end {
            out::line(&mut w, format_args!("  {}", describe(c)))?;
        }
    }
    w.flush()?;
    if unused {
        eprintln!("warning: the fight ended before every scripted input was used");
    }
    Ok(())
}

/// A saved game replayed (what it told, again), then played out: the AI
/// decides for everyone and the table's own dice streams roll (as `fray
/// play` would go on if every person let the AI decide and roll), not from
/// the seed's first roll. `state` is left where the fight ended.
fn play_saved_out<R: Ruleset>(
    mut session: Session<R>,
    state: &mut R::State,
    json: bool,
    say: &mut impl FnMut(String),
) -> std::result::Result<(Outcome, bool), Stop<R>> {
    let told: Vec<String> = session
        .records_after(0)
        .flat_map(|(_, told)| told.iter())
        .map(|t| match t {
            Told::Event(event) => event_line::<R>(event, json),
            Told::Said(said) if json => json!({"event": "override", "said": said}).to_string(),
            Told::Said(said) => said.clone(),
        })
        .collect();
    told.into_iter().for_each(&mut *say);
    let outcome = session.play_out(|events| {
        for event in &events {
            say(event_line::<R>(event, json));
        }
    });
    *state = session.state().clone();
    outcome.map(|o| (o, false)).map_err(Stop::Halt)
}

/// When `halt` is a script out of actions, the scenario entry of that
/// figure's controller (`combatants[2].controller`), found by its name in
/// the roster at the start.
fn script_without_actions<R: Ruleset>(
    halt: &fray_core::Halt<R>,
    start: &[CombatantView],
) -> Option<String> {
    let fray_core::Halt::BadInput(e) = halt else {
        return None;
    };
    let fray_core::InputError::OutOfActions { actor } = &**e else {
        return None;
    };
    let i = start.iter().position(|c| c.name == *actor)?;
    Some(format!("combatants[{i}].controller"))
}

/// One event as a line of narration, or of JSON.
fn event_line<R: Ruleset>(event: &R::Event, json: bool) -> String {
    if json {
        serde_json::to_string(event).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    } else {
        event.to_string()
    }
}

/// Why a fight stopped before its end.
enum Stop<R: Ruleset> {
    /// The rules or an input stopped it.
    Halt(fray_core::Halt<R>),
    /// A scripted action the rules refuse, at its place in the script.
    At(fray_core::scenario::FileError),
}

/// What `--inputs` names.
enum Inputs<R: Ruleset> {
    /// A script of inputs (also the first format of `fray play`'s saved
    /// games), with its file.
    Script(InputLog<R>, Option<SourceFile>),
    /// A game saved by `fray play` (any version with a `version` key).
    Saved(SavedGame<R>),
}

/// Reads `--inputs`: a saved game when it has a `version`, else a script.
fn read_inputs<R: Ruleset>(path: &Path) -> Result<Inputs<R>> {
    let file = super::read(path)?;
    let header: SaveHeader = file.parse().map_err(out::fail)?;
    if header.version.is_none() {
        let log = run::load_inputs::<R>(&file).map_err(out::fail)?;
        return Ok(Inputs::Script(log, Some(file)));
    }
    let saved = SavedGame::<R>::read(&file, 1).map_err(|e| match e {
        fray_session::ReadError::File(f) => out::fail(f),
        fray_session::ReadError::Save(e) => out::message(format!(
            "{}: {e}; give `fray fight --inputs` a game saved by this fray's `fray play` \
             for this scenario's ruleset, or a script of inputs (no `version`)",
            path.display()
        )),
    })?;
    Ok(Inputs::Saved(saved))
}

/// `Sir Bors (Bors): HP 7/12, FP 12/12, active, at (0,0) facing n; stunned`,
/// the pools under the ruleset's labels and the position as it renders it.
pub(crate) fn describe(c: &CombatantView) -> String {
    let mut s = format!("{} ({}):", c.name, c.side_name);
    for (i, p) in c.pools.iter().enumerate() {
        let sep = if i == 0 { " " } else { ", " };
        s.push_str(&format!("{sep}{} {}/{}", p.label, p.current, p.max));
    }
    let sep = if c.pools.is_empty() { " " } else { ", " };
    s.push_str(&format!(
        "{sep}{}",
        format!("{:?}", c.vitality).to_lowercase()
    ));
    s.push_str(&format!(", at {}", c.position));
    if !c.conditions.is_empty() {
        s.push_str(&format!("; {}", c.conditions.join(", ")));
    }
    s
}

/// One sentence on how the fight ended.
pub(crate) fn verdict(o: &Outcome, roster: &[CombatantView]) -> String {
    match (o.reason, o.winner) {
        (EndReason::Victory, Some(side)) => {
            let name = roster
                .iter()
                .find(|c| c.side == side)
                .map_or("?", |c| c.side_name.as_str());
            format!("Result: side {name} wins in round {}.", o.rounds)
        }
        (EndReason::Called, Some(side)) => {
            let name = roster
                .iter()
                .find(|c| c.side == side)
                .map_or("?", |c| c.side_name.as_str());
            format!(
                "Result: the game master ends the fight in round {}; side {name} wins.",
                o.rounds
            )
        }
        (EndReason::Called, None) => format!(
            "Result: the game master ends the fight in round {}, with no winner.",
            o.rounds
        ),
        (EndReason::RoundLimit, _) => format!(
            "Result: no winner after the round limit ({} rounds).",
            o.rounds
        ),
        _ => format!("Result: nobody is left standing (round {}).", o.rounds),
    }
}

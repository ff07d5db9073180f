//! `fray play SCENARIO`: a game master runs a fight at the terminal.
//!
//! The table itself is `fray_session::Session` (the log, who may give
//! what, the checks, dice, overrides, undo and redo, saved games); this
//! module only reads lines and prints. The terminal is the game master's
//! seat: it is asked for every action, answer and roll the rules give to
//! people (physical dice or "roll for me"), and it may roll for any figure
//! (`dice Orcs hand`) and override the fight (`damage Orc 3`).
//!
//! Undo takes back the last input given to the step in progress, or else
//! every entry back to and including the last one decided at the table (an
//! action or answer of a person, an override, a dice setting): going back
//! one AI move only would let the AI make it again at once. Redo gives back
//! exactly what was undone. After every entry the game is written to the
//! autosave file (beside the scenario unless `--autosave FILE` or
//! `--no-autosave`), and `quit` asks before it drops entries not saved.

mod ask;
pub(crate) mod prompt;
mod render;
mod table;

use crate::out::{self, Result};
use fray_core::Ruleset;
use fray_core::run;
use fray_core::scenario::SourceFile;
use fray_session::{Origin, SaveHeader, SavedGame, Session, with_ruleset};
use prompt::Prompter;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use table::Table;

/// Arguments of `fray play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file (TOML); combatants with `controller = "human"` are
    /// asked. May be left out with `--resume`: a saved game carries its
    /// scenario.
    #[arg(required_unless_present = "resume")]
    pub scenario: Option<PathBuf>,
    /// Seed for "roll for me" and the AI's dice (default: the scenario's
    /// `seed`, else 1; a resumed game keeps its own).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Continue a game saved with `save FILE` (or an autosave).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Write the game here after every entry (default: beside the scenario,
    /// `NAME.autosave.toml`).
    #[arg(long, value_name = "FILE", conflicts_with = "no_autosave")]
    pub autosave: Option<PathBuf>,
    /// Do not autosave.
    #[arg(long)]
    pub no_autosave: bool,
    /// How actions are offered: `tree` (a maneuver, then the target, the
    /// weapon and the options, each a short list; words such as
    /// `attack gawain neck` choose at once) or `flat` (every legal action in
    /// one numbered list, as scripts written for earlier versions expect).
    #[arg(long, value_enum, default_value_t = Menus::Tree)]
    pub menus: Menus,
    /// A folder of more data files (`*.toml`: weapons, armor, templates...)
    /// read with the bundled ones and the scenario's own `data` folder (a
    /// saved game carries the ones it was played with).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

/// How `fray play` offers a person's actions.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menus {
    /// Short lists, one choice at a time, and typed shortcuts.
    Tree,
    /// One numbered list of every legal action.
    Flat,
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let (id, scenario, named) = match (&args.scenario, &args.resume) {
        (Some(path), _) => {
            let file = super::read(path)?;
            (run::ruleset_of(&file).map_err(out::fail)?, Some(file), path)
        }
        (None, Some(save)) => {
            let file = super::read(save)?;
            let header: SaveHeader = file.parse().map_err(out::fail)?;
            let id = header.ruleset.ok_or_else(|| {
                out::message(format!(
                    "{}: a game of the first format does not name its scenario: \
                     give the scenario too (fray play SCENARIO --resume FILE)",
                    save.display()
                ))
            })?;
            (id, None, save)
        }
        (None, None) => {
            return Err(out::message(
                "name a scenario, or a saved game with --resume",
            ));
        }
    };
    with_ruleset!(id.as_str(), R => play::<R>(args, scenario),
    other => Err(match &scenario {
        Some(file) => out::fail(fray_session::registry::unsupported_in(file, other)),
        None => out::message(format!(
            "{}: {}",
            named.display(),
            fray_session::registry::unsupported(other)
        )),
    }))
}

/// The default autosave file: `NAME.autosave.toml` beside the scenario (or
/// beside the saved game resumed without one; an autosave resumed is
/// written again).
fn default_autosave(args: &Args) -> Option<PathBuf> {
    let from = args.scenario.as_ref().or(args.resume.as_ref())?;
    let stem = from
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    if stem.ends_with(".autosave") && args.scenario.is_none() {
        return Some(from.clone());
    }
    Some(from.with_file_name(format!("{stem}.autosave.toml")))
}

/// A game to play: the session, its title, and what was resumed.
struct Opened<R: Ruleset> {
    session: Session<R>,
    name: String,
    resumed: Option<PathBuf>,
}

/// The session: a new game of the scenario, or a saved game resumed (with
/// the scenario it carries, or the one named for an earlier format).
fn open<R: Ruleset>(args: &Args, scenario: Option<SourceFile>) -> Result<Opened<R>> {
    let saved = match &args.resume {
        Some(path) => Some((path, read_saved::<R>(path)?)),
        None => None,
    };
    let carried = saved.as_ref().and_then(|(_, s)| s.scenario.clone());
    let origin = match (scenario, carried) {
        (Some(file), Some(carried)) => {
            let save = args.resume.as_deref().unwrap_or(Path::new(""));
            if file.text != carried.text {
                return Err(out::message(format!(
                    "{}: this game was played with another text of {}: leave the scenario \
                     out to go on with the one the game carries",
                    save.display(),
                    file.name
                )));
            }
            refuse_data(args, save)?;
            carried
        }
        (None, Some(carried)) => {
            refuse_data(args, args.resume.as_deref().unwrap_or(Path::new("")))?;
            carried
        }
        (Some(file), None) => {
            Origin::read::<R>(file, args.data.as_deref())
                .map_err(out::fail)?
                .0
        }
        (None, None) => {
            return Err(out::message(
                "this saved game does not carry its scenario: name the scenario too",
            ));
        }
    };
    let loaded = origin.load::<R>().map_err(out::fail)?;
    let header = run::header(&origin.file()).map_err(out::fail)?;
    let name = header.name.clone().unwrap_or_else(|| origin.name.clone());
    let (session, resumed) = match saved {
        Some((path, mut saved)) => {
            saved.scenario.get_or_insert(origin);
            let session = Session::resume(loaded.state, saved)
                .map_err(|e| out::message(format!("{}: {e}", path.display())))?;
            (session, Some(path.clone()))
        }
        None => {
            let seed = args.seed.or(header.seed).unwrap_or(1);
            (Session::open(loaded.state, seed, Some(origin)), None)
        }
    };
    Ok(Opened {
        session,
        name,
        resumed,
    })
}

/// `--data` with a game that carries its data files is refused: the game
/// goes on with the files it was played with.
fn refuse_data(args: &Args, save: &Path) -> Result {
    if args.data.is_some() {
        return Err(out::message(format!(
            "{}: the saved game carries the data files it was played with: leave out --data",
            save.display()
        )));
    }
    Ok(())
}

/// Reads a saved game of any format.
fn read_saved<R: Ruleset>(path: &Path) -> Result<SavedGame<R>> {
    let file = super::read(path)?;
    SavedGame::read(&file, 1).map_err(|e| match e {
        fray_session::ReadError::File(f) => out::fail(f),
        fray_session::ReadError::Save(s) => out::message(format!("{}: {s}", path.display())),
    })
}

fn play<R: Ruleset>(args: &Args, scenario: Option<SourceFile>) -> Result {
    let Opened {
        mut session,
        name,
        resumed,
    } = open::<R>(args, scenario)?;
    let autosave = match (&args.autosave, args.no_autosave) {
        (_, true) => None,
        (Some(path), false) => Some(path.clone()),
        (None, false) => default_autosave(args),
    };
    // Nothing was decided yet: the opening replays from the scenario and seed.
    session.mark_saved();
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let keep = kept_files(args, &session);
    let mut table = Table::<R, _, _>::new(
        session,
        Prompter::new(stdin.lock(), out::stdout(), echo),
        autosave,
        args.menus,
        keep,
    );
    let seed = table.session.seed();
    table.say(format_args!("{name} ({}, seed {seed})", R::NAME))?;
    table.say("Type help at any prompt for the commands.")?;
    if let Some(path) = resumed {
        table.say(format_args!(
            "Resuming {}: replaying {} saved entries.",
            path.display(),
            table.session.revision()
        ))?;
    }
    let result = table.run();
    table.prompter.out.flush()?;
    result
}

/// The files a save must never overwrite: the scenario and what it read.
fn kept_files<R: Ruleset>(args: &Args, session: &Session<R>) -> Vec<PathBuf> {
    let mut keep: Vec<PathBuf> = args.scenario.iter().cloned().collect();
    if let Some(origin) = session.origin() {
        let dir = Path::new(&origin.name).parent().unwrap_or(Path::new(""));
        keep.push(PathBuf::from(&origin.name));
        keep.extend(origin.data.iter().map(|d| PathBuf::from(&d.name)));
        keep.extend(origin.files.keys().map(|rel| dir.join(rel)));
    }
    keep
}

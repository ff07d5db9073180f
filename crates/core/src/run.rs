//! Loading a scenario for a ruleset and playing it to the end: what the
//! front ends (`fray fight`, `fray validate`, the simulator) share.

use crate::engine;
use crate::event::FnSink;
use crate::files::{Files, Folder};
use crate::halt::Flow;
use crate::inputs::InputLog;
use crate::oracle::InputOracle;
use crate::ruleset::{Outcome, Ruleset};
use crate::scenario::{FileError, SourceFile};

/// A scenario file read and set up for ruleset `R`.
pub struct Loaded<R: Ruleset> {
    /// The file, for error pointers.
    pub file: SourceFile,
    /// The scenario as written.
    pub scenario: R::Scenario,
    /// The starting state.
    pub state: R::State,
}

/// Parses and sets up a scenario; every error points into the file.
pub fn load<R: Ruleset>(file: SourceFile) -> Result<Loaded<R>, FileError> {
    load_with::<R>(file, None)
}

/// Parses and sets up a scenario with the data files of `data` (`--data
/// DIR`) and of the scenario's own `data` folder added to the bundled
/// data; the files it names beside itself (GCS characters) are read from
/// its folder. Every error points into the file that has it.
pub fn load_with<R: Ruleset>(
    file: SourceFile,
    data: Option<&std::path::Path>,
) -> Result<Loaded<R>, FileError> {
    let extra = crate::data::scenario_data(&file, data)?;
    let folder = Folder::new(
        std::path::Path::new(&file.name)
            .parent()
            .unwrap_or(std::path::Path::new("")),
    );
    load_from::<R>(file, &extra, &folder)
}

/// Parses and sets up a scenario from texts already read: the scenario,
/// its data files (`extra`) and the files it names beside itself
/// (`files`), as a saved game or an upload carries them.
pub fn load_from<R: Ruleset>(
    file: SourceFile,
    extra: &[SourceFile],
    files: &dyn Files,
) -> Result<Loaded<R>, FileError> {
    check_header(&file)?;
    let mut scenario: R::Scenario = R::parse_scenario(&file, extra)?;
    R::read_files(&mut scenario, files).map_err(|e| file.setup_error(&e))?;
    let state = R::setup(&scenario).map_err(|e| file.setup_error(&e))?;
    Ok(Loaded {
        file,
        scenario,
        state,
    })
}

/// The scenario's title a clean name and its description clean prose
/// ([`crate::text`]): both reach the terminal and the page as they are.
fn check_header(file: &SourceFile) -> Result<(), FileError> {
    let h = header(file)?;
    let fault = |key: &str, e: crate::text::TextError| {
        file.setup_error(&crate::ruleset::SetupError::new(key, e.to_string()))
    };
    if let Some(name) = &h.name {
        crate::text::check_name(name).map_err(|e| fault("name", e))?;
    }
    if let Some(text) = &h.description {
        crate::text::check_prose(text).map_err(|e| fault("description", e))?;
    }
    Ok(())
}

/// Reads an input log (`--inputs FILE`, saved games).
pub fn load_inputs<R: Ruleset>(file: &SourceFile) -> Result<InputLog<R>, FileError> {
    file.parse()
}

/// The keys every scenario file shares, read before the ruleset is known.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct Header {
    /// The ruleset id.
    pub ruleset: Option<String>,
    /// The title.
    pub name: Option<String>,
    /// What the scenario shows.
    pub description: Option<String>,
    /// The default seed.
    pub seed: Option<u64>,
    /// The folder of extra data files, relative to the scenario file.
    pub data: Option<String>,
}

/// Reads the shared keys (other keys are left to the ruleset's strict types).
pub fn header(file: &SourceFile) -> Result<Header, FileError> {
    file.parse()
}

/// The ruleset id a file names in its `ruleset` key.
pub fn ruleset_of(file: &SourceFile) -> Result<String, FileError> {
    header(file)?.ruleset.ok_or_else(|| {
        file.setup_error(&crate::ruleset::SetupError::new(
            "ruleset",
            "missing `ruleset = \"...\"` at the top of the file",
        ))
    })
}

/// Plays a fight to the end with scripted inputs first, then the seeded
/// RNG and AI, handing each event to `on_event` as it happens.
///
/// Returns the outcome and whether scripted inputs were left unused.
pub fn fight<R: Ruleset>(
    state: &mut R::State,
    inputs: &InputLog<R>,
    seed: u64,
    on_event: impl FnMut(R::Event),
) -> Flow<(Outcome, bool), R> {
    fight_script(state, inputs, seed, on_event).map_err(|(halt, _)| halt)
}

/// [`fight`], and when it stops, where in the script: the path of the
/// scripted action the halt is about (an illegal action,
/// [`InputLog::action_path`]), if it is one.
pub fn fight_script<R: Ruleset>(
    state: &mut R::State,
    inputs: &InputLog<R>,
    seed: u64,
    on_event: impl FnMut(R::Event),
) -> Result<(Outcome, bool), (crate::Halt<R>, Option<String>)> {
    let mut oracle = InputOracle::script(inputs, seed);
    let mut sink = FnSink(on_event);
    match engine::run(state, &mut oracle, &mut sink) {
        Ok(outcome) => Ok((outcome, oracle.has_unused_inputs())),
        Err(halt) => {
            let at = match &halt {
                crate::Halt::Illegal(_) => oracle
                    .last_scripted_action()
                    .and_then(|i| inputs.action_path(i)),
                _ => None,
            };
            Err((halt, at))
        }
    }
}

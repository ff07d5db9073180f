//! Saved games: self-contained, versioned TOML.
//!
//! A save holds the scenario's text, the data files and the files it names
//! beside itself ([`Origin`]), the seed and every record of the log, so it
//! reopens from any folder on any machine and replays to exactly the game
//! played. On load every die the session rolled (its own, and "roll for
//! me") is rolled again from the seed and compared: a die edited by hand
//! or a changed seed is refused with the record's number.
//!
//! Earlier formats still load, with the scenario named on the command line:
//! version 2 (steps, overrides and dice settings, no seats) and the first,
//! an input log of steps.

use crate::log::{By, Entry, Input, Record};
use crate::seat::Seat;
use fray_core::files::{Folder, Texts};
use fray_core::run::{self, Loaded};
use fray_core::scenario::{FileError, SourceFile};
use fray_core::{InputLog, Override, Ruleset};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The version of [`SavedGame`] this crate writes.
pub const SAVE_VERSION: u32 = 3;

/// The scenario a game is played with, carried whole: its text, its data
/// files and the files it names beside itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Origin {
    /// The name the scenario was read by (a path as given, or an upload's
    /// name): for messages only, never read again.
    pub name: String,
    /// Its text.
    pub text: String,
    /// The data files it was played with (`--data DIR`, its `data`
    /// folder), in the order they were read.
    #[serde(default)]
    pub data: Vec<DataFile>,
    /// The files it names beside itself (GURPS's `gcs = "..."`), by the
    /// relative path it names them by.
    #[serde(default)]
    pub files: BTreeMap<String, String>,
}

/// A data file carried by an [`Origin`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataFile {
    /// The name it was read by.
    pub name: String,
    /// Its text.
    pub text: String,
}

impl Origin {
    /// Reads a scenario file from disk with its data (`--data DIR` and its
    /// own `data` folder) and the files it names, sets it up for `R`, and
    /// keeps every text read.
    pub fn read<R: Ruleset>(
        file: SourceFile,
        data: Option<&Path>,
    ) -> Result<(Origin, Loaded<R>), FileError> {
        let extra = fray_core::data::scenario_data(&file, data)?;
        let folder = Folder::new(Path::new(&file.name).parent().unwrap_or(Path::new("")));
        let loaded = run::load_from::<R>(file.clone(), &extra, &folder)?;
        let origin = Origin {
            name: file.name,
            text: file.text,
            data: extra
                .into_iter()
                .map(|f| DataFile {
                    name: f.name,
                    text: f.text,
                })
                .collect(),
            files: folder.kept(),
        };
        Ok((origin, loaded))
    }

    /// A scenario given as texts (an upload): the scenario, its data files
    /// and the files it names.
    pub fn of_texts(
        name: impl Into<String>,
        text: impl Into<String>,
        data: Vec<DataFile>,
        files: BTreeMap<String, String>,
    ) -> Self {
        Origin {
            name: name.into(),
            text: text.into(),
            data,
            files,
        }
    }

    /// The scenario file.
    pub fn file(&self) -> SourceFile {
        SourceFile::new(self.name.clone(), self.text.clone())
    }

    /// Sets the scenario up for `R` from the texts alone.
    pub fn load<R: Ruleset>(&self) -> Result<Loaded<R>, FileError> {
        let extra: Vec<SourceFile> = self
            .data
            .iter()
            .map(|f| SourceFile::new(f.name.clone(), f.text.clone()))
            .collect();
        run::load_from::<R>(self.file(), &extra, &Texts(self.files.clone()))
    }

    /// The ruleset the scenario names.
    pub fn ruleset(&self) -> Result<String, FileError> {
        run::ruleset_of(&self.file())
    }
}

/// A saved game: the scenario it was played with, the seed and the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""), deny_unknown_fields)]
pub struct SavedGame<R: Ruleset> {
    /// The format version ([`SAVE_VERSION`]).
    pub version: u32,
    /// The ruleset id, checked on load.
    pub ruleset: String,
    /// The seed of the session's dice streams.
    pub seed: u64,
    /// The scenario, carried whole; absent in a game of an earlier format
    /// or of a table opened from a state alone (tests, embedding).
    #[serde(default)]
    pub scenario: Option<Origin>,
    /// Every record of the log, oldest first.
    #[serde(default)]
    pub records: Vec<Record<R>>,
}

/// The top of a saved game, read before the rest to tell formats and
/// rulesets apart.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SaveHeader {
    /// The version; absent in the first format (an input log).
    pub version: Option<u32>,
    /// The ruleset id (versions 2 and up).
    pub ruleset: Option<String>,
}

/// Why a saved game does not load (beyond TOML errors, which the reader reports).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    /// Written by a newer Fray.
    #[error("saved game version {found}: this fray reads versions 1 to {SAVE_VERSION}")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// Saved for another ruleset.
    #[error("saved game of ruleset `{found}`, but the scenario is `{expected}`")]
    Ruleset {
        /// In the file.
        found: String,
        /// The scenario's.
        expected: &'static str,
    },
    /// A game of an earlier format, which does not carry its scenario.
    #[error(
        "this saved game (version {version}) does not carry its scenario: name the scenario too"
    )]
    NoScenario {
        /// Its version.
        version: u32,
    },
    /// A value could not be written.
    #[error("cannot write the saved game: {0}")]
    Write(String),
}

/// Version 2's entries: steps, overrides and dice settings, no seats.
#[derive(Deserialize)]
#[serde(
    bound(deserialize = ""),
    rename_all = "snake_case",
    deny_unknown_fields
)]
enum EntryV2<R: Ruleset> {
    Step(Vec<Input<R>>),
    Override(Override),
    Dice(crate::dice::DiceRule),
}

/// Version 2: the seed and the log, the scenario named on the command line.
#[derive(Deserialize)]
#[serde(bound(deserialize = ""), deny_unknown_fields)]
struct SavedV2<R: Ruleset> {
    #[allow(dead_code)]
    version: u32,
    ruleset: String,
    seed: u64,
    #[serde(default)]
    entries: Vec<EntryV2<R>>,
}

impl<R: Ruleset> SavedGame<R> {
    /// A saved game of `records`.
    pub fn new(seed: u64, scenario: Option<Origin>, records: Vec<Record<R>>) -> Self {
        SavedGame {
            version: SAVE_VERSION,
            ruleset: R::ID.to_string(),
            seed,
            scenario,
            records,
        }
    }

    /// Reads a saved game of any version from `file`; `seed` is used for
    /// the first format, which did not keep one.
    pub fn read(file: &SourceFile, seed: u64) -> Result<Self, ReadError> {
        let header: SaveHeader = file.parse()?;
        let saved = match header.version {
            Some(2) => {
                let v2: SavedV2<R> = file.parse()?;
                Self::from_entries(v2.ruleset, v2.seed, v2.entries)
            }
            Some(_) => file.parse::<Self>()?,
            None => Self::from_input_log(&run::load_inputs::<R>(file)?, seed),
        };
        saved.check()?;
        Ok(saved)
    }

    /// A game of the first format (an input log of steps): each step
    /// becomes a step record with its actions, answers and rolls (each kind
    /// keeps its order, which is all a replay reads).
    pub fn from_input_log(log: &InputLog<R>, seed: u64) -> Self {
        let steps = std::iter::once(&log.loose)
            .filter(|s| !s.is_empty())
            .chain(&log.steps);
        let entries = steps.map(|s| {
            let actions = s.actions.iter().map(|a| Input::Action {
                actor: a.actor.clone(),
                action: a.action.clone(),
                by: By::Old,
            });
            let answers = s.answers.iter().map(|a| Input::Answer {
                answer: a.clone(),
                by: By::Old,
            });
            let rolls = s.rolls.iter().map(|r| Input::Roll {
                roll: r.clone(),
                by: By::Old,
            });
            EntryV2::Step(actions.chain(answers).chain(rolls).collect())
        });
        Self::from_entries(R::ID.to_string(), seed, entries.collect())
    }

    /// Records from version 2's entries, all the GM's, after an opening.
    fn from_entries(ruleset: String, seed: u64, entries: Vec<EntryV2<R>>) -> Self {
        let open = std::iter::once(Entry::Open);
        let rest = entries.into_iter().map(|e| match e {
            EntryV2::Step(inputs) => Entry::Step(inputs),
            EntryV2::Override(ov) => Entry::Override(ov),
            EntryV2::Dice(rule) => Entry::Dice(rule),
        });
        let records = open
            .chain(rest)
            .enumerate()
            .map(|(i, entry)| Record {
                rev: i as u64 + 1,
                seat: Seat::Gm,
                entry,
            })
            .collect();
        SavedGame {
            version: SAVE_VERSION,
            ruleset,
            seed,
            scenario: None,
            records,
        }
    }

    /// Checks what serde cannot: the version and the ruleset.
    pub fn check(&self) -> Result<(), SaveError> {
        if self.version != SAVE_VERSION {
            return Err(SaveError::Version {
                found: self.version,
            });
        }
        if self.ruleset != R::ID {
            return Err(SaveError::Ruleset {
                found: self.ruleset.clone(),
                expected: R::ID,
            });
        }
        Ok(())
    }

    /// The saved game as TOML: the header, the scenario with its texts,
    /// then one `[[records]]` table per record with its entry on one line,
    /// so the file reads record by record.
    pub fn to_toml(&self) -> Result<String, SaveError> {
        let write = |e: toml::ser::Error| SaveError::Write(e.to_string());
        let mut text = format!(
            "# A game saved by Fray: continue it with `fray play --resume FILE`.\n\
             # It carries its scenario; each [[records]] is one entry of the\n\
             # table's log (revision, seat, what it did), oldest first.\n\
             version = {}\nruleset = {}\nseed = {}\n",
            self.version,
            toml::Value::String(self.ruleset.clone()),
            self.seed
        );
        if let Some(origin) = &self.scenario {
            #[derive(Serialize)]
            struct Wrapped<'a> {
                scenario: &'a Origin,
            }
            text.push('\n');
            text.push_str(&toml::to_string(&Wrapped { scenario: origin }).map_err(write)?);
        }
        for record in &self.records {
            let seat = toml::Value::try_from(&record.seat).map_err(write)?;
            let entry = toml::Value::try_from(&record.entry).map_err(write)?;
            text.push_str(&format!(
                "\n[[records]]\nrev = {}\nseat = {seat}\nentry = {entry}\n",
                record.rev
            ));
        }
        Ok(text)
    }
}

/// Why a saved game file does not read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Not TOML of a saved game, at a place in the file.
    #[error(transparent)]
    File(#[from] FileError),
    /// A version or ruleset this Fray does not read.
    #[error(transparent)]
    Save(#[from] SaveError),
}

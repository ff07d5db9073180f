//! The session log: every entry that changed the fight, typed, in order.
//!
//! A step of the engine keeps every input it consumed ([`Input`]): the
//! actions, answers and dice, each with where it came from ([`By`]: typed at
//! the table, rolled for a person, or the AI's and the session's own). GM
//! overrides and dice settings are entries of their own. Replaying the log
//! from the scenario's start rebuilds the state exactly, which gives undo,
//! redo and saved games ([`SavedGame`], TOML, versioned).

use crate::dice::DiceRule;
use fray_core::{InputLog, Override, RollInput, Ruleset};
use serde::{Deserialize, Serialize};

/// Where an input came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// Typed by a person at the table.
    Table,
    /// Rolled by the session for a person who asked ("roll for me").
    ForMe,
    /// The AI's choice, or dice the session rolled on its own.
    Auto,
    /// Read from a saved game of the first format, which did not say.
    Old,
}

/// One input a step consumed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    bound(serialize = "", deserialize = ""),
    rename_all = "snake_case",
    deny_unknown_fields
)]
pub enum Input<R: Ruleset> {
    /// A declared action, with the name of its actor.
    Action {
        /// Who acts.
        actor: String,
        /// What it declares.
        action: R::Action,
        /// From whom.
        by: By,
    },
    /// An answer to a question.
    Answer {
        /// The answer.
        answer: R::Answer,
        /// From whom.
        by: By,
    },
    /// A roll.
    Roll {
        /// The dice.
        roll: RollInput,
        /// From whom.
        by: By,
    },
}

impl<R: Ruleset> Input<R> {
    /// Which queue it answers: 0 actions, 1 answers, 2 rolls.
    pub(crate) fn kind(&self) -> usize {
        match self {
            Input::Action { .. } => 0,
            Input::Answer { .. } => 1,
            Input::Roll { .. } => 2,
        }
    }

    /// Whether a person gave it.
    pub fn by(&self) -> By {
        match self {
            Input::Action { by, .. } | Input::Answer { by, .. } | Input::Roll { by, .. } => *by,
        }
    }
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    bound(serialize = "", deserialize = ""),
    rename_all = "snake_case",
    deny_unknown_fields
)]
pub enum Entry<R: Ruleset> {
    /// One step of the engine (one action, or the end), with its inputs in order.
    Step(Vec<Input<R>>),
    /// A game master's override, applied between steps.
    Override(Override),
    /// A dice setting: who rolls by hand from now on.
    Dice(DiceRule),
}

/// The version of [`SavedGame`] this crate writes.
pub const SAVE_VERSION: u32 = 2;

/// A saved game: the seed and the log. The scenario is not copied: it is
/// named on the command line, as with `--inputs`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""), deny_unknown_fields)]
pub struct SavedGame<R: Ruleset> {
    /// The format version ([`SAVE_VERSION`]).
    pub version: u32,
    /// The ruleset id, checked on load.
    pub ruleset: String,
    /// The seed of the session's dice streams.
    pub seed: u64,
    /// The log, oldest first.
    #[serde(default)]
    pub entries: Vec<Entry<R>>,
}

/// The top of a saved game, read before the rest to tell formats apart.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SaveHeader {
    /// [`SAVE_VERSION`] in this format; absent in the first format (an input log).
    pub version: Option<u32>,
}

/// Why a saved game does not load (beyond TOML errors, which the reader reports).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    /// Written by a newer Fray.
    #[error("saved game version {found}: this fray reads versions 1 and {SAVE_VERSION}")]
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
    /// A TOML value could not be written.
    #[error("cannot write the saved game: {0}")]
    Write(String),
}

impl<R: Ruleset> SavedGame<R> {
    /// A saved game of `entries`.
    pub fn new(seed: u64, entries: Vec<Entry<R>>) -> Self {
        SavedGame {
            version: SAVE_VERSION,
            ruleset: R::ID.to_string(),
            seed,
            entries,
        }
    }

    /// A saved game of the first format (an input log of steps, what
    /// `fray play` wrote before the session library): each step becomes a
    /// [`Entry::Step`] with its actions, answers and rolls (each kind keeps
    /// its order, which is all a replay reads).
    pub fn from_input_log(log: &InputLog<R>, seed: u64) -> Self {
        let steps = std::iter::once(&log.loose)
            .filter(|s| !s.is_empty())
            .chain(&log.steps);
        let entries = steps
            .map(|s| {
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
                Entry::Step(actions.chain(answers).chain(rolls).collect())
            })
            .collect();
        SavedGame::new(seed, entries)
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

    /// The saved game as TOML, one `[[entries]]` table per entry with its
    /// value on one line, so the file reads entry by entry.
    pub fn to_toml(&self) -> Result<String, SaveError> {
        let mut text = format!(
            "# A game saved by `fray play`: continue it with\n\
             # `fray play SCENARIO --resume FILE`. One [[entries]] per step,\n\
             # GM override or dice setting, oldest first.\n\
             version = {}\nruleset = \"{}\"\nseed = {}\n",
            self.version, self.ruleset, self.seed
        );
        for entry in &self.entries {
            text.push_str("\n[[entries]]\n");
            let value =
                toml::Value::try_from(entry).map_err(|e| SaveError::Write(e.to_string()))?;
            if let toml::Value::Table(table) = value {
                for (key, value) in table {
                    text.push_str(&format!("{key} = {value}\n"));
                }
            }
        }
        Ok(text)
    }
}

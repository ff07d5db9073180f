//! Input logs: the dice, choices and actions that drive a fight.
//!
//! A saved game, a test script and `fray fight --inputs FILE` are the same
//! thing: a scenario plus an input log. Inputs are kept in three queues
//! (actions, rolls, answers), each consumed in order by whoever asks, so a
//! hand-written script can give only the dice and leave the choices to AI.
//! Logs recorded by play are grouped in steps (one action each) so undo can
//! drop the last one.

use crate::ruleset::Ruleset;
use crate::shape::{Shapes, by_shape};
use fray_dice::{DiceError, RollKind, Rolled};
use serde::{Deserialize, Deserializer, Serialize, de};
use std::collections::VecDeque;

/// One roll as typed by a person or written in a script: read by the
/// shape of the input ([`Shapes`]), so a wrong face or a misspelt key of
/// a recorded roll is named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum RollInput {
    /// The total shown (`9` for 3d6).
    Total(i32),
    /// The individual dice (`[3, 4, 2]`); for a roll-off, each party's roll
    /// and then the rerolls (`fray_dice::RollOff::enter`).
    Faces(Vec<i32>),
    /// A recorded roll with its natural flags (what play saves).
    Exact(Rolled),
}

impl<'de> Shapes<'de> for RollInput {
    const EXPECTING: &'static str =
        "a roll: its total (9), its dice ([3, 4, 2]) or a recorded roll (a table)";

    fn from_int<E: de::Error>(n: i64) -> Result<Self, E> {
        i32::try_from(n).map(RollInput::Total).map_err(|_| {
            E::invalid_value(de::Unexpected::Signed(n), &"a total that fits in 32 bits")
        })
    }

    fn from_list<D: Deserializer<'de>>(list: D) -> Result<Self, D::Error> {
        Vec::deserialize(list).map(RollInput::Faces)
    }

    fn from_table<D: Deserializer<'de>>(table: D) -> Result<Self, D::Error> {
        Rolled::deserialize(table).map(RollInput::Exact)
    }
}

impl<'de> Deserialize<'de> for RollInput {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        by_shape(d)
    }
}

impl From<i32> for RollInput {
    /// A number alone is a roll's total, as in an input file.
    fn from(total: i32) -> Self {
        RollInput::Total(total)
    }
}

impl RollInput {
    /// Checks the input against the dice it answers.
    pub fn resolve(&self, kind: &RollKind) -> Result<Rolled, DiceError> {
        match self {
            RollInput::Total(t) => kind.from_total(*t),
            RollInput::Faces(f) => kind.from_faces(f),
            RollInput::Exact(r) => kind.accept(*r),
        }
    }
}

impl From<Rolled> for RollInput {
    fn from(r: Rolled) -> Self {
        RollInput::Exact(r)
    }
}

/// An action in a script, with the name of the combatant that declares it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""), deny_unknown_fields)]
pub struct ScriptedAction<R: Ruleset> {
    /// Who acts; checked against whose turn it is.
    pub actor: String,
    /// What it declares.
    pub action: R::Action,
}

/// The inputs of one step (or of a whole hand-written script).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""), deny_unknown_fields)]
pub struct StepInputs<R: Ruleset> {
    /// Declared actions, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<ScriptedAction<R>>,
    /// Dice, in the order they are asked for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<RollInput>,
    /// Answers to questions, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<R::Answer>,
}

impl<R: Ruleset> Default for StepInputs<R> {
    fn default() -> Self {
        StepInputs {
            actions: Vec::new(),
            rolls: Vec::new(),
            answers: Vec::new(),
        }
    }
}

impl<R: Ruleset> StepInputs<R> {
    /// Whether nothing was given.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty() && self.rolls.is_empty() && self.answers.is_empty()
    }
}

/// A whole input file as read: the loose queues' keys beside `steps`.
/// Read without `flatten` (which buffers the table and loses where each
/// value sits), so an error inside an action points at its line and
/// column.
#[derive(Deserialize)]
#[serde(bound(deserialize = ""), deny_unknown_fields)]
struct InputFile<R: Ruleset> {
    #[serde(default)]
    actions: Vec<ScriptedAction<R>>,
    #[serde(default)]
    rolls: Vec<RollInput>,
    #[serde(default)]
    answers: Vec<R::Answer>,
    #[serde(default)]
    steps: Vec<StepInputs<R>>,
}

impl<R: Ruleset> From<InputFile<R>> for InputLog<R> {
    fn from(f: InputFile<R>) -> Self {
        InputLog {
            loose: StepInputs {
                actions: f.actions,
                rolls: f.rolls,
                answers: f.answers,
            },
            steps: f.steps,
        }
    }
}

/// A whole input file: loose queues first, then recorded steps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    bound(serialize = "", deserialize = ""),
    deny_unknown_fields,
    from = "InputFile<R>"
)]
pub struct InputLog<R: Ruleset> {
    /// Loose inputs consumed before the steps (hand-written scripts).
    #[serde(flatten)]
    pub loose: StepInputs<R>,
    /// Recorded steps, one per action (saved games).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<StepInputs<R>>,
}

impl<R: Ruleset> Default for InputLog<R> {
    fn default() -> Self {
        InputLog {
            loose: StepInputs::default(),
            steps: Vec::new(),
        }
    }
}

impl<R: Ruleset> InputLog<R> {
    /// A log of recorded steps.
    pub fn from_steps(steps: Vec<StepInputs<R>>) -> Self {
        InputLog {
            loose: StepInputs::default(),
            steps,
        }
    }

    /// Where the `index`-th action (0-based, in consumption order) sits in
    /// the file: `actions[2]` among the loose ones, else `steps[4].actions[0]`.
    pub fn action_path(&self, index: usize) -> Option<String> {
        if index < self.loose.actions.len() {
            return Some(format!("actions[{index}]"));
        }
        let mut rest = index - self.loose.actions.len();
        for (k, step) in self.steps.iter().enumerate() {
            if rest < step.actions.len() {
                return Some(format!("steps[{k}].actions[{rest}]"));
            }
            rest -= step.actions.len();
        }
        None
    }

    /// All inputs in consumption order, as three queues.
    pub fn queues(&self) -> Queues<R> {
        let mut q = Queues::default();
        for s in std::iter::once(&self.loose).chain(&self.steps) {
            q.actions.extend(s.actions.iter().cloned());
            q.rolls.extend(s.rolls.iter().cloned());
            q.answers.extend(s.answers.iter().cloned());
        }
        q
    }
}

/// Inputs waiting to be consumed.
#[derive(Clone, Debug)]
pub struct Queues<R: Ruleset> {
    /// Actions, in order.
    pub actions: VecDeque<ScriptedAction<R>>,
    /// Rolls, in order.
    pub rolls: VecDeque<RollInput>,
    /// Answers, in order.
    pub answers: VecDeque<R::Answer>,
}

impl<R: Ruleset> Default for Queues<R> {
    fn default() -> Self {
        Queues {
            actions: VecDeque::new(),
            rolls: VecDeque::new(),
            answers: VecDeque::new(),
        }
    }
}

impl<R: Ruleset> Queues<R> {
    /// Whether every queue is empty.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty() && self.rolls.is_empty() && self.answers.is_empty()
    }
}

//! Oracles driven by an input log, for scripts, replays and the table.

use super::Oracle;
use crate::controller::{Addressee, Controller};
use crate::halt::{Flow, Halt, InputError, Pending};
use crate::ids::CombatantId;
use crate::inputs::{InputLog, Queues, RollInput, ScriptedAction, StepInputs};
use crate::roll::RollRequest;
use crate::ruleset::Ruleset;
use fray_dice::{FrayRng, Rolled};

/// What to do when the log has no input for a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Roll with the RNG and let AI choose (people included); `script`
    /// controllers still fail. Used by `fray fight --inputs`.
    Fallback,
    /// Every die must be scripted; missing actions and answers come from
    /// the AI for AI controllers and fail for people and scripts. Used by
    /// tests that script every die, and by replays of saved games.
    Strict,
    /// Roll for AI and the game master, let AI choose for AI controllers,
    /// and suspend with [`Pending`] for people. Used by `fray play`.
    Table,
}

/// How many inputs of each kind the step being attempted had at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepMark {
    actions: usize,
    rolls: usize,
    answers: usize,
}

/// Answers from a log, then by [`Mode`]; records what it hands out, one
/// record per step, so the log can be saved and replayed exactly.
pub struct InputOracle<R: Ruleset> {
    mode: Mode,
    queues: Queues<R>,
    rng: Option<FrayRng>,
    /// Inputs of the step being attempted; reused from the start on a retry.
    current: StepInputs<R>,
    cursor: (usize, usize, usize),
    recorded: Vec<StepInputs<R>>,
    /// Rolls in committed steps, for numbering rolls in messages.
    rolls_committed: usize,
    /// Actions taken from the script so far.
    script_actions: usize,
    /// The script's index of the last action handed out, if it came from
    /// the script (not the AI, nor a retry).
    last_scripted: Option<usize>,
    /// The faces of the rolls of `current` this oracle drew itself, by
    /// index (empty where unknown): a retry shows the same dice. Kept
    /// apart from the log, whose recorded form stays the same.
    drawn: Vec<Vec<i32>>,
    /// The faces of the last roll handed out, when known ([`Oracle::last_faces`]).
    last: Vec<i32>,
}

/// An [`InputOracle`] for scripts and replays.
pub type ScriptOracle<R> = InputOracle<R>;
/// An [`InputOracle`] for people at a table.
pub type TableOracle<R> = InputOracle<R>;

impl<R: Ruleset> InputOracle<R> {
    /// An oracle over `log`; `seed` feeds the RNG for missing rolls (none in `Strict` mode).
    pub fn new(log: &InputLog<R>, mode: Mode, seed: Option<u64>) -> Self {
        InputOracle {
            mode,
            queues: log.queues(),
            rng: seed.map(fray_dice::seeded_rng),
            current: StepInputs::default(),
            cursor: (0, 0, 0),
            recorded: Vec::new(),
            rolls_committed: 0,
            script_actions: 0,
            last_scripted: None,
            drawn: Vec::new(),
            last: Vec::new(),
        }
    }

    /// The script's index (0-based, in consumption order:
    /// [`InputLog::action_path`] finds it in the file) of the last action
    /// handed out, when it came from the script: an illegal action is
    /// reported at its place in the file.
    pub fn last_scripted_action(&self) -> Option<usize> {
        self.last_scripted
    }

    /// A script that falls back to the seeded RNG and AI.
    pub fn script(log: &InputLog<R>, seed: u64) -> Self {
        Self::new(log, Mode::Fallback, Some(seed))
    }

    /// A script that must supply every input.
    pub fn strict(log: &InputLog<R>) -> Self {
        Self::new(log, Mode::Strict, None)
    }

    /// A table oracle resuming `log`, rolling with `seed` when asked to.
    pub fn table(log: &InputLog<R>, seed: u64) -> Self {
        Self::new(log, Mode::Table, Some(seed))
    }

    /// Supplies a person's action for the step being attempted.
    pub fn supply_action(&mut self, actor_name: &str, action: R::Action) {
        self.current.actions.push(ScriptedAction {
            actor: actor_name.to_string(),
            action,
        });
    }

    /// Supplies a roll (typed by a person, or rolled on request).
    pub fn supply_roll(&mut self, roll: RollInput) {
        self.current.rolls.push(roll);
    }

    /// Supplies a person's answer.
    pub fn supply_answer(&mut self, answer: R::Answer) {
        self.current.answers.push(answer);
    }

    /// Rolls `req` with the oracle's generator, for a person who says "roll for me".
    pub fn roll_for_me(&mut self, req: &RollRequest) -> Option<Rolled> {
        self.rng.as_mut().map(|rng| req.kind.sample(rng))
    }

    /// Where the inputs of the step being attempted stand now; taken just
    /// before supplying a person's input, so [`InputOracle::back_to`] can
    /// take that input back.
    pub fn mark(&self) -> StepMark {
        StepMark {
            actions: self.current.actions.len(),
            rolls: self.current.rolls.len(),
            answers: self.current.answers.len(),
        }
    }

    /// Takes back every input of the step being attempted given since `mark`:
    /// a person's input the rules refused (an impossible roll, an illegal
    /// action) or an undone decision, along with the dice drawn after it.
    pub fn back_to(&mut self, mark: StepMark) {
        self.current.actions.truncate(mark.actions);
        self.current.rolls.truncate(mark.rolls);
        self.drawn.truncate(mark.rolls);
        self.current.answers.truncate(mark.answers);
        self.cursor = (0, 0, 0);
    }

    /// Starts the fight over on `log` (undo: the log minus its last steps),
    /// keeping the generator, so dice rolled after an undo are fresh rather
    /// than a repeat of the first rolls of the game.
    pub fn restart(&mut self, log: &InputLog<R>) {
        self.queues = log.queues();
        self.current = StepInputs::default();
        self.drawn.clear();
        self.cursor = (0, 0, 0);
        self.recorded.clear();
        self.rolls_committed = 0;
    }

    /// Starts the attempt of a step over: inputs given so far are reused.
    pub fn rewind(&mut self) {
        self.cursor = (0, 0, 0);
    }

    /// Ends a completed step: its inputs become one record of the log.
    pub fn commit_step(&mut self) {
        let done = std::mem::take(&mut self.current);
        self.drawn.clear();
        self.rolls_committed += done.rolls.len();
        self.recorded.push(done);
        self.cursor = (0, 0, 0);
    }

    /// Drops the inputs of a failed attempt that has no retry coming.
    pub fn abandon_step(&mut self) {
        self.current = StepInputs::default();
        self.drawn.clear();
        self.cursor = (0, 0, 0);
    }

    /// The recorded steps so far.
    pub fn recorded(&self) -> &[StepInputs<R>] {
        &self.recorded
    }

    /// The recorded log, ready to save.
    pub fn log(&self) -> InputLog<R> {
        InputLog::from_steps(self.recorded.clone())
    }

    /// Whether scripted inputs are left unconsumed.
    pub fn has_unused_inputs(&self) -> bool {
        !self.queues.is_empty()
    }

    fn is_person(ctrl: &Controller) -> bool {
        matches!(ctrl, Controller::Human)
    }
}

impl<R: Ruleset> Oracle<R> for InputOracle<R> {
    fn last_faces(&self) -> &[i32] {
        &self.last
    }

    fn roll(&mut self, state: &R::State, req: &RollRequest) -> Flow<Rolled, R> {
        let n = self.rolls_committed + self.cursor.1 + 1;
        self.last.clear();
        let given = if self.cursor.1 < self.current.rolls.len() {
            self.cursor.1 += 1;
            if let Some(f) = self.drawn.get(self.cursor.1 - 1) {
                self.last.extend_from_slice(f);
            }
            Some(self.current.rolls[self.cursor.1 - 1].clone())
        } else if let Some(r) = self.queues.rolls.pop_front() {
            self.current.rolls.push(r.clone());
            self.cursor.1 += 1;
            Some(r)
        } else {
            None
        };
        if let Some(input) = given {
            if let RollInput::Faces(f) = &input {
                self.last.clone_from(f);
            }
            return input.resolve(&req.kind).map_err(|error| {
                Halt::bad_input(InputError::BadRoll {
                    number: n,
                    label: req.label,
                    kind: req.kind,
                    error,
                })
            });
        }
        let roller = req
            .roller
            .map_or(Addressee::GameMaster, Addressee::Combatant);
        let person = Self::is_person(R::controller_of(state, roller));
        let rolled = match (self.mode, self.rng.as_mut()) {
            (Mode::Table, _) if person => return Err(Halt::roll(*req)),
            (Mode::Strict, _) | (_, None) => {
                return Err(Halt::bad_input(InputError::OutOfDice {
                    number: n,
                    label: req.label,
                    kind: req.kind,
                }));
            }
            (_, Some(rng)) => req.kind.sample_faces(rng, &mut self.last),
        };
        let i = self.current.rolls.len();
        self.drawn.resize(i, Vec::new());
        self.drawn.push(self.last.clone());
        self.current.rolls.push(RollInput::Exact(rolled));
        self.cursor.1 += 1;
        Ok(rolled)
    }

    fn answer(&mut self, state: &R::State, question: &R::Question) -> Flow<R::Answer, R> {
        if self.cursor.2 < self.current.answers.len() {
            self.cursor.2 += 1;
            return Ok(self.current.answers[self.cursor.2 - 1].clone());
        }
        if let Some(a) = self.queues.answers.pop_front() {
            self.current.answers.push(a.clone());
            self.cursor.2 += 1;
            return Ok(a);
        }
        let who = R::addressee(question);
        let answer = match (self.mode, R::controller_of(state, who)) {
            (Mode::Table, Controller::Human) => {
                return Err(Halt::Pending(Pending::Answer(Box::new(question.clone()))));
            }
            (Mode::Strict, Controller::Human | Controller::Script) => {
                return Err(Halt::bad_input(InputError::OutOfAnswers {
                    question: question.to_string(),
                }));
            }
            _ => R::ai_answer(state, question),
        };
        self.current.answers.push(answer.clone());
        self.cursor.2 += 1;
        Ok(answer)
    }

    fn action(&mut self, state: &R::State, actor: CombatantId) -> Flow<R::Action, R> {
        let name = R::name(state, actor);
        self.last_scripted = None;
        let given = if self.cursor.0 < self.current.actions.len() {
            self.cursor.0 += 1;
            Some(self.current.actions[self.cursor.0 - 1].clone())
        } else if let Some(a) = self.queues.actions.pop_front() {
            self.current.actions.push(a.clone());
            self.cursor.0 += 1;
            self.last_scripted = Some(self.script_actions);
            self.script_actions += 1;
            Some(a)
        } else {
            None
        };
        if let Some(scripted) = given {
            if scripted.actor != name {
                return Err(Halt::bad_input(InputError::WrongActor {
                    scripted: scripted.actor,
                    actor: name.to_string(),
                }));
            }
            return Ok(scripted.action);
        }
        let action = match (self.mode, R::controller(state, actor)) {
            (Mode::Table, Controller::Human) => {
                return Err(Halt::Pending(Pending::Action(actor)));
            }
            (Mode::Strict, Controller::Human) | (_, Controller::Script) => {
                return Err(Halt::bad_input(InputError::OutOfActions {
                    actor: name.to_string(),
                }));
            }
            _ => R::ai_action(state, actor),
        };
        self.current.actions.push(ScriptedAction {
            actor: name.to_string(),
            action: action.clone(),
        });
        self.cursor.0 += 1;
        Ok(action)
    }
}

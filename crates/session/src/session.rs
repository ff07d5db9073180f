//! The game in progress: the log with its undo/redo cursor, the step being
//! attempted, the dice settings and the committed state. No printing and no
//! prompts: front ends decide what to show and whom to ask.
//!
//! Every step is attempted on a clone of the state; a step that stops for a
//! person's input is thrown away and attempted again once the input is
//! given (DESIGN.md, "Interactive play"), so only completed steps enter the
//! log. Undo and redo move entries between the log and a redo stack and
//! rebuild the state by replaying the log from the scenario's start.

use crate::dice::{self, DiceRule};
use crate::log::{By, Entry, Input, SavedGame};
use crate::oracle::StepOracle;
use fray_core::dice::Rolled;
use fray_core::engine::{self, Progress};
use fray_core::{
    EndReason, Halt, Outcome, Override, Pending, Refusal, RollInput, RollRequest, Ruleset, VecSink,
};

/// What one attempt at the next step gave.
pub enum Attempt<R: Ruleset> {
    /// The step completed and entered the log; these are its events.
    Done(Vec<R::Event>, Progress<R::Action>),
    /// A person must give an input first. `state` is the state at the request
    /// (after the ruleset's start-of-turn upkeep), for menus and checks;
    /// `events` are those of the attempt so far.
    Waiting {
        /// The state at the request.
        state: R::State,
        /// What is asked.
        pending: Pending<R>,
        /// The attempt's events so far.
        events: Vec<R::Event>,
    },
    /// The rules refused the inputs (an illegal action, impossible dice).
    Rejected(Halt<R>),
}

/// What a replay shows: the events of its steps and the words of its
/// overrides, in order.
#[derive(Clone, Debug)]
pub enum Replayed<R: Ruleset> {
    /// An event of a replayed step.
    Event(R::Event),
    /// What a replayed override did, in words.
    Said(String),
}

impl<R: Ruleset> std::fmt::Display for Replayed<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Replayed::Event(e) => e.fmt(f),
            Replayed::Said(s) => f.write_str(s),
        }
    }
}

/// What an undo took back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undone {
    /// The last input given to the step in progress.
    Input,
    /// This many entries of the log, back to and including the last one
    /// decided at the table.
    Entries(usize),
}

/// Why the session refused a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// Nothing was decided at the table yet.
    #[error("nothing to undo: no one at the table has decided anything yet")]
    NothingToUndo,
    /// No undo to give back.
    #[error("nothing to redo")]
    NothingToRedo,
    /// An override or setting while a person's inputs wait in the step in progress.
    #[error("a step is in progress: finish it or undo its inputs first")]
    StepInProgress,
    /// The fight is over.
    #[error("the fight is over: undo first")]
    Over,
    /// The ruleset refused the override.
    #[error("{0}")]
    Refused(#[from] Refusal),
    /// An entry of the log does not replay (a saved game for another
    /// scenario, or a bug): the session cannot go on.
    #[error("entry {entry} of the log does not replay: {why}")]
    Replay {
        /// 1-based number of the entry.
        entry: usize,
        /// What went wrong.
        why: String,
    },
}

/// A fight at the table.
pub struct Session<R: Ruleset> {
    seed: u64,
    start: R::State,
    state: R::State,
    /// The log up to the cursor: every entry applied to `state`.
    entries: Vec<Entry<R>>,
    /// Per entry: whether it was decided at the table (an action or answer
    /// of a person, an override, a dice setting). Undo goes back to the last.
    decided: Vec<bool>,
    /// Groups of entries taken back by undo, the last undone last.
    redo: Vec<Vec<Entry<R>>>,
    /// Engine steps in the log: the index of the next step's dice streams.
    steps: u64,
    /// The dice settings in force.
    dice: Vec<DiceRule>,
    /// How the fight ended, once it has.
    over: Option<Outcome>,
    /// Inputs of the step being attempted.
    current: Vec<Input<R>>,
    /// Before each input a person gave to the step being attempted, the
    /// length of `current`: taking that input back returns there.
    marks: Vec<usize>,
    /// Changes to the log so far, and at the last save.
    revision: u64,
    saved_revision: u64,
}

impl<R: Ruleset> Session<R> {
    /// A new session from the scenario's starting state.
    pub fn new(start: R::State, seed: u64) -> Self {
        Session {
            seed,
            state: start.clone(),
            start,
            entries: Vec::new(),
            decided: Vec::new(),
            redo: Vec::new(),
            steps: 0,
            dice: Vec::new(),
            over: None,
            current: Vec::new(),
            marks: Vec::new(),
            revision: 0,
            saved_revision: 0,
        }
    }

    /// A session resumed from a saved game: its log replayed from `start`
    /// with its seed. Returns the events of the replay too.
    pub fn resume(
        start: R::State,
        saved: SavedGame<R>,
    ) -> Result<(Self, Vec<Replayed<R>>), SessionError> {
        let mut session = Session::new(start, saved.seed);
        let mut events = Vec::new();
        for entry in saved.entries {
            session.replay(entry, &mut events)?;
        }
        Ok((session, events))
    }

    /// The state after the last entry.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The seed of the dice streams.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The log up to the cursor.
    pub fn entries(&self) -> &[Entry<R>] {
        &self.entries
    }

    /// How many engine steps the log holds.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The dice settings in force, oldest first.
    pub fn dice(&self) -> &[DiceRule] {
        &self.dice
    }

    /// How the fight ended, if it has.
    pub fn over(&self) -> Option<&Outcome> {
        self.over.as_ref()
    }

    /// Whether undone entries can be given back.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether a person gave inputs to the step being attempted.
    pub fn in_progress(&self) -> bool {
        !self.marks.is_empty()
    }

    /// Whether the log changed since the last [`Session::mark_saved`].
    pub fn unsaved(&self) -> bool {
        self.revision != self.saved_revision
    }

    /// Notes that the log as it stands was written.
    pub fn mark_saved(&mut self) {
        self.saved_revision = self.revision;
    }

    /// The log as a saved game.
    pub fn saved_game(&self) -> SavedGame<R> {
        SavedGame::new(self.seed, self.entries.clone())
    }

    /// Runs the next step on a clone of the state; enters it in the log if
    /// it completes.
    pub fn attempt(&mut self) -> Attempt<R> {
        self.attempt_with(false)
    }

    /// Plays the fight on to its end as the table would if every person
    /// handed each choice to the AI and each roll to "roll for me": the
    /// same per-step dice streams, so a game played out from any of its
    /// steps goes on exactly as from an earlier one. `on_step` is given
    /// each step's events. Stops at a step the rules refuse (a scripted
    /// figure with no inputs left).
    pub fn play_out(&mut self, mut on_step: impl FnMut(Vec<R::Event>)) -> Result<Outcome, Halt<R>> {
        loop {
            if let Some(outcome) = &self.over {
                return Ok(outcome.clone());
            }
            match self.attempt_with(true) {
                Attempt::Done(events, _) => on_step(events),
                Attempt::Rejected(halt) => return Err(halt),
                // Nobody is waited for when the AI and the streams answer all.
                Attempt::Waiting { pending, .. } => return Err(Halt::Pending(pending)),
            }
        }
    }

    /// One attempt; `for_people`: the AI and the streams answer for people too.
    fn attempt_with(&mut self, for_people: bool) -> Attempt<R> {
        let mut trial = self.state.clone();
        let mut sink = VecSink::default();
        let mut oracle =
            StepOracle::<R>::new(&mut self.current, self.seed, self.steps, &self.dice, true);
        oracle.for_people = for_people;
        let result = engine::step::<R, _, _>(&mut trial, &mut oracle, &mut sink);
        let decided = oracle.decided;
        match result {
            Ok(progress) => {
                let inputs = std::mem::take(&mut self.current);
                self.marks.clear();
                self.state = trial;
                self.steps += 1;
                if let Progress::Over(outcome) = &progress {
                    self.over = Some(outcome.clone());
                }
                self.enter(Entry::Step(inputs), decided);
                Attempt::Done(sink.events, progress)
            }
            Err(Halt::Pending(pending)) => Attempt::Waiting {
                state: trial,
                pending,
                events: sink.events,
            },
            Err(e) => Attempt::Rejected(e),
        }
    }

    /// Adds an entry made live. If it is the entry an undo took back
    /// first, the redo keeps the rest; otherwise the redo stack is gone.
    fn enter(&mut self, entry: Entry<R>, decided: bool) {
        let same = self
            .redo
            .last()
            .and_then(|g| g.first())
            .is_some_and(|e| *e == entry);
        if same {
            if let Some(group) = self.redo.last_mut() {
                group.remove(0);
                if group.is_empty() {
                    self.redo.pop();
                }
            }
        } else {
            self.redo.clear();
        }
        self.entries.push(entry);
        self.decided.push(decided);
        self.revision += 1;
    }

    /// A person's action for `actor_name`.
    pub fn supply_action(&mut self, actor_name: &str, action: R::Action) {
        self.marks.push(self.current.len());
        self.current.push(Input::Action {
            actor: actor_name.to_string(),
            action,
            by: By::Table,
        });
    }

    /// A person's answer.
    pub fn supply_answer(&mut self, answer: R::Answer) {
        self.marks.push(self.current.len());
        self.current.push(Input::Answer {
            answer,
            by: By::Table,
        });
    }

    /// A roll typed at the table (`By::Table`) or rolled for a person (`By::ForMe`).
    pub fn supply_roll(&mut self, roll: RollInput, by: By) {
        self.marks.push(self.current.len());
        self.current.push(Input::Roll { roll, by });
    }

    /// "Roll for me": the roll the session makes for the pending request,
    /// from the stream of this step and this request (the rolls already in
    /// the step come before it), so it is the same whenever it is asked.
    pub fn roll_for_me(&self, req: &RollRequest) -> Rolled {
        let request = self
            .current
            .iter()
            .filter(|i| matches!(i, Input::Roll { .. }))
            .count() as u64;
        req.kind
            .sample(&mut dice::stream(self.seed, self.steps, request))
    }

    /// Takes back the last input a person gave to the step being
    /// attempted, and everything generated after it.
    pub fn take_back(&mut self) -> bool {
        match self.marks.pop() {
            Some(at) => {
                self.current.truncate(at);
                true
            }
            None => false,
        }
    }

    /// Takes back the last input given to the step in progress if there is
    /// one; otherwise every entry back to and including the last one decided
    /// at the table (so the AI's moves after it are not just played again).
    pub fn undo(&mut self) -> Result<Undone, SessionError> {
        if self.take_back() {
            return Ok(Undone::Input);
        }
        let last = self
            .decided
            .iter()
            .rposition(|&d| d)
            .ok_or(SessionError::NothingToUndo)?;
        let group = self.entries.split_off(last);
        let n = group.len();
        self.redo.push(group);
        self.rebuild()?;
        self.revision += 1;
        Ok(Undone::Entries(n))
    }

    /// Gives back what the last undo took, exactly; returns how many
    /// entries and their events.
    pub fn redo(&mut self) -> Result<(usize, Vec<Replayed<R>>), SessionError> {
        let group = self.redo.pop().ok_or(SessionError::NothingToRedo)?;
        self.current.clear();
        self.marks.clear();
        let n = group.len();
        let mut events = Vec::new();
        for entry in group {
            self.replay(entry, &mut events)?;
        }
        self.revision += 1;
        Ok((n, events))
    }

    /// Sets who rolls by hand from now on.
    pub fn set_dice(&mut self, rule: DiceRule) -> Result<(), SessionError> {
        if self.in_progress() {
            return Err(SessionError::StepInProgress);
        }
        self.current.clear();
        self.dice.push(rule.clone());
        self.enter(Entry::Dice(rule), true);
        Ok(())
    }

    /// Applies a GM override between steps; returns what was done, in words.
    pub fn apply_override(&mut self, ov: Override) -> Result<Vec<String>, SessionError> {
        if self.in_progress() {
            return Err(SessionError::StepInProgress);
        }
        if self.over.is_some() {
            return Err(SessionError::Over);
        }
        let mut state = self.state.clone();
        let said = self.apply(&mut state, &ov)?;
        self.state = state;
        self.current.clear();
        self.enter(Entry::Override(ov), true);
        Ok(said)
    }

    /// Applies `ov` to `state` (the end of the fight to the session).
    fn apply(&mut self, state: &mut R::State, ov: &Override) -> Result<Vec<String>, SessionError> {
        match ov {
            Override::EndFight { winner } => {
                let roster = R::roster(state);
                let side = match winner {
                    None => None,
                    Some(name) => Some(
                        roster
                            .iter()
                            .find(|c| c.side_name.eq_ignore_ascii_case(name))
                            .map(|c| c.side)
                            .ok_or_else(|| Refusal::UnknownSide(name.clone()))?,
                    ),
                };
                self.over = Some(Outcome {
                    winner: side,
                    reason: EndReason::Called,
                    rounds: R::round(state),
                });
                Ok(vec![match winner {
                    Some(w) => format!("The game master ends the fight: side {w} wins."),
                    None => "The game master ends the fight with no winner.".to_string(),
                }])
            }
            ov => Ok(R::apply_override(state, ov)?),
        }
    }

    /// Applies one entry of a log without asking anyone: every input must
    /// be in the entry, and every one used.
    fn replay(
        &mut self,
        entry: Entry<R>,
        events: &mut Vec<Replayed<R>>,
    ) -> Result<(), SessionError> {
        let number = self.entries.len() + 1;
        let fail = |why: String| SessionError::Replay { entry: number, why };
        let decided = match &entry {
            Entry::Step(inputs) => {
                let mut inputs = inputs.clone();
                let mut trial = self.state.clone();
                let mut sink = VecSink::default();
                let mut oracle =
                    StepOracle::<R>::new(&mut inputs, self.seed, self.steps, &self.dice, false);
                let progress = engine::step::<R, _, _>(&mut trial, &mut oracle, &mut sink)
                    .map_err(|e| fail(e.to_string()))?;
                if oracle.consumed() != oracle.inputs.len() {
                    return Err(fail("it has inputs left over".into()));
                }
                let decided = oracle.decided;
                if let Progress::Over(outcome) = progress {
                    self.over = Some(outcome);
                }
                self.state = trial;
                self.steps += 1;
                events.extend(sink.events.into_iter().map(Replayed::Event));
                decided
            }
            Entry::Override(ov) => {
                let mut state = self.state.clone();
                let said = self
                    .apply(&mut state, ov)
                    .map_err(|e| fail(e.to_string()))?;
                events.extend(said.into_iter().map(Replayed::Said));
                self.state = state;
                true
            }
            Entry::Dice(rule) => {
                self.dice.push(rule.clone());
                true
            }
        };
        self.entries.push(entry);
        self.decided.push(decided);
        Ok(())
    }

    /// Replays the log from the start (after an undo).
    fn rebuild(&mut self) -> Result<(), SessionError> {
        let entries = std::mem::take(&mut self.entries);
        self.decided.clear();
        self.state = self.start.clone();
        self.steps = 0;
        self.dice.clear();
        self.over = None;
        self.current.clear();
        self.marks.clear();
        let mut events = Vec::new();
        for entry in entries {
            self.replay(entry, &mut events)?;
        }
        Ok(())
    }
}

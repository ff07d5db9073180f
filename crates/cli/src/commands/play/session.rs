//! The game in progress: the committed state, the table oracle that records
//! every input, and undo. No printing and no prompts here: the loop in
//! `mod.rs` decides what to show and whom to ask.
//!
//! Every step is attempted on a clone of the state; a step that stops for a
//! person's input is thrown away and retried once the input is supplied
//! (DESIGN.md, "Interactive play"), so only completed steps are committed.

use fray_core::dice::Rolled;
use fray_core::engine::{self, Progress};
use fray_core::{
    Controller, InputLog, InputOracle, Oracle, RollRequest, Ruleset, StepMark, VecSink,
};
use fray_core::{Halt, Pending};

/// What one attempt at the next step gave.
pub enum Attempt<R: Ruleset> {
    /// The step completed and is committed; these are its events.
    Done(Vec<R::Event>, Progress<R::Action>),
    /// A person must answer first. `state` is the state at the question (after
    /// the ruleset's start-of-turn upkeep), for menus and checks; `events` are
    /// the events of the attempt so far.
    Waiting {
        state: R::State,
        pending: Pending<R>,
        events: Vec<R::Event>,
    },
    /// The rules refused the inputs (an illegal action, impossible dice).
    Rejected(String),
}

/// A fight at the table.
pub struct Session<R: Ruleset> {
    /// The state at the start, rebuilt from on undo.
    start: R::State,
    /// The state after the last committed step.
    state: R::State,
    /// Records every input, one record per committed step.
    oracle: InputOracle<R>,
    /// Per committed step: whether a person decided something in it (an
    /// action or an answer). Undo goes back to the last such step so AI
    /// moves are not merely replayed.
    asked: Vec<bool>,
    /// Before each input a person supplied to the step being attempted,
    /// where the step's inputs stood: taking one back returns there.
    marks: Vec<StepMark>,
}

impl<R: Ruleset> Session<R> {
    /// A session from the scenario's starting state, replaying `log` first.
    pub fn new(start: R::State, log: &InputLog<R>, seed: u64) -> Self {
        Session {
            state: start.clone(),
            start,
            oracle: InputOracle::table(log, seed),
            asked: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// The state after the last committed step.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The recorded log, as `save` writes it.
    pub fn log(&self) -> InputLog<R> {
        self.oracle.log()
    }

    /// Whether inputs of a resumed log are still waiting to be replayed.
    pub fn replaying(&self) -> bool {
        self.oracle.has_unused_inputs()
    }

    /// Whether a person supplied something to the step being attempted.
    pub fn in_progress(&self) -> bool {
        !self.marks.is_empty()
    }

    /// Runs the next step on a clone of the state; commits it if it completes.
    pub fn attempt(&mut self) -> Attempt<R> {
        let mut trial = self.state.clone();
        let mut sink = VecSink::default();
        self.oracle.rewind();
        let mut watch = Watch {
            inner: &mut self.oracle,
            asked: false,
        };
        let result = engine::step::<R, _, _>(&mut trial, &mut watch, &mut sink);
        let asked = watch.asked;
        match result {
            Ok(progress) => {
                self.oracle.commit_step();
                self.asked.push(asked);
                self.marks.clear();
                self.state = trial;
                Attempt::Done(sink.events, progress)
            }
            Err(Halt::Pending(pending)) => Attempt::Waiting {
                state: trial,
                pending,
                events: sink.events,
            },
            Err(e @ (Halt::Illegal(..) | Halt::BadInput(_) | Halt::Merged)) => {
                Attempt::Rejected(e.to_string())
            }
        }
    }

    /// A person's action for `actor_name`.
    pub fn supply_action(&mut self, actor_name: &str, action: R::Action) {
        self.marks.push(self.oracle.mark());
        self.oracle.supply_action(actor_name, action);
    }

    /// A person's roll (typed, or rolled for them).
    pub fn supply_roll(&mut self, roll: fray_core::RollInput) {
        self.marks.push(self.oracle.mark());
        self.oracle.supply_roll(roll);
    }

    /// A person's answer.
    pub fn supply_answer(&mut self, answer: R::Answer) {
        self.marks.push(self.oracle.mark());
        self.oracle.supply_answer(answer);
    }

    /// Takes back the last input a person supplied to the step being
    /// attempted (refused by the rules, or undone), and the dice drawn after it.
    pub fn take_back(&mut self) -> bool {
        match self.marks.pop() {
            Some(mark) => {
                self.oracle.back_to(mark);
                true
            }
            None => false,
        }
    }

    /// "Roll for me": the oracle's seeded generator rolls `req`.
    pub fn roll_for_me(&mut self, req: &RollRequest) -> Option<Rolled> {
        self.oracle.roll_for_me(req)
    }

    /// Takes back the last input given to the step in progress if there is
    /// one; otherwise every step back to and including the last one in which a
    /// person decided something (so the AI's moves after it are not just
    /// replayed). Returns how many committed steps were taken back.
    pub fn undo(&mut self) -> Result<usize, UndoError> {
        if self.take_back() {
            return Ok(0);
        }
        let Some(last) = self.asked.iter().rposition(|&a| a) else {
            return Err(UndoError::Nothing(
                "Nothing to undo: no one at the table has decided anything yet.".into(),
            ));
        };
        self.oracle.abandon_step();
        let mut steps = self.oracle.recorded().to_vec();
        let undone = steps.len() - last;
        steps.truncate(last);
        self.oracle.restart(&InputLog::from_steps(steps));
        self.state = self.start.clone();
        self.asked.clear();
        for n in 0..last {
            match self.attempt() {
                Attempt::Done(..) => {}
                Attempt::Waiting { .. } | Attempt::Rejected(_) => {
                    return Err(UndoError::Broken(format!(
                        "undo: replaying step {} of the log failed; the game cannot go on",
                        n + 1
                    )));
                }
            }
        }
        Ok(undone)
    }
}

/// Why an undo did not happen.
pub enum UndoError {
    /// There is nothing to take back; the game goes on.
    Nothing(String),
    /// The log did not replay (a bug): the game cannot go on.
    Broken(String),
}

/// Passes every request to the table oracle and notes whether a person was
/// asked for a decision (an action or an answer), whether or not it came
/// from the log, so that resumed and live steps are marked alike for undo.
struct Watch<'a, R: Ruleset> {
    inner: &'a mut InputOracle<R>,
    asked: bool,
}

impl<R: Ruleset> Watch<'_, R> {
    fn note(&mut self, state: &R::State, who: impl Into<fray_core::Addressee>) {
        if matches!(R::controller_of(state, who.into()), Controller::Human) {
            self.asked = true;
        }
    }
}

impl<R: Ruleset> Oracle<R> for Watch<'_, R> {
    /// Rolls are not decisions: a person's knockdown roll in the AI's turn
    /// does not make that turn the one undo goes back to.
    fn roll(&mut self, state: &R::State, req: &RollRequest) -> fray_core::Flow<Rolled, R> {
        self.inner.roll(state, req)
    }

    fn answer(
        &mut self,
        state: &R::State,
        question: &R::Question,
    ) -> fray_core::Flow<R::Answer, R> {
        self.note(state, R::addressee(question));
        self.inner.answer(state, question)
    }

    fn action(
        &mut self,
        state: &R::State,
        actor: fray_core::CombatantId,
    ) -> fray_core::Flow<R::Action, R> {
        self.note(state, actor);
        self.inner.action(state, actor)
    }
}

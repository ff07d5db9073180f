//! A fight played from a script of inputs, every input accounted for: the
//! actions, dice and answers a test or a tutorial sets down are taken by a
//! strict [`InputOracle`], so an input missing and one left over are both
//! errors. The rulesets' tests share it, and a tool maker replaying a
//! situation may too.

use std::fmt;

use crate::ctx::Ctx;
use crate::engine::{self, Progress};
use crate::event::VecSink;
use crate::halt::Halt;
use crate::ids::CombatantId;
use crate::inputs::{InputLog, RollInput, ScriptedAction, StepInputs};
use crate::oracle::InputOracle;
use crate::ruleset::{Next, Outcome, Ruleset};

/// Whether a script may keep inputs it did not use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leftovers {
    /// Every input must be used: one left over is an error.
    Refused,
    /// The run may stop before the script does (the first steps of a
    /// longer script).
    Allowed,
}

/// Why a scripted run stopped short, with the events up to there.
#[derive(Debug)]
pub struct ScriptStop<R: Ruleset> {
    /// What stopped it.
    pub why: StopReason<R>,
    /// The events so far.
    pub events: Vec<R::Event>,
}

/// What stopped a scripted run.
#[derive(Debug)]
pub enum StopReason<R: Ruleset> {
    /// Step `step` (0-based) halted: an action refused, an input missing or
    /// not fitting what was asked.
    Halted {
        /// The step.
        step: usize,
        /// Why.
        halt: Halt<R>,
    },
    /// The fight ended at step `step`, before the steps asked for.
    Ended {
        /// The step.
        step: usize,
        /// How it ended.
        outcome: Outcome,
    },
    /// No end within this many steps.
    NoEnd(usize),
    /// Inputs were left over with [`Leftovers::Refused`].
    LeftOver,
}

impl<R: Ruleset> fmt::Display for ScriptStop<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.why {
            StopReason::Halted { step, halt } => write!(f, "step {step} stopped: {halt}")?,
            StopReason::Ended { step, outcome } => {
                write!(f, "the fight ended at step {step}: {outcome:?}")?
            }
            StopReason::NoEnd(steps) => write!(f, "the fight did not end in {steps} steps")?,
            StopReason::LeftOver => write!(f, "scripted inputs were left over")?,
        }
        writeln!(f, "\nevents so far:")?;
        for event in &self.events {
            writeln!(f, "{event}")?;
        }
        Ok(())
    }
}

impl<R: Ruleset> std::error::Error for ScriptStop<R> {}

impl<R: Ruleset> InputLog<R> {
    /// A script of loose inputs, each queue taken in order wherever it is
    /// asked: actions by their actor's name, dice (a number is a total),
    /// answers.
    pub fn scripted<'a, T: Into<RollInput>>(
        actions: impl IntoIterator<Item = (&'a str, R::Action)>,
        rolls: impl IntoIterator<Item = T>,
        answers: impl IntoIterator<Item = R::Answer>,
    ) -> Self {
        InputLog {
            loose: StepInputs {
                actions: actions
                    .into_iter()
                    .map(|(actor, action)| ScriptedAction {
                        actor: actor.to_string(),
                        action,
                    })
                    .collect(),
                rolls: rolls.into_iter().map(Into::into).collect(),
                answers: answers.into_iter().collect(),
            },
            steps: Vec::new(),
        }
    }
}

/// Plays `steps` steps of `log`; an end of the fight before them is an error.
pub fn steps<R: Ruleset>(
    state: &mut R::State,
    log: &InputLog<R>,
    steps: usize,
    leftovers: Leftovers,
) -> Result<Vec<R::Event>, ScriptStop<R>> {
    let mut run = Run::new(log);
    match run.play(state, steps) {
        Ok(None) => run.finish(leftovers),
        Ok(Some((step, outcome))) => run.stop(StopReason::Ended { step, outcome }),
        Err(why) => run.stop(why),
    }
}

/// Plays `log` to the end of the fight, in at most `limit` steps.
pub fn to_end<R: Ruleset>(
    state: &mut R::State,
    log: &InputLog<R>,
    limit: usize,
) -> Result<(Outcome, Vec<R::Event>), ScriptStop<R>> {
    let mut run = Run::new(log);
    match run.play(state, limit) {
        Ok(Some((_, outcome))) => run.finish(Leftovers::Allowed).map(|e| (outcome, e)),
        Ok(None) => run.stop(StopReason::NoEnd(limit)),
        Err(why) => run.stop(why),
    }
}

/// Checks `action` by `who` and resolves it with exactly the inputs of
/// `log` (a refusal is [`StopReason::Halted`] at step 0).
pub fn resolve<R: Ruleset>(
    state: &mut R::State,
    who: CombatantId,
    action: &R::Action,
    log: &InputLog<R>,
) -> Result<Vec<R::Event>, ScriptStop<R>> {
    let mut run = Run::new(log);
    let resolved = R::check_action(state, who, action)
        .map_err(|why| Halt::illegal(who, why))
        .and_then(|()| R::resolve(state, who, action, &mut run.cx()));
    match resolved {
        Ok(()) => run.finish(Leftovers::Refused),
        Err(halt) => run.stop(StopReason::Halted { step: 0, halt }),
    }
}

/// The ruleset's [`crate::Engine::next`] with exactly the inputs of `log`.
pub fn next<R: Ruleset>(
    state: &mut R::State,
    log: &InputLog<R>,
) -> Result<(Next, Vec<R::Event>), ScriptStop<R>> {
    let mut run = Run::new(log);
    match R::next(state, &mut run.cx()) {
        Ok(next) => run.finish(Leftovers::Refused).map(|e| (next, e)),
        Err(halt) => run.stop(StopReason::Halted { step: 0, halt }),
    }
}

/// A strict oracle over the script and the events it has heard.
struct Run<R: Ruleset> {
    oracle: InputOracle<R>,
    sink: VecSink<R::Event>,
}

impl<R: Ruleset> Run<R> {
    fn new(log: &InputLog<R>) -> Self {
        Run {
            oracle: InputOracle::strict(log),
            sink: VecSink::default(),
        }
    }

    /// Plays at most `steps` steps: the step the fight ended at and how,
    /// if it did.
    fn play(
        &mut self,
        state: &mut R::State,
        steps: usize,
    ) -> Result<Option<(usize, Outcome)>, StopReason<R>> {
        for step in 0..steps {
            match engine::step::<R, _, _>(state, &mut self.oracle, &mut self.sink) {
                Ok(Progress::Acted(..)) => {}
                Ok(Progress::Over(outcome)) => return Ok(Some((step, outcome))),
                Err(halt) => return Err(StopReason::Halted { step, halt }),
            }
        }
        Ok(None)
    }

    fn cx(&mut self) -> Ctx<'_, R, InputOracle<R>, VecSink<R::Event>> {
        Ctx::new(&mut self.oracle, &mut self.sink)
    }

    fn stop<T>(self, why: StopReason<R>) -> Result<T, ScriptStop<R>> {
        Err(ScriptStop {
            why,
            events: self.sink.events,
        })
    }

    fn finish(self, leftovers: Leftovers) -> Result<Vec<R::Event>, ScriptStop<R>> {
        if leftovers == Leftovers::Refused && self.oracle.has_unused_inputs() {
            return self.stop(StopReason::LeftOver);
        }
        Ok(self.sink.events)
    }
}

//! The oracle of one step at the table: inputs already given first, then
//! the AI, the seeded streams, or a halt for a person.

use crate::dice::{self, DiceRule};
use crate::log::{By, Input};
use crate::seat::{Control, SeatPlan, control};
use fray_core::dice::Rolled;
use fray_core::{
    Addressee, CombatantId, Flow, Halt, InputError, Oracle, Pending, RollInput, RollRequest,
    Ruleset,
};

/// How a step's missing inputs are met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fill {
    /// Replaying a log: every input must be given; the dice the session
    /// rolled are checked against its streams.
    Strict,
    /// Live: the AI and the streams fill in for the AI and the session's
    /// dice; a person is waited for.
    Live,
    /// A game played out: the AI and the streams fill in for people too.
    PlayOut,
}

/// Answers one step's requests from `inputs` (consumed per kind, in
/// order), then fills in what is missing as [`Fill`] says. Generated
/// inputs are appended to `inputs`, so the next attempt of the step reads
/// them back.
pub(crate) struct StepOracle<'a, R: Ruleset> {
    pub inputs: &'a mut Vec<Input<R>>,
    /// Per kind (actions, answers, rolls): where the next scan starts.
    next: [usize; 3],
    /// Roll requests so far in this attempt: the stream index of the next.
    requests: u64,
    seed: u64,
    step: u64,
    dice: &'a [DiceRule],
    plan: &'a SeatPlan,
    fill: Fill,
    /// Whether a person was asked for a decision (an action or an answer).
    pub decided: bool,
}

impl<'a, R: Ruleset> StepOracle<'a, R> {
    pub fn new(
        inputs: &'a mut Vec<Input<R>>,
        (seed, step): (u64, u64),
        dice: &'a [DiceRule],
        plan: &'a SeatPlan,
        fill: Fill,
    ) -> Self {
        StepOracle {
            inputs,
            next: [0; 3],
            requests: 0,
            seed,
            step,
            dice,
            plan,
            fill,
            decided: false,
        }
    }

    /// How many inputs were read: all of them, after a replay that fits.
    pub fn consumed(&self) -> usize {
        (0..3)
            .map(|kind| {
                self.inputs[..self.next[kind].min(self.inputs.len())]
                    .iter()
                    .filter(|i| i.kind() == kind)
                    .count()
            })
            .sum()
    }

    /// The next given input of `kind`, if any.
    fn take(&mut self, kind: usize) -> Option<Input<R>> {
        let at = self.inputs[self.next[kind]..]
            .iter()
            .position(|i| i.kind() == kind)?
            + self.next[kind];
        self.next[kind] = at + 1;
        Some(self.inputs[at].clone())
    }

    fn push(&mut self, input: Input<R>) {
        let kind = input.kind();
        self.inputs.push(input);
        self.next[kind] = self.inputs.len();
    }

    fn control(&mut self, state: &R::State, who: Addressee) -> Control {
        let c = control::<R>(state, self.plan, who);
        if c.is_person() {
            self.decided = true;
        }
        c
    }

    /// A die the session rolled, as a log gives it back: it must be what
    /// the stream of this step and request rolls.
    fn check_streamed(&self, req: &RollRequest, given: &RollInput, number: usize) -> Flow<(), R> {
        let rolled = req
            .kind
            .sample(&mut dice::stream(self.seed, self.step, self.requests - 1));
        if *given == RollInput::Exact(rolled) {
            return Ok(());
        }
        Err(Halt::bad_input(InputError::Oracle(format!(
            "roll {number} ({}, {}) is marked as rolled by the session, but its seed rolls {}, \
             not {}: the die or the seed was changed",
            req.label,
            req.kind,
            rolled.total,
            given
                .resolve(&req.kind)
                .map_or_else(|_| "that".into(), |r| r.total.to_string()),
        ))))
    }
}

impl<R: Ruleset> Oracle<R> for StepOracle<'_, R> {
    fn roll(&mut self, state: &R::State, req: &RollRequest) -> Flow<Rolled, R> {
        let request = self.requests;
        self.requests += 1;
        let number = request as usize + 1;
        if let Some(Input::Roll { roll, by }) = self.take(2) {
            if self.fill == Fill::Strict && matches!(by, By::Auto | By::ForMe) {
                self.check_streamed(req, &roll, number)?;
            }
            return roll.resolve(&req.kind).map_err(|error| {
                Halt::bad_input(InputError::BadRoll {
                    number,
                    label: req.label,
                    kind: req.kind,
                    error,
                })
            });
        }
        let by_hand = match self.fill {
            Fill::Strict => {
                return Err(Halt::bad_input(InputError::OutOfDice {
                    number,
                    label: req.label,
                    kind: req.kind,
                }));
            }
            Fill::Live => dice::by_hand::<R>(state, self.plan, self.dice, req.roller),
            Fill::PlayOut => false,
        };
        if by_hand {
            return Err(Halt::roll(*req));
        }
        let rolled = req
            .kind
            .sample(&mut dice::stream(self.seed, self.step, request));
        self.push(Input::Roll {
            roll: RollInput::Exact(rolled),
            by: By::Auto,
        });
        Ok(rolled)
    }

    fn answer(&mut self, state: &R::State, question: &R::Question) -> Flow<R::Answer, R> {
        let who = R::addressee(question);
        let control = self.control(state, who);
        if let Some(Input::Answer { answer, .. }) = self.take(1) {
            return Ok(answer);
        }
        let answer = match (self.fill, control) {
            (Fill::Live, Control::Person(_)) => {
                return Err(Halt::Pending(Pending::Answer(Box::new(question.clone()))));
            }
            (Fill::Live, Control::Ai) | (Fill::PlayOut, Control::Person(_) | Control::Ai) => {
                R::ai_answer(state, question)
            }
            _ => {
                return Err(Halt::bad_input(InputError::OutOfAnswers {
                    question: question.to_string(),
                }));
            }
        };
        self.push(Input::Answer {
            answer: answer.clone(),
            by: By::Auto,
        });
        Ok(answer)
    }

    fn action(&mut self, state: &R::State, actor: CombatantId) -> Flow<R::Action, R> {
        let control = self.control(state, Addressee::Combatant(actor));
        let name = R::name(state, actor);
        if let Some(Input::Action {
            actor: scripted,
            action,
            ..
        }) = self.take(0)
        {
            if scripted != name {
                return Err(Halt::bad_input(InputError::WrongActor {
                    scripted,
                    actor: name.to_string(),
                }));
            }
            return Ok(action);
        }
        let action = match (self.fill, control) {
            (Fill::Live, Control::Person(_)) => return Err(Halt::Pending(Pending::Action(actor))),
            (Fill::Live, Control::Ai) | (Fill::PlayOut, Control::Person(_) | Control::Ai) => {
                R::ai_action(state, actor)
            }
            _ => {
                return Err(Halt::bad_input(InputError::OutOfActions {
                    actor: name.to_string(),
                }));
            }
        };
        self.push(Input::Action {
            actor: name.to_string(),
            action: action.clone(),
            by: By::Auto,
        });
        Ok(action)
    }
}

//! The oracle of one step at the table: inputs already given first, then
//! the AI, the seeded streams, or a halt for a person.

use crate::dice::{self, DiceRule};
use crate::log::{By, Input};
use fray_core::dice::Rolled;
use fray_core::{
    Addressee, CombatantId, Controller, Flow, Halt, InputError, Oracle, Pending, RollInput,
    RollRequest, Ruleset,
};

/// Answers one step's requests from `inputs` (consumed per kind, in
/// order), then, when `live`, generates what the session may and halts for
/// what a person must give. Generated inputs are appended to `inputs`, so
/// the next attempt of the step reads them back.
pub(crate) struct StepOracle<'a, R: Ruleset> {
    pub inputs: &'a mut Vec<Input<R>>,
    /// Per kind (actions, answers, rolls): where the next scan starts.
    pub next: [usize; 3],
    /// Roll requests so far in this attempt: the stream index of the next.
    pub requests: u64,
    pub seed: u64,
    pub step: u64,
    pub dice: &'a [DiceRule],
    /// Whether to generate missing inputs (play) or refuse (replay of a log).
    pub live: bool,
    /// When live, whether the AI also decides and the streams also roll
    /// for people (a game played out), instead of halting for them.
    pub for_people: bool,
    /// Whether a person was asked for a decision (an action or an answer).
    pub decided: bool,
}

impl<'a, R: Ruleset> StepOracle<'a, R> {
    pub fn new(
        inputs: &'a mut Vec<Input<R>>,
        seed: u64,
        step: u64,
        dice: &'a [DiceRule],
        live: bool,
    ) -> Self {
        StepOracle {
            inputs,
            next: [0; 3],
            requests: 0,
            seed,
            step,
            dice,
            live,
            for_people: false,
            decided: false,
        }
    }

    /// How many inputs were read: all of them, after a replay that fits.
    pub fn consumed(&self) -> usize {
        let mut n = 0;
        for kind in 0..3 {
            n += self.inputs[..self.next[kind].min(self.inputs.len())]
                .iter()
                .filter(|i| i.kind() == kind)
                .count();
        }
        n
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

    fn note(&mut self, state: &R::State, who: Addressee) {
        if matches!(R::controller_of(state, who), Controller::Human) {
            self.decided = true;
        }
    }
}

impl<R: Ruleset> Oracle<R> for StepOracle<'_, R> {
    fn roll(&mut self, state: &R::State, req: &RollRequest) -> Flow<Rolled, R> {
        let request = self.requests;
        self.requests += 1;
        let number = request as usize + 1;
        if let Some(Input::Roll { roll, .. }) = self.take(2) {
            return roll.resolve(&req.kind).map_err(|error| {
                Halt::bad_input(InputError::BadRoll {
                    number,
                    label: req.label,
                    kind: req.kind,
                    error,
                })
            });
        }
        if !self.live {
            return Err(Halt::bad_input(InputError::OutOfDice {
                number,
                label: req.label,
                kind: req.kind,
            }));
        }
        if !self.for_people && dice::by_hand::<R>(state, self.dice, req.roller) {
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
        self.note(state, who);
        if let Some(Input::Answer { answer, .. }) = self.take(1) {
            return Ok(answer);
        }
        let answer = match (self.live, R::controller_of(state, who)) {
            (true, Controller::Human) if self.for_people => R::ai_answer(state, question),
            (true, Controller::Human) => {
                return Err(Halt::Pending(Pending::Answer(Box::new(question.clone()))));
            }
            (true, Controller::Ai(_)) => R::ai_answer(state, question),
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
        self.note(state, Addressee::Combatant(actor));
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
        let action = match (self.live, R::controller(state, actor)) {
            (true, Controller::Human) if self.for_people => R::ai_action(state, actor),
            (true, Controller::Human) => return Err(Halt::Pending(Pending::Action(actor))),
            (true, Controller::Ai(_)) => R::ai_action(state, actor),
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

//! Records applied to the fight: live from a seat, or read back from a log.
//!
//! One code path for both, so a replayed log makes exactly the state, the
//! waiting request and the told events the live table made: a record's
//! effect ([`Session::effect`]), then either playing on ([`Session::advance`],
//! live) or one attempt to see what the table waited for
//! ([`Session::settle`], after an undo or a redo, and between the records
//! of a log).

use super::{Given, Session, SessionError};
use crate::dice::{self, DiceRule};
use crate::log::{By, Entry, Input, Told};
use crate::oracle::StepOracle;
use crate::refused::Refused;
use crate::seat::{self, Seat, SeatPlan};
use fray_core::dice::Rolled;
use fray_core::engine::{self, Progress};
use fray_core::{
    EndReason, Halt, Outcome, Override, Pending, Refusal, RollInput, RollRequest, Ruleset, VecSink,
};

pub(crate) use crate::oracle::Fill;

/// What the table waits for: the request, the state at it (after the
/// ruleset's start-of-turn upkeep, for menus and checks) and the events of
/// the step so far.
#[derive(Clone, Debug)]
pub struct Waiting<R: Ruleset> {
    /// The state at the request.
    pub state: R::State,
    /// What is asked.
    pub pending: Pending<R>,
    /// The step's events so far.
    pub events: Vec<R::Event>,
}

/// A step that completed on a clone of the state.
pub(super) struct Done<R: Ruleset> {
    state: R::State,
    pub events: Vec<R::Event>,
    progress: Progress<R::Action>,
    decided: bool,
    inputs: Vec<Input<R>>,
}

/// What one attempt at the next step gave.
pub(super) enum Attempt<R: Ruleset> {
    Done(Done<R>),
    Waiting(Waiting<R>),
    Rejected(Halt<R>),
}

/// What the records in effect make of the fight: rebuilt from the start
/// by replaying them.
pub(super) struct Now<R: Ruleset> {
    pub state: R::State,
    /// Indexes of the records in effect, in the order they apply.
    pub active: Vec<usize>,
    /// Per record in effect: whether it was decided at the table (a step
    /// that asked a person, an override, a dice setting, a seating).
    pub decided: Vec<bool>,
    /// Groups of records taken out by undo, the last undone last.
    pub redo: Vec<Vec<usize>>,
    /// Engine steps in effect: the index of the next step's dice streams.
    pub steps: u64,
    pub dice: Vec<DiceRule>,
    pub plan: SeatPlan,
    pub over: Option<Outcome>,
    /// Inputs of the step being attempted: the people's and those the
    /// attempts generated.
    pub current: Vec<Input<R>>,
    /// The input records of the step in progress.
    pub given: Vec<usize>,
    /// Before each of them, the length of `current`: taking it back returns there.
    pub marks: Vec<usize>,
    pub waiting: Option<Waiting<R>>,
    /// Events of the step in progress already told.
    pub told_in_step: usize,
    pub paused: bool,
    pub stuck: Option<String>,
}

impl<R: Ruleset> Now<R> {
    pub fn new(start: &R::State) -> Self {
        Now {
            state: start.clone(),
            active: Vec::new(),
            decided: Vec::new(),
            redo: Vec::new(),
            steps: 0,
            dice: Vec::new(),
            plan: SeatPlan::of::<R>(start),
            over: None,
            current: Vec::new(),
            given: Vec::new(),
            marks: Vec::new(),
            waiting: None,
            told_in_step: 0,
            paused: false,
            stuck: None,
        }
    }

    /// Runs the next step on a clone of the state with the inputs so far.
    pub fn attempt(&mut self, seed: u64, fill: Fill) -> Attempt<R> {
        let mut trial = self.state.clone();
        let mut sink = VecSink::default();
        let mut oracle = StepOracle::<R>::new(
            &mut self.current,
            (seed, self.steps),
            &self.dice,
            &self.plan,
            fill,
        );
        let result = engine::step::<R, _, _>(&mut trial, &mut oracle, &mut sink);
        let decided = oracle.decided;
        match result {
            Ok(progress) => Attempt::Done(Done {
                state: trial,
                events: sink.events,
                progress,
                decided,
                inputs: std::mem::take(&mut self.current),
            }),
            Err(Halt::Pending(pending)) => Attempt::Waiting(Waiting {
                state: trial,
                pending,
                events: sink.events,
            }),
            Err(e) => Attempt::Rejected(e),
        }
    }

    /// A logged step played again from its own inputs, all of them used,
    /// the session's dice checked against the seed.
    fn replay_step(&self, seed: u64, inputs: &[Input<R>]) -> Result<Done<R>, String> {
        let mut inputs = inputs.to_vec();
        let mut trial = self.state.clone();
        let mut sink = VecSink::default();
        let mut oracle = StepOracle::<R>::new(
            &mut inputs,
            (seed, self.steps),
            &self.dice,
            &self.plan,
            Fill::Strict,
        );
        let progress = engine::step::<R, _, _>(&mut trial, &mut oracle, &mut sink)
            .map_err(|e| e.to_string())?;
        if oracle.consumed() != oracle.inputs.len() {
            return Err("it has inputs left over".into());
        }
        let decided = oracle.decided;
        Ok(Done {
            state: trial,
            events: sink.events,
            progress,
            decided,
            inputs,
        })
    }

    /// The roll the session makes for `req`, asked for as the next roll
    /// of the step in progress.
    pub fn roll_for_me(&self, seed: u64, req: &RollRequest) -> Rolled {
        let request = self
            .current
            .iter()
            .filter(|i| matches!(i, Input::Roll { .. }))
            .count() as u64;
        req.kind
            .sample(&mut dice::stream(seed, self.steps, request))
    }
}

/// Applies `ov` to `state`: the end of the fight is the table's own (the
/// outcome it sets comes back), every other override the ruleset's.
fn override_<R: Ruleset>(
    state: &mut R::State,
    ov: &Override,
) -> Result<(Vec<String>, Option<Outcome>), Refusal> {
    let Override::EndFight { winner } = ov else {
        return Ok((R::apply_override(state, ov)?, None));
    };
    let side = match winner {
        None => None,
        Some(name) => Some(
            R::roster(state)
                .iter()
                .find(|c| c.side_name.eq_ignore_ascii_case(name))
                .map(|c| c.side)
                .ok_or_else(|| Refusal::UnknownSide(name.clone()))?,
        ),
    };
    let outcome = Outcome {
        winner: side,
        reason: EndReason::Called,
        rounds: R::round(state),
    };
    let said = match winner {
        Some(w) => format!("The game master ends the fight: side {w} wins."),
        None => "The game master ends the fight with no winner.".to_string(),
    };
    Ok((vec![said], Some(outcome)))
}

impl<R: Ruleset> Session<R> {
    /// The opening record `idx` in effect.
    pub(super) fn activate_open(&mut self, idx: usize) {
        self.activate(idx, false);
    }

    /// Puts record `idx` in effect.
    fn activate(&mut self, idx: usize, decided: bool) {
        self.now.active.push(idx);
        self.now.decided.push(decided);
    }

    /// Tells `told` as what record `teller` made happen.
    fn tell(&mut self, teller: Option<usize>, told: impl IntoIterator<Item = Told<R>>) {
        if let Some(t) = teller {
            self.told[t].extend(told);
        }
    }

    /// Plays on: steps that need no person run and enter the log as
    /// `seat`'s records, until a person is waited for, the fight is over
    /// or a step is refused. What the table waits for is told by the last
    /// record written (`teller` if none was).
    pub(super) fn advance(&mut self, seat: Seat, teller: usize) {
        self.play(seat, teller, usize::MAX);
    }

    /// Plays at most `steps` steps that need no person, as [`Self::advance`]
    /// does; the table is paused if the next would need none either.
    fn play(&mut self, seat: Seat, mut teller: usize, steps: usize) {
        self.now.paused = false;
        for _ in 0..steps {
            if self.now.over.is_some() {
                self.now.waiting = None;
                return;
            }
            match self.now.attempt(self.seed, Fill::Live) {
                Attempt::Done(done) => teller = self.enter_step(&seat, done),
                Attempt::Waiting(w) => return self.wait(teller, w),
                Attempt::Rejected(halt) => return self.stick(halt),
            }
        }
        self.settle(Some(teller));
    }

    /// One attempt to see what the table waits for, without playing on: a
    /// step that would complete by itself leaves the table paused.
    pub(super) fn settle(&mut self, teller: Option<usize>) {
        if self.now.over.is_some() {
            self.now.waiting = None;
            return;
        }
        match self.now.attempt(self.seed, Fill::Live) {
            Attempt::Done(_) => {
                self.now.current.clear();
                self.now.waiting = None;
                self.now.paused = true;
            }
            Attempt::Waiting(w) => match teller {
                Some(t) => self.wait(t, w),
                None => {
                    self.now.told_in_step = self.now.told_in_step.max(w.events.len());
                    self.now.waiting = Some(w);
                    self.now.paused = false;
                }
            },
            Attempt::Rejected(halt) => self.stick(halt),
        }
    }

    /// The table waits for `w`; the step's events not told yet are told by
    /// record `teller`.
    fn wait(&mut self, teller: usize, w: Waiting<R>) {
        let new: Vec<Told<R>> = w
            .events
            .iter()
            .skip(self.now.told_in_step)
            .cloned()
            .map(Told::Event)
            .collect();
        self.told[teller].extend(new);
        self.now.told_in_step = self.now.told_in_step.max(w.events.len());
        self.now.waiting = Some(w);
        self.now.paused = false;
        self.now.stuck = None;
    }

    fn stick(&mut self, halt: Halt<R>) {
        self.now.waiting = None;
        self.now.stuck = Some(halt.to_string());
    }

    /// A completed step enters the log as `seat`'s record; returns its index.
    pub(super) fn enter_step(&mut self, seat: &Seat, mut done: Done<R>) -> usize {
        let inputs = std::mem::take(&mut done.inputs);
        let idx = self.append(seat.clone(), Entry::Step(inputs));
        self.complete(idx, Some(idx), done);
        idx
    }

    /// Step record `idx` in effect with what `done` made.
    fn complete(&mut self, idx: usize, teller: Option<usize>, done: Done<R>) {
        let Done {
            state,
            events,
            progress,
            decided,
            ..
        } = done;
        self.activate(idx, decided);
        let skip = self.now.told_in_step;
        self.tell(teller, events.into_iter().skip(skip).map(Told::Event));
        self.now.told_in_step = 0;
        self.now.state = state;
        self.now.steps += 1;
        if let Progress::Over(outcome) = progress {
            self.now.over = Some(outcome);
        }
        self.now.current.clear();
        self.now.given.clear();
        self.now.marks.clear();
        self.now.waiting = None;
        self.now.paused = false;
    }

    /// A person's input from `seat`: checked, played, and written with the
    /// steps it completes; refused with nothing changed if the step will
    /// not take it.
    pub(super) fn give(&mut self, seat: &Seat, given: Given<R>) -> Result<(), Refused> {
        let input = self.input_of(seat, given)?;
        let mark = self.now.current.len();
        self.now.current.push(input.clone());
        let attempt = self.now.attempt(self.seed, Fill::Live);
        if let Attempt::Rejected(halt) = &attempt {
            self.now.current.truncate(mark);
            return Err(Refused::Rejected(halt.to_string()));
        }
        let idx = self.append(seat.clone(), Entry::Input(input));
        self.take_input(idx, mark);
        match attempt {
            Attempt::Done(done) => {
                let teller = self.enter_step(seat, done);
                self.advance(seat.clone(), teller);
            }
            Attempt::Waiting(w) => self.wait(idx, w),
            Attempt::Rejected(_) => {}
        }
        Ok(())
    }

    /// Input record `idx` in effect, given to the step in progress after
    /// `mark` inputs.
    fn take_input(&mut self, idx: usize, mark: usize) {
        self.activate(idx, false);
        self.now.given.push(idx);
        self.now.marks.push(mark);
    }

    /// `given` as an input of `seat`, checked against what the table waits for.
    fn input_of(&self, seat: &Seat, given: Given<R>) -> Result<Input<R>, Refused> {
        let w = self.waiting_or_why()?;
        let input = match (&w.pending, given) {
            (
                Pending::Action(actor),
                Given::Action {
                    actor: named,
                    action,
                },
            ) => {
                let name = R::name(&w.state, *actor);
                if let Some(named) = named
                    && !named.eq_ignore_ascii_case(name)
                {
                    return Err(Refused::WrongActor {
                        turn: name.to_string(),
                        given: named,
                    });
                }
                Input::Action {
                    actor: name.to_string(),
                    action,
                    by: By::Table,
                }
            }
            (Pending::Answer(_), Given::Answer(answer)) => Input::Answer {
                answer,
                by: By::Table,
            },
            (Pending::Roll(_), Given::Roll(roll)) => Input::Roll {
                roll,
                by: By::Table,
            },
            (Pending::Roll(req), Given::RollForMe) => Input::Roll {
                roll: RollInput::Exact(self.now.roll_for_me(self.seed, req)),
                by: By::ForMe,
            },
            (pending, given) => {
                return Err(Refused::NotWanted {
                    waiting: self.pending_words(&w.state, pending),
                    given: given.words(),
                });
            }
        };
        self.check_input(seat, &input)?;
        Ok(input)
    }

    /// Whether `seat` may give `input` now and the rules take it: the seat
    /// first (nothing of another seat's request is told), then the rules.
    fn check_input(&self, seat: &Seat, input: &Input<R>) -> Result<(), Refused> {
        let w = self.waiting_or_why()?;
        let wanted = self.seat_for(&w.state, &w.pending);
        if !seat::may_give(seat, &wanted) {
            return Err(Refused::NotYours {
                seat: seat.clone(),
                wanted,
            });
        }
        match (&w.pending, input) {
            (
                Pending::Action(actor),
                Input::Action {
                    actor: name,
                    action,
                    ..
                },
            ) if name == R::name(&w.state, *actor) => {
                R::check_action(&w.state, *actor, action).map_err(Refused::Illegal)
            }
            (Pending::Answer(q), Input::Answer { answer, .. }) => {
                R::check_answer(q, answer).map_err(Refused::Illegal)
            }
            (Pending::Roll(req), Input::Roll { roll, by }) => {
                if *by == By::ForMe
                    && *roll != RollInput::Exact(self.now.roll_for_me(self.seed, req))
                {
                    return Err(Refused::Rejected(
                        "the roll is marked as rolled by the session, but its seed rolls another"
                            .into(),
                    ));
                }
                roll.resolve(&req.kind)
                    .map(|_| ())
                    .map_err(Refused::BadRoll)
            }
            (pending, input) => Err(Refused::NotWanted {
                waiting: self.pending_words(&w.state, pending),
                given: match input {
                    Input::Action { .. } => "an action",
                    Input::Answer { .. } => "an answer",
                    Input::Roll { .. } => "a roll",
                },
            }),
        }
    }

    /// What the table waits for, or why it waits for nothing.
    fn waiting_or_why(&self) -> Result<&Waiting<R>, Refused> {
        if let Some(w) = &self.now.waiting {
            return Ok(w);
        }
        Err(match (&self.now.over, &self.now.stuck) {
            (Some(_), _) => Refused::Over,
            (None, Some(why)) => Refused::Stuck(why.clone()),
            (None, None) => Refused::Paused,
        })
    }

    /// A pending request in words: "Sir Bors's action".
    pub fn pending_words(&self, state: &R::State, pending: &Pending<R>) -> String {
        match pending {
            Pending::Action(actor) => format!("{}'s action", R::name(state, *actor)),
            Pending::Answer(q) => format!(
                "an answer from {}",
                R::addressee_name(state, R::addressee(q))
            ),
            Pending::Roll(req) => {
                let who = req.roller.map_or_else(
                    || "the game master".to_string(),
                    |id| R::name(state, id).to_string(),
                );
                format!("a roll of {} for {} by {who}", req.kind, req.label)
            }
        }
    }

    /// An override, a dice setting or a seating from `seat`: the GM's,
    /// between steps. It never sets the AI playing: a table waiting for a
    /// person waits again (for whoever the step now asks), and when the AI
    /// would act next, the table is paused until the GM plays on.
    pub(super) fn between_steps(
        &mut self,
        seat: &Seat,
        what: &'static str,
        entry: Entry<R>,
    ) -> Result<(), Refused> {
        Self::gm_only(seat, what)?;
        if self.in_progress() {
            return Err(Refused::StepInProgress);
        }
        if self.now.over.is_some() && matches!(entry, Entry::Override(_)) {
            return Err(Refused::Over);
        }
        // Tried on a clone first: a refused override writes no record.
        if let Entry::Override(ov) = &entry {
            override_::<R>(&mut self.now.state.clone(), ov)?;
        }
        let idx = self.append(seat.clone(), entry);
        self.effect(idx, Some(idx)).map_err(Refused::Rejected)?;
        // The step is attempted afresh; an AI's turn waits for the GM.
        self.settle(Some(idx));
        Ok(())
    }

    /// Play goes on when the table is paused: one step, or on until a
    /// person is waited for.
    pub(super) fn resume_play(&mut self, seat: &Seat, one: bool) -> Result<(), Refused> {
        Self::gm_only(seat, "play on")?;
        if !self.now.paused {
            return Err(Refused::NotPaused);
        }
        let teller = self.records.len() - 1;
        self.play(seat.clone(), teller, if one { 1 } else { usize::MAX });
        Ok(())
    }

    /// Puts the effect of record `idx` (not an undo or a redo) in effect,
    /// telling what it makes happen as record `teller`'s (none when the
    /// state is only being rebuilt). Refused when the record does not fit
    /// the fight where it stands.
    pub(super) fn effect(&mut self, idx: usize, teller: Option<usize>) -> Result<(), String> {
        let entry = self.records[idx].entry.clone();
        match entry {
            Entry::Open => self.activate(idx, false),
            Entry::Input(input) => {
                let mark = self.now.current.len();
                self.now.current.push(input);
                self.take_input(idx, mark);
            }
            Entry::Step(inputs) => {
                self.check_given(&inputs)?;
                let done = self.now.replay_step(self.seed, &inputs)?;
                self.complete(idx, teller, done);
            }
            Entry::Override(ov) => {
                self.between(idx)?;
                let mut state = self.now.state.clone();
                let (said, end) = override_::<R>(&mut state, &ov).map_err(|e| e.to_string())?;
                self.now.state = state;
                if end.is_some() {
                    self.now.over = end;
                }
                self.tell(teller, said.into_iter().map(Told::Said));
            }
            Entry::Dice(rule) => {
                self.between(idx)?;
                self.tell(teller, [Told::Said(format!("Dice: {rule}."))]);
                self.now.dice.push(rule);
            }
            Entry::Seats(plan) => {
                self.between(idx)?;
                self.tell(teller, [Told::Said(seating_words(&plan))]);
                self.now.plan = plan;
            }
            Entry::Undo(_) | Entry::Redo(_) => return Err("not an entry that takes effect".into()),
        }
        Ok(())
    }

    /// Record `idx`, decided at the table between steps, in effect: the
    /// step being attempted starts afresh after it.
    fn between(&mut self, idx: usize) -> Result<(), String> {
        if !self.now.given.is_empty() {
            return Err("a step is in progress".into());
        }
        self.activate(idx, true);
        self.now.current.clear();
        self.now.told_in_step = 0;
        self.now.waiting = None;
        Ok(())
    }

    /// A logged step's people's inputs are those given to it, in order
    /// (a step of an earlier format, given no input records, stands alone).
    fn check_given(&self, inputs: &[Input<R>]) -> Result<(), String> {
        let given: Vec<&Input<R>> = self
            .now
            .current
            .iter()
            .filter(|i| i.by().is_person())
            .collect();
        if given.is_empty() {
            return Ok(());
        }
        let logged: Vec<&Input<R>> = inputs.iter().filter(|i| i.by().is_person()).collect();
        if given != logged {
            return Err(
                "its people's inputs are not those the entries before it gave: \
                 a choice or a die was changed"
                    .into(),
            );
        }
        Ok(())
    }

    /// Record `record` of a log read back: checked and put in effect as
    /// the live table did; `next_is_step` says whether the live table
    /// played a step right after it (so nothing waited here).
    pub(super) fn replay(
        &mut self,
        record: crate::log::Record<R>,
        next_is_step: bool,
    ) -> Result<(), SessionError> {
        let rev = record.rev;
        let fail = |why: String| SessionError::Replay { entry: rev, why };
        if let Entry::Input(input) = &record.entry {
            self.check_input(&record.seat, input)
                .map_err(|e| fail(e.to_string()))?;
        }
        let idx = self.append(record.seat, record.entry);
        match self.records[idx].entry.clone() {
            Entry::Undo(revs) => self.undo_logged(idx, &revs).map_err(fail)?,
            Entry::Redo(revs) => self.redo_logged(idx, &revs).map_err(fail)?,
            _ => self.effect(idx, Some(idx)).map_err(fail)?,
        }
        if next_is_step {
            return Ok(());
        }
        let input = matches!(self.records[idx].entry, Entry::Input(_));
        self.settle(Some(idx));
        if input && self.now.waiting.is_none() {
            return Err(fail(match &self.now.stuck {
                Some(why) => format!("the step refuses it: {why}"),
                None => "its step completes, but no step record follows it".into(),
            }));
        }
        Ok(())
    }
}

/// A seating in words, for the log.
fn seating_words(plan: &SeatPlan) -> String {
    let seats: Vec<String> = plan
        .players
        .iter()
        .map(|p| format!("{} plays {}", p.name, p.figures.join(", ")))
        .collect();
    let npcs = match plan.npcs {
        fray_core::NpcView::Shown => "players see every figure",
        fray_core::NpcView::Hidden => {
            "players do not see the pools and sheets of the other figures"
        }
    };
    match seats.is_empty() {
        true => format!("Seats: no player's seat; {npcs}."),
        false => format!("Seats: {}; {npcs}.", seats.join("; ")),
    }
}

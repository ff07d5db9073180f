//! The table of one ruleset: the append-only log, who may give what, the
//! step being attempted, and the state the records in effect make.
//!
//! Every input arrives from a seat through [`Session::submit`], is checked
//! here (is it wanted now, is it this seat's, is it legal), and either
//! becomes a record or is refused with a typed reason and changes nothing.
//! No printing and no prompts: front ends decide what to show.
//!
//! Each step is attempted on a clone of the state; a step that stops for a
//! person's input is thrown away and attempted again once the input is
//! given (DESIGN.md, "Interactive play"). After a person's input the table
//! plays on: the AI's turns run and enter the log until a person is waited
//! for or the fight is over. Nothing else sets the AI playing: when the
//! table opens on an AI's turn, and after an override, a setting, an undo
//! or a redo that leaves the AI to act next, it is paused until the GM
//! continues (or steps one turn).
//!
//! The records in effect are rebuilt by replaying them from the scenario's
//! start, through the same code a live table runs; a saved
//! game is loaded the same way, every die the session rolled checked
//! against the seed.

mod apply;
mod history;

use crate::dice::DiceRule;
use crate::log::{Entry, Record, Told};
use crate::refused::Refused;
use crate::save::{Origin, SavedGame};
use crate::seat::{self, Seat, SeatPlan};
use fray_core::dice::Rolled;
use fray_core::{Addressee, Halt, Outcome, Override, Pending, RollInput, RollRequest, Ruleset};

pub use apply::Waiting;

/// An input from a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Given<R: Ruleset> {
    /// The action of the figure whose turn it is (`actor`, when given,
    /// must name it).
    Action {
        /// Whom the action is for, checked against whose turn it is.
        actor: Option<String>,
        /// The action.
        action: R::Action,
    },
    /// The answer to the question asked.
    Answer(R::Answer),
    /// Dice typed at the table for the roll asked.
    Roll(RollInput),
    /// "Roll for me": the session rolls the roll asked from its streams.
    RollForMe,
    /// A game master's override.
    Override(Override),
    /// Who rolls by hand from now on.
    Dice(DiceRule),
    /// The players' seats and what they see.
    Seats(SeatPlan),
    /// Take back the last input of the step in progress, else every
    /// record back to and including the last one decided at the table.
    Undo,
    /// Give back what the last undo took.
    Redo,
    /// Play on when the table is paused (at the start, after an undo or
    /// a redo), until a person is waited for or the fight is over.
    Continue,
    /// Play one step when the table is paused, and pause again if the
    /// next step needs no person (a GM watching the AI's turns one by one).
    Step,
}

impl<R: Ruleset> Given<R> {
    /// The kind in words, for refusals.
    fn words(&self) -> &'static str {
        match self {
            Given::Action { .. } => "an action",
            Given::Answer(_) => "an answer",
            Given::Roll(_) | Given::RollForMe => "a roll",
            Given::Override(_) => "an override",
            Given::Dice(_) => "a dice setting",
            Given::Seats(_) => "the seats",
            Given::Undo => "an undo",
            Given::Redo => "a redo",
            Given::Continue => "a continue",
            Given::Step => "a step",
        }
    }
}

/// Why a log does not replay (a saved game edited by hand, for another
/// scenario, or of a newer Fray).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// A record of the log does not replay.
    #[error("entry {entry} of the log does not replay: {why}")]
    Replay {
        /// The record's revision.
        entry: u64,
        /// What went wrong.
        why: String,
    },
}

/// A fight at the table.
pub struct Session<R: Ruleset> {
    /// The scenario, carried into saves.
    origin: Option<Origin>,
    seed: u64,
    start: R::State,
    /// Every record ever written; record `i` has revision `i + 1`.
    records: Vec<Record<R>>,
    /// Per record: what it made happen, as the table tells it.
    told: Vec<Vec<Told<R>>>,
    /// What the records in effect make of the fight.
    now: apply::Now<R>,
    /// The revision at the last [`Session::mark_saved`].
    saved_revision: u64,
}

impl<R: Ruleset> Session<R> {
    /// A table opened on `start` (a scenario's starting state) with `seed`,
    /// carrying `origin` into its saves. The first record opens it; the
    /// table then waits for the first person asked, or, when the AI acts
    /// first, is paused until the GM starts it ([`Given::Continue`]), so
    /// the seats can be set before anyone moves.
    pub fn open(start: R::State, seed: u64, origin: Option<Origin>) -> Self {
        let mut session = Self::empty(start, seed, origin);
        let idx = session.append(Seat::Gm, Entry::Open);
        session.activate_open(idx);
        session.settle(Some(idx));
        session
    }

    /// A table on `start` with `seed` and no scenario to carry (tests,
    /// programs that build their own state).
    pub fn new(start: R::State, seed: u64) -> Self {
        Self::open(start, seed, None)
    }

    fn empty(start: R::State, seed: u64, origin: Option<Origin>) -> Self {
        Session {
            origin,
            seed,
            now: apply::Now::new(&start),
            start,
            records: Vec::new(),
            told: Vec::new(),
            saved_revision: 0,
        }
    }

    /// A table resumed from a saved game on `start` (its scenario's
    /// starting state): every record replayed as it was played, every die
    /// the session rolled checked against the seed.
    pub fn resume(start: R::State, saved: SavedGame<R>) -> Result<Self, SessionError> {
        let mut session = Self::empty(start, saved.seed, saved.scenario);
        let records = saved.records;
        for (i, record) in records.iter().enumerate() {
            let expected = i as u64 + 1;
            if record.rev != expected {
                return Err(SessionError::Replay {
                    entry: record.rev,
                    why: format!("revisions count up from 1: expected {expected}"),
                });
            }
            if (i == 0) != matches!(record.entry, Entry::Open) {
                return Err(SessionError::Replay {
                    entry: record.rev,
                    why: "the log opens with one `open` record, first".into(),
                });
            }
        }
        for (i, record) in records.iter().enumerate() {
            let next_is_step = matches!(records.get(i + 1).map(|r| &r.entry), Some(Entry::Step(_)));
            session.replay(record.clone(), next_is_step)?;
        }
        session.saved_revision = session.revision();
        Ok(session)
    }

    /// The scenario's starting state.
    pub fn start(&self) -> &R::State {
        &self.start
    }

    /// The state after the records in effect.
    pub fn state(&self) -> &R::State {
        &self.now.state
    }

    /// The seed of the dice streams.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The scenario carried into saves, if any.
    pub fn origin(&self) -> Option<&Origin> {
        self.origin.as_ref()
    }

    /// The revision of the last record (0 before any).
    pub fn revision(&self) -> u64 {
        self.records.len() as u64
    }

    /// Every record, oldest first.
    pub fn records(&self) -> &[Record<R>] {
        &self.records
    }

    /// The record of revision `rev` and what it made happen.
    pub fn record(&self, rev: u64) -> Option<(&Record<R>, &[Told<R>])> {
        let i = usize::try_from(rev.checked_sub(1)?).ok()?;
        Some((self.records.get(i)?, self.told.get(i)?.as_slice()))
    }

    /// The records after revision `rev`, each with what it made happen.
    pub fn records_after(&self, rev: u64) -> impl Iterator<Item = (&Record<R>, &[Told<R>])> {
        let from = usize::try_from(rev).unwrap_or(usize::MAX);
        self.records
            .iter()
            .zip(&self.told)
            .skip(from)
            .map(|(r, t)| (r, t.as_slice()))
    }

    /// The records in effect, oldest first (undone ones left out).
    pub fn in_effect(&self) -> impl Iterator<Item = &Record<R>> {
        self.now.active.iter().map(|&i| &self.records[i])
    }

    /// How many engine steps are in effect.
    pub fn steps(&self) -> u64 {
        self.now.steps
    }

    /// The dice settings in force, oldest first.
    pub fn dice(&self) -> &[DiceRule] {
        &self.now.dice
    }

    /// The players' seats and what they see.
    pub fn plan(&self) -> &SeatPlan {
        &self.now.plan
    }

    /// How the fight ended, if it has.
    pub fn over(&self) -> Option<&Outcome> {
        self.now.over.as_ref()
    }

    /// What the table waits for, with the state at the request; `None`
    /// when it waits for nobody (over, paused or stuck).
    pub fn waiting(&self) -> Option<&Waiting<R>> {
        self.now.waiting.as_ref()
    }

    /// Whether the table waits for the GM to continue after an undo or redo.
    pub fn paused(&self) -> bool {
        self.now.paused
    }

    /// Why the fight cannot go on, if it cannot (a scripted figure with no
    /// inputs left).
    pub fn stuck(&self) -> Option<&str> {
        self.now.stuck.as_deref()
    }

    /// Whether a person gave inputs to the step being attempted.
    pub fn in_progress(&self) -> bool {
        !self.now.given.is_empty()
    }

    /// Whether undone records can be given back.
    pub fn can_redo(&self) -> bool {
        !self.now.redo.is_empty()
    }

    /// Whether anything can be undone.
    pub fn can_undo(&self) -> bool {
        self.in_progress() || self.now.decided.iter().any(|&d| d)
    }

    /// Whether the log grew since the last [`Session::mark_saved`].
    pub fn unsaved(&self) -> bool {
        self.revision() != self.saved_revision
    }

    /// Notes that the log as it stands was written.
    pub fn mark_saved(&mut self) {
        self.saved_revision = self.revision();
    }

    /// The whole log as a saved game, with the scenario it carries.
    pub fn saved_game(&self) -> SavedGame<R> {
        SavedGame::new(self.seed, self.origin.clone(), self.records.clone())
    }

    /// The seat a pending request is for: the person who decides it, or
    /// the GM's seat for the AI's figures whose dice the GM rolls by hand.
    pub fn seat_for(&self, state: &R::State, pending: &Pending<R>) -> Seat {
        let plan = &self.now.plan;
        match pending {
            Pending::Action(actor) => {
                seat::seat_for::<R>(state, plan, Addressee::Combatant(*actor))
            }
            Pending::Answer(q) => seat::seat_for::<R>(state, plan, R::addressee(q)),
            Pending::Roll(req) => seat::roller_seat::<R>(state, plan, req.roller),
        }
    }

    /// The seat the table waits for, if any.
    pub fn wanted(&self) -> Option<Seat> {
        let w = self.now.waiting.as_ref()?;
        Some(self.seat_for(&w.state, &w.pending))
    }

    /// "Roll for me": the roll the session makes for the pending request,
    /// from the stream of this step and this request (the rolls already in
    /// the step come before it), so it is the same whenever it is asked.
    pub fn roll_for_me(&self, req: &RollRequest) -> Rolled {
        self.now.roll_for_me(self.seed, req)
    }

    /// Takes `given` from `seat`: checked, then written as records (the
    /// input, and the steps it let the fight play), or refused with the
    /// reason and nothing changed. Returns the revisions written.
    pub fn submit(&mut self, seat: &Seat, given: Given<R>) -> Result<Vec<u64>, Refused> {
        if *seat == Seat::Watcher {
            return Err(Refused::Watcher);
        }
        let first = self.revision() + 1;
        match given {
            Given::Undo => self.undo(seat)?,
            Given::Redo => self.redo(seat)?,
            Given::Continue => self.resume_play(seat, false)?,
            Given::Step => self.resume_play(seat, true)?,
            Given::Override(ov) => {
                self.between_steps(seat, "override the fight", Entry::Override(ov))?
            }
            Given::Dice(rule) => self.between_steps(seat, "set who rolls", Entry::Dice(rule))?,
            Given::Seats(plan) => {
                let names: Vec<String> = R::roster(self.state())
                    .into_iter()
                    .map(|c| c.name)
                    .collect();
                plan.check(&names).map_err(Refused::Seats)?;
                self.between_steps(seat, "seat the players", Entry::Seats(plan))?
            }
            input => self.give(seat, input)?,
        }
        Ok((first..=self.revision()).collect())
    }

    /// Plays the fight on to its end as the table would if every person
    /// handed each choice to the AI and each roll to "roll for me": the
    /// same per-step dice streams, so a game played out from any of its
    /// steps goes on exactly as from an earlier one. Each step is a record
    /// of the GM's; `on_step` is given its events. Stops at a step the
    /// rules refuse (a scripted figure with no inputs left).
    pub fn play_out(&mut self, mut on_step: impl FnMut(Vec<R::Event>)) -> Result<Outcome, Halt<R>> {
        loop {
            if let Some(outcome) = &self.now.over {
                return Ok(outcome.clone());
            }
            let attempt = self.now.attempt(self.seed, apply::Fill::PlayOut);
            match attempt {
                apply::Attempt::Done(done) => {
                    let events = done.events.clone();
                    self.enter_step(&Seat::Gm, done);
                    on_step(events);
                }
                apply::Attempt::Rejected(halt) => return Err(halt),
                // Nobody is waited for when the AI and the streams answer all.
                apply::Attempt::Waiting(w) => return Err(Halt::Pending(w.pending)),
            }
        }
    }

    /// A record appended, in effect unless it is an undo or a redo;
    /// returns its index.
    fn append(&mut self, seat: Seat, entry: Entry<R>) -> usize {
        let idx = self.records.len();
        let rev = idx as u64 + 1;
        let in_effect = !matches!(entry, Entry::Undo(_) | Entry::Redo(_));
        self.records.push(Record { rev, seat, entry });
        self.told.push(Vec::new());
        if in_effect {
            self.keep_or_drop_redo(idx);
        }
        idx
    }

    /// A record made live that equals the next one to redo keeps the rest
    /// of the redo; any other drops the redo.
    fn keep_or_drop_redo(&mut self, idx: usize) {
        let same = self
            .now
            .redo
            .last()
            .and_then(|g| g.first())
            .is_some_and(|&first| self.records[first].entry == self.records[idx].entry);
        if same {
            if let Some(group) = self.now.redo.last_mut() {
                group.remove(0);
                if group.is_empty() {
                    self.now.redo.pop();
                }
            }
        } else {
            self.now.redo.clear();
        }
    }

    /// Refuses `seat` unless it is the GM's.
    fn gm_only(seat: &Seat, what: &'static str) -> Result<(), Refused> {
        match seat {
            Seat::Gm => Ok(()),
            _ => Err(Refused::GmOnly(what)),
        }
    }
}

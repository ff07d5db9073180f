//! A table of any ruleset behind one type: [`Table`], `Send + 'static`,
//! JSON in and out.
//!
//! It wraps a [`Session`] of the scenario's ruleset (chosen through the
//! registry), so a server, the Python bindings or a test can hold tables
//! of different rulesets side by side and move them between threads. Every
//! call names the seat it comes from; the session decides what that seat
//! may do and [`view`] what it may see.
//!
//! * [`Table::open`] a scenario carried as texts ([`Origin`]), with a seed;
//!   [`Table::load`] a saved game, which carries its scenario.
//! * [`Table::submit`] a [`Request`] (or [`Table::submit_json`] its JSON):
//!   the records it wrote come back, or an error that changed nothing.
//! * [`Table::view`] the table as one seat sees it; [`Table::records_after`]
//!   the log after a revision, for a seat that catches up;
//!   [`Table::view_without_suggestion`] and [`Table::suggester`] the view
//!   and the AI's suggestion apart, for a server ([`suggest`]).
//! * [`Table::save`] the whole game as a self-contained saved game.
//! * [`Table::stored_after`] the log's records as a store keeps them, and
//!   [`Table::restore`] a table rebuilt from them ([`stored`]).
//! * [`Table::words`] the request typed words stand for (`move C4`,
//!   `attack orc chief neck`), as at the terminal ([`words`]).
//! * [`Table::odds`] the exact odds of an action of the pending turn, in
//!   a budget ([`odds`]).

pub mod odds;
pub mod protocol;
pub mod stored;
pub mod suggest;
pub mod view;
pub mod words;

use crate::command::{self, Command};
use crate::save::{Origin, ReadError, SaveError, SavedGame};
use crate::seat::{Seat, SeatPlan};
use crate::session::{Given, Session, SessionError};
use fray_core::odds::ActionEffects;
use fray_core::scenario::{FileError, SourceFile};
use fray_core::{RollInput, Ruleset};
use odds::{OddsFn, OddsRefused, OddsView};
use protocol::{DiceShown, ErrorReply, Reply, Request, TableError};
use stored::StoredRecord;
use suggest::Suggester;
use view::{Lens, RecordView, TableView};

/// A table of any ruleset.
pub struct Table(Box<dyn AnyTable>);

/// Why a table does not open or load.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The scenario or saved game has an error at a place.
    #[error(transparent)]
    File(#[from] FileError),
    /// The ruleset is not one this Fray plays.
    #[error("{0}")]
    Ruleset(String),
    /// The saved game does not read.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// The saved game's log does not replay.
    #[error(transparent)]
    Replay(#[from] SessionError),
}

impl From<ReadError> for OpenError {
    fn from(e: ReadError) -> Self {
        match e {
            ReadError::File(f) => OpenError::File(f),
            ReadError::Save(s) => OpenError::Save(s),
        }
    }
}

impl Table {
    /// Opens a table on the scenario `origin` with `seed` (default: the
    /// scenario's `seed`, else 1).
    pub fn open(origin: Origin, seed: Option<u64>) -> Result<Table, OpenError> {
        let id = origin.ruleset()?;
        with_ruleset!(id.as_str(), R => open::<R>(origin, seed),
            other => Err(OpenError::Ruleset(crate::registry::unsupported(other))))
    }

    /// Loads a saved game (which carries its scenario) from its text;
    /// `name` is for messages.
    pub fn load(name: &str, text: &str) -> Result<Table, OpenError> {
        let file = SourceFile::new(name, text);
        let header: crate::save::SaveHeader = file.parse()?;
        let id = header.ruleset.ok_or(SaveError::NoScenario {
            version: header.version.unwrap_or(1),
        })?;
        with_ruleset!(id.as_str(), R => load::<R>(&file),
            other => Err(OpenError::Ruleset(crate::registry::unsupported(other))))
    }

    /// A table of the session `session`, titled `name`.
    pub fn of<R: Ruleset>(session: Session<R>, name: impl Into<String>) -> Table {
        Table(Box::new(Typed {
            session,
            name: name.into(),
            odds: None,
        }))
    }

    /// A table of the session `session`, titled `name`, that answers
    /// [`Table::odds`] (the tables [`Table::open`], [`Table::load`] and
    /// [`Table::restore`] make are of this kind).
    pub fn with_odds<R: ActionEffects>(session: Session<R>, name: impl Into<String>) -> Table {
        Table(Box::new(Typed {
            session,
            name: name.into(),
            odds: Some(fray_core::odds::resolve_odds::<R>),
        }))
    }

    /// A table rebuilt from the records a store kept ([`Table::stored_after`]),
    /// on the scenario `origin` with `seed`: every record replayed as it
    /// was played, every die the session rolled checked against the seed,
    /// as [`Table::load`] does with a save, without going through TOML.
    pub fn restore(
        origin: Origin,
        seed: u64,
        records: &[StoredRecord],
    ) -> Result<Table, OpenError> {
        let id = origin.ruleset()?;
        with_ruleset!(id.as_str(), R => stored::restore::<R>(origin, seed, records),
            other => Err(OpenError::Ruleset(crate::registry::unsupported(other))))
    }

    /// The ruleset id.
    pub fn ruleset(&self) -> &'static str {
        self.0.ruleset()
    }

    /// The revision of the last record.
    pub fn revision(&self) -> u64 {
        self.0.revision()
    }

    /// The players' seats and what they see.
    pub fn seats(&self) -> SeatPlan {
        self.0.seats()
    }

    /// Whether the fight is over.
    pub fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// Takes `request` from `seat`.
    pub fn submit(&mut self, seat: &Seat, request: Request) -> Result<Reply, TableError> {
        self.0.submit(seat, request)
    }

    /// Takes a request from `seat` as JSON: the reply, or the error, as JSON.
    pub fn submit_json(&mut self, seat: &Seat, json: &str) -> Result<String, String> {
        let reply = serde_json::from_str::<Request>(json)
            .map_err(|e| TableError::BadRequest(e.to_string()))
            .and_then(|request| self.submit(seat, request));
        match reply {
            Ok(reply) => Ok(to_json(&reply)),
            Err(e) => Err(to_json(&e.reply())),
        }
    }

    /// The table as `seat` sees it.
    pub fn view(&self, seat: &Seat) -> TableView {
        self.0.view(seat, true)
    }

    /// The table as `seat` sees it, without the AI's suggestion
    /// (`pending.suggested` is none): take it apart with [`Table::suggester`].
    pub fn view_without_suggestion(&self, seat: &Seat) -> TableView {
        self.0.view(seat, false)
    }

    /// The AI's suggestion for `seat`, to work out apart: none unless an
    /// action or an answer waits for this very seat ([`suggest`]).
    pub fn suggester(&self, seat: &Seat) -> Option<Suggester> {
        self.0.suggester(seat)
    }

    /// The records after revision `rev`, as `seat` sees them.
    pub fn records_after(&self, seat: &Seat, rev: u64) -> Vec<RecordView> {
        self.0.records_after(seat, rev)
    }

    /// The whole game as a saved game (TOML), carrying its scenario.
    pub fn save(&self) -> Result<String, SaveError> {
        self.0.save()
    }

    /// The seed of the table's dice.
    pub fn seed(&self) -> u64 {
        self.0.seed()
    }

    /// The scenario the table plays, carried whole (none for a table made
    /// from a state alone with [`Table::of`]).
    pub fn origin(&self) -> Option<Origin> {
        self.0.origin()
    }

    /// The records after revision `rev` as a store keeps them: every
    /// input and die, for [`Table::restore`]. Not for seats: a seat reads
    /// [`Table::records_after`], which leaves out what it may not see.
    pub fn stored_after(&self, rev: u64) -> Vec<StoredRecord> {
        self.0.stored_after(rev)
    }

    /// The request that `text` stands for, from `seat`: `move C4` (a move
    /// to a cell named as on the map) or the words of the menus' choices
    /// (`attack orc chief neck`), for the action or answer waited for.
    /// Nothing is given: send the request back to give it ([`words`]).
    pub fn words(&self, seat: &Seat, text: &str) -> Result<Request, ErrorReply> {
        self.0.words(seat, text)
    }

    /// The exact odds of `action` (JSON, a menu leaf's value) for the
    /// figure whose turn it is, asked by `seat`, enumerating at most
    /// `max_leaves` sequences of rolls ([`odds`]).
    pub fn odds(
        &self,
        seat: &Seat,
        action: &serde_json::Value,
        max_leaves: u64,
    ) -> Result<OddsView, OddsRefused> {
        self.0.odds(seat, action, max_leaves)
    }
}

/// Serializes a protocol value (they always serialize).
fn to_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|e| format!("{{\"error\":\"internal\",\"message\":{:?}}}", e.to_string()))
}

impl ErrorReply {
    /// The error reply of a [`TableError`].
    pub fn of(e: &TableError) -> Self {
        e.reply()
    }
}

fn open<R: ActionEffects>(origin: Origin, seed: Option<u64>) -> Result<Table, OpenError> {
    let loaded = origin.load::<R>()?;
    let header = fray_core::run::header(&origin.file())?;
    let seed = seed.or(header.seed).unwrap_or(1);
    let name = header.name.unwrap_or_else(|| origin.name.clone());
    Ok(Table::with_odds(
        Session::<R>::open(loaded.state, seed, Some(origin)),
        name,
    ))
}

fn load<R: ActionEffects>(file: &SourceFile) -> Result<Table, OpenError> {
    let saved = SavedGame::<R>::read(file, 1)?;
    let origin = saved.scenario.clone().ok_or(SaveError::NoScenario {
        version: saved.version,
    })?;
    let loaded = origin.load::<R>()?;
    let header = fray_core::run::header(&origin.file())?;
    let name = header.name.unwrap_or_else(|| origin.name.clone());
    Ok(Table::with_odds(
        Session::<R>::resume(loaded.state, saved)?,
        name,
    ))
}

/// What [`Table`] asks of the session behind it.
trait AnyTable: Send {
    fn ruleset(&self) -> &'static str;
    fn revision(&self) -> u64;
    fn seats(&self) -> SeatPlan;
    fn is_over(&self) -> bool;
    fn submit(&mut self, seat: &Seat, request: Request) -> Result<Reply, TableError>;
    fn view(&self, seat: &Seat, suggest: bool) -> TableView;
    fn suggester(&self, seat: &Seat) -> Option<Suggester>;
    fn records_after(&self, seat: &Seat, rev: u64) -> Vec<RecordView>;
    fn save(&self) -> Result<String, SaveError>;
    fn seed(&self) -> u64;
    fn origin(&self) -> Option<Origin>;
    fn stored_after(&self, rev: u64) -> Vec<StoredRecord>;
    fn words(&self, seat: &Seat, text: &str) -> Result<Request, ErrorReply>;
    fn odds(
        &self,
        seat: &Seat,
        action: &serde_json::Value,
        max_leaves: u64,
    ) -> Result<OddsView, OddsRefused>;
}

/// A session with its title.
struct Typed<R: Ruleset> {
    session: Session<R>,
    name: String,
    /// The odds engine of the ruleset, when it has one.
    odds: Option<OddsFn<R>>,
}

impl<R: Ruleset> Typed<R> {
    fn lens<'a>(&'a self, seat: &'a Seat, suggest: bool) -> Lens<'a, R> {
        Lens {
            session: &self.session,
            seat,
            name: &self.name,
            suggest,
        }
    }

    /// A request as the session's input.
    fn given(&self, request: Request) -> Result<Given<R>, TableError> {
        let bad = |e: serde_json::Error| TableError::BadRequest(e.to_string());
        Ok(match request {
            Request::Act { actor, action } => Given::Action {
                actor,
                action: serde_json::from_value(action).map_err(bad)?,
            },
            Request::Answer { answer } => {
                Given::Answer(serde_json::from_value(answer).map_err(bad)?)
            }
            Request::Roll { roll } => Given::Roll(match roll {
                DiceShown::Total(t) => RollInput::Total(t),
                DiceShown::Faces(f) => RollInput::Faces(f),
            }),
            Request::RollForMe => Given::RollForMe,
            Request::Override(ov) => Given::Override(ov),
            Request::Command { line } => match command::parse::<R>(self.session.state(), &line) {
                Some(Ok(Command::Dice(rule))) => Given::Dice(rule),
                Some(Ok(Command::Override(ov))) => Given::Override(ov),
                Some(Err(e)) => return Err(TableError::BadRequest(e.to_string())),
                None => {
                    return Err(TableError::BadRequest(format!(
                        "`{}` is not a game master's command",
                        line.escape_debug()
                    )));
                }
            },
            Request::Dice(rule) => Given::Dice(rule),
            Request::Seats(plan) => Given::Seats(plan),
            Request::Undo => Given::Undo,
            Request::Redo => Given::Redo,
            Request::Continue => Given::Continue,
            Request::Step => Given::Step,
        })
    }
}

impl<R: Ruleset> AnyTable for Typed<R> {
    fn ruleset(&self) -> &'static str {
        R::ID
    }

    fn revision(&self) -> u64 {
        self.session.revision()
    }

    fn seats(&self) -> SeatPlan {
        self.session.plan().clone()
    }

    fn is_over(&self) -> bool {
        self.session.over().is_some()
    }

    fn submit(&mut self, seat: &Seat, request: Request) -> Result<Reply, TableError> {
        let given = self.given(request)?;
        let revs = self.session.submit(seat, given)?;
        let from = revs.first().map_or(self.session.revision(), |r| r - 1);
        Ok(Reply {
            revision: self.session.revision(),
            records: self.records_after(seat, from),
        })
    }

    fn view(&self, seat: &Seat, suggest: bool) -> TableView {
        self.lens(seat, suggest).table()
    }

    fn suggester(&self, seat: &Seat) -> Option<Suggester> {
        let waiting = self.session.waiting()?;
        let (state, pending) = (&waiting.state, &waiting.pending);
        let ours = *seat == self.session.seat_for(state, pending);
        let asks = !matches!(pending, fray_core::Pending::Roll(_));
        (ours && asks).then(|| Suggester::of(self.session.revision(), state, pending))
    }

    fn records_after(&self, seat: &Seat, rev: u64) -> Vec<RecordView> {
        let lens = self.lens(seat, false);
        self.session
            .records_after(rev)
            .map(|(record, told)| lens.record(record, told))
            .collect()
    }

    fn save(&self) -> Result<String, SaveError> {
        self.session.saved_game().to_toml()
    }

    fn seed(&self) -> u64 {
        self.session.seed()
    }

    fn origin(&self) -> Option<Origin> {
        self.session.origin().cloned()
    }

    fn stored_after(&self, rev: u64) -> Vec<StoredRecord> {
        self.session
            .records_after(rev)
            .map(|(record, _)| StoredRecord::of(record))
            .collect()
    }

    fn words(&self, seat: &Seat, text: &str) -> Result<Request, ErrorReply> {
        words::read(&self.session, seat, text)
    }

    fn odds(
        &self,
        seat: &Seat,
        action: &serde_json::Value,
        max_leaves: u64,
    ) -> Result<OddsView, OddsRefused> {
        let engine = self.odds.ok_or(OddsRefused::NoEngine)?;
        odds::of_pending(&self.session, engine, seat, action, max_leaves)
    }
}

/// A table moves between a server's threads.
const _: fn() = || {
    fn send<T: Send + 'static>() {}
    send::<Table>();
};

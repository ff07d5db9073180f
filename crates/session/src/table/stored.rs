//! The log as a store keeps it: one [`StoredRecord`] per record, with
//! every input and die, as JSON; and a table rebuilt from them.
//!
//! A server appends the records a request wrote ([`super::Table::stored_after`])
//! to its database in one transaction before it tells anyone, and after a
//! restart rebuilds each table from its scenario, its seed and its rows
//! ([`super::Table::restore`]): the records replay through the same code as
//! a saved game's ([`crate::Session::resume`]), so the table is where its
//! last record left it, with the same dice to come. Rows are never
//! rewritten: an undo is a record too.

use super::{OpenError, Table};
use crate::log::{Entry, Record};
use crate::save::{Origin, SavedGame};
use crate::seat::Seat;
use crate::session::{Session, SessionError};
use fray_core::odds::ActionEffects;
use fray_core::{Ruleset, run};
use serde::{Deserialize, Serialize};

/// One record of the log as a store keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredRecord {
    /// Its revision.
    pub rev: u64,
    /// The seat that gave it.
    pub seat: Seat,
    /// What it did: the ruleset's [`Entry`] as JSON, every input and die
    /// included (only the GM's seat and the store see it whole).
    pub entry: serde_json::Value,
}

impl StoredRecord {
    /// `record` as a store keeps it.
    pub(crate) fn of<R: Ruleset>(record: &Record<R>) -> Self {
        StoredRecord {
            rev: record.rev,
            seat: record.seat.clone(),
            // An entry is plain data (the same values a save writes as
            // TOML); should one ever not serialize, the restore says which.
            entry: serde_json::to_value(&record.entry).unwrap_or(serde_json::Value::Null),
        }
    }

    /// The record back, for ruleset `R`.
    fn record<R: Ruleset>(&self) -> Result<Record<R>, SessionError> {
        let entry: Entry<R> =
            serde_json::from_value(self.entry.clone()).map_err(|e| SessionError::Replay {
                entry: self.rev,
                why: format!("the stored record does not read: {e}"),
            })?;
        Ok(Record {
            rev: self.rev,
            seat: self.seat.clone(),
            entry,
        })
    }
}

/// A table of ruleset `R` rebuilt from `records`.
pub(super) fn restore<R: ActionEffects>(
    origin: Origin,
    seed: u64,
    records: &[StoredRecord],
) -> Result<Table, OpenError> {
    let loaded = origin.load::<R>()?;
    let header = run::header(&origin.file())?;
    let name = header.name.unwrap_or_else(|| origin.name.clone());
    let records = records
        .iter()
        .map(StoredRecord::record::<R>)
        .collect::<Result<Vec<_>, _>>()?;
    let saved = SavedGame::<R>::new(seed, Some(origin), records);
    Ok(Table::with_odds(
        Session::<R>::resume(loaded.state, saved)?,
        name,
    ))
}

//! The SQLite database: tables, their records and their seats' tokens.
//!
//! One row per record of a table's log, appended and never rewritten (an
//! undo is a record too). The records a request wrote are committed in one
//! transaction before anyone is told of them, so after a `kill -9` every
//! table is rebuilt ([`fray_session::Table::restore`]) exactly where its
//! last acknowledged record left it, with the same dice to come.
//!
//! The database runs in WAL mode with `synchronous = NORMAL`: a commit is
//! in the log file when it returns, which a killed process cannot undo; a
//! power cut may lose the last commits (`synchronous = FULL`, an fsync per
//! commit, would keep them at a cost in latency: [`Store::open`] takes it).
//!
//! The schema is versioned (`PRAGMA user_version`): [`MIGRATIONS`] lists
//! each version's SQL, applied in order on open, each in a transaction.

use fray_session::Origin;
use fray_session::Seat;
use fray_session::table::stored::StoredRecord;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;

/// The schema, one entry per version: version `i + 1` is `MIGRATIONS[i]`.
pub const MIGRATIONS: &[&str] = &[
    // 1: tables, their records, their seats' tokens.
    "CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        ruleset TEXT NOT NULL,
        name TEXT NOT NULL,
        seed INTEGER NOT NULL,
        origin TEXT NOT NULL,
        created INTEGER NOT NULL
    );
    CREATE TABLE records (
        table_id INTEGER NOT NULL REFERENCES tables(id),
        rev INTEGER NOT NULL,
        seat TEXT NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (table_id, rev)
    ) WITHOUT ROWID;
    CREATE TABLE tokens (
        token TEXT PRIMARY KEY,
        table_id INTEGER NOT NULL REFERENCES tables(id),
        seat TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX tokens_by_table ON tokens(table_id);",
];

/// Why the database failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused.
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    /// A stored value does not read back.
    #[error("database: table {table}: {what} does not read: {why}")]
    Corrupt {
        /// The table's id.
        table: i64,
        /// What.
        what: &'static str,
        /// Why.
        why: String,
    },
    /// The database was written by a newer Fray.
    #[error("database schema version {found}: this fray knows versions up to {known}")]
    Newer {
        /// The database's version.
        found: i64,
        /// The newest this binary knows.
        known: usize,
    },
}

/// A table as stored: what it was opened with, and its tokens.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// Its id.
    pub id: i64,
    /// The scenario, carried whole.
    pub origin: Origin,
    /// The seed.
    pub seed: u64,
    /// Every record, oldest first.
    pub records: Vec<StoredRecord>,
    /// Its seats' tokens.
    pub tokens: Vec<(String, Seat)>,
}

/// A new table to store.
pub struct NewTable<'a> {
    /// The ruleset id.
    pub ruleset: &'a str,
    /// The scenario's title.
    pub name: &'a str,
    /// The seed.
    pub seed: u64,
    /// The scenario.
    pub origin: &'a Origin,
    /// Its records so far.
    pub records: &'a [StoredRecord],
    /// Its seats' tokens.
    pub tokens: &'a [(String, Seat)],
}

/// The database.
pub struct Store {
    conn: Connection,
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

impl Store {
    /// Opens (creating) the database at `path` and brings its schema up
    /// to date; `full_sync` fsyncs every commit.
    pub fn open(path: &Path, full_sync: bool) -> Result<Store, StoreError> {
        let conn = Connection::open(path)?;
        Self::with(conn, full_sync)
    }

    /// A database in memory (tests).
    pub fn in_memory() -> Result<Store, StoreError> {
        Self::with(Connection::open_in_memory()?, false)
    }

    fn with(mut conn: Connection, full_sync: bool) -> Result<Store, StoreError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        let sync = if full_sync { "FULL" } else { "NORMAL" };
        conn.pragma_update(None, "synchronous", sync)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&mut conn)?;
        Ok(Store { conn })
    }

    /// The schema version.
    pub fn version(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))?)
    }

    /// Stores a new table with its first records and tokens, in one
    /// transaction; its id.
    pub fn create(&mut self, new: NewTable<'_>) -> Result<i64, StoreError> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO tables (ruleset, name, seed, origin, created)
             VALUES (?1, ?2, ?3, ?4, strftime('%s','now'))",
            params![new.ruleset, new.name, new.seed as i64, json(new.origin)],
        )?;
        let id = tx.last_insert_rowid();
        insert_records(&tx, id, new.records)?;
        insert_tokens(&tx, id, new.tokens)?;
        tx.commit()?;
        Ok(id)
    }

    /// Appends the records a request wrote, and the tokens of seats it
    /// created, in one transaction.
    pub fn append(
        &mut self,
        table: i64,
        records: &[StoredRecord],
        tokens: &[(String, Seat)],
    ) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        insert_records(&tx, table, records)?;
        insert_tokens(&tx, table, tokens)?;
        tx.commit()?;
        Ok(())
    }

    /// The ids of every table, oldest first.
    pub fn table_ids(&self) -> Result<Vec<i64>, StoreError> {
        let mut stmt = self.conn.prepare("SELECT id FROM tables ORDER BY id")?;
        let ids = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<Vec<i64>, _>>()?;
        Ok(ids)
    }

    /// One table with its records and tokens.
    pub fn table(&self, id: i64) -> Result<Option<StoredTable>, StoreError> {
        let head = self
            .conn
            .query_row("SELECT seed, origin FROM tables WHERE id = ?1", [id], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
            })
            .optional()?;
        let Some((seed, origin)) = head else {
            return Ok(None);
        };
        let corrupt = |what: &'static str| {
            move |e: serde_json::Error| StoreError::Corrupt {
                table: id,
                what,
                why: e.to_string(),
            }
        };
        let origin: Origin = serde_json::from_str(&origin).map_err(corrupt("the scenario"))?;
        let records = self.records(id)?;
        let mut stmt = self
            .conn
            .prepare("SELECT token, seat FROM tokens WHERE table_id = ?1 ORDER BY token")?;
        let rows = stmt
            .query_map([id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let tokens = rows
            .into_iter()
            .map(|(token, seat)| {
                serde_json::from_str(&seat)
                    .map(|seat| (token, seat))
                    .map_err(corrupt("a seat"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(StoredTable {
            id,
            origin,
            seed: seed as u64,
            records,
            tokens,
        }))
    }

    /// A table's records, oldest first.
    pub fn records(&self, id: i64) -> Result<Vec<StoredRecord>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT rev, seat, entry FROM records WHERE table_id = ?1 ORDER BY rev")?;
        let rows = stmt
            .query_map([id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        rows.into_iter()
            .map(|(rev, seat, entry)| {
                let bad = |e: serde_json::Error| StoreError::Corrupt {
                    table: id,
                    what: "a record",
                    why: format!("revision {rev}: {e}"),
                };
                Ok(StoredRecord {
                    rev: rev as u64,
                    seat: serde_json::from_str(&seat).map_err(bad)?,
                    entry: serde_json::from_str(&entry).map_err(bad)?,
                })
            })
            .collect()
    }
}

fn insert_records(
    tx: &rusqlite::Transaction<'_>,
    table: i64,
    records: &[StoredRecord],
) -> Result<(), StoreError> {
    let mut stmt = tx.prepare_cached(
        "INSERT INTO records (table_id, rev, seat, entry) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for r in records {
        stmt.execute(params![table, r.rev as i64, json(&r.seat), json(&r.entry)])?;
    }
    Ok(())
}

fn insert_tokens(
    tx: &rusqlite::Transaction<'_>,
    table: i64,
    tokens: &[(String, Seat)],
) -> Result<(), StoreError> {
    let mut stmt =
        tx.prepare_cached("INSERT INTO tokens (token, table_id, seat) VALUES (?1, ?2, ?3)")?;
    for (token, seat) in tokens {
        stmt.execute(params![token, table, json(seat)])?;
    }
    Ok(())
}

/// Applies the migrations past the database's version, each in a
/// transaction with its new version.
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let found: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if found > MIGRATIONS.len() as i64 {
        return Err(StoreError::Newer {
            found,
            known: MIGRATIONS.len(),
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(found.max(0) as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", i as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_database_is_at_the_last_version_and_reopens_unchanged() {
        let dir = std::env::temp_dir().join(format!("fray-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let _ = std::fs::remove_file(&path);
        let store = Store::open(&path, false).unwrap();
        assert_eq!(store.version().unwrap(), MIGRATIONS.len() as i64);
        drop(store);
        let store = Store::open(&path, false).unwrap();
        assert_eq!(store.version().unwrap(), MIGRATIONS.len() as i64);
        assert!(store.table_ids().unwrap().is_empty());
        drop(store);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_database_of_a_newer_fray_is_refused() {
        let conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
        let err = Store::with(conn, false).err().unwrap().to_string();
        assert!(err.contains("version 99"), "{err}");
    }

    #[test]
    fn a_table_round_trips_with_its_records_and_tokens() {
        let mut store = Store::in_memory().unwrap();
        let origin = Origin::of_texts("a.toml", "x = 1", vec![], Default::default());
        let records = vec![StoredRecord {
            rev: 1,
            seat: Seat::Gm,
            entry: serde_json::json!("open"),
        }];
        let tokens = vec![("abc".to_string(), Seat::Player("Ann".into()))];
        let id = store
            .create(NewTable {
                ruleset: "gurps",
                name: "A",
                seed: u64::MAX,
                origin: &origin,
                records: &records,
                tokens: &tokens,
            })
            .unwrap();
        let more = vec![StoredRecord {
            rev: 2,
            seat: Seat::Gm,
            entry: serde_json::json!({"undo": [1]}),
        }];
        store.append(id, &more, &[]).unwrap();
        // A revision is written once.
        assert!(store.append(id, &more, &[]).is_err());
        let back = store.table(id).unwrap().unwrap();
        assert_eq!(back.seed, u64::MAX);
        assert_eq!(back.origin, origin);
        assert_eq!(back.records, [records, more].concat());
        assert_eq!(back.tokens, tokens);
        assert!(store.table(id + 1).unwrap().is_none());
    }
}

//! The tables the server holds: each in memory behind its own lock, its
//! records in the database, its seats reached by token.
//!
//! Every change goes the same way: the table takes the request (the
//! session decides whether the seat may give it), the records it wrote
//! are committed to SQLite in one transaction, and only then is the reply
//! sent and the table's watchers woken ([`Live::updates`]). The table's
//! lock is held from the request to the commit, so the records of one
//! table are committed in revision order. If the commit fails the table is
//! rebuilt from the database, so memory never runs ahead of it; if the
//! engine panics on an input the same happens, and the request gets an
//! error.
//!
//! Calls here are blocking (the engine and SQLite): the web layer runs
//! them off the async threads.

use crate::scenarios;
use crate::store::{NewTable, Store, StoreError, StoredTable};
use crate::token;
use fray_session::table::odds::OddsRefused;
use fray_session::table::protocol::{ErrorReply, Request};
use fray_session::table::stored::StoredRecord;
use fray_session::table::suggest::Suggester;
use fray_session::table::view::{RecordView, TableView};
use fray_session::{Origin, Seat, Table};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use tokio::sync::broadcast;

/// Why the hub did not do something: an HTTP status and the table's JSON
/// error.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The HTTP status.
    pub status: u16,
    /// The error, as every refusal of the table says it.
    pub reply: ErrorReply,
}

impl Failure {
    /// A failure with `status`, `code` and `message`.
    pub fn new(status: u16, code: &str, message: impl Into<String>) -> Self {
        Failure {
            status,
            reply: ErrorReply {
                error: code.to_string(),
                message: message.into(),
                rule: None,
            },
        }
    }

    /// The table's own refusal, with the status its code calls for.
    pub fn refused(reply: ErrorReply) -> Self {
        let status = match reply.error.as_str() {
            "bad_request" => 400,
            "watcher" | "gm_only" | "not_yours" | "hidden" => 403,
            "too_big" => 413,
            _ => 409,
        };
        Failure { status, reply }
    }

    fn internal(message: impl Into<String>) -> Self {
        Failure::new(500, "internal", message)
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        Failure::internal(e.to_string())
    }
}

/// The live socket's message of a change (`crate::live`).
#[derive(Serialize)]
struct Update {
    #[serde(rename = "type")]
    kind: &'static str,
    revision: u64,
    records: Vec<RecordView>,
    view: TableView,
}

/// A table in play.
pub struct Live {
    /// Its id in the database.
    pub id: i64,
    table: Mutex<Table>,
    /// Sends the revision after each change that was committed.
    pub updates: broadcast::Sender<u64>,
}

/// A seat at a table, as its token opens it.
#[derive(Clone)]
pub struct Access {
    /// The table.
    pub live: Arc<Live>,
    /// The seat.
    pub seat: Seat,
}

/// What a new table is made of.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// A bundled scenario by its path (`gurps/knight-vs-orcs-table.toml`).
    #[serde(default)]
    pub scenario: Option<String>,
    /// Or a scenario's text (uploaded or pasted).
    #[serde(default)]
    pub text: Option<String>,
    /// The name of that text (its file's), for messages.
    #[serde(default)]
    pub name: Option<String>,
    /// The files the scenario names (GCS characters), by their file name
    /// or by the relative path the scenario gives.
    #[serde(default)]
    pub files: BTreeMap<String, String>,
    /// The seed (default: the scenario's, else 1).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The players' seats: who plays which figures.
    #[serde(default)]
    pub players: Vec<PlayerRequest>,
    /// Whether players see the pools and sheets of the figures no player
    /// plays (`false`: hidden).
    #[serde(default)]
    pub hide_npcs: bool,
}

/// One player's seat asked for at creation.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRequest {
    /// The seat's name.
    pub name: String,
    /// The figures it plays, by name.
    pub figures: Vec<String>,
}

/// The links of a table's seats, by token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Links {
    /// The table's id.
    pub table: i64,
    /// The game master's token.
    pub gm: String,
    /// The watchers' token.
    pub watcher: String,
    /// Each player's seat's token, by seat name.
    pub players: BTreeMap<String, String>,
}

/// The tables.
pub struct Hub {
    store: Mutex<Store>,
    tables: RwLock<HashMap<i64, Arc<Live>>>,
    tokens: RwLock<HashMap<String, (i64, Seat)>>,
    /// The most tables the hub holds.
    pub max_tables: usize,
}

/// How many records a broadcast channel holds for a slow reader before it
/// skips to the newest (a reader catches up by revision anyway).
const UPDATES: usize = 64;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Hub {
    /// The hub of the tables in `store`, each rebuilt from its records.
    /// A table that does not rebuild (its records do not replay with this
    /// Fray) is left out, with a warning for each in the second value.
    pub fn open(store: Store, max_tables: usize) -> Result<(Hub, Vec<String>), StoreError> {
        let mut warnings = Vec::new();
        let mut tables = HashMap::new();
        let mut tokens = HashMap::new();
        for id in store.table_ids()? {
            let stored = match store.table(id) {
                Ok(Some(t)) => t,
                Ok(None) => continue,
                Err(e) => {
                    warnings.push(e.to_string());
                    continue;
                }
            };
            match rebuild(&stored) {
                Ok(table) => {
                    for (token, seat) in &stored.tokens {
                        tokens.insert(token.clone(), (id, seat.clone()));
                    }
                    tables.insert(id, Arc::new(Live::new(id, table)));
                }
                Err(e) => warnings.push(format!("table {id} is left out: {e}")),
            }
        }
        let hub = Hub {
            store: Mutex::new(store),
            tables: RwLock::new(tables),
            tokens: RwLock::new(tokens),
            max_tables,
        };
        Ok((hub, warnings))
    }

    /// How many tables are in play.
    pub fn len(&self) -> usize {
        self.tables.read().map_or(0, |t| t.len())
    }

    /// Whether no table is in play.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The seat `token` opens, if any.
    pub fn access(&self, token: &str) -> Option<Access> {
        if !token::well_formed(token) {
            return None;
        }
        let (id, seat) = self.tokens.read().ok()?.get(token).cloned()?;
        let live = self.tables.read().ok()?.get(&id).cloned()?;
        Some(Access { live, seat })
    }

    /// Opens a new table: the scenario, the players' seats, a token per
    /// seat; stored before its links are given.
    pub fn create(&self, request: CreateRequest) -> Result<Links, Failure> {
        if self.len() >= self.max_tables {
            return Err(Failure::new(
                503,
                "full",
                format!("this server holds {} tables at most", self.max_tables),
            ));
        }
        let origin = origin_of(&request)?;
        let mut table = guarded(|| Table::open(origin.clone(), request.seed))?
            .map_err(|e| Failure::new(400, "bad_scenario", e.to_string()))?;
        seat_players(&mut table, &request)?;
        let mut tokens = vec![(fresh_token()?, Seat::Gm), (fresh_token()?, Seat::Watcher)];
        tokens.extend(self.new_player_tokens(&table, &[])?);
        let records = table.stored_after(0);
        let id = lock(&self.store).create(NewTable {
            ruleset: table.ruleset(),
            name: &table.view(&Seat::Watcher).name,
            seed: table.seed(),
            origin: &origin,
            records: &records,
            tokens: &tokens,
        })?;
        self.tables
            .write()
            .map_err(|_| Failure::internal("the tables' lock"))?
            .insert(id, Arc::new(Live::new(id, table)));
        self.add_tokens(id, &tokens);
        self.links(id).ok_or_else(|| Failure::internal("no links"))
    }

    /// Tokens for the players' seats of `table` that have none yet.
    fn new_player_tokens(
        &self,
        table: &Table,
        have: &[Seat],
    ) -> Result<Vec<(String, Seat)>, Failure> {
        table
            .seats()
            .players
            .iter()
            .map(|p| Seat::Player(p.name.clone()))
            .filter(|seat| !have.contains(seat))
            .map(|seat| Ok((fresh_token()?, seat)))
            .collect()
    }

    fn add_tokens(&self, id: i64, tokens: &[(String, Seat)]) {
        if let Ok(mut map) = self.tokens.write() {
            for (token, seat) in tokens {
                map.insert(token.clone(), (id, seat.clone()));
            }
        }
    }

    /// The links of table `id`'s seats.
    pub fn links(&self, id: i64) -> Option<Links> {
        let map = self.tokens.read().ok()?;
        let mut links = Links {
            table: id,
            gm: String::new(),
            watcher: String::new(),
            players: BTreeMap::new(),
        };
        for (token, (table, seat)) in map.iter() {
            if *table != id {
                continue;
            }
            match seat {
                Seat::Gm => links.gm = token.clone(),
                Seat::Watcher => links.watcher = token.clone(),
                Seat::Player(name) => {
                    links.players.insert(name.clone(), token.clone());
                }
            }
        }
        Some(links)
    }

    /// The seats of table `id` that have a token.
    fn seats_with_tokens(&self, id: i64) -> Vec<Seat> {
        self.tokens.read().map_or_else(
            |_| Vec::new(),
            |map| {
                map.values()
                    .filter(|(t, _)| *t == id)
                    .map(|(_, s)| s.clone())
                    .collect()
            },
        )
    }

    /// Takes a request (JSON) from a seat: the reply (JSON) once its
    /// records are committed, or why not.
    pub fn submit(&self, access: &Access, json: &str) -> Result<String, Failure> {
        // Read it first: a request that does not read never reaches the lock.
        let request: Request = serde_json::from_str(json)
            .map_err(|e| Failure::new(400, "bad_request", format!("bad request: {e}")))?;
        let live = &access.live;
        let mut table = lock(&live.table);
        let before = table.revision();
        let reply = match guarded(|| table.submit(&access.seat, request)) {
            Ok(Ok(reply)) => reply,
            Ok(Err(e)) => return Err(Failure::refused(e.reply())),
            Err(panicked) => {
                *table = self.reload(live.id)?;
                return Err(panicked);
            }
        };
        let records = table.stored_after(before);
        let have = self.seats_with_tokens(live.id);
        let tokens = self.new_player_tokens(&table, &have)?;
        let committed = lock(&self.store).append(live.id, &records, &tokens);
        if let Err(e) = committed {
            *table = self.reload(live.id)?;
            return Err(e.into());
        }
        self.add_tokens(live.id, &tokens);
        let revision = table.revision();
        drop(table);
        // Nobody listening is not an error.
        let _ = live.updates.send(revision);
        serde_json::to_string(&reply).map_err(|e| Failure::internal(e.to_string()))
    }

    /// Table `id` rebuilt from the database.
    fn reload(&self, id: i64) -> Result<Table, Failure> {
        let stored = lock(&self.store)
            .table(id)?
            .ok_or_else(|| Failure::internal(format!("table {id} is not in the database")))?;
        rebuild(&stored).map_err(|e| Failure::internal(format!("table {id}: {e}")))
    }

    /// What a seat sees now, and the records after `after`: the message a
    /// browser reads, as JSON; its revision; and the AI's suggestion for
    /// that seat, to work out after the message is sent
    /// ([`crate::suggest`]), so that neither the page nor the table waits
    /// for the AI.
    pub fn update(
        &self,
        access: &Access,
        after: u64,
    ) -> Result<(String, u64, Option<Suggester>), Failure> {
        let table = lock(&access.live.table);
        let (message, suggester) = guarded(|| {
            let update = Update {
                kind: "update",
                revision: table.revision(),
                records: table.records_after(&access.seat, after),
                view: table.view_without_suggestion(&access.seat),
            };
            // Written straight to text: no tree of JSON values between.
            let message = serde_json::to_string(&update).unwrap_or_default();
            (message, table.suggester(&access.seat))
        })?;
        Ok((message, table.revision(), suggester))
    }

    /// What a seat sees now, without the AI's suggestion, and the
    /// suggestion to work out once the table is let go
    /// ([`crate::suggest`]).
    pub fn view(&self, access: &Access) -> Result<(TableView, Option<Suggester>), Failure> {
        let table = lock(&access.live.table);
        guarded(|| {
            (
                table.view_without_suggestion(&access.seat),
                table.suggester(&access.seat),
            )
        })
    }

    /// The records after `after`, as a seat sees them, as JSON.
    pub fn records_after(&self, access: &Access, after: u64) -> Result<String, Failure> {
        let table = lock(&access.live.table);
        let records = guarded(|| table.records_after(&access.seat, after))?;
        serde_json::to_string(&records).map_err(|e| Failure::internal(e.to_string()))
    }

    /// The exact odds of an action of the pending turn, as JSON.
    pub fn odds(
        &self,
        access: &Access,
        action: &serde_json::Value,
        max_leaves: u64,
    ) -> Result<String, Failure> {
        // The odds are counted on a copy of nothing: the table's lock is
        // held, so the pending turn cannot change under them.
        let table = lock(&access.live.table);
        let odds = guarded(|| table.odds(&access.seat, action, max_leaves))?
            .map_err(|e: OddsRefused| Failure::refused(e.reply()))?;
        serde_json::to_string(&odds).map_err(|e| Failure::internal(e.to_string()))
    }

    /// The request typed words stand for (`move C4`, `attack orc neck`),
    /// as JSON; nothing is given.
    pub fn words(&self, access: &Access, text: &str) -> Result<String, Failure> {
        let table = lock(&access.live.table);
        let request = guarded(|| table.words(&access.seat, text))?.map_err(Failure::refused)?;
        serde_json::to_string(&request).map_err(|e| Failure::internal(e.to_string()))
    }

    /// The whole game as a saved game (TOML): the GM's.
    pub fn save(&self, access: &Access) -> Result<String, Failure> {
        if access.seat != Seat::Gm {
            return Err(Failure::new(
                403,
                "gm_only",
                "only the game master may save the game",
            ));
        }
        let table = lock(&access.live.table);
        guarded(|| table.save())?.map_err(|e| Failure::internal(e.to_string()))
    }
}

impl Live {
    fn new(id: i64, table: Table) -> Live {
        Live {
            id,
            table: Mutex::new(table),
            updates: broadcast::channel(UPDATES).0,
        }
    }
}

/// A table rebuilt from its stored records.
fn rebuild(stored: &StoredTable) -> Result<Table, String> {
    let records: &[StoredRecord] = &stored.records;
    guarded(|| Table::restore(stored.origin.clone(), stored.seed, records))
        .map_err(|f| f.reply.message)?
        .map_err(|e| e.to_string())
}

/// Runs `f`, turning a panic of the engine into an error.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, Failure> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|_| {
        Failure::internal("the engine failed on this input; the table is as it was before it")
    })
}

fn fresh_token() -> Result<String, Failure> {
    token::fresh().map_err(|e| Failure::internal(format!("no randomness for a token: {e}")))
}

/// The scenario of a new table: bundled, or given as text with its files.
fn origin_of(request: &CreateRequest) -> Result<Origin, Failure> {
    let bad = |m: String| Failure::new(400, "bad_scenario", m);
    match (&request.scenario, &request.text) {
        (Some(path), None) => {
            let bundled = scenarios::find(path)
                .ok_or_else(|| bad(format!("no bundled scenario `{}`", path.escape_debug())))?;
            Ok(Origin::of_texts(
                bundled.path,
                bundled.text,
                Vec::new(),
                scenarios::files_of(bundled),
            ))
        }
        (None, Some(text)) => {
            let name = request
                .name
                .clone()
                .unwrap_or_else(|| "scenario.toml".into());
            let files = scenarios::match_files(text, &request.files);
            Ok(Origin::of_texts(name, text.clone(), Vec::new(), files))
        }
        _ => Err(bad(
            "name a bundled scenario (`scenario`) or give a scenario's text (`text`), one of them"
                .into(),
        )),
    }
}

/// The players' seats asked for at creation, as the GM's first request.
fn seat_players(table: &mut Table, request: &CreateRequest) -> Result<(), Failure> {
    if request.players.is_empty() && !request.hide_npcs {
        return Ok(());
    }
    let mut plan = table.seats();
    if !request.players.is_empty() {
        plan.players = request
            .players
            .iter()
            .map(|p| fray_session::fray_core::PlayerSeat {
                name: p.name.clone(),
                figures: p.figures.clone(),
            })
            .collect();
    }
    if request.hide_npcs {
        plan.npcs = fray_session::fray_core::NpcView::Hidden;
    }
    guarded(|| table.submit(&Seat::Gm, Request::Seats(plan)))?
        .map(|_| ())
        .map_err(|e| {
            let mut reply = e.reply();
            reply.message = format!("players: {}", reply.message);
            Failure::new(400, &reply.error, reply.message)
        })
}

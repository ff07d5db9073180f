//! The HTTP side: pages, the JSON API and the live socket.
//!
//! | Route | What |
//! |---|---|
//! | `GET /` | the lobby: open a table |
//! | `GET /t/{token}` | the table's page for the token's seat |
//! | `GET /assets/{file}` | the pages' script, style and icon (compiled in) |
//! | `GET /api/scenarios` | the bundled scenarios |
//! | `POST /api/tables` | a new table (`CreateRequest`): its links (`Links`) |
//! | `GET /api/t/{token}/view` | what the seat sees (`TableView`) |
//! | `GET /api/t/{token}/records?after=N` | the log after revision N, as the seat sees it |
//! | `POST /api/t/{token}/request` | a request (`Request`): the `Reply`, once committed |
//! | `POST /api/t/{token}/words` | `{"text": "move C4"}`: the request the words stand for (nothing given) |
//! | `POST /api/t/{token}/odds` | `{"action": VALUE}`: the exact odds of that action (`OddsView`) |
//! | `GET /api/t/{token}/links` | every seat's token (the GM's) |
//! | `GET /api/t/{token}/save` | the game as a saved game (the GM's) |
//! | `GET /api/t/{token}/live?after=N` | WebSocket: the records after N and the view, then one message per change |
//!
//! Errors are the table's JSON (`{"error": code, "message": ...}`) with a
//! status: 400 unreadable, 403 not this seat's, 404 no such token, 409
//! refused by the table's state, 413 too big, 429 too fast, 500 the
//! server's fault (the table is as it was), 503 full or busy.

use crate::assets;
use crate::hub::{Access, CreateRequest, Failure, Hub};
use crate::limits::{Buckets, Limits};
use crate::live;
use crate::scenarios;
use crate::suggest::Suggestions;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderValue, Response, StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use serde::Deserialize;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The server's shared state.
pub struct App {
    /// The tables.
    pub hub: Arc<Hub>,
    /// The limits.
    pub limits: Limits,
    seat_rate: Buckets,
    create_rate: Buckets,
    odds_gate: Arc<Semaphore>,
    /// Live connections per seat token.
    connections: Mutex<HashMap<String, usize>>,
    /// Where the AI's suggestions are worked out.
    pub suggestions: Arc<Suggestions>,
}

impl App {
    /// The state of a server over `hub` with `limits`.
    pub fn new(hub: Arc<Hub>, limits: Limits, suggestions: Suggestions) -> Arc<App> {
        Arc::new(App {
            suggestions: Arc::new(suggestions),
            seat_rate: Buckets::new(limits.seat_burst, limits.seat_per_second),
            create_rate: Buckets::new(limits.create_burst, limits.create_per_minute / 60.0),
            odds_gate: Arc::new(Semaphore::new(limits.odds_at_once.max(1))),
            connections: Mutex::new(HashMap::new()),
            hub,
            limits,
        })
    }

    /// The seat `token` opens, within its rate.
    fn seat(&self, token: &str) -> Result<Access, Failure> {
        let access = self
            .hub
            .access(token)
            .ok_or_else(|| Failure::new(404, "no_table", "no table has this link"))?;
        if !self.seat_rate.take(token, Instant::now()) {
            return Err(Failure::new(
                429,
                "too_fast",
                "too many requests: wait a moment",
            ));
        }
        Ok(access)
    }

    /// Counts a live connection of `token`; `false` past the limit.
    pub fn connect(&self, token: &str) -> bool {
        let mut map = self.connections.lock().unwrap_or_else(|p| p.into_inner());
        let n = map.entry(token.to_string()).or_insert(0);
        if *n >= self.limits.connections_per_seat {
            return false;
        }
        *n += 1;
        true
    }

    /// A live connection of `token` closed.
    pub fn disconnect(&self, token: &str) {
        let mut map = self.connections.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = map.get_mut(token) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                map.remove(token);
            }
        }
    }
}

/// The routes.
pub fn router(app: Arc<App>) -> Router {
    let create_bytes = app.limits.create_bytes;
    let request_bytes = app.limits.request_bytes;
    Router::new()
        .route("/", get(lobby))
        .route("/t/{token}", get(table_page))
        .route("/assets/{file}", get(asset))
        .route("/api/scenarios", get(bundled))
        .route("/api/limits", get(limits))
        .route(
            "/api/tables",
            post(create).layer(DefaultBodyLimit::max(create_bytes)),
        )
        .route("/api/t/{token}/view", get(view))
        .route("/api/t/{token}/records", get(records))
        .route("/api/t/{token}/request", post(request))
        .route("/api/t/{token}/words", post(words))
        .route("/api/t/{token}/odds", post(odds))
        .route("/api/t/{token}/links", get(links))
        .route("/api/t/{token}/save", get(save))
        .route("/api/t/{token}/live", get(live_socket))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(request_bytes))
        .layer(axum::middleware::map_response(secure))
        .with_state(app)
}

/// Headers on every response: no script but ours, no framing, no token
/// in a referrer.
async fn secure(mut response: Response<Body>) -> Response<Body> {
    let h = response.headers_mut();
    let set = |h: &mut axum::http::HeaderMap, k: &'static str, v: &'static str| {
        h.insert(k, HeaderValue::from_static(v));
    };
    set(
        h,
        "content-security-policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    set(h, "x-content-type-options", "nosniff");
    set(h, "referrer-policy", "no-referrer");
    set(h, "x-frame-options", "DENY");
    if !h.contains_key(header::CACHE_CONTROL) {
        set(h, "cache-control", "no-store");
    }
    response
}

impl IntoResponse for Failure {
    fn into_response(self) -> axum::response::Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = serde_json::to_string(&self.reply).unwrap_or_default();
        (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
    }
}

fn json_ok(body: String) -> axum::response::Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

/// Runs blocking work (the engine, SQLite) off the async threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|e| Err(Failure::new(500, "internal", e.to_string())))
}

/// A body, or why it was refused (too big, unreadable).
fn body(b: Result<Bytes, BytesRejection>) -> Result<Bytes, Failure> {
    b.map_err(|e| {
        let status = e.status().as_u16();
        let code = if status == 413 {
            "too_big"
        } else {
            "bad_request"
        };
        Failure::new(status, code, e.body_text())
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct After {
    #[serde(default)]
    after: u64,
}

fn after(q: Result<Query<After>, QueryRejection>) -> Result<u64, Failure> {
    q.map(|Query(a)| a.after)
        .map_err(|e| Failure::new(400, "bad_request", e.body_text()))
}

async fn not_found() -> Failure {
    Failure::new(404, "not_found", "no such page")
}

async fn lobby() -> axum::response::Response {
    assets::page(assets::LOBBY)
}

async fn table_page(Path(token): Path<String>) -> axum::response::Response {
    // The page is the same for every seat; the token stays in the address
    // for the script, and a token that opens nothing gets the page too,
    // which says so (no oracle for guessing tokens by status).
    let _ = token;
    assets::page(assets::TABLE)
}

async fn asset(Path(file): Path<String>) -> axum::response::Response {
    assets::file(&file).map_or_else(
        || Failure::new(404, "not_found", "no such file").into_response(),
        |(mime, bytes)| {
            (
                StatusCode::OK,
                [
                    (header::CONTENT_TYPE, mime),
                    (header::CACHE_CONTROL, "public, max-age=300"),
                ],
                bytes,
            )
                .into_response()
        },
    )
}

async fn bundled() -> axum::response::Response {
    let list: Vec<_> = scenarios::BUNDLED
        .iter()
        .map(|b| {
            let (ruleset, _) = b.path.split_once('/').unwrap_or(("", b.path));
            serde_json::json!({
                "path": b.path,
                "ruleset": ruleset,
                "name": scenarios::title(b.text).unwrap_or_else(|| b.path.to_string()),
            })
        })
        .collect();
    json_ok(serde_json::Value::Array(list).to_string())
}

/// The body limits, so that a page refuses a body too big before it sends
/// it: a server that answers 413 while a client is still uploading closes
/// the connection under it, and a browser then sees a network error, not
/// the message.
async fn limits(State(app): State<Arc<App>>) -> axum::response::Response {
    json_ok(
        serde_json::json!({
            "create_bytes": app.limits.create_bytes,
            "request_bytes": app.limits.request_bytes,
        })
        .to_string(),
    )
}

async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    b: Result<Bytes, BytesRejection>,
) -> Result<axum::response::Response, Failure> {
    let b = body(b)?;
    if !app.create_rate.take(&peer.ip().to_string(), Instant::now()) {
        return Err(Failure::new(
            429,
            "too_fast",
            "too many new tables from this address: wait a minute",
        ));
    }
    let request: CreateRequest = serde_json::from_slice(&b)
        .map_err(|e| Failure::new(400, "bad_request", format!("bad request: {e}")))?;
    let hub = app.hub.clone();
    let links = blocking(move || hub.create(request)).await?;
    Ok(json_ok(serde_json::to_string(&links).unwrap_or_default()))
}

async fn view(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
) -> Result<axum::response::Response, Failure> {
    let access = app.seat(&token)?;
    let hub = app.hub.clone();
    let (mut view, suggester) = blocking(move || hub.view(&access)).await?;
    if let (Some(pending), Some(suggester)) = (view.pending.as_mut(), suggester) {
        pending.suggested = app.suggestions.run(suggester).await.map(|s| s.suggested);
    }
    serde_json::to_string(&view)
        .map(json_ok)
        .map_err(|e| Failure::new(500, "internal", e.to_string()))
}

async fn records(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
    q: Result<Query<After>, QueryRejection>,
) -> Result<axum::response::Response, Failure> {
    let after = after(q)?;
    let access = app.seat(&token)?;
    let hub = app.hub.clone();
    blocking(move || hub.records_after(&access, after))
        .await
        .map(json_ok)
}

async fn request(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> Result<axum::response::Response, Failure> {
    let b = body(b)?;
    let access = app.seat(&token)?;
    let text = String::from_utf8(b.to_vec())
        .map_err(|_| Failure::new(400, "bad_request", "the request is not UTF-8"))?;
    let hub = app.hub.clone();
    blocking(move || hub.submit(&access, &text))
        .await
        .map(json_ok)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Words {
    text: String,
}

async fn words(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> Result<axum::response::Response, Failure> {
    let b = body(b)?;
    let access = app.seat(&token)?;
    let asked: Words = serde_json::from_slice(&b)
        .map_err(|e| Failure::new(400, "bad_request", format!("bad request: {e}")))?;
    let hub = app.hub.clone();
    blocking(move || hub.words(&access, &asked.text))
        .await
        .map(json_ok)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OddsAsked {
    action: serde_json::Value,
}

async fn odds(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> Result<axum::response::Response, Failure> {
    let b = body(b)?;
    let access = app.seat(&token)?;
    let asked: OddsAsked = serde_json::from_slice(&b)
        .map_err(|e| Failure::new(400, "bad_request", format!("bad request: {e}")))?;
    let permit = app.odds_gate.clone().try_acquire_owned().map_err(|_| {
        Failure::new(
            503,
            "busy",
            "the odds of another action are being counted: try again",
        )
    })?;
    let hub = app.hub.clone();
    let leaves = app.limits.odds_leaves;
    let work = tokio::task::spawn_blocking(move || {
        // The permit is held until the count ends, even past the wait below.
        let _permit = permit;
        hub.odds(&access, &asked.action, leaves)
    });
    match tokio::time::timeout(Duration::from_millis(app.limits.odds_millis), work).await {
        Ok(Ok(result)) => result.map(json_ok),
        Ok(Err(e)) => Err(Failure::new(500, "internal", e.to_string())),
        Err(_) => Err(Failure::new(
            503,
            "slow",
            "the odds of this action take too long to count",
        )),
    }
}

async fn links(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
) -> Result<axum::response::Response, Failure> {
    let access = app.seat(&token)?;
    if access.seat != fray_session::Seat::Gm {
        return Err(Failure::new(
            403,
            "gm_only",
            "only the game master sees the links",
        ));
    }
    let links = app
        .hub
        .links(access.live.id)
        .ok_or_else(|| Failure::new(500, "internal", "no links"))?;
    Ok(json_ok(serde_json::to_string(&links).unwrap_or_default()))
}

async fn save(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
) -> Result<axum::response::Response, Failure> {
    let access = app.seat(&token)?;
    let hub = app.hub.clone();
    let text = blocking(move || hub.save(&access)).await?;
    Ok((
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "application/toml; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"game.toml\"",
            ),
        ],
        text,
    )
        .into_response())
}

async fn live_socket(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
    q: Result<Query<After>, QueryRejection>,
    ws: WebSocketUpgrade,
) -> Result<axum::response::Response, Failure> {
    let after = after(q)?;
    let access = app.seat(&token)?;
    if !app.connect(&token) {
        return Err(Failure::new(
            429,
            "too_many_connections",
            "too many pages open on this link",
        ));
    }
    let counted = Counted { app, token };
    // A page sends only pings and small texts: a read buffer of 8 KiB
    // instead of tungstenite's 128 KiB, which it fills with zeros on every
    // read (most of a table's memory with five sockets open).
    let ws = ws
        .max_message_size(4 * 1024)
        .max_frame_size(4 * 1024)
        .read_buffer_size(8 * 1024);
    Ok(ws.on_upgrade(move |socket| async move {
        let app = &counted.app;
        live::run(
            socket,
            app.hub.clone(),
            app.suggestions.clone(),
            access,
            after,
        )
        .await;
        drop(counted);
    }))
}

/// A live connection counted against its token until it is dropped
/// (closed, or never upgraded).
struct Counted {
    app: Arc<App>,
    token: String,
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.app.disconnect(&self.token);
    }
}

//! The live socket of one page: the records it missed and the view, then
//! one message per committed change.
//!
//! A page connects with the last revision it has read (`after`): it gets
//! every record after it and the view at once, so a page that dropped and
//! comes back catches up. Then each change the hub commits wakes the
//! socket, which sends the records after the last revision it sent and the
//! view, as the seat sees them. Changes that come while a message is being
//! built are read in the next one: none is lost, none is sent twice.
//! The page sends nothing but pings; requests go by `POST`.
//!
//! Messages: `{"type": "update", "revision": N, "records": [...], "view": {...}}`;
//! after an update whose view waits for this seat's action or answer,
//! `{"type": "suggestion", "revision": N, "suggested": ...}` (the AI's
//! choice, worked out once the update is sent: `pending.suggested` of the
//! update's view is always none); or `{"type": "error", "error": code,
//! "message": ...}`.

use crate::hub::{Access, Hub};
use crate::suggest::{self, Suggestions};
use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// How often the server pings a quiet page, so proxies keep it open.
const PING: Duration = Duration::from_secs(25);

/// Serves one page's socket until it closes.
pub async fn run(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    suggestions: Arc<Suggestions>,
    access: Access,
    after: u64,
) {
    let mut changes = access.live.updates.subscribe();
    let mut last = after;
    let mut due = true;
    let mut ping = tokio::time::interval(PING);
    ping.tick().await;
    loop {
        // Changes queued while the last message was built are in this one.
        let queued = newer(&mut changes, last);
        if due || queued {
            let (hub, seat, since) = (hub.clone(), access.clone(), last);
            let built = tokio::task::spawn_blocking(move || hub.update(&seat, since)).await;
            let (message, suggester) = match built {
                Ok(Ok((message, revision, suggester))) => {
                    last = revision.max(last);
                    (message, suggester)
                }
                Ok(Err(f)) => (error_message(&f.reply), None),
                Err(e) => (error_message(&internal(e.to_string())), None),
            };
            if send(&mut socket, message).await.is_err() {
                return;
            }
            // The AI's suggestion follows the update, unless the table has
            // moved on meanwhile: the next update then comes at once, with
            // its own.
            due = newer(&mut changes, last);
            if let Some(suggester) = suggester.filter(|_| !due) {
                if let Some(worked) = suggestions.run(suggester).await {
                    if send(&mut socket, suggest::message(&worked)).await.is_err() {
                        return;
                    }
                }
            }
            if due {
                continue;
            }
        }
        tokio::select! {
            change = changes.recv() => match change {
                Ok(rev) if rev <= last => {}
                Ok(_) | Err(RecvError::Lagged(_)) => due = true,
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Sends one text message.
async fn send(socket: &mut WebSocket, message: String) -> Result<(), axum::Error> {
    socket.send(Message::Text(Utf8Bytes::from(message))).await
}

fn internal(message: String) -> fray_session::table::protocol::ErrorReply {
    fray_session::table::protocol::ErrorReply {
        error: "internal".into(),
        message,
        rule: None,
    }
}

/// Empties the queue of changes: whether any is past revision `last`.
fn newer(changes: &mut tokio::sync::broadcast::Receiver<u64>, last: u64) -> bool {
    use tokio::sync::broadcast::error::TryRecvError;
    let mut any = false;
    loop {
        match changes.try_recv() {
            Ok(rev) => any |= rev > last,
            Err(TryRecvError::Lagged(_)) => any = true,
            Err(_) => return any,
        }
    }
}

fn error_message(reply: &fray_session::table::protocol::ErrorReply) -> String {
    serde_json::json!({"type": "error", "error": reply.error, "message": reply.message}).to_string()
}

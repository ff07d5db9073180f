//! The pages, their scripts, style and icon, compiled into the binary: no
//! build step, no network. Every name and text that comes from a scenario
//! or a player is put on the page as text by the script (`textContent`,
//! never markup).

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// The lobby: open a table.
pub const LOBBY: &str = include_str!("../assets/index.html");
/// The table's page, for every seat.
pub const TABLE: &str = include_str!("../assets/table.html");

/// The files under `/assets/`: name, type, bytes.
const FILES: &[(&str, &str, &[u8])] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../assets/app.js"),
    ),
    (
        "map.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../assets/map.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../assets/lobby.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("../assets/style.css"),
    ),
    (
        "icon.svg",
        "image/svg+xml",
        include_bytes!("../assets/icon.svg"),
    ),
];

/// A page.
pub fn page(html: &'static str) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        html,
    )
        .into_response()
}

/// The file `name` under `/assets/`: its type and bytes.
pub fn file(name: &str) -> Option<(&'static str, &'static [u8])> {
    FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, mime, bytes)| (*mime, *bytes))
}

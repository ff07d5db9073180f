//! Tests of the web table's server, over real HTTP and WebSocket on
//! loopback against the `fray-server` process.

mod common;
mod durable;
mod fights;
mod hostile;
mod odds;

//! Integration tests of the session library.

mod command;
mod common;
mod overrides;
mod play;
mod saves;

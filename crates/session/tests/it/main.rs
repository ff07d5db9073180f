//! Integration tests of the session library.

mod common;
mod menus;
mod shortcuts;
mod status;
